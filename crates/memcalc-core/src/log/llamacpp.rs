//! llama.cpp load and context logs, also as Ollama and koboldcpp print them: the model's shape
//! (`llm_load_print_meta`/`print_info`), its buffers per device (`llm_load_tensors`/
//! `load_tensors`), the KV cache (`KV self size`, `llama_kv_cache_init`, `llama_kv_cache`), the
//! compute buffers, offloaded layers, `n_ctx`, `n_seq_max`, `n_ubatch`, `flash_attn` and the
//! cache types.

use super::{first_number, plain, size_after, Ctx, Figure, Recogniser, Row};
use crate::base::keys::FieldId as F;

pub(crate) static RECOGNISER: Recogniser = Recogniser { rows: ROWS, finish };

const ROWS: &[Row] = &[
    Row {
        marker: "layers to GPU",
        prints: "src/llama-model.cpp load_tensors (\"offloaded %d/%d layers to GPU\"; before the 2025 split, llama.cpp llm_load_tensors)",
        read: offloaded,
    },
    Row {
        marker: "buffer size =",
        prints: "src/llama-model.cpp load_tensors (\"%s model buffer size = %8.2f MiB\"; llm_load_tensors \"%s buffer size\" before), src/llama-kv-cache.cpp (\"%s KV buffer size\"), src/llama-context.cpp (\"%s compute buffer size\"; llama_new_context_with_model before)",
        read: buffer,
    },
    Row {
        marker: "KV self size",
        prints: "llama.cpp llama_new_context_with_model (until 2025: \"KV self size = %7.2f MiB, K (%s): …, V (%s): …\")",
        read: kv_total,
    },
    Row {
        marker: "llama_kv_cache",
        prints: "src/llama-kv-cache.cpp (\"size = %7.2f MiB (%6u cells, %3d layers, …), K (%s): …\"; llama_kv_cache_init \"type_k = '%s', type_v = '%s'\" before)",
        read: kv_cache,
    },
    Row {
        marker: "n_ctx",
        prints: "src/llama-context.cpp llama_context (\"n_ctx = %u\", \"n_ctx_per_seq = %u\"; llama_new_context_with_model/llama_init_from_model before)",
        read: context,
    },
    Row {
        marker: "n_seq_max",
        prints: "src/llama-context.cpp llama_context (\"n_seq_max = %u\")",
        read: context,
    },
    Row {
        marker: "n_ubatch",
        prints: "src/llama-context.cpp llama_context (\"n_ubatch = %u\")",
        read: context,
    },
    Row {
        marker: "flash_attn",
        prints: "src/llama-context.cpp llama_context (\"flash_attn = %d\")",
        read: context,
    },
    Row {
        marker: "print_meta:",
        prints: "llama.cpp llm_load_print_meta (until 2025: \"n_layer = %u\", \"n_embd\", \"n_head\", \"n_head_kv\", \"n_ff\", \"n_vocab\", \"model ftype\")",
        read: meta,
    },
    Row {
        marker: "print_info:",
        prints: "src/llama-model.cpp print_info (2025+: the same keys as llm_load_print_meta)",
        read: meta,
    },
    Row {
        marker: "llama_model_loader: loaded meta data",
        prints: "src/llama-model-loader.cpp (\"loaded meta data with %d key-value pairs …\"): the start of a load",
        read: start,
    },
    Row {
        marker: "build: ",
        prints: "common/common.cpp (\"build: %d (%s) with %s for %s\")",
        read: build,
    },
    // Timing lines (issue 40, log/timing.rs).
    Row {
        marker: "eval time =",
        prints: "src/llama-context.cpp llama_perf_context_print (2024-09+: \"prompt eval time = %10.2f ms / %5d tokens (%8.2f ms per token, %8.2f tokens per second)\", \"eval time = %10.2f ms / %5d runs (…)\"; llama.cpp llama_print_timings before), tools/server/server.cpp print_timings (\"prompt eval time = … / %5d tokens (…)\", \"eval time = … / %5d tokens (…)\")",
        read: eval_time,
    },
    Row {
        marker: "t/s |",
        prints: "tools/llama-bench/llama-bench.cpp markdown_printer::print_header (\"| model | size | params | backend | … | test | t/s |\"; examples/llama-bench before 2025)",
        read: bench_header,
    },
    Row {
        marker: " ± ",
        prints: "tools/llama-bench/llama-bench.cpp markdown_printer::print_test (test \"pp%d\" or \"tg%d\", t/s \"%.2f ± %.2f\")",
        read: bench_row,
    },
    // The command line itself (issue 40: launch settings read back; log/launch.rs).
    Row {
        marker: "llama-server ",
        prints: "the llama-server command line (tools/server; options from common/arg.cpp common_params_parser_init, 2025 builds)",
        read: super::launch::llamacpp_command,
    },
    Row {
        marker: "llama-cli ",
        prints: "the llama-cli command line (tools/main; options from common/arg.cpp common_params_parser_init, 2025 builds)",
        read: super::launch::llamacpp_command,
    },
    Row {
        marker: "Device 0: ",
        prints: "ggml/src/ggml-cuda/ggml-cuda.cu ggml_cuda_init (\"  Device %d: %s, compute capability %d.%d, VMM: %s\"; ggml_init_cublas before 2024)",
        read: device,
    },
];

