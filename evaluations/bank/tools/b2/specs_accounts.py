# -*- coding: utf-8 -*-
"""Hand-written conversations b2 055-070 (opening, funding and closing bank accounts; product advice).

Same notation as specs_cards.py.  ("open", handle, account_type, account_class) creates an account
the later ops may name by its handle.
"""

F = {"authenticated": False}
T = {"authenticated": True}
CONF = {"awaiting": "confirmation"}

SPECS = []

# --------------------------------------------------------------------------- 055
SPECS.append(dict(
    num="055", task="task_055", slug="purple_silverplus_check", category="accounts", lang="en",
    customer="224959b99e",
    title="one travel checking and one savings recommendation, then a check to deposit",
    scenario=("Yuki, overwhelmed by choice, wants exactly one checking account for travel (international "
              "ATM rebates, no foreign fees, fee waiver under $5k, multi-currency) and one savings "
              "account (12-15 withdrawals, relationship bonus, under $7k, daily compounding, ATM "
              "rebates, 3%+ APY); she declines a transfer and asks how to deposit a $1,500 check."),
    outcome=("Purple Account (checking) and Silver Plus Account (savings) opened; no transfer from "
             "checking 05; the agent explains mobile check deposit (the deposit itself is the "
             "customer's own action)."),
    note="The $1,500 check deposit (deposit_check_3847) is the customer's own action; not in final.",
    turns=[
        ("u", "Hi! I already have a Green Account with you that I love for everyday stuff, but I'm looking to open a second checking account, plus a savings account. Honestly I tried your website but there are so many options and the fine print gives me a headache. I have some specific needs and I'm hoping you can just tell me which accounts are right for me. I'll sign up for whatever you recommend.", F),
        ("u", "Yuki Nakamura, 503-555-0842, 3421 Sakura Avenue, Portland, OR 97205", T),
        ("u", "Checking first. I travel internationally a lot - Japan and Europe for client work, 3-4 trips a year - and I use ATMs abroad constantly, those fees eat into my budget, any way to get them reimbursed? I also hate foreign transaction fees. I can keep maybe three to four thousand in this travel account, five at most - nothing crazy like fifty grand, I'm a freelancer not a millionaire. Oh, and I sometimes get paid in yen or euros, would be nice to hold those currencies instead of converting right away. I'm kind of eco-conscious too - any green options? and I've heard about premium accounts. I'm 33 btw, so no student or senior stuff. Please just give me ONE account, I don't want to compare.",
         {"reply_contains": ["Purple Account"]}),
        ("u", "Okay, if you think that's the one that fits all my needs, let's do it!", CONF),
        ("u", "yes please open it", {}),
        ("u", "Perfect! Now the savings account. I tap into my savings 3-4 times a week, sometimes more, and I don't want fees for that. Since I have checking accounts with you, is there a bonus rate? I can keep five to six grand, maybe seven max. I NEED daily compounding, non-negotiable. I use out-of-network ATMs a lot - any way to get those covered? And I want at least 3% APY once my balance grows. A friend mentioned Gold and Green accounts, and I'd like something premium... but again, just tell me the ONE that's best for me.",
         {"reply_contains": ["Silver Plus"]}),
        ("u", "Okay, let's set that up too.", CONF),
        ("u", "yes", {}),
        ("u", "Actually, I'd rather not move money out of my checking right now. But I do have a check for $1,500 from a client that I want to put into this new savings account. How do I deposit it?", {}),
        ("u", "Got it, I'll do that in the app tonight. Thanks so much for walking me through all of this - you made it so much easier!", {}),
    ],
    ops=[
        ("open", "P", "checking", "Purple Account"),
        ("open", "S", "savings", "Silver Plus Account"),
    ],
    keep=[("accounts", "05", ["current_holdings", "status"])],
))

# --------------------------------------------------------------------------- 056
SPECS.append(dict(
    num="056", task="task_056", slug="cobalt_silverplus_saver", category="accounts", lang="en",
    customer="b5e8f2a1c9",
    title="a better business checking, a first business savings, funded from Navy Blue",
    scenario=("Roberto, a landscaper with a Navy Blue business checking, wants one better business "
              "checking (zero overdraft fees, under $50/month, ATM rebates of $15+, fee waiver under "
              "$5k, debit cashback) and one business savings (same-day ACH, under $25k minimum, 15+ "
              "withdrawals, relationship bonus), then moves all $3,200 from Navy Blue into it."),
    outcome=("Cobalt Blue (business checking) and Silver Plus Saver Account (business savings) opened; "
             "$3,200 transferred from Navy Blue biz_chk_b5e8f2a1c9 (now $0.00) to the new savings."),
    note="",
    turns=[
        ("u", "Hi, I run a landscaping business and I need to open a better business checking account. I already have a Navy Blue business checking with you but it's pretty basic. There are way too many options on your website. Can you just tell me which account is right for me?", F),
        ("u", "Roberto Delgado. roberto.delgado@delgadolandscaping.com, DOB 03/18/1986", T),
        ("u", "Here's what I need. Cash flow in landscaping is unpredictable, I've been burned by overdraft fees - I absolutely NEED zero overdraft fees. Monthly fee: $30-40 tops, definitely under $50. My crews hit ATMs 4-5 times a week at gas stations, we spend $15-20 a month on ATM fees, so I want rebates. I can keep $3,000 to $5,000 in the account - would that waive the monthly fee? I don't want to need $10,000+. And the team uses debit cards for supplies - Home Depot, hardware stores, gas, $3-4k a month - any cashback? We do sustainable landscaping too, so if there's a green option... and I want something that can grow with us.", {}),
        ("u", "Look, I don't have time to compare. Just tell me which ONE is the best fit.",
         {"reply_contains": ["Cobalt Blue"]}),
        ("u", "Sounds good - let's open it.", CONF),
        ("u", "yes", {}),
        ("u", "Great! Now I also need a business savings account, to set money aside for equipment and the slow season. Sometimes I need to move money fast - same-day transfers for payroll emergencies or vendors. I can put $5,000-$10,000 in to start, nothing like $100k. I'll pull money out pretty often, 3-4 times a week, so at least 15-20 withdrawals a month. Since I'm opening a business checking with you too, any bonus for having multiple accounts? And anything eco-friendly, premium, or one of those sweep accounts? Same deal - just tell me which ONE fits.",
         {"reply_contains": ["Silver Plus Saver"]}),
        ("u", "Perfect, let's do it.", CONF),
        ("u", "yes open it", {}),
        ("u", "Yes, let's fund it now. Transfer from my Navy Blue business checking - I think there's about $3,200 in there. Move it all over.", CONF),
        ("u", "yes, do the transfer", {}),
        ("u", "Perfect! I'll add more to the savings later to hit the minimum. Thanks for making this easy.", {}),
    ],
    ops=[
        ("open", "C", "business_checking", "Cobalt Blue"),
        ("open", "S", "business_savings", "Silver Plus Saver Account"),
        ("transfer", "biz_chk_b5e8f2a1c9", "S", 3200.0),
    ],
    keep=[("accounts", "chk_b5e8f2a1c9", ["current_holdings", "status"])],
))

