//! The inputs a user can set: URL key, label, grouping, default and how each is parsed.
//! The page and the CLI both render and parse from this one table.

use crate::choice::Choice;
use crate::device::GPUS;
use crate::optimizer::Optimizer;
use crate::precision::Dtype;
use crate::scenario::{Mode, DEFAULT_OVERHEAD_BP, DEFAULT_RUNTIME_MIB};

/// How a field is entered and parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    /// A count such as `7B`.
    Count,
    /// A size; a bare number is in the unit named.
    Size { unit: &'static str },
    /// A plain non-negative number in the unit named (e.g. MiB, %).
    Number { unit: &'static str },
    /// On or off.
    Toggle,
    /// One of a fixed list of options.
    Select,
}

/// Where a field sits in the form; essentials come first, advanced ones are folded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    Model,
    Training,
    Device,
}

impl Group {
    pub const ALL: [Group; 3] = [Group::Model, Group::Training, Group::Device];

    pub fn label(self) -> &'static str {
        match self {
            Group::Model => "Model",
            Group::Training => "Precision and optimizer",
            Group::Device => "Device",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// URL query key; a public API, never renamed.
    pub key: &'static str,
    pub label: &'static str,
    pub group: Group,
    pub advanced: bool,
    pub kind: FieldKind,
    pub help: &'static str,
}

pub const FIELDS: &[Field] = &[
    Field { key: "mode", label: "Mode", group: Group::Model, advanced: false, kind: FieldKind::Select,
        help: "Training and full fine-tuning keep gradients and optimizer states; inference keeps only the weights." },
    Field { key: "params", label: "Parameters", group: Group::Model, advanced: false, kind: FieldKind::Count,
        help: "Total parameter count, e.g. 7B, 125M, 6.7e9 or 64Ki." },
    Field { key: "dtype", label: "Precision", group: Group::Training, advanced: false, kind: FieldKind::Select,
        help: "Format of the weights used in the forward and backward passes." },
    Field { key: "optimizer", label: "Optimizer", group: Group::Training, advanced: false, kind: FieldKind::Select,
        help: "Decides how many values of state are kept per parameter." },
    Field { key: "mixed", label: "FP32 master weights (mixed precision)", group: Group::Training, advanced: true, kind: FieldKind::Toggle,
        help: "Keep an FP32 copy of the weights and FP32 optimizer states beside 16- or 8-bit weights." },
    Field { key: "grad_dtype", label: "Gradient precision", group: Group::Training, advanced: true, kind: FieldKind::Select,
        help: "ZeRO counts gradients in the weights' precision (16 bytes/param with AdamW); Megatron-LM and Hugging Face keep FP32 gradients (18)." },
    Field { key: "gpu", label: "GPU", group: Group::Device, advanced: false, kind: FieldKind::Select,
        help: "The device one copy of the model runs on." },
    Field { key: "gpu_mem", label: "Device memory (overrides the GPU)", group: Group::Device, advanced: true, kind: FieldKind::Size { unit: "GiB" },
        help: "Capacity of your device; a bare number is GiB, 80GB is decimal." },
    Field { key: "runtime", label: "Runtime memory per device", group: Group::Device, advanced: true, kind: FieldKind::Number { unit: "MiB" },
        help: "CUDA context, kernels and library workspaces that nvidia-smi counts before any tensor." },
    Field { key: "overhead", label: "Allocator overhead", group: Group::Device, advanced: true, kind: FieldKind::Number { unit: "%" },
        help: "Fragmentation and temporaries of the caching allocator, as a share of the tensors." },
];

pub fn field(key: &str) -> Option<&'static Field> {
    FIELDS.iter().find(|f| f.key == key)
}

/// The options of a select field as (id, label), in display order.
pub fn options(key: &str) -> Vec<(&'static str, &'static str)> {
    fn all<C: Choice>() -> Vec<(&'static str, &'static str)> {
        C::ALL.iter().map(|c| (c.id(), c.label())).collect()
    }
    match key {
        "mode" => all::<Mode>(),
        "dtype" => all::<Dtype>(),
        "optimizer" => all::<Optimizer>(),
        "grad_dtype" => {
            let mut v = vec![("", "Same as the weights")];
            v.extend(all::<Dtype>());
            v
        }
        "gpu" => GPUS.iter().map(|g| (g.id, g.label)).collect(),
        _ => Vec::new(),
    }
}

/// The raw text of each field when the user has changed nothing.
pub fn default_raw(key: &str) -> String {
    match key {
        "mode" => "train".into(),
        "params" => "7B".into(),
        "dtype" => "bf16".into(),
        "optimizer" => "adamw".into(),
        "mixed" => "on".into(),
        "gpu" => GPUS[0].id.into(),
        "runtime" => DEFAULT_RUNTIME_MIB.to_string(),
        "overhead" => crate::units::format_fixed(DEFAULT_OVERHEAD_BP, 2),
        _ => String::new(),
    }
}
