#!/bin/sh
# Runs the ABINIT 9.6.2 decks here (Debian bookworm `abinit`, pseudopotentials from
# /usr/share/abinit/psp) under /usr/bin/time -v: bare and si8 with 1 and 2 processes, the
# 64-atom supercells with 1 (they take minutes), the PAW (+U) NiO decks with 1 and 2. Writes <deck>.np<N>/ with ABINIT's output
# (its "P This job should need less than … Mbytes" line) and time.<rank>.
cd "$(dirname "$0")"
export OMP_NUM_THREADS=1
run() {
  d=$1.np$2; mkdir -p $d; cp $1.abi $d/
  (cd $d && mpirun --allow-run-as-root --oversubscribe -np $2 sh -c \
    "/usr/bin/time -v -o time.\$OMPI_COMM_WORLD_RANK abinit $1.abi" > log 2>&1)
  printf '%s np=%s %s rss=' $1 $2 "$(grep -h 'should need' $d/$1.abo | awk '{print $(NF-3), $(NF-2)}')"
  grep -h 'Maximum resident' $d/time.* | awk '{printf "%s ", $NF}'; echo
}
run bare 1; run bare 2; run si8 1; run si8 2; run si64-nosym 1; run si64 1
run nio-pawu 1; run nio-pawu 2; run nio-paw 1; run nio-paw 2
