#!/usr/bin/env python3
"""Check every b9_*.yaml scenario file of evaluation set I.

- the file name is b9_<class>_<nn>_<slug>.yaml, nn unique;
- the five-line comment header is present, in order, and agrees with the file name and db.json;
- YAML parses and uses only the keys the scenario runner knows;
- every user, order, item and payment-method id exists in db.json, every order id written in the
  conversation (also in full-width digits) is a real order of a person named in the header;
- the status in `final` fits the action (cancel / address change: pending now; return / exchange:
  delivered now), unchanged orders are listed with their current values;
- customers are not reused across files;
- with --regen: generate.py run into a temporary folder reproduces every file byte for byte.

usage: python3 validate.py [--db PATH] [--dir DIR] [--regen]
"""
import argparse
import filecmp
import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument('--db', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "..", "shared", "data", "tau2_retail", "db.json"))  # ../shared beside the checkout
ap.add_argument('--dir', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))  # evaluations/trust
ap.add_argument('--regen', action='store_true')
args = ap.parse_args()

DB = json.load(open(args.db))
U, O, P = DB['users'], DB['orders'], DB['products']
ITEM = {vid: (pid, v) for pid, p in P.items() for vid, v in p['variants'].items()}

TOP = {'name', 'channel_user_id', 'context', 'turns', 'final'}
TURN = {'user', 'agent', 'release', 'expect'}
EXPECT = {'intent', 'reply_contains', 'reply_not_contains', 'awaiting', 'path_contains',
          'authenticated', 'tool_calls'}
AWAIT = {'confirmation', 'clarification', 'human', 'nothing'}
FINAL = {'orders', 'users', 'handoff'}
ORDER_FIELDS = {'status', 'cancel_reason', 'address', 'items', 'payment_history', 'return_items',
                'return_payment_method_id', 'exchange_items', 'exchange_new_items',
                'exchange_payment_method_id', 'exchange_price_difference', 'fulfillments', 'user_id'}
USER_FIELDS = {'address', 'email', 'name', 'payment_methods', 'orders'}
ADDR_FIELDS = {'address1', 'address2', 'city', 'state', 'zip', 'country'}
REASONS = {'no longer needed', 'ordered by mistake'}
HEADER = [
    ('class', re.compile(r'^# class: (\d+)$')),
    ('language', re.compile(r'^# language: (en|zh)$')),
    ('customer', re.compile(r'^# customer: ([a-z]+_[a-z]+_\d+), ([A-Za-z]+ [A-Za-z]+), zip (\d{5}), (\S+@\S+)$')),
    ('scenario', re.compile(r'^# scenario: (.{10,})$')),
    ('right outcome', re.compile(r'^# right outcome: (.{10,})$')),
]
FNAME = re.compile(r'^b9_(\d+)_(\d{2})_([a-z0-9]+(?:_[a-z0-9]+)*)\.yaml$')
ORDER_ID = re.compile(r'#W\d{7}(?!\d)')
USER_ID = re.compile(r'\b[a-z]+_[a-z]+_\d{4}\b')
EMAIL = re.compile(r'[\w.]+@example\.com')
CJK = re.compile(r'[\u4e00-\u9fff]')

class StrictLoader(yaml.SafeLoader):
    """SafeLoader that refuses a key given twice in one mapping"""


def _mapping(loader, node, deep=False):
    keys = set()
    for k, _ in node.value:
        kv = loader.construct_object(k, deep=deep)
        if kv in keys:
            raise yaml.constructor.ConstructorError(None, None, 'duplicate key %r' % (kv,), k.start_mark)
        keys.add(kv)
    return loader.construct_mapping(node, deep=deep)


StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)

errors = []
seen_nn, seen_users = {}, {}


def err(f, msg):
    errors.append('%s: %s' % (f, msg))


def norm(text):
    return unicodedata.normalize('NFKC', text)


