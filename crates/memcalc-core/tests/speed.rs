//! The time model's mechanisms (issue 27): decode scales with bandwidth, batching raises
//! throughput until compute binds, host layers and tensor parallelism add their terms, bad
//! hardware figures are errors naming their key, and an overlong time is reported as overflow.

mod common;

use common::{scenario, term, term_seconds, time_of};
use memcalc_core::speed::{Time, Via};
use memcalc_core::{speed, Bound, Speed, Steps, TermId};

fn decode(sp: &Speed) -> (f64, f64) {
    match sp.steps {
        Steps::Inference {
            decode_step,
            tokens_per_s,
            ..
        } => (decode_step.seconds().unwrap(), tokens_per_s),
        _ => panic!("not inference"),
    }
}

const LLAMA: &str = "mode=infer&model_id=meta-llama/Llama-3.1-8B&seq=1024";

#[test]
fn decode_time_scales_with_one_over_bandwidth() {
    let a = time_of(&format!("{LLAMA}&gpu_bw=1000"));
    let b = time_of(&format!("{LLAMA}&gpu_bw=2000"));
    let (ta, tb) = (
        term_seconds(&a, TermId::DecodeMemory),
        term_seconds(&b, TermId::DecodeMemory),
    );
    assert!((ta / tb - 2.0).abs() < 1e-9, "{ta} {tb}");
    assert_eq!(a.bound, Bound::MemoryBandwidth);
    // A lower achieved share slows it in proportion.
    let c = time_of(&format!("{LLAMA}&gpu_bw=1000&bw_eff=40"));
    assert!((term_seconds(&c, TermId::DecodeMemory) / ta - 2.0).abs() < 1e-9);
}

#[test]
fn quantized_weights_are_read_as_their_stored_bytes() {
    let q = "mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&seq=128&gpu=rtx4090";
    let f16 = decode(&time_of(&format!("{q}&dtype=fp16"))).1;
    let q4 = decode(&time_of(&format!("{q}&quant=q4_0"))).1;
    // Q4_0 stores 4.5 bits per weight: about 3.5× fewer bytes than FP16.
    assert!(q4 / f16 > 3.0 && q4 / f16 < 3.7, "{f16} {q4}");
}

#[test]
fn aggregate_tokens_per_second_rise_with_the_batch_until_compute_binds() {
    let mut last = 0.0;
    let mut bounds = Vec::new();
    for b in [1, 4, 16, 64, 256, 1024, 4096] {
        let sp = time_of(&format!("mode=infer&model_id=meta-llama/Llama-3.1-8B&seq=128&batch={b}&gpu=h100-80&gpu_mem=10000"));
        let (_, tps) = decode(&sp);
        assert!(tps >= last * 0.999, "batch {b}: {tps} below {last}");
        last = tps;
        bounds.push(sp.bound);
    }
    assert_eq!(bounds[0], Bound::MemoryBandwidth);
    assert_eq!(*bounds.last().unwrap(), Bound::Compute, "{bounds:?}");
    // The per-sequence rate falls as the step grows.
    let one = decode(&time_of(&format!("{LLAMA}&batch=1"))).1;
    let many = time_of(&format!("{LLAMA}&batch=256&gpu_mem=10000"));
    match many.steps {
        Steps::Inference {
            tokens_per_s_per_sequence,
            ..
        } => assert!(tokens_per_s_per_sequence < one),
        _ => unreachable!(),
    }
}

#[test]
fn the_curve_over_the_batch_is_the_same_model() {
    let s = scenario(&format!("{LLAMA}&gpu_mem=10000"));
    let curve = memcalc_core::analysis::decode_curve(&s, &[1, 8, 64]);
    assert_eq!(curve.len(), 3);
    assert!(curve.windows(2).all(|w| w[1].2 >= w[0].2), "{curve:?}");
}

