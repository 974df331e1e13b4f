//! Checking an estimate against a peak the user measured, and keeping the difference.
//!
//! Each tool reports a different quantity, so the comparison first picks the rows of the
//! breakdown that the tool counts: nvidia-smi sees everything on the device, PyTorch's
//! `max_memory_reserved()` leaves out the CUDA context, `max_memory_allocated()` also leaves out
//! the caching allocator's slack (PyTorch documentation, "CUDA semantics: memory management"),
//! and a simulation code's own report (LAMMPS's "Per MPI rank memory allocated") counts the
//! arrays of one rank, without MPI and library memory and without the allocator's slack.

use crate::catalog::parts::PartId;
use crate::model::values::neural::Calibration;
use crate::model::values::{NeuralValues, Values};
use crate::model::{Component, Estimate, Location};
use crate::scenario::measured::Measured;
use crate::scenario::{Mode, Scenario};

/// The estimate set beside a measurement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    pub kind: Measured,
    pub measured: u64,
    /// The part of the estimate the tool's figure corresponds to.
    pub estimated: u64,
    /// Ids of the rows that make up `estimated`.
    pub rows: Vec<PartId>,
    /// How far the estimate is from the measurement, in hundredths of a percent of the
    /// measurement (negative: the estimate is below).
    pub error_bp: i64,
    /// The calibration that would make the two agree (per device, per node or per rank as the
    /// estimate counts), or None when the estimate is already at or above the measurement.
    pub suggested_calibration: Option<u64>,
}

/// Ranks whose memory one bar of the chart adds up (a CPU simulation shows a whole node).
fn ranks_per_bar(s: &Scenario) -> u64 {
    if s.mode == Mode::Sim && s.sim.device == crate::scenario::sim::SimDevice::Cpu {
        ranks_per_node(s)
    } else {
        1
    }
}

fn ranks_per_node(s: &Scenario) -> u64 {
    s.sim.ranks.div_ceil(s.sim.nodes.max(1)).max(1)
}

/// Compares the estimate with the measured peak, when one is given.
pub fn check(s: &Scenario, e: &Estimate) -> Option<Check> {
    let measured = s.measured?;
    let kind = s.measured_kind;
    let per_bar = ranks_per_bar(s);
    let counted: Vec<&Component> = e
        .components
        .iter()
        .filter(|c| c.location == Location::Device && !kind.excludes().contains(&c.id))
        .collect();
    let bar = crate::base::sat::sum(counted.iter().map(|c| c.bytes));
    let rows = counted.iter().map(|c| c.id).collect();
    let estimated = if kind == Measured::Rank {
        bar / per_bar
    } else {
        bar
    };
    let gap = measured.abs_diff(estimated);
    let error = crate::base::sat::mul_div(gap, 10_000, measured.max(1)).min(i64::MAX as u64) as i64;
    let error_bp = if estimated < measured { -error } else { error };
    // The calibration is kept per rank (per device for neural models); a CPU node's bar
    // holds several ranks.
    let per_rank_gap = if kind == Measured::Rank {
        gap
    } else {
        gap.div_ceil(per_bar)
    };
    let suggested_calibration =
        (measured > estimated).then(|| s.calibration.saturating_add(per_rank_gap));
    Some(Check {
        kind,
        measured,
        estimated,
        rows,
        error_bp,
        suggested_calibration,
    })
}

/// Adds the kept calibration as a row of its own, so it stays visible and explained.
pub fn apply(s: &Scenario, e: &mut Estimate) {
    if s.calibration == 0 {
        return;
    }
    let per_bar = ranks_per_bar(s);
    let bytes = crate::mul!(s.calibration, per_bar);
    e.components.push(Component {
        id: PartId::Calibration,
        bytes,
        location: Location::Device,
        values: Values::Neural(NeuralValues::Calibration(Calibration {
            per_rank: s.calibration,
            ranks_per_bar: per_bar,
        })),
    });
    e.per_device_bytes = crate::add!(e.per_device_bytes, bytes);
    e.per_rank_bytes = crate::add!(e.per_rank_bytes, s.calibration);
    if s.mode == Mode::Sim {
        e.host_per_node_bytes = crate::add!(
            e.host_per_node_bytes,
            crate::mul!(s.calibration, ranks_per_node(s))
        );
    }
    let ranks = if s.mode == Mode::Sim {
        s.sim.ranks
    } else {
        s.parallel.gpus
    };
    e.cluster_bytes = crate::add!(e.cluster_bytes, crate::mul!(s.calibration, ranks));
}
