#!/usr/bin/env python3
"""Regenerate the blind τ²-retail conversation set (set 8) byte-identically.

    python3 generate.py [OUT_DIR]        (default: the directory of this script)

Every `final` is computed here: the task's gold write actions
(`evaluation_criteria.actions` in tasks.json) are applied to a fresh copy of db.json
with τ²-bench retail tool semantics, and `final` is the difference (changed top-level
fields of each touched order / user, with full values), plus `status` assertions for
orders that a refused or abandoned request touched (KEEP below). Gold actions that the
τ² tools would reject (an exchange on a pending order in task 64) change nothing.

Source data: τ²-bench retail (Sierra Research, MIT), read from /work/shared/data/tau2_retail/.
"""
import copy
import json
import os
import sys

import yaml

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "shared", "data", "tau2_retail", "")  # ../shared beside the checkout
HEADER = ("# Converted from τ²-bench retail task {tid} (Sierra Research, MIT). "
          "Final state = gold actions applied to db.json.\n")

WRITE_TOOLS = {
    "cancel_pending_order", "modify_pending_order_items", "modify_pending_order_address",
    "modify_pending_order_payment", "modify_user_address", "return_delivered_order_items",
    "exchange_delivered_order_items", "transfer_to_human_agents",
}

# Gold actions that are expected to be rejected by the τ² tools (no state change).
EXPECTED_REJECTED = {("64", "exchange_delivered_order_items")}

# Orders a refused / abandoned request touched: asserted to keep their db.json status.
KEEP = {
    "20": ["#W4967593", "#W5733668"],   # processed orders: upgrade not possible, skipped
    "25": ["#W5565470"],                # return refused (Amex not on file), user drops it
    "31": ["#W5481803", "#W2692684"],   # boots-only cancel refused; lost tablet not refunded
    "54": ["#W7773202"],                # boots kept: no cheaper same size+material boots
    "84": ["#W3069600"],                # cheaper tablet: user changed mind
    "99": ["#W8855135"],                # skateboard-only cancel refused; user does it herself
    "104": ["#W1154986"],               # jigsaw in the cancelled order: nothing to return
}


from gold import ORDER_FIELDS, Rejected, apply_action, check_items, field_rank, payment_method, price_diff, r2  # noqa: E402  τ² write semantics


def gold_final(db0, task):
    db = copy.deepcopy(db0)
    handoff = False
    tid = task["id"]
    for act in task["evaluation_criteria"]["actions"]:
        if act["name"] not in WRITE_TOOLS:
            continue
        try:
            if apply_action(db, act["name"], act["arguments"]) == "handoff":
                handoff = True
        except Rejected as e:
            if (tid, act["name"]) not in EXPECTED_REJECTED:
                raise SystemExit("task %s: gold action %s rejected: %s" % (tid, act["name"], e))
    final = {}
    orders = {}
    for oid, o in db["orders"].items():
        o0 = db0["orders"][oid]
        ch = {k: v for k, v in o.items() if o0.get(k) != v}
        if ch:
            orders[oid] = {k: ch[k] for k in sorted(ch, key=field_rank)}
    for oid in KEEP.get(tid, []):
        if oid in orders:
            raise SystemExit("task %s: KEEP order %s is written by gold" % (tid, oid))
        orders[oid] = {"status": db0["orders"][oid]["status"]}
    users = {}
    for uid, u in db["users"].items():
        u0 = db0["users"][uid]
        ch = {}
        if u["address"] != u0["address"]:
            ch["address"] = u["address"]
        pms = {k: v for k, v in u["payment_methods"].items() if u0["payment_methods"].get(k) != v}
        if pms:
            ch["payment_methods"] = pms
        if ch:
            users[uid] = ch
    if orders:
        final["orders"] = dict(sorted(orders.items()))
    if users:
        final["users"] = users
    final["handoff"] = handoff
    return final


# ---------------------------------------------------------------------------
# The conversations. Each: task id, variant ('' | 'zh' | 'b'), slug, name, turns.
# A turn is a string (user text) or (text, expect-dict).
# ---------------------------------------------------------------------------
AUTH = {"authenticated": True}