#[test]
fn llama_cpp_host_layers_run_at_host_memory_bandwidth() {
    let q = "mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q8_0&seq=512&gpu=rtx4090";
    let all = time_of(q);
    let half = time_of(&format!("{q}&gpu_layers=16"));
    assert!(all.terms.iter().all(|t| t.id() != TermId::DecodeHost));
    assert_eq!(half.bound, Bound::HostMemory);
    let (t_all, t_half) = (decode(&all).0, decode(&half).0);
    assert!(t_half > 2.0 * t_all, "{t_all} {t_half}");
    // A faster host narrows the gap.
    let fast = time_of(&format!("{q}&gpu_layers=16&host_bw=400"));
    assert!(decode(&fast).0 < t_half);
}

#[test]
fn tensor_parallelism_all_reduces_over_the_link() {
    let sp = time_of("mode=infer&model_id=meta-llama/Llama-3.1-70B&seq=2048&batch=8&gpus=4&tp=4");
    let t = sp
        .terms
        .iter()
        .find(|t| t.id() == TermId::TpAllReduce)
        .unwrap();
    match t.values {
        memcalc_core::speed::TermValues::Neural(memcalc_core::speed::NeuralTerm::TpAllReduce {
            collective,
            ..
        }) => {
            assert!(matches!(collective.via, Via::Link(_)), "{collective:?}");
            assert_eq!(collective.ranks, 4);
        }
        _ => unreachable!(),
    }
    // A GPU without NVLink all-reduces over PCIe, slower.
    let pcie = time_of(
        "mode=infer&model_id=meta-llama/Llama-3.1-70B&seq=2048&batch=8&gpus=4&tp=4&gpu=l40s",
    );
    assert!(term_seconds(&pcie, TermId::TpAllReduce) > term_seconds(&sp, TermId::TpAllReduce));
}

#[test]
fn training_flops_follow_recomputation_lora_and_zero() {
    let base = "mode=train&model_id=meta-llama/Llama-3.1-8B&gpus=8&batch=1&seq=4096";
    let step = |q: &str| term_seconds(&time_of(q), TermId::TrainCompute);
    let none = step(base);
    let full = step(&format!("{base}&recompute=full"));
    // One more forward: about (6 + 2) / 6 of the work.
    assert!(full / none > 1.25 && full / none < 1.36, "{}", full / none);
    let lora =
        step("mode=finetune&lora_rank=16&model_id=meta-llama/Llama-3.1-8B&gpus=8&batch=1&seq=4096");
    assert!(lora / none > 0.66 && lora / none < 0.8, "{}", lora / none);
    // Half the utilisation, twice the time.
    assert!((step(&format!("{base}&mfu=20")) / none - 2.0).abs() < 1e-9);
    let dp = |z: u8| term_seconds(&time_of(&format!("{base}&zero={z}")), TermId::DataParallel);
    // ZeRO-3 sends 1.5× the bytes (its collectives' latency counted apart: one per layer and
    // pass, against DDP's one per bucket).
    let dp_bytes = |z: u8| {
        let sp = time_of(&format!("{base}&zero={z}"));
        match sp
            .terms
            .iter()
            .find(|t| t.id() == TermId::DataParallel)
            .map(|t| t.values)
        {
            Some(memcalc_core::speed::TermValues::Neural(
                memcalc_core::speed::NeuralTerm::DataParallel { collective: c, .. },
            )) => c.bytes(),
            v => panic!("{v:?}"),
        }
    };
    assert!((dp_bytes(3) / dp_bytes(0) - 1.5).abs() < 1e-9);
    // Across nodes the data-parallel ring crosses the network.
    let wide = time_of("mode=train&model_id=meta-llama/Llama-3.1-8B&gpus=64&batch=1&seq=4096");
    assert!(term_seconds(&wide, TermId::DataParallel) > dp(0));
}

#[test]
fn a_pipeline_idles_its_bubble() {
    let sp = time_of("mode=train&model_id=meta-llama/Llama-3.1-8B&gpus=4&pp=4&batch=1&seq=4096");
    let (c, b) = (
        term_seconds(&sp, TermId::TrainCompute),
        term_seconds(&sp, TermId::PipelineBubble),
    );
    assert!((b / c - 0.75).abs() < 1e-9, "{b} {c}");
}

