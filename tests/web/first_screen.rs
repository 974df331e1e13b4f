//! The first screen written before the app (crates/memcalc-first: the default answer
//! prerendered into index.html, and the small wasm's screen for any other link) against the live
//! components for the same calculation: the same elements, classes, attributes and texts in the
//! same order, apart from what the first screen leaves out or adds by design (`LIVE`, `FIRST`),
//! so the screen that gives way to the app as it mounts never shows anything else.

use std::fmt::Write;

use memcalc_app::components::SiteHeader;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, Node};

use super::{mount, settle};

/// Each piece the first screen writes, under as many conditions as it has: the default (what
/// index.html shows), a total that does not fit in decimal units, an invalid field (the default,
/// marked stale), host rows, a serving line, a simulation per node with a warning, an embed
/// without form or verdict.
const LINKS: &[&str] = &[
    "",
    "params=70B&gpus=8&zero=3&units=decimal",
    "params=seven",
    "params=13B&gpus=8&zero=2&offload=optimizer&host_mem=1024&dataset=40GB&dataset_on=host",
    "mode=infer&engine=vllm&tp=4&gpus=4&gpu=h100-80&seq=32768&batch=16&params=70B",
    "mode=sim&method=particles&particles=32000&density=0.8442&cutoff=2.5&skin=0.3&ranks=4&nodes=8",
    "embed=1&show=chart,table",
];

/// The pieces both write, compared whole (the form's box and the chart are placeholders there).
const PIECES: &[&str] = &[
    ".inputs-head",
    ".mobile-summary",
    "#results-heading",
    ".verdict",
    "table.breakdown",
];

/// What one side has that the other leaves out by design.
struct Own {
    /// Elements left out whole.
    elements: &'static [&'static str],
    /// Attributes left out, as (the elements' selector, attribute).
    attributes: &'static [(&'static str, &'static str)],
    /// Elements whose contents are left out.
    contents: &'static [&'static str],
    /// Attributes named otherwise, as (this side's name, the other's).
    renamed: &'static [(&'static str, &'static str)],
}

/// The live page's own: its test hooks and raw bytes (the first screen's copies must never be
/// read as the live page), tooltips, what only a screen reader hears (the table's caption, the
/// verdict's announcement), the rows' explanations, the total's note, the form's reset button.
const LIVE: Own = Own {
    // The pill's rate comes with the time answer, which the first screen (no time model) has not.
    elements: &[
        "caption",
        "details.explain",
        "[aria-live]",
        "button.reset",
        "span.pill-rate",
    ],
    attributes: &[
        ("*", "data-testid"),
        ("*", "data-bytes"),
        ("*", "data-location"),
        ("*", "data-fits"),
        ("*", "data-tokens"),
        ("*", "data-sequences"),
        // The live verdict's stale state for tests; both screens show it by the is-stale class.
        ("*", "data-stale"),
        ("*", "title"),
        // Names the form, which the first screen does not have.
        ("#inputs-heading", "id"),
        // The live page's skip link moves focus to it; the first screen has no link to follow.
        ("#results-heading", "tabindex"),
    ],
    contents: &["tfoot td.why"],
    renamed: &[],
};

/// The first screen's own: Element Timing on its totals (index.html's script requests the app
/// once one is painted), its mark, and its rows' part under another name.
const FIRST: Own = Own {
    elements: &[],
    attributes: &[("*", "elementtiming"), ("main", "data-prerender")],
    contents: &[],
    renamed: &[("data-pre-component", "data-component")],
};

fn matches(el: &Element, selectors: &[&str]) -> bool {
    selectors.iter().any(|s| el.matches(s).unwrap())
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('"', "&quot;")
}

/// `el`'s opening tag: attributes sorted by name, classes sorted, `own`'s left out or renamed.
fn open_tag(el: &Element, own: &Own, out: &mut String) {
    let mut attrs: Vec<(String, String)> = el
        .get_attribute_names()
        .iter()
        .filter_map(|n| n.as_string())
        .filter(|n| {
            !own.attributes
                .iter()
                .any(|(s, a)| a == n && el.matches(s).unwrap())
        })
        .map(|n| {
            let mut v = el.get_attribute(&n).unwrap_or_default();
            if n == "class" {
                let mut classes: Vec<&str> = v.split_whitespace().collect();
                classes.sort_unstable();
                v = classes.join(" ");
            }
            let n = own
                .renamed
                .iter()
                .find(|(from, _)| *from == n)
                .map_or(n.clone(), |(_, to)| to.to_string());
            (n, v)
        })
        // A class list emptied by the live page (a row's `class:host` turned off) is none.
        .filter(|(n, v)| !(n == "class" && v.is_empty()))
        .collect();
    attrs.sort();
    write!(out, "<{}", el.tag_name().to_lowercase()).unwrap();
    for (n, v) in attrs {
        write!(out, " {n}=\"{}\"", escape(&v)).unwrap();
    }
    out.push('>');
}

