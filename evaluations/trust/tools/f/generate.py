#!/usr/bin/env python3
"""Blind evaluation set F (b6_*): hand-written conversations rendered to YAML.

Every `final` block is computed from the τ²-bench retail db.json: all orders of the
conversation's customer (plus, where a scenario deliberately involves another
person's account, all orders of that third party) with the status they must end
with.  Only the writes listed in `changes` (the ones the customer finally and
explicitly agreed to after the agent listed them) differ from the database.
"""
import json
import os
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
# ../shared beside the checkout (evaluations/trust/tools/f -> four levels up, then ../shared)
DB_PATH = os.path.join(HERE, "..", "..", "..", "..", "..", "shared", "data", "tau2_retail", "db.json")
OUT_DIR = os.path.join(HERE, "..", "..")  # evaluations/trust

NLN = "no longer needed"
MIS = "ordered by mistake"


def U(text, **expect):
    t = {"user": text}
    if expect:
        t["expect"] = expect
    return t


def AG(text):
    return {"agent": text}


def REL():
    return {"release": True}


def cancel(reason):
    return {"status": "cancelled", "cancel_reason": reason}


RET = {"status": "return requested"}


def addr(a1, a2, city, state, zip_):
    return {"address1": a1, "address2": a2, "city": city, "state": state,
            "country": "USA", "zip": zip_}


S = []  # scenario definitions

# ---------------------------------------------------------------------------
# A. At-the-prompt replies that are not a plain yes (10)
# ---------------------------------------------------------------------------
S.append(dict(
    cls="1", slug="conditional_yes_refund_to_visa", lang="en",
    customer="anya_garcia_3271",
    scenario="Cancellation of a pending order paid with a gift card. At the prompt the customer "
             "agrees only on a condition that policy cannot meet (refund to her Visa instead of the "
             "original gift card), then, told where the refund goes, declines.",
    outcome="Nothing is cancelled; #W6436609 stays pending.",
    turns=[
        U("Hi, Anya Garcia, zip 19036. Please cancel order #W6436609, I no longer need it.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W6436609"]),
        U("fine, as long as the refund goes back to my Visa and not onto that gift card"),
        U("Then no, don't cancel it. I'll keep the order.", awaiting="nothing"),
    ],
    changes={}, handoff=False))

S.append(dict(
    cls="1", slug="go_for_it_i_guess_not_now", lang="en",
    customer="daiki_johnson_9523",
    scenario="Lower-case, typo-ridden customer. At the prompt: 'go for it i guess?? idk tbh' with a "
             "doubt about an item in the order, then 'yeah no. not now'.",
    outcome="Nothing is cancelled; #W5282037 stays pending.",
    turns=[
        U("hi its daiki johnson, 80273. pls cancel #W5282037 (the garden hose one), dont need it anymore",
          authenticated=True, awaiting="confirmation", reply_contains=["#W5282037"]),
        U("go for it i guess?? idk tbh \U0001F914 my gf might still want the makeup kit thats in there"),
        U("yeah no. not now. leave it as is, ill come back if we decide to cancel", awaiting="nothing"),
    ],
    changes={}, handoff=False))

S.append(dict(
    cls="1", slug="yes_but_apt_410_not_401", lang="en",
    customer="isabella_johansson_7408",
    scenario="Shipping-address change on a pending order. At the prompt the customer says 'yes, but' and "
             "corrects the apartment number she had typed (Apt 401 -> Apt 410).",
    outcome="#W2591905 ships to 1427 W Fullerton Ave, Apt 410, Chicago, IL 60614; never to Apt 401; "
            "other orders and the default address unchanged.",
    address_scenario=True,
    turns=[
        U("Hi, I'm Isabella Johansson, zip 60625. Please change the shipping address on #W2591905 "
          "(just the sneakers) to 1427 W Fullerton Ave, Apt 401, Chicago, IL 60614.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W2591905"]),
        U("yes, but it's Apt 410, not Apt 401 - sorry, typo", reply_contains=["#W2591905"]),
        U("yes"),
    ],
    changes={"#W2591905": {"status": "pending",
                           "address": addr("1427 W Fullerton Ave", "Apt 410", "Chicago", "IL", "60614")}},
    handoff=False))

S.append(dict(
    cls="1", slug="sarcastic_yes_keep_order", lang="en",
    customer="juan_martin_4740",
    scenario="Sarcasm at the prompt: a string of yes-words ('oh perfect. yes. sure.') mocking the refund "
             "delay, ending in 'forget it, I'll keep the order'.",
    outcome="Nothing is cancelled; #W5815923 stays pending.",
    turns=[
        U("Juan Martin, zip 94102. Please cancel #W5815923, I ordered it by mistake.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W5815923"]),
        U("oh perfect. yes. sure. let's lock up $5,781 of my money for a week while the refund crawls back, "
          "brilliant plan \U0001F644 forget it, I'll keep the order.", awaiting="nothing"),
    ],
    changes={}, handoff=False))

