//! SGLang start-up logs (`python -m sglang.launch_server`, v0.3 to v0.5): the weights loaded
//! ("Load weight end … mem usage"), the KV pool ("KV Cache is allocated. #tokens: …" and the
//! scheduler's `max_total_num_tokens=`), CUDA-graph memory, and the settings of the
//! `server_args=ServerArgs(…)` line. SGLang's "GB" is 2^30 bytes everywhere it prints memory
//! (`GB = 1024 * 1024 * 1024` in `mem_cache/memory_pool.py`; `get_available_gpu_memory` in
//! `srt/utils.py` divides by `1 << 30`), so every size here is binary.
//!
//! SGLang prints no version of its own at start-up: the version named ("0.5-era") is the format of the lines
//! seen (`Load weight end. elapsed=` and `available_gpu_mem=` are v0.5's; `mem usage=` without
//! `elapsed=` v0.4's; neither, v0.3's).
//!
//! The launch command itself (`python -m sglang.launch_server --model-path … --tp-size …`, as
//! `memcalc --emit sglang` writes it, bare or after `srun` in an sbatch script; issue 40,
//! h-sglang) is read with SGLang's own argument names: every `--flag-name` is the `ServerArgs`
//! dataclass field `flag_name` (python/sglang/srt/server_args.py, sgl-project/sglang commit
//! 001067f: "The primary CLI flag is auto-derived from the field name (`tp_size` →
//! `--tp-size`). Use `aliases` for longer alternate names (`aliases=[\"--tensor-parallel-size\"]`)";
//! `model_path` takes `--model`; v0.4–v0.5's `add_cli_args` declared the same pairs by hand:
//! `--tensor-parallel-size`/`--tp-size`, `--pipeline-parallel-size`/`--pp-size`,
//! `--data-parallel-size`/`--dp-size`, `--expert-parallel-size`/`--ep-size`/`--ep`), so the
//! command and the `server_args=ServerArgs(…)` line give the same keys.

use super::vllm::{set_dtype, set_quant};
use super::{first_number, number_after, plain, size_after, Ctx, Figure, Recogniser, Row};
use crate::base::keys::FieldId as F;

pub(crate) static RECOGNISER: Recogniser = Recogniser { rows: ROWS, finish };

const ROWS: &[Row] = &[
    Row {
        marker: "server_args=ServerArgs(",
        prints: "python/sglang/srt/entrypoints/engine.py _launch_subprocesses (v0.4.1+; python/sglang/srt/server.py launch_server before): logger.info(f\"{server_args=}\"), the dataclass's repr",
        read: server_args,
    },
    Row {
        marker: "Load weight end.",
        prints: "python/sglang/srt/model_executor/model_runner.py load_model: \"Load weight end. [elapsed=%.2f s, ]type=…, dtype=…, avail mem=%.2f GB[, mem usage=%.2f GB].\" (mem usage since v0.4; elapsed since v0.5)",
        read: weights,
    },
    Row {
        marker: "KV Cache is allocated.",
        prints: "python/sglang/srt/mem_cache/memory_pool.py MHATokenToKVPool.__init__ (\"KV Cache is allocated. #tokens: %d, K size: %.2f GB, V size: %.2f GB\") and MLATokenToKVPool.__init__ (\"… #tokens: %d, KV size: %.2f GB\"), v0.4.4+",
        read: kv_allocated,
    },
    Row {
        marker: "max_total_num_tokens=",
        prints: "python/sglang/srt/managers/scheduler.py Scheduler.__init__ (v0.4+; tp_worker.py / model_rpc.py before): \"max_total_num_tokens=%d, chunked_prefill_size=%d, max_prefill_tokens=%d, max_running_requests=%d, context_len=%d[, available_gpu_mem=%.2f GB]\"",
        read: scheduler,
    },
    // Issue 40 (h-sglang): the launch command read back.
    Row {
        marker: "sglang.launch_server",
        prints: "the `python -m sglang.launch_server` command line (python/sglang/launch_server.py; flag names from python/sglang/srt/server_args.py ServerArgs, commit 001067f: `--field-name` for each field `field_name`, with its aliases)",
        read: command,
    },
    // Issue 40 (h-launch): the captured batch sizes, named in the CUDA-graph note.
    Row {
        marker: "Capture cuda graph bs [",
        prints: "python/sglang/srt/model_executor/cuda_graph_runner.py CudaGraphRunner.__init__ (v0.4+; commit 0021673): rank0_log(f\"Capture cuda graph bs {self.capture_bs}\")",
        read: graph_sizes,
    },
    Row {
        marker: "Capture cuda graph end.",
        prints: "python/sglang/srt/model_executor/model_runner.py init_cuda_graphs (v0.4+): \"Capture cuda graph end. Time elapsed: %.2f s. mem usage=%.2f GB. avail mem=%.2f GB.\"",
        read: graphs,
    },
];

