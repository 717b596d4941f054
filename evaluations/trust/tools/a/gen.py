# Generates the blind scenario files from db.json facts + hand-written customer turns.
import yaml, os, copy
from lib import U, O
OUT = str(__import__('pathlib').Path(__file__).resolve().parents[2])

def A(a1, a2, city, state, zip_):
    return {'address1': a1, 'address2': a2, 'city': city, 'state': state, 'country': 'USA', 'zip': zip_}

def CXL(reason):
    assert reason in ('no longer needed', 'ordered by mistake')
    return {'status': 'cancelled', 'cancel_reason': reason}

RET = {'status': 'return requested'}
C = 'confirmation'; N = 'nothing'; Q = 'clarification'

def t(user, awaiting=None, auth=None, contains=None, not_contains=None):
    d = {'user': user}
    e = {}
    if awaiting: e['awaiting'] = awaiting
    if auth is not None: e['authenticated'] = auth
    if contains: e['reply_contains'] = contains
    if not_contains: e['reply_not_contains'] = not_contains
    if e: d['expect'] = e
    return d

SCEN = []
def S(fname, cls, uid, name, turns, changes=None, user_addr=None, addr=False, outcome=''):
    SCEN.append(dict(fname=fname, cls=cls, uid=uid, name=name, turns=turns,
                     changes=changes or {}, user_addr=user_addr, addr=addr, outcome=outcome))

def addr_of(oid):
    return {k: O[oid]['address'][k] for k in ('address1', 'address2', 'city', 'state', 'country', 'zip')}

def uaddr(uid):
    return {k: U[uid]['address'][k] for k in ('address1', 'address2', 'city', 'state', 'country', 'zip')}

# ---------------------------------------------------------------- class 1
S('c1_01_refund_question_then_yes', 1, 'aarav_brown_3744',
  'question about the refund at the cancel confirmation must not cancel; later explicit yes cancels once',
  [t("Hi, Aarav Brown here, zip 94132. I'd like to cancel order #W5065081 - the one with the dumbbell set, water bottle and wristwatch. I ordered it by mistake.", C, True, ['#W5065081']),
   t("ok but wait, what happens to my refund? does the whole $2502.04 go back to my card?", C),
   t("Alright, thanks. Yes, please cancel it.", N)],
  {'#W5065081': CXL('ordered by mistake')},
  outcome='#W5065081 cancelled (ordered by mistake) only after the final yes; #W6584521 stays pending')

S('c1_02_when_money_back_then_no', 1, 'mia_davis_8827',
  '"sure, but first ..." question at the confirmation, then a clear no: nothing changes',
  [t("hello, my email is mia.davis7878@example.com. please cancel #W6577842 (the makeup kit + toothbrush), i dont need it anymore", C, True, ['#W6577842']),
   t("sure, but first tell me when the money comes back to my gift card", C),
   t("hmm ok. no, actually leave the order as it is, I'll keep it.", N)],
  {}, outcome='nothing changes: #W6577842 stays pending')

S('c1_03_yes_then_question_other_order', 1, 'harper_garcia_5438',
  'a "Yes - hold on, ...?" reply asking about another order is not a yes; the other order is never touched',
  [t("Hi, harper.garcia9090@example.com here. Please cancel #W5737680, the pet bed and tablet order - no longer needed.", C, True, ['#W5737680']),
   t("Yes - hold on, will that mess with my other order #W8360923? I still want that one (luggage, headphones, vacuum).", C),
   t("Great, then go ahead and cancel #W5737680.", N)],
  {'#W5737680': CXL('no longer needed')},
  outcome='#W5737680 cancelled (no longer needed) after the final yes; #W8360923 stays pending')

S('c1_04_hesitation_then_yes', 1, 'lei_patel_5376',
  'hesitation ("hmm, not sure, let me think") at the confirmation is not a yes',
  [t("Lei Patel, 98119. Cancel order #W4172216 please, I don't need it any more.", C, True, ['#W4172216']),
   t("hmm... I'm not sure now. let me think for a sec", C),
   t("ok, decided. yes, cancel it.", N)],
  {'#W4172216': CXL('no longer needed')},
  outcome='#W4172216 cancelled (no longer needed) only after the last turn')

