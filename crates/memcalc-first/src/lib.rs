//! The first screen of a calculation (header, verdict with the total, the table's rows with
//! bytes, shares and formulas), as HTML with the live page's markup and classes (issue 17).
//! One writer for two callers, so they can never drift:
//! - at build time, `memcalc-post-build` (crates/memcalc-build) writes the default answer into
//!   index.html, so the plain page shows its total in the HTML's first paint;
//! - at run time, the core worker (crates/memcalc-worker: the core, this writer and the time
//!   answers, no Leptos; memcalc-post-build builds it) writes the first screen of a link with a
//!   query, a remembered calculation or an embed into the same place, before the app's wasm is
//!   requested.
//!
//! The app removes the screen as it mounts (src/main.rs). Its copies of the numbers carry
//! `data-pre-*` attributes, never the live page's `data-testid`/`data-component`, so tests
//! and scripts that read the live page never read the screen.

use memcalc_core::explain::parts;
use memcalc_core::explain::wording::{left_out, results_heading, TAGLINE};
use memcalc_core::schema::page::{PageOptions, Part, Theme};
use memcalc_core::units::{format_bytes, format_share, UnitSystem};
use memcalc_core::{estimate, Estimate, Inputs, Location, Scenario};

/// `parts` joined at compile time: the shared wording goes into the markup as one literal, so
/// the small wasm carries no code to join them.
macro_rules! join {
    ($($part:expr),+ $(,)?) => {{
        const PARTS: &[&str] = &[$($part),+];
        const LEN: usize = {
            let (mut len, mut i) = (0, 0);
            while i < PARTS.len() {
                len += PARTS[i].len();
                i += 1;
            }
            len
        };
        const BYTES: [u8; LEN] = {
            let (mut out, mut at, mut i) = ([0; LEN], 0, 0);
            while i < PARTS.len() {
                let (part, mut j) = (PARTS[i].as_bytes(), 0);
                while j < part.len() {
                    out[at] = part[j];
                    at += 1;
                    j += 1;
                }
                i += 1;
            }
            out
        };
        match core::str::from_utf8(&BYTES) {
            Ok(s) => s,
            Err(_) => panic!("not UTF-8"),
        }
    }};
}

const HEADER: &str = join!(
    r#"<header class="site-header"><h1>Memory calculator</h1><p class="tagline">"#,
    TAGLINE,
    "</p></header>",
);

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The query of the default calculation, as the app writes it to the address bar and to
/// local storage: a remembered calculation equal to it needs no other screen.
pub fn default_link() -> String {
    format!(
        "{}{}",
        Scenario::default().link(None),
        PageOptions::default().query_suffix()
    )
}

