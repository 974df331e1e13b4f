//! The words of the time model: each term's label, formula with the user's numbers, explanation
//! and source, written from the term's values (`speed::TermValues`), and the bound's name.

mod mesh;
mod neural;
mod numa;
mod particles;
mod realspace;
mod reductions;
mod spectral;

use crate::base::units::{self, format_bytes, UnitSystem};
use crate::speed::{
    Bound, SimBytes, TermFamily, TermId, TermValues, Time, TimeTerm, Transfer, Via,
};

mod sciml;

/// The bound's name as the time line says it: "memory bandwidth".
pub fn bound(b: Bound) -> &'static str {
    match b {
        Bound::MemoryBandwidth => "memory bandwidth",
        Bound::Compute => "compute",
        Bound::Link => "the GPU link",
        Bound::Network => "the network",
        Bound::HostMemory => "host memory bandwidth",
        Bound::Disk => "disk bandwidth",
        Bound::Launch => "kernel launches",
        Bound::Latency => "the core's dependent-operation latency",
    }
}

/// What a suggestion does to time, as its line says it: "1.6× faster per token",
/// "2.1× slower per step", "about the same time per step" where the factor rounds to 1.0.
pub fn change(c: &crate::speed::change::TimeChange) -> String {
    use crate::speed::change::Per;
    let per = match c.per {
        Per::Token => "per token",
        Per::Step => "per step",
        Per::Sample => "per sample",
    };
    let (factor, way) = if c.speedup >= 1.0 {
        (c.speedup, "faster")
    } else {
        (1.0 / c.speedup, "slower")
    };
    let text = if factor >= 9.95 {
        format!("{factor:.0}")
    } else {
        format!("{factor:.1}")
    };
    if text == "1.0" {
        format!("about the same time {per}")
    } else {
        format!("{text}× {way} {per}")
    }
}

/// A time as the page writes it: "12.3 ms", "4.5 h"; "too long to compute" on overflow.
pub fn time(t: Time) -> String {
    let Some(s) = t.seconds() else {
        return "too long to compute".into();
    };
    let (v, unit) = if s < 1e-6 {
        (s * 1e9, "ns")
    } else if s < 1e-3 {
        (s * 1e6, "µs")
    } else if s < 1.0 {
        (s * 1e3, "ms")
    } else if s < 120.0 {
        (s, "s")
    } else if s < 7200.0 {
        (s / 60.0, "min")
    } else if s < 172_800.0 {
        (s / 3600.0, "h")
    } else if s < 3.2e8 {
        (s / 86_400.0, "days")
    } else {
        (s / 3.156e7, "years")
    };
    format!("{} {unit}", sig(v))
}

/// Three significant figures, without a trailing ".0".
fn sig(v: f64) -> String {
    let text = if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    };
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// A decimal quantity with an SI prefix: "3.35 T" + unit.
fn si(v: f64, unit: &str) -> String {
    let prefixes = [
        (1e18, "E"),
        (1e15, "P"),
        (1e12, "T"),
        (1e9, "G"),
        (1e6, "M"),
        (1e3, "k"),
    ];
    for (scale, p) in prefixes {
        if v.abs() >= scale {
            return format!("{} {p}{unit}", sig(v / scale));
        }
    }
    format!("{} {unit}", sig(v))
}

fn bytes(v: f64, units: UnitSystem) -> String {
    if v >= 1.8e19 {
        return si(v, "B");
    }
    format_bytes(v.round() as u64, units)
}

/// "1 sequence", "8 sequences".
fn rate(v: f64) -> String {
    si(v, "B/s")
}

fn pct(v: f64) -> String {
    format!("{} %", sig(v * 100.0))
}

fn count(v: f64) -> String {
    si(v, "").trim_end().to_string()
}

fn via(v: Via) -> String {
    use crate::catalog::hardware::LinkKind;
    match v {
        Via::Link(LinkKind::NvLink(0)) => "the GPU link".into(),
        Via::Link(LinkKind::NvLink(g)) | Via::Link(LinkKind::NvLinkBridge(g)) => {
            format!("NVLink {g}")
        }
        Via::Link(LinkKind::InfinityFabric) => "Infinity Fabric".into(),
        Via::Pcie(g) => format!("PCIe {g}.0 x16"),
        Via::Network => "the network".into(),
        Via::HostMemory => "host memory".into(),
    }
}