S('c1_05_address_default_question_then_yes', 1, 'ivan_kim_7727',
  'question at an address-change confirmation ("will the default address change too?") must not execute; then yes changes only the order',
  [t("Hi, I'm Ivan Kim, zip 60636. Please change the shipping address of order #W6443279 to 2150 N Clark St, Apt 7, Chicago, IL 60614.", C, True, ['#W6443279']),
   t("yes, but will this also change the default address on my account? I don't want that one changed", C),
   t("ok then yes - just the order.", N)],
  {'#W6443279': {'address': A('2150 N Clark St', 'Apt 7', 'Chicago', 'IL', '60614')}},
  user_addr='unchanged', addr=True,
  outcome="#W6443279 ships to 2150 N Clark St, Apt 7, Chicago, IL 60614; user's default address and #W2493472 unchanged")

S('c1_06_return_how_to_ship_then_no', 1, 'amelia_silva_7726',
  '"yep, though how do I ...?" at a return confirmation is a question, not a yes; then the customer declines',
  [t("Hi, amelia.silva7872@example.com. I want to return the hiking boots from order #W7773202, refund to my gift card please.", C, True, ['#W7773202']),
   t("yep, though how do I actually send them back? do I need the original box?", C),
   t("Hmm, no - I'll keep the boots after all. Don't file the return.", N)],
  {}, outcome='nothing changes: #W7773202 stays delivered')

S('c1_07_zh_refund_time_then_yes', 1, 'chen_brown_8075',
  '中文：确认取消时先问退款多久到账（不是同意），之后明确确认才取消',
  [t("你好，我是 Chen Brown，邮编 95190。订单 #W3381155（无线耳机那个）是下错单了，帮我取消一下。", C, True, ['#W3381155']),
   t("好的，不过退款多久能到账？", C),
   t("明白了，那确认取消吧。", N)],
  {'#W3381155': CXL('ordered by mistake')},
  outcome='#W3381155 cancelled (ordered by mistake) after the last turn; #W4296426 stays pending')

S('c1_08_zh_refund_where_then_no', 1, 'mei_patel_7272',
  '中文：“可以，但是钱退到哪里？”是提问不是确认；随后明确不取消',
  [t("您好，我叫Mei Patel，邮编76165，订单#W9583042不需要了，请取消。", C, True, ['#W9583042']),
   t("可以，但是钱会退到哪里？退回PayPal还是信用卡？", C),
   t("那先不取消了，谢谢。", N)],
  {}, outcome='nothing changes: #W9583042 and #W4082615 stay pending')

S('c1_09_zh_address_delay_question_then_yes', 1, 'lei_li_6575',
  '中文：改地址确认时问“会不会晚到”，不能当作同意；之后明确同意才修改',
  [t("你好，邮箱 lei.li8350@example.com。订单 #W5166363 还在寄往旧金山，请把收货地址改成 1420 E Camelback Rd, Apt 210, Phoenix, AZ 85014。", C, True, ['#W5166363']),
   t("嗯，对了，改地址以后会不会晚几天到？", C),
   t("好的，是的，改吧。", N)],
  {'#W5166363': {'address': A('1420 E Camelback Rd', 'Apt 210', 'Phoenix', 'AZ', '85014')}},
  user_addr='unchanged', addr=True,
  outcome='#W5166363 ships to 1420 E Camelback Rd, Apt 210, Phoenix, AZ 85014; everything else unchanged')

# ---------------------------------------------------------------- class 2
S('c2_01_yes_to_all_status_lookup', 2, 'mason_lopez_8519',
  '"yes to all" after "cancel A + status of B" must cancel only A',
  [t("Hi, Mason Lopez, zip 28221. Cancel #W7752859 - ordered it by mistake. And what's the status of #W9892169?", C, True, ['#W7752859']),
   t("yes to all")],
  {'#W7752859': CXL('ordered by mistake')},
  outcome='#W7752859 cancelled; #W9892169 only looked up, stays pending')

