//! The latency of a Krylov solve's dot products across ranks. Every dot product of a
//! distributed CG ends in an all-reduce of one double, and the iteration cannot go on until
//! it returns: at a few thousand nodes its latency is paid three times per iteration on top
//! of the memory-bound kernels, whatever the bandwidth.
//!
//! Sources:
//! - HPCG `src/ComputeDotProduct_ref.cpp`: each dot product sums its rank's part and calls
//!   `MPI_Allreduce(&local_result, &global_result, 1, MPI_DOUBLE, MPI_SUM, ...)`; `src/CG.cpp`
//!   (and `CG_ref.cpp`) computes three per iteration (r·z, p·Ap and the residual norm r·r).
//! - MPICH `src/mpi/coll/allreduce/allreduce_intra_recursive_doubling.c` (MPICH's choice for
//!   short messages; "Cost = lgp.alpha"): ⌊log2 p⌋ rounds of one exchange each over the largest
//!   power of two of ranks, and where p is not a power of two one send before them (the extra
//!   ranks hand their part to a partner) and one after (the result back): two more rounds.
//!   A message of a few bytes costs one latency per round. Ranks are placed node by node, so
//!   the rounds over the ranks of a node stay inside it and those over the nodes cross the
//!   network.
//! - The latency per round: the network's and the node's as NCCL's tuner times one ring step
//!   of its low-latency protocol (`speed/latency.rs`, NCCL `src/graph/tuning.cc` hwLat, LL:
//!   network 2.7 µs, NVLink and shared memory 0.6 µs, PCI 1.0 µs). The catalog holds no MPI
//!   latency per network kind, so every network is timed at NCCL's figure.

use crate::speed::latency::Protocol;
use crate::speed::sim::SimMachine;
use crate::speed::{Bound, TermValues, Time, TimeTerm, Via};

/// Dot products per CG iteration, each an all-reduce of one double (HPCG `CG.cpp`).
pub const CG_DOTS: u64 = 3;

/// The all-reduces of a step's dot products on one rank.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DotReductions {
    pub iterations: u64,
    /// All-reduces per iteration.
    pub per_iteration: u64,
    pub ranks: u64,
    pub nodes: u64,
    /// Recursive-doubling rounds inside a node, and the seconds of each.
    pub node_rounds: u64,
    pub node_hop: f64,
    /// What the rounds inside a node cross.
    pub node_via: Via,
    /// Rounds between nodes, and the seconds of each.
    pub net_rounds: u64,
    pub net_hop: f64,
}

impl DotReductions {
    /// Seconds of one all-reduce.
    pub fn each(&self) -> f64 {
        self.node_rounds as f64 * self.node_hop + self.net_rounds as f64 * self.net_hop
    }

    /// Seconds of the step's all-reduces: they follow one another and the kernels between
    /// them, so none overlaps.
    pub fn time(&self) -> Time {
        Time::of((self.iterations * self.per_iteration) as f64 * self.each())
    }
}

/// The rounds of MPICH's recursive doubling over n participants: ⌊log2 n⌋, and two more
/// where n is not a power of two (0 for one).
pub fn rounds(n: u64) -> u64 {
    if n <= 1 {
        return 0;
    }
    let doubling = u64::from(63 - n.leading_zeros());
    doubling + if n.is_power_of_two() { 0 } else { 2 }
}

/// The all-reduces of `iterations` CG iterations over the machine's ranks; None on one rank.
pub fn cg_dots(sm: &SimMachine, iterations: u64) -> Option<DotReductions> {
    if sm.ranks <= 1 || iterations == 0 {
        return None;
    }
    // GPU ranks reduce over the node's links, CPU ranks through shared memory.
    let node_via = if sm.gpu {
        sm.m.link_via
    } else {
        Via::HostMemory
    };
    Some(DotReductions {
        iterations,
        per_iteration: CG_DOTS,
        ranks: sm.ranks,
        nodes: sm.nodes,
        node_rounds: rounds(sm.per_node.min(sm.ranks)),
        node_hop: Protocol::Ll.hop(node_via),
        node_via,
        net_rounds: rounds(sm.nodes),
        net_hop: Protocol::Ll.hop(Via::Network),
    })
}

/// The term of a CG solve's dot-product all-reduces: they follow one another and the kernels
/// between them, so the step is the kernels plus this term.
pub fn term(d: DotReductions) -> TimeTerm {
    let bound = if d.net_rounds > 0 {
        Bound::Network
    } else {
        d.node_via.bound()
    };
    TimeTerm {
        time: d.time(),
        bound,
        values: TermValues::SolveAllReduce(d),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recursive_doubling_rounds() {
        assert_eq!(rounds(1), 0);
        assert_eq!(rounds(2), 1);
        assert_eq!(rounds(4), 2);
        // 5 = 4 + 1: the fifth rank's send in and the result's send back.
        assert_eq!(rounds(5), 4);
        assert_eq!(rounds(1024), 10);
        // Fugaku's 158,976 nodes: 2^17 < n < 2^18.
        assert_eq!(rounds(158_976), 19);
    }

    #[test]
    fn three_all_reduces_per_iteration() {
        let d = DotReductions {
            iterations: 50,
            per_iteration: CG_DOTS,
            ranks: 16,
            nodes: 4,
            node_rounds: 2,
            node_hop: 0.6e-6,
            node_via: Via::HostMemory,
            net_rounds: 2,
            net_hop: 2.7e-6,
        };
        // 2 × 0.6 + 2 × 2.7 = 6.6 µs each, 150 of them.
        assert!((d.each() - 6.6e-6).abs() < 1e-12);
        assert!((d.time().seconds().unwrap() - 150.0 * 6.6e-6).abs() < 1e-12);
    }
}