fn transfer(t: &Transfer, u: UnitSystem) -> String {
    if t.efficiency < 1.0 {
        format!(
            "{} ÷ ({} × {})",
            bytes(t.bytes, u),
            rate(t.bandwidth),
            pct(t.efficiency)
        )
    } else {
        format!("{} ÷ {}", bytes(t.bytes, u), rate(t.bandwidth))
    }
}

/// The term's label.
pub fn label(t: &TimeTerm) -> &'static str {
    match t.id.family() {
        TermFamily::Spectral => spectral::label(t.id),
        TermFamily::Particles => particles::label(t.id),
        TermFamily::Mesh => mesh::label(t.id),
        TermFamily::Reductions => reductions::label(),
        TermFamily::RealSpace => realspace::label(t.id),
        TermFamily::Surrogate => sciml::label(t).unwrap_or_default(),
        TermFamily::Neural | TermFamily::Grid => match t.id {
            TermId::Prefill => "Prefill (time to first token)",
            TermId::PrefillAllReduce => "Prefill: tensor-parallel all-reduces",
            TermId::DecodeMemory => "Decode step: bytes read from GPU memory",
            TermId::DecodeCompute => "Decode step: FLOPs",
            TermId::DecodeHost => "Decode step: layers in host memory (llama.cpp)",
            TermId::DecodeLaunch => "Decode step: kernel launches without a CUDA graph (llama.cpp)",
            TermId::DecodeOccupancy => "Decode step: quantized weights read by too few warps (llama.cpp before February 2024)",
            TermId::TpAllReduce => "Decode step: tensor-parallel all-reduces",
            TermId::TrainCompute => "Training step: FLOPs",
            TermId::PipelineBubble => "Pipeline bubble",
            TermId::DataParallel => "Data-parallel gradients and parameters",
            TermId::TensorParallel => "Tensor-parallel all-reduces",
            TermId::PipelineSend => "Pipeline activations between stages",
            TermId::OffloadTraffic => "Offload traffic over PCIe",
            TermId::SimMemory => "Memory traffic per step (lower bound)",
            TermId::SimHalo => "Halo exchange per step",
            TermId::SimDisk => "Memory beyond RAM, at disk bandwidth",
            // Every other id belongs to a family above (`TermId::family`).
            _ => "",
        },
    }
}

/// The formula with the user's numbers, ending in the term's time.
pub fn formula(t: &TimeTerm) -> String {
    formula_in(t, UnitSystem::default())
}

