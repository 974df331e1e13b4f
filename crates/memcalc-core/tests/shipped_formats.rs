//! A released model is what it ships as (issue 38): choosing a catalog model sets `quant` to the
//! format its checkpoint stores (config.json `quantization_config`), a quantized repository of
//! a catalog model is read with its own format, and links of schema version 3 keep `quant=none`.

mod common;

use common::expect_part;
use memcalc_core::catalog::quant::Quant;
use memcalc_core::catalog::{model_by_id, shipped_format};
use memcalc_core::inputs::fields::FieldId;
use memcalc_core::{estimate, Inputs, PartId};

const GIB: u64 = 1 << 30;

/// The scenario a typed query gives (the CLI's and the form's reading, the current version).
fn typed(q: &str) -> memcalc_core::scenario::Scenario {
    let (i, notices) = Inputs::from_typed_query(q);
    assert!(notices.is_empty(), "{q}: {notices:?}");
    i.parse().unwrap_or_else(|e| panic!("{q}: {e:?}"))
}

#[test]
fn gpt_oss_120b_ships_in_mxfp4_and_fits_one_80_gb_gpu() {
    let s = typed("mode=infer&model_id=openai/gpt-oss-120b&gpu=h100-80");
    assert_eq!(s.quant, Quant::Mxfp4);
    let e = estimate(&s);
    let w = expect_part(&e, PartId::Weights);
    // The model card's checkpoint: 60.8 GiB (MoE weights in MXFP4, the rest BF16).
    assert!(w > 60 * GIB && w < 62 * GIB, "{w}");
    assert!(e.fits(), "one H100 80GB holds gpt-oss-120b as it ships");
    // Overridable: quant=none counts the BF16 the page counted before (217.61 GiB).
    let bf16 = estimate(&typed(
        "mode=infer&model_id=openai/gpt-oss-120b&gpu=h100-80&quant=none",
    ));
    assert_eq!(expect_part(&bf16, PartId::Weights), 116_829_156_672 * 2);
}

#[test]
fn deepseek_v3_in_fp8_fits_its_standard_deployment_on_8_h200() {
    for id in [
        "deepseek-ai/DeepSeek-V3",
        "deepseek-ai/DeepSeek-R1",
        "deepseek-ai/DeepSeek-V3.1",
        "moonshotai/Kimi-K2-Instruct",
    ] {
        assert_eq!(shipped_format(id), Some(Quant::Fp8Block), "{id}");
    }
    let s = typed("mode=infer&model_id=deepseek-ai/DeepSeek-V3&gpu=h200&gpus=8&tp=8&engine=vllm");
    assert_eq!(s.quant, Quant::Fp8Block);
    let e = estimate(&s);
    assert!(e.fits(), "DeepSeek-V3 FP8 on 8 × H200");
    // One byte a weight plus an FP32 scale per 128 × 128 block, on 1/8 of the weights.
    let w = expect_part(&e, PartId::Weights);
    assert!(w > 77 * GIB && w < 80 * GIB, "{w}");
}

#[test]
fn quantized_repositories_of_catalog_models_are_known_with_their_format() {
    for (id, base, q) in [
        ("Qwen/Qwen3-32B-FP8", "Qwen/Qwen3-32B", Quant::Fp8Block),
        (
            "qwen/qwen3-235b-a22b-fp8",
            "Qwen/Qwen3-235B-A22B",
            Quant::Fp8Block,
        ),
        ("Qwen/Qwen3-8B-AWQ", "Qwen/Qwen3-8B", Quant::Awq),
        (
            "Qwen/Qwen2.5-72B-Instruct-GPTQ-Int4",
            "Qwen/Qwen2.5-72B",
            Quant::Gptq,
        ),
        (
            "https://huggingface.co/Qwen/Qwen2.5-7B-Instruct-AWQ",
            "Qwen/Qwen2.5-7B",
            Quant::Awq,
        ),
    ] {
        assert_eq!(model_by_id(id).map(|m| m.id), Some(base), "{id}");
        assert_eq!(shipped_format(id), Some(q), "{id}");
    }
    let s = typed("mode=infer&model_id=Qwen/Qwen3-32B-FP8");
    assert_eq!(s.quant, Quant::Fp8Block);
    // The link names the base model and the format, and reads back the same.
    let link = s.to_query();
    assert!(
        link.contains("model_id=Qwen%2FQwen3-32B&") || link.contains("model_id=Qwen/Qwen3-32B&"),
        "{link}"
    );
    assert!(link.contains("quant=fp8_block"), "{link}");
    let back = Inputs::from_query(&link).0.parse().unwrap();
    assert_eq!(back.quant, s.quant);
    assert_eq!(back.model.map(|m| m.id), Some("Qwen/Qwen3-32B"));
    // A 16-bit release stays unquantized.
    assert_eq!(shipped_format("meta-llama/Llama-3.1-8B"), Some(Quant::None));
    assert_eq!(shipped_format("no/such-model"), None);
}

