//! Launch settings per suggestion and per layout row (issue 40): the settings that realise a
//! change are the current setup's writers ([`super::all`]) applied to the scenario with the
//! change's patch, read as the suggestion or the layout itself applies it
//! (`Inputs::patched`, as `analysis::derived::savings` and `analysis::layouts` do): no second
//! generator, so a row's command is the command the page's "Launch settings" block shows once
//! the row is applied.

use crate::analysis::derived::Saving;
use crate::analysis::layouts::Layout;
use crate::base::choice::Choice;
use crate::base::keys::FieldId;
use crate::model::Estimate;
use crate::scenario::Scenario;
use crate::schema::inputs::Inputs;
use serde::{Deserialize, Serialize};

use super::Target;

/// One target's launch settings for the page's "Launch settings" block (issue 40): written by
/// `report::emit` in the time wasm, so the app carries neither the writers nor their words.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Launch {
    /// The target's id (`memcalc --emit ID`).
    pub target: String,
    /// The target's name and what it writes ("vLLM: vllm serve").
    pub label: String,
    /// The text to copy: each setting's reason as a comment, then the command or file.
    pub text: String,
}

/// One suggestion's or layout row's launch settings (issue 40, h-launch): the row's query (the
/// patch as `patch_query` writes it: `Saving::query`, `Layout::query`) and the settings that
/// realise it, written by the current setup's writers on the patched scenario
/// (`report::emit::rows`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RowLaunch {
    pub query: String,
    pub launch: Vec<Launch>,
}

/// The launch settings of every target that applies to the scenario, in [`Target::ALL`]'s
/// order, as the page and the JSON documents carry them; with `only`, that target's alone.
pub fn launches(s: &Scenario, e: &Estimate, only: Option<Target>) -> Vec<Launch> {
    super::all(s, e)
        .into_iter()
        .filter(|(t, _)| only.is_none_or(|o| o == *t))
        .filter_map(|(t, r)| {
            let o = r.ok()?;
            Some(Launch {
                target: t.id().into(),
                label: t.label().into(),
                text: o.text(),
            })
        })
        .collect()
}

/// The scenario a change leads to: the patch applied to the scenario's canonical inputs, as
/// the page's "Apply" and `analysis::derived::savings` apply it; `None` where it does not read.
pub fn patched_scenario(s: &Scenario, patch: &[(FieldId, String)]) -> Option<Scenario> {
    Inputs::from_scenario(s).patched(patch)
}

/// The launch settings that realise a change (a suggestion's or a layout's patch): the same
/// writers as the current setup's, on the patched scenario and its estimate. Empty where the
/// patched scenario does not read (no suggestion or layout is offered then).
pub fn patched(s: &Scenario, patch: &[(FieldId, String)], only: Option<Target>) -> Vec<Launch> {
    match patched_scenario(s, patch) {
        Some(p) => launches(&p, &crate::model::estimate(&p), only),
        None => Vec::new(),
    }
}

/// Each suggestion's and each layout row's launch settings, keyed by the row's query (the
/// patch as `patch_query` writes it: `Saving::query`, `Layout::query`), suggestions first,
/// each query once: what the page's rows draw (`report::launch_rows`, asked when a fold opens).
pub fn rows(s: &Scenario, savings: &[Saving], layouts: &[Layout]) -> Vec<RowLaunch> {
    let mut out: Vec<RowLaunch> = Vec::new();
    let patches = savings
        .iter()
        .map(|sv| (sv.query(), &sv.patch))
        .chain(layouts.iter().map(|l| (l.query(), &l.patch)));
    for (query, patch) in patches {
        if out.iter().any(|r| r.query == query) {
            continue;
        }
        let launch = patched(s, patch, None);
        if !launch.is_empty() {
            out.push(RowLaunch { query, launch });
        }
    }
    out
}

/// A row's launch settings as JSON: one object per target (`target`, `label`, `text`).
fn launch_json(l: &[Launch]) -> serde_json::Value {
    serde_json::Value::Array(
        l.iter()
            .map(|x| serde_json::json!({ "target": x.target, "label": x.label, "text": x.text }))
            .collect(),
    )
}

