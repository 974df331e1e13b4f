//! vLLM start-up logs, V0 and V1 engines (0.4 to 0.11): the weights, the memory profile, the
//! KV pool in bytes, blocks and tokens, the maximum concurrency, CUDA-graph memory, and the
//! settings from the engine's config line, its non-default arguments or the `vllm serve`
//! command. vLLM's "GB" in "Loading model weights took" is 2^30 bytes
//! (`self.model_memory_usage / float(2**30)`), so every size here is binary.

use super::{first_number, number_after, numbers, plain, size_after, Ctx, Figure, Recogniser, Row};
use crate::base::keys::FieldId as F;

pub(crate) static RECOGNISER: Recogniser = Recogniser { rows: ROWS, finish };

const ROWS: &[Row] = &[
    Row {
        marker: "Loading model weights took",
        prints: "vllm/worker/model_runner.py load_model (V0, v0.4–v0.10: \"Loading model weights took %.4f GB\"); vllm/v1/worker/gpu_model_runner.py load_model (V1, v0.7+; \"GiB\" since v0.9)",
        read: weights_took,
    },
    Row {
        marker: "model weights take",
        prints: "vllm/worker/worker.py determine_num_available_blocks (v0.6.5–v0.10: the memory profile, one key per line in v0.6.5, one sentence since v0.6.6)",
        read: profile,
    },
    Row {
        marker: "non_torch_memory",
        prints: "vllm/worker/worker.py determine_num_available_blocks (v0.6.5–v0.10)",
        read: profile,
    },
    Row {
        marker: "PyTorch activation peak memory",
        prints: "vllm/worker/worker.py determine_num_available_blocks (v0.6.5–v0.10)",
        read: profile,
    },
    Row {
        marker: "available_kv_cache_memory",
        prints: "vllm/worker/worker.py determine_num_available_blocks (v0.6.5)",
        read: profile,
    },
    Row {
        marker: "total_gpu_memory",
        prints: "vllm/worker/worker.py determine_num_available_blocks (v0.6.5–v0.10)",
        read: total_memory,
    },
    Row {
        marker: "Available KV cache memory:",
        prints: "vllm/v1/worker/gpu_worker.py determine_available_memory (V1, v0.8+)",
        read: available_kv,
    },
    Row {
        marker: "# GPU blocks:",
        prints: "vllm/executor/executor_base.py initialize_cache (V0: \"# GPU blocks: %d, # CPU blocks: %d\"); vllm/v1/core/kv_cache_utils.py (V1 v0.7)",
        read: blocks,
    },
    Row {
        marker: "# CUDA blocks:",
        prints: "vllm/executor/executor_base.py initialize_cache (V0 v0.7: \"# %s blocks: %d\" with the platform's name)",
        read: blocks,
    },
    Row {
        marker: "GPU KV cache size:",
        prints: "vllm/v1/core/kv_cache_utils.py get_kv_cache_config / _report_kv_cache_config (V1, v0.8+)",
        read: kv_tokens,
    },
    Row {
        marker: "Maximum concurrency for",
        prints: "vllm/executor/executor_base.py (V0 v0.6.4+) and vllm/v1/core/kv_cache_utils.py (V1): \"Maximum concurrency for %s tokens per request: %.2fx\"",
        read: concurrency,
    },
    Row {
        marker: "Graph capturing finished",
        prints: "vllm/worker/model_runner.py capture_model (V0) and vllm/v1/worker/gpu_model_runner.py capture_model (V1): \"Graph capturing finished in %.0f secs, took %.2f GiB\"",
        read: graphs,
    },
    Row {
        marker: "LLM engine (v",
        prints: "vllm/engine/llm_engine.py __init__ (V0: \"Initializing an LLM engine (v%s) with config: …\") and vllm/v1/engine/core.py (V1: \"Initializing a V1 LLM engine (v%s) with config: …\")",
        read: engine_config,
    },
    Row {
        marker: "vLLM API server version",
        prints: "vllm/entrypoints/openai/api_server.py run_server (\"vLLM API server version %s\")",
        read: server_version,
    },
    Row {
        marker: "non-default args:",
        prints: "vllm/entrypoints/utils.py log_non_default_args (v0.10+: \"non-default args: {…}\")",
        read: non_default,
    },
    Row {
        marker: "vllm serve ",
        prints: "the `vllm serve` command line (vllm/entrypoints/cli/serve.py; flag names from vllm/engine/arg_utils.py)",
        read: command,
    },
    // Timing lines (issue 40, log/timing.rs).
    Row {
        marker: "Avg generation throughput:",
        prints: "vllm/engine/metrics.py LoggingStatLogger.log (V0, 0.4–0.10: \"Avg prompt throughput: %.1f tokens/s, Avg generation throughput: %.1f tokens/s, Running: %d reqs, …\"; vllm/engine/llm_engine.py _log_system_stats before 0.4) and vllm/v1/metrics/loggers.py LoggingStatLogger.log (V1: \"Engine %03d: Avg prompt throughput: … Running: %d reqs, Waiting: %d reqs, …\")",
        read: metrics,
    },
    Row {
        marker: "output tokens/s",
        prints: "benchmarks/benchmark_throughput.py main (0.5–0.9: \"Throughput: %.2f requests/s, %.2f total tokens/s, %.2f output tokens/s\") and vllm/benchmarks/throughput.py (`vllm bench throughput`, 0.9+)",
        read: bench_throughput,
    },
    Row {
        marker: "Output token throughput (tok/s):",
        prints: "benchmarks/benchmark_serving.py and vllm/benchmarks/serve.py (`vllm bench serve`): \"{:<40} {:<10.2f}\".format(\"Output token throughput (tok/s):\", …)",
        read: bench_serve,
    },
];

