#!/bin/bash
# Reproduces docs/accuracy.md "Speed", "run here" rows: STREAM triad, HPCG 3.1 (reference code,
# CPU-time timer) and OpenFOAM icoFoam on the 100^3 cavity. Outputs go to ./out/.
# The VM's 2 cores were shared with other jobs (load average 9-15), so every time here is the
# process's or thread's CPU time, not wall time (see mytimer-cpu.cpp and stream.c).
set -e
HERE=$(cd "$(dirname "$0")" && pwd); OUT=$HERE/out; mkdir -p $OUT
lscpu > $OUT/lscpu.txt

# 1. STREAM triad, 1 and 2 threads, 3 x 512 MiB arrays.
gcc -O3 -march=native -fopenmp $HERE/stream.c -o /tmp/stream
for t in 1 2; do OMP_NUM_THREADS=$t OMP_PROC_BIND=spread /tmp/stream; done | tee $OUT/stream.txt

# 2. HPCG 3.1 reference (github:hpcg-benchmark/hpcg 114602d, 2023-09-23), timer replaced.
# Needs libopenmpi-dev for the MPI build (apt-get install -y libopenmpi-dev).
if [ ! -x /tmp/hpcg/build/bin/xhpcg ]; then
  echo "unpack the HPCG source into /tmp/hpcg first (git archive HEAD | tar -x -C /tmp/hpcg)"; exit 1
fi
cp $HERE/mytimer-cpu.cpp /tmp/hpcg/src/mytimer.cpp
# Linux_Serial: -O3 -funroll-loops (no -ffast-math); Linux_MPI: -O3 -ffast-math -ftree-vectorize.
for a in Linux_Serial:serial Linux_MPI:build; do
  (mkdir -p /tmp/hpcg/${a#*:} && cd /tmp/hpcg/${a#*:} && ../configure ${a%:*} >/dev/null && make -j2 >make.log 2>&1)
done
run_hpcg() { # name command...
  mkdir -p /tmp/hpcg/$1 && (cd /tmp/hpcg/$1 && rm -f HPCG-Benchmark*.txt && shift && /usr/bin/time -v "$@" --nx=64 --ny=64 --nz=64 --rt=1 >out.txt 2>time.txt)
  cp /tmp/hpcg/$1/HPCG-Benchmark*.txt $OUT/hpcg-$1.txt; cp /tmp/hpcg/$1/time.txt $OUT/hpcg-$1.time.txt
}
run_hpcg serial64 /tmp/hpcg/serial/bin/xhpcg
run_hpcg mpi64x1 mpirun --allow-run-as-root -np 1 /tmp/hpcg/build/bin/xhpcg
run_hpcg mpi64x2 mpirun --allow-run-as-root -np 2 /tmp/hpcg/build/bin/xhpcg

# 3. OpenFOAM 1912 icoFoam, 100^3 lid-driven cavity, 4 time steps (ExecutionTime is CPU time).
export FOAM_ETC=/usr/share/openfoam/etc WM_PROJECT_DIR=/usr/share/openfoam
rm -rf /tmp/cav && cp -r $HERE/cavity3d-100 /tmp/cav && cd /tmp/cav && blockMesh >log.blockMesh 2>&1
icoFoam >log.icoFoam 2>&1; cp log.icoFoam $OUT/
grep -E "^Time =|No Iterations|ExecutionTime" $OUT/log.icoFoam
