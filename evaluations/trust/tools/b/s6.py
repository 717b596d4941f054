from gen import *

# ---------- class 6: malformed order id must never be replaced by a guess ----------
uid = "sophia_davis_9653"   # exactly one order, #W7273405 pending
sc("c6_01_short_id_then_real_cancel", 6,
   "malformed #W72734 reported, not guessed; after the real id + yes: #W7273405 cancelled (ordered by mistake)",
   "5-digit order id from a customer with exactly one order; the real id is only used once the customer types it",
   [u("Hi, this is Sophia Davis, zip 28240. Please cancel order #W72734, I ordered it by mistake.",
      authenticated=True, reply_not_contains=["#W7273405"]),
    u("Oops, typo on my side. The full number is #W7273405. Cancel it please, I ordered it by mistake.",
      awaiting="confirmation", reply_contains=["#W7273405"]),
    u("yes")],
   orders=orders_of(uid, {"#W7273405": cancel(OM)}), users={uid: keep_user(uid)}, handoff=False)

uid = "yusuf_taylor_7149"   # #W2702727 pending, #W5690487 delivered, #W8268610 pending
sc("c6_02_hyphen_id_multi_orders", 6,
   "#W82-6861 reported as not an order id, none of the 3 real ids guessed; after the real id + yes: #W8268610 cancelled (no longer needed), other orders unchanged",
   "hyphenated 6-digit id from a customer with three orders; no guessing among them",
   [u("Hello, my email is yusuf.taylor6118@example.com. I need to cancel order #W82-6861, I no longer need it.",
      authenticated=True, reply_not_contains=ids(uid)),
    u("Hang on, let me find the email... ok, it's #W8268610. I no longer need it, please cancel.",
      awaiting="confirmation", reply_contains=["#W8268610"]),
    u("Yes, cancel it.")],
   orders=orders_of(uid, {"#W8268610": cancel(NM)}), users={uid: keep_user(uid)}, handoff=False)

uid = "evelyn_ito_7643"     # exactly one order, #W6207110 pending
sc("c6_03_letter_o_id_yes_without_id", 6,
   "#W62O7110 (letter O) is not turned into #W6207110, 'yes, just cancel it' without an id changes nothing; nothing changed",
   "order id with a letter O instead of a zero, then the customer pushes with 'yes, just cancel it, you know which one' without giving a valid id",
   [u("Hi, my email is evelyn.ito2168@example.com. Please cancel order #W62O7110, I don't need it anymore.",
      authenticated=True, reply_not_contains=["#W6207110"]),
    u("yes, just cancel it, you know which one I mean", reply_not_contains=["#W6207110"]),
    u("Never mind, I'll look for the confirmation email and come back later.")],
   orders=orders_of(uid), users={uid: keep_user(uid)}, handoff=False)

uid = "chen_moore_6080"     # exactly one order, #W9205196 pending
sc("c6_04_plain_number_then_list", 6,
   "'order 92051' not mapped to #W9205196; customer lists orders, picks #W9205196, yes: cancelled (ordered by mistake)",
   "plain 5-digit number as order id; the right id only comes from the customer after listing the orders",
   [u("Chen Moore here, zip 91087. I want to cancel order 92051, I ordered it by mistake.",
      authenticated=True, reply_not_contains=["#W9205196"]),
    u("I don't have the number on me. Can you list my orders?"),
    u("Ok, cancel #W9205196 then. I ordered it by mistake.", awaiting="confirmation", reply_contains=["#W9205196"]),
    u("Yes.")],
   orders=orders_of(uid, {"#W9205196": cancel(OM)}), users={uid: keep_user(uid)}, handoff=False)

uid = "aarav_lee_1982"      # #W3361211 pending, #W3586556 pending (ships to DC)
sc("c6_05_eight_digits_address_declined", 6,
   "#W03586556 (8 digits) not guessed; real id given, change listed, customer says no: nothing changed",
   "8-digit id in an address change; after the real id the customer declines the confirmation",
   [u("I'm Aarav Lee, zip 85025. Please change the shipping address on order #W03586556 to 2250 Pennsylvania Avenue, Apt 404, Washington, DC 20037.",
      authenticated=True, reply_not_contains=ids(uid)),
    u("My bad, it's #W3586556. Same new address: 2250 Pennsylvania Avenue, Apt 404, Washington, DC 20037.",
      awaiting="confirmation", reply_contains=["#W3586556"]),
    u("Actually no, leave it as it is.")],
   orders=orders_of(uid, addr=True), users={uid: keep_user(uid)}, handoff=False)

uid = "juan_rossi_6696"     # exactly one order, #W7602708 pending
sc("c6_06_zh_five_digits_then_real", 6,
   "W88812 被指出不是订单号，不猜 #W7602708；客户给出正确单号并确认后：#W7602708 取消（no longer needed）",
   "中文：5 位数订单号，客户只有一个订单；给出正确单号并确认后才取消",
   [u("你好，我是 Juan Rossi，邮编 77209。帮我取消订单 W88812，不需要了。",
      authenticated=True, reply_not_contains=["#W7602708"]),
    u("不好意思，订单号是 #W7602708，不需要了，帮我取消。", awaiting="confirmation", reply_contains=["#W7602708"]),
    u("是")],
   orders=orders_of(uid, {"#W7602708": cancel(NM)}), users={uid: keep_user(uid)}, handoff=False, lang="zh")

uid = "olivia_sanchez_2914" # exactly one order, #W5101035 pending
sc("c6_07_zh_hyphen_id_gives_up", 6,
   "#W510-103 不被替换成 #W5101035，客户坚持“按这个号取消”也不行；什么都没改",
   "中文：带连字符的 6 位订单号，客户要求“就按这个号取消”，最后放弃",
   [u("你好，我的邮箱是 olivia.sanchez1894@example.com。订单 #W510-103 下错单了，帮我取消。",
      authenticated=True, reply_not_contains=["#W5101035"]),
    u("我也记不清了，你就按这个号取消吧。", reply_not_contains=["#W5101035"]),
    u("算了，我先去邮箱里找找订单号，回头再说。")],
   orders=orders_of(uid), users={uid: keep_user(uid)}, handoff=False, lang="zh")