#[test]
fn lattice_boltzmann_moves_153_bytes_per_cell_in_fp32() {
    let sp = time_of("mode=sim&method=lbm&sim_device=gpu&ranks=1&dtype=fp32&nx=256&ny=256&nz=256");
    let t = &sp.terms[0];
    let f = memcalc_core::explain::speed::formula(t);
    assert!(f.starts_with("(2 × 19 × 4 B + 1 B) × 16.8 M cells"), "{f}");
    match sp.steps {
        Steps::Sim { rate, .. } => {
            // 3.35 TB/s × 80 % ÷ 153 B.
            let expect = 3.35e12 * 0.8 / 153.0 / 1e6;
            assert!((rate.unwrap().value() / expect - 1.0).abs() < 1e-9);
        }
        _ => unreachable!(),
    }
}

#[test]
fn amd_hbm_defaults_to_its_own_achieved_share_and_bw_eff_overrides_it() {
    let lbm = "mode=sim&method=lbm&sim_device=gpu&ranks=1&dtype=fp32&nx=256&ny=256&nz=256";
    let mlups = |q: &str| match time_of(q).steps {
        Steps::Sim { rate, .. } => rate.unwrap().value(),
        _ => unreachable!(),
    };
    // 5.3 TB/s × 70 % ÷ 153 B (BabelStream: MI300X 77 %, H100 89 % of the datasheet figure).
    let amd = mlups(&format!("{lbm}&gpu=mi300x"));
    assert!(
        (amd / (5.3e12 * 0.7 / 153.0 / 1e6) - 1.0).abs() < 1e-9,
        "{amd}"
    );
    let sp = time_of(&format!("{lbm}&gpu=mi300x"));
    let f = memcalc_core::explain::speed::formula(&sp.terms[0]);
    assert!(f.contains("× 70 %)"), "{f}");
    assert!(memcalc_core::explain::speed::source(&sp.terms[0]).contains("AMD Instinct 70 %"));
    // The explicit key wins; NVIDIA keeps 80 %.
    let set = mlups(&format!("{lbm}&gpu=mi300x&bw_eff=80"));
    assert!(
        (set / (5.3e12 * 0.8 / 153.0 / 1e6) - 1.0).abs() < 1e-9,
        "{set}"
    );
    let nv = mlups(&format!("{lbm}&gpu=h200"));
    assert!(
        (nv / (4.8e12 * 0.8 / 153.0 / 1e6) - 1.0).abs() < 1e-9,
        "{nv}"
    );
    // Host memory is not the GPU's: llama.cpp's host layers keep the general 80 %.
    let sp = time_of("mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_0&seq=128&batch=1&gpu=mi300x&gpu_layers=16");
    let host = sp
        .terms
        .iter()
        .find(|t| t.id() == TermId::DecodeHost)
        .unwrap();
    let f = memcalc_core::explain::speed::formula(host);
    assert!(f.contains("× 80 %)"), "{f}");
    let gpu = sp
        .terms
        .iter()
        .find(|t| t.id() == TermId::DecodeMemory)
        .unwrap();
    assert!(memcalc_core::explain::speed::formula(gpu).contains("× 70 %)"));
}

#[test]
fn strong_scaling_raises_the_halo_share() {
    let halo_share = |ranks: u64| {
        let sp = time_of(&format!(
            "mode=sim&method=grid&nx=1024&ny=1024&nz=1024&ranks={ranks}&nodes={}",
            ranks / 128
        ));
        term_seconds(&sp, TermId::SimHalo) / term_seconds(&sp, TermId::SimMemory)
    };
    assert!(halo_share(4096) > halo_share(512));
}

#[test]
fn a_simulation_beyond_the_node_memory_spills_to_disk() {
    let sp = time_of("mode=sim&method=grid&nx=2048&ny=2048&nz=2048&ranks=64&nodes=1&node_mem=64");
    assert_eq!(sp.bound, Bound::Disk);
}