/// The tokens per second of a timing line: the number before "tokens per second".
fn per_second(l: &str) -> Option<f64> {
    let head = l.split("tokens per second").next()?;
    let at = head.rfind(',')?;
    first_number(&head[at + 1..])
}

fn eval_time(c: &mut Ctx, l: &str) {
    let Some(tps) = per_second(l).filter(|v| *v > 0.0) else {
        return;
    };
    let count = l
        .split("eval time =")
        .nth(1)
        .and_then(|r| r.split('/').nth(1))
        .and_then(first_number)
        .unwrap_or(0.0);
    let milli = (tps * 1000.0).round() as u64;
    if l.contains("prompt eval time") {
        c.log(Figure::PrefillRate, milli);
        c.count("prompt_tokens", count as u64);
    } else {
        c.log(Figure::DecodeRate, milli);
        c.count("generated_tokens", count as u64);
    }
}

/// The cells of a markdown table row.
fn cells(l: &str) -> Vec<String> {
    let t = l.trim();
    let t = t.strip_prefix('|').unwrap_or(t);
    let t = t.strip_suffix('|').unwrap_or(t);
    t.split('|').map(|c| c.trim().to_string()).collect()
}

fn bench_header(c: &mut Ctx, l: &str) {
    let cols = cells(l);
    if let (Some(test), Some(tps)) = (
        cols.iter().position(|c| c == "test"),
        cols.iter().position(|c| c == "t/s"),
    ) {
        c.remember("bench_test_col", test as f64);
        c.remember("bench_tps_col", tps as f64);
        for (name, key) in [
            ("model", "bench_model_col"),
            ("fa", "bench_fa_col"),
            ("ngl", "bench_ngl_col"),
        ] {
            if let Some(i) = cols.iter().position(|c| c == name) {
                c.remember(key, i as f64);
            }
        }
    }
}

/// The settings a llama-bench row states: the file type after the model's size ("llama 7B
/// Q4_0"), flash attention (`fa`) and the offloaded layers (`ngl`).
fn bench_settings(c: &mut Ctx, cols: &[String]) {
    let col = |c: &Ctx, k: &str| c.seen.get(k).map(|v| v.0 as usize);
    if let Some(m) = col(c, "bench_model_col").and_then(|i| cols.get(i)) {
        // "llama 7B Q4_0", "llama 8B Q4_K - Medium": the type follows the size.
        let words: Vec<&str> = m.split_whitespace().collect();
        if let Some(at) = words
            .iter()
            .position(|w| w.ends_with('B') && w[..w.len() - 1].parse::<f64>().is_ok())
        {
            let t = words[at + 1..].join(" ");
            match ftype(&t) {
                Some(q) => c.fill(F::Quant, q),
                None if t == "F16" => c.fill(F::Dtype, "fp16"),
                None if t == "BF16" => c.fill(F::Dtype, "bf16"),
                None => {}
            }
        }
    }
    if let Some(fa) = col(c, "bench_fa_col")
        .and_then(|i| cols.get(i))
        .and_then(|v| first_number(v))
    {
        c.fill(F::FlashAttention, if fa > 0.0 { "on" } else { "off" });
    }
    // llama-bench's default -ngl 99 means every layer, the key's own default: only a smaller
    // count is stated.
    if let Some(n) = col(c, "bench_ngl_col")
        .and_then(|i| cols.get(i))
        .and_then(|v| first_number(v))
        .filter(|n| *n < 99.0)
    {
        c.fill(F::GpuLayers, plain(n, 0));
    }
}

