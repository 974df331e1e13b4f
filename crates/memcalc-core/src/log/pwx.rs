//! Quantum ESPRESSO pw.x output: the version, the ranks and pools, the cell and its atoms, the
//! cutoffs, the Kohn–Sham states, the k-points, the FFT grid, the pseudopotentials' kind and
//! beta functions, pw.x's own memory estimate (`PW/src/memory_report.f90`, in MB of 2^20 bytes)
//! and the wall time.

use super::{first_number, number_after, numbers, plain, size_after, Ctx, Figure, Recogniser, Row};
use crate::base::keys::FieldId as F;

pub(crate) static RECOGNISER: Recogniser = Recogniser { rows: ROWS, finish };

const ROWS: &[Row] = &[
    // Launch settings read back (issue 40, h-trip2): `mpirun -np N pw.x -nk K …`.
    Row {
        marker: "pw.x",
        prints: "the command line that starts pw.x, as Modules/command_line_options.f90 get_command_line reads it (-nk/-npool/-npools, -nd/-ndiag …; QE 6.x–7.x), with the launcher's -np/-n (Open MPI mpirun, MPICH mpiexec, srun)",
        read: super::launch::pwx_command,
    },
    Row {
        marker: "Program PWSCF v.",
        prints: "Modules/environment.f90 opening_message (\"Program PWSCF v.%s starts on …\")",
        read: version,
    },
    Row {
        marker: "running on",
        prints: "Modules/environment.f90 parallel_info (\"Parallel version (MPI), running on %d processors\"; 6.x: \"Number of MPI processes: %d\")",
        read: ranks,
    },
    Row {
        marker: "Number of MPI processes:",
        prints: "Modules/environment.f90 parallel_info (6.2+)",
        read: ranks,
    },
    Row {
        marker: "K-points division:     npool",
        prints: "Modules/mp_pools.f90 via environment.f90 (\"K-points division: npool = %d\")",
        read: pools,
    },
    Row {
        marker: "unit-cell volume",
        prints: "PW/src/summary.f90 (\"unit-cell volume = %12.4f (a.u.)^3\")",
        read: summary,
    },
    Row {
        marker: "number of atoms/cell",
        prints: "PW/src/summary.f90",
        read: summary,
    },
    Row {
        marker: "number of atomic types",
        prints: "PW/src/summary.f90",
        read: summary,
    },
    Row {
        marker: "number of Kohn-Sham states",
        prints: "PW/src/summary.f90",
        read: summary,
    },
    Row {
        marker: "kinetic-energy cutoff",
        prints: "PW/src/summary.f90 (Ry)",
        read: summary,
    },
    Row {
        marker: "charge density cutoff",
        prints: "PW/src/summary.f90 (Ry)",
        read: summary,
    },
    Row {
        marker: "number of k points=",
        prints: "PW/src/summary.f90 print_ks_info (\"number of k points=%6d\")",
        read: summary,
    },
    Row {
        marker: "FFT dimensions:",
        prints: "PW/src/summary.f90 (\"Dense grid: %d G-vectors FFT dimensions: (%4d,%4d,%4d)\")",
        read: fft,
    },
    Row {
        marker: "Pseudo is ",
        prints: "PW/src/summary.f90 print_pseudo (\"Pseudo is Norm-conserving / Ultrasoft / Projector augmented-wave\")",
        read: pseudo,
    },
    Row {
        marker: "beta functions with",
        prints: "PW/src/summary.f90 print_pseudo (\"Using radial grid of %d points, %d beta functions with: l(i) = …\")",
        read: betas,
    },
    Row {
        marker: "l(",
        prints: "PW/src/summary.f90 print_pseudo (one \"l(%d) = %d\" per beta function)",
        read: beta_l,
    },
    Row {
        marker: "Estimated max dynamical RAM per process",
        prints: "PW/src/memory_report.f90 (\"Estimated max dynamical RAM per process > %10.2f MB\"; 6.2+ may print GB)",
        read: ram,
    },
    Row {
        marker: "Estimated total dynamical RAM",
        prints: "PW/src/memory_report.f90 (\"Estimated total dynamical RAM > %10.2f MB\", parallel runs)",
        read: ram,
    },
    Row {
        marker: "PWSCF        :",
        prints: "PW/src/print_clock_pw.f90 (\"PWSCF : %s CPU %s WALL\")",
        read: wall,
    },
    Row {
        marker: "JOB DONE.",
        prints: "Modules/environment.f90 closing_message",
        read: done,
    },
    // Timing (issue 40): the SCF loop's own clock, beside PWSCF's.
    Row {
        marker: "electrons    :",
        prints: "PW/src/print_clock_pw.f90 (print_clock('electrons'): \"electrons : %s CPU %s WALL (%d calls)\", Modules/clocks_handler.f90)",
        read: electrons_wall,
    },
    Row {
        marker: "total cpu time spent up to now is",
        prints: "PW/src/electrons.f90 electrons_scf (\"total cpu time spent up to now is %10.1f secs\", once before the SCF loop and once per iteration)",
        read: cpu_so_far,
    },
    Row {
        marker: "convergence has been achieved in",
        prints: "PW/src/electrons.f90 (\"convergence has been achieved in %3d iterations\")",
        read: converged,
    },
];

