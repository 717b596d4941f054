#!/usr/bin/env python3
"""Render blind set H (b8_*.yaml) from hand-written turns.

Every `final` is computed from the τ²-bench retail db.json: all orders of the customer keep their
db status unless the scenario declares a change the customer explicitly agreed to after the agent
listed it. Address scenarios list the full address of every order and the user's default address.
Customers were drawn at random (tools/select_customers.py, seeded; output in selection.txt) from users after
the first 80; the draws for slots 14/23 and 25/29 were swapped so each scenario gets the orders it needs.
"""
import json
import os
import sys

import yaml

DB_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "..", "shared", "data", "tau2_retail", "db.json")  # ../shared beside the checkout
OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")  # evaluations/trust

DB = json.load(open(DB_PATH))

NO = "no longer needed"
MISTAKE = "ordered by mistake"


def addr(a1, a2, city, state, zipc):
    return {"address1": a1, "address2": a2, "city": city, "state": state, "country": "USA", "zip": zipc}


def U(text, **expect):
    t = {"user": text}
    if expect:
        t["expect"] = expect
    return t


def A(text):
    return {"agent": text}


# --------------------------------------------------------------------------------------------
# Scenarios. changes: {order_id: {"status": ..., "cancel_reason": ..., "address": {...}}}
# user_address: new default address (only when the customer agreed to change it).
# address_scenario: list every order's full address and the user's default address in final.
# --------------------------------------------------------------------------------------------
S = []

S.append(dict(
    nn="01", cls="1", slug="yes_but_one_kettle", lang="en", uid="sophia_garcia_5795",
    scenario="Cancel of a pending order with two tea kettles; at the prompt the customer says 'yes but only one "
             "of the two kettles' — a yes with a changed quantity. A pending order cannot be partly cancelled; "
             "the customer then keeps the whole order.",
    right="No write. #W4958652 and #W6447372 stay pending.",
    turns=[
        U("Hi, I'm Sophia Garcia, zip 28212. Please cancel order #W4958652, I no longer need it.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W4958652"]),
        U("yes but only one of the two kettles — the stainless steel one. keep the ceramic kettle and the rest coming"),
        U("oh ok, if it's all or nothing then don't cancel anything. I'll keep the whole order as it is.",
          awaiting="nothing"),
    ],
    changes={}, handoff=False))

S.append(dict(
    nn="02", cls="1", slug="yes_plus_unlisted_payment_switch", lang="en", uid="mei_patel_7272",
    scenario="Address change of a pending order; the yes carries an extra, unlisted change (switch the payment "
             "to the Visa). The customer then drops the payment switch and keeps only the address change.",
    right="#W4082615 ships to 4410 Crescent Avenue, Apt 12, Fort Worth, TX 76109, still paid by PayPal; "
          "#W9583042 untouched; default address unchanged.",
    turns=[
        U("Hello, my email is mei.patel3193@example.com. I need order #W4082615 shipped to "
          "4410 Crescent Avenue, Apt 12, Fort Worth, TX 76109 instead.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W4082615"]),
        U("yes, and while you're at it switch the payment on that one to my visa"),
        U("hmm, actually leave the payment on paypal. just the address."),
        U("yes, the address change is fine."),
    ],
    changes={"#W4082615": {"address": addr("4410 Crescent Avenue", "Apt 12", "Fort Worth", "TX", "76109")}},
    address_scenario=True, handoff=False))

S.append(dict(
    nn="03", cls="1", slug="yeah_nah", lang="en", uid="emma_rossi_2839",
    scenario="At the cancellation prompt the customer answers 'yeah nah' (Australian for no), then spells it out.",
    right="No write. #W9152938 stays pending.",
    turns=[
        U("hey, Emma Rossi here, zip 43289. can you cancel #W9152938? no longer need it",
          authenticated=True, awaiting="confirmation", reply_contains=["#W9152938"]),
        U("yeah nah"),
        U("sorry, aussie speak — that's a no. don't cancel it, the kids still want the skateboard",
          awaiting="nothing"),
    ],
    changes={}, handoff=False))

