//! A Slurm `sbatch` header for the scenario, with a `memcalc` guard: the job stops before it
//! starts when the scenario it was sized for no longer fits (memcalc exits 1 when it does not
//! fit, 2 on invalid input; `crates/memcalc-cli`).

use super::{Emitted, Lines, Target};
use crate::model::Estimate;
use crate::scenario::sim::SimDevice;
use crate::scenario::{Mode, Scenario};

/// Nodes, tasks per node, GPUs per node (0: none), and why each.
fn layout(s: &Scenario) -> (u64, u64, u64, String) {
    if s.mode == Mode::Sim {
        let m = &s.sim;
        let nodes = m.nodes.max(1);
        let per = m.ranks.div_ceil(nodes).max(1);
        let gpus = if m.device == SimDevice::Gpu { per } else { 0 };
        let why = format!(
            "{} MPI ranks over {nodes} nodes (ranks, nodes){}",
            m.ranks,
            if gpus > 0 { ", one GPU per rank" } else { "" }
        );
        return (nodes, per, gpus, why);
    }
    let (nodes, per) = super::train::nodes(s);
    if s.mode == Mode::Infer {
        // The engine starts one worker per GPU itself: one task per node.
        return (
            nodes,
            1,
            per,
            format!(
                "{} GPUs at {per} per node; one server process per node starts a worker per GPU (gpus, gpus_per_node)",
                s.parallel.gpus
            ),
        );
    }
    (
        nodes,
        per,
        per,
        format!(
            "{} GPUs at {per} per node, one rank per GPU (gpus, gpus_per_node)",
            s.parallel.gpus
        ),
    )
}

/// Host memory one node needs: a CPU simulation's ranks on the node, else the host rows.
fn node_bytes(s: &Scenario, e: &Estimate) -> (u64, &'static str) {
    if s.mode == Mode::Sim && s.sim.device == SimDevice::Cpu {
        let per = s.sim.ranks.div_ceil(s.sim.nodes.max(1)).max(1);
        (
            e.per_rank_bytes.saturating_mul(per),
            "the estimate per rank × the ranks on one node",
        )
    } else {
        (
            e.host_per_node_bytes,
            "the estimate's host rows per node (offloaded states, data, host copies)",
        )
    }
}

pub(super) fn sbatch(s: &Scenario, e: &Estimate) -> Emitted {
    let mut l = Lines::new();
    let (nodes, tasks, gpus, why) = layout(s);
    l.set("--nodes", nodes, why.clone());
    // Ranks that do not fill every node evenly: --ntasks gives their number and
    // --ntasks-per-node becomes the most per node (sbatch.1: "If used with the --ntasks option,
    // the --ntasks option will take precedence and the --ntasks-per-node will be treated as a
    // maximum count of tasks per node"). Issue 40: the round trip read 100 ranks on 3 nodes
    // back as 3 × 34 = 102.
    if s.mode == Mode::Sim && s.sim.ranks != nodes * tasks {
        l.set(
            "--ntasks",
            s.sim.ranks,
            format!(
                "{} MPI ranks in all: {nodes} nodes do not take them evenly, so --ntasks-per-node below is the most on one node (ranks)",
                s.sim.ranks
            ),
        );
    }
    l.set("--ntasks-per-node", tasks, why.clone());
    if gpus > 0 {
        l.set("--gpus-per-node", gpus, why);
    }
    let (bytes, what) = node_bytes(s, e);
    if bytes > 0 {
        let mib = bytes.div_ceil(1 << 20);
        l.set(
            "--mem",
            format!("{mib}M"),
            format!(
                "{} per node: {what} (Slurm's M is 2^20 bytes)",
                crate::base::units::format_bytes(bytes, Default::default())
            ),
        );
    }
    let mut body = String::from("#!/bin/bash\n");
    for st in &l.settings {
        body.push_str(&format!("#SBATCH {}={}\n", st.name, st.value));
    }
    let query = format!("?{}", s.to_query());
    let guard = format!(
        "memcalc {} > /dev/null || exit 1",
        super::shell_word(&query)
    );
    l.set(
        "memcalc",
        super::shell_word(&query),
        "the guard: memcalc exits 1 when this scenario does not fit (2 on invalid input), so the job stops before it starts",
    );
    body.push_str(&guard);
    body.push('\n');
    Emitted {
        target: Target::Sbatch,
        settings: l.settings,
        body,
        file: None,
        comment: Some("#"),
    }
}
