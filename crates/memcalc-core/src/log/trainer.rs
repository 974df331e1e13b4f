//! Training launch settings read back (issue 40, h-fsdp): what `memcalc --emit fsdp` and
//! `memcalc --emit hf` write (crates/memcalc-core/src/report/emit/train.rs), and the same
//! settings written by hand, read with the tools' own names:
//!
//! - torchrun: `torchrun --nnodes N --nproc-per-node P train.py` (also `--nproc_per_node`,
//!   `--nnodes=MIN:MAX`, `python -m torch.distributed.run`), the options of pytorch/pytorch
//!   v2.5 torch/distributed/run.py `get_args_parser` up to the training script (its
//!   `training_script` positional ends torchrun's own options): the GPUs and GPUs per node;
//! - FSDP: the arguments of `FullyShardedDataParallel(...)` (torch/distributed/fsdp/
//!   fully_sharded_data_parallel.py, v2.5; `sharding_strategy` defaults to FULL_SHARD) with
//!   the names of torch/distributed/fsdp/api.py — `ShardingStrategy.FULL_SHARD`,
//!   `SHARD_GRAD_OP`, `HYBRID_SHARD`, `_HYBRID_SHARD_ZERO2`, `NO_SHARD`;
//!   `CPUOffload(offload_params=True)`; `MixedPrecision(param_dtype=torch.bfloat16, …)` — a
//!   model cast with `model.to(torch.bfloat16)` before it (pure 16-bit, no FP32 copy), and
//!   `apply_activation_checkpointing(model)` (torch/distributed/algorithms/_checkpoint/
//!   checkpoint_wrapper.py);
//! - Hugging Face `TrainingArguments` (huggingface/transformers src/transformers/
//!   training_args.py, v4.4x–4.5x): `per_device_train_batch_size`,
//!   `gradient_accumulation_steps`, `gradient_checkpointing`, `bf16`, `fp16`, `optim`
//!   (`OptimizerNames` in training_args.py), `fsdp` (`FSDPOption` in trainer_utils.py:
//!   `full_shard`, `shard_grad_op`, `hybrid_shard`, `hybrid_shard_zero2`, `no_shard`,
//!   `offload`, `auto_wrap`) and `deepspeed` — as Python keyword arguments, a JSON object
//!   (`TrainingArguments.to_json_string()`) or YAML lines (`key: value`), one reader for the
//!   three: the field's name, `=` or `:`, its value.
//!
//! Comment lines (`#`, the notes `memcalc --emit` writes above the text) are not read.

use super::{first_number, plain, Ctx, Recogniser, Row};
use crate::base::keys::FieldId as F;

pub(crate) static RECOGNISER: Recogniser = Recogniser { rows: ROWS, finish };

const RUN: &str = "pytorch/pytorch v2.5 torch/distributed/run.py get_args_parser (--nnodes \"1\" or \"MIN:MAX\", --nproc-per-node / --nproc_per_node, then training_script)";
const FSDP_API: &str = "pytorch/pytorch v2.5 torch/distributed/fsdp/fully_sharded_data_parallel.py FullyShardedDataParallel(sharding_strategy=, cpu_offload=, mixed_precision=) with torch/distributed/fsdp/api.py ShardingStrategy, CPUOffload, MixedPrecision";
const CKPT: &str = "pytorch/pytorch v2.5 torch/distributed/algorithms/_checkpoint/checkpoint_wrapper.py apply_activation_checkpointing";
const HF_ARGS: &str = "huggingface/transformers src/transformers/training_args.py TrainingArguments fields (v4.4x–4.5x; OptimizerNames), trainer_utils.py FSDPOption";

