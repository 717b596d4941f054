"""What the customer's words ask of a product: the readers behind ``products.criteria``.

Small pure readers turn the task's messages into a :class:`Criteria`: the product asked
about, amounts and what each is for (a balance they can keep, a cap they will not go
past, spend, a fee ceiling), and the requirements an account must meet (waivable or truly
$0 fees, ATM rebates, early direct deposit, daily compounding, withdrawals a month, …).
Spoken numbers ("five to six grand", "maybe seven max", "三到四千") are written as digits
first; who the customer is (phone, street address and ZIP, email, birth date) is blanked
so it is never read as money. Every pattern goes through ``keel.safety.patterns``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from keel.domain.bank.spoken import ZH_DIGITS, money, spoken_numbers, zh_number
from keel.safety import patterns as rx

MONTHS_A_YEAR = 12
WEEKS_A_MONTH = 52 / 12
NEAR_BEFORE, NEAR_AFTER = 30, 15  # the words read next to an amount
STRICT = 0.01  # "$10,000 or more is too much": the cap sits just under the figure

Kind = Literal["card", "checking", "savings", "pair"]


@dataclass(frozen=True)
class Criteria:
    """What the customer's words ask of a product."""

    kind: Kind | None = None
    business: bool = False
    spend: tuple[tuple[str, float], ...] = ()  # (category, dollars a year), recurring
    one_off: tuple[tuple[str, float], ...] = ()  # (category, dollars), once
    categories: tuple[str, ...] = ()  # categories named, with or without amounts
    no_annual_fee: bool = False
    max_annual_fee: float | None = None
    max_monthly_fee: float | None = None
    no_foreign_fee: bool = False
    protection: bool = False
    min_limit: float | None = None
    no_overdraft_fee: bool = False
    atm_rebates: bool = False
    savings_rebates: bool = False  # the rebates asked of the savings account itself
    atm_abroad: bool = False
    waivable: bool = False
    balance: float | None = None
    years: float = 1.0
    score: int | None = None
    age: int | None = None
    has_plus: bool = False
    signup_bonus: bool = False
    withdrawals: int = 1
    withdrawal: float | None = None
    named: tuple[str, ...] = ()  # products the customer names (a comparison between them)
    held: tuple[str, ...] = ()  # checking products the customer says they hold
    # what an account must do (checking and savings)
    max_balance: float | None = None  # the most they will put in: an account's minimum fits
    min_rebate: float | None = None  # ATM fee rebates a month, at least
    min_apy: float | None = None  # percent, at least (a savings account's best tier)
    zero_fee: bool = False  # truly $0 a month: no fee to waive, no trial that ends
    no_trial: bool = False  # no promotional months after which a fee starts
    no_minimum: bool = False  # no minimum balance to keep
    overdraft_protection: bool = False  # a linked account covers an overdraft
    early_deposit: bool = False  # direct deposit at least a day early
    early_days: int = 0  # … at least this many days early, when a number is said
    out_of_network: bool = False  # cash from ATMs outside the bank's network
    travel_insurance: bool = False  # a card that carries travel insurance
    no_card: bool = False  # a credit card declined
    with_checking: bool = False  # a checking account opened with the savings, for its boost
    multi_currency: bool = False  # hold foreign currencies
    debit_cashback: bool = False  # cash back on debit card purchases
    daily_compounding: bool = False
    relationship: bool = False  # a bonus rate for holding other accounts with the bank
    same_day: bool = False  # same-day ACH transfers
    premium: bool = False  # a wish, not a requirement: the documents name no "premium" tier


