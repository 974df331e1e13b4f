// Throughput of independent scalar FP64 FMAs (8 chains), by process CPU time.
#include <stdio.h>
#include <time.h>
static double cpu(void){struct timespec t;clock_gettime(CLOCK_PROCESS_CPUTIME_ID,&t);return t.tv_sec+t.tv_nsec*1e-9;}
int main(void){
  long n=200000000L; volatile double vb=0.999999999, vc=1e-9;
  double b=vb,c=vc;
  for(int trial=0;trial<5;trial++){
    double a0=1,a1=1,a2=1,a3=1,a4=1,a5=1,a6=1,a7=1;
    double t0=cpu();
    for(long i=0;i<n;i++){
      __asm__("vfmadd231sd %1,%2,%0":"+x"(a0):"x"(b),"x"(c)); __asm__("vfmadd231sd %1,%2,%0":"+x"(a1):"x"(b),"x"(c));
      __asm__("vfmadd231sd %1,%2,%0":"+x"(a2):"x"(b),"x"(c)); __asm__("vfmadd231sd %1,%2,%0":"+x"(a3):"x"(b),"x"(c));
      __asm__("vfmadd231sd %1,%2,%0":"+x"(a4):"x"(b),"x"(c)); __asm__("vfmadd231sd %1,%2,%0":"+x"(a5):"x"(b),"x"(c));
      __asm__("vfmadd231sd %1,%2,%0":"+x"(a6):"x"(b),"x"(c)); __asm__("vfmadd231sd %1,%2,%0":"+x"(a7):"x"(b),"x"(c));
    }
    double t1=cpu();
    printf("trial %d: %.3f ns per FMA, %.2f GFLOP/s scalar  [%g]\n",trial,(t1-t0)/(8.0*n)*1e9,16.0*n/(t1-t0)/1e9,a0+a1+a2+a3+a4+a5+a6+a7);
  }
}
