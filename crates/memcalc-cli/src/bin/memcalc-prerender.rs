//! Build step (a Trunk post_build hook, Trunk.toml, via scripts/post-build.sh): writes the
//! default answer's first screen into the built index.html, so the plain page shows its total in
//! the HTML's first paint, before any script or WebAssembly has loaded (issue 17), and the inline
//! script that writes any other calculation's first screen with the small wasm (crates/
//! memcalc-first, the same writer, built for wasm32) before the app's wasm is requested.
//! The numbers come from the same core the app runs, at every build, so they cannot drift;
//! tests/e2e/prerender.spec.ts compares both screens with the live page.
//! The app removes the screen as it mounts (src/main.rs).
//! Usage: memcalc-prerender <index.html> [first wasm file name]
//! (replaces the marker below, in place; without the wasm a link with a query shows the shell
//! without numbers until the app mounts).

const MARKER: &str = "<!-- prerender -->";

/// The inline script, run before the body's screen is parsed: it applies the visitor's theme and
/// decides what the first screen shows. The plain page of a browser that remembers no other
/// calculation keeps the prerendered default answer. Any other start (a link's query, a
/// remembered calculation, an embed) shows nothing until that calculation's screen, written by
/// the small wasm, replaces the prerendered one; if that takes over 250 ms, the page's shell
/// without anything of the default's answer shows meanwhile (an embed: the loading line).
/// `window.memcalcFirst` settles once the frame that shows the prerendered answer, or the small
/// wasm's screen, has been presented (at once on any failure): Trunk's loader, rewritten
/// by scripts/first-load.py, requests the app then.
fn script(default_link: &str, wasm: Option<&str>) -> String {
    let quote = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
    let write = match wasm {
        Some(w) => format!(
            r#"
        // Nothing shows until the answer, for 250 ms at most: a shell painted first delays the
        // answer's own frame (its glyphs rastered and its frame drawn on the same two cores,
        // about 15 ms, docs/performance.md "Nothing before the answer"), and a shell seen for
        // a few frames is a flash, not a help. A slow network or device sees the shell at 250 ms.
        root.classList.add("pre-wait");
        setTimeout(function () {{ root.classList.remove("pre-wait"); }}, 250);
        // The small wasm's interface: crates/memcalc-first/src/lib.rs (mod wasm).
        var url = "./{wasm}", get = function () {{ return fetch(url); }};
        var ready = new Promise(function (r) {{
          if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", r); else r();
        }});
        return (WebAssembly.instantiateStreaming ? WebAssembly.instantiateStreaming(get()) : Promise.reject())
          .catch(function () {{ return get().then(function (r) {{ return r.arrayBuffer(); }}).then(function (b) {{ return WebAssembly.instantiate(b); }}); }})
          .then(function (m) {{
            // Each call may grow the memory, detaching the buffer read before it.
            var x = m.instance.exports, b = new TextEncoder().encode(start), at = x.first_input(b.length);
            new Uint8Array(x.memory.buffer, at, b.length).set(b);
            var n = x.first_screen(b.length);
            var html = new TextDecoder().decode(new Uint8Array(x.memory.buffer, x.first_output(), n));
            return ready.then(function () {{
              var old = document.getElementById("prerender");
              if (!old) return;
              old.outerHTML = html;
              var t = document.getElementById("prerender").getAttribute("data-pre-theme");
              if (t) root.setAttribute("data-theme", t);
              root.classList.remove("pre-wait", "pre-skeleton", "pre-none");
              return shown();
            }});
          }})
          // Blocked or failed: the app writes the answer as it mounts, as without this script.
          .catch(function () {{}});"#,
            wasm = quote(w)
        ),
        None => String::from("\n        return Promise.resolve();"),
    };
    format!(
        r#"<script>
      window.memcalcFirst = (function () {{
        var root = document.documentElement, q = location.search.replace(/^\?/, ""), start = "";
        try {{
          var t = localStorage.getItem("memcalc:theme");
          if (t === "light" || t === "dark") root.setAttribute("data-theme", t);
          // As the app: the link's query, else the calculation this browser remembers.
          start = q !== "" ? q : localStorage.getItem("memcalc:last") || "";
        }} catch (e) {{ start = q; }}
        // The link's own theme, read as the app reads it (crates/memcalc-core/src/schema/page.rs:
        // the last light, dark or auto; auto or empty leave the visitor's), applied at once: a
        // dark embed's page is dark before its answer, not the light default's background.
        var linkTheme = "";
        start.replace(/(?:^|&)theme=([^&]*)/g, function (m, v) {{
          if (v === "light" || v === "dark" || v === "auto" || v === "") linkTheme = v;
          return m;
        }});
        if (linkTheme === "light" || linkTheme === "dark") root.setAttribute("data-theme", linkTheme);
        // One frame: where the browser reports no presentation (below), or a hidden or throttled
        // frame, which never paints (100 ms).
        var painted = function () {{
          return new Promise(function (r) {{
            requestAnimationFrame(function () {{ setTimeout(r); }});
            setTimeout(r, 100);
          }});
        }};
        // Settles once the first screen's frame has been presented, when the browser delivers an
        // entry of `type` that `hit` accepts; after `wait` ms without one (a hidden tab, a screen
        // without a number); where the type is unsupported, after one frame. The app is requested
        // then: requested one frame earlier (after the frame's main-thread work, before its raster
        // and draw), its download and compile raced them on this machine's two cores and the
        // plain page's prerendered answer showed ~35 ms later, the small wasm's ~40 ms later
        // (docs/performance.md).
        var presented = function (type, hit, wait) {{
          var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
          if (types.indexOf(type) < 0) return painted();
          return new Promise(function (r) {{
            var o = new PerformanceObserver(function (list) {{
              if (list.getEntries().some(hit)) done();
            }}), done = function () {{ o.disconnect(); r(); }};
            o.observe({{ type: type, buffered: true }});
            setTimeout(done, wait);
          }});
        }};
        // The small wasm's screen: its number's Element Timing entry.
        var shown = function () {{
          return presented("element", function (e) {{ return e.identifier === "total" || e.identifier === "table-total"; }}, 250);
        }};
        // The prerendered answer is the page's first contentful paint (on a phone its total may
        // be below the fold, where Element Timing reports nothing), reported by every current
        // browser unless the page is hidden: 1 s at most, so that a slow first frame is not raced.
        if (start === "" || start === "{link}") return presented("paint", function (e) {{ return e.name === "first-contentful-paint"; }}, 1000);
        root.classList.add(/(^|&)embed=(1|true|on)(&|$)/.test(start) ? "pre-none" : "pre-skeleton");{write}
      }})();
    </script>"#,
        link = quote(default_link),
    )
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: memcalc-prerender <index.html> [first wasm file name]");
        std::process::exit(2);
    };
    let wasm = args.next();
    let html = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("memcalc-prerender: cannot read {path}: {e}");
        std::process::exit(1);
    });
    if !html.contains(MARKER) {
        eprintln!("memcalc-prerender: {path} has no {MARKER} marker");
        std::process::exit(1);
    }
    let link = memcalc_first::default_link();
    let out = html.replacen(
        MARKER,
        &format!(
            "{}\n    {}",
            script(&link, wasm.as_deref()),
            memcalc_first::screen(&link)
        ),
        1,
    );
    std::fs::write(&path, out).unwrap_or_else(|e| {
        eprintln!("memcalc-prerender: cannot write {path}: {e}");
        std::process::exit(1);
    });
    println!("prerender: the default answer written into {path}");
}