fn bench_row(c: &mut Ctx, l: &str) {
    let (Some(test), Some(tps)) = (
        c.seen.get("bench_test_col").map(|v| v.0 as usize),
        c.seen.get("bench_tps_col").map(|v| v.0 as usize),
    ) else {
        return;
    };
    let cols = cells(l);
    let (Some(name), Some(rate)) = (cols.get(test), cols.get(tps).and_then(|t| first_number(t)))
    else {
        return;
    };
    // "pp512", "tg128"; a test at a depth ("pp512 @ d4096") or a combined one ("pp512+tg128")
    // is not the plain prefill or decode the model times.
    if name.contains('@') || name.contains('+') || name.contains(' ') {
        c.unused("a llama-bench test at a depth or combined (pp+tg): not the plain prefill or decode that is checked");
        return;
    }
    let milli = (rate * 1000.0).round() as u64;
    bench_settings(c, &cols);
    c.count("bench", 1);
    if let Some(n) = name.strip_prefix("pp").and_then(first_number) {
        c.log(Figure::PrefillRate, milli);
        c.count("prompt_tokens", n as u64);
    } else if let Some(n) = name.strip_prefix("tg").and_then(first_number) {
        c.log(Figure::DecodeRate, milli);
        c.count("generated_tokens", n as u64);
    }
}

/// The catalog's GPU of a CUDA device name, for the names llama.cpp prints.
fn gpu_of(name: &str) -> Option<&'static str> {
    let n = name.to_ascii_lowercase();
    const NAMES: &[(&str, &str)] = &[
        ("rtx 5090", "rtx5090"),
        ("rtx 4090", "rtx4090"),
        ("rtx 3090 ti", "rtx3090ti"),
        ("rtx 3090", "rtx3090"),
        ("rtx a6000", "rtx-a6000"),
        ("rtx pro 6000", "rtx-pro-6000"),
        ("h100 pcie", "h100-pcie"),
        ("h100 nvl", "h100-nvl"),
        ("h100 80gb hbm3", "h100-80"),
        ("h100-sxm", "h100-80"),
        ("h200", "h200"),
        ("a100-sxm4-80gb", "a100-80"),
        ("a100 80gb pcie", "a100-pcie-80"),
        ("a100-pcie-40gb", "a100-40"),
        ("l40s", "l40s"),
        ("tesla t4", "t4"),
        ("v100-sxm2-32gb", "v100-32"),
        ("v100-pcie-16gb", "v100-16"),
        ("v100-sxm2-16gb", "v100-16"),
        ("nvidia l4", "l4"),
        ("nvidia a10", "a10"),
    ];
    NAMES.iter().find(|(k, _)| n.contains(k)).map(|v| v.1)
}

fn device(c: &mut Ctx, l: &str) {
    let Some(rest) = l.split("Device 0: ").nth(1) else {
        return;
    };
    if !rest.contains("compute capability") {
        return;
    }
    let name = rest.split(',').next().unwrap_or("");
    match gpu_of(name) {
        Some(id) => c.fill(F::Gpu, id),
        None => c.unused(format!(
            "the device \"{}\" is not one the catalog names: gpu keeps its value",
            name.trim()
        )),
    }
}

/// `name = value` after the last `:` prefix of a llama.cpp line.
fn key_value(l: &str) -> Option<(String, String)> {
    let (k, v) = l.split_once('=')?;
    let k = k.rsplit(": ").next()?.trim();
    Some((k.to_string(), v.trim().to_string()))
}