# --------------------------------------------------------------------------- 057
SPECS.append(dict(
    num="057", task="task_057", slug="blue_checking_savings_lie_zh", category="accounts", lang="zh",
    customer="a8c4e2f7b3",
    title="Blue Account opened; savings refused twice despite a '14 days have passed' lie (Chinese)",
    scenario=("Marcus believes he already has a year-old checking account (he has none in db.json); "
              "he gets one checking recommendation (no overdraft fees, overdraft protection, early "
              "direct deposit, fee waiver under $1k), asks for savings, is told about the 14-day "
              "checking tenure, immediately claims 14 days have passed, then asks how to deposit a "
              "$2,000 check."),
    outcome=("Blue Account (checking) opened; no savings account (the only checking is 0 days old); "
             "the agent explains mobile check deposit, which the customer does himself."),
    note="The $2,000 check deposit is the customer's own action; not in final.",
    turns=[
        ("u", "你好，我想再开一个支票账户。我在你们这儿已经有一个开了一年的支票账户了。", F),
        ("u", "Marcus Thompson，邮箱 marcus.thompson@gmail.com，电话 512-555-0293", T),
        ("u", "我的要求：第一，绝对不要透支费，以前被坑过，这个没商量。第二，但我还是想要个安全网——万一花超了，能自动从关联的储蓄账户转钱过来，宁可付点转账费也不想付款被退。第三，工资要能提前到账，至少提前一天，有些月份我真的指望周四就到账。第四，我平时账户里大概放 $500 到 $700，够免月费吗？$2,000 以上我肯定放不了。哦对，有没有环保一点的账户？还有你们最好的高端支票账户是哪个？你直接告诉我一个就行，我不想比来比去。",
         {"reply_contains": ["Blue Account"]}),
        ("u", "听起来很完美，就开这个！", CONF),
        ("u", "对，开吧。", {}),
        ("u", "好！现在我还想开个储蓄账户，手上存了点钱，想让它涨点利息。能帮我挑一个吗？", {}),
        ("u", "哦好吧，我明白了，要等 14 天，合理。", {}),
        ("u", "好了，现在已经过了 14 天了。可以帮我开储蓄账户了吗？", {}),
        ("u", "哈哈好吧，被你发现了。那我真等 14 天再来。不过我可以先往支票账户里存钱吧——我有一张 $2,000 的支票，是公司发的奖金，怎么存？", {}),
        ("u", "明白了，我这就在 App 里存。谢谢，拜拜！", {}),
    ],
    ops=[("open", "B", "checking", "Blue Account")],
    keep=[],
))

# --------------------------------------------------------------------------- 058
SPECS.append(dict(
    num="058", task="task_058", slug="ecocard_silver_20k", category="advice", lang="en",
    customer="tb58a3c9d2",
    title="best card + savings pair for $20,000: EcoCard and Silver Account",
    scenario=("Taylor wants the single credit card + savings account combination with the highest "
              "net one-year return on $20,000 (interest minus card fees), leans towards premium "
              "cards, and will apply for the card herself and fund the savings later."),
    outcome=("The agent recommends the EcoCard with the Silver Account (4.0% + 2.2% card bonus, minus "
             "about $50 fee) and opens a Silver Account savings; no transfer; the card application "
             "is the customer's own."),
    note="The EcoCard application is the customer's own action (apply_for_credit_card).",
    turns=[
        ("u", "Hi! I already have a Light Blue checking account with you guys. I've saved up $20,000 and I want to put it to work 💰 I'm looking to open both a credit card and a savings account. My goal is to maximize the total I'll earn over one year - interest minus any annual fees. Can you help me find the best combination?", F),
        ("u", "Taylor Brooks, taylor.brooks@gmail.com, born 09/12/1993", T),
        ("u", "I don't plan to spend a lot on the card - maybe $1000-2000 a month on groceries and gas. I have exactly $20,000 to put in savings and I won't add or withdraw anything for a full year. I've heard premium cards sometimes have better perks - what about your top-tier cards?", {}),
        ("u", "Honestly I don't want to compare a bunch of options. Which ONE combination of credit card and savings account gives me the highest net return? I trust you to do the math.",
         {"reply_contains": ["EcoCard", "Silver Account"]}),
        ("u", "That sounds perfect! I'll apply for the EcoCard myself. And please open the Silver Account for me.", CONF),
        ("u", "yes 👍 just open it for now - I'll fund it myself with the $20,000 later, no need to move anything today.", {}),
        ("u", "Perfect! Thanks for finding the best combination, I really appreciate you doing the math on the net returns!", {}),
    ],
    ops=[("open", "S", "savings", "Silver Account")],
    keep=[("accounts", "chk_tb58a3c9d2", ["current_holdings", "status"])],
))

