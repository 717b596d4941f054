# Lists db.json users whose first name starts with H/I/J/L/M and whose full name is unique, with their orders.
# Usage: python3 explore.py > /tmp/p2_candidates.txt   (used to choose customers; output not kept)
import json, collections, sys
db=json.load(open('/work/shared/data/tau2_retail/db.json'))
U=db['users']; O=db['orders']
names=collections.Counter((u['name']['first_name'],u['name']['last_name']) for u in U.values())
def pm(u):
    out=[]
    for k,v in u['payment_methods'].items():
        s=k
        if v['source']=='gift_card': s+=f"(${v.get('balance')})"
        if v['source']=='credit_card': s+=f"({v['brand']} {v['last_four']})"
        out.append(s)
    return ', '.join(out)
import sys
out=sys.stdout
for uid,u in sorted(U.items()):
    f,l=u['name']['first_name'],u['name']['last_name']
    if f[0] not in 'HIJLM' or names[(f,l)]>1: continue
    a=u['address']
    print(f"== {uid} | {f} {l} | {u['email']} | {a['address1']}, {a['address2']}, {a['city']} {a['state']} {a['zip']} | {pm(u)}")
    for oid in u['orders']:
        o=O[oid]; oa=o['address']
        same = 'DEF' if oa==a else f"{oa['address1']}, {oa['address2']}, {oa['city']} {oa['state']} {oa['zip']}"
        items='; '.join(f"{i['name']}[{'/'.join(str(v) for v in i['options'].values())}]${i['price']}" for i in o['items'])
        pay=o['payment_history'][0]['payment_method_id']
        print(f"   {oid} {o['status']:<18} {pay:<22} {same} :: {items}")