/// A metrics interval: the one with the most generated tokens per second is checked, preferring
/// intervals that ran no prefill (their rate is the decode's alone).
fn metrics(c: &mut Ctx, l: &str) {
    let (Some(gen), Some(running)) = (
        number_after(l, "Avg generation throughput:"),
        number_after(l, "Running:"),
    ) else {
        return;
    };
    if gen <= 0.0 || running < 1.0 {
        return;
    }
    let pure = number_after(l, "Avg prompt throughput:").is_some_and(|p| p == 0.0);
    let score = gen + if pure { 1e12 } else { 0.0 };
    if c.seen.get("gen_score").is_some_and(|v| v.0 >= score) {
        return;
    }
    c.remember("gen_score", score);
    c.reading
        .logged
        .retain(|x| x.figure != Figure::GenerationRate);
    c.log(Figure::GenerationRate, (gen * 1000.0).round() as u64);
    c.count("running", running as u64);
}

fn bench_throughput(c: &mut Ctx, l: &str) {
    if !l.contains("Throughput:") {
        return;
    }
    let Some(head) = l.split("output tokens/s").next() else {
        return;
    };
    if let Some(v) = head.rsplit(',').next().and_then(super::first_number) {
        c.log(Figure::GenerationRate, (v * 1000.0).round() as u64);
    }
}

fn bench_serve(c: &mut Ctx, l: &str) {
    if let Some(v) = number_after(l, "(tok/s):") {
        c.log(Figure::GenerationRate, (v * 1000.0).round() as u64);
    }
}

fn weights_took(c: &mut Ctx, l: &str) {
    if let Some(b) = size_after(l, "took", true) {
        c.log(Figure::Weights, b);
    }
}

fn profile(c: &mut Ctx, l: &str) {
    if let Some(b) = size_after(l, "model weights take", true) {
        c.log(Figure::Weights, b);
    }
    if let Some(b) = size_after(l, "non_torch_memory", true) {
        c.log(Figure::NonTorch, b);
        // The non-torch memory (CUDA context, NCCL, custom all-reduce) is what `runtime` holds.
        c.fill(
            F::Runtime,
            plain((b as f64 / (1u64 << 20) as f64).round(), 0),
        );
    }
    if let Some(b) = size_after(l, "PyTorch activation peak memory", true) {
        c.log(Figure::ActivationPeak, b);
    }
    if let Some(b) = size_after(l, "available_kv_cache_memory", true)
        .or_else(|| size_after(l, "reserved for KV Cache is", true))
    {
        c.log(Figure::KvBytes, b);
    }
    if l.contains("model weights take") {
        c.remember("profile", 1.0);
    }
}

fn total_memory(c: &mut Ctx, l: &str) {
    if let Some(g) = number_after(l, "total_gpu_memory") {
        // As CUDA reports it (cudaMemGetInfo's total), in GiB: the device's capacity.
        c.fill(F::GpuMem, plain(g, 2));
    }
    if let Some(u) = number_after(l, "gpu_memory_utilization") {
        c.fill(F::GpuUtil, plain(u, 3));
    }
}

fn available_kv(c: &mut Ctx, l: &str) {
    if let Some(b) = size_after(l, "Available KV cache memory:", true) {
        c.log(Figure::KvBytes, b);
    }
}

fn blocks(c: &mut Ctx, l: &str) {
    let marker = if l.contains("# GPU blocks:") {
        "# GPU blocks:"
    } else {
        "# CUDA blocks:"
    };
    if let Some(n) = number_after(l, marker) {
        c.log(Figure::KvBlocks, n as u64);
    }
}

fn kv_tokens(c: &mut Ctx, l: &str) {
    if let Some(n) = number_after(l, "GPU KV cache size:") {
        c.log(Figure::KvTokens, n as u64);
    }
}

