//! The results table's swatches (`style/main.css`) have the colours the charts draw with, which
//! come from the core's table of parts: one rule per colour, every part has one, none is left
//! for a part that no longer exists.

use memcalc_core::PartId;
use std::collections::BTreeMap;

/// `.swatch-<id>` selectors and the `background: #rrggbb` of their rule.
fn swatches(css: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for rule in css.split('}') {
        let Some((selectors, body)) = rule.split_once('{') else {
            continue;
        };
        let Some(colour) = body.split("background:").nth(1).map(|v| {
            v.trim()
                .trim_end_matches(';')
                .split([';', ' '])
                .next()
                .unwrap_or("")
                .to_string()
        }) else {
            continue;
        };
        for s in selectors.split(',') {
            let s = s.trim().rsplit('\n').next().unwrap_or("").trim();
            if let Some(id) = s.strip_prefix(".swatch-") {
                out.insert(id.to_string(), colour.to_ascii_lowercase());
            }
        }
    }
    out
}

#[test]
fn every_part_has_its_chart_colour_as_swatch_and_no_swatch_is_stale() {
    let css = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../style/main.css"))
        .unwrap();
    let found = swatches(&css);
    let mut wrong = Vec::new();
    for &p in PartId::ALL {
        let [r, g, b] = p.colour();
        let want = format!("#{r:02x}{g:02x}{b:02x}");
        match found.get(p.key()) {
            Some(c) if *c == want => {}
            Some(c) => wrong.push(format!(".swatch-{p} is {c}, the chart draws {want}")),
            None => wrong.push(format!(".swatch-{p} is missing (the chart draws {want})")),
        }
    }
    for id in found.keys() {
        if PartId::from_key(id).is_none() {
            wrong.push(format!(".swatch-{id} names no part"));
        }
    }
    assert!(
        wrong.is_empty(),
        "style/main.css against catalog/parts.rs:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_parser_reads_grouped_rules() {
    let css = "a { x: 1 }\n.swatch-a, .swatch-b { background: #AABBCC; outline: 1px; }\n";
    let found = swatches(css);
    assert_eq!(found.get("a").map(String::as_str), Some("#aabbcc"));
    assert_eq!(found.get("b").map(String::as_str), Some("#aabbcc"));
    assert_eq!(found.len(), 2);
}
