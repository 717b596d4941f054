# Checks every scenario: YAML parses, ids exist, orders belong to the conversation's customer,
# final values agree with db.json (unchanged orders) and with the policy (changed orders).
import yaml, glob, re, os, sys, collections
from lib import U, O
DIR = str(__import__('pathlib').Path(__file__).resolve().parents[2])
byemail = {u['email'].lower(): uid for uid, u in U.items()}
bynamezip = {(u['name']['first_name'].lower(), u['name']['last_name'].lower(), u['address']['zip']): uid for uid, u in U.items()}
ADDR_KEYS = ['address1', 'address2', 'city', 'state', 'country', 'zip']
errs = []; per_class = collections.defaultdict(list); zh = []
def cust_of(text):
    m = re.search(r'[\w.]+@example\.com', text)
    if m: return byemail.get(m.group(0).lower())
    zips = re.findall(r'(?<!\d)\d{5}(?!\d)', text)
    low = text.lower()
    for (f, l, z), uid in bynamezip.items():
        if re.search(r'(?<![a-z])' + f + r'\s*' + l + r'(?![a-z])', low) and z in zips:
            return uid
    return None
for f in sorted(glob.glob(DIR + '/*.yaml')):
    fn = os.path.basename(f)
    m = re.match(r'c([1-5])_(\d\d)_(zh_)?[a-z0-9_]+\.yaml$', fn)
    if not m: errs.append((fn, 'bad file name')); continue
    doc = yaml.safe_load(open(f))
    assert set(doc) == {'name', 'turns', 'final'}, fn
    cls = int(m.group(1)); per_class[cls].append(fn)
    texts = [t['user'] for t in doc['turns'] if 'user' in t]
    is_zh = any(re.search(r'[\u4e00-\u9fff]', x) for x in texts)
    if is_zh != bool(m.group(3)): errs.append((fn, 'zh tag mismatch'))
    if is_zh: zh.append(fn)
    uid = cust_of(texts[0])
    if not uid: errs.append((fn, 'customer not identified in first turn')); continue
    for t in doc['turns']:
        for k in t:
            if k not in ('user', 'expect'): errs.append((fn, 'unknown turn key ' + k))
        for k, v in (t.get('expect') or {}).items():
            if k == 'awaiting' and v not in ('confirmation', 'clarification', 'human', 'nothing'): errs.append((fn, 'awaiting ' + str(v)))
            if k not in ('awaiting', 'authenticated', 'reply_contains', 'reply_not_contains'): errs.append((fn, 'expect key ' + k))
    allids = set(re.findall(r'#W\d{7}', open(f).read()))
    for oid in allids:
        if oid not in O: errs.append((fn, 'unknown order ' + oid))
        elif O[oid]['user_id'] != uid: errs.append((fn, f'order {oid} belongs to {O[oid]["user_id"]} not {uid}'))
    fin = doc['final']
    if set(fin['orders']) != set(U[uid]['orders']): errs.append((fn, 'final does not list exactly the customer orders'))
    for k in fin.get('users', {}):
        if k != uid: errs.append((fn, 'foreign user ' + k))
    changed = []
    for oid, e in fin['orders'].items():
        o = O[oid]
        st = e.get('status', o['status'])
        if 'status' in e and e['status'] != o['status']:
            changed.append(oid)
            if e['status'] == 'cancelled':
                if o['status'] != 'pending' or e.get('cancel_reason') not in ('no longer needed', 'ordered by mistake'): errs.append((fn, 'bad cancel ' + oid))
            elif e['status'] == 'return requested':
                if o['status'] != 'delivered': errs.append((fn, 'bad return ' + oid))
            else: errs.append((fn, 'unexpected status ' + oid))
        if 'address' in e:
            a = e['address']
            if list(a) != ADDR_KEYS or a['country'] != 'USA' or not re.fullmatch(r'\d{5}', a['zip']) or not re.fullmatch(r'[A-Z]{2}', a['state']):
                errs.append((fn, 'bad address shape ' + oid))
            if any(a[k] != o['address'][k] for k in ADDR_KEYS):
                changed.append(oid)
                if o['status'] != 'pending' or 'status' in e: errs.append((fn, 'address change on non-pending / with status ' + oid))
                # the new address text must appear verbatim (fields) in some user turn
                alltext = ' '.join(texts)
                if not all(tok in alltext for k in ('address1', 'address2', 'city', 'state', 'zip') for tok in a[k].split()):
                    errs.append((fn, 'new address not literally given by customer ' + oid))
        if oid not in changed and e.get('status') != o['status']:
            errs.append((fn, 'unchanged order must list its db status ' + oid))
    for k, e in fin.get('users', {}).items():
        a = e['address']
        if any(a[x] != U[k]['address'][x] for x in ADDR_KEYS): changed.append(k)
    if fin.get('handoff') is not False: errs.append((fn, 'handoff'))
    print(f'{fn:60s} {uid:24s} changes={changed}')
print()
for c in sorted(per_class): print('class', c, len(per_class[c]))
print('zh', len(zh), 'total', sum(map(len, per_class.values())))
print('ERRORS', errs if errs else 'none')
users = collections.Counter()
for f in glob.glob(DIR + '/*.yaml'):
    d = yaml.safe_load(open(f)); users.update(k for k in d['final'].get('users', {}))
sys.exit(1 if errs else 0)