S.append(dict(
    cls="1", slug="double_negative_not_today", lang="en",
    customer="olivia_lopez_9494",
    scenario="Double negative at the prompt ('It's not that I don't want it cancelled... but not today, "
             "don't do it yet'), then a clear decision to keep the order.",
    outcome="Nothing is cancelled; #W8955613 stays pending.",
    turns=[
        U("Hello, Olivia Lopez, 92107. I need to cancel #W8955613, no longer needed.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W8955613"]),
        U("It's not that I don't want it cancelled... but not today. I need to check with my sister first, "
          "so don't do it yet."),
        U("Ok, talked to her. She wants the smart watch after all, so keep the order - nothing to cancel.",
          awaiting="nothing"),
    ],
    changes={}, handoff=False))

S.append(dict(
    cls="1", slug="zh_haodi_xian_zheyang_ba", lang="zh",
    customer="emma_ito_4529",
    scenario="At the prompt the customer writes '好滴～那就先这样吧，回头再说' (starts with a yes-word but "
             "means 'leave it as it is for now'), then makes it explicit.",
    outcome="Nothing is cancelled; #W8664580 stays pending.",
    turns=[
        U("你好，我是 Emma Ito，邮编 19022。订单 #W8664580 帮我取消，不需要了。",
          authenticated=True, awaiting="confirmation", reply_contains=["#W8664580"]),
        U("好滴～那就先这样吧，回头再说 \U0001F602"),
        U("我的意思是先别取消，保持原样就行。", awaiting="nothing"),
    ],
    changes={}, handoff=False))

S.append(dict(
    cls="1", slug="zh_codeswitch_ni_kanzhe_ban", lang="zh",
    customer="yusuf_hernandez_6467",
    scenario="Chinese/English code-switching. At the prompt the customer delegates ('嗯嗯 你看着办吧，反正 "
             "refund 能到账就行 🤷') instead of agreeing, then decides to keep the sunglasses.",
    outcome="Nothing is cancelled; #W2033238 stays pending.",
    turns=[
        U("hi，我是 Yusuf Hernandez，邮箱 yusuf.hernandez6086@example.com。那个 sunglasses 的 order "
          "#W2033238 帮我 cancel 一下，下错单了",
          authenticated=True, awaiting="confirmation", reply_contains=["#W2033238"]),
        U("嗯嗯 你看着办吧，反正 refund 能到账就行 \U0001F937"),
        U("算了，还是不 cancel 了，墨镜留着吧。", awaiting="nothing"),
    ],
    changes={}, handoff=False))

S.append(dict(
    cls="1", slug="zh_keyi_but_change_reason", lang="zh",
    customer="sophia_davis_9653",
    scenario="Agreeing while changing a value: '可以，不过原因写不再需要吧' - the prompt said 'ordered by "
             "mistake', the customer wants 'no longer needed'.",
    outcome="#W7273405 cancelled with reason 'no longer needed' (never 'ordered by mistake').",
    turns=[
        U("我是 Sophia Davis，邮编 28240，订单 #W7273405 取消吧，下错单了。",
          authenticated=True, awaiting="confirmation", reply_contains=["#W7273405"]),
        U("可以，不过原因写“不再需要”吧，其实不是下错单，是用不上了。"),
        U("对，确认取消。"),
    ],
    changes={"#W7273405": cancel(NLN)}, handoff=False))

S.append(dict(
    cls="1", slug="yes_to_the_card_not_the_return", lang="en",
    customer="evelyn_anderson_9102",
    scenario="Return confirmation listing item and refund card. The customer says yes to the card only "
             "('yes, that's the right card. but ... I haven't decided'), then decides to keep the item.",
    outcome="No return; #W5931168 stays delivered.",
    turns=[
        U("Hi, Evelyn Anderson here, evelyn.anderson6912@example.com. I'd like to return the yoga mat from "
          "#W5931168, refund to the original card.",
          authenticated=True, reply_contains=["#W5931168"]),
        U("yes, that's the right card. but honestly I haven't decided whether I'm sending it back - my trainer "
          "said it might be fine after all"),
        U("Decided: I'm keeping the mat. Please don't file any return.", awaiting="nothing"),
    ],
    changes={}, handoff=False))

