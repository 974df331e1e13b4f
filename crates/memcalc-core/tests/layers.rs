//! The core's folders are layers with one-way dependencies: a module may use its own folder and
//! the layers below it, never a layer above it or a sibling of the same rank (`model` and
//! `schema` are independent; so are `explain` and `analysis`). Paths go through the layer's
//! name (`crate::base::…`), not the crate root's re-exports, so this scan sees every import.
//! Inside any folder of any crate of the workspace (the core's `src/` and its layers, a folder
//! inside one such as `model/neural/`, the charts' `src/`, the app's `src/components/`), the
//! modules beside each other import one another without a cycle. The layers and the crates are
//! the list in `tests/common/layers.rs`, which `tests/facade.rs` reads too.

#[path = "common/layers.rs"]
mod shared;

use std::path::{Path, PathBuf};

/// The crate-root macros (`add!` and `mul!` re-exported from `base::sat` inside the crate,
/// `choice_enum!` from `base::choice`).
const ROOT_MACROS: &[&str] = &["add", "mul", "choice_enum"];

fn rank(layer: &str) -> Option<u8> {
    shared::layer_of(layer).map(|l| l.rank)
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
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
    shared::paths_after(&shared::code_of(text), "crate::")
        .into_iter()
        .map(|(line, seg, _)| (line, seg))
        .collect()
}

#[test]
fn no_module_imports_from_a_layer_above_or_beside_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    for l in shared::LAYERS {
        assert!(
            src.join(l.name).is_dir(),
            "the layer {} has no folder in src/",
            l.name
        );
    }
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
/// `model/neural/engine.rs` is `engine`; in the crate's own folder (`""`), `scaling.rs` is
/// `scaling`. None for the folder's own `mod.rs`, for the crate root (`lib.rs`, `main.rs`) and
/// for files outside the folder.
fn module_of(rel: &Path, folder: &Path) -> Option<String> {
    let inside = rel.strip_prefix(folder).ok()?;
    let first = inside.iter().next()?.to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    let root = folder.as_os_str().is_empty() && ["lib", "main"].contains(&name);
    (name != "mod" && !root).then(|| name.to_string())
}

/// Every folder under `src/`, as a path relative to it.
fn folders(dir: &Path, src: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            out.push(p.strip_prefix(src).unwrap().to_path_buf());
            folders(&p, src, out);
        }
    }
}

/// What the crate root re-exports, `(name, module)`: `pub use breakdown::{draw_breakdown, Bar};`
/// in `lib.rs` gives (`draw_breakdown`, `breakdown`) and (`Bar`, `breakdown`), so a path through
/// the root (`crate::Bar`) still counts as a use of the module it comes from.
fn reexports(root_text: &str) -> Vec<(String, String)> {
    let code = shared::code_of(root_text);
    let mut out = Vec::new();
    for stmt in code.split(';') {
        let Some(rest) = stmt.trim().strip_prefix("pub use ") else {
            continue;
        };
        let rest = rest
            .trim_start_matches("crate::")
            .trim_start_matches("self::");
        let Some((module, tail)) = rest.split_once("::") else {
            continue;
        };
        let items: Vec<&str> = match tail.split_once('{') {
            Some((_, group)) => group.trim_end_matches('}').split(',').collect(),
            None => vec![tail],
        };
        for item in items {
            let last = item.rsplit("::").next().unwrap_or("");
            let name = last.rsplit(" as ").next().unwrap_or("").trim();
            if !name.is_empty() && name != "*" {
                out.push((name.to_string(), module.trim().to_string()));
            }
        }
    }
    out
}

