from gen import *

# ---------- class 7: "its / this order's address" is the order's address, not the profile ----------
uid = "evelyn_hernandez_1701"
new = A("4120 Bayview Court", "Apt 12", "San Diego", "CA", "92109")
sc("c7_01_its_address_after_status", 7,
   "#W3482034's shipping address changed; default address and the other orders unchanged",
   "'change its address' right after reading order #W3482034",
   [u("Hi, I'm Evelyn Hernandez, zip 92139. What's the status of order #W3482034?", authenticated=True),
    u("Can you change its address to 4120 Bayview Court, Apt 12, San Diego, CA 92109?",
      awaiting="confirmation", reply_contains=["#W3482034"]),
    u("Yes.")],
   orders=orders_of(uid, {"#W3482034": {"address": new}}, addr=True), users={uid: keep_user(uid)}, handoff=False)

uid = "mia_nguyen_6399"
new = A("88 Riverwalk Lane", "Unit 5", "San Antonio", "TX", "78205")
sc("c7_02_this_orders_address_two_pending", 7,
   "#W7259788's address changed; profile address and the other pending order #W4657527 unchanged",
   "'this order's address' with two pending orders on the account",
   [u("Hello, email mia.nguyen5072@example.com. Could you pull up order #W7259788 for me?", authenticated=True),
    u("Please update this order's address to 88 Riverwalk Lane, Unit 5, San Antonio, TX 78205.",
      awaiting="confirmation", reply_contains=["#W7259788"]),
    u("yes please")],
   orders=orders_of(uid, {"#W7259788": {"address": new}}, addr=True), users={uid: keep_user(uid)}, handoff=False)

uid = "sophia_martin_8570"
home = dbaddr(U[uid]["address"])
sc("c7_03_that_order_to_home_address", 7,
   "#W1092119 now ships to 760 Elm Avenue, Suite 564, Houston, TX 77034; profile untouched (it already is that address)",
   "'that order's address' set to 'my home address' (the profile address) for an order that ships elsewhere",
   [u("Hi, Sophia Martin, zip 77034. Show me order #W1092119 please.", authenticated=True),
    u("Hmm, that's still going to my old place. Change that order's address to my home address: 760 Elm Avenue, Suite 564, Houston, TX 77034.",
      awaiting="confirmation", reply_contains=["#W1092119"]),
    u("Yes, go ahead.")],
   orders=orders_of(uid, {"#W1092119": {"address": home}}, addr=True), users={uid: keep_user(uid)}, handoff=False)

uid = "james_kim_7213"
sc("c7_04_its_address_declined", 7,
   "change of #W3289292's address listed, customer declines: nothing changed (orders and profile)",
   "'its address' after reading #W3289292, then 'no' at the confirmation",
   [u("Hi, James Kim, 92199. Can you show me order #W3289292?", authenticated=True),
    u("Can you change its address to 2300 Harbor Drive, Apt 7B, San Diego, CA 92101?",
      awaiting="confirmation", reply_contains=["#W3289292"]),
    u("Hmm, no, leave it for now.")],
   orders=orders_of(uid, addr=True), users={uid: keep_user(uid)}, handoff=False)

uid = "yusuf_li_7255"
sc("c7_05_its_address_processed_order", 7,
   "#W3407479 is processed so its address can't change; the profile must not be changed instead: nothing changed",
   "'its address' for a processed order: refused, and the default address must not be changed as a substitute",
   [u("Hi, my name is Yusuf Li, zip 91148. Where is my order #W3407479?", authenticated=True),
    u("Can you change its address to 1550 Sunset Boulevard, Apt 3, Los Angeles, CA 90026?"),
    u("Okay, thanks anyway.")],
   orders=orders_of(uid, addr=True), users={uid: keep_user(uid)}, handoff=False)

uid = "aarav_wilson_9535"
new = A("517 Queens Road", "Apt 9", "Charlotte", "NC", "28207")
sc("c7_06_zh_its_address", 7,
   "#W1046662 的收货地址改为 517 Queens Road；用户默认地址不变",
   "中文：看完订单后说“把它的地址改成…”",
   [u("你好，我是 Aarav Wilson，邮编 28214。帮我看一下订单 #W1046662。", authenticated=True),
    u("把它的地址改成 517 Queens Road, Apt 9, Charlotte, NC 28207。",
      awaiting="confirmation", reply_contains=["#W1046662"]),
    u("是")],
   orders=orders_of(uid, {"#W1046662": {"address": new}}, addr=True), users={uid: keep_user(uid)}, handoff=False, lang="zh")

uid = "raj_martin_9275"
new = A("2901 North Central Avenue", "Suite 120", "Phoenix", "AZ", "85012")
sc("c7_07_zh_this_orders_address", 7,
   "#W7040556 的收货地址改为 2901 North Central Avenue；用户默认地址和已处理订单 #W9879411 不变",
   "中文：“这个订单的收货地址改成…”",
   [u("您好，我的邮箱是 raj.martin1299@example.com。订单 #W7040556 现在是什么状态？", authenticated=True),
    u("这个订单的收货地址帮我改成 2901 North Central Avenue, Suite 120, Phoenix, AZ 85012。",
      awaiting="confirmation", reply_contains=["#W7040556"]),
    u("是的，确认")],
   orders=orders_of(uid, {"#W7040556": {"address": new}}, addr=True), users={uid: keep_user(uid)}, handoff=False, lang="zh")