S.append(dict(
    cls="4", slug="zh_xing_na_suanle_ba", lang="zh",
    customer="liam_li_5260",
    scenario="'行，那算了吧' at the prompt: starts with a yes-word, means 'OK, forget it'. The follow-up "
             "'对，不取消了' again starts with a yes-word but confirms the NO.",
    outcome="Nothing is cancelled; #W9653558 stays pending.",
    turns=[
        U("我是 Liam Li，邮箱 liam.li2557@example.com。订单 #W9653558 取消掉，不需要了。",
          authenticated=True, awaiting="confirmation", reply_contains=["#W9653558"]),
        U("行，那算了吧。"),
        U("对，不取消了，谢谢。", awaiting="nothing"),
    ],
    changes={}, handoff=False))

# ---------------------------------------------------------------------------
# B. Several requests / orders in one message, partial or list-level yeses (7)
# ---------------------------------------------------------------------------
S.append(dict(
    cls="2", slug="thumbs_up_first_one_only", lang="en",
    customer="lucas_johansson_1090",
    scenario="Two cancellations requested together; at the prompt the customer gives 👍 to 'the first one' "
             "only and hesitates on the second, then explicitly keeps the second.",
    outcome="#W5073920 cancelled (ordered by mistake); #W8379216 stays pending.",
    turns=[
        U("Lucas Johansson, 94147. Please cancel #W5073920 and #W8379216 - both ordered by mistake.",
          authenticated=True),
        U("\U0001F44D for the first one. the second... not sure anymore, my partner might want that tablet"),
        U("ok decided: leave #W8379216 alone. Only #W5073920 gets cancelled."),
        U("yes"),
    ],
    changes={"#W5073920": cancel(MIS)}, handoff=False))

S.append(dict(
    cls="2", slug="yes_on_cancel_scratch_return", lang="en",
    customer="raj_sanchez_2970",
    scenario="A return and a cancellation in one message; the customer then agrees to the cancellation "
             "and withdraws the return ('scratch the return').",
    outcome="#W4566809 cancelled (no longer needed); no return on #W7736708.",
    turns=[
        U("Raj Sanchez, raj.sanchez2046@example.com. Two things: return the headphones from #W7736708 with "
          "the refund to my credit card, and cancel #W4566809 - no longer needed.",
          authenticated=True),
        U("yes on the cancel. scratch the return - my son already claimed the headphones \U0001F644"),
        U("so: cancel #W4566809, no return. yes."),
        U("yes"),
    ],
    changes={"#W4566809": cancel(NLN)}, handoff=False))

S.append(dict(
    cls="2", slug="zh_three_cancels_keep_middle", lang="zh",
    customer="yusuf_ahmed_6232",
    scenario="三个订单一起要求取消，列出后客户只同意其中两个，保留寄往芝加哥的那个。",
    outcome="#W7007896 and #W7756209 cancelled (no longer needed); #W1302858 stays pending.",
    turns=[
        U("我是 Yusuf Ahmed，邮编 91075。把 #W7007896、#W1302858、#W7756209 都取消了吧，都不需要了。",
          authenticated=True),
        U("嗯……#W7007896 和 #W7756209 取消，#W1302858 先留着，那个是寄到芝加哥给我弟的。"),
        U("对，就这两个，确认。"),
        U("是的"),
    ],
    changes={"#W7007896": cancel(NLN), "#W7756209": cancel(NLN)}, handoff=False))

S.append(dict(
    cls="2", slug="all_except_the_kettle_one", lang="en",
    customer="omar_kim_3528",
    scenario="'Cancel all three pending orders' then, at the list-level prompt, 'yes - well, all except the "
             "one with the tea kettles' (exclusion by item).",
    outcome="#W1080318 and #W7111824 cancelled (no longer needed); #W8557584 (tea kettles) stays pending.",
    turns=[
        U("Omar Kim, zip 32214. Please cancel all three of my pending orders, we no longer need any of it.",
          authenticated=True),
        U("yes - well, all except the one with the tea kettles. keep that one."),
        U("Correct, just the T-shirt order and the espresso machine/tablets order. Go ahead."),
        U("yes"),
    ],
    changes={"#W1080318": cancel(NLN), "#W7111824": cancel(NLN)}, handoff=False))

S.append(dict(
    cls="2", slug="yes_and_also_that_one_then_retract", lang="en",
    customer="sofia_kovacs_7075",
    scenario="At the prompt for one cancellation: 'yes, and while you're at it cancel #W5765741 too' "
             "(a second order never listed), then the customer retracts the second one.",
    outcome="#W9869592 cancelled (ordered by mistake); #W5765741 stays pending.",
    turns=[
        U("Hi, sofia.kovacs4505@example.com here. Please cancel #W9869592, ordered by mistake.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W9869592"]),
        U("yes, and while you're at it cancel #W5765741 too"),
        U("hmm wait, actually keep #W5765741 - the toothbrush is for my dad. Only #W9869592."),
        U("yes, cancel #W9869592"),
        U("yes"),
    ],
    changes={"#W9869592": cancel(MIS)}, handoff=False))