const ROWS: &[Row] = &[
    Row {
        marker: "torchrun",
        prints: RUN,
        read: torchrun,
    },
    Row {
        marker: "torch.distributed.run",
        prints: RUN,
        read: torchrun,
    },
    Row {
        marker: "FullyShardedDataParallel(",
        prints: FSDP_API,
        read: fsdp_call,
    },
    Row {
        marker: "FSDP(",
        prints: FSDP_API,
        read: fsdp_call,
    },
    Row {
        marker: "ShardingStrategy.",
        prints: FSDP_API,
        read: sharding_strategy,
    },
    Row {
        marker: "CPUOffload(",
        prints: FSDP_API,
        read: cpu_offload,
    },
    Row {
        marker: "MixedPrecision(",
        prints: FSDP_API,
        read: mixed_precision,
    },
    Row {
        marker: ".to(torch.",
        prints: "torch.nn.Module.to(dtype): the parameters themselves cast to 16 bits before FSDP wraps them (no FP32 copy)",
        read: cast,
    },
    Row {
        marker: "apply_activation_checkpointing(",
        prints: CKPT,
        read: checkpointing,
    },
    Row {
        marker: "TrainingArguments(",
        prints: HF_ARGS,
        read: training_arguments,
    },
    Row {
        marker: "per_device_train_batch_size",
        prints: HF_ARGS,
        read: hf_field,
    },
    Row {
        marker: "gradient_accumulation_steps",
        prints: HF_ARGS,
        read: hf_field,
    },
    Row {
        marker: "gradient_checkpointing",
        prints: HF_ARGS,
        read: hf_field,
    },
    Row {
        marker: "bf16",
        prints: HF_ARGS,
        read: hf_field,
    },
    Row {
        marker: "fp16",
        prints: HF_ARGS,
        read: hf_field,
    },
    Row {
        marker: "optim",
        prints: HF_ARGS,
        read: hf_field,
    },
    Row {
        marker: "fsdp",
        prints: HF_ARGS,
        read: hf_field,
    },
    Row {
        marker: "deepspeed",
        prints: HF_ARGS,
        read: hf_field,
    },
];

fn comment(l: &str) -> bool {
    l.trim_start().starts_with('#')
}

// ---- torchrun ----

/// torchrun's options that take no value (run.py `action="store_true"`, v2.5).
fn switch(o: &str) -> bool {
    matches!(
        o,
        "--standalone"
            | "--no-python"
            | "--no_python"
            | "--module"
            | "-m"
            | "--run-path"
            | "--run_path"
            | "--master-addr-from-env"
    )
}

fn torchrun(c: &mut Ctx, l: &str) {
    if comment(l) {
        return;
    }
    let w = super::launch::words(l);
    let at = w
        .iter()
        .position(|x| x.rsplit('/').next() == Some("torchrun"))
        .or_else(|| w.iter().position(|x| x == "torch.distributed.run"));
    let Some(at) = at else { return };
    let mut i = at + 1;
    let (mut nnodes, mut nproc) = (None::<String>, None::<String>);
    while i < w.len() {
        let o = &w[i];
        if !o.starts_with('-') {
            // The training script: the rest are its own arguments.
            break;
        }
        let (name, value, step) = match o.split_once('=') {
            Some((n, v)) => (n.to_string(), Some(v.to_string()), 1),
            None if switch(o) => (o.clone(), None, 1),
            None => (o.clone(), w.get(i + 1).cloned(), 2),
        };
        match name.as_str() {
            "--nnodes" => nnodes = value,
            "--nproc-per-node" | "--nproc_per_node" => nproc = value,
            _ => {}
        }
        i += step;
    }
    c.remember("torchrun", 1.0);
    // `--nnodes=MIN:MAX` (elastic): the job may start with MIN.
    match nnodes
        .as_deref()
        .map(|v| v.split(':').next().and_then(first_number))
    {
        Some(Some(n)) if n >= 1.0 => c.remember("nnodes", n),
        Some(_) => c.unused("--nnodes without a count: the GPUs keep their value"),
        None => {}
    }
    if let Some(v) = nproc.as_deref() {
        match first_number(v).filter(|n| *n >= 1.0) {
            Some(n) => c.remember("nproc", n),
            None => c.unused(format!(
                "--nproc-per-node {v}: torchrun counts the node's devices itself; gpus_per_node keeps its value"
            )),
        }
    }
}

// ---- FSDP ----

fn fsdp_call(c: &mut Ctx, l: &str) {
    if comment(l) {
        return;
    }
    // `FSDP(` inside `FullyShardedDataParallel(` is not there; `MyFSDP(` or `_FSDP(` is no call.
    if let Some(at) = l.find("FSDP(") {
        if l[..at]
            .chars()
            .next_back()
            .is_some_and(|ch| ch.is_alphanumeric() || ch == '_')
            && !l.contains("FullyShardedDataParallel(")
        {
            return;
        }
    }
    c.remember("fsdp", 1.0);
}

/// The zero stage and sharding group of a ShardingStrategy / FSDPOption name.
fn strategy(name: &str) -> Option<(&'static str, &'static str)> {
    Some(match name.to_ascii_uppercase().trim_start_matches('_') {
        "FULL_SHARD" => ("3", "full"),
        "HYBRID_SHARD" => ("3", "hybrid"),
        "SHARD_GRAD_OP" => ("2", "full"),
        "HYBRID_SHARD_ZERO2" => ("2", "hybrid"),
        "NO_SHARD" => ("0", "full"),
        _ => return None,
    })
}

