
/tmp/hpcgc/b_Z_native/src/ComputeSPMV_ref.o:     file format elf64-x86-64


Disassembly of section .text:

0000000000000000 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_>:
   0:	push   %r12
   2:	push   %rbp
   3:	push   %rbx
   4:	mov    0x24(%rdi),%eax
   7:	cmp    %eax,(%rsi)
   9:	jl     228 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x228>
   f:	movslq 0x20(%rdi),%r10
  13:	cmp    %r10d,(%rdx)
  16:	jl     247 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x247>
  1c:	mov    0x8(%rsi),%rsi
  20:	mov    0x8(%rdx),%r11
  24:	test   %r10d,%r10d
  27:	jle    204 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x204>
  2d:	mov    0x48(%rdi),%r12
  31:	mov    0x40(%rdi),%rbp
  35:	mov    0x30(%rdi),%rbx
  39:	xor    %edi,%edi
  3b:	nopl   0x0(%rax,%rax,1)
  40:	movsbl (%rbx,%rdi,1),%r8d
  45:	mov    (%r12,%rdi,8),%rdx
  49:	mov    0x0(%rbp,%rdi,8),%rcx
  4e:	test   %r8d,%r8d
  51:	jle    210 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x210>
  57:	mov    %r8d,%r9d
  5a:	xor    %eax,%eax
  5c:	vxorpd %xmm0,%xmm0,%xmm0
  60:	and    $0x7,%r9d
  64:	je     13c <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x13c>
  6a:	cmp    $0x1,%r9d
  6e:	je     11c <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x11c>
  74:	cmp    $0x2,%r9d
  78:	je     105 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x105>
  7e:	cmp    $0x3,%r9d
  82:	je     ee <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0xee>
  84:	cmp    $0x4,%r9d
  88:	je     d7 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0xd7>
  8a:	cmp    $0x5,%r9d
  8e:	je     c1 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0xc1>
  90:	cmp    $0x6,%r9d
  94:	je     ab <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0xab>
  96:	movslq (%rcx),%rax
  99:	vmovsd (%rsi,%rax,8),%xmm1
  9e:	mov    $0x1,%eax
  a3:	vmulsd (%rdx),%xmm1,%xmm2
  a7:	vaddsd %xmm2,%xmm0,%xmm0
  ab:	movslq (%rcx,%rax,4),%r9
  af:	vmovsd (%rsi,%r9,8),%xmm3
  b5:	vmulsd (%rdx,%rax,8),%xmm3,%xmm4
  ba:	inc    %rax
  bd:	vaddsd %xmm4,%xmm0,%xmm0
  c1:	movslq (%rcx,%rax,4),%r9
  c5:	vmovsd (%rsi,%r9,8),%xmm5
  cb:	vmulsd (%rdx,%rax,8),%xmm5,%xmm6
  d0:	inc    %rax
  d3:	vaddsd %xmm6,%xmm0,%xmm0
  d7:	movslq (%rcx,%rax,4),%r9
  db:	vmovsd (%rsi,%r9,8),%xmm7
  e1:	vmulsd (%rdx,%rax,8),%xmm7,%xmm8
  e6:	inc    %rax
  e9:	vaddsd %xmm8,%xmm0,%xmm0
  ee:	movslq (%rcx,%rax,4),%r9
  f2:	vmovsd (%rsi,%r9,8),%xmm9
  f8:	vmulsd (%rdx,%rax,8),%xmm9,%xmm10
  fd:	inc    %rax
 100:	vaddsd %xmm10,%xmm0,%xmm0
 105:	movslq (%rcx,%rax,4),%r9
 109:	vmovsd (%rsi,%r9,8),%xmm11
 10f:	vmulsd (%rdx,%rax,8),%xmm11,%xmm12
 114:	inc    %rax
 117:	vaddsd %xmm12,%xmm0,%xmm0
 11c:	movslq (%rcx,%rax,4),%r9
 120:	vmovsd (%rsi,%r9,8),%xmm13
 126:	vmulsd (%rdx,%rax,8),%xmm13,%xmm14
 12b:	inc    %rax
 12e:	vaddsd %xmm14,%xmm0,%xmm0
 133:	cmp    %eax,%r8d
 136:	jle    1f2 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x1f2>
 13c:	movslq (%rcx,%rax,4),%r9
 140:	vmovsd (%rsi,%r9,8),%xmm15
 146:	movslq 0x4(%rcx,%rax,4),%r9
 14b:	vmulsd (%rdx,%rax,8),%xmm15,%xmm1
 150:	vmovsd (%rsi,%r9,8),%xmm3
 156:	movslq 0x8(%rcx,%rax,4),%r9
 15b:	vmulsd 0x8(%rdx,%rax,8),%xmm3,%xmm4
 161:	vmovsd (%rsi,%r9,8),%xmm6
 167:	movslq 0xc(%rcx,%rax,4),%r9
 16c:	vmulsd 0x10(%rdx,%rax,8),%xmm6,%xmm7
 172:	vaddsd %xmm1,%xmm0,%xmm2
 176:	vmovsd (%rsi,%r9,8),%xmm9
 17c:	movslq 0x10(%rcx,%rax,4),%r9
 181:	vmulsd 0x18(%rdx,%rax,8),%xmm9,%xmm10
 187:	vaddsd %xmm4,%xmm2,%xmm5
 18b:	vmovsd (%rsi,%r9,8),%xmm12
 191:	movslq 0x14(%rcx,%rax,4),%r9
 196:	vmulsd 0x20(%rdx,%rax,8),%xmm12,%xmm13
 19c:	vaddsd %xmm7,%xmm5,%xmm8
 1a0:	vmovsd (%rsi,%r9,8),%xmm0
 1a6:	movslq 0x18(%rcx,%rax,4),%r9
 1ab:	vmulsd 0x28(%rdx,%rax,8),%xmm0,%xmm15
 1b1:	vaddsd %xmm10,%xmm8,%xmm11
 1b6:	vmovsd (%rsi,%r9,8),%xmm1
 1bc:	movslq 0x1c(%rcx,%rax,4),%r9
 1c1:	vmulsd 0x30(%rdx,%rax,8),%xmm1,%xmm3
 1c7:	vaddsd %xmm13,%xmm11,%xmm14
 1cc:	vmovsd (%rsi,%r9,8),%xmm5
 1d2:	vmulsd 0x38(%rdx,%rax,8),%xmm5,%xmm6
 1d8:	add    $0x8,%rax
 1dc:	vaddsd %xmm15,%xmm14,%xmm2
 1e1:	vaddsd %xmm3,%xmm2,%xmm4
 1e5:	vaddsd %xmm6,%xmm4,%xmm0
 1e9:	cmp    %eax,%r8d
 1ec:	jg     13c <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x13c>
 1f2:	vmovsd %xmm0,(%r11,%rdi,8)
 1f8:	inc    %rdi
 1fb:	cmp    %r10,%rdi
 1fe:	jne    40 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x40>
 204:	pop    %rbx
 205:	xor    %eax,%eax
 207:	pop    %rbp
 208:	pop    %r12
 20a:	ret
 20b:	nopl   0x0(%rax,%rax,1)
 210:	vxorpd %xmm0,%xmm0,%xmm0
 214:	vmovsd %xmm0,(%r11,%rdi,8)
 21a:	inc    %rdi
 21d:	cmp    %r10,%rdi
 220:	jne    40 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x40>
 226:	jmp    204 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x204>
 228:	lea    0x0(%rip),%rcx        # 22f <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x22f>
 22f:	mov    $0x31,%edx
 234:	lea    0x0(%rip),%rsi        # 23b <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x23b>
 23b:	lea    0x0(%rip),%rdi        # 242 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x242>
 242:	call   247 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x247>
 247:	lea    0x0(%rip),%rcx        # 24e <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x24e>
 24e:	mov    $0x32,%edx
 253:	lea    0x0(%rip),%rsi        # 25a <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x25a>
 25a:	lea    0x0(%rip),%rdi        # 261 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x261>
 261:	call   266 <.LC4+0x1fe>
