#!/bin/sh
# SPARC (github:SPARC-X/SPARC, commit d3a2ac1) on one process of this project's build machine,
# its tests/CuSi7 deck (37³ points, 30 states at Γ, 8 atoms). Every time is the process's CPU
# time: the two cores are shared with other jobs, so cputime.c replaces MPI_Wtime through
# LD_PRELOAD (as mytimer-cpu.cpp did for HPCG, docs/accuracy/speed-here/).
# Debian bookworm: libopenmpi-dev openmpi-bin libscalapack-openmpi-dev liblapacke-dev libopenblas-dev.
# src/xc/vdW/vdWDF/vdWDFreadKernel.c was absent from the snapshot and was replaced by a stub
# that exits (vdW-DF is not used here).
set -e
SPARC=${SPARC:-/tmp/sparc}
OUT=$(dirname "$0")/out
make -C $SPARC/src USE_MKL=0 USE_SCALAPACK=1 LDLIBS="-lrt -lscalapack-openmpi -llapacke -lopenblas -lm"
gcc -O2 -shared -fPIC -o /tmp/libcputime.so $(dirname "$0")/cputime.c
W=$(mktemp -d); cp $(dirname "$0")/CuSi7.inpt $W/; sed "s#PSPS/#$SPARC/psps/#" $(dirname "$0")/CuSi7.ion > $W/CuSi7.ion
cd $W
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 LD_PRELOAD=/tmp/libcputime.so
/usr/bin/time -v mpirun --allow-run-as-root -np 1 -x LD_PRELOAD -x OMP_NUM_THREADS -x OPENBLAS_NUM_THREADS $SPARC/lib/sparc -name CuSi7
cp CuSi7.out $OUT/CuSi7.out
# Variant (out/CuSi7-native.out): lapVecRoutines.c rebuilt with CFLAGS="-std=gnu99 -O3 -fopenmp
# -march=native" and OPENBLAS_CORETYPE=SkylakeX (OpenBLAS 0.3.21 does not know this CPU, model
# 207, and otherwise runs its Prescott kernels). Breakdown (out/debug-split.txt): the same deck
# with DEBUG_MODE=1; profile (out/perf-default-debug.txt): perf record -e cpu-clock of that run.
