//! LAMMPS logs (`log.lammps`): the version line, the box and the atoms created, the processor
//! grid, the neighbour settings the input echoes and the list cutoff LAMMPS prints, the per-rank
//! memory report, and the loop's time. LAMMPS's "Mbytes" are 2^20 bytes (`memory.cpp`,
//! `1024.0*1024.0`).

use super::{first_number, number_after, numbers, plain, Ctx, Figure, Recogniser, Row};
use crate::base::keys::FieldId as F;

pub(crate) static RECOGNISER: Recogniser = Recogniser { rows: ROWS, finish };

const ROWS: &[Row] = &[
    // Launch settings read back (issue 40, h-trip2): `mpirun -np N lmp -sf gpu -pk gpu N …`
    // and the input's `processors Px Py Pz`.
    Row {
        marker: "lmp",
        prints: "the command line that starts LAMMPS, as src/lammps.cpp LAMMPS::LAMMPS reads its switches (-sf, -pk, -k, -in; docs/Run_options), with the launcher's -np/-n (Open MPI mpirun, MPICH mpiexec, srun)",
        read: super::launch::lammps_command,
    },
    Row {
        marker: "processors",
        prints: "the input's processors command (src/comm.cpp Comm::set_processors, docs/processors: \"processors Px Py Pz\"), as written or echoed by src/input.cpp",
        read: super::launch::lammps_processors,
    },
    Row {
        marker: "LAMMPS (",
        prints: "src/lammps.cpp LAMMPS::LAMMPS (\"LAMMPS (%s)\", the version string)",
        read: version,
    },
    Row {
        marker: "MPI processor grid",
        prints: "src/comm.cpp / src/procmap.cpp (\"%d by %d by %d MPI processor grid\")",
        read: grid,
    },
    Row {
        marker: "Created ",
        prints: "src/create_atoms.cpp (\"Created %ld atoms\") and src/domain.cpp print_box (\"Created orthogonal box = (…) to (…)\")",
        read: created,
    },
    Row {
        marker: "master list distance cutoff",
        prints: "src/neighbor.cpp print_pairwise_info (\"master list distance cutoff = %g\": the largest pair cutoff + skin)",
        read: master_cutoff,
    },
    Row {
        marker: "neighbor",
        prints: "the input echoed by src/input.cpp (\"neighbor SKIN STYLE\")",
        read: neighbor,
    },
    Row {
        marker: "atom_style",
        prints: "the input echoed by src/input.cpp (\"atom_style STYLE\")",
        read: atom_style,
    },
    Row {
        marker: "pair_style",
        prints: "the input echoed by src/input.cpp (\"pair_style STYLE ARGS\")",
        read: pair_style,
    },
    Row {
        marker: "Per MPI rank memory allocation",
        prints: "src/integrate.cpp / src/finish.cpp via Output::memory_usage (src/output.cpp: \"Per MPI rank memory allocation (min/avg/max) = %.4g | %.4g | %.4g Mbytes\")",
        read: memory,
    },
    Row {
        marker: "Loop time of",
        prints: "src/finish.cpp Finish::end (\"Loop time of %g on %d procs for %d steps with %ld atoms\")",
        read: loop_time,
    },
    Row {
        marker: "Performance:",
        prints: "src/finish.cpp Finish::end (\"Performance: %.3f tau/day, %.3f timesteps/s\" or \"%.3f ns/day, %.3f hours/ns, %.3f timesteps/s\", LAMMPS 2016+)",
        read: performance,
    },
    // Issue 37 (h-md): the share of the loop's wall time the process ran, and how often its
    // lists were rebuilt.
    Row {
        marker: "% CPU use",
        prints: "src/finish.cpp Finish::end (\"%.1f%% CPU use with %d MPI tasks x %d OpenMP threads\": the process's CPU time over the loop's wall time)",
        read: cpu_use,
    },
    Row {
        marker: "Neighbor list builds",
        prints: "src/finish.cpp Finish::end (\"Neighbor list builds = %ld\")",
        read: builds,
    },
];

fn cpu_use(c: &mut Ctx, l: &str) {
    if let Some(v) = l.split('%').next().and_then(first_number) {
        c.remember("cpu_use", v);
    }
}

fn builds(c: &mut Ctx, l: &str) {
    if let Some(n) = l.split('=').nth(1).and_then(first_number) {
        c.remember("builds", n);
    }
}

fn version(c: &mut Ctx, l: &str) {
    let t = l.trim();
    if let Some(v) = t.strip_prefix("LAMMPS (").and_then(|s| s.split(')').next()) {
        c.starts += 1;
        c.version = v.to_string();
        c.remember("version_line", 1.0);
    }
}

