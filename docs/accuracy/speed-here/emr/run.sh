#!/bin/bash
# Reproduces the Emerald Rapids rows of docs/accuracy.md "## Speed" (Source HERE-EMR): STREAM
# triad on one thread, the latency of dependent FP64 adds and divides and the throughput of
# gathers (latency.c), and HPCG 3.1 runs of the builds named in README.md, found under $H
# (b_Z_<build>/bin/xhpcg, built from github:hpcg-benchmark/hpcg 114602d with
# ../mytimer-cpu.cpp as src/mytimer.cpp; the flags are in README.md). Outputs go to ./out/.
# Every time is the process's or thread's CPU time: the VM's 2 cores are shared with other jobs.
set -e
HERE=$(cd "$(dirname "$0")" && pwd); OUT=$HERE/out; mkdir -p $OUT
H=${H:-/tmp/hpcge}
# The disassembly is written to $DIS and kept as one archive, out/disassembly.tar.gz (compiler
# output: evidence, not code to read beside the sources); `tar xzf` it to read the listings. A
# run of some $BUILDS replaces their listings and keeps the others'.
DIS=$(mktemp -d); trap 'rm -rf $DIS' EXIT
[ -f $OUT/disassembly.tar.gz ] && tar xzf $OUT/disassembly.tar.gz -C $DIS
lscpu > $OUT/lscpu.txt; gcc --version | head -1 > $OUT/gcc.txt
gcc -march=native -Q --help=target | grep -E "^\s+-m(arch|tune)=" > $OUT/gcc-native.txt

# 1. STREAM triad, one thread, 3 x 512 MiB arrays (../stream.c), three runs.
gcc -O3 -march=native -fopenmp $HERE/../stream.c -o /tmp/stream
for i in 1 2 3; do OMP_NUM_THREADS=1 /tmp/stream; done | tee $OUT/stream.txt

# 2. Dependent FP64 add and divide chains, the clock, and gather throughput.
gcc -O2 $HERE/latency.c -o /tmp/latency
/tmp/latency 400000000 | tee $OUT/latency.txt

# 3. HPCG at 64^3 (one set of 50 CG iterations) and 16^3 (inside the L3), one process.
for v in ${BUILDS:-serial fastmath native nativefm nativefmspr}; do
  B=$H/b_Z_$v
  objdump -d --no-show-raw-insn $B/src/ComputeSPMV_ref.o > $DIS/spmv-$v.s
  objdump -d --no-show-raw-insn $B/src/ComputeSYMGS_ref.o > $DIS/symgs-$v.s
  # Byte for byte the same archive from the same listings (no dates, owners or gzip name).
  (cd $DIS && tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -cf - *.s) \
    | gzip -n -9 > $OUT/disassembly.tar.gz
  (cd $B/bin && rm -f HPCG-Benchmark*.txt &&
   /usr/bin/time -v ./xhpcg --nx=64 --ny=64 --nz=64 --rt=1 >out.txt 2>time.txt)
  cp $B/bin/HPCG-Benchmark*.txt $OUT/hpcg-$v.txt; cp $B/bin/time.txt $OUT/hpcg-$v.time.txt
  (cd $B/bin && rm -f HPCG-Benchmark*.txt && ./xhpcg --nx=16 --ny=16 --nz=16 --rt=2 >out16.txt 2>&1)
  cp $B/bin/HPCG-Benchmark*.txt $OUT/hpcg16-$v.txt
  echo "$v: 64^3 $(grep -E 'GFLOP/s Summary::Raw (SpMV|MG|Total)=' $OUT/hpcg-$v.txt | sed 's/.*Raw //' | tr '\n' ' ')" \
       " 16^3 $(grep -E 'GFLOP/s Summary::Raw (SpMV|MG|Total)=' $OUT/hpcg16-$v.txt | sed 's/.*Raw //' | tr '\n' ' ')"
done
