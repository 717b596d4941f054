#!/usr/bin/env python3
"""Regenerate the joint-requests τ²-retail conversation set byte-identically.

    python3 generate.py [OUT_DIR]        (default: the directory above this script)

Each conversation puts, in ONE customer message, at least two requests that need writes of
different kinds (cancel / modify address / modify items / change the profile address /
return / exchange). The user then answers with plain yeses, so that an agent that confirms
everything at once and one that confirms each change separately both reach the same end.

Every `final` is computed here: the task's gold write actions (`evaluation_criteria.actions`
in tasks.json) are applied to a fresh copy of db.json with τ²-bench retail tool semantics,
and `final` is the difference (changed top-level fields of each touched order / user, with
full values). A gold action that the τ² tools would reject aborts the script.

Source data: τ²-bench retail (Sierra Research, MIT), read at run time from
../shared/data/tau2_retail/ beside the checkout (nothing is copied into the repository).
Adapted from evaluations/tau2_blind/tools/generate.py.
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


sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tau2_blind", "tools"))  # the blind set's gold semantics
from gold import ORDER_FIELDS, Rejected, apply_action, check_items, field_rank, payment_method, price_diff, r2  # noqa: E402


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
            raise SystemExit("task %s: gold action %s rejected: %s" % (tid, act["name"], e))
    final = {}
    orders = {}
    for oid, o in db["orders"].items():
        o0 = db0["orders"][oid]
        ch = {k: v for k, v in o.items() if o0.get(k) != v}
        if ch:
            orders[oid] = {k: ch[k] for k in sorted(ch, key=field_rank)}
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
# The conversations. Each: task id, variant ('' | 'zh'), slug, name, turns.
# A turn is a string (user text) or (text, expect-dict). Turn 1 identifies the user,
# turn 2 holds all the write requests, then plain yeses (one per gold write, plus one
# where the user changes a value at confirmation), then a closing turn.
# ---------------------------------------------------------------------------
AUTH = {"authenticated": True}

SCENARIOS = [
    # ---------------- task 16: cancel x2 + return
    dict(task="16", variant="zh", slug="cancel_pending_orders_return_watch",
         name="τ² task 16 (中文): 一条消息里取消所有待处理订单并退掉已收到的智能手表，问总退款",
         turns=[
             ("你好，我是 Fatima Johnson，邮编 78712。邮箱不记得了。", AUTH),
             "我要办两件事：把我所有还没发货的待处理（pending）订单都取消，原因是不再需要了（no longer needed）；另外，已经收到的那个订单里的智能手表（Smart Watch，金色、金属表带、AMOLED 屏）我要退货，同一个订单里别的东西都不退，退款退回原来的付款方式 PayPal。最后告诉我一共能拿回多少钱。",
             "对，都确认。",
             "是的。",
             "是的，这个也确认。",
             "就这些，谢谢。",
         ]),
    # ---------------- task 23: exchange x2 + modify items
    dict(task="23", variant="", slug="helmet_luggage_exchanges_grill_modify",
         name="τ² task 23: helmet and luggage exchanges in two delivered orders plus the pending grill changed, all in one message",
         turns=[
             ("Hello, this is Sofia Hernandez from Seattle, WA 98193. I can't remember which email I used.", AUTH),
             "I've got a list. First, the red cycling helmet I received: I'd like to swap it for a size M, still red, but with high ventilation. Second, the blue luggage set that came in a different order should become a 2-piece set in black, softshell. And while you're at it, the gas grill I just ordered hasn't shipped yet, so please change it to the same grill I already received earlier (charcoal, medium, rotisserie). Put any price differences on my Visa ending 7312.",
             "Yes, go ahead with all of that.",
             "Yes please.",
             "Yes, that one too.",
             "That's everything, thank you.",
         ]),
    # ---------------- task 30: return + cancel + return
    dict(task="30", variant="", slug="damaged_tablet_return_cancel_charger_sneakers",
         name="τ² task 30: tracking number, damaged tablet returned (same one unavailable), charger order cancelled and sneakers returned, in one message",
         turns=[
             ("Olivia Lopez. Texas, zip 76171.", AUTH),
             "The tablet I just got was damaged when I opened the box. What's the tracking number for that order? I'd take the very same tablet as a replacement if you have it; if not, just return it. If the tablet goes back, also cancel the portable charger I just ordered, it was for the tablet and I no longer need it. And return the sneakers too. Refunds to my gift card.",
             "Yes, go ahead.",
             "Yes.",
             "Yes, do that one as well.",
             "That's it. Thanks.",
         ]),
    # ---------------- task 35: return + modify items
    dict(task="35", variant="", slug="pricier_speaker_return_laptop_13inch",
         name="τ² task 35: rude user returns the pricier non-water-resistant speaker and changes the pending 17-inch laptop to a 13-inch i5 silver, in one message",
         turns=[
             ("My email is aarav.santos8321@example.com. If that doesn't work it's aarav.santos8320@example.com. Hurry up.", AUTH),
             "Two things, don't mess them up. Return the blue speaker that cost more and isn't water resistant. And in my other order, change the 17-inch laptop to the 13-inch version. If that exact laptop doesn't exist in 13-inch, I want i5 over i7, and silver or black over any other color. PayPal for whatever the difference or refund is.",
             "Yes. Do both.",
             "Yes, obviously.",
             "That's all.",
         ]),
    # ---------------- task 41: address x2 + profile address + modify items
    dict(task="41", variant="", slug="easiest_jigsaw_and_address_typo_everywhere",
         name="τ² task 41: jigsaw to the easiest one and a mistyped address fixed on both pending orders and the profile, in one message",
         turns=[
             ("Hi, I'm Mei Patel, zip 76165. I only just made my account, the user id is mei_patel_7272.", AUTH),
             "Two problems, sorry. First, the 1000-piece intermediate jigsaw puzzle I ordered may be too hard for my little one; could it be changed to the easiest one with the fewest pieces? Second, I think I typed my address wrong. It should be 445 Maple Drive, Suite 394, Fort Worth, TX 76165. Please fix it on my account and on all my orders. PayPal for any price difference, please.",
             "Yes, please do all of that.",
             "Yes.",
             "Yes, thank you.",
             "Yes, that too.",
             "That's all. Thank you so much!",
         ]),
    # ---------------- task 55: cancel x2 + return x2
    dict(task="55", variant="", slug="money_trouble_cancel_undelivered_return_delivered",
         name="τ² task 55: talkative user cancels every undelivered order and returns everything delivered (items listed first) in one message, gift card refunds",
         turns=[
             ("Hi, it's Amelia. I have two emails, silva7872@example.com and amelia.silva7872@example.com, and I'm not sure which one is on my account. I live in Philadelphia, and I've shopped with you for years.", AUTH),
             "I'm in a really tough spot with money right now, so I need to get back whatever I can. Please cancel every order that hasn't arrived yet, I no longer need any of it. And for the orders that were already delivered, I want to return all of it, every single item. I honestly can't remember what was in those orders, so please list the items for me before you process the returns. The refunds can go back to the gift card I paid with.",
             "Yes, go ahead with all of it.",
             "Yes, please.",
             "Yes.",
             "Yes, that one as well.",
             "That's everything. Thank you for being so patient with me.",
         ]),
    # ---------------- task 59: cancel + address
    dict(task="59", variant="zh", slug="cancel_stale_pending_move_other_order",
         name="τ² task 59 (中文): 一次说完——不能保证5天内处理就取消旧订单，另一个订单改到Springfield新家，问退款和总价",
         turns=[
             ("Yusuf Taylor，加州 San Jose，邮编 95154。邮箱记不住了。", AUTH),
             "我有两个待处理订单 #W2702727 和 #W8268610，请一次性处理好。#W8268610 是今年很早就下的，到现在还是 pending，太离谱了：如果你不能保证它 5 天之内处理，就直接取消，原因是不再需要（no longer needed），并告诉我退款金额。还有，#W2702727 的收货地址改成我的新家：1234 Elm St, Springfield, IL 62701，下个月到货前我就搬过去了。改完告诉我这个订单的总价。",
             "对，两个都确认。",
             "是的。",
             "好，就这些，谢谢。",
         ]),
    # ---------------- task 71: address + modify items, change of mind at confirmation
    dict(task="71", variant="", slug="son_dc_order_home_backpack_paypal",
         name="τ² task 71: DC order back to the default address plus lamp and backpack changes; at confirmation switches to PayPal and keeps only the backpack",
         turns=[
             ("Hello! I'm Ivan Khan, zip code 28243. I'm afraid I don't remember my email.", AUTH),
             "I made a mistake with one order: it's going to my son's place in Washington DC. Could you send it to my default address instead? He's coming back home. Also, in that same order I'd like the desk lamp changed to black, and the backpack changed to a medium one in polyester, grey if there's more than one colour. Please use my gift card for any difference.",
             "Actually, one change before you go ahead: please charge my PayPal instead of the gift card, and leave the desk lamp as it is, only change the backpack. With that, yes.",
             "Yes, that's right.",
             "Yes, please go ahead.",
             "That's all, thank you so much!",
         ]),
    # ---------------- task 72: modify items + address (zh), change of mind at confirmation
    dict(task="72", variant="zh", slug="dc_order_backpack_then_address_paypal",
         name="τ² task 72 (中文): 先说改台灯和双肩包、再说改回默认地址；确认时改用PayPal并只换双肩包",
         turns=[
             ("你好！我是 Ivan Khan，邮编 28243。邮箱忘了。", AUTH),
             "有个订单我弄错了，想改两处：一是里面的台灯（desk lamp）换成黑色，双肩包（backpack）换成中号（medium）、涤纶（polyester）材质的，如果有好几种颜色就要灰色（grey）；二是这个订单寄到了我儿子在华盛顿特区（Washington DC）的地址，他要回家了，请改寄到我账户里的默认地址。差价用我的礼品卡付。",
             "等一下，改一下：差价改用 PayPal，不用礼品卡了；台灯也不换了，只换双肩包。这样的话，确认，办吧。",
             "是的。",
             "对，确认。",
             "就这些，谢谢！",
         ]),
    # ---------------- task 74: modify items + cancel
    dict(task="74", variant="", slug="laptop_i9_silver_cancel_five_item_order",
         name="τ² task 74: shy user switches the pending laptop to i9 / 256GB / silver and cancels the five-item order, in one message",
         turns=[
             ("Um, hi... I'm Lei Li, zip code 85033. I don't have an email, sorry.", AUTH),
             "I hope this is okay... I recently bought a laptop and I'd like it switched to one with an i9 processor. If there are a few storage choices, 256GB SSD please, and silver if there's a choice of colour. I'd pay any difference with my credit card. And, um, there's also a pending order of mine with five items in it, I don't remember the order number, could you cancel that whole order? I no longer need those things.",
             "Yes, please go ahead with both.",
             "Yes.",
             "That's all. Thank you, and sorry for the trouble.",
         ]),
    # ---------------- task 78: address + modify items + cancel
    dict(task="78", variant="", slug="address_copy_makeup_dark_cancel_mistake",
         name="τ² task 78: numbered list — address copied from another order, makeup kit to dark / Brand A, and a mistaken order cancelled",
         turns=[
             ("Hi. Yara Muller, yara.muller9246@example.com.", AUTH),
             "I have a few requests, probably more trouble than they're worth. 1) Order #W5056519 should ship to the same address as order #W8277957. 2) In that same order #W5056519, the Makeup Kit (light skin tone, professional, Brand B) should become dark skin tone, Brand A. 3) Cancel order #W5995614, I ordered it by mistake. Any difference can go on my Visa ending 6918.",
             "Yes, all three.",
             "Yes.",
             "Yes, go ahead.",
             "That's all. Thanks, I suppose.",
         ]),
    # ---------------- task 86: modify items + profile address (zh)
    dict(task="86", variant="zh", slug="fleece_red_half_zip_profile_to_dc",
         name="τ² task 86 (中文): 抓绒夹克改红色半拉链，同时把默认地址改成订单里的华盛顿特区地址",
         turns=[
             ("你好……我是 Yusuf Hernandez，邮箱 yusuf.hernandez8836@example.com。", AUTH),
             "两件事。我的抓绒夹克（Fleece Jacket）要换成红色（red）、半拉链（half zipper）的，尺码不变。还有，把我的默认地址改成我在华盛顿特区（Washington DC）的那个地址，具体地址我不想说，我的某个订单上有。差价用 PayPal。",
             "对，都确认。",
             "是的。",
             "就这些，谢谢。",
         ]),
    # ---------------- task 91: return + exchange, item added at confirmation
    dict(task="91", variant="", slug="skateboards_return_ereader_32gb_watch_added",
         name="τ² task 91: skateboards returned and e-reader exchanged (32GB after same-item refusal); the smart watch is added to the return at confirmation",
         turns=[
             ("Hi there! Mei Ahmed, zip 78705. I'm afraid I don't remember my email.", AUTH),
             "Honestly, I'm pretty upset about the quality of the two skateboards I just bought, so I'd like to return both of them with the refund on my credit card. And the e-reader I just received: I'd happily take a new unit of the exact same one, but if you can't swap it for the identical item, then the 32GB version of it instead, with any difference on the same credit card.",
             "Oh wait, before you do anything: please also add the smart watch from the same order as the skateboards to that return, refunded to my credit card as well. With the watch added, yes, go ahead.",
             "Yes.",
             "Yes, please.",
             "That's all, thanks so much for your help!",
         ]),
    # ---------------- task 96: address + modify items
    dict(task="96", variant="", slug="la_order_to_ny_cheapest_green_speaker",
         name="τ² task 96: cautious user moves the LA order to the New York address on the other order and takes the cheapest green speaker, in one message",
         turns=[
             ("Hi, um, this is Yusuf Li. My zip code is 91148. I don't know my email, sorry.", AUTH),
             "I'd like to fix two things, if that's okay. My order that's going to Los Angeles should go to my New York address instead; I'd rather not say it, but it's on my other order. And the Bluetooth speaker in that LA order, could it be changed to the cheapest green one you have? My PayPal for any difference, please.",
             "Yes, please go ahead with both.",
             "Yes, that's correct.",
             "That's all, thank you.",
         ]),
    # ---------------- task 98: exchange x2 + cancel, card switched at confirmation
    dict(task="98", variant="", slug="bike_jigsaw_camera_exchanges_cancel_order_mastercard",
         name="τ² task 98: bicycle+jigsaw and camera exchanges plus the skateboard order cancelled whole; at confirmation the card becomes the Mastercard",
         turns=[
             ("Hi! Sofia Li here, zip 78260. No clue what my email is.", AUTH),
             "A bunch of things, bear with me. In one of my delivered orders there's a bicycle and a jigsaw puzzle: the bicycle should be exchanged for one with a larger frame for my kid (a mountain bike is fine instead of a road bike), and the jigsaw for one with the same difficulty but 1000 more pieces, animal theme rather than art if both exist. Also exchange my digital camera for the next lower resolution, everything else the same. Last thing: cancel the skateboard in my other order, the one that hasn't shipped; if you can't cancel just that one item, cancel that whole order, I no longer need it. Charge or refund the exchanges on my Visa ending 6791.",
             "Before you proceed, one change: I'd rather use the other card, the Mastercard ending 8484, for the exchanges. With that, yes.",
             "Yes.",
             "Yes, go ahead.",
             "Yes, that one too.",
             "That's all, thanks!",
         ]),
    # ---------------- task 100: modify items + return (zh)
    dict(task="100", variant="zh", slug="pending_luggage_skateboard_change_boots_return",
         name="τ² task 100 (中文): 想“退换”待发货订单里的行李箱和滑板（实为改订单），同时退登山靴",
         turns=[
             ("你好……我是 Liam Thomas，邮编 85049。邮箱我记不得了。", AUTH),
             "估计不好办，但还是问问：我想把行李箱套装（luggage set）退了，换一个一模一样、只是颜色是红色（red）的；同一个订单里的滑板（skateboard）也退了，换一个 34 英寸（34 inch）、custom 设计的，其他都不变。如果那个订单还没发货不能退换，那就直接把订单里的这两样改成这样。这部分的差价用我尾号 3194 的 Visa 信用卡。另外，登山靴（hiking boots）我要退货，退款退回原来的付款方式。",
             "好的，都确认。",
             "是的。",
             "嗯，就这些，谢谢。",
         ]),
    # ---------------- task 102: address + modify items + exchange (zh)
    dict(task="102", variant="zh", slug="watch_order_ny_metal_white_purifier_exchange",
         name="τ² task 102 (中文): 1）2）3）——手表订单改纽约地址、硅胶表带手表换白色金属、和运动鞋一起收到的净化器换大号夜间模式",
         turns=[
             ("Noah Ito，邮编 98187。邮箱不记得。", AUTH),
             "快点帮我弄三件事：1）我刚下的那个有两块手表的订单，收货地址改成我纽约的地址，我另一个订单上就有，我不想再说一遍；2）同一个订单里那块硅胶表带（silicone）的手表换成金属表带（metal）的，有白色就要白色；3）跟运动鞋（sneakers）一起收到的那台空气净化器（air purifier），换成大号（large）、夜间模式（night mode）的，滤网还是 HEPA。差价都用我尾号 1065 的万事达卡（Mastercard）。",
             "对，都确认。",
             "是。",
             "是，这个也确认。",
             "没了，谢谢。",
         ]),
    # ---------------- task 103: return x2 + address + modify items
    dict(task="103", variant="", slug="cancel_means_return_backpack_red_luggage_chicago",
         name="τ² task 103: 'cancel' two delivered items of one order (returns), backpack return, pending order to Chicago and red, tracking of the cancelled order — one message",
         turns=[
             ("Hey there! My email's lucas.brown9344@example.com.", AUTH),
             "Okay, a handful of things! I want to cancel the bookshelf and the jigsaw puzzle, they came in the same order and yes, they've already arrived. Oh, and return the backpack that came with the vacuum cleaner. My pending order too: send it to my default Chicago address and switch the item to red. Refunds and any difference on my Mastercard ending 1276. Oh, and what's the tracking number of my cancelled order?",
             "Yes, go for it, all of it!",
             "Yes!",
             "Yep, yes.",
             "Yes, that too.",
             "That's everything, thanks a bunch!",
         ]),
    # ---------------- task 109: order address + profile address + modify items
    dict(task="109", variant="", slug="old_elm_address_order_and_profile_cheapest_tablet",
         name="τ² task 109: order at the old Elm Avenue address and the profile moved to the new house (from the luggage order), tablet to the cheapest — one message",
         turns=[
             ("Hi! It's Sophia Martin, sophia.martin4832@example.com.", AUTH),
             "So I just moved to a new house on the same street, Elm Avenue in Houston, and my luggage set order is already going to the new place. But my other order is still headed to the old address, so please change it to the new home, and update the default address on my account to the new home too. You can find the new address on the luggage order. And since moving is expensive, switch the tablet in that other order to your cheapest tablet. Any refund or difference to my Mastercard ending 3292.",
             "Yes, go ahead with all three!",
             "Yes.",
             "Yes, that one too.",
             "That's all, thanks so much!",
         ]),
    # ---------------- task 111: modify items x2 + address
    dict(task="111", variant="", slug="laptop_order_nyc_i5_spacegrey_watch_black_dial",
         name="τ² task 111: laptop order to the NYC address on an older order, laptop to i5 / 256GB / space grey, watch to a black dial keeping leather, gift card",
         turns=[
             ("Hi... I'm Yara Silva, zip 77159. I don't remember my email.", AUTH),
             "I need a few changes, all together please: my laptop order should be sent to my New York address (it's on one of my other orders); the laptop in it should become the i5 one with a 256GB SSD in space grey; and my watch should have a black dial instead, but keep the leather strap. Please use my gift card for any difference.",
             "Yes, all of them.",
             "Yes.",
             "Yes, please.",
             "That's all. Thank you.",
         ]),
]


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


def filename(sc):
    mid = {"": "", "zh": "zh_"}[sc["variant"]]
    return "task_%03d_%s%s.yaml" % (int(sc["task"]), mid, sc["slug"])


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # evaluations/tau2_joint
    os.makedirs(out_dir, exist_ok=True)
    db0 = json.load(open(DATA + "db.json"))
    tasks = {t["id"]: t for t in json.load(open(DATA + "tasks.json"))}
    names = set()
    for sc in SCENARIOS:
        fn = filename(sc)
        assert fn not in names, fn
        names.add(fn)
        final = gold_final(db0, tasks[sc["task"]])
        with open(os.path.join(out_dir, fn), "w", encoding="utf-8") as f:
            f.write(render(sc, final))
    print("wrote %d files to %s" % (len(names), out_dir))


if __name__ == "__main__":
    main()