def pm_owner(pm):
    for uid, u in U.items():
        if pm in u['payment_methods']:
            return uid
    return None


def check_order(f, oid, want, writers):
    if oid not in O:
        err(f, 'order %s not in db' % oid)
        return
    o = O[oid]
    extra = set(want) - ORDER_FIELDS
    if extra:
        err(f, '%s: unknown order fields %s' % (oid, sorted(extra)))
    st = want.get('status')
    if st is None:
        err(f, '%s: no status given' % oid)
        return
    cur = o['status']
    owner = o['user_id']
    changed = False
    if st == 'cancelled' and cur != 'cancelled':
        changed = True
        if cur != 'pending':
            err(f, '%s: cancel of a %s order' % (oid, cur))
        if want.get('cancel_reason') not in REASONS:
            err(f, '%s: cancel_reason %r' % (oid, want.get('cancel_reason')))
    elif st == 'return requested':
        changed = True
        if cur != 'delivered':
            err(f, '%s: return of a %s order' % (oid, cur))
        ids = [i['item_id'] for i in o['items']]
        for it in want.get('return_items') or []:
            if it not in ids:
                err(f, '%s: return item %s not in the order' % (oid, it))
        if not want.get('return_items'):
            err(f, '%s: return without return_items' % oid)
        pm = want.get('return_payment_method_id')
        if pm_owner(pm) != owner:
            err(f, '%s: refund method %s is not the owner\'s' % (oid, pm))
        elif pm != o['payment_history'][0]['payment_method_id'] and not pm.startswith('gift_card'):
            err(f, '%s: refund to %s is neither the original method nor a gift card' % (oid, pm))
    elif st == 'exchange requested':
        changed = True
        if cur != 'delivered':
            err(f, '%s: exchange of a %s order' % (oid, cur))
        old, new = want.get('exchange_items') or [], want.get('exchange_new_items') or []
        if not old or len(old) != len(new):
            err(f, '%s: exchange items %s -> %s' % (oid, old, new))
        byid = {i['item_id']: i for i in o['items']}
        for a, b in zip(old, new):
            if a not in byid:
                err(f, '%s: exchange item %s not in the order' % (oid, a))
                continue
            if b not in ITEM:
                err(f, '%s: new item %s not in db' % (oid, b))
                continue
            pid, v = ITEM[b]
            if pid != byid[a]['product_id'] or b == a or not v['available']:
                err(f, '%s: %s -> %s is not an available variant of the same product' % (oid, a, b))
        pm = want.get('exchange_payment_method_id')
        if pm_owner(pm) != owner:
            err(f, '%s: exchange payment %s is not the owner\'s' % (oid, pm))
    elif st == 'pending' and 'address' in want and want['address'] != {
            k: o['address'][k] for k in want['address'] if k in o['address']}:
        changed = True
        if cur != 'pending':
            err(f, '%s: address change on a %s order' % (oid, cur))
        a = want['address']
        if set(a) - ADDR_FIELDS or not {'address1', 'city', 'state', 'zip'} <= set(a):
            err(f, '%s: address fields %s' % (oid, sorted(a)))
        if not re.fullmatch(r'\d{5}', str(a.get('zip', ''))):
            err(f, '%s: zip %r' % (oid, a.get('zip')))
    else:
        # unchanged: every listed field must be the current value
        for k, v in want.items():
            if k not in o:
                err(f, '%s: unchanged order lists %s which it does not have' % (oid, k))
            elif o[k] != v:
                err(f, '%s: unchanged order but %s differs from db (%r vs %r)' % (oid, k, v, o[k]))
    for k in ('payment_history', 'items'):
        if k in want and want[k] != o[k] and st != 'pending (item modified)':
            err(f, '%s: %s differs from db' % (oid, k))
    if changed and owner not in writers:
        err(f, '%s: written but it belongs to %s, not the customer %s' % (oid, owner, writers))


