
/tmp/hpcge/b_Z_native/src/ComputeSPMV_ref.o:     file format elf64-x86-64


Disassembly of section .text:

0000000000000000 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_>:
   0:	push   %r12
   2:	push   %rbp
   3:	push   %rbx
   4:	mov    0x24(%rdi),%eax
   7:	cmp    %eax,(%rsi)
   9:	jl     1e9 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x1e9>
   f:	movslq 0x20(%rdi),%r10
  13:	cmp    %r10d,(%rdx)
  16:	jl     208 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x208>
  1c:	mov    0x8(%rsi),%rsi
  20:	mov    0x8(%rdx),%r11
  24:	test   %r10d,%r10d
  27:	jle    1c5 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x1c5>
  2d:	mov    0x48(%rdi),%r12
  31:	mov    0x40(%rdi),%rbp
  35:	mov    0x30(%rdi),%rbx
  39:	xor    %edi,%edi
  3b:	nopl   0x0(%rax,%rax,1)
  40:	movsbl (%rbx,%rdi,1),%r8d
  45:	mov    (%r12,%rdi,8),%rdx
  49:	mov    0x0(%rbp,%rdi,8),%rcx
  4e:	test   %r8d,%r8d
  51:	jle    1d0 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x1d0>
  57:	mov    %r8d,%r9d
  5a:	xor    %eax,%eax
  5c:	vxorpd %xmm0,%xmm0,%xmm0
  60:	and    $0x7,%r9d
  64:	je     11f <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x11f>
  6a:	cmp    $0x1,%r9d
  6e:	je     103 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x103>
  74:	cmp    $0x2,%r9d
  78:	je     f0 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0xf0>
  7a:	cmp    $0x3,%r9d
  7e:	je     dd <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0xdd>
  80:	cmp    $0x4,%r9d
  84:	je     ca <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0xca>
  86:	cmp    $0x5,%r9d
  8a:	je     b7 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0xb7>
  8c:	cmp    $0x6,%r9d
  90:	je     a4 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0xa4>
  92:	movslq (%rcx),%rax
  95:	vmovsd (%rdx),%xmm7
  99:	vfmadd231sd (%rsi,%rax,8),%xmm7,%xmm0
  9f:	mov    $0x1,%eax
  a4:	movslq (%rcx,%rax,4),%r9
  a8:	vmovsd (%rdx,%rax,8),%xmm1
  ad:	add    $0x1,%rax
  b1:	vfmadd231sd (%rsi,%r9,8),%xmm1,%xmm0
  b7:	movslq (%rcx,%rax,4),%r9
  bb:	vmovsd (%rdx,%rax,8),%xmm6
  c0:	add    $0x1,%rax
  c4:	vfmadd231sd (%rsi,%r9,8),%xmm6,%xmm0
  ca:	movslq (%rcx,%rax,4),%r9
  ce:	vmovsd (%rdx,%rax,8),%xmm5
  d3:	add    $0x1,%rax
  d7:	vfmadd231sd (%rsi,%r9,8),%xmm5,%xmm0
  dd:	movslq (%rcx,%rax,4),%r9
  e1:	vmovsd (%rdx,%rax,8),%xmm4
  e6:	add    $0x1,%rax
  ea:	vfmadd231sd (%rsi,%r9,8),%xmm4,%xmm0
  f0:	movslq (%rcx,%rax,4),%r9
  f4:	vmovsd (%rdx,%rax,8),%xmm3
  f9:	add    $0x1,%rax
  fd:	vfmadd231sd (%rsi,%r9,8),%xmm3,%xmm0
 103:	movslq (%rcx,%rax,4),%r9
 107:	vmovsd (%rdx,%rax,8),%xmm2
 10c:	add    $0x1,%rax
 110:	vfmadd231sd (%rsi,%r9,8),%xmm2,%xmm0
 116:	cmp    %eax,%r8d
 119:	jle    1b2 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x1b2>
 11f:	movslq (%rcx,%rax,4),%r9
 123:	vmovsd (%rdx,%rax,8),%xmm8
 128:	vmovsd 0x8(%rdx,%rax,8),%xmm9
 12e:	vmovsd 0x10(%rdx,%rax,8),%xmm10
 134:	vfmadd231sd (%rsi,%r9,8),%xmm8,%xmm0
 13a:	movslq 0x4(%rcx,%rax,4),%r9
 13f:	vmovsd 0x18(%rdx,%rax,8),%xmm11
 145:	vmovsd 0x20(%rdx,%rax,8),%xmm12
 14b:	vfmadd231sd (%rsi,%r9,8),%xmm9,%xmm0
 151:	movslq 0x8(%rcx,%rax,4),%r9
 156:	vmovsd 0x28(%rdx,%rax,8),%xmm13
 15c:	vmovsd 0x30(%rdx,%rax,8),%xmm14
 162:	vfmadd231sd (%rsi,%r9,8),%xmm10,%xmm0
 168:	movslq 0xc(%rcx,%rax,4),%r9
 16d:	vmovsd 0x38(%rdx,%rax,8),%xmm15
 173:	vfmadd231sd (%rsi,%r9,8),%xmm11,%xmm0
 179:	movslq 0x10(%rcx,%rax,4),%r9
 17e:	vfmadd231sd (%rsi,%r9,8),%xmm12,%xmm0
 184:	movslq 0x14(%rcx,%rax,4),%r9
 189:	vfmadd231sd (%rsi,%r9,8),%xmm13,%xmm0
 18f:	movslq 0x18(%rcx,%rax,4),%r9
 194:	vfmadd231sd (%rsi,%r9,8),%xmm14,%xmm0
 19a:	movslq 0x1c(%rcx,%rax,4),%r9
 19f:	add    $0x8,%rax
 1a3:	vfmadd231sd (%rsi,%r9,8),%xmm15,%xmm0
 1a9:	cmp    %eax,%r8d
 1ac:	jg     11f <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x11f>
 1b2:	vmovsd %xmm0,(%r11,%rdi,8)
 1b8:	add    $0x1,%rdi
 1bc:	cmp    %r10,%rdi
 1bf:	jne    40 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x40>
 1c5:	pop    %rbx
 1c6:	xor    %eax,%eax
 1c8:	pop    %rbp
 1c9:	pop    %r12
 1cb:	ret
 1cc:	nopl   0x0(%rax)
 1d0:	vxorpd %xmm0,%xmm0,%xmm0
 1d4:	vmovsd %xmm0,(%r11,%rdi,8)
 1da:	add    $0x1,%rdi
 1de:	cmp    %r10,%rdi
 1e1:	jne    40 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x40>
 1e7:	jmp    1c5 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x1c5>
 1e9:	lea    0x0(%rip),%rcx        # 1f0 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x1f0>
 1f0:	mov    $0x31,%edx
 1f5:	lea    0x0(%rip),%rsi        # 1fc <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x1fc>
 1fc:	lea    0x0(%rip),%rdi        # 203 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x203>
 203:	call   208 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x208>
 208:	lea    0x0(%rip),%rcx        # 20f <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x20f>
 20f:	mov    $0x32,%edx
 214:	lea    0x0(%rip),%rsi        # 21b <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x21b>
 21b:	lea    0x0(%rip),%rdi        # 222 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x222>
 222:	call   227 <.LC4+0x1bf>
