//! The page's "At a glance" answers in words: the estimate's totals and the derived answers
//! (largest batch, longest context, fewest GPUs or nodes, adjoint checkpoints) as labelled
//! lines, and each saving's change in bytes. Written here, beside the other texts of a result,
//! so native tests read every line the page shows. (In `report`, the layer above both
//! `explain` and `analysis`, because the lines are made of the analysis' answers.)

use crate::analysis::derived::{fewest_gpus_none, fewest_gpus_words, Derived, Saving};
use crate::base::units::{format_bytes, group_digits, UnitSystem};
use crate::explain::wording::count;
use crate::model::{Estimate, Per};
use crate::scenario::Mode;

/// One labelled answer.
// Serde: the page's answer carries it from the core worker (`report::Advice`, issue 36).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Fact {
    /// Stable id, the page's `data-fact`.
    #[serde(deserialize_with = "crate::base::static_str::deserialize")]
    pub id: crate::base::static_str::Static,
    #[serde(deserialize_with = "crate::base::static_str::deserialize")]
    pub label: crate::base::static_str::Static,
    pub value: String,
}

fn fact(id: &'static str, label: &'static str, value: String) -> Fact {
    Fact { id, label, value }
}

/// The answers shown at a glance, in the page's order: per rank, GPU, node and run for a
/// simulation; parameters, limits, fewest GPUs and memory over the cluster for a neural model.
pub fn facts(e: &Estimate, d: &Derived, units: UnitSystem) -> Vec<Fact> {
    if e.mode == Mode::Sim {
        sim_facts(e, d, units)
    } else {
        model_facts(e, d, units)
    }
}

fn sim_facts(e: &Estimate, d: &Derived, units: UnitSystem) -> Vec<Fact> {
    let size = |b: u64| format_bytes(b, units);
    let gpu = e.per == Per::Gpu;
    let host = match e.host_capacity_bytes {
        Some(c) if gpu => format!("{} of {}", size(e.host_per_node_bytes), size(c)),
        _ => size(e.host_per_node_bytes),
    };
    let mut rows = vec![fact(
        "per-rank",
        "Memory per MPI rank",
        size(e.per_rank_bytes),
    )];
    if gpu {
        rows.push(fact("per-gpu", "Memory per GPU", size(e.per_device_bytes)));
    }
    rows.extend([
        fact(
            "per-node",
            if gpu {
                "Host memory per node"
            } else {
                "Memory per node"
            },
            host,
        ),
        fact("total", "Memory over all ranks", size(e.cluster_bytes)),
        fact(
            "fewest-nodes",
            "Fewest nodes that fit (same ranks per node)",
            d.fewest_nodes
                .map(group_digits)
                .unwrap_or_else(|| "none up to a million ranks".into()),
        ),
    ]);
    if e.disk_bytes > 0 {
        rows.push(fact(
            "disk",
            "Written to disk over the run",
            size(e.disk_bytes),
        ));
    }
    if let Some((k, t)) = d.adjoint {
        rows.push(fact(
            "adjoint",
            "Adjoint checkpoints that fit",
            match t {
                Some(t) => format!(
                    "{} (≈ {} extra forward sweeps)",
                    group_digits(k),
                    group_digits(t)
                ),
                None => format!("{}: too few for this many steps", group_digits(k)),
            },
        ));
    }
    rows.push(fact("busiest", "Figures are", e.busiest.to_string()));
    rows
}

