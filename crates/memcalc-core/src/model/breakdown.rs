//! What an estimate is: named components with their bytes, where they live, and the totals
//! the verdict compares with the device.

use crate::catalog::parts::PartId;
use crate::scenario::Mode;

/// Where a component's bytes live.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Location {
    Device,
    Host,
    /// Written to storage over the run; not part of any memory total.
    Disk,
}

impl Location {
    pub fn id(self) -> &'static str {
        match self {
            Location::Device => "device",
            Location::Host => "host",
            Location::Disk => "disk",
        }
    }
}

/// One part of the memory: which part, its bytes, where they live, and the named values its
/// formula uses. No text: the label, formula, explanation, question and source are written from
/// the part's template in `explain::parts`, only when a row is shown or exported, and the time
/// model reads the same values.
#[derive(Debug, Clone, PartialEq)]
pub struct Component {
    /// Which part of the breakdown (serialised as its key, e.g. `weights`).
    pub id: PartId,
    pub bytes: u64,
    pub location: Location,
    /// The named values of the part's formula, one variant per template.
    pub values: crate::model::values::Values,
}

/// What one total counts: a device for neural models, a node for CPU simulations (all the ranks
/// on one node), a GPU for GPU-resident simulations. The page, the charts and the exports branch
/// on it, so each `match` lists every case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Per {
    Device,
    Gpu,
    Node,
}

impl Per {
    /// The word the page and the exports write: "Total per GPU".
    pub fn word(self) -> &'static str {
        match self {
            Per::Device => "device",
            Per::Gpu => "GPU",
            Per::Node => "node",
        }
    }
}

impl std::fmt::Display for Per {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

/// Which device, rank or node the figures are for.
#[derive(Debug, Clone, PartialEq)]
pub enum Busiest {
    /// The busiest pipeline stage (counted from 1) of `of`.
    Stage { stage: u64, of: u64 },
    /// Each of several GPUs holding the same share.
    EachGpu { gpus: u64 },
    /// The one GPU.
    TheGpu,
    /// A simulation: what one total counts, the ranks over the nodes, and the busiest rank's
    /// part of the decomposition.
    Sim {
        per: Per,
        ranks: u64,
        nodes: u64,
        shape: crate::model::values::sim::SimShape,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    pub mode: Mode,
    pub components: Vec<Component>,
    /// Sum of the device-resident components of the busiest device: what `nvidia-smi` would
    /// show at the peak.
    pub per_device_bytes: u64,
    /// Device memory summed over every device.
    pub cluster_bytes: u64,
    /// Host memory per node: offloaded states of the node's devices and in-memory data.
    pub host_per_node_bytes: u64,
    pub capacity_bytes: u64,
    pub host_capacity_bytes: Option<u64>,
    pub device_label: String,
    /// Which device the figures describe, e.g. pipeline stage 1 of 4 (`explain::busiest`
    /// writes it).
    pub busiest: Busiest,
    /// What one total counts.
    pub per: Per,
    /// The language model's parameters (a vision-language model's encoder is `vision_params`).
    pub params: u64,
    pub trainable_params: u64,
    /// A vision-language model's vision encoder and projector (`catalog::vision`; issue 38);
    /// 0 without one. The page's "Parameters" counts both.
    pub vision_params: u64,
    /// Simulations: bytes per MPI rank (neural models: per device).
    pub per_rank_bytes: u64,
    /// Simulations: output over the run plus two restart files.
    pub disk_bytes: u64,
    /// Devices on one node whose host rows add up in its memory (each row is per device,
    /// except a dataset kept once per node).
    pub devices_per_node: u64,
    pub warnings: Vec<crate::model::warning::Warning>,
    /// Pooled serving engines (vLLM, SGLang): the KV pool and the sequences it holds.
    pub serving: Option<crate::model::neural::engine::Serving>,
    /// The device shares one memory pool with the CPU and the OS, and the capacity is the
    /// preset's default GPU share (no `gpu_mem` given): the verdict says what the OS keeps.
    pub unified: Option<crate::catalog::device::Unified>,
    /// The program whose mechanisms make the figures (engine, framework or code): which class
    /// of accuracy rows the total's band comes from (`analysis::band`).
    pub mechanism: crate::scenario::mechanism::Mechanism,
}

impl Estimate {
    /// Fits the device, and the host memory when one is given.
    pub fn fits(&self) -> bool {
        self.fits_device()
            && self
                .host_capacity_bytes
                .is_none_or(|h| self.host_per_node_bytes <= h)
    }

    pub fn fits_device(&self) -> bool {
        self.per_device_bytes <= self.capacity_bytes && self.serving.is_none_or(|v| v.batch_fits())
    }

    /// The size of the headroom or shortfall.
    pub fn headroom_abs(&self) -> u64 {
        self.capacity_bytes.abs_diff(self.per_device_bytes)
    }

    /// The host rows as bytes per node: they sum to `host_per_node_bytes`.
    pub fn host_parts(&self) -> Vec<(&Component, u64)> {
        self.components
            .iter()
            .filter(|c| c.location == Location::Host)
            .map(|c| {
                (
                    c,
                    if c.id == PartId::Dataset {
                        c.bytes
                    } else {
                        crate::mul!(c.bytes, self.devices_per_node)
                    },
                )
            })
            .collect()
    }

    pub fn component(&self, id: PartId) -> Option<&Component> {
        self.components.iter().find(|c| c.id == id)
    }
}
