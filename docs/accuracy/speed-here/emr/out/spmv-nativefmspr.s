
/tmp/hpcge/b_Z_nativefmspr/src/ComputeSPMV_ref.o:     file format elf64-x86-64


Disassembly of section .text:

0000000000000000 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_>:
   0:	push   %rbp
   1:	mov    %rsp,%rbp
   4:	push   %r15
   6:	push   %r14
   8:	push   %r13
   a:	push   %r12
   c:	push   %rbx
   d:	and    $0xffffffffffffffe0,%rsp
  11:	sub    $0x20,%rsp
  15:	mov    0x24(%rdi),%eax
  18:	cmp    %eax,(%rsi)
  1a:	jl     556 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x556>
  20:	mov    0x20(%rdi),%r11d
  24:	cmp    %r11d,(%rdx)
  27:	jl     575 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x575>
  2d:	mov    0x8(%rsi),%rcx
  31:	mov    0x8(%rdx),%rbx
  35:	test   %r11d,%r11d
  38:	jle    533 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x533>
  3e:	movslq %r11d,%rax
  41:	mov    0x48(%rdi),%r14
  45:	mov    0x40(%rdi),%r13
  49:	mov    0x30(%rdi),%r12
  4d:	mov    %rax,0x18(%rsp)
  52:	xor    %edi,%edi
  54:	kxnorb %k1,%k1,%k1
  58:	jmp    50f <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x50f>
  5d:	nopl   (%rax)
  60:	lea    -0x1(%r9),%edx
  64:	cmp    $0x6,%edx
  67:	jbe    544 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x544>
  6d:	vmovdqu (%rsi),%ymm1
  71:	kmovb  %k1,%k4
  75:	vgatherdpd (%rcx,%xmm1,8),%ymm0{%k4}
  7c:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
  82:	kmovb  %k1,%k5
  86:	vgatherdpd (%rcx,%xmm1,8),%ymm2{%k5}
  8d:	vmulpd 0x20(%rax),%ymm2,%ymm1
  92:	mov    %r9d,%edx
  95:	shr    $0x3,%edx
  98:	vfmadd132pd (%rax),%ymm1,%ymm0
  9d:	cmp    $0x1,%edx
  a0:	je     428 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x428>
  a6:	vmovdqu 0x20(%rsi),%ymm1
  ab:	kmovb  %k1,%k6
  af:	vgatherdpd (%rcx,%xmm1,8),%ymm2{%k6}
  b6:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
  bc:	kmovb  %k1,%k7
  c0:	vgatherdpd (%rcx,%xmm1,8),%ymm3{%k7}
  c7:	vmulpd 0x60(%rax),%ymm3,%ymm1
  cc:	vfmadd231pd 0x40(%rax),%ymm2,%ymm1
  d2:	vaddpd %ymm1,%ymm0,%ymm0
  d6:	cmp    $0x2,%edx
  d9:	je     428 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x428>
  df:	vmovdqu 0x40(%rsi),%ymm1
  e4:	kmovb  %k1,%k6
  e8:	vgatherdpd (%rcx,%xmm1,8),%ymm2{%k6}
  ef:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
  f5:	kmovb  %k1,%k7
  f9:	vgatherdpd (%rcx,%xmm1,8),%ymm3{%k7}
 100:	vmulpd 0xa0(%rax),%ymm3,%ymm1
 108:	vfmadd231pd 0x80(%rax),%ymm2,%ymm1
 111:	vaddpd %ymm1,%ymm0,%ymm0
 115:	cmp    $0x3,%edx
 118:	je     428 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x428>
 11e:	vmovdqu 0x60(%rsi),%ymm1
 123:	kmovb  %k1,%k4
 127:	vgatherdpd (%rcx,%xmm1,8),%ymm2{%k4}
 12e:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 134:	kmovb  %k1,%k5
 138:	vgatherdpd (%rcx,%xmm1,8),%ymm3{%k5}
 13f:	vmulpd 0xe0(%rax),%ymm3,%ymm1
 147:	vfmadd231pd 0xc0(%rax),%ymm2,%ymm1
 150:	vaddpd %ymm1,%ymm0,%ymm0
 154:	cmp    $0x4,%edx
 157:	je     428 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x428>
 15d:	vmovdqu 0x80(%rsi),%ymm1
 165:	kmovb  %k1,%k6
 169:	vgatherdpd (%rcx,%xmm1,8),%ymm2{%k6}
 170:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 176:	kmovb  %k1,%k7
 17a:	vgatherdpd (%rcx,%xmm1,8),%ymm3{%k7}
 181:	vmulpd 0x120(%rax),%ymm3,%ymm1
 189:	vfmadd231pd 0x100(%rax),%ymm2,%ymm1
 192:	vaddpd %ymm1,%ymm0,%ymm0
 196:	cmp    $0x5,%edx
 199:	je     428 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x428>
 19f:	vmovdqu 0xa0(%rsi),%ymm1
 1a7:	kmovb  %k1,%k4
 1ab:	vgatherdpd (%rcx,%xmm1,8),%ymm2{%k4}
 1b2:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 1b8:	kmovb  %k1,%k5
 1bc:	vgatherdpd (%rcx,%xmm1,8),%ymm3{%k5}
 1c3:	vmulpd 0x160(%rax),%ymm3,%ymm1
 1cb:	vfmadd231pd 0x140(%rax),%ymm2,%ymm1
 1d4:	vaddpd %ymm1,%ymm0,%ymm0
 1d8:	cmp    $0x6,%edx
 1db:	je     428 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x428>
 1e1:	vmovdqu 0xc0(%rsi),%ymm1
 1e9:	kmovb  %k1,%k2
 1ed:	vgatherdpd (%rcx,%xmm1,8),%ymm2{%k2}
 1f4:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 1fa:	kmovb  %k1,%k3
 1fe:	vgatherdpd (%rcx,%xmm1,8),%ymm3{%k3}
 205:	vmulpd 0x1a0(%rax),%ymm3,%ymm1
 20d:	vfmadd231pd 0x180(%rax),%ymm2,%ymm1
 216:	vaddpd %ymm1,%ymm0,%ymm0
 21a:	cmp    $0x7,%edx
 21d:	je     428 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x428>
 223:	vmovdqu 0xe0(%rsi),%ymm1
 22b:	kmovb  %k1,%k4
 22f:	vgatherdpd (%rcx,%xmm1,8),%ymm2{%k4}
 236:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 23c:	kmovb  %k1,%k5
 240:	vgatherdpd (%rcx,%xmm1,8),%ymm3{%k5}
 247:	vmulpd 0x1e0(%rax),%ymm3,%ymm1
 24f:	vfmadd231pd 0x1c0(%rax),%ymm2,%ymm1
 258:	vaddpd %ymm1,%ymm0,%ymm0
 25c:	cmp    $0x8,%edx
 25f:	je     428 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x428>
 265:	vmovdqu 0x100(%rsi),%ymm1
 26d:	kmovb  %k1,%k6
 271:	vgatherdpd (%rcx,%xmm1,8),%ymm2{%k6}
 278:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 27e:	kmovb  %k1,%k7
 282:	vgatherdpd (%rcx,%xmm1,8),%ymm3{%k7}
 289:	vmulpd 0x220(%rax),%ymm3,%ymm1
 291:	vfmadd231pd 0x200(%rax),%ymm2,%ymm1
 29a:	vaddpd %ymm1,%ymm0,%ymm0
 29e:	cmp    $0x9,%edx
 2a1:	je     428 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x428>
 2a7:	vmovdqu 0x120(%rsi),%ymm1
 2af:	kmovb  %k1,%k2
 2b3:	vgatherdpd (%rcx,%xmm1,8),%ymm2{%k2}
 2ba:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 2c0:	kmovb  %k1,%k3
 2c4:	vgatherdpd (%rcx,%xmm1,8),%ymm3{%k3}
 2cb:	vmulpd 0x260(%rax),%ymm3,%ymm1
 2d3:	vfmadd231pd 0x240(%rax),%ymm2,%ymm1
 2dc:	vaddpd %ymm1,%ymm0,%ymm0
 2e0:	cmp    $0xa,%edx
 2e3:	je     428 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x428>
 2e9:	vmovdqu 0x140(%rsi),%ymm1
 2f1:	kmovb  %k1,%k6
 2f5:	vgatherdpd (%rcx,%xmm1,8),%ymm2{%k6}
 2fc:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 302:	kmovb  %k1,%k7
 306:	vgatherdpd (%rcx,%xmm1,8),%ymm3{%k7}
 30d:	vmulpd 0x2a0(%rax),%ymm3,%ymm1
 315:	vfmadd231pd 0x280(%rax),%ymm2,%ymm1
 31e:	vaddpd %ymm1,%ymm0,%ymm0
 322:	cmp    $0xb,%edx
 325:	je     428 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x428>
 32b:	vmovdqu 0x160(%rsi),%ymm1
 333:	kmovb  %k1,%k4
 337:	vgatherdpd (%rcx,%xmm1,8),%ymm2{%k4}
 33e:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 344:	kmovb  %k1,%k5
 348:	vgatherdpd (%rcx,%xmm1,8),%ymm3{%k5}
 34f:	vmulpd 0x2e0(%rax),%ymm3,%ymm1
 357:	vfmadd231pd 0x2c0(%rax),%ymm2,%ymm1
 360:	vaddpd %ymm1,%ymm0,%ymm0
 364:	cmp    $0xc,%edx
 367:	je     428 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x428>
 36d:	vmovdqu 0x180(%rsi),%ymm1
 375:	kmovb  %k1,%k2
 379:	vgatherdpd (%rcx,%xmm1,8),%ymm2{%k2}
 380:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 386:	kmovb  %k1,%k3
 38a:	vgatherdpd (%rcx,%xmm1,8),%ymm3{%k3}
 391:	vmulpd 0x320(%rax),%ymm3,%ymm1
 399:	vfmadd231pd 0x300(%rax),%ymm2,%ymm1
 3a2:	vaddpd %ymm1,%ymm0,%ymm0
 3a6:	cmp    $0xd,%edx
 3a9:	je     428 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x428>
 3ab:	vmovdqu 0x1a0(%rsi),%ymm1
 3b3:	kmovb  %k1,%k4
 3b7:	vgatherdpd (%rcx,%xmm1,8),%ymm2{%k4}
 3be:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 3c4:	kmovb  %k1,%k5
 3c8:	vgatherdpd (%rcx,%xmm1,8),%ymm3{%k5}
 3cf:	vmulpd 0x360(%rax),%ymm3,%ymm1
 3d7:	vfmadd231pd 0x340(%rax),%ymm2,%ymm1
 3e0:	vaddpd %ymm1,%ymm0,%ymm0
 3e4:	cmp    $0xf,%edx
 3e7:	jne    428 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x428>
 3e9:	vmovdqu 0x1c0(%rsi),%ymm1
 3f1:	kmovb  %k1,%k6
 3f5:	vgatherdpd (%rcx,%xmm1,8),%ymm2{%k6}
 3fc:	vperm2i128 $0x11,%ymm1,%ymm1,%ymm1
 402:	kmovb  %k1,%k7
 406:	vgatherdpd (%rcx,%xmm1,8),%ymm3{%k7}
 40d:	vmulpd 0x3a0(%rax),%ymm3,%ymm1
 415:	vfmadd231pd 0x380(%rax),%ymm2,%ymm1
 41e:	vaddpd %ymm1,%ymm0,%ymm0
 422:	nopw   0x0(%rax,%rax,1)
 428:	vextractf64x2 $0x1,%ymm0,%xmm3
 42f:	vaddpd %xmm0,%xmm3,%xmm2
 433:	mov    %r9d,%edx
 436:	and    $0xfffffff8,%edx
 439:	vunpckhpd %xmm2,%xmm2,%xmm1
 43d:	and    $0x7,%r10d
 441:	vaddpd %xmm2,%xmm1,%xmm1
 445:	vaddpd %xmm3,%xmm0,%xmm0
 449:	mov    %edx,%r8d
 44c:	je     500 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x500>
 452:	mov    %r9d,%r10d
 455:	sub    %edx,%r10d
 458:	lea    -0x1(%r10),%r15d
 45c:	cmp    $0x2,%r15d
 460:	jbe    4a9 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x4a9>
 462:	vmovdqu (%rsi,%rdx,4),%xmm2
 467:	kmovb  %k1,%k2
 46b:	vgatherdpd (%rcx,%xmm2,8),%xmm1{%k2}
 472:	vpshufd $0xee,%xmm2,%xmm2
 477:	kmovb  %k1,%k3
 47b:	vgatherdpd (%rcx,%xmm2,8),%xmm3{%k3}
 482:	vmulpd 0x10(%rax,%rdx,8),%xmm3,%xmm2
 488:	vfmadd132pd (%rax,%rdx,8),%xmm2,%xmm1
 48e:	mov    %r10d,%edx
 491:	and    $0xfffffffc,%edx
 494:	add    %edx,%r8d
 497:	and    $0x3,%r10d
 49b:	vaddpd %xmm0,%xmm1,%xmm0
 49f:	vunpckhpd %xmm0,%xmm0,%xmm1
 4a3:	vaddpd %xmm0,%xmm1,%xmm1
 4a7:	je     500 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x500>
 4a9:	movslq %r8d,%rdx
 4ac:	movslq (%rsi,%rdx,4),%r11
 4b0:	vmovsd (%rax,%rdx,8),%xmm4
 4b5:	lea    0x0(,%rdx,8),%r10
 4bd:	lea    0x0(,%rdx,4),%r15
 4c5:	lea    0x1(%r8),%edx
 4c9:	vfmadd231sd (%rcx,%r11,8),%xmm4,%xmm1
 4cf:	cmp    %edx,%r9d
 4d2:	jle    500 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x500>
 4d4:	movslq 0x4(%rsi,%r15,1),%rdx
 4d9:	add    $0x2,%r8d
 4dd:	vmovsd (%rcx,%rdx,8),%xmm5
 4e2:	vfmadd231sd 0x8(%rax,%r10,1),%xmm5,%xmm1
 4e9:	cmp    %r8d,%r9d
 4ec:	jle    500 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x500>
 4ee:	movslq 0x8(%rsi,%r15,1),%rdx
 4f3:	vmovsd 0x10(%rax,%r10,1),%xmm6
 4fa:	vfmadd231sd (%rcx,%rdx,8),%xmm6,%xmm1
 500:	vmovsd %xmm1,(%rbx,%rdi,8)
 505:	inc    %rdi
 508:	cmp    %rdi,0x18(%rsp)
 50d:	je     530 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x530>
 50f:	movsbl (%r12,%rdi,1),%r9d
 514:	mov    (%r14,%rdi,8),%rax
 518:	mov    0x0(%r13,%rdi,8),%rsi
 51d:	mov    %r9d,%r10d
 520:	test   %r9d,%r9d
 523:	jg     60 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x60>
 529:	vxorpd %xmm1,%xmm1,%xmm1
 52d:	jmp    500 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x500>
 52f:	nop
 530:	vzeroupper
 533:	lea    -0x28(%rbp),%rsp
 537:	pop    %rbx
 538:	pop    %r12
 53a:	pop    %r13
 53c:	pop    %r14
 53e:	pop    %r15
 540:	xor    %eax,%eax
 542:	pop    %rbp
 543:	ret
 544:	vxorpd %xmm0,%xmm0,%xmm0
 548:	xor    %edx,%edx
 54a:	xor    %r8d,%r8d
 54d:	vxorpd %xmm1,%xmm1,%xmm1
 551:	jmp    452 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x452>
 556:	lea    0x0(%rip),%rcx        # 55d <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x55d>
 55d:	mov    $0x31,%edx
 562:	lea    0x0(%rip),%rsi        # 569 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x569>
 569:	lea    0x0(%rip),%rdi        # 570 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x570>
 570:	call   575 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x575>
 575:	lea    0x0(%rip),%rcx        # 57c <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x57c>
 57c:	mov    $0x32,%edx
 581:	lea    0x0(%rip),%rsi        # 588 <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x588>
 588:	lea    0x0(%rip),%rdi        # 58f <_Z15ComputeSPMV_refRK19SparseMatrix_STRUCTR13Vector_STRUCTS3_+0x58f>
 58f:	call   594 <.LC4+0x52c>