fn concurrency(c: &mut Ctx, l: &str) {
    let after = &l[l.find("Maximum concurrency for").unwrap_or(0)..];
    let n = numbers(after);
    if n.len() >= 2 {
        // The request length is the engine's max_model_len: the sequence the pool is sized for.
        c.fill(F::Seq, plain(n[0], 0));
        c.remember("request_tokens", n[0]);
        c.log(Figure::Concurrency, (n[1] * 1000.0).round() as u64);
    }
}

fn graphs(c: &mut Ctx, l: &str) {
    if let Some(b) = size_after(l, "took", true) {
        c.log(Figure::CudaGraphs, b);
    }
}

fn engine_config(c: &mut Ctx, l: &str) {
    c.starts += 1;
    if let Some(v) = l
        .split("engine (v")
        .nth(1)
        .and_then(|s| s.split(')').next())
    {
        c.version = v.to_string();
    }
    if l.contains("V1 LLM engine") {
        c.remember_text("engine", "V1");
    }
    let get = |k: &str| -> Option<String> {
        let at = l.find(&format!(" {k}="))? + k.len() + 2;
        let rest = &l[at..];
        let v: String = rest.chars().take_while(|ch| *ch != ',').collect();
        Some(v.trim().trim_matches('\'').to_string())
    };
    if let Some(m) = get("model") {
        set_model(c, &m);
    }
    if let Some(d) = get("dtype") {
        set_dtype(c, &d);
    }
    if let Some(n) = get("max_seq_len").and_then(|v| first_number(&v)) {
        c.fill(F::Seq, plain(n, 0));
    }
    if let Some(n) = get("tensor_parallel_size").and_then(|v| first_number(&v)) {
        c.fill(F::Tp, plain(n, 0));
        c.remember("tp", n);
    }
    if let Some(n) = get("pipeline_parallel_size").and_then(|v| first_number(&v)) {
        c.remember("pp", n);
        if n > 1.0 {
            c.fill(F::Pp, plain(n, 0));
        }
    }
    if let Some(q) = get("quantization") {
        set_quant(c, &q);
    }
    if let Some(k) = get("kv_cache_dtype") {
        set_kv(c, &k);
    }
    if let Some(e) = get("enforce_eager") {
        if e == "True" {
            c.fill(F::CudaGraphs, "off");
        }
    }
}

fn server_version(c: &mut Ctx, l: &str) {
    c.starts += 1;
    if let Some(v) = l.split("version").nth(1) {
        c.version = v.trim().to_string();
    }
}

/// `non-default args: {'model': 'x', 'max_model_len': 8192, …}` (a Python dict).
fn non_default(c: &mut Ctx, l: &str) {
    let body = l.split("non-default args:").nth(1).unwrap_or("");
    let mut rest = body;
    while let Some(at) = rest.find('\'') {
        let after = &rest[at + 1..];
        let Some(end) = after.find('\'') else { break };
        let key = &after[..end];
        let tail = after[end + 1..].trim_start();
        let Some(tail) = tail.strip_prefix(':') else {
            rest = &after[end + 1..];
            continue;
        };
        let tail = tail.trim_start();
        let (value, next) = if let Some(t) = tail.strip_prefix('\'') {
            let e = t.find('\'').unwrap_or(t.len());
            (t[..e].to_string(), &t[(e + 1).min(t.len())..])
        } else {
            let e = tail.find([',', '}']).unwrap_or(tail.len());
            (tail[..e].trim().to_string(), &tail[e..])
        };
        arg(c, key, &value);
        rest = next;
    }
}

/// `vllm serve MODEL --flag value …`.
fn command(c: &mut Ctx, l: &str) {
    // A comment naming the program (the notes above `memcalc --emit vllm`'s command, issue 40)
    // is no command.
    if l.trim_start().starts_with('#') {
        return;
    }
    c.launch = true;
    let after = l.split("vllm serve ").nth(1).unwrap_or("");
    let words: Vec<&str> = after.split_whitespace().collect();
    let mut i = 0;
    if let Some(m) = words.first().filter(|w| !w.starts_with('-')) {
        set_model(c, m);
        i = 1;
    }
    while i < words.len() {
        let w = words[i];
        if let Some(flag) = w.strip_prefix("--").or_else(|| w.strip_prefix('-')) {
            let (name, inline) = match flag.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (flag, None),
            };
            let key = match name {
                "tp" => "tensor_parallel_size",
                "pp" => "pipeline_parallel_size",
                n => n,
            }
            .replace('-', "_");
            if key == "enforce_eager" {
                arg(c, &key, "True");
                i += 1;
                continue;
            }
            let value = inline.or_else(|| words.get(i + 1).map(|v| v.to_string()));
            if let Some(v) = value {
                arg(c, &key, v.trim_matches(['\'', '"']));
            }
            i += 2;
        } else {
            i += 1;
        }
    }
}

