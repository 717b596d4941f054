import yaml, os
import s6, s7, s8, s9, s10, slost
from gen import S
OUT = str(__import__('pathlib').Path(__file__).resolve().parents[2])
class D(yaml.SafeDumper): pass
def str_rep(d, s): return d.represent_scalar("tag:yaml.org,2002:str", s, style='"' if (' ' in s or ':' in s or '#' in s or not s.isascii()) else None)
D.add_representer(str, str_rep)
for s in S:
    fn = f"c{s['klass']}_" if s['klass'] != 'lost' else ""
    name = s['file']
    path = os.path.join(OUT, name + ".yaml")
    head = (f"# Blind scenario (written from db.json + the failure-class description only)\n"
            f"# class: {s['klass']}   language: {s['lang']}\n"
            f"# right outcome: {s['outcome']}\n")
    body = yaml.dump(s['doc'], Dumper=D, allow_unicode=True, sort_keys=False, width=4096, default_flow_style=False)
    open(path, "w").write(head + body)
print(len(S), "written")
