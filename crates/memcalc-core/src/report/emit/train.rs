//! Training launch settings: a DeepSpeed config, the FSDP settings under `torchrun`, and the
//! Hugging Face `TrainingArguments` the scenario assumes.

use super::{Emitted, Lines, Target};
use crate::base::choice::Choice;
use crate::catalog::framework::Framework;
use crate::catalog::optimizer::Optimizer;
use crate::catalog::precision::Dtype;
use crate::scenario::{Offload, Recompute, Scenario, Sharding};

/// Frameworks whose runs a DeepSpeed config, FSDP or `TrainingArguments` can launch (the
/// generic textbook accounting and the Hugging Face trainers).
fn hf_like(f: Framework) -> bool {
    matches!(
        f,
        Framework::None | Framework::HfTrainer | Framework::Trl | Framework::Axolotl
    )
}

pub(super) fn not_applicable(t: Target, s: &Scenario) -> Option<String> {
    if !s.mode.trains() {
        return Some(format!(
            "{} launches training: the scenario is mode={} (mode=train or finetune sizes it)",
            t.label(),
            s.mode.id()
        ));
    }
    let p = &s.parallel;
    let f = s.mech.framework;
    match t {
        Target::Deepspeed => {
            // DeepSpeed offloads parameters only at stage 3 (docs/_pages/config-json.md
            // "offload_param … Valid only with stage 3"; runtime/zero/config.py): a config for
            // offload=all below it would keep the weights on the GPU the estimate moved to host
            // memory (issue 40: found by the round trip of tests/launch_round_trip.rs).
            if p.offload == Offload::All && p.zero < 3 {
                return Some(format!(
                    "DeepSpeed offloads parameters (offload_param) only at ZeRO stage 3; the estimate keeps the weights in host memory at zero={} (offload=all): zero=3, or offload=optimizer, sizes a DeepSpeed run",
                    p.zero
                ));
            }
            if f == Framework::Deepspeed
                || (hf_like(f) && (p.zero > 0 || p.offload != Offload::None))
            {
                None
            } else {
                Some(format!(
                    "the estimate is for framework={} without ZeRO or offload; framework=deepspeed, or zero=1..3, sizes a DeepSpeed run",
                    f.id()
                ))
            }
        }
        Target::Fsdp => {
            // torchrun starts --nproc-per-node processes on every node (torch/distributed/
            // run.py): GPUs that do not fill the nodes evenly cannot be launched as written
            // (issue 40, h-fsdp: the round trip read 12 GPUs at 8 per node back as 2 × 8).
            if let Some(why) = uneven(s) {
                return Some(why);
            }
            // FSDP has no strategy that shards the optimizer states alone (api.py
            // ShardingStrategy): framework=fsdp at zero=1 was written as NO_SHARD, plain DDP,
            // which keeps every optimizer state whole (issue 40, h-fsdp: found by the round trip).
            if p.zero == 1 {
                return Some("FSDP has no strategy that shards the optimizer states alone (ShardingStrategy: FULL_SHARD, SHARD_GRAD_OP, HYBRID_SHARD, NO_SHARD); the scenario is ZeRO-1 (zero=1): zero=2 or 3 sizes an FSDP run, zero=0 its NO_SHARD".into());
            }
            if f == Framework::Fsdp || (hf_like(f) && matches!(p.zero, 2 | 3)) {
                if p.offload == Offload::Optimizer {
                    Some("FSDP offloads parameters, gradients and optimizer states together (CPUOffload(offload_params=True)); the scenario offloads the optimizer only (offload=optimizer), which is DeepSpeed's ZeRO-Offload".into())
                } else {
                    None
                }
            } else {
                Some(format!(
                    "the estimate is for framework={} and zero={}; framework=fsdp, or zero=2 or 3, sizes an FSDP run",
                    f.id(),
                    p.zero
                ))
            }
        }
        _ => {
            // TrainingArguments' optim="sgd" is torch.optim.SGD without momentum
            // (transformers trainer.py get_optimizer_cls_and_kwargs: `optimizer_cls =
            // torch.optim.SGD`, no momentum argument): the momentum buffer the estimate counts
            // is not what it runs (issue 40, h-fsdp: found by the round trip).
            if s.optimizer == Optimizer::Momentum {
                return Some("TrainingArguments' optim=\"sgd\" runs torch.optim.SGD without momentum (transformers trainer.py get_optimizer_cls_and_kwargs), so the momentum buffer the estimate counts (optimizer=momentum) is not what it launches; optimizer=sgd sizes a Trainer run".into());
            }
            if matches!(f, Framework::None | Framework::HfTrainer | Framework::Trl) {
                None
            } else {
                Some(format!(
                    "the estimate is for framework={}, which is not launched through TrainingArguments; framework=hf_trainer or trl sizes one",
                    f.id()
                ))
            }
        }
    }
}