fn sharding_strategy(c: &mut Ctx, l: &str) {
    if comment(l) {
        return;
    }
    let Some(at) = l.find("ShardingStrategy.") else {
        return;
    };
    let name: String = l[at + "ShardingStrategy.".len()..]
        .chars()
        .take_while(|ch| ch.is_ascii_alphanumeric() || *ch == '_')
        .collect();
    match strategy(&name) {
        Some((z, sh)) => {
            c.remember_text("zero", z);
            c.remember_text("sharding", sh);
        }
        None => c.unused(format!(
            "ShardingStrategy.{name} is not one of torch/distributed/fsdp/api.py's strategies"
        )),
    }
}

fn cpu_offload(c: &mut Ctx, l: &str) {
    if comment(l) {
        return;
    }
    let on = l.replace(' ', "").contains("offload_params=True");
    c.remember_text("offload", if on { "all" } else { "none" });
}

/// `torch.bfloat16` / `torch.float16` (also `torch.half`) in the text after `from`.
fn torch_dtype(l: &str) -> Option<&'static str> {
    if l.contains("torch.bfloat16") {
        Some("bf16")
    } else if l.contains("torch.float16") || l.contains("torch.half") {
        Some("fp16")
    } else if l.contains("torch.float32") || l.contains("torch.float)") {
        Some("fp32")
    } else {
        None
    }
}

fn mixed_precision(c: &mut Ctx, l: &str) {
    if comment(l) {
        return;
    }
    let at = l.find("param_dtype").unwrap_or(l.len());
    match torch_dtype(&l[at..]) {
        Some(d) => {
            c.remember_text("dtype", d);
            c.remember_text("mixed", "on");
        }
        None => c.unused("MixedPrecision without a 16-bit param_dtype: dtype keeps its value"),
    }
}

fn cast(c: &mut Ctx, l: &str) {
    if comment(l) || !l.contains("model") {
        return;
    }
    if let Some(d) = torch_dtype(l) {
        c.remember_text("cast", d);
    }
}

fn checkpointing(c: &mut Ctx, l: &str) {
    if comment(l) {
        return;
    }
    c.remember_text("recompute", "full");
}

// ---- Hugging Face TrainingArguments ----

fn training_arguments(c: &mut Ctx, l: &str) {
    if comment(l) {
        return;
    }
    c.remember("hf_call", 1.0);
    c.remember("hf", 1.0);
}

/// A field of TrainingArguments' own: the first such line anchors mode and framework, unless
/// the `TrainingArguments(` line does.
fn hf_seen(c: &mut Ctx) {
    if !c.seen.contains_key("hf") {
        c.remember("hf", 1.0);
    }
}

/// The value of `key` on the line as a keyword argument (`key=8,`), a JSON member
/// (`"key": 8,`) or a YAML entry (`key: 8`): a quoted string's contents, a list's items joined
/// by spaces, else the text up to `,`, `)`, `}` or a comment. None: the line does not set it.
fn field_value(l: &str, key: &str) -> Option<String> {
    let mut from = 0;
    while let Some(i) = l[from..].find(key) {
        let at = from + i;
        from = at + key.len();
        let before = l[..at].chars().next_back();
        if before.is_some_and(|ch| ch.is_alphanumeric() || ch == '_') {
            continue;
        }
        let rest = l[from..].trim_start_matches(['"', '\'']).trim_start();
        let Some(rest) = rest.strip_prefix(['=', ':']) else {
            continue;
        };
        let rest = rest.trim_start();
        let v = if let Some(q) = rest.strip_prefix(['"', '\'']) {
            let close = rest.as_bytes()[0] as char;
            q.split(close).next().unwrap_or("").to_string()
        } else if let Some(list) = rest.strip_prefix('[') {
            list.split(']')
                .next()
                .unwrap_or("")
                .split(',')
                .map(|x| x.trim().trim_matches(['"', '\'']))
                .filter(|x| !x.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        } else {
            rest.split([',', ')', '}', '#'])
                .next()
                .unwrap_or("")
                .trim()
                .to_string()
        };
        return Some(v);
    }
    None
}

fn truth(v: &str) -> Option<bool> {
    match v.to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" => Some(true),
        "false" | "0" | "no" | "none" | "null" => Some(false),
        _ => None,
    }
}