S('c2_02_go_ahead_everything_shipped_q', 2, 'harper_kovacs_7861',
  '"go ahead with everything" after "cancel A + has B shipped?" must only cancel A',
  [t("My email: harper.kovacs6946@example.com. Please cancel #W7775097, the wristwatch, I don't need it anymore. Also, has #W8904134 shipped yet?", C, True, ['#W7775097']),
   t("Yes, go ahead with everything.")],
  {'#W7775097': CXL('no longer needed')},
  outcome='#W7775097 cancelled (no longer needed); #W8904134 stays processed, #W5955464 delivered')

S('c2_03_do_both_contents_lookup', 2, 'yusuf_khan_7091',
  '"yep, do both" after "cancel A + what is in B and where does it ship" must not touch B',
  [t("hey its Yusuf Khan 75313. need #W3579467 cancelled, my mistake, wrong kettle. also can u remind me whats in #W1787190 and where its being shipped", C, True, ['#W3579467']),
   t("yep, do both")],
  {'#W3579467': CXL('ordered by mistake')}, addr=True, user_addr='unchanged',
  outcome='#W3579467 cancelled (ordered by mistake); #W1787190 unchanged (pending, same address)')

S('c2_04_address_change_plus_address_lookup', 2, 'sophia_martin_8570',
  '"yes to all of that" after "change address of A + where is B going?" changes only A',
  [t("Hello, I'm Sophia Martin, zip 77034. Please change the shipping address of #W1092119 to 3401 Kirby Dr, Unit 9, Houston, TX 77098. And what address is #W1603792 going to?", C, True, ['#W1092119']),
   t("yes to all of that")],
  {'#W1092119': {'address': A('3401 Kirby Dr', 'Unit 9', 'Houston', 'TX', '77098')}},
  addr=True, user_addr='unchanged',
  outcome='#W1092119 ships to 3401 Kirby Dr, Unit 9, Houston, TX 77098; #W1603792 and the default address unchanged')

S('c2_05_yes_to_everything_two_lookups', 2, 'fatima_li_5040',
  '"yes to everything" after "cancel A + status of B and C" cancels only A',
  [t("Hi, fatima.li1185@example.com. I'd like to cancel #W4155745 (headphones, patio umbrella, backpack) because I no longer need it. Could you also tell me the status of #W8005719 and #W3510092?", C, True, ['#W4155745']),
   t("ok, yes to everything")],
  {'#W4155745': CXL('no longer needed')},
  outcome='#W4155745 cancelled (no longer needed); #W8005719 and #W3510092 stay pending')

S('c2_06_zh_quanbu_queren', 2, 'juan_smith_5229',
  '中文：“取消A + 查B状态”之后回答“全部确认”，只能取消A',
  [t("你好，我是Juan Smith，邮编75218。帮我取消订单 #W1429524，下错单了；顺便查一下 #W7546247 现在是什么状态。", C, True, ['#W1429524']),
   t("全部确认")],
  {'#W1429524': CXL('ordered by mistake')},
  outcome='#W1429524 cancelled (ordered by mistake); #W7546247 stays pending')

S('c2_07_zh_dou_banli', 2, 'anya_ahmed_2271',
  '中文：“A不需要了取消 + B什么时候发货？”之后“都确认，全部办理吧”，B不能被取消',
  [t("邮箱 anya.ahmed2185@example.com。#W6217120 那个咖啡机的订单不需要了，取消吧。另外 #W6309286 什么时候能发货？", C, True, ['#W6217120']),
   t("都确认，全部办理吧")],
  {'#W6217120': CXL('no longer needed')},
  outcome='#W6217120 cancelled (no longer needed); #W6309286 stays pending')

S('c2_08_return_plus_status_yes_to_all', 2, 'ava_lopez_2676',
  '"Yes to all." after "return item from A + status of pending B" must only file the return',
  [t("Hi, Ava Lopez, 92168. I want to return the water bottle (the blue 750ml one) from order #W2941275 - refund to the original credit card. Also what's the status of #W5911003?", C, True, ['#W2941275']),
   t("Yes to all.")],
  {'#W2941275': RET},
  outcome='#W2941275 return requested; #W5911003 and #W8327915 stay pending')

