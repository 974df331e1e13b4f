
/tmp/hpcgc/b_Z_nativefm/src/ComputeSPMV_ref.o:     file format elf64-x86-64


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
  1a:	jl     476 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x476>
  20:	mov    0x20(%rdi),%r11d
  24:	cmp    %r11d,(%rdx)
  27:	jl     495 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x495>
  2d:	mov    0x8(%rsi),%rax
  31:	mov    0x8(%rdx),%r12
  35:	test   %r11d,%r11d
  38:	jle    453 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x453>
  3e:	vmovq  0x48(%rdi),%xmm6
  43:	movslq %r11d,%rbx
  46:	vmovq  0x40(%rdi),%xmm5
  4b:	xor    %r10d,%r10d
  4e:	mov    %rbx,0x38(%rsp)
  53:	vmovq  0x30(%rdi),%xmm4
  58:	kxnorb %k1,%k1,%k1
  5c:	vmovq  %r12,%xmm8
  61:	vmovq  %xmm6,%rbx
  66:	jmp    41b <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x41b>
  6b:	nopl   0x0(%rax,%rax,1)
  70:	lea    -0x1(%r9),%ecx
  74:	cmp    $0xe,%ecx
  77:	jbe    464 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x464>
  7d:	vmovdqu (%rdi),%ymm0
  81:	vmovdqu32 (%rdi),%zmm7
  87:	kmovb  %k1,%k2
  8b:	kmovb  %k1,%k3
  8f:	mov    %r9d,%ecx
  92:	shr    $0x4,%ecx
  95:	vgatherdpd (%rax,%ymm0,8),%zmm1{%k2}
  9c:	vshufi32x4 $0xee,%zmm7,%zmm7,%zmm0
  a3:	vgatherdpd (%rax,%ymm0,8),%zmm2{%k3}
  aa:	vmulpd 0x40(%rdx),%zmm2,%zmm0
  b1:	vfmadd132pd (%rdx),%zmm0,%zmm1
  b7:	cmp    $0x1,%ecx
  ba:	je     266 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x266>
  c0:	vmovdqu 0x40(%rdi),%ymm0
  c5:	vmovdqu32 0x40(%rdi),%zmm7
  cc:	kmovb  %k1,%k4
  d0:	kmovb  %k1,%k5
  d4:	vgatherdpd (%rax,%ymm0,8),%zmm2{%k4}
  db:	vshufi32x4 $0xee,%zmm7,%zmm7,%zmm0
  e2:	vgatherdpd (%rax,%ymm0,8),%zmm3{%k5}
  e9:	vmulpd 0xc0(%rdx),%zmm3,%zmm0
  f0:	vfmadd231pd 0x80(%rdx),%zmm2,%zmm0
  f7:	vaddpd %zmm0,%zmm1,%zmm1
  fd:	cmp    $0x2,%ecx
 100:	je     266 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x266>
 106:	vmovdqu 0x80(%rdi),%ymm0
 10e:	vmovdqu32 0x80(%rdi),%zmm6
 115:	kmovb  %k1,%k6
 119:	kmovb  %k1,%k7
 11d:	vgatherdpd (%rax,%ymm0,8),%zmm2{%k6}
 124:	vshufi32x4 $0xee,%zmm6,%zmm6,%zmm0
 12b:	vgatherdpd (%rax,%ymm0,8),%zmm3{%k7}
 132:	vmulpd 0x140(%rdx),%zmm3,%zmm0
 139:	vfmadd231pd 0x100(%rdx),%zmm2,%zmm0
 140:	vaddpd %zmm0,%zmm1,%zmm1
 146:	cmp    $0x3,%ecx
 149:	je     266 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x266>
 14f:	vmovdqu 0xc0(%rdi),%ymm0
 157:	vmovdqu32 0xc0(%rdi),%zmm6
 15e:	kmovb  %k1,%k6
 162:	kmovb  %k1,%k7
 166:	vgatherdpd (%rax,%ymm0,8),%zmm2{%k6}
 16d:	vshufi32x4 $0xee,%zmm6,%zmm6,%zmm0
 174:	vgatherdpd (%rax,%ymm0,8),%zmm3{%k7}
 17b:	vmulpd 0x1c0(%rdx),%zmm3,%zmm0
 182:	vfmadd231pd 0x180(%rdx),%zmm2,%zmm0
 189:	vaddpd %zmm0,%zmm1,%zmm1
 18f:	cmp    $0x4,%ecx
 192:	je     266 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x266>
 198:	vmovdqu 0x100(%rdi),%ymm0
 1a0:	vmovdqu32 0x100(%rdi),%zmm7
 1a7:	kmovb  %k1,%k4
 1ab:	kmovb  %k1,%k5
 1af:	vgatherdpd (%rax,%ymm0,8),%zmm2{%k4}
 1b6:	vshufi32x4 $0xee,%zmm7,%zmm7,%zmm0
 1bd:	vgatherdpd (%rax,%ymm0,8),%zmm3{%k5}
 1c4:	vmulpd 0x240(%rdx),%zmm3,%zmm0
 1cb:	vfmadd231pd 0x200(%rdx),%zmm2,%zmm0
 1d2:	vaddpd %zmm0,%zmm1,%zmm1
 1d8:	cmp    $0x5,%ecx
 1db:	je     266 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x266>
 1e1:	vmovdqu 0x140(%rdi),%ymm0
 1e9:	vmovdqu32 0x140(%rdi),%zmm6
 1f0:	kmovb  %k1,%k2
 1f4:	kmovb  %k1,%k3
 1f8:	vgatherdpd (%rax,%ymm0,8),%zmm2{%k2}
 1ff:	vshufi32x4 $0xee,%zmm6,%zmm6,%zmm0
 206:	vgatherdpd (%rax,%ymm0,8),%zmm3{%k3}
 20d:	vmulpd 0x2c0(%rdx),%zmm3,%zmm0
 214:	vfmadd231pd 0x280(%rdx),%zmm2,%zmm0
 21b:	vaddpd %zmm0,%zmm1,%zmm1
 221:	cmp    $0x7,%ecx
 224:	jne    266 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x266>
 226:	vmovdqu 0x180(%rdi),%ymm0
 22e:	vmovdqu32 0x180(%rdi),%zmm7
 235:	kmovb  %k1,%k6
 239:	kmovb  %k1,%k7
 23d:	vgatherdpd (%rax,%ymm0,8),%zmm2{%k6}
 244:	vshufi32x4 $0xee,%zmm7,%zmm7,%zmm0
 24b:	vgatherdpd (%rax,%ymm0,8),%zmm3{%k7}
 252:	vmulpd 0x340(%rdx),%zmm3,%zmm0
 259:	vfmadd231pd 0x300(%rdx),%zmm2,%zmm0
 260:	vaddpd %zmm0,%zmm1,%zmm1
 266:	vextractf64x4 $0x1,%zmm1,%ymm3
 26d:	mov    %r9d,%esi
 270:	vaddpd %ymm1,%ymm3,%ymm0
 274:	and    $0xfffffff0,%esi
 277:	and    $0xf,%r11d
 27b:	vaddpd %ymm3,%ymm1,%ymm1
 27f:	mov    %esi,%r8d
 282:	vextractf64x2 $0x1,%ymm0,%xmm2
 289:	vaddpd %xmm0,%xmm2,%xmm2
 28d:	vunpckhpd %xmm2,%xmm2,%xmm0
 291:	vaddpd %xmm2,%xmm0,%xmm0
 295:	je     406 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x406>
 29b:	mov    %r9d,%r11d
 29e:	sub    %esi,%r11d
 2a1:	lea    -0x1(%r11),%ecx
 2a5:	cmp    $0x6,%ecx
 2a8:	jbe    342 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x342>
 2ae:	lea    (%rdi,%rsi,4),%rcx
 2b2:	movslq 0x8(%rcx),%r12
 2b6:	movslq (%rcx),%r14
 2b9:	movslq 0xc(%rcx),%r15
 2bd:	movslq 0x4(%rcx),%r13
 2c1:	vmovsd (%rax,%r12,8),%xmm2
 2c7:	vmovsd (%rax,%r14,8),%xmm0
 2cd:	movslq 0x10(%rcx),%r14
 2d1:	vmovhpd (%rax,%r15,8),%xmm2,%xmm2
 2d7:	movslq 0x18(%rcx),%r15
 2db:	vmovhpd (%rax,%r13,8),%xmm0,%xmm0
 2e1:	movslq 0x14(%rcx),%r13
 2e5:	vinsertf128 $0x1,%xmm2,%ymm0,%ymm0
 2eb:	vmovsd (%rax,%r14,8),%xmm2
 2f1:	movslq 0x1c(%rcx),%rcx
 2f5:	vmovsd (%rax,%r15,8),%xmm3
 2fb:	vmovhpd (%rax,%r13,8),%xmm2,%xmm2
 301:	vmovhpd (%rax,%rcx,8),%xmm3,%xmm3
 306:	mov    %r11d,%ecx
 309:	vinsertf128 $0x1,%xmm3,%ymm2,%ymm2
 30f:	vmulpd 0x20(%rdx,%rsi,8),%ymm2,%ymm2
 315:	and    $0xfffffff8,%ecx
 318:	add    %ecx,%r8d
 31b:	and    $0x7,%r11d
 31f:	vfmadd132pd (%rdx,%rsi,8),%ymm2,%ymm0
 325:	vaddpd %ymm1,%ymm0,%ymm0
 329:	vextractf64x2 $0x1,%ymm0,%xmm1
 330:	vaddpd %xmm0,%xmm1,%xmm1
 334:	vunpckhpd %xmm1,%xmm1,%xmm0
 338:	vaddpd %xmm1,%xmm0,%xmm0
 33c:	je     406 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x406>
 342:	movslq %r8d,%r11
 345:	movslq (%rdi,%r11,4),%r13
 349:	vmovsd (%rdx,%r11,8),%xmm6
 34f:	lea    0x0(,%r11,8),%rcx
 357:	lea    0x0(,%r11,4),%rsi
 35f:	lea    0x1(%r8),%r11d
 363:	vfmadd231sd (%rax,%r13,8),%xmm6,%xmm0
 369:	cmp    %r11d,%r9d
 36c:	jle    406 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x406>
 372:	movslq 0x4(%rdi,%rsi,1),%r11
 377:	vmovsd (%rax,%r11,8),%xmm6
 37d:	lea    0x2(%r8),%r11d
 381:	vfmadd231sd 0x8(%rdx,%rcx,1),%xmm6,%xmm0
 388:	cmp    %r11d,%r9d
 38b:	jle    406 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x406>
 38d:	movslq 0x8(%rdi,%rsi,1),%r11
 392:	vmovsd 0x10(%rdx,%rcx,1),%xmm7
 398:	vfmadd231sd (%rax,%r11,8),%xmm7,%xmm0
 39e:	lea    0x3(%r8),%r11d
 3a2:	cmp    %r11d,%r9d
 3a5:	jle    406 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x406>
 3a7:	movslq 0xc(%rdi,%rsi,1),%r11
 3ac:	vmovsd 0x18(%rdx,%rcx,1),%xmm7
 3b2:	vfmadd231sd (%rax,%r11,8),%xmm7,%xmm0
 3b8:	lea    0x4(%r8),%r11d
 3bc:	cmp    %r11d,%r9d
 3bf:	jle    406 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x406>
 3c1:	movslq 0x10(%rdi,%rsi,1),%r11
 3c6:	vmovsd 0x20(%rdx,%rcx,1),%xmm6
 3cc:	vfmadd231sd (%rax,%r11,8),%xmm6,%xmm0
 3d2:	lea    0x5(%r8),%r11d
 3d6:	cmp    %r11d,%r9d
 3d9:	jle    406 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x406>
 3db:	movslq 0x14(%rdi,%rsi,1),%r11
 3e0:	vmovsd 0x28(%rdx,%rcx,1),%xmm7
 3e6:	add    $0x6,%r8d
 3ea:	vfmadd231sd (%rax,%r11,8),%xmm7,%xmm0
 3f0:	cmp    %r8d,%r9d
 3f3:	jle    406 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x406>
 3f5:	movslq 0x18(%rdi,%rsi,1),%rsi
 3fa:	vmovsd 0x30(%rdx,%rcx,1),%xmm6
 400:	vfmadd231sd (%rax,%rsi,8),%xmm6,%xmm0
 406:	vmovq  %xmm8,%rdx
 40b:	vmovsd %xmm0,(%rdx,%r10,8)
 411:	inc    %r10
 414:	cmp    %r10,0x38(%rsp)
 419:	je     450 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x450>
 41b:	vmovq  %xmm4,%rsi
 420:	vmovq  %xmm5,%rdi
 425:	mov    (%rbx,%r10,8),%rdx
 429:	movsbl (%rsi,%r10,1),%r9d
 42e:	mov    (%rdi,%r10,8),%rdi
 432:	mov    %r9d,%r11d
 435:	test   %r9d,%r9d
 438:	jg     70 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x70>
 43e:	vxorpd %xmm0,%xmm0,%xmm0
 442:	jmp    406 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x406>
 444:	data16 cs nopw 0x0(%rax,%rax,1)
 44f:	nop
 450:	vzeroupper
 453:	lea    -0x28(%rbp),%rsp
 457:	xor    %eax,%eax
 459:	pop    %rbx
 45a:	pop    %r12
 45c:	pop    %r13
 45e:	pop    %r14
 460:	pop    %r15
 462:	pop    %rbp
 463:	ret
 464:	vxorpd %xmm1,%xmm1,%xmm1
 468:	xor    %esi,%esi
 46a:	xor    %r8d,%r8d
 46d:	vxorpd %xmm0,%xmm0,%xmm0
 471:	jmp    29b <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x29b>
 476:	lea    0x0(%rip),%rcx        # 47d <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x47d>
 47d:	mov    $0x31,%edx
 482:	lea    0x0(%rip),%rsi        # 489 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x489>
 489:	lea    0x0(%rip),%rdi        # 490 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x490>
 490:	call   495 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x495>
 495:	lea    0x0(%rip),%rcx        # 49c <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x49c>
 49c:	mov    $0x32,%edx
 4a1:	lea    0x0(%rip),%rsi        # 4a8 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x4a8>
 4a8:	lea    0x0(%rip),%rdi        # 4af <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x4af>
 4af:	call   4b4 <.LC4+0x44c>
