//! Slurm's `seff JOBID` summary (contribs/seff/seff, Perl): the memory the job used (its
//! largest step's summed MaxRSS over tasks, printed with `kbytes2str`, units of 1024), the nodes
//! and cores, and the wall-clock time.

use super::{first_number, number_after, plain, size_after, Ctx, Figure, Recogniser, Row};
use crate::base::keys::FieldId as F;

pub(crate) static RECOGNISER: Recogniser = Recogniser { rows: ROWS, finish };

const ROWS: &[Row] = &[
    Row {
        marker: "Job ID:",
        prints: "slurm contribs/seff/seff (\"Job ID: %s\")",
        read: start,
    },
    Row {
        marker: "Memory Utilized:",
        prints: "slurm contribs/seff/seff (\"Memory Utilized: %s\", kbytes2str)",
        read: used,
    },
    Row {
        marker: "Nodes:",
        prints: "slurm contribs/seff/seff (\"Nodes: %d\")",
        read: nodes,
    },
    Row {
        marker: "Cores per node:",
        prints: "slurm contribs/seff/seff (\"Cores per node: %d\")",
        read: cores,
    },
    Row {
        marker: "Job Wall-clock time:",
        prints: "slurm contribs/seff/seff (\"Job Wall-clock time: %s\")",
        read: wall,
    },
    // A batch script (issue 40: launch settings read back; log/launch.rs).
    Row {
        marker: "#SBATCH",
        prints: "an sbatch script's header (SchedMD/slurm doc/man/man1/sbatch.1: \"#SBATCH\" lines before the first command; --nodes, --ntasks, --ntasks-per-node, --gpus-per-node, --gpus)",
        read: super::launch::sbatch_line,
    },
    Row {
        marker: "memcalc '",
        prints: "the guard line `memcalc --emit sbatch` writes (crates/memcalc-core/src/report/emit/slurm.rs): memcalc '<link>' > /dev/null || exit 1",
        read: super::launch::guard,
    },
];

fn start(c: &mut Ctx, _l: &str) {
    c.starts += 1;
}

fn used(c: &mut Ctx, l: &str) {
    if let Some(b) = size_after(l, "Memory Utilized:", true) {
        c.log(Figure::JobMemory, b);
    }
}

fn nodes(c: &mut Ctx, l: &str) {
    if let Some(n) = number_after(l, "Nodes:") {
        c.remember("nodes", n);
    }
}

fn cores(c: &mut Ctx, l: &str) {
    if let Some(n) = number_after(l, "Cores per node:") {
        c.remember("cores", n);
    }
}

fn wall(c: &mut Ctx, l: &str) {
    // "02:24:01" or "1-02:03:04".
    let t = l.split("time:").nth(1).unwrap_or("").trim();
    let (days, rest) = match t.split_once('-') {
        Some((d, r)) => (first_number(d).unwrap_or(0.0), r),
        None => (0.0, t),
    };
    if let Some(ms) = super::time_v::clock_ms(rest) {
        c.log(Figure::WallMs, ms + (days * 86_400_000.0) as u64);
    }
}

fn finish(c: &mut Ctx) {
    super::launch::sbatch_finish(c);
    if c.starts == 0 && c.reading.logged.is_empty() {
        return;
    }
    if let Some((n, line, text)) = c.seen.get("nodes").cloned() {
        c.fill_at(F::Nodes, plain(n, 0), line, text);
    }
}