fn version(c: &mut Ctx, l: &str) {
    c.starts += 1;
    c.remember("version_line", 1.0);
    if let Some(v) = l
        .split("PWSCF v.")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
    {
        c.version = v.to_string();
    }
}

fn ranks(c: &mut Ctx, l: &str) {
    let n = if l.contains("running on") {
        number_after(l, "running on")
    } else {
        number_after(l, "Number of MPI processes:")
    };
    if let Some(n) = n {
        c.remember("ranks", n);
    }
}

fn pools(c: &mut Ctx, l: &str) {
    if let Some(n) = number_after(l, "npool") {
        c.remember("pools", n);
    }
}

fn summary(c: &mut Ctx, l: &str) {
    let Some((k, v)) = l.split_once('=') else {
        return;
    };
    let k = k.trim();
    let Some(x) = first_number(v) else { return };
    match k {
        "unit-cell volume" => c.fill(F::CellVolume, plain(x, 3)),
        "number of atoms/cell" => {
            c.fill(F::Atoms, plain(x, 0));
            c.remember("atoms", x);
        }
        "number of atomic types" => {
            c.fill(F::Species, plain(x, 0));
            c.remember("species", x);
        }
        "number of Kohn-Sham states" => c.fill(F::Bands, plain(x, 0)),
        "kinetic-energy cutoff" => c.fill(F::Ecutwfc, plain(x, 4)),
        "charge density cutoff" => c.fill(F::Ecutrho, plain(x, 4)),
        "number of k points" => c.fill(F::Kpoints, plain(x, 0)),
        _ => {}
    }
}

fn fft(c: &mut Ctx, l: &str) {
    // The dense grid only: the smooth grid (ultrasoft) and the EXX grid are printed after it.
    if c.seen.contains_key("fft") || !l.contains("Dense") {
        return;
    }
    let n = numbers(l.split("FFT dimensions:").nth(1).unwrap_or(""));
    if n.len() >= 3 {
        c.remember("fft", n[0] * n[1] * n[2]);
        c.fill(F::FftGrid, plain(n[0] * n[1] * n[2], 0));
    }
}

fn pseudo(c: &mut Ctx, l: &str) {
    let kind = if l.contains("Ultrasoft") {
        "us"
    } else if l.contains("Projector augmented") || l.contains("PAW") {
        "paw"
    } else if l.contains("Norm-conserving") {
        "nc"
    } else {
        return;
    };
    // The strongest kind wins: one ultrasoft species makes the run ultrasoft.
    let rank = |k: &str| match k {
        "paw" => 3.0,
        "us" => 2.0,
        _ => 1.0,
    };
    if c.seen.get("pseudo_rank").map(|v| v.0).unwrap_or(0.0) < rank(kind) {
        c.remember("pseudo_rank", rank(kind));
        c.fill(F::Pseudopotential, kind);
    }
    c.remember(
        "pseudo_count",
        c.seen.get("pseudo_count").map(|v| v.0).unwrap_or(0.0) + 1.0,
    );
}

