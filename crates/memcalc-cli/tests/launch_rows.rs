//! `memcalc --launch` (issue 40): each suggestion's and, with `--layouts`, each layout's launch
//! settings, written by `--emit`'s writers on the scenario with the row's change applied.

mod common;
use common::memcalc;

const SERVE: &str =
    "mode=infer&model_id=meta-llama/Llama-3.1-70B&gpus=4&tp=4&seq=32768&batch=8&engine=vllm";
const TRAIN: &str = "params=7B&gpus=8&seq=4096&framework=deepspeed&zero=3";

#[test]
fn each_suggestion_gets_the_flags_that_realise_it() {
    let (code, out, err) = memcalc(&["--launch", "vllm", SERVE]);
    assert_eq!(code, 0, "{err}");
    // The FP8 KV cache suggestion's command sets the KV cache's dtype; the scenario's own
    // command does not.
    let fp8 = out
        .split("\n## ")
        .find(|s| s.contains("(kv_dtype=fp8)"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(fp8.contains("  --kv-cache-dtype fp8"), "{fp8}");
    let (_, now, _) = memcalc(&["--emit", "vllm", SERVE]);
    assert!(!now.contains("--kv-cache-dtype fp8"), "{now}");
    // Each row's text is `--emit`'s for the row's link: the same writer.
    let (_, applied, _) = memcalc(&["--emit", "vllm", SERVE, "kv_dtype=fp8"]);
    assert!(
        fp8.ends_with(applied.trim_end()) || fp8.contains(applied.trim_end()),
        "{fp8}\n---\n{applied}"
    );
}

#[test]
fn layouts_print_each_layouts_deepspeed_config() {
    let (code, out, err) = memcalc(&["--layouts", "--launch", "deepspeed", TRAIN]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("layout | per device"), "{out}");
    let rows: Vec<&str> = out.split("\n## ").skip(1).collect();
    assert!(!rows.is_empty(), "{out}");
    for r in rows {
        let zero = r
            .split("zero=")
            .nth(1)
            .and_then(|z| z.chars().next())
            .unwrap_or_else(|| panic!("{r}"));
        assert!(r.contains(&format!("\"stage\": {zero}")), "{r}");
        assert!(r.contains("# save as ds_config.json"), "{r}");
    }
    // `all`: every target that applies, the sbatch header with its guard among them.
    let (_, all, _) = memcalc(&["--layouts", "--launch", "all", TRAIN]);
    assert!(all.contains("#SBATCH --gpus-per-node=8"), "{all}");
}

#[test]
fn the_json_rows_carry_a_launch_array_each() {
    let (code, out, err) = memcalc(&["--layouts", "--json", TRAIN]);
    assert_eq!(code, 0, "{err}");
    let d: serde_json::Value = serde_json::from_str(&out).unwrap();
    let layouts = d["layouts"].as_array().unwrap();
    assert!(!layouts.is_empty());
    for l in layouts {
        let targets: Vec<&str> = l["launch"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["target"].as_str().unwrap())
            .collect();
        assert!(
            targets.contains(&"deepspeed") && targets.contains(&"sbatch"),
            "{l}"
        );
    }
    let (code, out, _) = memcalc(&["--launch", "vllm", "--json", SERVE]);
    assert_eq!(code, 0);
    let d: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows = d["suggestions"].as_array().unwrap();
    assert!(!rows.is_empty());
    assert!(rows
        .iter()
        .all(|r| r["launch"].as_array().unwrap().len() == 1 && r["launch"][0]["target"] == "vllm"));
}

#[test]
fn an_unknown_target_or_layouts_outside_training_exit_2() {
    let (code, _, err) = memcalc(&["--launch", "vlm", SERVE]);
    assert_eq!(code, 2);
    assert!(err.contains("--launch vlm"), "{err}");
    let (code, _, err) = memcalc(&["--layouts", "--launch", "vllm", SERVE]);
    assert_eq!(code, 2);
    assert!(err.contains("--layouts needs mode=train"), "{err}");
}