fn model_facts(e: &Estimate, d: &Derived, units: UnitSystem) -> Vec<Fact> {
    let size = |b: u64| format_bytes(b, units);
    let trainable = (e.mode != Mode::Infer && e.trainable_params != e.params)
        .then(|| format!("{} trainable", group_digits(e.trainable_params)));
    // A vision-language model's count is both networks, as its publisher states it (issue 38).
    let parts = (e.vision_params > 0).then(|| {
        format!(
            "{} language model + {} vision encoder",
            group_digits(e.params),
            group_digits(e.vision_params)
        )
    });
    let detail: Vec<String> = parts.into_iter().chain(trainable).collect();
    let total = group_digits(crate::add!(e.params, e.vision_params));
    let mut rows = vec![fact(
        "params",
        "Parameters",
        if detail.is_empty() {
            total
        } else {
            format!("{total} ({})", detail.join("; "))
        },
    )];
    // A server is asked how many requests it holds at once, not for a micro-batch.
    rows.push(match e.serving {
        Some(v) => fact(
            "max-batch",
            "Concurrent sequences that fit",
            d.max_batch.map_or_else(
                || format!("none of {}", count(v.seq, "token", "tokens")),
                |b| format!("{} of {}", group_digits(b), count(v.seq, "token", "tokens")),
            ),
        ),
        // Inference without a pool (Transformers, llama.cpp's -np slots) runs its batch as
        // sequences at once: a micro-batch is training's word (issue 39).
        None if e.mode == Mode::Infer => fact(
            "max-batch",
            "Concurrent sequences that fit",
            d.max_batch
                .map(group_digits)
                .unwrap_or_else(|| "none: even 1 does not fit".into()),
        ),
        None => fact(
            "max-batch",
            "Largest micro-batch that fits",
            d.max_batch
                .map(group_digits)
                .unwrap_or_else(|| "none: even 1 does not fit".into()),
        ),
    });
    if e.mode == Mode::Infer {
        rows.push(fact(
            "max-seq",
            "Longest context that fits",
            match (d.max_seq, d.context_limit) {
                (Some(s), Some(_)) => format!(
                    "{} tokens (the model's maximum; memory would allow more)",
                    group_digits(s)
                ),
                (Some(s), None) => format!("{} tokens", group_digits(s)),
                _ => "none".into(),
            },
        ));
    }
    let (label, none) = if d.layer_split {
        crate::analysis::derived::LAYER_SPLIT_WORDS
    } else {
        (
            fewest_gpus_words(e.mode).0,
            fewest_gpus_none(e.mode, d.zero_shards),
        )
    };
    rows.push(fact(
        "fewest-gpus",
        label,
        d.fewest_gpus
            .map(group_digits)
            .unwrap_or_else(|| none.into()),
    ));
    rows.push(fact(
        "cluster",
        "Device memory over all GPUs",
        size(e.cluster_bytes),
    ));
    if e.host_per_node_bytes > 0 || e.host_capacity_bytes.is_some() {
        let cap = e
            .host_capacity_bytes
            .map(|c| format!(" of {}", size(c)))
            .unwrap_or_default();
        rows.push(fact(
            "host",
            "Host memory per node",
            format!("{}{cap}", size(e.host_per_node_bytes)),
        ));
    }
    rows.push(fact("busiest", "Figures are for", e.busiest.to_string()));
    rows
}

/// What a saving changes: the bytes it saves and the total after it, "−12 GiB → 60 GiB".
pub fn saving_change(sv: &Saving, units: UnitSystem) -> String {
    format!(
        "−{} → {}",
        format_bytes(sv.saved, units),
        format_bytes(sv.bytes_after, units)
    )
}