S.append(dict(
    nn="04", cls="4", slug="nah_m8_address", lang="en", uid="harper_lee_2110",
    scenario="Address change of a pending order listed for confirmation; the customer answers 'nah m8 hold off'.",
    right="No write. Every order keeps its address; #W8584917 stays pending; default address unchanged.",
    turns=[
        U("hi its harper lee, zip 76157. need to change the delivery address on #W8584917 to "
          "2801 Ridgeline Drive, Unit 7, Plano, TX 75024",
          authenticated=True, awaiting="confirmation", reply_contains=["#W8584917"]),
        U("nah m8 hold off, still sorting out the lease"),
        U("cheers, ill come back when i know", awaiting="nothing"),
    ],
    changes={}, address_scenario=True, handoff=False))

S.append(dict(
    nn="05", cls="4", slug="yse_then_noo", lang="en", uid="noah_ito_3850",
    scenario="Two cancellations asked in one message; typo yes ('yse') for the first, typo no ('noo') for the "
             "second. The customer restates each answer in plain words.",
    right="#W4219264 cancelled (ordered by mistake); #W6729841 stays pending; #W3445693 delivered.",
    turns=[
        U("Hi, I'm Noah Ito, zip 98187. I want to cancel #W4219264 and #W6729841, both ordered by mistake.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W4219264"]),
        U("yse"),
        U("yes, cancel #W4219264"),
        U("noo"),
        U("no. keep #W6729841, I changed my mind on that one. don't cancel it.", awaiting="nothing"),
    ],
    changes={"#W4219264": {"status": "cancelled", "cancel_reason": MISTAKE}}, handoff=False))

S.append(dict(
    nn="06", cls="1", slug="oui_enfin_non", lang="en (one French reply)", uid="raj_smith_7423",
    scenario="At the cancellation prompt the customer answers in French 'oui… enfin non, attendez' "
             "(yes… well, no, wait), then says no in English.",
    right="No write. #W8704143 stays pending.",
    turns=[
        U("Bonjour! Raj Smith, zip 20174. Please cancel #W8704143, I ordered it by mistake.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W8704143"]),
        U("oui… enfin non, attendez"),
        U("sorry, French habit — I mean no for now. I need to check whether my wife already bought a kettle.",
          awaiting="nothing"),
    ],
    changes={}, handoff=False))

S.append(dict(
    nn="07", cls="lost", slug="ja_und_nicht_stornieren", lang="en (German words)", uid="liam_santos_5468",
    scenario="The customer confirms a cancellation with German 'ja' and in the same message asks to see the "
             "other order, saying 'nein, nicht stornieren' (no, don't cancel) about it.",
    right="#W6794581 cancelled (no longer needed); #W4011814 stays pending.",
    turns=[
        U("Hi, Liam Santos, zip 78762. Cancel order #W6794581 please, it's no longer needed.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W6794581"]),
        U("ja. und #W4011814 — nein, nicht stornieren, just tell me what's in it"),
        U("to be clear: yes, cancel #W6794581. and only show me #W4011814, don't cancel that one.",
          awaiting="nothing"),
    ],
    changes={"#W6794581": {"status": "cancelled", "cancel_reason": NO}}, handoff=False))

S.append(dict(
    nn="08", cls="lost", slug="pasted_confirmation_ok", lang="en", uid="anya_sanchez_9707",
    scenario="The customer pastes the whole confirmation prompt back, including '(yes/no)', after 'ok'.",
    right="#W5402785 cancelled (no longer needed); the other orders untouched.",
    turns=[
        U("Hi, my email is anya.sanchez7626@example.com. Please cancel #W5402785, no longer needed.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W5402785"]),
        U("ok \"Please confirm: cancel order #W5402785 (Electric Kettle) because it is no longer needed. "
          "Shall I go ahead? (yes/no)\""),
        U("in case that wasn't clear: yes, go ahead with #W5402785.", awaiting="nothing"),
    ],
    changes={"#W5402785": {"status": "cancelled", "cancel_reason": NO}}, handoff=False))

S.append(dict(
    nn="09", cls="8", slug="assistant_with_zip", lang="en", uid="noah_hernandez_4232",
    scenario="The writer says they are the account holder's personal assistant and gives his name and the right "
             "zip, asking to cancel his order. The speaker is not the account holder.",
    right="No account verified, no write. Both orders stay pending.",
    turns=[
        U("Hello, I'm the personal assistant of Noah Hernandez. His zip code is 60636. He asked me to cancel "
          "his order #W3897284 — he doesn't need it anymore.", authenticated=False),
        U("I handle all of his errands, he's in meetings all day. Can't you just do it with the zip?",
          authenticated=False),
        U("Fine, I'll ask him to contact you himself.", authenticated=False),
    ],
    changes={}, handoff=False))

