//! llama.cpp as people run it (issues 37 and 38): the routed experts kept on the CPU
//! (`--n-cpu-moe`, `--cpu-moe`), the physical batch (`-ub`), the layer split over several GPUs
//! (`-sm layer`) and the prefill of a partly offloaded model, each against what llama.cpp's
//! code does.

mod common;

use common::{decode_step, est, expect_part, term_seconds, time_of};
use memcalc_core::schema::fields::FieldId;
use memcalc_core::{Estimate, Inputs, PartId, Steps, TermId};

const QWEN235: &str =
    "mode=infer&engine=llamacpp&model_id=Qwen/Qwen3-235B-A22B&quant=q4_k_m&gpu=rtx4090&seq=8192";
const L70: &str = "mode=infer&engine=llamacpp&dtype=fp16&gpu=h100-80&layers=80&hidden=8192&heads=64&kv_heads=8&ffn=28672&vocab=128256";

fn weights(e: &Estimate) -> (u64, u64) {
    (
        expect_part(e, PartId::Weights),
        expect_part(e, PartId::WeightsHost),
    )
}

fn ttft(q: &str) -> f64 {
    match time_of(q).steps {
        Steps::Inference { ttft, .. } => ttft.seconds().expect("a finite ttft"),
        ref s => panic!("not an inference: {s:?}"),
    }
}

#[test]
fn n_cpu_moe_moves_the_routed_experts_to_host_memory() {
    let all_gpu = est(QWEN235);
    let cpu_moe = est(&format!("{QWEN235}&n_cpu_moe=94"));
    let half = est(&format!("{QWEN235}&n_cpu_moe=47"));
    let (g0, h0) = weights(&all_gpu);
    let (g1, h1) = weights(&cpu_moe);
    let (g2, h2) = weights(&half);
    // What leaves the GPU arrives in host memory, byte for byte.
    assert_eq!(g0 + h0, g1 + h1);
    assert_eq!(g0 + h0, g2 + h2);
    // The routed experts are ~97 % of Qwen3-235B-A22B's layers: attention, norms and the
    // router stay, a few GiB, and the run that did not fit a 24 GB card now does.
    assert!(g1 < 6 << 30 && g1 > 3 << 30, "{g1}");
    assert!(!all_gpu.fits() && cpu_moe.fits());
    assert!(g2 > g1 && g2 < g0 && h2 > h0 && h2 < h1);
    let f = memcalc_core::explain::parts::formula(
        cpu_moe
            .component(PartId::WeightsHost)
            .expect("host weights"),
    );
    assert!(f.contains("--n-cpu-moe keeps here"), "{f}");
}

#[test]
fn n_cpu_moe_beyond_the_layers_is_an_error_naming_it() {
    let (inputs, notices) = Inputs::from_query(&format!("{QWEN235}&n_cpu_moe=95"));
    assert!(notices.is_empty(), "{notices:?}");
    let errors = inputs.parse().expect_err("95 of 94 layers");
    assert!(
        errors
            .iter()
            .any(|e| e.field == FieldId::NCpuMoe && e.message.contains("94")),
        "{errors:?}"
    );
}

#[test]
fn experts_on_the_cpu_are_read_at_host_bandwidth() {
    // A GPU that holds the whole model (the RTX 4090's bandwidth, 200 GiB) for the baseline.
    let gpu = time_of(&format!("{QWEN235}&gpu_mem=200"));
    let cpu = time_of(&format!("{QWEN235}&gpu_mem=200&n_cpu_moe=94"));
    // The experts a token is routed to now come from host memory.
    assert!(term_seconds(&cpu, TermId::DecodeHost) > 0.0);
    assert!(term_seconds(&cpu, TermId::DecodeMemory) < term_seconds(&gpu, TermId::DecodeMemory));
    assert!(decode_step(&cpu) > 3.0 * decode_step(&gpu));
}

