//! GGUF files as llama.cpp's quantizer writes them: one base type, with some tensors promoted to
//! a larger one (`llama_tensor_get_type` in src/llama-quant.cpp): the output layer to Q6_K, and
//! in the _M mixes `attn_v` and `ffn_down` of the layers `use_more_bits` picks (the first and
//! last eighth, and every third in between) to Q6_K. Norms and biases stay F32. Used by
//! `engine=llamacpp`, whose buffers are reported per tensor; other engines keep the whole-file
//! averages of [`crate::catalog::quant::Quant::milli_bpw`].
//!
//! The MXFP4_MOE ftype (gpt-oss as ggml-org, unsloth and bartowski publish it) stores the routed
//! experts (the 3-D `*_exps` tensors) in MXFP4 and every other quantizable matrix, the output
//! layer and the token embeddings included, in Q8_0 (`llama_tensor_get_type_impl`, branch
//! `LLAMA_FTYPE_MOSTLY_MXFP4_MOE`: "MoE tensors -> MXFP4, other tensors -> Q8_0", and the output
//! branch's `new_type = GGML_TYPE_Q8_0`; ggml-org/llama.cpp src/llama-quant.cpp, master of
//! 2026); the router (`ffn_gate_inp`), norms, biases and sinks are not quantized (F32).
//! `gguf_rest=bf16` keeps the links of schema 6 and older, which counted the non-expert tensors
//! in the checkpoint's BF16.

use crate::base::choice::choice_enum;
use crate::catalog::arch::{Arch, Mlp};
use crate::catalog::precision::Dtype;
use crate::catalog::quant::Quant;

/// Bits per weight of ggml's block types, in 1/10,000 bit (ggml-common.h block sizes: Q4_K
/// 144 B, Q5_K 176 B, Q6_K 210 B per 256 values; Q8_0 34 B and Q4_0 18 B per 32).
const Q4_K: u64 = 45_000;
const Q5_K: u64 = 55_000;
const Q6_K: u64 = 65_625;
const Q8_0: u64 = 85_000;
const Q4_0: u64 = 45_000;
/// MXFP4: 32 E2M1 values in 16 B and an E8M0 scale, 17 B per 32 (ggml-common.h block_mxfp4).
const MXFP4: u64 = 42_500;
/// The block-32 types llama.cpp falls back to (ggml-common.h: Q5_0 22 B and Q5_1 24 B per 32),
/// and F16.
const Q5_0: u64 = 55_000;
const Q5_1: u64 = 60_000;
const F16: u64 = 160_000;

choice_enum!(
    /// How a GGUF with MXFP4 experts stores its other tensors (`gguf_rest`): Q8_0, as llama.cpp's
    /// quantizer writes the MXFP4_MOE ftype (src/llama-quant.cpp) and the files users download
    /// (ggml-org/gpt-oss-20b-GGUF, llama-bench 11.27 GiB for 20.91 B parameters); or the
    /// checkpoint's BF16, as the calculator counted them up to link schema 6.
    GgufRest {
        Q8_0 => ("q8_0", "Q8_0, as llama.cpp's MXFP4_MOE files (ggml-org gpt-oss GGUF)"),
        Bf16 => ("bf16", "BF16, as the checkpoint (links of schema 6 and older)"),
    }
);

choice_enum!(
    /// The type of a tied model's token embeddings in a GGUF (`gguf_tied_embd`): the output
    /// layer's, as llama.cpp's quantizer gives them when the embeddings double as the output
    /// layer (src/llama-quant.cpp, `llama_tensor_get_type_impl`: "for arches that share the same
    /// tensor between the token embeddings and the output, we quantize the token embeddings with
    /// the quantization of the output tensor", `has_tied_embeddings`), e.g. Q6_K in a Q4_K_M file
    /// (llama-bench: Llama 3.2 3B Q4_K_M 1.87 GiB); or the file's base type, as the calculator
    /// counted them up to link schema 6.
    GgufTiedEmbd {
        Output => ("output", "The output layer's type (Q6_K in K-quant mixes), as llama.cpp"),
        Base => ("base", "The mix's base type (links of schema 6 and older)"),
    }
);

/// The GGUF settings of a llama.cpp run: how the file's tensors are typed beyond the mix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// `gguf_rest`: the non-expert matrices of an MXFP4_MOE file.
    pub rest: GgufRest,
    /// `gguf_tied_embd`: a tied model's token embeddings.
    pub tied_embd: GgufTiedEmbd,
    /// `gguf_fallback`: a K-quant matrix whose rows are not a whole number of 256-value blocks
    /// takes llama.cpp's fallback type (src/llama-quant.cpp, `tensor_type_fallback`: Q4_K →
    /// Q5_0, Q5_K → Q5_1, Q6_K → Q8_0, F16 when not even 32 divides the row), as GLM-4.5-Air's
    /// `ffn_down_exps` (1408 wide) and gpt-oss's K-quant files (2880) are stored.
    pub fallback: bool,
}