#[test]
fn a_quant_the_user_chose_is_kept_when_the_model_changes() {
    let mut i = Inputs::from_typed_query("mode=infer&model_id=openai/gpt-oss-120b").0;
    assert_eq!(i.get(FieldId::Quant), "mxfp4");
    // Moving on to a 16-bit release takes its format (none), not gpt-oss's.
    i.change(FieldId::ModelId, "meta-llama/Llama-3.1-8B".into());
    assert_eq!(i.get(FieldId::Quant), "none");
    // A format the user picked stays.
    i.change(FieldId::Quant, "awq".into());
    i.change(FieldId::ModelId, "openai/gpt-oss-20b".into());
    assert_eq!(i.get(FieldId::Quant), "awq");
}

#[test]
fn version_3_links_keep_their_unquantized_weights() {
    for v in ["v=3&", "v=2&", ""] {
        let q = format!("?{v}mode=infer&model_id=openai/gpt-oss-120b");
        let s = Inputs::from_query(&q).0.parse().unwrap();
        assert_eq!(s.quant, Quant::None, "{q}");
        assert_eq!(
            expect_part(&estimate(&s), PartId::Weights),
            116_829_156_672 * 2,
            "{q}"
        );
        // Written again: a version-5 link that says quant=none.
        let link = s.to_query();
        assert!(
            link.starts_with("v=7&") && link.contains("quant=none"),
            "{link}"
        );
    }
    // A version-3 link that named the format keeps it.
    let s = Inputs::from_query("?v=3&mode=infer&model_id=openai/gpt-oss-120b&quant=mxfp4")
        .0
        .parse()
        .unwrap();
    assert_eq!(s.quant, Quant::Mxfp4);
}

#[test]
fn the_weights_row_says_the_format_is_the_checkpoints() {
    let e = estimate(&typed("mode=infer&model_id=openai/gpt-oss-120b"));
    let c = e
        .components
        .iter()
        .find(|c| c.id == PartId::Weights)
        .unwrap();
    let text = memcalc_core::explain::parts::explanation(c);
    assert!(
        text.contains("the format the checkpoint ships in (openai/gpt-oss-120b config.json"),
        "{text}"
    );
}

