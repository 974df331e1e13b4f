//! The estimate: per-device memory as a sum of named components, each with its formula (the
//! user's numbers substituted), an explanation and its source.

use crate::choice::Choice;
use crate::optimizer::Optimizer;
use crate::scenario::{Mode, Scenario};
use crate::units::{format_fixed, group_digits};

/// Where a component's bytes live.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Location {
    Device,
    Host,
}

impl Location {
    pub fn id(self) -> &'static str {
        match self {
            Location::Device => "device",
            Location::Host => "host",
        }
    }
}

/// One part of the memory, with everything needed to explain it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Component {
    /// Stable id (`weights`, `master_weights`, `gradients`, `optimizer`, `runtime`, `overhead`).
    pub id: &'static str,
    pub label: &'static str,
    pub bytes: u64,
    pub location: Location,
    /// The computation with the user's numbers, e.g. `7,000,000,000 × 2 B = 14,000,000,000 B`.
    pub formula: String,
    /// The FAQ question this row answers.
    pub question: &'static str,
    /// What the component is and why it exists, in the user's terms.
    pub explanation: String,
    /// Where the formula comes from.
    pub source: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Estimate {
    pub mode: Mode,
    pub components: Vec<Component>,
    /// Sum of the device-resident components: what `nvidia-smi` would show at the peak.
    pub per_device_bytes: u64,
    pub capacity_bytes: u64,
    pub device_label: String,
    pub warnings: Vec<String>,
}

impl Estimate {
    pub fn fits(&self) -> bool {
        self.per_device_bytes <= self.capacity_bytes
    }

    /// Capacity minus use: positive is headroom, negative a shortfall.
    pub fn headroom_bytes(&self) -> i128 {
        i128::from(self.capacity_bytes) - i128::from(self.per_device_bytes)
    }

    pub fn component(&self, id: &str) -> Option<&Component> {
        self.components.iter().find(|c| c.id == id)
    }
}

pub const SRC_ZERO: &str = "Rajbhandari et al. 2020, ZeRO: Memory Optimizations Toward Training Trillion Parameter Models (arXiv:1910.02054), section 3.1";
pub const SRC_MIXED: &str = "Micikevicius et al. 2018, Mixed Precision Training (arXiv:1710.03740); ZeRO (arXiv:1910.02054) section 3.1";
pub const SRC_TM101: &str = "EleutherAI, Transformer Math 101 (2023), 'Optimizer states'; ZeRO (arXiv:1910.02054) section 3.1";
pub const SRC_RUNTIME: &str = "PyTorch maintainers on the CUDA context: pytorch/pytorch#107667 (about 300 MiB with CUDA >= 11.7 lazy loading) and #20532";
pub const SRC_ALLOCATOR: &str = "PyTorch documentation, CUDA semantics: memory management (caching allocator, memory_reserved vs memory_allocated)";

fn bytes_u64(b: u128) -> u64 {
    // Scenario limits (10^15 parameters, 1 PiB devices) keep every sum far below u64::MAX.
    u64::try_from(b).unwrap_or(u64::MAX)
}

fn times(params: u128, per: u128, total: u128) -> String {
    format!("{} × {per} B = {} B", group_digits(params), group_digits(total))
}