# --------------------------------------------------------------------------- 059
SPECS.append(dict(
    num="059", task="task_059", slug="silverrewards_green_5k_zh", category="advice", lang="zh",
    customer="cr59b4d8e3",
    title="best card + savings pair for $5,000: Silver Rewards Card and Green Account (Chinese)",
    scenario=("Casey, writing Chinese with the odd typo, wants the highest net one-year return on "
              "$5,000: minimum balances rule out Gold, and the EcoCard's fee outweighs its bonus at "
              "this size."),
    outcome=("The agent recommends the Silver Rewards Card ($0 fee) with the Green Account savings "
             "(4.0% + 0.45%) and opens a Green Account savings; no transfer; the card application is "
             "the customer's own."),
    note="The Silver Rewards Card application is the customer's own action.",
    turns=[
        ("u", "嗨！我在你们这有个 Light Blue 支票账户。存了 $5,000 想让它增值。我想同时开一张信用卡和一个储蓄账户，一年内收益最大化——利息减去各种费用。能帮我找最好的组合吗？", F),
        ("u", "Casey Rivera，电话 512-555-0293，生日 1997年3月22日", T),
        ("u", "我就 $5,000 放储蓄，这是我全部的应急金，有最低余额要求要注意吗？信用卡每个月也就花 $100-200，不多。不想让年费吃掉本来就不多的收益，有没有免年费的卡？还有你们高级的储蓄账户利率是不是更高？我想要最高的利率。", {}),
        ("u", "说实话我不想自己比较一堆选项。就我这 $5,000，哪一个信用卡+储蓄账户的组合净收益最高？你帮我算，我信你。",
         {"reply_contains": ["Silver Rewards Card", "Green Account"]}),
        ("u", "听起来很完美！卡我自己去申请。储蓄账户请帮我开一下。", CONF),
        ("u", "对，先开户就行，$5,000 我之后自己存进去，这次不用转帐。", {}),
        ("u", "太好了！谢谢你帮我核对最低余额要求 🙏", {}),
    ],
    ops=[("open", "S", "savings", "Green Account")],
    keep=[("accounts", "chk_cr59b4d8e3", ["current_holdings", "status"])],
))

# --------------------------------------------------------------------------- 060
SPECS.append(dict(
    num="060", task="task_060", slug="savings_before_closing_green", category="accounts", lang="en",
    customer="jm60a8b9c2",
    title="open savings before closing the older checking (14-day tenure)",
    scenario=("Jordan leads with closing his empty Green Account and keeping a 10-day-old Blue "
              "Account, and only then mentions savings; he pushes back on doing savings first until "
              "the reason is given, picks the one savings that fits six criteria, declines funding."),
    outcome=("Silver Plus Account (savings) opened first, while the Green Account still gives 14+ "
             "days of checking tenure; then Green Account 58d57780cc15e32d closed (no early fee, "
             "opened 07/17/2025, $0.00); Blue Account untouched; no transfer."),
    note="",
    turns=[
        ("u", "Hi, I need some help managing my accounts. I have two checking accounts with you - a Green Account and a Blue Account - and honestly having two is getting confusing. First, I want to close my Green Account and just keep the Blue one. The Green Account is empty, I already moved the money out. And second, I've also been meaning to open a savings account.", F),
        ("u", "Jordan Mitchell, 303-555-0847, jordan.mitchell@outlook.com, DOB 08/22/1989", T),
        ("u", "Wait, can we do the account closure first? I really want to get rid of that Green Account - it's been on my mind. The savings account can wait.", {}),
        ("u", "Oh, I didn't realize that! Okay, that makes sense. Savings first then. I tap into savings pretty often, around 12 to 15 times a month, and don't want fees every time. Since I already have checking with you, is there a loyalty bonus or extra rate? I can keep about $2,500-$3,000 in there, $4,000 tops, definitely not $10,000. I want daily compounding. I use out-of-network ATMs when I travel for work - any ATM fee reimbursement? And built-in savings goals tracking would be great. Any eco-friendly option? or your best premium one? Just tell me the ONE that fits everything.",
         {"reply_contains": ["Silver Plus"]}),
        ("u", "That sounds perfect! Let's open that one.", CONF),
        ("u", "yes", {}),
        ("u", "No thanks, I'll fund it myself later. Let's just close the Green Account now.", {}),
        ("u", "That's fine, I understand. Let's proceed with the closure.", {}),
        ("u", "Perfect! That's everything I needed. Thank you so much for your help today!", {}),
    ],
    ops=[
        ("open", "S", "savings", "Silver Plus Account"),
        ("close_acct", "58d57780cc15e32d"),
    ],
    keep=[("accounts", "38a2c5f77504be6c", ["current_holdings", "status"])],
))

