//! The default answer's first screen, written into index.html so the plain page shows its
//! total in the HTML's first paint, before any script or WebAssembly has loaded (issue 17), and
//! the inline script that writes any other calculation's first screen with the small wasm
//! (crates/memcalc-first, the same writer, built for wasm32) before the app's wasm is requested.
//! The numbers come from the same core the app runs, at every build, so they cannot drift;
//! tests/e2e/prerender.spec.ts compares both screens with the live page.
//! The app removes the screen as it mounts (src/main.rs).

pub const MARKER: &str = "<!-- prerender -->";

/// The inline script, run before the body's screen is parsed: it applies the visitor's theme and
/// decides what the first screen shows. The plain page of a browser that remembers no other
/// calculation keeps the prerendered default answer. Any other start (a link's query, a
/// remembered calculation, an embed) shows nothing until that calculation's screen, written by
/// the small wasm, replaces the prerendered one; if that takes over 250 ms, the page's shell
/// without anything of the default's answer shows meanwhile (an embed: the loading line).
/// `window.memcalcFirst` settles once the frame that shows the prerendered answer, or the small
/// wasm's screen, has been presented (at once on any failure): the app's loader
/// (app-loader.js) requests the app then.
const PAGE_SCRIPT: &str = include_str!("first-screen.js");
/// The end of that script where there is a small wasm: fetches it and writes its screen.
const WASM_SCRIPT: &str = include_str!("first-screen-wasm.js");
/// PAGE_SCRIPT's last statement without a wasm, which WASM_SCRIPT replaces.
const NO_WASM: &str = "  return Promise.resolve();\n";
/// Where the scripts' values go, replaced as plain text (JavaScript string contents).
const LINK_SLOT: &str = "__DEFAULT_LINK__";
const WASM_SLOT: &str = "__FIRST_WASM__";

/// A script file's code: what follows its opening comment (up to the first blank line), which
/// describes the file to its readers and is not sent to the page.
fn code(file: &str) -> &str {
    file.split_once("\n\n").map_or(file, |(_, code)| code)
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

/// The `<script>` element, indented as the marker in index.html's body is.
fn script(default_link: &str, wasm: Option<&str>) -> String {
    let quote = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
    let mut js = code(PAGE_SCRIPT).replacen(LINK_SLOT, &quote(default_link), 1);
    if let Some(w) = wasm {
        let write = code(WASM_SCRIPT).replacen(WASM_SLOT, &quote(w), 1);
        js = js.replacen(NO_WASM, &indent(&write, 2), 1);
    }
    format!("<script>\n{}    </script>", indent(&js, 6))
}

/// The first script and the default answer's first screen, in place of [`MARKER`]; `wasm` is
/// the first-answer wasm's file name (without one, a link with a query shows the shell without
/// numbers until the app mounts).
pub fn first_screen(wasm: Option<&str>) -> String {
    let link = memcalc_first::default_link();
    format!(
        "{}\n    {}",
        script(&link, wasm),
        memcalc_first::screen(&link)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_slot_is_filled_once_and_none_is_left() {
        // Each is replaced once: a second copy, or none, would ship the placeholder.
        assert_eq!(code(PAGE_SCRIPT).matches(LINK_SLOT).count(), 1);
        assert_eq!(code(PAGE_SCRIPT).matches(NO_WASM).count(), 1);
        assert_eq!(code(WASM_SCRIPT).matches(WASM_SLOT).count(), 1);
        for wasm in [None, Some("memcalc-first-0123456789abcdef.wasm")] {
            let s = script("v=2&a\"b\\c", wasm);
            assert!(!s.contains("__"), "{s}");
            assert!(s.contains(r#"start === "v=2&a\"b\\c")"#), "{s}");
            assert_eq!(
                s.contains(r#"var url = "./memcalc-first-0123456789abcdef.wasm""#),
                wasm.is_some()
            );
            assert_eq!(s.contains("return Promise.resolve();"), wasm.is_none());
        }
    }

    #[test]
    fn the_files_comments_stay_out_and_every_line_sits_under_the_script_tag() {
        let s = script("", Some("first.wasm"));
        assert!(!s.contains("This opening comment"));
        assert!(s.starts_with("<script>\n      window.memcalcFirst = (function () {\n"));
        assert!(s.ends_with("\n      })();\n    </script>"));
        // The wasm's part inside the function's body, as deep as the statement it replaces.
        assert!(s.contains("\n        root.classList.add(\"pre-wait\");\n"));
        for line in s.lines().skip(1) {
            assert!(line.starts_with("    "), "{line:?}");
        }
    }
}