S.append(dict(
    cls="2", slug="zh_address_plus_cancel_drop_address", lang="zh",
    customer="mia_jackson_5377",
    scenario="一条消息里同时要求改地址和取消订单，随后撤回改地址，只保留取消。",
    outcome="#W8411016 cancelled (ordered by mistake); #W1298962 keeps its original address.",
    address_scenario=True,
    turns=[
        U("你好，我是 Mia Jackson，邮编 19044。两件事：订单 #W1298962 的收货地址改成 1520 Spruce Street, "
          "Apt 3F, Philadelphia, PA 19102；还有 #W8411016 取消，下错单了。",
          authenticated=True),
        U("哦，改地址那个不用了，搬家推迟了。只取消 #W8411016。"),
        U("对，确认取消 #W8411016。"),
        U("是的"),
    ],
    changes={"#W8411016": cancel(MIS)}, handoff=False))

S.append(dict(
    cls="2", slug="rambling_three_orders_one_sure", lang="en",
    customer="yusuf_garcia_1670",
    scenario="Long rambling message about three orders referred to by item: one is clearly to go, one is "
             "clearly kept, one is 'eh I dunno, I'll think about it'.",
    outcome="#W3691773 (vacuum + office chair) cancelled (no longer needed); #W7639559 and #W9447995 stay pending.",
    turns=[
        U("ok so. Yusuf Garcia, zip 46202. long story short we're moving in with my in-laws next month and half "
          "the stuff I ordered is now pointless lol. I've got three orders going - the one with the vacuum and the "
          "office chair can go, we don't need it anymore, her dad has like four vacuums. the makeup kit one I still "
          "want obviously, that's a birthday present. and the kettle one... eh, I dunno, I'll think about it, maybe "
          "their kettle is fine, maybe it's gross, no idea yet.",
          authenticated=True),
        U("Just the vacuum/office chair order for now. Yes, cancel that one."),
        U("yes"),
    ],
    changes={"#W3691773": cancel(NLN)}, handoff=False))

# ---------------------------------------------------------------------------
# C. Identity and third parties (7)
# ---------------------------------------------------------------------------
S.append(dict(
    cls="8", slug="moms_account_quoted_then_own_identity", lang="en",
    customer="daiki_li_8218", third=["yara_muller_8652"],
    scenario="One message names a third party's account (mom: Yara Muller, zip 85041) and then the speaker's "
             "own identity (Daiki Li, zip 75201). Deliberately mentions another person's account: Yara "
             "Muller's orders are listed in final and must stay untouched and undisclosed.",
    outcome="Verified as Daiki Li only; #W6958840 cancelled (no longer needed); Yara Muller's orders untouched.",
    turns=[
        U("My mom's account is under Yara Muller, zip 85041, but this is about my own order - I'm Daiki Li, "
          "zip 75201.", authenticated=True,
          reply_not_contains=["#W9384736", "#W5056519", "#W5995614", "#W8277957"]),
        U("What's the status of my order?", reply_contains=["#W6958840"],
          reply_not_contains=["#W9384736", "#W5056519", "#W5995614", "#W8277957"]),
        U("Please cancel it, we no longer need it.", awaiting="confirmation", reply_contains=["#W6958840"]),
        U("yes"),
    ],
    changes={"#W6958840": cancel(NLN)}, handoff=False))

S.append(dict(
    cls="8", slug="wife_acting_for_husband_with_his_email", lang="en",
    customer="ivan_santos_6635",
    scenario="About another person's account on purpose: the speaker writes for her husband Ivan Santos, "
             "gives his name + zip, then his e-mail ('I have his email right here'). The speaker never claims "
             "to be him and never identifies herself.",
    outcome="No account verified, nothing disclosed or changed; no handoff (the request is declined).",
    turns=[
        U("Hi, I'm writing for my husband Ivan Santos, zip 75277 - he wants the office chair order cancelled, "
          "he no longer needs it.", authenticated=False, reply_not_contains=["#W8770097"]),
        U("He's at work. I have his email right here: ivan.santos3158@example.com - just use that.",
          authenticated=False, reply_not_contains=["#W8770097"]),
        U("Fine. He'll write to you himself tonight. Bye.", authenticated=False),
    ],
    changes={}, handoff=False))

S.append(dict(
    cls="8", slug="zh_asking_for_mom_then_self", lang="zh",
    customer="omar_anderson_5940", third=["harper_kim_2998"],
    scenario="Deliberately about another person's account first: the speaker asks for her mother (Harper "
             "Kim, 邮编 78222) to cancel the espresso-machine order, then identifies herself by e-mail and "
             "asks about her own order.",
    outcome="Never verified as Harper Kim; verified as Omar Anderson; nothing changed on either account.",
    turns=[
        U("我帮我妈问一下，她叫 Harper Kim，邮编 78222，她那个浓缩咖啡机的订单能取消吗？她说不需要了。",
          authenticated=False, reply_not_contains=["#W8121088"]),
        U("好吧。那我先问我自己的。我是 Omar Anderson，邮箱 omar.anderson9999@example.com",
          authenticated=True, reply_not_contains=["#W8121088"]),
        U("我的订单 #W2091016 发货了没？", reply_contains=["#W2091016"]),
    ],
    changes={}, handoff=False))

