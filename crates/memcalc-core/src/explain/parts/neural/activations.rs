//! Activations: what a training step keeps for the backward pass (transformers and
//! scientific-ML networks), what offloading moves to the host, and inference's working set.

use crate::base::units::group_digits as g;
use crate::explain::parts::Template;
use crate::explain::wording::sequences as seqs;
use crate::model::values::neural::{
    Activations, ActivationsOffloaded, InferActivations, SciActivations,
};
use crate::scenario::sciml::ModelKind;
use crate::scenario::training::SRC_ACT_OFFLOAD;
use crate::scenario::Recompute;

pub const SRC_ACT: &str = "Korthikanti et al. 2022, Reducing Activation Recomputation in Large Transformer Models (arXiv:2205.05198), section 4 and table 2";

impl Template for Activations {
    fn label(&self) -> &'static str {
        "Activations"
    }
    fn formula(&self, bytes: u64) -> String {
        let (l, op) = (self.layer, self.saved_op);
        let lora = if self.lora > 0 {
            format!(" + {} (adapters)", g(self.lora))
        } else {
            String::new()
        };
        let full_layer = crate::add!(l.replicated, l.split, l.core, self.lora);
        let mut formula = if self.offloaded {
            let kept = self.before.saturating_sub(self.embedding_mask);
            if kept == full_layer {
                format!(
                    "({} + {} + {}{lora}) B of the layer being computed",
                    g(l.replicated),
                    g(l.split),
                    g(l.core)
                )
            } else {
                format!("{} B kept on the device", g(kept))
            }
        } else {
            match self.recompute {
                Recompute::Full => format!(
                    "{} layers × {} in flight × {} B (layer inputs) + {} B (one layer recomputed)",
                    self.layers,
                    self.in_flight,
                    g(self.checkpoint),
                    g(full_layer)
                ),
                Recompute::SelectiveOp => format!(
                    "{} layers × {} in flight × ({} + {}{lora}) B saved per layer + {} B (one layer's recomputed rest)",
                    self.layers,
                    self.in_flight,
                    g(op.replicated),
                    g(op.split),
                    g(crate::add!(l.replicated, l.split, l.core)
                        .saturating_sub(crate::add!(op.replicated, op.split, op.core)))
                ),
                _ => format!(
                    "{} layers × {} in flight × ({} + {} + {}{lora}) B per layer",
                    self.layers,
                    self.in_flight,
                    g(l.replicated),
                    g(l.split),
                    g(l.core)
                ),
            }
        };
        if self.embedding_mask > 0 {
            formula.push_str(&format!(
                " + {} B (embedding dropout masks)",
                g(self.embedding_mask)
            ));
        }
        formula.push_str(&format!(" = {} B", g(self.before)));
        if self.overlap > 0 {
            formula.push_str(&format!(
                " − {} B reused from the loss = {} B",
                g(self.overlap),
                g(bytes)
            ));
        }
        formula
    }
    fn question(&self) -> &'static str {
        "What are activations, and why do they grow with batch and sequence?"
    }
    fn explanation(&self) -> String {
        let (l, op) = (self.layer, self.saved_op);
        let flight = if self.pp > 1 {
            format!(
                " With {} pipeline stages (1F1B schedule) this stage keeps {} {} in flight.",
                self.pp,
                self.in_flight,
                crate::explain::wording::plural(self.in_flight, "micro-batch", "micro-batches")
            )
        } else {
            String::new()
        };
        let core = if self.flash {
            "Flash attention never stores the sequence × sequence scores."
        } else if self.recompute == Recompute::Selective {
            "Selective recomputation drops the sequence × sequence attention scores (5·a·s²·b) and recomputes them."
        } else {
            "Without flash attention the sequence × sequence scores, their softmax and dropout are stored: the term that grows with the square of the sequence length."
        };
        let mut how = match self.recompute {
            Recompute::Full => "Full recomputation keeps only each layer's input and recomputes the rest during the backward pass, one layer at a time.".to_string(),
            Recompute::SelectiveOp => format!("Per-op selective checkpointing (torchtitan) keeps each layer's input ({} B), every other matmul output and the attention output with its log-sum-exp ({} B) and recomputes the rest in the backward pass, one layer at a time.", g(op.replicated), g(op.split)),
            _ => format!(
                "Per layer: {} B of inputs to norms and projections{}, {} B of Q, K, V and MLP internals{}, and {} B of attention scores. {core}",
                g(l.replicated),
                if self.dropout { " and dropout masks" } else { "" },
                g(l.split),
                if self.tp > 1 { format!(" split over {} tensor-parallel ranks", self.tp) } else { String::new() },
                g(l.core)
            ),
        };
        if self.overlap > 0 {
            how.push_str(" The loss's tensors are freed by its backward pass before the first layer is recomputed (torchtune and torchtitan delete the logits before loss.backward(); autograd frees a node's saved tensors once it has run), so the recomputed layer reuses their memory: only what it needs beyond the logits and loss adds to the peak.");
        }
        if !self.compile && self.low_precision && self.recompute != Recompute::SelectiveOp {
            how.push_str(" Eager PyTorch (no torch.compile) also keeps FP32 copies of both norms' inputs and of Q and K around RoPE.");
        }
        if self.offloaded {
            how.push_str(" Offloaded: only the layer being computed stays on the device; the rest waits in host memory.");
        }
        if self.mlp_tiles > 1 {
            how.push_str(&format!(" Tiled MLP (Unsloth; Arctic Long Sequence Training's TiledMLP, arXiv:2506.13996): the recomputed layer's MLP runs over {} tiles of the sequence, so only one tile's intermediates exist at a time.", self.mlp_tiles));
        }
        format!(
            "The forward pass keeps intermediate tensors for the backward pass: {} × {} tokens × hidden {} in every one of {} layers ({} values in {} bytes). {how}{flight}",
            seqs(self.batch),
            g(self.seq),
            g(self.hidden),
            self.layers,
            if self.elem == 2 { "16-bit" } else { "stored" },
            self.elem
        )
    }
    fn source(&self) -> &'static str {
        if self.mlp_tiles > 1 {
            crate::scenario::training::SRC_TILED_MLP
        } else {
            SRC_ACT
        }
    }
}