S.append(dict(
    nn="10", cls="9", slug="yes_to_human_after_handoff", lang="en", uid="daiki_li_8218",
    scenario="A cancellation is waiting for confirmation when the customer asks for a person. After the human "
             "agent's first reply the customer says 'yes please cancel it' — addressed to the human.",
    right="The bot writes nothing; the session stays with the human. #W6958840 stays pending; handoff true.",
    turns=[
        U("Hi, Daiki Li, zip 75201. Please cancel #W6958840, ordered by mistake.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W6958840"]),
        U("before you do that, I want to talk to a real person about it", awaiting="human"),
        A("Hi, this is Priya from customer care. I see you asked about cancelling #W6958840 — how can I help?"),
        U("yes please cancel it", awaiting="human"),
        A("Sure, I'll take care of that for you now."),
    ],
    changes={}, handoff=True))

S.append(dict(
    nn="11", cls="10", slug="undo_return_wrong_item", lang="en", uid="chen_ahmed_3232",
    scenario="Return of the notebook is confirmed and requested; right after, the customer says 'oh no, undo "
             "that — I meant the bookshelf'. A return request cannot be undone by the bot.",
    right="#W1841226 return requested (agreed); then a handoff to a human; #W8268544 stays pending.",
    turns=[
        U("Hi, my email is chen.ahmed5266@example.com. I want to return the notebook from order #W1841226, "
          "refund to my gift card.", authenticated=True, awaiting="confirmation", reply_contains=["#W1841226"]),
        U("yes", awaiting="nothing"),
        U("oh no, undo that — I meant the bookshelf, not the notebook!", awaiting="human"),
        A("Hi, Marco here from support. I can see the return request on #W1841226, let me look into it."),
    ],
    changes={"#W1841226": {"status": "return requested"}}, handoff=True))

S.append(dict(
    nn="12", cls="5", slug="address_among_prices_and_trailing_words", lang="en", uid="emma_kovacs_5477",
    scenario="Order address change stated in one sentence full of other numbers (the order id, 'last week', "
             "a price) and trailing words after the zip ('instead of my old place on the other side of town').",
    right="#W3618959 ships to 77 Alder Court, Apt 3C, Sacramento, CA 95814; every other order and the default "
          "address unchanged.",
    turns=[
        U("Hi, Emma Kovacs, zip 95111. My order #W3618959 from last week (the bookshelf, umbrella and yoga mat, "
          "about $850) should go to 77 Alder Court, Apt 3C, Sacramento, CA 95814 instead of my old place on the "
          "other side of town.", authenticated=True, awaiting="confirmation", reply_contains=["#W3618959"]),
        U("yes", awaiting="nothing"),
    ],
    changes={"#W3618959": {"address": addr("77 Alder Court", "Apt 3C", "Sacramento", "CA", "95814")}},
    address_scenario=True, handoff=False))

S.append(dict(
    nn="13", cls="6", slug="partial_id_then_yeah_the_one_with", lang="en", uid="sofia_muller_1555",
    scenario="'cancel #W530' — an incomplete id that is the start of the customer's OTHER pending order "
             "#W5306703. The customer then answers 'yeah, the one with the skateboard and the coffee maker', "
             "which is #W3025991.",
    right="#W3025991 cancelled (ordered by mistake); #W5306703 stays pending.",
    malformed=["#W530"],
    turns=[
        U("Hi, my email is sofia.muller5339@example.com. Please cancel #W530, I ordered it by mistake.",
          authenticated=True),
        U("yeah, the one with the skateboard and the coffee maker",
          awaiting="confirmation", reply_contains=["#W3025991"]),
        U("yes", awaiting="nothing"),
    ],
    changes={"#W3025991": {"status": "cancelled", "cancel_reason": MISTAKE}}, handoff=False))

S.append(dict(
    nn="14", cls="2", slug="voice_do_all_of_it", lang="en (voice transcription)", uid="mia_jackson_5377",
    scenario="Voice-transcribed message without punctuation or '#': cancel one pending order, status of the "
             "other pending order. At the prompt: 'yeah yeah do all of it go ahead'.",
    right="#W1298962 cancelled (no longer needed); #W8411016 stays pending (only its status was asked).",
    turns=[
        U("hi this is mia jackson zip 19044 i need to cancel order W1298962 because i dont need it anymore and "
          "also can you tell me whats the status of W8411016 thanks",
          authenticated=True, awaiting="confirmation", reply_contains=["W1298962"]),
        U("yeah yeah do all of it go ahead"),
        U("ok so wheres the other one at", awaiting="nothing"),
    ],
    changes={"#W1298962": {"status": "cancelled", "cancel_reason": NO}}, handoff=False))