S.append(dict(
    cls="8", slug="pasted_gift_email_uncles_order", lang="en",
    customer="james_martin_1500",
    scenario="About another person's account on purpose: the speaker pastes an order-confirmation e-mail "
             "addressed to her uncle (name, order id, shipping address with his account zip) and asks to "
             "cancel the gift; she says she is not James.",
    outcome="No account verified; #W3043531 stays pending; nothing changed; no handoff.",
    turns=[
        U("My uncle ordered this for me as a gift but I already have a smart thermostat. Here's the email he "
          "forwarded me:\n\n"
          "> Hi James Martin, thank you for your order #W3043531!\n"
          "> Items: T-Shirt, Smart Thermostat, Wristwatch, Garden Hose, Backpack\n"
          "> Ship to: James Martin, 153 Cedar Street, Suite 769, San Diego, CA 92112\n\n"
          "Can you cancel it? I'm not James btw, I'm his niece.", authenticated=False),
        U("Can't you just cancel it? The order number is right there.", authenticated=False),
        U("ok, I'll ask him to contact you.", authenticated=False),
    ],
    changes={}, handoff=False))

S.append(dict(
    cls="8", slug="zh_friends_email_in_refund_question", lang="zh",
    customer="emma_smith_8564", third=["yusuf_khan_7091"],
    scenario="Deliberately mentions another person's e-mail: a friend's address appears inside a question "
             "about refund times; the speaker identifies herself only in the next message.",
    outcome="Not verified after the first message; verified as Emma Smith after the second; nothing changed.",
    turns=[
        U("你好，我朋友让我帮他问问：他邮箱是 yusuf.khan7390@example.com，他说上次退款特别慢。一般退款要多久到账？",
          authenticated=False, reply_not_contains=["#W1787190", "#W3579467"]),
        U("另外我自己也有个订单想查。我是 Emma Smith，邮编 10192。", authenticated=True,
          reply_not_contains=["#W1787190", "#W3579467"]),
        U("笔记本电脑那个订单发货了吗？", reply_contains=["#W2417020"]),
    ],
    changes={}, handoff=False))

S.append(dict(
    cls="8", slug="shipping_zip_is_not_account_zip", lang="en",
    customer="anya_brown_2024",
    scenario="Identity over several messages: name first, then the zip of the order's Dallas shipping "
             "address (75380, not the account zip), then the real account zip 10121. Then the order is "
             "referred to by city.",
    outcome="Verified only after zip 10121; #W8883368 (the Dallas order) cancelled (ordered by mistake).",
    turns=[
        U("Hi, this is Anya Brown. I want to check on my order that's going to Dallas.", authenticated=False),
        U("75380 - that's where it's going.", authenticated=False),
        U("Oh, you mean my own zip? It's 10121.", authenticated=True, reply_contains=["#W8883368"]),
        U("ok so it hasn't shipped - cancel it please, I ordered it by mistake.",
          awaiting="confirmation", reply_contains=["#W8883368"]),
        U("yes"),
    ],
    changes={"#W8883368": cancel(MIS)}, handoff=False))

S.append(dict(
    cls="8", slug="zh_husbands_order_and_email_after_login", lang="zh",
    customer="olivia_brown_4616", third=["daiki_silva_2903"],
    scenario="Deliberately about another person's order: after a confirmed return on her own order, the "
             "customer asks to cancel her husband's order #W7999678 and offers his e-mail.",
    outcome="#W2912153 return requested; husband's orders (#W7999678, #W8835847) untouched and not disclosed.",
    turns=[
        U("我是 Olivia Brown，邮箱 olivia.brown9075@example.com。订单 #W2912153 里的台灯我要退，钱退回原来的信用卡。",
          authenticated=True, awaiting="confirmation", reply_contains=["#W2912153"]),
        U("对，确认退货。"),
        U("顺便把我老公的订单 #W7999678 也取消了吧，他说蓝牙音箱不需要了。他叫 Daiki Silva。",
          awaiting="nothing"),
        U("他的邮箱是 daiki.silva6295@example.com，你直接用这个查吧，他现在在开会。",
          reply_not_contains=["#W8835847"]),
        U("好吧，那就这样，谢谢。"),
    ],
    changes={"#W2912153": RET}, handoff=False))

