//! Activation memory of one transformer layer, generalised from the per-tensor accounting of
//! Korthikanti et al. 2022, "Reducing Activation Recomputation in Large Transformer Models"
//! (arXiv:2205.05198), section 4: with 16-bit values, dropout, a 4h MLP and no grouped-query
//! attention it reduces to their s·b·h·(34 + 5·a·s/h), and to s·b·h·(10 + 24/t + 5·a·s/(h·t))
//! under tensor parallelism t.

use crate::arch::{Arch, Mlp};

/// What decides the activations of one layer for one micro-batch.
#[derive(Debug, Clone, Copy)]
pub struct LayerShape {
    pub arch: Arch,
    pub seq: u64,
    pub batch: u64,
    /// Bytes per stored activation value (2 for 16-bit training, 4 for FP32).
    pub elem: u64,
    pub tp: u64,
    pub sp: bool,
    pub dropout: bool,
    pub flash: bool,
    pub selective: bool,
    pub softmax_fp32: bool,
}

/// Terms of one layer's stored activations, in bytes per device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayerActivations {
    /// Tensors tensor parallelism leaves whole (norm and block inputs, dropout masks), divided
    /// by t only with sequence parallelism.
    pub replicated: u64,
    /// Q, K, V, attention output and MLP internals, divided by t.
    pub split: u64,
    /// The s × s attention scores, softmax and dropout (zero with flash attention or selective
    /// recomputation), divided by t.
    pub core: u64,
}

impl LayerActivations {
    pub fn total(&self) -> u64 {
        crate::add!(self.replicated, self.split, self.core)
    }
}

impl LayerShape {
    fn sbh(&self) -> u64 {
        crate::mul!(self.seq, self.batch, self.arch.hidden)
    }

    /// Stored activations of one layer, one micro-batch, per device.
    pub fn layer(&self) -> LayerActivations {
        let a = &self.arch;
        let (s, b, e, t) = (self.seq, self.batch, self.elem, self.tp.max(1));
        let masks = if self.dropout { 2 } else { 0 };
        // Inputs of both norms, of the QKV projection and of the MLP: 4 values per s·b·h, plus a
        // 1-byte dropout mask after attention and after the MLP.
        let replicated = crate::mul!(self.sbh(), 4 * e + masks);
        let q = crate::mul!(s, b, a.heads, a.head_dim, e);
        let kv = crate::mul!(2, s, b, a.kv_heads, a.head_dim, e);
        let attn_out = crate::mul!(s, b, a.heads, a.head_dim, e);
        // Standard MLP keeps the activation's input and output (2·I); a gated MLP the gate and
        // up projections and their product (3·I, Megatron's fused SwiGLU). Each token passes
        // through its active experts.
        let per_token_mlp = match a.mlp {
            Mlp::Standard => 2,
            Mlp::Gated => 3,
        };
        let mlp = crate::mul!(s, b, per_token_mlp, a.ffn, e, a.active_experts.max(1));
        let router = if a.experts > 1 {
            crate::mul!(s, b, a.experts, 4)
        } else {
            0
        };
        let split = crate::add!(q, kv, attn_out, mlp, router);
        let score = if self.softmax_fp32 { 4 } else { e };
        let core = if self.flash {
            // Flash attention keeps only the softmax log-sum-exp, FP32, per row and head.
            crate::mul!(4, b, a.heads, s)
        } else if self.selective {
            0
        } else {
            // Softmax output, dropout mask (1 byte) and dropout output: Korthikanti's 5·a·s²·b.
            crate::mul!(
                b,
                a.heads,
                s,
                s,
                score + if self.dropout { 1 + score } else { 0 }
            )
        };
        LayerActivations {
            replicated: if self.sp {
                replicated.div_ceil(t)
            } else {
                replicated
            },
            split: split.div_ceil(t),
            core: core.div_ceil(t),
        }
    }

    /// What full recomputation keeps per layer: its input (Korthikanti's 2·s·b·h in 16-bit).
    pub fn checkpoint(&self) -> u64 {
        let input = crate::mul!(self.sbh(), self.elem);
        if self.sp {
            input.div_ceil(self.tp.max(1))
        } else {
            input
        }
    }

    /// Embedding dropout mask of the first stage (1 byte per value).
    pub fn embedding_mask(&self) -> u64 {
        if self.dropout {
            self.sbh()
                .div_ceil(if self.sp { self.tp.max(1) } else { 1 })
        } else {
            0
        }
    }

    /// Output layer and loss: the final norm's and the projection's inputs, the logits in the
    /// training precision and their FP32 copy for the cross-entropy (Korthikanti section 4.1
    /// counts 4·s·b·v; Hugging Face causal LMs also keep the 16-bit logits they upcast).
    pub fn logits(&self) -> u64 {
        let t = self.tp.max(1);
        let inputs = crate::mul!(2, self.sbh(), self.elem);
        let inputs = if self.sp { inputs.div_ceil(t) } else { inputs };
        let per_logit = if self.elem < 4 { self.elem + 4 } else { 4 };
        crate::add!(
            inputs,
            crate::mul!(self.seq, self.batch, self.arch.vocab, per_logit).div_ceil(t)
        )
    }

    /// Peak transient working set of one layer's forward pass in inference (nothing is kept
    /// for a backward pass): the residual and normed input, Q/K/V, the MLP internals of one
    /// layer, and without flash attention the scores and their softmax.
    pub fn inference_peak(&self) -> u64 {
        let a = &self.arch;
        let (s, b, e, t) = (self.seq, self.batch, self.elem, self.tp.max(1));
        let io = crate::mul!(2, self.sbh(), e);
        let qkv = crate::mul!(s, b, a.heads + 2 * a.kv_heads, a.head_dim, e);
        let per_token_mlp = match a.mlp {
            Mlp::Standard => 2,
            Mlp::Gated => 3,
        };
        let mlp = crate::mul!(s, b, per_token_mlp, a.ffn, e);
        let scores = if self.flash {
            0
        } else {
            crate::mul!(2, b, a.heads, s, s, e)
        };
        crate::add!(io, crate::add!(qkv, mlp, scores).div_ceil(t))
    }
}
