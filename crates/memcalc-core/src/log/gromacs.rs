//! GROMACS `md.log` (gmx mdrun, 4.6 to 2025): the version, the ranks (MPI processes or
//! thread-MPI threads, or the cycle accounting's "On N MPI ranks"), the atoms, the cut-offs
//! the input parameters echo and the pair-list buffer mdrun chose, and the run's wall time.
//! GROMACS prints no memory figure in md.log, so nothing of the estimate's memory is checked
//! against it; lengths are nm, as the GROMACS profile takes them.

use super::{first_number, number_after, numbers, plain, Ctx, Figure, Recogniser, Row};
use crate::base::keys::FieldId as F;

pub(crate) static RECOGNISER: Recogniser = Recogniser { rows: ROWS, finish };

const ROWS: &[Row] = &[
    Row {
        marker: ":-) GROMACS - ",
        prints: "src/gromacs/utility/binaryinformation.cpp printBinaryInformation (\":-) GROMACS - %s, %s%s (-:\", 2016+; src/gromacs/gmxlib/copyrite.cpp before)",
        read: header,
    },
    Row {
        marker: "GROMACS:      gmx mdrun, version ",
        prints: "src/gromacs/utility/binaryinformation.cpp printBinaryInformation (\"GROMACS:      %s, version %s\")",
        read: version,
    },
    Row {
        marker: "GROMACS version:",
        prints: "src/gromacs/utility/binaryinformation.cpp gmx_print_version_info (\"GROMACS version:    %s\")",
        read: version,
    },
    Row {
        marker: "Using ",
        prints: "src/gromacs/mdrun/runner.cpp mdrunner (\"Using %d MPI %s\", threads with thread-MPI, else processes; src/programs/mdrun/runner.cpp before 2018)",
        read: using,
    },
    Row {
        marker: "There are: ",
        prints: "src/gromacs/mdrun/shellfc.cpp init_shell_flexcon (\"There are: %d %ss\", one line per particle type: Atoms, Shells, VSites)",
        read: atoms,
    },
    Row {
        marker: "   rcoulomb ",
        prints: "the input parameters echoed by src/gromacs/mdtypes/inputrec.cpp pr_inputrec (\"rcoulomb = %g\")",
        read: cutoff,
    },
    Row {
        marker: "   rvdw ",
        prints: "the input parameters echoed by src/gromacs/mdtypes/inputrec.cpp pr_inputrec (\"rvdw = %g\")",
        read: cutoff,
    },
    Row {
        marker: "outer list: updated every",
        prints: "src/gromacs/nbnxm/pairlist_tuning.cpp printNbnxmPressureError / setupDynamicPairlistPruning (\"outer list: updated every %d steps, buffer %.3f nm, rlist %.3f nm\", 2018+)",
        read: buffer,
    },
    Row {
        marker: "Domain decomposition grid ",
        prints: "src/gromacs/domdec/domdec.cpp (\"Domain decomposition grid %d x %d x %d, separate PME ranks %d\")",
        read: dd_grid,
    },
    Row {
        marker: " MPI ranks",
        prints: "src/gromacs/timing/wallcycle.cpp wallcycle_print (\"On %d MPI ranks\", \"On %d MPI ranks doing PP, and on %d MPI ranks doing PME\")",
        read: accounting_ranks,
    },
    Row {
        marker: "Wall t (s)",
        prints: "src/gromacs/mdrunutility/printtime.cpp print_perf (2019+; src/gromacs/mdlib/sim_util.cpp before): \"Core t (s)   Wall t (s)   (%)\" then \"Time:\"",
        read: time_header,
    },
    Row {
        marker: "Time:",
        prints: "src/gromacs/mdrunutility/printtime.cpp print_perf (\"%12s %12.3f %10.3f %10.1f\", \"Time:\", core, wall, percent)",
        read: time,
    },
    Row {
        marker: "Performance:",
        prints: "src/gromacs/mdrunutility/printtime.cpp print_perf (\"Performance:\" ns/day and hour/ns)",
        read: performance,
    },
    Row {
        marker: "Finished mdrun on ",
        prints: "src/gromacs/mdrunutility/printtime.cpp print_date_and_time (\"Finished mdrun on rank %d %s\")",
        read: finished,
    },
];

fn header(c: &mut Ctx, l: &str) {
    c.starts += 1;
    c.remember("gromacs", 1.0);
    if let Some(v) = l
        .split(":-) GROMACS - ")
        .nth(1)
        .and_then(|s| s.split(',').nth(1))
        .map(|s| s.trim().trim_end_matches("(-:").trim().to_string())
    {
        if c.version.is_empty() {
            c.version = v;
        }
    }
}

fn version(c: &mut Ctx, l: &str) {
    c.remember("gromacs", 1.0);
    let v = l
        .split("version")
        .nth(1)
        .map(|s| s.trim_start_matches(':').trim().to_string())
        .unwrap_or_default();
    if !v.is_empty() {
        c.version = v;
    }
}