/// The value of `key=` in a `ServerArgs(…)` repr or the scheduler's line: up to the next `, `
/// at the top level, quotes removed (`None` is returned as it is written).
fn field(l: &str, key: &str) -> Option<String> {
    let pat = format!("{key}=");
    let mut from = 0;
    let at = loop {
        let i = from + l.get(from..)?.find(&pat)?;
        // A whole key: preceded by `(`, a space or the line's start.
        let before = l[..i].chars().next_back();
        if matches!(before, None | Some('(') | Some(' ') | Some(',') | Some(']')) {
            break i + pat.len();
        }
        from = i + pat.len();
    };
    let rest = &l[at..];
    let value = if let Some(q) = rest.strip_prefix('\'') {
        q.split('\'').next().unwrap_or("").to_string()
    } else {
        rest.split([',', ')'])
            .next()
            .unwrap_or("")
            .trim()
            .to_string()
    };
    Some(value)
}

fn server_args(c: &mut Ctx, l: &str) {
    c.starts += 1;
    if !c.texts.contains_key("format") {
        // v0.5 added the tokenizer workers; a later line's format wins.
        let f = if l.contains("tokenizer_worker_num=") {
            "0.5-era"
        } else if l.contains("page_size=") {
            "0.4-era"
        } else {
            "0.3-era"
        };
        c.remember_text("format", f);
    }
    settings(c, &|k: &str| field(l, k));
    if let Some(n) = field(l, "max_running_requests").and_then(|v| first_number(&v)) {
        c.remember("max_running_requests", n);
    }
    if !l.trim_end().ends_with(')') {
        c.note("The SGLang server_args line is cut (it does not end with its closing parenthesis): only the settings before the cut were read");
    }
}

/// The settings `ServerArgs` fields give, by field name: the `server_args=ServerArgs(…)` line's
/// and the launch command's (each `--flag-name` its field `flag_name`).
fn settings(c: &mut Ctx, field: &dyn Fn(&str) -> Option<String>) {
    if let Some(m) = field("model_path") {
        set_model(c, &m);
    }
    let number = |k: &str| field(k).and_then(|v| first_number(&v));
    if let Some(n) = number("tp_size") {
        c.fill(F::Tp, plain(n, 0));
    }
    if let Some(n) = number("pp_size").filter(|n| *n > 1.0) {
        c.fill(F::Pp, plain(n, 0));
    }
    if let Some(n) = number("mem_fraction_static") {
        // --mem-fraction-static is the share `gpu_util` holds for engine=sglang.
        c.fill(F::GpuUtil, plain(n, 3));
    }
    if let Some(n) = number("context_length") {
        c.fill(F::Seq, plain(n, 0));
    }
    if let Some(n) = number("chunked_prefill_size").filter(|n| *n > 0.0) {
        c.fill(F::MaxBatchedTokens, plain(n, 0));
    }
    if let Some(d) = field("dtype") {
        set_dtype(c, &d);
    }
    if let Some(k) = field("kv_cache_dtype") {
        set_kv(c, &k);
    }
    if let Some(q) = field("quantization") {
        set_quant(c, &q);
    }
    if field("disable_cuda_graph").as_deref() == Some("True") {
        c.fill(F::CudaGraphs, "off");
    }
}

/// The `ServerArgs` field a command-line flag sets: the flag without its dashes, `-` → `_`,
/// the aliases named to their fields (server_args.py; `--tp` is argparse's abbreviation of
/// `--tp-size`, which argparse's default `allow_abbrev` accepts while no other flag starts so).
fn flag_field(flag: &str) -> String {
    match flag {
        "--model" => "model_path".into(),
        "--tensor-parallel-size" | "--tp" => "tp_size".into(),
        "--pipeline-parallel-size" => "pp_size".into(),
        "--data-parallel-size" => "dp_size".into(),
        "--expert-parallel-size" | "--ep" => "ep_size".into(),
        f => f.trim_start_matches('-').replace('-', "_"),
    }
}

