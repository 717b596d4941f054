import json
D = json.load(open(__import__('pathlib').Path(__file__).resolve().parents[4].parent / 'shared/data/tau2_retail/db.json'))
U = D['users']; O = D['orders']
def show(uid):
    u = U[uid]; n = u['name']
    print(uid, n['first_name'], n['last_name'], u['address']['zip'], u['email'], list(u['payment_methods']))
    for oid in u['orders']:
        o = O[oid]; a = o['address']
        print('  ', oid, o['status'], [i['name'] for i in o['items']], o['payment_history'][0]['payment_method_id'],
              o['payment_history'][0]['amount'], '|', a['address1'], a['address2'], a['city'], a['state'], a['zip'])