impl Default for Rules {
    /// What llama.cpp's quantizer does (link schema 7).
    fn default() -> Self {
        Rules {
            rest: GgufRest::Q8_0,
            tied_embd: GgufTiedEmbd::Output,
            fallback: true,
        }
    }
}

/// The type a matrix of rows `ncols` wide takes: llama.cpp's `tensor_type_fallback` for the
/// 256-value K-quant blocks, the block-32 types kept (every modelled row is a multiple of 32).
fn fit(bits: u64, ncols: u64, r: Rules) -> u64 {
    if !r.fallback || ncols.is_multiple_of(256) {
        return bits;
    }
    let to = match bits {
        Q4_K => Q5_0,
        Q5_K => Q5_1,
        Q6_K => Q8_0,
        _ => return bits,
    };
    if ncols.is_multiple_of(32) {
        to
    } else {
        F16
    }
}

/// Bits (in 1/10,000) of the routed experts where the mix types them apart from the rest.
fn experts_bits(q: Quant) -> Option<u64> {
    (q == Quant::Mxfp4).then_some(MXFP4)
}

/// Bits (in 1/10,000) of the base type, the promoted type of the chosen attn_v/ffn_down layers, and
/// the output layer's type; None for mixes modelled by their average only.
fn mix(q: Quant, dtype: Dtype, rest: GgufRest) -> Option<(u64, u64, u64)> {
    Some(match q {
        // Unquantized files: every matrix in the file's precision, norms F32 all the same.
        Quant::None => {
            let b = dtype.bytes() * 80_000;
            (b, b, b)
        }
        Quant::Q8_0 => (Q8_0, Q8_0, Q8_0),
        Quant::Q6K => (Q6_K, Q6_K, Q6_K),
        Quant::Q5KM => (Q5_K, Q6_K, Q6_K),
        Quant::Q4KM => (Q4_K, Q6_K, Q6_K),
        Quant::Q4_0 => (Q4_0, Q4_0, Q6_K),
        // MXFP4_MOE: everything beside the experts in Q8_0, the output layer too.
        Quant::Mxfp4 if rest == GgufRest::Q8_0 => (Q8_0, Q8_0, Q8_0),
        _ => return None,
    })
}

/// llama.cpp's `use_more_bits(i_layer, n_layers)`.
pub fn use_more_bits(i: u64, n: u64) -> bool {
    i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2
}

fn bytes(params: u64, bits_e4: u64) -> u64 {
    crate::base::sat::mul_div_ceil(params, bits_e4, 80_000)
}

/// Bytes of matrices `(values, bits)`, those of one type counted together (one rounding a type,
/// as a group of one type always was).
fn grouped(parts: &[(u64, u64)]) -> u64 {
    let mut total = 0;
    for (i, &(_, bits)) in parts.iter().enumerate() {
        if parts[..i].iter().any(|&(_, b)| b == bits) {
            continue;
        }
        let values = parts
            .iter()
            .filter(|&&(_, b)| b == bits)
            .fold(0u64, |acc, &(v, _)| crate::add!(acc, v));
        total = crate::add!(total, bytes(values, bits));
    }
    total
}

