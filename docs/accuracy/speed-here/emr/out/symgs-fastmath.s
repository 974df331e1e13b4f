
/tmp/hpcge/b_Z_fastmath/src/ComputeSYMGS_ref.o:     file format elf64-x86-64


Disassembly of section .text:

0000000000000000 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_>:
   0:	push   %r15
   2:	push   %r14
   4:	push   %r13
   6:	push   %r12
   8:	push   %rbp
   9:	push   %rbx
   a:	sub    $0x28,%rsp
   e:	mov    0x24(%rdi),%eax
  11:	cmp    %eax,(%rdx)
  13:	jne    2fb <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2fb>
  19:	mov    0x20(%rdi),%ecx
  1c:	mov    0x50(%rdi),%r8
  20:	mov    0x8(%rsi),%r9
  24:	mov    0x8(%rdx),%rax
  28:	test   %ecx,%ecx
  2a:	jle    2dc <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2dc>
  30:	mov    0x48(%rdi),%r14
  34:	movslq %ecx,%rbx
  37:	mov    0x40(%rdi),%r10
  3b:	mov    %ecx,0x1c(%rsp)
  3f:	mov    %rbx,0x10(%rsp)
  44:	mov    0x30(%rdi),%r11
  48:	xor    %edi,%edi
  4a:	mov    %r14,0x8(%rsp)
  4f:	nop
  50:	mov    0x8(%rsp),%rbx
  55:	mov    (%r8,%rdi,8),%rdx
  59:	mov    (%r10,%rdi,8),%r13
  5d:	movsd  (%r9,%rdi,8),%xmm1
  63:	mov    (%rbx,%rdi,8),%rsi
  67:	movsbl (%r11,%rdi,1),%ebx
  6c:	movsd  (%rdx),%xmm3
  70:	mov    %ebx,%ebp
  72:	test   %ebx,%ebx
  74:	jle    16a <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x16a>
  7a:	lea    -0x1(%rbx),%edx
  7d:	cmp    $0x2,%edx
  80:	jbe    2f4 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2f4>
  86:	mov    %ebx,%r12d
  89:	xor    %edx,%edx
  8b:	pxor   %xmm2,%xmm2
  8f:	shr    $0x2,%r12d
  93:	shl    $0x4,%r12
  97:	nopw   0x0(%rax,%rax,1)
  a0:	lea    0x0(%r13,%rdx,1),%rcx
  a5:	movupd (%rsi,%rdx,2),%xmm7
  aa:	movslq (%rcx),%r15
  ad:	movslq 0x4(%rcx),%r14
  b1:	movsd  (%rax,%r15,8),%xmm0
  b7:	movhpd (%rax,%r14,8),%xmm0
  bd:	movslq 0x8(%rcx),%r14
  c1:	movslq 0xc(%rcx),%rcx
  c5:	mulpd  %xmm7,%xmm0
  c9:	movupd 0x10(%rsi,%rdx,2),%xmm7
  cf:	add    $0x10,%rdx
  d3:	movsd  (%rax,%r14,8),%xmm4
  d9:	movapd %xmm4,%xmm5
  dd:	movhpd (%rax,%rcx,8),%xmm5
  e2:	mulpd  %xmm7,%xmm5
  e6:	addpd  %xmm5,%xmm0
  ea:	subpd  %xmm0,%xmm2
  ee:	cmp    %rdx,%r12
  f1:	jne    a0 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0xa0>
  f3:	movapd %xmm2,%xmm0
  f7:	and    $0x3,%ebp
  fa:	unpckhpd %xmm2,%xmm0
  fe:	addpd  %xmm2,%xmm0
 102:	addsd  %xmm0,%xmm1
 106:	je     16a <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x16a>
 108:	mov    %ebx,%edx
 10a:	and    $0xfffffffc,%edx
 10d:	movslq %edx,%rcx
 110:	movslq 0x0(%r13,%rcx,4),%r15
 115:	lea    0x0(,%rcx,4),%r12
 11d:	lea    0x0(,%rcx,8),%rbp
 125:	movsd  (%rax,%r15,8),%xmm0
 12b:	mulsd  (%rsi,%rcx,8),%xmm0
 130:	lea    0x1(%rdx),%ecx
 133:	subsd  %xmm0,%xmm1
 137:	cmp    %ecx,%ebx
 139:	jle    16a <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x16a>
 13b:	movslq 0x4(%r13,%r12,1),%rcx
 140:	add    $0x2,%edx
 143:	movsd  (%rax,%rcx,8),%xmm0
 148:	mulsd  0x8(%rsi,%rbp,1),%xmm0
 14e:	subsd  %xmm0,%xmm1
 152:	cmp    %edx,%ebx
 154:	jle    16a <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x16a>
 156:	movslq 0x8(%r13,%r12,1),%rdx
 15b:	movsd  (%rax,%rdx,8),%xmm0
 160:	mulsd  0x10(%rsi,%rbp,1),%xmm0
 166:	subsd  %xmm0,%xmm1
 16a:	movsd  (%rax,%rdi,8),%xmm0
 16f:	mulsd  %xmm3,%xmm0
 173:	addsd  %xmm1,%xmm0
 177:	divsd  %xmm3,%xmm0
 17b:	movsd  %xmm0,(%rax,%rdi,8)
 180:	add    $0x1,%rdi
 184:	cmp    %rdi,0x10(%rsp)
 189:	jne    50 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x50>
 18f:	mov    0x1c(%rsp),%ecx
 193:	sub    $0x1,%ecx
 196:	movslq %ecx,%rdi
 199:	nopl   0x0(%rax)
 1a0:	mov    0x8(%rsp),%rbx
 1a5:	mov    (%r8,%rdi,8),%rdx
 1a9:	mov    (%r10,%rdi,8),%r13
 1ad:	movsd  (%r9,%rdi,8),%xmm1
 1b3:	mov    (%rbx,%rdi,8),%rsi
 1b7:	movsbl (%r11,%rdi,1),%ebx
 1bc:	movsd  (%rdx),%xmm3
 1c0:	mov    %ebx,%ebp
 1c2:	test   %ebx,%ebx
 1c4:	jle    2ba <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2ba>
 1ca:	lea    -0x1(%rbx),%edx
 1cd:	cmp    $0x2,%edx
 1d0:	jbe    2ed <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2ed>
 1d6:	mov    %ebx,%r12d
 1d9:	xor    %edx,%edx
 1db:	pxor   %xmm2,%xmm2
 1df:	shr    $0x2,%r12d
 1e3:	shl    $0x4,%r12
 1e7:	nopw   0x0(%rax,%rax,1)
 1f0:	lea    0x0(%r13,%rdx,1),%rcx
 1f5:	movupd 0x10(%rsi,%rdx,2),%xmm4
 1fb:	movupd (%rsi,%rdx,2),%xmm7
 200:	add    $0x10,%rdx
 204:	movslq 0x8(%rcx),%r15
 208:	movslq 0xc(%rcx),%r14
 20c:	movsd  (%rax,%r15,8),%xmm0
 212:	movhpd (%rax,%r14,8),%xmm0
 218:	movslq (%rcx),%r14
 21b:	movslq 0x4(%rcx),%rcx
 21f:	mulpd  %xmm4,%xmm0
 223:	movsd  (%rax,%r14,8),%xmm4
 229:	movapd %xmm4,%xmm6
 22d:	movhpd (%rax,%rcx,8),%xmm6
 232:	mulpd  %xmm6,%xmm7
 236:	addpd  %xmm7,%xmm0
 23a:	subpd  %xmm0,%xmm2
 23e:	cmp    %rdx,%r12
 241:	jne    1f0 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x1f0>
 243:	movapd %xmm2,%xmm0
 247:	and    $0x3,%ebp
 24a:	unpckhpd %xmm2,%xmm0
 24e:	addpd  %xmm2,%xmm0
 252:	addsd  %xmm0,%xmm1
 256:	je     2ba <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2ba>
 258:	mov    %ebx,%edx
 25a:	and    $0xfffffffc,%edx
 25d:	movslq %edx,%rcx
 260:	movslq 0x0(%r13,%rcx,4),%r15
 265:	lea    0x0(,%rcx,4),%r12
 26d:	lea    0x0(,%rcx,8),%rbp
 275:	movsd  (%rax,%r15,8),%xmm0
 27b:	mulsd  (%rsi,%rcx,8),%xmm0
 280:	lea    0x1(%rdx),%ecx
 283:	subsd  %xmm0,%xmm1
 287:	cmp    %ecx,%ebx
 289:	jle    2ba <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2ba>
 28b:	movslq 0x4(%r13,%r12,1),%rcx
 290:	add    $0x2,%edx
 293:	movsd  (%rax,%rcx,8),%xmm0
 298:	mulsd  0x8(%rsi,%rbp,1),%xmm0
 29e:	subsd  %xmm0,%xmm1
 2a2:	cmp    %edx,%ebx
 2a4:	jle    2ba <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x2ba>
 2a6:	movslq 0x8(%r13,%r12,1),%rdx
 2ab:	movsd  (%rax,%rdx,8),%xmm0
 2b0:	mulsd  0x10(%rsi,%rbp,1),%xmm0
 2b6:	subsd  %xmm0,%xmm1
 2ba:	movsd  (%rax,%rdi,8),%xmm0
 2bf:	mulsd  %xmm3,%xmm0
 2c3:	addsd  %xmm1,%xmm0
 2c7:	divsd  %xmm3,%xmm0
 2cb:	movsd  %xmm0,(%rax,%rdi,8)
 2d0:	sub    $0x1,%rdi
 2d4:	test   %edi,%edi
 2d6:	jns    1a0 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x1a0>
 2dc:	add    $0x28,%rsp
 2e0:	xor    %eax,%eax
 2e2:	pop    %rbx
 2e3:	pop    %rbp
 2e4:	pop    %r12
 2e6:	pop    %r13
 2e8:	pop    %r14
 2ea:	pop    %r15
 2ec:	ret
 2ed:	xor    %edx,%edx
 2ef:	jmp    25d <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x25d>
 2f4:	xor    %edx,%edx
 2f6:	jmp    10d <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x10d>
 2fb:	lea    0x0(%rip),%rcx        # 302 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x302>
 302:	mov    $0x38,%edx
 307:	lea    0x0(%rip),%rsi        # 30e <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x30e>
 30e:	lea    0x0(%rip),%rdi        # 315 <_Z16ComputeSYMGS_refRK19SparseMatrix_STRUCTRK13Vector_STRUCTRS2_+0x315>
 315:	call   31a <.LC2+0x2d2>