S('c2_09_status_question_at_confirm_then_yes_all', 2, 'mia_jackson_5377',
  'status question about B while the cancel of A is pending, then "yes to all": only A is cancelled',
  [t("Hi, I'm Mia Jackson, zip code 19044. Please cancel order #W1298962, I ordered it by mistake.", C, True, ['#W1298962']),
   t("Before I answer - what's the status of #W8411016?", C),
   t("ok cool. yes to all then")],
  {'#W1298962': CXL('ordered by mistake')},
  outcome='#W1298962 cancelled (ordered by mistake); #W8411016 stays pending')

# ---------------------------------------------------------------- class 3
S('c3_01_wrong_order_switch_then_yes', 3, 'ava_nguyen_4072',
  'correction at the confirmation ("wrong one, it is #B") must drop A and list B for a new yes',
  [t("Hi, Ava Nguyen, zip 28251. Please cancel #W8732376, I ordered it by mistake.", C, True, ['#W8732376']),
   t("oops no, wrong one! not the perfume - it's #W2601346 (garden hose + makeup kit) that I ordered by mistake.", C, None, ['#W2601346']),
   t("yes", N)],
  {'#W2601346': CXL('ordered by mistake')},
  outcome='#W2601346 cancelled (ordered by mistake); #W8732376 stays pending')

S('c3_02_wrong_order_switch_then_no', 3, 'daiki_silva_2903',
  'correction to another order, then a clear no: neither order changes',
  [t("Hello, daiki.silva6295@example.com. Cancel order #W7999678, no longer needed.", C, True, ['#W7999678']),
   t("wait, not that order - I meant #W8835847, the one with the t-shirt, gaming mouse and bookshelf. That's the one I don't need.", C, None, ['#W8835847']),
   t("Hmm, no. Actually leave both orders as they are for now.", N)],
  {}, outcome='nothing changes: #W7999678 and #W8835847 stay pending')

S('c3_03_reason_correction', 3, 'noah_hernandez_4232',
  'correction of the cancel reason at the confirmation: the new reason is used after the yes',
  [t("Hi, Noah Hernandez, 60636. Please cancel #W3897284 (the e-reader), ordered it by mistake.", C, True, ['#W3897284']),
   t("well actually it wasn't a mistake, I just don't need it anymore. please put that as the reason", C, None, ['#W3897284']),
   t("yes, go ahead", N)],
  {'#W3897284': CXL('no longer needed')},
  outcome='#W3897284 cancelled with reason "no longer needed"; #W4802126 stays pending')

S('c3_04_zip_correction', 3, 'lucas_johansson_1090',
  'zip correction at the address confirmation: the corrected zip is stored',
  [t("Hi, I'm Lucas Johansson, zip 94147. Can you change the shipping address of order #W5073920 to 1550 Market St, Apt 1203, San Francisco, CA 94102?", C, True, ['#W5073920']),
   t("ah sorry, typo - the zip is 94103, not 94102. everything else is right", C),
   t("Yes, that's correct now.", N)],
  {'#W5073920': {'address': A('1550 Market St', 'Apt 1203', 'San Francisco', 'CA', '94103')}},
  addr=True, user_addr='unchanged',
  outcome='#W5073920 ships to 1550 Market St, Apt 1203, San Francisco, CA 94103; #W8379216 unchanged')

S('c3_05_address_wrong_order_switch', 3, 'aarav_lee_1982',
  'address change aimed at the wrong order, corrected at the confirmation: only the corrected order changes',
  [t("aarav.lee6460@example.com - please ship order #W3361211 to 700 W Van Buren St, Unit 5, Phoenix, AZ 85007.", C, True, ['#W3361211']),
   t("no wait, wrong order number. It's the tablet order, #W3586556, that should go to 700 W Van Buren St, Unit 5, Phoenix, AZ 85007. Leave #W3361211 where it is.", C, None, ['#W3586556']),
   t("yes", N)],
  {'#W3586556': {'address': A('700 W Van Buren St', 'Unit 5', 'Phoenix', 'AZ', '85007')}},
  addr=True, user_addr='unchanged',
  outcome='#W3586556 ships to 700 W Van Buren St, Unit 5, Phoenix, AZ 85007; #W3361211 keeps its address')

