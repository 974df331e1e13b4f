//! The binary as a user runs it.

use std::process::Command;

fn memcalc(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_memcalc"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn share_link_prints_table_and_exit_status_says_it_does_not_fit() {
    let (code, out, _) = memcalc(&["https://example.org/?v=1&params=7B"]);
    assert_eq!(code, 1);
    assert!(out.contains("Optimizer states"), "{out}");
    assert!(out.contains("56,000,000,000 B"), "{out}");
    assert!(out.contains("Does not fit on NVIDIA H100 80GB"), "{out}");
}

#[test]
fn key_value_arguments_and_json() {
    let (code, out, _) = memcalc(&[
        "--json",
        "mode=infer",
        "params=1B",
        "dtype=fp16",
        "overhead=0",
        "runtime=0",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("{\"schema_version\":1,\"mode\":\"infer\",\"per_device_bytes\":"),
        "{out}"
    );
    assert!(out.contains("{\"id\":\"weights\",\"label\":\"Weights\",\"bytes\":2000000000,\"location\":\"device\""), "{out}");
    assert!(out.contains("{\"id\":\"kv_cache\","), "{out}");
    assert!(out.contains("\"fits\":true"));
    // The total is the sum of the device components.
    let total: u64 = out
        .split("\"per_device_bytes\":")
        .nth(1)
        .unwrap()
        .split(',')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let sum: u64 = out
        .split("\"bytes\":")
        .skip(1)
        .map(|r| r.split(',').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(total, sum);
}

#[test]
fn invalid_input_exits_2_with_the_message() {
    let (code, _, err) = memcalc(&["params=banana"]);
    assert_eq!(code, 2);
    assert!(err.contains("params: 'banana' is not a count"), "{err}");
}

#[test]
fn csv_and_markdown_list_every_component_and_the_total() {
    let (code, out, _) = memcalc(&[
        "--format",
        "csv",
        "mode=infer",
        "params=1B",
        "dtype=fp16",
        "overhead=0",
        "runtime=0",
    ]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "id,label,bytes,location,formula");
    assert!(lines
        .iter()
        .any(|l| l.starts_with("weights,Weights,2000000000,device,")));
    // Formulas with commas are quoted.
    assert!(
        lines
            .iter()
            .any(|l| l.contains(",\"1,000,000,000 × 2 B = 2,000,000,000 B\"")),
        "{out}"
    );
    assert!(lines
        .iter()
        .any(|l| l.starts_with("total,Total per device,")));
    // After the total: the inputs that differ from the defaults, and the query that reopens it.
    assert!(lines.contains(&"input:mode,Mode,,,infer"), "{out}");
    assert!(lines.contains(&"input:params,Parameters,,,1B"), "{out}");
    let link = lines.last().unwrap();
    assert!(
        link.starts_with("link,Link that reopens this calculation,,,v=")
            && link.contains("&mode=infer&params=1B&dtype=fp16"),
        "{link}"
    );
    let (_, md, _) = memcalc(&["--format", "markdown", "params=7B"]);
    assert!(
        md.starts_with("Query that reopens this calculation: `v="),
        "{md}"
    );
    assert!(md.contains("| Component | Memory | Bytes | Where | Formula |\n|---|"));
    assert!(md.contains("| **Total per device** |"));
    let (_, md, _) = memcalc(&["--format", "markdown", "params=13B", "gpus=8"]);
    assert!(md.contains("| Parameters | `params` | 13B |"), "{md}");
}

#[test]
fn sweeps_give_one_row_per_value_and_the_exit_status_of_the_last() {
    let (code, out, _) = memcalc(&[
        "--sweep",
        "batch=1..8",
        "--format",
        "csv",
        "params=7B",
        "zero=3",
        "gpus=8",
    ]);
    let rows: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(rows.len(), 8);
    assert_eq!(code, if rows[7].ends_with("true") { 0 } else { 1 });
    // Memory grows with the batch.
    let bytes: Vec<u64> = rows
        .iter()
        .map(|r| r.split(',').nth(1).unwrap().parse().unwrap())
        .collect();
    assert!(bytes.windows(2).all(|w| w[1] > w[0]));
    // Long ranges double.
    let (_, out, _) = memcalc(&[
        "--sweep",
        "ranks=64..4096",
        "--format",
        "json",
        "mode=sim",
        "method=grid",
    ]);
    assert!(
        out.starts_with("{\"schema_version\":1,\"sweep\":\"ranks\",\"points\":[{\"ranks\":64,"),
        "{out}"
    );
    assert_eq!(out.matches("\"ranks\":").count(), 7);
    let (code, _, err) = memcalc(&["--sweep", "colour=1..2"]);
    assert_eq!(code, 2);
    assert!(err.contains("'colour' is not a parameter"));
}

#[test]
fn help_and_bad_options() {
    let (code, out, _) = memcalc(&["--help"]);
    assert_eq!(code, 0);
    for word in [
        "--format",
        "--sweep",
        "--decimal",
        "EXIT STATUS",
        "docs/url-parameters.md",
    ] {
        assert!(out.contains(word), "help lacks {word}");
    }
    let (code, _, err) = memcalc(&["--format", "yaml"]);
    assert_eq!(code, 2);
    assert!(err.contains("table, json, csv or markdown"));
    let (code, _, _) = memcalc(&["--frobnicate"]);
    assert_eq!(code, 2);
}

#[test]
fn a_copied_command_with_a_preset_and_decimal_units_runs() {
    let (code, out, err) = memcalc(&["v=1&preset=llama-3-8b-serve&batch=32&units=decimal"]);
    assert!(err.is_empty(), "{err}");
    assert!(code == 0 || code == 1, "{code}");
    assert!(out.contains(" GB"), "{out}");
    assert!(!out.contains("GiB"), "{out}");
    let (_, json, _) = memcalc(&[
        "--json",
        "v=1&preset=llama-3-8b-serve&batch=32&units=decimal",
    ]);
    assert!(
        json.contains("\"per_device_bytes\":89088464486"),
        "pinned in links_v1.txt: {json}"
    );
}

#[test]
fn vllm_prints_the_kv_pool_and_the_concurrent_sequences() {
    let (code, out, _) = memcalc(&[
        "mode=infer",
        "engine=vllm",
        "tp=4",
        "gpu=h100-80",
        "seq=32768",
        "layers=80",
        "hidden=8192",
        "heads=64",
        "kv_heads=8",
        "ffn=28672",
        "vocab=128256",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("KV cache pool"), "{out}");
    let line = out
        .lines()
        .find(|l| l.starts_with("vLLM KV pool:"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        line.contains("tokens (") && line.contains("blocks of 16"),
        "{line}"
    );
    assert!(
        line.contains("concurrent sequences of 32,768 tokens fit"),
        "{line}"
    );
    let (code, json, _) = memcalc(&[
        "--json",
        "mode=infer",
        "engine=vllm",
        "tp=4",
        "gpu=h100-80",
        "seq=32768",
        "batch=64",
        "layers=80",
        "hidden=8192",
        "heads=64",
        "kv_heads=8",
        "ffn=28672",
        "vocab=128256",
    ]);
    assert_eq!(code, 1, "64 sequences of 32k do not fit on 4 H100");
    assert!(json.contains("\"kv_pool_tokens\":"), "{json}");
}

#[test]
fn layouts_lists_fitting_layouts_and_framework_keys_are_read() {
    let (code, out, err) = memcalc(&[
        "--layouts",
        "layers=32",
        "hidden=4096",
        "heads=32",
        "kv_heads=8",
        "ffn=14336",
        "vocab=128256",
        "seq=4096",
        "gpus=8",
        "framework=torchtitan",
    ]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<&str> = out.lines().skip(1).collect();
    assert!(!rows.is_empty(), "{out}");
    assert!(
        rows.iter()
            .all(|r| r.contains("tp=") && r.contains("zero=")),
        "{out}"
    );
    // Inference has no training layout to search.
    let (code, _, err) = memcalc(&["--layouts", "mode=infer", "params=7B"]);
    assert_eq!(code, 2, "{err}");
    let (code, out, _) = memcalc(&["framework=torchtune", "params=8B", "--format", "json"]);
    assert_eq!(code, 0);
    assert!(out.contains("\"logits\""), "{out}");
}

/// The pipeline + FSDP keys come through the core's parsing: torchtitan keeps the stage
/// unsharded, the textbook values give the layers in flight, and an unknown value is refused.
#[test]
fn pipeline_fsdp_keys_are_read() {
    let q = "mode=train&layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=128256&framework=torchtitan&gpu_mem=95&gpus=64&tp=2&pp=4&batch=1&seq=4096";
    let (_, out, err) = memcalc(&[q]);
    assert!(
        out.contains("Unsharded stage (pipeline + FSDP)"),
        "{out}{err}"
    );
    let (_, out, _) = memcalc(&[&format!(
        "{q}&reshard_after_forward=always&pp_grad_sync=each"
    )]);
    assert!(out.contains("Unsharded layers in flight"), "{out}");
    let (code, _, err) = memcalc(&[&format!("{q}&pp_grad_sync=sometimes")]);
    assert_eq!(code, 2);
    assert!(err.contains("pp_grad_sync"), "{err}");
}

fn config_path(name: &str) -> String {
    format!(
        "{}/../memcalc-core/tests/configs/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn config_json_gives_deepseek_v3_exactly_with_its_latent_kv_cache() {
    let (code, out, err) = memcalc(&[
        "--json",
        "--config",
        &config_path("deepseek-v3"),
        "mode=infer",
        "dtype=bf16",
        "seq=1",
    ]);
    assert!(code == 0 || code == 1, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["params"], 671_026_419_200u64);
    let kv = v["components"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "kv_cache")
        .unwrap();
    // (512 + 64) latent and rotary-key values × 61 layers × 2 bytes, per token.
    assert_eq!(kv["bytes"], (512 + 64) * 61 * 2);
    // Keys the file has that do not matter are named, with why.
    assert!(
        err.contains("quantization_config") && err.contains("rope_theta"),
        "{err}"
    );
}

#[test]
fn config_keys_on_the_command_line_override_the_file_and_bad_files_exit_2() {
    let (_, out, _) = memcalc(&[
        "--json",
        "--config",
        &config_path("llama-3.1-8b"),
        "mode=infer",
        "layers=16",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["params"].as_u64().unwrap() < 5_000_000_000);
    let dir = std::env::temp_dir().join(format!("memcalc-cfg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("config.json");
    std::fs::write(&bad, "{\"hidden_size\": 4096}").unwrap();
    let (code, _, err) = memcalc(&["--config", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("num_hidden_layers: is required"), "{err}");
    let (code, _, err) = memcalc(&["--config", "/nonexistent/config.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
}

#[test]
fn model_id_and_the_models_list() {
    let (code, out, _) = memcalc(&["--models"]);
    assert_eq!(code, 0);
    assert!(
        out.lines().count() >= 40 && out.contains("deepseek-ai/DeepSeek-V3"),
        "{out}"
    );
    let (_, out, _) = memcalc(&["--json", "model_id=meta-llama/Llama-3.1-70B", "mode=infer"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["params"], 70_553_706_496u64);
    let (code, _, err) = memcalc(&["model_id=meta-llama/Llama-3.1-71B"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("closest known ids") && err.contains("meta-llama/Llama-3.1-70B"),
        "{err}"
    );
}

#[test]
fn the_catalog_id_gives_the_same_serving_answer_as_the_architecture() {
    let (code, out, err) = memcalc(&[
        "model_id=meta-llama/Llama-3.1-70B",
        "mode=infer",
        "engine=vllm",
        "tp=4",
        "gpu=h100-80",
        "seq=32768",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let line = out
        .lines()
        .find(|l| l.starts_with("vLLM KV pool:"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        line.contains("14 concurrent sequences of 32,768 tokens fit"),
        "{line}"
    );
}

#[test]
fn a_pooled_engine_answers_in_sequences_and_its_exports_carry_them() {
    let q = "v=2&model_id=meta-llama/Llama-3.1-70B&mode=infer&seq=32768&batch=16&gpus=4&tp=4&engine=vllm&gpu=h100-80";
    let (code, out, _) = memcalc(&[q]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("Concurrent sequences that fit: 14 of 32,768 tokens"),
        "{out}"
    );
    assert!(!out.contains("micro-batch"), "{out}");
    assert!(
        out.contains("FP8 KV cache: 14 → 29 sequences fit (kv_dtype=fp8)"),
        "{out}"
    );
    assert!(
        !out.contains("Saves "),
        "a pooled engine's total stays its share: {out}"
    );
    for format in ["csv", "markdown"] {
        let (_, doc, _) = memcalc(&["--format", format, q]);
        assert!(
            doc.contains("14 concurrent sequences of 32,768 tokens fit"),
            "{format}: {doc}"
        );
    }
}
