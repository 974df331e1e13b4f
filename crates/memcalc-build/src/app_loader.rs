//! The app's loader (app-loader.js), filled with the app's built files: Trunk names them
//! `memcalc-app-<hash>.js` and `memcalc-app-<hash>_bg.wasm` (data-bin in index.html), and with
//! `inject_scripts = false` it writes no script of its own, so the names are read from the
//! staged folder, not from Trunk's HTML.

use std::path::Path;

const LOADER: &str = include_str!("app-loader.js");

/// The `<script type="module">` element, indented as the marker in index.html's head is.
pub fn script(app_js: &str, app_wasm: &str) -> String {
    let code = crate::first_screen::code(LOADER)
        .replacen("__APP_JS__", app_js, 1)
        .replacen("__APP_WASM__", app_wasm, 1);
    let body: String = code.lines().map(|l| format!("      {l}\n")).collect();
    format!("<script type=\"module\">\n{body}    </script>")
}

/// The app's glue and wasm in the staged folder: exactly one of each.
pub fn app_files(dist: &Path) -> Result<(String, String), String> {
    let names: Vec<String> = std::fs::read_dir(dist)
        .map_err(|e| format!("cannot list {}: {e}", dist.display()))?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    let one = |suffix: &str| {
        let found: Vec<&String> = names
            .iter()
            .filter(|n| n.starts_with("memcalc-app-") && n.ends_with(suffix))
            .filter(|n| suffix != ".js" || !n.ends_with("_bg.js"))
            .collect();
        match found.as_slice() {
            [one] => Ok((*one).clone()),
            _ => Err(format!(
                "expected one memcalc-app-*{suffix} in {}, found {found:?}",
                dist.display()
            )),
        }
    };
    Ok((one(".js")?, one("_bg.wasm")?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loader_names_both_files_once_and_keeps_no_comment() {
        let s = script("memcalc-app-1.js", "memcalc-app-1_bg.wasm");
        assert_eq!(s.matches("./memcalc-app-1.js").count(), 1);
        assert_eq!(s.matches("./memcalc-app-1_bg.wasm").count(), 1);
        assert!(!s.contains("__") && !s.contains("This opening comment"));
        assert!(s.starts_with("<script type=\"module\">\n      (window.memcalcFirst"));
    }

    #[test]
    fn the_app_files_are_found_and_ambiguity_is_an_error() {
        let dir = std::env::temp_dir().join(format!("memcalc-post-build-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for f in [
            "memcalc-app-ab.js",
            "memcalc-app-ab_bg.wasm",
            "memcalc-worker-1.wasm",
        ] {
            std::fs::write(dir.join(f), "").unwrap();
        }
        assert_eq!(
            app_files(&dir).unwrap(),
            ("memcalc-app-ab.js".into(), "memcalc-app-ab_bg.wasm".into())
        );
        std::fs::write(dir.join("memcalc-app-cd.js"), "").unwrap();
        assert!(app_files(&dir).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