/// [`formula`] with its byte counts in `u` (GB with `units=decimal`, GiB by default).
pub fn formula_in(t: &TimeTerm, u: UnitSystem) -> String {
    let body = match &t.values {
        TermValues::Prefill {
            matmul_params,
            tokens,
            attention_flops,
            tp,
            work: w,
            ..
        } => format!(
            "(2 × {} params × {} tokens ÷ {tp} + {} attention) ÷ ({} × {})",
            count(*matmul_params),
            count(*tokens),
            si(*attention_flops, "FLOP"),
            si(w.peak, "FLOP/s"),
            pct(w.utilisation)
        ),
        TermValues::DecodeMemory {
            weights,
            share,
            kv,
            stages,
            transfer: tr,
            ..
        } => format!(
            "({}{} weights + {} KV cache) × {stages} stage{} ÷ ({} × {})",
            if *share < 1.0 { format!("{} × ", pct(*share)) } else { String::new() },
            bytes(*weights / share.max(f64::MIN_POSITIVE), u),
            bytes(*kv, u),
            units::plural(*stages, "", "s"),
            rate(tr.bandwidth),
            pct(tr.efficiency)
        ),
        TermValues::DecodeCompute {
            matmul_params,
            sequences,
            attention_flops,
            tp,
            work: w,
        } => format!(
            "(2 × {} params × {} ÷ {tp} + {} attention) ÷ ({} × {})",
            count(*matmul_params),
            units::count(*sequences, "sequence", "sequences"),
            si(*attention_flops, "FLOP"),
            si(w.peak, "FLOP/s"),
            pct(w.utilisation)
        ),
        TermValues::DecodeHost {
            weights,
            kv,
            transfer: tr,
            ..
        } => format!(
            "({} weights + {} KV cache) ÷ ({} × {})",
            bytes(*weights, u),
            bytes(*kv, u),
            rate(tr.bandwidth),
            pct(tr.efficiency)
        ),
        TermValues::TpAllReduce { collective: c, .. } => neural::collective(c, u),
        TermValues::DecodeLaunch {
            per_layer,
            layers,
            head,
            gap,
            ..
        } => neural::launch_formula(*per_layer, *layers, *head, *gap),
        TermValues::DecodeOccupancy {
            weights,
            occupancy,
            bound_rate,
        } => neural::occupancy_formula(bytes(*weights, u), occupancy, *bound_rate),
        TermValues::TrainCompute(f) => format!(
            "({} × {} params + {} attention + {} recomputed) FLOP per token × {} tokens ÷ {} ÷ ({} × {})",
            sig(f.passes),
            count(f.matmul_params),
            count(f.attention),
            count(f.recompute),
            count(f.tokens),
            units::count(f.gpus, "GPU", "GPUs"),
            si(f.work.peak, "FLOP/s"),
            pct(f.work.utilisation)
        ),
        TermValues::PipelineBubble {
            stages,
            micro_batches,
            virtual_stages,
            compute_seconds,
        } => neural::bubble_formula(*stages, *micro_batches, *virtual_stages, *compute_seconds),
        TermValues::DataParallel { collective: c, .. } => neural::collective(c, u),
        TermValues::TensorParallel { collective: c, .. } => neural::collective(c, u),
        TermValues::PipelineSend { transfer: tr, .. } => transfer(tr, u),
        TermValues::OffloadTraffic { transfer: tr, .. } => transfer(tr, u),
        TermValues::SimMemory(SimBytes::Lbm {
            q,
            storage,
            cells,
            transfer: tr,
            share,
        }) => format!(
            "(2 × {q} × {storage} B + 1 B) × {} cells ÷ ({} × {})",
            count(*cells),
            numa::bandwidth(tr, *share),
            pct(tr.efficiency)
        ),
        TermValues::SimMemory(SimBytes::Grid {
            fields,
            levels,
            b,
            cells,
            transfer: tr,
            share,
            ..
        }) => format!(
            "(2 × {fields} fields × {levels} levels × {b} B × {} cells + work arrays) ÷ ({} × {})",
            count(*cells),
            numa::bandwidth(tr, *share),
            pct(tr.efficiency)
        ),
        TermValues::SimHalo {
            cells,
            bytes_per_cell,
            transfer: tr,
            ..
        } => format!(
            "{} cells × {} B ÷ {}",
            count(*cells),
            sig(*bytes_per_cell),
            rate(tr.bandwidth)
        ),
        TermValues::SimDisk {
            transfer: tr,
            excess,
        } => format!("2 × {} ÷ {}", bytes(*excess, u), rate(tr.bandwidth)),
        v @ (TermValues::FftCompute { .. } | TermValues::FftMemory { .. } | TermValues::FftTranspose(_) | TermValues::PwGemm(_) | TermValues::PwDiagonalise { .. }) => spectral::formula(v, u),
        TermValues::Md(v) => particles::md(v),
        TermValues::Nbody(v) => particles::nbody(v, u),
        v @ (TermValues::MeshAssembly(_) | TermValues::MeshSolve(_) | TermValues::MeshChain(_) | TermValues::MeshGather(_) | TermValues::AmrAdvance(_)) => mesh::formula(v, u),
        v @ TermValues::SolveAllReduce(_) => reductions::formula(v),
        v @ TermValues::RealSpace(_) => realspace::formula(v, u),
        TermValues::SurrogateCompute(_) | TermValues::SurrogateMemory(_) => {
            sciml::formula(t, u).unwrap_or_default()
        }
    };
    format!("{body} = {}", time(t.time))
}