CATEGORY_WORDS: tuple[tuple[str, str], ...] = (
    ("groceries", r"\bgrocer\w*|\bsupermarket\w*|超市|买菜|杂货|食品店"),
    ("gas", r"\bgas\b|\bfuel\b|\bpetrol\b|加油|油费|汽油"),
    (
        "dining",
        r"\bdining\b|\bdine\b|\brestaurants?\b|\beating out\b|\bfood delivery\b|"
        r"餐饮|吃饭|外出就餐|餐厅|下馆子",
    ),
    ("travel", r"\btravel\w*|\bflights?\b|\bhotels?\b|\bairfare\b|旅行|旅游|出差|机票|酒店"),
    ("software", r"\bsoftware\b|\bsaas\b|软件"),
    ("media", r"\badvertising\b|\bad spend\b|\bads\b|\bmedia\b|广告"),
    (
        "green",
        r"\beco[- ]?friendly\b|\bgreen (?:merchants?|stores?|purchases?)\b|\bsustainable\b|环保",
    ),
    ("transportation", r"\btransportation\b|\blogistics\b|\bshipping\b|\brideshare\b|物流|运输"),
    ("operations", r"\boperations?\b|\boperational\b|运营"),
)
CATEGORIES = tuple((name, rx.compile(words, rx.I)) for name, words in CATEGORY_WORDS)
CARD_WORD = rx.compile(
    r"\bcredit\s*cards?\b|\bcards?\b|\bcash\s*back\b|\bannual fee\b|\bsign[- ]?up bonus\b|"
    r"\bwelcome bonus\b|信用卡|返现|年费|开卡礼|办卡",
    rx.I,
)
DEBIT_WORD = rx.compile(r"\bdebit\s+cards?\b|借记卡", rx.I)
CHECKING_WORD = rx.compile(
    r"\bchecking\b|\bcurrent account\b|\bATMs?\b|\boverdraft\w*|支票|活期|取款|取钱|透支", rx.I
)
SAVINGS_WORD = rx.compile(
    r"\bsavings?\b|\bAPY\b|\bhigh[- ]yield\b|\binterest\b|储蓄|存款|利息|利率|收益", rx.I
)
PAIR_WORD = rx.compile(r"\bpair\w*|\bcombo\w*|\bcombination\b|组合|搭配|一对", rx.I)
BUSINESS_WORD = rx.compile(
    r"\bbusiness\b|\bcompany\b|\bLLC\b|\bstartup\b|企业|公司|商业|对公", rx.I
)
NO_ANNUAL_FEE = rx.compile(
    r"\bno annual fees?\b|\bwithout (?:an )?annual fee\b|无年费|免年费|没有年费|不要年费", rx.I
)
NO_FOREIGN_FEE = rx.compile(
    r"\bno (?:foreign|international|FX)(?: transaction)? fees?\b|"
    r"\bavoid (?:foreign|international|FX)(?: transaction)? fees?\b|"
    r"\bwithout (?:foreign|international) (?:transaction )?fees?\b|"
    r"(?:无|免|没有|不收|不想付)外币(?:交易)?手续费|免外汇手续费|(?:无|免)境外(?:交易)?手续费",
    rx.I,
)
PROTECTION_WORD = rx.compile(r"\bpurchase protection\b|购物保障|购买保护|消费保障|购物保护", rx.I)
LIMIT_WORD = rx.compile(r"\blimit\b|\bcredit line\b|额度", rx.I)
NO_OVERDRAFT_FEE = rx.compile(
    r"\bno overdraft(?: fees?)?\b|\bwithout overdraft fees?\b|\bzero overdraft\b|"
    r"\boverdraft fees? of \$?0\b|\bstop (?:overdraft|overdrafting)\b|\bkeep overdrafting\b|"
    r"\b(?:can(?:'t|not|’t)|don'?t want to|never want to) (?:have|pay|get)"
    r"(?: any)? overdraft fees?\b|"
    r"(?:无|免|没有|不收|零|不要)透支费|透支不收费|避免透支|老是透支",
    rx.I,
)
REBATE_WORD = rx.compile(
    r"\bATM (?:fee )?(?:rebates?|reimburse\w*)\b|\brebates?\b|返还|报销|退还ATM", rx.I
)
ABROAD_WORD = rx.compile(
    r"\babroad\b|\boverseas\b|\bforeign ATMs?\b|\binternational(?:ly)?\b|\bwhile travel\w*|"
    r"国外|境外|海外|出国",
    rx.I,
)
ATM_WORD = rx.compile(
    r"(?<![A-Za-z])ATMs?(?![A-Za-z])|\bcash withdrawals?\b|\bwithdraw\w*|\btake out\b|"
    r"\bpull out\b|取款|取现|取[^，。？！]{0,4}钱",
    rx.I,
)
CASH_WORD = rx.compile(  # a message about taking out cash: "each" amounts are withdrawals
    ATM_WORD.pattern + r"|取(?!消|决|得|代)|提现|\bcash\b", rx.I
)
EACH_AFTER = rx.compile(
    r"^\s?(?:or so\s|in \w+ currency\s)?(?:each(?! (?:month|year|week))|apiece|a pop|a time|"
    r"per (?:withdrawal|visit|time|trip)|each time)\b|^\s?(?:左右)?\s?(?:每次|一次)",
    rx.I,
)
EACH_BEFORE = rx.compile(
    r"(?:每次|一次)\s?(?:取|提|取现|取钱|取款)?[^，。；]{0,6}$|"
    r"\beach (?:time|withdrawal|visit)\b[^.?!]{0,40}$|\bper (?:withdrawal|visit)\b[^.?!]{0,20}$",
    rx.I,
)
WAIVE_WORD = rx.compile(r"\bwaiv\w*|\bwaive\b|减免|免除|免月费|免收", rx.I)
MONTHLY_FEE_WORD = rx.compile(r"\bmonthly(?: maintenance| service)? fees?\b|月费|管理费", rx.I)
ANNUAL_FEE_WORD = rx.compile(r"\bannual fees?\b|年费", rx.I)
UNDER_WORD = rx.compile(
    r"\bunder\b|\bbelow\b|\bless than\b|\bat most\b|\bno more than\b|\bmax(?:imum)?\b|"
    r"\bcheaper than\b|"
    r"以下|以内|不超过|低于|少于",
    rx.I,
)
BONUS_WORD = rx.compile(
    r"\bsign[- ]?up bonus\w*|\bwelcome bonus\w*|\bnew customer bonus\w*|\bbonus offers?\b|"
    r"开卡礼|开户奖励|新客奖励|迎新",
    rx.I,
)
PLUS_WORD = rx.compile(
    r"\b(?:have|got|with|already (?:have|pay for)|subscribed to)\b[^.。]{0,12}"
    r"\bRho[- ‑]?Bank ?(?:\+|plus)|"
    r"(?:有|开通了|订阅了)\s*Rho[- ‑]?Bank ?(?:\+|plus)",
    rx.I,
)
SCORE = rx.compile(
    r"(?:\bscore\b|\bFICO\b|信用分|信用评分|信用分数)\D{0,14}(\d{3})\b|"
    r"\b(\d{3})\s*(?:credit score|FICO)",
    rx.I,
)
AGE = rx.compile(
    r"\bI(?:'m| am)\s+(\d{1,2})\b(?!\s*(?:k\b|%|dollars))|"
    r"\b(\d{1,2})\s*(?:years? old|-year-old)|我\s*(\d{1,2})\s*岁",
    rx.I,
)
YEARS = rx.compile(
    r"\b(?:over|for|in|across)\s+(?:a|one|two|three|five|(\d{1,2}))?\s*(years?|months?)\b|"
    r"(一|两|二|三|五|半|\d{1,2})\s*(年|个月)",
    rx.I,
)
TIMES = rx.compile(
    r"\b(\d{1,2}|once|twice|two|three|four|five|six)(?:\s+times)?\s+(?:a|per|each)\s+month\b|"
    r"(\d{1,2}|[一两二三四五六七八九十])\s*次",
    rx.I,
)
TIMES_WORDS = {"once": 1, "twice": 2, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
NUMBER_WORDS = {"a": 1, "one": 1, "two": 2, "three": 3, "five": 5}
MONTHLY_WORD = rx.compile(
    r"\ba month\b|\bper month\b|\bmonthly\b|\beach month\b|\b/mo\b|每月|每个月|一个月|月均", rx.I
)
YEARLY_WORD = rx.compile(
    r"\ba year\b|\bper year\b|\bannually\b|\byearly\b|\beach year\b|每年|一年|年均", rx.I
)
SPEND_WORD = rx.compile(
    r"\bspend\w*|\bspent\b|\bpurchase\w*|\bbuy\w*|\bcharge\w*|\bpay(?:s|ing)? for\b|花|消费|买|购",
    rx.I,
)
BALANCE_WORD = rx.compile(
    r"\bdeposit\w*|\bsave\b|\bsaving\b|\bput\b|\bkeep\b|\bhold\b|\bbalance\b|\bpark\b|\binvest\b|\bhave\b|存|余额|放",
    rx.I,
)
CLAUSE = rx.compile(r"[;!?。；，！？、\n]|[.,](?!\d)")
PRODUCT_NAMES = rx.compile(
    r"\b(?:business (?:bronze|silver|gold|platinum) rewards|bronze rewards|silver rewards|"
    r"gold rewards|platinum rewards|diamond elite card|ecocard|eco card|crypto[- ]cash ?back|"
    r"green rewards|silver zoom)\b",
    rx.I,
)


# -- what an account must do -------------------------------------------------------------------

NO_TRIAL = rx.compile(
    r"\bstays? free\b|\bfees? (?:kick|kicks|start|starts) in\b|\btrial (?:period )?(?:that )?"
    r"(?:expires|ends)\b|\bno (?:free )?trial\b|\bnot (?:a |one with a )?(?:free )?trial\b|"
    r"\bafter the (?:trial|promo\w*)\b[^.?!]{0,20}\bfee|试用期[^，。？！]{0,8}(?:收费|结束)|"
    r"之后(?:开始)?收费|不要试用",
    rx.I,
)
ZERO_FEE = rx.compile(
    r"\b(?:genuinely|truly|really|actually|completely) (?:\$0|zero|free|no)\b[^.?!]{0,20}\bfees?\b|"
    r"\beven waivable\b|\bno monthly (?:maintenance |service )?fees? at all\b|"
    r"\bzero monthly (?:maintenance |service )?fees?\b|\$0 (?:monthly )?(?:maintenance )?fees?\b|"
    r"真正(?:的)?(?:零|0|免)月费|零月费|完全(?:免|没有)月费|(?:没有|不要)任何月费",
    rx.I,
)
NO_MINIMUM = rx.compile(
    r"\bno minimum(?: balance)?\b|\bwithout (?:a )?minimum balance\b|"
    r"\bcan(?:'t|not|’t) commit to (?:keeping |maintaining |holding )?a minimum(?: balance)?\b|"
    r"无最低余额|没有最低余额|不要最低余额|不设最低余额",
    rx.I,
)
OVERDRAFT_PROTECTION = rx.compile(
    r"\boverdraft protection\b|\blink(?:ed)? (?:a |my |the )?savings\b[^.?!]{0,40}\bcover|"
    r"\bsavings (?:account )?(?:to )?cover (?:an |any |my )?overdraft|"
    r"透支保护|关联储蓄[^，。？！]{0,8}透支|"
    # "万一花超了，能自动从关联的储蓄账户转钱过来": a linked savings that covers overspending
    r"(?:从|由)?(?:关联|绑定|连接)的?储蓄(?:账户)?[^，。？！]{0,8}(?:转|划|补)",
    rx.I,
)
EARLY_DEPOSIT = rx.compile(
    r"\bearly (?:direct )?deposits?\b|\bdirect deposits?\b[^.?!]{0,80}\b(?:early|before payday)\b|"
    r"\bpaycheck\b[^.?!]{0,60}\bearly\b|\bget paid (?:early|\w+ days? early)\b|"
    r"工资提前|提前到账|提前发薪|提前入账|提前[一两1-2]天到账",
    rx.I,
)
MULTI_CURRENCY = rx.compile(
    r"\bmulti[- ]?currenc\w*|\bmultiple currencies\b|\bforeign currenc\w* (?:balances?|wallet)|"
    r"\bhold (?:those |these |foreign |multiple |other |the )?currenc\w*|"
    r"多币种|多种货币|持有外币|外币余额|外币钱包",
    rx.I,
)
DEBIT_CASHBACK = rx.compile(
    r"\bdebit\b[^?]{0,160}?\bcash\s*back\b|\bcash\s*back\b[^.?!]{0,40}\bdebit(?: cards?)?\b|"
    r"借记卡[^？]{0,30}返现|返现[^。？！]{0,10}借记卡",
    rx.I,
)
DAILY_COMPOUNDING = rx.compile(
    r"\bdaily compound\w*|\bcompound\w* (?:interest )?daily\b|\bcompound\w* (?:every|each) day\b|"
    r"按日复利|每日复利|日复利|每天复利|按天复利|每日计复利",
    rx.I,
)
RELATIONSHIP = rx.compile(
    r"\brelationship (?:bonus|rate|APY)\b|\bloyalty\b|\bbonus (?:rate|interest|APY)\b|"
    r"\b(?:better|higher|extra|bonus) (?:interest )?rate for (?:having|holding|keeping)\b|"
    r"\bextra interest for (?:having|holding|keeping)\b|\bmultiple accounts\b|"
    r"\bfor existing customers\b|"
    r"关系奖励|忠诚|老客户|多个账户|多账户|额外利息|奖励利率",
    rx.I,
)
EARLY_DAYS = rx.compile(  # read after spoken numbers are digits
    r"\b(\d)\s?(?:business\s)?days?\s(?:early|earlier|before|ahead)\b|"
    r"\b(a|one) day\b[^.?!]{0,16}?\b(?:early|earlier|before|ahead)\b|"
    r"提前\s?(\d|[一两二三])\s?天",
    rx.I,
)
OUT_OF_NETWORK = rx.compile(
    r"\bout[- ]of[- ]network\b|\bnon[- ](?:Rho|network)\b|\bnot in (?:your|the bank'?s) network\b|"
    r"\b(?:other|another) banks?'? ATMs?\b|\bnon[- ]?partner\b|"
    r"网络外|网外|非本行|他行|跨行|非合作|非签约|其他银行的?\s*ATM",
    rx.I,
)
TRAVEL_INSURANCE = rx.compile(
    r"\btravel (?:insurance|coverage|protection)\b|\btrip (?:cancellation|insurance)\b|"
    r"旅行(?:保险|险)|旅游(?:保险|险)|行程取消",
    rx.I,
)
NO_CARD = rx.compile(
    r"\b(?:don'?t|do not|doesn'?t|never|not)\s(?:\w+\s){0,3}?"
    r"(?:want|need|interested in|looking for|getting|applying for)\s(?:\w+\s){0,2}?"
    r"(?:a |another |any |more )?(?:new )?credit cards?\b|"
    r"\bno (?:more |new )?credit cards?\b|\bwithout (?:a |any )?(?:new )?credit card\b|"
    r"不要信用卡|不想(?:办|要|申请)信用卡|不需要信用卡",
    rx.I,
)
CHECKING_ACCOUNT = rx.compile(  # the account, not the verb ("thanks for checking")
    r"\bchecking(?= accounts?\b|\s?,|\s(?:and|or|\+)\s|\s?/)|支票|活期", rx.I
)
BOOST_WORD = rx.compile(r"\bboost\w*|\blinked\b|\bpairings?\b|加成|关联", rx.I)
SAME_DAY = rx.compile(r"\bsame[- ]day\b|当天到账|同日到账|当日到账", rx.I)
PREMIUM = rx.compile(
    r"\bpremium\b|\bexclusive\b|\bhigh[- ]end\b|\btop[- ]tier\b|高端|尊享|顶级", rx.I
)
REIMBURSE_WORD = rx.compile(
    r"\breimburs\w*|\bfees? covered\b|\bcover (?:those|the|my|these) (?:ATM )?fees\b|"
    r"\brefund\w* (?:those|the|my) (?:ATM )?fees\b|报销|返还|退还",
    rx.I,
)
FOREIGN_FEE_WORD = rx.compile(
    r"\bforeign (?:transaction |exchange |currency )?fees?\b|"
    r"外币(?:交易)?手续费|境外(?:交易)?手续费",
    rx.I,
)
DISLIKE_WORD = rx.compile(
    r"\bhate\b|\bwithout\b|\bavoid\b|\btired of\b|\bdon'?t want\b|\bno more\b|"
    r"讨厌|不想|不要|免|没有",
    rx.I,
)
AVOID_FEE = rx.compile(
    r"\bavoid (?:the |any |paying )?(?:monthly )?(?:maintenance |service )?fees?\b|"
    r"\bno monthly fee\b[^.?!]{0,20}\bif\b|避免月费|免掉月费|免除月费",
    rx.I,
)
MIN_APY = rx.compile(
    r"\bat least (\d+(?:\.\d+)?)\s?%|"
    r"\b(\d+(?:\.\d+)?)\s?%\s*(?:APY\s*)?or (?:more|better|higher)\b|"
    r"(?:至少|不低于|起码)\s*(\d+(?:\.\d+)?)\s?%",
    rx.I,
)
RATE_WORD = rx.compile(r"\bAPY\b|\binterest\b|\brate\b|\byield\b|利率|利息|收益|年化", rx.I)
AT_LEAST = rx.compile(r"\bat least\b|\bminimum of\b|\bno less than\b|至少|起码|不低于", rx.I)
CAP_WORD = rx.compile(
    r"\bat most\b|\bat the (?:very )?most\b|\bmax(?:imum)?\b|\btops\b|\bno more than\b|\bup to\b|"
    r"\bunder\b|\bbelow\b|\bless than\b|最多|顶多|封顶|不超过|以内|以下",
    rx.I,
)
OVER_CAP_WORD = rx.compile(  # a figure said to be too much: the cap is just under it
    r"\bnothing (?:crazy |huge |big )?like\b|\bnot (?:like |that big|that much)\b|\bor more\b|"
    r"\bor above\b|\bor higher\b|\bcan(?:'t|not|’t) commit to\b|\bdon'?t want to need\b|"
    r"\btoo much\b|\bcan'?t do\b|不能超过|做不到|太多",
    rx.I,
)
CHECKING_NOUN = rx.compile(r"\bchecking\b|支票|活期", rx.I)
SAVINGS_NOUN = rx.compile(r"\bsavings?\b|储蓄|存款", rx.I)
HELD_CHECKING = rx.compile(
    r"\b(?:have|has|hold|holding|got|own|opening|opened|already have|keep)\s+"
    r"(?:a |an |two |some |my |multiple |several |both )?(?:\w+ ){0,2}?checking(?: accounts?)?|"
    r"(?:我有|已经有|持有|开了|在开)[^，。？！]{0,6}(?:支票|活期)(?:账户)?",
    rx.I,
)


def clauses(text: str) -> list[str]:
    """The clauses of ``text`` (amounts and what they are for are read per clause)."""
    return [c for c in CLAUSE.split(text) if c.strip()]


def categories_in(text: str) -> tuple[str, ...]:
    """The spending categories ``text`` names."""
    return tuple(name for name, pattern in CATEGORIES if pattern.search(text))


def kind_of(text: str) -> Kind | None:
    """Which product the words ask about: a card, checking, savings or a card + savings pair.

    Checking accounts the customer holds or is opening ("since I have checking accounts with
    you") say who they are, not what they ask about; cash back on a debit card is no card's.
    """
    text = DEBIT_CASHBACK.sub(" ", NO_CARD.sub(" ", text))
    asked = HELD_CHECKING.sub(" ", text)
    text = OVERDRAFT_PROTECTION.sub(" ", text)  # a savings linked to cover overdrafts: checking
    card = bool(CARD_WORD.search(DEBIT_WORD.sub(" ", text)))
    savings = bool(SAVINGS_WORD.search(text))
    if card and (savings and (PAIR_WORD.search(text) or "+" in text or " and a savings" in text)):
        return "pair"
    if card and savings and rx.search(r"\bsavings? account\b|储蓄账户", text, rx.I):
        return "pair"
    if card:
        return "card"
    checking = len(CHECKING_NOUN.findall(asked))
    if checking and checking >= len(SAVINGS_NOUN.findall(text)):
        return "checking"  # the account the words name most (checking on a tie)
    if savings:
        return "savings"
    if CHECKING_WORD.search(asked):
        return "checking"
    if categories_in(text):  # spending by category: a card's question
        return "card"
    return None


def horizon(text: str) -> float:
    """The years weighed over ("over one year", "for 18 months", "两年"); 1 by default."""
    match = YEARS.search(text)
    if not match:
        return 1.0
    if match.group(2):
        words = match.group(0).lower().split()
        count = next((NUMBER_WORDS[w] for w in words if w in NUMBER_WORDS), None)
        number = float(match.group(1)) if match.group(1) else float(count or 1)
        return number / MONTHS_A_YEAR if match.group(2).lower().startswith("month") else number
    head = match.group(3)
    number = float(head) if head.isdigit() else float(ZH_DIGITS.get(head, 1))
    return number / MONTHS_A_YEAR if match.group(4) == "个月" else number


TRIP = rx.compile(  # read after spoken numbers are digits
    r"\b(\d{1,2})[- ](month|week)s?(?:[- ]long)?\s(?:[\w-]+\s){0,3}?"
    r"(?:trip|stay|assignment|abroad|overseas|away|travel\w*|vacation|sabbatical|tour)\b|"
    r"\b(?:abroad|overseas|away|travel\w*|trip)\b[^.?!]{0,20}?\bfor\s"
    r"(?:about |around |roughly )?(\d{1,2}|a)\s(month|week)s?\b|"
    r"(?:出国|国外|境外|海外|旅行|旅游|出差)[^。？！，]{0,8}?"
    r"(\d{1,2}|[一两二三四五六七八九十])\s?(个月|周|星期)|"
    r"(\d{1,2}|[一两二三四五六七八九十])\s?(个月|周|星期)的?(?:旅行|旅游|出差|行程|海外|出国)",
    rx.I,
)
WEEKS_A_YEAR = 52


def trip_years(text: str) -> float | None:
    """A trip's length in years ("a 3-month trip", "abroad for 2 months", "出国3个月")."""
    match = TRIP.search(spoken_numbers(text))
    if not match:
        return None
    pairs = [match.group(i, i + 1) for i in (1, 3, 5, 7)]
    number, unit = next((n, u) for n, u in pairs if n)
    count = 1.0 if number.lower() == "a" else zh_count(number)
    weekly = unit.lower() == "week" or unit in ("周", "星期")
    return count / (WEEKS_A_YEAR if weekly else MONTHS_A_YEAR)


def early_days_in(text: str) -> int:
    """The fewest days early a direct deposit is asked to arrive ("at least 2 days early")."""
    days = [
        int(d) if d.isdigit() else (1 if d.lower() in ("a", "one") else int(zh_number(d)))
        for match in EARLY_DAYS.finditer(spoken_numbers(text))
        for d in match.groups()
        if d
    ]
    return min(days, default=0)


def with_checking_in(text: str) -> bool:
    """Whether a checking account is asked with the savings for what it adds to it.

    "What combination of checking and savings gives the highest APY?", "boost my savings
    rate through my checking": checking accounts the customer holds are no such ask.
    """
    text = OVERDRAFT_PROTECTION.sub(" ", NO_CARD.sub(" ", text))
    asked = HELD_CHECKING.sub(" ", text)
    linked = PAIR_WORD.search(text) or BOOST_WORD.search(text)
    return bool(CHECKING_ACCOUNT.search(asked) and SAVINGS_NOUN.search(text) and linked)


COUNT = rx.compile(
    r"(?<![\d$.,])(\d{1,3})(?:\s?(?:-|–|~|to|or)\s?(\d{1,3}))?\+?\s?"
    r"(?:(?:ATM|cash|foreign|international|overseas|out[- ]of[- ]network|local)\s){0,3}"
    r"(?:times|withdrawals|transactions|transfers)\s(?:a|per|each|every|/)\s?(week|wk|month|mo)\b|"
    r"\b(once|twice)\s(?:a|per|each|every)\s(week|month)\b",
    rx.I,
)
ZH_COUNT_NUMBER = r"\d{1,3}|十[一二三四五六七八九]?|[一二两三四五六七八九]十?"
ZH_COUNT = rx.compile(
    r"(每周|每星期|一周|每个?月|一个月)[^，。？！\d一二两三四五六七八九十]{0,6}"
    rf"({ZH_COUNT_NUMBER})(?:(?:到|至|-|~)?({ZH_COUNT_NUMBER}))?\s?次"
)


def zh_count(text: str) -> float:
    """A count in digits or Chinese numerals: "12" -> 12, "十五" -> 15."""
    return float(text) if text.isdigit() else zh_number(text)


def withdrawals_in(text: str) -> int:
    """Withdrawals a month: the least of a stated range, a week's as a month's.

    "3-4 times a week" -> 13, "12 to 15 times a month" -> 12, "每周三四次" -> 13, "twice a
    month" -> 2; the most of several statements; 1 when none is stated.
    """
    text = spoken_numbers(text)
    counts: list[float] = []
    for match in COUNT.finditer(text):
        word, per = (match.group(1), match.group(3)) if match.group(1) else match.group(4, 5)
        low = float(TIMES_WORDS.get(word.lower(), 0) or word)
        counts.append(low * (WEEKS_A_MONTH if per.lower().startswith("w") else 1))
    for match in ZH_COUNT.finditer(text):
        weekly = "周" in match.group(1) or "星期" in match.group(1)
        counts.append(zh_count(match.group(2)) * (WEEKS_A_MONTH if weekly else 1))
    if not counts:
        return withdrawals_bare(text)
    return max(round(max(counts)), 1)


def withdrawals_bare(text: str) -> int:
    """Withdrawals a month in the older forms ("3 a month", "每月取3次"); 1 by default."""
    match = TIMES.search(text)
    if not match:
        return 1
    word = (match.group(1) or match.group(2) or "").lower()
    if word.isdigit():
        return max(int(word), 1)
    return int(TIMES_WORDS.get(word, ZH_DIGITS.get(word, 1)))


def score_in(text: str) -> int | None:
    """A credit score the customer states (300-850)."""
    for match in SCORE.finditer(text):
        value = int(match.group(1) or match.group(2))
        if 300 <= value <= 850:
            return value
    return None


def age_in(text: str) -> int | None:
    """An age the customer states ("I'm 19", "65 years old", "我20岁")."""
    match = AGE.search(text)
    if not match:
        return None
    return int(next(g for g in match.groups() if g))


FEE_LIMIT = rx.compile(
    r"\bpay\b|\bcrazy\b|\ba lot\b|\bhate\b|\bbig\b|\bcheap\w*|\btoo (?:much|high)\b|\bhigh\b|"
    r"\bmore than\b|\bunder\b|"
    r"不想|太高|太多|不超过",
    rx.I,
)
FEE_PAY = rx.compile(r"\bpay\w*\b|\bcost\w*\b|付|交", rx.I)
MORE_THAN = rx.compile(r"\bmore than\b|\bover\b|超过", rx.I)
CAP_AFTER = rx.compile(r"^\s?(?:at (?:the )?(?:very )?most|max(?:imum)?|tops)\b", rx.I)
RANGE_JOIN = rx.compile(r"^\s*(?:-|–|~|to|or|到|至)\s*$", rx.I)
REBATE_NEAR = rx.compile(r"\brebates?\b|\breimburs\w*|返还|报销", rx.I)


def fee_cap(context: str) -> str | None:
    """A fee ceiling the words set ("under $10 a month", "pay no more than $40 a month")."""
    annual = ANNUAL_FEE_WORD.search(context)
    monthly = MONTHLY_FEE_WORD.search(context) or (
        FEE_PAY.search(context) and MONTHLY_WORD.search(context)
    )
    if not (annual or monthly):
        return None
    if UNDER_WORD.search(context) or MORE_THAN.search(context):
        return "max_annual_fee" if annual else "max_monthly_fee"
    return None


def cue_role(context: str, after: str = "") -> str | None:
    """What the words next to an amount say it is for, if they say."""
    roles: tuple[tuple[str, rx.Pattern[str]], ...] = (
        ("min_limit", LIMIT_WORD),
        ("waivable", WAIVE_WORD),
        ("withdrawal", ATM_WORD),
        ("spend", SPEND_WORD),
        ("over_cap", OVER_CAP_WORD),
        ("cap", CAP_WORD),
        ("balance", BALANCE_WORD),
    )
    fee = fee_cap(context)
    if fee is not None:
        return fee
    if after.lstrip().startswith("+"):
        return "over_cap"  # "I don't want to need $10,000+"
    return next((role for role, pattern in roles if pattern.search(context)), None)


def fee_named(clause: str) -> str | None:
    """The fee a clause limits without an amount ("I don't want to pay a lot in annual fees")."""
    if WAIVE_WORD.search(clause) or AVOID_FEE.search(clause) or not FEE_LIMIT.search(clause):
        return None
    if ANNUAL_FEE_WORD.search(clause):
        return "max_annual_fee"
    return "max_monthly_fee" if MONTHLY_FEE_WORD.search(clause) else None


def per_withdrawal(before: str, after: str) -> bool:
    """Whether an amount is each withdrawal's ("$300 each", "每次取 $350 左右")."""
    return bool(EACH_AFTER.search(after) or EACH_BEFORE.search(before))


def amount_role(
    before: str, after: str, kind: Kind | None, previous: str | None = None, cash: bool = False
) -> str:
    """What an amount is for: the words before it first, then those after, then the product.

    A bare ceiling right after a fee ceiling ("…$40 a month, definitely less than $50")
    is that fee's too; "at least $15 … in ATM rebates" is a rebate floor; in a message
    about taking out cash, "$300 each" is each withdrawal.
    """
    if cash and per_withdrawal(before, after):
        return "withdrawal"
    near = before[-NEAR_BEFORE:] + " " + after[:NEAR_AFTER]
    if AT_LEAST.search(before[-NEAR_BEFORE:]) and REBATE_NEAR.search(near + after[:40]):
        return "min_rebate"
    role = "cap" if CAP_AFTER.search(after) else cue_role(near, after) or cue_role(before)
    if role in ("cap", "over_cap") and previous in ("max_monthly_fee", "max_annual_fee"):
        return previous if role == "cap" else f"{previous}_over"
    if role is not None:
        return role
    if kind in ("card", None) or MONTHLY_WORD.search(after[:NEAR_AFTER]):
        return "spend"  # "about $2k a month": money that flows, not a balance kept
    return "balance"


@dataclass(frozen=True)
class Stated:
    """An amount or a range of amounts ("$3,000 to $5,000"), with where it stands."""

    low: float
    high: float
    start: int
    end: int


def stated(clause: str) -> list[Stated]:
    """The amounts of a clause, a range ("$30 - $40", "5 grand to 6 grand") read as one."""
    out: list[Stated] = []
    for amount in money(clause):
        if not amount.value:
            continue  # "$0 fees" is no balance
        last = out[-1] if out else None
        if last is not None and RANGE_JOIN.search(clause[last.end : amount.start]):
            low, high = sorted((last.low, amount.value))
            out[-1] = Stated(low, high, last.start, amount.end)
        else:
            out.append(Stated(amount.value, amount.value, amount.start, amount.end))
    return out


def read_clause(
    clause: str,
    kind: Kind | None,
    found: dict[str, Any],
    previous: str | None = None,
    cash: bool = False,
) -> str | None:
    """What each amount in one clause is for (read from the words between amounts).

    Of a range, a balance or a ceiling is its top (what they can keep, the most they will
    pay), a floor its bottom, a spend its middle. Returns the last role read.
    """
    amounts = stated(clause)
    role = None
    for index, amount in enumerate(amounts):
        start = amounts[index - 1].end if index else 0
        stop = amounts[index + 1].start if index + 1 < len(amounts) else len(clause)
        before, after = clause[start : amount.start], clause[amount.end : stop]
        role = amount_role(before, after, kind, previous, cash)
        keep(role, amount, clause, (before, after), found)
        previous = role
    if WAIVE_WORD.search(clause) and amounts:
        found["waivable"] = True
        found["balance"] = max(a.high for a in amounts)
    return role


def keep(
    role: str, amount: Stated, clause: str, words: tuple[str, str], found: dict[str, Any]
) -> None:
    """Record one amount as what its role says (``words``: those before and after it)."""
    before, after = words
    if role == "spend":
        named = categories_in(after) or categories_in(before) or ("other",)
        spend_of(clause, named, (amount.low + amount.high) / 2, found)
    elif role == "waivable":
        found["waivable"] = True
        found["balance"] = max(amount.high, found.get("balance") or 0.0)
    elif role.startswith(("max_monthly_fee", "max_annual_fee")):
        fee, _, over = role.partition("_fee")
        top = amount.high - (STRICT if over else 0.0)  # "$200 is too much": under $200
        found[f"{fee}_fee"] = max(top, found.get(f"{fee}_fee") or 0.0)  # the outer limit holds
    elif role in ("cap", "over_cap"):
        top = amount.high - (STRICT if role == "over_cap" else 0.0)
        found["max_balance"] = min(top, found.get("max_balance") or top)
        if role == "cap" and rx.search(r"\bup to\b", before[-NEAR_BEFORE:], rx.I):
            found.setdefault("balance", amount.high)  # "I can put up to $5,000"
    elif role == "min_rebate":
        found["min_rebate"] = amount.low
    else:
        found[role] = amount.high


def spend_of(clause: str, named: Sequence[str], total: float, found: dict[str, Any]) -> None:
    """A spend split evenly over the categories named; a year's worth when recurring."""
    share = total / len(named)
    if MONTHLY_WORD.search(clause):
        found.setdefault("spend", []).extend((c, share * MONTHS_A_YEAR) for c in named)
    elif YEARLY_WORD.search(clause):
        found.setdefault("spend", []).extend((c, share) for c in named)
    else:
        found.setdefault("one_off", []).extend((c, share) for c in named)


def amounts_read(texts: Sequence[str], kind: Kind | None, asked: str | None) -> dict[str, Any]:
    """What each amount the messages state is for (spoken numbers read as digits)."""
    found: dict[str, Any] = {}
    for text in texts:
        previous = None
        cash = bool(CASH_WORD.search(text))
        for clause in clauses(spoken_numbers(text)):
            previous = read_clause(clause, kind, found, previous, cash) or fee_named(clause)
    last = spoken_numbers(texts[-1]) if texts else ""
    if asked == "amount" and last and "balance" not in found and not money(last):
        bare = rx.search(r"(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)", last)
        if bare:
            found["balance"] = float(bare.group(1).replace(",", ""))
    return found


def min_apy_in(text: str) -> float | None:
    """The least APY asked ("at least 3% APY", "至少3%的利率"), if any."""
    for match in MIN_APY.finditer(text):
        near = text[max(0, match.start() - 25) : match.end() + 25]
        if RATE_WORD.search(near):
            return float(next(g for g in match.groups() if g))
    return None


def dislikes_foreign_fees(texts: Sequence[str]) -> bool:
    """Whether a message names foreign transaction fees as something to be without."""
    return any(FOREIGN_FEE_WORD.search(t) and DISLIKE_WORD.search(t) for t in texts)


SENTENCES = rx.compile(r"[.!?;。！？；\n]+")


def account_needs(texts: Sequence[str], said: str) -> dict[str, Any]:
    """What a checking or savings account must do, as the messages state it."""
    zero_fee = bool(ZERO_FEE.search(said))
    return {
        "zero_fee": zero_fee,
        "no_trial": zero_fee or bool(NO_TRIAL.search(said)),
        "no_minimum": bool(NO_MINIMUM.search(said)),
        "overdraft_protection": bool(OVERDRAFT_PROTECTION.search(said)),
        "early_deposit": bool(EARLY_DEPOSIT.search(said)),
        "early_days": early_days_in(said) if EARLY_DEPOSIT.search(said) else 0,
        "out_of_network": bool(OUT_OF_NETWORK.search(said)),
        "travel_insurance": bool(TRAVEL_INSURANCE.search(said)),
        "no_card": bool(NO_CARD.search(said)),
        "multi_currency": bool(MULTI_CURRENCY.search(said)),
        "debit_cashback": bool(DEBIT_CASHBACK.search(said)),
        "daily_compounding": bool(DAILY_COMPOUNDING.search(said)),
        "relationship": bool(RELATIONSHIP.search(said)),
        "same_day": bool(SAME_DAY.search(said)),
        "premium": bool(PREMIUM.search(said)),
        "min_apy": min_apy_in(said),
        "no_foreign_fee": bool(NO_FOREIGN_FEE.search(said)) or dislikes_foreign_fees(texts),
        "atm_rebates": bool(
            REBATE_WORD.search(said) or (REIMBURSE_WORD.search(said) and ATM_WORD.search(said))
        ),
        "savings_rebates": any(
            SAVINGS_WORD.search(s) and (REBATE_WORD.search(s) or REIMBURSE_WORD.search(s))
            for s in SENTENCES.split(said)
        ),
    }


def criteria(texts: Sequence[str], asked: str | None = None) -> Criteria:
    """Everything the task's messages ask of a product (a later message adds to earlier ones)."""
    said = " ".join(texts)
    kind = kind_of(said)
    with_checking = with_checking_in(said) and kind in ("checking", "savings", "pair", None)
    if with_checking and kind != "pair":
        kind = "savings"  # the savings is what earns; the checking is chosen for its boost
    found = amounts_read(texts, kind, asked)
    needs = account_needs(texts, said)
    atm_abroad = bool(ABROAD_WORD.search(said) and ATM_WORD.search(said))
    trip = trip_years(said) if atm_abroad else None
    waivable = bool(found.get("waivable") or AVOID_FEE.search(said) or WAIVE_WORD.search(said))
    return Criteria(
        kind=kind,
        business=bool(BUSINESS_WORD.search(said)),
        spend=tuple(found.get("spend", ())),
        one_off=tuple(found.get("one_off", ())),
        categories=categories_in(said),
        no_annual_fee=bool(NO_ANNUAL_FEE.search(said)),
        max_annual_fee=found.get("max_annual_fee"),
        max_monthly_fee=found.get("max_monthly_fee"),
        protection=bool(PROTECTION_WORD.search(said)),
        min_limit=found.get("min_limit"),
        no_overdraft_fee=bool(NO_OVERDRAFT_FEE.search(said)),
        atm_abroad=atm_abroad,
        waivable=waivable and not needs["zero_fee"],
        balance=found.get("balance"),
        years=trip or horizon(said),
        score=score_in(said),
        age=age_in(said),
        has_plus=bool(PLUS_WORD.search(said)),
        signup_bonus=bool(BONUS_WORD.search(said)),
        withdrawals=withdrawals_in(said),
        withdrawal=found.get("withdrawal"),
        max_balance=found.get("max_balance"),
        min_rebate=found.get("min_rebate"),
        with_checking=with_checking,
        **needs,
    )


# Asking to be advised rather than naming a choice ("just tell me the ONE that's best").
ADVICE_WORD = rx.compile(
    r"\brecommend\w*|\bsuggest\w*|\badvi[cs]e\b|\bwhich (?:one|account|of|combination)\b|"
    r"\bwhat(?:'s| is| would be)? (?:the )?best\b|\bbest (?:\w+ )?for me\b|"
    r"\bright (?:\w+ )?for me\b|\b(?:tell|give) me (?:\w+ )?(?:one|which)\b|"
    r"\byou (?:pick|choose|decide)\b|\bwhich\b[^.?!]{0,40}\b(?:best|right|fits?)\b|"
    r"推荐|建议|哪个|哪一个|哪种|最适合|最好的",
    rx.I,
)


def states_needs(text: str) -> bool:
    """Whether ``text`` states what an account must do (a balance, fees, ATMs, interest …)."""
    wants = criteria([text])
    return bool(
        wants.balance
        or wants.max_balance
        or wants.atm_rebates
        or wants.atm_abroad
        or wants.no_foreign_fee
        or wants.no_overdraft_fee
        or wants.max_monthly_fee is not None
        or wants.withdrawals > 1
        or wants.min_apy
        or wants.zero_fee
        or wants.no_minimum
        or wants.overdraft_protection
        or wants.early_deposit
        or wants.multi_currency
        or wants.daily_compounding
        or wants.relationship
        or wants.same_day
    )


def asks_advice(text: str) -> bool:
    """Whether ``text`` asks to be advised or states needs an account's choice follows from."""
    return bool(ADVICE_WORD.search(text)) or states_needs(text)
