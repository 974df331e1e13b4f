//! Build step (a Trunk post_build hook, Trunk.toml): writes the default answer's first screen
//! into the built index.html, so the plain page shows its total in the HTML's first paint,
//! before the WebAssembly has loaded (issue 17). The numbers come from the same core the app
//! runs, at every build, so they cannot drift; tests/e2e/prerender.spec.ts compares them with
//! the live page. A link with a query, an embed or a remembered calculation shows the same
//! shell without its numbers (so the layout does not jump), or nothing (an embed).
//! The app removes the prerendered screen as it mounts (src/main.rs).
//! Usage: memcalc-prerender <index.html>   (replaces the marker below, in place)

use memcalc_core::base::units::{format_bytes, format_share, UnitSystem};
use memcalc_core::schema::page::PageOptions;
use memcalc_core::{estimate, Location, Scenario};

const MARKER: &str = "<!-- prerender -->";

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The inline script that decides, before the body is parsed, what the prerendered screen may
/// show: the default answer only on the plain page of a browser that remembers no other
/// calculation (the app then starts from the same query), and the theme the visitor chose.
fn script(default_link: &str) -> String {
    format!(
        r#"<script>
      (function () {{
        var root = document.documentElement, q = location.search.replace(/^\?/, ""), last = null;
        try {{
          last = localStorage.getItem("memcalc:last");
          var t = localStorage.getItem("memcalc:theme");
          if (t === "light" || t === "dark") root.setAttribute("data-theme", t);
        }} catch (e) {{}}
        if (/(^|&)embed=(1|true|on)(&|$)/.test(q)) root.classList.add("pre-none");
        else if (q !== "" || (last !== null && last !== "" && last !== "{link}")) root.classList.add("pre-skeleton");
      }})();
    </script>"#,
        link = default_link.replace('\\', "\\\\").replace('"', "\\\"")
    )
}

fn screen() -> String {
    let units = UnitSystem::Binary;
    let scenario = Scenario::default();
    let e = estimate(&scenario);
    let heading = match e.mode {
        memcalc_core::Mode::Sim => "Memory per node",
        _ => "Memory per device",
    };
    let rows: String = e
        .components
        .iter()
        .map(|c| {
            let share = match c.location {
                Location::Host => String::from("host"),
                Location::Disk => String::from("disk"),
                Location::Device => format_share(c.bytes, e.per_device_bytes.max(1)),
            };
            format!(
                r#"<tr data-pre-component="{id}"><th scope="row"><span class="swatch swatch-{id}" aria-hidden="true"></span>{label}</th><td class="num" data-pre-number>{bytes}</td><td class="num" data-pre-number>{share}</td><td class="why"><p class="formula" data-pre-number><code>{formula}</code></p></td></tr>"#,
                id = c.id,
                label = esc(c.label),
                bytes = esc(&format_bytes(c.bytes, units)),
                share = esc(&share),
                formula = esc(&c.formula),
            )
        })
        .collect();
    format!(
        r#"<div class="prerender" id="prerender">
      <header class="site-header"><h1>Memory calculator</h1><p class="tagline">How much memory your model or simulation needs per GPU or node, part by part, with the formula and source behind every number.</p></header>
      <main class="calculator" data-prerender>
        <section class="inputs pre-inputs"><div class="inputs-head"><h2>Your model</h2></div><p class="muted">Loading the form…</p></section>
        <section class="results">
          <div class="results-head"><h2>{heading}</h2></div>
          <div class="verdict {fits}"><p class="total-line"><span class="total-label">Total</span><strong class="total" elementtiming="total" data-pre-number>{total}</strong></p><p class="verdict-text" data-pre-number>{verdict}</p></div>
          <div class="chart pre-chart"></div>
          <table class="breakdown"><thead><tr><th scope="col">Component</th><th scope="col" class="num">Memory</th><th scope="col" class="num">Share</th><th scope="col">How it is computed</th></tr></thead><tbody>{rows}</tbody><tfoot><tr><th scope="row">Total</th><td class="num" data-pre-number>{total}</td><td class="num">100 %</td><td class="why"></td></tr></tfoot></table>
        </section>
      </main>
    </div>"#,
        fits = if e.fits() { "fits" } else { "short" },
        total = esc(&format_bytes(e.per_device_bytes, units)),
        verdict = esc(&memcalc_core::report::verdict_with_capacity(&e, units)),
    )
}

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: memcalc-prerender <index.html>");
        std::process::exit(2);
    };
    let html = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("memcalc-prerender: cannot read {path}: {e}");
        std::process::exit(1);
    });
    if !html.contains(MARKER) {
        eprintln!("memcalc-prerender: {path} has no {MARKER} marker");
        std::process::exit(1);
    }
    let link = format!(
        "{}{}",
        Scenario::default().link(None),
        PageOptions::default().query_suffix()
    );
    let out = html.replacen(MARKER, &format!("{}\n    {}", script(&link), screen()), 1);
    std::fs::write(&path, out).unwrap_or_else(|e| {
        eprintln!("memcalc-prerender: cannot write {path}: {e}");
        std::process::exit(1);
    });
    println!("prerender: the default answer written into {path}");
}