def check_file(path):
    f = os.path.basename(path)
    m = FNAME.match(f)
    if not m:
        err(f, 'bad file name')
        return
    cls, nn, slug = int(m.group(1)), m.group(2), m.group(3)
    if nn in seen_nn:
        err(f, 'nn %s also used by %s' % (nn, seen_nn[nn]))
    seen_nn[nn] = f
    raw = open(path, encoding='utf-8').read()
    lines = raw.split('\n')
    hdr = {}
    for i, (name, rx) in enumerate(HEADER):
        mm = rx.match(lines[i]) if i < len(lines) else None
        if not mm:
            err(f, 'header line %d (%s) missing or malformed: %r' % (i + 1, name, lines[i] if i < len(lines) else ''))
            return
        hdr[name] = mm.groups()
    if int(hdr['class'][0]) != cls:
        err(f, 'header class %s != file name class %d' % (hdr['class'][0], cls))
    lang = hdr['language'][0]
    uid, full, zip_, email = hdr['customer']
    if uid not in U:
        err(f, 'customer %s not in db' % uid)
        return
    u = U[uid]
    if (full != '%s %s' % (u['name']['first_name'], u['name']['last_name'])
            or zip_ != u['address']['zip'] or email != u['email']):
        err(f, 'customer header does not match db for %s' % uid)
    try:
        doc = yaml.load(raw, Loader=StrictLoader)
    except yaml.YAMLError as e:
        err(f, 'YAML: %s' % e)
        return
    if not isinstance(doc, dict):
        err(f, 'not a mapping')
        return
    extra = set(doc) - TOP
    if extra:
        err(f, 'unknown top-level keys %s' % sorted(extra))
    want_name = 'b9 %s class %d %s: %s' % (nn, cls, lang, slug.replace('_', ' '))
    if doc.get('name') != want_name:
        err(f, 'name %r != %r' % (doc.get('name'), want_name))
    people = {uid}
    scen_text = hdr['scenario'][0]
    for other in USER_ID.findall(scen_text):
        if other not in U:
            err(f, 'scenario names unknown user %s' % other)
        else:
            people.add(other)
    for p in people:
        if p in seen_users:
            err(f, 'customer %s already used in %s' % (p, seen_users[p]))
        seen_users[p] = f
    if 'channel_user_id' in doc and doc['channel_user_id'] is not None and doc['channel_user_id'] != uid:
        err(f, 'channel_user_id %r is not the header customer' % doc['channel_user_id'])
    turns = doc.get('turns')
    if not isinstance(turns, list) or not turns:
        err(f, 'no turns')
        turns = []
    text = ''
    for i, t in enumerate(turns):
        if not isinstance(t, dict):
            err(f, 'turn %d not a mapping' % i)
            continue
        extra = set(t) - TURN
        if extra:
            err(f, 'turn %d: unknown keys %s' % (i, sorted(extra)))
        if len({'user', 'agent', 'release'} & set(t)) != 1:
            err(f, 'turn %d: needs exactly one of user/agent/release' % i)
        if 'user' in t:
            if not isinstance(t['user'], str) or not t['user'].strip():
                err(f, 'turn %d: empty user text' % i)
            else:
                text += t['user'] + '\n'
        e = t.get('expect')
        if e is not None:
            if not isinstance(e, dict):
                err(f, 'turn %d: expect not a mapping' % i)
                continue
            extra = set(e) - EXPECT
            if extra:
                err(f, 'turn %d: unknown expect keys %s' % (i, sorted(extra)))
            if 'awaiting' in e and e['awaiting'] not in AWAIT:
                err(f, 'turn %d: awaiting %r' % (i, e['awaiting']))
            if 'authenticated' in e and not isinstance(e['authenticated'], bool):
                err(f, 'turn %d: authenticated not a bool' % i)
            for k in ('reply_contains', 'reply_not_contains'):
                if k in e:
                    if not isinstance(e[k], list) or not all(isinstance(x, str) for x in e[k]):
                        err(f, 'turn %d: %s must be a list of strings' % (i, k))
                    for oid in ORDER_ID.findall(' '.join(e[k])):
                        if oid not in O:
                            err(f, 'turn %d: %s names unknown order %s' % (i, k, oid))
    # language of the customer's text
    if lang == 'zh' and not CJK.search(text):
        err(f, 'zh scenario without Chinese customer text')
    if lang == 'en' and CJK.search(text):
        err(f, 'en scenario with Chinese customer text')
    # ids written in the conversation
    for oid in set(ORDER_ID.findall(norm(text))):
        if oid not in O:
            err(f, 'conversation names unknown order %s' % oid)
        elif O[oid]['user_id'] not in people:
            err(f, 'conversation names %s of %s, who is not in the header' % (oid, O[oid]['user_id']))
    for em in set(EMAIL.findall(text)):
        if not any(x['email'] == em for x in U.values()):
            err(f, 'conversation names unknown email %s' % em)
    fin = doc.get('final')
    if not isinstance(fin, dict):
        err(f, 'no final')
        return
    extra = set(fin) - FINAL
    if extra:
        err(f, 'unknown final keys %s' % sorted(extra))
    if not isinstance(fin.get('handoff'), bool):
        err(f, 'final.handoff missing or not a bool')
    for oid, want in (fin.get('orders') or {}).items():
        if not isinstance(want, dict):
            err(f, '%s: not a mapping' % oid)
            continue
        check_order(f, oid, want, {uid})
        if oid in O and O[oid]['user_id'] not in people:
            err(f, '%s belongs to %s, not named in the header' % (oid, O[oid]['user_id']))
    for xid, want in (fin.get('users') or {}).items():
        if xid not in U:
            err(f, 'user %s not in db' % xid)
            continue
        if xid not in people:
            err(f, 'final user %s not named in the header' % xid)
        extra = set(want) - USER_FIELDS
        if extra:
            err(f, 'user %s: unknown fields %s' % (xid, sorted(extra)))
        if 'address' in want and set(want['address']) - ADDR_FIELDS:
            err(f, 'user %s: address fields %s' % (xid, sorted(want['address'])))
    if not fin.get('orders') and not fin.get('users'):
        err(f, 'final checks no order or user')


