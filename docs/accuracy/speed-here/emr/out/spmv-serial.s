
/tmp/hpcge/b_Z_serial/src/ComputeSPMV_ref.o:     file format elf64-x86-64


Disassembly of section .text:

0000000000000000 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_>:
   0:	push   %r12
   2:	push   %rbp
   3:	push   %rbx
   4:	mov    0x24(%rdi),%eax
   7:	cmp    %eax,(%rsi)
   9:	jl     231 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x231>
   f:	movslq 0x20(%rdi),%r10
  13:	cmp    %r10d,(%rdx)
  16:	jl     250 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x250>
  1c:	mov    0x8(%rsi),%r8
  20:	mov    0x8(%rdx),%r11
  24:	test   %r10d,%r10d
  27:	jle    20d <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x20d>
  2d:	mov    0x48(%rdi),%r12
  31:	mov    0x40(%rdi),%rbp
  35:	mov    0x30(%rdi),%rbx
  39:	xor    %edi,%edi
  3b:	nopl   0x0(%rax,%rax,1)
  40:	movsbl (%rbx,%rdi,1),%r9d
  45:	mov    (%r12,%rdi,8),%rcx
  49:	mov    0x0(%rbp,%rdi,8),%rsi
  4e:	test   %r9d,%r9d
  51:	jle    218 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x218>
  57:	mov    %r9d,%edx
  5a:	xor    %eax,%eax
  5c:	pxor   %xmm1,%xmm1
  60:	and    $0x7,%edx
  63:	je     138 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x138>
  69:	cmp    $0x1,%edx
  6c:	je     118 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x118>
  72:	cmp    $0x2,%edx
  75:	je     101 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x101>
  7b:	cmp    $0x3,%edx
  7e:	je     ea <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0xea>
  80:	cmp    $0x4,%edx
  83:	je     d3 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0xd3>
  85:	cmp    $0x5,%edx
  88:	je     bc <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0xbc>
  8a:	cmp    $0x6,%edx
  8d:	je     a5 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0xa5>
  8f:	movslq (%rsi),%rax
  92:	movsd  (%r8,%rax,8),%xmm0
  98:	mulsd  (%rcx),%xmm0
  9c:	mov    $0x1,%eax
  a1:	addsd  %xmm0,%xmm1
  a5:	movslq (%rsi,%rax,4),%rdx
  a9:	movsd  (%r8,%rdx,8),%xmm2
  af:	mulsd  (%rcx,%rax,8),%xmm2
  b4:	add    $0x1,%rax
  b8:	addsd  %xmm2,%xmm1
  bc:	movslq (%rsi,%rax,4),%rdx
  c0:	movsd  (%r8,%rdx,8),%xmm3
  c6:	mulsd  (%rcx,%rax,8),%xmm3
  cb:	add    $0x1,%rax
  cf:	addsd  %xmm3,%xmm1
  d3:	movslq (%rsi,%rax,4),%rdx
  d7:	movsd  (%r8,%rdx,8),%xmm4
  dd:	mulsd  (%rcx,%rax,8),%xmm4
  e2:	add    $0x1,%rax
  e6:	addsd  %xmm4,%xmm1
  ea:	movslq (%rsi,%rax,4),%rdx
  ee:	movsd  (%r8,%rdx,8),%xmm5
  f4:	mulsd  (%rcx,%rax,8),%xmm5
  f9:	add    $0x1,%rax
  fd:	addsd  %xmm5,%xmm1
 101:	movslq (%rsi,%rax,4),%rdx
 105:	movsd  (%r8,%rdx,8),%xmm6
 10b:	mulsd  (%rcx,%rax,8),%xmm6
 110:	add    $0x1,%rax
 114:	addsd  %xmm6,%xmm1
 118:	movslq (%rsi,%rax,4),%rdx
 11c:	movsd  (%r8,%rdx,8),%xmm7
 122:	mulsd  (%rcx,%rax,8),%xmm7
 127:	add    $0x1,%rax
 12b:	addsd  %xmm7,%xmm1
 12f:	cmp    %eax,%r9d
 132:	jle    1fa <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x1fa>
 138:	movslq (%rsi,%rax,4),%rdx
 13c:	movsd  (%r8,%rdx,8),%xmm8
 142:	mulsd  (%rcx,%rax,8),%xmm8
 148:	movslq 0x4(%rsi,%rax,4),%rdx
 14d:	movsd  (%r8,%rdx,8),%xmm9
 153:	mulsd  0x8(%rcx,%rax,8),%xmm9
 15a:	movslq 0x8(%rsi,%rax,4),%rdx
 15f:	addsd  %xmm1,%xmm8
 164:	movsd  (%r8,%rdx,8),%xmm10
 16a:	mulsd  0x10(%rcx,%rax,8),%xmm10
 171:	movslq 0xc(%rsi,%rax,4),%rdx
 176:	addsd  %xmm9,%xmm8
 17b:	movsd  (%r8,%rdx,8),%xmm11
 181:	mulsd  0x18(%rcx,%rax,8),%xmm11
 188:	movslq 0x10(%rsi,%rax,4),%rdx
 18d:	addsd  %xmm10,%xmm8
 192:	movsd  (%r8,%rdx,8),%xmm12
 198:	mulsd  0x20(%rcx,%rax,8),%xmm12
 19f:	movslq 0x14(%rsi,%rax,4),%rdx
 1a4:	addsd  %xmm11,%xmm8
 1a9:	movsd  (%r8,%rdx,8),%xmm13
 1af:	mulsd  0x28(%rcx,%rax,8),%xmm13
 1b6:	movslq 0x18(%rsi,%rax,4),%rdx
 1bb:	addsd  %xmm12,%xmm8
 1c0:	movsd  (%r8,%rdx,8),%xmm14
 1c6:	mulsd  0x30(%rcx,%rax,8),%xmm14
 1cd:	movslq 0x1c(%rsi,%rax,4),%rdx
 1d2:	addsd  %xmm13,%xmm8
 1d7:	movsd  (%r8,%rdx,8),%xmm1
 1dd:	mulsd  0x38(%rcx,%rax,8),%xmm1
 1e3:	add    $0x8,%rax
 1e7:	addsd  %xmm14,%xmm8
 1ec:	addsd  %xmm8,%xmm1
 1f1:	cmp    %eax,%r9d
 1f4:	jg     138 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x138>
 1fa:	movsd  %xmm1,(%r11,%rdi,8)
 200:	add    $0x1,%rdi
 204:	cmp    %r10,%rdi
 207:	jne    40 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x40>
 20d:	pop    %rbx
 20e:	xor    %eax,%eax
 210:	pop    %rbp
 211:	pop    %r12
 213:	ret
 214:	nopl   0x0(%rax)
 218:	pxor   %xmm1,%xmm1
 21c:	movsd  %xmm1,(%r11,%rdi,8)
 222:	add    $0x1,%rdi
 226:	cmp    %r10,%rdi
 229:	jne    40 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x40>
 22f:	jmp    20d <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x20d>
 231:	lea    0x0(%rip),%rcx        # 238 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x238>
 238:	mov    $0x31,%edx
 23d:	lea    0x0(%rip),%rsi        # 244 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x244>
 244:	lea    0x0(%rip),%rdi        # 24b <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x24b>
 24b:	call   250 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x250>
 250:	lea    0x0(%rip),%rcx        # 257 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x257>
 257:	mov    $0x32,%edx
 25c:	lea    0x0(%rip),%rsi        # 263 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x263>
 263:	lea    0x0(%rip),%rdi        # 26a <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x26a>
 26a:	call   26f <.LC4+0x207>
