//! ABINIT main output (`.abo`/`.out`): the version, the block "Values of the parameters that
//! define the memory need" (natom, ntypat, mband, nkpt, nfft, lnmax, mpssoang, xclevel, occopt,
//! n1xccc, nsym, nsppol), ABINIT's own memory estimate ("P This job should need less than …
//! Mbytes of memory", in Mbytes of 2^20 bytes), the cut-off as `getcut` prints it, the cell
//! volume and the processes. Only the first dataset's block is read (as pw.x's first estimate):
//! a later dataset's block is named unused.

use super::{first_number, number_after, plain, Ctx, Figure, Recogniser, Row};
use crate::base::keys::FieldId as F;

pub(crate) static RECOGNISER: Recogniser = Recogniser { rows: ROWS, finish };

const ROWS: &[Row] = &[
    Row {
        marker: ".Version ",
        prints: "src/44_abitypes_defs/m_specialmsg.F90 herald (\".Version %s of %s\")",
        read: version,
    },
    Row {
        marker: "Values of the parameters that define the memory need",
        prints: "src/57_iovars/m_memeval.F90 memory_eval → memana (the block of dimensions, then the estimate)",
        read: block_start,
    },
    Row {
        marker: " =  ",
        prints: "src/57_iovars/m_memeval.F90 memana (\"name =  value\" pairs of the memory block)",
        read: block_pairs,
    },
    Row {
        marker: "This job should need less than",
        prints: "src/57_iovars/m_memeval.F90 memana (\"P This job should need less than %.3f Mbytes of memory.\", Mbytes of 2^20 bytes)",
        read: estimate,
    },
    Row {
        marker: "ecut(hartree)=",
        prints: "src/56_recipspace/m_kg.F90 getcut (\"ecut(hartree)=%11.3f   => boxcut(ratio)=\")",
        read: ecut,
    },
    Row {
        marker: "Unit cell volume ucvol=",
        prints: "src/41_geometry/m_geometry.F90 metric (\"Unit cell volume ucvol=%15.7E bohr^3\")",
        read: ucvol,
    },
    Row {
        marker: "mpi_nproc:",
        prints: "src/95_drive/m_driver.F90 driver (\"-   mpi_nproc: %d, omp_nthreads: %d\", ABINIT 8+)",
        read: nproc,
    },
];

fn version(c: &mut Ctx, l: &str) {
    if let Some(v) = l
        .split(".Version ")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .filter(|_| l.contains("of ABINIT"))
    {
        c.starts += 1;
        c.version = v.to_string();
        c.remember("abinit", 1.0);
    }
}

fn block_start(c: &mut Ctx, _l: &str) {
    if c.seen.contains_key("estimate") {
        if !c.seen.contains_key("later_block") {
            c.remember("later_block", 1.0);
            c.unused("a later dataset's memory block: only the first dataset is read");
        }
        return;
    }
    c.remember("in_block", 1.0);
}

const KEYS: &[&str] = &[
    "natom", "ntypat", "mband", "nkpt", "nfft", "lnmax", "mpssoang", "xclevel", "occopt", "n1xccc",
    "nsym", "nsppol", "nspinor",
];

fn block_pairs(c: &mut Ctx, l: &str) {
    if !c.seen.contains_key("in_block") || c.seen.contains_key("estimate") {
        return;
    }
    // "   natom =       1  nloc_mem =       1    nspden =       1" (a leading "P" or "-" kept
    // by ABINIT for its own diff tool; "mpssoang=" sometimes without its space).
    let spaced = l.replace('=', " = ");
    let words: Vec<&str> = spaced.split_whitespace().collect();
    for (i, w) in words.iter().enumerate() {
        if *w != "=" || i == 0 {
            continue;
        }
        let name = words[i - 1];
        if let (Some(k), Some(v)) = (
            KEYS.iter().find(|k| **k == name),
            words.get(i + 1).and_then(|v| first_number(v)),
        ) {
            c.remember(k, v);
        }
    }
}

fn estimate(c: &mut Ctx, l: &str) {
    if c.seen.contains_key("estimate") {
        return;
    }
    if let Some(mb) = number_after(l, "less than") {
        c.remember("estimate", mb);
        c.log(
            Figure::ProcessEstimate,
            (mb * (1u64 << 20) as f64).round() as u64,
        );
        c.seen.remove("in_block");
    }
}

fn ecut(c: &mut Ctx, l: &str) {
    if !c.seen.contains_key("ecut") {
        if let Some(h) = number_after(l, "ecut(hartree)=") {
            c.remember("ecut", h);
        }
    }
}

fn ucvol(c: &mut Ctx, l: &str) {
    if !c.seen.contains_key("ucvol") {
        if let Some(v) = number_after(l, "ucvol=") {
            c.remember("ucvol", v);
        }
    }
}

fn nproc(c: &mut Ctx, l: &str) {
    if let Some(n) = number_after(l, "mpi_nproc:").filter(|n| *n >= 1.0) {
        c.remember("nproc", n);
    }
}

fn finish(c: &mut Ctx) {
    // " =  " pairs alone are no ABINIT output: its version line or its estimate is needed.
    if !c.seen.contains_key("abinit") && !c.seen.contains_key("estimate") {
        c.reading.filled.clear();
        c.reading.logged.clear();
        c.reading.unused.clear();
        return;
    }
    let seen = |c: &Ctx, k: &str| c.seen.get(k).cloned();
    if !c.fill_sim_code("abinit") {
        return;
    }
    let direct: &[(&str, F)] = &[
        ("natom", F::Atoms),
        ("ntypat", F::Species),
        ("mband", F::Bands),
        ("nkpt", F::Kpoints),
        ("nfft", F::FftGrid),
        ("lnmax", F::Betas),
        ("nsym", F::Symmetries),
        ("nproc", F::Ranks),
    ];
    for (k, key) in direct {
        if let Some((v, line, text)) = seen(c, k) {
            c.fill_at(*key, plain(v, 0), line, text);
        }
    }
    if let Some((v, line, text)) = seen(c, "mpssoang").filter(|v| v.0 >= 1.0) {
        c.fill_at(F::LmaxBeta, plain(v - 1.0, 0), line, text);
    }
    if let Some((v, line, text)) = seen(c, "xclevel") {
        match v as u64 {
            1 => c.fill_at(F::Xc, "lda", line, text),
            2 => c.fill_at(F::Xc, "gga", line, text),
            _ => {}
        }
    }
    if let Some((v, line, text)) = seen(c, "occopt") {
        // occopt 3–8: metallic occupations with smearing.
        let on = (3.0..=8.0).contains(&v);
        c.fill_at(F::Smearing, if on { "on" } else { "off" }, line, text);
    }
    if let Some((v, line, text)) = seen(c, "n1xccc") {
        c.fill_at(
            F::CoreCorrection,
            if v > 0.0 { "on" } else { "off" },
            line,
            text,
        );
    }
    if let Some((_, line, text)) = seen(c, "nsppol").filter(|v| v.0 >= 2.0) {
        c.fill_at(F::Spin, "collinear", line, text);
    }
    if let Some((h, line, text)) = seen(c, "ecut") {
        // Hartree to Rydberg, as ecutwfc takes it.
        c.fill_at(F::Ecutwfc, plain(h * 2.0, 3), line, text);
    }
    if let Some((v, line, text)) = seen(c, "ucvol") {
        c.fill_at(F::CellVolume, plain(v, 3), line, text);
    }
    if c.starts > 0 && !c.seen.contains_key("estimate") {
        c.note("The ABINIT output stops before its memory estimate (no \"This job should need less than\" line): truncated");
    }
}
