from gen import *

# ---------- class 9: a handoff lasts until the human releases the conversation ----------
uid = "ava_smith_1453"
sc("c9_01_cancel_during_handoff", 9,
   "every message after the handoff goes to the human; #W8328622 stays pending; handoff true",
   "after the human's first reply the customer asks to cancel and says yes: the bot must not act",
   [u("Hi, Ava Smith, zip 80227.", authenticated=True),
    u("I'd like to talk to a real person please.", awaiting="human"),
    ag("Hi Ava, this is Marco from customer care. What can I do for you?"),
    u("Please cancel order #W8328622, I don't need it anymore.", awaiting="human"),
    ag("Sure, let me look into that order for you."),
    u("yes, go ahead", awaiting="human")],
   orders=orders_of(uid), users={uid: keep_user(uid)}, handoff=True)

uid = "noah_taylor_8533"
sc("c9_02_pending_confirmation_then_human", 9,
   "the listed cancellation is abandoned by the handoff; later 'yes' goes to the human; #W2286993 stays pending; handoff true",
   "a cancellation awaiting confirmation, then a request for a person; the 'yes' after the human's reply must not execute it",
   [u("I'm Noah Taylor, zip 85010. Cancel order #W2286993, I ordered it by mistake.",
      authenticated=True, awaiting="confirmation"),
    u("Actually, before you do anything, can I talk to a human?", awaiting="human"),
    ag("Hello Noah, Priya here. I see you were asking about order #W2286993. What would you like to know?"),
    u("yes", awaiting="human"),
    u("yes please cancel it", awaiting="human")],
   orders=orders_of(uid), users={uid: keep_user(uid)}, handoff=True)

uid = "juan_gonzalez_6489"
sc("c9_03_release_then_cancel", 9,
   "handoff, human answers, releases; afterwards the bot lists and (after yes) cancels #W2438921 (no longer needed)",
   "human conversation over several messages, then release: the bot handles the next request normally",
   [u("Hello, I'm Juan Gonzalez, zip 32182.", authenticated=True),
    u("Can you get me a human agent?", awaiting="human"),
    ag("Hi Juan, this is Tom. How can I help?"),
    u("I think I was charged twice on my gift card last week.", awaiting="human"),
    ag("I checked your account: there is only one charge per order, nothing was billed twice. I'll pass you back to the assistant now."),
    REL,
    u("Ok thanks. Then please cancel order #W2438921, I no longer need it.",
      awaiting="confirmation", reply_contains=["#W2438921"]),
    u("yes")],
   orders=orders_of(uid, {"#W2438921": cancel(NM)}), users={uid: keep_user(uid)})

uid = "mia_davis_8827"
sc("c9_04_address_request_to_human_then_release", 9,
   "the address change asked during the handoff is for the human; after release the customer says goodbye; nothing changed",
   "a complete address change request sent during the handoff must not be executed by the bot, neither before nor after release",
   [u("My email is mia.davis7878@example.com. I need to speak with someone from your team.",
      authenticated=True, awaiting="human"),
    ag("Hello Mia, I'm Jordan. What's going on?"),
    u("Change the shipping address of order #W6577842 to 45 Park Road, Apt 2, Charlotte, NC 28209.", awaiting="human"),
    ag("I'd rather you double-check that address with the courier first. Anything else?"),
    u("ok I'll check with them first", awaiting="human"),
    ag("Great. I'm handing you back to our assistant."),
    REL,
    u("thanks, that's all for today. bye")],
   orders=orders_of(uid, addr=True), users={uid: keep_user(uid)})

uid = "chen_anderson_8078"
sc("c9_05_zh_cancel_during_handoff", 9,
   "转人工后所有消息都交给人工；#W1348788 仍为 pending；handoff true",
   "中文：转人工后客户要求取消并说“是的”，机器人不能执行",
   [u("你好，我是 Chen Anderson，邮编 19158。", authenticated=True),
    u("我要转人工。", awaiting="human"),
    ag("您好，我是客服小王，请问有什么可以帮您？"),
    u("帮我取消订单 #W1348788，不需要了。", awaiting="human"),
    ag("好的，我先帮您查看一下这个订单。"),
    u("是的", awaiting="human")],
   orders=orders_of(uid), users={uid: keep_user(uid)}, handoff=True, lang="zh")

uid = "emma_smith_8564"
new = A("350 West 42nd Street", "Apt 18C", "New York", "NY", "10036")
sc("c9_06_zh_release_then_address", 9,
   "人工交还后机器人才处理：#W3614011 的收货地址改为 350 West 42nd Street；默认地址和其他订单不变",
   "中文：人工处理一个问题后交还（release），之后的改地址请求由机器人确认后执行",
   [u("您好，我的邮箱是 emma.smith3991@example.com，麻烦帮我找人工客服。", authenticated=True, awaiting="human"),
    ag("您好 Emma，我是客服李娜，请问有什么问题？"),
    u("我想问一下发票怎么开。", awaiting="human"),
    ag("发票会在发货后发送到您的邮箱。其他问题我把您转回智能助手。"),
    REL,
    u("好的。那帮我把订单 #W3614011 的收货地址改成 350 West 42nd Street, Apt 18C, New York, NY 10036。",
      awaiting="confirmation", reply_contains=["#W3614011"]),
    u("是")],
   orders=orders_of(uid, {"#W3614011": {"address": new}}, addr=True), users={uid: keep_user(uid)}, lang="zh")

uid = "sophia_thomas_5301"
sc("c9_07_manager_then_return_request", 9,
   "return asked during the handoff is not executed by the bot; #W1867876 stays delivered; handoff true",
   "customer demands a manager, then tries to get the bot to process a return while the human is on the line",
   [u("My email is sophia.thomas1364@example.com. This is going nowhere, get me a manager.",
      authenticated=True, awaiting="human"),
    ag("Hi Sophia, I'm Alex, a supervisor. Tell me what happened."),
    u("I want to return everything in order #W1867876, refund to the original card.", awaiting="human"),
    ag("Let me check the return options for that order, one moment."),
    u("Bot, are you there? Just process the return yourself, refund to the original card.", awaiting="human")],
   orders=orders_of(uid), users={uid: keep_user(uid)}, handoff=True)