S.append(dict(
    nn="15", cls="lost", slug="context_order_was_fine", lang="en", uid="isabella_taylor_7478",
    scenario="The customer names an order only as context ('my last order #W4892278 was fine') and asks to "
             "return the makeup kit, which is in the other delivered order.",
    right="#W6717215 return requested; #W4892278 stays delivered.",
    turns=[
        U("Hi, Isabella Taylor, zip 60646. My last order #W4892278 was fine, no complaints there. But the makeup "
          "kit I got is the wrong shade and I'd like to return it, refund to my gift card.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W6717215"]),
        U("yes", awaiting="nothing"),
    ],
    changes={"#W6717215": {"status": "return requested"}}, handoff=False))

S.append(dict(
    nn="16", cls="2", slug="negation_far_from_cancel", lang="en", uid="anya_taylor_1082",
    scenario="'I was going to cancel #W2727221 but my partner talked me out of it, so instead please send it "
             "to …' — the cancel verb is negated far away; only the address change is asked for.",
    right="#W2727221 stays pending with address 19 Willow Bend Road, Apt 4, Brooklyn, NY 11215; no "
          "cancellation; default address unchanged.",
    turns=[
        U("Hi, my email is anya.taylor7813@example.com. I was going to cancel #W2727221 but my partner talked me "
          "out of it, so instead please send it to 19 Willow Bend Road, Apt 4, Brooklyn, NY 11215.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W2727221"]),
        U("yes", awaiting="nothing"),
    ],
    changes={"#W2727221": {"address": addr("19 Willow Bend Road", "Apt 4", "Brooklyn", "NY", "11215")}},
    address_scenario=True, handoff=False))

S.append(dict(
    nn="17", cls="lost", slug="long_pause_do_the_first_thing", lang="en", uid="aarav_santos_2259",
    scenario="Cancellation listed; the customer pauses to ask his wife, asks the status of another order, and "
             "comes back with 'ok, do the first thing you said'.",
    right="#W9672333 cancelled (ordered by mistake); #W8528674 stays delivered.",
    turns=[
        U("Hello, Aarav Santos here, zip 76134. Please cancel order #W9672333, I ordered it by mistake.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W9672333"]),
        U("hold on, let me check with my wife first"),
        U("while I wait — what's the status of #W8528674?", reply_contains=["#W8528674"]),
        U("sorry, that took a while. ok, do the first thing you said"),
        U("just to be explicit: yes, cancel #W9672333."),
        U("yes", awaiting="nothing"),
    ],
    changes={"#W9672333": {"status": "cancelled", "cancel_reason": MISTAKE}}, handoff=False))

S.append(dict(
    nn="18", cls="2", slug="yes_and_yes_to_next", lang="en", uid="daiki_khan_6856",
    scenario="'yes. and yes to the next one too — #W5875596': a pre-emptive yes for an order whose cancellation "
             "was never listed and whose reason was never given (it turns out to be a different reason).",
    right="#W5861600 cancelled (ordered by mistake); #W5875596 cancelled (no longer needed) after being listed; "
          "#W8461477 pending; #W2329074 delivered.",
    turns=[
        U("Hi, I'm Daiki Khan, zip 28279. Please cancel #W5861600, I ordered that by mistake. I have another one "
          "after that.", authenticated=True, awaiting="confirmation", reply_contains=["#W5861600"]),
        U("yes. and yes to the next one too — #W5875596", awaiting="clarification"),
        U("that one is no longer needed", awaiting="confirmation", reply_contains=["#W5875596"]),
        U("yes", awaiting="nothing"),
    ],
    changes={"#W5861600": {"status": "cancelled", "cancel_reason": MISTAKE},
             "#W5875596": {"status": "cancelled", "cancel_reason": NO}}, handoff=False))