/// A suggestion's effect as the page and the CLI write it: in bytes, "−12 GiB → 60 GiB ·
/// fits"; under a pooled engine, whose total stays its share, in sequences, "14 → 29
/// sequences fit".
pub fn saving_text(sv: &Saving, units: UnitSystem) -> String {
    match &sv.serving {
        Some((before, after)) => crate::explain::serving::sequences_change(before, after),
        None if sv.fits_after => format!("{} · fits", saving_change(sv, units)),
        None => saving_change(sv, units),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::units::UnitSystem::{Binary, Decimal};
    use crate::model::estimate;
    use crate::scenario::Scenario;

    const GIB: u64 = 1 << 30;

    fn lines(f: &[Fact]) -> Vec<String> {
        f.iter()
            .map(|f| format!("{} | {} | {}", f.id, f.label, f.value))
            .collect()
    }

    /// A training estimate with round figures, so every line can be written out.
    fn training() -> Estimate {
        Estimate {
            params: 7_000_000_000,
            trainable_params: 7_000_000_000,
            cluster_bytes: 160 * GIB,
            host_per_node_bytes: 0,
            host_capacity_bytes: None,
            busiest: crate::model::Busiest::EachGpu { gpus: 8 },
            ..estimate(&Scenario::default())
        }
    }

    #[test]
    fn inference_without_a_pool_says_sequences_not_a_micro_batch() {
        let e = Estimate {
            mode: Mode::Infer,
            ..training()
        };
        let d = Derived {
            max_batch: Some(14),
            ..Derived::default()
        };
        let f = facts(&e, &d, Binary);
        let batch = f.iter().find(|f| f.id == "max-batch").unwrap();
        assert_eq!(
            (batch.label, batch.value.as_str()),
            ("Concurrent sequences that fit", "14")
        );
        assert!(lines(&f).iter().all(|l| !l.contains("micro-batch")));
    }

    /// A vision-language model's "Parameters" counts its vision encoder beside the language
    /// model, as the publisher's count does (issue 38: the card showed the language model only).
    #[test]
    fn parameters_count_the_vision_encoder() {
        let s = |q: &str| {
            crate::schema::inputs::Inputs::from_query(q)
                .0
                .parse()
                .unwrap()
        };
        let e = estimate(&s(
            "v=5&mode=infer&engine=vllm&model_id=Qwen/Qwen2.5-VL-7B-Instruct&gpu=h100",
        ));
        assert_eq!((e.params, e.vision_params), (7_615_616_512, 676_550_144));
        let f = facts(&e, &Derived::default(), Binary);
        assert_eq!(
            f[0].value,
            "8,292,166,656 (7,615,616,512 language model + 676,550,144 vision encoder)"
        );
        // Fine-tuning with the encoder frozen (ms-swift, LLaMA-Factory) also names what trains.
        let e = Estimate {
            mode: Mode::Finetune,
            trainable_params: 40_000_000,
            ..e
        };
        assert_eq!(
            facts(&e, &Derived::default(), Binary)[0].value,
            "8,292,166,656 (7,615,616,512 language model + 676,550,144 vision encoder; 40,000,000 trainable)"
        );
        // A text model reads as before.
        let e = estimate(&s("v=5&mode=infer&model_id=Qwen/Qwen2.5-7B&gpu=h100"));
        assert_eq!(e.vision_params, 0);
        assert_eq!(
            facts(&e, &Derived::default(), Binary)[0].value,
            "7,615,616,512"
        );
    }

    #[test]
    fn training_says_parameters_limits_and_memory_over_the_gpus() {
        let d = Derived {
            max_batch: Some(12),
            fewest_gpus: Some(1_024),
            ..Derived::default()
        };
        assert_eq!(
            lines(&facts(&training(), &d, Binary)),
            [
                "params | Parameters | 7,000,000,000",
                "max-batch | Largest micro-batch that fits | 12",
                "fewest-gpus | Fewest GPUs with this parallel setup | 1,024",
                "cluster | Device memory over all GPUs | 160.00 GiB",
                "busiest | Figures are for | each of the 8 GPUs",
            ]
        );
    }

    #[test]
    fn training_without_answers_says_why_and_adds_trainable_parameters_and_host_memory() {
        let e = Estimate {
            trainable_params: 40_000_000,
            host_per_node_bytes: 3 * GIB,
            host_capacity_bytes: Some(512 * GIB),
            ..training()
        };
        let f = facts(&e, &Derived::default(), Decimal);
        assert_eq!(
            lines(&f),
            [
                "params | Parameters | 7,000,000,000 (40,000,000 trainable)",
                "max-batch | Largest micro-batch that fits | none: even 1 does not fit",
                "fewest-gpus | Fewest GPUs with this parallel setup | no number: data parallelism only helps with ZeRO sharding",
                "cluster | Device memory over all GPUs | 171.80 GB",
                "host | Host memory per node | 3.22 GB of 549.76 GB",
                "busiest | Figures are for | each of the 8 GPUs",
            ]
        );
        // Host memory without a capacity still shows, alone.
        let e = Estimate {
            host_capacity_bytes: None,
            ..e
        };
        assert_eq!(facts(&e, &Derived::default(), Binary)[4].value, "3.00 GiB");
    }

    /// With ZeRO sharding on, no answer is not blamed on its absence.
    #[test]
    fn training_with_zero_and_no_answer_does_not_ask_for_zero() {
        let d = Derived {
            zero_shards: true,
            ..Derived::default()
        };
        let f = facts(&training(), &d, Decimal);
        let fewest = f.iter().find(|x| x.id == "fewest-gpus").unwrap();
        assert!(
            !fewest.value.contains("only helps with ZeRO"),
            "{}",
            fewest.value
        );
        assert!(
            fewest.value.starts_with("none: ZeRO shards"),
            "{}",
            fewest.value
        );
    }

    #[test]
    fn inference_says_the_longest_context_and_why_it_stops() {
        let e = Estimate {
            mode: Mode::Infer,
            // Inference never shows trainable parameters.
            trainable_params: 0,
            ..training()
        };
        let seq = |max_seq, context_limit| {
            let d = Derived {
                max_seq,
                context_limit,
                max_batch: Some(3),
                fewest_gpus: Some(2),
                ..Derived::default()
            };
            lines(&facts(&e, &d, Binary))
        };
        assert_eq!(
            seq(Some(131_072), Some(131_072)),
            [
                "params | Parameters | 7,000,000,000",
                "max-batch | Concurrent sequences that fit | 3",
                "max-seq | Longest context that fits | 131,072 tokens (the model's maximum; memory would allow more)",
                "fewest-gpus | Fewest GPUs (smallest tensor-parallel degree × replicas that fits) | 2",
                "cluster | Device memory over all GPUs | 160.00 GiB",
                "busiest | Figures are for | each of the 8 GPUs",
            ]
        );
        assert_eq!(
            seq(Some(9_000), None)[2],
            "max-seq | Longest context that fits | 9,000 tokens"
        );
        assert_eq!(
            seq(None, Some(4_096))[2],
            "max-seq | Longest context that fits | none"
        );
        let d = Derived::default();
        assert_eq!(
            lines(&facts(&e, &d, Binary))[3],
            "fewest-gpus | Fewest GPUs (smallest tensor-parallel degree × replicas that fits) | none: no tensor-parallel degree dividing the heads fits"
        );
    }

    fn simulation(per: Per) -> Estimate {
        Estimate {
            mode: Mode::Sim,
            per,
            per_rank_bytes: 2 * GIB,
            per_device_bytes: 8 * GIB,
            host_per_node_bytes: 64 * GIB,
            host_capacity_bytes: Some(256 * GIB),
            cluster_bytes: 1_024 * GIB,
            disk_bytes: 0,
            busiest: crate::model::Busiest::TheGpu,
            ..estimate(&Scenario::default())
        }
    }

    #[test]
    fn a_cpu_simulation_speaks_of_ranks_and_nodes() {
        let d = Derived {
            fewest_nodes: Some(16),
            ..Derived::default()
        };
        assert_eq!(
            lines(&facts(&simulation(Per::Node), &d, Binary)),
            [
                "per-rank | Memory per MPI rank | 2.00 GiB",
                // A CPU run's node capacity is the device's: no "of" here.
                "per-node | Memory per node | 64.00 GiB",
                "total | Memory over all ranks | 1.00 TiB",
                "fewest-nodes | Fewest nodes that fit (same ranks per node) | 16",
                "busiest | Figures are | the GPU",
            ]
        );
    }

    #[test]
    fn a_gpu_simulation_adds_the_gpu_host_capacity_disk_and_checkpoints() {
        let e = Estimate {
            disk_bytes: 5 * GIB,
            ..simulation(Per::Gpu)
        };
        let with = |adjoint| {
            let d = Derived {
                adjoint,
                ..Derived::default()
            };
            lines(&facts(&e, &d, Binary))
        };
        assert_eq!(
            with(Some((40, Some(3_200)))),
            [
                "per-rank | Memory per MPI rank | 2.00 GiB",
                "per-gpu | Memory per GPU | 8.00 GiB",
                "per-node | Host memory per node | 64.00 GiB of 256.00 GiB",
                "total | Memory over all ranks | 1.00 TiB",
                "fewest-nodes | Fewest nodes that fit (same ranks per node) | none up to a million ranks",
                "disk | Written to disk over the run | 5.00 GiB",
                "adjoint | Adjoint checkpoints that fit | 40 (≈ 3,200 extra forward sweeps)",
                "busiest | Figures are | the GPU",
            ]
        );
        assert_eq!(
            with(Some((1, None)))[6],
            "adjoint | Adjoint checkpoints that fit | 1: too few for this many steps"
        );
    }

    #[test]
    fn a_saving_says_what_it_saves_and_what_is_left() {
        let sv = Saving {
            label: "Full recomputation".into(),
            patch: Vec::new(),
            bytes_after: 60 * GIB,
            saved: 12 * GIB,
            fits_after: true,
            serving: None,
            time: None,
        };
        assert_eq!(saving_change(&sv, Binary), "−12.00 GiB → 60.00 GiB");
        assert_eq!(saving_change(&sv, Decimal), "−12.88 GB → 64.42 GB");
    }
}