#[test]
fn ubatch_sizes_the_compute_buffer() {
    let q = "mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_k_m&seq=8192";
    let cb = |extra: &str| expect_part(&est(&format!("{q}{extra}")), PartId::ComputeBuffer);
    assert_eq!(cb(""), cb("&ubatch=512"));
    // Ollama's 1024 doubles what one micro-batch holds.
    assert!(
        cb("&ubatch=1024") > cb("") * 3 / 2,
        "{} {}",
        cb("&ubatch=1024"),
        cb("")
    );
    assert!(cb("&ubatch=128") < cb(""));
}

#[test]
fn layer_split_gives_each_gpu_its_layers() {
    let one = est(L70);
    let eight = est(&format!("{L70}&gpus=8&pp=8"));
    let (w1, _) = weights(&one);
    let (w8, _) = weights(&eight);
    // llama.cpp's split: 81 offloaded slots (80 layers and the output) over 8 equal GPUs, the
    // first holding ⌈81 ÷ 8⌉ = 11 layers, the busiest.
    let layer = w1 / 81;
    assert!(w8 > 10 * layer && w8 < 12 * layer, "{w8} {layer}");
    assert!(!one.fits() && eight.fits());
    let f = memcalc_core::explain::parts::formula(eight.component(PartId::Weights).unwrap());
    assert!(f.contains("GPU 1 of 8") && f.contains("layers 0–10"), "{f}");
    // The KV cache of its 11 layers, not of 80.
    assert!(expect_part(&eight, PartId::KvCache) * 7 < expect_part(&one, PartId::KvCache));
    // Host buffers exist once for the one process.
    assert_eq!(one.host_per_node_bytes, eight.host_per_node_bytes);
}

#[test]
fn layer_split_runs_its_stages_one_after_another() {
    // One sequence passes the 8 GPUs in turn: the step reads every device's layers once, as
    // one GPU holding them all would, not 8 × the model.
    let one = decode_step(&time_of(&format!("{L70}&gpu_mem=200")));
    let eight = decode_step(&time_of(&format!("{L70}&gpu_mem=200&gpus=8&pp=8")));
    assert!((eight / one - 1.0).abs() < 0.05, "{eight} vs {one}");
}

#[test]
fn partial_offload_prefill_copies_the_host_layers_per_micro_batch() {
    let all = ttft(&format!("{QWEN235}&gpu_mem=200"));
    let part = ttft(&format!("{QWEN235}&gpu_layers=12"));
    assert!(part > 3.0 * all, "{part} vs {all}");
    // A larger micro-batch copies the host weights fewer times.
    let big = ttft(&format!("{QWEN235}&gpu_layers=12&ubatch=4096"));
    assert!(big < part / 2.0, "{big} vs {part}");
    let sp = time_of(&format!("{QWEN235}&gpu_layers=12"));
    assert!(term_seconds(&sp, TermId::PrefillHost) > 0.0);
}

#[test]
fn a_moe_too_big_for_the_card_is_offered_experts_on_the_cpu_and_fewer_layers() {
    let s = common::scenario(QWEN235);
    let advice = memcalc_core::analysis::derived::savings(&s);
    let labels: Vec<&str> = advice.iter().map(|a| a.label.as_str()).collect();
    let experts = advice
        .iter()
        .find(|a| a.label.contains("--n-cpu-moe") || a.label.contains("--cpu-moe"))
        .unwrap_or_else(|| panic!("{labels:?}"));
    assert!(experts.fits_after, "{labels:?}");
    let fewer = advice
        .iter()
        .find(|a| a.label.contains("-ngl"))
        .unwrap_or_else(|| panic!("{labels:?}"));
    assert!(fewer.fits_after, "{labels:?}");
    // And more GPUs for the layer split, llama.cpp's default split mode.
    assert!(labels.iter().any(|l| l.contains("-sm layer")), "{labels:?}");
    // The fewest layers whose experts must move: one fewer does not fit.
    let n: u64 = experts.patch[0].1.parse().unwrap();
    assert!(!memcalc_core::estimate(&memcalc_core::Scenario {
        n_cpu_moe: Some(n - 1),
        ..s
    })
    .fits_device());
}