impl Template for ActivationsOffloaded {
    fn label(&self) -> &'static str {
        "Activations offloaded to host"
    }
    fn formula(&self, bytes: u64) -> String {
        let kept = match self.offload_layers {
            Some(_) => "the layers Megatron does not offload, kept on the device",
            None => "one layer kept on the device",
        };
        format!(
            "{} B stored activations − {} B ({kept}) = {} B",
            g(self.stored),
            g(self.kept),
            g(bytes)
        )
    }
    fn question(&self) -> &'static str {
        "Where do offloaded activations go?"
    }
    fn explanation(&self) -> String {
        match self.offload_layers {
            Some(n) => format!(
                "Megatron-Core's CPU offloading (--cpu-offloading-num-layers {n}) copies the tensors saved for the backward pass of {n} of this stage's {} layers to host memory and brings them back in the backward pass; the other {} keep theirs on the device.",
                self.layers,
                self.layers - n
            ),
            None => "Activation offloading copies the tensors saved for the backward pass to pinned host memory as the forward pass goes and brings them back layer by layer; the device keeps the layer being computed.".into(),
        }
    }
    fn source(&self) -> &'static str {
        if self.offload_layers.is_some() {
            crate::scenario::training::SRC_OFFLOAD_LAYERS
        } else {
            SRC_ACT_OFFLOAD
        }
    }
}