#[test]
fn bad_hardware_figures_are_errors_naming_the_key() {
    for (q, key) in [
        ("gpu_bw=0", "gpu_bw"),
        ("mfu=-5", "mfu"),
        ("mfu=0", "mfu"),
        ("bw_eff=101", "bw_eff"),
        ("host_bw=0", "host_bw"),
        ("net_bw=0", "net_bw"),
        ("link_bw=-1", "link_bw"),
    ] {
        let (inputs, _) = memcalc_core::Inputs::from_query(&format!("{LLAMA}&{q}"));
        let errs = inputs.parse().expect_err(q);
        assert!(errs.iter().any(|e| e.field.key() == key), "{q}: {errs:?}");
    }
    // A scenario built in code is checked too.
    let mut s = scenario(LLAMA);
    s.speed.mfu_bp = Some(20_000);
    let err = speed(&s, &memcalc_core::estimate(&s)).unwrap_err();
    assert_eq!(err.field.key(), "mfu");
}

#[test]
fn an_overlong_time_is_overflow_never_nan_or_infinity() {
    assert_eq!(Time::of(f64::INFINITY), Time::Overflow);
    assert_eq!(Time::of(f64::NAN), Time::Overflow);
    assert_eq!(Time::Overflow.per_second(5.0), 0.0);
    let q = "mode=train&params=1000000000000000&seq=134217728&batch=1048576&gpu=t4&mfu=0.01";
    let s = scenario(q);
    let e = memcalc_core::estimate(&s);
    let sp = speed(&s, &e).unwrap().unwrap();
    match sp.steps {
        Steps::Training {
            step, tokens_per_s, ..
        } => {
            assert_eq!(step, Time::Overflow);
            assert!(tokens_per_s.is_finite());
        }
        _ => unreachable!(),
    }
    assert!(memcalc_core::explain::speed::summary(&sp).contains("too long to compute"));
    // The JSON of an overflowing prefill says so, with null seconds.
    let q = "mode=infer&params=1000000000000000&seq=134217728&batch=16777216&gpu=t4&mfu=0.01";
    let s = scenario(q);
    let e = memcalc_core::estimate(&s);
    let sp = speed(&s, &e).unwrap().unwrap();
    let json = memcalc_core::report::to_json_with_speed(&e, &[], None, Some(&sp));
    assert!(json.contains("\"overflow\":true"), "{json}");
    assert!(json.contains("\"ttft_s\":null"), "{json}");
    // So does a training run's time for a token budget of 10^15 at 10^6 s per token.
    let q = "mode=train&params=1000000000000000&seq=1&batch=1&gpu=t4&mfu=0.01&train_tokens=1000000000000000";
    let s = scenario(q);
    let e = memcalc_core::estimate(&s);
    let sp = speed(&s, &e).unwrap().unwrap();
    assert!(
        matches!(
            sp.steps,
            Steps::Training {
                step: Time::Seconds(_),
                run: Some((_, Time::Overflow)),
                ..
            }
        ),
        "{sp:?}"
    );
    assert!(memcalc_core::explain::speed::summary(&sp).contains("too long to compute for"));
    let json = memcalc_core::report::to_json_with_speed(&e, &[], None, Some(&sp));
    assert!(json.contains("\"run_s\":null"), "{json}");
    assert!(
        !json.contains("NaN") && !json.contains(":inf") && !json.contains("Infinity"),
        "{json}"
    );
}

#[test]
fn every_term_has_its_texts_and_the_json_its_speed_object() {
    for q in [
        LLAMA,
        "mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_0&gpu_layers=10&gpu=rtx3090",
        "mode=infer&model_id=meta-llama/Llama-3.1-70B&gpus=4&tp=4",
        "mode=train&model_id=meta-llama/Llama-3.1-8B&gpus=64&tp=2&pp=2&zero=1&offload=optimizer&recompute=full",
        "mode=sim&method=lbm&ranks=8&nodes=2&sim_device=gpu",
        "mode=sim&method=grid&ranks=256&nodes=2",
    ] {
        let s = scenario(q);
        let e = memcalc_core::estimate(&s);
        let sp = speed(&s, &e).unwrap().unwrap();
        for t in &sp.terms {
            let f = memcalc_core::explain::speed::formula(t);
            assert!(
                f.ends_with(&memcalc_core::explain::speed::time(t.time)),
                "{q}: {f}"
            );
            assert!(!memcalc_core::explain::speed::label(t).is_empty());
            assert!(!memcalc_core::explain::speed::explanation(t).is_empty());
            assert!(!memcalc_core::explain::speed::source(t).is_empty());
            assert!(t.time.seconds().is_some_and(f64::is_finite), "{q}: {t:?}");
        }
        let plain = memcalc_core::report::to_json(&e, &[], None);
        let with = memcalc_core::report::to_json_with_speed(&e, &[], None, Some(&sp));
        assert!(!plain.contains("\"speed\""));
        assert!(with.starts_with(plain.trim_end().trim_end_matches('}')), "{q}");
        assert!(with.contains(&format!("\"bound\":\"{}\"", sp.bound.key())));
    }
}

