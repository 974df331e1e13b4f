#!/bin/bash
# mkcav.sh DIR N : 3-D lid-driven cavity (icoFoam tutorial cavity made cubic), N^3 hex cells, 2 time steps, no writes
set -e
SRC=/usr/share/doc/openfoam-examples/examples/incompressible/icoFoam/cavity/cavity
D=$1; N=$2
mkdir -p $D; cp -r $SRC/0 $SRC/constant $SRC/system $D/; rm -f $D/system/PDRblockMeshDict
cd $D
sed -i "s/(20 20 1)/($N $N $N)/; s/(0 0 0.1)/(0 0 1)/; s/(1 0 0.1)/(1 0 1)/; s/(1 1 0.1)/(1 1 1)/; s/(0 1 0.1)/(0 1 1)/" system/blockMeshDict
# all side walls are walls in 3-D: move the front/back faces into fixedWalls
python3 - <<'PY'
import re
t=open('system/blockMeshDict').read()
t=t.replace("""            (1 5 4 0)
        );""","""            (1 5 4 0)
            (0 3 2 1)
            (4 5 6 7)
        );""")
t=re.sub(r"\n    frontAndBack\n    \{.*?\n    \}", "", t, flags=re.S)
open('system/blockMeshDict','w').write(t)
for f in ('0/U','0/p'):
    s=open(f).read()
    s=re.sub(r"\n    frontAndBack\n    \{.*?\n    \}", "", s, flags=re.S)
    open(f,'w').write(s)
c=open('system/controlDict').read()
c=c.replace("endTime         0.5;","endTime         0.01;").replace("writeInterval   20;","writeInterval   1000;")
open('system/controlDict','w').write(c)
PY
