#!/usr/bin/env python3
"""Generate the b5 blind scenario set.

Turns are hand-written below; every `final` block is computed from db.json
(nothing hand-typed): the customer's orders with their original status (and
original address in address scenarios), the changed orders with exactly the
changed fields, the user's default address when an address is involved, and
the handoff flag.
"""
import json
import os
import sys

import yaml

from pathlib import Path

HERE = Path(__file__).resolve().parent
TRUST = HERE.parents[1]  # evaluations/trust
SHARED = HERE.parents[3].parent / "shared"  # ../shared beside the checkout
DB_PATH = str(SHARED / "data" / "tau2_retail" / "db.json")
OUT_DIR = str(TRUST)

DB = json.load(open(DB_PATH))
USERS, ORDERS = DB["users"], DB["orders"]

NLN = "no longer needed"
OBM = "ordered by mistake"


def A(address1, address2, city, state, zip_):
    return {"address1": address1, "address2": address2, "city": city,
            "state": state, "country": "USA", "zip": zip_}


def U(text, **expect):
    t = {"user": text}
    if expect:
        t["expect"] = expect
    return t


def AG(text):
    return {"agent": text}


REL = {"release": True}

SCENARIOS = []


def S(**kw):
    SCENARIOS.append(kw)


# ---------------------------------------------------------------- class 3
S(file="b5_3_01_yes_no_wait_other_order", cls="3", lang="en", customer="raj_lopez_5873",
  scenario="Cancel #W7162915; at the prompt a yes-word immediately retracted: keep #W7162915, cancel #W3502364 instead (same reason).",
  right="#W3502364 cancelled (no longer needed); #W7162915 and #W5107138 stay pending.",
  turns=[
      U("hey, Raj Lopez here, zip 76195. I need #W7162915 cancelled, the t-shirt + vacuum one, I don't need it anymore",
        authenticated=True, awaiting="confirmation", reply_contains=["#W7162915"]),
      U("yeah - wait no no. not that one, my bad. keep #W7162915 as it is. the one I actually want gone is #W3502364 "
        "(water bottle, skateboard, boots), same deal, don't need it anymore",
        awaiting="confirmation", reply_contains=["#W3502364"]),
      U("yes, that one", awaiting="nothing"),
  ],
  cancel={"#W3502364": NLN})

S(file="b5_3_02_zh_house_number_swapped", cls="3", lang="zh", customer="yusuf_ahmed_6232",
  scenario="Change the shipping address of #W7756209; at the prompt the customer corrects only the house number (1450 -> 1540).",
  right="#W7756209 ships to 1540 Pacific Coast Hwy, Apt 12, Long Beach, CA 90806; nothing else changes.",
  turns=[
      U("你好，我是 Yusuf Ahmed，邮编 91075。订单 #W7756209 的收货地址请改成 1450 Pacific Coast Hwy, Apt 12, Long Beach, CA 90806。",
        authenticated=True, awaiting="confirmation", reply_contains=["#W7756209"]),
      U("啊等一下，门牌号我打反了，应该是1540，不是1450，其他都对。",
        awaiting="confirmation", reply_contains=["1540"]),
      U("对，这次没错了，改吧", awaiting="nothing"),
  ],
  oaddr={"#W7756209": A("1540 Pacific Coast Hwy", "Apt 12", "Long Beach", "CA", "90806")})

S(file="b5_3_03_other_item_means_other_order", cls="3", lang="en", customer="olivia_silva_7273",
  scenario="Cancel #W1524774 (makeup kit); at the prompt the customer says she mixed them up: keep the makeup kit, cancel the yoga mat order (#W6940125, never typed by her).",
  right="#W6940125 cancelled (ordered by mistake); #W1524774 and #W7613749 stay pending.",
  turns=[
      U("Hello, my email is olivia.silva3776@example.com. I would like to cancel order #W1524774, the makeup kit. I ordered it by mistake.",
        authenticated=True, awaiting="confirmation", reply_contains=["#W1524774"]),
      U("Oh goodness, I've got them muddled up, I'm so sorry. The makeup kit is the one I want to KEEP. "
        "It's the yoga mat order that was the accident, that's the one to cancel. Please leave the makeup kit alone.",
        awaiting="confirmation", reply_contains=["#W6940125"]),
      U("Yes please.", awaiting="nothing"),
  ],
  cancel={"#W6940125": OBM})

