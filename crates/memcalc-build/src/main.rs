//! memcalc-post-build: Trunk's post_build hook (Trunk.toml). Turns the page Trunk staged into
//! the one that ships, in this order because each step needs the last one's page:
//! 1. the small wasms — the page's core (crates/memcalc-worker: the core, the first screen's
//!    writer and the time model with its words, no Leptos), run in a Web Worker whose script
//!    is written beside it, and the log box's (crates/memcalc-log: the log reading, JSON out) —
//!    built for wasm32, shrunk with wasm-opt as Trunk shrinks the app's, and named by their
//!    content's hash ([`small_wasm`]);
//! 2. the log wasm's name written into index.html's `memcalc-log` meta (src/log.js, fetched
//!    when the log box is used);
//! 3. the default answer's first screen and the script that starts the core, which writes any
//!    other start's screen and answers the page's time queries ([`first_screen`]);
//! 4. the app's loader, which requests the app after the first answer is painted
//!    ([`app_loader`]): Trunk injects none (`inject_scripts = false` in Trunk.toml, its
//!    documented setting), so nothing of Trunk's output is rewritten;
//! 5. the stylesheet, minified and inlined ([`css`]);
//! 6. the Content-Security-Policy, which allows every inline script and style by its hash
//!    ([`csp`]).
//!
//! Steps 2–6 are one pure function of the source page and the built files' names ([`finish`]),
//! tested below; step 1 runs cargo and wasm-opt.
//! Usage: memcalc-post-build [dist] (Trunk's TRUNK_STAGING_DIR wins where set).

mod app_loader;
mod csp;
mod css;
mod first_screen;
mod page;
mod small_wasm;

use page::Page;
use std::path::{Path, PathBuf};

/// The built files the page names.
struct Built {
    core_wasm: String,
    worker_js: String,
    log_wasm: String,
    app_js: String,
    app_wasm: String,
}

/// index.html's `memcalc-log` meta: the log box's wasm, fetched when the box is used (src/log.js).
const LOG_SLOT: &str = "__LOG_WASM__";
/// Where the app's loader goes in index.html's head.
const LOADER_MARKER: &str = "<!-- app loader -->";
/// Where the stylesheet goes in index.html's head.
const STYLE_MARKER: &str = "<!-- style -->";

/// Steps 2–6: the staged index.html, finished.
fn finish(html: &str, stylesheet: &str, built: &Built) -> Result<String, String> {
    let mut page = Page::new(html);
    page.fill(LOG_SLOT, &built.log_wasm)?;
    page.fill(
        first_screen::MARKER,
        &first_screen::first_screen(&first_screen::Core {
            worker_js: &built.worker_js,
            wasm: &built.core_wasm,
        }),
    )?;
    page.fill(
        LOADER_MARKER,
        &app_loader::script(&built.app_js, &built.app_wasm),
    )?;
    page.fill(
        STYLE_MARKER,
        &format!("<style>{}</style>", css::minify(stylesheet)),
    )?;
    csp::apply(&mut page)?;
    Ok(page.into_html())
}

fn run() -> Result<(), String> {
    let dist = std::env::var_os("TRUNK_STAGING_DIR")
        .map(PathBuf::from)
        .or_else(|| std::env::args_os().nth(1).map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("dist"));
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let read = |p: &Path| {
        std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
    };
    let source = read(&root.join("index.html"))?;
    // The app's wasm-opt flags (index.html's data-wasm-opt-params, for Trunk), so all three
    // wasms are optimised alike and the flags are written once.
    let flags = page::attribute(&source, "data-wasm-opt-params")
        .ok_or("index.html has no data-wasm-opt-params")?;
    let core_wasm = small_wasm::make("memcalc-worker", &dist, &flags)?;
    let worker_js = small_wasm::place(
        &dist,
        "memcalc-worker",
        "js",
        first_screen::worker_script(&core_wasm).as_bytes(),
    )?;
    let log_wasm = small_wasm::make("memcalc-log", &dist, &flags)?;
    let (app_js, app_wasm) = app_loader::app_files(&dist)?;
    let built = Built {
        core_wasm,
        worker_js,
        log_wasm,
        app_js,
        app_wasm,
    };
    let index = dist.join("index.html");
    let html = finish(&read(&index)?, &read(&root.join("style/main.css"))?, &built)?;
    std::fs::write(&index, html).map_err(|e| format!("cannot write {}: {e}", index.display()))?;
    println!(
        "post-build: {} with {} and {} built; the app ({}, {}) requested after the first answer; {} finished",
        built.core_wasm,
        built.worker_js,
        built.log_wasm,
        built.app_js,
        built.app_wasm,
        index.display()
    );
    Ok(())
}

fn main() {
    if let Err(e) = run() {
        eprintln!("memcalc-post-build: {e}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn built() -> Built {
        Built {
            core_wasm: "memcalc-worker-0123456789abcdef.wasm".into(),
            worker_js: "memcalc-worker-fedcba9876543210.js".into(),
            log_wasm: "memcalc-log-0011223344556677.wasm".into(),
            app_js: "memcalc-app-aaaa.js".into(),
            app_wasm: "memcalc-app-aaaa_bg.wasm".into(),
        }
    }

    /// The source index.html as Trunk stages it (it removes its own `data-trunk` links and,
    /// with `inject_scripts = false`, adds nothing).
    fn staged() -> String {
        include_str!("../../../index.html")
            .lines()
            .filter(|l| !l.contains("data-trunk"))
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn the_finished_page_names_every_built_file_and_keeps_no_placeholder() {
        let html = finish(&staged(), "a { color: red; }", &built()).unwrap();
        for name in [
            "./memcalc-worker-0123456789abcdef.wasm",
            "./memcalc-worker-fedcba9876543210.js",
            "./memcalc-log-0011223344556677.wasm",
            "./memcalc-app-aaaa.js",
            "./memcalc-app-aaaa_bg.wasm",
        ] {
            assert!(html.contains(name), "{name}");
        }
        for left in ["__", LOADER_MARKER, STYLE_MARKER, first_screen::MARKER] {
            assert!(!html.contains(left), "{left} left in the page");
        }
        assert!(html.contains("<style>a{color: red}</style>"));
    }

    #[test]
    fn the_policy_allows_exactly_the_page_s_inline_scripts_and_style() {
        let html = finish(&staged(), "a { color: red; }", &built()).unwrap();
        let page = Page::new(&html);
        let scripts = page.inline_bodies("script");
        // The frame check, the first screen's script and the app's loader.
        assert_eq!(scripts.len(), 3);
        let meta = &html[html.find("Content-Security-Policy").unwrap()..];
        let meta = &meta[..meta.find("/>").unwrap()];
        for body in scripts.iter().chain(&page.inline_bodies("style")) {
            assert!(meta.contains(&csp::hash(body)), "{body}");
        }
        assert_eq!(meta.matches("'sha256-").count(), 4);
        // One policy, first in the head, before anything it governs.
        assert_eq!(html.matches("Content-Security-Policy").count(), 1);
        assert!(html.find("Content-Security-Policy") < html.find("<script"));
    }

    #[test]
    fn a_missing_marker_is_an_error_naming_it() {
        let html = staged().replace(LOADER_MARKER, "");
        let e = finish(&html, "", &built()).err().unwrap();
        assert!(e.contains("app loader"), "{e}");
    }
}