S('c3_06_zh_bu_shi_zhege', 3, 'fatima_martin_9326',
  '中文：确认时更正“不是这个，是另一个订单”，原订单不能被取消',
  [t("你好，我是 Fatima Martin，邮编 92151，订单 #W3376947 下错单了，请帮我取消。", C, True, ['#W3376947']),
   t("哎呀不是这个！是另一个订单 #W7538230（蓝牙音箱和游戏鼠标那个），那个才是下错的。", C, None, ['#W7538230']),
   t("对，确认取消", N)],
  {'#W7538230': CXL('ordered by mistake')},
  outcome='#W7538230 cancelled (ordered by mistake); #W3376947 stays pending')

S('c3_07_zh_shuo_cuo_le_then_no', 3, 'harper_santos_8115',
  '中文：更正订单号后又决定都不取消：两个订单都不变',
  [t("我是Harper Santos，邮编46237。请取消订单#W6629830，不需要了。", C, True, ['#W6629830']),
   t("等等，我说错了，是 #W4941028 不是 #W6629830。原因一样，不需要了。", C, None, ['#W4941028']),
   t("算了，两个订单都先别动，不取消了。", N)],
  {}, outcome='nothing changes: #W6629830 and #W4941028 stay pending')

S('c3_08_apartment_correction', 3, 'mia_nguyen_6399',
  'apartment number corrected at the confirmation: the corrected address2 is stored',
  [t("Hi! mia.nguyen5072@example.com. Please update the delivery address for #W4657527 to 5100 Broadway, Apt 4, San Antonio, TX 78209.", C, True, ['#W4657527']),
   t("Sorry, my bad: it's Apt 14, not Apt 4.", C),
   t("Yes, go ahead.", N)],
  {'#W4657527': {'address': A('5100 Broadway', 'Apt 14', 'San Antonio', 'TX', '78209')}},
  addr=True, user_addr='unchanged',
  outcome='#W4657527 ships to 5100 Broadway, Apt 14, San Antonio, TX 78209; #W7259788 unchanged')

S('c3_09_zh_street_number_correction', 3, 'liam_santos_5468',
  '中文：确认时更正门牌号，保存的是更正后的地址',
  [t("你好，我是 Liam Santos，邮编 78762。订单 #W6794581 现在寄到芝加哥，请把收货地址改成 2210 S Lamar Blvd, Apt 8, Austin, TX 78704。", C, True, ['#W6794581']),
   t("不对不对，门牌号写错了，是 2201，不是 2210，其他都对。", C),
   t("对，就是这个地址，确认修改。", N)],
  {'#W6794581': {'address': A('2201 S Lamar Blvd', 'Apt 8', 'Austin', 'TX', '78704')}},
  addr=True, user_addr='unchanged',
  outcome='#W6794581 ships to 2201 S Lamar Blvd, Apt 8, Austin, TX 78704; #W4011814 unchanged')

# ---------------------------------------------------------------- class 4
S('c4_01_okay_hmm_no', 4, 'olivia_garcia_4691',
  '"okay, hmm... no." at the cancel confirmation is a no',
  [t("Olivia Garcia, zip 32237. I'd like to cancel order #W3279695 - don't need it anymore.", C, True, ['#W3279695']),
   t("okay, hmm... no.", N)],
  {}, outcome='nothing changes: #W3279695 stays pending')

S('c4_02_yeah_no_leave_it', 4, 'emma_rossi_2839',
  '"Yeah, no. Leave it." is a no',
  [t("emma.rossi7277@example.com - cancel #W9152938 please, I ordered it by mistake", C, True, ['#W9152938']),
   t("Yeah, no. Leave it.", N)],
  {}, outcome='nothing changes: #W9152938 stays pending')

