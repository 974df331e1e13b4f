
/tmp/hpcge/b_Z_fastmath/src/ComputeSPMV_ref.o:     file format elf64-x86-64


Disassembly of section .text:

0000000000000000 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_>:
   0:	push   %r15
   2:	push   %r14
   4:	push   %r13
   6:	push   %r12
   8:	push   %rbp
   9:	push   %rbx
   a:	sub    $0x18,%rsp
   e:	mov    0x24(%rdi),%eax
  11:	cmp    %eax,(%rsi)
  13:	jl     191 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x191>
  19:	mov    0x20(%rdi),%eax
  1c:	cmp    %eax,(%rdx)
  1e:	jl     1b0 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x1b0>
  24:	mov    0x8(%rsi),%rcx
  28:	mov    0x8(%rdx),%rbx
  2c:	test   %eax,%eax
  2e:	jle    168 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x168>
  34:	mov    0x48(%rdi),%r13
  38:	mov    0x40(%rdi),%r12
  3c:	movslq %eax,%r14
  3f:	mov    0x30(%rdi),%rbp
  43:	xor    %edi,%edi
  45:	mov    %r13,0x8(%rsp)
  4a:	nopw   0x0(%rax,%rax,1)
  50:	mov    0x8(%rsp),%rax
  55:	movsbl 0x0(%rbp,%rdi,1),%r8d
  5b:	mov    (%r12,%rdi,8),%r11
  5f:	mov    (%rax,%rdi,8),%rsi
  63:	mov    %r8d,%r9d
  66:	test   %r8d,%r8d
  69:	jle    180 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x180>
  6f:	lea    -0x1(%r8),%eax
  73:	cmp    $0x2,%eax
  76:	jbe    186 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x186>
  7c:	mov    %r8d,%r10d
  7f:	xor    %eax,%eax
  81:	pxor   %xmm2,%xmm2
  85:	shr    $0x2,%r10d
  89:	shl    $0x4,%r10
  8d:	nopl   (%rax)
  90:	lea    (%r11,%rax,1),%rdx
  94:	movupd (%rsi,%rax,2),%xmm3
  99:	movupd 0x10(%rsi,%rax,2),%xmm4
  9f:	add    $0x10,%rax
  a3:	movslq (%rdx),%r15
  a6:	movslq 0x4(%rdx),%r13
  aa:	movsd  (%rcx,%r15,8),%xmm0
  b0:	movhpd (%rcx,%r13,8),%xmm0
  b6:	movslq 0x8(%rdx),%r13
  ba:	movslq 0xc(%rdx),%rdx
  be:	mulpd  %xmm3,%xmm0
  c2:	movsd  (%rcx,%r13,8),%xmm1
  c8:	movhpd (%rcx,%rdx,8),%xmm1
  cd:	mulpd  %xmm4,%xmm1
  d1:	addpd  %xmm1,%xmm0
  d5:	addpd  %xmm0,%xmm2
  d9:	cmp    %rax,%r10
  dc:	jne    90 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x90>
  de:	movapd %xmm2,%xmm0
  e2:	and    $0x3,%r9d
  e6:	unpckhpd %xmm2,%xmm0
  ea:	addpd  %xmm2,%xmm0
  ee:	je     156 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x156>
  f0:	mov    %r8d,%eax
  f3:	and    $0xfffffffc,%eax
  f6:	movslq %eax,%rdx
  f9:	movslq (%r11,%rdx,4),%r15
  fd:	lea    0x0(,%rdx,8),%r9
 105:	lea    0x0(,%rdx,4),%r10
 10d:	movsd  (%rcx,%r15,8),%xmm1
 113:	mulsd  (%rsi,%rdx,8),%xmm1
 118:	lea    0x1(%rax),%edx
 11b:	addsd  %xmm1,%xmm0
 11f:	cmp    %edx,%r8d
 122:	jle    156 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x156>
 124:	movslq 0x4(%r11,%r10,1),%rdx
 129:	add    $0x2,%eax
 12c:	movsd  (%rcx,%rdx,8),%xmm1
 131:	mulsd  0x8(%rsi,%r9,1),%xmm1
 138:	addsd  %xmm1,%xmm0
 13c:	cmp    %eax,%r8d
 13f:	jle    156 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x156>
 141:	movslq 0x8(%r11,%r10,1),%rax
 146:	movsd  (%rcx,%rax,8),%xmm1
 14b:	mulsd  0x10(%rsi,%r9,1),%xmm1
 152:	addsd  %xmm1,%xmm0
 156:	movsd  %xmm0,(%rbx,%rdi,8)
 15b:	add    $0x1,%rdi
 15f:	cmp    %rdi,%r14
 162:	jne    50 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x50>
 168:	add    $0x18,%rsp
 16c:	xor    %eax,%eax
 16e:	pop    %rbx
 16f:	pop    %rbp
 170:	pop    %r12
 172:	pop    %r13
 174:	pop    %r14
 176:	pop    %r15
 178:	ret
 179:	nopl   0x0(%rax)
 180:	pxor   %xmm0,%xmm0
 184:	jmp    156 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x156>
 186:	xor    %eax,%eax
 188:	pxor   %xmm0,%xmm0
 18c:	jmp    f6 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0xf6>
 191:	lea    0x0(%rip),%rcx        # 198 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x198>
 198:	mov    $0x31,%edx
 19d:	lea    0x0(%rip),%rsi        # 1a4 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x1a4>
 1a4:	lea    0x0(%rip),%rdi        # 1ab <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x1ab>
 1ab:	call   1b0 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x1b0>
 1b0:	lea    0x0(%rip),%rcx        # 1b7 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x1b7>
 1b7:	mov    $0x32,%edx
 1bc:	lea    0x0(%rip),%rsi        # 1c3 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x1c3>
 1c3:	lea    0x0(%rip),%rdi        # 1ca <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x1ca>
 1ca:	call   1cf <.LC4+0x167>