S(file="b5_3_04_keep_listed_and_add_another", cls="3", lang="en", customer="anya_brown_2024",
  scenario="Cancel #W1430028; at the prompt she keeps the listed cancellation and adds #W1170711 with the same reason; final yes.",
  right="#W1430028 and #W1170711 cancelled (no longer needed); #W8883368 stays pending.",
  turns=[
      U("hi its anya brown, anya.brown8893@example.com .. pls cancel #W1430028 (running shoes + vacuum), dont need it anymore",
        authenticated=True, awaiting="confirmation", reply_contains=["#W1430028"]),
      U("yep that one's right. and throw #W1170711 on there too while ur at it, same reason, dont need that either",
        awaiting="confirmation", reply_contains=["#W1170711"]),
      U("yes both", awaiting="nothing"),
  ],
  cancel={"#W1430028": NLN, "#W1170711": NLN})

S(file="b5_3_05_reason_corrected_at_prompt", cls="3", lang="en", customer="fatima_martin_9326",
  scenario="Cancel #W7538230 as 'no longer needed'; at the prompt she asks to record 'ordered by mistake' instead, at length.",
  right="#W7538230 cancelled with reason 'ordered by mistake'; #W3376947 stays pending.",
  turns=[
      U("Good afternoon. My name is Fatima Martin and my zip code is 92151. I'd like to cancel order #W7538230, which is the "
        "Bluetooth speaker and the gaming mouse, because I no longer need them. My son went and bought himself the very same "
        "ones last weekend, so we'd end up with two of each.",
        authenticated=True, awaiting="confirmation", reply_contains=["#W7538230"]),
      U("Hmm, thinking about it, could you put the reason down as ordered by mistake rather than no longer needed? Strictly "
        "speaking the order itself was a mistake, I thought I was on his wishlist page and pressed buy. Everything else you "
        "listed is correct.",
        awaiting="confirmation", reply_contains=["#W7538230"]),
      U("Yes, go ahead.", awaiting="nothing"),
  ],
  cancel={"#W7538230": OBM})

S(file="b5_3_06_zh_address_other_order", cls="3", lang="zh", customer="sophia_martin_8570",
  scenario="Change the shipping address of #W1603792; at the prompt she declines it and wants the same new address on #W1092119 instead.",
  right="#W1092119 ships to 2100 Westheimer Rd, Apt 8, Houston, TX 77098; #W1603792 keeps its original address.",
  turns=[
      U("您好，我是 Sophia Martin，邮编77034。麻烦把订单 #W1603792 的收货地址改成 2100 Westheimer Rd, Apt 8, Houston, TX 77098",
        authenticated=True, awaiting="confirmation", reply_contains=["#W1603792"]),
      U("哎呀不对不对，#W1603792 不用改，原来的地址没问题。要改的是 #W1092119（行李箱那单），改成刚才那个新地址。",
        awaiting="confirmation", reply_contains=["#W1092119", "2100 Westheimer"]),
      U("嗯，确认", awaiting="nothing"),
  ],
  oaddr={"#W1092119": A("2100 Westheimer Rd", "Apt 8", "Houston", "TX", "77098")})

# ---------------------------------------------------------------- class 2
S(file="b5_2_01_yes_to_all_with_status_and_question", cls="2", lang="en", customer="sofia_rossi_8776",
  scenario="One message: cancel #W5918442, status of pending #W5500815, a refund-time question; then 'yes to all'.",
  right="Only #W5918442 cancelled (ordered by mistake); #W5500815 and #W2818151 stay pending.",
  turns=[
      U("Sofia Rossi, 78784. Three things: cancel #W5918442 (ordered by mistake), tell me where #W5500815 is at, and how long "
        "does a refund to a credit card usually take?",
        authenticated=True, awaiting="confirmation", reply_contains=["#W5918442"]),
      U("yes to all", awaiting="nothing"),
  ],
  cancel={"#W5918442": OBM})

