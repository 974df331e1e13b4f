// Latency of a dependent FP64 add chain and of a dependent FP64 divide chain, ns per operation
// by the process's CPU time (the VM's cores are shared with other jobs). Each chain's operand
// depends on the previous result, so the core cannot overlap them: the time per operation is
// the instruction's latency over the core clock. A dependent integer add chain (1 cycle on
// every x86 core since the Pentium Pro) gives the clock itself.
// Build: gcc -O2 latency.c -o latency   (no -ffast-math: the adds must stay in order)
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 400000000L;
  volatile double vin = 1e-9, vdiv = 1.0000001;
  double a = vin, d = vdiv, x = 1.0;
  long k = 0;
  for (int trial = 0; trial < 5; trial++) {
    double t0 = cpu();
    double s = 0.0;
    for (long i = 0; i < n; i++) s += a;  // addsd chain
    double t1 = cpu();
    double y = x;
    for (long i = 0; i < n / 8; i++) y = y / d;  // divsd chain
    double t2 = cpu();
    long c = 0;
    for (long i = 0; i < n / 8; i++)  // 8 dependent 1-cycle adds per loop trip
      __asm__ volatile("add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\t"
                       "add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0" : "+r"(c));
    double t3 = cpu();
    k += c;
    printf("trial %d: fp64 add %.4f ns  fp64 div %.4f ns  int add %.4f ns (clock %.3f GHz)  [%g %g]\n",
           trial, (t1 - t0) / n * 1e9, (t2 - t1) / (n / 8) * 1e9, (t3 - t2) / n * 1e9,
           n / (t3 - t2) / 1e9, s, y);
  }
  return k == 0;
}
