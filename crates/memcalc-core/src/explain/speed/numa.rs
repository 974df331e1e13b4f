//! How a CPU rank's share of its node's memory reads in a simulation's memory term: the
//! socket's bandwidth over the ranks on it (NUMA), where a GPU term shows its device's.

use super::rate;
use crate::base::units;
use crate::speed::machine::RankShare;
use crate::speed::Transfer;

/// The bandwidth in a memory term's formula: a CPU socket's and the ranks sharing it, or the
/// device's.
pub(super) fn bandwidth(tr: &Transfer, share: Option<RankShare>) -> String {
    match share {
        Some(sh) if sh.core_bound() && sh.threads > 1 => format!(
            "{} per core × {} (its cores, below its socket's share)",
            rate(sh.core_bw),
            units::count(sh.threads, "thread", "threads")
        ),
        Some(sh) if sh.core_bound() => format!(
            "{} of one core (below its socket's share)",
            rate(sh.core_bw)
        ),
        Some(sh) if sh.per_socket > 1 => format!(
            "{} per socket ÷ {}",
            rate(sh.socket_bw),
            units::count(sh.per_socket, "rank", "ranks")
        ),
        Some(sh) => format!("{} of one socket", rate(sh.socket_bw)),
        None => rate(tr.bandwidth),
    }
}

/// The sentence a CPU memory term adds on how the ranks share the node's sockets.
pub(super) fn note(share: Option<RankShare>) -> String {
    let Some(sh) = share else {
        return String::new();
    };
    let streams = if sh.occupied < sh.sockets {
        format!(
            "only {} of {} streams memory, not the whole node",
            units::count(sh.occupied, "socket", "sockets"),
            sh.sockets
        )
    } else {
        "every socket streams memory".to_string()
    };
    let placed = if sh.packed {
        "fill one socket's cores before the next (numa=packed: Open MPI's mapping by core for \
         one or two ranks)"
    } else {
        "fill the sockets in turn (Slurm's default block:cyclic distribution, Open MPI's \
         mapping by socket above two ranks)"
    };
    let cores = if sh.core_bound() {
        format!(
            " A rank streams no more than its own cores do: {} per core ({}) × {}, below its \
             socket's share (a memory-bound code saturates a socket only from several cores \
             on: Stengel et al., ICS'15).",
            rate(sh.core_bw),
            sh.core_source.unwrap_or("core_bw, given"),
            units::count(sh.threads, "thread", "threads"),
        )
    } else {
        String::new()
    };
    format!(
        " Each socket of a CPU node has its own memory (NUMA): the ranks {placed} and share \
         their socket's bandwidth, {} on the busiest of {}; Linux places each page where it is \
         first touched (numa(7)), so {streams} (STREAM measures per socket).{cores}",
        units::count(sh.per_socket, "rank", "ranks"),
        units::count(sh.sockets, "socket", "sockets"),
    )
}