#[test]
fn every_simulation_method_has_a_time_model() {
    // SPARC's real-space DFT was the last without one (speed/sim/sparc.rs).
    for m in [
        "lbm",
        "grid",
        "spectral",
        "planewave",
        "particles",
        "nbody",
        "mesh",
        "amr",
    ] {
        let s = scenario(&format!("mode=sim&method={m}"));
        assert!(
            speed(&s, &memcalc_core::estimate(&s)).unwrap().is_some(),
            "{m}"
        );
    }
    for arrays in ["pwx", "abinit", "sparc"] {
        let s = scenario(&format!("mode=sim&method=planewave&dft_arrays={arrays}"));
        assert!(
            speed(&s, &memcalc_core::estimate(&s)).unwrap().is_some(),
            "{arrays}"
        );
    }
}

#[test]
fn a_mixture_of_experts_reads_only_the_routed_experts_at_small_batches() {
    let q = "mode=infer&model_id=mistralai/Mixtral-8x7B-v0.1&seq=512&gpus=2&tp=2";
    let one = time_of(&format!("{q}&batch=1"));
    let many = time_of(&format!("{q}&batch=64&gpu_mem=1000"));
    let share = |sp: &Speed| match sp
        .terms
        .iter()
        .find(|t| t.id() == TermId::DecodeMemory)
        .unwrap()
        .values
    {
        memcalc_core::speed::TermValues::Neural(
            memcalc_core::speed::NeuralTerm::DecodeMemory { share, .. },
        ) => share,
        _ => unreachable!(),
    };
    // Two of eight experts per token: about a third of Mixtral's weights at batch 1, all of
    // them once 64 tokens are routed.
    assert!(share(&one) > 0.25 && share(&one) < 0.4, "{}", share(&one));
    assert!(share(&many) > 0.99);
}

/// A static batch's prefill (llama.cpp, Transformers) cites where its prompts are prefilled
/// together, not a pooled engine's chunked prefill, which it does not run (issue 39).
#[test]
fn a_static_batch_prefill_cites_no_serving_engines_chunked_prefill() {
    use memcalc_core::explain::speed as words;
    let sp = time_of("mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&gpu=rtx4090");
    let src = words::source(term(&sp, TermId::Prefill));
    assert!(src.contains("llama.cpp"), "{src}");
    assert!(!src.contains("vLLM") && !src.contains("SGLang"), "{src}");
    let sp = time_of("mode=infer&engine=vllm&model_id=meta-llama/Llama-2-7b-hf&gpu=h100-80");
    let src = words::source(term(&sp, TermId::Prefill));
    assert!(src.contains("chunked prefill"), "{src}");
}

// Issue 37, defect 9: ZeRO-Offload counted the PCIe traffic but not the CPU's Adam step. The
// step streams 4 B × (3 + 2 × 2) = 28 B per parameter of the rank's shard over the host
// memory bandwidth the node's ranks share (DeepSpeed csrc/includes/cpu_adam.h, Step_AVX).
#[test]
fn zero_offload_counts_the_cpu_optimizer_step() {
    let q = "gpu=a100-80&mode=train&model_id=meta-llama/Llama-3.1-8B&seq=2048&batch=1&framework=deepspeed&zero=2&offload=optimizer&gpus=8";
    let sp = time_of(q);
    let cpu = sp
        .terms
        .iter()
        .find(|t| t.id().key() == "offload_step")
        .unwrap_or_else(|| panic!("no CPU optimizer step in {sp:?}"));
    assert_eq!(cpu.bound, Bound::HostMemory);
    let formula = memcalc_core::explain::speed::formula(cpu);
    assert!(
        formula.contains(" × 28 B ÷ (") && formula.contains("÷ 8 ranks"),
        "{formula}"
    );
    // Its seconds are on the step's critical path.
    let Steps::Training { step, .. } = sp.steps else {
        panic!("not training")
    };
    assert!(step.seconds().unwrap() >= cpu.time.seconds().unwrap());
    // Without offload there is no such term.
    let none = time_of(&q.replace("&offload=optimizer", ""));
    assert!(none.terms.iter().all(|t| t.id().key() != "offload_step"));
}

