
/tmp/hpcgc/b_Z_native/src/ComputeSYMGS_ref.o:     file format elf64-x86-64


Disassembly of section .text:

0000000000000000 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_>:
   0:	push   %r14
   2:	push   %r13
   4:	push   %r12
   6:	push   %rbp
   7:	push   %rbx
   8:	mov    0x24(%rdi),%eax
   b:	cmp    %eax,(%rdx)
   d:	jne    40d <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x40d>
  13:	mov    0x20(%rdi),%eax
  16:	mov    0x50(%rdi),%r10
  1a:	mov    0x8(%rsi),%r11
  1e:	mov    0x8(%rdx),%rdx
  22:	test   %eax,%eax
  24:	jle    402 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x402>
  2a:	mov    0x48(%rdi),%rbx
  2e:	mov    0x40(%rdi),%rbp
  32:	movslq %eax,%r13
  35:	xor    %esi,%esi
  37:	mov    0x30(%rdi),%r12
  3b:	nopl   0x0(%rax,%rax,1)
  40:	mov    (%r10,%rsi,8),%rcx
  44:	movsbl (%r12,%rsi,1),%r8d
  49:	vmovsd (%r11,%rsi,8),%xmm0
  4f:	mov    (%rbx,%rsi,8),%rdi
  53:	mov    0x0(%rbp,%rsi,8),%r9
  58:	vmovsd (%rcx),%xmm2
  5c:	test   %r8d,%r8d
  5f:	jle    1fd <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x1fd>
  65:	mov    %r8d,%r14d
  68:	xor    %ecx,%ecx
  6a:	and    $0x7,%r14d
  6e:	je     146 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x146>
  74:	cmp    $0x1,%r14d
  78:	je     126 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x126>
  7e:	cmp    $0x2,%r14d
  82:	je     10f <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x10f>
  88:	cmp    $0x3,%r14d
  8c:	je     f8 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xf8>
  8e:	cmp    $0x4,%r14d
  92:	je     e1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xe1>
  94:	cmp    $0x5,%r14d
  98:	je     cb <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xcb>
  9a:	cmp    $0x6,%r14d
  9e:	je     b5 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xb5>
  a0:	movslq (%r9),%rcx
  a3:	vmovsd (%rdx,%rcx,8),%xmm1
  a8:	mov    $0x1,%ecx
  ad:	vmulsd (%rdi),%xmm1,%xmm3
  b1:	vsubsd %xmm3,%xmm0,%xmm0
  b5:	movslq (%r9,%rcx,4),%r14
  b9:	vmovsd (%rdx,%r14,8),%xmm4
  bf:	vmulsd (%rdi,%rcx,8),%xmm4,%xmm5
  c4:	inc    %rcx
  c7:	vsubsd %xmm5,%xmm0,%xmm0
  cb:	movslq (%r9,%rcx,4),%r14
  cf:	vmovsd (%rdx,%r14,8),%xmm6
  d5:	vmulsd (%rdi,%rcx,8),%xmm6,%xmm7
  da:	inc    %rcx
  dd:	vsubsd %xmm7,%xmm0,%xmm0
  e1:	movslq (%r9,%rcx,4),%r14
  e5:	vmovsd (%rdx,%r14,8),%xmm8
  eb:	vmulsd (%rdi,%rcx,8),%xmm8,%xmm9
  f0:	inc    %rcx
  f3:	vsubsd %xmm9,%xmm0,%xmm0
  f8:	movslq (%r9,%rcx,4),%r14
  fc:	vmovsd (%rdx,%r14,8),%xmm10
 102:	vmulsd (%rdi,%rcx,8),%xmm10,%xmm11
 107:	inc    %rcx
 10a:	vsubsd %xmm11,%xmm0,%xmm0
 10f:	movslq (%r9,%rcx,4),%r14
 113:	vmovsd (%rdx,%r14,8),%xmm12
 119:	vmulsd (%rdi,%rcx,8),%xmm12,%xmm13
 11e:	inc    %rcx
 121:	vsubsd %xmm13,%xmm0,%xmm0
 126:	movslq (%r9,%rcx,4),%r14
 12a:	vmovsd (%rdx,%r14,8),%xmm14
 130:	vmulsd (%rdi,%rcx,8),%xmm14,%xmm15
 135:	inc    %rcx
 138:	vsubsd %xmm15,%xmm0,%xmm0
 13d:	cmp    %ecx,%r8d
 140:	jle    1fd <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x1fd>
 146:	movslq (%r9,%rcx,4),%r14
 14a:	vmovsd (%rdx,%r14,8),%xmm1
 150:	movslq 0x4(%r9,%rcx,4),%r14
 155:	vmulsd (%rdi,%rcx,8),%xmm1,%xmm3
 15a:	vmovsd (%rdx,%r14,8),%xmm5
 160:	movslq 0x8(%r9,%rcx,4),%r14
 165:	vmulsd 0x8(%rdi,%rcx,8),%xmm5,%xmm6
 16b:	vmovsd (%rdx,%r14,8),%xmm8
 171:	movslq 0xc(%r9,%rcx,4),%r14
 176:	vmulsd 0x10(%rdi,%rcx,8),%xmm8,%xmm9
 17c:	vsubsd %xmm3,%xmm0,%xmm4
 180:	vmovsd (%rdx,%r14,8),%xmm11
 186:	movslq 0x10(%r9,%rcx,4),%r14
 18b:	vmulsd 0x18(%rdi,%rcx,8),%xmm11,%xmm12
 191:	vsubsd %xmm6,%xmm4,%xmm7
 195:	vmovsd (%rdx,%r14,8),%xmm14
 19b:	movslq 0x14(%r9,%rcx,4),%r14
 1a0:	vmulsd 0x20(%rdi,%rcx,8),%xmm14,%xmm15
 1a6:	vsubsd %xmm9,%xmm7,%xmm10
 1ab:	vmovsd (%rdx,%r14,8),%xmm1
 1b1:	movslq 0x18(%r9,%rcx,4),%r14
 1b6:	vmulsd 0x28(%rdi,%rcx,8),%xmm1,%xmm3
 1bc:	vsubsd %xmm12,%xmm10,%xmm13
 1c1:	vmovsd (%rdx,%r14,8),%xmm5
 1c7:	movslq 0x1c(%r9,%rcx,4),%r14
 1cc:	vmulsd 0x30(%rdi,%rcx,8),%xmm5,%xmm6
 1d2:	vsubsd %xmm15,%xmm13,%xmm0
 1d7:	vmovsd (%rdx,%r14,8),%xmm8
 1dd:	vmulsd 0x38(%rdi,%rcx,8),%xmm8,%xmm9
 1e3:	add    $0x8,%rcx
 1e7:	vsubsd %xmm3,%xmm0,%xmm4
 1eb:	vsubsd %xmm6,%xmm4,%xmm7
 1ef:	vsubsd %xmm9,%xmm7,%xmm0
 1f4:	cmp    %ecx,%r8d
 1f7:	jg     146 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x146>
 1fd:	vmulsd (%rdx,%rsi,8),%xmm2,%xmm10
 202:	vaddsd %xmm0,%xmm10,%xmm11
 206:	vdivsd %xmm2,%xmm11,%xmm2
 20a:	vmovsd %xmm2,(%rdx,%rsi,8)
 20f:	inc    %rsi
 212:	cmp    %r13,%rsi
 215:	jne    40 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x40>
 21b:	lea    -0x1(%rax),%eax
 21e:	movslq %eax,%r13
 221:	data16 cs nopw 0x0(%rax,%rax,1)
 22c:	nopl   0x0(%rax)
 230:	mov    (%r10,%r13,8),%r9
 234:	movsbl (%r12,%r13,1),%r8d
 239:	vmovsd (%r11,%r13,8),%xmm0
 23f:	mov    (%rbx,%r13,8),%rdi
 243:	mov    0x0(%rbp,%r13,8),%rsi
 248:	vmovsd (%r9),%xmm12
 24d:	test   %r8d,%r8d
 250:	jle    3e1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x3e1>
 256:	mov    %r8d,%ecx
 259:	xor    %eax,%eax
 25b:	and    $0x7,%ecx
 25e:	je     32e <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x32e>
 264:	cmp    $0x1,%ecx
 267:	je     30f <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x30f>
 26d:	cmp    $0x2,%ecx
 270:	je     2f9 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2f9>
 276:	cmp    $0x3,%ecx
 279:	je     2e2 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2e2>
 27b:	cmp    $0x4,%ecx
 27e:	je     2cc <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2cc>
 280:	cmp    $0x5,%ecx
 283:	je     2b7 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2b7>
 285:	cmp    $0x6,%ecx
 288:	je     2a1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2a1>
 28a:	movslq (%rsi),%r14
 28d:	mov    $0x1,%eax
 292:	vmovsd (%rdx,%r14,8),%xmm13
 298:	vmulsd (%rdi),%xmm13,%xmm14
 29c:	vsubsd %xmm14,%xmm0,%xmm0
 2a1:	movslq (%rsi,%rax,4),%r9
 2a5:	vmovsd (%rdx,%r9,8),%xmm15
 2ab:	vmulsd (%rdi,%rax,8),%xmm15,%xmm1
 2b0:	inc    %rax
 2b3:	vsubsd %xmm1,%xmm0,%xmm0
 2b7:	movslq (%rsi,%rax,4),%rcx
 2bb:	vmovsd (%rdx,%rcx,8),%xmm3
 2c0:	vmulsd (%rdi,%rax,8),%xmm3,%xmm4
 2c5:	inc    %rax
 2c8:	vsubsd %xmm4,%xmm0,%xmm0
 2cc:	movslq (%rsi,%rax,4),%r14
 2d0:	vmovsd (%rdx,%r14,8),%xmm5
 2d6:	vmulsd (%rdi,%rax,8),%xmm5,%xmm6
 2db:	inc    %rax
 2de:	vsubsd %xmm6,%xmm0,%xmm0
 2e2:	movslq (%rsi,%rax,4),%r9
 2e6:	vmovsd (%rdx,%r9,8),%xmm7
 2ec:	vmulsd (%rdi,%rax,8),%xmm7,%xmm8
 2f1:	inc    %rax
 2f4:	vsubsd %xmm8,%xmm0,%xmm0
 2f9:	movslq (%rsi,%rax,4),%rcx
 2fd:	vmovsd (%rdx,%rcx,8),%xmm9
 302:	vmulsd (%rdi,%rax,8),%xmm9,%xmm10
 307:	inc    %rax
 30a:	vsubsd %xmm10,%xmm0,%xmm0
 30f:	movslq (%rsi,%rax,4),%r14
 313:	vmovsd (%rdx,%r14,8),%xmm11
 319:	vmulsd (%rdi,%rax,8),%xmm11,%xmm2
 31e:	inc    %rax
 321:	vsubsd %xmm2,%xmm0,%xmm0
 325:	cmp    %eax,%r8d
 328:	jle    3e1 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x3e1>
 32e:	movslq (%rsi,%rax,4),%r9
 332:	movslq 0x4(%rsi,%rax,4),%rcx
 337:	movslq 0x8(%rsi,%rax,4),%r14
 33c:	vmovsd (%rdx,%r9,8),%xmm13
 342:	vmovsd (%rdx,%rcx,8),%xmm1
 347:	vmulsd (%rdi,%rax,8),%xmm13,%xmm14
 34c:	vmulsd 0x8(%rdi,%rax,8),%xmm1,%xmm3
 352:	movslq 0xc(%rsi,%rax,4),%r9
 357:	vmovsd (%rdx,%r14,8),%xmm5
 35d:	movslq 0x10(%rsi,%rax,4),%rcx
 362:	movslq 0x14(%rsi,%rax,4),%r14
 367:	vmulsd 0x10(%rdi,%rax,8),%xmm5,%xmm6
 36d:	vmovsd (%rdx,%r9,8),%xmm8
 373:	movslq 0x18(%rsi,%rax,4),%r9
 378:	vmulsd 0x18(%rdi,%rax,8),%xmm8,%xmm9
 37e:	vmovsd (%rdx,%rcx,8),%xmm11
 383:	vmulsd 0x20(%rdi,%rax,8),%xmm11,%xmm2
 389:	vmovsd (%rdx,%r14,8),%xmm13
 38f:	movslq 0x1c(%rsi,%rax,4),%rcx
 394:	vmovsd (%rdx,%r9,8),%xmm1
 39a:	vsubsd %xmm14,%xmm0,%xmm15
 39f:	vmulsd 0x28(%rdi,%rax,8),%xmm13,%xmm14
 3a5:	vmovsd (%rdx,%rcx,8),%xmm5
 3aa:	vsubsd %xmm3,%xmm15,%xmm4
 3ae:	vmulsd 0x30(%rdi,%rax,8),%xmm1,%xmm3
 3b4:	vsubsd %xmm6,%xmm4,%xmm7
 3b8:	vmulsd 0x38(%rdi,%rax,8),%xmm5,%xmm6
 3be:	add    $0x8,%rax
 3c2:	vsubsd %xmm9,%xmm7,%xmm10
 3c7:	vsubsd %xmm2,%xmm10,%xmm0
 3cb:	vsubsd %xmm14,%xmm0,%xmm15
 3d0:	vsubsd %xmm3,%xmm15,%xmm4
 3d4:	vsubsd %xmm6,%xmm4,%xmm0
 3d8:	cmp    %eax,%r8d
 3db:	jg     32e <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x32e>
 3e1:	vmulsd (%rdx,%r13,8),%xmm12,%xmm7
 3e7:	vaddsd %xmm0,%xmm7,%xmm8
 3eb:	vdivsd %xmm12,%xmm8,%xmm12
 3f0:	vmovsd %xmm12,(%rdx,%r13,8)
 3f6:	dec    %r13
 3f9:	test   %r13d,%r13d
 3fc:	jns    230 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x230>
 402:	pop    %rbx
 403:	xor    %eax,%eax
 405:	pop    %rbp
 406:	pop    %r12
 408:	pop    %r13
 40a:	pop    %r14
 40c:	ret
 40d:	lea    0x0(%rip),%rcx        # 414 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x414>
 414:	mov    $0x38,%edx
 419:	lea    0x0(%rip),%rsi        # 420 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x420>
 420:	lea    0x0(%rip),%rdi        # 427 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x427>
 427:	call   42c <.LC2+0x3e4>