/// The modules of its own folder a file uses (`crate::schema::query` in `schema/`,
/// `crate::model::neural::stage` in `model/neural/`, `crate::scaling` or a name the root
/// re-exports from it in the crate's own folder, or `super::query` in a file directly in the
/// folder); `folder` is the folder's path (`schema`, `model::neural`, `""`).
fn sibling_uses(text: &str, folder: &str, direct: bool, root: &[(String, String)]) -> Vec<String> {
    let mut out = Vec::new();
    let own = if folder.is_empty() {
        "crate::".to_string()
    } else {
        format!("crate::{folder}::")
    };
    let code = shared::code_of(text);
    let mut names: Vec<String> = shared::paths_after(&code, &own)
        .into_iter()
        .map(|(_, n, _)| n)
        .collect();
    if direct {
        names.extend(
            shared::paths_after(&code, "super::")
                .into_iter()
                .map(|(_, n, _)| n),
        );
    }
    for seg in names {
        let seg = match root.iter().find(|(n, _)| folder.is_empty() && *n == seg) {
            Some((_, module)) => module.clone(),
            None => seg,
        };
        if !seg.is_empty() && seg.chars().next().is_some_and(|c| c.is_lowercase()) {
            out.push(seg);
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
fn folder_edges(
    src: &Path,
    files: &[PathBuf],
    folder: &Path,
    root: &[(String, String)],
) -> Vec<(String, String)> {
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
        for to in sibling_uses(&text, &path, direct, root) {
            let edge = (from.clone(), to);
            if edge.0 != edge.1 && !edges.contains(&edge) {
                edges.push(edge);
            }
        }
    }
    edges
}

/// The import cycles between the modules of each folder of the crate whose sources are `src`
/// (its own folder included), one line each.
fn cycles_in(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    sources(src, &mut files);
    let mut dirs = vec![PathBuf::new()];
    folders(src, src, &mut dirs);
    dirs.sort();
    let root: Vec<(String, String)> = ["lib.rs", "main.rs"]
        .iter()
        .filter_map(|f| std::fs::read_to_string(src.join(f)).ok())
        .flat_map(|t| reexports(&t))
        .collect();
    dirs.iter()
        .filter_map(|d| {
            let cycle = find_cycle(&folder_edges(src, &files, d, &root))?;
            let folder = d.to_str().unwrap().to_string();
            let folder = if folder.is_empty() {
                folder
            } else {
                folder + "/"
            };
            Some(format!("{folder}: {}", cycle.join(" → ")))
        })
        .collect()
}

#[test]
fn no_import_cycle_between_the_modules_of_a_folder() {
    let root = shared::root();
    let mut cycles = Vec::new();
    let mut crates = 0;
    let mut inner = false;
    for (member, _) in shared::members() {
        let src = root.join(&member).join("src");
        if !src.is_dir() {
            continue;
        }
        crates += 1;
        let mut dirs = Vec::new();
        folders(&src, &src, &mut dirs);
        inner |= dirs.iter().any(|d| d.iter().count() > 1);
        cycles.extend(
            cycles_in(&src)
                .into_iter()
                .map(|c| format!("{member}/src/{c}")),
        );
    }
    assert!(
        crates >= 7,
        "the scan found only {crates} crates with a src/"
    );
    assert!(inner, "the scan found no folder inside a layer");
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
        &[],
    );
    assert_eq!(uses, ["engine", "stage"]);
}

#[test]
fn the_cycle_scan_finds_a_cycle() {
    let uses = sibling_uses(
        "use crate::schema::{fields::X, query};\nuse super::page;",
        "schema",
        true,
        &[],
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

#[test]
fn a_path_through_the_crate_root_counts_as_its_module() {
    let root = reexports(
        "pub mod scaling;\npub use scaling::{draw_scaling, ScalingData};\npub use frame::Frame;\n\
         pub use breakdown::{\n    draw_breakdown,\n    Bar as B,\n};",
    );
    let m = |n: &str| root.iter().find(|(x, _)| x == n).map(|(_, m)| m.as_str());
    assert_eq!(m("ScalingData"), Some("scaling"));
    assert_eq!(m("Frame"), Some("frame"));
    assert_eq!(m("B"), Some("breakdown"));
    assert_eq!(m("draw_breakdown"), Some("breakdown"));
    let uses = sibling_uses(
        "use crate::frame::{draw_now, Frame};\nfn f(d: &crate::ScalingData) {}",
        "",
        true,
        &root,
    );
    assert_eq!(uses, ["frame", "scaling"]);
    assert_eq!(
        module_of(Path::new("time.rs"), Path::new("")).as_deref(),
        Some("time")
    );
    assert_eq!(module_of(Path::new("lib.rs"), Path::new("")), None);
}