/// Why torchrun cannot launch the scenario's GPUs: they do not fill whole nodes.
pub(super) fn uneven(s: &Scenario) -> Option<String> {
    let (n, per) = nodes(s);
    (n * per != s.parallel.gpus).then(|| {
        format!(
            "torchrun starts --nproc-per-node processes on every node: {} GPUs at {per} per node do not fill {n} nodes evenly; gpus a multiple of gpus_per_node sizes a torchrun launch",
            s.parallel.gpus
        )
    })
}

/// The recomputation a launcher's switch gives: every layer's input kept and the layer
/// recomputed (transformers `gradient_checkpointing`, torch `apply_activation_checkpointing`
/// wrap whole decoder layers) — recompute=full's estimate. A selective scenario keeps more
/// than that (the estimate is above what the launch holds), and the why says so.
fn recompute_why(s: &Scenario) -> String {
    match s.recompute {
        Recompute::None => format!(
            "activations kept for the backward pass (recompute={})",
            s.recompute.id()
        ),
        Recompute::Full => format!(
            "activations recomputed from each layer's input (recompute={})",
            s.recompute.id()
        ),
        _ => format!(
            "each whole layer recomputed from its input, as recompute=full counts: the scenario's recompute={} keeps more, so its estimate is above what this launch holds",
            s.recompute.id()
        ),
    }
}

/// Gradient accumulation: the micro-batches of one optimizer step (`micro_batches`; none
/// given: one, as the memory estimate counts one micro-batch's activations).
fn accumulation(s: &Scenario) -> (u64, &'static str) {
    match s.speed.micro_batches {
        Some(n) => (n, "as given (micro_batches)"),
        None => (1, "one micro-batch per step (micro_batches not given)"),
    }
}

/// "1 sequence", "8 sequences".
fn seqs(n: u64) -> String {
    format!(
        "{n} {}",
        crate::explain::wording::plural(n, "sequence", "sequences")
    )
}

/// The 16-bit mixed precision of the run, if any.
fn half(s: &Scenario) -> Option<Dtype> {
    matches!(s.dtype, Dtype::Bf16 | Dtype::Fp16).then_some(s.dtype)
}