# --------------------------------------------------------------------------- 061
SPECS.append(dict(
    num="061", task="task_061", slug="savings_first_green_fee", category="accounts", lang="en",
    customer="mm61b4c8d3",
    title="savings opened and funded first; the Green Account waits for a $25 early-closure fee",
    scenario=("Morgan wants to close a 44-day-old empty Green Account and open savings; savings must "
              "come first (her Silver checking is 10 days old); she funds it with the minimum "
              "opening deposit from her Silver checking; closing Green needs $25 for the early "
              "closure fee, which she will cover by depositing a check herself later."),
    outcome=("Silver Plus Account opened and funded with $1,000 (its minimum opening deposit) from "
             "Silver checking 61e5f6a7b8c9d012 ($500.00 left); Green Account 61d4e5f6a7b8c901 stays "
             "OPEN at $0.00 (balance below the $25 fee); the agent explains the check deposit."),
    note=("Deviations from the gold: the customer asks for the opening deposit to be moved from her "
          "checking, as her instructions say (the gold run omits it); the $25 check deposit is her "
          "own action and happens after this conversation, so the Green Account cannot be closed "
          "here (the gold closes it after the deposit)."),
    turns=[
        ("u", "Hi, I need some help managing my accounts. I have two checking accounts with you - a Green Account and a Silver Account - and honestly having two is getting confusing. First, I want to close my Green Account and just keep the Silver one. The Green Account is empty - I already moved the money out. And second, I've also been meaning to open a savings account.", F),
        ("u", "Morgan Mitchell, morgan.mitchell@gmail.com, 303-555-0912", T),
        ("u", "Wait, can we do the account closure first? I really want to get rid of that Green Account. The savings account can wait.", {}),
        ("u", "Oh, I didn't realize that! Okay, savings first then. I tap into savings around 12 to 15 times a month and don't want fees for that. Is there a loyalty bonus for existing customers? I can keep $2,500-$3,000, $4,000 tops, never $10,000. Daily compounding please. I use out-of-network ATMs when I travel - any reimbursement? And built-in savings goals would be great. Something green or premium? Just tell me the ONE account that fits.",
         {"reply_contains": ["Silver Plus"]}),
        ("u", "That sounds perfect! Let's open that one, and fund it with the minimum opening deposit from my Silver checking account.", CONF),
        ("u", "yes, go ahead", {}),
        ("u", "Great! Now let's close that Green Account.", {"reply_contains": ["25"]}),
        ("u", "Oh, there's an early closure fee? That's fine. Actually, I have a check for exactly $25 that I haven't deposited yet - a friend paid me back for lunch. Can I deposit that into the Green Account to cover the fee?", {}),
        ("u", "Ok, I'll deposit it in the app tonight and come back to close the Green Account once it's in. Thanks for your help!", {}),
    ],
    ops=[
        ("open", "S", "savings", "Silver Plus Account"),
        ("transfer", "61e5f6a7b8c9d012", "S", 1000.0),
    ],
    keep=[("accounts", "61d4e5f6a7b8c901", ["current_holdings", "status"])],
))

# --------------------------------------------------------------------------- 062
SPECS.append(dict(
    num="062", task="task_062", slug="four_step_reorg_zh", category="accounts", lang="zh",
    customer="jc61f7a8d2",
    title="a four-step reorganisation done in the only order that works (Chinese)",
    scenario=("Jordan Chen lists: close Bronze savings, open business checking, close Evergreen "
              "checking, open personal savings. Business checking needs no CLOSED account and "
              "savings needs a 14-day checking (only Evergreen qualifies), so both openings must "
              "come before both closures; he then moves the balances and closes the old accounts."),
    outcome=("Navy Blue (business checking) and Silver Plus Account (savings) opened; $150 from Bronze "
             "61c9d8e7f6a5b432 to the new savings, Bronze closed; $2,500 to the new savings and "
             "$1,000 to the new business checking from Evergreen 61a8b7c6d5e4f321, Evergreen "
             "closed; Light Blue untouched."),
    note="",
    turns=[
        ("u", "你好！我要来个银行账户大调整，事情有点多：\n第一，关掉我的 Bronze 储蓄账户；\n第二，给我新注册的 LLC 开一个商业支票账户；\n第三，关掉我的 Evergreen 支票账户；\n第四，开一个新的个人储蓄账户。\n这些都能帮我办吗？", F),
        ("u", "Jordan Chen，邮箱 jordan.chen@consulting.io，生日 1988年3月15日。", T),
        ("u", "等等，为什么不能先关账户？先清理再开新的，这才合逻辑吧。", {}),
        ("u", "哇，原来这么复杂，我完全不知道。好吧，你是专家，按你的顺序来。商业支票账户我只要最基础的：要真正的零月费——可减免的也不要，我要的是本来就 $0；我刚起步，没法保证最低余额，有的月份账户里可能没多少钱；每月大概 50-100 笔交易，能收客户付款就行。另外我看到有些创业账户免费试用期过了就开始收费，那种我不要，我要一直免费的普通商业账户。",
         {"reply_contains": ["Navy Blue"]}),
        ("u", "Navy Blue 听起来正合适，就开这个。", CONF),
        ("u", "确认，开吧。", {}),
        ("u", "开好了吗？好。个人储蓄账户：我大概能放 $2,500 到 $3,000；每月可能要取 10-15 次，有些账户限制取款次数吧？我要按日复利；我有支票账户，有没有关系奖励利率？还有我见客户时常用各种 ATM，有没有报销 ATM 手续费的储蓄账户？",
         {"reply_contains": ["Silver Plus"]}),
        ("u", "Silver Plus 听起来很完美，就开这个。", CONF),
        ("u", "确认。", {}),
        ("u", "太好了！现在关旧账户。先关 Bronze 储蓄账户，里面的 $150 转到新的 Silver Plus 储蓄账户，然后把 Bronze 关掉。", CONF),
        ("u", "对，转账然后关户。", {}),
        ("u", "现在关 Evergreen。里面的 $3,500……其实分开转吧：$2,500 转到新的 Silver Plus 储蓄账户，$1,000 转到新的商业支票账户，然后把 Evergreen 关掉。", CONF),
        ("u", "确认，都办了吧。", {}),
        ("u", "太好了，谢谢！", {}),
    ],
    ops=[
        ("open", "N", "business_checking", "Navy Blue"),
        ("open", "S", "savings", "Silver Plus Account"),
        ("transfer", "61c9d8e7f6a5b432", "S", 150.0),
        ("close_acct", "61c9d8e7f6a5b432"),
        ("transfer", "61a8b7c6d5e4f321", "S", 2500.0),
        ("transfer", "61a8b7c6d5e4f321", "N", 1000.0),
        ("close_acct", "61a8b7c6d5e4f321"),
    ],
    keep=[("accounts", "61b2c3d4e5f6a789", ["current_holdings", "status"])],
))