/// transformers' OptimizerNames (training_args.py) as the `optimizer` key (with the paged
/// 8-bit state of bitsandbytes), None: a name no optimizer of the estimate counts.
fn optimizer(name: &str) -> Option<(&'static str, bool)> {
    Some(match name {
        "adamw_torch"
        | "adamw_torch_fused"
        | "adamw_hf"
        | "adamw_apex_fused"
        | "adamw_torch_xla"
        | "adamw_torch_npu_fused"
        | "paged_adamw_32bit" => ("adamw", false),
        "adamw_bnb_8bit" | "adamw_8bit" => ("adam8bit", false),
        "paged_adamw_8bit" => ("adam8bit", true),
        "adafactor" => ("adafactor", false),
        "lion_32bit" | "paged_lion_32bit" => ("lion", false),
        "sgd" => ("sgd", false),
        _ => return None,
    })
}

/// A line read but not used, once: a line holding several fields (a JSON object on one line)
/// is read by each field's row.
fn unused_once(c: &mut Ctx, why: String) {
    if !c.reading.unused.iter().any(|u| u.why == why) {
        c.unused(why);
    }
}

fn hf_field(c: &mut Ctx, l: &str) {
    if comment(l) {
        return;
    }
    let get = |k: &str| field_value(l, k);
    if let Some(v) = get("per_device_train_batch_size") {
        hf_seen(c);
        match first_number(&v).filter(|n| *n >= 1.0) {
            Some(n) => c.remember("hf_batch", n),
            None => unused_once(
                c,
                format!("per_device_train_batch_size {v}: batch keeps its value"),
            ),
        }
    }
    if let Some(n) = get("gradient_accumulation_steps")
        .as_deref()
        .and_then(first_number)
        .filter(|n| *n >= 1.0)
    {
        c.remember("hf_accumulation", n);
    }
    if let Some(b) = get("gradient_checkpointing").as_deref().and_then(truth) {
        hf_seen(c);
        c.remember_text("hf_recompute", if b { "full" } else { "none" });
    }
    for (k, d) in [("bf16", "bf16"), ("fp16", "fp16")] {
        if get(k).as_deref().and_then(truth) == Some(true) {
            c.remember_text("hf_dtype", d);
        }
    }
    if let Some(v) = get("optim") {
        hf_seen(c);
        match optimizer(&v) {
            Some((o, paged)) => {
                c.remember_text("hf_optim", o);
                c.remember_text("hf_paged", if paged { "on" } else { "off" });
            }
            None => unused_once(c, format!(
                "optim={v}: an optimizer whose states the estimate does not count; optimizer keeps its value"
            )),
        }
    }
    if let Some(v) = get("fsdp") {
        let words: Vec<&str> = v.split_whitespace().collect();
        let shard = words.iter().find_map(|w| strategy(w));
        match shard {
            Some((z, sh)) => {
                c.remember_text("hf_zero", z);
                c.remember_text("hf_sharding", sh);
                let off = if words.contains(&"offload") {
                    "all"
                } else {
                    "none"
                };
                c.remember_text("hf_offload", off);
            }
            // `fsdp=""`, `"fsdp": []`: no FSDP (a plain DDP run unless deepspeed is set).
            None if words.is_empty() => c.remember_text("hf_plain", "fsdp"),
            None => unused_once(
                c,
                format!(
                "fsdp={v}: no sharding option of trainer_utils.py FSDPOption; zero keeps its value"
            ),
            ),
        }
    }
    if let Some(v) = get("deepspeed") {
        if truth(&v) == Some(false) || v.is_empty() {
            c.remember_text("hf_plain", "deepspeed");
        } else {
            c.remember_text("hf_ds", &v);
            unused_once(c, format!(
                "deepspeed={v}: the ZeRO stage and offload are in that file; paste it to read them (zero and offload keep their values)"
            ));
        }
    }
}

// ---- what the lines give ----

