//! Activation memory of one transformer layer, generalised from the per-tensor accounting of
//! Korthikanti et al. 2022, "Reducing Activation Recomputation in Large Transformer Models"
//! (arXiv:2205.05198), section 4: with 16-bit values, dropout, a 4h MLP and no grouped-query
//! attention it reduces to their s·b·h·(34 + 5·a·s/h), and to s·b·h·(10 + 24/t + 5·a·s/(h·t))
//! under tensor parallelism t.

use crate::catalog::arch::{Arch, Mlp};

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
    /// Eager PyTorch (no torch.compile): norms and RoPE save FP32 copies for the backward.
    pub eager: bool,
    /// torchtitan's per-op selective checkpointing: only the layer input, every other matmul
    /// output and the attention output are saved.
    pub selective_op: bool,
    /// Loss computed in this many chunks; None: the textbook logits term.
    pub loss_chunks: Option<u64>,
    /// Output layer fused with the loss: no 16-bit logits kept, only the chunk in flight.
    pub fused_loss: bool,
    /// The loss upcasts the logits to FP32; off: its terms stay in the training precision.
    pub logits_upcast: bool,
    /// Tiled MLP (Unsloth, ALST): the MLP's intermediates exist one sequence tile of this many
    /// at a time (1: untiled).
    pub mlp_tiles: u64,
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