fn betas(c: &mut Ctx, l: &str) {
    if let Some(n) = number_after(l, "points,") {
        c.remember("betas", n);
        c.remember("beta_ls", 0.0);
        c.remember("beta_sum", 0.0);
        c.remember("lmax", 0.0);
    }
}

fn beta_l(c: &mut Ctx, l: &str) {
    let t = l.trim();
    if !t.starts_with("l(") || !c.seen.contains_key("betas") {
        return;
    }
    let Some(lv) = t.split('=').nth(1).and_then(first_number) else {
        return;
    };
    let count = c.seen.get("beta_ls").map(|v| v.0).unwrap_or(0.0) + 1.0;
    if count > c.seen.get("betas").map(|v| v.0).unwrap_or(0.0) {
        return;
    }
    c.remember("beta_ls", count);
    let sum = c.seen.get("beta_sum").map(|v| v.0).unwrap_or(0.0) + 2.0 * lv + 1.0;
    c.remember("beta_sum", sum);
    let lmax = c.seen.get("lmax").map(|v| v.0).unwrap_or(0.0).max(lv);
    c.remember("lmax", lmax);
}

fn ram(c: &mut Ctx, l: &str) {
    let total = l.contains("total");
    let marker = if total {
        "Estimated total dynamical RAM"
    } else {
        "Estimated max dynamical RAM per process"
    };
    // ">   1.08 MB": pw.x's MB and GB are 2^20 and 2^30 bytes (memory_report.f90 divides by 1024).
    if let Some(b) = size_after(l, marker, true) {
        if total {
            c.remember("total_ram", b as f64);
        } else {
            c.log(Figure::ProcessEstimate, b);
        }
    }
}

fn wall(c: &mut Ctx, l: &str) {
    if let Some(secs) = wall_secs(l) {
        c.log(Figure::WallMs, (secs * 1000.0).round() as u64);
        c.remember("pwscf_wall", secs);
    }
}

fn cpu_so_far(c: &mut Ctx, l: &str) {
    if let Some(t) = number_after(l, "up to now is") {
        if !c.seen.contains_key("cpu_first") {
            c.remember("cpu_first", t);
        }
        c.remember("cpu_last", t);
        let n = c.seen.get("cpu_lines").map_or(0.0, |v| v.0);
        c.remember("cpu_lines", n + 1.0);
    }
}

fn electrons_wall(c: &mut Ctx, l: &str) {
    if let Some(secs) = wall_secs(l) {
        c.remember("electrons_wall", secs);
    }
}

/// The WALL figure of a print_clock line, in seconds.
fn wall_secs(l: &str) -> Option<f64> {
    // "PWSCF : 0.14s CPU 0.15s WALL", or "1m23.45s WALL", "1h 2m WALL".
    let w = l.split("CPU").nth(1)?;
    let w = w.split("WALL").next().unwrap_or("").trim();
    let mut secs = 0.0;
    let mut num = String::new();
    for ch in w.chars() {
        if ch.is_ascii_digit() || ch == '.' {
            num.push(ch);
        } else {
            let x = super::parse_decimal(&num).unwrap_or(0.0);
            secs += match ch {
                'h' => x * 3600.0,
                'm' => x * 60.0,
                's' => x,
                _ => 0.0,
            };
            num.clear();
        }
    }
    (secs > 0.0).then_some(secs)
}

fn done(c: &mut Ctx, _l: &str) {
    c.remember("done", 1.0);
}

fn converged(c: &mut Ctx, l: &str) {
    if let Some(n) = number_after(l, "achieved in") {
        c.fill(F::Steps, plain(n, 0));
        c.remember("iterations", n);
    }
}