S(file="b5_2_02_zh_all_confirm_one_left_alone", cls="2", lang="zh", customer="daiki_khan_6856",
  scenario="One message: cancel #W5861600, and explicitly leave #W8461477 alone for a few days; then '全部确认，都办了吧'.",
  right="Only #W5861600 cancelled (no longer needed); #W8461477 and #W5875596 stay pending.",
  turns=[
      U("你好，我是 Daiki Khan，邮箱 daiki.khan2146@example.com。帮我取消 #W5861600，不需要了。另外 #W8461477 先别动，"
        "那单我还在犹豫要不要，过几天再说。",
        authenticated=True, awaiting="confirmation", reply_contains=["#W5861600"]),
      U("全部确认，都办了吧", awaiting="nothing"),
  ],
  cancel={"#W5861600": NLN})

S(file="b5_2_03_do_everything_address_postponed", cls="2", lang="en", customer="olivia_jackson_1219",
  scenario="Run-on message: new shipping address for #W3168895, #W6116680's address postponed until the landlord answers, shipping question on #W5663445; then 'do everything'.",
  right="Only #W3168895 ships to 1180 Lincoln Ave, Apt 4, San Jose, CA 95125; every other order keeps status and address; profile untouched.",
  turns=[
      U("hi I'm Olivia Jackson zip 95119 so I'm moving next week and I need #W3168895 sent to my new apartment 1180 Lincoln "
        "Ave, Apt 4, San Jose, CA 95125 instead, the #W6116680 one will probably have to move too but I need to ask my "
        "landlord first so leave that one for now, and has #W5663445 shipped yet?",
        authenticated=True, awaiting="confirmation", reply_contains=["#W3168895", "1180 Lincoln"]),
      U("great do everything pls 🙏", awaiting="nothing"),
  ],
  oaddr={"#W3168895": A("1180 Lincoln Ave", "Apt 4", "San Jose", "CA", "95125")})

S(file="b5_2_04_zh_all_done_lookup_and_later", cls="2", lang="zh", customer="lei_li_6575",
  scenario="One message: cancel #W3189752, look up the contents of #W3414433, #W5166363 deferred to next week; then '都办了吧 👍'.",
  right="Only #W3189752 cancelled (ordered by mistake); #W3414433 and #W5166363 stay pending.",
  turns=[
      U("我是 Lei Li，邮编 85033。三件事：取消 #W3189752，下错单了；帮我看看 #W3414433 里面都有什么；#W5166363 那单下周再说，先不处理。",
        authenticated=True, awaiting="confirmation", reply_contains=["#W3189752"]),
      U("都办了吧 👍", awaiting="nothing"),
  ],
  cancel={"#W3189752": OBM})

S(file="b5_2_05_yes_everything_profile_not_order", cls="2", lang="en", customer="evelyn_ahmed_3960",
  scenario="One message: new default address, explicit instruction to keep pending #W4423731 going to the old address, and a look-up question; then 'yes to everything'.",
  right="Default address becomes 1630 Welton St, Apt 9, Denver, CO 80202; every order keeps its status and address.",
  turns=[
      U("Hello, Evelyn Ahmed, evelyn.ahmed2006@example.com. Please update the default address on my account to 1630 Welton St, "
        "Apt 9, Denver, CO 80202. Order #W4423731 must keep going to 400 Willow Lane though, don't touch that one. Also, "
        "which of my orders are being shipped somewhere other than my home address?",
        authenticated=True, awaiting="confirmation", reply_contains=["1630 Welton"]),
      U("Perfect, yes to everything.", awaiting="nothing"),
  ],
  uaddr=A("1630 Welton St", "Apt 9", "Denver", "CO", "80202"))

