//! config.json import: released configurations give the catalog's exact architectures, every key
//! is accounted for, and bad files name the key at fault.

use memcalc_core::catalog::arch::Arch;
use memcalc_core::catalog::model_by_id;
use memcalc_core::schema::hf_config::read;
use memcalc_core::PartId;
use memcalc_core::{estimate, Inputs};

fn config(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/configs/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

fn catalog(id: &str) -> Arch {
    model_by_id(id).unwrap().arch
}

#[test]
fn released_configs_give_the_catalog_architectures() {
    for (file, id) in [
        ("deepseek-v3", "deepseek-ai/DeepSeek-V3"),
        ("gpt-oss-20b", "openai/gpt-oss-20b"),
        ("gpt2", "openai-community/gpt2"),
        ("llama-3.1-8b", "meta-llama/Llama-3.1-8B"),
        ("gemma-3-27b", "google/gemma-3-27b-pt"),
        ("qwen3-next-80b-a3b", "Qwen/Qwen3-Next-80B-A3B-Instruct"),
        // Issue 38: the vision encoder read from vision_config (Gemma 3's above too).
        ("qwen2.5-vl-7b", "Qwen/Qwen2.5-VL-7B-Instruct"),
    ] {
        let got = read(&config(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let want = catalog(id);
        // Gemma 3's text_config leaves max_position_embeddings to the library default.
        let got_arch = Arch {
            max_context: if got.arch.max_context == 0 {
                want.max_context
            } else {
                got.arch.max_context
            },
            ..got.arch
        };
        assert_eq!(got_arch, want, "{file}");
        assert!(
            got.not_understood.is_empty(),
            "{file}: {:?}",
            got.not_understood
        );
    }
}

#[test]
fn every_key_is_read_not_needed_or_named_as_not_understood() {
    let json = config("deepseek-v3");
    let got = read(&json).unwrap();
    let top: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&json).unwrap();
    for k in top.keys() {
        let listed = got.read.contains(k)
            || got.not_needed.iter().any(|(n, _)| n == k)
            || got.not_understood.contains(k);
        assert!(listed, "{k} was dropped silently");
    }
    // The checkpoint's format is read (issue 38: a released model is what it ships as).
    assert!(got.read.iter().any(|k| k == "quantization_config"));
    assert_eq!(
        got.quant,
        Some(memcalc_core::catalog::quant::Quant::Fp8Block)
    );
    // An unknown key is named.
    let odd = json.replacen(
        "\"vocab_size\"",
        "\"frobnication_rank\": 3, \"vocab_size\"",
        1,
    );
    assert_eq!(read(&odd).unwrap().not_understood, ["frobnication_rank"]);
    let summary = read(&odd).unwrap().summary().join("\n");
    assert!(
        summary.contains("Not understood") && summary.contains("frobnication_rank"),
        "{summary}"
    );
}

#[test]
fn bad_files_name_the_key_at_fault() {
    let e = read("{\"hidden_size\": 4096,").unwrap_err();
    assert!(e.to_string().contains("not valid JSON"), "{e}");
    let e = read("[1, 2]").unwrap_err();
    assert!(e.to_string().contains("JSON object"), "{e}");
    let llama = config("llama-3.1-8b");
    let e = read(&llama.replace("\"num_hidden_layers\": 32,", "")).unwrap_err();
    assert_eq!(e.key, "num_hidden_layers");
    let e = read(&llama.replace("\"num_key_value_heads\": 8", "\"num_key_value_heads\": 5"))
        .unwrap_err();
    assert_eq!(e.key, "num_key_value_heads");
    let e = read(&llama.replace("\"hidden_size\": 4096", "\"hidden_size\": \"big\"")).unwrap_err();
    assert_eq!(e.key, "hidden_size");
    assert!(e.message.contains("whole number"));
    let qwen_moe = llama.replace(
        "\"vocab_size\"",
        "\"num_experts\": 60, \"num_experts_per_tok\": 4, \"mlp_only_layers\": [0, 5], \"vocab_size\"",
    );
    assert_eq!(read(&qwen_moe).unwrap_err().key, "mlp_only_layers");
    let irregular = config("gpt-oss-20b").replacen(
        "\"sliding_attention\", \"full_attention\"",
        "\"full_attention\", \"full_attention\"",
        1,
    );
    assert_eq!(read(&irregular).unwrap_err().key, "layer_types");
    let e = read("{\"model_type\": \"vit\", \"num_hidden_layers\": 12}").unwrap_err();
    assert_eq!(e.key, "model_type");
}

#[test]
fn an_imported_config_sets_the_fields_and_the_link_reopens_without_the_file() {
    let got = read(&config("deepseek-v3")).unwrap();
    let mut i = Inputs::from_query("v=2&mode=infer&seq=1&model_id=llama-3.1-8b");
    i.0.set_arch(&got.arch);
    let s = i.0.parse().unwrap();
    assert_eq!(s.model, None);
    assert_eq!(s.param_count(), 671_026_419_200);
    let e = estimate(&s);
    // MLA in BF16: (512 + 64) values × 61 layers × 2 bytes per token.
    assert_eq!(
        e.component(PartId::KvCache).unwrap().bytes,
        (512 + 64) * 61 * 2
    );
    let link = s.to_query();
    let back = Inputs::from_query(&link).0.parse().unwrap();
    assert_eq!(back, s, "{link}");
}