pub(super) fn deepspeed(s: &Scenario) -> Emitted {
    let p = &s.parallel;
    let mut l = Lines::new();
    let mut top: Vec<(&'static str, J)> = Vec::new();
    l.set(
        "train_micro_batch_size_per_gpu",
        s.batch,
        format!(
            "{} per GPU per micro-batch: the activations row is sized on them (batch)",
            seqs(s.batch)
        ),
    );
    top.push(("train_micro_batch_size_per_gpu", J::Num(s.batch)));
    let (acc, why) = accumulation(s);
    l.set("gradient_accumulation_steps", acc, format!("{acc}, {why}"));
    top.push(("gradient_accumulation_steps", J::Num(acc)));
    if let Some(d) = half(s) {
        let key = if d == Dtype::Bf16 { "bf16" } else { "fp16" };
        l.set(
            &format!("{key}.enabled"),
            "true",
            format!(
                "16-bit weights and activations{} (dtype={}, mixed={})",
                if s.mixed {
                    " with an FP32 master copy and FP32 optimizer states"
                } else {
                    ""
                },
                s.dtype.id(),
                s.mixed
            ),
        );
        top.push((key, J::Obj(vec![("enabled", J::Bool(true))])));
    }
    let mut zero: Vec<(&'static str, J)> = Vec::new();
    l.set(
        "zero_optimization.stage",
        p.zero,
        format!(
            "ZeRO stage {}: {} sharded over {} data-parallel ranks (zero)",
            p.zero,
            match p.zero {
                0 => "nothing",
                1 => "optimizer states",
                2 => "optimizer states and gradients",
                _ => "optimizer states, gradients and parameters",
            },
            p.shard_dp()
        ),
    );
    zero.push(("stage", J::Num(p.zero as u64)));
    // A framework profile that counts no buckets (bucket_size 0) leaves DeepSpeed's own.
    if p.zero > 0 && s.mech.bucket_size > 0 {
        let b = s.mech.bucket_size;
        l.set(
            "zero_optimization.reduce_bucket_size",
            b,
            format!("{b} elements per reduce bucket: the buckets row counts them (bucket_size)"),
        );
        l.set(
            "zero_optimization.allgather_bucket_size",
            b,
            format!("{b} elements per all-gather bucket, as the buckets row counts (bucket_size)"),
        );
        zero.push(("reduce_bucket_size", J::Num(b)));
        zero.push(("allgather_bucket_size", J::Num(b)));
    }
    if matches!(p.offload, Offload::Optimizer | Offload::All) {
        l.set(
            "zero_optimization.offload_optimizer.device",
            "cpu",
            "optimizer states and the FP32 master copy in host memory: they are host rows of the estimate (offload)",
        );
        zero.push(("offload_optimizer", J::cpu()));
    }
    if p.offload == Offload::All && p.zero == 3 {
        l.set(
            "zero_optimization.offload_param.device",
            "cpu",
            "the parameters' shards in host memory as well (offload=all, ZeRO-3)",
        );
        zero.push(("offload_param", J::cpu()));
    }
    if p.zero == 3 && p.sharding == Sharding::Hybrid {
        let n = p.shard_dp();
        l.set(
            "zero_optimization.zero_hpz_partition_size",
            n,
            format!("parameters sharded within a node's {n} ranks (sharding=hybrid)"),
        );
        zero.push(("zero_hpz_partition_size", J::Num(n)));
    }
    top.push(("zero_optimization", J::Obj(zero)));
    let mut body = String::new();
    J::Obj(top).write(&mut body, 0);
    body.push('\n');
    Emitted {
        target: Target::Deepspeed,
        settings: l.settings,
        body,
        file: Some("ds_config.json"),
        comment: None,
    }
}

/// A DeepSpeed config's JSON, its keys in the order written (the page's time wasm carries
/// this instead of a general JSON writer).
enum J {
    Num(u64),
    Bool(bool),
    Str(&'static str),
    Obj(Vec<(&'static str, J)>),
}

impl J {
    /// An offload to host memory: `{"device": "cpu", "pin_memory": true}`.
    fn cpu() -> J {
        J::Obj(vec![
            ("device", J::Str("cpu")),
            ("pin_memory", J::Bool(true)),
        ])
    }

    /// Writes the value indented by two spaces a level (keys are plain words, never escaped).
    fn write(&self, out: &mut String, depth: usize) {
        match self {
            J::Num(n) => out.push_str(&n.to_string()),
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            J::Str(s) => {
                out.push('"');
                out.push_str(s);
                out.push('"');
            }
            J::Obj(kv) => {
                out.push('{');
                for (i, (k, v)) in kv.iter().enumerate() {
                    out.push_str(if i == 0 { "\n" } else { ",\n" });
                    out.push_str(&"  ".repeat(depth + 1));
                    out.push('"');
                    out.push_str(k);
                    out.push_str("\": ");
                    v.write(out, depth + 1);
                }
                out.push('\n');
                out.push_str(&"  ".repeat(depth));
                out.push('}');
            }
        }
    }
}

/// FSDP's sharding strategy for the scenario's ZeRO stage and sharding group.
fn strategy(s: &Scenario) -> &'static str {
    match (s.parallel.zero, s.parallel.sharding) {
        (3, Sharding::Hybrid) => "HYBRID_SHARD",
        (3, Sharding::Full) => "FULL_SHARD",
        (2, Sharding::Hybrid) => "_HYBRID_SHARD_ZERO2",
        (2, Sharding::Full) => "SHARD_GRAD_OP",
        _ => "NO_SHARD",
    }
}

/// Nodes and GPUs per node of the run.
pub(super) fn nodes(s: &Scenario) -> (u64, u64) {
    let per = s.parallel.gpus_per_node.clamp(1, s.parallel.gpus.max(1));
    (s.parallel.gpus.div_ceil(per), per)
}

pub(super) fn fsdp(s: &Scenario) -> Emitted {
    let mut l = Lines::new();
    let (n, per) = nodes(s);
    l.set(
        "--nnodes",
        n,
        format!(
            "{} GPUs at {per} per node (gpus, gpus_per_node)",
            s.parallel.gpus
        ),
    );
    l.set(
        "--nproc-per-node",
        per,
        "one process per GPU (gpus_per_node)",
    );
    let mut body = l.command("torchrun");
    body.pop();
    body.push_str(" \\\n  train.py\n\n");
    // Pure 16-bit training (mixed=off) keeps no FP32 copy: the model itself is cast before
    // FSDP wraps it, and MixedPrecision (which keeps the sharded parameters in their own
    // dtype, FP32, and casts for compute) is not used (issue 40, h-fsdp: the round trip read
    // a mixed=off scenario's MixedPrecision back as mixed=on).
    let mut cast = None;
    if let Some(d) = half(s).filter(|_| !s.mixed) {
        let t = if d == Dtype::Bf16 {
            "torch.bfloat16"
        } else {
            "torch.float16"
        };
        l.set(
            "model.to",
            t,
            format!(
                "16-bit parameters, gradients and optimizer states with no FP32 copy (dtype={}, mixed={})",
                s.dtype.id(),
                s.mixed
            ),
        );
        cast = Some(format!("model = model.to({t})\n"));
    }
    let st = strategy(s);
    let mut kw: Vec<String> = Vec::new();
    l.set(
        "sharding_strategy",
        format!("ShardingStrategy.{st}"),
        format!(
            "{} (zero={}, sharding={})",
            match st {
                "FULL_SHARD" => "parameters, gradients and optimizer states sharded over every rank",
                "HYBRID_SHARD" => "sharded within each node, replicated across nodes",
                "SHARD_GRAD_OP" => "gradients and optimizer states sharded, parameters kept whole after the forward",
                "_HYBRID_SHARD_ZERO2" => "gradients and optimizer states sharded within each node",
                _ => "nothing sharded",
            },
            s.parallel.zero,
            s.parallel.sharding.id()
        ),
    );
    kw.push(format!("sharding_strategy=ShardingStrategy.{st}"));
    if s.parallel.offload == Offload::All {
        l.set(
            "cpu_offload",
            "CPUOffload(offload_params=True)",
            "parameters, gradients and optimizer states in host memory: host rows of the estimate (offload=all)",
        );
        kw.push("cpu_offload=CPUOffload(offload_params=True)".into());
    }
    if let Some(d) = half(s).filter(|_| s.mixed) {
        let t = if d == Dtype::Bf16 {
            "torch.bfloat16"
        } else {
            "torch.float16"
        };
        let v = format!("MixedPrecision(param_dtype={t}, reduce_dtype={t})");
        l.set(
            "mixed_precision",
            &v,
            format!(
                "16-bit compute over FP32 sharded parameters (dtype={}, mixed={})",
                s.dtype.id(),
                s.mixed
            ),
        );
        kw.push(format!("mixed_precision={v}"));
    }
    body.push_str("# in train.py:\n");
    if let Some(c) = cast {
        body.push_str(&c);
    }
    body.push_str("model = FullyShardedDataParallel(\n    model,\n");
    for k in &kw {
        body.push_str(&format!("    {k},\n"));
    }
    body.push_str(")\n");
    if s.recompute != Recompute::None {
        l.set("apply_activation_checkpointing", "model", recompute_why(s));
        body.push_str("apply_activation_checkpointing(model)\n");
    }
    Emitted {
        target: Target::Fsdp,
        settings: l.settings,
        body,
        file: None,
        comment: Some("#"),
    }
}

/// `TrainingArguments.optim` for the scenario's optimizer (transformers OptimizerNames).
fn optim(s: &Scenario) -> Option<&'static str> {
    Some(match s.optimizer {
        Optimizer::Adam | Optimizer::AdamW => "adamw_torch",
        Optimizer::Adam8bit if s.mech.paged_optimizer => "paged_adamw_8bit",
        Optimizer::Adam8bit => "adamw_bnb_8bit",
        Optimizer::Adafactor => "adafactor",
        Optimizer::Lion => "lion_32bit",
        Optimizer::Sgd | Optimizer::Momentum => "sgd",
        #[allow(unreachable_patterns)]
        _ => return None,
    })
}

pub(super) fn hf(s: &Scenario) -> Emitted {
    let mut l = Lines::new();
    let mut args: Vec<(String, String)> = Vec::new();
    let mut put = |l: &mut Lines, k: &str, v: String, why: String| {
        l.set(k, &v, why);
        args.push((k.to_string(), v));
    };
    put(
        &mut l,
        "per_device_train_batch_size",
        s.batch.to_string(),
        format!(
            "{} per GPU: the activations row is sized on them (batch)",
            seqs(s.batch)
        ),
    );
    let (acc, why) = accumulation(s);
    put(
        &mut l,
        "gradient_accumulation_steps",
        acc.to_string(),
        format!("{acc}, {why}"),
    );
    put(
        &mut l,
        "gradient_checkpointing",
        if s.recompute == Recompute::None {
            "False"
        } else {
            "True"
        }
        .into(),
        recompute_why(s),
    );
    if let Some(d) = half(s) {
        let key = if d == Dtype::Bf16 { "bf16" } else { "fp16" };
        put(
            &mut l,
            key,
            "True".into(),
            if s.mixed {
                format!(
                    "16-bit autocast over FP32 weights (dtype={}, mixed={})",
                    s.dtype.id(),
                    s.mixed
                )
            } else {
                // Pure 16-bit (issue 40, h-fsdp): the Trainer keeps the weights in the dtype
                // they were loaded in; autocast alone adds no FP32 copy.
                format!(
                    "16-bit autocast over weights loaded in 16 bits (from_pretrained(torch_dtype=torch.{})): no FP32 copy (dtype={}, mixed={})",
                    if d == Dtype::Bf16 { "bfloat16" } else { "float16" },
                    s.dtype.id(),
                    s.mixed
                )
            },
        );
    }
    if let Some(o) = optim(s) {
        put(
            &mut l,
            "optim",
            format!("\"{o}\""),
            format!(
                "{}: its states per parameter are the optimizer row (optimizer={})",
                s.optimizer.label(),
                s.optimizer.id()
            ),
        );
    }
    if not_applicable(Target::Deepspeed, s).is_none() && s.mech.framework != Framework::Fsdp {
        put(
            &mut l,
            "deepspeed",
            "\"ds_config.json\"".into(),
            format!(
                "ZeRO stage {} and offload as `memcalc --emit deepspeed` writes them (zero, offload)",
                s.parallel.zero
            ),
        );
    } else if not_applicable(Target::Fsdp, s).is_none() {
        let mut v = match strategy(s) {
            "FULL_SHARD" => "full_shard",
            "HYBRID_SHARD" => "hybrid_shard",
            "SHARD_GRAD_OP" => "shard_grad_op",
            _ => "hybrid_shard_zero2",
        }
        .to_string();
        if s.parallel.offload == Offload::All {
            v.push_str(" offload");
        }
        v.push_str(" auto_wrap");
        put(
            &mut l,
            "fsdp",
            format!("\"{v}\""),
            format!(
                "FSDP sharding as the estimate counts it (zero={}, sharding={}, offload={})",
                s.parallel.zero,
                s.parallel.sharding.id(),
                s.parallel.offload.id()
            ),
        );
    }
    let mut body = String::from("args = TrainingArguments(\n    output_dir=\"out\",\n");
    for (k, v) in &args {
        body.push_str(&format!("    {k}={v},\n"));
    }
    body.push_str(")\n");
    Emitted {
        target: Target::Hf,
        settings: l.settings,
        body,
        file: None,
        comment: Some("#"),
    }
}