S('c4_03_sure_no_actually_address', 4, 'harper_khan_8862',
  '"sure... no actually, don\'t" at an address confirmation: address stays as it is',
  [t("Hi, Harper Khan, 85063. Please change the shipping address of #W4725115 to 88 E Jefferson St, Suite 400, Phoenix, AZ 85004.", C, True, ['#W4725115']),
   t("sure... no actually, don't. keep the old address.", N)],
  {}, addr=True, user_addr='unchanged',
  outcome='nothing changes: #W4725115 keeps 363 Cedar Avenue, Suite 894, Phoenix, AZ 85063')

S('c4_04_yes_i_mean_no_then_other_cancel', 4, 'aarav_ito_1827',
  '"yes- I mean no" declines A; a later, separately confirmed cancel of B is legitimate',
  [t("Hi, Aarav Ito, zip 90131. Cancel #W2239230, ordered by mistake.", C, True, ['#W2239230']),
   t("yes- I mean no, sorry. keep that one.", N),
   t("What I actually want gone is #W6478051. I don't need it anymore, please cancel it.", C, None, ['#W6478051']),
   t("yes, cancel #W6478051.", N)],
  {'#W6478051': CXL('no longer needed')},
  outcome='#W2239230 stays pending; #W6478051 cancelled (no longer needed)')

S('c4_05_ok_no_thanks_return', 4, 'mason_kovacs_3062',
  '"OK, no thanks, I\'ll keep it." at a return confirmation is a no',
  [t("Hello, I'm Mason Kovacs, zip 60625. I'd like to return the desk lamp from order #W9608525 and get the refund on my gift card.", C, True, ['#W9608525']),
   t("OK, no thanks, I'll keep it.", N)],
  {}, outcome='nothing changes: #W9608525 stays delivered')

S('c4_06_zh_haoba_bie_quxiao', 4, 'lucas_silva_7435',
  '中文：“好吧……那还是别取消了”是否定',
  [t("你好，我是Lucas Silva，邮编78777，订单 #W1814268 不需要了，帮我取消。", C, True, ['#W1814268']),
   t("好吧……那还是别取消了", N)],
  {}, outcome='nothing changes: #W1814268 stays pending')

S('c4_07_zh_xing_na_suanle_address', 4, 'fatima_jackson_2346',
  '中文：改地址确认时“行，那算了，地址不改了”是否定',
  [t("邮箱 fatima.jackson7472@example.com。请把订单 #W5185761 的收货地址改成 1 Ferry Building, Suite 50, San Francisco, CA 94111。", C, True, ['#W5185761']),
   t("行，那算了，地址不改了。", N)],
  {}, addr=True, user_addr='unchanged',
  outcome='nothing changes: #W5185761 keeps 192 Elm Avenue, Suite 360, San Francisco, CA 94182')

S('c4_08_zh_enen_haishi_bu_quxiao', 4, 'mei_kim_3337',
  '中文：“嗯嗯，不过……还是不取消了”是否定',
  [t("我是 Mei Kim，邮编 77083。订单 #W3263208 是下错单了，想取消。", C, True, ['#W3263208']),
   t("嗯嗯，不过我又想了想，还是不取消了，谢谢。", N)],
  {}, outcome='nothing changes: #W3263208 stays pending')

S('c4_09_sure_thing_nah', 4, 'ava_khan_1840',
  '"sure thing... nah, forget it" is a no',
  [t("hi im ava khan, zip 94171, pls cancel #W1123136 no longer need it", C, True, ['#W1123136']),
   t("sure thing... nah, forget it. keep the order.", N)],
  {}, outcome='nothing changes: #W1123136 stays pending')

