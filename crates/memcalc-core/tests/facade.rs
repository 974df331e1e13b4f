//! Other crates use the core's public face (`estimate`, `bytes`, `speed()`, `units`, the public
//! layers `catalog`, `schema`, `explain`, `analysis`, `log` and `report` without their inner
//! modules, and the types at the root),
//! never its other layers: those are private to the core unless its feature `internals` is on,
//! which only the core's own tests and examples turn on (src/lib.rs, `layers!`), so the compiler
//! holds the line for a crate built alone; this test also holds it where a workspace build
//! unifies the feature (`cargo test --workspace`), and names each path. It walks every member of
//! the workspace (the root `Cargo.toml`'s `[workspace] members`) and the layers of
//! `tests/common/layers.rs`, the list `tests/layers.rs` reads too.

#[path = "common/layers.rs"]
mod shared;

use shared::{code_of, layer_of, members, paths_after, root, rust_files, Role, ALSO_FACE};

/// What in `text` reaches into a layer that is not public, or into a public layer's module
/// that is not its face: `(line, path)`. The function `memcalc_core::speed(…)` is the face; the
/// module `memcalc_core::speed::…` is not, nor is `memcalc_core::schema::value::…`.
fn reaches(text: &str) -> Vec<(usize, String)> {
    let code = code_of(text);
    let mut out: Vec<(usize, String)> = paths_after(&code, "memcalc_core::")
        .into_iter()
        .filter(|(_, name, next)| {
            layer_of(name).is_some_and(|l| !l.public) && *next != '(' && *next != '!'
        })
        .map(|(line, name, _)| (line, format!("memcalc_core::{name}")))
        .collect();
    for l in shared::LAYERS
        .iter()
        .filter(|l| l.public && !l.inner.is_empty())
    {
        let prefix = format!("memcalc_core::{}::", l.name);
        out.extend(
            paths_after(&code, &prefix)
                .into_iter()
                .filter(|(_, name, _)| l.inner.contains(&name.as_str()))
                .map(|(line, name, _)| (line, format!("{prefix}{name}"))),
        );
    }
    out.sort();
    out
}

#[test]
fn other_crates_use_only_the_public_face() {
    let root = root();
    let members = members();
    let nested: Vec<_> = members.iter().map(|(m, _)| root.join(m)).collect();
    let mut dirs: Vec<String> = members
        .iter()
        .filter(|(_, role)| *role == Role::Face)
        .map(|(m, _)| m.clone())
        .collect();
    dirs.extend(ALSO_FACE.iter().map(|d| d.to_string()));
    let mut wrong = Vec::new();
    let mut total = 0;
    for dir in &dirs {
        let base = root.join(dir);
        // A member's folder without the members inside it (the root's `crates/`).
        let skip: Vec<_> = nested.iter().filter(|n| **n != base).cloned().collect();
        let mut files = Vec::new();
        rust_files(&base, &skip, &mut files);
        assert!(!files.is_empty(), "{dir} has no Rust file to check");
        total += files.len();
        for f in &files {
            let text = std::fs::read_to_string(f).unwrap();
            for (n, path) in reaches(&text) {
                let rel = f.strip_prefix(&root).unwrap_or(f);
                wrong.push(format!("{}:{n}: {path}", rel.display()));
            }
        }
    }
    assert!(total > 30, "found {total} files");
    assert!(
        wrong.is_empty(),
        "paths into the core's layers (use the face in crates/memcalc-core/src/lib.rs, or make \
         the layer public in tests/common/layers.rs, on purpose):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_scan_sees_a_reach_into_a_layer() {
    let r = |t: &str| reaches(t);
    assert_eq!(
        r("x = memcalc_core::speed::Time::of(v);"),
        [(1, "memcalc_core::speed".to_string())]
    );
    // The face's function, a public layer and a name at the root are fine.
    assert!(
        r("memcalc_core::speed(&s, &e); memcalc_core::catalog::MODELS; memcalc_core::Time")
            .is_empty()
    );
    // In a group, over lines; not in a comment.
    assert_eq!(
        r("use memcalc_core::{\n    estimate,\n    model::Plan,\n};\n// memcalc_core::base::x"),
        [(3, "memcalc_core::model".to_string())]
    );
    assert_eq!(
        r("use memcalc_core::{speed::{Time, Bound}, explain};"),
        [(1, "memcalc_core::speed".to_string())]
    );
    // A public layer's face is fine, its inner modules are not, alone or in a group.
    assert!(r("memcalc_core::schema::fields::FIELDS; memcalc_core::explain::wording").is_empty());
    assert_eq!(
        r("use memcalc_core::schema::{fields, value::read};\nmemcalc_core::analysis::band::x()"),
        [
            (1, "memcalc_core::schema::value".to_string()),
            (2, "memcalc_core::analysis::band".to_string())
        ]
    );
}

#[test]
fn the_members_are_read_from_the_manifest() {
    let m = shared::members_of(
        "[package]\nname = \"x\"\n[workspace]\nmembers = [\".\", \"crates/a\",\n  \"crates/b\", # why\n]\nresolver = \"2\"\n",
    );
    assert_eq!(m, [".", "crates/a", "crates/b"]);
}