/// Why the term takes this long.
pub fn explanation(t: &TimeTerm) -> String {
    match &t.values {
        TermValues::Prefill { tokens, per_request: true, .. } => neural::prefill(*tokens),
        TermValues::Prefill { .. } => "Every prompt token passes through every weight matrix (2 FLOPs per parameter) and attends causally to the tokens before it; the prefill runs at the compute peak times the utilisation, and ends with the first token.".into(),
        TermValues::DecodeMemory { sequences, share, .. } => format!("Each decode step produces one token for each running sequence ({}) and reads the weights once, as stored (quantized bytes, not parameters × 2){}, plus every sequence's KV cache at its full context. At small batches this bytes term bounds the step: tokens/s scale with memory bandwidth and with the bytes per weight.", units::count(*sequences, "sequence", "sequences"), if *share < 1.0 { " — of a mixture of experts only the shared weights and the experts the tokens are routed to (uniform routing assumed)" } else { "" }),
        TermValues::DecodeCompute { .. } => "2 FLOPs per parameter for each sequence's new token, and its attention over the context; it overtakes the bytes term as the batch grows (the roofline's ridge point).".into(),
        TermValues::DecodeHost { layers, .. } => format!("llama.cpp runs the {layers} layers left in host memory on the CPU, which reads their weights at host memory bandwidth, several times below the GPU's: why a model with part of its layers on the CPU runs several times slower."),
        TermValues::TpAllReduce { tokens, collective: c } => neural::tp_all_reduce(*tokens, c),
        TermValues::DecodeLaunch { why, .. } => neural::launch(*why),
        TermValues::DecodeOccupancy { occupancy, .. } => neural::occupancy(occupancy),
        TermValues::TrainCompute(f) => format!(
            "{} FLOPs per parameter and token ({}), the attention term, and {} at an assumed utilisation of the dense peak (published runs reach 33–52 %; set mfu).",
            sig(f.passes),
            if f.lora { "LoRA: the frozen base does the forward and the input gradients only" } else { "forward 2, backward 4" },
            match f.recompute_mode {
                crate::scenario::Recompute::None => "no recomputation",
                crate::scenario::Recompute::Selective => "the attention core's forward again (selective recomputation)",
                crate::scenario::Recompute::SelectiveOp => "half the matrix products' forward again (per-op checkpointing)",
                crate::scenario::Recompute::Full => "one more forward of the transformer layers (full recomputation; the output layer is not recomputed)",
            }
        ),
        TermValues::PipelineBubble { virtual_stages, .. } => neural::bubble_words(*virtual_stages),
        TermValues::DataParallel { zero, collective: c } => format!(
            "{} over {} data-parallel ranks, via {}; overlapped with the backward pass, so it only costs time where it is longer. {}",
            if *zero >= 3 { "ZeRO-3/FSDP gathers the parameters for the forward and the backward and reduce-scatters the gradients (1.5× an all-reduce), layer by layer" } else { "The gradients are all-reduced in DDP's 25 MiB buckets (ZeRO-1/2: reduce-scattered and the parameters all-gathered, the same volume)" },
            c.ranks,
            via(c.via),
            neural::latency(c)
        ),
        TermValues::TensorParallel { per_layer, layers, micro_batches, collective: c } => format!("{per_layer} all-reduces of the micro-batch's activations per layer ({layers} layers per stage, {micro_batches} micro-batches) over {}, between the layers' matrix products: on the critical path. {}", via(c.via), neural::latency(c)),
        TermValues::PipelineSend { micro_batches, virtual_stages, via: v, .. } => neural::pipeline_send_words(*micro_batches, *virtual_stages, via(*v)),
        TermValues::OffloadTraffic { .. } => "ZeRO-Offload moves each device's gradients to the host and its updated parameters back over PCIe once per step.".into(),
        TermValues::SimMemory(SimBytes::Lbm { share, .. }) => format!("Each step reads and writes every distribution of every cell once, plus its flag byte; the time at the achieved bandwidth is a lower bound (the kernel also computes), and MLUPs are the cells over it.{}", numa::note(*share)),
        TermValues::SimMemory(SimBytes::Grid { share, .. }) => format!("Each step reads and writes every stored level of every field and the work arrays once: a lower bound on the step at the achieved bandwidth (stencil codes also reread neighbours that do not fit in cache).{}", numa::note(*share)),
        TermValues::SimHalo { ranks_per_node, via: v, .. } => format!("Each rank sends its boundary cells to its neighbours once per step over {}, shared by {ranks_per_node} ranks per node; overlapped with the interior at best, so the step is at least the longer of the two.", via(*v)),
        v @ (TermValues::MeshAssembly(_) | TermValues::MeshSolve(_) | TermValues::MeshChain(_) | TermValues::MeshGather(_) | TermValues::AmrAdvance(_)) => mesh::explanation(v),
        v @ TermValues::SolveAllReduce(_) => reductions::explanation(v),
        v @ TermValues::RealSpace(_) => realspace::explanation(v),
        TermValues::SimDisk { .. } => "What exceeds the node's memory is paged to disk and back every step (swap, out-of-core): far slower than memory. Add nodes or ranks instead.".into(),
        v @ (TermValues::FftCompute { .. } | TermValues::FftMemory { .. } | TermValues::FftTranspose(_) | TermValues::PwGemm(_) | TermValues::PwDiagonalise { .. }) => spectral::explanation(v),
        TermValues::Md(v) => particles::md_explanation(v),
        TermValues::Nbody(v) => particles::nbody_explanation(v),
        TermValues::SurrogateCompute(_) | TermValues::SurrogateMemory(_) => sciml::explanation(t).unwrap_or_default(),
    }
}