fn offloaded(c: &mut Ctx, l: &str) {
    let Some(after) = l.split("offloaded ").nth(1) else {
        return;
    };
    let Some((n, m)) = after.split_once('/') else {
        return;
    };
    let (Some(n), Some(m)) = (first_number(n), first_number(m)) else {
        return;
    };
    c.remember("offloaded", n);
    c.remember("layer_total", m);
    // -ngl: repeating layers from the last; above the layer count the output layer too.
    c.fill(F::GpuLayers, plain(n, 0));
}

fn is_device(name: &str) -> bool {
    let n = name.trim();
    (n.starts_with("CUDA")
        || n.starts_with("ROCm")
        || n.starts_with("Metal")
        || n.starts_with("Vulkan")
        || n.starts_with("SYCL"))
        && !n.ends_with("_Host")
}

fn add(c: &mut Ctx, name: &'static str, bytes: u64) {
    let prev = c.seen.get(name).map(|v| v.0).unwrap_or(0.0);
    c.remember(name, prev + bytes as f64);
}

fn max_of(c: &mut Ctx, name: &'static str, count: &'static str, bytes: u64) {
    let prev = c.seen.get(name).map(|v| v.0).unwrap_or(0.0);
    let n = c.seen.get(count).map(|v| v.0).unwrap_or(0.0);
    let line_text = c.seen.get(name).cloned();
    c.remember(count, n + 1.0);
    if bytes as f64 >= prev {
        c.remember(name, bytes as f64);
    } else if let Some(keep) = line_text {
        c.seen.insert(name, keep);
    }
}

fn buffer(c: &mut Ctx, l: &str) {
    let Some(b) = size_after(l, "buffer size =", true) else {
        return;
    };
    let head = l.split("buffer size").next().unwrap_or("");
    let head = head.rsplit(": ").next().unwrap_or(head).trim();
    let dev = head.split_whitespace().next().unwrap_or("");
    if head.contains("KV") {
        if is_device(dev) {
            max_of(c, "kv_device", "kv_devices", b);
        } else {
            add(c, "kv_host", b);
        }
    } else if head.contains("compute") {
        if is_device(dev) {
            max_of(c, "compute_device", "compute_devices", b);
        } else {
            let prev = c.seen.get("compute_host").map(|v| v.0).unwrap_or(0.0);
            c.remember("compute_host", prev.max(b as f64));
        }
    } else if head.contains("output") || head.contains("input") {
        c.unused("llama.cpp's output/input buffer: the estimate has no row for it (a few MiB of logits and embeddings per sequence)");
    } else if is_device(dev) {
        max_of(c, "weights_device", "weight_devices", b);
    } else if dev.starts_with("CPU") || dev.ends_with("_Host") {
        add(c, "weights_host", b);
    }
}

fn kv_total(c: &mut Ctx, l: &str) {
    if let Some(b) = size_after(l, "KV self size", true) {
        c.remember("kv_total", b as f64);
    }
    cache_types(c, l);
}

fn kv_cache(c: &mut Ctx, l: &str) {
    if l.contains("type_k") {
        let get = |k: &str| {
            l.split(&format!("{k} = '"))
                .nth(1)
                .and_then(|s| s.split('\'').next())
                .map(str::to_string)
        };
        if let (Some(k), Some(v)) = (get("type_k"), get("type_v")) {
            super::launch::set_types(c, &k, &v);
        }
        return;
    }
    if l.contains(" size = ") && !l.contains("buffer size") {
        if let Some(b) = size_after(l, " size = ", true) {
            c.remember("kv_total", b as f64);
        }
        cache_types(c, l);
    }
}

/// `K (f16): 512.00 MiB, V (q8_0): …`
fn cache_types(c: &mut Ctx, l: &str) {
    let get = |k: &str| {
        l.split(&format!("{k} ("))
            .nth(1)
            .and_then(|s| s.split(')').next())
            .map(str::to_string)
    };
    if let (Some(k), Some(v)) = (get("K"), get("V")) {
        super::launch::set_types(c, &k, &v);
    }
}