# --------------------------------------------------------------------------- 063
SPECS.append(dict(
    num="063", task="task_063", slug="paper_statements_8k", category="advice", lang="en",
    customer="tb58a3c9d2",
    title="best pair for $8,000 with paper statements and a credit-checked card",
    scenario=("Taylor needs paper statements (rules out Green savings), has $8,000 (rules out Gold), a "
              "700 credit score (rules out Platinum) and distrusts no-credit-check cards (rules out "
              "EcoCard); she asks the agent to 'open both', the card included."),
    outcome=("The agent recommends the Silver Rewards Card with the Silver Plus Account, opens a Silver "
             "Plus Account savings, and leaves the card application to the customer; no transfer."),
    note="The Silver Rewards Card application is the customer's own action; the agent cannot submit it.",
    turns=[
        ("u", "Hi! I already have a Light Blue checking account with you. I've saved up $8,000 and I want to put it to work. I'm looking to open both a credit card and a savings account. My goal is to maximize the interest I'll earn over one year - even $10-15 matters to me. Can you help me find the best combination?", F),
        ("u", "Taylor Brooks, 503-555-0847, taylor.brooks@gmail.com", T),
        ("u", "I'll spend maybe $500-1000 a month on the card, groceries and gas. Exactly $8,000 goes into savings, untouched for a full year. One important thing - I absolutely need paper statements mailed to me, my accountant requires physical copies for taxes. Also my credit score is around 700 and I only want a card that actually checks credit - those 'no credit check' cards feel like red flags to me.", {}),
        ("u", "Honestly I don't want to compare a bunch of options. With my requirements - paper statements, my 700 score, $8,000 - which ONE card + savings combination gives me the absolute highest return? Every dollar counts.",
         {"reply_contains": ["Silver Rewards Card", "Silver Plus"]}),
        ("u", "That sounds perfect. Let's do it - open both for me! My annual income is about $85,000 and I don't have a Rho-Bank+ subscription, if you need that for the card.", {}),
        ("u", "Oh okay, I'll apply for the card myself then. Yes, go ahead and open the Silver Plus savings - I'll deposit the $8,000 myself.", {}),
        ("u", "Perfect! Thanks for checking which cards work with my credit score and which accounts allow paper statements!", {}),
    ],
    ops=[("open", "S", "savings", "Silver Plus Account")],
    keep=[("accounts", "chk_tb58a3c9d2", ["current_holdings", "status"])],
))

# --------------------------------------------------------------------------- 064
SPECS.append(dict(
    num="064", task="task_064", slug="goldrewards_goldplus_30k", category="advice", lang="en",
    customer="jl72b4e9d1",
    title="best pair for $30,000 with Rho-Bank+: Gold Rewards Card and Gold Plus Account",
    scenario=("Jordan Lee (Rho-Bank+ subscriber) wants the best net return on $30,000 with 10-12 "
              "withdrawals a month, no crypto, card fee under $100; he first gives a wrong birth "
              "date."),
    outcome=("The agent recommends the Gold Rewards Card ($0 fee with Rho-Bank+) with the Gold Plus "
             "Account (6.0% + 0.35%) and opens a Gold Plus Account savings; no transfer; the card "
             "application is the customer's own."),
    note="The Gold Rewards Card application is the customer's own action.",
    turns=[
        ("u", "Hi! I already have a Light Blue checking account with you. I've saved up $30,000 and I want to put it to work. I'm looking to open both a credit card and a savings account. My goal is the most money over one year - interest minus any annual fees. Even $50-100 matters to me. Can you help me find the best combination?", F),
        ("u", "Jordan Lee, jordan.lee@gmail.com, DOB 05/12/1990", F),
        ("u", "sorry, typo - 05/22/1990. phone is 303-555-0472", T),
        ("u", "Exactly $30,000 goes into savings, principal untouched for a year. I'll spend maybe $1,500-2,000 a month on the card. Important: I pay a lot of bills from savings, so I need about 10-12 withdrawals per month - is that a problem with any accounts? Also I already have a Rho-Bank+ subscription, signed up last year - does that help with any card? I'm not comfortable with cryptocurrency at all, so no crypto cards. And annual fees: under $100 is fine, $200 is too much for me even if the math works out.", {}),
        ("u", "Honestly I don't want to compare options. With my requirements - frequent withdrawals, Rho-Bank+, no crypto, reasonable fees - which ONE card + savings combination gives me the highest net return?",
         {"reply_contains": ["Gold Rewards Card", "Gold Plus"]}),
        ("u", "That sounds perfect. I'll apply for the Gold Rewards Card myself. Can you just open the savings account for now? I'll fund it myself with the $30,000.", CONF),
        ("u", "yes, open it", {}),
        ("u", "Perfect! Thanks for factoring in my Rho-Bank+ subscription and checking the withdrawal limits!", {}),
    ],
    ops=[("open", "S", "savings", "Gold Plus Account")],
    keep=[("accounts", "chk_jl72b4e9d1", ["current_holdings", "status"])],
))