/// The first screen of the calculation the app starts from with `query` (the link's query, or
/// the remembered one): `<div class="prerender" id="prerender">…</div>`.
pub fn screen(query: &str) -> String {
    let (inputs, _) = Inputs::from_query(query);
    let (options, _) = PageOptions::from_query(query);
    // As the app: while a field is invalid it shows every valid field with the invalid ones at
    // their base's values, marked stale and named.
    let lenient = inputs.parse_lenient(options.preset);
    let stale = left_out(&lenient);
    let scenario = lenient.scenario.unwrap_or_default();
    let e = estimate(&scenario);
    let units = options.units;
    let heading = results_heading(e.mode, scenario.sim.device);
    let form = options.shows(Part::Form);
    let mut results =
        format!(r#"<div class="results-head"><h2 id="results-heading">{heading}</h2></div>"#);
    // What comes below the answer: an embed shows it after the form, as the app does (issue 39).
    let mut more = String::new();
    // A link naming an unknown preset has no estimate: the defaults' figures would be another
    // scenario's, so the screen says why and shows none (as the app does).
    let no_estimate = options.no_estimate_note();
    if let Some(note) = &no_estimate {
        if options.shows(Part::Verdict) {
            results.push_str(&format!(
                r#"<div class="verdict is-stale"><p class="total-line"><span class="total-label">Total</span><strong class="total" elementtiming="total">No estimate</strong></p><p class="stale">{}</p></div>"#,
                esc(note)
            ));
        }
    } else {
        if options.shows(Part::Verdict) {
            results.push_str(&verdict(&e, units, stale.as_deref()));
            #[cfg(feature = "time")]
            results.push_str(&speed(&scenario, &e, stale.is_some()));
        }
        if options.shows(Part::Chart) {
            more.push_str(r#"<div class="chart pre-chart"></div>"#);
        }
        if options.shows(Part::Table) {
            more.push_str(&table(&e, units));
        }
    }
    // Phones show the form first, and its box stands 640 px tall until the form comes: the live
    // form's pill (src/app.rs), sticky at the bottom of that box, keeps the answer in sight.
    let inputs_box = if form && no_estimate.is_some() {
        String::from(
            r#"<section class="inputs pre-inputs"><div class="inputs-head"><h2>Your model</h2></div><p class="muted">Loading the form…</p></section>"#,
        )
    } else if form {
        format!(
            r##"<section class="inputs pre-inputs"><div class="inputs-head"><h2>Your model</h2></div><p class="muted">Loading the form…</p><a class="mobile-summary{short}" href="#results-heading">{summary} ↓</a></section>"##,
            short = match (&stale, e.fits()) {
                (Some(_), _) => " is-stale",
                (None, true) => "",
                (None, false) => " short",
            },
            // As the live pill before its time answer arrives (the rate comes with it).
            summary = esc(&memcalc_core::report::pill(&e, units, None)),
        )
    } else {
        String::new()
    };
    let (header, class) = if options.embed {
        (
            "",
            if form {
                "calculator embedded"
            } else {
                "calculator embedded no-form"
            },
        )
    } else {
        (HEADER, "calculator")
    };
    let body = if options.embed {
        format!(
            r#"<section class="results answer">{results}</section>{inputs_box}<section class="results more">{more}</section>"#
        )
    } else {
        format!(r#"{inputs_box}<section class="results">{results}{more}</section>"#)
    };
    // The link's theme, for the page script to apply at once (the app applies it as it mounts).
    let theme = match options.theme {
        Theme::Auto => "",
        Theme::Light => r#" data-pre-theme="light""#,
        Theme::Dark => r#" data-pre-theme="dark""#,
    };
    format!(
        r#"<div class="prerender" id="prerender"{theme}>{header}<main class="{class}" data-prerender>{body}</main></div>"#
    )
}

/// The time line under the verdict, as the live page's (src/components/speed_line.rs) shows it
/// once its time answer arrives: with the time model in the build (the page's core,
/// crates/memcalc-worker, and the build-time screen), the first screen shows the time with the
/// first number (issue 36). Nothing where the scenario has no time, or while a field is invalid
/// (the live line then waits for a valid one).
#[cfg(feature = "time")]
fn speed(s: &Scenario, e: &Estimate, stale: bool) -> String {
    match memcalc_core::report::time_line(s, e) {
        Some((bound, line, band)) if !stale => format!(
            r#"<div class="speed" data-pre-bound="{}"><p elementtiming="speed">{}</p>{}</div>"#,
            bound.key(),
            esc(&line),
            if band.is_empty() {
                String::new()
            } else {
                format!(r#"<div class="speed-band">{}</div>"#, esc(&band))
            }
        ),
        _ => String::new(),
    }
}

fn verdict(e: &Estimate, units: UnitSystem, stale: Option<&str>) -> String {
    let serving = e
        .serving
        .map(|v| {
            format!(
                r#"<p class="serving">{}</p>"#,
                esc(&memcalc_core::explain::serving::summary(&v))
            )
        })
        .unwrap_or_default();
    let (state, stale) = match stale {
        Some(note) => (
            " is-stale",
            format!(r#"<p class="stale">{}</p>"#, esc(note)),
        ),
        None => (if e.fits() { " fits" } else { " short" }, String::new()),
    };
    let warnings: String = e
        .warnings
        .iter()
        .map(|w| {
            format!(
                "<li>{}</li>",
                esc(&memcalc_core::explain::warnings::warning(w))
            )
        })
        .collect();
    format!(
        r#"<div class="verdict{state}"><p class="total-line"><span class="total-label">Total</span><strong class="total" elementtiming="total">{total}</strong><span class="total-band">{band}</span></p><p class="verdict-text">{verdict}</p>{serving}{stale}<ul class="warnings">{warnings}</ul></div>"#,
        total = esc(&format_bytes(e.per_device_bytes, units)),
        band = esc(&memcalc_core::report::band::total(e, units)),
        verdict = esc(&memcalc_core::report::verdict_with_capacity(e, units)),
    )
}

fn table(e: &Estimate, units: UnitSystem) -> String {
    let rows: String = e
        .components
        .iter()
        .map(|c| {
            let (share, host) = match c.location {
                Location::Host => (String::from("host"), r#" class="host""#),
                Location::Disk => (String::from("disk"), r#" class="host""#),
                Location::Device => (format_share(c.bytes, e.per_device_bytes.max(1)), ""),
            };
            format!(
                r#"<tr data-pre-component="{id}"{host}><th scope="row"><span class="swatch swatch-{id}" aria-hidden="true"></span>{label}</th><td class="num">{bytes}</td><td class="num">{share}</td><td class="why"><p class="formula"><code>{formula}</code></p></td></tr>"#,
                id = c.id,
                label = esc(parts::label(c)),
                bytes = esc(&format_bytes(c.bytes, units)),
                share = esc(&share),
                formula = esc(&parts::formula(c)),
            )
        })
        .collect();
    format!(
        r#"<table class="breakdown"><thead><tr><th scope="col">Component</th><th scope="col" class="num">Memory</th><th scope="col" class="num">Share</th><th scope="col">How it is computed</th></tr></thead><tbody>{rows}</tbody><tfoot><tr><th scope="row">Total</th><td class="num" elementtiming="table-total">{total}</td><td class="num">100 %</td><td class="why"></td></tr></tfoot></table>"#,
        total = esc(&format_bytes(e.per_device_bytes, units)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn total_of(query: &str) -> String {
        let (inputs, _) = Inputs::from_query(query);
        let (options, _) = PageOptions::from_query(query);
        let e = estimate(&inputs.parse().unwrap());
        format_bytes(e.per_device_bytes, options.units)
    }

    #[test]
    fn a_link_shows_its_own_total_rows_and_units() {
        let q = "params=70B&gpus=8&zero=3&units=decimal";
        let html = screen(q);
        assert!(total_of(q).ends_with(" GB"), "{}", total_of(q));
        assert!(html.contains(&format!(
            r#"elementtiming="total">{}</strong>"#,
            total_of(q)
        )));
        assert_ne!(total_of(q), total_of(""));
        let (inputs, _) = Inputs::from_query(q);
        let e = estimate(&inputs.parse().unwrap());
        for c in &e.components {
            assert!(
                html.contains(&format!(r#"data-pre-component="{}""#, c.id)),
                "{}",
                c.id
            );
        }
        assert!(html.contains(r#"<h1>Memory calculator</h1>"#));
        assert!(html.contains("pre-inputs"));
        // The phone's pill in the form's box, as the live form has it.
        assert!(html.contains(&format!(
            r##"<a class="mobile-summary short" href="#results-heading">{} · does not fit ↓</a>"##,
            total_of(q)
        )));
    }

    #[test]
    fn an_embed_shows_what_show_asks_for_and_nothing_of_the_page() {
        let html = screen("embed=1&show=chart,table");
        assert!(html.contains(r#"class="calculator embedded no-form""#));
        assert!(!html.contains("site-header"));
        assert!(!html.contains("pre-inputs"));
        assert!(!html.contains("mobile-summary"));
        assert!(!html.contains(r#"class="verdict"#));
        assert!(html.contains("pre-chart"));
        assert!(html.contains(&format!(
            r#"<td class="num" elementtiming="table-total">{}</td><td class="num">100 %"#,
            total_of("")
        )));
        let verdict_only = screen("embed=1&show=verdict&theme=dark");
        assert!(verdict_only.contains(r#"class="verdict "#));
        assert!(!verdict_only.contains("breakdown"));
        assert!(verdict_only.contains(r#"data-pre-theme="dark""#));
    }

    #[test]
    fn an_invalid_field_takes_its_base_marked_stale_and_named_as_the_app_does() {
        let html = screen("params=seven");
        assert!(html.contains(&format!(
            r#"elementtiming="total">{}</strong>"#,
            total_of("")
        )));
        assert!(html.contains(r#"<p class="stale">Estimate without Parameters"#));
        assert!(html.contains(r#"class="verdict is-stale""#));
        assert!(!screen("").contains(r#"<p class="stale">"#));
        // Never the default training scenario under an inference link (issue 29).
        let infer = screen("v=2&mode=infer&model_id=llama3");
        assert!(infer.contains(&format!(
            r#"elementtiming="total">{}</strong>"#,
            total_of("v=2&mode=infer")
        )));
        assert_ne!(total_of("v=2&mode=infer"), total_of(""));
        assert!(infer.contains("Estimate without Released model"));
    }

    #[test]
    fn a_mistyped_preset_shows_no_figure_of_another_scenario() {
        // Issue 39: `preset=lammps-rhodo` painted the default 7B training run's figures.
        let html = screen("v=2&preset=lammps-rhodo");
        assert!(
            html.contains(r#"elementtiming="total">No estimate</strong>"#),
            "{html}"
        );
        assert!(html.contains("did you mean lammps-rhodopsin?"), "{html}");
        assert!(!html.contains(&total_of("")), "{html}");
        assert!(
            !html.contains("<table") && !html.contains("mobile-summary"),
            "{html}"
        );
    }

    #[test]
    fn markup_from_the_link_is_escaped() {
        // Free text of a link never becomes markup (the model name is echoed in warnings/labels).
        let html = screen("params=<b>7B</b>&model=%3Cimg%20src%3Dx%3E");
        assert!(!html.contains("<img"));
        assert!(!html.contains("<b>"));
    }
}