/// Whether a flag takes a value: SGLang's switches are `store_true` booleans (`--disable-…`,
/// `--enable-…`, `--trust-remote-code`, `--skip-…`); the rest take one.
fn takes_value(flag: &str) -> bool {
    !(flag.starts_with("--disable-")
        || flag.starts_with("--enable-")
        || flag.starts_with("--skip-")
        || flag == "--trust-remote-code")
}

/// `python -m sglang.launch_server --model-path MODEL --tp-size 2 …` (also `python3`, and after
/// `srun` in a batch script): the same fields as the `ServerArgs(…)` line, and the sequences a
/// step may hold (`--max-running-requests`, which `memcalc --emit sglang` writes from
/// max_num_seqs), the replicas (`--dp-size`: gpus = tp × pp × dp) and the expert ranks
/// (`--ep-size`).
fn command(c: &mut Ctx, l: &str) {
    // A comment naming the program (the notes above the command) is no command.
    if l.trim_start().starts_with('#') {
        return;
    }
    let w = super::launch::words(l);
    let Some(at) = w
        .iter()
        .position(|x| x == "sglang.launch_server" || x.ends_with("/sglang/launch_server.py"))
    else {
        return;
    };
    c.starts = c.starts.max(1);
    c.launch = true;
    let args: Vec<(String, String)> = super::launch::options(&w[at + 1..], takes_value)
        .into_iter()
        .map(|(o, v)| (flag_field(&o), v.unwrap_or_else(|| "True".into())))
        .collect();
    let get = |k: &str| {
        args.iter()
            .rev()
            .find(|(f, _)| f == k)
            .map(|(_, v)| v.clone())
    };
    settings(c, &get);
    let number = |k: &str| get(k).and_then(|v| first_number(&v));
    if let Some(n) = number("max_running_requests").filter(|n| *n >= 1.0) {
        c.fill(F::MaxNumSeqs, plain(n, 0));
    }
    if let Some(dp) = number("dp_size").filter(|n| *n > 1.0) {
        let tp = number("tp_size").unwrap_or(1.0).max(1.0);
        let pp = number("pp_size").unwrap_or(1.0).max(1.0);
        c.fill(F::Gpus, plain(tp * pp * dp, 0));
    }
    if let Some(n) = number("ep_size").filter(|n| *n > 1.0) {
        c.fill(F::Ep, plain(n, 0));
    }
}

fn weights(c: &mut Ctx, l: &str) {
    c.remember_text(
        "format",
        if l.contains("elapsed=") {
            "0.5-era"
        } else if l.contains("mem usage=") {
            "0.4-era"
        } else {
            "0.3-era"
        },
    );
    if let Some(d) = field(l, "dtype") {
        set_dtype(c, &d);
    }
    match size_after(l, "mem usage=", true) {
        Some(b) => c.log(Figure::Weights, b),
        None => c.unused("SGLang before v0.4 prints only the memory left after loading, not what the weights took"),
    }
}

fn kv_allocated(c: &mut Ctx, l: &str) {
    if let Some(n) = number_after(l, "#tokens:") {
        c.log(Figure::KvTokens, n as u64);
    }
    let k = size_after(l, "K size:", true);
    let v = size_after(l, "V size:", true);
    let kv = size_after(l, "KV size:", true);
    // "KV size:" contains "V size:": the MLA line gives the one latent buffer.
    let bytes = match (kv, k) {
        (Some(b), _) => Some(b),
        (None, Some(k)) => v.map(|v| k.saturating_add(v)),
        _ => None,
    };
    if let Some(b) = bytes {
        c.log(Figure::KvBytes, b);
    }
}

fn scheduler(c: &mut Ctx, l: &str) {
    if let Some(n) = number_after(l, "max_total_num_tokens=") {
        c.log(Figure::KvTokens, n as u64);
    }
    if let Some(n) = field(l, "context_len").and_then(|v| first_number(&v)) {
        c.fill(F::Seq, plain(n, 0));
    }
    if let Some(n) = field(l, "chunked_prefill_size")
        .and_then(|v| first_number(&v))
        .filter(|n| *n > 0.0)
    {
        c.fill(F::MaxBatchedTokens, plain(n, 0));
    }
    if l.contains("available_gpu_mem=") {
        c.remember_text("format", "0.5-era");
    }
}

fn graphs(c: &mut Ctx, l: &str) {
    if let Some(b) = size_after(l, "mem usage=", true) {
        c.log(Figure::CudaGraphs, b);
    }
}

