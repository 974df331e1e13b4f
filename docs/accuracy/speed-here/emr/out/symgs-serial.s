
/tmp/hpcge/b_Z_serial/src/ComputeSYMGS_ref.o:     file format elf64-x86-64


Disassembly of section .text:

0000000000000000 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_>:
   0:	push   %r14
   2:	push   %r13
   4:	push   %r12
   6:	push   %rbp
   7:	push   %rbx
   8:	mov    0x24(%rdi),%eax
   b:	cmp    %eax,(%rdx)
   d:	jne    435 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x435>
  13:	mov    0x20(%rdi),%r13d
  17:	mov    0x50(%rdi),%r8
  1b:	mov    0x8(%rsi),%r9
  1f:	mov    0x8(%rdx),%rdx
  23:	test   %r13d,%r13d
  26:	jle    42a <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x42a>
  2c:	mov    0x48(%rdi),%r10
  30:	mov    0x40(%rdi),%r11
  34:	movslq %r13d,%r12
  37:	mov    0x30(%rdi),%rbx
  3b:	xor    %edi,%edi
  3d:	nopl   (%rax)
  40:	mov    (%r8,%rdi,8),%r14
  44:	movsbl (%rbx,%rdi,1),%ebp
  48:	mov    (%r10,%rdi,8),%rcx
  4c:	mov    (%r11,%rdi,8),%rsi
  50:	movsd  (%r14),%xmm2
  55:	movsd  (%r9,%rdi,8),%xmm0
  5b:	test   %ebp,%ebp
  5d:	jle    207 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x207>
  63:	mov    %ebp,%r14d
  66:	xor    %eax,%eax
  68:	and    $0x7,%r14d
  6c:	je     147 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x147>
  72:	cmp    $0x1,%r14d
  76:	je     126 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x126>
  7c:	cmp    $0x2,%r14d
  80:	je     10f <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x10f>
  86:	cmp    $0x3,%r14d
  8a:	je     f8 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xf8>
  8c:	cmp    $0x4,%r14d
  90:	je     e1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xe1>
  92:	cmp    $0x5,%r14d
  96:	je     ca <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xca>
  98:	cmp    $0x6,%r14d
  9c:	je     b3 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xb3>
  9e:	movslq (%rsi),%rax
  a1:	movsd  (%rdx,%rax,8),%xmm1
  a6:	mulsd  (%rcx),%xmm1
  aa:	mov    $0x1,%eax
  af:	subsd  %xmm1,%xmm0
  b3:	movslq (%rsi,%rax,4),%r14
  b7:	movsd  (%rdx,%r14,8),%xmm3
  bd:	mulsd  (%rcx,%rax,8),%xmm3
  c2:	add    $0x1,%rax
  c6:	subsd  %xmm3,%xmm0
  ca:	movslq (%rsi,%rax,4),%r14
  ce:	movsd  (%rdx,%r14,8),%xmm4
  d4:	mulsd  (%rcx,%rax,8),%xmm4
  d9:	add    $0x1,%rax
  dd:	subsd  %xmm4,%xmm0
  e1:	movslq (%rsi,%rax,4),%r14
  e5:	movsd  (%rdx,%r14,8),%xmm5
  eb:	mulsd  (%rcx,%rax,8),%xmm5
  f0:	add    $0x1,%rax
  f4:	subsd  %xmm5,%xmm0
  f8:	movslq (%rsi,%rax,4),%r14
  fc:	movsd  (%rdx,%r14,8),%xmm6
 102:	mulsd  (%rcx,%rax,8),%xmm6
 107:	add    $0x1,%rax
 10b:	subsd  %xmm6,%xmm0
 10f:	movslq (%rsi,%rax,4),%r14
 113:	movsd  (%rdx,%r14,8),%xmm7
 119:	mulsd  (%rcx,%rax,8),%xmm7
 11e:	add    $0x1,%rax
 122:	subsd  %xmm7,%xmm0
 126:	movslq (%rsi,%rax,4),%r14
 12a:	movsd  (%rdx,%r14,8),%xmm8
 130:	mulsd  (%rcx,%rax,8),%xmm8
 136:	add    $0x1,%rax
 13a:	subsd  %xmm8,%xmm0
 13f:	cmp    %eax,%ebp
 141:	jle    207 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x207>
 147:	movslq (%rsi,%rax,4),%r14
 14b:	movsd  (%rdx,%r14,8),%xmm9
 151:	mulsd  (%rcx,%rax,8),%xmm9
 157:	movslq 0x4(%rsi,%rax,4),%r14
 15c:	movsd  (%rdx,%r14,8),%xmm10
 162:	mulsd  0x8(%rcx,%rax,8),%xmm10
 169:	movslq 0x8(%rsi,%rax,4),%r14
 16e:	subsd  %xmm9,%xmm0
 173:	movsd  (%rdx,%r14,8),%xmm11
 179:	mulsd  0x10(%rcx,%rax,8),%xmm11
 180:	movslq 0xc(%rsi,%rax,4),%r14
 185:	subsd  %xmm10,%xmm0
 18a:	movsd  (%rdx,%r14,8),%xmm12
 190:	mulsd  0x18(%rcx,%rax,8),%xmm12
 197:	movslq 0x10(%rsi,%rax,4),%r14
 19c:	subsd  %xmm11,%xmm0
 1a1:	movsd  (%rdx,%r14,8),%xmm13
 1a7:	mulsd  0x20(%rcx,%rax,8),%xmm13
 1ae:	movslq 0x14(%rsi,%rax,4),%r14
 1b3:	subsd  %xmm12,%xmm0
 1b8:	movsd  (%rdx,%r14,8),%xmm14
 1be:	mulsd  0x28(%rcx,%rax,8),%xmm14
 1c5:	movslq 0x18(%rsi,%rax,4),%r14
 1ca:	subsd  %xmm13,%xmm0
 1cf:	movsd  (%rdx,%r14,8),%xmm15
 1d5:	mulsd  0x30(%rcx,%rax,8),%xmm15
 1dc:	movslq 0x1c(%rsi,%rax,4),%r14
 1e1:	subsd  %xmm14,%xmm0
 1e6:	movsd  (%rdx,%r14,8),%xmm1
 1ec:	mulsd  0x38(%rcx,%rax,8),%xmm1
 1f2:	add    $0x8,%rax
 1f6:	subsd  %xmm15,%xmm0
 1fb:	subsd  %xmm1,%xmm0
 1ff:	cmp    %eax,%ebp
 201:	jg     147 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x147>
 207:	movsd  (%rdx,%rdi,8),%xmm3
 20c:	mulsd  %xmm2,%xmm3
 210:	addsd  %xmm0,%xmm3
 214:	divsd  %xmm2,%xmm3
 218:	movsd  %xmm3,(%rdx,%rdi,8)
 21d:	add    $0x1,%rdi
 221:	cmp    %rdi,%r12
 224:	jne    40 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x40>
 22a:	lea    -0x1(%r13),%r13d
 22e:	movslq %r13d,%rdi
 231:	nopl   0x0(%rax)
 238:	mov    (%r8,%rdi,8),%r12
 23c:	movsbl (%rbx,%rdi,1),%ebp
 240:	mov    (%r10,%rdi,8),%rcx
 244:	mov    (%r11,%rdi,8),%rsi
 248:	movsd  (%r12),%xmm2
 24e:	movsd  (%r9,%rdi,8),%xmm0
 254:	test   %ebp,%ebp
 256:	jle    408 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x408>
 25c:	mov    %ebp,%r14d
 25f:	xor    %r13d,%r13d
 262:	and    $0x7,%r14d
 266:	je     349 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x349>
 26c:	cmp    $0x1,%r14d
 270:	je     327 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x327>
 276:	cmp    $0x2,%r14d
 27a:	je     30e <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x30e>
 280:	cmp    $0x3,%r14d
 284:	je     2f5 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2f5>
 286:	cmp    $0x4,%r14d
 28a:	je     2de <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2de>
 28c:	cmp    $0x5,%r14d
 290:	je     2c6 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2c6>
 292:	cmp    $0x6,%r14d
 296:	je     2ae <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2ae>
 298:	movslq (%rsi),%rax
 29b:	mov    $0x1,%r13d
 2a1:	movsd  (%rdx,%rax,8),%xmm4
 2a6:	mulsd  (%rcx),%xmm4
 2aa:	subsd  %xmm4,%xmm0
 2ae:	movslq (%rsi,%r13,4),%r12
 2b2:	movsd  (%rdx,%r12,8),%xmm5
 2b8:	mulsd  (%rcx,%r13,8),%xmm5
 2be:	add    $0x1,%r13
 2c2:	subsd  %xmm5,%xmm0
 2c6:	movslq (%rsi,%r13,4),%r14
 2ca:	movsd  (%rdx,%r14,8),%xmm6
 2d0:	mulsd  (%rcx,%r13,8),%xmm6
 2d6:	add    $0x1,%r13
 2da:	subsd  %xmm6,%xmm0
 2de:	movslq (%rsi,%r13,4),%rax
 2e2:	movsd  (%rdx,%rax,8),%xmm7
 2e7:	mulsd  (%rcx,%r13,8),%xmm7
 2ed:	add    $0x1,%r13
 2f1:	subsd  %xmm7,%xmm0
 2f5:	movslq (%rsi,%r13,4),%r12
 2f9:	movsd  (%rdx,%r12,8),%xmm8
 2ff:	mulsd  (%rcx,%r13,8),%xmm8
 305:	add    $0x1,%r13
 309:	subsd  %xmm8,%xmm0
 30e:	movslq (%rsi,%r13,4),%r14
 312:	movsd  (%rdx,%r14,8),%xmm9
 318:	mulsd  (%rcx,%r13,8),%xmm9
 31e:	add    $0x1,%r13
 322:	subsd  %xmm9,%xmm0
 327:	movslq (%rsi,%r13,4),%rax
 32b:	movsd  (%rdx,%rax,8),%xmm10
 331:	mulsd  (%rcx,%r13,8),%xmm10
 337:	add    $0x1,%r13
 33b:	subsd  %xmm10,%xmm0
 340:	cmp    %r13d,%ebp
 343:	jle    408 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x408>
 349:	movslq (%rsi,%r13,4),%r12
 34d:	movslq 0x4(%rsi,%r13,4),%r14
 352:	movslq 0x8(%rsi,%r13,4),%rax
 357:	movsd  (%rdx,%r12,8),%xmm11
 35d:	mulsd  (%rcx,%r13,8),%xmm11
 363:	movsd  (%rdx,%r14,8),%xmm12
 369:	mulsd  0x8(%rcx,%r13,8),%xmm12
 370:	movsd  (%rdx,%rax,8),%xmm13
 376:	mulsd  0x10(%rcx,%r13,8),%xmm13
 37d:	movslq 0xc(%rsi,%r13,4),%r12
 382:	movslq 0x10(%rsi,%r13,4),%r14
 387:	movslq 0x14(%rsi,%r13,4),%rax
 38c:	subsd  %xmm11,%xmm0
 391:	movsd  (%rdx,%r12,8),%xmm14
 397:	mulsd  0x18(%rcx,%r13,8),%xmm14
 39e:	movsd  (%rdx,%r14,8),%xmm15
 3a4:	mulsd  0x20(%rcx,%r13,8),%xmm15
 3ab:	movsd  (%rdx,%rax,8),%xmm1
 3b0:	mulsd  0x28(%rcx,%r13,8),%xmm1
 3b7:	subsd  %xmm12,%xmm0
 3bc:	movslq 0x18(%rsi,%r13,4),%r12
 3c1:	movslq 0x1c(%rsi,%r13,4),%r14
 3c6:	movsd  (%rdx,%r12,8),%xmm3
 3cc:	mulsd  0x30(%rcx,%r13,8),%xmm3
 3d3:	subsd  %xmm13,%xmm0
 3d8:	movsd  (%rdx,%r14,8),%xmm4
 3de:	mulsd  0x38(%rcx,%r13,8),%xmm4
 3e5:	add    $0x8,%r13
 3e9:	subsd  %xmm14,%xmm0
 3ee:	subsd  %xmm15,%xmm0
 3f3:	subsd  %xmm1,%xmm0
 3f7:	subsd  %xmm3,%xmm0
 3fb:	subsd  %xmm4,%xmm0
 3ff:	cmp    %r13d,%ebp
 402:	jg     349 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x349>
 408:	movsd  (%rdx,%rdi,8),%xmm5
 40d:	mulsd  %xmm2,%xmm5
 411:	addsd  %xmm0,%xmm5
 415:	divsd  %xmm2,%xmm5
 419:	movsd  %xmm5,(%rdx,%rdi,8)
 41e:	sub    $0x1,%rdi
 422:	test   %edi,%edi
 424:	jns    238 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x238>
 42a:	pop    %rbx
 42b:	xor    %eax,%eax
 42d:	pop    %rbp
 42e:	pop    %r12
 430:	pop    %r13
 432:	pop    %r14
 434:	ret
 435:	lea    0x0(%rip),%rcx        # 43c <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x43c>
 43c:	mov    $0x38,%edx
 441:	lea    0x0(%rip),%rsi        # 448 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x448>
 448:	lea    0x0(%rip),%rdi        # 44f <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x44f>
 44f:	call   454 <.LC2+0x40c>
