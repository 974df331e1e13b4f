//! The words of a solve's dot-product all-reduces across ranks (`speed::sim::reductions`).

use super::{sig, time, via, Template};
use crate::base::units::{self, UnitSystem};
use crate::speed::sim::reductions::DotReductions;
use crate::speed::Time;

/// The words of a solve's dot-product all-reduces.
impl Template for DotReductions {
    fn label(&self) -> &'static str {
        "Dot products' all-reduces per step (latency)"
    }

    fn formula(&self, _u: UnitSystem) -> String {
        formula(self)
    }

    fn explanation(&self) -> String {
        explanation(self)
    }

    fn source(&self) -> &'static str {
        SOURCE
    }
}

/// The formula's body with the user's numbers.
fn formula(d: &DotReductions) -> String {
    let mut rounds = Vec::new();
    if d.node_rounds > 0 {
        rounds.push(format!(
            "{} × {}",
            d.node_rounds,
            time(Time::of(d.node_hop))
        ));
    }
    if d.net_rounds > 0 {
        rounds.push(format!("{} × {}", d.net_rounds, time(Time::of(d.net_hop))));
    }
    format!(
        "{} × {} all-reduces × ({})",
        units::count(d.iterations, "iteration", "iterations"),
        d.per_iteration,
        rounds.join(" + ")
    )
}

/// Why the term takes this long.
fn explanation(d: &DotReductions) -> String {
    let inside = if d.node_rounds > 0 {
        format!(
            "{} inside a node over {}",
            units::count(d.node_rounds, "round", "rounds"),
            via(d.node_via)
        )
    } else {
        "none inside a node".to_string()
    };
    let across = if d.net_rounds > 0 {
        format!(
            "{} across {} nodes over the network",
            units::count(d.net_rounds, "round", "rounds"),
            sig(d.nodes as f64)
        )
    } else {
        "none across nodes".to_string()
    };
    format!(
        "Each CG iteration takes {} dot products, and each ends in an all-reduce of one number \
            over the {} ranks that the iteration waits for (HPCG calls MPI_Allreduce in every dot \
            product). A short all-reduce is a recursive doubling (⌊log2⌋ of the participants' \
            rounds, two more where they are not a power of two), one latency per round: {inside}, \
            {across}, {} each. It does not shrink with the bandwidth or the grid, so it weighs \
            most on small grids per rank and many nodes. The per-round latencies are NCCL's \
            (low-latency protocol), not a measured MPI figure for this network; the halo \
            exchanges' own latency is not counted.",
        d.per_iteration,
        sig(d.ranks as f64),
        time(Time::of(d.each()))
    )
}

/// Where the term's formula comes from.
const SOURCE: &str = "HPCG src/ComputeDotProduct_ref.cpp (MPI_Allreduce of one double per dot \
    product) and src/CG_ref.cpp (three dot products per iteration); MPICH \
    src/mpi/coll/allreduce/allreduce_intra_recursive_doubling.c (⌊log2 p⌋ rounds for short \
    messages, two more where p is not a power of two); latency per round: NCCL src/graph/tuning.cc \
    (hwLat, LL: network 2.7 µs, NVLink and shared memory 0.6 µs, PCI 1.0 µs)";