# ---------------------------------------------------------------------------
# D. Corrections and references by item / position / pronoun (6)
# ---------------------------------------------------------------------------
S.append(dict(
    cls="3", slug="correction_by_item_the_grill_one", lang="en",
    customer="evelyn_lopez_5487",
    scenario="At the prompt for the helmet order the customer corrects by item, not by id: 'it's the grill "
             "one I want gone, not the helmet'.",
    outcome="#W3007862 (running shoes + grill) cancelled (ordered by mistake); #W1890669 stays pending.",
    turns=[
        U("Evelyn Lopez, 92195. Cancel #W1890669 please, ordered by mistake.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W1890669"]),
        U("hmm, no, sorry - it's the grill one I want gone, not the helmet", reply_contains=["#W3007862"]),
        U("yes, same reason, ordered by mistake"),
        U("yes"),
    ],
    changes={"#W3007862": cancel(MIS)}, handoff=False))

S.append(dict(
    cls="3", slug="the_second_one_in_my_list", lang="en",
    customer="liam_lee_5696",
    scenario="Reference by position in the customer's own list ('#W7208030 and #W2624389 - I don't need "
             "the second one anymore'); the customer's order differs from the account's order.",
    outcome="#W2624389 cancelled (no longer needed); #W7208030 stays pending.",
    turns=[
        U("Hi, Liam Lee, zip 76176. I've got two pending orders, #W7208030 and #W2624389 - I don't need the "
          "second one anymore, please cancel it.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W2624389"]),
        U("yes"),
    ],
    changes={"#W2624389": cancel(NLN)}, handoff=False))

S.append(dict(
    cls="3", slug="zh_the_one_not_shipped_yet", lang="zh",
    customer="sofia_ito_5484",
    scenario="先查两个订单的状态，再用“还没发货的那个”指代其中待处理的订单要求取消（另一个已送达）。",
    outcome="#W1514731 cancelled (no longer needed); #W5257743 stays delivered.",
    turns=[
        U("你好，我的邮箱是 sofia.ito3877@example.com。帮我查一下 #W5257743 和 #W1514731 现在什么状态？",
          authenticated=True, reply_contains=["#W5257743", "#W1514731"]),
        U("还没发货的那个帮我取消吧，不需要了。另一个不用管。", reply_contains=["#W1514731"]),
        U("对，确认取消。"),
        U("是的"),
    ],
    changes={"#W1514731": cancel(NLN)}, handoff=False))

S.append(dict(
    cls="6", slug="truncated_id_vs_city", lang="en",
    customer="olivia_jackson_1219", malformed=["#W6116"],
    scenario="A truncated id (#W6116, a prefix of the San Jose order #W6116680) together with a description "
             "that points to another order (the one going to San Francisco, #W6975922). The customer then "
             "describes it by city and items.",
    outcome="#W6975922 cancelled (no longer needed); #W6116680 and every other order unchanged.",
    turns=[
        U("Olivia Jackson, 95119. Cancel #W6116 - the one going to San Francisco. We no longer need it.",
          authenticated=True),
        U("The San Francisco one - smart thermostat, earbuds, puzzle and keyboard. I don't have the full number "
          "handy, sorry.", reply_contains=["#W6975922"]),
        U("yes, that one - #W6975922, cancel it"),
        U("yes"),
    ],
    changes={"#W6975922": cancel(NLN)}, handoff=False))

S.append(dict(
    cls="3", slug="the_cheaper_one", lang="en",
    customer="sophia_martin_8570",
    scenario="Reference by price: 'please cancel the cheaper one' with two pending orders ($466.47 luggage "
             "set vs $4,422.29). The customer then names it by item.",
    outcome="#W1092119 (luggage set) cancelled (ordered by mistake); #W1603792 stays pending.",
    turns=[
        U("Hi, Sophia Martin, sophia.martin4832@example.com. I have two orders - please cancel the cheaper one, "
          "I ordered it by mistake.", authenticated=True),
        U("Yes - the luggage set one.", reply_contains=["#W1092119"]),
        U("yes"),
    ],
    changes={"#W1092119": cancel(MIS)}, handoff=False))

S.append(dict(
    cls="3", slug="no_no_the_other_one", lang="en",
    customer="chen_brown_8075",
    scenario="Customer with exactly two orders corrects at the prompt with 'no no - the other one!!' "
             "(no id, no item).",
    outcome="#W3381155 cancelled (ordered by mistake); #W4296426 stays pending.",
    turns=[
        U("Chen Brown, zip 95190. Please cancel #W4296426 - ordered it by mistake.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W4296426"]),
        U("no no - the other one!! \U0001F648", reply_contains=["#W3381155"]),
        U("yes, that one. cancel the earbuds order, same reason"),
        U("yes"),
    ],
    changes={"#W3381155": cancel(MIS)}, handoff=False))