fn using(c: &mut Ctx, l: &str) {
    // "Using 8 MPI processes" / "Using 4 MPI threads" (thread-MPI ranks are ranks).
    let t = l.trim();
    let Some(rest) = t.strip_prefix("Using ") else {
        return;
    };
    // "Using 6 OpenMP threads per MPI process" names MPI too: OpenMP first.
    if rest.contains("OpenMP thread") {
        if let Some(n) = first_number(rest) {
            c.remember("omp", n);
        }
    } else if rest.contains(" MPI process") || rest.contains(" MPI thread") {
        if let Some(n) = first_number(rest).filter(|n| *n >= 1.0) {
            c.remember("ranks", n);
        }
    }
}

fn atoms(c: &mut Ctx, l: &str) {
    if l.trim_end().ends_with("Atoms") {
        if let Some(n) = number_after(l, "There are:").filter(|n| *n >= 1.0) {
            c.remember("atoms", n);
        }
    }
}

fn cutoff(c: &mut Ctx, l: &str) {
    let t = l.trim();
    let key = if t.starts_with("rcoulomb ") {
        "rcoulomb"
    } else if t.starts_with("rvdw ") {
        "rvdw"
    } else {
        return;
    };
    if let Some(v) = t.split('=').nth(1).and_then(first_number) {
        c.remember(key, v);
    }
}

fn buffer(c: &mut Ctx, l: &str) {
    // The first "outer list" line is the list mdrun uses; a second one describes the
    // "equivalent classical 1x1 list" it compares with.
    if !c.seen.contains_key("buffer") {
        if let Some(b) = number_after(l, "buffer") {
            c.remember("buffer", b);
        }
    }
}

fn dd_grid(c: &mut Ctx, l: &str) {
    let n = numbers(l.split("grid").nth(1).unwrap_or(""));
    if n.len() >= 4 {
        c.remember("dd_ranks", n[0] * n[1] * n[2] + n[3]);
    }
}

fn accounting_ranks(c: &mut Ctx, l: &str) {
    let t = l.trim();
    if let Some(rest) = t.strip_prefix("On ").or_else(|| t.strip_prefix("on ")) {
        if let Some(n) = first_number(rest) {
            let prev = c.seen.get("accounting_ranks").map_or(0.0, |v| v.0);
            // "On 20 MPI ranks doing PP, and" then "on 4 MPI ranks doing PME": summed.
            let total = if t.starts_with("on ") { prev + n } else { n };
            c.remember("accounting_ranks", total);
        }
    }
}

fn time_header(c: &mut Ctx, _l: &str) {
    c.remember("time_header", 1.0);
}

fn time(c: &mut Ctx, l: &str) {
    if !c.seen.contains_key("time_header") || !l.trim_start().starts_with("Time:") {
        return;
    }
    let n = numbers(l);
    if n.len() >= 2 {
        c.log(Figure::WallMs, (n[1] * 1000.0).round() as u64);
    }
}

fn performance(c: &mut Ctx, l: &str) {
    if !c.seen.contains_key("time_header") {
        return;
    }
    c.remember("performance", 1.0);
    c.unused("ns/day and hour/ns are read but not yet checked against the time model (the steps and the time step are not in these lines)");
    let _ = l;
}

fn finished(c: &mut Ctx, _l: &str) {
    c.remember("finished", 1.0);
}

fn finish(c: &mut Ctx) {
    // "Using", "Time:" and "There are:" alone are no GROMACS log: its version lines or its
    // time accounting are needed.
    if !c.seen.contains_key("gromacs") && !c.seen.contains_key("time_header") {
        c.reading.filled.clear();
        c.reading.logged.clear();
        c.reading.unused.clear();
        return;
    }
    let seen = |c: &Ctx, k: &str| c.seen.get(k).cloned();
    if !c.fill_sim_code("gromacs") {
        return;
    }
    if let Some((a, line, text)) = seen(c, "atoms") {
        c.fill_at(F::Particles, plain(a, 0), line, text);
    }
    if let Some((r, line, text)) = seen(c, "ranks")
        .or_else(|| seen(c, "accounting_ranks"))
        .or_else(|| seen(c, "dd_ranks"))
    {
        c.fill_at(F::Ranks, plain(r, 0), line, text);
    }
    let cut = match (seen(c, "rcoulomb"), seen(c, "rvdw")) {
        (Some(a), Some(b)) => Some(if a.0 >= b.0 { a } else { b }),
        (a, b) => a.or(b),
    };
    if let Some((r, line, text)) = cut.clone() {
        c.fill_at(F::Cutoff, plain(r, 3), line, text);
    }
    if let Some((b, line, text)) = seen(c, "buffer") {
        c.fill_at(F::Skin, plain(b, 3), line, text);
    }
    if let Some((_, line, text)) = seen(c, "omp") {
        c.reading.unused.push(super::Unused {
            line,
            text,
            why: "OpenMP threads per rank do not change the per-rank arrays the estimate counts"
                .to_string(),
        });
    }
    if c.starts > 0 && !c.seen.contains_key("finished") && !c.seen.contains_key("performance") {
        c.note("The GROMACS log stops before the run's end (no \"Performance:\" or \"Finished mdrun\" line): truncated, or the run is still going or failed");
    }
    c.note("GROMACS's md.log states no memory figure: the settings are filled, nothing of the memory estimate is checked");
}
