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
    let mut qs: Vec<String> = memcalc_core::schema::presets::PRESETS
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

// --- The other `--json` documents (issue 43): --sweep, --compare, --log, --plan ---------------

/// The published schema of one document (`sweep`, `compare`, `log`, `plan`), compiled.
fn validator_of(doc: &str) -> jsonschema::Validator {
    jsonschema::validator_for(&published()[doc]).unwrap_or_else(|e| panic!("{doc}: {e}"))
}

/// `memcalc ARGS` (with --json) validates against the published schema `doc`; the document.
fn valid(v: &jsonschema::Validator, args: &[&str]) -> Value {
    let (code, out, err) = memcalc(args);
    assert!(code < 2, "{args:?}: {err}");
    let d: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}\n{out}"));
    let errs = errors(v, &d);
    assert!(errs.is_empty(), "{args:?}: {errs:#?}");
    d
}

#[test]
fn every_sweep_document_validates_against_the_published_sweep_schema() {
    let v = validator_of("sweep");
    for args in [
        &[
            "--json",
            "--sweep",
            "batch=1..64",
            "params=7B",
            "zero=3",
            "gpus=8",
        ][..],
        &[
            "--json",
            "--sweep",
            "seq=1k..128k",
            "mode=infer",
            "params=70B",
            "engine=vllm",
            "gpu=h200",
        ],
        &[
            "--json",
            "--sweep",
            "ranks=64..4096",
            "mode=sim",
            "method=grid",
            "nx=2048",
            "ny=2048",
            "nz=2048",
        ],
        &["--json", "--sweep", "gpus=1..8", "mode=train", "model=fno"],
    ] {
        let d = valid(&v, args);
        assert!(!d["points"].as_array().unwrap().is_empty(), "{args:?}");
    }
    // A row without its figures, or with a key no field has, does not.
    let (_, out, _) = memcalc(&["--json", "--sweep", "batch=1..4", "params=7B"]);
    let good: Value = serde_json::from_str(&out).unwrap();
    let mut bad = good.clone();
    bad["points"][0].as_object_mut().unwrap().remove("fits");
    assert!(!v.is_valid(&bad));
    let mut bad = good;
    bad["points"][0]["batchh"] = json!(3);
    assert!(!v.is_valid(&bad));
}

#[test]
fn every_comparison_document_validates_against_the_published_compare_schema() {
    let v = validator_of("compare");
    for args in [
        &[
            "--json",
            "--compare",
            "params=70B",
            "params=70B&zero=3&gpus=8",
        ][..],
        &[
            "--json",
            "--compare",
            "mode=infer&params=8B&gpu=l4",
            "mode=infer&params=8B&gpu=h100-80&engine=vllm",
            "mode=infer&params=8B&quant=int4",
        ],
        &[
            "--json",
            "--compare",
            "mode=sim&method=lbm&nx=512&ny=512&nz=512",
            "mode=sim&method=lbm&nx=1024&ny=1024&nz=1024&ranks=8",
        ],
    ] {
        valid(&v, args);
    }
    let (_, out, _) = memcalc(&["--json", "--compare", "params=7B", "params=13B"]);
    let mut bad: Value = serde_json::from_str(&out).unwrap();
    bad["parts"][0]["id"] = json!("flux_capacitor");
    assert!(!v.is_valid(&bad));
}

#[test]
fn every_log_document_of_the_fixtures_validates_against_the_published_log_schema() {
    let v = validator_of("log");
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../memcalc-core/tests/logs");
    let mut checked = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_some_and(|x| x == "md") {
            continue;
        }
        let args = ["--json", "--log", path.to_str().unwrap()];
        // A log that leaves the scenario incomplete is refused (exit 2) with no document.
        if memcalc(&args).0 == 2 {
            continue;
        }
        valid(&v, &args);
        checked += 1;
    }
    assert!(checked >= 10, "{checked} logs");
    let (_, out, _) = memcalc(&[
        "--json",
        "--log",
        &format!("{dir}/lammps-16Mar18-eam.4.log"),
    ]);
    let mut bad: Value = serde_json::from_str(&out).unwrap();
    bad["filled"][0]["key"] = json!("not_a_key");
    assert!(!v.is_valid(&bad));
}

#[test]
fn every_plan_document_validates_against_the_published_plan_schema() {
    let v = validator_of("plan");
    let train =
        "params=7B&seq=4096&framework=megatron&plan_devices=h100-80,a100-80&plan_max_gpus=64";
    let serve = "mode=infer&params=70B&engine=vllm&prompt=1024&seq=2048&plan_devices=h100-80,h200&plan_max_gpus=16";
    for q in [
        format!("{train}&plan_tokens=20B&plan_deadline_h=72&plan_price=2.5"),
        format!("{train}&plan_tokens=20B&plan_deadline_h=1"),
        format!("{serve}&plan_users=32&plan_ttft_ms=2000&plan_tpot_ms=60"),
        format!("{serve}&plan_users=32&plan_tpot_ms=0.5"),
    ] {
        valid(&v, &["--json", "--plan", &q]);
    }
    let (_, out, _) = memcalc(&[
        "--json",
        "--plan",
        &format!("{train}&plan_tokens=20B&plan_deadline_h=72"),
    ]);
    let mut bad: Value = serde_json::from_str(&out).unwrap();
    bad["binding_kind"] = json!("vibes");
    assert!(!v.is_valid(&bad));
}

// --- Issue 40 (h-launch): the layouts and suggestions documents, a `launch` per row ----------

#[test]
fn the_layouts_and_suggestions_documents_validate_against_their_schemas() {
    let v = validator_of("layouts");
    for q in [
        "params=7B&gpus=8&seq=4096&framework=deepspeed&zero=3",
        "params=70B&gpus=64&seq=4096&framework=torchtitan",
    ] {
        let d = valid(&v, &["--layouts", "--json", q]);
        assert!(
            d["layouts"][0]["launch"]
                .as_array()
                .is_some_and(|l| !l.is_empty()),
            "{q}"
        );
    }
    let v = validator_of("suggestions");
    for q in [
        "mode=infer&model_id=meta-llama/Llama-3.1-70B&gpus=4&tp=4&seq=32768&batch=8&engine=vllm",
        "params=7B&gpus=8&seq=4096&framework=deepspeed&zero=3",
        "preset=qe-si64",
    ] {
        let d = valid(&v, &["--launch", "all", "--json", q]);
        assert!(!d["suggestions"].as_array().unwrap().is_empty(), "{q}");
    }
    let mut bad = valid(&v, &["--launch", "all", "--json", "preset=qe-si64"]);
    bad["suggestions"][0]["launch"][0]["target"] = json!("slurm");
    assert!(!v.is_valid(&bad));
}
