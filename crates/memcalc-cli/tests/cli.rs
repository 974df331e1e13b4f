//! The binary as a user runs it.

mod common;
use common::memcalc;

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
    // The fits column by its header (the time columns follow it).
    let fits = out
        .lines()
        .next()
        .unwrap()
        .split(',')
        .position(|c| c == "fits")
        .unwrap();
    let last_fits = rows[7].split(',').nth(fits).unwrap();
    assert_eq!(code, if last_fits == "true" { 0 } else { 1 });
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
fn a_ranks_sweep_warns_where_the_node_is_oversubscribed() {
    // Issue 37: --sweep ranks put 16 k ranks on one 128-core node without a word.
    let (code, out, err) = memcalc(&[
        "--sweep",
        "ranks=64..16384",
        "--format",
        "csv",
        "mode=sim",
        "method=particles",
        "nodes=1",
    ]);
    // Exit status 1: the largest runs do not fit; the rows are all there.
    assert!(code != 2, "{err}");
    assert!(out.lines().count() > 3);
    assert!(!err.contains("--sweep ranks=64:"), "{err}");
    assert!(!err.contains("--sweep ranks=128:"), "{err}");
    for v in ["256", "16384"] {
        assert!(
            err.contains(&format!("warning: --sweep ranks={v}:")) && err.contains("oversubscribed"),
            "{v}: {err}"
        );
    }
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

/// The JSON document the binary prints for `args`.
fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = memcalc(args);
    assert!(code == 0 || code == 1, "{args:?}: {code} {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
}

/// The estimate the page shows for what a user gives: a share link opened as the page opens it
/// (its own version, none: 1), typed values as its form reads them (the current version).
fn page_estimate(inputs: &str) -> memcalc_core::Estimate {
    use memcalc_core::schema::query::SCHEMA_VERSION;
    let read = if inputs.contains("://") || inputs.starts_with('?') {
        Inputs::from_query(inputs).0
    } else {
        Inputs::from_query(&format!("v={SCHEMA_VERSION}&{inputs}")).0
    };
    memcalc_core::estimate(&read.parse().unwrap())
}

use memcalc_core::Inputs;

#[test]
fn typed_pairs_read_at_the_current_version_and_links_at_their_own() {
    let typed = "mode=infer&params=70B&dtype=fp16&gpu=h200";
    // KEY=VALUE arguments and a bare query: the page's numbers (Llama-3.1-70B's shape).
    let page = page_estimate(typed);
    let args: Vec<&str> = typed.split('&').collect();
    let v = json(&[&["--json"], args.as_slice()].concat());
    assert_eq!(v["per_device_bytes"], page.per_device_bytes);
    assert_eq!(
        json(&["--json", typed])["per_device_bytes"],
        page.per_device_bytes
    );
    let (_, out, _) = memcalc(&args);
    assert!(out.contains("145.08 GiB"), "{out}");
    assert!(
        out.contains("Fewest GPUs (smallest tensor-parallel degree × replicas that fits): 2\n"),
        "{out}"
    );
    // An explicit v=1 is still version 1; so is a share link without v=, as the page opens it.
    let v1 = Inputs::from_query(&format!("v=1&{typed}")).0;
    let v1 = memcalc_core::estimate(&v1.parse().unwrap()).per_device_bytes;
    assert_ne!(v1, page.per_device_bytes);
    assert_eq!(json(&["--json", "v=1", typed])["per_device_bytes"], v1);
    for link in [
        format!("https://example.org/memcalc/?{typed}"),
        format!("?{typed}"),
    ] {
        assert_eq!(json(&["--json", &link])["per_device_bytes"], v1, "{link}");
        // Pairs typed after a link add to it, read as the link reads.
        let more = json(&["--json", "gpus=2", &link, "tp=2"]);
        let with = Inputs::from_query(&format!("{link}&gpus=2&tp=2")).0;
        assert_eq!(
            more["per_device_bytes"],
            memcalc_core::estimate(&with.parse().unwrap()).per_device_bytes
        );
    }
}

/// One `memcalc …` line split as a POSIX shell would (quotes, `$VAR`s of the job script), up to
/// a comment or a redirection.
fn shell_words(line: &str) -> Vec<String> {
    let vars = [("$SLURM_NTASKS", "1024"), ("$SLURM_NNODES", "16")];
    let mut words = Vec::new();
    let mut cur: Option<String> = None;
    let mut quote = None;
    for c in line.chars() {
        match (quote, c) {
            (None, ' ') => words.extend(cur.take()),
            (None, '#' | '>') if cur.is_none() => break,
            (None, '\'' | '"') => {
                quote = Some(c);
                cur.get_or_insert_with(String::new);
            }
            (Some(q), _) if c == q => quote = None,
            _ => cur.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(cur);
    words
        .into_iter()
        .map(|w| vars.iter().fold(w, |w, (k, v)| w.replace(k, v)))
        .collect()
}

/// Runs one example and checks its figures against the page's reading of the same values.
fn check_example(words: &[String]) {
    assert_eq!(words[0], "memcalc", "{words:?}");
    // Listing, the version and the schema estimate nothing: they run and print.
    if words
        .iter()
        .any(|w| w == "--list" || w == "--version" || w == "--schema")
    {
        let given: Vec<&str> = words[1..].iter().map(String::as_str).collect();
        let (code, out, err) = memcalc(&given);
        assert_eq!(code, 0, "{words:?}: {err}");
        assert!(!out.is_empty(), "{words:?}");
        return;
    }
    // The MCP server (tests/mcp.rs speaks to it): with no input it ends at once, printing nothing.
    if words.get(1).is_some_and(|w| w == "mcp") {
        let (code, out, err) = memcalc(&["mcp"]);
        assert_eq!(code, 0, "{err}");
        assert!(out.is_empty(), "{out}");
        return;
    }
    // A comparison: each setup's own numbers are checked by tests/compare.rs.
    if words.iter().any(|w| w == "--compare") {
        let given: Vec<&str> = words[1..].iter().map(String::as_str).collect();
        let (code, out, err) = memcalc(&given);
        assert!(code == 0 || code == 1, "{words:?}: {err}");
        assert!(out.contains("Setup 2"), "{words:?}: {out}");
        return;
    }
    // Launch settings (issue 40): each target's text is read back by tests/emit.rs.
    if words.iter().any(|w| w == "--emit") {
        let given: Vec<&str> = words[1..].iter().map(String::as_str).collect();
        let (code, out, err) = memcalc(&given);
        assert!(code == 0 || code == 1, "{words:?}: {err}");
        assert!(!out.is_empty(), "{words:?}");
        return;
    }
    // A plan: its answers are checked by tests/plan.rs.
    if words.iter().any(|w| w == "--plan") {
        let given: Vec<&str> = words[1..].iter().map(String::as_str).collect();
        let (code, out, err) = memcalc(&given);
        assert!(code == 0 || code == 1, "{words:?}: {err}");
        assert!(out.contains("Assumptions:"), "{words:?}: {out}");
        return;
    }
    let config = format!(
        "{}/../memcalc-core/tests/configs/llama-3.1-8b.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let (mut sweep, mut layouts, mut with_config, mut inputs) = (None, false, false, Vec::new());
    let mut it = words[1..].iter();
    while let Some(w) = it.next() {
        match w.as_str() {
            "--json" | "--decimal" | "--timeline" => {}
            // The timeline's own output is checked by the tests below (issue 42); the example's
            // estimate is the page's like any other.
            "--format" | "--trace" | "--snapshot" => {
                it.next();
            }
            "--sweep" => sweep = it.next().cloned(),
            "--layouts" => layouts = true,
            "--config" => {
                it.next();
                with_config = true;
            }
            _ => inputs.push(w.clone()),
        }
    }
    // The example as written runs (a placeholder config path is the test's own file).
    let mut given: Vec<&str> = words[1..].iter().map(String::as_str).collect();
    if let Some(p) = given.iter().position(|w| *w == "--config") {
        given[p + 1] = &config;
    }
    let (code, out, err) = memcalc(&given);
    assert!(code == 0 || code == 1, "{words:?}: {code} {err}");
    let query = inputs.join("&");
    let mut page = if query.contains("://") || query.starts_with('?') {
        Inputs::from_query(&query).0
    } else {
        Inputs::from_query(&format!(
            "v={}&{query}",
            memcalc_core::schema::query::SCHEMA_VERSION
        ))
        .0
    };
    let mut extra = vec![];
    if with_config {
        // The page's import: the file's architecture, then the values typed over it.
        let text = std::fs::read_to_string(&config).unwrap();
        let imported = memcalc_core::schema::hf_config::read(&text).unwrap();
        page.set_arch(&imported.arch);
        for (k, v) in memcalc_core::schema::query::pairs(&query) {
            if let Some(id) = memcalc_core::schema::fields::FieldId::from_key(&k) {
                page.set(id, v);
            }
        }
        extra = vec!["--config".to_string(), config.clone()];
    }
    let scenario = page.parse().unwrap_or_else(|e| panic!("{words:?}: {e:?}"));
    let args: Vec<String> = extra.into_iter().chain(inputs).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    if let Some(spec) = sweep {
        let v = json(&[&["--format", "json", "--sweep", &spec], args.as_slice()].concat());
        let (key, _) = spec.split_once('=').unwrap();
        let id = memcalc_core::schema::fields::FieldId::from_key(key).unwrap();
        let points = v["points"].as_array().unwrap();
        assert!(!points.is_empty(), "{words:?}");
        for p in points {
            let x = p[key].as_u64().unwrap();
            let mut at = page.clone();
            at.set(id, x.to_string());
            let e = memcalc_core::estimate(&at.parse().unwrap());
            assert_eq!(
                p["per_device_bytes"], e.per_device_bytes,
                "{words:?} at {x}"
            );
        }
    } else if layouts {
        let want: Vec<String> = memcalc_core::analysis::layouts::training_layouts(&scenario, 12)
            .iter()
            .map(|l| l.query())
            .collect();
        // The table ends at the first blank line (`--launch` writes each layout's settings
        // after it, issue 40).
        let got: Vec<&str> = out
            .lines()
            .skip(1)
            .take_while(|l| !l.is_empty())
            .map(|l| l.rsplit(" | ").next().unwrap())
            .collect();
        assert_eq!(got, want, "{words:?}");
    } else {
        let v = json(&[&["--json"], args.as_slice()].concat());
        let e = memcalc_core::estimate(&scenario);
        assert_eq!(v["per_device_bytes"], e.per_device_bytes, "{words:?}");
        assert_eq!(v["fits"], e.fits(), "{words:?}");
    }
}

#[test]
fn every_example_in_the_readme_and_the_help_gives_the_pages_numbers() {
    let readme =
        std::fs::read_to_string(format!("{}/../../README.md", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let section = readme
        .split("\n## Command line\n")
        .nth(1)
        .unwrap()
        .split("\n## ")
        .next()
        .unwrap();
    let mut examples: Vec<Vec<String>> = section
        .lines()
        .filter(|l| l.trim_start().starts_with("memcalc "))
        .map(shell_words)
        .collect();
    assert!(examples.len() >= 7, "{examples:?}");
    // A figure an example's comment quotes is the one it prints.
    for line in section.lines().filter(|l| l.starts_with("memcalc ")) {
        let Some((_, comment)) = line.split_once("  # ") else {
            continue;
        };
        for figure in comment.split(", ").filter_map(|c| c.split(": ").nth(1)) {
            let figure = figure.split(" GiB").next().unwrap();
            let words = shell_words(line);
            let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
            let (_, out, _) = memcalc(&args);
            assert!(out.contains(&format!(" {figure} GiB ")), "{line}: {out}");
        }
    }
    let (_, help, _) = memcalc(&["--help"]);
    let listed = help
        .split("EXAMPLES:\n")
        .nth(1)
        .unwrap()
        .split("\n\n")
        .next()
        .unwrap();
    let from_help: Vec<Vec<String>> = listed.lines().map(|l| shell_words(l.trim())).collect();
    assert!(from_help.len() >= 9, "{listed}");
    examples.extend(from_help);
    for words in &examples {
        check_example(words);
    }
}

#[test]
fn an_unknown_key_exits_2_naming_the_closest_keys_as_the_page_does() {
    let (code, out, err) = memcalc(&["mode=sim", "method=grid", "ranks=1024", "nodse=16"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("'nodse' is not a parameter; did you mean nodes or node?"),
        "{err}"
    );
    // A link too; and a key like nothing known says so without a guess.
    let (code, _, err) = memcalc(&["https://example.org/?v=2&params=7B&colour=blue"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("'colour' is not a parameter; see docs/url-parameters.md"),
        "{err}"
    );
    // The page's notice, from the same reading, offers the same keys.
    let (_, notices) = Inputs::from_query("v=2&nodse=16&gpsu=8");
    let said: Vec<&str> = notices.iter().map(|n| n.message.as_str()).collect();
    assert_eq!(
        said,
        [
            "Unknown parameter 'nodse' was ignored; did you mean nodes or node?",
            "Unknown parameter 'gpsu' was ignored; did you mean gpus or gpu?"
        ]
    );
    // Page-only keys, repeated keys and the version stay accepted.
    let (code, _, err) = memcalc(&[
        "params=7B",
        "embed=1",
        "theme=dark",
        "show=table",
        "lock=params",
        "units=binary",
        "v=2",
        "batch=2",
        "batch=1",
    ]);
    assert!(code == 0 || code == 1, "{err}");
    assert!(!err.contains("not a parameter"), "{err}");
    // The sweep's key is named the same way.
    let (code, _, err) = memcalc(&["--sweep", "bacth=1..4"]);
    assert_eq!(code, 2);
    assert!(err.contains("did you mean batch?"), "{err}");
}

/// The rows of a CSV sweep: (value, bytes, fits, sequences).
fn csv_rows(out: &str) -> Vec<Vec<String>> {
    out.lines()
        .skip(1)
        .map(|l| l.split(',').map(String::from).collect())
        .collect()
}

#[test]
fn sweep_bounds_read_as_the_fields_and_invalid_values_are_skipped() {
    // seq=32k is 32,768 tokens: so is a sweep bound.
    let (_, out, err) = memcalc(&[
        "--sweep",
        "seq=1k..128k",
        "--format",
        "csv",
        "mode=infer",
        "params=7B",
    ]);
    let rows = csv_rows(&out);
    assert_eq!(rows.first().unwrap()[0], "1024", "{out}{err}");
    assert_eq!(rows.last().unwrap()[0], "131072", "{out}");
    // A value above the field's limit is refused as the field refuses it.
    let (code, _, err) = memcalc(&["--sweep", "batch=0..4"]);
    assert_eq!(code, 2);
    assert!(err.contains("batch=0: must be at least 1"), "{err}");
    // tp=3 does not divide 8 GPUs (or 32 heads): skipped with a note, the rest printed.
    let (code, out, err) = memcalc(&[
        "--sweep",
        "tp=1..8",
        "--format",
        "csv",
        "params=7B",
        "gpus=8",
    ]);
    let xs: Vec<String> = csv_rows(&out).into_iter().map(|r| r[0].clone()).collect();
    assert_eq!(xs, ["1", "2", "4", "8"], "{out}{err}");
    assert!(err.contains("--sweep tp=3 skipped: "), "{err}");
    assert_eq!(code, 0, "tp=8 fits: {out}");
    let (code, _, err) = memcalc(&["--sweep", "tp=3..3", "params=7B", "gpus=8"]);
    assert_eq!(code, 2);
    assert!(err.contains("no value from 3 to 3 is valid"), "{err}");
}

#[test]
fn a_sweep_that_changes_nothing_says_why() {
    let (_, out, err) = memcalc(&[
        "--sweep",
        "gpus=1..8",
        "--format",
        "csv",
        "mode=infer",
        "params=7B",
    ]);
    let rows = csv_rows(&out);
    assert_eq!(rows.len(), 8);
    assert!(rows.iter().all(|r| r[1] == rows[0][1]), "{out}");
    assert!(
        err.contains("gpus does not change this scenario's per-device bytes")
            && err.contains("replicas")
            && err.contains("sweep tp"),
        "{err}"
    );
    // A key that moves the total says nothing.
    let (_, _, err) = memcalc(&["--sweep", "batch=1..4", "mode=infer", "params=7B"]);
    assert!(!err.contains("note:"), "{err}");
    // A key the mode does not use says so.
    let (_, _, err) = memcalc(&["--sweep", "lora_rank=8..9", "mode=infer", "params=7B"]);
    assert!(err.contains("lora_rank does not apply"), "{err}");
}

#[test]
fn a_pooled_engine_sweep_reports_the_sequences_that_fit() {
    let base = [
        "model_id=meta-llama/Llama-3.1-70B",
        "mode=infer",
        "engine=vllm",
        "tp=4",
        "gpu=h100-80",
    ];
    // The engine takes its share whatever the context: the sequences that fit are what moves.
    let (_, out, _) =
        memcalc(&[&["--sweep", "seq=8k..64k", "--format", "csv"], &base[..]].concat());
    assert!(
        out.starts_with("seq,per_device_bytes,capacity_bytes,fits,sequences,"),
        "{out}"
    );
    let seqs: Vec<u64> = csv_rows(&out)
        .iter()
        .map(|r| r[4].parse().unwrap())
        .collect();
    assert_eq!(seqs.len(), 4, "{out}");
    assert!(seqs.windows(2).all(|w| w[1] < w[0]), "{out}");
    // The serving answer's own count (the table line "N concurrent sequences … fit").
    let n = page_estimate(&format!("{}&seq=32768", base.join("&")))
        .serving
        .unwrap()
        .sequences;
    let (_, out, _) = memcalc(&[&["--sweep", "seq=32k..32k"], &base[..]].concat());
    // The row's time follows the count.
    assert!(out.contains(&format!("sequences that fit: {n}  ")), "{out}");
    let batch = format!("batch={n}..{}", n + 1);
    let v = json(
        &[
            &["--format", "json", "--sweep", &batch],
            &base[..],
            &["seq=32768"],
        ]
        .concat(),
    );
    let points = v["points"].as_array().unwrap();
    assert_eq!(points[0]["sequences"], n);
    assert_eq!(
        (points[0]["fits"].clone(), points[1]["fits"].clone()),
        (true.into(), false.into())
    );
    let (_, out, _) = memcalc(
        &[
            &["--format", "markdown", "--sweep", "batch=1..2"],
            &base[..],
        ]
        .concat(),
    );
    assert!(
        out.starts_with("| batch | Memory per device | Fits | Sequences that fit |"),
        "{out}"
    );
    // Without a pool there is no such column (the time columns follow the fits).
    let (_, out, _) = memcalc(&["--sweep", "batch=1..2", "--format", "csv", "mode=infer"]);
    assert!(
        out.starts_with("batch,per_device_bytes,capacity_bytes,fits,decode_step_s,"),
        "{out}"
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

/// The number after `"key":` in a JSON text (the first occurrence).
fn json_number(text: &str, key: &str) -> f64 {
    let pat = format!("\"{key}\":");
    text.split(&pat)
        .nth(1)
        .unwrap_or_else(|| panic!("no {key} in {text}"))
        .split([',', '}'])
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn json_has_a_speed_object_with_its_bound_and_decode_time() {
    let (code, out, err) = memcalc(&[
        "--json",
        "mode=infer",
        "model_id=meta-llama/Llama-3.1-8B",
        "gpu=h100",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let speed = out.split("\"speed\":").nth(1).expect("a speed object");
    assert!(
        speed.starts_with("{\"bound\":\"memory_bandwidth\""),
        "{speed}"
    );
    assert!(json_number(speed, "decode_step_s") > 0.0, "{speed}");
    assert!(json_number(speed, "ttft_s") > 0.0, "{speed}");
    assert!(
        speed.contains(
            "{\"id\":\"decode_memory\",\"label\":\"Decode step: bytes read from GPU memory\""
        ),
        "{speed}"
    );
    // The memory document is unchanged before it.
    assert!(out.starts_with("{\"schema_version\":1,\"mode\":\"infer\""));
}

#[test]
fn the_table_csv_and_markdown_carry_the_time_line() {
    let args = ["mode=infer", "model_id=meta-llama/Llama-3.1-8B", "gpu=h100"];
    let (_, table, _) = memcalc(&args);
    let lines: Vec<&str> = table.lines().collect();
    let verdict = lines.iter().position(|l| l.starts_with("Fits on")).unwrap();
    let time = lines.iter().position(|l| l.starts_with("Time: ")).unwrap();
    assert!(time > verdict, "{table}");
    assert!(lines[time].contains("bound by memory bandwidth"), "{table}");
    // One line per term: label, time, formula ending in the same time.
    let decode = lines
        .iter()
        .find(|l| {
            l.trim_start()
                .starts_with("Decode step: bytes read from GPU memory")
        })
        .unwrap();
    assert!(decode.contains("÷ (3.35 TB/s × 80 %) = "), "{decode}");
    let mut csv_args = vec!["--format", "csv"];
    csv_args.extend(args);
    let (_, csv, _) = memcalc(&csv_args);
    assert!(
        csv.lines()
            .any(|l| l.starts_with("time,") && l.ends_with(",memory_bandwidth,")),
        "{csv}"
    );
    assert!(
        csv.lines().any(|l| l.starts_with("time:decode_memory,")),
        "{csv}"
    );
    assert!(csv.lines().last().unwrap().starts_with("link,"), "{csv}");
    let mut md_args = vec!["--format", "markdown"];
    md_args.extend(args);
    let (_, md, _) = memcalc(&md_args);
    assert!(
        md.contains("| Time term | Time | Bound | Formula |"),
        "{md}"
    );
    assert!(md.contains("bound by memory bandwidth"), "{md}");
}

#[test]
fn a_sweep_over_the_batch_shows_tokens_per_second_rising() {
    let base = ["mode=infer", "model_id=meta-llama/Llama-3.1-8B", "gpu=h100"];
    let mut args = vec!["--sweep", "batch=1..8", "--format", "csv"];
    args.extend(base);
    let (code, out, err) = memcalc(&args);
    assert_eq!(code, 0, "{out}{err}");
    let header: Vec<&str> = out.lines().next().unwrap().split(',').collect();
    assert_eq!(
        header,
        [
            "batch",
            "per_device_bytes",
            "capacity_bytes",
            "fits",
            "decode_step_s",
            "tokens_per_s",
            "bound"
        ]
    );
    let rates: Vec<f64> = out
        .lines()
        .skip(1)
        .map(|r| r.split(',').nth(5).unwrap().parse().unwrap())
        .collect();
    assert_eq!(rates.len(), 8);
    assert!(rates.windows(2).all(|w| w[1] > w[0]), "{rates:?}");
    // The JSON points carry the same figures, the table and Markdown their columns.
    let mut json = vec!["--sweep", "batch=1..2", "--json"];
    json.extend(base);
    let (_, out, _) = memcalc(&json);
    assert_eq!(out.matches("\"speed\":{\"bound\":").count(), 2, "{out}");
    assert!(json_number(&out, "tokens_per_s") > 0.0);
    let mut table = vec!["--sweep", "batch=1..2"];
    table.extend(base);
    let (_, out, _) = memcalc(&table);
    assert!(
        out.lines()
            .all(|l| l.contains("tokens/s  bound: memory bandwidth")),
        "{out}"
    );
    let mut md = vec!["--sweep", "batch=1..2", "--format", "markdown"];
    md.extend(base);
    let (_, out, _) = memcalc(&md);
    assert!(
        out.starts_with(
            "| batch | Memory per device | Fits | Time per step | tokens/s | Bound |\n"
        ),
        "{out}"
    );
    // A lattice sweep gives MLUPs.
    let (_, out, _) = memcalc(&[
        "--sweep",
        "nx=64..128",
        "--format",
        "csv",
        "mode=sim",
        "method=lbm",
        "sim_device=gpu",
        "ranks=1",
    ]);
    assert!(
        out.starts_with("nx,per_device_bytes,capacity_bytes,fits,step_s,mlups,bound\n"),
        "{out}"
    );
}

#[test]
fn a_hardware_figure_out_of_range_exits_2_naming_its_key() {
    for (arg, key) in [("bw_eff=101", "bw_eff"), ("gpu_bw=0", "gpu_bw")] {
        let (code, out, err) = memcalc(&[
            "--json",
            "mode=infer",
            "model_id=meta-llama/Llama-3.1-8B",
            arg,
        ]);
        assert_eq!(code, 2, "{arg}: {out}");
        assert!(out.is_empty(), "{arg}: {out}");
        assert!(err.contains(key), "{arg}: {err}");
    }
}

#[test]
fn a_sweep_over_ranks_gains_the_parallel_efficiency_of_each_row() {
    let q = [
        "mode=sim",
        "method=grid",
        "nx=1024",
        "ny=1024",
        "nz=1024",
        "nodes=8",
    ];
    let (_, out, err) =
        memcalc(&[&["--sweep", "ranks=64..1024", "--format", "csv"], &q[..]].concat());
    let header: Vec<&str> = out.lines().next().unwrap_or_default().split(',').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|c| *c == name)
            .unwrap_or_else(|| panic!("{name}: {out} {err}"))
    };
    let (step, eff) = (col("step_s"), col("efficiency"));
    let rows: Vec<Vec<&str>> = out
        .lines()
        .skip(1)
        .map(|r| r.split(',').collect())
        .collect();
    assert_eq!(rows.len(), 5, "{out}");
    // The first row is the reference; each is T₀ n₀ ÷ (T n) of the step's seconds.
    let t0: f64 = rows[0][step].parse().unwrap();
    for r in &rows {
        let (n, t): (f64, f64) = (r[0].parse().unwrap(), r[step].parse().unwrap());
        let e: f64 = r[eff].parse().unwrap();
        assert!((e - t0 * 64.0 / (t * n)).abs() < 1e-9, "{r:?}");
    }
    assert_eq!(rows[0][eff], "1");
    // The table and Markdown say it as a percent.
    let (_, table, _) = memcalc(&[&["--sweep", "ranks=64..128"], &q[..]].concat());
    assert!(
        table.lines().next().unwrap().contains("efficiency: 100 %"),
        "{table}"
    );
    let (_, md, _) = memcalc(
        &[
            &["--sweep", "ranks=64..128", "--format", "markdown"],
            &q[..],
        ]
        .concat(),
    );
    assert!(
        md.lines().next().unwrap().ends_with(" Efficiency |"),
        "{md}"
    );
    // A sweep over another key has no such column.
    let (_, other, _) = memcalc(&[&["--sweep", "nx=256..512", "--format", "csv"], &q[..]].concat());
    assert!(
        !other.lines().next().unwrap().contains("efficiency"),
        "{other}"
    );
}

// Issue 37, defect 8: `--sweep nodes` printed no efficiency, though it is the strong-scaling
// question a computational physicist asks first.
#[test]
fn a_sweep_over_nodes_gains_the_parallel_efficiency_of_each_row() {
    let q = [
        "node=archer2",
        "mode=sim",
        "method=grid",
        "nx=1440",
        "ny=720",
        "nz=60",
        "nodes=1",
        "ranks=128",
    ];
    let (_, out, err) = memcalc(&[&["--sweep", "nodes=1..4", "--format", "csv"], &q[..]].concat());
    let header: Vec<&str> = out.lines().next().unwrap_or_default().split(',').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|c| *c == name)
            .unwrap_or_else(|| panic!("{name}: {out} {err}"))
    };
    let (step, eff) = (col("step_s"), col("efficiency"));
    let rows: Vec<Vec<&str>> = out
        .lines()
        .skip(1)
        .map(|r| r.split(',').collect())
        .collect();
    assert_eq!(rows.len(), 4, "{out}");
    let t0: f64 = rows[0][step].parse().unwrap();
    for r in &rows {
        let (n, t): (f64, f64) = (r[0].parse().unwrap(), r[step].parse().unwrap());
        let e: f64 = r[eff].parse().unwrap();
        assert!((e - t0 / (t * n)).abs() < 1e-9, "{r:?}");
    }
    let (_, table, _) = memcalc(&[&["--sweep", "nodes=1..2"], &q[..]].concat());
    assert!(
        table.lines().next().unwrap().contains("efficiency: 100 %"),
        "{table}"
    );
}

#[test]
fn json_carries_the_batch_curve_the_decoding_sequences_and_a_runs_time() {
    // 256 requested of a 70B model on 4 H100 at 32k: 14 fit the pool, and the curve ends there.
    let base = [
        "--json",
        "mode=infer",
        "engine=vllm",
        "model_id=meta-llama/Llama-3.1-70B",
        "gpus=4",
        "tp=4",
        "gpu=h100-80",
        "seq=32k",
    ];
    let v = json(&[&base[..], &["batch=256"]].concat());
    let speed = &v["speed"];
    assert_eq!(speed["sequences"], 14);
    let curve = speed["batch_curve"].as_array().expect("a batch curve");
    let batches: Vec<u64> = curve.iter().map(|p| p["batch"].as_u64().unwrap()).collect();
    assert_eq!(batches, [1, 2, 4, 8, 14]);
    let last = curve.last().unwrap();
    assert_eq!(last["tokens_per_s"], speed["tokens_per_s"]);
    assert_eq!(last["decode_step_s"], speed["decode_step_s"]);
    assert!(
        curve[0]["tokens_per_s_per_sequence"].as_f64() > last["tokens_per_s_per_sequence"].as_f64()
    );
    // A shorter prompt shortens the time to first token, and no memory figure moves.
    let short = json(&[&base[..], &["batch=256", "prompt=2k"]].concat());
    assert!(short["speed"]["ttft_s"].as_f64() < speed["ttft_s"].as_f64());
    assert_eq!(short["per_device_bytes"], v["per_device_bytes"]);
    // A training run's token budget gives its time.
    let t = json(&[
        "--json",
        "mode=train",
        "model_id=meta-llama/Llama-3.1-8B",
        "gpus=8",
        "zero=3",
        "seq=8192",
        "batch=2",
        "train_tokens=1T",
    ]);
    let run = t["speed"]["run_s"].as_f64().unwrap();
    let rate = t["speed"]["tokens_per_s"].as_f64().unwrap();
    assert!((run - 1e12 / rate).abs() < 1e-6 * run, "{run} {rate}");
    assert_eq!(t["speed"]["run_tokens"], 1_000_000_000_000u64);
    assert!(t["speed"]["summary"]
        .as_str()
        .unwrap()
        .contains(" for 1 T tokens on 8 GPUs = "));
    // A prompt beyond the context is invalid input naming the key.
    let (code, _, err) = memcalc(&["mode=infer", "params=7B", "seq=1k", "prompt=2k"]);
    assert_eq!(code, 2);
    assert!(err.contains("prompt: "), "{err}");
}

#[test]
fn a_sweep_over_the_prompt_shows_the_time_to_first_token() {
    let base = [
        "mode=infer",
        "model_id=meta-llama/Llama-3.1-8B",
        "seq=32k",
        "gpu=h100-80",
    ];
    let (_, out, _) =
        memcalc(&[&["--sweep", "prompt=1k..4k", "--format", "csv"], &base[..]].concat());
    assert!(
        out.starts_with("prompt,per_device_bytes,capacity_bytes,fits,ttft_s,tokens_per_s,bound\n"),
        "{out}"
    );
    let ttft: Vec<f64> = csv_rows(&out)
        .iter()
        .map(|r| r[4].parse().unwrap())
        .collect();
    assert_eq!(ttft.len(), 3, "{out}");
    assert!(ttft.windows(2).all(|w| w[1] > 1.9 * w[0]), "{ttft:?}");
    let (_, out, _) = memcalc(&[&["--sweep", "prompt=1k..2k"], &base[..]].concat());
    assert!(out.lines().all(|l| l.contains(" to first token ")), "{out}");
    let (_, out, _) = memcalc(
        &[
            &["--sweep", "prompt=1k..2k", "--format", "markdown"],
            &base[..],
        ]
        .concat(),
    );
    assert!(
        out.contains("| Time to first token | tokens/s | Bound |"),
        "{out}"
    );
}

#[test]
fn sparc_runs_have_a_speed_object_with_their_real_space_terms() {
    let (code, out, err) = memcalc(&["--json", "mode=sim", "code=sparc"]);
    assert_eq!(code, 0, "{out}{err}");
    let speed = out.split("\"speed\":").nth(1).expect("a speed object");
    assert!(
        speed.starts_with("{\"bound\":\"memory_bandwidth\""),
        "{speed}"
    );
    for id in [
        "rs_stencil_compute",
        "rs_stencil_memory",
        "rs_projectors",
        "rs_subspace",
        "rs_eigensolve",
        "rs_halo",
    ] {
        assert!(
            speed.contains(&format!("{{\"id\":\"{id}\"")),
            "{id}: {speed}"
        );
    }
    let (_, table, _) = memcalc(&["mode=sim", "code=sparc"]);
    assert!(table.contains("(28 applications × 58 FLOP"), "{table}");
}

#[test]
fn a_mistyped_preset_runs_nothing_and_names_the_closest() {
    // Issue 39: it printed a notice, estimated the default 7B training run and exited 1, which
    // a job script reads as "does not fit".
    let (code, out, err) = memcalc(&["preset=lammps-rhodo"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains(
            "preset: 'lammps-rhodo' is not a known preset (did you mean lammps-rhodopsin?)"
        ),
        "{err}"
    );
    // In a link, with other keys, the same.
    let (code, out, _) = memcalc(&["https://example.org/?v=2&preset=lammps-rhodo&ranks=8"]);
    assert_eq!((code, out.as_str()), (2, ""));
    // The preset itself runs.
    let (code, out, _) = memcalc(&["preset=lammps-rhodopsin"]);
    assert_eq!(code, 0);
    assert!(out.contains("Fits"), "{out}");
}

#[test]
fn a_mistyped_choice_exits_2_naming_the_closest() {
    for (args, hint) in [
        (&["mode=infer", "engine=vlm"][..], "did you mean vllm?"),
        (&["framework=megatronn"][..], "did you mean megatron?"),
        (&["mode=sim", "code=lammsp"][..], "did you mean lammps?"),
        (&["dtype=bf61"][..], "did you mean bf16?"),
    ] {
        let (code, _, err) = memcalc(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(hint), "{args:?}: {err}");
    }
}

#[test]
fn version_is_cargos() {
    let (code, out, _) = memcalc(&["--version"]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), format!("memcalc {}", env!("CARGO_PKG_VERSION")));
}

#[test]
fn list_prints_ids_and_the_pages_names_as_a_table_or_json() {
    let (code, out, _) = memcalc(&["--list", "presets"]);
    assert_eq!(code, 0);
    let mut lines = out.lines();
    assert!(lines.next().unwrap().starts_with("id "), "{out}");
    assert!(
        out.lines().any(|l| l.starts_with("lammps-rhodopsin ")
            && l.ends_with(
                "LAMMPS: rhodopsin in a membrane, 32,000 atoms, 4 ranks (bench/in.rhodo)"
            )),
        "{out}"
    );
    for what in [
        "models",
        "devices",
        "codes",
        "engines",
        "frameworks",
        "methods",
        "optimizers",
        "dtypes",
        "nodes",
        "precond",
    ] {
        let (code, out, err) = memcalc(&["--list", what, "--json"]);
        assert_eq!(code, 0, "{what}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let rows = v.as_array().unwrap();
        assert!(!rows.is_empty(), "{what}");
        for r in rows {
            assert!(!r["id"].as_str().unwrap().is_empty(), "{what}: {r}");
            assert!(!r["name"].as_str().unwrap().is_empty(), "{what}: {r}");
        }
    }
    let (_, out, _) = memcalc(&["--list", "engines", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v[1]["id"], "vllm");
    assert_eq!(v[1]["name"], "vLLM (paged KV pool)");
    let (_, out, _) = memcalc(&["--list", "devices"]);
    assert!(
        out.lines()
            .any(|l| l.starts_with("h100-80 ") && l.contains("H100")),
        "{out}"
    );
    // Every id listed is one its key takes.
    let (_, out, _) = memcalc(&["--list", "codes", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    for r in v.as_array().unwrap() {
        let code = format!("code={}", r["id"].as_str().unwrap());
        let (c, _, err) = memcalc(&["mode=sim", &code, "--json"]);
        assert_ne!(c, 2, "{code}: {err}");
    }
    let (code, _, err) = memcalc(&["--list", "enignes"]);
    assert_eq!(code, 2);
    assert!(err.contains("did you mean engines?"), "{err}");
}

#[test]
fn a_sweeps_rates_have_one_format_and_inference_is_asked_for_sequences() {
    // Issue 39: `71.275 tokens/s` beside `135 tokens/s`; three significant figures, as the
    // time line writes them.
    let (_, out, err) = memcalc(&[
        "--sweep",
        "batch=1..3",
        "mode=infer",
        "engine=llamacpp",
        "params=70B",
        "quant=q4_k_m",
        "gpu=rtx4090",
    ]);
    let rates: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split(" tokens/s").next()?.rsplit(' ').next())
        .collect();
    assert_eq!(rates.len(), 3, "{out}{err}");
    for r in rates {
        let digits = r.trim_start_matches(['0', '.']).replace('.', "");
        assert!(
            digits.len() <= 3 || !r.contains('.'),
            "{r} has more than three significant figures: {out}"
        );
    }
    // A llama.cpp chat is asked how many sequences fit, not for a micro-batch.
    let (_, out, _) = memcalc(&[
        "mode=infer",
        "engine=llamacpp",
        "model_id=meta-llama/Llama-3.1-8B",
    ]);
    assert!(out.contains("Concurrent sequences that fit: "), "{out}");
    assert!(!out.contains("Largest micro-batch"), "{out}");
}

fn log_fixture(name: &str) -> String {
    format!(
        "{}/../memcalc-core/tests/logs/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn log_fills_the_scenario_and_checks_it_part_by_part() {
    let path = log_fixture("vllm-0.6.5-v0-pr10511.log");
    let (code, out, err) = memcalc(&["--log", &path]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Recognised a vLLM"), "{out}");
    assert!(out.contains("runtime = 1833  (line 8"), "{out}");
    assert!(
        out.contains("weights: logged 14.96 GiB, estimated 14.96 GiB"),
        "{out}"
    );
    assert!(
        out.contains("Not stated in the log, kept as they were: seq"),
        "{out}"
    );
    assert!(out.contains("Link query"), "{out}");
    // The estimate of the filled scenario follows.
    assert!(out.contains("KV cache pool"), "{out}");

    let (code, out, _) = memcalc(&["--log", &log_fixture("lammps-16Mar18-eam.4.log"), "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["tools"][0]["id"], "lammps");
    assert_eq!(v["tools"][0]["version"], "16 Mar 2018");
    let check = &v["checks"][0];
    assert_eq!(check["figure"], "rank_memory");
    assert_eq!(check["flagged"], false);
    assert!(v["query"].as_str().unwrap().contains("particles=32K"));
    assert!(v["query"]
        .as_str()
        .unwrap()
        .contains("measured=7739539B&measured_kind=rank"));
}

#[test]
fn log_reads_standard_input_and_keys_given_are_the_base() {
    let text = std::fs::read_to_string(log_fixture("llamacpp-b4xxx-ollama9352.log")).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_memcalc"))
        .args([
            "--log",
            "-",
            "layers=32",
            "hidden=4096",
            "heads=32",
            "kv_heads=8",
            "ffn=14336",
            "vocab=128256",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().unwrap().write_all(text.as_bytes())?;
            c.wait_with_output()
        })
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("KV cache: logged 10.00 GiB, estimated 10.00 GiB, +0.0 %"),
        "{stdout}"
    );
    assert!(
        stdout.contains("compute buffer: logged 5.19 GiB"),
        "{stdout}"
    );
}

/// Issue 40: an SGLang start-up log (sgl-project/sglang#12726, v0.5.4.post3) fills engine,
/// model (from its local path), fraction and context, and sets its pool beside the estimate.
#[test]
fn log_reads_an_sglang_start_up_log() {
    let path = log_fixture("sglang-0.5.4-issue12726.log");
    let (code, out, err) = memcalc(&["--log", &path, "gpu=h100-80"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Recognised a SGLang 0.5-era log"), "{out}");
    for filled in [
        "engine = sglang",
        "model_id = Qwen/Qwen3-4B",
        "gpu_util = 0.835",
        "seq = 40960",
    ] {
        assert!(out.contains(filled), "{filled}: {out}");
    }
    assert!(out.contains("KV pool: logged 421,472 tokens"), "{out}");
    let (code, out, _) = memcalc(&["--log", &path, "gpu=h100-80", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["tools"][0]["id"], "sglang");
    assert_eq!(v["tools"][0]["version"], "0.5-era");
    assert!(v["query"].as_str().unwrap().contains("engine=sglang"));
    let (code, out, err) = memcalc(&["--log", &log_fixture("sglang-0.4.4-issue4895.log")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("gpu_util = 0.88"), "{out}");
}

/// Issue 40: DeepSpeed's see_memory_usage peaks are kept as a measured kind; its ZeRO estimator
/// fills the stage, GPUs and parameters.
#[test]
fn log_reads_deepspeed_memory_lines_and_the_zero_estimator() {
    // The log names no model: over a 1B one, which fits (exit 1 says a scenario does not fit).
    let (code, out, err) = memcalc(&[
        "--log",
        &log_fixture("deepspeed-2025-03-visualrft7.log"),
        "--json",
        "params=1B",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["tools"][0]["id"], "deepspeed");
    let q = v["query"].as_str().unwrap();
    assert!(
        q.contains("zero=3") && q.contains("measured_kind=reserved"),
        "{q}"
    );
    let (code, out, err) = memcalc(&[
        "--log",
        &log_fixture("deepspeed-zero3-estimator-issue4527.txt"),
    ]);
    assert_eq!(code, 0, "{err}");
    for filled in ["zero = 3", "gpus = 4", "params = 6805M"] {
        assert!(out.contains(filled), "{filled}: {out}");
    }
    assert!(
        out.contains("DeepSpeed's ZeRO estimate per GPU (no offload): logged 29.01 GiB"),
        "{out}"
    );
}

/// Issue 40: every new recogniser's fixture is read by `memcalc --log`, named with its tool, and
/// gives a link query (exit 0, or 1 when the filled scenario does not fit; never 2).
#[test]
fn log_reads_every_new_tool_s_fixture() {
    for (name, tool) in [
        ("sglang-0.4.4-issue4895.log", "SGLang"),
        ("sglang-0.4.6-xinference3481.log", "SGLang"),
        ("sglang-0.5.4-issue12726.log", "SGLang"),
        ("deepspeed-2023-10-issue4528.log", "DeepSpeed"),
        ("deepspeed-2025-03-visualrft7.log", "DeepSpeed"),
        ("deepspeed-zero3-estimator-issue4527.txt", "DeepSpeed"),
        ("deepspeed-zero2-estimator-pr1536.txt", "DeepSpeed"),
        ("gromacs-2021.1-jdh4-transformAtoB.log", "GROMACS"),
        ("gromacs-2018.2-apac2021-lignocellulose.log", "GROMACS"),
        ("abinit-9.3.1-test-v1-t01.abo", "ABINIT"),
        ("gadget4-memory-cosmobox.txt", "GADGET-4"),
        ("openfoam-2.4.x-sowfa39.log", "OpenFOAM"),
        ("openfoam-v1906-cfdof26.log", "OpenFOAM"),
        ("openfoam-checkmesh-tqmesh19.log", "OpenFOAM"),
    ] {
        let (code, out, err) = memcalc(&["--log", &log_fixture(name)]);
        assert!(code == 0 || code == 1, "{name}: exit {code}: {err}");
        assert!(
            out.contains(&format!("Recognised a {tool}")),
            "{name}: {out}"
        );
        assert!(out.contains("Link query"), "{name}: {out}");
    }
}

#[test]
fn an_unrecognised_log_exits_2_naming_the_tools() {
    let dir = std::env::temp_dir().join(format!("memcalc-log-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("notes.txt");
    std::fs::write(&p, "<b>hello</b>\n\u{1b}[31mred\u{1b}[0m\n").unwrap();
    let (code, out, err) = memcalc(&["--log", p.to_str().unwrap(), "params=7B"]);
    assert_eq!(code, 2);
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("nothing was changed") && err.contains("LAMMPS") && err.contains("llama.cpp"),
        "{err}"
    );
}

/// Issue 40, timing lines: llama-bench's rates set beside the time model with their band, and the
/// bound's efficiency calibrated into the link (text and JSON).
#[test]
fn log_timing_lines_are_checked_and_calibrate_the_bound() {
    let path = log_fixture("llamacpp-b6413-bench-rtxpro6000.log");
    let (code, out, err) = memcalc(&["--log", &path, "model_id=meta-llama/Llama-2-7b-hf"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("decode rate (one sequence): logged 279.0 tokens/s, estimated"),
        "{out}"
    );
    assert!(
        out.contains("decode band (engine=llamacpp, memory_bandwidth)"),
        "{out}"
    );
    assert!(out.contains("median error of the timings:"), "{out}");
    assert!(out.contains("Calibrated from your log:"), "{out}");
    assert!(out.contains("  bw_eff: (empty) → "), "{out}");
    assert!(out.contains("  mfu: (empty) → "), "{out}");
    let link = out
        .lines()
        .find(|l| l.starts_with("Link query"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(link.contains("bw_eff=") && link.contains("mfu="), "{link}");

    let (code, out, _) = memcalc(&["--log", &log_fixture("lammps-16Mar18-lj.1.log"), "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let step = v["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["figure"] == "step_rate")
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(step["logged"], 58_106);
    assert!(step["estimated"].as_u64().is_some());
    assert!(step["shown_by"]
        .as_str()
        .unwrap()
        .contains("step band (code=lammps)"));
    assert!(v["median_timing_error_bp"].as_u64().is_some());
    let cal = v["calibrated"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["key"] == "mfu")
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(cal["before"], "");
    assert!(v["query"].as_str().unwrap().contains("mfu="));
}

/// An efficiency the log would need above 100 % is reported as a note and not applied.
#[test]
fn log_timing_out_of_bounds_is_reported_not_applied() {
    let path = log_fixture("llamacpp-b6413-bench-rtxpro6000.log");
    let (code, out, _) = memcalc(&["--log", &path, "params=70B"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("outside (0, 100 %], so it is reported and not applied"),
        "{out}"
    );
    assert!(!out.contains("  bw_eff: "), "{out}");
}

/// Issue 37: the total's and the time's ranges in the table and the JSON, from the measured rows
/// like them; "not validated" where none from two sources covers the run.
#[test]
fn table_and_json_carry_the_bands() {
    let q = "mode=train&model_id=meta-llama/Llama-3.1-8B&gpus=8&zero=3&batch=1&seq=2048&gpu_mem=31";
    let (code, out, _) = memcalc(&[q]);
    assert_eq!(code, 0, "{out}");
    let range = out
        .lines()
        .find(|l| l.starts_with("Range of the total"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        range.contains(" GiB – ") && range.contains("rows like this, worst"),
        "{range}"
    );
    assert!(
        out.contains("to spare, unless the run is at the high end of the range (up to "),
        "{out}"
    );
    assert!(out.contains("\n  Range: −"), "{out}");
    let (_, json, _) = memcalc(&["--json", q]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let total = v["per_device_bytes"].as_u64().unwrap();
    assert!(v["band"]["low"].as_u64().unwrap() < total, "{}", v["band"]);
    assert!(v["band"]["high"].as_u64().unwrap() > total, "{}", v["band"]);
    assert!(
        v["band"]["coverage"].as_f64().unwrap() > 0.5,
        "{}",
        v["band"]
    );
    assert!(
        v["speed"]["band"]["rows"].as_u64().unwrap() > 0,
        "{}",
        v["speed"]
    );
    // GROMACS: no range judged on another source.
    let (_, out, _) = memcalc(&["mode=sim&code=gromacs&particles=20000&ranks=1&nodes=1"]);
    assert!(
        out.contains("Range of the total") && out.contains("not validated"),
        "{out}"
    );
    let (_, json, _) = memcalc(&[
        "--json",
        "mode=sim&code=gromacs&particles=20000&ranks=1&nodes=1",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["band"], "not_validated");
    assert_eq!(v["speed"]["band"], "not_validated");
}

// Memory over one step (issue 42): --timeline, --trace, --snapshot.

#[test]
fn timeline_prints_the_phases_and_marks_the_peak() {
    let (code, out, _) = memcalc(&["--timeline", "params=7B&batch=4&seq=4096"]);
    assert_eq!(code, 1, "7B with AdamW does not fit one H100: {out}");
    assert!(out.contains("First optimizer step"), "{out}");
    assert!(out.contains("▲ peak"), "{out}");
    assert!(
        out.contains("The peak is the logits and loss (steady step)"),
        "{out}"
    );
    assert!(out.contains("not modelled (equal width)"), "{out}");
}

#[test]
fn timeline_json_is_the_documents_timeline_key_and_its_peak_is_the_total() {
    let (_, out, _) = memcalc(&[
        "--timeline",
        "--json",
        "mode=infer",
        "params=8B",
        "engine=vllm",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["timeline"]["peak_bytes"], v["per_device_bytes"]);
    assert!(v["speed"].is_object(), "the usual document stays whole");
    let phases = v["timeline"]["phases"].as_array().unwrap();
    assert_eq!(phases[2]["id"], "profile_run");
}

#[test]
fn trace_writes_the_chrome_trace_event_format() {
    let (code, out, _) = memcalc(&["--timeline", "--format", "trace", "mode=sim", "method=amr"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let events = v["traceEvents"].as_array().unwrap();
    assert!(events
        .iter()
        .any(|e| e["ph"] == "C" && e["name"] == "coarse_fine"));
    let path = std::env::temp_dir().join(format!("memcalc-trace-{}.json", std::process::id()));
    let p = path.to_str().unwrap();
    let (_, out, err) = memcalc(&["--trace", p, "params=1B"]);
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("wrote the timeline's trace"), "{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).ok();
    assert!(text.starts_with("{\"displayTimeUnit\":\"ms\""), "{text}");
    let (code, _, err) = memcalc(&["--format", "trace", "params=1B"]);
    assert_eq!(code, 2);
    assert!(err.contains("add --timeline"), "{err}");
}

#[test]
fn snapshot_is_set_beside_the_predicted_peak() {
    let g = 1u64 << 30;
    let snap = format!(
        "{{\"segments\":[{{\"total_size\":{},\"blocks\":[]}}],\"device_traces\":[[{{\"action\":\"alloc\",\"size\":{g}}}]]}}",
        2 * g
    );
    let path = std::env::temp_dir().join(format!("memcalc-snap-{}.json", std::process::id()));
    std::fs::write(&path, snap).unwrap();
    let (_, _, err) = memcalc(&[
        "--timeline",
        "--snapshot",
        path.to_str().unwrap(),
        "params=1B",
    ]);
    std::fs::remove_file(&path).ok();
    assert!(
        err.contains("Measured snapshot: peak allocated 1.00 GiB"),
        "{err}"
    );
}