// Issue 37, defect 9: QLoRA's dequantization was not counted, so a QLoRA step was a LoRA step.
// bitsandbytes dequantizes every frozen NF4 matrix before its product, forward and backward
// (bitsandbytes/autograd/_functions.py MatMul4Bit), a third time with full recomputation.
#[test]
fn qlora_counts_the_nf4_dequantization_of_every_pass() {
    let q = "preset=llama-3-8b-qlora";
    let sp = time_of(q);
    let dq = sp
        .terms
        .iter()
        .find(|t| t.id().key() == "qlora_dequant")
        .unwrap_or_else(|| panic!("no dequantization in {sp:?}"));
    assert_eq!(dq.bound, Bound::MemoryBandwidth);
    let f = memcalc_core::explain::speed::formula(dq);
    assert!(f.starts_with("2 × ") && f.contains("(0.52 + 2 B)"), "{f}");
    let full = time_of(&format!("{q}&recompute=full"));
    let f3 = full
        .terms
        .iter()
        .find(|t| t.id().key() == "qlora_dequant")
        .map(memcalc_core::explain::speed::formula)
        .unwrap();
    assert!(f3.starts_with("3 × "), "{f3}");
    // LoRA on 16-bit weights dequantizes nothing.
    let lora = time_of(&q.replace(
        "preset=llama-3-8b-qlora",
        "preset=llama-3-8b-qlora&quant=none",
    ));
    assert!(lora.terms.iter().all(|t| t.id().key() != "qlora_dequant"));
}

// Issue 37 (FP8 training read too fast): Transformer Engine's FP8 recipes keep the attention's
// own products in BF16 (`fp8_dpa` off by default), so only the linear layers run at the FP8
// peak; the attention FLOPs, forward, backward and recomputed, run at half of it.
#[test]
fn fp8_training_keeps_attention_at_the_bf16_peak() {
    let q = "gpu=h100-80&mode=train&model_id=meta-llama/Llama-3.1-8B&seq=4096&batch=1&gpus=8";
    let fp8 = time_of(&format!("{q}&dtype=fp8"));
    let att = fp8
        .terms
        .iter()
        .find(|t| t.id().key() == "train_attention")
        .unwrap_or_else(|| panic!("no BF16 attention in {fp8:?}"));
    let f = memcalc_core::explain::speed::formula(att);
    assert!(f.contains("÷ (990 TFLOP/s × 40 %)"), "{f}");
    let main = memcalc_core::explain::speed::formula(term(&fp8, TermId::TrainCompute));
    assert!(
        main.contains("+ 0 attention") && main.contains("1.98 PFLOP/s"),
        "{main}"
    );
    // The attention at half the FP8 rate takes twice what it would at FP8: the step grows by
    // the attention's FP8 time.
    let bf16 = time_of(q);
    assert!(bf16.terms.iter().all(|t| t.id().key() != "train_attention"));
    let step = |sp: &Speed| match sp.steps {
        Steps::Training { step, .. } => step.seconds().unwrap(),
        _ => unreachable!(),
    };
    assert!(step(&fp8) < step(&bf16), "FP8 is still faster than BF16");
    let full = time_of(&format!("{q}&dtype=fp8&recompute=full"));
    let f = memcalc_core::explain::speed::formula(term(&full, TermId::TrainAttention));
    let g = memcalc_core::explain::speed::formula(att);
    assert_ne!(f, g, "the recomputed attention forward runs in BF16 too");
}
