//! PyTorch's peak-memory figures as scripts print them: `torch.cuda.max_memory_allocated()` and
//! `max_memory_reserved()` (the figure is PyTorch's, the wording the script's own, so the rows
//! look for the function's name or its plain-words spelling followed by a size with its unit),
//! and the "Allocated memory" and "GPU reserved memory" rows of `torch.cuda.memory_summary()`
//! (their "Peak Usage" column).

use super::{size_in, Ctx, Figure, Recogniser, Row};

pub(crate) static RECOGNISER: Recogniser = Recogniser { rows: ROWS, finish };

const MAX: &str = "torch/cuda/memory.py max_memory_allocated / max_memory_reserved (PyTorch 1.4+), printed by the user's script";
const SUMMARY: &str = "torch/cuda/memory.py memory_summary (the \"Peak Usage\" column)";

const ROWS: &[Row] = &[
    Row {
        marker: "max_memory_allocated",
        prints: MAX,
        read: allocated,
    },
    Row {
        marker: "max_memory_reserved",
        prints: MAX,
        read: reserved,
    },
    Row {
        marker: "Max memory allocated",
        prints: MAX,
        read: allocated,
    },
    Row {
        marker: "Max memory reserved",
        prints: MAX,
        read: reserved,
    },
    Row {
        marker: "max memory allocated",
        prints: MAX,
        read: allocated,
    },
    Row {
        marker: "max memory reserved",
        prints: MAX,
        read: reserved,
    },
    Row {
        marker: "| Allocated memory",
        prints: SUMMARY,
        read: summary_allocated,
    },
    Row {
        marker: "| GPU reserved memory",
        prints: SUMMARY,
        read: summary_reserved,
    },
];

/// The size after the marker: PyTorch returns bytes, scripts divide by 2^30 or 1e9 and name the
/// unit; a bare number is read as bytes when it is large enough to be bytes.
fn size_after_any(l: &str, markers: &[&str]) -> Option<u64> {
    let lower = l.to_ascii_lowercase();
    let at = markers
        .iter()
        .filter_map(|m| lower.find(&m.to_ascii_lowercase()).map(|i| i + m.len()))
        .min()?;
    let rest = &l[at..];
    if let Some(b) = size_in(rest, false) {
        return Some(b);
    }
    let n = super::first_number(rest)?;
    (n >= 1e6 && n.fract() == 0.0).then_some(n as u64)
}

fn allocated(c: &mut Ctx, l: &str) {
    match size_after_any(l, &["max_memory_allocated", "max memory allocated"]) {
        Some(b) => c.log(Figure::Allocated, b),
        None => c.unused("no size with a unit after it"),
    }
}

fn reserved(c: &mut Ctx, l: &str) {
    match size_after_any(l, &["max_memory_reserved", "max memory reserved"]) {
        Some(b) => c.log(Figure::Reserved, b),
        None => c.unused("no size with a unit after it"),
    }
}

/// `| Allocated memory | 1234 MiB | 5678 MiB | …`: the second column is the peak.
fn peak_column(l: &str) -> Option<u64> {
    let cols: Vec<&str> = l
        .split('|')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    cols.get(2).and_then(|c| size_in(c, true))
}

fn summary_allocated(c: &mut Ctx, l: &str) {
    if let Some(b) = peak_column(l) {
        c.log(Figure::Allocated, b);
    }
}

fn summary_reserved(c: &mut Ctx, l: &str) {
    if let Some(b) = peak_column(l) {
        c.log(Figure::Reserved, b);
    }
}

fn finish(_c: &mut Ctx) {}