/// `node` as markup, comments (Leptos's placeholders) left out, adjacent texts joined.
fn canonical(node: &Node, own: &Own, out: &mut String) {
    match node.node_type() {
        Node::TEXT_NODE => out.push_str(&escape(&node.text_content().unwrap_or_default())),
        Node::ELEMENT_NODE => {
            let el: &Element = node.unchecked_ref();
            if matches(el, own.elements) {
                return;
            }
            open_tag(el, own, out);
            if !matches(el, own.contents) {
                let children = el.child_nodes();
                for i in 0..children.length() {
                    canonical(&children.item(i).unwrap(), own, out);
                }
            }
            write!(out, "</{}>", el.tag_name().to_lowercase()).unwrap();
        }
        _ => {}
    }
}

fn markup(el: &Element, own: &Own) -> String {
    let mut out = String::new();
    canonical(el, own, &mut out);
    out
}

/// The first element under `root` matching `selector`, as markup.
fn piece(root: &Element, selector: &str, own: &Own) -> Option<String> {
    root.query_selector(selector)
        .unwrap()
        .map(|el| markup(&el, own))
}

/// The results' pieces in order, each as its tag and first class (the chart's box is a
/// placeholder on the first screen, so only its place is compared). The live page builds some
/// pieces after its first paint inside a `div.later` (src/fold.rs, `after_paint`): their
/// pieces stand in its place, as the first screen writes them (the time line under the verdict).
fn order(results: &Element) -> Vec<String> {
    let children = results.children();
    (0..children.length())
        .flat_map(|i| {
            let el = children.item(i).unwrap();
            let class = el.get_attribute("class").unwrap_or_default();
            let first = class.split_whitespace().next().unwrap_or("").to_string();
            if first == "later" {
                order(&el)
            } else {
                vec![format!("{}.{first}", el.tag_name().to_lowercase())]
            }
        })
        .collect()
}

fn first_screen(link: &str) -> Element {
    let doc = web_sys::window().unwrap().document().unwrap();
    let host = doc.create_element("div").unwrap();
    host.set_inner_html(&memcalc_first::screen(link));
    host
}

#[wasm_bindgen_test]
async fn the_first_screen_has_the_live_markup_of_the_same_calculation() {
    for &link in LINKS {
        let first = first_screen(link);
        let live = mount(link);
        settle().await;
        for &selector in PIECES {
            assert_eq!(
                piece(&first, selector, &FIRST),
                piece(&live, selector, &LIVE),
                "{selector} of ?{link}"
            );
        }
        let main = |root: &Element, own: &Own| {
            let mut tag = String::new();
            open_tag(
                &root.query_selector("main").unwrap().unwrap(),
                own,
                &mut tag,
            );
            tag
        };
        assert_eq!(main(&first, &FIRST), main(&live, &LIVE), "?{link}");
        // The live results hold more (the check, the advice, the sweep...): the first screen's
        // pieces must come in the live page's order.
        // An embed's answer and the rest are sections of their own (the form between them).
        let results = |root: &Element| {
            let all = root.query_selector_all("section.results").unwrap();
            (0..all.length())
                .flat_map(|i| order(all.item(i).unwrap().unchecked_ref::<Element>()))
                .collect::<Vec<_>>()
        };
        let written = results(&first);
        let live_order: Vec<String> = results(&live)
            .into_iter()
            .filter(|p| written.contains(p))
            .collect();
        assert_eq!(written, live_order, "?{link}");
        assert!(written.len() >= 2, "?{link}: {written:?}");
        live.remove();
    }
}

#[wasm_bindgen_test]
async fn the_first_screen_has_the_live_header_and_an_embed_none() {
    let doc = web_sys::window().unwrap().document().unwrap();
    let host = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&host).unwrap();
    leptos::mount::mount_to(host.clone().unchecked_into::<HtmlElement>(), SiteHeader).forget();
    settle().await;
    let live = piece(&host, "header", &LIVE);
    assert!(live.as_deref().is_some_and(|h| h.contains("tagline")));
    assert_eq!(piece(&first_screen(""), "header", &FIRST), live);
    assert_eq!(piece(&first_screen("embed=1"), "header", &FIRST), None);
    host.remove();
}
