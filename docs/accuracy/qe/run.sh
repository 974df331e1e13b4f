#!/bin/sh
# Runs every deck here with 1 and 2 MPI ranks under /usr/bin/time -v (Quantum ESPRESSO 6.7,
# Debian bookworm `quantum-espresso`; pseudopotentials from /usr/share/espresso/pseudo).
# Writes <deck>.np<N>.out (pw.x's output) and <deck>.np<N>.time.<rank> (time -v of each rank).

cd "$(dirname "$0")"
export OMP_NUM_THREADS=1
for f in ${*:-bare si-nc si-us ni-paw ni-paw-u pt-so si-exx}; do
  for n in 1 2; do
    mpirun --allow-run-as-root --oversubscribe -np $n sh -c \
      "/usr/bin/time -v -o $f.np$n.time.\$OMPI_COMM_WORLD_RANK pw.x -in $f.in" > $f.np$n.out 2>&1 || true  # exit 2: not converged in 3 steps (the arrays are all allocated by then)
    rm -rf ./tmp-$f
    printf '%s np=%s est=%s rss=' $f $n "$(grep 'Estimated max dynamical' $f.np$n.out | awk '{print $(NF-1), $NF}')"
    grep -h 'Maximum resident' $f.np$n.time.* | awk '{printf "%s ", $NF}'; echo
  done
done