# ---------------------------------------------------------------- class 8
S(file="b5_8_01_neighbour_same_zip", cls="8", lang="en", customer="noah_hernandez_4232",
  others=["ivan_kim_7727"],
  scenario="The first message names a neighbour (Ivan Kim, a real customer with the SAME zip 60636) before the speaker, Noah Hernandez, identifies himself.",
  right="Authenticated as Noah Hernandez; #W3897284 cancelled (no longer needed); #W4802126 and Ivan Kim's orders untouched.",
  turns=[
      U("hiya! my neighbor Ivan Kim told me you guys are quick. I'm Noah Hernandez, same zip as him actually, 60636. can you "
        "cancel my e-reader order #W3897284? don't need it anymore",
        authenticated=True, awaiting="confirmation", reply_contains=["#W3897284"]),
      U("yes pls", awaiting="nothing"),
  ],
  cancel={"#W3897284": NLN})

S(file="b5_8_02_zh_colleague_same_zip", cls="8", lang="zh", customer="chen_wilson_4378",
  others=["mei_davis_8935"],
  scenario="First message names a colleague (Mei Davis, same zip 80217) before the speaker Chen Wilson; later asks about the colleague's order #W1267569.",
  right="Authenticated as Chen Wilson; #W8328493 cancelled (ordered by mistake); the request about Mei Davis's order is refused; her orders untouched.",
  turns=[
      U("您好，Mei Davis 是我同事，她推荐我来找你们。我叫 Chen Wilson，邮编也是 80217。我的订单 #W8328493 下错单了，麻烦取消。",
        authenticated=True, awaiting="confirmation", reply_contains=["#W8328493"]),
      U("对，取消吧", awaiting="nothing"),
      U("另外我同事 Mei Davis 的订单 #W1267569 能帮她查一下发货没？她让我顺便问的。", awaiting="nothing"),
  ],
  cancel={"#W8328493": OBM})

S(file="b5_8_03_housemate_apposition", cls="8", lang="en", customer="liam_moore_4057",
  others=["mohamed_li_1979"],
  scenario="Apposition: 'My housemate, Mohamed Li, ...' (same zip 43209) next to the speaker Liam Moore; return of two items from #W6908222 to PayPal.",
  right="Authenticated as Liam Moore; #W6908222 return requested; #W3169501 pending; Mohamed Li's orders untouched.",
  turns=[
      U("Hi, Liam Moore here, zip 43209. My housemate, Mohamed Li, orders from you as well and we have the same zip, so please "
        "don't mix us up. I'd like to return the desk lamp and the hiking boots from #W6908222 and get the refund on my PayPal.",
        authenticated=True, awaiting="confirmation", reply_contains=["#W6908222"]),
      U("Yes, that's right.", awaiting="nothing"),
  ],
  returns=["#W6908222"])

S(file="b5_8_04_zh_roommate_email_possessive", cls="8", lang="zh", customer="olivia_ito_3591",
  others=["anya_kim_6731"],
  scenario="The roommate's e-mail (Anya Kim, same zip 80218) is written first and disowned; the speaker then gives her own name and e-mail.",
  right="Authenticated as Olivia Ito; #W5442520 cancelled (ordered by mistake); her other orders and Anya Kim's order untouched.",
  turns=[
      U("你好！我在用室友 Anya Kim 的电脑，上面登着的邮箱 anya.kim9008@example.com 是她的，不是我的。我本人是 Olivia Ito，"
        "邮箱 olivia.ito5204@example.com。请帮我取消订单 #W5442520，下错单了。",
        authenticated=True, awaiting="confirmation", reply_contains=["#W5442520"]),
      U("是的，取消", awaiting="nothing"),
  ],
  cancel={"#W5442520": OBM})

S(file="b5_8_05_on_behalf_of_aunt", cls="8", lang="en", customer="yusuf_gonzalez_8900",
  others=["fatima_nguyen_7539"],
  scenario="'I usually order on behalf of my aunt, Fatima Nguyen' before the speaker identifies by e-mail; after his own cancellation he asks to cancel the aunt's #W2904339.",
  right="Authenticated as Yusuf Gonzalez; #W2806889 cancelled (ordered by mistake); the aunt's request refused, her orders untouched; #W2230795 pending.",
  turns=[
      U("Hey there. I normally place orders on behalf of my aunt, Fatima Nguyen, but today this is about my own account: "
        "Yusuf Gonzalez, yusuf.gonzalez2399@example.com. Please cancel #W2806889 (the smartphone and the tea kettle), I "
        "ordered it by mistake.",
        authenticated=True, awaiting="confirmation", reply_contains=["#W2806889"]),
      U("yes", awaiting="nothing"),
      U("oh and while I have you, my aunt's order #W2904339, she doesn't need it anymore, can you cancel that for her? "
        "she said it's fine", awaiting="nothing"),
  ],
  cancel={"#W2806889": OBM})