/// Computes the per-device memory of a validated scenario.
pub fn estimate(s: &Scenario) -> Estimate {
    let p = s.params;
    let mut parts: Vec<Component> = Vec::new();
    let dt = s.dtype;

    let weights = p * dt.bytes();
    parts.push(Component {
        id: "weights",
        label: "Weights",
        bytes: bytes_u64(weights),
        location: Location::Device,
        formula: times(p, dt.bytes(), weights),
        question: "What are the weights, and why this size?",
        explanation: format!(
            "Every one of the {} parameters is held once in {} ({} bytes each){}.",
            group_digits(p),
            dt.id().to_uppercase(),
            dt.bytes(),
            if s.keeps_master_copy() {
                ": this is the working copy the forward and backward passes read"
            } else {
                ""
            }
        ),
        source: SRC_ZERO,
    });

    if s.mode.trains() {
        let master = if s.keeps_master_copy() { p * 4 } else { 0 };
        parts.push(Component {
            id: "master_weights",
            label: "FP32 master weights",
            bytes: bytes_u64(master),
            location: Location::Device,
            formula: if master > 0 { times(p, 4, master) } else { "0 B".into() },
            question: "Why is there a second copy of the weights?",
            explanation: if master > 0 {
                format!(
                    "With mixed precision the optimizer updates an FP32 copy of every weight, because \
                     adding small updates to {} values would round them away; the {} copy is refreshed \
                     from it after each step.",
                    dt.id().to_uppercase(),
                    dt.id().to_uppercase()
                )
            } else if !dt.is_low_precision() {
                format!("None needed: the weights are already {} and are updated in place.", dt.id().to_uppercase())
            } else {
                format!(
                    "None kept: mixed precision is off, so the optimizer updates the {} weights directly \
                     (cheaper, but small updates may be lost to rounding).",
                    dt.id().to_uppercase()
                )
            },
            source: SRC_MIXED,
        });

        let g = s.grad_dtype();
        let grads = p * g.bytes();
        parts.push(Component {
            id: "gradients",
            label: "Gradients",
            bytes: bytes_u64(grads),
            location: Location::Device,
            formula: times(p, g.bytes(), grads),
            question: "Why do gradients take this much?",
            explanation: format!(
                "Backpropagation produces one gradient per trainable parameter, held until the \
                 optimizer step: {} parameters in {} ({} bytes). Sources differ here: the ZeRO paper \
                 keeps gradients in the weights' precision (16 bytes per parameter with mixed-precision \
                 Adam), Megatron-LM and Hugging Face's 'model memory anatomy' accumulate them in FP32 \
                 (18 bytes): the 'Gradient precision' setting chooses.",
                group_digits(p),
                g.id().to_uppercase(),
                g.bytes()
            ),
            source: SRC_ZERO,
        });

        let sd = s.state_dtype();
        let opt = s.optimizer.state_bytes(p, sd.bytes());
        let formula = match s.optimizer {
            Optimizer::Sgd => "0 B".to_string(),
            Optimizer::Adam8bit => format!(
                "2 × ({} × 1 B + ⌈{} / 2048⌉ × 4 B) = {} B",
                group_digits(p),
                group_digits(p),
                group_digits(opt)
            ),
            o => format!(
                "{} × {} × {} B = {} B",
                o.state_count(),
                group_digits(p),
                sd.bytes(),
                group_digits(opt)
            ),
        };
        parts.push(Component {
            id: "optimizer",
            label: "Optimizer states",
            bytes: bytes_u64(opt),
            location: Location::Device,
            formula,
            question: "What are optimizer states?",
            explanation: format!(
                "{} {}",
                s.optimizer.describe_states(),
                match s.optimizer {
                    Optimizer::Sgd | Optimizer::Adam8bit => String::new(),
                    _ => format!(
                        "They are kept in {} ({} bytes each){}.",
                        sd.id().to_uppercase(),
                        sd.bytes(),
                        if s.keeps_master_copy() { " beside the master weights, as mixed precision requires" } else { "" }
                    ),
                }
            ),
            source: SRC_TM101,
        });
    }

    let tensors: u128 = parts.iter().map(|c| u128::from(c.bytes)).sum();
    let overhead = tensors * s.overhead_bp / 10_000;
    let pct = format_fixed(s.overhead_bp, 2);
    parts.push(Component {
        id: "overhead",
        label: "Allocator overhead",
        bytes: bytes_u64(overhead),
        location: Location::Device,
        formula: format!("{pct} % × {} B = {} B", group_digits(tensors), group_digits(overhead)),
        question: "Why add an overhead on top of the tensors?",
        explanation: format!(
            "Frameworks allocate through a caching allocator that rounds block sizes and keeps freed \
             blocks for reuse, and every step creates short-lived temporaries, so the memory reserved \
             exceeds the tensors above. This setting adds {pct} % of them; measure yours by comparing \
             torch.cuda.max_memory_reserved() with max_memory_allocated()."
        ),
        source: SRC_ALLOCATOR,
    });

    let runtime = s.runtime_mib << 20;
    parts.push(Component {
        id: "runtime",
        label: "CUDA context and libraries",
        bytes: bytes_u64(runtime),
        location: Location::Device,
        formula: format!("{} MiB × 1,048,576 B = {} B", group_digits(s.runtime_mib), group_digits(runtime)),
        question: "What uses memory before the model is even loaded?",
        explanation: format!(
            "The CUDA context (driver state and loaded kernels) and library workspaces (cuBLAS, cuDNN, \
             NCCL) are counted by nvidia-smi but not by torch.cuda.memory_allocated(). About 300 MiB \
             since CUDA 11.7 loads kernels lazily, over 1 GiB before; this setting counts {} MiB.",
            group_digits(s.runtime_mib)
        ),
        source: SRC_RUNTIME,
    });

    let per_device: u128 = parts
        .iter()
        .filter(|c| c.location == Location::Device)
        .map(|c| u128::from(c.bytes))
        .sum();
    let mut warnings = Vec::new();
    if s.mode == Mode::Infer {
        warnings.push(
            "Inference counts the weights only: the KV cache and activations depend on batch and context length, which this version does not take yet.".to_string(),
        );
    }
    if s.mode.trains() {
        warnings.push(
            "Activations are not counted yet: they grow with batch size and sequence length and often exceed the model states.".to_string(),
        );
    }
    if s.mode.trains() && !s.mixed && s.dtype.is_low_precision() {
        warnings.push(format!(
            "Training purely in {} without FP32 master weights can stall: updates smaller than the format's resolution are lost.",
            s.dtype.id().to_uppercase()
        ));
    }
    Estimate {
        mode: s.mode,
        components: parts,
        per_device_bytes: bytes_u64(per_device),
        capacity_bytes: bytes_u64(s.device.capacity_bytes()),
        device_label: s.device.label(),
        warnings,
    }
}
