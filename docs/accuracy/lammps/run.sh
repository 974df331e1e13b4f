#!/bin/sh
# Reproduces the LAMMPS rows of docs/accuracy.md ("Run here"): in.lj (the bench/in.lj melt,
# 50 steps) at n = 20 (32,000 atoms) and n = 40 (256,000 atoms), on 1 and 2 MPI ranks, and at
# n = 50 and 63 (500,000 and 1,000,188 atoms) on 1; then all four on 1 rank with -var check yes
# (LAMMPS's default distance check, which keeps xhold);
# LAMMPS 29 Sep 2021 - Update 2 (Debian package lammps 20220106), Open MPI 4.1.4.
# Each rank's peak RSS from /usr/bin/time -v; LAMMPS's own line "Per MPI rank memory
# allocation (min/avg/max)" from the log. `lmp -h` is the bare process.
set -e
here=$(cd "$(dirname "$0")" && pwd)
/usr/bin/time -v lmp -h > /dev/null 2> bare.1; grep 'Maximum resident' bare.1
mpirun -np 2 /usr/bin/time -v lmp -h > /dev/null 2> bare.2; grep 'Maximum resident' bare.2
for n in 20 40; do
    /usr/bin/time -v lmp -var n $n -in "$here/in.lj" -log log.$n.1 > /dev/null 2> time.$n.1
    mpirun -np 2 /usr/bin/time -v lmp -var n $n -in "$here/in.lj" -log log.$n.2 > /dev/null 2> time.$n.2
    grep -H 'Per MPI rank' log.$n.1 log.$n.2; grep -H 'Maximum resident' time.$n.1 time.$n.2
done
for n in 50 63; do
    /usr/bin/time -v lmp -var n $n -in "$here/in.lj" -log log.$n.1 > /dev/null 2> time.$n.1
    grep -H 'Per MPI rank' log.$n.1; grep -H 'Maximum resident' time.$n.1
done
for n in 20 40 50 63; do
    lmp -var n $n -var check yes -in "$here/in.lj" -log log.$n.check > /dev/null
    grep -H 'Per MPI rank' log.$n.check
done