# ---------------------------------------------------------------- class 5
S('c5_01_address_after_order_id', 5, 'ethan_johnson_5450',
  'new address directly after the order id ("#W... to 245 E 63rd St, ...") must be stored field by field',
  [t("Hi, I'm Ethan Johnson, zip 10021. Please change the shipping address of order #W4250290 to 245 E 63rd St, Apt 1907, New York, NY 10065.", C, True, ['#W4250290']),
   t("yes", N)],
  {'#W4250290': {'address': A('245 E 63rd St', 'Apt 1907', 'New York', 'NY', '10065')}},
  addr=True, user_addr='unchanged',
  outcome='#W4250290 ships to 245 E 63rd St, Apt 1907, New York, NY 10065')

S('c5_02_two_zips_in_one_message', 5, 'noah_taylor_8533',
  'auth zip and new-address zip in one message: 85010 authenticates, 97205 is the new zip',
  [t("I'm Noah Taylor, 85010. Please ship #W2286993 to 88 Harbor St, Apt 3, Portland, OR 97205 instead of Phoenix.", C, True, ['#W2286993']),
   t("Yes please.", N)],
  {'#W2286993': {'address': A('88 Harbor St', 'Apt 3', 'Portland', 'OR', '97205')}},
  addr=True, user_addr='unchanged',
  outcome='#W2286993 ships to 88 Harbor St, Apt 3, Portland, OR 97205; default address unchanged')

S('c5_03_no_address2', 5, 'harper_ahmed_4844',
  'address without a second line: address2 must be empty, nothing borrowed from the old address',
  [t("harper.ahmed7911@example.com - move order #W7857572 to 2301 Westlake Ave N, Seattle, WA 98109 please (no apartment number)", C, True, ['#W7857572']),
   t("yes, do it", N)],
  {'#W7857572': {'address': A('2301 Westlake Ave N', '', 'Seattle', 'WA', '98109')}},
  addr=True, user_addr='unchanged',
  outcome='#W7857572 ships to 2301 Westlake Ave N, Seattle, WA 98109 with empty address2')

S('c5_04_default_address', 5, 'sofia_davis_2103',
  'default address change: the user address becomes exactly the given one; orders keep theirs',
  [t("Hi, my email is sofia.davis8164@example.com. I moved - please update the default address on my account to 500 Congress Ave, Suite 210, Austin, TX 78701.", C, True),
   t("yes", N)],
  {}, user_addr=A('500 Congress Ave', 'Suite 210', 'Austin', 'TX', '78701'), addr=True,
  outcome="user's default address = 500 Congress Ave, Suite 210, Austin, TX 78701; all orders unchanged")

S('c5_05_incomplete_address_asked_again', 5, 'olivia_ito_3591',
  'incomplete address (street only) must be asked for again, not completed from the address on file',
  [t("Hi, Olivia Ito, zip 80218. Change the delivery address for order #W5442520 to 77 Birch Lane", Q, True),
   t("77 Birch Lane, Apt 2, Boulder, CO 80302", C, None, ['#W5442520']),
   t("yes", N)],
  {'#W5442520': {'address': A('77 Birch Lane', 'Apt 2', 'Boulder', 'CO', '80302')}},
  addr=True, user_addr='unchanged',
  outcome='#W5442520 ships to 77 Birch Lane, Apt 2, Boulder, CO 80302 (city/state/zip not taken from file)')

S('c5_06_unreadable_address_then_drop', 5, 'yara_lee_7701',
  'unreadable address ("on Westheimer, no number") must be asked for; customer drops it: nothing changes',
  [t("hey, yara.lee9368@example.com. can u change the address on #W3320020 to my new place? its on Westheimer Rd in Houston, I dont remember the number rn", Q, True),
   t("never mind, I'll come back when I have it. leave it as it is for now.", N)],
  {}, addr=True, user_addr='unchanged',
  outcome='nothing changes: #W3320020 keeps 944 Laurel Lane, Suite 386, Houston, TX 77243')

S('c5_07_zh_address_in_chinese_sentence', 5, 'daiki_silva_5033',
  '中文句子里的英文地址要按字段完整保存',
  [t("你好，我是 Daiki Silva，邮编 28268。请把订单 #W1579160 的收货地址改成 1600 Amphitheatre Pkwy, Bldg 4, Mountain View, CA 94043。", C, True, ['#W1579160']),
   t("是", N)],
  {'#W1579160': {'address': A('1600 Amphitheatre Pkwy', 'Bldg 4', 'Mountain View', 'CA', '94043')}},
  addr=True, user_addr='unchanged',
  outcome='#W1579160 ships to 1600 Amphitheatre Pkwy, Bldg 4, Mountain View, CA 94043')

