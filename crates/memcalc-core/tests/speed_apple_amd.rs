//! Decode on Apple silicon and AMD GPUs (issue 37): Metal dispatches every kernel of a llama.cpp
//! step (no graph capture, no q8_1 quantization kernels), and an AMD Instinct without HIP
//! graphs pays its own time per kernel; consumer AMD cards keep the CUDA gap. Each constant is
//! derived from a published llama.cpp measurement that is not a row of docs/accuracy.md.

mod common;

use common::{decode_step, time_of};
use memcalc_core::catalog::device::gpu_by_id;
use memcalc_core::catalog::hardware::{gpu_hardware, Vendor};
use memcalc_core::speed::launch::{self, Uncaptured};
use memcalc_core::speed::NeuralTerm;
use memcalc_core::{Bound, TermId, TermValues};

const GIB: u64 = 1 << 30;

fn llama7b(gpu: &str, rest: &str) -> String {
    format!(
        "gpu={gpu}&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&seq=128&batch=1&{rest}"
    )
}

/// The launch term's (why, kernels, seconds per kernel), if the step has one.
fn launch(q: &str) -> Option<(Uncaptured, u64, f64)> {
    let sp = time_of(q);
    let t = sp.terms.iter().find(|t| t.id() == TermId::DecodeLaunch)?;
    assert_eq!(t.bound, Bound::Launch, "{q}");
    match t.values {
        TermValues::Neural(NeuralTerm::DecodeLaunch {
            per_layer,
            layers,
            moe,
            moe_layers,
            head,
            gap,
            why,
        }) => Some((why, per_layer * layers + moe * moe_layers + head, gap)),
        v => panic!("{q}: {v:?}"),
    }
}

#[test]
fn the_chips_of_the_two_tables_are_presets_with_their_datasheet_figures() {
    for (id, gib, gb_s, vendor) in [
        ("m2-ultra-192", 144, 800.0, Vendor::Apple),
        ("m2-max-64", 48, 400.0, Vendor::Apple),
        ("m4-pro-64", 48, 273.0, Vendor::Apple),
        ("m4-16", 10, 120.0, Vendor::Apple),
        ("rx7900xtx", 24, 960.0, Vendor::Amd),
        ("mi210", 64, 1638.4, Vendor::Amd),
    ] {
        let g = gpu_by_id(id).unwrap_or_else(|| panic!("{id} is not a preset"));
        assert!(g.capacity_bytes >= gib * GIB, "{id}");
        let h = gpu_hardware(id).unwrap();
        assert!((h.bandwidth - gb_s * 1e9).abs() < 1e6, "{id}");
        assert_eq!(h.vendor, vendor, "{id}");
        assert!(!h.source.is_empty());
        // Apple's presets share one pool with macOS and say what it keeps.
        assert_eq!(g.unified.is_some(), vendor == Vendor::Apple, "{id}");
    }
    // The 16 GB Mac mini M4: llama.cpp's own log of Metal's working set, 11,453.25 MB.
    assert_eq!(gpu_by_id("m4-16").unwrap().capacity_bytes, 11_453_250_000);
    // A consumer card is a desktop; an Instinct is not (it decides the time per kernel).
    assert!(gpu_hardware("rx7900xtx").unwrap().desktop);
    assert!(!gpu_hardware("mi210").unwrap().desktop);
}

#[test]
fn metal_time_per_kernel_is_what_the_f16_and_q4_0_pair_leaves_after_the_bytes() {
    // 22 layers × 23 nodes + norm, mul and the output matrix.
    assert_eq!(launch::METAL_PAIR_KERNELS, 509);
    let k = launch::metal_kernel_seconds();
    // 3.09 ms a token of TinyLlama over 509 kernels.
    assert!((k - 6.0615e-6).abs() < 0.001e-6, "{k}");
    // The same pair's time per byte: 645 GB/s, about the 80 % of 800 GB/s `bw_eff` assumes.
    let [(big, r_big), (small, r_small)] = launch::METAL_PAIR;
    let per_byte = (1.0 / r_big - 1.0 / r_small) / ((big - small) * GIB as f64);
    assert!((1.0 / per_byte / 800e9 - 0.806).abs() < 0.005, "{per_byte}");
}

#[test]
fn a_mac_pays_metal_dispatches_in_every_build_and_no_q8_1_kernels() {
    // With CUDA graphs "on" (the default) a Mac still dispatches every node: Metal has none.
    let q4 = llama7b("m2-ultra-192", "quant=q4_0&flash_attention=off");
    let (why, kernels, per) = launch(&q4).expect("a Metal launch term");
    assert_eq!(why, Uncaptured::Metal);
    assert_eq!(per, launch::metal_kernel_seconds());
    // 23 nodes a layer, no q8_1 quantization before the weight products: 32 × 23 + 3.
    assert_eq!(kernels, 32 * 23 + 3);
    // Flash attention folds 4 nodes into 1.
    let fa = llama7b("m2-ultra-192", "quant=q4_0&flash_attention=on");
    assert_eq!(launch(&fa).unwrap().1, 32 * 20 + 3);
    // The term is the fixed part of the step: the M2 Ultra's Q4_0 reads 95.7 tokens/s where
    // llama.cpp's table measured 94.27 (167.6 before the term).
    let rate = 1.0 / decode_step(&time_of(&q4));
    assert!((rate - 95.7).abs() < 0.1, "{rate}");
    // Other engines on a Mac have no llama.cpp launch term.
    let hf =
        "gpu=m4-max-128&mode=infer&engine=hf&model_id=meta-llama/Llama-2-7b-hf&seq=128&batch=1";
    assert!(launch(hf).is_none());
}

#[test]
fn an_instinct_without_hip_graphs_pays_its_own_time_per_kernel() {
    // 28 Qwen2 layers × (23 nodes + 3 bias adds + 7 q8_1 quantizations) + 4.
    assert_eq!(launch::INSTINCT_POINT_KERNELS, 928);
    let k = launch::instinct_kernel_seconds();
    assert!((k - 5.7317e-6).abs() < 0.001e-6, "{k}");
    let off = llama7b("mi300x", "quant=q4_0&flash_attention=off&cuda_graphs=off");
    let (why, kernels, per) = launch(&off).expect("a launch term with HIP graphs off");
    assert_eq!((why, kernels), (Uncaptured::Instinct, 964));
    assert_eq!(per, k);
    // With HIP graphs on (the default since pull request #22254) no launch term: not validated.
    let on = llama7b("mi300x", "quant=q4_0&flash_attention=off");
    assert!(launch(&on).is_none());
    // A consumer RDNA card without graphs keeps the CUDA gap (its row holds within 7 %).
    let rdna = llama7b(
        "rx7900xtx",
        "quant=q4_0&flash_attention=off&cuda_graphs=off",
    );
    let (why, kernels, per) = launch(&rdna).unwrap();
    assert_eq!((why, kernels), (Uncaptured::Setting, 964));
    assert_eq!(per, launch::gap_seconds());
}