# ---------------------------------------------------------------- class 1
S(file="b5_1_01_question_about_other_order", cls="1", lang="en", customer="yara_muller_8652",
  scenario="Cancel #W5995614; at the prompt 'ok but before I say yes' + a question whether it affects #W5056519; then a clear yes.",
  right="#W5995614 cancelled (no longer needed) only after the final yes; #W5056519 stays pending.",
  turns=[
      U("Hi, Yara Muller here, zip is 85041. Cancel #W5995614 please, the dumbbell set and luggage set, no longer needed.",
        authenticated=True, awaiting="confirmation", reply_contains=["#W5995614"]),
      U("ok but before I say yes: will cancelling this mess with #W5056519? that's the makeup kit and I definitely still want that one",
        awaiting="confirmation"),
      U("got it, then yes, cancel it", awaiting="nothing"),
  ],
  cancel={"#W5995614": NLN})

S(file="b5_1_02_zh_ok_but_refund_question", cls="1", lang="zh", customer="omar_kim_3528",
  scenario="Cancel #W8557584; at the prompt '行，不过…' + a question about the gift-card refund; then a clear yes.",
  right="#W8557584 cancelled (no longer needed) only after the final yes; #W1080318 and #W7111824 stay pending.",
  turns=[
      U("您好，Omar Kim，邮箱 omar.kim8981@example.com。订单 #W8557584 我不需要了，请取消。",
        authenticated=True, awaiting="confirmation", reply_contains=["#W8557584"]),
      U("行，不过这单当时是用礼品卡付的吧？钱是马上退回礼品卡吗？", awaiting="confirmation"),
      U("好的，那就取消吧", awaiting="nothing"),
  ],
  cancel={"#W8557584": NLN})

S(file="b5_1_03_doubt_about_contents", cls="1", lang="en", customer="liam_santos_5468",
  scenario="New shipping address for #W6794581; at the prompt 'sure... hmm wait' + a doubt whether that is the keyboard order; then yes.",
  right="#W6794581 ships to 88 Lamar Blvd, Apt 210, Austin, TX 78704; #W4011814 keeps its address; profile untouched.",
  turns=[
      U("Liam Santos, 78762. pls ship #W6794581 to 88 Lamar Blvd, Apt 210, Austin, TX 78704 instead of the chicago address",
        authenticated=True, awaiting="confirmation", reply_contains=["#W6794581", "88 Lamar"]),
      U("sure... hmm wait, is that the order with the keyboards in it? i thought the keyboards were in that one",
        awaiting="confirmation"),
      U("ahh right, helmet + kettle, my mistake. yes go ahead", awaiting="nothing"),
  ],
  oaddr={"#W6794581": A("88 Lamar Blvd", "Apt 210", "Austin", "TX", "78704")})

S(file="b5_1_04_aside_then_decline", cls="1", lang="en", customer="mei_patel_7272",
  scenario="Cancel #W9583042; at the prompt 'ok sure, and by the way' + a shipping question about #W4082615; then she declines.",
  right="Nothing changes: #W9583042 and #W4082615 stay pending.",
  turns=[
      U("Mei Patel here (mei.patel3193@example.com). I ordered #W9583042 by mistake, please cancel it.",
        authenticated=True, awaiting="confirmation", reply_contains=["#W9583042"]),
      U("ok sure, and by the way has #W4082615 shipped yet? the grill in that one is for a party next month",
        awaiting="confirmation"),
      U("hmm, you know what, leave #W9583042 as it is. not cancelling after all.", awaiting="nothing"),
  ])

