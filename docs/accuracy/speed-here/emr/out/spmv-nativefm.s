
/tmp/hpcge/b_Z_nativefm/src/ComputeSPMV_ref.o:     file format elf64-x86-64


Disassembly of section .text:

0000000000000000 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_>:
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
  18:	cmp    %eax,(%rsi)
  1a:	jl     3a8 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x3a8>
  20:	mov    0x20(%rdi),%r9d
  24:	cmp    %r9d,(%rdx)
  27:	jl     3c7 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x3c7>
  2d:	mov    0x8(%rsi),%rax
  31:	mov    0x8(%rdx),%r12
  35:	test   %r9d,%r9d
  38:	jle    376 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x376>
  3e:	movslq %r9d,%rsi
  41:	vmovq  0x48(%rdi),%xmm6
  46:	vmovq  0x40(%rdi),%xmm5
  4b:	vmovq  %r12,%xmm7
  50:	vmovq  0x30(%rdi),%xmm3
  55:	mov    %rsi,0x28(%rsp)
  5a:	xor    %edi,%edi
  5c:	vmovdqa %xmm5,%xmm8
  60:	vmovdqa %xmm6,%xmm5
  64:	vmovdqa %xmm3,%xmm6
  68:	nopl   0x0(%rax,%rax,1)
  70:	vmovq  %xmm6,%rbx
  75:	vmovq  %xmm5,%rsi
  7a:	vmovq  %xmm8,%rdx
  7f:	movsbl (%rbx,%rdi,1),%r10d
  84:	mov    (%rsi,%rdi,8),%rsi
  88:	mov    (%rdx,%rdi,8),%r8
  8c:	test   %r10d,%r10d
  8f:	jle    390 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x390>
  95:	lea    -0x1(%r10),%ecx
  99:	cmp    $0xe,%ecx
  9c:	jbe    396 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x396>
  a2:	mov    %r10d,%r14d
  a5:	mov    %r10b,0x3f(%rsp)
  aa:	xor    %ecx,%ecx
  ac:	vxorpd %xmm4,%xmm4,%xmm4
  b0:	mov    %r10d,0x38(%rsp)
  b5:	shr    $0x4,%r14d
  b9:	mov    %r8,%rdx
  bc:	mov    %rdi,0x30(%rsp)
  c1:	shl    $0x6,%r14
  c5:	nopl   (%rax)
  c8:	lea    (%rdx,%rcx,1),%r9
  cc:	movslq 0x10(%r9),%r15
  d0:	movslq 0x18(%r9),%r10
  d4:	movslq 0x14(%r9),%r8
  d8:	movslq 0x1c(%r9),%rdi
  dc:	vmovsd (%rax,%r15,8),%xmm1
  e2:	vmovsd (%rax,%r10,8),%xmm0
  e8:	movslq (%r9),%rbx
  eb:	movslq 0x8(%r9),%r13
  ef:	vmovhpd (%rax,%rdi,8),%xmm0,%xmm0
  f4:	vmovhpd (%rax,%r8,8),%xmm1,%xmm1
  fa:	movslq 0x4(%r9),%r11
  fe:	movslq 0xc(%r9),%r12
 102:	vinsertf128 $0x1,%xmm0,%ymm1,%ymm1
 108:	vmovsd (%rax,%r13,8),%xmm2
 10e:	vmovsd (%rax,%rbx,8),%xmm0
 113:	movslq 0x30(%r9),%r15
 117:	movslq 0x38(%r9),%rdi
 11b:	vmovhpd (%rax,%r12,8),%xmm2,%xmm2
 121:	vmovhpd (%rax,%r11,8),%xmm0,%xmm0
 127:	movslq 0x20(%r9),%rbx
 12b:	movslq 0x24(%r9),%r11
 12f:	vinsertf128 $0x1,%xmm2,%ymm0,%ymm0
 135:	movslq 0x28(%r9),%r13
 139:	movslq 0x2c(%r9),%r12
 13d:	movslq 0x34(%r9),%r8
 141:	vmovsd (%rax,%r15,8),%xmm2
 147:	vinsertf64x4 $0x1,%ymm1,%zmm0,%zmm0
 14e:	movslq 0x3c(%r9),%r9
 152:	vmovsd (%rax,%rdi,8),%xmm1
 157:	vmovhpd (%rax,%r8,8),%xmm2,%xmm2
 15d:	vmovsd (%rax,%r13,8),%xmm3
 163:	vmovhpd (%rax,%r9,8),%xmm1,%xmm1
 169:	vinsertf128 $0x1,%xmm1,%ymm2,%ymm2
 16f:	vmovsd (%rax,%rbx,8),%xmm1
 174:	vmovhpd (%rax,%r12,8),%xmm3,%xmm3
 17a:	vmovhpd (%rax,%r11,8),%xmm1,%xmm1
 180:	vinsertf128 $0x1,%xmm3,%ymm1,%ymm1
 186:	vinsertf64x4 $0x1,%ymm2,%zmm1,%zmm1
 18d:	vmulpd 0x40(%rsi,%rcx,2),%zmm1,%zmm1
 195:	vfmadd132pd (%rsi,%rcx,2),%zmm1,%zmm0
 19c:	add    $0x40,%rcx
 1a0:	vaddpd %zmm0,%zmm4,%zmm4
 1a6:	cmp    %rcx,%r14
 1a9:	jne    c8 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0xc8>
 1af:	vextractf64x4 $0x1,%zmm4,%ymm2
 1b6:	mov    0x38(%rsp),%r10d
 1bb:	mov    %rdx,%r8
 1be:	movzbl 0x3f(%rsp),%edx
 1c3:	vaddpd %ymm4,%ymm2,%ymm0
 1c7:	mov    0x30(%rsp),%rdi
 1cc:	vaddpd %ymm2,%ymm4,%ymm4
 1d0:	mov    %r10d,%ecx
 1d3:	and    $0xfffffff0,%ecx
 1d6:	and    $0xf,%edx
 1d9:	vextractf64x2 $0x1,%ymm0,%xmm1
 1e0:	mov    %ecx,%r9d
 1e3:	vaddpd %xmm0,%xmm1,%xmm1
 1e7:	vunpckhpd %xmm1,%xmm1,%xmm0
 1eb:	vaddpd %xmm1,%xmm0,%xmm0
 1ef:	je     35a <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x35a>
 1f5:	mov    %r10d,%ebx
 1f8:	sub    %ecx,%ebx
 1fa:	lea    -0x1(%rbx),%edx
 1fd:	cmp    $0x6,%edx
 200:	jbe    298 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x298>
 206:	lea    (%r8,%rcx,4),%rdx
 20a:	movslq 0x8(%rdx),%r13
 20e:	movslq (%rdx),%r11
 211:	movslq 0xc(%rdx),%r12
 215:	movslq 0x4(%rdx),%r14
 219:	vmovsd (%rax,%r13,8),%xmm1
 21f:	vmovsd (%rax,%r11,8),%xmm0
 225:	movslq 0x10(%rdx),%r11
 229:	vmovhpd (%rax,%r12,8),%xmm1,%xmm1
 22f:	movslq 0x18(%rdx),%r12
 233:	vmovhpd (%rax,%r14,8),%xmm0,%xmm0
 239:	movslq 0x14(%rdx),%r14
 23d:	vinsertf128 $0x1,%xmm1,%ymm0,%ymm0
 243:	movslq 0x1c(%rdx),%rdx
 247:	vmovsd (%rax,%r11,8),%xmm1
 24d:	vmovsd (%rax,%r12,8),%xmm2
 253:	vmovhpd (%rax,%r14,8),%xmm1,%xmm1
 259:	vmovhpd (%rax,%rdx,8),%xmm2,%xmm2
 25e:	mov    %ebx,%edx
 260:	vinsertf128 $0x1,%xmm2,%ymm1,%ymm1
 266:	and    $0xfffffff8,%edx
 269:	vmulpd 0x20(%rsi,%rcx,8),%ymm1,%ymm1
 26f:	add    %edx,%r9d
 272:	and    $0x7,%ebx
 275:	vfmadd132pd (%rsi,%rcx,8),%ymm1,%ymm0
 27b:	vaddpd %ymm4,%ymm0,%ymm0
 27f:	vextractf64x2 $0x1,%ymm0,%xmm1
 286:	vaddpd %xmm0,%xmm1,%xmm1
 28a:	vunpckhpd %xmm1,%xmm1,%xmm0
 28e:	vaddpd %xmm1,%xmm0,%xmm0
 292:	je     35a <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x35a>
 298:	movslq %r9d,%rbx
 29b:	movslq (%r8,%rbx,4),%r14
 29f:	vmovsd (%rsi,%rbx,8),%xmm4
 2a4:	lea    0x0(,%rbx,8),%rdx
 2ac:	lea    0x0(,%rbx,4),%rcx
 2b4:	lea    0x1(%r9),%ebx
 2b8:	vfmadd231sd (%rax,%r14,8),%xmm4,%xmm0
 2be:	cmp    %ebx,%r10d
 2c1:	jle    35a <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x35a>
 2c7:	movslq 0x4(%r8,%rcx,1),%rbx
 2cc:	vmovsd (%rax,%rbx,8),%xmm4
 2d1:	lea    0x2(%r9),%ebx
 2d5:	vfmadd231sd 0x8(%rsi,%rdx,1),%xmm4,%xmm0
 2dc:	cmp    %ebx,%r10d
 2df:	jle    35a <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x35a>
 2e1:	movslq 0x8(%r8,%rcx,1),%rbx
 2e6:	vmovsd 0x10(%rsi,%rdx,1),%xmm4
 2ec:	vfmadd231sd (%rax,%rbx,8),%xmm4,%xmm0
 2f2:	lea    0x3(%r9),%ebx
 2f6:	cmp    %ebx,%r10d
 2f9:	jle    35a <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x35a>
 2fb:	movslq 0xc(%r8,%rcx,1),%rbx
 300:	vmovsd 0x18(%rsi,%rdx,1),%xmm4
 306:	vfmadd231sd (%rax,%rbx,8),%xmm4,%xmm0
 30c:	lea    0x4(%r9),%ebx
 310:	cmp    %ebx,%r10d
 313:	jle    35a <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x35a>
 315:	movslq 0x10(%r8,%rcx,1),%rbx
 31a:	vmovsd 0x20(%rsi,%rdx,1),%xmm4
 320:	vfmadd231sd (%rax,%rbx,8),%xmm4,%xmm0
 326:	lea    0x5(%r9),%ebx
 32a:	cmp    %ebx,%r10d
 32d:	jle    35a <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x35a>
 32f:	movslq 0x14(%r8,%rcx,1),%rbx
 334:	add    $0x6,%r9d
 338:	vmovsd 0x28(%rsi,%rdx,1),%xmm4
 33e:	vfmadd231sd (%rax,%rbx,8),%xmm4,%xmm0
 344:	cmp    %r9d,%r10d
 347:	jle    35a <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x35a>
 349:	movslq 0x18(%r8,%rcx,1),%rcx
 34e:	vmovsd 0x30(%rsi,%rdx,1),%xmm4
 354:	vfmadd231sd (%rax,%rcx,8),%xmm4,%xmm0
 35a:	vmovq  %xmm7,%rsi
 35f:	vmovsd %xmm0,(%rsi,%rdi,8)
 364:	add    $0x1,%rdi
 368:	cmp    %rdi,0x28(%rsp)
 36d:	jne    70 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x70>
 373:	vzeroupper
 376:	lea    -0x28(%rbp),%rsp
 37a:	xor    %eax,%eax
 37c:	pop    %rbx
 37d:	pop    %r12
 37f:	pop    %r13
 381:	pop    %r14
 383:	pop    %r15
 385:	pop    %rbp
 386:	ret
 387:	nopw   0x0(%rax,%rax,1)
 390:	vxorpd %xmm0,%xmm0,%xmm0
 394:	jmp    35a <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x35a>
 396:	vxorpd %xmm4,%xmm4,%xmm4
 39a:	xor    %ecx,%ecx
 39c:	xor    %r9d,%r9d
 39f:	vxorpd %xmm0,%xmm0,%xmm0
 3a3:	jmp    1f5 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x1f5>
 3a8:	lea    0x0(%rip),%rcx        # 3af <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x3af>
 3af:	mov    $0x31,%edx
 3b4:	lea    0x0(%rip),%rsi        # 3bb <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x3bb>
 3bb:	lea    0x0(%rip),%rdi        # 3c2 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x3c2>
 3c2:	call   3c7 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x3c7>
 3c7:	lea    0x0(%rip),%rcx        # 3ce <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x3ce>
 3ce:	mov    $0x32,%edx
 3d3:	lea    0x0(%rip),%rsi        # 3da <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x3da>
 3da:	lea    0x0(%rip),%rdi        # 3e1 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x3e1>
 3e1:	call   3e6 <.LC4+0x37e>
