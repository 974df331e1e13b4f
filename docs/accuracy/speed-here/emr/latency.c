// Latency of a dependent FP64 add chain and of a dependent FP64 divide chain, ns per operation
// by the process's CPU time (the VM's cores are shared with other jobs), as ../zen4/latency.c;
// and the throughput of AVX-512 and AVX2 gathers (vgatherdpd, 32-bit indices, FP64), ns and
// cycles per gathered element. Each chain's operand depends on the previous result, so the core
// cannot overlap them: the time per operation is the instruction's latency over the core clock.
// A dependent integer add chain (1 cycle on every x86 core since the Pentium Pro) gives the clock:
// register + register adds, because Golden Cove-class cores fold chains of adds of an immediate
// at rename (the immediate chain of ../zen4/latency.c runs above one add a cycle here; it is
// still timed and printed as "imm add").
// The gathers read an 8^3 grid of doubles (4 KiB, inside L1) at the columns of HPCG's 27-point
// stencil (27 indices a row, padded to 32 with the row's own index), four independent FMA
// accumulators per row so that neither the adds nor a cache miss limit them: what is left is
// how fast the core gathers.
// Build: gcc -O2 latency.c -o latency   (no -ffast-math: the adds must stay in order)
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

#define NX 8
#define N (NX * NX * NX)
#define PAD 32

// Columns of row r's 27-point stencil on a periodic NX^3 grid, padded with r itself.
static void stencil(int *idx) {
  for (int r = 0; r < N; r++) {
    int x = r % NX, y = (r / NX) % NX, z = r / (NX * NX), k = 0;
    for (int dz = -1; dz <= 1; dz++)
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          idx[r * PAD + k++] = ((z + dz + NX) % NX) * NX * NX + ((y + dy + NX) % NX) * NX + (x + dx + NX) % NX;
    while (k < PAD) idx[r * PAD + k++] = r;
  }
}

__attribute__((target("avx512f"))) static double gather512(const double *x, const int *idx, long sweeps) {
  __m512d a0 = _mm512_setzero_pd(), a1 = a0, a2 = a0, a3 = a0, v = _mm512_set1_pd(1e-9);
  for (long s = 0; s < sweeps; s++)
    for (int r = 0; r < N; r++) {
      const int *p = idx + r * PAD;
      a0 = _mm512_fmadd_pd(_mm512_i32gather_pd(_mm256_loadu_si256((const __m256i *)p), x, 8), v, a0);
      a1 = _mm512_fmadd_pd(_mm512_i32gather_pd(_mm256_loadu_si256((const __m256i *)(p + 8)), x, 8), v, a1);
      a2 = _mm512_fmadd_pd(_mm512_i32gather_pd(_mm256_loadu_si256((const __m256i *)(p + 16)), x, 8), v, a2);
      a3 = _mm512_fmadd_pd(_mm512_i32gather_pd(_mm256_loadu_si256((const __m256i *)(p + 24)), x, 8), v, a3);
    }
  return _mm512_reduce_add_pd(_mm512_add_pd(_mm512_add_pd(a0, a1), _mm512_add_pd(a2, a3)));
}

// The EVEX form of the 4-lane gather (AVX512VL, a mask register): what gcc's Sapphire Rapids
// tuning emits for HPCG's rows.
__attribute__((target("avx512f,avx512vl,fma"))) static double gather256k(const double *x, const int *idx, long sweeps) {
  __m256d a[8], v = _mm256_set1_pd(1e-9), z = _mm256_setzero_pd();
  for (int j = 0; j < 8; j++) a[j] = z;
  for (long s = 0; s < sweeps; s++)
    for (int r = 0; r < N; r++) {
      const int *p = idx + r * PAD;
      for (int j = 0; j < 8; j++)
        a[j] = _mm256_fmadd_pd(_mm256_mmask_i32gather_pd(z, 0xf, _mm_loadu_si128((const __m128i *)(p + 4 * j)), x, 8), v, a[j]);
    }
  __m256d t = a[0];
  for (int j = 1; j < 8; j++) t = _mm256_add_pd(t, a[j]);
  double o[4];
  _mm256_storeu_pd(o, t);
  return o[0] + o[1] + o[2] + o[3];
}

