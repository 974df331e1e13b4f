//! Every row an estimate emits is a part of the table in `catalog/parts.rs` (its colour, its
//! place in the stacking order): a new part must be declared there, or the chart would draw it
//! grey and the table without a swatch.

use memcalc_core::catalog::parts::{part, PARTS};
use memcalc_core::schema::presets::PRESETS;
use memcalc_core::schema::query::preset_scenario;
use memcalc_core::{estimate, Inputs};

fn check(what: &str, q: &str, s: &memcalc_core::Scenario, unknown: &mut Vec<String>) {
    for c in &estimate(s).components {
        if part(c.id).is_none() {
            unknown.push(format!("{} (from {what}{q})", c.id));
        }
    }
}

#[test]
fn every_part_an_estimate_emits_is_declared() {
    let mut unknown = Vec::new();
    for p in PRESETS {
        if let Some(s) = preset_scenario(p) {
            check("preset ", p.id, &s, &mut unknown);
        }
    }
    // Each method, code, engine and framework, on the CPU and the GPU, with host offload.
    let mut queries = vec![String::new()];
    for v in memcalc_core::schema::fields::options("method") {
        for dev in ["cpu", "gpu"] {
            queries.push(format!(
                "mode=sim&method={}&sim_device={dev}&calibration=1GiB",
                v.0
            ));
        }
    }
    queries.push(
        "mode=sim&method=particles&potential=reaxff&language=python&replicated_mib=64".into(),
    );
    for v in memcalc_core::schema::fields::options("code") {
        queries.push(format!("mode=sim&code={}", v.0));
    }
    for v in memcalc_core::schema::fields::options("engine") {
        queries.push(format!("mode=infer&engine={}&gpu_layers=16", v.0));
    }
    for v in memcalc_core::schema::fields::options("framework") {
        queries.push(format!(
            "framework={}&zero=3&gpus=8&offload=all&act_offload=on",
            v.0
        ));
    }
    for q in &queries {
        let (inputs, _) = Inputs::from_query(q);
        let s = match inputs.parse() {
            Ok(s) => s,
            Err(e) => panic!("{q}: {e:?}"),
        };
        check("", q, &s, &mut unknown);
    }
    unknown.sort();
    unknown.dedup_by(|a, b| a.split(' ').next() == b.split(' ').next());
    assert!(
        unknown.is_empty(),
        "parts missing from catalog/parts.rs:\n{}",
        unknown.join("\n")
    );
    assert!(queries.len() > 30 && PARTS.len() > 40);
}

#[test]
fn each_part_is_declared_once() {
    let mut ids: Vec<_> = PARTS.iter().map(|p| p.id).collect();
    ids.sort_unstable();
    let n = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), n, "a part is declared twice");
}
