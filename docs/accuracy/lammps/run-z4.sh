#!/bin/sh
# Reproduces HERE-LAMMPS-Z4 (docs/accuracy.md, "## Speed"): bench/in.lj's melt (in.lj here) at
# n = 20 (32,000 atoms) for 500 steps and at n = 8 (2,048 atoms, inside the core's L2) for
# 1,953 steps, 1 rank, LAMMPS 29 Sep 2021 - Update 2 (Debian package lammps 20220106), on this
# project's second VM (AMD EPYC Zen 4 under KVM, 2 cores shared with other jobs). Beside them
# the core's clock and latencies (../speed-here/zen4/latency.c, by CPU time) and its scalar
# FMA throughput (fma.c: 8 independent vfmadd231sd chains, by CPU time), to tell a slow core
# from a shared one. out-z4/ holds what the runs printed on 2026-12-07.
set -e
here=$(cd "$(dirname "$0")" && pwd)
out=$here/out-z4; mkdir -p "$out"
lscpu > "$out/lscpu.txt"
sed 's/^run .*/run             500/' "$here/in.lj" > in.lj500
sed 's/^run .*/run             1953/' "$here/in.lj" > in.lj1953
OMP_NUM_THREADS=1 /usr/bin/time -v lmp -var n 20 -in in.lj500 -log "$out/log.20.500.1" > /dev/null 2> "$out/time.20.500.1"
OMP_NUM_THREADS=1 /usr/bin/time -v lmp -var n 8 -in in.lj1953 -log "$out/log.8.1953.1" > /dev/null 2> "$out/time.8.1953.1"
gcc -O2 "$here/../speed-here/zen4/latency.c" -o latency && ./latency 200000000 > "$out/latency.txt"
gcc -O2 "$here/fma.c" -o fma && ./fma > "$out/fma.txt"
grep -H -E 'Performance|CPU use|^Pair|^Neigh|builds|Total # of neigh' "$out"/log.*
grep -H -E 'User time|Percent of CPU' "$out"/time.*
