//! The hardware a scenario runs on, as the time model reads it: the preset's figures from
//! `catalog::hardware`, each replaced by the user's override where one is given, and checked.

use crate::base::keys::FieldId;
use crate::catalog::hardware::{
    gpu_hardware, GpuHardware, LinkKind, Vendor, DEFAULT_CPU_NODE, DEFAULT_DESKTOP_NODE,
    DEFAULT_GPU_NODE, NVME_BANDWIDTH,
};
use crate::scenario::sim::SimDevice;
use crate::scenario::speed::{AMD_BW_EFF_BP, DEFAULT_BW_EFF_BP};
use crate::scenario::{Mode, Scenario};
use crate::speed::{SpeedError, Via};

/// One device's and one node's figures, overrides applied.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Machine {
    pub hw: &'static GpuHardware,
    /// Peak device memory bandwidth, B/s.
    pub gpu_bw: f64,
    /// Achieved share of the device memory's peak bandwidth: the user's, or the memory's own
    /// default (AMD Instinct HBM reaches less of its datasheet figure than NVIDIA's).
    pub bw_eff: f64,
    /// Achieved share of host memory bandwidth: the user's, or the general default.
    pub host_bw_eff: f64,
    /// Utilisation of peak FLOP/s.
    pub mfu: f64,
    /// GPU-to-GPU bandwidth one way, B/s, and what it is; PCIe where the GPU has no link.
    pub link_one_way: f64,
    pub link_via: Via,
    /// PCIe one way, B/s.
    pub pcie: f64,
    /// Host memory bandwidth of a node, B/s.
    pub host_bw: f64,
    /// Peak FP64 FLOP/s of a node's CPUs (every socket), for CPU codes' compute-bound terms.
    pub host_fp64: f64,
    /// CPU sockets of a node (NUMA domains the ranks spread over).
    pub sockets: u64,
    /// Network injection bandwidth of a node, one way, B/s.
    pub net: f64,
    /// Disk bandwidth for spills, B/s.
    pub disk: f64,
}

fn check(field: FieldId, v: f64, max: Option<f64>) -> Result<f64, SpeedError> {
    if !v.is_finite() || v <= 0.0 {
        return Err(SpeedError {
            field,
            message: "must be above 0".into(),
        });
    }
    if let Some(max) = max {
        if v > max {
            return Err(SpeedError {
                field,
                message: "must be at most 100 %".into(),
            });
        }
    }
    Ok(v)
}

impl Machine {
    /// The scenario's machine. Every figure must be above 0 and every share at most 100 %:
    /// an error names the key that sets the figure.
    pub fn of(s: &Scenario) -> Result<Machine, SpeedError> {
        let hw = gpu_hardware(s.device.preset.id).ok_or_else(|| SpeedError {
            field: FieldId::Gpu,
            message: format!("no hardware figures for '{}'", s.device.preset.id),
        })?;
        let o = &s.speed;
        let mb = |v: Option<u64>, preset: f64| v.map_or(preset, |v| v as f64 * 1e6);
        let cpu_sim = s.mode == Mode::Sim && s.sim.device == SimDevice::Cpu;
        let node = if cpu_sim {
            DEFAULT_CPU_NODE
        } else if hw.desktop {
            DEFAULT_DESKTOP_NODE
        } else {
            DEFAULT_GPU_NODE
        };
        // A CPU simulation streams host memory: the GPU's vendor says nothing about it.
        let device_eff = match hw.vendor {
            Vendor::Amd if !cpu_sim => AMD_BW_EFF_BP,
            _ => DEFAULT_BW_EFF_BP,
        };
        let (link_one_way, link_via) = match (o.link_bw_mb, hw.link) {
            (Some(v), link) => (
                v as f64 * 1e6 / 2.0,
                Via::Link(link.map_or(LinkKind::NvLink(0), |l| l.kind)),
            ),
            (None, Some(l)) if !matches!(l.kind, LinkKind::NvLinkBridge(_)) => {
                (l.one_way(), Via::Link(l.kind))
            }
            // A bridge joins two cards only: a node's GPUs talk over PCIe.
            _ => (hw.pcie.one_way(), Via::Pcie(hw.pcie.generation)),
        };
        Ok(Machine {
            hw,
            gpu_bw: check(FieldId::GpuBw, mb(o.gpu_bw_mb, hw.bandwidth), None)?,
            bw_eff: check(FieldId::BwEff, o.bw_eff_or(device_eff), Some(1.0))?,
            host_bw_eff: check(FieldId::BwEff, o.bw_eff(), Some(1.0))?,
            mfu: check(FieldId::Mfu, o.mfu(), Some(1.0))?,
            link_one_way: check(FieldId::LinkBw, link_one_way, None)?,
            link_via,
            pcie: hw.pcie.one_way(),
            host_bw: check(FieldId::HostBw, mb(o.host_bw_mb, node.bandwidth()), None)?,
            host_fp64: node.fp64(),
            sockets: node.sockets,
            net: check(
                FieldId::NetBw,
                o.net_mbit
                    .map_or(node.network.one_way(), |v| v as f64 * 1e6 / 8.0),
                None,
            )?,
            disk: NVME_BANDWIDTH,
        })
    }

    /// The peak FLOP/s of one device for matrix products in `dtype`.
    pub fn peak(&self, dtype: crate::catalog::precision::Dtype) -> f64 {
        self.hw.peak.flops(dtype)
    }

    /// The link a collective over `ranks` consecutive GPUs crosses, and each GPU's one-way
    /// bandwidth on it: the node's links when the group fits in a node, else the network
    /// shared by the node's GPUs.
    pub fn ring(&self, ranks: u64, span: u64, gpus_per_node: u64) -> (Via, f64) {
        if ranks <= 1 || span <= gpus_per_node {
            (self.link_via, self.link_one_way)
        } else {
            (Via::Network, self.net / gpus_per_node.max(1) as f64)
        }
    }
}
