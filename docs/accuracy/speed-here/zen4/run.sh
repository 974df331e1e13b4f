#!/bin/bash
# Reproduces the Zen 4 rows of docs/accuracy.md "## Speed" (Sources HERE-Z4-STREAM,
# HERE-Z4-LAT, HERE-Z4-HPCG, "Measured here: HPCG and OpenFOAM on one core"): STREAM triad on one
# thread, the latency of dependent FP64 adds and divides, and HPCG 3.1 (reference code,
# CPU-time timer) built four ways. Outputs go to ./out/. As in ../run.sh, every time is the
# process's or thread's CPU time: the VM's 2 cores were shared with other jobs.
set -e
HERE=$(cd "$(dirname "$0")" && pwd); OUT=$HERE/out; mkdir -p $OUT
# The disassembly is written to $DIS and kept as one archive, out/disassembly.tar.gz (compiler
# output: evidence, not code to read beside the sources); `tar xzf` it to read the listings.
DIS=$(mktemp -d); trap 'rm -rf $DIS' EXIT
lscpu > $OUT/lscpu.txt; gcc --version | head -1 > $OUT/gcc.txt

# 1. STREAM triad, one thread, 3 x 512 MiB arrays (../stream.c), three runs.
gcc -O3 -march=native -fopenmp $HERE/../stream.c -o /tmp/stream
for i in 1 2 3; do OMP_NUM_THREADS=1 /tmp/stream; done | tee $OUT/stream.txt

# 2. Dependent FP64 add and divide chains, and the core clock from a 1-cycle integer add chain.
gcc -O2 $HERE/latency.c -o /tmp/latency
/tmp/latency 400000000 | tee $OUT/latency.txt

# 3. HPCG 3.1 reference (github:hpcg-benchmark/hpcg 114602d), unpacked into /tmp/hpcgc
#    (git archive HEAD | tar -x -C /tmp/hpcgc), timer replaced by ../mytimer-cpu.cpp.
#    Four builds with g++ and HPCG_NO_MPI (one process: the MPI build's kernels are the same
#    code, and with one rank it exchanges nothing):
#      serial   = setup/Make.Linux_Serial's flags: -O3 -funroll-loops
#      fastmath = setup/Make.Linux_MPI's flags:    -O3 -ffast-math -ftree-vectorize
#      native   = -O3 -funroll-loops -march=native (AVX-512, FMA contraction, no reassociation)
#      nativefm = -O3 -ffast-math -ftree-vectorize -march=native (8-lane reductions, gathers)
H=/tmp/hpcgc
[ -d $H/src ] || { echo "unpack the HPCG source into $H first"; exit 1; }
cp $HERE/../mytimer-cpu.cpp $H/src/mytimer.cpp
mk() { sed -e "s|^CXXFLAGS .*|CXXFLAGS     = \$(HPCG_DEFS) $2|" -e "s|^CXX .*|CXX          = /usr/bin/g++|" \
         $H/setup/Make.Linux_Serial > $H/setup/Make.$1; }
mk Z_serial "-fomit-frame-pointer -O3 -funroll-loops -W -Wall -pedantic"
mk Z_fastmath "-O3 -ffast-math -ftree-vectorize -ftree-vectorizer-verbose=0"
mk Z_native "-fomit-frame-pointer -O3 -funroll-loops -march=native -W -Wall -pedantic"
mk Z_nativefm "-O3 -ffast-math -ftree-vectorize -march=native"
for v in serial fastmath native nativefm; do
  [ -x $H/b_Z_$v/bin/xhpcg ] || (mkdir -p $H/b_Z_$v && cd $H/b_Z_$v && ../configure Z_$v >/dev/null && make -j2 >make.log 2>&1)
  objdump -d --no-show-raw-insn $H/b_Z_$v/src/ComputeSPMV_ref.o > $DIS/spmv-$v.s
  objdump -d --no-show-raw-insn $H/b_Z_$v/src/ComputeSYMGS_ref.o > $DIS/symgs-$v.s
done
# Byte for byte the same archive from the same listings (no dates, owners or gzip name).
(cd $DIS && tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -cf - *.s) \
  | gzip -n -9 > $OUT/disassembly.tar.gz
for v in serial fastmath native nativefm; do
  (cd $H/b_Z_$v/bin && rm -f HPCG-Benchmark*.txt &&
   /usr/bin/time -v ./xhpcg --nx=64 --ny=64 --nz=64 --rt=1 >out.txt 2>time.txt)
  cp $H/b_Z_$v/bin/HPCG-Benchmark*.txt $OUT/hpcg-$v.txt; cp $H/b_Z_$v/bin/time.txt $OUT/hpcg-$v.time.txt
  grep -E "Raw (SpMV|MG|Total)=|Raw Total B/W|Total with convergence and optimization phase overhead" $OUT/hpcg-$v.txt
done

# 4. The same four builds on a 16^3 problem (4,096 fine rows, about 3 MB in all: inside the
#    32 MiB L3), so memory bandwidth is out of the way and what is left is the core's own time
#    per row: the dependent-add chain of each row's sum, the loads, the gathers.
for v in serial fastmath native nativefm; do
  (cd $H/b_Z_$v/bin && rm -f HPCG-Benchmark*.txt && ./xhpcg --nx=16 --ny=16 --nz=16 --rt=2 >out16.txt 2>&1)
  cp $H/b_Z_$v/bin/HPCG-Benchmark*.txt $OUT/hpcg16-$v.txt
  echo "$v 16^3: $(grep -E 'GFLOP/s Summary::Raw (SpMV|MG|Total)=' $OUT/hpcg16-$v.txt | sed 's/.*Raw //' | tr '\n' ' ')"
done
