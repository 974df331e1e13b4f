//! 8-bit Adam's states as bitsandbytes and torchao allocate them (issue 28): one FP32 absmax
//! per 256 values (bitsandbytes optim/optimizer.py `blocks = n // 256`; torchao AdamW8bit
//! block_size 256), and FP32 states for tensors below min_8bit_size = 4096 values.

mod common;

use common::{est, expect_part};
use memcalc_core::PartId;

#[test]
fn eight_bit_states_use_256_value_blocks_and_fp32_for_small_tensors() {
    // One BERT-style layer, width 1024, FFN 4096, biases everywhere, LayerNorm, tied
    // embeddings of 1000 rows.
    let q = "mode=train&layers=1&hidden=1024&heads=16&vocab=1000&mlp=standard&ffn=4096&bias=all&norm=layernorm&tied=on&dtype=fp32&optimizer=adam8bit&batch=1&seq=16";
    let e = est(q);
    let params = e.trainable_params;
    // Small tensors: two LayerNorms (weight and bias, 1024 each), the q, k, v and output
    // biases (1024 each), the second MLP bias (1024; the first, 4096 values, is quantized)
    // and the final LayerNorm: 4 × 1024 + 4 × 1024 + 1024 + 2 × 1024.
    let small = 11 * 1024;
    let quantized = params - small;
    let expected = 2 * (quantized + quantized.div_ceil(256) * 4 + small * 4);
    assert_eq!(expect_part(&e, PartId::Optimizer), expected);
}

#[test]
fn adapters_have_no_small_tensors() {
    let q = "mode=finetune&layers=2&hidden=1024&heads=16&vocab=1000&ffn=4096&lora_rank=16&optimizer=adam8bit&batch=1&seq=16";
    let e = est(q);
    let t = e.trainable_params;
    assert_eq!(
        expect_part(&e, PartId::Optimizer),
        2 * (t + t.div_ceil(256) * 4)
    );
}