# ---------------------------------------------------------------- class 5
S(file="b5_5_01_id_next_to_address", cls="5", lang="en", customer="ivan_khan_7475",
  scenario="'#W5782623 needs to go to 3301 Tryon Road, Apt 5C, Raleigh, NC 27603 now' - the order id sits right before the address.",
  right="#W5782623 ships to 3301 Tryon Road, Apt 5C, Raleigh, NC 27603 (address1 without any id); other orders keep their addresses.",
  turns=[
      U("ivan khan, ivan.khan6479@example.com. #W5782623 needs to go to 3301 Tryon Road, Apt 5C, Raleigh, NC 27603 now, not charlotte",
        authenticated=True, awaiting="confirmation", reply_contains=["#W5782623", "3301 Tryon Road"]),
      U("yes", awaiting="nothing"),
  ],
  oaddr={"#W5782623": A("3301 Tryon Road", "Apt 5C", "Raleigh", "NC", "27603")})

S(file="b5_5_02_old_and_new_profile_address", cls="5", lang="en", customer="james_martin_1500",
  scenario="One message holds the old address (moved out of) and the new one; profile update.",
  right="Default address becomes 47 Juniper Hill Rd, Unit 2, Escondido, CA 92025; orders keep their addresses.",
  turns=[
      U("Hello, I'm James Martin, zip 92112. I've moved out of 153 Cedar Street, Suite 769 in San Diego, my new home is "
        "47 Juniper Hill Rd, Unit 2, Escondido, CA 92025. Please update the address on my account.",
        authenticated=True, awaiting="confirmation", reply_contains=["47 Juniper Hill"]),
      U("Yes please.", awaiting="nothing"),
  ],
  uaddr=A("47 Juniper Hill Rd", "Unit 2", "Escondido", "CA", "92025"))

S(file="b5_5_03_address_split_over_messages", cls="5", lang="en", customer="harper_garcia_5438",
  scenario="Order address change for #W8360923 with the new address given in two pieces over two messages.",
  right="#W8360923 ships to 1875 Larimer Street, Apt 1102, Denver, CO 80202; #W5737680 and the profile keep their addresses.",
  turns=[
      U("hey, Harper Garcia, zip 80242. #W8360923 is set to ship to my old place in Dallas and I don't live there anymore, can we change it?",
        authenticated=True, awaiting="clarification"),
      U("new one is 1875 Larimer Street", awaiting="clarification"),
      U("Apt 1102, Denver CO 80202", awaiting="confirmation", reply_contains=["#W8360923", "1875 Larimer"]),
      U("yep 👍", awaiting="nothing"),
  ],
  oaddr={"#W8360923": A("1875 Larimer Street", "Apt 1102", "Denver", "CO", "80202")})

S(file="b5_5_04_zh_address_glued_to_text", cls="5", lang="zh", customer="fatima_johnson_7581",
  scenario="Chinese message with no spaces around the name, zip and new default address ('…78751谢谢').",
  right="Default address becomes 4410 Duval St, Apt 3, Austin, TX 78751; orders keep their addresses.",
  turns=[
      U("你好我是Fatima Johnson邮编78712，默认地址帮我改成4410 Duval St, Apt 3, Austin, TX 78751谢谢，订单的地址不用动",
        authenticated=True, awaiting="confirmation", reply_contains=["4410 Duval"]),
      U("确认", awaiting="nothing"),
  ],
  uaddr=A("4410 Duval St", "Apt 3", "Austin", "TX", "78751"))

# ---------------------------------------------------------------- lost
S(file="b5_lost_01_two_questions_then_yes", cls="lost", lang="en", customer="evelyn_hernandez_1701",
  scenario="Cancel #W3482034; two digressions at the prompt (return process for #W9628587, refund destination); a later yes must still cancel.",
  right="#W3482034 cancelled (no longer needed); #W9628587 stays delivered (no return); #W4895606 pending.",
  turns=[
      U("Hi there, this is Evelyn Hernandez, evelyn.hernandez3060@example.com. I'd like to cancel #W3482034, the grill. I no "
        "longer need it, we're moving and the new place has one built in.",
        authenticated=True, awaiting="confirmation", reply_contains=["#W3482034"]),
      U("Before that, quick question: how do returns work for delivered stuff? I might send back the sunglasses from "
        "#W9628587 at some point, not today.", awaiting="confirmation"),
      U("And the grill refund goes back to my card, right?", awaiting="confirmation"),
      U("Great, thanks. Yes, cancel the grill order.", awaiting="nothing"),
  ],
  cancel={"#W3482034": NLN})

