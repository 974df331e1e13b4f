/* McCalpin's STREAM triad kernel, a[i] = b[i] + q*c[i], over arrays far larger than the
   caches (3 x 64 Mi doubles = 1.5 GiB against a 105 MiB L3). Bytes counted as STREAM does:
   3 x 8 per element (no write-allocate). Best of NTIMES, as STREAM reports, timed two ways:
   wall time, and each thread's own CPU time (the slowest thread's), because the VM's two
   cores are shared with other jobs and a descheduled thread stretches wall time only. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <omp.h>
#define N (64L * 1024 * 1024)
#define NTIMES 20
static double cpu(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}
int main(void) {
  double *a = malloc(N * sizeof(double)), *b = malloc(N * sizeof(double)),
         *c = malloc(N * sizeof(double));
  const double q = 3.0;
#pragma omp parallel for schedule(static)
  for (long i = 0; i < N; i++) { a[i] = 1.0; b[i] = 2.0; c[i] = 0.5; }
  double best = 1e30, best_cpu = 1e30;
  for (int k = 0; k < NTIMES; k++) {
    double slowest = 0, t = omp_get_wtime();
#pragma omp parallel reduction(max : slowest)
    {
      double c0 = cpu();
#pragma omp for schedule(static) nowait
      for (long i = 0; i < N; i++) a[i] = b[i] + q * c[i];
      slowest = cpu() - c0;
    }
    t = omp_get_wtime() - t;
    if (t < best) best = t;
    if (slowest < best_cpu) best_cpu = slowest;
  }
  double check = 0;
  for (long i = 0; i < N; i += 4096) check += a[i];
  printf("threads %d  N %ld  triad best wall %.4f s = %.2f GB/s;  best thread CPU %.4f s = %.2f GB/s  (check %.1f)\n",
         omp_get_max_threads(), N, best, 3.0 * 8 * N / best / 1e9, best_cpu,
         3.0 * 8 * N / best_cpu / 1e9, check);
  return 0;
}