/// Where the term's formula comes from.
pub fn source(t: &TimeTerm) -> &'static str {
    match t.id.family() {
        TermFamily::Spectral => spectral::source(t.id),
        TermFamily::Particles => particles::source(t.id),
        TermFamily::Mesh => mesh::source(t.id),
        TermFamily::Reductions => reductions::source(),
        TermFamily::RealSpace => realspace::source(t.id),
        TermFamily::Surrogate => sciml::source(t).unwrap_or_default(),
        TermFamily::Neural | TermFamily::Grid => match t.id {
            TermId::Prefill => "Williams, Waterman, Patterson 2009, Roofline (CACM 52(4)); Kaplan et al. 2020 (arXiv 2001.08361): 2 FLOPs per parameter and token forward; hardware figures from the vendor's datasheet (catalog/hardware.rs); prefill per request: vLLM docs, Optimization and Tuning, chunked prefill (max_num_batched_tokens), SGLang server_args.py chunked_prefill_size",
            TermId::DecodeCompute => "Williams, Waterman, Patterson 2009, Roofline (CACM 52(4)); Kaplan et al. 2020 (arXiv 2001.08361): 2 FLOPs per parameter and token forward; hardware figures from the vendor's datasheet (catalog/hardware.rs)",
            TermId::DecodeMemory => "Williams, Waterman, Patterson 2009, Roofline (CACM 52(4)); Kaplan et al. 2020 (arXiv 2001.08361): 2 FLOPs per parameter and token forward; hardware figures from the vendor's datasheet (catalog/hardware.rs); achieved share of bandwidth assumed (bw_eff): 80 %, AMD Instinct 70 % (BabelStream triad, Azure AI benchmarking guide: MI300X 77 %, H100 89 % of the datasheet figure)",
            TermId::DecodeHost => "llama.cpp src/llama-model.cpp (n_gpu_layers: CPU layers computed on the host); roofline at host memory bandwidth",
            TermId::DecodeLaunch => neural::SRC_LAUNCH,
            TermId::DecodeOccupancy => neural::SRC_OCCUPANCY,
            TermId::TpAllReduce | TermId::PrefillAllReduce | TermId::TensorParallel => "Shoeybi et al. 2019, Megatron-LM (arXiv 1909.08053): two all-reduces per layer forward, two backward; NCCL nccl-tests doc/PERFORMANCE.md: ring all-reduce bus bandwidth factor 2 (n − 1)/n; latency: NCCL src/graph/tuning.cc (baseLat per collective, hwLat per ring step: NVLink, PCI, network; LL at half the bandwidth, Simple)",
            TermId::TrainCompute => "Kaplan et al. 2020 (6 · N · D); Narayanan et al. 2021 (arXiv 2104.04473) eq. 3 attention term; Chowdhery et al. 2022 (PaLM) appendix B: model FLOPs utilisation; default utilisation from torchtitan benchmarks/llama3_h100_202412_torchtitan.md (33–39 % MFU)",
            TermId::PipelineBubble | TermId::PipelineSend => "Narayanan et al. 2021 (arXiv 2104.04473) §2.2.1: 1F1B bubble (p − 1)/m; §2.2.2: interleaved schedule, (p − 1)/(m · v) and v times the communication; §4.1: scatter/gather of the sends over the tensor-parallel ranks; micro-batches per step: Megatron-LM global batch ÷ (micro-batch × data-parallel size) (megatron/core/num_microbatches_calculator.py)",
            TermId::DataParallel => "Rajbhandari et al. 2020, ZeRO (arXiv 1910.02054) §7: data-parallel volume, 1.5× for stage 3; PyTorch DistributedDataParallel bucket_cap_mb=25; NCCL nccl-tests doc/PERFORMANCE.md (all-gather and reduce-scatter (n − 1)/n); latency: NCCL src/graph/tuning.cc (baseLat per collective, hwLat per ring step: NVLink, PCI, network; LL at half the bandwidth, Simple)",
            TermId::OffloadTraffic => "Ren et al. 2021, ZeRO-Offload (arXiv 2101.06840) §4: gradients to the CPU, parameters back, over PCIe",
            TermId::SimMemory => "FluidX3D README (153 B per cell and step for D3Q19 FP32, 77 B with FP16 storage); Williams et al. 2009, Roofline; achieved share of bandwidth assumed (bw_eff): 80 %, AMD Instinct 70 % (BabelStream triad, Azure AI benchmarking guide: MI300X 77 %, H100 89 % of the datasheet figure)",
            TermId::SimHalo => "Halo exchange of the boundary cells once per step (surface-to-volume ratio of the subdomain); network figures from catalog/hardware.rs",
            TermId::SimDisk => "Local NVMe sequential bandwidth (≈ 7 GB/s, PCIe Gen4 x4 datasheets)",
            // Every other id belongs to a family above (`TermId::family`).
            _ => "",
        },
    }
}