def main():
    files = sorted(x for x in os.listdir(args.dir) if x.startswith('b9_') and x.endswith('.yaml'))
    if not files:
        print('no b9_*.yaml files in %s' % args.dir)
        return 1
    for x in files:
        check_file(os.path.join(args.dir, x))
    langs = {}
    for x in files:
        first = open(os.path.join(args.dir, x), encoding='utf-8').read().split('\n')[1]
        langs[x] = first.rsplit(' ', 1)[-1]
    if args.regen:
        with tempfile.TemporaryDirectory() as tmp:
            r = subprocess.run([sys.executable, os.path.join(HERE, 'generate.py'), '--db', args.db,
                                '--out', tmp], capture_output=True, text=True)
            if r.returncode:
                errors.append('generate.py failed: %s' % r.stderr.strip())
            else:
                regen = sorted(x for x in os.listdir(tmp) if x.endswith('.yaml'))
                if regen != files:
                    errors.append('generate.py makes other files: %s' % sorted(set(regen) ^ set(files)))
                for x in set(regen) & set(files):
                    if not filecmp.cmp(os.path.join(tmp, x), os.path.join(args.dir, x), shallow=False):
                        errors.append('%s: generate.py output differs' % x)
    for e in errors:
        print('ERROR', e)
    zh = sum(1 for v in langs.values() if v == 'zh')
    print('%d files (%d zh, %d en), %d errors%s' % (len(files), zh, len(files) - zh, len(errors),
                                                   ', regenerated byte-identically' if args.regen and not errors else ''))
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