/// Bytes of layers `first .. first + n` in the GGUF mix of `q`, or None when the mix or the
/// attention (MLA) is not modelled tensor by tensor. Each matrix takes its type for its row
/// width (`ne[0]`, the input dimension): q, k, v and the FFN's gate/up read the hidden size, the
/// attention output the heads' width, `ffn_down` the FFN's (or an expert's) width.
pub fn layers_bytes(a: &Arch, q: Quant, dtype: Dtype, r: Rules, first: u64, n: u64) -> Option<u64> {
    let (base, more, _) = mix(q, dtype, r.rest)?;
    let exps = experts_bits(q);
    if a.mla() {
        return None;
    }
    let pc = a.params();
    let (h, qd, kvd) = (
        a.hidden,
        crate::mul!(a.heads, a.head_dim),
        crate::mul!(a.kv_heads, a.head_dim),
    );
    let mats = match a.mlp {
        Mlp::Standard => 1,
        Mlp::Gated => 2,
    };
    let mut total: u64 = 0;
    for i in first..first + n {
        let moe = a.experts > 1 && i >= a.dense_layers;
        let t = if use_more_bits(i, a.layers) {
            more
        } else {
            base
        };
        // The FFN's matrices other than the routed experts typed apart: (values in, width of
        // ffn_down's rows).
        let (ffn_w, down_cols) = if moe {
            let e = if exps.is_some() {
                a.shared_experts
            } else {
                crate::add!(a.experts, a.shared_experts)
            };
            (crate::mul!(e, h, a.expert_ffn()), a.expert_ffn())
        } else {
            (crate::mul!(h, a.ffn), a.ffn)
        };
        // Routed experts typed apart (MXFP4_MOE), out of the FFN above.
        let routed = match exps {
            Some(_) if moe => crate::mul!(a.experts, h, a.expert_ffn()),
            _ => 0,
        };
        let matrices = crate::add!(
            crate::mul!(2, h, qd),
            crate::mul!(2, h, kvd),
            crate::mul!(mats + 1, ffn_w),
            crate::mul!(mats + 1, routed)
        );
        // Norms, biases, sinks and the router: what the layer holds beyond its matrices, F32.
        let small = pc.layer_range(i, 1).saturating_sub(matrices);
        let x = exps.unwrap_or(0);
        total = crate::add!(
            total,
            // attn_q, attn_k, attn_output and ffn_gate/ffn_up in the base type
            grouped(&[
                (
                    crate::add!(crate::mul!(h, qd), crate::mul!(h, kvd)),
                    fit(base, h, r)
                ),
                (crate::mul!(h, qd), fit(base, qd, r)),
                (crate::mul!(mats, ffn_w), fit(base, h, r)),
            ]),
            // attn_v and ffn_down in the promoted type where `use_more_bits` picks the layer
            grouped(&[
                (crate::mul!(h, kvd), fit(t, h, r)),
                (ffn_w, fit(t, down_cols, r)),
            ]),
            grouped(&[
                (crate::mul!(mats, routed), fit(x, h, r)),
                (routed, fit(x, a.expert_ffn(), r)),
            ]),
            crate::mul!(small, 4)
        );
    }
    Some(total)
}

/// Token embeddings (base type; a tied model's in the output's type) and the output layer (Q6_K
/// unless the base is Q8_0), with the final norm in F32; a tied output is a copy of the
/// embeddings in the output's type.
pub fn ends_bytes(a: &Arch, q: Quant, dtype: Dtype, r: Rules) -> Option<(u64, u64)> {
    let (base, _, out) = mix(q, dtype, r.rest)?;
    // A tied model's file holds one matrix, `token_embd`, in the output layer's type; llama.cpp
    // loads it for the input and again as the output layer (TENSOR_DUPLICATED).
    let embd = if a.tied && r.tied_embd == GgufTiedEmbd::Output {
        out
    } else {
        base
    };
    let pc = a.params();
    let head = if a.tied {
        crate::mul!(a.vocab, a.hidden)
    } else {
        pc.head
    };
    let h = a.hidden;
    Some((
        bytes(pc.embedding, fit(embd, h, r)),
        crate::add!(bytes(head, fit(out, h, r)), crate::mul!(pc.final_norm, 4)),
    ))
}

/// Bytes of the routed experts' tensors (`blk.N.ffn_{gate,up,down}_exps`, the ones llama.cpp's
/// `--n-cpu-moe`/`--cpu-moe` match: common/common.h `LLM_FFN_EXPS_REGEX`
/// `\.ffn_(up|down|gate|gate_up)_(ch|)exps`; shared experts are `_shexp` and stay) of layers
/// `first .. first + n` in the GGUF mix of `q`, as [`layers_bytes`] types them; None where that
/// is None.
pub fn experts_bytes(
    a: &Arch,
    q: Quant,
    dtype: Dtype,
    r: Rules,
    first: u64,
    n: u64,
) -> Option<u64> {
    let (base, more, _) = mix(q, dtype, r.rest)?;
    let exps = experts_bits(q);
    if a.mla() {
        return None;
    }
    let mats = match a.mlp {
        Mlp::Standard => 1,
        Mlp::Gated => 2,
    };
    let (h, width) = (a.hidden, a.expert_ffn());
    let w = crate::mul!(a.experts, h, width);
    let mut total: u64 = 0;
    for i in first..first + n {
        if a.experts <= 1 || i < a.dense_layers {
            continue;
        }
        let t = if use_more_bits(i, a.layers) {
            more
        } else {
            base
        };
        total = crate::add!(
            total,
            match exps {
                Some(x) => grouped(&[(crate::mul!(mats, w), fit(x, h, r)), (w, fit(x, width, r)),]),
                None => crate::add!(
                    bytes(crate::mul!(mats, w), fit(base, h, r)),
                    bytes(w, fit(t, width, r))
                ),
            }
        );
    }
    Some(total)
}