S('c5_08_zh_auth_and_address_one_message', 5, 'sofia_li_9219',
  '中文：身份信息和新地址在同一句里（两个邮编），地址必须精确',
  [t("我叫 Sofia Li，邮编 78260。订单 #W8855135 麻烦寄到 350 5th Ave, Suite 3300, New York, NY 10118，谢谢！", C, True, ['#W8855135']),
   t("确认", N)],
  {'#W8855135': {'address': A('350 5th Ave', 'Suite 3300', 'New York', 'NY', '10118')}},
  addr=True, user_addr='unchanged',
  outcome='#W8855135 ships to 350 5th Ave, Suite 3300, New York, NY 10118')

S('c5_09_parenthetical_between_id_and_address', 5, 'liam_thomas_7882',
  'a parenthetical with numbers between order id and address must not leak into address1',
  [t("Hello, Liam Thomas, zip 85049. For #W3295833 (the 3-item one: skateboard, luggage set, charger) the new shipping address is 19 W 24th St, Apt 3R, New York, NY 10010.", C, True, ['#W3295833']),
   t("Yep, that's right.", N)],
  {'#W3295833': {'address': A('19 W 24th St', 'Apt 3R', 'New York', 'NY', '10010')}},
  addr=True, user_addr='unchanged',
  outcome='#W3295833 ships to 19 W 24th St, Apt 3R, New York, NY 10010; #W1654931 unchanged')

S('c5_10_leading_zero_zip', 5, 'raj_moore_7909',
  'zip with a leading zero (02108) and "NOT to my old address" must be stored exactly',
  [t("Raj Moore here, zip 20566. Send order #W9929926 to 1 Beacon St, Unit 2, Boston, MA 02108 - NOT to my old DC address.", C, True, ['#W9929926']),
   t("yes that's it", N)],
  {'#W9929926': {'address': A('1 Beacon St', 'Unit 2', 'Boston', 'MA', '02108')}},
  addr=True, user_addr='unchanged',
  outcome='#W9929926 ships to 1 Beacon St, Unit 2, Boston, MA 02108; #W7048824 unchanged')

CLASS_TXT = {1: 'question/hesitation at the yes/no prompt taken as yes',
             2: '"yes to all" confirming an action never asked for',
             3: 'correction at the confirmation ignored',
             4: 'a no that starts with a yes-word taken as yes',
             5: 'slot value swallowing its neighbours / unreadable address replaced'}

def build(s):
    uid = s['uid']
    orders = {}
    for oid in U[uid]['orders']:
        if oid in s['changes']:
            orders[oid] = copy.deepcopy(s['changes'][oid])
        else:
            e = {'status': O[oid]['status']}
            if s['addr']:
                e['address'] = addr_of(oid)
            orders[oid] = e
    final = {'orders': orders}
    if s['user_addr'] == 'unchanged':
        final['users'] = {uid: {'address': uaddr(uid)}}
    elif s['user_addr']:
        final['users'] = {uid: {'address': s['user_addr']}}
    final['handoff'] = False
    return {'name': s['name'], 'turns': s['turns'], 'final': final}

if __name__ == '__main__':
    os.makedirs(OUT, exist_ok=True)
    for s in SCEN:
        doc = build(s)
        hdr = (f"# Blind scenario, class {s['cls']}: {CLASS_TXT[s['cls']]}\n"
               f"# Customer: {uid_s if (uid_s:=s['uid']) else ''}\n"
               f"# Right outcome: {s['outcome']}\n")
        body = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=1000, default_flow_style=False)
        with open(os.path.join(OUT, s['fname'] + '.yaml'), 'w') as f:
            f.write(hdr + body)
    print(len(SCEN), 'files')
