//! The core's folders are layers with one-way dependencies: a module may use its own folder and
//! the layers below it, never a layer above it or a sibling of the same rank (`model` and
//! `schema` are independent; so are `explain` and `analysis`). Paths go through the layer's
//! name (`crate::base::…`), not the crate root's re-exports, so this scan sees every import.

use std::path::Path;

/// Each layer and its rank; a module may import from lower ranks and its own layer only.
const LAYERS: &[(&str, u8)] = &[
    ("base", 0),
    ("catalog", 1),
    ("scenario", 2),
    ("model", 3),
    ("schema", 3),
    ("explain", 4),
    ("analysis", 4),
    ("report", 5),
];

/// The crate-root macros (`add!`, `mul!`, `choice_enum!` are `#[macro_export]`ed from `base`).
const ROOT_MACROS: &[&str] = &["add", "mul", "choice_enum", "text"];

fn rank(layer: &str) -> Option<u8> {
    LAYERS.iter().find(|(l, _)| *l == layer).map(|(_, r)| *r)
}

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// Every `crate::<segment>` in a file (after `$crate::` too), with its line number.
fn crate_paths(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            let after = &rest[i + "crate::".len()..];
            if let Some(group) = after.strip_prefix('{') {
                // `use crate::{add, mul};`: each name of the group is a segment.
                let inner = group.split('}').next().unwrap_or("");
                for name in inner.split(',') {
                    let seg = name.trim().split("::").next().unwrap_or("").to_string();
                    out.push((n + 1, seg));
                }
            } else {
                let seg: String = after
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                out.push((n + 1, seg));
            }
            rest = after;
        }
    }
    out
}

#[test]
fn no_module_imports_from_a_layer_above_or_beside_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut bad = Vec::new();
    let mut checked = 0;
    for f in &files {
        let rel = f.strip_prefix(&src).unwrap();
        let Some(own) = rel.iter().next().and_then(|s| s.to_str()) else {
            continue;
        };
        if own == "lib.rs" {
            continue;
        }
        let own_rank = rank(own).unwrap_or_else(|| panic!("{} is in no layer", rel.display()));
        let text = std::fs::read_to_string(f).unwrap();
        for (line, seg) in crate_paths(&text) {
            checked += 1;
            if ROOT_MACROS.contains(&seg.as_str()) {
                continue;
            }
            match rank(&seg) {
                Some(r) if seg == own || r < own_rank => {}
                Some(_) => bad.push(format!("{}:{line} uses crate::{seg}", rel.display())),
                None => bad.push(format!(
                    "{}:{line} uses crate::{seg}, which is not a layer (write the layer's path)",
                    rel.display()
                )),
            }
        }
    }
    assert!(checked > 300, "the scan found only {checked} crate paths");
    assert!(
        bad.is_empty(),
        "imports against the layers:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_scan_catches_an_upward_import() {
    let paths = crate_paths("use crate::analysis::derived; // crate::report in a comment\n");
    assert_eq!(paths, vec![(1, "analysis".to_string())]);
    let group = crate_paths("use crate::{add, schema::fields};");
    assert_eq!(
        group,
        vec![(1, "add".to_string()), (1, "schema".to_string())]
    );
    assert!(rank("analysis").unwrap() > rank("model").unwrap());
    assert_eq!(rank("model"), rank("schema"));
}