SCENARIOS = [
    # ---------------- task 4
    dict(task="4", variant="", slug="tshirt_count_and_swap",
         name="τ² task 4: private user asks how many t-shirts are in stock and switches every pending tee to purple S polyester v-neck",
         turns=[
             ("Hi. Yusuf Rossi, zip 19122. Two things: how many t-shirt options does your store have available right now? And I want every t-shirt in my pending orders changed to purple, size S, v-neck, polyester if you have it.", AUTH),
             "Put any price difference on the card I have on file. The t-shirts are the only things I want changed.",
             "Yes to all of them, go ahead.",
             "Yes, that one as well.",
         ]),
    dict(task="4", variant="zh", slug="tshirt_count_and_swap",
         name="τ² task 4 (中文): 询问T恤款式数量，并把所有待发货订单里的T恤换成紫色S码polyester v-neck",
         turns=[
             ("你好。我是 Yusuf Rossi，邮编 19122。邮箱不记得了，其他信息我也不想多说。", AUTH),
             "两件事：你们店里现在一共有多少种 T 恤（t-shirt）可选？另外，把我所有待发货订单里的 T 恤都换成紫色（purple）、S 码、v-neck 的，材质最好是 polyester。差价就用我账户里那张卡。",
             "是，全部确认。",
             "是，这个也确认。",
         ]),
    # ---------------- task 7
    dict(task="7", variant="", slug="lamp_dimmer_only",
         name="τ² task 7: wants a bigger water bottle and a dimmer desk lamp, keeps only the lamp exchange at confirmation",
         turns=[
             "Hi, I'd like to exchange a couple of items from an order I received.",
             ("Mei Kovacs, zip code 28236. I don't remember my email, sorry.", AUTH),
             "It's the water bottle and the desk lamp. I want a bigger water bottle, and a desk lamp that is less bright. For the lamp, AC adapter is my first choice, then battery, then USB. Any price difference can go on my PayPal.",
             "Actually, let's only exchange the desk lamp. Keep the water bottle as it is.",
             "Yes, go ahead with the lamp.",
         ]),
    # ---------------- task 9
    dict(task="9", variant="zh", slug="lamp_brighter_only",
         name="τ² task 9 (中文): 想换更大的水壶和更亮的台灯，确认时突然改成只换台灯",
         turns=[
             ("你好，我想换两件已经收到的东西。我叫 Mei Kovacs，邮编 28236，邮箱不记得了。", AUTH),
             "是水壶（water bottle）和台灯（desk lamp）。水壶想换个容量更大的，台灯想换个更亮的。台灯电源最好是 AC adapter，没有的话 battery，USB 放最后。差价用我的 PayPal。",
             "等一下，我改主意了，只换台灯，水壶不换了。",
             "是，确认，换吧。",
         ]),
    # ---------------- task 11
    dict(task="11", variant="", slug="return_all_swap_refunds_refused",
         name="τ² task 11: terse user wants both orders returned with refunds crossed over, swears, accepts original methods",
         turns=[
             ("mia.garcia2723@example.com. Want to return everything I ordered.", AUTH),
             "Both orders. Every item. Refund each order to the other order's payment method. Card order to PayPal, PayPal order to card.",
             "Damn. Damn it, that's a stupid rule. Fine. Return everything to the original payment methods then.",
             "Yes. All of it.",
             "Yes, the other one too.",
         ]),
    # ---------------- task 20
    dict(task="20", variant="", slug="lottery_upgrade_pending_only",
         name="τ² task 20: lottery winner upgrades every item to the priciest variant (same shoe size), only the pending order can change, gift card pays",
         turns=[
             ("Hi. Ethan Garcia, Denver, zip 80280.", AUTH),
             "I just won the lottery, so I want every item in all my orders upgraded to the most expensive version you have. The other specs don't matter, but the shoes must stay the same size. Pay the difference with my gift card, or PayPal if the gift card can't. If an order can't be upgraded, just skip it and go on with the next one.",
             "Yes, those are all the items. Go ahead.",
             "Yes, please do it.",
         ]),
    dict(task="20", variant="zh", slug="lottery_upgrade_pending_only",
         name="τ² task 20 (中文): 中彩票后把所有商品升级到最贵款（鞋码不变），只有待发货订单能改，礼品卡付差价",
         turns=[
             ("你好，我叫 Ethan Garcia，住在 Denver，邮编 80280。", AUTH),
             "我刚中了彩票！想把我所有订单里的商品都升级成最贵的款式。其他规格无所谓，只是鞋子必须保持同样的尺码。差价用我的礼品卡付，礼品卡不行的话就用 PayPal。哪个订单升级不了就直接跳过，处理下一个。",
             "是的，就这些商品，确认。",
             "是，办理吧。",
         ]),
    # ---------------- task 23
    dict(task="23", variant="", slug="helmet_luggage_exchange_grill_modify",
         name="τ² task 23: one message with two exchanges (helmet, luggage set) and a pending grill changed to the model already received",
         turns=[
             ("Hi, Sofia Hernandez, Seattle WA 98193. I don't remember my email.", AUTH),
             "Three things, please: exchange my cycling helmet for a medium, red one with high ventilation; exchange the luggage set from another order for a two-piece black softshell set; and change the grill I just ordered to the same type as the grill I already received. Use my Visa for any differences.",
             "Yes to all three.",
             "Yes, go ahead with that one too.",
             "Yes.",
         ]),
    dict(task="23", variant="zh", slug="helmet_luggage_exchange_grill_modify",
         name="τ² task 23 (中文): 一条消息里换头盔、换行李箱、把待发货的烤架改成已收到的同款",
         turns=[
             ("你好，我是 Sofia Hernandez，住在 Seattle, WA，邮编 98193。", AUTH),
             "我有三件事要办：1）把骑行头盔（cycling helmet）换成 M 码、红色（red）、高通风（high ventilation）的；2）另一个订单里的行李箱套装（luggage set）换成两件套（2-piece）、黑色（black）、软壳（softshell）的；3）我刚下单的烤架（grill），改成跟我之前收到的那个烤架一样的型号。差价都用我的 Visa 卡。",
             "是，三项都确认。",
             "是。",
             "是，这个也办。",
         ]),
    # ---------------- task 25
    dict(task="25", variant="", slug="texas_order_tracking_amex_refused",
         name="τ² task 25: urgent user wants tracking and a return to an Amex card that is not on file; nothing is written",
         turns=[
             ("Hi, this is urgent. Isabella Johansson, zip 32286. I don't remember my email.", AUTH),
             "One of my orders was sent to Texas by accident and I don't have the order number. What's the tracking number of that order? And I want to return everything in it except the pet bed, with the refund on my Amex credit card.",
             "No, I want it on my Amex, not anywhere else.",
             "Then don't return anything for now, I'll sort out the refund myself later. The tracking number is what I needed. Thanks.",
         ]),
    # ---------------- task 30
    dict(task="30", variant="", slug="damaged_tablet_return_charger_cancel_sneaker",
         name="τ² task 30: one thing at a time — tracking of the damaged tablet, return it (same item unavailable), cancel the charger, return the sneakers",
         turns=[
             ("Hi. Olivia Lopez, Texas, zip 76171.", AUTH),
             ("My tablet arrived damaged when I opened the package. What's the tracking number of that order?", {"reply_contains": ["746342064230"]}),
             "Can you exchange it for the exact same tablet? If that one isn't available, just return it, refund to my gift card.",
             "Yes.",
             ("Since the tablet goes back, cancel the charger I just bought too. It goes with the tablet, I no longer need it.", {"awaiting": "confirmation"}),
             "Yes.",
             "Last thing: return the sneakers. Gift card again.",
             "Yes.",
         ]),
    # ---------------- task 31
    dict(task="31", variant="zh", slug="lost_tablet_charger_cancel_sneaker_return",
         name="τ² task 31 (中文): 平板丢了，查物流、求退款被拒，取消充电宝，只取消靴子不行则不动，退运动鞋",
         turns=[
             ("我叫 Olivia Lopez，住德州，邮编 76171。我没有邮箱。", AUTH),
             ("我刚收到的平板（tablet）丢了，烦死了。那个订单的物流单号是多少？", {"reply_contains": ["746342064230"]}),
             "能给我退款或者重新补发一台吗？我知道希望不大，但还是想试试。",
             ("那好吧。把我刚买的充电宝（portable charger）取消掉，它是配平板用的，现在用不上了。", {"awaiting": "confirmation"}),
             "是。",
             "还有，把靴子（hiking boots）取消掉，同一个订单里的电水壶（electric kettle）留着。",
             "那就算了，那个订单什么都别动，保持原样。",
             "最后，把运动鞋（sneakers）退了，退款到礼品卡。",
             "是，退吧。",
         ]),
    # ---------------- task 35
    dict(task="35", variant="", slug="speaker_return_laptop_13inch",
         name="τ² task 35: rude user, second email works; returns the pricier non-water-resistant speaker and moves the 17-inch laptop to a 13-inch i5 silver",
         turns=[
             "My email is aarav.santos8321@example.com.",
             ("Ugh. Then try aarav.santos8320@example.com.", AUTH),
             "Return the Bluetooth speaker that cost more and isn't water resistant, refund to PayPal. And in my other order change the 17-inch laptop to the 13-inch version. If there's no exact 13-inch match, tell me all the 13-inch options you've got. Hurry up.",
             "i5 over i7, and silver or black over any other color. Take that one, PayPal for the difference.",
             "Yes, do both.",
             "Yes, that one too.",
         ]),
    # ---------------- task 37
    dict(task="37", variant="", slug="cheapest_options_under_1150",
         name="τ² task 37: anxious user cannot split payment or drop one item, so every item switches to its cheapest option",
         turns=[
             ("Daiki Sanchez. Email daikisanchez1479@example.com, zip 46236.", AUTH),
             "Just placed an order. My card has only $1150 left but the total is over $1160. Can you split the payment with another card? If not, what's the most expensive item and its price — can I cancel just that item?",
             "Then switch all items to their cheapest options. Get it under $1150.",
             "Yes. Do it.",
             "Yes.",
         ]),
    dict(task="37", variant="b", slug="cheapest_options_under_1150",
         name="τ² task 37 (variant): all three fallbacks asked in one message, ends with every item at its cheapest option",
         turns=[
             ("Hi — daikisanchez1479@example.com, or Daiki Sanchez, zip 46236 if that email doesn't work.", AUTH),
             "Quick question about my new order: it's over $1160 and my card only has $1150 left. Can you split the payment across two cards? If not, tell me the most expensive item and its price, and whether I can cancel only that item. If that isn't possible either, switch every item to its cheapest option so the total drops under $1150.",
             "Yes. Do it.",
             "Yes, go.",
         ]),
    # ---------------- task 41
    dict(task="41", variant="", slug="jigsaw_easiest_and_address_fix",
         name="τ² task 41: both problems in one message — easiest jigsaw for a kid and a mistyped address on all orders and the profile",
         turns=[
             ("Hi, I'm Mei Patel, zip 76165. I just created my account, the user id is mei_patel_7272.", AUTH),
             "I have two problems. First, the 1000-piece intermediate jigsaw I ordered might be too hard for my little kid — can I change it to the easiest one with the fewest pieces? Any price difference can go on my PayPal. Second, I might have typed my address wrong: it should be 445 Maple Drive, Suite 394, Fort Worth, TX 76165. Can you check it and correct all my order addresses and my account address?",
             "Yes to all of that, please go ahead.",
             "Yes, please.",
             "Yes, that one too.",
             "Yes. Is everything updated now?",
         ]),
    # ---------------- task 42
    dict(task="42", variant="zh", slug="address_fix_then_jigsaw",
         name="τ² task 42 (中文): 先核对并修正所有订单和账户的地址，再把未发货的拼图换成最简单最少块的",
         turns=[
             ("你好，我是 Mei Patel，邮编 76165，刚注册的，用户名是 mei_patel_7272。", AUTH),
             "我好像把地址填错了。正确的地址是 445 Maple Drive, Suite 394, Fort Worth, TX 76165。你帮我看一下，如果错了，把我所有订单的地址和账户地址都改过来。",
             "是，全部都改。",
             "是。",
             "是，这个也改。",
             "然后，我订的那个拼图（jigsaw puzzle）如果还没发货，帮我换成最简单的——难度最低、块数最少的，我孩子太小了。差价用 PayPal，我一般都用 PayPal。",
             "是，换吧。",
         ]),
    # ---------------- task 47
    dict(task="47", variant="", slug="order_id_retries_refund_total",
         name="τ² task 47: wrong order ids twice before #W9502127, returns the purifier and canister vacuum, asks refund total and remaining total",
         turns=[
             ("Hi, I'm Daiki Johnson, Denver, zip 80273. I want to return an air purifier and a vacuum cleaner from my recent order, and I need it fast.", AUTH),
             "The order ID is 9502126.",
             "Sorry, my mistake — it's 9502127.",
             "Oh, I forgot the W at the beginning: W9502127. The vacuum is the canister one.",
             "Refund to my PayPal. I need the refund within 3 days. What's the total refund I should expect?",
             "Yes, go ahead.",
             "Now, what's the total amount I paid for the remaining items in that order?",
         ]),
    # ---------------- task 54
    dict(task="54", variant="", slug="cancel_return_all_keep_boots",
         name="τ² task 54: terse, stressed user cancels and returns everything except the boots (no cheaper same-size boots), asks the total refund",
         turns=[
             ("Amelia. Emails silva7872@example.com or amelia.silva7872@example.com. Philadelphia. Loyal customer.", AUTH),
             "Money trouble. Cancel or return every order you can, I don't need any of it. Except the boots. I love them. Exchange them only for cheaper boots of the exact same size and material. If there are none, keep them.",
             "No cheaper ones, then keep the boots. Do the rest.",
             "Yes to all.",
             "Yes.",
             "Yes. How much money do I get back in total?",
         ]),
    dict(task="54", variant="zh", slug="cancel_return_all_keep_boots",
         name="τ² task 54 (中文): 经济困难，取消和退掉所有订单，只留下心爱的靴子，最后问总共退多少钱",
         turns=[
             ("我是 Amelia。邮箱 silva7872@example.com，或者 amelia.silva7872@example.com。住费城（Philadelphia）。老客户了。", AUTH),
             "最近经济出了问题。能取消的订单都取消，能退的都退，都不需要了。只有靴子（hiking boots）我很喜欢，不退。除非有同尺码、同材质而且更便宜的靴子，可以换；没有就留着。",
             "没有更便宜的就留着靴子。其他的照办。",
             "是，全部确认。",
             "是。",
             "是。一共能退我多少钱？",
         ]),
    # ---------------- task 55
    dict(task="55", variant="", slug="cancel_pending_then_return_delivered",
         name="τ² task 55: talkative user in financial trouble cancels undelivered orders, asks for the delivered items, returns them all",
         turns=[
             ("Hi there. I'm Amelia, I've been a loyal customer for years. I have two emails, silva7872@example.com and amelia.silva7872@example.com — one of them should be on file. I live in Philadelphia.", AUTH),
             "I've run into some serious money problems recently and I need to get back whatever I can. First, please cancel all my orders that haven't arrived yet — I just don't need them anymore.",
             "Yes, cancel them.",
             "Yes, that one too.",
             "Then the orders that were already delivered — honestly, I don't remember what I bought. Could you list the items for me before we do anything?",
             "Okay. Please return everything from those delivered orders, with the refund going back to what I paid with.",
             "Yes, go ahead with all the returns.",
             "Yes.",
         ]),
    # ---------------- task 64
    dict(task="64", variant="", slug="camera_best_waterproof_same_price",
         name="τ² task 64: asks to exchange a camera that is still pending; it is modified to the best waterproof model within the price paid",
         turns=[
             ("Hi, James Sanchez, Chicago, 60623. I don't remember my email.", AUTH),
             "I want to exchange my action camera for the highest-resolution waterproof camera I can get for the price I paid before. If several fit, the cheapest of them is fine.",
             "Oh, it hasn't shipped yet? Then just change it in the order — highest resolution, waterproof, no more than what I paid. PayPal for any difference.",
             "Yes, that's the only item. Go ahead.",
             "Yes.",
         ]),
    dict(task="64", variant="b", slug="camera_best_waterproof_same_price",
         name="τ² task 64 (variant): knows the camera order has not shipped and asks straight for the modification",
         turns=[
             ("Hello, I'm James Sanchez from Chicago, zip 60623.", AUTH),
             "The action camera I ordered hasn't shipped yet. Please change it to the highest-resolution waterproof model that costs no more than what I paid. If two models tie, give me the cheaper one. Refund any difference to PayPal.",
             "Yes, go ahead.",
             "Yes.",
         ]),
    # ---------------- task 72
    dict(task="72", variant="", slug="dc_order_backpack_and_address",
         name="τ² task 72: lamp+backpack change and address back to Charlotte; at confirmation switches to PayPal and drops the lamp",
         turns=[
             ("Hello! I'm Ivan Khan, zip 28243. I don't remember my email.", AUTH),
             "I'd like to change the items in an order and also its address. It's the order I sent to my son's place in Washington DC by mistake: please change the desk lamp to black, and the backpack to medium size in polyester — grey if there's a choice. And ship it to my default address instead, he's coming back home.",
             "Please use my gift card for any difference.",
             "Actually, wait — use PayPal instead, and only change the backpack. Leave the desk lamp as it is.",
             "Yes, please go ahead.",
             "Yes, that one too.",
         ]),
    # ---------------- task 84
    dict(task="84", variant="", slug="two_tablets_switch_to_pricier",
         name="τ² task 84: returns the cheaper tablet to the credit card, then at confirmation switches to the pricier one refunded to the gift card",
         turns=[
             ("Hey! Chen Silva, zip 46281. Don't remember my email.", AUTH),
             ("So I got two tablets and I only need one. Let's return the less expensive one and put the refund on my credit card.", {"awaiting": "confirmation"}),
             "Hmm, actually, changed my mind — return the more expensive one instead, and refund it to my gift card.",
             "Yes, go ahead.",
         ]),
    # ---------------- task 91
    dict(task="91", variant="", slug="skateboards_watch_return_ereader_32gb",
         name="τ² task 91: returns two skateboards and the smart watch, e-reader exchanged for its 32GB version after a same-item exchange is refused",
         turns=[
             ("Hi there! Mei Ahmed, zip 78705. I don't remember my email.", AUTH),
             "I'm really unhappy with the quality of the two skateboards I just got. I'd like to return both and get the refund on my credit card.",
             "Hold on, before you do that — I also want to return the smart watch from that order. And the e-reader I just bought: if the same e-reader is available, I'm happy to exchange it for the same one.",
             "Okay, then exchange it for the 32GB version of that e-reader instead. Credit card for any difference.",
             "Yes, go ahead with both.",
             "Yes, that one too.",
         ]),
    # ---------------- task 92
    dict(task="92", variant="zh", slug="skateboards_watch_ereader_return",
         name="τ² task 92 (中文): 退两块滑板，确认前追加退智能手表和电子阅读器，全部退到信用卡",
         turns=[
             ("你好！我叫 Mei Ahmed，邮编 78705，邮箱不记得了。", AUTH),
             "我刚买的两块滑板（skateboard）质量太差了，我要退掉，退款退到信用卡。",
             "等一下，先别办——我还要退那块智能手表（smart watch），还有那个电子阅读器（e-reader）也要退，都退到信用卡。",
             "对，全部都退。确认。",
             "是，另一个订单也退。",
         ]),
    # ---------------- task 94
    dict(task="94", variant="", slug="laptop_exchange_i7_8gb_1tb",
         name="τ² task 94: impatient user exchanges the 15-inch 16GB laptop for i7 / 8GB / 1TB SSD",
         turns=[
             ("Lei Wilson, zip 32255. I need to exchange a laptop I received for one with an i7 processor, 8GB RAM and a 1TB SSD.", AUTH),
             ("The 15-inch one with 16GB. Put any difference on my card. Let's move.", {"awaiting": "confirmation"}),
             "Yes, do it.",
         ]),
    # ---------------- task 96
    dict(task="96", variant="", slug="la_order_to_nyc_green_speaker",
         name="τ² task 96: cautious user moves the LA order to the NYC address from another order and swaps the speaker for the cheapest green one",
         turns=[
             ("Hi, um, I'm Yusuf Li, zip code 91148. I don't remember my email, sorry.", AUTH),
             "I have an order going to Los Angeles that I'd like sent to my New York address instead. I'd rather not type the address out — it's the one my other order was shipped to. And in that same order, could the Bluetooth speaker be changed to the cheapest green one? PayPal for any difference, please.",
             "Yes, please go ahead with both. I think that's everything.",
             "Yes, that one too.",
         ]),
    dict(task="96", variant="b", slug="la_order_to_nyc_green_speaker",
         name="τ² task 96 (variant): asks where the orders ship first, then changes address and speaker one by one",
         turns=[
             ("Hello. Yusuf Li, 91148.", AUTH),
             "Could you tell me which of my orders is going to Los Angeles and which one went to New York?",
             "Please change the Los Angeles one so it ships to the New York address from my other order.",
             "Yes, that's right. Please go ahead.",
             "One more thing in that same order: the Bluetooth speaker — I'd like the cheapest green one instead. PayPal for the difference.",
             "Yes, I'm sure. Go ahead.",
         ]),
    # ---------------- task 98
    dict(task="98", variant="", slug="bike_jigsaw_camera_exchange_cancel_order",
         name="τ² task 98: bicycle+jigsaw exchanged together, camera one step lower in resolution, Mastercard chosen, skateboard order cancelled whole",
         turns=[
             ("Hi there! I'm Sofia Li, zip 78260 — no idea what my email is.", AUTH),
             "I'd like to exchange two things from the same order: the bicycle, for one with a larger frame for my kid (a mountain bike is fine instead of a road bike), and the jigsaw puzzle, for the same difficulty but 1000 more pieces — animals rather than art if both exist. I also want to exchange my digital camera for a slightly lower resolution, with all the other options the same.",
             "Before you go ahead — I'd prefer my other card, the Mastercard, not the Visa, for the payment or refund on these.",
             "Yes, go ahead with both exchanges.",
             "Yes, the camera too.",
             "Lastly, please cancel the skateboard in my other order.",
             ("Oh well, I figured. Then cancel the whole order — I no longer need it.", {"awaiting": "confirmation"}),
             "Yes, cancel it.",
         ]),
    # ---------------- task 99
    dict(task="99", variant="zh", slug="bike_jigsaw_camera_exchange_visa",
         name="τ² task 99 (中文): 自行车和拼图一起换、相机降一档分辨率、都用Visa，只取消滑板不行则自己处理",
         turns=[
             ("你好，我叫 Sofia Li，邮编 78260，邮箱记不得了。", AUTH),
             "我想换货。同一个订单里的自行车（bicycle）和拼图（jigsaw puzzle）：自行车要换个车架更大的给孩子骑，山地车（mountain）也可以；拼图要同样难度、但多 1000 块的，如果 art 和 animals 主题都有，我选 art。另外我的数码相机（digital camera）想换成分辨率稍微低一点的，其他选项都不变。两个订单的差价都用我的 Visa 卡。",
             "是，都确认。",
             "是，相机那个也换。",
             "还有，我有个订单里有块滑板（skateboard），我只想取消这块滑板。",
             "只能取消整个订单的话就算了，我自己在网站上弄，不用你帮忙。",
         ]),
    # ---------------- task 100
    dict(task="100", variant="", slug="pending_luggage_skateboard_modify_boots_return",
         name="τ² task 100: wants to 'return' items of a pending order for new ones, gets a modification on the credit card, returns the hiking boots",
         turns=[
             ("Hi... Liam Thomas, zip 85049. I don't remember my email.", AUTH),
             "I want to return my luggage set and get the exact same one but in red, and return the skateboard from that same order for one that's 34 inch with a custom design. I'm probably asking this wrong...",
             "Oh. Then can you change the order to that instead? The same luggage set in red, and the skateboard 34 inch with a custom design, otherwise the same. Use my credit card for it.",
             "Yes, I think so. Go ahead.",
             "I also want to return the hiking boots. Refund to however I paid for them.",
             "Yes, please.",
         ]),
    # ---------------- task 101
    dict(task="101", variant="", slug="watch_order_nyc_metal_white_purifier",
         name="τ² task 101: in pieces — watch order to the NY address and silicone watch to white metal, then the purifier in the speaker order to large night mode",
         turns=[
             ("Noah Ito, zip 98187.", AUTH),
             "I just placed an order with two watches. Ship it to my New York address instead — it's on my other order, I'm not typing it out.",
             "Wait, also in that order: change the silicone-strap watch to a metal one. White if there are several colors. Card for the difference. Confirm both together.",
             "Yes.",
             "Yes, go.",
             "Another order has an air purifier and a speaker. Change the purifier to large size with night mode, still HEPA filter.",
             "Yes, go ahead — that's the order with the air purifier and the speaker, I'm sure of it.",
         ]),
    # ---------------- task 102
    dict(task="102", variant="zh", slug="watch_order_nyc_metal_white_purifier_exchange",
         name="τ² task 102 (中文): 手表订单改纽约地址、硅胶表带换白色金属，和运动鞋一起收到的空气净化器换大号夜间模式",
         turns=[
             ("你好，我叫 Noah Ito，邮编 98187。", AUTH),
             "我刚下了一个订单，里面有两块手表。",
             "这个订单的地址要改成我在纽约的地址。具体地址我不想说，我另一个订单寄的就是那里。",
             "先等等，还有一件：那块硅胶表带（silicone）的手表换成金属（metal）表带的，有好几种颜色的话我要白色（white）。差价用我的信用卡。两个改动一起确认吧。",
             "是，确认。",
             "是。",
             "另外，跟运动鞋一起收到的那个空气净化器（air purifier），我想换成 large 尺寸、带 night mode 的，滤网还是 HEPA。差价也用信用卡。",
             "是，换吧。",
         ]),
    # ---------------- task 103
    dict(task="103", variant="", slug="bookshelf_jigsaw_backpack_returns_red_luggage",
         name="τ² task 103: 'cancel' two delivered items of one order (returned), backpack return, pending order to Chicago and red, cancelled order's tracking",
         turns=[
             ("Hey there! My email's lucas.brown9344@example.com.", AUTH),
             "I want to cancel the bookshelf and the jigsaw puzzle — they're from the same order.",
             "Oh right, they were delivered. Then return them both, refund to my card.",
             "Yes, go ahead!",
             "Also return the backpack I got with the vacuum cleaner. Same card.",
             "Yes.",
             "Next: my pending order — change its address to my default Chicago one, and change the item's color to red.",
             "Yes to both.",
             "Yes.",
             ("Oh, and what's the tracking number of my cancelled order?", {"reply_contains": ["286422338955"]}),
         ]),
    dict(task="103", variant="b", slug="bookshelf_jigsaw_backpack_returns_red_luggage",
         name="τ² task 103 (variant): all five requests in one message, then yes to all",
         turns=[
             ("Hi! lucas.brown9344@example.com here.", AUTH),
             "Busy day, so all at once: return the bookshelf and the jigsaw puzzle I received (same order), and the backpack that came with the vacuum cleaner — refunds to my card. My pending order should ship to my default Chicago address instead, and its item should be red. Oh, and what's the tracking number of my cancelled order?",
             "Yes to all of it.",
             "Yes.",
             "Yes, that one too.",
             "Yes, go ahead.",
         ]),
    # ---------------- task 104
    dict(task="104", variant="zh", slug="bookshelves_jigsaws_returns_red_luggage",
         name="τ² task 104 (中文): '取消'不同订单里收到的书架和拼图（实为退货）、退背包、待发货订单改红色和芝加哥地址、问已取消订单的单号",
         turns=[
             ("你好，我的邮箱是 lucas.brown9344@example.com。", AUTH),
             "我想取消书架（bookshelf）和拼图（jigsaw puzzle），它们是在不同订单里的。",
             "哦，已经收到了啊，那就退货吧：我收到的所有书架和拼图都退，退款到原来的信用卡。",
             "是，都退。",
             "是。",
             "还有，跟吸尘器（vacuum cleaner）一起收到的那个背包（backpack），也退掉，同一张卡。",
             "是。",
             "然后我那个还没发货的订单：商品颜色改成红色（red），地址改成我的默认地址——芝加哥的家，具体地址你看我的资料就行。",
             "是，都确认。",
             "是。",
             ("最后，我那个已取消的订单，物流单号是多少？", {"reply_contains": ["286422338955"]}),
         ]),
    # ---------------- task 110
    dict(task="110", variant="", slug="new_house_address_cheapest_tablet",
         name="τ² task 110: order to the old Elm Avenue address moved to the new home (profile already there), then the tablet switched to the cheapest",
         turns=[
             ("Hi! My email is sophia.martin4832@example.com.", AUTH),
             "I moved to a new house on the same street, Elm Avenue in Houston, and my tablet order already goes there. But another order of mine is still going to the old address — please change that order to my new home, and update my account's default address to the new home too. The new address is on the tablet order; I'd rather not type it.",
             "Yes, go ahead with both.",
             "Yes.",
             "And because of the moving costs, please change the tablet to the cheapest one you have. Refund the difference to my card.",
             "Yes, please.",
         ]),
    dict(task="110", variant="zh", slug="new_house_address_cheapest_tablet",
         name="τ² task 110 (中文): 一条消息里改旧地址订单、改默认地址（已是新地址）、平板换最便宜的",
         turns=[
             ("你好！我的邮箱是 sophia.martin4832@example.com。", AUTH),
             "我搬到了 Houston 同一条街（Elm Avenue）上的新家。有个订单还寄到旧地址，请改成新家的地址；我账户的默认地址也改成新家。新地址在我买平板的那个订单里有，我就不打出来了。另外因为搬家花了不少钱，那台平板（tablet）请换成最便宜的那款，差价退到我的信用卡。",
             "是，都确认。",
             "是。",
             "是，平板也换。",
         ]),
    # ---------------- task 111
    dict(task="111", variant="", slug="laptop_nyc_i5_spacegrey_watch_black_dial",
         name="τ² task 111: all at once — laptop order to the NYC address, laptop to i5/256GB/space grey, watch to black dial keeping leather, gift card",
         turns=[
             ("Hi. I'm Yara Silva, zip 77159. I don't remember my email.", AUTH),
             "I need a few changes, sorry. My laptop order should go to my New York address — it's in my order history, I'd rather not say it. Please also change that laptop to an i5 with a 256GB SSD in space grey. And my watch: I'd like a black dial instead, but keep the leather strap. Use my gift card for any differences.",
             "Yes, all of those, please.",
             "Yes.",
             "Yes, that one too.",
         ]),
    # ---------------- task 112
    dict(task="112", variant="zh", slug="laptop_nyc_item_9844888101_watch_black_dial",
         name="τ² task 112 (中文): 分几次说——笔记本订单改纽约地址、笔记本换成 9844888101、手表换黑色表盘保留皮表带",
         turns=[
             ("你好，我叫 Yara Silva，邮编 77159。邮箱我不记得了。", AUTH),
             "我有个笔记本电脑（laptop）的订单，想把地址改到我在纽约的地址。我自己不太想说，你在我的订单记录里应该能找到。",
             "是，改吧。",
             "然后那台笔记本想换成商品编号 9844888101 的，差价用礼品卡。",
             "是，确认。",
             "还有，我的手表（wristwatch）想换成黑色表盘（black dial）的，表带还是皮的（leather）。差价也用礼品卡。",
             "是。",
         ]),
]


