#!/bin/bash
# mkpitz.sh DIR R NZ : pitzDaily (simpleFoam, k-epsilon) refined R x R in-plane and extruded to NZ layers
# over a 50 mm span with symmetry planes front and back; 3 SIMPLE iterations, no writes
set -e
SRC=/usr/share/doc/openfoam-examples/examples/incompressible/simpleFoam/pitzDaily
D=$1; R=$2; NZ=$3
mkdir -p $D; cp -r $SRC/0 $SRC/constant $SRC/system $D/; rm -f $D/system/streamlines
cd $D
python3 - $R $NZ <<'PY'
import re, sys, glob
r, nz = int(sys.argv[1]), int(sys.argv[2])
t = open('system/blockMeshDict').read()
t = re.sub(r"\((\d+) (\d+) 1\)", lambda m: "(%d %d %d)" % (int(m.group(1))*r, int(m.group(2))*r, nz), t)
t = t.replace(" -0.5)", " -25)").replace(" 0.5)", " 25)")
t = re.sub(r"(frontAndBack\s*\{\s*type\s+)empty;", r"\1symmetry;", t)
open('system/blockMeshDict', 'w').write(t)
for f in glob.glob('0/*'):
    s = open(f).read()
    s = re.sub(r"(frontAndBack\s*\{\s*type\s+)empty;", r"\1symmetry;", s)
    open(f, 'w').write(s)
c = open('system/controlDict').read()
c = c.replace("endTime         2000;", "endTime         3;").replace("writeInterval   100;", "writeInterval   1000;")
c = re.sub(r"functions\s*\{[^}]*\}", "functions\n{\n}", c)
open('system/controlDict', 'w').write(c)
PY