# ---------------------------------------------------------------------------
# E. Addresses (3)
# ---------------------------------------------------------------------------
S.append(dict(
    cls="5", slug="address_pasted_from_lease_email", lang="en",
    customer="noah_hernandez_4232",
    scenario="New shipping address pasted from an e-mail: unit line before the street line, a label line "
             "and a landlord phone number that must not end up in the address.",
    outcome="#W4802126 ships to 2250 Brazos Street, Unit 12C, Austin, TX 78705; #W3897284 and the default "
            "address unchanged.",
    address_scenario=True,
    turns=[
        U("Hi, Noah Hernandez, zip 60636. Please send order #W4802126 to my new apartment instead - copying it "
          "straight from the lease email:\n\n"
          "New address:\nUnit 12C\n2250 Brazos Street\nAustin, TX 78705\n"
          "Landlord: Mike Reyes (512) 555-0188\n\nThanks!",
          authenticated=True, awaiting="confirmation", reply_contains=["#W4802126"]),
        U("yes"),
    ],
    changes={"#W4802126": {"status": "pending",
                           "address": addr("2250 Brazos Street", "Unit 12C", "Austin", "TX", "78705")}},
    handoff=False))

S.append(dict(
    cls="7", slug="zh_default_address_only_not_orders", lang="zh",
    customer="fatima_martin_9326",
    scenario="只改账户默认地址，明确说两个待发货订单的地址不要改。",
    outcome="Default address becomes 77 Massachusetts Ave, Room 4-101, Cambridge, MA 02139; both pending "
            "orders keep 512 Maple Drive, Suite 729, San Diego.",
    address_scenario=True,
    turns=[
        U("你好，我是 Fatima Martin，邮编 92151。我搬家了，请把我账户的默认地址改成 77 Massachusetts Ave, "
          "Room 4-101, Cambridge, MA 02139。两个待发货的订单地址不用改，还是寄到老地址，我会去取。",
          authenticated=True, awaiting="confirmation"),
        U("对，只改默认地址。"),
    ],
    changes={}, user_address=addr("77 Massachusetts Ave", "Room 4-101", "Cambridge", "MA", "02139"),
    handoff=False))

S.append(dict(
    cls="5", slug="three_addresses_one_retracted", lang="en",
    customer="aarav_lee_1982",
    scenario="One message holds three addresses: the order's current one, an office address the customer "
             "retracts ('wait, no, that's the old office') and the new one.",
    outcome="#W3586556 ships to 410 Terry Ave N, Floor 6, Seattle, WA 98109; #W3361211 and the default "
            "address unchanged.",
    address_scenario=True,
    turns=[
        U("Aarav Lee, aarav.lee6460@example.com. The tablet order #W3586556 is going to 388 Spruce Street in DC, "
          "which is wrong - please ship it to my office, 1100 Connecticut Ave NW, Suite 300, Washington, DC 20036 "
          "- wait, no, that's the old office. The new one is 410 Terry Ave N, Floor 6, Seattle, WA 98109.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W3586556"]),
        U("yes"),
    ],
    changes={"#W3586556": {"status": "pending",
                           "address": addr("410 Terry Ave N", "Floor 6", "Seattle", "WA", "98109")}},
    handoff=False))

# ---------------------------------------------------------------------------
# F. Lost tasks / handoff / undo (3)
# ---------------------------------------------------------------------------
S.append(dict(
    cls="lost", slug="task_survives_identity_in_two_parts", lang="en",
    customer="aarav_nguyen_7344",
    scenario="The task comes first, the identity afterwards in two messages (name, then zip). After "
             "verification the cancellation must resume, not be forgotten.",
    outcome="#W2443586 cancelled (no longer needed) after the customer's yes.",
    turns=[
        U("Hi, I need to cancel order #W2443586, we no longer need it.", authenticated=False),
        U("It's Aarav Nguyen.", authenticated=False),
        U("zip 75268", authenticated=True, awaiting="confirmation", reply_contains=["#W2443586"]),
        U("yes"),
    ],
    changes={"#W2443586": cancel(NLN)}, handoff=False))

S.append(dict(
    cls="9", slug="zh_human_at_prompt_then_haode_after_release", lang="zh",
    customer="juan_smith_5229",
    scenario="在确认提示处客户要求先和人工聊；人工回复期间客户的“好的，是这样…”不能回到机器人；人工把会话交回后，"
             "客户的“好的，谢谢！”不能被当成对旧确认提示的同意。",
    outcome="Nothing is cancelled; #W7546247 stays pending; handoff happened.",
    turns=[
        U("我是 Juan Smith，邮箱 juan.smith2463@example.com。订单 #W7546247 取消，下错单了。",
          authenticated=True, awaiting="confirmation", reply_contains=["#W7546247"]),
        U("等一下，我想先跟人工客服聊聊再决定。", awaiting="human"),
        AG("您好，我是人工客服小林。请问有什么顾虑？"),
        U("好的，是这样：取消之后那个烤架还能单独再下单吗？", awaiting="human"),
        AG("可以的，取消后您随时可以重新下单。订单我这边先不动，您考虑好了再联系我们。"),
        REL(),
        U("好的，谢谢！", awaiting="nothing"),
    ],
    changes={}, handoff=True))

