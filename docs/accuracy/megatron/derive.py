#!/usr/bin/env python3
"""Tokens per second per GPU from Megatron-LM's published TFLOP/s per GPU, with each source's
own FLOP count, and the memcalc query of each row (docs/accuracy.md, "## Speed"). Each query's
`mfu` is the stated teraFLOP/s per GPU over the datasheet peak (A100 312, H100 SXM 989.5 dense
16-bit), the figure the sources round to their percentage column.

A100 rows (SC21): NVIDIA/Megatron-LM README at commit 50a4b5f (images/cases_april2021.png:
achieved teraFLOP/s per GPU, % of theoretical peak) with the settings of
examples/academic_paper_scripts/sc21/run_table_1.sh (TP, PP, MBS, GBS, layers, hidden, heads,
nodes of 8 GPUs; CONFIG.sh: seq 2048, fp16; full recomputation, "--activations-checkpoint-method
uniform"); FLOPs per iteration: Narayanan et al. 2021 (arXiv 2104.04473) eq. 3,
F = 96 B s l h^2 (1 + s/(6h) + V/(16 l h)), which counts the recomputed forward; V = 51,200.

H100 rows (2024): README at commit d98e8a6 (images/model_table.png, from commit f2e5db4): heads,
hidden, layers, TP, PP, DP, GPUs, global batch, per-GPU teraFLOP/s, MFU; seq 4096, vocab
131,072; FLOPs: megatron/training/training.py num_floating_point_operations at f2e5db4,
12 B s l h^2 ((1 + g/a + s/h) + ffn/h + V/(2 l h)) with g = a and ffn = 4h, model FLOPs only
(no recomputation term).
"""

SC21 = [
    # name, heads, hidden, layers, tp, pp, mbs, gbs, nodes, vpp, tflops, pct
    ("1.7B", 24, 2304, 24, 1, 1, 16, 512, 4, 1, 137, 44),
    ("3.6B", 32, 3072, 30, 2, 1, 16, 512, 8, 1, 138, 44),
    ("7.5B", 32, 4096, 36, 4, 1, 16, 512, 16, 1, 142, 46),
    ("18B", 48, 6144, 40, 8, 1, 8, 1024, 32, 1, 135, 43),
    ("39B", 64, 8192, 48, 8, 2, 4, 1536, 64, 1, 138, 44),
    # --num-layers-per-virtual-pipeline-stage 5: 60 / 4 stages = 15 layers, 3 chunks
    ("76B", 80, 10240, 60, 8, 4, 2, 1792, 128, 3, 140, 45),
    # 80 / 8 = 10 layers per stage, 5 per chunk: 2 chunks
    ("145B", 96, 12288, 80, 8, 8, 2, 2304, 192, 2, 148, 47),
    # 96 / 16 = 6 per stage, 3 per chunk: 2
    ("310B", 128, 16384, 96, 8, 16, 1, 2160, 240, 2, 155, 50),
    # 105 / 35 = 3 per stage, 1 per chunk: 3
    ("530B", 128, 20480, 105, 8, 35, 1, 2520, 315, 3, 163, 52),
    ("1T", 160, 25600, 128, 8, 64, 1, 3072, 384, 1, 163, 52),
]

H100 = [
    # name, heads, hidden, layers, tp, pp, dp, gpus, gbs, tflops, mfu
    ("1.7B", 16, 2048, 24, 1, 1, 48, 48, 192, 408.8, 41),
    ("7.1B", 32, 4096, 30, 2, 1, 48, 96, 192, 465.9, 47),
    ("16B", 48, 6144, 32, 4, 1, 48, 192, 192, 489.1, 49),
    ("32B", 56, 7168, 48, 8, 1, 48, 384, 192, 459.6, 46),
]


def sc21():
    s, v = 2048, 51200
    for name, a, h, l, tp, pp, mbs, gbs, nodes, vpp, tflops, pct in SC21:
        gpus = nodes * 8
        dp = gpus // (tp * pp)
        assert gbs % (mbs * dp) == 0, name
        m = gbs // (mbs * dp)
        per_token = 96 * l * h * h * (1 + s / (6 * h) + v / (16 * l * h))
        tps = tflops * 1e12 / per_token
        q = (
            f"gpu=a100-80&mode=train&layers={l}&hidden={h}&heads={a}&vocab={v}&learned_pos={s}"
            f"&mlp=standard&norm=layernorm&bias=all&dtype=fp16&seq={s}&batch={mbs}&tp={tp}"
            + (f"&pp={pp}" if pp > 1 else "")
            + f"&gpus={gpus}&micro_batches={m}"
            + (f"&vpp={vpp}" if vpp > 1 else "")
            + f"&recompute=full&mfu={tflops / 312 * 100:.2f}&net_bw=1600"
        )
        print(f"A100 {name}: stated {pct} %, dp {dp}, m {m}, v {vpp}, {per_token:.4e} FLOP/token, {tps:.6g} tok/s/GPU")
        print(f"  {q}")


def h100():
    s, v = 4096, 131072
    for name, a, h, l, tp, pp, dp, gpus, gbs, tflops, mfu in H100:
        assert gpus == tp * pp * dp
        m = gbs // dp
        per_token = 12 * l * h * h * ((1 + 1 + s / h) + 4 + v / (2 * l * h))
        tps = tflops * 1e12 / per_token
        q = (
            f"gpu=h100-80&mode=train&layers={l}&hidden={h}&heads={a}&vocab={v}"
            f"&mlp=standard&norm=layernorm&dtype=bf16&seq={s}&batch=1&tp={tp}"
            # --tp-comm-overlap requires --sequence-parallel (arguments.py at f2e5db4)
            + ("&sp=on" if tp > 1 else "")
            + f"&gpus={gpus}&micro_batches={m}&recompute=none&mfu={tflops / 989.5 * 100:.2f}"
        )
        print(f"H100 {name}: stated MFU {mfu} %, m {m}, {per_token:.4e} FLOP/token, {tps:.6g} tok/s/GPU")
        print(f"  {q}")


sc21()
h100()
