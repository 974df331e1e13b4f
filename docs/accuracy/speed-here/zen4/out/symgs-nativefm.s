
/tmp/hpcgc/b_Z_nativefm/src/ComputeSYMGS_ref.o:     file format elf64-x86-64


Disassembly of section .text:

0000000000000000 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_>:
   0:	push   %rbp
   1:	mov    %rsp,%rbp
   4:	push   %r15
   6:	push   %r14
   8:	push   %r13
   a:	push   %r12
   c:	push   %rbx
   d:	and    $0xffffffffffffffc0,%rsp
  11:	sub    $0x40,%rsp
  15:	mov    0x24(%rdi),%eax
  18:	cmp    %eax,(%rdx)
  1a:	jne    8ea <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x8ea>
  20:	mov    0x20(%rdi),%r14d
  24:	vmovq  0x8(%rsi),%xmm10
  29:	mov    0x50(%rdi),%r9
  2d:	mov    0x8(%rdx),%rax
  31:	test   %r14d,%r14d
  34:	jle    877 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x877>
  3a:	vmovq  0x48(%rdi),%xmm7
  3f:	vmovq  0x40(%rdi),%xmm8
  44:	xor    %r15d,%r15d
  47:	kxnorb %k1,%k1,%k1
  4b:	vmovq  0x30(%rdi),%xmm9
  50:	movslq %r14d,%rdi
  53:	vmovd  %r14d,%xmm13
  58:	mov    %r9,%r11
  5b:	mov    %rdi,0x38(%rsp)
  60:	vmovdqa %xmm7,%xmm4
  64:	data16 cs nopw 0x0(%rax,%rax,1)
  6f:	nop
  70:	vmovq  %xmm4,%rbx
  75:	mov    (%r11,%r15,8),%rcx
  79:	vmovq  %xmm10,%rsi
  7e:	mov    (%rbx,%r15,8),%rdx
  82:	vmovq  %xmm8,%rbx
  87:	vmovsd (%rsi,%r15,8),%xmm0
  8d:	mov    (%rbx,%r15,8),%rdi
  91:	vmovq  %xmm9,%rbx
  96:	movsbl (%rbx,%r15,1),%r10d
  9b:	vmovsd (%rcx),%xmm11
  9f:	mov    %r10d,%ebx
  a2:	test   %r10d,%r10d
  a5:	jle    442 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x442>
  ab:	lea    -0x1(%r10),%ecx
  af:	cmp    $0xe,%ecx
  b2:	jbe    8b1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x8b1>
  b8:	vmovdqu (%rdi),%ymm2
  bc:	vmovdqu32 (%rdi),%zmm6
  c2:	kmovb  %k1,%k2
  c6:	kmovb  %k1,%k3
  ca:	mov    %r10d,%ecx
  cd:	shr    $0x4,%ecx
  d0:	vgatherdpd (%rax,%ymm2,8),%zmm1{%k2}
  d7:	vshufi32x4 $0xee,%zmm6,%zmm6,%zmm2
  de:	vgatherdpd (%rax,%ymm2,8),%zmm3{%k3}
  e5:	vmulpd 0x40(%rdx),%zmm3,%zmm2
  ec:	vfnmsub132pd (%rdx),%zmm2,%zmm1
  f2:	cmp    $0x1,%ecx
  f5:	je     2a1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2a1>
  fb:	vmovdqu 0x40(%rdi),%ymm2
 100:	vmovdqu32 0x40(%rdi),%zmm6
 107:	kmovb  %k1,%k6
 10b:	kmovb  %k1,%k7
 10f:	vgatherdpd (%rax,%ymm2,8),%zmm3{%k6}
 116:	vshufi32x4 $0xee,%zmm6,%zmm6,%zmm2
 11d:	vgatherdpd (%rax,%ymm2,8),%zmm5{%k7}
 124:	vmulpd 0xc0(%rdx),%zmm5,%zmm2
 12b:	vfmadd231pd 0x80(%rdx),%zmm3,%zmm2
 132:	vsubpd %zmm2,%zmm1,%zmm1
 138:	cmp    $0x2,%ecx
 13b:	je     2a1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2a1>
 141:	vmovdqu 0x80(%rdi),%ymm2
 149:	vmovdqu32 0x80(%rdi),%zmm6
 150:	kmovb  %k1,%k2
 154:	kmovb  %k1,%k3
 158:	vgatherdpd (%rax,%ymm2,8),%zmm3{%k2}
 15f:	vshufi32x4 $0xee,%zmm6,%zmm6,%zmm2
 166:	vgatherdpd (%rax,%ymm2,8),%zmm5{%k3}
 16d:	vmulpd 0x140(%rdx),%zmm5,%zmm2
 174:	vfmadd231pd 0x100(%rdx),%zmm3,%zmm2
 17b:	vsubpd %zmm2,%zmm1,%zmm1
 181:	cmp    $0x3,%ecx
 184:	je     2a1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2a1>
 18a:	vmovdqu 0xc0(%rdi),%ymm2
 192:	vmovdqu32 0xc0(%rdi),%zmm6
 199:	kmovb  %k1,%k6
 19d:	kmovb  %k1,%k7
 1a1:	vgatherdpd (%rax,%ymm2,8),%zmm3{%k6}
 1a8:	vshufi32x4 $0xee,%zmm6,%zmm6,%zmm2
 1af:	vgatherdpd (%rax,%ymm2,8),%zmm5{%k7}
 1b6:	vmulpd 0x1c0(%rdx),%zmm5,%zmm2
 1bd:	vfmadd231pd 0x180(%rdx),%zmm3,%zmm2
 1c4:	vsubpd %zmm2,%zmm1,%zmm1
 1ca:	cmp    $0x4,%ecx
 1cd:	je     2a1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2a1>
 1d3:	vmovdqu 0x100(%rdi),%ymm2
 1db:	vmovdqu32 0x100(%rdi),%zmm6
 1e2:	kmovb  %k1,%k4
 1e6:	kmovb  %k1,%k5
 1ea:	vgatherdpd (%rax,%ymm2,8),%zmm3{%k4}
 1f1:	vshufi32x4 $0xee,%zmm6,%zmm6,%zmm2
 1f8:	vgatherdpd (%rax,%ymm2,8),%zmm5{%k5}
 1ff:	vmulpd 0x240(%rdx),%zmm5,%zmm2
 206:	vfmadd231pd 0x200(%rdx),%zmm3,%zmm2
 20d:	vsubpd %zmm2,%zmm1,%zmm1
 213:	cmp    $0x5,%ecx
 216:	je     2a1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2a1>
 21c:	vmovdqu 0x140(%rdi),%ymm2
 224:	vmovdqu32 0x140(%rdi),%zmm6
 22b:	kmovb  %k1,%k6
 22f:	kmovb  %k1,%k7
 233:	vgatherdpd (%rax,%ymm2,8),%zmm3{%k6}
 23a:	vshufi32x4 $0xee,%zmm6,%zmm6,%zmm2
 241:	vgatherdpd (%rax,%ymm2,8),%zmm5{%k7}
 248:	vmulpd 0x2c0(%rdx),%zmm5,%zmm2
 24f:	vfmadd231pd 0x280(%rdx),%zmm3,%zmm2
 256:	vsubpd %zmm2,%zmm1,%zmm1
 25c:	cmp    $0x7,%ecx
 25f:	jne    2a1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2a1>
 261:	vmovdqu 0x180(%rdi),%ymm2
 269:	vmovdqu32 0x180(%rdi),%zmm6
 270:	kmovb  %k1,%k6
 274:	kmovb  %k1,%k7
 278:	vgatherdpd (%rax,%ymm2,8),%zmm3{%k6}
 27f:	vshufi32x4 $0xee,%zmm6,%zmm6,%zmm2
 286:	vgatherdpd (%rax,%ymm2,8),%zmm5{%k7}
 28d:	vmulpd 0x340(%rdx),%zmm5,%zmm2
 294:	vfmadd231pd 0x300(%rdx),%zmm3,%zmm2
 29b:	vsubpd %zmm2,%zmm1,%zmm1
 2a1:	vextractf64x4 $0x1,%zmm1,%ymm5
 2a8:	mov    %r10d,%esi
 2ab:	vaddpd %ymm1,%ymm5,%ymm2
 2af:	and    $0xfffffff0,%esi
 2b2:	and    $0xf,%ebx
 2b5:	mov    %esi,%r8d
 2b8:	vextractf64x2 $0x1,%ymm2,%xmm3
 2bf:	vaddpd %xmm2,%xmm3,%xmm3
 2c3:	vunpckhpd %xmm3,%xmm3,%xmm2
 2c7:	vaddpd %xmm3,%xmm2,%xmm2
 2cb:	vaddpd %ymm5,%ymm1,%ymm3
 2cf:	vaddsd %xmm2,%xmm0,%xmm2
 2d3:	je     8d8 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x8d8>
 2d9:	mov    %r10d,%ebx
 2dc:	sub    %esi,%ebx
 2de:	lea    -0x1(%rbx),%ecx
 2e1:	cmp    $0x6,%ecx
 2e4:	jbe    8cf <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x8cf>
 2ea:	lea    (%rdi,%rsi,4),%rcx
 2ee:	movslq 0x8(%rcx),%r14
 2f2:	movslq (%rcx),%r13
 2f5:	movslq 0xc(%rcx),%r9
 2f9:	movslq 0x4(%rcx),%r12
 2fd:	vmovsd (%rax,%r14,8),%xmm2
 303:	vmovsd (%rax,%r13,8),%xmm1
 309:	movslq 0x10(%rcx),%r13
 30d:	vmovhpd (%rax,%r9,8),%xmm2,%xmm2
 313:	movslq 0x18(%rcx),%r9
 317:	vmovhpd (%rax,%r12,8),%xmm1,%xmm1
 31d:	movslq 0x14(%rcx),%r12
 321:	vinsertf128 $0x1,%xmm2,%ymm1,%ymm1
 327:	vmovsd (%rax,%r13,8),%xmm2
 32d:	movslq 0x1c(%rcx),%rcx
 331:	vmovsd (%rax,%r9,8),%xmm5
 337:	vmovhpd (%rax,%r12,8),%xmm2,%xmm2
 33d:	vmovhpd (%rax,%rcx,8),%xmm5,%xmm5
 342:	mov    %ebx,%ecx
 344:	vinsertf128 $0x1,%xmm5,%ymm2,%ymm2
 34a:	vmulpd 0x20(%rdx,%rsi,8),%ymm2,%ymm2
 350:	and    $0xfffffff8,%ecx
 353:	add    %ecx,%r8d
 356:	and    $0x7,%ebx
 359:	vfmadd132pd (%rdx,%rsi,8),%ymm2,%ymm1
 35f:	vsubpd %ymm1,%ymm3,%ymm1
 363:	vextractf64x2 $0x1,%ymm1,%xmm2
 36a:	vaddpd %xmm1,%xmm2,%xmm2
 36e:	vunpckhpd %xmm2,%xmm2,%xmm1
 372:	vaddpd %xmm2,%xmm1,%xmm1
 376:	vaddsd %xmm1,%xmm0,%xmm0
 37a:	je     442 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x442>
 380:	movslq %r8d,%rbx
 383:	movslq (%rdi,%rbx,4),%r9
 387:	vmovsd (%rdx,%rbx,8),%xmm6
 38c:	lea    0x0(,%rbx,4),%rsi
 394:	lea    0x0(,%rbx,8),%rcx
 39c:	vfnmadd231sd (%rax,%r9,8),%xmm6,%xmm0
 3a2:	lea    0x1(%r8),%r9d
 3a6:	cmp    %r9d,%r10d
 3a9:	jle    442 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x442>
 3af:	movslq 0x4(%rdi,%rsi,1),%r9
 3b4:	vmovsd 0x8(%rdx,%rcx,1),%xmm7
 3ba:	vfnmadd231sd (%rax,%r9,8),%xmm7,%xmm0
 3c0:	lea    0x2(%r8),%r9d
 3c4:	cmp    %r9d,%r10d
 3c7:	jle    442 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x442>
 3c9:	movslq 0x8(%rdi,%rsi,1),%r9
 3ce:	vmovsd 0x10(%rdx,%rcx,1),%xmm6
 3d4:	vfnmadd231sd (%rax,%r9,8),%xmm6,%xmm0
 3da:	lea    0x3(%r8),%r9d
 3de:	cmp    %r9d,%r10d
 3e1:	jle    442 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x442>
 3e3:	movslq 0xc(%rdi,%rsi,1),%r9
 3e8:	vmovsd 0x18(%rdx,%rcx,1),%xmm6
 3ee:	vfnmadd231sd (%rax,%r9,8),%xmm6,%xmm0
 3f4:	lea    0x4(%r8),%r9d
 3f8:	cmp    %r9d,%r10d
 3fb:	jle    442 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x442>
 3fd:	movslq 0x10(%rdi,%rsi,1),%r9
 402:	vmovsd 0x20(%rdx,%rcx,1),%xmm7
 408:	vfnmadd231sd (%rax,%r9,8),%xmm7,%xmm0
 40e:	lea    0x5(%r8),%r9d
 412:	cmp    %r9d,%r10d
 415:	jle    442 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x442>
 417:	movslq 0x14(%rdi,%rsi,1),%r9
 41c:	vmovsd 0x28(%rdx,%rcx,1),%xmm6
 422:	add    $0x6,%r8d
 426:	vfnmadd231sd (%rax,%r9,8),%xmm6,%xmm0
 42c:	cmp    %r8d,%r10d
 42f:	jle    442 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x442>
 431:	movslq 0x18(%rdi,%rsi,1),%rsi
 436:	vmovsd 0x30(%rdx,%rcx,1),%xmm6
 43c:	vfnmadd231sd (%rax,%rsi,8),%xmm6,%xmm0
 442:	vfmadd231sd (%rax,%r15,8),%xmm11,%xmm0
 448:	vdivsd %xmm11,%xmm0,%xmm0
 44d:	vmovsd %xmm0,(%rax,%r15,8)
 453:	inc    %r15
 456:	cmp    %r15,0x38(%rsp)
 45b:	jne    70 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x70>
 461:	vmovd  %xmm13,%r14d
 466:	mov    %r11,%r9
 469:	kxnorb %k1,%k1,%k1
 46d:	vmovdqa %xmm4,%xmm12
 471:	dec    %r14d
 474:	movslq %r14d,%r14
 477:	nopw   0x0(%rax,%rax,1)
 480:	vmovq  %xmm12,%rdi
 485:	vmovq  %xmm8,%rbx
 48a:	mov    (%r9,%r14,8),%rcx
 48e:	mov    (%rdi,%r14,8),%rdx
 492:	mov    (%rbx,%r14,8),%rdi
 496:	vmovq  %xmm9,%rbx
 49b:	movsbl (%rbx,%r14,1),%r10d
 4a0:	vmovq  %xmm10,%rbx
 4a5:	vmovsd (%rbx,%r14,8),%xmm0
 4ab:	vmovsd (%rcx),%xmm5
 4af:	mov    %r10d,%r11d
 4b2:	test   %r10d,%r10d
 4b5:	jle    858 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x858>
 4bb:	lea    -0x1(%r10),%ecx
 4bf:	cmp    $0xe,%ecx
 4c2:	jbe    888 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x888>
 4c8:	vmovdqu (%rdi),%ymm2
 4cc:	vmovdqu32 (%rdi),%zmm7
 4d2:	kmovb  %k1,%k4
 4d6:	kmovb  %k1,%k5
 4da:	mov    %r10d,%ecx
 4dd:	shr    $0x4,%ecx
 4e0:	vgatherdpd (%rax,%ymm2,8),%zmm1{%k4}
 4e7:	vshufi32x4 $0xee,%zmm7,%zmm7,%zmm2
 4ee:	vgatherdpd (%rax,%ymm2,8),%zmm3{%k5}
 4f5:	vmulpd 0x40(%rdx),%zmm3,%zmm2
 4fc:	vfnmsub132pd (%rdx),%zmm2,%zmm1
 502:	cmp    $0x1,%ecx
 505:	je     6b1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x6b1>
 50b:	vmovdqu 0x40(%rdi),%ymm2
 510:	vmovdqu32 0x40(%rdi),%zmm6
 517:	kmovb  %k1,%k6
 51b:	kmovb  %k1,%k7
 51f:	vgatherdpd (%rax,%ymm2,8),%zmm3{%k6}
 526:	vshufi32x4 $0xee,%zmm6,%zmm6,%zmm2
 52d:	vgatherdpd (%rax,%ymm2,8),%zmm4{%k7}
 534:	vmulpd 0xc0(%rdx),%zmm4,%zmm2
 53b:	vfmadd231pd 0x80(%rdx),%zmm3,%zmm2
 542:	vsubpd %zmm2,%zmm1,%zmm1
 548:	cmp    $0x2,%ecx
 54b:	je     6b1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x6b1>
 551:	vmovdqu 0x80(%rdi),%ymm2
 559:	vmovdqu32 0x80(%rdi),%zmm7
 560:	kmovb  %k1,%k4
 564:	kmovb  %k1,%k5
 568:	vgatherdpd (%rax,%ymm2,8),%zmm3{%k4}
 56f:	vshufi32x4 $0xee,%zmm7,%zmm7,%zmm2
 576:	vgatherdpd (%rax,%ymm2,8),%zmm4{%k5}
 57d:	vmulpd 0x140(%rdx),%zmm4,%zmm2
 584:	vfmadd231pd 0x100(%rdx),%zmm3,%zmm2
 58b:	vsubpd %zmm2,%zmm1,%zmm1
 591:	cmp    $0x3,%ecx
 594:	je     6b1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x6b1>
 59a:	vmovdqu 0xc0(%rdi),%ymm2
 5a2:	vmovdqu32 0xc0(%rdi),%zmm6
 5a9:	kmovb  %k1,%k2
 5ad:	kmovb  %k1,%k3
 5b1:	vgatherdpd (%rax,%ymm2,8),%zmm3{%k2}
 5b8:	vshufi32x4 $0xee,%zmm6,%zmm6,%zmm2
 5bf:	vgatherdpd (%rax,%ymm2,8),%zmm4{%k3}
 5c6:	vmulpd 0x1c0(%rdx),%zmm4,%zmm2
 5cd:	vfmadd231pd 0x180(%rdx),%zmm3,%zmm2
 5d4:	vsubpd %zmm2,%zmm1,%zmm1
 5da:	cmp    $0x4,%ecx
 5dd:	je     6b1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x6b1>
 5e3:	vmovdqu 0x100(%rdi),%ymm2
 5eb:	vmovdqu32 0x100(%rdi),%zmm7
 5f2:	kmovb  %k1,%k4
 5f6:	kmovb  %k1,%k5
 5fa:	vgatherdpd (%rax,%ymm2,8),%zmm3{%k4}
 601:	vshufi32x4 $0xee,%zmm7,%zmm7,%zmm2
 608:	vgatherdpd (%rax,%ymm2,8),%zmm4{%k5}
 60f:	vmulpd 0x240(%rdx),%zmm4,%zmm2
 616:	vfmadd231pd 0x200(%rdx),%zmm3,%zmm2
 61d:	vsubpd %zmm2,%zmm1,%zmm1
 623:	cmp    $0x5,%ecx
 626:	je     6b1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x6b1>
 62c:	vmovdqu 0x140(%rdi),%ymm2
 634:	vmovdqu32 0x140(%rdi),%zmm7
 63b:	kmovb  %k1,%k2
 63f:	kmovb  %k1,%k3
 643:	vgatherdpd (%rax,%ymm2,8),%zmm3{%k2}
 64a:	vshufi32x4 $0xee,%zmm7,%zmm7,%zmm2
 651:	vgatherdpd (%rax,%ymm2,8),%zmm4{%k3}
 658:	vmulpd 0x2c0(%rdx),%zmm4,%zmm2
 65f:	vfmadd231pd 0x280(%rdx),%zmm3,%zmm2
 666:	vsubpd %zmm2,%zmm1,%zmm1
 66c:	cmp    $0x7,%ecx
 66f:	jne    6b1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x6b1>
 671:	vmovdqu 0x180(%rdi),%ymm2
 679:	vmovdqu32 0x180(%rdi),%zmm7
 680:	kmovb  %k1,%k4
 684:	kmovb  %k1,%k5
 688:	vgatherdpd (%rax,%ymm2,8),%zmm3{%k4}
 68f:	vshufi32x4 $0xee,%zmm7,%zmm7,%zmm2
 696:	vgatherdpd (%rax,%ymm2,8),%zmm4{%k5}
 69d:	vmulpd 0x340(%rdx),%zmm4,%zmm2
 6a4:	vfmadd231pd 0x300(%rdx),%zmm3,%zmm2
 6ab:	vsubpd %zmm2,%zmm1,%zmm1
 6b1:	vextractf64x4 $0x1,%zmm1,%ymm3
 6b8:	mov    %r10d,%esi
 6bb:	vaddpd %ymm1,%ymm3,%ymm2
 6bf:	and    $0xfffffff0,%esi
 6c2:	and    $0xf,%r11d
 6c6:	vaddpd %ymm1,%ymm3,%ymm3
 6ca:	mov    %esi,%r8d
 6cd:	vextractf64x2 $0x1,%ymm2,%xmm4
 6d4:	vaddpd %xmm2,%xmm4,%xmm4
 6d8:	vunpckhpd %xmm4,%xmm4,%xmm2
 6dc:	vaddpd %xmm4,%xmm2,%xmm2
 6e0:	vaddsd %xmm2,%xmm0,%xmm2
 6e4:	je     8e1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x8e1>
 6ea:	mov    %r10d,%r11d
 6ed:	sub    %esi,%r11d
 6f0:	lea    -0x1(%r11),%ecx
 6f4:	cmp    $0x6,%ecx
 6f7:	jbe    8a8 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x8a8>
 6fd:	lea    (%rdi,%rsi,4),%rcx
 701:	movslq 0x8(%rcx),%r15
 705:	movslq (%rcx),%r12
 708:	movslq 0xc(%rcx),%r13
 70c:	movslq 0x4(%rcx),%rbx
 710:	vmovsd (%rax,%r15,8),%xmm2
 716:	vmovsd (%rax,%r12,8),%xmm1
 71c:	movslq 0x10(%rcx),%r12
 720:	vmovhpd (%rax,%r13,8),%xmm2,%xmm2
 726:	movslq 0x18(%rcx),%r13
 72a:	vmovhpd (%rax,%rbx,8),%xmm1,%xmm1
 72f:	movslq 0x14(%rcx),%rbx
 733:	vinsertf128 $0x1,%xmm2,%ymm1,%ymm1
 739:	vmovsd (%rax,%r12,8),%xmm2
 73f:	movslq 0x1c(%rcx),%rcx
 743:	vmovsd (%rax,%r13,8),%xmm4
 749:	vmovhpd (%rax,%rbx,8),%xmm2,%xmm2
 74e:	vmovhpd (%rax,%rcx,8),%xmm4,%xmm4
 753:	mov    %r11d,%ecx
 756:	vinsertf128 $0x1,%xmm4,%ymm2,%ymm2
 75c:	vmulpd 0x20(%rdx,%rsi,8),%ymm2,%ymm2
 762:	and    $0xfffffff8,%ecx
 765:	add    %ecx,%r8d
 768:	and    $0x7,%r11d
 76c:	vfmadd132pd (%rdx,%rsi,8),%ymm2,%ymm1
 772:	vsubpd %ymm1,%ymm3,%ymm1
 776:	vextractf64x2 $0x1,%ymm1,%xmm2
 77d:	vaddpd %xmm1,%xmm2,%xmm2
 781:	vunpckhpd %xmm2,%xmm2,%xmm1
 785:	vaddpd %xmm2,%xmm1,%xmm1
 789:	vaddsd %xmm1,%xmm0,%xmm0
 78d:	je     858 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x858>
 793:	movslq %r8d,%r11
 796:	movslq (%rdi,%r11,4),%rbx
 79a:	vmovsd (%rdx,%r11,8),%xmm7
 7a0:	lea    0x0(,%r11,4),%rsi
 7a8:	lea    0x0(,%r11,8),%rcx
 7b0:	lea    0x1(%r8),%r11d
 7b4:	vfnmadd231sd (%rax,%rbx,8),%xmm7,%xmm0
 7ba:	cmp    %r11d,%r10d
 7bd:	jle    858 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x858>
 7c3:	movslq 0x4(%rdi,%rsi,1),%r11
 7c8:	vmovsd 0x8(%rdx,%rcx,1),%xmm7
 7ce:	vfnmadd231sd (%rax,%r11,8),%xmm7,%xmm0
 7d4:	lea    0x2(%r8),%r11d
 7d8:	cmp    %r11d,%r10d
 7db:	jle    858 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x858>
 7dd:	movslq 0x8(%rdi,%rsi,1),%r11
 7e2:	vmovsd 0x10(%rdx,%rcx,1),%xmm7
 7e8:	vfnmadd231sd (%rax,%r11,8),%xmm7,%xmm0
 7ee:	lea    0x3(%r8),%r11d
 7f2:	cmp    %r10d,%r11d
 7f5:	jge    858 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x858>
 7f7:	movslq 0xc(%rdi,%rsi,1),%r11
 7fc:	vmovsd (%rax,%r11,8),%xmm7
 802:	lea    0x4(%r8),%r11d
 806:	vfnmadd231sd 0x18(%rdx,%rcx,1),%xmm7,%xmm0
 80d:	cmp    %r11d,%r10d
 810:	jle    858 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x858>
 812:	movslq 0x10(%rdi,%rsi,1),%r11
 817:	vmovsd (%rax,%r11,8),%xmm7
 81d:	lea    0x5(%r8),%r11d
 821:	vfnmadd231sd 0x20(%rdx,%rcx,1),%xmm7,%xmm0
 828:	cmp    %r11d,%r10d
 82b:	jle    858 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x858>
 82d:	movslq 0x14(%rdi,%rsi,1),%r11
 832:	vmovsd 0x28(%rdx,%rcx,1),%xmm7
 838:	add    $0x6,%r8d
 83c:	vfnmadd231sd (%rax,%r11,8),%xmm7,%xmm0
 842:	cmp    %r8d,%r10d
 845:	jle    858 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x858>
 847:	movslq 0x18(%rdi,%rsi,1),%rsi
 84c:	vmovsd (%rax,%rsi,8),%xmm7
 851:	vfnmadd231sd 0x30(%rdx,%rcx,1),%xmm7,%xmm0
 858:	vfmadd231sd (%rax,%r14,8),%xmm5,%xmm0
 85e:	vdivsd %xmm5,%xmm0,%xmm0
 862:	vmovsd %xmm0,(%rax,%r14,8)
 868:	dec    %r14
 86b:	test   %r14d,%r14d
 86e:	jns    480 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x480>
 874:	vzeroupper
 877:	lea    -0x28(%rbp),%rsp
 87b:	xor    %eax,%eax
 87d:	pop    %rbx
 87e:	pop    %r12
 880:	pop    %r13
 882:	pop    %r14
 884:	pop    %r15
 886:	pop    %rbp
 887:	ret
 888:	xor    %esi,%esi
 88a:	mov    %r10d,%r11d
 88d:	vmovsd %xmm0,%xmm0,%xmm2
 891:	vxorpd %xmm3,%xmm3,%xmm3
 895:	sub    %esi,%r11d
 898:	xor    %r8d,%r8d
 89b:	lea    -0x1(%r11),%ecx
 89f:	cmp    $0x6,%ecx
 8a2:	ja     6fd <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x6fd>
 8a8:	vmovsd %xmm2,%xmm2,%xmm0
 8ac:	jmp    793 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x793>
 8b1:	xor    %esi,%esi
 8b3:	mov    %r10d,%ebx
 8b6:	vmovsd %xmm0,%xmm0,%xmm2
 8ba:	vxorpd %xmm3,%xmm3,%xmm3
 8be:	sub    %esi,%ebx
 8c0:	xor    %r8d,%r8d
 8c3:	lea    -0x1(%rbx),%ecx
 8c6:	cmp    $0x6,%ecx
 8c9:	ja     2ea <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2ea>
 8cf:	vmovsd %xmm2,%xmm2,%xmm0
 8d3:	jmp    380 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x380>
 8d8:	vmovsd %xmm2,%xmm2,%xmm0
 8dc:	jmp    442 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x442>
 8e1:	vmovsd %xmm2,%xmm2,%xmm0
 8e5:	jmp    858 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x858>
 8ea:	lea    0x0(%rip),%rcx        # 8f1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x8f1>
 8f1:	mov    $0x38,%edx
 8f6:	lea    0x0(%rip),%rsi        # 8fd <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x8fd>
 8fd:	lea    0x0(%rip),%rdi        # 904 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x904>
 904:	call   909 <.LC2+0x8c1>
