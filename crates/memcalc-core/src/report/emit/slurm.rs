//! A Slurm `sbatch` header for the scenario, with a `memcalc` guard: the job stops before it
//! starts when the scenario it was sized for no longer fits (memcalc exits 1 when it does not
//! fit, 2 on invalid input; `crates/memcalc-cli`).

use super::{Emitted, Lines, Target};
use crate::base::choice::Choice;
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
    // Training GPUs that do not fill whole nodes (12 at 8 per node; issue 40, h-sglang): nodes ×
    // --gpus-per-node would ask 16. One task per GPU with --gpus-per-task=1 asks the job's
    // GPUs as Slurm counts them, --ntasks × --gpus-per-task = 12 (sbatch.1 --gpus-per-task:
    // "Specify the number of GPUs required for the job on each task … This option requires an
    // explicit task count, e.g. -n, --ntasks"), --ntasks-per-node the most on one node.
    let partial = s.mode.trains() && super::train::uneven(s).is_some();
    if partial {
        l.set(
            "--ntasks",
            s.parallel.gpus,
            format!(
                "{} ranks in all, one per GPU: they do not fill {nodes} nodes of {tasks} evenly, so --ntasks-per-node below is the most on one node (gpus, gpus_per_node)",
                s.parallel.gpus
            ),
        );
    }
    l.set("--ntasks-per-node", tasks, why.clone());
    if gpus > 0 && partial {
        l.set(
            "--gpus-per-task",
            1,
            format!(
                "one GPU per rank: Slurm gives the job --ntasks × --gpus-per-task = {} GPUs, where {nodes} nodes × --gpus-per-node={gpus} would ask {}. No srun line follows: {}",
                s.parallel.gpus,
                nodes * gpus,
                super::train::uneven(s).unwrap_or_default()
            ),
        );
    } else if gpus > 0 {
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
    // The launched command after the guard (issue 40, h-fsdp).
    if let Some((pre, cmd, why)) = launched(s, e) {
        l.set("srun", &cmd, why);
        body.push_str(&pre);
        body.push_str("srun ");
        body.push_str(&cmd);
        body.push('\n');
    }
    Emitted {
        target: Target::Sbatch,
        settings: l.settings,
        body,
        file: None,
        comment: Some("#"),
    }
}

// ---- The launched command (issue 40, h-fsdp) ----

/// A command as one line (the continuations `memcalc --emit` writes joined).
fn one_line(body: &str) -> String {
    body.replace(" \\\n  ", " ")
        .lines()
        .next()
        .unwrap_or("")
        .to_string()
}

/// The command the job launches with `srun` (sbatch.1: "srun … to launch the job's tasks"),
/// what goes before it, and why; None where the scenario names no program to launch.
///
/// - A server (mode=infer, one node): the engine's own command (`memcalc --emit vllm`,
///   `sglang`, `llamacpp`), one server process on the node starting a worker per GPU.
/// - Training: `torchrun` once per node (`srun --ntasks-per-node=1`), starting one process per
///   GPU (torch/distributed/run.py: `--nnodes`, `--nproc-per-node`; several nodes meet at the
///   first node's address with `--rdzv-backend c10d --rdzv-endpoint --rdzv-id`, the rendezvous
///   its documentation gives for multi-node jobs; one node: `--standalone`). The header asks
///   one task per GPU, which `srun --ntasks-per-node=1` narrows to one per node for torchrun.
///   GPUs that do not fill whole nodes have no torchrun line (train::uneven).
/// - pw.x and LAMMPS: their command with `srun -n RANKS` in place of `mpirun -np RANKS`.
fn launched(s: &Scenario, e: &Estimate) -> Option<(String, String, String)> {
    use super::Target as T;
    match s.mode {
        Mode::Infer => {
            let t = match s.engine.id() {
                "vllm" => T::Vllm,
                "sglang" => T::Sglang,
                "llamacpp" => T::Llamacpp,
                _ => return None,
            };
            if super::train::nodes(s).0 > 1 {
                return None;
            }
            let o = super::emit(t, s, e).ok()?;
            Some((
                String::new(),
                one_line(&o.body),
                format!(
                    "the server as `memcalc --emit {}` writes it: one process on the node, a worker per GPU",
                    t.id()
                ),
            ))
        }
        Mode::Sim => {
            let t = match s.sim.code.id() {
                "lammps" => T::Lammps,
                "quantum_espresso" => T::Pwx,
                _ => return None,
            };
            let o = super::emit(t, s, e).ok()?;
            let first = o.body.lines().next()?;
            let rest = first.strip_prefix(&format!("mpirun -np {} ", s.sim.ranks))?;
            Some((
                String::new(),
                format!("-n {} {rest}", s.sim.ranks),
                format!(
                    "the code as `memcalc --emit {}` writes it, its {} ranks started by srun (ranks)",
                    t.id(),
                    s.sim.ranks
                ),
            ))
        }
        _ if s.mode.trains() => {
            if super::train::uneven(s).is_some() {
                return None;
            }
            let (n, per) = super::train::nodes(s);
            let (pre, rdzv) = if n > 1 {
                (
                    "MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n".to_string(),
                    " --rdzv-id \"$SLURM_JOB_ID\" --rdzv-backend c10d --rdzv-endpoint \"$MASTER_ADDR:29500\"".to_string(),
                )
            } else {
                (String::new(), " --standalone".to_string())
            };
            Some((
                pre,
                format!("--ntasks-per-node=1 torchrun --nnodes {n} --nproc-per-node {per}{rdzv} train.py"),
                format!(
                    "torchrun once per node, starting a process per GPU: {} GPUs at {per} per node (gpus, gpus_per_node)",
                    s.parallel.gpus
                ),
            ))
        }
        _ => None,
    }
}
