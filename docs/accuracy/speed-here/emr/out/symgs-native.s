
/tmp/hpcge/b_Z_native/src/ComputeSYMGS_ref.o:     file format elf64-x86-64


Disassembly of section .text:

0000000000000000 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_>:
   0:	push   %r14
   2:	push   %r13
   4:	push   %r12
   6:	push   %rbp
   7:	push   %rbx
   8:	mov    0x24(%rdi),%eax
   b:	cmp    %eax,(%rdx)
   d:	jne    396 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x396>
  13:	mov    0x20(%rdi),%r8d
  17:	mov    0x50(%rdi),%r11
  1b:	mov    0x8(%rsi),%rbx
  1f:	mov    0x8(%rdx),%rdx
  23:	test   %r8d,%r8d
  26:	jle    38b <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x38b>
  2c:	mov    0x48(%rdi),%rbp
  30:	mov    0x40(%rdi),%r12
  34:	movslq %r8d,%r14
  37:	xor    %esi,%esi
  39:	mov    0x30(%rdi),%r13
  3d:	nopl   (%rax)
  40:	mov    (%r11,%rsi,8),%r10
  44:	movsbl 0x0(%r13,%rsi,1),%r9d
  4a:	mov    0x0(%rbp,%rsi,8),%rcx
  4f:	mov    (%r12,%rsi,8),%rdi
  53:	vmovsd (%r10),%xmm1
  58:	vmovsd (%rbx,%rsi,8),%xmm0
  5d:	test   %r9d,%r9d
  60:	jle    1bd <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x1bd>
  66:	mov    %r9d,%r10d
  69:	xor    %eax,%eax
  6b:	and    $0x7,%r10d
  6f:	je     12a <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x12a>
  75:	cmp    $0x1,%r10d
  79:	je     10e <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x10e>
  7f:	cmp    $0x2,%r10d
  83:	je     fb <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xfb>
  85:	cmp    $0x3,%r10d
  89:	je     e8 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xe8>
  8b:	cmp    $0x4,%r10d
  8f:	je     d5 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xd5>
  91:	cmp    $0x5,%r10d
  95:	je     c2 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xc2>
  97:	cmp    $0x6,%r10d
  9b:	je     af <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xaf>
  9d:	movslq (%rdi),%rax
  a0:	vmovsd (%rcx),%xmm3
  a4:	vfnmadd231sd (%rdx,%rax,8),%xmm3,%xmm0
  aa:	mov    $0x1,%eax
  af:	movslq (%rdi,%rax,4),%r10
  b3:	vmovsd (%rcx,%rax,8),%xmm7
  b8:	add    $0x1,%rax
  bc:	vfnmadd231sd (%rdx,%r10,8),%xmm7,%xmm0
  c2:	movslq (%rdi,%rax,4),%r10
  c6:	vmovsd (%rcx,%rax,8),%xmm5
  cb:	add    $0x1,%rax
  cf:	vfnmadd231sd (%rdx,%r10,8),%xmm5,%xmm0
  d5:	movslq (%rdi,%rax,4),%r10
  d9:	vmovsd (%rcx,%rax,8),%xmm2
  de:	add    $0x1,%rax
  e2:	vfnmadd231sd (%rdx,%r10,8),%xmm2,%xmm0
  e8:	movslq (%rdi,%rax,4),%r10
  ec:	vmovsd (%rcx,%rax,8),%xmm4
  f1:	add    $0x1,%rax
  f5:	vfnmadd231sd (%rdx,%r10,8),%xmm4,%xmm0
  fb:	movslq (%rdi,%rax,4),%r10
  ff:	vmovsd (%rcx,%rax,8),%xmm6
 104:	add    $0x1,%rax
 108:	vfnmadd231sd (%rdx,%r10,8),%xmm6,%xmm0
 10e:	movslq (%rdi,%rax,4),%r10
 112:	vmovsd (%rcx,%rax,8),%xmm8
 117:	add    $0x1,%rax
 11b:	vfnmadd231sd (%rdx,%r10,8),%xmm8,%xmm0
 121:	cmp    %eax,%r9d
 124:	jle    1bd <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x1bd>
 12a:	movslq (%rdi,%rax,4),%r10
 12e:	vmovsd (%rcx,%rax,8),%xmm9
 133:	vmovsd 0x8(%rcx,%rax,8),%xmm10
 139:	vmovsd 0x10(%rcx,%rax,8),%xmm11
 13f:	vfnmadd231sd (%rdx,%r10,8),%xmm9,%xmm0
 145:	movslq 0x4(%rdi,%rax,4),%r10
 14a:	vmovsd 0x18(%rcx,%rax,8),%xmm12
 150:	vmovsd 0x20(%rcx,%rax,8),%xmm13
 156:	vfnmadd231sd (%rdx,%r10,8),%xmm10,%xmm0
 15c:	movslq 0x8(%rdi,%rax,4),%r10
 161:	vmovsd 0x28(%rcx,%rax,8),%xmm14
 167:	vmovsd 0x30(%rcx,%rax,8),%xmm15
 16d:	vfnmadd231sd (%rdx,%r10,8),%xmm11,%xmm0
 173:	movslq 0xc(%rdi,%rax,4),%r10
 178:	vmovsd 0x38(%rcx,%rax,8),%xmm3
 17e:	vfnmadd231sd (%rdx,%r10,8),%xmm12,%xmm0
 184:	movslq 0x10(%rdi,%rax,4),%r10
 189:	vfnmadd231sd (%rdx,%r10,8),%xmm13,%xmm0
 18f:	movslq 0x14(%rdi,%rax,4),%r10
 194:	vfnmadd231sd (%rdx,%r10,8),%xmm14,%xmm0
 19a:	movslq 0x18(%rdi,%rax,4),%r10
 19f:	vfnmadd231sd (%rdx,%r10,8),%xmm15,%xmm0
 1a5:	movslq 0x1c(%rdi,%rax,4),%r10
 1aa:	add    $0x8,%rax
 1ae:	vfnmadd231sd (%rdx,%r10,8),%xmm3,%xmm0
 1b4:	cmp    %eax,%r9d
 1b7:	jg     12a <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x12a>
 1bd:	vfmadd231sd (%rdx,%rsi,8),%xmm1,%xmm0
 1c3:	vdivsd %xmm1,%xmm0,%xmm1
 1c7:	vmovsd %xmm1,(%rdx,%rsi,8)
 1cc:	add    $0x1,%rsi
 1d0:	cmp    %r14,%rsi
 1d3:	jne    40 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x40>
 1d9:	lea    -0x1(%r8),%r8d
 1dd:	movslq %r8d,%r14
 1e0:	mov    (%r11,%r14,8),%r9
 1e4:	movsbl 0x0(%r13,%r14,1),%edi
 1ea:	mov    0x0(%rbp,%r14,8),%rcx
 1ef:	mov    (%r12,%r14,8),%rsi
 1f3:	vmovsd (%r9),%xmm8
 1f8:	vmovsd (%rbx,%r14,8),%xmm0
 1fe:	test   %edi,%edi
 200:	jle    36d <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x36d>
 206:	mov    %edi,%r10d
 209:	xor    %r8d,%r8d
 20c:	and    $0x7,%r10d
 210:	je     2d2 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2d2>
 216:	cmp    $0x1,%r10d
 21a:	je     2b5 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2b5>
 220:	cmp    $0x2,%r10d
 224:	je     2a1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2a1>
 226:	cmp    $0x3,%r10d
 22a:	je     28d <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x28d>
 22c:	cmp    $0x4,%r10d
 230:	je     279 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x279>
 232:	cmp    $0x5,%r10d
 236:	je     265 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x265>
 238:	cmp    $0x6,%r10d
 23c:	je     251 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x251>
 23e:	movslq (%rsi),%rax
 241:	vmovsd (%rcx),%xmm7
 245:	mov    $0x1,%r8d
 24b:	vfnmadd231sd (%rdx,%rax,8),%xmm7,%xmm0
 251:	movslq (%rsi,%r8,4),%r9
 255:	vmovsd (%rcx,%r8,8),%xmm5
 25b:	add    $0x1,%r8
 25f:	vfnmadd231sd (%rdx,%r9,8),%xmm5,%xmm0
 265:	movslq (%rsi,%r8,4),%r10
 269:	vmovsd (%rcx,%r8,8),%xmm2
 26f:	add    $0x1,%r8
 273:	vfnmadd231sd (%rdx,%r10,8),%xmm2,%xmm0
 279:	movslq (%rsi,%r8,4),%rax
 27d:	vmovsd (%rcx,%r8,8),%xmm4
 283:	add    $0x1,%r8
 287:	vfnmadd231sd (%rdx,%rax,8),%xmm4,%xmm0
 28d:	movslq (%rsi,%r8,4),%r9
 291:	vmovsd (%rcx,%r8,8),%xmm6
 297:	add    $0x1,%r8
 29b:	vfnmadd231sd (%rdx,%r9,8),%xmm6,%xmm0
 2a1:	movslq (%rsi,%r8,4),%r10
 2a5:	vmovsd (%rcx,%r8,8),%xmm9
 2ab:	add    $0x1,%r8
 2af:	vfnmadd231sd (%rdx,%r10,8),%xmm9,%xmm0
 2b5:	movslq (%rsi,%r8,4),%rax
 2b9:	vmovsd (%rcx,%r8,8),%xmm10
 2bf:	add    $0x1,%r8
 2c3:	vfnmadd231sd (%rdx,%rax,8),%xmm10,%xmm0
 2c9:	cmp    %r8d,%edi
 2cc:	jle    36d <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x36d>
 2d2:	movslq (%rsi,%r8,4),%r9
 2d6:	movslq 0x4(%rsi,%r8,4),%r10
 2db:	movslq 0x8(%rsi,%r8,4),%rax
 2e0:	vmovsd (%rcx,%r8,8),%xmm11
 2e6:	vfnmadd231sd (%rdx,%r9,8),%xmm11,%xmm0
 2ec:	vmovsd 0x8(%rcx,%r8,8),%xmm12
 2f3:	movslq 0xc(%rsi,%r8,4),%r9
 2f8:	vfnmadd231sd (%rdx,%r10,8),%xmm12,%xmm0
 2fe:	vmovsd 0x10(%rcx,%r8,8),%xmm13
 305:	movslq 0x10(%rsi,%r8,4),%r10
 30a:	vfnmadd231sd (%rdx,%rax,8),%xmm13,%xmm0
 310:	vmovsd 0x18(%rcx,%r8,8),%xmm14
 317:	movslq 0x14(%rsi,%r8,4),%rax
 31c:	vfnmadd231sd (%rdx,%r9,8),%xmm14,%xmm0
 322:	vmovsd 0x20(%rcx,%r8,8),%xmm15
 329:	movslq 0x18(%rsi,%r8,4),%r9
 32e:	vfnmadd231sd (%rdx,%r10,8),%xmm15,%xmm0
 334:	vmovsd 0x28(%rcx,%r8,8),%xmm3
 33b:	movslq 0x1c(%rsi,%r8,4),%r10
 340:	vfnmadd231sd (%rdx,%rax,8),%xmm3,%xmm0
 346:	vmovsd 0x30(%rcx,%r8,8),%xmm1
 34d:	vmovsd 0x38(%rcx,%r8,8),%xmm7
 354:	add    $0x8,%r8
 358:	vfnmadd231sd (%rdx,%r9,8),%xmm1,%xmm0
 35e:	vfnmadd231sd (%rdx,%r10,8),%xmm7,%xmm0
 364:	cmp    %r8d,%edi
 367:	jg     2d2 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2d2>
 36d:	vfmadd231sd (%rdx,%r14,8),%xmm8,%xmm0
 373:	vdivsd %xmm8,%xmm0,%xmm8
 378:	vmovsd %xmm8,(%rdx,%r14,8)
 37e:	sub    $0x1,%r14
 382:	test   %r14d,%r14d
 385:	jns    1e0 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x1e0>
 38b:	pop    %rbx
 38c:	xor    %eax,%eax
 38e:	pop    %rbp
 38f:	pop    %r12
 391:	pop    %r13
 393:	pop    %r14
 395:	ret
 396:	lea    0x0(%rip),%rcx        # 39d <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x39d>
 39d:	mov    $0x38,%edx
 3a2:	lea    0x0(%rip),%rsi        # 3a9 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x3a9>
 3a9:	lea    0x0(%rip),%rdi        # 3b0 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x3b0>
 3b0:	call   3b5 <.LC2+0x36d>