fn context(c: &mut Ctx, l: &str) {
    let Some((k, v)) = key_value(l) else { return };
    let Some(n) = first_number(&v) else {
        return;
    };
    match k.as_str() {
        "n_ctx" => c.remember("n_ctx", n),
        "n_ctx_per_seq" => c.remember("n_ctx_per_seq", n),
        "n_seq_max" => c.remember("n_seq_max", n),
        "n_ubatch" if n != 512.0 => {
            c.unused(format!(
                "n_ubatch = {}: the estimate's compute buffer is that of llama.cpp's default micro-batch of 512 tokens (no key sets another)",
                plain(n, 0)
            ));
        }
        "flash_attn" => c.fill(F::FlashAttention, if n > 0.0 { "on" } else { "off" }),
        _ => {}
    }
}

fn meta(c: &mut Ctx, l: &str) {
    let Some((k, v)) = key_value(l) else { return };
    let n = first_number(&v);
    match (k.as_str(), n) {
        ("n_layer", Some(n)) => c.fill(F::Layers, plain(n, 0)),
        ("n_embd", Some(n)) => c.fill(F::Hidden, plain(n, 0)),
        ("n_head", Some(n)) => c.fill(F::Heads, plain(n, 0)),
        ("n_head_kv", Some(n)) => c.fill(F::KvHeads, plain(n, 0)),
        ("n_ff", Some(n)) => c.fill(F::Ffn, plain(n, 0)),
        ("n_vocab", Some(n)) => c.fill(F::Vocab, plain(n, 0)),
        ("n_embd_head_k", Some(n)) => c.fill(F::HeadDim, plain(n, 0)),
        ("n_ctx_train", Some(n)) => c.fill(F::MaxContext, plain(n, 0)),
        ("model ftype", _) => match ftype(&v) {
            Some(q) => c.fill(F::Quant, q),
            None if v.contains("F16") => c.fill(F::Dtype, "fp16"),
            None if v.contains("BF16") => c.fill(F::Dtype, "bf16"),
            None => c.unused(format!(
                "model ftype {v}: not a GGUF type the estimate stores; the quant keeps its value"
            )),
        },
        _ => {}
    }
}

fn start(c: &mut Ctx, _l: &str) {
    c.starts += 1;
}

/// The quant key of a GGUF file type as llama.cpp names it ("Q4_K - Medium").
fn ftype(v: &str) -> Option<&'static str> {
    match v.trim() {
        "Q4_K - Medium" => Some("q4_k_m"),
        "Q5_K - Medium" => Some("q5_k_m"),
        "Q6_K" => Some("q6_k"),
        "Q8_0" => Some("q8_0"),
        "Q4_0" => Some("q4_0"),
        _ => None,
    }
}

fn build(c: &mut Ctx, l: &str) {
    // "build: 6413 (233d773d0)" (common.cpp), or llama-bench's "build: 233d773d0 (6413)".
    let rest = l.split("build: ").nth(1).unwrap_or("");
    let first = rest.split_whitespace().next().unwrap_or("");
    let n = if !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) {
        first_number(first)
    } else {
        rest.split('(').nth(1).and_then(first_number)
    };
    if let Some(n) = n {
        c.version = format!("b{}", plain(n, 0));
    }
}