/// One layer's inference working set: bytes per token of the input and normed input (left
/// whole by tensor parallelism), of Q/K/V and of the MLP (split), and the prefill's scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InferenceTerms {
    pub io_per_token: u64,
    pub qkv_per_token: u64,
    pub mlp_per_token: u64,
    pub scores: u64,
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
        let mlp =
            crate::mul!(s, b, per_token_mlp, a.active_ffn(), e).div_ceil(self.mlp_tiles.max(1));
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
        // Eager RMSNorm/LayerNorm keeps its FP32 input (4 B) besides the 16-bit one, for both
        // norms; eager RoPE keeps FP32 copies of Q and K (torchtune, Hugging Face Llama).
        let (replicated, split) = if self.eager && self.elem < 4 {
            (
                crate::add!(replicated, crate::mul!(self.sbh(), 8)),
                crate::add!(
                    split,
                    crate::mul!(4, s, b, a.heads + a.kv_heads, a.head_dim)
                ),
            )
        } else {
            (replicated, split)
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

    /// What per-op selective checkpointing keeps per layer (torchtitan `selective_ac_option =
    /// "op"`: aten.mm outputs alternate saved / recomputed, starting with the first; attention
    /// outputs and their FP32 log-sum-exp are saved): the layer input, then Q, V, the attention
    /// output, and of the MLP the first projection and the output (gated: w1 and w2).
    pub fn selective_op_layer(&self) -> LayerActivations {
        let a = &self.arch;
        let (s, b, e, t) = (self.seq, self.batch, self.elem, self.tp.max(1));
        let q = crate::mul!(a.heads, a.head_dim);
        let kv = crate::mul!(a.kv_heads, a.head_dim);
        let experts = a.active_experts.max(1);
        // Output widths of the layer's matmuls, in execution order.
        let mut mms = vec![q, kv, kv, a.hidden];
        match a.mlp {
            Mlp::Gated => mms.extend([a.ffn * experts, a.ffn * experts, a.hidden]),
            Mlp::Standard => mms.extend([a.ffn * experts, a.hidden]),
        }
        let saved_mm: u64 = mms.iter().step_by(2).sum();
        let split = crate::add!(
            crate::mul!(s, b, crate::add!(saved_mm, q), e),
            crate::mul!(4, b, a.heads, s)
        );
        LayerActivations {
            replicated: if self.sp {
                self.checkpoint()
            } else {
                crate::mul!(self.sbh(), e)
            },
            split: split.div_ceil(t),
            core: 0,
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
    /// Bytes of one loss value per logit: FP32 when the logits are upcast (or already FP32),
    /// else the training precision.
    pub fn loss_elem(&self) -> u64 {
        if self.logits_upcast || self.elem >= 4 {
            4
        } else {
            self.elem
        }
    }

    /// Bytes per logit the unchunked loss holds besides the logits: its copy, the log-softmax
    /// it saves and that term's gradient, each in `loss_elem` (12 in FP32).
    fn loss_terms(&self) -> u64 {
        crate::scenario::training::FP32_LOSS_BYTES / 4 * self.loss_elem()
    }

    pub fn logits(&self) -> u64 {
        let t = self.tp.max(1);
        let inputs = self.logits_inputs();
        let logits = crate::mul!(self.seq, self.batch, self.arch.vocab);
        let loss = match self.loss_chunks {
            // Cut Cross-Entropy: logits computed block by block in on-chip memory, never
            // stored; only an FP32 log-sum-exp per token remains.
            None if self.fused_loss => crate::mul!(4, self.seq, self.batch),
            None => {
                let per_logit = if self.elem < 4 {
                    self.elem + self.loss_elem()
                } else {
                    4
                };
                crate::mul!(logits, per_logit)
            }
            // The logits in the training precision stay (the output layer produced them all);
            // one chunk at a time is upcast, log-softmaxed and differentiated in FP32.
            // Fused with the output layer: a chunk's logits exist only while it is processed.
            Some(n) if self.fused_loss => {
                crate::mul!(logits, self.elem + self.loss_terms()).div_ceil(n.max(1))
            }
            // Compiled chunks (torchtune compile_loss compiles the upcast and cross-entropy of
            // each chunk): the FP32 upcast is fused into the reductions and the backward keeps
            // the 16-bit chunk and a log-sum-exp per token, recomputing the softmax (AOTAutograd's
            // min-cut partitioner), so besides the 16-bit logits only one chunk's 16-bit gradient.
            Some(n) if !self.eager && n > 1 => crate::add!(
                crate::mul!(logits, self.elem),
                crate::mul!(logits, self.elem).div_ceil(n),
                crate::mul!(4, self.seq, self.batch)
            ),
            Some(n) => crate::add!(
                crate::mul!(logits, self.elem),
                crate::mul!(logits, self.loss_terms()).div_ceil(n.max(1))
            ),
        };
        crate::add!(inputs, loss.div_ceil(t))
    }

    /// The final norm's and the output projection's inputs, kept for the backward pass.
    pub fn logits_inputs(&self) -> u64 {
        let inputs = crate::mul!(2, self.sbh(), self.elem);
        // Eager final norm: its FP32 input too.
        let inputs = if self.eager && self.elem < 4 {
            crate::add!(inputs, crate::mul!(4, self.sbh()))
        } else {
            inputs
        };
        if self.sp {
            inputs.div_ceil(self.tp.max(1))
        } else {
            inputs
        }
    }

    /// Peak transient working set of one layer's forward pass in inference (nothing is kept
    /// for a backward pass): the residual and normed input, Q/K/V, the MLP internals of one
    /// layer, and without flash attention the scores and their softmax.
    pub fn inference_peak(&self) -> u64 {
        let w = self.inference_terms();
        let tokens = crate::mul!(self.seq, self.batch);
        let io = crate::mul!(tokens, w.io_per_token);
        let split = crate::add!(
            crate::mul!(tokens, w.qkv_per_token),
            crate::mul!(tokens, w.mlp_per_token),
            w.scores
        );
        crate::add!(io, split.div_ceil(self.tp.max(1)))
    }

    /// The terms of `inference_peak`: per token, and the scores of the whole prefill.
    pub fn inference_terms(&self) -> InferenceTerms {
        let a = &self.arch;
        let (s, b, e) = (self.seq, self.batch, self.elem);
        let per_token_mlp = match a.mlp {
            Mlp::Standard => 2,
            Mlp::Gated => 3,
        };
        // One layer at a time: the dense FFN, or (when the expert width is given) the routed
        // and shared experts a token passes through, whichever is wider.
        let width = if a.moe_ffn > 0 {
            a.ffn.max(a.active_ffn())
        } else {
            a.ffn
        };
        InferenceTerms {
            io_per_token: crate::mul!(2, a.hidden, e),
            qkv_per_token: crate::mul!(a.heads + 2 * a.kv_heads, a.head_dim, e),
            mlp_per_token: crate::mul!(per_token_mlp, width, e),
            scores: if self.flash {
                0
            } else {
                crate::mul!(2, b, a.heads, s, s, e)
            },
        }
    }

    /// Working set of one serving-engine step over `seq` tokens (batch 1), with the fused
    /// attention kernels engines use (no score matrix): residual and normed input, Q/K/V, and
    /// the MLP's gate, up and activated values for each token's active experts (vLLM's
    /// fused_moe keeps top-k copies). vLLM measures this peak in its profile run.
    pub fn step_peak(&self) -> u64 {
        let a = &self.arch;
        let (s, e, t) = (self.seq, self.elem, self.tp.max(1));
        let io = crate::mul!(2, s, a.hidden, e);
        let qkv = crate::mul!(s, a.heads + 2 * a.kv_heads, a.head_dim, e);
        let per_token_mlp = match a.mlp {
            Mlp::Standard => 2,
            Mlp::Gated => 3,
        };
        let mlp = crate::mul!(s, per_token_mlp, a.active_ffn(), e);
        crate::add!(io, crate::add!(qkv, mlp).div_ceil(t))
    }
}
