//! Bytes: the estimate of a scenario, neural (`neural/`) or simulation (`sim/`), with a kept
//! calibration applied. `estimate` is the one entry point: the page, the CLI, every search,
//! sweep and suggestion go through it.

pub mod breakdown;
pub mod calibrate;
pub mod neural;
pub mod sim;
pub mod values;
pub mod warning;

pub use breakdown::{Busiest, Component, Estimate, Location, Per};

use crate::scenario::{Mode, Scenario};

/// Computes the memory of a validated scenario.
pub fn estimate(s: &Scenario) -> Estimate {
    estimate_with::<true>(s)
}

/// [`estimate`] without the memory over every device (`cluster_bytes` is 0 for a neural run):
/// every other figure the same. For searches that read only the busiest device's figures and
/// the time model (issue 41's planner: a pipeline's cluster total estimates each of its stages,
/// up to 64 of them, about half of the planner's search).
pub fn device_estimate(s: &Scenario) -> Estimate {
    estimate_with::<false>(s)
}

/// A constant, so that a build that never leaves `cluster_bytes` out (the app's) compiles the
/// estimate it had.
fn estimate_with<const CLUSTER: bool>(s: &Scenario) -> Estimate {
    let mut e = if s.mode == Mode::Sim {
        sim::estimate_sim(s)
    } else {
        // Each GPU belongs to one replica and holds that replica's share of the batch.
        neural::estimate::estimate_model_with::<CLUSTER>(&s.per_replica())
    };
    if s.mode == Mode::Infer {
        // The replicas' pools: each GPU's answer is its replica's, the batch is the run's.
        let (replicas, total) = (s.replicas(), s.batch);
        if let Some(v) = &mut e.serving {
            v.replicas = replicas;
            v.total_batch = total;
        }
        for c in &mut e.components {
            if let values::Values::Engine(values::EngineValues::KvPool(p)) = &mut c.values {
                p.replicas = replicas;
                p.total_batch = total;
            }
        }
    }
    calibrate::apply(s, &mut e);
    e
}

/// The estimate, for callers that read only its numbers (every search, sweep and suggestion):
/// an estimate holds no text, so this is `estimate` itself.
pub fn bytes(s: &Scenario) -> Estimate {
    estimate(s)
}