fn finish(c: &mut Ctx) {
    // A pw.x output has its banner or its memory estimate; a stray "running on" is not one.
    // A pw.x command line (log/launch.rs) states the ranks and pools it launches.
    if c.starts == 0 && c.reading.logged.is_empty() && !c.seen.contains_key("command") {
        c.reading.filled.clear();
        return;
    }
    let anchor = c
        .seen
        .values()
        .map(|v| (v.1, v.2.clone()))
        .chain(c.reading.filled.iter().map(|f| (f.line, f.text.clone())))
        .min_by_key(|v| v.0);
    let Some((n, t)) = anchor else { return };
    c.fill_at(F::Mode, "sim", n, t.clone());
    c.fill_at(F::Code, "quantum_espresso", n, t.clone());
    // A serial pw.x prints "Serial version": one rank.
    let ranks = c.seen.get("ranks").cloned().unwrap_or((1.0, n, t));
    c.fill_at(F::Ranks, plain(ranks.0, 0), ranks.1, ranks.2);
    if let Some((p, line, text)) = c.seen.get("pools").cloned() {
        c.fill_at(F::Pools, plain(p, 0), line, text);
    }
    // Projectors: Σ over atoms of Σ (2l + 1) over the species' betas, known when there is one
    // species (with several, the atoms of each species are in the positions table, not read).
    let species = c.seen.get("species").map(|v| v.0).unwrap_or(0.0);
    if species == 1.0 {
        if let (Some((atoms, ..)), Some((sum, line, text))) = (
            c.seen.get("atoms").cloned(),
            c.seen.get("beta_sum").cloned(),
        ) {
            if sum > 0.0 {
                c.fill_at(F::Projectors, plain(atoms * sum, 0), line, text.clone());
                let us = c
                    .reading
                    .filled
                    .iter()
                    .any(|f| f.key == F::Pseudopotential && f.value != "nc");
                if us {
                    if let Some((b, ..)) = c.seen.get("betas").cloned() {
                        c.fill_at(F::Betas, plain(b, 0), line, text.clone());
                    }
                    if let Some((lm, ..)) = c.seen.get("lmax").cloned() {
                        c.fill_at(F::LmaxBeta, plain(lm, 0), line, text);
                    }
                }
            }
        }
    } else if species > 1.0 {
        c.note("pw.x lists several species: the projector count (projectors) keeps its value (the atoms of each species are not read)");
    }
    // The time of one SCF iteration: the SCF loop's clock ("electrons") over its iterations,
    // else the whole run's (its set-up included) over them.
    let iterations = c.seen.get("iterations").map(|v| v.0).unwrap_or(0.0);
    let cpu_lines = c.seen.get("cpu_lines").map_or(0.0, |v| v.0);
    let clock = c
        .seen
        .get("electrons_wall")
        .or_else(|| c.seen.get("pwscf_wall"))
        .cloned();
    let scf_clock = c.seen.contains_key("electrons_wall");
    if let (true, Some((secs, line, text))) = (iterations >= 1.0, clock) {
        c.reading.logged.push(super::Logged {
            figure: Figure::ScfIterationUs,
            value: (secs * 1e6 / iterations).round().max(1.0) as u64,
            line,
            text,
            prints: "PW/src/print_clock_pw.f90 (the WALL clock of electrons, else of PWSCF) over PW/src/electrons.f90's \"convergence has been achieved in %3d iterations\"",
        });
        if scf_clock {
            c.count("scf_clock", 1);
        }
    } else if cpu_lines >= 2.0 {
        // No end of run: the steps of the SCF loop's CPU clock, one per iteration (one rank and
        // one thread: its wall time).
        if let (Some((a, ..)), Some((b, line, text))) = (
            c.seen.get("cpu_first").cloned(),
            c.seen.get("cpu_last").cloned(),
        ) {
            if b > a {
                c.reading.logged.push(super::Logged {
                    figure: Figure::ScfIterationUs,
                    value: ((b - a) * 1e6 / (cpu_lines - 1.0)).round() as u64,
                    line,
                    text,
                    prints: "PW/src/electrons.f90 electrons_scf: the steps of \"total cpu time spent up to now is %10.1f secs\" (CPU time: one rank's wall time when it runs one thread)",
                });
                c.count("scf_clock", 1);
            }
        }
    }
    if c.reading
        .logged
        .iter()
        .any(|l| l.figure == Figure::ProcessEstimate)
        && !c.seen.contains_key("done")
    {
        c.note("The pw.x output has no \"JOB DONE.\": the run stopped early or the output is truncated");
    }
}