/// The time line: the headline figure and its bound, e.g. "Decode: 5.1 ms per step
/// (196 tokens/s per sequence), bound by memory bandwidth".
pub fn summary(s: &crate::speed::Speed) -> String {
    use crate::speed::Steps;
    let by = bound(s.bound);
    match s.steps {
        Steps::Inference {
            ttft,
            decode_step,
            sequences,
            tokens_per_s_per_sequence,
            tokens_per_s,
            requested,
        } => format!(
            "Time to first token {}; decode {} per step: {} tokens/s per sequence, {} tokens/s for {}; bound by {by}",
            time(ttft),
            time(decode_step),
            sig(tokens_per_s_per_sequence),
            sig(tokens_per_s),
            neural::sequences(sequences, requested)
        ),
        Steps::Training {
            step,
            tokens_per_s,
            run,
            ..
        } => format!(
            "{} per step, {} tokens/s{}; bound by {by}",
            time(step),
            count(tokens_per_s),
            neural::run(run)
        ),
        Steps::Sim {
            step, run, rate, ..
        } => {
            let lups = rate.map_or(String::new(), |r| format!(", {} {}", sig(r.value()), r.unit()));
            format!(
                "At least {} per step{lups}, {} for the run; bound by {by}",
                time(step),
                time(run)
            )
        }
        Steps::Surrogate { .. } => sciml::summary(&s.steps, by).unwrap_or_default(),
    }
}
