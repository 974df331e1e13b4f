//! Prints every text the estimate writes (each part's label, formula, question, explanation and
//! source, the warnings and where the figures are for) over a corpus of scenarios: every preset,
//! every pinned v1 link, every code profile, and engines, frameworks, sharding, offload,
//! quantisation and methods across modes. A change that moves words without changing them
//! leaves this output identical: `cargo run -q -p memcalc-core --example texts > before.txt`,
//! change, run again, `diff before.txt after.txt`.

use memcalc_core::catalog::codes::PROFILES;
use memcalc_core::explain::parts;
use memcalc_core::schema::presets::PRESETS;
use memcalc_core::{estimate, Choice, Inputs};

const LINKS: &str = include_str!("../tests/links_v1.txt");

/// Scenarios beyond the presets and links: each varies one family of settings.
const EXTRA: &str = include_str!("../tests/text_corpus.txt");

fn print(query: &str) {
    println!("## {query}");
    let (inputs, notices) = Inputs::from_query(query);
    for n in &notices {
        println!("notice: {}", n.message);
    }
    let s = match inputs.parse() {
        Ok(s) => s,
        Err(errors) => {
            for e in errors {
                println!("error: {e:?}");
            }
            return;
        }
    };
    let e = estimate(&s);
    println!("busiest: {} | device: {}", e.busiest, e.device_label);
    for c in &e.components {
        println!(
            "{} {} {:?}\n  label: {}\n  formula: {}\n  question: {}\n  explanation: {}\n  source: {}",
            c.id.key(),
            c.bytes,
            c.location,
            parts::label(c),
            parts::formula(c),
            parts::question(c),
            parts::explanation(c),
            parts::source(c),
        );
    }
    for w in &e.warnings {
        println!("warning: {}", memcalc_core::explain::warnings::warning(w));
    }
}

fn main() {
    for p in PRESETS {
        print(p.query);
    }
    for line in LINKS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        print(line.split_whitespace().next().unwrap_or(""));
    }
    for p in PROFILES {
        print(&format!("v=2&mode=sim&code={}", p.code.id()));
        print(&format!(
            "v=2&mode=sim&code={}&ranks=64&nodes=4",
            p.code.id()
        ));
    }
    for q in EXTRA
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        print(q);
    }
}
