#!/bin/sh
# Reproduces the GROMACS rows of docs/accuracy.md ("Run here"): SPC/E water boxes from
# gmx solvate, OPLS-AA, md.mdp (20 MD steps, Verlet, PME, rc = 1.0 nm); GROMACS 2022.5
# (Debian package gromacs 2022.5-2, SSE4.1 build, thread-MPI). Peak RSS from /usr/bin/time -v.
# bare.mdp: the 648-atom spc216 box at rc = 0.8 nm, the mdrun process with hardly any arrays.
set -e
here=$(cd "$(dirname "$0")" && pwd)
run() { # name box mdp ntmpi
    mkdir -p "$1" && cd "$1"
    gmx -quiet solvate -cs spc216 -box "$2" "$2" "$2" -o water.gro > solvate.log 2>&1
    n=$(sed -n 2p water.gro | tr -d ' ')
    printf '#include "oplsaa.ff/forcefield.itp"\n#include "oplsaa.ff/spce.itp"\n[ system ]\nwater\n[ molecules ]\nSOL %d\n' $((n / 3)) > topol.top
    gmx -quiet grompp -f "$here/$3" -c water.gro -p topol.top -o md.tpr > grompp.log 2>&1
    /usr/bin/time -v gmx -quiet mdrun -s md.tpr -ntmpi "$4" -ntomp 1 -deffnm md > mdrun.log 2> time.log
    echo "$1: $n atoms, $(grep 'Maximum resident' time.log)"
    cd ..
}
/usr/bin/time -v gmx -quiet mdrun -h > /dev/null 2> help.time; grep 'Maximum resident' help.time
run bare 1.86206 bare.mdp 1
run b3 3 md.mdp 1
run b6 6 md.mdp 1
run b10 10 md.mdp 1
run b10n2 10 md.mdp 2
