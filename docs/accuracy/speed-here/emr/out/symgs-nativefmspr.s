
/tmp/hpcge/b_Z_nativefmspr/src/ComputeSYMGS_ref.o:     file format elf64-x86-64


Disassembly of section .text:

0000000000000000 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_>:
   0:	push   %rbp
   1:	mov    %rsp,%rbp
   4:	push   %r15
   6:	push   %r14
   8:	push   %r13
   a:	push   %r12
   c:	push   %rbx
   d:	and    $0xffffffffffffffe0,%rsp
  11:	sub    $0x20,%rsp
  15:	mov    0x24(%rdi),%eax
  18:	cmp    %eax,(%rdx)
  1a:	jne    add <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xadd>
  20:	mov    0x20(%rdi),%r8d
  24:	mov    0x50(%rdi),%r11
  28:	mov    0x8(%rsi),%rbx
  2c:	mov    0x8(%rdx),%rax
  30:	test   %r8d,%r8d
  33:	jle    a61 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xa61>
  39:	mov    0x48(%rdi),%r12
  3d:	mov    0x40(%rdi),%r13
  41:	mov    0x30(%rdi),%r14
  45:	movslq %r8d,%rdi
  48:	mov    %rdi,0x10(%rsp)
  4d:	mov    %r8d,0xc(%rsp)
  52:	mov    %rbx,0x18(%rsp)
  57:	xor    %ecx,%ecx
  59:	kxnorb %k1,%k1,%k1
  5d:	nopl   (%rax)
  60:	movsbl (%r14,%rcx,1),%r9d
  65:	mov    (%r11,%rcx,8),%rsi
  69:	mov    0x18(%rsp),%rbx
  6e:	mov    (%r12,%rcx,8),%rdx
  72:	mov    0x0(%r13,%rcx,8),%rdi
  77:	vmovsd (%rsi),%xmm5
  7b:	vmovsd (%rbx,%rcx,8),%xmm1
  80:	mov    %r9d,%r10d
  83:	test   %r9d,%r9d
  86:	jle    535 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x535>
  8c:	lea    -0x1(%r9),%esi
  90:	cmp    $0x6,%esi
  93:	jbe    ab3 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xab3>
  99:	vmovdqu (%rdi),%ymm2
  9d:	kmovb  %k1,%k6
  a1:	vgatherdpd (%rax,%xmm2,8),%ymm0{%k6}
  a8:	vperm2i128 $0x11,%ymm2,%ymm2,%ymm2
  ae:	kmovb  %k1,%k7
  b2:	vgatherdpd (%rax,%xmm2,8),%ymm3{%k7}
  b9:	vmulpd 0x20(%rdx),%ymm3,%ymm2
  be:	mov    %r9d,%esi
  c1:	shr    $0x3,%esi
  c4:	vfnmsub132pd (%rdx),%ymm2,%ymm0
  c9:	cmp    $0x1,%esi
  cc:	je     450 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x450>
  d2:	vmovdqu 0x20(%rdi),%ymm2
  d7:	kmovb  %k1,%k2
  db:	vgatherdpd (%rax,%xmm2,8),%ymm3{%k2}
  e2:	vperm2i128 $0x11,%ymm2,%ymm2,%ymm2
  e8:	kmovb  %k1,%k3
  ec:	vgatherdpd (%rax,%xmm2,8),%ymm4{%k3}
  f3:	vmulpd 0x60(%rdx),%ymm4,%ymm2
  f8:	vfmadd231pd 0x40(%rdx),%ymm3,%ymm2
  fe:	vsubpd %ymm2,%ymm0,%ymm0
 102:	cmp    $0x2,%esi
 105:	je     450 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x450>
 10b:	vmovdqu 0x40(%rdi),%ymm2
 110:	kmovb  %k1,%k6
 114:	vgatherdpd (%rax,%xmm2,8),%ymm3{%k6}
 11b:	vperm2i128 $0x11,%ymm2,%ymm2,%ymm2
 121:	kmovb  %k1,%k7
 125:	vgatherdpd (%rax,%xmm2,8),%ymm4{%k7}
 12c:	vmulpd 0xa0(%rdx),%ymm4,%ymm2
 134:	vfmadd231pd 0x80(%rdx),%ymm3,%ymm2
 13d:	vsubpd %ymm2,%ymm0,%ymm0
 141:	cmp    $0x3,%esi
 144:	je     450 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x450>
 14a:	vmovdqu 0x60(%rdi),%ymm2
 14f:	kmovb  %k1,%k4
 153:	vgatherdpd (%rax,%xmm2,8),%ymm3{%k4}
 15a:	vperm2i128 $0x11,%ymm2,%ymm2,%ymm2
 160:	kmovb  %k1,%k5
 164:	vgatherdpd (%rax,%xmm2,8),%ymm4{%k5}
 16b:	vmulpd 0xe0(%rdx),%ymm4,%ymm2
 173:	vfmadd231pd 0xc0(%rdx),%ymm3,%ymm2
 17c:	vsubpd %ymm2,%ymm0,%ymm0
 180:	cmp    $0x4,%esi
 183:	je     450 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x450>
 189:	vmovdqu 0x80(%rdi),%ymm2
 191:	kmovb  %k1,%k4
 195:	vgatherdpd (%rax,%xmm2,8),%ymm3{%k4}
 19c:	vperm2i128 $0x11,%ymm2,%ymm2,%ymm2
 1a2:	kmovb  %k1,%k5
 1a6:	vgatherdpd (%rax,%xmm2,8),%ymm4{%k5}
 1ad:	vmulpd 0x120(%rdx),%ymm4,%ymm2
 1b5:	vfmadd231pd 0x100(%rdx),%ymm3,%ymm2
 1be:	vsubpd %ymm2,%ymm0,%ymm0
 1c2:	cmp    $0x5,%esi
 1c5:	je     450 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x450>
 1cb:	vmovdqu 0xa0(%rdi),%ymm2
 1d3:	kmovb  %k1,%k2
 1d7:	vgatherdpd (%rax,%xmm2,8),%ymm3{%k2}
 1de:	vperm2i128 $0x11,%ymm2,%ymm2,%ymm2
 1e4:	kmovb  %k1,%k3
 1e8:	vgatherdpd (%rax,%xmm2,8),%ymm4{%k3}
 1ef:	vmulpd 0x160(%rdx),%ymm4,%ymm2
 1f7:	vfmadd231pd 0x140(%rdx),%ymm3,%ymm2
 200:	vsubpd %ymm2,%ymm0,%ymm0
 204:	cmp    $0x6,%esi
 207:	je     450 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x450>
 20d:	vmovdqu 0xc0(%rdi),%ymm2
 215:	kmovb  %k1,%k2
 219:	vgatherdpd (%rax,%xmm2,8),%ymm3{%k2}
 220:	vperm2i128 $0x11,%ymm2,%ymm2,%ymm2
 226:	kmovb  %k1,%k3
 22a:	vgatherdpd (%rax,%xmm2,8),%ymm4{%k3}
 231:	vmulpd 0x1a0(%rdx),%ymm4,%ymm2
 239:	vfmadd231pd 0x180(%rdx),%ymm3,%ymm2
 242:	vsubpd %ymm2,%ymm0,%ymm0
 246:	cmp    $0x7,%esi
 249:	je     450 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x450>
 24f:	vmovdqu 0xe0(%rdi),%ymm2
 257:	kmovb  %k1,%k2
 25b:	vgatherdpd (%rax,%xmm2,8),%ymm3{%k2}
 262:	vperm2i128 $0x11,%ymm2,%ymm2,%ymm2
 268:	kmovb  %k1,%k3
 26c:	vgatherdpd (%rax,%xmm2,8),%ymm4{%k3}
 273:	vmulpd 0x1e0(%rdx),%ymm4,%ymm2
 27b:	vfmadd231pd 0x1c0(%rdx),%ymm3,%ymm2
 284:	vsubpd %ymm2,%ymm0,%ymm0
 288:	cmp    $0x8,%esi
 28b:	je     450 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x450>
 291:	vmovdqu 0x100(%rdi),%ymm2
 299:	kmovb  %k1,%k6
 29d:	vgatherdpd (%rax,%xmm2,8),%ymm3{%k6}
 2a4:	vperm2i128 $0x11,%ymm2,%ymm2,%ymm2
 2aa:	kmovb  %k1,%k7
 2ae:	vgatherdpd (%rax,%xmm2,8),%ymm4{%k7}
 2b5:	vmulpd 0x220(%rdx),%ymm4,%ymm2
 2bd:	vfmadd231pd 0x200(%rdx),%ymm3,%ymm2
 2c6:	vsubpd %ymm2,%ymm0,%ymm0
 2ca:	cmp    $0x9,%esi
 2cd:	je     450 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x450>
 2d3:	vmovdqu 0x120(%rdi),%ymm2
 2db:	kmovb  %k1,%k6
 2df:	vgatherdpd (%rax,%xmm2,8),%ymm3{%k6}
 2e6:	vperm2i128 $0x11,%ymm2,%ymm2,%ymm2
 2ec:	kmovb  %k1,%k7
 2f0:	vgatherdpd (%rax,%xmm2,8),%ymm4{%k7}
 2f7:	vmulpd 0x260(%rdx),%ymm4,%ymm2
 2ff:	vfmadd231pd 0x240(%rdx),%ymm3,%ymm2
 308:	vsubpd %ymm2,%ymm0,%ymm0
 30c:	cmp    $0xa,%esi
 30f:	je     450 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x450>
 315:	vmovdqu 0x140(%rdi),%ymm2
 31d:	kmovb  %k1,%k6
 321:	vgatherdpd (%rax,%xmm2,8),%ymm3{%k6}
 328:	vperm2i128 $0x11,%ymm2,%ymm2,%ymm2
 32e:	kmovb  %k1,%k7
 332:	vgatherdpd (%rax,%xmm2,8),%ymm4{%k7}
 339:	vmulpd 0x2a0(%rdx),%ymm4,%ymm2
 341:	vfmadd231pd 0x280(%rdx),%ymm3,%ymm2
 34a:	vsubpd %ymm2,%ymm0,%ymm0
 34e:	cmp    $0xb,%esi
 351:	je     450 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x450>
 357:	vmovdqu 0x160(%rdi),%ymm2
 35f:	kmovb  %k1,%k4
 363:	vgatherdpd (%rax,%xmm2,8),%ymm3{%k4}
 36a:	vperm2i128 $0x11,%ymm2,%ymm2,%ymm2
 370:	kmovb  %k1,%k5
 374:	vgatherdpd (%rax,%xmm2,8),%ymm4{%k5}
 37b:	vmulpd 0x2e0(%rdx),%ymm4,%ymm2
 383:	vfmadd231pd 0x2c0(%rdx),%ymm3,%ymm2
 38c:	vsubpd %ymm2,%ymm0,%ymm0
 390:	cmp    $0xc,%esi
 393:	je     450 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x450>
 399:	vmovdqu 0x180(%rdi),%ymm2
 3a1:	kmovb  %k1,%k6
 3a5:	vgatherdpd (%rax,%xmm2,8),%ymm3{%k6}
 3ac:	vperm2i128 $0x11,%ymm2,%ymm2,%ymm2
 3b2:	kmovb  %k1,%k7
 3b6:	vgatherdpd (%rax,%xmm2,8),%ymm4{%k7}
 3bd:	vmulpd 0x320(%rdx),%ymm4,%ymm2
 3c5:	vfmadd231pd 0x300(%rdx),%ymm3,%ymm2
 3ce:	vsubpd %ymm2,%ymm0,%ymm0
 3d2:	cmp    $0xd,%esi
 3d5:	je     450 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x450>
 3d7:	vmovdqu 0x1a0(%rdi),%ymm2
 3df:	kmovb  %k1,%k6
 3e3:	vgatherdpd (%rax,%xmm2,8),%ymm3{%k6}
 3ea:	vperm2i128 $0x11,%ymm2,%ymm2,%ymm2
 3f0:	kmovb  %k1,%k7
 3f4:	vgatherdpd (%rax,%xmm2,8),%ymm4{%k7}
 3fb:	vmulpd 0x360(%rdx),%ymm4,%ymm2
 403:	vfmadd231pd 0x340(%rdx),%ymm3,%ymm2
 40c:	vsubpd %ymm2,%ymm0,%ymm0
 410:	cmp    $0xf,%esi
 413:	jne    450 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x450>
 415:	vmovdqu 0x1c0(%rdi),%ymm2
 41d:	kmovb  %k1,%k2
 421:	vgatherdpd (%rax,%xmm2,8),%ymm3{%k2}
 428:	vperm2i128 $0x11,%ymm2,%ymm2,%ymm2
 42e:	kmovb  %k1,%k3
 432:	vgatherdpd (%rax,%xmm2,8),%ymm4{%k3}
 439:	vmulpd 0x3a0(%rdx),%ymm4,%ymm2
 441:	vfmadd231pd 0x380(%rdx),%ymm3,%ymm2
 44a:	vsubpd %ymm2,%ymm0,%ymm0
 44e:	xchg   %ax,%ax
 450:	vextractf64x2 $0x1,%ymm0,%xmm4
 457:	vaddpd %xmm0,%xmm4,%xmm3
 45b:	mov    %r9d,%esi
 45e:	and    $0xfffffff8,%esi
 461:	vunpckhpd %xmm3,%xmm3,%xmm2
 465:	vaddpd %xmm3,%xmm2,%xmm2
 469:	and    $0x7,%r10d
 46d:	vaddpd %xmm4,%xmm0,%xmm0
 471:	vaddsd %xmm2,%xmm1,%xmm2
 475:	mov    %esi,%r8d
 478:	je     a80 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xa80>
 47e:	mov    %r9d,%r10d
 481:	sub    %esi,%r10d
 484:	lea    -0x1(%r10),%r15d
 488:	cmp    $0x2,%r15d
 48c:	jbe    ad4 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xad4>
 492:	vmovdqu (%rdi,%rsi,4),%xmm2
 497:	kmovb  %k1,%k2
 49b:	vgatherdpd (%rax,%xmm2,8),%xmm3{%k2}
 4a2:	vpshufd $0xee,%xmm2,%xmm2
 4a7:	kmovb  %k1,%k3
 4ab:	vgatherdpd (%rax,%xmm2,8),%xmm4{%k3}
 4b2:	vmulpd 0x10(%rdx,%rsi,8),%xmm4,%xmm2
 4b8:	vfmadd231pd (%rdx,%rsi,8),%xmm3,%xmm2
 4be:	mov    %r10d,%esi
 4c1:	and    $0xfffffffc,%esi
 4c4:	add    %esi,%r8d
 4c7:	and    $0x3,%r10d
 4cb:	vsubpd %xmm2,%xmm0,%xmm0
 4cf:	vunpckhpd %xmm0,%xmm0,%xmm2
 4d3:	vaddpd %xmm0,%xmm2,%xmm0
 4d7:	vaddsd %xmm0,%xmm1,%xmm1
 4db:	je     535 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x535>
 4dd:	movslq %r8d,%rsi
 4e0:	movslq (%rdi,%rsi,4),%rbx
 4e4:	vmovsd (%rdx,%rsi,8),%xmm6
 4e9:	lea    0x0(,%rsi,4),%r15
 4f1:	lea    0x0(,%rsi,8),%r10
 4f9:	lea    0x1(%r8),%esi
 4fd:	vfnmadd231sd (%rax,%rbx,8),%xmm6,%xmm1
 503:	cmp    %esi,%r9d
 506:	jle    535 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x535>
 508:	movslq 0x4(%rdi,%r15,1),%rsi
 50d:	vmovsd 0x8(%rdx,%r10,1),%xmm6
 514:	add    $0x2,%r8d
 518:	vfnmadd231sd (%rax,%rsi,8),%xmm6,%xmm1
 51e:	cmp    %r8d,%r9d
 521:	jle    535 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x535>
 523:	movslq 0x8(%rdi,%r15,1),%rsi
 528:	vmovsd 0x10(%rdx,%r10,1),%xmm6
 52f:	vfnmadd231sd (%rax,%rsi,8),%xmm6,%xmm1
 535:	vfmadd231sd (%rax,%rcx,8),%xmm5,%xmm1
 53b:	vdivsd %xmm5,%xmm1,%xmm1
 53f:	vmovsd %xmm1,(%rax,%rcx,8)
 544:	inc    %rcx
 547:	cmp    %rcx,0x10(%rsp)
 54c:	jne    60 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x60>
 552:	mov    0xc(%rsp),%r8d
 557:	kxnorb %k1,%k1,%k1
 55b:	lea    -0x1(%r8),%ecx
 55f:	movslq %ecx,%rcx
 562:	nopw   0x0(%rax,%rax,1)
 568:	movsbl (%r14,%rcx,1),%r9d
 56d:	mov    (%r11,%rcx,8),%rsi
 571:	mov    0x18(%rsp),%rbx
 576:	mov    (%r12,%rcx,8),%rdx
 57a:	mov    0x0(%r13,%rcx,8),%rdi
 57f:	vmovsd (%rsi),%xmm5
 583:	vmovsd (%rbx,%rcx,8),%xmm2
 588:	mov    %r9d,%r10d
 58b:	test   %r9d,%r9d
 58e:	jle    a44 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xa44>
 594:	lea    -0x1(%r9),%esi
 598:	cmp    $0x6,%esi
 59b:	jbe    a89 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xa89>
 5a1:	vmovdqu (%rdi),%ymm1
 5a5:	kmovb  %k1,%k6
 5a9:	vgatherdpd (%rax,%xmm1,8),%ymm0{%k6}
 5b0:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 5b6:	kmovb  %k1,%k7
 5ba:	vgatherdpd (%rax,%xmm1,8),%ymm3{%k7}
 5c1:	vmulpd 0x20(%rdx),%ymm3,%ymm1
 5c6:	mov    %r9d,%esi
 5c9:	shr    $0x3,%esi
 5cc:	vfnmsub132pd (%rdx),%ymm1,%ymm0
 5d1:	cmp    $0x1,%esi
 5d4:	je     960 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x960>
 5da:	vmovdqu 0x20(%rdi),%ymm1
 5df:	kmovb  %k1,%k4
 5e3:	vgatherdpd (%rax,%xmm1,8),%ymm3{%k4}
 5ea:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 5f0:	kmovb  %k1,%k5
 5f4:	vgatherdpd (%rax,%xmm1,8),%ymm4{%k5}
 5fb:	vmulpd 0x60(%rdx),%ymm4,%ymm1
 600:	vfmadd231pd 0x40(%rdx),%ymm3,%ymm1
 606:	vsubpd %ymm1,%ymm0,%ymm0
 60a:	cmp    $0x2,%esi
 60d:	je     960 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x960>
 613:	vmovdqu 0x40(%rdi),%ymm1
 618:	kmovb  %k1,%k2
 61c:	vgatherdpd (%rax,%xmm1,8),%ymm3{%k2}
 623:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 629:	kmovb  %k1,%k3
 62d:	vgatherdpd (%rax,%xmm1,8),%ymm4{%k3}
 634:	vmulpd 0xa0(%rdx),%ymm4,%ymm1
 63c:	vfmadd231pd 0x80(%rdx),%ymm3,%ymm1
 645:	vsubpd %ymm1,%ymm0,%ymm0
 649:	cmp    $0x3,%esi
 64c:	je     960 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x960>
 652:	vmovdqu 0x60(%rdi),%ymm1
 657:	kmovb  %k1,%k6
 65b:	vgatherdpd (%rax,%xmm1,8),%ymm3{%k6}
 662:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 668:	kmovb  %k1,%k7
 66c:	vgatherdpd (%rax,%xmm1,8),%ymm4{%k7}
 673:	vmulpd 0xe0(%rdx),%ymm4,%ymm1
 67b:	vfmadd231pd 0xc0(%rdx),%ymm3,%ymm1
 684:	vsubpd %ymm1,%ymm0,%ymm0
 688:	cmp    $0x4,%esi
 68b:	je     960 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x960>
 691:	vmovdqu 0x80(%rdi),%ymm1
 699:	kmovb  %k1,%k6
 69d:	vgatherdpd (%rax,%xmm1,8),%ymm3{%k6}
 6a4:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 6aa:	kmovb  %k1,%k7
 6ae:	vgatherdpd (%rax,%xmm1,8),%ymm4{%k7}
 6b5:	vmulpd 0x120(%rdx),%ymm4,%ymm1
 6bd:	vfmadd231pd 0x100(%rdx),%ymm3,%ymm1
 6c6:	vsubpd %ymm1,%ymm0,%ymm0
 6ca:	cmp    $0x5,%esi
 6cd:	je     960 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x960>
 6d3:	vmovdqu 0xa0(%rdi),%ymm1
 6db:	kmovb  %k1,%k4
 6df:	vgatherdpd (%rax,%xmm1,8),%ymm3{%k4}
 6e6:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 6ec:	kmovb  %k1,%k5
 6f0:	vgatherdpd (%rax,%xmm1,8),%ymm4{%k5}
 6f7:	vmulpd 0x160(%rdx),%ymm4,%ymm1
 6ff:	vfmadd231pd 0x140(%rdx),%ymm3,%ymm1
 708:	vsubpd %ymm1,%ymm0,%ymm0
 70c:	cmp    $0x6,%esi
 70f:	je     960 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x960>
 715:	vmovdqu 0xc0(%rdi),%ymm1
 71d:	kmovb  %k1,%k6
 721:	vgatherdpd (%rax,%xmm1,8),%ymm3{%k6}
 728:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 72e:	kmovb  %k1,%k7
 732:	vgatherdpd (%rax,%xmm1,8),%ymm4{%k7}
 739:	vmulpd 0x1a0(%rdx),%ymm4,%ymm1
 741:	vfmadd231pd 0x180(%rdx),%ymm3,%ymm1
 74a:	vsubpd %ymm1,%ymm0,%ymm0
 74e:	cmp    $0x7,%esi
 751:	je     960 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x960>
 757:	vmovdqu 0xe0(%rdi),%ymm1
 75f:	kmovb  %k1,%k4
 763:	vgatherdpd (%rax,%xmm1,8),%ymm3{%k4}
 76a:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 770:	kmovb  %k1,%k5
 774:	vgatherdpd (%rax,%xmm1,8),%ymm4{%k5}
 77b:	vmulpd 0x1e0(%rdx),%ymm4,%ymm1
 783:	vfmadd231pd 0x1c0(%rdx),%ymm3,%ymm1
 78c:	vsubpd %ymm1,%ymm0,%ymm0
 790:	cmp    $0x8,%esi
 793:	je     960 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x960>
 799:	vmovdqu 0x100(%rdi),%ymm1
 7a1:	kmovb  %k1,%k2
 7a5:	vgatherdpd (%rax,%xmm1,8),%ymm3{%k2}
 7ac:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 7b2:	kmovb  %k1,%k3
 7b6:	vgatherdpd (%rax,%xmm1,8),%ymm4{%k3}
 7bd:	vmulpd 0x220(%rdx),%ymm4,%ymm1
 7c5:	vfmadd231pd 0x200(%rdx),%ymm3,%ymm1
 7ce:	vsubpd %ymm1,%ymm0,%ymm0
 7d2:	cmp    $0x9,%esi
 7d5:	je     960 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x960>
 7db:	vmovdqu 0x120(%rdi),%ymm1
 7e3:	kmovb  %k1,%k4
 7e7:	vgatherdpd (%rax,%xmm1,8),%ymm3{%k4}
 7ee:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 7f4:	kmovb  %k1,%k5
 7f8:	vgatherdpd (%rax,%xmm1,8),%ymm4{%k5}
 7ff:	vmulpd 0x260(%rdx),%ymm4,%ymm1
 807:	vfmadd231pd 0x240(%rdx),%ymm3,%ymm1
 810:	vsubpd %ymm1,%ymm0,%ymm0
 814:	cmp    $0xa,%esi
 817:	je     960 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x960>
 81d:	vmovdqu 0x140(%rdi),%ymm1
 825:	kmovb  %k1,%k2
 829:	vgatherdpd (%rax,%xmm1,8),%ymm3{%k2}
 830:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 836:	kmovb  %k1,%k3
 83a:	vgatherdpd (%rax,%xmm1,8),%ymm4{%k3}
 841:	vmulpd 0x2a0(%rdx),%ymm4,%ymm1
 849:	vfmadd231pd 0x280(%rdx),%ymm3,%ymm1
 852:	vsubpd %ymm1,%ymm0,%ymm0
 856:	cmp    $0xb,%esi
 859:	je     960 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x960>
 85f:	vmovdqu 0x160(%rdi),%ymm1
 867:	kmovb  %k1,%k4
 86b:	vgatherdpd (%rax,%xmm1,8),%ymm3{%k4}
 872:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 878:	kmovb  %k1,%k5
 87c:	vgatherdpd (%rax,%xmm1,8),%ymm4{%k5}
 883:	vmulpd 0x2e0(%rdx),%ymm4,%ymm1
 88b:	vfmadd231pd 0x2c0(%rdx),%ymm3,%ymm1
 894:	vsubpd %ymm1,%ymm0,%ymm0
 898:	cmp    $0xc,%esi
 89b:	je     960 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x960>
 8a1:	vmovdqu 0x180(%rdi),%ymm1
 8a9:	kmovb  %k1,%k2
 8ad:	vgatherdpd (%rax,%xmm1,8),%ymm3{%k2}
 8b4:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 8ba:	kmovb  %k1,%k3
 8be:	vgatherdpd (%rax,%xmm1,8),%ymm4{%k3}
 8c5:	vmulpd 0x320(%rdx),%ymm4,%ymm1
 8cd:	vfmadd231pd 0x300(%rdx),%ymm3,%ymm1
 8d6:	vsubpd %ymm1,%ymm0,%ymm0
 8da:	cmp    $0xd,%esi
 8dd:	je     960 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x960>
 8e3:	vmovdqu 0x1a0(%rdi),%ymm1
 8eb:	kmovb  %k1,%k4
 8ef:	vgatherdpd (%rax,%xmm1,8),%ymm3{%k4}
 8f6:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 8fc:	kmovb  %k1,%k5
 900:	vgatherdpd (%rax,%xmm1,8),%ymm4{%k5}
 907:	vmulpd 0x360(%rdx),%ymm4,%ymm1
 90f:	vfmadd231pd 0x340(%rdx),%ymm3,%ymm1
 918:	vsubpd %ymm1,%ymm0,%ymm0
 91c:	cmp    $0xf,%esi
 91f:	jne    960 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x960>
 921:	vmovdqu 0x1c0(%rdi),%ymm1
 929:	kmovb  %k1,%k2
 92d:	vgatherdpd (%rax,%xmm1,8),%ymm3{%k2}
 934:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 93a:	kmovb  %k1,%k3
 93e:	vgatherdpd (%rax,%xmm1,8),%ymm4{%k3}
 945:	vmulpd 0x3a0(%rdx),%ymm4,%ymm1
 94d:	vfmadd231pd 0x380(%rdx),%ymm3,%ymm1
 956:	vsubpd %ymm1,%ymm0,%ymm0
 95a:	nopw   0x0(%rax,%rax,1)
 960:	vextractf64x2 $0x1,%ymm0,%xmm3
 967:	vaddpd %xmm0,%xmm3,%xmm4
 96b:	mov    %r9d,%esi
 96e:	and    $0xfffffff8,%esi
 971:	vunpckhpd %xmm4,%xmm4,%xmm1
 975:	vaddpd %xmm4,%xmm1,%xmm1
 979:	and    $0x7,%r10d
 97d:	vaddpd %xmm0,%xmm3,%xmm0
 981:	vaddsd %xmm1,%xmm2,%xmm4
 985:	mov    %esi,%r8d
 988:	je     a78 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xa78>
 98e:	mov    %r9d,%r10d
 991:	sub    %esi,%r10d
 994:	lea    -0x1(%r10),%r15d
 998:	cmp    $0x2,%r15d
 99c:	jbe    aaa <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xaaa>
 9a2:	vmovdqu (%rdi,%rsi,4),%xmm1
 9a7:	kmovb  %k1,%k4
 9ab:	vgatherdpd (%rax,%xmm1,8),%xmm3{%k4}
 9b2:	vpshufd $0xee,%xmm1,%xmm1
 9b7:	kmovb  %k1,%k5
 9bb:	vgatherdpd (%rax,%xmm1,8),%xmm4{%k5}
 9c2:	vmulpd 0x10(%rdx,%rsi,8),%xmm4,%xmm1
 9c8:	vfmadd231pd (%rdx,%rsi,8),%xmm3,%xmm1
 9ce:	mov    %r10d,%esi
 9d1:	and    $0xfffffffc,%esi
 9d4:	add    %esi,%r8d
 9d7:	and    $0x3,%r10d
 9db:	vsubpd %xmm1,%xmm0,%xmm0
 9df:	vunpckhpd %xmm0,%xmm0,%xmm1
 9e3:	vaddpd %xmm0,%xmm1,%xmm0
 9e7:	vaddsd %xmm0,%xmm2,%xmm2
 9eb:	je     a44 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xa44>
 9ed:	movslq %r8d,%rsi
 9f0:	movslq (%rdi,%rsi,4),%rbx
 9f4:	vmovsd (%rdx,%rsi,8),%xmm7
 9f9:	lea    0x0(,%rsi,4),%r15
 a01:	lea    0x0(,%rsi,8),%r10
 a09:	lea    0x1(%r8),%esi
 a0d:	vfnmadd231sd (%rax,%rbx,8),%xmm7,%xmm2
 a13:	cmp    %esi,%r9d
 a16:	jle    a44 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xa44>
 a18:	movslq 0x4(%rdi,%r15,1),%rsi
 a1d:	vmovsd 0x8(%rdx,%r10,1),%xmm7
 a24:	add    $0x2,%r8d
 a28:	vfnmadd231sd (%rax,%rsi,8),%xmm7,%xmm2
 a2e:	cmp    %r8d,%r9d
 a31:	jle    a44 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xa44>
 a33:	movslq 0x8(%rdi,%r15,1),%rsi
 a38:	vmovsd (%rax,%rsi,8),%xmm7
 a3d:	vfnmadd231sd 0x10(%rdx,%r10,1),%xmm7,%xmm2
 a44:	vfmadd231sd (%rax,%rcx,8),%xmm5,%xmm2
 a4a:	vdivsd %xmm5,%xmm2,%xmm2
 a4e:	vmovsd %xmm2,(%rax,%rcx,8)
 a53:	dec    %rcx
 a56:	test   %ecx,%ecx
 a58:	jns    568 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x568>
 a5e:	vzeroupper
 a61:	lea    -0x28(%rbp),%rsp
 a65:	pop    %rbx
 a66:	pop    %r12
 a68:	pop    %r13
 a6a:	pop    %r14
 a6c:	pop    %r15
 a6e:	xor    %eax,%eax
 a70:	pop    %rbp
 a71:	ret
 a72:	nopw   0x0(%rax,%rax,1)
 a78:	vmovsd %xmm4,%xmm4,%xmm2
 a7c:	jmp    a44 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xa44>
 a7e:	xchg   %ax,%ax
 a80:	vmovsd %xmm2,%xmm2,%xmm1
 a84:	jmp    535 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x535>
 a89:	xor    %esi,%esi
 a8b:	mov    %r9d,%r10d
 a8e:	sub    %esi,%r10d
 a91:	lea    -0x1(%r10),%r15d
 a95:	vmovsd %xmm2,%xmm2,%xmm4
 a99:	vxorpd %xmm0,%xmm0,%xmm0
 a9d:	xor    %r8d,%r8d
 aa0:	cmp    $0x2,%r15d
 aa4:	ja     9a2 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x9a2>
 aaa:	vmovsd %xmm4,%xmm4,%xmm2
 aae:	jmp    9ed <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x9ed>
 ab3:	xor    %esi,%esi
 ab5:	mov    %r9d,%r10d
 ab8:	sub    %esi,%r10d
 abb:	lea    -0x1(%r10),%r15d
 abf:	vmovsd %xmm1,%xmm1,%xmm2
 ac3:	vxorpd %xmm0,%xmm0,%xmm0
 ac7:	xor    %r8d,%r8d
 aca:	cmp    $0x2,%r15d
 ace:	ja     492 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x492>
 ad4:	vmovsd %xmm2,%xmm2,%xmm1
 ad8:	jmp    4dd <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x4dd>
 add:	lea    0x0(%rip),%rcx        # ae4 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xae4>
 ae4:	mov    $0x38,%edx
 ae9:	lea    0x0(%rip),%rsi        # af0 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xaf0>
 af0:	lea    0x0(%rip),%rdi        # af7 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xaf7>
 af7:	call   afc <.LC2+0xab4>