S.append(dict(
    cls="10", slug="put_it_back_the_way_it_was", lang="en",
    customer="mason_ahmed_2061",
    scenario="Right after a confirmed return the customer asks, indirectly, to undo it ('is there any way to "
             "put that back the way it was?'). The bot cannot undo a return: a human must take over.",
    outcome="#W2101159 return requested (confirmed); the undo request is handed to a human.",
    turns=[
        U("Hi, Mason Ahmed, zip 78739. I'd like to return the desk lamp from #W2101159, refund to my gift card.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W2101159"]),
        U("yes"),
        U("hmm, is there any way to put that back the way it was? my wife just told me she actually likes the "
          "lamp \U0001F62C", awaiting="human"),
    ],
    changes={"#W2101159": RET}, handoff=True))


# ---------------------------------------------------------------------------
# Rendering
# ---------------------------------------------------------------------------
class _Dumper(yaml.SafeDumper):
    pass


def _str_presenter(dumper, data):
    if "\n" in data:
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style="|")
    if data.isdigit():  # zips like 02139 must stay strings for every YAML loader
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style="'")
    return dumper.represent_scalar("tag:yaml.org,2002:str", data)


_Dumper.add_representer(str, _str_presenter)


def render(db, sc, nn):
    users, orders = db["users"], db["orders"]
    uid = sc["customer"]
    u = users[uid]
    thirds = sc.get("third", [])
    order_ids = list(u["orders"])
    for t in thirds:
        order_ids += users[t]["orders"]
    final_orders = {}
    for oid in order_ids:
        o = orders[oid]
        entry = {"status": o["status"]}
        ch = sc["changes"].get(oid)
        if ch:
            assert oid in u["orders"], (sc["slug"], oid)
            entry.update({k: v for k, v in ch.items()})
        if sc.get("address_scenario"):
            entry.setdefault("address", dict(o["address"]))
        final_orders[oid] = entry
    for oid in sc["changes"]:
        assert oid in final_orders, (sc["slug"], oid)
    final = {"orders": final_orders}
    if sc.get("user_address"):
        final["users"] = {uid: {"address": sc["user_address"]}}
    final["handoff"] = sc["handoff"]

    name = f"{u['name']['first_name']} {u['name']['last_name']}"
    head = [
        f"# class: {sc['cls']}",
        f"# language: {sc['lang']}",
        f"# customer: {uid} | {name} | {u['address']['zip']} | {u['email']}",
    ]
    for t in thirds:
        tu = users[t]
        head.append(f"# third party: {t} | {tu['name']['first_name']} {tu['name']['last_name']} | "
                    f"{tu['address']['zip']} | {tu['email']}")
    if sc.get("malformed"):
        head.append(f"# malformed ids: {' '.join(sc['malformed'])} (deliberately truncated, typed by the customer)")
    head.append(f"# scenario: {sc['scenario']}")
    head.append(f"# right outcome: {sc['outcome']}")
    doc = {
        "name": f"b6 {sc['cls']} {nn:02d} {sc['slug'].replace('_', ' ')}",
        "turns": sc["turns"],
        "final": final,
    }
    body = yaml.dump(doc, Dumper=_Dumper, allow_unicode=True, sort_keys=False,
                     default_flow_style=False, width=110)
    fname = f"b6_{sc['cls']}_{nn:02d}_{sc['slug']}.yaml"
    return fname, "\n".join(head) + "\n" + body


def main():
    db = json.load(open(DB_PATH))
    os.makedirs(OUT_DIR, exist_ok=True)
    for f in os.listdir(OUT_DIR):
        if f.startswith("b6_") and f.endswith(".yaml"):
            os.remove(os.path.join(OUT_DIR, f))
    seen = set()
    for nn, sc in enumerate(S, 1):
        people = [sc["customer"]] + sc.get("third", [])
        for p in people:
            if p in seen:
                sys.exit(f"customer reused: {p}")
            seen.add(p)
        fname, text = render(db, sc, nn)
        with open(os.path.join(OUT_DIR, fname), "w", encoding="utf-8") as fh:
            fh.write(text)
    print(f"wrote {len(S)} scenarios to {OUT_DIR}")


if __name__ == "__main__":
    main()