# ---------------------------------------------------------------------------
def q(s):
    """A YAML double-quoted scalar (JSON string syntax is valid YAML)."""
    return json.dumps(s, ensure_ascii=False)


def flow(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return v if v.replace("_", "").isalnum() and v.isascii() else q(v)
    if isinstance(v, list):
        return "[" + ", ".join(q(x) if isinstance(x, str) else flow(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join("%s: %s" % (k, flow(x)) for k, x in v.items()) + "}"
    return json.dumps(v)


def render(sc, final):
    out = [HEADER.format(tid=sc["task"]), "name: %s\n" % q(sc["name"]), "turns:\n"]
    for t in sc["turns"]:
        text, exp = (t, None) if isinstance(t, str) else t
        out.append("  - user: %s\n" % q(text))
        if exp:
            out.append("    expect: %s\n" % flow(exp))
    body = yaml.safe_dump({"final": final}, sort_keys=False, allow_unicode=True,
                          default_flow_style=False, width=4096, indent=2)
    out.append(body)
    return "".join(out)


def filename(sc):
    mid = {"": "", "zh": "zh_", "b": "b_"}[sc["variant"]]
    return "task_%03d_%s%s.yaml" % (int(sc["task"]), mid, sc["slug"])


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")  # evaluations/tau2_blind
    os.makedirs(out_dir, exist_ok=True)
    db0 = json.load(open(DATA + "db.json"))
    tasks = {t["id"]: t for t in json.load(open(DATA + "tasks.json"))}
    finals = {}
    names = set()
    for sc in SCENARIOS:
        tid = sc["task"]
        if tid not in finals:
            finals[tid] = gold_final(db0, tasks[tid])
        fn = filename(sc)
        assert fn not in names, fn
        names.add(fn)
        with open(os.path.join(out_dir, fn), "w", encoding="utf-8") as f:
            f.write(render(sc, finals[tid]))
    print("wrote %d files to %s" % (len(names), out_dir))


if __name__ == "__main__":
    main()