/// `Capture cuda graph bs [1, 2, 3, …, 48]`: what the CUDA-graph figure holds that the estimate
/// does not model, said with the log's own sizes. Each captured size's output — its FP32
/// logits, batch × vocabulary × 4 B — stays alive in the graphs' shared memory pool
/// (cuda_graph_runner.py `capture`: `self.output_buffers[bs] = output_buffers` for every size,
/// captured with `torch.cuda.graph(graph, pool=global_graph_memory_pool)`; commit 0021673;
/// python/sglang/srt/layers/logits_processor.py `_get_logits`: `logits[:, :
/// self.config.vocab_size].float()`, commit 5993251), so the pool holds the sum over the sizes
/// while the estimate counts the largest size's working set.
fn graph_sizes(c: &mut Ctx, l: &str) {
    let list = l
        .split("graph bs [")
        .nth(1)
        .and_then(|r| r.split(']').next())
        .unwrap_or("");
    let sizes: Vec<u64> = list
        .split(',')
        .filter_map(|w| w.trim().parse().ok())
        .collect();
    let (Some(min), Some(max)) = (sizes.iter().min(), sizes.iter().max()) else {
        return c.unused("no batch size in the list");
    };
    let sum: u64 = sizes.iter().sum();
    c.note(format!(
        "SGLang captured CUDA graphs for {} batch sizes ({min} to {max}, together {sum} sequences) and keeps each size's FP32 logits in the graphs' shared memory pool ({sum} × the vocabulary × 4 B: cuda_graph_runner.py keeps output_buffers[bs] for every size; logits_processor.py casts the logits with .float()). The estimate does not model that: its CUDA-graph row is the largest size's working set, a lower bound of the logged figure",
        sizes.len()
    ));
}

/// A model path: a catalog id as written, or a local path holding one (`…/Qwen/Qwen3-4B/<hash>/`,
/// the Hugging Face cache's `models--Qwen--Qwen3-4B`); otherwise as written, which the form
/// refuses with its reason when the catalog lacks it.
fn set_model(c: &mut Ctx, m: &str) {
    let m = m.trim().trim_matches('\'');
    if m.is_empty() {
        return;
    }
    if crate::catalog::model_by_id(m).is_some() {
        c.fill(F::ModelId, m.to_string());
        return;
    }
    let parts: Vec<&str> = m.split('/').filter(|p| !p.is_empty()).collect();
    for p in &parts {
        if let Some(rest) = p.strip_prefix("models--") {
            let id = rest.replacen("--", "/", 1);
            if crate::catalog::model_by_id(&id).is_some() {
                c.fill(F::ModelId, id);
                return;
            }
        }
    }
    for w in parts.windows(2).rev() {
        let id = format!("{}/{}", w[0], w[1]);
        if crate::catalog::model_by_id(&id).is_some() {
            c.fill(F::ModelId, id);
            return;
        }
    }
    c.fill(F::ModelId, m.to_string());
}

fn set_kv(c: &mut Ctx, k: &str) {
    match k.trim() {
        "auto" | "None" | "" => {}
        "fp8_e4m3" | "fp8_e5m2" | "fp8" => c.fill(F::KvDtype, "fp8"),
        other => c.unused(format!(
            "kv_cache_dtype '{other}' is not a cache precision the estimate knows"
        )),
    }
}

fn finish(c: &mut Ctx) {
    if let Some((f, _, _)) = c.texts.get("format") {
        c.version = f.clone();
    }
    let line = c
        .reading
        .logged
        .first()
        .map(|l| (l.line, l.text.clone()))
        .or_else(|| c.reading.filled.first().map(|f| (f.line, f.text.clone())));
    if let Some((n, t)) = line {
        c.fill_at(F::Mode, "infer", n, t.clone());
        c.fill_at(F::Engine, "sglang", n, t);
    }
    let has = |f: Figure| c.reading.logged.iter().any(|l| l.figure == f);
    if has(Figure::Weights) && !(has(Figure::KvTokens) || has(Figure::KvBytes)) {
        c.note("The SGLang log stops before the KV cache is allocated (no \"KV Cache is allocated\" or \"max_total_num_tokens\" line): truncated, or the server failed there");
    }
    if c.seen.contains_key("max_running_requests") {
        c.reading.unused.push(super::Unused {
            line: c.seen["max_running_requests"].1,
            text: c.seen["max_running_requests"].2.clone(),
            why: "max_running_requests caps the requests SGLang runs at once; the estimate has no key for it (its KV pool does not depend on it)".to_string(),
        });
    }
}
