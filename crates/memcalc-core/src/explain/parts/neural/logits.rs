//! The output layer: a training run's logits and loss, and inference's last-position logits.

use super::activations::SRC_ACT;
use crate::base::units::group_digits as g;
use crate::explain::parts::Template;
use crate::explain::wording::sequences as seqs;
use crate::model::values::neural::{InferLogits, Loss, TrainLogits};
use crate::scenario::training::{SRC_COMPILED_LOSS, SRC_FUSED_LOSS, SRC_HALF_LOSS, SRC_LOSS};

fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

impl Template for TrainLogits {
    fn label(&self) -> &'static str {
        "Logits and loss"
    }
    fn formula(&self, bytes: u64) -> String {
        let (s, b, v, e) = (g(self.seq), g(self.batch), g(self.vocab), self.elem);
        // The loss's three per-logit terms (copy, log-softmax, gradient): 12 B in FP32.
        let terms = 3 * self.loss_elem;
        let loss = match self.loss {
            Loss::OtherStage => {
                return format!(
                    "0 × {s} × {b} × {v} vocabulary (the output layer is on the last pipeline stage) = {} B",
                    g(bytes)
                )
            }
            Loss::Fused => format!("{s} × {b} tokens × 4 B (log-sum-exp)"),
            Loss::FusedChunks(n) => format!(
                "{s} × {b} × {v} vocabulary × ({e} B + {terms} B) ÷ {n} chunk{}",
                plural(n)
            ),
            Loss::CompiledChunks(n) => format!(
                "{s} × {b} × {v} vocabulary × ({e} B + {e} B ÷ {n} chunks) + {s} × {b} tokens × 4 B"
            ),
            Loss::Chunks(n) => format!(
                "{s} × {b} × {v} vocabulary × ({e} B + {terms} B ÷ {n} chunk{})",
                plural(n)
            ),
            Loss::Whole if e < 4 && self.loss_elem < 4 => {
                format!("{s} × {b} × {v} vocabulary × ({e} B + {e} B copy)")
            }
            Loss::Whole if e < 4 => format!("{s} × {b} × {v} vocabulary × ({e} B + 4 B FP32 copy)"),
            Loss::Whole => format!("{s} × {b} × {v} vocabulary × 4 B"),
        };
        let loss = if self.tp > 1 {
            format!("({loss}) ÷ {} tensor-parallel ranks", self.tp)
        } else {
            loss
        };
        format!("{loss} + {} B inputs = {} B", g(self.inputs), g(bytes))
    }
    fn question(&self) -> &'static str {
        "Why does the output layer need so much?"
    }
    fn explanation(&self) -> String {
        let more = match self.chunks {
            None if self.fused => " Here the output layer is fused with the cross-entropy (Cut Cross-Entropy): logits are computed block by block in on-chip memory and never stored; only a log-sum-exp per token remains.".to_string(),
            None => String::new(),
            Some(1) => " The cross-entropy is computed in one piece: at its peak it holds the 16-bit logits, their FP32 upcast, the log-softmax it saves and that term's FP32 gradient — about 12 bytes per logit besides the 16-bit ones.".to_string(),
            Some(n) if self.fused => format!(" The output layer is fused with the cross-entropy and runs in {n} chunks (Cut Cross-Entropy, Liger): the logits are never stored whole, only the chunk being computed with its FP32 terms."),
            Some(n) if self.compile && n > 1 => format!(" The cross-entropy is computed in {n} chunks and compiled (torchtune compiles each chunk's upcast and loss): the FP32 upcast is fused into the kernels and the backward pass recomputes the softmax from the 16-bit chunk and a log-sum-exp per token, so besides the 16-bit logits only one chunk's 16-bit gradient is alive."),
            Some(n) => format!(" The cross-entropy is computed in {n} chunks (torchtune, torchtitan): the 16-bit logits stay, but only one chunk at a time is upcast to FP32 with its log-softmax and gradient."),
        };
        let compiled_chunks = self.compile && self.chunks > Some(1) && !self.fused;
        if self.loss_elem < 4 && !(self.fused && self.chunks.is_none()) && !compiled_chunks {
            let more = match self.chunks {
                Some(n) if n > 1 => {
                    format!(" In {n} chunks, one at a time.")
                }
                _ => String::new(),
            };
            return format!(
                "The output layer scores every position against the vocabulary: {} sequences × {} tokens × {} entries. The loss runs on them without an FP32 upcast (transformers before 4.31, DeepSpeed fp16): its copy, saved log-softmax and gradient take {} bytes per logit each.{more}",
                g(self.batch),
                g(self.seq),
                g(self.vocab),
                self.loss_elem
            );
        }
        format!(
            "The output layer turns every position into a score per vocabulary entry: {} × {} tokens × {} entries, kept for the loss in FP32 (and, in Hugging Face causal LMs, also in the training precision they are upcast from). Large vocabularies make this a gigabyte-scale term that most calculators forget.{more}",
            seqs(self.batch),
            g(self.seq),
            g(self.vocab)
        )
    }
    fn source(&self) -> &'static str {
        let upcast = self.loss_elem >= 4;
        let compiled_chunks = self.compile && self.chunks > Some(1) && !self.fused;
        if self.fused && (upcast || self.chunks.is_none()) {
            SRC_FUSED_LOSS
        } else if compiled_chunks {
            SRC_COMPILED_LOSS
        } else if !upcast {
            SRC_HALF_LOSS
        } else if self.chunks.is_some() {
            SRC_LOSS
        } else {
            SRC_ACT
        }
    }
}

impl Template for InferLogits {
    fn label(&self) -> &'static str {
        "Logits"
    }
    fn formula(&self, bytes: u64) -> String {
        let tp = if self.tp > 1 {
            format!(" ÷ {} tensor-parallel ranks", self.tp)
        } else {
            String::new()
        };
        format!(
            "{} × {} vocabulary × 4 B{tp} = {} B",
            seqs(self.batch),
            g(self.vocab),
            g(bytes)
        )
    }
    fn question(&self) -> &'static str {
        "Are logits kept during generation?"
    }
    fn explanation(&self) -> String {
        "Only for the position being sampled, in FP32: serving engines such as vLLM and llama.cpp compute the output layer for the last token of each sequence.".into()
    }
    fn source(&self) -> &'static str {
        SRC_ACT
    }
}
