//! A bad value never shows another scenario (issue 29, point 2): common spellings are read as
//! the catalog's values, and a link or form with an invalid field keeps every valid one, the bad
//! field taken from its base and named.

use memcalc_core::catalog::device::{gpu_by_id, GPUS, GPU_ALIASES};
use memcalc_core::catalog::precision::Dtype;
use memcalc_core::catalog::{model_by_id, MODELS};
use memcalc_core::explain::wording::left_out;
use memcalc_core::schema::fields::FieldId;
use memcalc_core::schema::presets::preset_by_id;
use memcalc_core::{estimate, Choice, Inputs, Mode, Scenario};

fn read(query: &str) -> Inputs {
    Inputs::from_query(query).0
}

fn parsed(query: &str) -> Scenario {
    read(query)
        .parse()
        .unwrap_or_else(|e| panic!("{query}: {e:?}"))
}

fn docs() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/url-parameters.md"
    ))
    .unwrap()
}

#[test]
fn instruct_and_chat_ids_are_their_bases_and_links_name_the_base() {
    let s = parsed("?v=2&model_id=meta-llama/Llama-3.1-70B-Instruct&mode=infer");
    assert_eq!(s.model.map(|m| m.id), Some("meta-llama/Llama-3.1-70B"));
    assert_eq!(s.mode, Mode::Infer);
    let base = parsed("v=2&model_id=meta-llama/Llama-3.1-70B&mode=infer");
    assert_eq!(
        estimate(&s).per_device_bytes,
        estimate(&base).per_device_bytes
    );
    assert!(s
        .link(None)
        .contains("model_id=meta-llama%2FLlama-3.1-70B&"));
    for (variant, base) in [
        ("meta-llama/Llama-2-7b-chat-hf", "meta-llama/Llama-2-7b-hf"),
        (
            "META-LLAMA/llama-3.1-8b-instruct",
            "meta-llama/Llama-3.1-8B",
        ),
        ("hf.co/google/gemma-2-9b-it", "google/gemma-2-9b"),
        ("Qwen/Qwen2.5-7B-Instruct", "Qwen/Qwen2.5-7B"),
    ] {
        assert_eq!(model_by_id(variant).map(|m| m.id), Some(base), "{variant}");
    }
    assert!(model_by_id("meta-llama/Llama-3.1-71B-Instruct").is_none());
}

#[test]
fn variants_are_declared_once_and_never_shadow_a_catalog_row() {
    let mut seen: Vec<String> = Vec::new();
    for m in MODELS {
        for v in m.variants {
            let lower = v.to_ascii_lowercase();
            assert!(!seen.contains(&lower), "{v} declared twice");
            assert!(
                MODELS
                    .iter()
                    .all(|o| !o.id.eq_ignore_ascii_case(v) && !o.alias.eq_ignore_ascii_case(v)),
                "{v} is a catalog id or alias of its own"
            );
            assert_eq!(model_by_id(v).unwrap().id, m.id);
            seen.push(lower);
        }
    }
    assert!(seen.len() >= 30);
}

#[test]
fn bare_and_upper_case_device_names_are_the_catalog_presets() {
    for (raw, id) in [
        ("h100", "h100-80"),
        ("H100", "h100-80"),
        (" a100 ", "a100-80"),
        ("A10G", "a10"),
        ("RTX-5090", "rtx5090"),
        ("MI300X", "mi300x"),
        // issue 38's presets under the names people write
        ("RTX-3090-Ti", "rtx3090ti"),
        ("H800-SXM", "h800"),
        ("A800-SXM4", "a800"),
        ("A100-80-PCIe", "a100-pcie-80"),
        ("RTX-PRO-6000-Blackwell", "rtx-pro-6000"),
        ("GB10", "dgx-spark"),
        ("strix-halo", "strix-halo-128"),
    ] {
        assert_eq!(gpu_by_id(raw).map(|g| g.id), Some(id), "{raw}");
        let s = parsed(&format!("v=2&mode=infer&params=8B&gpu={raw}"));
        assert_eq!(s.device.preset.id, id);
        assert!(s.link(None).contains(&format!("gpu={id}")) || id == "h100-80");
    }
    for (alias, id) in GPU_ALIASES {
        assert!(GPUS.iter().any(|g| g.id == *id), "{alias} names no preset");
        assert!(
            GPUS.iter().all(|g| g.id != *alias),
            "{alias} shadows a preset"
        );
    }
}

#[test]
fn the_missing_device_presets_are_there_with_the_drivers_totals() {
    const MIB: u64 = 1 << 20;
    for (id, bytes) in [
        ("a10", 23_028 * MIB),
        ("h100-pcie", 81_559 * MIB),
        ("h100-nvl", 95_830 * MIB),
        ("gh200", 97_871 * MIB),
        ("l40", 46_068 * MIB),
        ("rtx5090", 32_607 * MIB),
        ("mi300x", 192 << 30),
        ("mi325x", 256 << 30),
        ("mi355x", 288 << 30),
    ] {
        assert_eq!(gpu_by_id(id).map(|g| g.capacity_bytes), Some(bytes), "{id}");
    }
}

