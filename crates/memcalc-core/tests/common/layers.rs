//! The one list of the core's layers and of the workspace's crates, which `tests/layers.rs` (the
//! layers import only downwards, the modules of every crate's folders without a cycle) and
//! `tests/facade.rs` (other crates use only the core's public face) both read, and the scans
//! they share. A new layer (a folder of the core's `src/`) or a new crate (a member in the root
//! `Cargo.toml`) fails both tests until it has its row here.

// Each test binary that includes this file uses only some of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// A layer of the core: a folder of `crates/memcalc-core/src/`.
pub struct Layer {
    pub name: &'static str,
    /// A module may import from lower ranks and its own layer only (not a sibling of its rank).
    pub rank: u8,
    /// Part of the public face: other crates may name it (`memcalc_core::catalog::…`). Every
    /// other layer is reached from outside only through the face's re-exports at the crate
    /// root and in `units` (`src/lib.rs`).
    pub public: bool,
    /// A public layer's modules that are not its face (its `mod.rs` declares them with
    /// `inner!`): other crates may not name them (`memcalc_core::schema::value::…`).
    pub inner: &'static [&'static str],
}

const fn layer(name: &'static str, rank: u8, public: bool) -> Layer {
    Layer {
        name,
        rank,
        public,
        inner: &[],
    }
}

const fn face(name: &'static str, rank: u8, inner: &'static [&'static str]) -> Layer {
    Layer {
        name,
        rank,
        public: true,
        inner,
    }
}

/// The core's layers, bottom up.
///
/// `speed` (the time model) is not public: its face is the root's `speed()`, `Time`, `Speed`,
/// `TermId`, … and `explain::speed` for its words, so the charts and the time wasm name
/// `memcalc_core::Time`, never `memcalc_core::speed::Time`.
pub const LAYERS: &[Layer] = &[
    layer("base", 0, false),
    layer("catalog", 1, true),
    layer("scenario", 2, false),
    layer("model", 3, false),
    face(
        "schema",
        3,
        &[
            "field_help",
            "framework_defaults",
            "inputs",
            "lenient",
            "page_state",
            "slot",
            "url",
            "validate",
            "value",
        ],
    ),
    layer("speed", 4, false),
    face("explain", 5, &[]),
    face(
        "analysis",
        5,
        &["band", "band_table", "limits", "sim_nodes"],
    ),
    face("log", 5, &[]),
    layer("report", 6, true),
];

/// How a crate of the workspace may use the core.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Role {
    /// The core itself: its layers, by rank (`tests/layers.rs`).
    Core,
    /// Only the core's public face (`tests/facade.rs`).
    Face,
}

/// Every member of the workspace (as the root `Cargo.toml` spells its path) and its role.
pub const CRATES: &[(&str, Role)] = &[
    (".", Role::Face),
    ("crates/memcalc-core", Role::Core),
    ("crates/memcalc-charts", Role::Face),
    ("crates/memcalc-cli", Role::Face),
    ("crates/memcalc-first", Role::Face),
    ("crates/memcalc-build", Role::Face),
    ("crates/memcalc-worker", Role::Face),
    ("crates/memcalc-log", Role::Face),
    ("crates/memcalc-wasm-io", Role::Face),
    ("crates/memcalc-py", Role::Face),
];

/// Rust outside the workspace's members that uses the core too (their own workspaces).
pub const ALSO_FACE: &[&str] = &["bench/core", "fuzz"];

/// The workspace's root folder.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The layer `name`, if it is one.
pub fn layer_of(name: &str) -> Option<&'static Layer> {
    LAYERS.iter().find(|l| l.name == name)
}

/// The `[workspace] members` of a root `Cargo.toml`'s text.
pub fn members_of(manifest: &str) -> Vec<String> {
    let after = manifest
        .split("[workspace]")
        .nth(1)
        .expect("the root Cargo.toml has a [workspace]");
    let list = after
        .split("members")
        .nth(1)
        .and_then(|s| s.split('[').nth(1))
        .and_then(|s| s.split(']').next())
        .expect("[workspace] has members = [...]");
    list.split(',')
        .map(|m| m.split('#').next().unwrap_or("").trim().trim_matches('"'))
        .filter(|m| !m.is_empty())
        .map(str::to_string)
        .collect()
}

