import json,sys,random
d=json.load(open('/work/shared/data/tau2_retail/db.json'))
U=d['users'];O=d['orders']
EXCL_NAMES={('mia','mitchell'),('jamal','nguyen'),('chen','clark'),('harper','ahmed'),('anya','parker')}
EXCL_ORD={'#W3523031','#W4775320','#W4077005','#W2634643','#W2387014','#W1309753','#W3129046','#W1019945'}
def fmt_addr(a): return f"{a['address1']}, {a['address2']}, {a['city']}, {a['state']} {a['zip']}"
def summ(uid):
    u=U[uid];n=u['name']
    s=[f"== {uid} | {n['first_name']} {n['last_name']} | zip {u['address']['zip']} | {u['email']} | home: {fmt_addr(u['address'])}"]
    s.append("   pay: "+"; ".join(f"{k}"+(f" bal {v.get('balance')}" if 'balance' in v else '')+(f" {v.get('brand')} {v.get('last_four')}" if 'brand' in v else '') for k,v in u['payment_methods'].items()))
    for oid in u['orders']:
        o=O[oid]
        tot=sum(p['amount'] for p in o['payment_history'] if p['transaction_type']=='payment')
        s.append(f"   {oid} {o['status']:10s} ${tot:.2f} [{', '.join(i['name'] for i in o['items'])}] -> {fmt_addr(o['address'])} pm={o['payment_history'][0]['payment_method_id']}")
    return "\n".join(s)
if __name__=='__main__':
    ids=sys.argv[1:]
    if ids:
        for i in ids: print(summ(i))
    else:
        random.seed(7)
        cands=[uid for uid,u in U.items() if (u['name']['first_name'].lower(),u['name']['last_name'].lower()) not in EXCL_NAMES and not set(u['orders'])&EXCL_ORD and len(u['orders'])>=2]
        for uid in cands: print(summ(uid))