#[test]
fn vllm_pads_mxfp4_experts_for_marlin_on_gpus_without_native_fp4() {
    let w = |q: &str| {
        expect_part(
            &estimate(&typed(&format!(
                "mode=infer&model_id=openai/gpt-oss-120b&engine=vllm&{q}"
            ))),
            PartId::Weights,
        )
    };
    // H100 (triton_kernels): the checkpoint's layout, 60.71 GiB.
    let h100 = w("gpu=h100-80");
    assert_eq!(h100, 65_190_340_224);
    // A100 (Marlin): each expert 2880 × 2880 → 3072 × 2944, 9.04 % more expert bytes.
    let experts: u64 = 114_701_598_720;
    let padded = experts * (3072 * 2944) / (2880 * 2880);
    let a100 = w("gpu=a100-80");
    assert_eq!(padded, 125_067_224_678);
    // ceil(125,067,224,678 × 4.25 / 8) + 2,127,557,952 unquantized × 2 B.
    assert_eq!(a100, (padded * 4250).div_ceil(8000) + 2_127_557_952 * 2);
    assert!(
        a100 * 100 > h100 * 108 && a100 * 100 < h100 * 109,
        "{a100} {h100}"
    );
    // Overridable, and only vLLM's choice: the HF engine and mxfp4_kernel=native keep the layout.
    assert_eq!(w("gpu=a100-80&mxfp4_kernel=native"), h100);
    assert_eq!(w("gpu=h100-80&mxfp4_kernel=marlin"), a100);
    let hf = estimate(&typed(
        "mode=infer&model_id=openai/gpt-oss-120b&gpu=a100-80",
    ));
    assert_eq!(expect_part(&hf, PartId::Weights), h100);
    // The words name the padding.
    let e = estimate(&typed(
        "mode=infer&model_id=openai/gpt-oss-120b&engine=vllm&gpu=a100-80",
    ));
    let c = e
        .components
        .iter()
        .find(|c| c.id == PartId::Weights)
        .unwrap();
    assert!(memcalc_core::explain::parts::explanation(c).contains("Marlin"));
    // A version-3 link that named MXFP4 on an A100 keeps the checkpoint's layout.
    let s = Inputs::from_query(
        "?v=3&mode=infer&model_id=openai/gpt-oss-120b&quant=mxfp4&engine=vllm&gpu=a100-80",
    )
    .0
    .parse()
    .unwrap();
    assert_eq!(expect_part(&estimate(&s), PartId::Weights), h100);
    assert!(
        s.to_query().contains("mxfp4_kernel=native"),
        "{}",
        s.to_query()
    );
}

/// A config.json from tests/configs.
fn config(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/configs/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

#[test]
fn a_pasted_config_json_gives_the_format_its_checkpoint_ships_in() {
    use memcalc_core::inputs::hf_config::read;
    let oss = read(&config("gpt-oss-20b")).unwrap();
    assert_eq!(oss.quant, Some(Quant::Mxfp4));
    assert!(
        oss.summary().iter().any(|l| l.contains("quant=mxfp4")),
        "{:?}",
        oss.summary()
    );
    assert_eq!(
        read(&config("deepseek-v3")).unwrap().quant,
        Some(Quant::Fp8Block)
    );
    assert_eq!(read(&config("llama-3.1-8b")).unwrap().quant, None);
    // The page's import sets it, as the CLI's --config does.
    let mut page = memcalc_core::PageState::default();
    page.import_config(&oss);
    assert_eq!(page.inputs().get(FieldId::Quant), "mxfp4");
}

#[test]
fn training_and_fine_tuning_load_the_weights_in_dtype_and_serving_takes_the_format_back() {
    // Hugging Face's gpt-oss recipe dequantizes MXFP4 to BF16 for training (Mxfp4Config(
    // dequantize=True)): a fine-tuning run keeps quant=none.
    let mut i =
        Inputs::from_typed_query("mode=finetune&lora_rank=16&model_id=openai/gpt-oss-20b").0;
    assert_eq!(i.get(FieldId::Quant), "none");
    i.change(FieldId::Mode, "infer".into());
    assert_eq!(i.get(FieldId::Quant), "mxfp4");
    i.change(FieldId::Mode, "train".into());
    assert_eq!(i.get(FieldId::Quant), "none");
    // A format the user chose for the QLoRA base is kept across modes.
    i.change(FieldId::Mode, "finetune".into());
    i.change(FieldId::Quant, "nf4".into());
    i.change(FieldId::Mode, "infer".into());
    assert_eq!(i.get(FieldId::Quant), "nf4");
    // Links round-trip in every mode.
    for q in [
        "mode=train&model_id=openai/gpt-oss-20b",
        "mode=finetune&lora_rank=16&model_id=deepseek-ai/DeepSeek-V3",
        "mode=infer&model_id=openai/gpt-oss-20b&quant=none",
    ] {
        let s = typed(q);
        let back = Inputs::from_query(&s.to_query()).0.parse().unwrap();
        assert_eq!(back, s, "{q}: {}", s.to_query());
    }
}
