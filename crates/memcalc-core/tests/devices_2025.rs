//! The devices of 2025–2026 (issue 38): datasheet rows for every new preset, and unified-memory
//! machines whose verdict says what the operating system keeps of the shared pool.

use memcalc_core::catalog::device::{gpu_by_id, NATIVE_MXFP4};
use memcalc_core::catalog::hardware::gpu_hardware;
use memcalc_core::report::verdict;
use memcalc_core::units::UnitSystem;
use memcalc_core::{estimate, Inputs};

const GIB: u64 = 1 << 30;

fn est(q: &str) -> memcalc_core::Estimate {
    let (i, n) = Inputs::from_typed_query(q);
    assert!(n.is_empty(), "{q}: {n:?}");
    estimate(&i.parse().unwrap_or_else(|e| panic!("{q}: {e:?}")))
}

#[test]
fn the_new_devices_have_their_memory_and_datasheet_rows() {
    for (id, gib_at_least, tb_s) in [
        ("h800", 79, 3.35),
        ("a800", 80, 2.039),
        ("a100-pcie-80", 80, 1.935),
        ("b300", 288, 8.0),
        ("gb200", 186, 8.0),
        ("gb300", 288, 8.0),
        ("rtx-pro-6000", 96, 1.792),
        ("rtx3090ti", 24, 1.008),
        ("m4-max-128", 107, 0.546),
        ("m3-ultra-512", 384, 0.819),
        ("dgx-spark", 110, 0.273),
        ("strix-halo-128", 117, 0.256),
        ("mi300a", 128, 5.3),
    ] {
        let g = gpu_by_id(id).unwrap_or_else(|| panic!("{id} is not a preset"));
        assert!(g.capacity_bytes >= gib_at_least * GIB, "{id}");
        let h = gpu_hardware(id).unwrap();
        assert!((h.bandwidth - tb_s * 1e12).abs() < 1e9, "{id}");
        assert!(!h.source.is_empty());
    }
    // H800 and A800: the export parts keep the compute and lose NVLink (and H800 FP64).
    let (h800, h100) = (
        gpu_hardware("h800").unwrap(),
        gpu_hardware("h100-80").unwrap(),
    );
    assert_eq!(h800.peak.half, h100.peak.half);
    assert_eq!(h800.link.unwrap().gb_s, 400.0);
    assert!(h800.peak.fp64 < h100.peak.fp64 / 50.0);
    // vLLM keeps MXFP4 as stored on Hopper and data-centre Blackwell only.
    for id in ["h800", "b300", "gb200", "gb300"] {
        assert!(NATIVE_MXFP4.contains(&id), "{id}");
    }
    for id in ["a800", "a100-pcie-80", "rtx-pro-6000", "dgx-spark"] {
        assert!(!NATIVE_MXFP4.contains(&id), "{id}");
    }
}

#[test]
fn a_unified_memory_verdict_says_what_the_os_keeps() {
    let e = est("mode=infer&model_id=openai/gpt-oss-120b&gpu=m4-max-128&engine=llamacpp");
    // The GPU's share is Metal's default working set on a 128 GiB Mac: 107.52 GiB.
    assert_eq!(e.capacity_bytes, 110_100 << 20);
    let v = verdict(&e, UnitSystem::Binary);
    assert!(
        v.contains("the GPU shares 128.00 GiB with the CPU; macOS keeps 20.48 GiB"),
        "{v}"
    );
    assert!(v.contains("iogpu.wired_limit_mb"), "{v}");
    // gpu_mem (after raising the wired limit) is the override: no default share to explain.
    let e = est("mode=infer&model_id=openai/gpt-oss-120b&gpu=m4-max-128&gpu_mem=120");
    assert_eq!(e.capacity_bytes, 120 * GIB);
    assert!(!verdict(&e, UnitSystem::Binary).contains("Unified memory"));
    // A discrete GPU says nothing of the kind.
    let e = est("mode=infer&model_id=openai/gpt-oss-120b&gpu=h100-80");
    assert!(!verdict(&e, UnitSystem::Binary).contains("Unified memory"));
    // DGX Spark: DGX OS's share at idle.
    let e = est("mode=infer&model_id=openai/gpt-oss-120b&gpu=dgx-spark&engine=vllm");
    let v = verdict(&e, UnitSystem::Binary);
    assert!(v.contains("DGX OS"), "{v}");
}