S(file="b5_lost_02_zh_lookup_then_confirm", cls="lost", lang="zh", customer="aarav_lee_1982",
  scenario="Address change for #W3586556; at the prompt she first looks up #W3361211; then confirms 'the address change from before'.",
  right="#W3586556 ships to 5 E Camelback Rd, Suite 300, Phoenix, AZ 85012; #W3361211 keeps its address.",
  turns=[
      U("你好，Aarav Lee，邮编85025。订单 #W3586556 的收货地址改成 5 E Camelback Rd, Suite 300, Phoenix, AZ 85012，不寄华盛顿了。",
        authenticated=True, awaiting="confirmation", reply_contains=["#W3586556", "Camelback"]),
      U("等等，我先看一下 #W3361211 里都买了些什么，记不清了", awaiting="confirmation"),
      U("好，明白了。刚才那个改地址的，确认办理。", awaiting="nothing"),
  ],
  oaddr={"#W3586556": A("5 E Camelback Rd", "Suite 300", "Phoenix", "AZ", "85012")})

S(file="b5_lost_03_return_survives_brb", cls="lost", lang="en", customer="noah_kovacs_1216",
  scenario="Return both speakers of #W3002300 to the gift card; at the prompt a balance question and a 'brb'; later yes.",
  right="#W3002300 return requested; #W9440076 pending; #W8826221 delivered.",
  turns=[
      U("Noah Kovacs, zip 20566. I want to return both Bluetooth speakers from #W3002300, refund back to the gift card I paid with.",
        authenticated=True, awaiting="confirmation", reply_contains=["#W3002300"]),
      U("hold on, what's the balance on that gift card right now?", awaiting="confirmation"),
      U("brb dog is losing it at the mailman 🐶", awaiting="confirmation"),
      U("ok back. yes go ahead with the return", awaiting="nothing"),
  ],
  returns=["#W3002300"])

# ---------------------------------------------------------------- misc (6 + 4, 7, 10 + 9)
S(file="b5_6_01_malformed_id_ok_then_no", cls="6", also="4", lang="en", customer="james_kim_7213",
  malformed=["#W32892"],
  scenario="Cancel '#W32892' (5 digits, the prefix of the real #W3289292); then 'ok then no, forget it'.",
  right="No order is swapped in; nothing changes (all orders keep their status).",
  turns=[
      U("James Kim, zip 92199. please cancel #W32892, ordered it by mistake", authenticated=True),
      U("ok then no. forget it, I'll find the right number and come back", awaiting="nothing"),
  ])

S(file="b5_7_01_its_address_is_the_order", cls="7", lang="en", customer="ethan_lopez_6291",
  scenario="After reading #W8073920 the customer asks to change 'its address'.",
  right="#W8073920 ships to 2250 Polaris Pkwy, Suite 40, Columbus, OH 43240; the default address and other orders unchanged.",
  turns=[
      U("Ethan Lopez, ethan.lopez8943@example.com. what's in order #W8073920 and where is it headed?",
        authenticated=True, awaiting="nothing", reply_contains=["#W8073920"]),
      U("can u change its address to 2250 Polaris Pkwy, Suite 40, Columbus, OH 43240, I'll be at the office that week",
        awaiting="confirmation", reply_contains=["#W8073920", "2250 Polaris"]),
      U("yes", awaiting="nothing"),
  ],
  oaddr={"#W8073920": A("2250 Polaris Pkwy", "Suite 40", "Columbus", "OH", "43240")})

