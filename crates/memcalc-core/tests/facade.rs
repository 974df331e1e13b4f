//! Other crates use the core's public face (`estimate`, `bytes`, `units`, `text`, `inputs`,
//! `answers`, `report`, `catalog` and the types at the root), never its layers: the layers stay
//! public only for the core's own tests, so this test is what holds the line.

use std::path::{Path, PathBuf};

/// The layers behind the face.
const LAYERS: &[&str] = &["base", "schema", "explain", "analysis", "model", "scenario"];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let p = entry.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn other_crates_use_only_the_public_face() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for dir in [
        "src",
        "tests",
        "crates/memcalc-cli",
        "crates/memcalc-charts",
        "crates/memcalc-first",
        "crates/memcalc-build",
        "bench/core/benches",
        "fuzz/fuzz_targets",
    ] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 30, "found {} files", files.len());
    let mut wrong = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (n, line) in text.lines().enumerate() {
            for layer in LAYERS {
                for path in [
                    format!("memcalc_core::{layer}::"),
                    format!("memcalc_core::{layer};"),
                ] {
                    if line.contains(&path) {
                        wrong.push(format!("{}:{}: {}", f.display(), n + 1, line.trim()));
                    }
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "paths into the core's layers:\n{}",
        wrong.join("\n")
    );
}