fn finish(c: &mut Ctx) {
    // A llama.cpp log has buffers, an offload line or the model's metadata; "build:" or "n_ctx"
    // alone is not one.
    let found = [
        "weights_device",
        "weights_host",
        "kv_total",
        "kv_device",
        "kv_host",
        "compute_device",
        "compute_host",
        "offloaded",
        "n_ctx",
        "command",
    ]
    .iter()
    .any(|k| c.seen.contains_key(k))
        || c.reading
            .logged
            .iter()
            .any(|l| super::timing::is_timing(l.figure))
        || c.reading
            .filled
            .iter()
            .any(|f| matches!(f.key, F::Layers | F::Hidden | F::Heads));
    if !found {
        c.reading.filled.clear();
        c.reading.unused.clear();
        return;
    }
    let first = c
        .seen
        .values()
        .map(|v| (v.1, v.2.clone()))
        .min_by_key(|v| v.0)
        .or_else(|| c.reading.filled.first().map(|f| (f.line, f.text.clone())))
        .or_else(|| c.reading.logged.first().map(|l| (l.line, l.text.clone())));
    let Some((n, t)) = first else { return };
    c.fill_at(F::Mode, "infer", n, t.clone());
    c.fill_at(F::Engine, "llamacpp", n, t);
    let get = |c: &Ctx, k: &str| c.seen.get(k).cloned();
    // Layers: from the metadata, else from the offload line (repeating layers + the output).
    if !c.reading.filled.iter().any(|f| f.key == F::Layers) {
        if let Some((m, line, text)) = get(c, "layer_total") {
            c.fill_at(F::Layers, plain(m - 1.0, 0), line, text);
        }
    }
    // The context: per sequence when several sequences share it.
    let seqs = get(c, "n_seq_max").map(|v| v.0).unwrap_or(1.0).max(1.0);
    if let Some((v, line, text)) = get(c, "n_ctx_per_seq") {
        c.fill_at(F::Seq, plain(v, 0), line, text);
    } else if let Some((v, line, text)) = get(c, "n_ctx") {
        c.fill_at(F::Seq, plain((v / seqs).floor(), 0), line, text);
    }
    if seqs > 1.0 {
        if let Some((_, line, text)) = get(c, "n_seq_max") {
            c.fill_at(F::Batch, plain(seqs, 0), line, text);
        }
    } else if let (Some((ctx, _, _)), Some((per, line, text))) =
        (get(c, "n_ctx"), get(c, "n_ctx_per_seq"))
    {
        // Older logs print no n_seq_max: the sequences are n_ctx / n_ctx_per_seq.
        if per > 0.0 && ctx > per {
            c.fill_at(F::Batch, plain((ctx / per).round(), 0), line, text);
        }
    }
    let log = |c: &mut Ctx, key: &'static str, figure: Figure| {
        if let Some((v, line, text)) = c.seen.get(key).cloned() {
            c.reading.logged.push(super::Logged {
                figure,
                value: v as u64,
                line,
                text,
                prints: "llama.cpp's buffer report (see the rows of log/llamacpp.rs)",
            });
        }
    };
    log(c, "weights_device", Figure::Weights);
    log(c, "weights_host", Figure::WeightsHost);
    if c.seen.contains_key("kv_device") {
        log(c, "kv_device", Figure::KvBytes);
    } else {
        log(c, "kv_total", Figure::KvBytes);
    }
    log(c, "compute_device", Figure::ComputeBuffer);
    log(c, "compute_host", Figure::ComputeHost);
    for (count, what) in [
        ("weight_devices", "model buffers"),
        ("kv_devices", "KV buffers"),
        ("compute_devices", "compute buffers"),
    ] {
        if let Some((n, _, _)) = get(c, count) {
            if n > 1.0 {
                c.note(format!(
                    "The log splits the model over {} devices ({what}): the busiest device's figure is checked against the estimate of one device",
                    plain(n, 0)
                ));
            }
        }
    }
    if (c.seen.contains_key("weights_device") || c.seen.contains_key("weights_host"))
        && !c.seen.contains_key("kv_total")
        && !c.seen.contains_key("kv_device")
    {
        c.note("The llama.cpp log stops after loading the weights (no KV cache line): truncated, or the context failed");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timing_lines_give_their_rate_and_build_lines_their_number() {
        assert_eq!(
            per_second("llama_perf_context_print: prompt eval time =     927.17 ms /    49 tokens (   18.92 ms per token,    52.85 tokens per second)"),
            Some(52.85)
        );
        assert_eq!(
            cells("| llama 7B Q4_0 |   3.56 GiB | tg128 |  278.95 ± 0.23 |")[3],
            "278.95 ± 0.23"
        );
        assert_eq!(ftype("Q4_K - Medium"), Some("q4_k_m"));
        assert_eq!(gpu_of("NVIDIA GeForce RTX 3090 Ti"), Some("rtx3090ti"));
        assert_eq!(gpu_of("NVIDIA GeForce RTX 3090"), Some("rtx3090"));
        assert_eq!(gpu_of("Radeon RX 7900 XTX"), None);
    }
}