S(file="b5_10_01_undo_then_handoff_holds", cls="10", also="9", lang="en", customer="sofia_thomas_1518",
  scenario="Cancel #W2297866, yes, then 'undo that' -> human; after the human's first reply the customer asks to cancel #W7619352, which must stay with the human.",
  right="#W2297866 cancelled (no longer needed); handoff; #W7619352 stays pending (the bot does not act during the handoff).",
  turns=[
      U("Sofia Thomas, sofia.thomas3069@example.com. cancel #W2297866 pls (vacuum + dumbbells), no longer needed",
        authenticated=True, awaiting="confirmation", reply_contains=["#W2297866"]),
      U("yes", awaiting="nothing"),
      U("OH NO wait undo that!!! my husband just told me the dumbbells were for his birthday, I need that order back",
        awaiting="human"),
      AG("Hi Sofia, this is Marco from customer care. I'm looking at #W2297866 now."),
      U("thank you Marco!! and while you're there can you also cancel #W7619352, ordered by mistake", awaiting="human"),
      AG("Let me check both with my team, one moment please."),
  ],
  cancel={"#W2297866": NLN}, handoff=True)


# ---------------------------------------------------------------- build
def compute_final(sc):
    cancel = sc.get("cancel", {})
    returns = sc.get("returns", [])
    oaddr = sc.get("oaddr", {})
    uaddr = sc.get("uaddr")
    addr_involved = bool(oaddr) or uaddr is not None
    uid = sc["customer"]
    orders = {}
    for who in [uid] + sc.get("others", []):
        for oid in USERS[who]["orders"]:
            o = ORDERS[oid]
            if who == uid and oid in cancel:
                assert o["status"] == "pending", oid
                orders[oid] = {"status": "cancelled", "cancel_reason": cancel[oid]}
            elif who == uid and oid in returns:
                assert o["status"] == "delivered", oid
                orders[oid] = {"status": "return requested"}
            elif who == uid and oid in oaddr:
                assert o["status"] == "pending", oid
                orders[oid] = {"address": dict(oaddr[oid])}
            else:
                e = {"status": o["status"]}
                if addr_involved:
                    e["address"] = dict(o["address"])
                orders[oid] = e
    for oid in list(cancel) + list(returns) + list(oaddr):
        assert oid in USERS[uid]["orders"], (sc["file"], oid)
    final = {"orders": orders}
    if addr_involved:
        final["users"] = {uid: {"address": dict(uaddr if uaddr else USERS[uid]["address"])}}
    final["handoff"] = bool(sc.get("handoff", False))
    return final


LANG = {"en": "English", "zh": "Chinese"}


def header(sc):
    u = USERS[sc["customer"]]
    name = f"{u['name']['first_name']} {u['name']['last_name']}"
    cls = sc["cls"] + (f" (also class {sc['also']})" if sc.get("also") else "")
    lines = [f"# class: {cls}",
             f"# language: {LANG[sc['lang']]}",
             f"# customer: {sc['customer']} ({name}, zip {u['address']['zip']}, {u['email']})",
             f"# scenario: {sc['scenario']}",
             f"# right outcome: {sc['right']}"]
    if sc.get("others"):
        foreign = [oid for o in sc["others"] for oid in USERS[o]["orders"]]
        lines.append("# other customers: " + ", ".join(sc["others"]))
        lines.append("# foreign: " + " ".join(foreign))
    if sc.get("malformed"):
        lines.append("# malformed: " + " ".join(sc["malformed"]))
    return "\n".join(lines) + "\n"


def main():
    os.makedirs(OUT_DIR, exist_ok=True)
    seen = set()
    for sc in SCENARIOS:
        assert sc["customer"] not in seen, sc["customer"]
        seen.add(sc["customer"])
        doc = {"name": sc["file"], "turns": sc["turns"], "final": compute_final(sc)}
        text = header(sc) + yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=10000,
                                           default_flow_style=False)
        with open(os.path.join(OUT_DIR, sc["file"] + ".yaml"), "w", encoding="utf-8") as f:
            f.write(text)
    print(f"wrote {len(SCENARIOS)} scenarios to {OUT_DIR}")


if __name__ == "__main__":
    main()
