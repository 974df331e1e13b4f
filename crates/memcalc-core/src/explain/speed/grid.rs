//! The words of the grid and lattice terms: a step's memory traffic, its halo exchange and the
//! memory beyond RAM paged to disk.

use super::{bytes, count, numa, pct, rate, sig, via, Template};
use crate::base::units::UnitSystem;
use crate::speed::{GridTerm, SimBytes};

const DISK: &str = "What exceeds the node's memory is paged to disk and back every step (swap, \
    out-of-core): far slower than memory. Add nodes or ranks instead.";
const SRC_MEMORY: &str = "FluidX3D README (153 B per cell and step for D3Q19 FP32, 77 B with FP16 \
    storage); Williams et al. 2009, Roofline; achieved share of bandwidth assumed (bw_eff): 80 %, \
    AMD Instinct 70 % (BabelStream triad, Azure AI benchmarking guide: MI300X 77 %, H100 89 % of \
    the datasheet figure)";
const SRC_HALO: &str =
    "Halo exchange of the boundary cells once per step (surface-to-volume ratio \
    of the subdomain); network figures from catalog/hardware.rs";
const SRC_DISK: &str = "Local NVMe sequential bandwidth (≈ 7 GB/s, PCIe Gen4 x4 datasheets)";

/// The words of a grid or lattice term.
impl Template for GridTerm {
    fn label(&self) -> &'static str {
        match self {
            GridTerm::SimMemory(_) => "Memory traffic per step (lower bound)",
            GridTerm::SimHalo { .. } => "Halo exchange per step",
            GridTerm::SimDisk { .. } => "Memory beyond RAM, at disk bandwidth",
        }
    }

    fn formula(&self, u: UnitSystem) -> String {
        match self {
            GridTerm::SimMemory(SimBytes::Lbm {
                q,
                storage,
                cells,
                transfer: tr,
                share,
            }) => format!(
                "(2 × {q} × {storage} B + 1 B) × {} cells ÷ ({} × {})",
                count(*cells),
                numa::bandwidth(tr, *share),
                pct(tr.efficiency)
            ),
            GridTerm::SimMemory(SimBytes::Grid {
                fields,
                levels,
                b,
                cells,
                transfer: tr,
                share,
                ..
            }) => format!(
                "(2 × {fields} fields × {levels} levels × {b} B × {} cells + work arrays) ÷ ({} × \
                    {})",
                count(*cells),
                numa::bandwidth(tr, *share),
                pct(tr.efficiency)
            ),
            GridTerm::SimHalo {
                cells,
                bytes_per_cell,
                transfer: tr,
                ..
            } => format!(
                "{} cells × {} B ÷ {}",
                count(*cells),
                sig(*bytes_per_cell),
                rate(tr.bandwidth)
            ),
            GridTerm::SimDisk {
                transfer: tr,
                excess,
            } => format!("2 × {} ÷ {}", bytes(*excess, u), rate(tr.bandwidth)),
        }
    }

    fn explanation(&self) -> String {
        match self {
            GridTerm::SimMemory(SimBytes::Lbm { share, .. }) => format!(
                "Each step reads and \
                writes every distribution of every cell once, plus its flag byte; the time at the \
                achieved bandwidth is a lower bound (the kernel also computes), and MLUPs are the \
                cells over it.{}",
                numa::note(*share)
            ),
            GridTerm::SimMemory(SimBytes::Grid { share, .. }) => format!(
                "Each step reads and \
                writes every stored level of every field and the work arrays once: a lower bound \
                on the step at the achieved bandwidth (stencil codes also reread neighbours that \
                do not fit in cache).{}",
                numa::note(*share)
            ),
            GridTerm::SimHalo {
                ranks_per_node,
                via: v,
                ..
            } => format!(
                "Each rank sends its \
                boundary cells to its neighbours once per step over {}, shared by {ranks_per_node} \
                ranks per node; overlapped with the interior at best, so the step is at least the \
                longer of the two.",
                via(*v)
            ),
            GridTerm::SimDisk { .. } => DISK.into(),
        }
    }

    fn source(&self) -> &'static str {
        match self {
            GridTerm::SimMemory(_) => SRC_MEMORY,
            GridTerm::SimHalo { .. } => SRC_HALO,
            GridTerm::SimDisk { .. } => SRC_DISK,
        }
    }
}