/// One engine argument, as `EngineArgs` names it (vllm/engine/arg_utils.py).
fn arg(c: &mut Ctx, key: &str, value: &str) {
    let n = first_number(value);
    match key {
        "model" => set_model(c, value),
        "max_model_len" => {
            if let Some(n) = n {
                c.fill(F::Seq, plain(n, 0));
            }
        }
        "tensor_parallel_size" => {
            if let Some(n) = n {
                c.fill(F::Tp, plain(n, 0));
                c.remember("tp", n);
            }
        }
        "pipeline_parallel_size" => {
            if let Some(n) = n {
                c.fill(F::Pp, plain(n, 0));
                c.remember("pp", n);
            }
        }
        "gpu_memory_utilization" => {
            if let Some(n) = n {
                c.fill(F::GpuUtil, plain(n, 3));
            }
        }
        "max_num_seqs" => {
            if let Some(n) = n {
                c.fill(F::MaxNumSeqs, plain(n, 0));
            }
        }
        "max_num_batched_tokens" => {
            if let Some(n) = n {
                c.fill(F::MaxBatchedTokens, plain(n, 0));
            }
        }
        "kv_cache_dtype" => set_kv(c, value),
        "dtype" => set_dtype(c, value),
        "quantization" => set_quant(c, value),
        "enforce_eager" if value == "True" => c.fill(F::CudaGraphs, "off"),
        _ => {}
    }
}

fn set_model(c: &mut Ctx, m: &str) {
    let m = m.trim().trim_matches('\'');
    if m.is_empty() {
        return;
    }
    c.fill(F::ModelId, m.to_string());
}

/// The weights' dtype as vLLM and SGLang print it (`dtype=torch.bfloat16`, `bfloat16`, `half`):
/// both take PyTorch's names. SGLang's reader uses it too.
pub(super) fn set_dtype(c: &mut Ctx, d: &str) {
    let d = d.trim().trim_start_matches("torch.");
    let v = match d {
        "bfloat16" | "bf16" => "bf16",
        "float16" | "half" | "fp16" => "fp16",
        "float32" | "float" => "fp32",
        _ => return,
    };
    c.fill(F::Dtype, v);
}

/// The quantization method as vLLM and SGLang print it (`awq_marlin`, `gptq`, `fp8`,
/// `bitsandbytes`): both name the methods alike. SGLang's reader uses it too.
pub(super) fn set_quant(c: &mut Ctx, q: &str) {
    let v = match q.trim() {
        "awq" | "awq_marlin" => "awq",
        "gptq" | "gptq_marlin" => "gptq",
        "fp8" => "fp8",
        "bitsandbytes" => "nf4",
        "None" | "" => return,
        other => {
            c.unused(format!("quantization '{other}' is not one the estimate stores; the weights keep the current quant"));
            return;
        }
    };
    c.fill(F::Quant, v);
}

fn set_kv(c: &mut Ctx, k: &str) {
    match k.trim() {
        "auto" => {}
        "fp8" | "fp8_e4m3" | "fp8_e5m2" => c.fill(F::KvDtype, "fp8"),
        other => c.unused(format!(
            "kv_cache_dtype '{other}' is not a cache precision the estimate knows"
        )),
    }
}

fn finish(c: &mut Ctx) {
    // The engine is vLLM whenever a vLLM line was recognised.
    let line = c
        .reading
        .logged
        .first()
        .map(|l| (l.line, l.text.clone()))
        .or_else(|| c.reading.filled.first().map(|f| (f.line, f.text.clone())));
    if let Some((n, t)) = line {
        c.fill_at(F::Mode, "infer", n, t.clone());
        c.fill_at(F::Engine, "vllm", n, t);
    }
    // vLLM ≤ 0.10 (V0 and V1) captured CUDA graphs after sizing the pool from the headroom.
    if c.reading.figure_is(Figure::CudaGraphs)
        && !c.reading.filled.iter().any(|f| f.key == F::CudaGraphs)
    {
        if let Some(l) = c
            .reading
            .logged
            .iter()
            .find(|l| l.figure == Figure::CudaGraphs)
            .cloned()
        {
            c.fill_at(F::CudaGraphs, "after", l.line, l.text);
        }
    }
    let has = |f: Figure| c.reading.logged.iter().any(|l| l.figure == f);
    if has(Figure::Weights)
        && !(has(Figure::KvBytes) || has(Figure::KvBlocks) || has(Figure::KvTokens))
    {
        c.note("The vLLM log stops before the KV cache is sized (no \"# GPU blocks\", \"GPU KV cache size\" or KV memory line): truncated, or the engine failed there");
    }
}

impl super::Reading {
    pub(crate) fn figure_is(&self, f: Figure) -> bool {
        self.logged.iter().any(|l| l.figure == f)
    }
}
