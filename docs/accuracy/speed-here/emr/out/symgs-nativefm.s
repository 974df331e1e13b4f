
/tmp/hpcge/b_Z_nativefm/src/ComputeSYMGS_ref.o:     file format elf64-x86-64


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
  1a:	jne    76e <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x76e>
  20:	mov    0x20(%rdi),%r8d
  24:	mov    0x50(%rdi),%r11
  28:	vmovq  0x8(%rsi),%xmm10
  2d:	mov    0x8(%rdx),%rax
  31:	test   %r8d,%r8d
  34:	jle    6fb <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x6fb>
  3a:	vmovq  0x48(%rdi),%xmm7
  3f:	vmovq  0x40(%rdi),%xmm8
  44:	mov    %r8d,0x24(%rsp)
  49:	xor    %esi,%esi
  4b:	vmovq  0x30(%rdi),%xmm9
  50:	movslq %r8d,%rdi
  53:	mov    %rdi,0x28(%rsp)
  58:	vmovdqa %xmm7,%xmm5
  5c:	vmovdqa %xmm8,%xmm7
  60:	vmovdqa %xmm9,%xmm8
  65:	vmovq  %r11,%xmm9
  6a:	nopw   0x0(%rax,%rax,1)
  70:	vmovq  %xmm7,%rbx
  75:	vmovq  %xmm5,%rdi
  7a:	mov    (%rbx,%rsi,8),%r9
  7e:	vmovq  %xmm8,%rbx
  83:	mov    (%rdi,%rsi,8),%rdi
  87:	movsbl (%rbx,%rsi,1),%r12d
  8c:	vmovq  %xmm9,%rbx
  91:	mov    (%rbx,%rsi,8),%rcx
  95:	vmovq  %xmm10,%rbx
  9a:	vmovsd (%rbx,%rsi,8),%xmm0
  9f:	vmovsd (%rcx),%xmm2
  a3:	test   %r12d,%r12d
  a6:	jle    385 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x385>
  ac:	lea    -0x1(%r12),%ecx
  b1:	cmp    $0xe,%ecx
  b4:	jbe    733 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x733>
  ba:	mov    %r12d,%r14d
  bd:	mov    %r12b,0x3f(%rsp)
  c2:	xor    %ecx,%ecx
  c4:	vxorpd %xmm3,%xmm3,%xmm3
  c8:	mov    %r12d,0x38(%rsp)
  cd:	shr    $0x4,%r14d
  d1:	mov    %r9,%rdx
  d4:	mov    %rsi,0x30(%rsp)
  d9:	shl    $0x6,%r14
  dd:	nopl   (%rax)
  e0:	lea    (%rdx,%rcx,1),%r8
  e4:	movslq 0x10(%r8),%rsi
  e8:	movslq 0x18(%r8),%r12
  ec:	movslq 0x14(%r8),%r9
  f0:	movslq 0x1c(%r8),%rbx
  f4:	vmovsd (%rax,%rsi,8),%xmm4
  f9:	vmovsd (%rax,%r12,8),%xmm1
  ff:	movslq 0x8(%r8),%r15
 103:	movslq (%r8),%r11
 106:	vmovhpd (%rax,%rbx,8),%xmm1,%xmm1
 10b:	vmovhpd (%rax,%r9,8),%xmm4,%xmm6
 111:	movslq 0xc(%r8),%r13
 115:	movslq 0x4(%r8),%r10
 119:	vinsertf128 $0x1,%xmm1,%ymm6,%ymm6
 11f:	vmovsd (%rax,%r15,8),%xmm1
 125:	movslq 0x38(%r8),%rbx
 129:	movslq 0x28(%r8),%r15
 12d:	movslq 0x30(%r8),%rsi
 131:	vmovhpd (%rax,%r13,8),%xmm1,%xmm4
 137:	movslq 0x34(%r8),%r9
 13b:	movslq 0x2c(%r8),%r13
 13f:	vmovsd (%rax,%r11,8),%xmm1
 145:	movslq 0x20(%r8),%r11
 149:	vmovhpd (%rax,%r10,8),%xmm1,%xmm1
 14f:	movslq 0x24(%r8),%r10
 153:	movslq 0x3c(%r8),%r8
 157:	vinsertf128 $0x1,%xmm4,%ymm1,%ymm1
 15d:	vmovsd (%rax,%r15,8),%xmm4
 163:	vinsertf64x4 $0x1,%ymm6,%zmm1,%zmm11
 16a:	vmovsd (%rax,%rbx,8),%xmm1
 16f:	vmovhpd (%rax,%r13,8),%xmm4,%xmm4
 175:	vmovhpd (%rax,%r8,8),%xmm1,%xmm6
 17b:	vmovsd (%rax,%rsi,8),%xmm1
 180:	vmovhpd (%rax,%r9,8),%xmm1,%xmm1
 186:	vinsertf128 $0x1,%xmm6,%ymm1,%ymm1
 18c:	vmovsd (%rax,%r11,8),%xmm6
 192:	vmovhpd (%rax,%r10,8),%xmm6,%xmm6
 198:	vinsertf128 $0x1,%xmm4,%ymm6,%ymm6
 19e:	vinsertf64x4 $0x1,%ymm1,%zmm6,%zmm6
 1a5:	vmovapd %zmm11,%zmm1
 1ab:	vmulpd 0x40(%rdi,%rcx,2),%zmm6,%zmm6
 1b3:	vfmadd132pd (%rdi,%rcx,2),%zmm6,%zmm1
 1ba:	add    $0x40,%rcx
 1be:	vsubpd %zmm1,%zmm3,%zmm3
 1c4:	cmp    %rcx,%r14
 1c7:	jne    e0 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xe0>
 1cd:	vextractf64x4 $0x1,%zmm3,%ymm6
 1d4:	mov    0x38(%rsp),%r12d
 1d9:	mov    %rdx,%r9
 1dc:	movzbl 0x3f(%rsp),%edx
 1e1:	vaddpd %ymm3,%ymm6,%ymm1
 1e5:	mov    0x30(%rsp),%rsi
 1ea:	vaddpd %ymm6,%ymm3,%ymm3
 1ee:	mov    %r12d,%ecx
 1f1:	and    $0xfffffff0,%ecx
 1f4:	and    $0xf,%edx
 1f7:	vextractf64x2 $0x1,%ymm1,%xmm4
 1fe:	mov    %ecx,%r10d
 201:	vaddpd %xmm1,%xmm4,%xmm4
 205:	vunpckhpd %xmm4,%xmm4,%xmm1
 209:	vaddpd %xmm4,%xmm1,%xmm1
 20d:	vaddsd %xmm1,%xmm0,%xmm1
 211:	je     75c <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x75c>
 217:	mov    %r12d,%r13d
 21a:	sub    %ecx,%r13d
 21d:	lea    -0x1(%r13),%edx
 221:	cmp    $0x6,%edx
 224:	jbe    753 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x753>
 22a:	lea    (%r9,%rcx,4),%rdx
 22e:	movslq 0x8(%rdx),%r15
 232:	movslq (%rdx),%r8
 235:	movslq 0xc(%rdx),%r11
 239:	movslq 0x4(%rdx),%r14
 23d:	vmovsd (%rax,%r15,8),%xmm4
 243:	vmovsd (%rax,%r8,8),%xmm1
 249:	movslq 0x10(%rdx),%r8
 24d:	vmovhpd (%rax,%r11,8),%xmm4,%xmm4
 253:	movslq 0x18(%rdx),%r11
 257:	vmovhpd (%rax,%r14,8),%xmm1,%xmm1
 25d:	movslq 0x14(%rdx),%r14
 261:	vinsertf128 $0x1,%xmm4,%ymm1,%ymm1
 267:	movslq 0x1c(%rdx),%rdx
 26b:	vmovsd (%rax,%r8,8),%xmm4
 271:	vmovsd (%rax,%r11,8),%xmm6
 277:	vmovhpd (%rax,%r14,8),%xmm4,%xmm4
 27d:	vmovhpd (%rax,%rdx,8),%xmm6,%xmm6
 282:	mov    %r13d,%edx
 285:	vinsertf128 $0x1,%xmm6,%ymm4,%ymm4
 28b:	and    $0xfffffff8,%edx
 28e:	vmulpd 0x20(%rdi,%rcx,8),%ymm4,%ymm4
 294:	add    %edx,%r10d
 297:	and    $0x7,%r13d
 29b:	vfmadd132pd (%rdi,%rcx,8),%ymm4,%ymm1
 2a1:	vsubpd %ymm1,%ymm3,%ymm1
 2a5:	vextractf64x2 $0x1,%ymm1,%xmm3
 2ac:	vaddpd %xmm1,%xmm3,%xmm3
 2b0:	vunpckhpd %xmm3,%xmm3,%xmm1
 2b4:	vaddpd %xmm3,%xmm1,%xmm1
 2b8:	vaddsd %xmm1,%xmm0,%xmm0
 2bc:	je     385 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x385>
 2c2:	movslq %r10d,%r13
 2c5:	movslq (%r9,%r13,4),%r14
 2c9:	vmovsd (%rdi,%r13,8),%xmm6
 2cf:	lea    0x0(,%r13,4),%rcx
 2d7:	lea    0x0(,%r13,8),%rdx
 2df:	lea    0x1(%r10),%r13d
 2e3:	vfnmadd231sd (%rax,%r14,8),%xmm6,%xmm0
 2e9:	cmp    %r13d,%r12d
 2ec:	jle    385 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x385>
 2f2:	movslq 0x4(%r9,%rcx,1),%r13
 2f7:	vmovsd 0x8(%rdi,%rdx,1),%xmm6
 2fd:	vfnmadd231sd (%rax,%r13,8),%xmm6,%xmm0
 303:	lea    0x2(%r10),%r13d
 307:	cmp    %r13d,%r12d
 30a:	jle    385 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x385>
 30c:	movslq 0x8(%r9,%rcx,1),%r13
 311:	vmovsd 0x10(%rdi,%rdx,1),%xmm6
 317:	vfnmadd231sd (%rax,%r13,8),%xmm6,%xmm0
 31d:	lea    0x3(%r10),%r13d
 321:	cmp    %r13d,%r12d
 324:	jle    385 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x385>
 326:	movslq 0xc(%r9,%rcx,1),%r13
 32b:	vmovsd 0x18(%rdi,%rdx,1),%xmm6
 331:	vfnmadd231sd (%rax,%r13,8),%xmm6,%xmm0
 337:	lea    0x4(%r10),%r13d
 33b:	cmp    %r13d,%r12d
 33e:	jle    385 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x385>
 340:	movslq 0x10(%r9,%rcx,1),%r13
 345:	vmovsd 0x20(%rdi,%rdx,1),%xmm6
 34b:	vfnmadd231sd (%rax,%r13,8),%xmm6,%xmm0
 351:	lea    0x5(%r10),%r13d
 355:	cmp    %r13d,%r12d
 358:	jle    385 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x385>
 35a:	movslq 0x14(%r9,%rcx,1),%r13
 35f:	add    $0x6,%r10d
 363:	vmovsd 0x28(%rdi,%rdx,1),%xmm6
 369:	vfnmadd231sd (%rax,%r13,8),%xmm6,%xmm0
 36f:	cmp    %r10d,%r12d
 372:	jle    385 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x385>
 374:	movslq 0x18(%r9,%rcx,1),%rcx
 379:	vmovsd 0x30(%rdi,%rdx,1),%xmm6
 37f:	vfnmadd231sd (%rax,%rcx,8),%xmm6,%xmm0
 385:	vfmadd231sd (%rax,%rsi,8),%xmm2,%xmm0
 38b:	vdivsd %xmm2,%xmm0,%xmm0
 38f:	vmovsd %xmm0,(%rax,%rsi,8)
 394:	add    $0x1,%rsi
 398:	cmp    %rsi,0x28(%rsp)
 39d:	jne    70 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x70>
 3a3:	mov    0x24(%rsp),%r8d
 3a8:	vmovq  %xmm9,%r11
 3ad:	vmovdqa %xmm8,%xmm9
 3b2:	vmovdqa %xmm5,%xmm6
 3b6:	vmovdqa %xmm9,%xmm8
 3bb:	lea    -0x1(%r8),%esi
 3bf:	movslq %esi,%rsi
 3c2:	nopw   0x0(%rax,%rax,1)
 3c8:	vmovq  %xmm7,%rbx
 3cd:	mov    (%r11,%rsi,8),%rcx
 3d1:	vmovq  %xmm6,%rdi
 3d6:	mov    (%rbx,%rsi,8),%r8
 3da:	vmovq  %xmm8,%rbx
 3df:	mov    (%rdi,%rsi,8),%rdi
 3e3:	movsbl (%rbx,%rsi,1),%r10d
 3e8:	vmovq  %xmm10,%rbx
 3ed:	vmovsd (%rcx),%xmm2
 3f1:	vmovsd (%rbx,%rsi,8),%xmm0
 3f6:	test   %r10d,%r10d
 3f9:	jle    6dd <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x6dd>
 3ff:	lea    -0x1(%r10),%ecx
 403:	cmp    $0xe,%ecx
 406:	jbe    70c <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x70c>
 40c:	mov    %r10d,%r12d
 40f:	mov    %r10b,0x3f(%rsp)
 414:	xor    %ecx,%ecx
 416:	vxorpd %xmm3,%xmm3,%xmm3
 41a:	mov    %r10d,0x38(%rsp)
 41f:	shr    $0x4,%r12d
 423:	vmovq  %r11,%xmm13
 428:	mov    %r8,%rdx
 42b:	mov    %rsi,0x30(%rsp)
 430:	shl    $0x6,%r12
 434:	nopl   0x0(%rax)
 438:	lea    (%rdx,%rcx,1),%r9
 43c:	movslq 0x10(%r9),%r11
 440:	movslq 0x18(%r9),%r10
 444:	movslq 0x14(%r9),%r8
 448:	movslq 0x1c(%r9),%rsi
 44c:	vmovsd (%rax,%r11,8),%xmm4
 452:	vmovsd (%rax,%r10,8),%xmm1
 458:	movslq 0x8(%r9),%r15
 45c:	movslq (%r9),%r13
 45f:	vmovhpd (%rax,%rsi,8),%xmm1,%xmm1
 464:	vmovhpd (%rax,%r8,8),%xmm4,%xmm5
 46a:	movslq 0xc(%r9),%r14
 46e:	movslq 0x4(%r9),%rbx
 472:	vinsertf128 $0x1,%xmm1,%ymm5,%ymm5
 478:	vmovsd (%rax,%r15,8),%xmm1
 47e:	movslq 0x38(%r9),%rsi
 482:	movslq 0x28(%r9),%r15
 486:	movslq 0x30(%r9),%r11
 48a:	vmovhpd (%rax,%r14,8),%xmm1,%xmm4
 490:	movslq 0x34(%r9),%r8
 494:	movslq 0x2c(%r9),%r14
 498:	vmovsd (%rax,%r13,8),%xmm1
 49e:	movslq 0x20(%r9),%r13
 4a2:	vmovhpd (%rax,%rbx,8),%xmm1,%xmm1
 4a7:	movslq 0x24(%r9),%rbx
 4ab:	movslq 0x3c(%r9),%r9
 4af:	vinsertf128 $0x1,%xmm4,%ymm1,%ymm1
 4b5:	vmovsd (%rax,%r15,8),%xmm4
 4bb:	vinsertf64x4 $0x1,%ymm5,%zmm1,%zmm12
 4c2:	vmovsd (%rax,%rsi,8),%xmm1
 4c7:	vmovhpd (%rax,%r14,8),%xmm4,%xmm4
 4cd:	vmovhpd (%rax,%r9,8),%xmm1,%xmm5
 4d3:	vmovsd (%rax,%r11,8),%xmm1
 4d9:	vmovhpd (%rax,%r8,8),%xmm1,%xmm1
 4df:	vinsertf128 $0x1,%xmm5,%ymm1,%ymm1
 4e5:	vmovsd (%rax,%r13,8),%xmm5
 4eb:	vmovhpd (%rax,%rbx,8),%xmm5,%xmm5
 4f0:	vinsertf128 $0x1,%xmm4,%ymm5,%ymm5
 4f6:	vinsertf64x4 $0x1,%ymm1,%zmm5,%zmm5
 4fd:	vmovapd %zmm12,%zmm1
 503:	vmulpd 0x40(%rdi,%rcx,2),%zmm5,%zmm5
 50b:	vfmadd132pd (%rdi,%rcx,2),%zmm5,%zmm1
 512:	add    $0x40,%rcx
 516:	vsubpd %zmm1,%zmm3,%zmm3
 51c:	cmp    %rcx,%r12
 51f:	jne    438 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x438>
 525:	vextractf64x4 $0x1,%zmm3,%ymm5
 52c:	mov    0x38(%rsp),%r10d
 531:	mov    %rdx,%r8
 534:	movzbl 0x3f(%rsp),%edx
 539:	vaddpd %ymm3,%ymm5,%ymm1
 53d:	mov    0x30(%rsp),%rsi
 542:	vaddpd %ymm5,%ymm3,%ymm3
 546:	vmovq  %xmm13,%r11
 54b:	mov    %r10d,%ecx
 54e:	and    $0xfffffff0,%ecx
 551:	and    $0xf,%edx
 554:	vextractf64x2 $0x1,%ymm1,%xmm4
 55b:	mov    %ecx,%r9d
 55e:	vaddpd %xmm1,%xmm4,%xmm4
 562:	vunpckhpd %xmm4,%xmm4,%xmm1
 566:	vaddpd %xmm4,%xmm1,%xmm1
 56a:	vaddsd %xmm0,%xmm1,%xmm1
 56e:	je     765 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x765>
 574:	mov    %r10d,%ebx
 577:	sub    %ecx,%ebx
 579:	lea    -0x1(%rbx),%edx
 57c:	cmp    $0x6,%edx
 57f:	jbe    72a <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x72a>
 585:	lea    (%r8,%rcx,4),%rdx
 589:	movslq 0x8(%rdx),%r15
 58d:	movslq (%rdx),%r13
 590:	movslq 0xc(%rdx),%r14
 594:	movslq 0x4(%rdx),%r12
 598:	vmovsd (%rax,%r15,8),%xmm4
 59e:	vmovsd (%rax,%r13,8),%xmm1
 5a4:	movslq 0x10(%rdx),%r13
 5a8:	vmovhpd (%rax,%r14,8),%xmm4,%xmm4
 5ae:	movslq 0x18(%rdx),%r14
 5b2:	vmovhpd (%rax,%r12,8),%xmm1,%xmm1
 5b8:	movslq 0x14(%rdx),%r12
 5bc:	vinsertf128 $0x1,%xmm4,%ymm1,%ymm1
 5c2:	movslq 0x1c(%rdx),%rdx
 5c6:	vmovsd (%rax,%r13,8),%xmm4
 5cc:	vmovsd (%rax,%r14,8),%xmm5
 5d2:	vmovhpd (%rax,%r12,8),%xmm4,%xmm4
 5d8:	vmovhpd (%rax,%rdx,8),%xmm5,%xmm5
 5dd:	mov    %ebx,%edx
 5df:	vinsertf128 $0x1,%xmm5,%ymm4,%ymm4
 5e5:	and    $0xfffffff8,%edx
 5e8:	vmulpd 0x20(%rdi,%rcx,8),%ymm4,%ymm4
 5ee:	add    %edx,%r9d
 5f1:	and    $0x7,%ebx
 5f4:	vfmadd132pd (%rdi,%rcx,8),%ymm4,%ymm1
 5fa:	vsubpd %ymm1,%ymm3,%ymm1
 5fe:	vextractf64x2 $0x1,%ymm1,%xmm3
 605:	vaddpd %xmm1,%xmm3,%xmm3
 609:	vunpckhpd %xmm3,%xmm3,%xmm1
 60d:	vaddpd %xmm3,%xmm1,%xmm1
 611:	vaddsd %xmm1,%xmm0,%xmm0
 615:	je     6dd <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x6dd>
 61b:	movslq %r9d,%rbx
 61e:	movslq (%r8,%rbx,4),%r12
 622:	vmovsd (%rdi,%rbx,8),%xmm5
 627:	lea    0x0(,%rbx,4),%rcx
 62f:	lea    0x0(,%rbx,8),%rdx
 637:	lea    0x1(%r9),%ebx
 63b:	vfnmadd231sd (%rax,%r12,8),%xmm5,%xmm0
 641:	cmp    %ebx,%r10d
 644:	jle    6dd <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x6dd>
 64a:	movslq 0x4(%r8,%rcx,1),%rbx
 64f:	vmovsd 0x8(%rdi,%rdx,1),%xmm5
 655:	vfnmadd231sd (%rax,%rbx,8),%xmm5,%xmm0
 65b:	lea    0x2(%r9),%ebx
 65f:	cmp    %ebx,%r10d
 662:	jle    6dd <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x6dd>
 664:	movslq 0x8(%r8,%rcx,1),%rbx
 669:	vmovsd 0x10(%rdi,%rdx,1),%xmm5
 66f:	vfnmadd231sd (%rax,%rbx,8),%xmm5,%xmm0
 675:	lea    0x3(%r9),%ebx
 679:	cmp    %r10d,%ebx
 67c:	jge    6dd <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x6dd>
 67e:	movslq 0xc(%r8,%rcx,1),%rbx
 683:	vmovsd (%rax,%rbx,8),%xmm5
 688:	lea    0x4(%r9),%ebx
 68c:	vfnmadd231sd 0x18(%rdi,%rdx,1),%xmm5,%xmm0
 693:	cmp    %ebx,%r10d
 696:	jle    6dd <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x6dd>
 698:	movslq 0x10(%r8,%rcx,1),%rbx
 69d:	vmovsd (%rax,%rbx,8),%xmm5
 6a2:	lea    0x5(%r9),%ebx
 6a6:	vfnmadd231sd 0x20(%rdi,%rdx,1),%xmm5,%xmm0
 6ad:	cmp    %ebx,%r10d
 6b0:	jle    6dd <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x6dd>
 6b2:	movslq 0x14(%r8,%rcx,1),%rbx
 6b7:	add    $0x6,%r9d
 6bb:	vmovsd 0x28(%rdi,%rdx,1),%xmm5
 6c1:	vfnmadd231sd (%rax,%rbx,8),%xmm5,%xmm0
 6c7:	cmp    %r9d,%r10d
 6ca:	jle    6dd <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x6dd>
 6cc:	movslq 0x18(%r8,%rcx,1),%rcx
 6d1:	vmovsd 0x30(%rdi,%rdx,1),%xmm5
 6d7:	vfnmadd231sd (%rax,%rcx,8),%xmm5,%xmm0
 6dd:	vfmadd231sd (%rax,%rsi,8),%xmm2,%xmm0
 6e3:	vdivsd %xmm2,%xmm0,%xmm0
 6e7:	vmovsd %xmm0,(%rax,%rsi,8)
 6ec:	sub    $0x1,%rsi
 6f0:	test   %esi,%esi
 6f2:	jns    3c8 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x3c8>
 6f8:	vzeroupper
 6fb:	lea    -0x28(%rbp),%rsp
 6ff:	xor    %eax,%eax
 701:	pop    %rbx
 702:	pop    %r12
 704:	pop    %r13
 706:	pop    %r14
 708:	pop    %r15
 70a:	pop    %rbp
 70b:	ret
 70c:	xor    %ecx,%ecx
 70e:	mov    %r10d,%ebx
 711:	vmovsd %xmm0,%xmm0,%xmm1
 715:	xor    %r9d,%r9d
 718:	sub    %ecx,%ebx
 71a:	vxorpd %xmm3,%xmm3,%xmm3
 71e:	lea    -0x1(%rbx),%edx
 721:	cmp    $0x6,%edx
 724:	ja     585 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x585>
 72a:	vmovsd %xmm1,%xmm1,%xmm0
 72e:	jmp    61b <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x61b>
 733:	xor    %ecx,%ecx
 735:	mov    %r12d,%r13d
 738:	vmovsd %xmm0,%xmm0,%xmm1
 73c:	xor    %r10d,%r10d
 73f:	sub    %ecx,%r13d
 742:	vxorpd %xmm3,%xmm3,%xmm3
 746:	lea    -0x1(%r13),%edx
 74a:	cmp    $0x6,%edx
 74d:	ja     22a <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x22a>
 753:	vmovsd %xmm1,%xmm1,%xmm0
 757:	jmp    2c2 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2c2>
 75c:	vmovsd %xmm1,%xmm1,%xmm0
 760:	jmp    385 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x385>
 765:	vmovsd %xmm1,%xmm1,%xmm0
 769:	jmp    6dd <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x6dd>
 76e:	lea    0x0(%rip),%rcx        # 775 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x775>
 775:	mov    $0x38,%edx
 77a:	lea    0x0(%rip),%rsi        # 781 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x781>
 781:	lea    0x0(%rip),%rdi        # 788 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x788>
 788:	call   78d <.LC2+0x745>