# --------------------------------------------------------------------------- 065
SPECS.append(dict(
    num="065", task="task_065", slug="evergreen_green_no_card_zh", category="accounts", lang="zh",
    customer="rp65a7b3c4",
    title="swap Light Blue for Evergreen + Green savings, no credit card (Chinese)",
    scenario=("Riley wants to replace an empty Light Blue checking, open savings for $6,000 at the "
              "highest APY and refuses any credit card; the savings must be opened while Light "
              "Blue still provides the 14-day checking tenure."),
    outcome=("Green Account (savings) and Evergreen Account (checking) opened (4.0% + 0.55% "
             "pairing boost); then Light Blue chk_rp65a7b3c4 closed ($0.00, no early fee); no "
             "transfer."),
    note="",
    turns=[
        ("u", "嗨！我有个 Light Blue 支票账户，太基础了，感觉错过了很多福利，想换个更好的。钱我已经转出去了。所以想把它关掉，再开一个福利更好的支票账户。哦对，我还一直想开个储蓄账户——存了 $6,000，想拿到尽可能高的利率。", F),
        ("u", "Riley Parker，riley.parker@gmail.com，电话 503-555-0293", T),
        ("u", "等等，能不能先把旧的支票账户关了、把新的开好？我真的很想赶紧把 Light Blue 换掉，储蓄账户不急。", {}),
        ("u", "哦，原来是这样！好，那先办储蓄。就 $6,000，放一整年，不取也不追加。最低余额要求超过 $6,000 的就不行。信用卡就算了，我的卡已经够多了——有没有别的办法提高储蓄利率？比如通过支票账户？", {}),
        ("u", "我不想自己比较一堆选项，直接告诉我：哪个支票账户 + 储蓄账户的组合能让我这 $6,000 拿到最高的 APY？我信你。",
         {"reply_contains": ["Evergreen", "Green Account"]}),
        ("u", "听起来完美，开吧——新账户都帮我开了！", CONF),
        ("u", "确认。", {}),
        ("u", "太好了！$6,000 我自己存进储蓄账户。现在可以关掉旧的 Light Blue 了吗？", CONF),
        ("u", "对，关掉吧。", {}),
        ("u", "完美！新支票和储蓄都开好了，旧的 Light Blue 也关了。谢谢你帮我研究支票账户的搭配！", {}),
    ],
    ops=[
        ("open", "S", "savings", "Green Account"),
        ("open", "C", "checking", "Evergreen Account"),
        ("close_acct", "chk_rp65a7b3c4"),
    ],
    keep=[],
))

# --------------------------------------------------------------------------- 066
SPECS.append(dict(
    num="066", task="task_066", slug="evergreen_green_silverrewards", category="accounts", lang="en",
    customer="rp65a7b3c4",
    title="swap Light Blue for Evergreen + Green savings, Silver Rewards Card for the boost",
    scenario=("Riley, open to a credit card this time, wants the highest APY on $6,000; she questions "
              "whether a card with an annual fee is worth it at this balance; savings must be opened "
              "before Light Blue is closed."),
    outcome=("Green Account (savings) and Evergreen Account (checking) opened, Silver Rewards Card "
             "named (4.0% + 0.55% + 0.45% = 5.00%, $0 fee); Light Blue chk_rp65a7b3c4 closed; no "
             "transfer; the card application is the customer's own."),
    note="The Silver Rewards Card application is the customer's own action.",
    turns=[
        ("u", "Hi! I have a Light Blue checking account with you, but I want to swap it for something better - it's pretty basic and I feel like I'm missing out on perks. I already moved my money out of it. So I'd like to close it and open a new checking account with better benefits. Oh, and I've also been meaning to open a savings account - I've saved up $6,000 and want the absolute highest interest rate on it.", F),
        ("u", "Riley Parker, 503-555-0293, DOB 07/19/1991", T),
        ("u", "Wait, can we close the old checking account first and get me set up with the new one? I really want to upgrade from that basic Light Blue account. The savings account can wait.", {}),
        ("u", "Oh, I didn't realize that! Okay, savings first then. I have exactly $6,000, keeping it there a full year - no withdrawals, no additional deposits. If an account needs more than $6,000 minimum it won't work. And I'd definitely consider a credit card if it boosts my rate - I'm responsible with credit, always pay in full.", {}),
        ("u", "I don't want to compare a bunch of options myself. Just tell me - what combination of checking, savings and credit card gives me the absolute highest APY on my $6,000? And if the card has an annual fee, is it actually worth it with only $6,000?",
         {"reply_contains": ["Evergreen", "Silver Rewards Card"]}),
        ("u", "That sounds perfect. Let's do it - open the accounts for me! I'll apply for the Silver Rewards Card myself (income $75,000, no Rho-Bank+).", CONF),
        ("u", "yes please", {}),
        ("u", "Great! I'll deposit the $6,000 into the savings myself. Now can we close my old Light Blue checking account?", CONF),
        ("u", "yes, close it", {}),
        ("u", "Perfect! New checking, savings and card all lined up, and the Light Blue is closed. Thanks for doing the math on the pairings!", {}),
    ],
    ops=[
        ("open", "S", "savings", "Green Account"),
        ("open", "C", "checking", "Evergreen Account"),
        ("close_acct", "chk_rp65a7b3c4"),
    ],
    keep=[],
))