#[test]
fn pytorch_precision_names_are_read_in_every_precision_field() {
    let s = parsed("v=2&mode=infer&params=8B&dtype=bfloat16&kv_dtype=Float16");
    assert_eq!((s.dtype, s.kv_dtype), (Dtype::Bf16, Some(Dtype::Fp16)));
    let t = parsed("v=2&mode=train&params=1B&dtype=float16&grad_dtype=float32");
    assert_eq!((t.dtype, t.grad_dtype), (Dtype::Fp16, Some(Dtype::Fp32)));
    assert_eq!(Dtype::parse("half"), Ok(Dtype::Fp16));
    assert!(Dtype::parse("float12").is_err());
    // Written back canonical, and shown as the option it stands for.
    assert!(s.link(None).contains("kv_dtype=fp16"));
    assert_eq!(FieldId::Dtype.field().canonical("BFloat16"), "bf16");
    assert_eq!(FieldId::KvDtype.field().canonical("float16"), "fp16");
    assert_eq!(FieldId::Gpu.field().canonical("H100"), "h100-80");
    assert_eq!(FieldId::Gpu.field().canonical("h1OO"), "h1OO");
}

#[test]
fn every_spelling_is_listed_in_the_docs() {
    let doc = docs();
    let listed = |s: &str| doc.contains(&format!("`{s}`"));
    for (alias, _) in GPU_ALIASES {
        assert!(
            listed(alias),
            "docs/url-parameters.md lacks gpu spelling `{alias}`"
        );
    }
    for g in GPUS {
        assert!(listed(g.id), "docs/url-parameters.md lacks gpu `{}`", g.id);
    }
    for (alias, _) in Dtype::ALIASES {
        assert!(
            listed(alias),
            "docs/url-parameters.md lacks dtype spelling `{alias}`"
        );
    }
    for v in MODELS.iter().flat_map(|m| m.variants) {
        assert!(
            listed(v),
            "docs/url-parameters.md lacks model spelling `{v}`"
        );
    }
}

#[test]
fn an_unknown_model_keeps_the_mode_and_names_the_field_left_out() {
    let i = read("?v=2&model_id=llama3&mode=infer");
    assert!(i.parse().is_err());
    let l = i.parse_lenient(None);
    let s = l.scenario.expect("an estimate without the model");
    assert_eq!(s.mode, Mode::Infer, "never the default training scenario");
    assert_eq!(s.model, None);
    assert_eq!(
        l.left_out.iter().map(|o| o.field).collect::<Vec<_>>(),
        [FieldId::ModelId]
    );
    let e = estimate(&s);
    assert_eq!(e.mode, Mode::Infer);
    let text = left_out(&l).unwrap();
    assert!(
        text.starts_with("Estimate without Released model: its value is not valid"),
        "{text}"
    );
    assert!(text.contains("Released model taken as empty"), "{text}");
}

#[test]
fn a_bad_field_takes_its_base_and_every_valid_field_stays() {
    // An unknown GPU: the 70B inference on the default device, not the default 7B training.
    let i = read("v=2&mode=infer&params=70B&dtype=fp16&gpu=h1OO&batch=4");
    let l = i.parse_lenient(None);
    let s = l.scenario.unwrap();
    assert_eq!(
        (s.mode, s.params, s.batch, s.device.preset.id),
        (Mode::Infer, Some(70_000_000_000), 4, "h100-80")
    );
    assert!(left_out(&l)
        .unwrap()
        .contains("GPU taken as NVIDIA H100 80GB"));
    // A preset is the base: its GPU, not the default's.
    let p = preset_by_id("llama-3-8b-qlora").unwrap();
    let mut q = Inputs::from_query("v=2&preset=llama-3-8b-qlora&seq=4096").0;
    q.set(FieldId::Gpu, "nonesuch");
    let s = q.parse_lenient(Some(p)).scenario.unwrap();
    assert_eq!((s.device.preset.id, s.seq), ("rtx4090", 4096));
    // A framework is the base of the fields it implies.
    let f = read("v=2&framework=deepspeed&params=7B&gpus=8&zero=7");
    let strict = read("v=2&framework=deepspeed&params=7B&gpus=8");
    let s = f.parse_lenient(None).scenario.unwrap();
    assert_eq!(s.parallel.zero, strict.parse().unwrap().parallel.zero);
    assert_eq!(s.parallel.gpus, 8);
}

#[test]
fn a_half_typed_count_is_an_error_and_never_read_as_its_digits() {
    let mut i = read("v=2&mode=infer&params=70B");
    i.set(FieldId::Params, "70,6B");
    let errors = i.parse().unwrap_err();
    assert!(errors[0].message.contains("ambiguous"), "{errors:?}");
    let l = i.parse_lenient(None);
    let s = l.scenario.unwrap();
    assert_ne!(s.params, Some(70), "never the 70-parameter model");
    assert_eq!(s.params, Scenario::default().params);
    assert_eq!(s.mode, Mode::Infer);
    assert_eq!(l.left_out[0].field, FieldId::Params);
}

#[test]
fn rules_between_fields_and_partial_architectures_fall_back_too() {
    // tp must divide the 64 heads: tp falls back to 1, the model stays.
    let l = read("v=2&mode=infer&model_id=llama-3.1-70b&tp=3&gpus=3").parse_lenient(None);
    let s = l.scenario.unwrap();
    assert_eq!(s.model.map(|m| m.id), Some("meta-llama/Llama-3.1-70B"));
    assert_eq!(s.parallel.tp, 1);
    // Layers without the rest of the architecture: the group falls back, named.
    let l = read("v=2&mode=infer&params=13B&layers=40").parse_lenient(None);
    let s = l.scenario.unwrap();
    assert_eq!((s.params, s.arch), (Some(13_000_000_000), None));
    assert!(l.left_out.iter().any(|o| o.field == FieldId::Layers));
    // Valid inputs leave nothing out and say nothing.
    let ok = read("v=2&mode=infer&params=13B").parse_lenient(None);
    assert!(ok.left_out.is_empty() && left_out(&ok).is_none());
}
