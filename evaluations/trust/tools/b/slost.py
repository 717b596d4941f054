from gen import *

# ---------- lost tasks: a pending change survives a digression / small talk ----------
uid = "raj_lee_3061"
sc("lost_01_refund_question_then_yes", "lost",
   "#W9933266 cancelled (no longer needed) after a refund-time question and a later yes",
   "a policy question while a cancellation awaits confirmation; the later yes still cancels",
   [u("Hi, Raj Lee, zip 75368. Cancel order #W9933266, I no longer need it.",
      authenticated=True, awaiting="confirmation"),
    u("Quick question first: how long does a refund to PayPal take?", awaiting="confirmation"),
    u("Great, then yes, go ahead.")],
   orders=orders_of(uid, {"#W9933266": cancel(NM)}), users={uid: keep_user(uid)}, handoff=False)

uid = "mohamed_khan_3010"
new = A("1200 North Lake Shore Drive", "Apt 15D", "Chicago", "IL", "60610")
sc("lost_02_small_talk_then_yes", "lost",
   "#W7390432's address changed to 1200 North Lake Shore Drive after small talk and a later yes; profile unchanged",
   "small talk while an order address change awaits confirmation",
   [u("Hello, I'm Mohamed Khan, zip 60651. What's the status of order #W7390432?", authenticated=True),
    u("Please change the shipping address of order #W7390432 to 1200 North Lake Shore Drive, Apt 15D, Chicago, IL 60610.",
      awaiting="confirmation"),
    u("lol sorry, my cat just walked across the keyboard", awaiting="confirmation"),
    u("yes, that's right")],
   orders=orders_of(uid, {"#W7390432": {"address": new}}, addr=True), users={uid: keep_user(uid)}, handoff=False)

uid = "evelyn_wilson_8460"
sc("lost_03_balance_question_during_return", "lost",
   "#W6392164 return requested after a gift-card-balance question and a later yes; other orders unchanged",
   "a profile question while a return awaits confirmation",
   [u("Hi, my email is evelyn.wilson8748@example.com. I'd like to return the cycling helmet from order #W6392164, refund to my gift card.",
      authenticated=True, awaiting="confirmation"),
    u("Oh, and what's my gift card balance right now?", awaiting="confirmation"),
    u("ok. yes, go ahead with the return")],
   orders=orders_of(uid, {"#W6392164": {"status": "return requested"}}), users={uid: keep_user(uid)}, handoff=False)

uid = "olivia_khan_9030"
sc("lost_04_zh_policy_question_then_yes", "lost",
   "问完退货政策后再说“是”：#W3840181 取消（no longer needed）",
   "中文：等待确认取消时插问退货政策，之后的“是”仍然有效",
   [u("你好，我是 Olivia Khan，邮编 92110。我要取消订单 #W3840181，不需要了。",
      authenticated=True, awaiting="confirmation"),
    u("对了，你们的退货政策是怎样的？", awaiting="confirmation"),
    u("好的，是，取消吧。")],
   orders=orders_of(uid, {"#W3840181": cancel(NM)}), users={uid: keep_user(uid)}, handoff=False, lang="zh")

uid = "daiki_li_8218"
sc("lost_05_zh_question_before_reason", "lost",
   "被问取消原因时插问退款时间，随后给出原因并确认：#W6958840 取消（ordered by mistake）",
   "中文：取消请求缺原因时先插一个问题，再补原因；任务不能丢",
   [u("您好，我是 Daiki Li，邮编 75201。帮我取消订单 #W6958840。", authenticated=True),
    u("退款一般多久能到账？"),
    u("哦对，下错单了。", awaiting="confirmation", reply_contains=["#W6958840"]),
    u("是")],
   orders=orders_of(uid, {"#W6958840": cancel(OM)}), users={uid: keep_user(uid)}, handoff=False, lang="zh")