/// `memcalc --layouts --json` (with `--launch TARGET`, that target's settings alone): the
/// layouts that fit, cheapest first, each with its degrees, bytes, query and the launch
/// settings that realise it (`report::schema::layouts`).
pub fn layouts_json(s: &Scenario, found: &[Layout], only: Option<Target>) -> String {
    let rows: Vec<serde_json::Value> = found
        .iter()
        .map(|l| {
            serde_json::json!({
                "label": l.label(),
                "tp": l.tp,
                "pp": l.pp,
                "dp": l.dp,
                "zero": l.zero,
                "per_device_bytes": l.per_device_bytes,
                "recompute_pct": l.recompute_pct,
                "bubble_pct": l.bubble_pct,
                "comm_bytes": l.comm_bytes,
                "query": l.query(),
                "launch": launch_json(&patched(s, &l.patch, only)),
            })
        })
        .collect();
    let doc = serde_json::json!({
        "schema_version": 1,
        "link": s.to_query(),
        "gpus": s.parallel.gpus,
        "fits": !found.is_empty(),
        "layouts": rows,
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

/// `memcalc --launch TARGET --json` without `--layouts`: the suggestions ("what to change",
/// most saved first), each with its change, query, bytes after and the launch settings that
/// realise it (`report::schema::suggestions`).
pub fn suggestions_json(
    s: &Scenario,
    savings: &[Saving],
    only: Option<Target>,
    units: crate::base::units::UnitSystem,
) -> String {
    let rows: Vec<serde_json::Value> = savings
        .iter()
        .map(|sv| {
            serde_json::json!({
                "label": sv.label,
                "change": crate::report::saving_text(sv, units),
                "query": sv.query(),
                "per_device_bytes_after": sv.bytes_after,
                "saved_bytes": sv.saved,
                "fits_after": sv.fits_after,
                "launch": launch_json(&patched(s, &sv.patch, only)),
            })
        })
        .collect();
    let doc = serde_json::json!({
        "schema_version": 1,
        "link": s.to_query(),
        "suggestions": rows,
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(q: &str) -> Scenario {
        Inputs::from_query(q).0.parse().unwrap()
    }

    #[test]
    fn a_suggestions_command_is_the_current_setups_command_once_applied() {
        let s = scenario("mode=infer&model_id=meta-llama/Llama-3.1-70B&gpu=h100-80&gpus=2&tp=2&engine=vllm&seq=32768&batch=64");
        let all = crate::analysis::derived::savings(&s);
        assert!(!all.is_empty());
        let rows = rows(&s, &all, &[]);
        assert!(!rows.is_empty());
        for sv in &all {
            let Some(r) = rows.iter().find(|r| r.query == sv.query()) else {
                continue;
            };
            // The same writers on the applied scenario: byte for byte what the page's "Launch
            // settings" block shows after "Apply".
            let p = patched_scenario(&s, &sv.patch).unwrap();
            assert_eq!(r.launch, launches(&p, &crate::model::estimate(&p), None));
        }
        // A quantization suggestion is carried into vLLM's flags.
        let fp8 = rows
            .iter()
            .find(|r| r.query.contains("kv_dtype=fp8"))
            .expect("an fp8 KV cache suggestion");
        let vllm = fp8.launch.iter().find(|l| l.target == "vllm").unwrap();
        assert!(vllm.text.contains("--kv-cache-dtype fp8"), "{}", vllm.text);
        let now = launches(&s, &crate::model::estimate(&s), Some(Target::Vllm));
        assert!(!now[0].text.contains("--kv-cache-dtype fp8"));
    }

    #[test]
    fn each_layout_row_gets_the_parallel_degrees_it_sets() {
        let s = scenario("params=7B&gpus=8&seq=4096&framework=deepspeed&zero=3");
        let found = crate::analysis::layouts::training_layouts(&s, 6);
        assert!(!found.is_empty());
        let rows = rows(&s, &[], &found);
        assert_eq!(rows.len(), found.len());
        for (l, r) in found.iter().zip(&rows) {
            assert_eq!(r.query, l.query());
            let ds = r.launch.iter().find(|x| x.target == "deepspeed");
            let ds = ds.unwrap_or_else(|| panic!("{}: {:?}", l.query(), r.launch));
            assert!(
                ds.text.contains(&format!("\"stage\": {}", l.zero)),
                "{}: {}",
                l.query(),
                ds.text
            );
            // The sbatch header asks for the layout's GPUs.
            assert!(r.launch.iter().any(|x| x.target == "sbatch"));
        }
    }
}