fn finish(c: &mut Ctx) {
    let num = |c: &Ctx, k: &str| c.seen.get(k).cloned();
    let text = |c: &Ctx, k: &str| c.texts.get(k).cloned();
    let fill_text = |c: &mut Ctx, key: F, k: &str| {
        if let Some((v, line, t)) = c.texts.get(k).cloned() {
            c.fill_at(key, v, line, t);
        }
    };
    // torchrun: every node runs --nproc-per-node processes, one GPU each.
    if let Some((_, line, t)) = num(c, "torchrun") {
        c.fill_at(F::Mode, "train", line, t);
        let nodes = num(c, "nnodes").map_or(1.0, |n| n.0);
        if let Some((per, line, t)) = num(c, "nproc") {
            c.fill_at(F::GpusPerNode, plain(per, 0), line, t.clone());
            c.fill_at(F::Gpus, plain(per * nodes, 0), line, t);
        }
    }
    // FullyShardedDataParallel(...): FULL_SHARD and no offload unless stated (the
    // constructor's defaults).
    if let Some((_, line, t)) = num(c, "fsdp") {
        c.fill_at(F::Mode, "train", line, t.clone());
        c.fill_at(F::Framework, "fsdp", line, t.clone());
        match (text(c, "zero"), text(c, "sharding")) {
            (Some(z), Some(sh)) => {
                c.fill_at(F::Zero, z.0, z.1, z.2);
                c.fill_at(F::Sharding, sh.0, sh.1, sh.2);
            }
            _ => {
                c.fill_at(F::Zero, "3", line, t.clone());
                c.fill_at(F::Sharding, "full", line, t.clone());
            }
        }
        match text(c, "offload") {
            Some(o) => c.fill_at(F::Offload, o.0, o.1, o.2),
            None => c.fill_at(F::Offload, "none", line, t.clone()),
        }
        if text(c, "dtype").is_some() {
            fill_text(c, F::Dtype, "dtype");
            fill_text(c, F::Mixed, "mixed");
        } else if let Some((d, line, t)) = text(c, "cast") {
            c.fill_at(F::Dtype, d, line, t.clone());
            c.fill_at(F::Mixed, "off", line, t);
        }
        // FSDP checkpoints nothing unless asked (apply_activation_checkpointing).
        match text(c, "recompute") {
            Some(r) => c.fill_at(F::Recompute, r.0, r.1, r.2),
            None => c.fill_at(F::Recompute, "none", line, t.clone()),
        }
    }
    // TrainingArguments: only with a field of its own (a DeepSpeed config also names
    // gradient_accumulation_steps and bf16).
    if let Some((_, line, t)) = num(c, "hf") {
        c.fill_at(F::Mode, "train", line, t.clone());
        c.fill_at(F::Framework, "hf_trainer", line, t.clone());
        if let Some((n, line, t)) = num(c, "hf_batch") {
            c.fill_at(F::Batch, plain(n, 0), line, t);
        }
        if let Some((n, line, t)) = num(c, "hf_accumulation") {
            c.fill_at(F::MicroBatches, plain(n, 0), line, t);
        }
        fill_text(c, F::Recompute, "hf_recompute");
        fill_text(c, F::Dtype, "hf_dtype");
        fill_text(c, F::Optimizer, "hf_optim");
        fill_text(c, F::PagedOptimizer, "hf_paged");
        if text(c, "hf_zero").is_some() {
            fill_text(c, F::Zero, "hf_zero");
            fill_text(c, F::Sharding, "hf_sharding");
            fill_text(c, F::Offload, "hf_offload");
        } else if text(c, "hf_ds").is_none() {
            let (l2, t2) = text(c, "hf_plain").map_or((line, t), |p| (p.1, p.2));
            c.fill_at(F::Zero, "0", l2, t2.clone());
            c.fill_at(F::Offload, "none", l2, t2);
        }
    }
    // A line of this tool that filled nothing (a DeepSpeed config's gradient_accumulation_steps,
    // a log mentioning fp16) leaves nothing named either.
    if c.reading.filled.is_empty() {
        c.reading.unused.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::field_value;

    #[test]
    fn a_field_reads_as_a_keyword_json_or_yaml() {
        assert_eq!(
            field_value("    optim=\"adamw_torch\",", "optim").as_deref(),
            Some("adamw_torch")
        );
        assert_eq!(
            field_value("  \"optim\": \"sgd\",", "optim").as_deref(),
            Some("sgd")
        );
        assert_eq!(
            field_value("fsdp: full_shard auto_wrap", "fsdp").as_deref(),
            Some("full_shard auto_wrap")
        );
        assert_eq!(
            field_value("fsdp=[\"full_shard\", \"offload\"],", "fsdp").as_deref(),
            Some("full_shard offload")
        );
        assert_eq!(field_value("bf16=True,", "bf16").as_deref(), Some("True"));
        // A name inside another (optim_args, fsdp_config) is not the field.
        assert_eq!(field_value("optim_args=\"x=1\"", "optim"), None);
        assert_eq!(field_value("\"fsdp_config\": {}", "fsdp"), None);
        assert_eq!(field_value("tf32_fp16=1", "fp16"), None);
    }
}
