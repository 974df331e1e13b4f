//! The hardware a scenario runs on, as the time model reads it: the preset's figures from
//! `catalog::hardware`, each replaced by the user's override where one is given, and checked.

use crate::base::keys::FieldId;
use crate::catalog::hardware::{
    gpu_hardware, node_hardware, GpuHardware, LinkKind, NodeHardware, Vendor, DEFAULT_CPU_NODE,
    DEFAULT_DESKTOP_NODE, DEFAULT_GPU_NODE, NVME_BANDWIDTH,
};
use crate::scenario::sim::SimDevice;
use crate::scenario::speed::{
    A100_IDS, A100_TRAIN_MFU_BP, AMD_BW_EFF_BP, DEFAULT_BW_EFF_BP, DEFAULT_MFU_BP,
};
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
    /// Utilisation of peak FLOP/s: the user's, or the scenario's default ([`mfu_default`]: a
    /// transformer's training step on an A100-class GPU reaches more of its peak than the
    /// general default).
    pub mfu: f64,
    /// GPU-to-GPU bandwidth one way, B/s, and what it is; PCIe where the GPU has no link.
    pub link_one_way: f64,
    pub link_via: Via,
    /// PCIe one way, B/s.
    pub pcie: f64,
    /// Host memory bandwidth of a node, B/s (every socket).
    pub host_bw: f64,
    /// Host memory bandwidth of one socket, B/s: the node's over its sockets.
    pub socket_bw: f64,
    /// Peak FP64 FLOP/s of a node's CPUs (every socket), for CPU codes' compute-bound terms.
    pub host_fp64: f64,
    /// Peak FP64 FLOP/s of one core: `core_flops`, else the node's peak over its cores.
    pub core_fp64: f64,
    /// What one core streams from memory on its own, B/s (`core_bw`, else the node preset's
    /// single-core STREAM triad), and that figure's source (None: the user's).
    pub core_bw: f64,
    pub core_bw_source: Option<&'static str>,
    /// OpenMP threads per MPI rank (`threads`, default 1): the cores one rank computes on.
    pub threads: u64,
    /// A core's base clock, Hz (the node preset's): what a scalar (unvectorized) loop issues
    /// at.
    pub core_clock: f64,
    /// CPU sockets of a node (NUMA domains the ranks spread over).
    pub sockets: u64,
    /// Cores of one socket.
    pub socket_cores: u64,

    /// Network injection bandwidth of a node, one way, B/s.
    pub net: f64,
    /// Disk bandwidth for spills, B/s.
    pub disk: f64,
    /// Seconds of one dependent FP64 add and divide on a CPU core: the node's core latencies
    /// over its clock, or the user's (`fp_add_ns`, `fp_div_ns`).
    pub fp_add: f64,
    pub fp_div: f64,
    /// Where the two latencies come from: the node preset's source, or None where the user
    /// gave both.
    pub latency_source: Option<&'static str>,
    /// Independent partial sums of a sparse row's sum (`chains`, default 1).
    pub chains: u64,
    /// Seconds per element where the build gathers its rows (`gather`, `gather_ns`); None: it
    /// loads them without gather instructions.
    pub gather: Option<f64>,
    /// The gather figure's source: the node preset's, or None where the user gave it.
    pub gather_source: Option<&'static str>,
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

