//! `memcalc --compare`: setups side by side (issue 41), as a user runs it.

mod common;
use common::memcalc;

const SERVE: &str =
    "mode=infer&model_id=meta-llama/Llama-3.1-70B&gpus=4&tp=4&seq=32768&batch=8&engine=vllm";

#[test]
fn setups_side_by_side_with_what_each_changes_and_what_moves() {
    let fp8 = format!("{SERVE}&kv_dtype=fp8");
    let sglang = SERVE.replace("engine=vllm", "engine=sglang");
    let (code, out, err) = memcalc(&["--compare", SERVE, &sglang, &fp8]);
    assert_eq!(code, 0, "{err}");
    let first = out.lines().next().unwrap();
    assert!(
        first.contains("Setup 1") && first.contains("Setup 2") && first.contains("Setup 3"),
        "{out}"
    );
    // SGLang's smaller share moves the pool most; FP8 keeps the pool's bytes and holds more.
    assert!(
        out.contains(
            "Setup 2: Changes from setup 1: engine vllm → sglang. Moves most: KV cache pool −"
        ),
        "{out}"
    );
    assert!(
        out.contains("Setup 3: Changes from setup 1: kv_dtype default → fp8. No part's memory moves. The KV pool holds 29 sequences of 32,768 tokens (setup 1: 14 of 32,768)."),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("Sequences the KV pool holds")),
        "{out}"
    );
}

#[test]
fn the_json_has_a_column_per_setup_and_a_value_per_column_for_every_part() {
    let (code, out, _) = memcalc(&[
        "--json",
        "--compare",
        "params=7B",
        "params=7B&zero=3&gpus=8",
    ]);
    // The first setup does not fit one H100: the exit status says so.
    assert_eq!(code, 1);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    let cols = j["columns"].as_array().unwrap();
    assert_eq!(cols.len(), 2);
    assert_eq!(cols[0]["fits"], false);
    assert_eq!(cols[1]["fits"], true);
    assert!(cols[1]["link"].as_str().unwrap().contains("zero=3"));
    assert_eq!(cols[1]["changed"][0]["key"], "gpus");
    assert!(cols[0]["step_seconds"].as_f64().unwrap() > 0.0);
    for p in j["parts"].as_array().unwrap() {
        assert_eq!(p["bytes"].as_array().unwrap().len(), 2, "{p}");
        assert_eq!(p["delta_bytes"][0], 0, "{p}");
    }
    // The rows that move most first: ZeRO-3 over 8 GPUs shards the optimizer states most.
    assert_eq!(j["parts"][0]["id"], "optimizer");
}

#[test]
fn a_bad_setup_is_named_and_two_to_four_setups_are_taken() {
    let (code, _, err) = memcalc(&["--compare", "params=7B", "params=7B&dtyp=bf16"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("setup 2: 'dtyp' is not a parameter; did you mean dtype?"),
        "{err}"
    );
    let (code, _, err) = memcalc(&["--compare", "params=7B", "params=7B&preset=lammps-rhodo"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("setup 2: preset: 'lammps-rhodo' is not a known preset"),
        "{err}"
    );
    let (code, _, err) = memcalc(&["--compare", "params=7B"]);
    assert_eq!(code, 2);
    assert!(err.contains("--compare takes 2 to 4 setups"), "{err}");
    let five = ["params=1B"; 5];
    let mut args = vec!["--compare"];
    args.extend(five);
    let (code, _, err) = memcalc(&args);
    assert_eq!(code, 2);
    assert!(
        err.contains("2 to 4 setups, one link or query each; 5 given"),
        "{err}"
    );
    // A share link keeps its own version beside a typed query.
    let (code, out, _) = memcalc(&[
        "--compare",
        "https://example.org/?v=1&params=7B",
        "params=7B",
    ]);
    assert_eq!(code, 1);
    assert!(out.contains("Setup 2"), "{out}");
}

#[test]
fn every_time_term_side_by_side_in_each_format() {
    // issue 41 (h-compare): ZeRO-3 gathers the parameters in every step; its time terms move.
    let (a, b) = ("params=7B&gpus=8&zero=1", "params=7B&gpus=8&zero=3");
    let (code, out, err) = memcalc(&["--compare", a, b]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Time terms (per step)"), "{out}");
    assert!(
        out.lines().any(|l| l.contains(" %)") && l.contains("(+")),
        "a term with its difference in seconds and percent: {out}"
    );
    let (_, json, _) = memcalc(&["--json", "--compare", a, b]);
    let j: serde_json::Value = serde_json::from_str(&json).unwrap();
    let terms = j["terms"].as_array().unwrap();
    assert!(!terms.is_empty());
    for t in terms {
        assert_eq!(t["seconds"].as_array().unwrap().len(), 2, "{t}");
        assert_eq!(t["delta_seconds"][0], 0.0, "{t}");
    }
    // The term that moves most comes first.
    let moved = |t: &serde_json::Value| t["delta_seconds"][1].as_f64().unwrap().abs();
    assert!(
        terms.windows(2).all(|w| moved(&w[0]) >= moved(&w[1])),
        "{json}"
    );
    let first = terms[0]["id"].as_str().unwrap();
    let (code, csv, err) = memcalc(&["--compare", "--format", "csv", a, b]);
    assert_eq!(code, 0, "{err}");
    assert!(
        csv.starts_with("id,label,bytes,location,formula\n"),
        "{csv}"
    );
    assert!(csv.contains(&format!("compare:2:time:{first},")), "{csv}");
    assert!(csv.contains("compare:2:step,"), "{csv}");
    let (code, md, err) = memcalc(&["--compare", "--format", "markdown", a, b]);
    assert_eq!(code, 0, "{err}");
    assert!(md.contains("| Time terms (per step) |"), "{md}");
    assert!(md.contains("| | Setup 1 | Setup 2 |"), "{md}");
}