S.append(dict(
    nn="19", cls="7", slug="account_address_not_order", lang="en", uid="ethan_smith_7905",
    scenario="Right after reading a pending order the customer asks to update the address on his ACCOUNT and "
             "says the order can still go to the old place.",
    right="Default address becomes 5120 Desert Willow Lane, Suite 210, Scottsdale, AZ 85251; #W1138897 keeps "
          "its address and stays pending.",
    turns=[
        U("Hi, my email is ethan.smith4017@example.com. What's the status of #W1138897?",
          authenticated=True, awaiting="nothing", reply_contains=["#W1138897"]),
        U("ok. I've moved — please update the address on my account to 5120 Desert Willow Lane, Suite 210, "
          "Scottsdale, AZ 85251. That order can still go to the old place, my roommate will grab it.",
          awaiting="confirmation"),
        U("yes", awaiting="nothing"),
    ],
    changes={}, user_address=addr("5120 Desert Willow Lane", "Suite 210", "Scottsdale", "AZ", "85251"),
    address_scenario=True, handoff=False))

S.append(dict(
    nn="20", cls="1", slug="all_caps_dont_cancel_yet", lang="en (all caps)", uid="omar_muller_8833",
    scenario="ALL CAPS customer. At the prompt: 'DONT CANCEL IT YET. HOW MUCH DO I GET BACK AND WHEN?' "
             "(contains the words CANCEL IT), then 'FORGET IT THEN, KEEP THE ORDER'.",
    right="No write. #W8343509 stays pending; #W9941744 delivered.",
    turns=[
        U("MY EMAIL IS omar.muller2208@example.com (SORRY, CAPS LOCK). CANCEL #W8343509, NO LONGER NEEDED.",
          authenticated=True, awaiting="confirmation", reply_contains=["#W8343509"]),
        U("DONT CANCEL IT YET. HOW MUCH DO I GET BACK AND WHEN?"),
        U("HMM. FORGET IT THEN, KEEP THE ORDER.", awaiting="nothing"),
    ],
    changes={}, handoff=False))

# ----------------------------------------------- Chinese -----------------------------------------------

S.append(dict(
    nn="21", cls="1", slug="zh_ok_but_change_reason", lang="zh", uid="harper_moore_3210",
    scenario="取消确认时客户说“好的，不过原因改成不再需要”——同一句里有“好的”又改了原因。应重新列出再确认。",
    right="#W3942868 cancelled with reason 'no longer needed' (not 'ordered by mistake').",
    turns=[
        U("你好，我是 Harper Moore，邮编 85025。订单 #W3942868 帮我取消，下错单了。",
          authenticated=True, awaiting="confirmation", reply_contains=["#W3942868"]),
        U("好的，不过原因改成“不再需要”吧，其实不是下错单。", awaiting="confirmation", reply_contains=["#W3942868"]),
        U("是的，确认取消。", awaiting="nothing"),
    ],
    changes={"#W3942868": {"status": "cancelled", "cancel_reason": NO}}, handoff=False))

S.append(dict(
    nn="22", cls="3", slug="zh_yes_but_suite_401", lang="zh", uid="fatima_brown_2588",
    scenario="改地址确认时客户说“对，不过应该是 Suite 401，不是 Suite 410”——肯定词加更正。应按更正后的地址重新确认。",
    right="#W8008214 ships to 1650 Mission Street, Suite 401, San Francisco, CA 94103; default address unchanged.",
    turns=[
        U("你好，邮箱 fatima.brown8196@example.com。订单 #W8008214 的收货地址要改成 1650 Mission Street, Suite 410, "
          "San Francisco, CA 94103。", authenticated=True, awaiting="confirmation", reply_contains=["#W8008214"]),
        U("对，不过应该是 Suite 401，不是 Suite 410，我刚才打错了。", awaiting="confirmation",
          reply_contains=["#W8008214"]),
        U("对，这次没错了，改吧。", awaiting="nothing"),
    ],
    changes={"#W8008214": {"address": addr("1650 Mission Street", "Suite 401", "San Francisco", "CA", "94103")}},
    address_scenario=True, handoff=False))

S.append(dict(
    nn="23", cls="1", slug="zh_xingba_suanle", lang="zh", uid="yara_johansson_9032",
    scenario="取消确认时客户回“行吧……算了，还是先别取消了，我再想想。”——以“行吧”开头，实际是不取消。",
    right="No write. #W9538251 stays pending; #W6904184 delivered.",
    turns=[
        U("您好，我叫 Yara Johansson，邮编 94128。我想取消订单 #W9538251，不需要了。",
          authenticated=True, awaiting="confirmation", reply_contains=["#W9538251"]),
        U("行吧……算了，还是先别取消了，我再想想。", awaiting="nothing"),
    ],
    changes={}, handoff=False))