impl Template for SciActivations {
    fn label(&self) -> &'static str {
        if self.trains {
            "Activations"
        } else {
            "Activations (working set)"
        }
    }
    fn formula(&self, bytes: u64) -> String {
        let split = if self.split > 1 {
            format!(" ÷ {} ranks", self.split)
        } else {
            String::new()
        };
        let checkpointed = if self.checkpointed {
            format!(
                " ÷ {} layers × 2 (checkpointed: two layers' worth)",
                self.model.depth.max(1)
            )
        } else {
            String::new()
        };
        format!(
            "{} values per sample × {} samples × {} B{split}{checkpointed} = {} B",
            g(self.per_sample),
            g(self.batch),
            self.elem,
            g(bytes)
        )
    }
    fn question(&self) -> &'static str {
        "What does this network keep for the backward pass?"
    }
    fn explanation(&self) -> String {
        let m = &self.model;
        let what = match m.model {
            ModelKind::Pinn => format!("{} collocation points × {} neurons × {} layers, kept twice (pre-activation and activation) and again for each of the {} input coordinates at each of the {} derivative orders the PDE residual differentiates", g(m.points), g(m.width), g(m.depth), m.inputs, m.derivs),
            ModelKind::Fno => format!("{} grid points × {} channels per Fourier layer ({} layers): the layer input, its half-spectrum, the spectral and pointwise outputs and the activation", g(m.grid), g(m.width), g(m.depth)),
            ModelKind::Gnn => format!("per message-passing step ({} steps): edge inputs, hidden and outputs on {} edges and node features on {} nodes, {} latent values each", g(m.depth), g(m.edges), g(m.nodes), g(m.width)),
            ModelKind::Unet => format!("feature maps of {} levels, from {} points × {} channels down to a coarse grid with {}× the channels, on the way down and up", g(m.depth), g(m.grid), g(m.channels), 1u64 << m.depth.saturating_sub(1).min(62)),
            ModelKind::Transformer => String::new(),
        };
        format!(
            "{}{what}.",
            if self.trains {
                "The forward pass keeps, per sample, "
            } else {
                "A forward pass needs, per sample, a working set of roughly one layer of "
            }
        )
    }
    fn source(&self) -> &'static str {
        match self.model.model {
            ModelKind::Transformer => "",
            ModelKind::Pinn => "Raissi, Perdikaris & Karniadakis 2019, Physics-informed neural networks (J. Comput. Phys. 378)",
            ModelKind::Fno => "Li et al. 2021, Fourier Neural Operator for Parametric PDEs (arXiv:2010.08895)",
            ModelKind::Gnn => "Pfaff et al. 2021, Learning Mesh-Based Simulation with Graph Networks (arXiv:2010.03409)",
            ModelKind::Unet => "Ronneberger, Fischer & Brox 2015, U-Net (arXiv:1505.04597)",
        }
    }
}

impl Template for InferActivations {
    fn label(&self) -> &'static str {
        "Activations (working set)"
    }
    fn formula(&self, bytes: u64) -> String {
        let tokens = format!("{} × {} tokens", g(self.batch), g(self.seq));
        let scores = if self.scores > 0 {
            format!(" + {} B (attention scores)", g(self.scores))
        } else {
            String::new()
        };
        let (io, qkv, mlp) = (
            g(self.io_per_token),
            g(self.qkv_per_token),
            g(self.mlp_per_token),
        );
        if self.tp > 1 {
            format!(
                "one layer's prefill of {tokens} × {io} B per token + ({tokens} × ({qkv} + {mlp}) B per token{scores}) ÷ {} tensor-parallel ranks = {} B",
                self.tp,
                g(bytes)
            )
        } else {
            format!(
                "one layer's prefill of {tokens} × ({io} + {qkv} + {mlp}) B per token{scores} = {} B",
                g(bytes)
            )
        }
    }
    fn question(&self) -> &'static str {
        "Does inference need activation memory?"
    }
    fn explanation(&self) -> String {
        format!(
            "Nothing is kept for a backward pass, but each layer's forward pass needs a working set while it runs: the prompt's hidden states, Q, K, V and the MLP's intermediate values for {} of {} tokens{}. It is freed layer by layer, so it is counted once.",
            seqs(self.batch),
            g(self.seq),
            if self.flash {
                ""
            } else {
                ", plus the sequence × sequence attention scores (no flash attention)"
            }
        )
    }
    fn source(&self) -> &'static str {
        SRC_ACT
    }
}