// The AVX2 (VEX) form, a vector register as the mask.
__attribute__((target("avx2,fma"))) static double gather256(const double *x, const int *idx, long sweeps) {
  __m256d a[8], v = _mm256_set1_pd(1e-9);
  for (int j = 0; j < 8; j++) a[j] = _mm256_setzero_pd();
  for (long s = 0; s < sweeps; s++)
    for (int r = 0; r < N; r++) {
      const int *p = idx + r * PAD;
      for (int j = 0; j < 8; j++)
        a[j] = _mm256_fmadd_pd(_mm256_i32gather_pd(x, _mm_loadu_si128((const __m128i *)(p + 4 * j)), 8), v, a[j]);
    }
  __m256d t = a[0];
  for (int j = 1; j < 8; j++) t = _mm256_add_pd(t, a[j]);
  double o[4];
  _mm256_storeu_pd(o, t);
  return o[0] + o[1] + o[2] + o[3];
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 400000000L;
  volatile double vin = 1e-9, vdiv = 1.0000001;
  double a = vin, d = vdiv, x = 1.0;
  static double grid[N];
  static int idx[N * PAD];
  for (int i = 0; i < N; i++) grid[i] = 1.0 + i * 1e-6;
  stencil(idx);
  long sweeps = n / (8L * N * PAD) + 1;  // elements gathered: sweeps * N * PAD, about n / 8
  double elems = (double)sweeps * N * PAD;
  long k = 0;
  for (int trial = 0; trial < 5; trial++) {
    double t0 = cpu();
    double s = 0.0;
    for (long i = 0; i < n; i++) s += a;  // addsd chain
    double t1 = cpu();
    double y = x;
    for (long i = 0; i < n / 8; i++) y = y / d;  // divsd chain
    double t2 = cpu();
    long c = 0, one = vin > 0 ? 1 : 2;
    for (long i = 0; i < n / 8; i++)  // 8 dependent 1-cycle adds per loop trip
      __asm__ volatile("add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
                       "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0" : "+r"(c) : "r"(one));
    double t3 = cpu();
    for (long i = 0; i < n / 8; i++)  // the same with an immediate: folded at rename here
      __asm__ volatile("add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\t"
                       "add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0" : "+r"(c));
    double t3i = cpu();
    double g8 = gather512(grid, idx, sweeps);
    double t4 = cpu();
    double g4 = gather256(grid, idx, sweeps);
    double t5 = cpu();
    double g4k = gather256k(grid, idx, sweeps);
    double t6 = cpu();
    k += c;
    double cyc = (t3 - t2) / n * 1e9;  // ns per cycle
    printf("trial %d: fp64 add %.4f ns  fp64 div %.4f ns  int add %.4f ns (clock %.3f GHz)  "
           "imm add %.4f ns  gather zmm %.4f ns/element (%.2f cycles)  gather ymm %.4f ns/element "
           "(%.2f cycles)  gather ymm{k} %.4f ns/element (%.2f cycles)  [%g %g %g %g %g]\n",
           trial, (t1 - t0) / n * 1e9, (t2 - t1) / (n / 8) * 1e9, cyc, n / (t3 - t2) / 1e9,
           (t3i - t3) / n * 1e9, (t4 - t3i) / elems * 1e9, (t4 - t3i) / elems * 1e9 / cyc,
           (t5 - t4) / elems * 1e9, (t5 - t4) / elems * 1e9 / cyc, (t6 - t5) / elems * 1e9, (t6 - t5) / elems * 1e9 / cyc, s, y,
           g8, g4, g4k);
  }
  return k == 0;
}