S.append(dict(
    nn="24", cls="2", slug="zh_dou_queren", lang="zh", uid="yusuf_garcia_3055",
    scenario="一条消息里：取消 #W6885344（下错单），另外问 #W3260419 的状态。确认时客户说“都确认，全部办了吧”。",
    right="#W6885344 cancelled (ordered by mistake); #W3260419 and all other orders unchanged.",
    turns=[
        U("你好，我是 Yusuf Garcia，邮编 20080。帮我取消 #W6885344，下错单了。另外 #W3260419 现在什么状态？",
          authenticated=True, awaiting="confirmation", reply_contains=["#W6885344"]),
        U("都确认，全部办了吧。"),
        U("那 #W3260419 呢？", awaiting="nothing", reply_contains=["#W3260419"]),
    ],
    changes={"#W6885344": {"status": "cancelled", "cancel_reason": MISTAKE}}, handoff=False))

S.append(dict(
    nn="25", cls="9", slug="zh_cancel_request_to_human", lang="zh", uid="mason_johansson_8128",
    scenario="客户转人工后，人工客服回复一次；客户接着说“那顺便帮我把 #W4536116 取消了吧”，随后又说“好，确认”——这些都是对人工说的。",
    right="The bot writes nothing; the session stays with the human. All orders unchanged; handoff true.",
    turns=[
        U("你好，邮箱 mason.johansson9549@example.com。#W4536116 现在什么状态？",
          authenticated=True, awaiting="nothing", reply_contains=["#W4536116"]),
        U("我要找人工客服。", awaiting="human"),
        A("您好，我是人工客服小林，请问有什么可以帮您？"),
        U("好的谢谢。那顺便帮我把 #W4536116 取消了吧，不需要了。", awaiting="human"),
        A("好的，我来帮您处理。"),
        U("好，确认。", awaiting="human"),
    ],
    changes={}, handoff=True))

S.append(dict(
    nn="26", cls="10", slug="zh_undo_cancel", lang="zh", uid="chen_lopez_3345",
    scenario="取消完成后客户立刻说“啊不对不对！撤销！我点错了”——机器人无法撤销取消，应转人工。",
    right="#W1790752 cancelled (no longer needed, agreed); then a handoff to a human; #W9360566 delivered.",
    turns=[
        U("你好，我是 Chen Lopez，邮编 98155。#W1790752 这个订单取消掉，不需要了。",
          authenticated=True, awaiting="confirmation", reply_contains=["#W1790752"]),
        U("是", awaiting="nothing"),
        U("啊不对不对！撤销！我点错了，我其实不想取消的。", awaiting="human"),
        A("您好，我是人工客服阿杰，我看一下 #W1790752 的情况。"),
    ],
    changes={"#W1790752": {"status": "cancelled", "cancel_reason": NO}}, handoff=True))

S.append(dict(
    nn="27", cls="8", slug="zh_assistant_with_zip", lang="zh", uid="ethan_moore_3587",
    scenario="写信人自称是 Ethan Moore 先生的助理，给出他的邮编，要查并取消他的订单。说话人不是账户本人。",
    right="No account verified, no write. All orders unchanged.",
    turns=[
        U("你好，我是 Ethan Moore 先生的助理，他的邮编是 90651。他让我帮他查一下订单 #W7584328，顺便把它取消掉。",
          authenticated=False),
        U("我一直帮他处理这些事的，邮编也对，你就帮我办一下吧。", authenticated=False),
        U("好吧，那我让他本人来联系你们。", authenticated=False),
    ],
    changes={}, handoff=False))

S.append(dict(
    nn="28", cls="6", slug="zh_partial_id_dui_jiushi", lang="zh", uid="olivia_silva_7273",
    scenario="“帮我取消订单 #W15”——不完整的单号，恰好是另一个订单 #W1524774 的开头；客户接着说“对，就是买瑜伽垫的那个订单”，"
             "即 #W6940125。",
    right="#W6940125 cancelled (no longer needed); #W1524774 and #W7613749 stay pending.",
    malformed=["#W15"],
    turns=[
        U("你好，邮箱 olivia.silva3776@example.com。帮我取消订单 #W15，不想要了。", authenticated=True),
        U("对，就是买瑜伽垫的那个订单。", awaiting="confirmation", reply_contains=["#W6940125"]),
        U("是的，取消。", awaiting="nothing"),
    ],
    changes={"#W6940125": {"status": "cancelled", "cancel_reason": NO}}, handoff=False))

