//! The default answer's first screen, written into index.html so the plain page shows its
//! total in the HTML's first paint, before any script or WebAssembly has loaded (issue 17), and
//! the inline script that starts the page's core (the core worker, crates/memcalc-worker: the
//! same writer and the time answers, built for wasm32), which writes any other calculation's
//! first screen before the app's wasm is requested.
//! The numbers come from the same core the app runs, at every build, so they cannot drift;
//! tests/e2e/prerender.spec.ts compares both screens with the live page.
//! The app removes the screen as it mounts (src/main.rs).

pub const MARKER: &str = "<!-- prerender -->";

/// The inline script, run before the body's screen is parsed: it applies the visitor's theme,
/// defines `window.memcalcCore` (the core worker's calls, on the page's thread where no worker
/// starts) and decides what the first screen shows. The plain page of a browser that remembers
/// no other calculation keeps the prerendered default answer. Any other start (a link's query,
/// a remembered calculation, an embed) shows nothing until that calculation's screen, written
/// by the core, replaces the prerendered one; if that takes over 250 ms, the page's shell
/// without anything of the default's answer shows meanwhile (an embed: the loading line).
/// `window.memcalcFirst` settles once the frame that shows the prerendered answer, or the
/// core's screen, has been presented (at once on any failure): the app's loader
/// (app-loader.js) requests the app then.
const PAGE_SCRIPT: &str = include_str!("first-screen.js");
/// The core worker's script: memcalc-post-build writes it beside the page ([`worker_script`]).
const WORKER_SCRIPT: &str = include_str!("core-worker.js");
/// Where the scripts' values go, replaced as plain text (JavaScript string contents).
const LINK_SLOT: &str = "__DEFAULT_LINK__";
const WORKER_SLOT: &str = "__WORKER_JS__";
const WASM_SLOT: &str = "__CORE_WASM__";

/// A script file's code: what follows its opening comment (up to the first blank line), without
/// its whole-line comments. Those describe the code to its readers and are not sent to the page:
/// inline in index.html, each of their bytes is in every visit's first load.
pub fn code(file: &str) -> String {
    let code = file.split_once("\n\n").map_or(file, |(_, code)| code);
    code.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// `code` with every non-empty line indented by `by` spaces.
fn indent(code: &str, by: usize) -> String {
    let pad = " ".repeat(by);
    code.lines()
        .map(|l| {
            if l.is_empty() {
                String::from("\n")
            } else {
                format!("{pad}{l}\n")
            }
        })
        .collect()
}

/// JavaScript string contents.
fn quote(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The core's built files: the worker's script and the wasm it runs.
pub struct Core<'a> {
    pub worker_js: &'a str,
    pub wasm: &'a str,
}

/// The `<script>` element, indented as the marker in index.html's body is.
fn script(default_link: &str, core: &Core) -> String {
    let js = code(PAGE_SCRIPT)
        .replacen(LINK_SLOT, &quote(default_link), 1)
        .replacen(WORKER_SLOT, &quote(core.worker_js), 1)
        .replacen(WASM_SLOT, &quote(core.wasm), 1);
    format!("<script>\n{}    </script>", indent(&js, 6))
}

/// The first script and the default answer's first screen, in place of [`MARKER`].
pub fn first_screen(core: &Core) -> String {
    let link = memcalc_first::default_link();
    format!(
        "{}\n    {}",
        script(&link, core),
        memcalc_first::screen(&link)
    )
}

/// The core worker's script with its wasm's name, without its opening comment.
pub fn worker_script(wasm: &str) -> String {
    code(WORKER_SCRIPT).replacen(WASM_SLOT, &quote(wasm), 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CORE: Core = Core {
        worker_js: "memcalc-worker-0123456789abcdef.js",
        wasm: "memcalc-worker-fedcba9876543210.wasm",
    };

    #[test]
    fn each_slot_is_filled_once_and_none_is_left() {
        // Each is replaced once: a second copy, or none, would ship the placeholder.
        for slot in [LINK_SLOT, WORKER_SLOT, WASM_SLOT] {
            assert_eq!(code(PAGE_SCRIPT).matches(slot).count(), 1, "{slot}");
        }
        let s = script("v=2&a\"b\\c", &CORE);
        assert!(!s.contains("__"), "{s}");
        assert!(s.contains(r#"start === "v=2&a\"b\\c")"#), "{s}");
        assert!(s.contains(r#"new Worker("./memcalc-worker-0123456789abcdef.js")"#));
        assert!(s.contains(r#"fetch("./memcalc-worker-fedcba9876543210.wasm")"#));
    }

    #[test]
    fn the_worker_script_names_its_wasm_once_and_keeps_no_comment() {
        assert_eq!(code(WORKER_SCRIPT).matches(WASM_SLOT).count(), 1);
        let w = worker_script("memcalc-worker-1.wasm");
        assert!(w.contains(r#"fetch("./memcalc-worker-1.wasm")"#));
        assert!(!w.contains("__") && !w.contains("This opening comment"));
    }

    #[test]
    fn the_files_comments_stay_out_and_every_line_sits_under_the_script_tag() {
        let s = script("", &CORE);
        assert!(!s.contains("This opening comment"));
        assert!(!s.lines().any(|l| l.trim_start().starts_with("//")), "{s}");
        assert!(s.starts_with("<script>\n      window.memcalcFirst = (function () {\n"));
        assert!(s.ends_with("\n      })();\n    </script>"));
        for line in s.lines().skip(1) {
            assert!(line.starts_with("    "), "{line:?}");
        }
    }
}
