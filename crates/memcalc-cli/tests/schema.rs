//! The published schema (issue 43): `memcalc --schema` prints docs/schema/memcalc.schema.json,
//! and every `--json` document of a corpus (every preset, the pinned links of
//! crates/memcalc-core/tests/links_v3.txt, simulations and serving engines) validates against
//! its report schema with a kept validator (the `jsonschema` crate, draft 2020-12), while a
//! planted bad document does not.

mod common;
use common::memcalc;
use serde_json::{json, Value};

fn published() -> Value {
    let (code, out, _) = memcalc(&["--schema"]);
    assert_eq!(code, 0);
    let file = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/schema/memcalc.schema.json"
    ))
    .unwrap();
    assert_eq!(out, file, "--schema prints the published file");
    serde_json::from_str(&out).unwrap()
}

fn validator() -> jsonschema::Validator {
    jsonschema::validator_for(&published()["report"]).expect("the report schema compiles")
}

fn errors(v: &jsonschema::Validator, doc: &Value) -> Vec<String> {
    v.iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path))
        .collect()
}

/// The corpus: every preset, every link of links_v3.txt that is no preset, and queries that
/// reach the objects the presets may not (serving pools, simulations' rates, overflow).
fn corpus() -> Vec<String> {
    let mut qs: Vec<String> = memcalc_core::inputs::presets::PRESETS
        .iter()
        .map(|p| format!("preset={}", p.id))
        .collect();
    let links = include_str!("../../memcalc-core/tests/links_v3.txt");
    qs.extend(
        links
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| l.split_whitespace().next())
            .filter(|l| !l.contains("preset="))
            .map(|l| format!("?{l}")),
    );
    qs.extend(
        [
            "mode=infer&params=70B&gpu=h200&engine=vllm&seq=32768&batch=64",
            "mode=infer&params=8B&engine=sglang&gpu=l4",
            "mode=infer&params=8B&engine=llamacpp&quant=q4_k_m&gpu=rtx4090",
            "mode=sim&method=lbm&nx=512&ny=512&nz=512",
            "mode=sim&method=particles&atoms=32000000&ranks=64",
            "mode=sim&method=planewave",
            "mode=train&params=405B&gpus=1&seq=131072&batch=1024",
            "mode=train&model=fno",
        ]
        .map(String::from),
    );
    qs
}

#[test]
fn every_json_document_of_the_corpus_validates_against_the_published_schema() {
    let v = validator();
    let mut checked = 0;
    for q in corpus() {
        let (code, out, err) = memcalc(&["--json", &q]);
        assert!(code < 2, "{q}: {err}");
        let doc: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{q}: {e}"));
        let errs = errors(&v, &doc);
        assert!(errs.is_empty(), "{q}: {errs:#?}");
        checked += 1;
    }
    assert!(checked >= 90, "{checked} documents");
}

#[test]
fn a_planted_bad_document_fails_validation() {
    let v = validator();
    let (_, out, _) = memcalc(&["--json", "mode=infer", "params=8B"]);
    let good: Value = serde_json::from_str(&out).unwrap();
    assert!(errors(&v, &good).is_empty());
    let plant = |f: &dyn Fn(&mut Value)| {
        let mut d = good.clone();
        f(&mut d);
        d
    };
    let bad = [
        (
            "a required key gone",
            plant(&|d| {
                d.as_object_mut().unwrap().remove("fits");
            }),
        ),
        (
            "a key no version wrote",
            plant(&|d| d["per_device_gib"] = json!(1)),
        ),
        (
            "negative bytes",
            plant(&|d| d["components"][0]["bytes"] = json!(-1)),
        ),
        (
            "bytes as text",
            plant(&|d| d["per_device_bytes"] = json!("80 GB")),
        ),
        (
            "a part that does not exist",
            plant(&|d| d["components"][0]["id"] = json!("flux_capacitor")),
        ),
        (
            "a location that does not exist",
            plant(&|d| d["components"][0]["location"] = json!("cloud")),
        ),
        (
            "a term without its source",
            plant(&|d| {
                d["speed"]["terms"][0]
                    .as_object_mut()
                    .unwrap()
                    .remove("source");
            }),
        ),
        (
            "a bound that does not exist",
            plant(&|d| d["speed"]["bound"] = json!("vibes")),
        ),
        (
            "another schema version",
            plant(&|d| d["schema_version"] = json!(2)),
        ),
        (
            "an input that is no key",
            plant(&|d| d["inputs"]["parms"] = json!("7B")),
        ),
        (
            "a band that is a number",
            plant(&|d| d["band"] = json!(0.1)),
        ),
    ];
    for (what, d) in bad {
        assert!(!v.is_valid(&d), "{what} validated");
    }
}