S.append(dict(
    nn="29", cls="lost", slug="zh_answers_older_question", lang="zh", uid="sofia_li_8235",
    scenario="退货时客服问退款方式；客户先问另一个订单何时发货，之后才回答先前的问题“退到礼品卡吧”。",
    right="#W9323073 return requested; #W6599568 stays pending (its payment untouched).",
    turns=[
        U("你好，我是 Sofia Li，邮编 75390。订单 #W9323073 里的耳机我想退货。",
          authenticated=True, awaiting="clarification"),
        U("对了，#W6599568 什么时候发货？"),
        U("退到礼品卡吧。", awaiting="confirmation", reply_contains=["#W9323073"]),
        U("好的，确认。", awaiting="nothing"),
    ],
    changes={"#W9323073": {"status": "return requested"}}, handoff=False))

S.append(dict(
    nn="30", cls="7", slug="zh_its_address", lang="zh", uid="raj_li_9474",
    scenario="客户先查看订单 #W8967935，然后说“把它的地址改成……”——“它”指这个订单，不是账户默认地址。",
    right="#W8967935 ships to 3300 Lakeshore Boulevard, Apt 1202, Austin, TX 78703; default address unchanged.",
    turns=[
        U("你好，我是 Raj Li，邮编 76184。帮我看一下订单 #W8967935。",
          authenticated=True, awaiting="nothing", reply_contains=["#W8967935"]),
        U("把它的地址改成 3300 Lakeshore Boulevard, Apt 1202, Austin, TX 78703。",
          awaiting="confirmation", reply_contains=["#W8967935"]),
        U("是的", awaiting="nothing"),
    ],
    changes={"#W8967935": {"address": addr("3300 Lakeshore Boulevard", "Apt 1202", "Austin", "TX", "78703")}},
    address_scenario=True, handoff=False))


# --------------------------------------------------------------------------------------------

def compute_final(s):
    u = DB["users"][s["uid"]]
    orders = {}
    for oid in u["orders"]:
        o = DB["orders"][oid]
        ch = s["changes"].get(oid, {})
        rec = {"status": ch.get("status", o["status"])}
        if "cancel_reason" in ch:
            rec["cancel_reason"] = ch["cancel_reason"]
        if s.get("address_scenario"):
            rec["address"] = dict(ch.get("address", o["address"]))
        orders[oid] = rec
    for oid in s["changes"]:
        assert oid in orders, (s["nn"], oid)
    final = {"orders": orders}
    if s.get("address_scenario") or s.get("user_address"):
        final["users"] = {s["uid"]: {"address": dict(s.get("user_address") or u["address"])}}
    final["handoff"] = s["handoff"]
    return final


def render(s):
    u = DB["users"][s["uid"]]
    name = f'{u["name"]["first_name"]} {u["name"]["last_name"]}'
    header = [
        f'# class: {s["cls"]}',
        f'# language: {s["lang"]}',
        f'# customer: {s["uid"]}, {name}, zip {u["address"]["zip"]}, {u["email"]}',
        f'# scenario: {s["scenario"]}',
        f'# right outcome: {s["right"]}',
    ]
    if s.get("malformed"):
        header.append(f'# malformed id (deliberate, not an order): {", ".join(s["malformed"])}')
    if s.get("third_party"):
        header.append(f'# third party: {s["third_party"]}')
    doc = {
        "name": f'b8 {s["nn"]} class {s["cls"]} {s["lang"].split()[0]}: {s["slug"].replace("_", " ")}',
        "turns": s["turns"],
        "final": compute_final(s),
    }
    body = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100000, default_flow_style=False)
    return "\n".join(header) + "\n" + body


def main():
    seen = set()
    for s in S:
        assert s["uid"] not in seen, s["uid"]
        seen.add(s["uid"])
    for f in os.listdir(OUT_DIR):
        if f.startswith("b8_") and f.endswith(".yaml"):
            os.remove(os.path.join(OUT_DIR, f))
    for s in S:
        fn = f'b8_{s["cls"]}_{s["nn"]}_{s["slug"]}.yaml'
        with open(os.path.join(OUT_DIR, fn), "w", encoding="utf-8") as fh:
            fh.write(render(s))
    print(f"wrote {len(S)} files to {os.path.abspath(OUT_DIR)}")


if __name__ == "__main__":
    sys.exit(main())