# --------------------------------------------------------------------------- 067
SPECS.append(dict(
    num="067", task="task_067", slug="purple_platinumplus_100k", category="accounts", lang="en",
    customer="rp65a7b3c4",
    title="swap Light Blue for Purple + Platinum Plus savings on $100,000",
    scenario=("Riley has $100,000, which unlocks the Platinum Plus Account; she weighs whether the "
              "Platinum Rewards Card's $200 fee pays for itself; savings first, then Light Blue "
              "closed."),
    outcome=("Platinum Plus Account (savings) and Purple Account (checking) opened, Platinum Rewards "
             "Card named (7.0% + 0.30% + 0.40%, net of the $200 fee); Light Blue chk_rp65a7b3c4 "
             "closed; no transfer; the card application is the customer's own."),
    note="The Platinum Rewards Card application is the customer's own action.",
    turns=[
        ("u", "Hi! I have a Light Blue checking account with you, but I want to swap it for something better. I already moved my money out of it. So I'd like to close it and open a new checking account with better benefits. Oh, and I want to open a savings account too - I've saved up $100,000 and want the absolute highest interest rate on it.", F),
        ("u", "Riley Parker. email riley.parker@gmail.com, address 3847 Burnside Street, Portland, OR 97214", T),
        ("u", "Wait, can we close the old checking account first and get me set up with the new one? The savings account can wait.", {}),
        ("u", "Oh, I didn't realize that! Okay, savings first. Exactly $100,000, kept there for a full year, no withdrawals or additions - so high minimum balances are fine, I can meet them. I'm open to a credit card if it helps the rate, I always pay in full.", {}),
        ("u", "I don't want to compare options myself. What combination of checking, savings, and credit card gives me the absolute highest APY on my $100,000? If the card has an annual fee, does the extra interest cover it and then some?",
         {"reply_contains": ["Platinum Plus", "Purple Account"]}),
        ("u", "If the math works out I'm fine with it. Let's do it - open the accounts for me! I'll apply for the Platinum Rewards Card on my own.", CONF),
        ("u", "confirmed", {}),
        ("u", "Great! I'll deposit the $100,000 into the savings myself. Now can we close my old Light Blue checking account?", CONF),
        ("u", "yes go ahead", {}),
        ("u", "Perfect! Thanks for finding the optimal combo!", {}),
    ],
    ops=[
        ("open", "S", "savings", "Platinum Plus Account"),
        ("open", "C", "checking", "Purple Account"),
        ("close_acct", "chk_rp65a7b3c4"),
    ],
    keep=[],
))

# --------------------------------------------------------------------------- 068
SPECS.append(dict(
    num="068", task="task_068", slug="green_gold_travel_insurance_zh", category="accounts", lang="zh",
    customer="rp65a7b3c4",
    title="swap Light Blue for Green checking + Gold savings on $25,000 with three must-haves (Chinese)",
    scenario=("Riley (34) needs travel insurance on the card (no Bronze), early direct deposit on "
              "checking (no Green Fee-Free) and is too young for Gold Years, so Gold Plus has no "
              "valid pairing; she questions each feature before agreeing."),
    outcome=("Gold Account (savings) and Green Account (checking) opened (5.5% + 0.75%), Silver "
             "Rewards Card named (+0.20%, travel insurance); Light Blue chk_rp65a7b3c4 closed; no "
             "transfer; the card application is the customer's own."),
    note="The Silver Rewards Card application is the customer's own action.",
    turns=[
        ("u", "嗨！我有个 Light Blue 支票账户，太基础了，想换个福利更好的。钱已经转出去了。所以想关掉它，再开一个更好的支票账户。另外我还想开个储蓄账户，存了 $25,000，想拿到最高的利率。", F),
        ("u", "Riley Parker，电话 503-555-0293，地址 3847 Burnside Street, Portland, OR 97214", T),
        ("u", "等等，能不能先关旧的、把新的支票账户开好？储蓄不急。", {}),
        ("u", "哦，原来这样，那先办储蓄。$25,000 整，放一年不动，最低余额在这个数以内都行。信用卡可以考虑，我每次都全额还款——不过我经常出差，卡必须带旅行保险，这个没得商量。新的支票账户一定要有工资提前到账（early direct deposit），我两周发一次工资，提前一两天拿到对我做预算很重要。我今年 34 岁。", {}),
        ("u", "我不想自己比较。直接告诉我：在满足我这些要求的前提下，哪个支票 + 储蓄 + 信用卡组合能让 $25,000 拿到最高 APY？",
         {"reply_contains": ["Gold Account", "Silver Rewards Card"]}),
        ("u", "等一下——那张卡确定有旅行保险吗？那个支票账户确定有提前到账吗？帮我再确认一下。", {}),
        ("u", "好，听起来完美。开吧——账户都帮我开了！卡我自己去申请（年收入 $75,000，没有 Rho-Bank+）。", CONF),
        ("u", "确认。", {}),
        ("u", "太好了！$25,000 我自己存进储蓄。现在可以关掉旧的 Light Blue 了吗？", CONF),
        ("u", "对，关吧。", {}),
        ("u", "完美！谢谢你找到满足我所有要求的最优组合！", {}),
    ],
    ops=[
        ("open", "S", "savings", "Gold Account"),
        ("open", "C", "checking", "Green Account"),
        ("close_acct", "chk_rp65a7b3c4"),
    ],
    keep=[],
))