fn grid(c: &mut Ctx, l: &str) {
    let n = numbers(l.split("MPI processor grid").next().unwrap_or(""));
    if n.len() == 3 {
        c.remember("grid_ranks", n[0] * n[1] * n[2]);
    }
}

fn created(c: &mut Ctx, l: &str) {
    if l.contains("box = (") {
        // "Created orthogonal box = (x0 y0 z0) to (x1 y1 z1)"
        let after = l.split("box = ").nth(1).unwrap_or("");
        let n = numbers(after);
        if n.len() >= 6 && !l.contains("triclinic") {
            let v = (n[3] - n[0]) * (n[4] - n[1]) * (n[5] - n[2]);
            if v > 0.0 {
                c.remember("volume", v);
            }
        }
    } else if l.contains(" atoms") {
        if let Some(n) = number_after(l, "Created ") {
            c.remember("atoms", n);
        }
    }
}

fn master_cutoff(c: &mut Ctx, l: &str) {
    if let Some(x) = number_after(l, "master list distance cutoff") {
        c.remember("master_cutoff", x);
    }
}

fn neighbor(c: &mut Ctx, l: &str) {
    let t = l.trim_start();
    let mut w = t.split_whitespace();
    if w.next() == Some("neighbor") {
        if let Some(s) = w.next().and_then(first_number) {
            c.remember("skin", s);
        }
    }
}

fn atom_style(c: &mut Ctx, l: &str) {
    let mut w = l.split_whitespace();
    if w.next() != Some("atom_style") {
        return;
    }
    match w.next() {
        Some(s @ ("atomic" | "charge" | "full" | "bond" | "angle" | "molecular")) => {
            c.remember_text("atom_style", s);
        }
        Some(other) => c.unused(format!(
            "atom_style {other}: not a style the estimate stores; atom_style keeps its value"
        )),
        None => {}
    }
}

fn pair_style(c: &mut Ctx, l: &str) {
    let mut w = l.split_whitespace();
    if w.next() != Some("pair_style") {
        return;
    }
    let Some(style) = w.next() else { return };
    let family = style.split('/').next().unwrap_or(style);
    match family {
        // EAM keeps its density and embedding arrays per atom: the `eam` style's 104 B.
        "eam" => c.remember_text("eam", style),
        "tersoff" | "sw" | "rebo" | "airebo" => c.remember_text("potential", family),
        "reaxff" | "reax" => c.remember_text("potential", "reaxff"),
        _ => c.remember_text("potential", "pair"),
    }
}

fn memory(c: &mut Ctx, l: &str) {
    let after = l.split('=').nth(1).unwrap_or("");
    let n = numbers(after);
    if n.len() == 3 {
        // The average column: each rank's own arrays, in 2^20-byte Mbytes.
        c.log(
            Figure::RankMemory,
            (n[1] * (1u64 << 20) as f64).round() as u64,
        );
        if n[2] > n[0] * 1.05 {
            c.note(format!(
                "LAMMPS's ranks differ in memory ({} to {} Mbytes): the average is checked, the busiest rank holds {} % more",
                plain(n[0], 3),
                plain(n[2], 3),
                plain((n[2] / n[1] - 1.0) * 100.0, 0)
            ));
        }
    }
}

fn loop_time(c: &mut Ctx, l: &str) {
    let n = numbers(l.split("Loop time of").nth(1).unwrap_or(""));
    if n.len() >= 4 {
        c.log(Figure::WallMs, (n[0] * 1000.0).round() as u64);
        c.remember("procs", n[1]);
        c.remember("steps", n[2]);
        c.remember("loop_atoms", n[3]);
    }
}

fn performance(c: &mut Ctx, l: &str) {
    if let Some(ts) = l
        .split(',')
        .find(|p| p.contains("timesteps/s"))
        .and_then(first_number)
    {
        c.remember("timesteps_per_s", ts);
        c.log(Figure::StepRate, (ts * 1000.0).round() as u64);
    }
}

