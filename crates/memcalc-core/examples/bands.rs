//! Writes `src/analysis/band_table.rs`: every measured row of `docs/accuracy.md` recomputed from
//! its query, grouped by class, each class's band judged leave-one-source-out
//! (`memcalc_core::analysis::band`). Run after adding a row or changing a mechanism:
//! `cargo run -p memcalc-core --example bands`; `--check` only prints the coverage and the bands.

use memcalc_core::analysis::band;

fn main() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let doc =
        std::fs::read_to_string(format!("{root}/docs/accuracy.md")).expect("docs/accuracy.md");
    let (samples, left) = band::samples(&band::doc_rows(&doc));
    for l in &left {
        eprintln!("left out: {l}");
    }
    if std::env::args().any(|a| a == "--sweep") {
        sweep(&samples);
    }
    let b = band::compute(&samples);
    eprintln!(
        "{} rows, level {} %, coverage {}/{} = {:.1} %",
        samples.len(),
        b.level,
        b.covered,
        b.judged,
        100.0 * f64::from(b.covered) / f64::from(b.judged.max(1))
    );
    eprintln!("k memory {} time {}", b.k_memory_milli, b.k_time_milli);
    for (class, rows, sources, w, worst, c, j) in &b.entries {
        eprintln!(
            "{class:<48} {rows:>3} rows {sources:>2} sources  ±{:>6.1} % .. {:>6.1} %  worst {:+.1} %  covered {c}/{j}",
            100.0 * (1.0 - (-(*w as f64) / 1000.0).exp()),
            100.0 * ((*w as f64 / 1000.0).exp() - 1.0),
            *worst as f64 / 10.0
        );
    }
    if std::env::args().any(|a| a == "--check") {
        return;
    }
    let path = format!("{}/src/analysis/band_table.rs", env!("CARGO_MANIFEST_DIR"));
    std::fs::write(&path, band::table_source(&b)).expect("write band_table.rs");
    eprintln!("wrote {path}");
}

#[allow(dead_code)]
fn sweep(samples: &[band::Sample]) {
    for level in [50, 60, 70, 80, 90, 100] {
        let b = band::compute_at(samples, level);
        let mw = |mem: bool| {
            let v: Vec<f64> = b
                .entries
                .iter()
                .filter(|e| e.0.starts_with("total ") == mem && e.2 > 1)
                .map(|e| e.3 as f64)
                .collect();
            v.iter().sum::<f64>() / v.len() as f64
        };
        eprintln!(
            "level {level}: k {} {} cov {}/{} mean w mem {:.0} time {:.0}",
            b.k_memory_milli,
            b.k_time_milli,
            b.covered,
            b.judged,
            mw(true),
            mw(false)
        );
    }
}
