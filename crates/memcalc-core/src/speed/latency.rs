//! The latency of a ring collective, as NCCL's own tuner models it (the alpha–beta model:
//! time = α + bytes ÷ β): a base latency per collective, and a latency per ring step, of
//! which an all-reduce takes 2 (n − 1) and an all-gather or reduce-scatter n − 1; steps
//! between nodes cost the network's latency, the others the node's link's. NCCL times each
//! protocol so and runs the fastest: LL (8-byte stores of which half are flags: half the
//! bandwidth, a fraction of the latency) wins for small buffers such as a decode step's
//! hidden vectors, Simple for large ones such as gradients.
//!
//! Figures from NCCL `src/graph/tuning.cc` (v2.2x, `baseLat` and `hwLat`, Ring rows, µs):
//! base LL 6.6, Simple 8.4; per step NVLink LL 0.6, Simple 3.4; PCI LL 1.0, Simple 5.7;
//! network LL 2.7, Simple 14.0; LL's bus bandwidth is half of Simple's (`busBw * .5`).

use crate::speed::machine::Machine;
use crate::speed::{Collective, Via};

/// NCCL's protocols this model times (LL128 is enabled only on some topologies and lies
/// between the two).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    /// Low latency: flags beside the data, half the bandwidth.
    Ll,
    /// Large chunks at the link's full bandwidth.
    Simple,
}

impl Protocol {
    /// NCCL's name for the protocol.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Ll => "LL",
            Protocol::Simple => "Simple",
        }
    }

    /// The share of the link's bandwidth the protocol carries data at.
    pub fn efficiency(self) -> f64 {
        match self {
            Protocol::Ll => 0.5,
            Protocol::Simple => 1.0,
        }
    }

    /// Base latency per collective, seconds (`baseLat`, Ring).
    fn base(self) -> f64 {
        match self {
            Protocol::Ll => 6.6e-6,
            Protocol::Simple => 8.4e-6,
        }
    }

    /// Latency per ring step over `via`, seconds (`hwLat`, Ring).
    pub fn hop(self, via: Via) -> f64 {
        match (self, via) {
            (Protocol::Ll, Via::Link(_) | Via::HostMemory) => 0.6e-6,
            (Protocol::Simple, Via::Link(_) | Via::HostMemory) => 3.4e-6,
            (Protocol::Ll, Via::Pcie(_)) => 1.0e-6,
            (Protocol::Simple, Via::Pcie(_)) => 5.7e-6,
            (Protocol::Ll, Via::Network) => 2.7e-6,
            (Protocol::Simple, Via::Network) => 14.0e-6,
        }
    }
}

/// The latency a collective pays each time it runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Latency {
    pub protocol: Protocol,
    /// Seconds before the first step.
    pub base: f64,
    /// Ring steps inside a node per collective, and the seconds of each.
    pub link_steps: f64,
    pub link_hop: f64,
    /// Ring steps between nodes per collective, and the seconds of each.
    pub net_steps: f64,
    pub net_hop: f64,
}

impl Latency {
    /// Seconds per collective.
    pub fn seconds(&self) -> f64 {
        self.base + self.link_steps * self.link_hop + self.net_steps * self.net_hop
    }
}

/// `count` ring collectives per step over `ranks` GPUs spread over `span` consecutive GPUs
/// (the ring's own and the dimensions inside it), each of a `buffer` of bytes, each
/// `halves_each` halves of an all-reduce (2 for an all-reduce, 1 for an all-gather or a
/// reduce-scatter), timed with the faster of NCCL's LL and Simple protocols.
pub fn ring(
    m: &Machine,
    ranks: u64,
    span: u64,
    gpus_per_node: u64,
    buffer: f64,
    halves_each: f64,
    count: f64,
) -> Collective {
    let (via, bandwidth) = m.ring(ranks, span, gpus_per_node);
    let n = ranks.max(1);
    // The ring's GPUs lie on span / gpus_per_node nodes (at most one per GPU); NCCL counts
    // 2 (nodes − 1) of an all-reduce's 2 (n − 1) steps at the network's latency.
    let nodes = if via == Via::Network {
        span.div_ceil(gpus_per_node.max(1)).clamp(1, n)
    } else {
        1
    };
    let steps = |k: u64| halves_each * k.saturating_sub(1) as f64;
    let link_steps = halves_each * (n - nodes) as f64;
    let of = |p: Protocol| {
        let latency = Latency {
            protocol: p,
            base: p.base(),
            link_steps,
            link_hop: p.hop(m.link_via),
            net_steps: steps(nodes),
            net_hop: p.hop(Via::Network),
        };
        Collective {
            ranks: n,
            buffer,
            halves: halves_each * count,
            via,
            bandwidth,
            count,
            latency,
        }
    };
    let (ll, simple) = (of(Protocol::Ll), of(Protocol::Simple));
    match (ll.time().seconds(), simple.time().seconds()) {
        (Some(a), Some(b)) if a < b => ll,
        _ => simple,
    }
}
