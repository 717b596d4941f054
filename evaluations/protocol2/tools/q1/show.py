import json,sys
d=json.load(open('/work/shared/data/tau2_retail/db.json'))
U=d['users'];O=d['orders'];P=d['products']
for uid in sys.argv[1:]:
    u=U[uid];a=u['address']
    print('==',uid,u['name'],u['email'],a['address1'],a['address2'],a['city'],a['state'],a['zip'])
    print('   pm:',{k:(v.get('brand'),v.get('last_four'),v.get('balance')) for k,v in u['payment_methods'].items()})
    for oid in u['orders']:
        o=O[oid];oa=o['address']
        same = oa==a
        print('  ',oid,o['status'],'addr=default' if same else f"addr={oa['address1']},{oa['city']} {oa['zip']}", 'pay=',o['payment_history'][0]['payment_method_id'])
        for it in o['items']:
            print('      ',it['name'],it['item_id'],it['price'],it['options'])