/// The workspace's members, each with its role; panics naming every member `CRATES` lacks and
/// every row of `CRATES` that is no member, so no crate goes unchecked.
pub fn members() -> Vec<(String, Role)> {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let members = members_of(&manifest);
    let missing: Vec<&String> = members
        .iter()
        .filter(|m| !CRATES.iter().any(|(c, _)| c == m))
        .collect();
    let stale: Vec<&str> = CRATES
        .iter()
        .map(|(c, _)| *c)
        .filter(|c| !members.iter().any(|m| m == c))
        .collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "crates/memcalc-core/tests/common/layers.rs's CRATES must name every workspace member \
         with its role: members it lacks {missing:?}, rows that are no member {stale:?}"
    );
    members
        .into_iter()
        .map(|m| {
            let role = CRATES.iter().find(|(c, _)| *c == m).unwrap().1;
            (m, role)
        })
        .collect()
}

/// The Rust files under `dir`, leaving out build output and the folders in `skip` (other
/// members nested in it).
pub fn rust_files(dir: &Path, skip: &[PathBuf], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let p = entry.path();
        let name = entry.file_name();
        if p.is_dir() {
            let ignored = ["target", "node_modules", "dist", ".git"]
                .iter()
                .any(|n| name == *n);
            if !ignored && !skip.iter().any(|s| same(s, &p)) {
                rust_files(&p, skip, out);
            }
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

fn same(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// A file's text with its comments blanked, line for line (a `//` inside a string literal cuts
/// the rest of that line too: it can only hide a path, never invent one).
pub fn code_of(text: &str) -> String {
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names a path reaches after each `prefix` (`memcalc_core::`, `crate::`) in `code`, with
/// their 1-based line and the character after the name: `memcalc_core::speed::Time` gives
/// `speed` and `:`, `memcalc_core::speed(` gives `speed` and `(`, and a group
/// `memcalc_core::{estimate, speed::Time}` (over several lines too) gives each of its names.
pub fn paths_after(code: &str, prefix: &str) -> Vec<(usize, String, char)> {
    let mut out = Vec::new();
    let line_at = |i: usize| code[..i].matches('\n').count() + 1;
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    for (i, _) in code.match_indices(prefix) {
        // `$crate::` and `memcalc_core::` inside a longer name (`not_memcalc_core::`) are not ours.
        let before = code[..i].chars().next_back();
        if prefix.starts_with(|c: char| c.is_alphanumeric())
            && before.is_some_and(|c| c.is_alphanumeric() || c == '_')
        {
            continue;
        }
        let start = i + prefix.len();
        let after = &code[start..];
        if let Some(group) = after.strip_prefix('{') {
            // The group's top-level names, to its matching brace.
            let (mut depth, mut item_start) = (0usize, 0usize);
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        push_item(
                            &mut out,
                            &group[item_start..j],
                            line_at(start + 1 + item_start),
                        );
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        push_item(
                            &mut out,
                            &group[item_start..j],
                            line_at(start + 1 + item_start),
                        );
                        item_start = j + 1;
                    }
                    _ => {}
                }
            }
        } else {
            let name = ident(after);
            let next = after[name.len()..].chars().next().unwrap_or(' ');
            out.push((line_at(i), name, next));
        }
    }
    out
}

fn push_item(out: &mut Vec<(usize, String, char)>, item: &str, line: usize) {
    let lead = item.len() - item.trim_start().len();
    let line = line + item[..lead].matches('\n').count();
    let item = item.trim();
    let name: String = item
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    if !name.is_empty() {
        let next = item[name.len()..].chars().next().unwrap_or(',');
        out.push((line, name, next));
    }
}
