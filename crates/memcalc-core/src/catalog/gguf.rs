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

/// Bytes of layers `first .. first + n` in the GGUF mix of `q`, or None when the mix or the
/// attention (MLA) is not modelled tensor by tensor.
pub fn layers_bytes(
    a: &Arch,
    q: Quant,
    dtype: Dtype,
    rest: GgufRest,
    first: u64,
    n: u64,
) -> Option<u64> {
    let (base, more, _) = mix(q, dtype, rest)?;
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
        // Routed experts typed apart (MXFP4_MOE): counted here, out of the FFN below.
        let mut routed = 0;
        let (ffn_in, ffn_down) = if moe && exps.is_some() {
            let r = crate::mul!(a.experts, h, a.expert_ffn());
            routed = crate::mul!(mats + 1, r);
            let w = crate::mul!(a.shared_experts, h, a.expert_ffn());
            (crate::mul!(mats, w), w)
        } else if moe {
            let e = crate::add!(a.experts, a.shared_experts);
            let w = crate::mul!(e, h, a.expert_ffn());
            (crate::mul!(mats, w), w)
        } else {
            let w = crate::mul!(h, a.ffn);
            (crate::mul!(mats, w), w)
        };
        let v = crate::mul!(h, kvd);
        let others = crate::add!(crate::mul!(2, h, qd), crate::mul!(h, kvd), ffn_in);
        let promoted = use_more_bits(i, a.layers);
        let t = if promoted { more } else { base };
        // Norms, biases, sinks and the router: what the layer holds beyond its matrices, F32.
        let small = pc
            .layer_range(i, 1)
            .saturating_sub(crate::add!(others, v, ffn_down, routed));
        total = crate::add!(
            total,
            bytes(others, base),
            bytes(crate::add!(v, ffn_down), t),
            bytes(routed, exps.unwrap_or(0)),
            crate::mul!(small, 4)
        );
    }
    Some(total)
}

/// Token embeddings (base type; a tied model's in the output's type) and the output layer (Q6_K
/// unless the base is Q8_0), with the final norm in F32; a tied output is a copy of the
/// embeddings in the output's type.
pub fn ends_bytes(
    a: &Arch,
    q: Quant,
    dtype: Dtype,
    rest: GgufRest,
    tied_embd: GgufTiedEmbd,
) -> Option<(u64, u64)> {
    let (base, _, out) = mix(q, dtype, rest)?;
    // A tied model's file holds one matrix, `token_embd`, in the output layer's type; llama.cpp
    // loads it for the input and again as the output layer (TENSOR_DUPLICATED).
    let embd = if a.tied && tied_embd == GgufTiedEmbd::Output {
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
    Some((
        bytes(pc.embedding, embd),
        crate::add!(bytes(head, out), crate::mul!(pc.final_norm, 4)),
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
    rest: GgufRest,
    first: u64,
    n: u64,
) -> Option<u64> {
    let (base, more, _) = mix(q, dtype, rest)?;
    let exps = experts_bits(q);
    if a.mla() {
        return None;
    }
    let mats = match a.mlp {
        Mlp::Standard => 1,
        Mlp::Gated => 2,
    };
    let w = crate::mul!(a.experts, a.hidden, a.expert_ffn());
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
        total = match exps {
            Some(x) => crate::add!(total, bytes(crate::mul!(mats + 1, w), x)),
            None => crate::add!(total, bytes(crate::mul!(mats, w), base), bytes(w, t)),
        };
    }
    Some(total)
}