/// The time of one gathered element: the user's, else the node core's where the build gathers.
fn gather(
    o: &crate::scenario::speed::SpeedSettings,
    core: &crate::catalog::hardware::CoreLatency,
) -> Result<Option<f64>, SpeedError> {
    match (o.gather_ps, o.gather) {
        (Some(ps), _) => check(FieldId::GatherNs, ps as f64 * 1e-12, None).map(Some),
        (None, true) => core.gather().map(Some).ok_or_else(|| SpeedError {
            field: FieldId::GatherNs,
            message: "the node's cores have no sourced gather figure: give one".into(),
        }),
        (None, false) => Ok(None),
    }
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
        // The node preset the user picked (`node`) moves a CPU simulation's bytes; GPU runs
        // keep the server their GPU sits in.
        let picked = s.sim.node.and_then(|n| node_hardware(n.id));
        let node: &NodeHardware = match picked {
            Some(n) if cpu_sim => n,
            _ if cpu_sim => &DEFAULT_CPU_NODE,
            _ if hw.desktop => &DEFAULT_DESKTOP_NODE,
            _ => &DEFAULT_GPU_NODE,
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
        let host_bw = check(FieldId::HostBw, mb(o.host_bw_mb, node.bandwidth()), None)?;
        // Issue 37 (h-md): a rank's share of its core and the builds' interval, checked here as
        // the form's bounds check them (a scenario built in code is held to the same).
        if let Some(bp) = o.cpu_use_bp {
            check(FieldId::CpuUse, bp as f64 / 100.0, Some(100.0))?;
        }
        if let Some(n) = o.neigh_every {
            check(FieldId::NeighEvery, n as f64, None)?;
        }
        let host_fp64 = check(
            FieldId::CpuFlops,
            o.cpu_mflops.map_or(node.fp64(), |v| v as f64 * 1e6),
            None,
        )?;
        // One core's peak: the user's, else the node's (given or preset) over its cores.
        let core_fp64 = check(
            FieldId::CoreFlops,
            o.core_mflops
                .map_or(host_fp64 / node.cores().max(1) as f64, |v| v as f64 * 1e6),
            None,
        )?;
        Ok(Machine {
            hw,
            gpu_bw: check(FieldId::GpuBw, mb(o.gpu_bw_mb, hw.bandwidth), None)?,
            bw_eff: check(FieldId::BwEff, o.bw_eff_or(device_eff), Some(1.0))?,
            host_bw_eff: check(FieldId::BwEff, o.bw_eff(), Some(1.0))?,
            mfu: check(FieldId::Mfu, o.mfu_or(mfu_default(s, hw)), Some(1.0))?,
            link_one_way: check(FieldId::LinkBw, link_one_way, None)?,
            link_via,
            pcie: hw.pcie.one_way(),
            host_bw,
            socket_bw: host_bw / node.sockets.max(1) as f64,
            host_fp64,
            core_fp64,
            core_bw: check(
                FieldId::CoreBw,
                mb(o.core_bw_mb, node.core_stream.bandwidth),
                None,
            )?,
            core_bw_source: o.core_bw_mb.is_none().then_some(node.core_stream.source),
            threads: o.threads.unwrap_or(1).max(1),
            core_clock: node.core.clock,
            sockets: node.sockets,
            socket_cores: node.socket_cores,
            net: check(
                FieldId::NetBw,
                o.net_mbit
                    .map_or(node.network.one_way(), |v| v as f64 * 1e6 / 8.0),
                None,
            )?,
            disk: NVME_BANDWIDTH,
            fp_add: check(
                FieldId::FpAddNs,
                o.fp_add_ps.map_or(node.core.add(), |v| v as f64 * 1e-12),
                None,
            )?,
            fp_div: check(
                FieldId::FpDivNs,
                o.fp_div_ps.map_or(node.core.divide(), |v| v as f64 * 1e-12),
                None,
            )?,
            latency_source: (o.fp_add_ps.is_none() || o.fp_div_ps.is_none())
                .then_some(node.core.source),
            // 0: the code's rows carry no dependent chain (`speed::sim::mesh::chain`).
            chains: o.chains.unwrap_or(1),
            gather: gather(o, &node.core)?,
            gather_source: (o.gather_ps.is_none() && o.gather).then_some(node.core.gather_source),
        })
    }

    /// The peak FLOP/s of one device for matrix products in `dtype`.
    pub fn peak(&self, dtype: crate::catalog::precision::Dtype) -> f64 {
        self.hw.peak.flops(dtype)
    }

    /// How `ranks` ranks on one CPU node share its memory bandwidth. Spread (the default),
    /// they fill the sockets in turn: Slurm's default `--distribution=block:cyclic`, Open MPI's
    /// `--map-by socket`/`numa` above two processes. Packed, one socket's cores fill before the
    /// next: Open MPI's `--map-by core` for one or two processes (mpirun(1), "Mapping, Ranking,
    /// and Binding"). Each socket's bandwidth is split among the ranks on it; Linux places a
    /// page on the node of the CPU that first touches it (numa(7), the default local policy),
    /// so a rank streams its own socket's memory and sockets without ranks stream nothing
    /// (McCalpin's STREAM: bandwidth scales with the sockets whose memory is used).
    pub fn cpu_share(&self, ranks: u64, packed: bool) -> RankShare {
        let ranks = ranks.max(1);
        let sockets = self.sockets.max(1);
        let cores = self.socket_cores.max(1);
        // The busiest socket's ranks: the step waits for the slowest rank. Beyond every core,
        // ranks oversubscribe every socket alike.
        let spread = ranks.div_ceil(sockets);
        let (occupied, per_socket) = if packed {
            (
                ranks.div_ceil(cores).min(sockets),
                ranks.min(cores).max(spread),
            )
        } else {
            (ranks.min(sockets), spread)
        };
        RankShare {
            socket_bw: self.socket_bw,
            sockets,
            occupied,
            per_socket,
            packed,
            core_bw: self.core_bw,
            threads: self.threads,
            core_source: self.core_bw_source,
        }
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

/// A CPU rank's share of its node's memory bandwidth (NUMA: one memory per socket).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RankShare {
    /// One socket's memory bandwidth, B/s.
    pub socket_bw: f64,
    pub sockets: u64,
    /// Sockets with at least one rank: only their memory is streamed.
    pub occupied: u64,
    /// Ranks on the busiest socket, sharing its bandwidth.
    pub per_socket: u64,
    /// Placed one socket's cores first (`numa=packed`) rather than in turn.
    pub packed: bool,
    /// What one core streams alone (single-core STREAM triad), B/s, the threads of a rank,
    /// and the figure's source (None: the user's `core_bw`).
    pub core_bw: f64,
    pub threads: u64,
    pub core_source: Option<&'static str>,
}

impl RankShare {
    /// The socket's share of one rank, B/s.
    pub fn socket_share(&self) -> f64 {
        self.socket_bw / self.per_socket as f64
    }

    /// What the rank's own cores can stream: one core's STREAM triad × its threads.
    pub fn cores_bw(&self) -> f64 {
        self.core_bw * self.threads as f64
    }

    /// Whether the rank's cores, not its socket's share, limit its bandwidth.
    pub fn core_bound(&self) -> bool {
        self.cores_bw() < self.socket_share()
    }

    /// One rank's bandwidth, B/s: its socket's share, at most what its cores stream
    /// (speed-mechanisms.md §5: per-rank bandwidth = min(single-core bandwidth × cores,
    /// domain bandwidth ÷ ranks in that domain); Stengel et al., ICS'15).
    pub fn rank_bw(&self) -> f64 {
        self.socket_share().min(self.cores_bw())
    }
}

/// The default utilisation of `s` on `hw`, basis points: [`A100_TRAIN_MFU_BP`] for a
/// transformer's training step on an A100 or A800 (the published A100 runs it is taken from are
/// all transformer training), llama.cpp's Metal matrix–matrix kernel rate for llama.cpp on an
/// Apple GPU (`speed::metal::METAL_MM_BP`), else [`DEFAULT_MFU_BP`] (serving's prefill,
/// surrogates, simulations and every other GPU).
pub fn mfu_default(s: &Scenario, hw: &GpuHardware) -> u64 {
    // Issue 37 (h-metalpp): llama.cpp on an Apple GPU multiplies with ggml-metal's
    // kernel_mul_mm, at its own sourced rate (speed/metal.rs).
    if crate::speed::metal::applies(s, hw) {
        return crate::speed::metal::rate_bp(s);
    }
    if s.mode.trains() && s.sciml.is_transformer() && A100_IDS.contains(&hw.id) {
        A100_TRAIN_MFU_BP
    } else {
        DEFAULT_MFU_BP
    }
}