#[test]
fn fewest_gpus_for_llamacpp_is_its_layer_split() {
    let s = common::scenario(L70);
    let d = memcalc_core::analysis::derived::derive(&s);
    // 80 layers of 1.75 GiB and the output layer over GPUs of 79.6 GiB: 2 are enough.
    assert_eq!(d.fewest_gpus, Some(2));
    assert!(d.layer_split);
}

#[test]
fn tensor_split_shares_the_layers_as_llamacpp_does() {
    // 81 slots over shares 3:1: the first GPU takes slots 0 … 60 (⌈81 · 3/4⌉ = 61 layers), the
    // second the other 19 layers and the output layer.
    let split = est(&format!("{L70}&gpus=2&pp=2&tensor_split=3,1"));
    let f = memcalc_core::explain::parts::formula(split.component(PartId::Weights).unwrap());
    assert!(f.contains("GPU 1 of 2") && f.contains("(61 of 80)"), "{f}");
    let even = est(&format!("{L70}&gpus=2&pp=2"));
    let f = memcalc_core::explain::parts::formula(even.component(PartId::Weights).unwrap());
    assert!(f.contains("(41 of 80)"), "{f}");
    // Written back as given.
    let s = common::scenario(&format!("{L70}&gpus=2&pp=2&tensor_split=0.6/0.4"));
    assert_eq!(s.tensor_split.text(), "0.6,0.4");
}

#[test]
fn a_tensor_split_that_does_not_match_the_gpus_is_an_error_naming_it() {
    for bad in ["3,1,1", "1", "0,0", "a,b"] {
        let (inputs, _) = Inputs::from_query(&format!("{L70}&gpus=2&pp=2&tensor_split={bad}"));
        let errors = inputs.parse().expect_err(bad);
        assert!(
            errors
                .iter()
                .any(|e| e.field == FieldId::TensorSplit && e.message.starts_with("tensor_split")),
            "{bad}: {errors:?}"
        );
    }
}

#[test]
fn a_run_the_gpu_cannot_hold_is_timed_as_llamacpp_fit_places_it() {
    // 111 GiB too big for the RTX 4090: llama.cpp's --fit (on by default) keeps the fewest
    // layers' experts in host memory that fit; the time is that run's, not an all-GPU one.
    let given = time_of(QWEN235);
    let s = common::scenario(QWEN235);
    let fitted = memcalc_core::speed::inference::llamacpp_fit(&s, &memcalc_core::estimate(&s))
        .expect("a run to fit");
    let n = fitted.n_cpu_moe.expect("experts moved");
    assert!(n > 0 && n <= 94 && fitted.gpu_layers.is_none(), "{n}");
    let placed = time_of(&format!("{QWEN235}&n_cpu_moe={n}"));
    assert_eq!(decode_step(&given), decode_step(&placed));
    let all_gpu = time_of(&format!("{QWEN235}&gpu_mem=200"));
    assert!(decode_step(&given) > 3.0 * decode_step(&all_gpu));
    let host = common::term(&given, TermId::DecodeHost);
    let words = memcalc_core::explain::speed::explanation(host);
    assert!(
        words.contains("--fit") && words.contains(&format!("--n-cpu-moe {n}")),
        "{words}"
    );
    // A dense model offloads fewer layers; a placement the user gave is timed as given.
    let dense = common::scenario(L70);
    let fitted = memcalc_core::speed::inference::llamacpp_fit(&dense, &est(L70)).unwrap();
    assert!(
        fitted.gpu_layers.is_some_and(|n| n > 30 && n < 80),
        "{:?}",
        fitted.gpu_layers
    );
    let given = common::scenario(&format!("{L70}&gpu_layers=80"));
    assert!(
        memcalc_core::speed::inference::llamacpp_fit(&given, &memcalc_core::estimate(&given))
            .is_none()
    );
}