fn finish(c: &mut Ctx) {
    // Words such as "Created" or "neighbor" alone are no LAMMPS log: a version line, a memory
    // report or a loop time is needed.
    // A LAMMPS command line (log/launch.rs) states the ranks and package it launches.
    if c.starts == 0 && c.reading.logged.is_empty() && !c.seen.contains_key("command") {
        c.reading.filled.clear();
        return;
    }
    let anchor = c
        .seen
        .values()
        .map(|v| (v.1, v.2.clone()))
        .min_by_key(|v| v.0)
        .or_else(|| c.reading.logged.first().map(|l| (l.line, l.text.clone())));
    let Some((n, t)) = anchor else { return };
    c.fill_at(F::Mode, "sim", n, t.clone());
    c.fill_at(F::Code, "lammps", n, t);
    let seen = |c: &Ctx, k: &str| c.seen.get(k).cloned();
    let atoms = seen(c, "loop_atoms").or_else(|| seen(c, "atoms"));
    if let Some((a, line, text)) = atoms.clone() {
        c.fill_at(F::Particles, plain(a, 0), line, text);
    }
    let ranks = seen(c, "procs")
        .or_else(|| seen(c, "grid_ranks"))
        .or_else(|| seen(c, "np"))
        .or_else(|| seen(c, "processors"));
    if let Some((p, line, text)) = ranks.clone() {
        c.fill_at(F::Ranks, plain(p, 0), line, text);
    }
    // The command's launch (issue 40, h-trip2): the input's grid must hold its ranks, and a
    // GPU for each rank of a node (one node: all of them) is the GPU-resident run.
    if let (Some((g, line, text)), Some((p, ..))) = (seen(c, "processors"), ranks.clone()) {
        if (g - p).abs() > 0.5 {
            c.reading.unused.push(super::Unused {
                line,
                text,
                why: format!(
                    "the processors grid holds {} ranks, but the run has {}: LAMMPS stops with \"Processors command grid does not match\"",
                    plain(g, 0),
                    plain(p, 0)
                ),
            });
        }
    }
    if let (Some((n, line, text)), Some((p, ..))) = (seen(c, "pk_gpus"), ranks) {
        if n >= 2.0 || (n - p).abs() < 0.5 {
            c.fill_at(F::SimDevice, "gpu", line, text);
        }
    }
    if let Some((s, line, text)) = seen(c, "steps") {
        c.fill_at(F::Steps, plain(s, 0), line, text);
    }
    // Issue 37 (h-md): a process that ran less than its loop's wall time shared its core; the
    // builds over the steps are the lists' interval (`neigh_every`).
    if let Some((u, line, text)) = seen(c, "cpu_use") {
        if u > 0.0 && u < 100.0 {
            c.fill_at(F::CpuUse, plain(u, 1), line, text);
        }
    }
    if let (Some((b, line, text)), Some((s, ..))) = (seen(c, "builds"), seen(c, "steps")) {
        if b >= 1.0 && s >= b {
            c.fill_at(F::NeighEvery, plain((s / b).round(), 0), line, text);
        }
    }
    if let (Some((a, ..)), Some((v, line, text))) = (atoms, seen(c, "volume")) {
        // Atoms over the box's volume, in the input's length unit.
        c.fill_at(F::Density, plain(a / v, 6), line, text);
    }
    if let Some((s, line, text)) = seen(c, "skin") {
        c.fill_at(F::Skin, plain(s, 4), line, text);
        if let Some((m, mline, mtext)) = seen(c, "master_cutoff") {
            // LAMMPS's master cutoff is the largest pair cutoff plus the skin.
            if m > s {
                c.fill_at(F::Cutoff, plain(m - s, 4), mline, mtext);
            }
        }
    }
    if let Some((_, line, text)) = c.texts.get("eam").cloned() {
        c.fill_at(F::AtomStyle, "eam", line, text);
    } else if let Some((s, line, text)) = c.texts.get("atom_style").cloned() {
        c.fill_at(F::AtomStyle, s, line, text);
    }
    if let Some((p, line, text)) = c.texts.get("potential").cloned() {
        c.fill_at(F::Potential, p, line, text);
    }
    // No "Performance:" line (LAMMPS before 2016 prints none): the loop's steps over its time.
    if !c
        .reading
        .logged
        .iter()
        .any(|l| l.figure == Figure::StepRate)
    {
        if let (Some(loop_ms), Some((steps, ..))) = (
            c.reading
                .logged
                .iter()
                .find(|l| l.figure == Figure::WallMs)
                .cloned(),
            seen(c, "steps"),
        ) {
            if loop_ms.value > 0 && steps > 0.0 {
                c.reading.logged.push(super::Logged {
                    figure: Figure::StepRate,
                    value: (steps * 1e6 / loop_ms.value as f64).round() as u64,
                    line: loop_ms.line,
                    text: loop_ms.text,
                    prints: "src/finish.cpp Finish::end (\"Loop time of %g on %d procs for %d steps\"): steps over the loop's time",
                });
            }
        }
    }
    let has_mem = c
        .reading
        .logged
        .iter()
        .any(|l| l.figure == Figure::RankMemory);
    let has_loop = c.reading.logged.iter().any(|l| l.figure == Figure::WallMs);
    if has_mem && !has_loop {
        c.note("The LAMMPS log has a memory report but no \"Loop time\" line: the run was cut short or the log is truncated");
    }
}
