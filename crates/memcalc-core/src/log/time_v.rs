//! GNU time's `-v` report (`/usr/bin/time -v`): the process's peak resident set and its wall
//! time. "Maximum resident set size (kbytes)" is `ru_maxrss` in KiB (getrusage(2) on Linux).

use super::{first_number, Ctx, Figure, Recogniser, Row};

pub(crate) static RECOGNISER: Recogniser = Recogniser { rows: ROWS, finish };

const ROWS: &[Row] = &[
    Row {
        marker: "Command being timed:",
        prints: "GNU time src/time.c (the -v format: \"Command being timed: \\\"%C\\\"\")",
        read: start,
    },
    Row {
        marker: "Maximum resident set size (kbytes):",
        prints: "GNU time src/time.c (\"Maximum resident set size (kbytes): %M\")",
        read: rss,
    },
    Row {
        marker: "Elapsed (wall clock) time",
        prints: "GNU time src/time.c (\"Elapsed (wall clock) time (h:mm:ss or m:ss): %E\")",
        read: wall,
    },
];

fn start(c: &mut Ctx, _l: &str) {
    c.starts += 1;
}

fn rss(c: &mut Ctx, l: &str) {
    if let Some(k) = l.split("(kbytes):").nth(1).and_then(first_number) {
        c.log(Figure::MaxRss, (k * 1024.0).round() as u64);
    }
}

/// `h:mm:ss` or `m:ss.ss` after the last `: `.
pub(crate) fn clock_ms(s: &str) -> Option<u64> {
    let t = s.trim();
    let parts: Vec<f64> = t
        .split(':')
        .map(|p| p.trim().parse::<f64>())
        .collect::<Result<_, _>>()
        .ok()?;
    let secs = parts.iter().fold(0.0, |acc, p| acc * 60.0 + p);
    Some((secs * 1000.0).round() as u64)
}

fn wall(c: &mut Ctx, l: &str) {
    if let Some(ms) = l.rsplit("): ").next().and_then(clock_ms) {
        c.log(Figure::WallMs, ms);
    }
}

fn finish(_c: &mut Ctx) {}