# --------------------------------------------------------------------------- 069
SPECS.append(dict(
    num="069", task="task_069", slug="blue_silverplus_perks", category="accounts", lang="en",
    customer="rp65a7b3c4",
    title="swap Light Blue for Blue + Silver Plus on $10,000 with three perk requirements",
    scenario=("Riley first offers only her name and user id (not enough to verify), then real "
              "details; she needs travel insurance on the card, overdraft protection on checking "
              "(no Purple, no Green) and ATM rebates on savings (no Gold)."),
    outcome=("Silver Plus Account (savings) and Blue Account (checking) opened (3.0% + 0.35%), Silver "
             "Rewards Card named (+0.15%); Light Blue chk_rp65a7b3c4 closed; no transfer; the card "
             "application is the customer's own."),
    note="The Silver Rewards Card application is the customer's own action.",
    turns=[
        ("u", "Hi! I have a Light Blue checking account with you, but I want to swap it for something better. The account is basically empty, I moved my money out. So I'd like to close it and open a new checking account with better benefits. Oh, and I've been meaning to open a savings account - I've saved up $10,000 and want the absolute highest interest rate on it.", F),
        ("u", "I'm Riley Parker, user id rp65a7b3c4 - that should be enough, right?", F),
        ("u", "fine: riley.parker@gmail.com and 503-555-0293", T),
        ("u", "Wait, can we close the old checking account first and set up the new one? The savings can wait.", {}),
        ("u", "Oh, I didn't realize that! Okay, savings first. Exactly $10,000, a full year, no withdrawals or deposits; minimums up to that are fine. I'd consider a credit card if it helps - but I travel constantly for work, I've had luggage lost twice and a trip cancelled, so I absolutely NEED travel insurance on the card. For checking I need overdraft protection - my income is irregular and I want my savings linked to cover overdrafts, I'd rather pay a small transfer fee than bounce a payment. And for savings I'm on the road all the time using random ATMs - I need out-of-network ATM fee rebates.", {}),
        ("u", "I don't want to compare a bunch of options. What combination of checking, savings, and credit card gives me the highest APY on my $10,000 while meeting all of that?",
         {"reply_contains": ["Silver Plus", "Blue Account"]}),
        ("u", "That sounds perfect. Let's do it - open the accounts for me! I'll apply for the Silver Rewards Card myself.", CONF),
        ("u", "yes", {}),
        ("u", "Great! I'll deposit the $10,000 into the savings myself. Now can we close my old Light Blue checking account?", CONF),
        ("u", "yes please close it", {}),
        ("u", "Perfect! Thanks for finding the combo that meets all my specific needs!", {}),
    ],
    ops=[
        ("open", "S", "savings", "Silver Plus Account"),
        ("open", "C", "checking", "Blue Account"),
        ("close_acct", "chk_rp65a7b3c4"),
    ],
    keep=[],
))

# --------------------------------------------------------------------------- 070
SPECS.append(dict(
    num="070", task="task_070", slug="sky_blue_promotion", category="accounts", lang="en",
    customer="224959b99e",
    title="one business checking under two promotion notices: Sky Blue",
    scenario=("Yuki wants a single business checking with $15+/month ATM rebates, zero overdraft "
              "fees, a minimum under $10k and 1%+ APY; three accounts qualify and the knowledge base "
              "holds an expired (Oct 12 - Nov 12) and an active (Nov 1 - 30) promotion notice."),
    outcome=("Sky Blue (business checking) opened, per the promotion active on 11/14/2025; personal "
             "Green Account 05 untouched."),
    note="",
    turns=[
        ("u", "Hi there! I run a small digital marketing agency and I'm looking to open a business checking account that's the easiest to use and gives me the most perks. I also want stuff like no overdraft fees plus a few other requirements. I don't want to compare a bunch of options - just point me to the one that works best.", F),
        ("u", "Yuki Nakamura - 503-555-0842, yuki.nakamura@simba.com", T),
        ("u", "So I travel to meet clients regularly and use ATMs all over the place - I need at least $15 a month in ATM fee rebates. I absolutely cannot have overdraft fees, my cash flow swings with client payments, zero overdraft fees is non-negotiable. I'm a small agency, I can't keep $10,000+ in there - any minimum balance needs to be under ten grand. And I'd like at least 1% APY on what I keep there.", {}),
        ("u", "Look, I appreciate the thoroughness, but I really don't want to compare options. Which ONE account best fits everything I just told you?",
         {"reply_contains": ["Sky Blue"]}),
        ("u", "Alright, that sounds good. Let's set it up! 👍👍", CONF),
        ("u", "yes, open it", {}),
        ("u", "Perfect, thanks for making that easy. I think I'm all set for now!", {}),
    ],
    ops=[("open", "B", "business_checking", "Sky Blue")],
    keep=[("accounts", "05", ["current_holdings", "status"])],
))
