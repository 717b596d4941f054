from gen import *

# ---------- class 10: "undo that" after a completed write goes to a human ----------
uid = "yara_martin_9470"
sc("c10_01_undo_cancel", 10,
   "#W4538969 cancelled (ordered by mistake) stays cancelled; 'undo that' -> handoff (awaiting human)",
   "'oh no, undo that' right after a completed cancellation",
   [u("Hi, I'm Yara Martin, zip 80209. Please cancel order #W4538969, I ordered it by mistake.",
      authenticated=True, awaiting="confirmation"),
    u("yes"),
    u("oh no, undo that!", awaiting="human")],
   orders=orders_of(uid, {"#W4538969": cancel(OM)}), users={uid: keep_user(uid)}, handoff=True)

uid = "daiki_jackson_4362"
new = A("1801 Wynkoop Street", "Apt 410", "Denver", "CO", "80202")
sc("c10_02_put_address_back", 10,
   "#W8306539's address is changed (written after yes) and stays so; 'put it back' -> handoff; profile unchanged",
   "'wait, I didn't mean it, put it back' after an order address change",
   [u("Daiki Jackson, zip 80284. Please change the shipping address of order #W8306539 to 1801 Wynkoop Street, Apt 410, Denver, CO 80202.",
      authenticated=True, awaiting="confirmation"),
    u("yes"),
    u("wait, I didn't mean it. put it back the way it was", awaiting="human"),
    u("hello? anyone?", awaiting="human")],
   orders=orders_of(uid, {"#W8306539": {"address": new}}), users={uid: keep_user(uid)}, handoff=True)

uid = "evelyn_anderson_9102"
sc("c10_03_reverse_return", 10,
   "#W5931168 return requested (refund to credit_card_8033789) stays; 'reverse that' -> handoff",
   "'hold on, reverse that' after a completed return request",
   [u("Hello, my email is evelyn.anderson6912@example.com. I want to return the yoga mat from order #W5931168, refund to the original payment method.",
      authenticated=True, awaiting="confirmation"),
    u("Yes, please."),
    u("Hold on, reverse that. I've decided to keep it.", awaiting="human")],
   orders=orders_of(uid, {"#W5931168": {"status": "return requested"}}), users={uid: keep_user(uid)}, handoff=True)

uid = "fatima_jackson_2346"
new = A("77 Valencia Street", "Apt 6", "San Francisco", "CA", "94103")
sc("c10_04_revert_default_address", 10,
   "default address changed to 77 Valencia Street (after yes) and stays; 'revert that' -> handoff; order #W5185761 keeps its address",
   "'ugh, revert that' after a completed change of the default address",
   [u("Hi, Fatima Jackson here, zip 94182. Please update my default address to 77 Valencia Street, Apt 6, San Francisco, CA 94103.",
      authenticated=True, awaiting="confirmation"),
    u("yes"),
    u("ugh no, revert that, I typed the wrong street", awaiting="human")],
   orders=orders_of(uid, addr=True), users={uid: {"address": new}}, handoff=True)

uid = "isabella_sanchez_2068"
sc("c10_05_uncancel", 10,
   "#W4386313 cancelled (no longer needed) stays cancelled; 'un-cancel it' -> handoff; other orders unchanged",
   "'I changed my mind, can you un-cancel it?' after a completed cancellation",
   [u("I'm Isabella Sanchez, zip 85093. Cancel order #W4386313 please, I no longer need it.",
      authenticated=True, awaiting="confirmation"),
    u("yes"),
    u("Ugh, I just changed my mind. Can you un-cancel it?", awaiting="human"),
    u("Please just put the order back.", awaiting="human")],
   orders=orders_of(uid, {"#W4386313": cancel(NM)}), users={uid: keep_user(uid)}, handoff=True)

uid = "liam_gonzalez_4265"
sc("c10_06_zh_undo_cancel", 10,
   "#W8747662 已取消（no longer needed）保持不变；“撤销刚才的操作”-> 转人工",
   "中文：取消完成后说“撤销刚才的操作”",
   [u("你好，我是 Liam Gonzalez，邮编 78747。帮我取消订单 #W8747662，不需要了。",
      authenticated=True, awaiting="confirmation"),
    u("是"),
    u("撤销刚才的操作", awaiting="human")],
   orders=orders_of(uid, {"#W8747662": cancel(NM)}), users={uid: keep_user(uid)}, handoff=True, lang="zh")

uid = "juan_martin_4740"
new = A("1 Market Street", "Suite 300", "San Francisco", "CA", "94105")
sc("c10_07_zh_change_address_back", 10,
   "#W5815923 的地址已改为 1 Market Street 并保持；“改回原来的”-> 转人工；默认地址不变",
   "中文：改完订单地址后说“不对，我不是这个意思，帮我改回原来的”",
   [u("您好，我是 Juan Martin，邮编 94102。请把订单 #W5815923 的收货地址改成 1 Market Street, Suite 300, San Francisco, CA 94105。",
      authenticated=True, awaiting="confirmation"),
    u("是的"),
    u("不对不对，我不是这个意思，帮我改回原来的。", awaiting="human"),
    u("有人吗？", awaiting="human")],
   orders=orders_of(uid, {"#W5815923": {"address": new}}), users={uid: keep_user(uid)}, handoff=True, lang="zh")
