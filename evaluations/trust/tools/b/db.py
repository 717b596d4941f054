import json,collections
d=json.load(open(__import__('pathlib').Path(__file__).resolve().parents[4].parent / 'shared/data/tau2_retail/db.json'))
U=d['users'];O=d['orders'];P=d['products']
names=collections.Counter((u['name']['first_name'],u['name']['last_name']) for u in U.values())
def uniq(u): return names[(u['name']['first_name'],u['name']['last_name'])]==1
def fmt_addr(a): return f"{a['address1']}, {a['address2']}, {a['city']}, {a['state']} {a['zip']}"
def show(uid):
    u=U[uid]
    print(uid,u['name']['first_name'],u['name']['last_name'],u['address']['zip'],u['email'],'uniq' if uniq(u) else 'DUPNAME')
    print('   addr:',fmt_addr(u['address']))
    print('   pm:',{k:(v['source'],v.get('last_four'),v.get('balance')) for k,v in u['payment_methods'].items()})
    for oid in u['orders']:
        o=O[oid]
        print('   ',oid,o['status'],[ (i['name'],i['price']) for i in o['items']],'same_addr' if o['address']==u['address'] else fmt_addr(o['address']), [p['payment_method_id'] for p in o['payment_history']])
