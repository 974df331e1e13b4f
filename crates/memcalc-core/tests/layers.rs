//! The core's folders are layers with one-way dependencies: a module may use its own folder and
//! the layers below it, never a layer above it or a sibling of the same rank (`model` and
//! `schema` are independent; so are `explain` and `analysis`). Paths go through the layer's
//! name (`crate::base::…`), not the crate root's re-exports, so this scan sees every import.
//! Inside any folder (a layer, or a folder inside one such as `model/neural/`), the modules
//! beside each other import one another without a cycle.

use std::path::Path;

/// Each layer and its rank; a module may import from lower ranks and its own layer only.
const LAYERS: &[(&str, u8)] = &[
    ("base", 0),
    ("catalog", 1),
    ("scenario", 2),
    ("model", 3),
    ("schema", 3),
    ("speed", 4),
    ("explain", 5),
    ("analysis", 5),
    ("report", 6),
];

/// The crate-root macros (`add!` and `mul!` re-exported from `base::sat` inside the crate,
/// `choice_enum!` from `base::choice`).
const ROOT_MACROS: &[&str] = &["add", "mul", "choice_enum"];

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

/// The module of `folder` a file belongs to: in `schema/`, `schema/inputs.rs` is `inputs`; in
/// `model/`, every file of `model/neural/` is `neural`; in `model/neural/`,
/// `model/neural/engine.rs` is `engine`. None for the folder's own `mod.rs` and for files
/// outside the folder.
fn module_of(rel: &Path, folder: &Path) -> Option<String> {
    let inside = rel.strip_prefix(folder).ok()?;
    let first = inside.iter().next()?.to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    (name != "mod").then(|| name.to_string())
}

/// Every folder under `src/`, as a path relative to it.
fn folders(dir: &Path, src: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            out.push(p.strip_prefix(src).unwrap().to_path_buf());
            folders(&p, src, out);
        }
    }
}

/// The modules of its own folder a file uses (`crate::schema::query` in `schema/`,
/// `crate::model::neural::stage` in `model/neural/`, or `super::query` in a file directly in the
/// folder); `folder` is the folder's path (`schema`, `model::neural`).
fn sibling_uses(text: &str, folder: &str, direct: bool) -> Vec<String> {
    let mut out = Vec::new();
    let own = format!("crate::{folder}::");
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut heads: Vec<&str> = code
            .match_indices(&own)
            .map(|(i, _)| &code[i + own.len()..])
            .collect();
        if direct {
            heads.extend(
                code.match_indices("super::")
                    .filter(|(i, _)| !code[..*i].ends_with("::"))
                    .map(|(i, _)| &code[i + "super::".len()..]),
            );
        }
        for after in heads {
            let names: Vec<&str> = match after.strip_prefix('{') {
                Some(group) => group.split('}').next().unwrap_or("").split(',').collect(),
                None => vec![after],
            };
            for name in names {
                let seg: String = name
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !seg.is_empty() && seg.chars().next().is_some_and(|c| c.is_lowercase()) {
                    out.push(seg);
                }
            }
        }
    }
    out
}

/// A cycle in a graph given as (from, to) edges, if there is one.
fn find_cycle(edges: &[(String, String)]) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        edges: &[(String, String)],
        path: &mut Vec<String>,
        done: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == n) {
            let mut cycle = path[i..].to_vec();
            cycle.push(n.to_string());
            return Some(cycle);
        }
        if done.iter().any(|d| d == n) {
            return None;
        }
        path.push(n.to_string());
        for (_, to) in edges.iter().filter(|(f, _)| f == n) {
            if let Some(c) = visit(to, edges, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.push(n.to_string());
        None
    }
    let mut done = Vec::new();
    edges
        .iter()
        .find_map(|(from, _)| visit(from, edges, &mut Vec::new(), &mut done))
}

/// The import edges between the modules of one folder (each file counted in the module of
/// the folder it lies in).
fn folder_edges(src: &Path, files: &[std::path::PathBuf], folder: &Path) -> Vec<(String, String)> {
    let path = folder
        .iter()
        .map(|s| s.to_str().unwrap())
        .collect::<Vec<_>>()
        .join("::");
    let mut edges: Vec<(String, String)> = Vec::new();
    for f in files {
        let rel = f.strip_prefix(src).unwrap();
        let Some(from) = module_of(rel, folder) else {
            continue;
        };
        let direct = rel.parent() == Some(folder);
        let text = std::fs::read_to_string(f).unwrap();
        for to in sibling_uses(&text, &path, direct) {
            let edge = (from.clone(), to);
            if edge.0 != edge.1 && !edges.contains(&edge) {
                edges.push(edge);
            }
        }
    }
    edges
}

#[test]
fn no_import_cycle_between_the_modules_of_a_folder() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut dirs = Vec::new();
    folders(&src, &src, &mut dirs);
    dirs.sort();
    assert!(
        dirs.iter().any(|d| d.iter().count() > 1),
        "the scan found no folder inside a layer"
    );
    let cycles: Vec<String> = dirs
        .iter()
        .filter_map(|d| {
            let cycle = find_cycle(&folder_edges(&src, &files, d))?;
            Some(format!("{}/: {}", d.display(), cycle.join(" → ")))
        })
        .collect();
    assert!(
        cycles.is_empty(),
        "import cycles between the modules of a folder:\n{}",
        cycles.join("\n")
    );
}

#[test]
fn a_folder_inside_a_layer_has_its_own_modules() {
    let folder = Path::new("model/neural");
    let m = |f: &str| module_of(Path::new(f), folder);
    assert_eq!(m("model/neural/engine.rs").as_deref(), Some("engine"));
    assert_eq!(m("model/neural/deep/part.rs").as_deref(), Some("deep"));
    assert_eq!(m("model/neural/mod.rs"), None);
    assert_eq!(m("model/sim/grid.rs"), None);
    assert_eq!(
        module_of(Path::new("model/neural/engine.rs"), Path::new("model")).as_deref(),
        Some("neural")
    );
    let uses = sibling_uses(
        "use crate::model::neural::{engine::Pool, stage};\nuse crate::model::values::Values;",
        "model::neural",
        true,
    );
    assert_eq!(uses, ["engine", "stage"]);
}

#[test]
fn the_cycle_scan_finds_a_cycle() {
    let uses = sibling_uses(
        "use crate::schema::{fields::X, query};\nuse super::page;",
        "schema",
        true,
    );
    assert_eq!(uses, ["fields", "query", "page"]);
    let e = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(find_cycle(&[e("a", "b"), e("b", "c")]), None);
    assert_eq!(
        find_cycle(&[e("a", "b"), e("b", "c"), e("c", "b")]),
        Some(vec!["b".to_string(), "c".to_string(), "b".to_string()])
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
