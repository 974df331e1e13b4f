//! GADGET-4's memory report (`memory.txt`, and the same blocks on standard output): the
//! "MEMORY:  Largest Allocation" line of each report and its table of allocated blocks (task,
//! variable, MBytes, the function that allocated it), in GADGET-4's Mbyte of 2^20 bytes
//! (`src/data/mymalloc.cc`, `/ (1024.0 * 1024.0)`); the start-up lines that state the particle
//! structure's size, the PM grid the code was compiled with and `MaxMemSize`.
//!
//! The largest allocation is read but not compared: it includes the tree walk's fetch buffers
//! (`Foreign_Points`, `Foreign_Nodes` in `src/gravtree/gwalk.cc`), which GADGET-4 sizes from the
//! part of `MaxMemSize` the arrays leave free, not from the particles. The Ewald correction table
//! (`Ewd`, allocated by `ewald_init()`) is set beside the estimate's Ewald row.

use super::{first_number, numbers, plain, Ctx, Figure, Recogniser, Row};
use crate::base::keys::FieldId as F;

pub(crate) static RECOGNISER: Recogniser = Recogniser { rows: ROWS, finish };

const ROWS: &[Row] = &[
    Row {
        marker: "MEMORY:  Largest Allocation = ",
        prints: "src/data/mymalloc.cc memory::report_memory_usage (\"MEMORY:  Largest Allocation = %g Mbyte  |  Largest Allocation Without Generic = %g Mbyte\")",
        read: largest,
    },
    Row {
        marker: "ewald_init()",
        prints: "src/data/mymalloc.cc memory::dump_memory_table_buffer (one row per block: task, number, flag, variable, MBytes, cumulative, function|file|line); the Ewd block from src/gravity/ewald.cc ewald_init",
        read: ewald,
    },
    Row {
        marker: "BEGRUN: Size of particle structure",
        prints: "src/main/begrun.cc sim::hello (\"BEGRUN: Size of particle structure       %4d  [bytes]\")",
        read: part_bytes,
    },
    Row {
        marker: "PMGRID=",
        prints: "src/main/main.cc / compile-time settings echoed at start-up (\"Code was compiled with the following settings:\", one option per line)",
        read: pm_grid,
    },
    Row {
        marker: "MaxMemSize",
        prints: "the parameter file echoed in parameters-usedvalues (src/io/parameters.cc) or the \"MaxMemSize\" line of the run's output",
        read: max_mem,
    },
    // Launch settings read back (issue 40, h-trip2): a parameter file's `MaxMemSize N` line.
    Row {
        marker: "MaxMemSize",
        prints: "the parameter file (param.txt: \"MaxMemSize N\", src/io/parameters.cc; % starts a comment)",
        read: super::launch::gadget_max_mem,
    },
];

fn largest(c: &mut Ctx, l: &str) {
    c.starts += usize::from(!c.seen.contains_key("report"));
    c.remember("report", 1.0);
    if let Some(mb) = l
        .split("Largest Allocation = ")
        .nth(1)
        .and_then(first_number)
    {
        let prev = c.seen.get("largest").map_or(-1.0, |v| v.0);
        if mb > prev {
            c.remember("largest", mb);
            c.log(
                Figure::LargestAllocation,
                (mb * (1u64 << 20) as f64).round() as u64,
            );
        }
    }
}

fn ewald(c: &mut Ctx, l: &str) {
    // "   0     4 0    Ewd     41.9045      41.9047  ewald_init()|src/gravity/ewald.cc|77"
    let head = l.split("ewald_init()").next().unwrap_or("");
    let n = numbers(head);
    if n.len() >= 5 && !c.seen.contains_key("ewald") {
        let mb = n[n.len() - 2];
        c.remember("ewald", mb);
        c.log(
            Figure::EwaldTable,
            (mb * (1u64 << 20) as f64).round() as u64,
        );
    }
}

fn part_bytes(c: &mut Ctx, l: &str) {
    if let Some(b) = l.split("structure").nth(1).and_then(first_number) {
        c.fill(F::PartBytes, plain(b, 0));
    }
}

fn pm_grid(c: &mut Ctx, l: &str) {
    let t = l.trim();
    if let Some(g) = t.strip_prefix("PMGRID=").and_then(first_number) {
        c.fill(F::PmGrid, plain(g, 0));
    }
}

fn max_mem(c: &mut Ctx, l: &str) {
    let t = l.trim();
    if let Some(rest) = t.strip_prefix("MaxMemSize") {
        if let Some(m) = first_number(rest) {
            c.fill(F::MaxMemSize, plain(m, 0));
        }
    }
}

fn finish(c: &mut Ctx) {
    // A "PMGRID=" or "MaxMemSize" line alone is no GADGET-4 output: a memory report is needed.
    // A parameter file's `MaxMemSize N` line (log/launch.rs), as `memcalc --emit gadget4`
    // writes it, names the code too.
    let param_file = c.seen.contains_key("param_max_mem");
    if !c.seen.contains_key("report") && !param_file {
        c.reading.filled.clear();
        c.reading.logged.clear();
        return;
    }
    c.fill_sim_code("gadget");
    // memory.txt holds one report per step it chose to write: the same run, not several.
    c.starts = 1;
}
