//! `memcalc`: the page's estimate in a terminal. Reads a share link, a bare query string or
//! KEY=VALUE arguments; prints a table or, with `--json`, a machine-readable breakdown.
//! Exit status: 0 fits, 1 does not fit, 2 invalid input.

mod json;

use memcalc_core::units::{format_bytes, group_digits, UnitSystem};
use memcalc_core::{estimate, Inputs};
use std::process::ExitCode;

const HELP: &str = "memcalc: memory a model needs per device, part by part

USAGE:
    memcalc [--json] [--decimal] '<share link or query string>'
    memcalc [--json] [--decimal] KEY=VALUE [KEY=VALUE ...]

EXAMPLES:
    memcalc 'params=7B&dtype=bf16&optimizer=adamw'
    memcalc 'https://example.org/memcalc/?v=1&mode=infer&params=13B'
    memcalc --json mode=infer params=70B gpu=h200

OPTIONS:
    --json       print the breakdown as JSON (schema_version 1)
    --decimal    show sizes in GB instead of GiB
    -h, --help   this text

Keys are those of the page's URL (see docs/url-parameters.md); values not given take the
page's defaults. Exit status: 0 fits the device, 1 does not fit, 2 invalid input.";

fn main() -> ExitCode {
    let mut json_out = false;
    let mut units = UnitSystem::Binary;
    let mut parts: Vec<String> = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--json" => json_out = true,
            "--decimal" => units = UnitSystem::Decimal,
            "-h" | "--help" => {
                println!("{HELP}");
                return ExitCode::SUCCESS;
            }
            a if a.starts_with("--") => {
                eprintln!("memcalc: unknown option {a}; see --help");
                return ExitCode::from(2);
            }
            a => parts.push(a.to_string()),
        }
    }
    let query = parts.join("&");
    let (inputs, notices) = Inputs::from_query(&query);
    for n in &notices {
        eprintln!("memcalc: {}", n.message);
    }
    let scenario = match inputs.parse() {
        Ok(s) => s,
        Err(errors) => {
            for e in errors {
                eprintln!("memcalc: {}", e.message);
            }
            return ExitCode::from(2);
        }
    };
    let e = estimate(&scenario);
    if json_out {
        println!("{}", json::estimate_json(&e, &notices));
    } else {
        let width = e.components.iter().map(|c| c.label.len()).max().unwrap_or(10).max(16);
        for c in &e.components {
            println!(
                "{:<width$}  {:>12}  {:>20} B  {:<6}  {}",
                c.label,
                format_bytes(c.bytes.into(), units),
                group_digits(c.bytes.into()),
                c.location.id(),
                c.formula
            );
        }
        println!(
            "{:<width$}  {:>12}  {:>20} B  ({})",
            "Total per device",
            format_bytes(e.per_device_bytes.into(), units),
            group_digits(e.per_device_bytes.into()),
            e.busiest
        );
        if e.host_per_node_bytes > 0 {
            println!("{:<width$}  {:>12}", "Host per node", format_bytes(e.host_per_node_bytes.into(), units));
        }
        let diff = format_bytes(e.headroom_abs(), units);
        if e.fits() {
            println!("Fits on {} with {diff} to spare.", e.device_label);
        } else {
            println!("Does not fit on {}: {diff} short.", e.device_label);
        }
        for w in &e.warnings {
            println!("note: {w}");
        }
        let d = memcalc_core::derived::derive(&scenario);
        match d.max_batch {
            Some(b) => println!("Largest micro-batch that fits: {}", group_digits(b)),
            None => println!("Largest micro-batch that fits: none, even 1 does not fit"),
        }
        if let Some(q) = d.max_seq {
            println!("Longest context that fits: {} tokens", group_digits(q));
        }
        if let Some(g) = d.fewest_gpus {
            println!("Fewest GPUs with this parallel setup: {}", group_digits(g));
        }
        for sv in d.savings.iter().take(5) {
            println!(
                "Saves {:>12}: {} ({}){}",
                format_bytes(sv.saved.into(), units),
                sv.label,
                sv.query(),
                if sv.fits_after { ", then fits" } else { "" }
            );
        }
    }
    if e.fits() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
