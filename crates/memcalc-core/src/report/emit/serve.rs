//! Serving engines' launch settings: vLLM and SGLang flags, llama.cpp's `llama-server` and an
//! Ollama Modelfile. Every value is the one the estimate was computed with: the share and the
//! step's tokens are the pooled engine's (`Estimate::serving`), the defaults the engine's own
//! (`scenario::serving` cites them).

use super::{milli, model_name, Emitted, Lines, Target};
use crate::base::choice::Choice;
use crate::catalog::precision::Dtype;
use crate::catalog::quant::{KvQuant, Quant};
use crate::model::Estimate;
use crate::scenario::serving::{CudaGraphs, Engine};
use crate::scenario::{Mode, Scenario};

pub(super) fn not_applicable(t: Target, s: &Scenario) -> Option<String> {
    let wanted = match t {
        Target::Vllm => Engine::Vllm,
        Target::Sglang => Engine::Sglang,
        _ => Engine::Llamacpp,
    };
    if s.mode != Mode::Infer {
        return Some(format!(
            "{} serves a model: the scenario is mode={} (mode=infer with engine={} sizes it)",
            t.name(),
            s.mode.id(),
            wanted.id()
        ));
    }
    // llama.cpp and Ollama load GGUF files: a weight format GGUF has no type for (bitsandbytes,
    // AWQ/GPTQ, FP8, NVFP4) names no file they can load (issue 40: found by the launch round
    // trip; ggml/include/ggml.h ggml_type lists the GGUF types).
    if wanted == Engine::Llamacpp && s.engine == wanted && !gguf_loads(s.quant) {
        return Some(format!(
            "{} loads GGUF files, and quant={} ({}) is not a GGUF type: a q… quant (q8_0, q4_k_m …) sizes a GGUF file",
            t.name(),
            s.quant.id(),
            s.quant.label()
        ));
    }
    if s.engine != wanted {
        return Some(format!(
            "the estimate is for engine={} ({}); engine={} sizes {}'s own allocation",
            s.engine.id(),
            s.engine.name(),
            wanted.id(),
            wanted.name()
        ));
    }
    None
}

/// Whether llama.cpp loads weights stored in this format (a GGUF type, or none: F16/BF16/F32).
fn gguf_loads(q: Quant) -> bool {
    matches!(
        q,
        Quant::None
            | Quant::Q8_0
            | Quant::Q6K
            | Quant::Q5KM
            | Quant::Q4KM
            | Quant::Q4_0
            | Quant::Q3KM
            | Quant::Q2K
            | Quant::Mxfp4
    )
}

/// vLLM's `--quantization` for a weight format vLLM quantizes or loads by that name.
fn vllm_quant(q: Quant) -> Option<&'static str> {
    match q {
        Quant::Awq => Some("awq"),
        Quant::Gptq => Some("gptq"),
        Quant::Fp8 => Some("fp8"),
        Quant::Nf4 => Some("bitsandbytes"),
        _ => None,
    }
}

/// The weights' dtype as vLLM and SGLang's `--dtype` spell it.
fn torch_dtype(d: Dtype) -> Option<&'static str> {
    match d {
        Dtype::Bf16 => Some("bfloat16"),
        Dtype::Fp16 => Some("float16"),
        Dtype::Fp32 => Some("float32"),
        _ => None,
    }
}

fn kv_fp8(s: &Scenario) -> bool {
    s.kv_quant.is_none() && s.kv_dtype == Some(Dtype::Fp8)
}

/// The flags vLLM and SGLang share in meaning, under each engine's names.
struct PoolNames {
    ctx: &'static str,
    share: &'static str,
    tp: &'static str,
    pp: &'static str,
    dp: &'static str,
    kv: &'static str,
    kv_fp8: &'static str,
    seqs: &'static str,
    step: &'static str,
    quant: &'static str,
    dtype: &'static str,
    eager: &'static str,
}

const VLLM: PoolNames = PoolNames {
    ctx: "--max-model-len",
    share: "--gpu-memory-utilization",
    tp: "--tensor-parallel-size",
    pp: "--pipeline-parallel-size",
    dp: "--data-parallel-size",
    kv: "--kv-cache-dtype",
    kv_fp8: "fp8",
    seqs: "--max-num-seqs",
    step: "--max-num-batched-tokens",
    quant: "--quantization",
    dtype: "--dtype",
    eager: "--enforce-eager",
};

const SGLANG: PoolNames = PoolNames {
    ctx: "--context-length",
    share: "--mem-fraction-static",
    tp: "--tp-size",
    pp: "--pp-size",
    dp: "--dp-size",
    kv: "--kv-cache-dtype",
    kv_fp8: "fp8_e4m3",
    seqs: "--max-running-requests",
    step: "--chunked-prefill-size",
    quant: "--quantization",
    dtype: "--dtype",
    eager: "--disable-cuda-graph",
};

/// The settings of a pooled engine, from the scenario and the pool the estimate sized.
fn pooled(s: &Scenario, e: &Estimate, n: &PoolNames, l: &mut Lines) {
    let name = s.engine.name();
    let p = &s.parallel;
    l.set(
        n.ctx,
        s.seq,
        format!(
            "the context each sequence is sized for: the KV pool is counted in sequences of {} tokens (seq)",
            s.seq
        ),
    );
    if let Some(v) = &e.serving {
        let given = if s.gpu_util_milli.is_some() {
            "as given (gpu_util)"
        } else {
            "the engine's default for this GPU, which the estimate used (gpu_util not given)"
        };
        l.set(
            n.share,
            milli(v.util_milli),
            format!(
                "the share of each GPU's memory {name} may take, {given}: the budget the weights, activations and the KV pool are fitted into",
            ),
        );
    }
    l.set(
        n.tp,
        p.tp,
        format!(
            "weights and KV heads split over {} GPUs (tp); the estimate is per GPU of that split",
            p.tp
        ),
    );
    if p.pp > 1 {
        l.set(
            n.pp,
            p.pp,
            format!("layers split into {} pipeline stages (pp)", p.pp),
        );
    }
    let replicas = s.replicas();
    if replicas > 1 {
        l.set(
            n.dp,
            replicas,
            format!(
                "{} GPUs ÷ (tp {} × pp {}) = {replicas} replicas, each holding the whole model (gpus)",
                p.gpus, p.tp, p.pp
            ),
        );
    }
    let (kv, why) = if kv_fp8(s) {
        (
            n.kv_fp8,
            "the KV cache in FP8, 1 byte per value, as the pool's bytes per token assume (kv_dtype=fp8)",
        )
    } else {
        (
            "auto",
            "the KV cache in the model's dtype, as the pool's bytes per token assume (kv_dtype not fp8)",
        )
    };
    l.set(n.kv, kv, why);
    if let Some(pool) = s.engine.pool() {
        let given = |g: bool| {
            if g {
                "as given"
            } else {
                "the engine's default for this GPU, written out so the engine runs what was sized"
            }
        };
        l.set(
            n.seqs,
            pool.max_seqs(s),
            format!(
                "sequences one step may hold, {}: the sampler's warm-up run counts them (max_num_seqs)",
                given(s.max_num_seqs.is_some())
            ),
        );
        l.set(
            n.step,
            pool.step_tokens(s),
            format!(
                "tokens in one scheduler step, {}: the activation peak the profile reserves is sized on them (max_batched_tokens)",
                given(s.max_batched_tokens.is_some())
            ),
        );
    }
    if let Some(q) = vllm_quant(s.quant).filter(|_| s.milli_bpw.is_none()) {
        l.set(
            n.quant,
            q,
            format!(
                "weights stored as {} (quant={})",
                s.quant.label(),
                s.quant.id()
            ),
        );
    } else if let Some(d) = torch_dtype(s.dtype).filter(|_| !s.quantized_weights()) {
        l.set(
            n.dtype,
            d,
            format!(
                "weights in {}, the bytes per parameter of the weights row (dtype={})",
                s.dtype.label(),
                s.dtype.id()
            ),
        );
    }
    if s.cuda_graphs == CudaGraphs::Off {
        l.switch(
            n.eager,
            "no CUDA graphs: the estimate reserves no graph memory (cuda_graphs=off)",
        );
    }
}

/// A weight format the engine takes no `--quantization` name for (LLM.int8, a generic INT4, a
/// given bits per weight): the checkpoint carries it — vLLM reads `quantization_config` from
/// the model's config.json (`ModelConfig._verify_quantization`: vllm/config.py, in the
/// config/ package of the v0.11 line) and so does SGLang
/// (python/sglang/srt/configs/model_config.py `_verify_quantization`, adapted from vLLM's) — so
/// the model named must be stored in that format. Said in the model's note (issue 40: a
/// suggestion's command for quant=int8 otherwise read as the unquantized model's).
fn checkpoint_note(s: &Scenario, l: &Lines, flag: &str) -> String {
    if !s.quantized_weights() || l.settings.iter().any(|st| st.name == flag) {
        return String::new();
    }
    let what = match s.milli_bpw {
        Some(_) => "weights at the given bits per weight (bpw)".to_string(),
        None => format!("{} weights (quant={})", s.quant.label(), s.quant.id()),
    };
    format!(
        "; the estimate is for {what}, which takes no {flag} name: serve a checkpoint stored in that format (the engine reads its quantization_config from config.json)"
    )
}

pub(super) fn vllm(s: &Scenario, e: &Estimate) -> Emitted {
    let mut l = Lines::new();
    pooled(s, e, &VLLM, &mut l);
    let experts = s.arch.or(s.model.map(|m| m.arch)).map_or(0, |a| a.experts);
    if s.parallel.ep > 1 && experts > 0 {
        l.switch(
            "--enable-expert-parallel",
            format!(
                "routed experts divided whole over {} ranks (tp × dp) instead of sliced (ep)",
                s.parallel.ep
            ),
        );
    }
    let (model, mut why) = model_name(s);
    why.push_str(&checkpoint_note(s, &l, VLLM.quant));
    let mut all = vec![super::Setting {
        name: "vllm serve".into(),
        value: model.clone(),
        why,
    }];
    let program = format!("vllm serve {}", super::shell_word(&model));
    let body = l.command(&program);
    all.append(&mut l.settings);
    Emitted {
        target: Target::Vllm,
        settings: all,
        body,
        file: None,
        comment: Some("#"),
    }
}

pub(super) fn sglang(s: &Scenario, e: &Estimate) -> Emitted {
    let mut l = Lines::new();
    pooled(s, e, &SGLANG, &mut l);
    let (model, mut why) = model_name(s);
    why.push_str(&checkpoint_note(s, &l, SGLANG.quant));
    l.settings.insert(
        0,
        super::Setting {
            name: "--model-path".into(),
            value: model,
            why,
        },
    );
    let experts = s.arch.or(s.model.map(|m| m.arch)).map_or(0, |a| a.experts);
    if s.parallel.ep > 1 && experts > 0 {
        l.set(
            "--ep-size",
            s.parallel.ep,
            format!(
                "routed experts divided whole over {} ranks (ep; --enable-ep-moe before SGLang v0.4.8)",
                s.parallel.ep
            ),
        );
    }
    let body = l.command("python -m sglang.launch_server");
    Emitted {
        target: Target::Sglang,
        settings: l.settings,
        body,
        file: None,
        comment: Some("#"),
    }
}

/// What the GGUF file stores, for the notes: the quantization, or the dtype when none.
fn stored(s: &Scenario) -> String {
    if s.quant == Quant::None {
        format!("weights in {} (dtype={})", s.dtype.label(), s.dtype.id())
    } else {
        format!(
            "weights stored as {} (quant={})",
            s.quant.label(),
            s.quant.id()
        )
    }
}

/// llama.cpp's name of a KV cache type (`-ctk`/`-ctv`, common/arg.cpp kv_cache_types).
fn ggml_kv(s: &Scenario) -> &'static str {
    match s.kv_quant {
        Some(KvQuant::Q8_0) => "q8_0",
        Some(KvQuant::Q4_0) => "q4_0",
        None => match s.kv_dtype() {
            Dtype::Fp32 | Dtype::Tf32 => "f32",
            Dtype::Bf16 => "bf16",
            _ => "f16",
        },
    }
}

/// The layers the scenario offloads: as given (`gpu_layers`), else every repeating layer and
/// the output layer (llama.cpp's n_layer + 1).
fn offloaded(s: &Scenario) -> (u64, String) {
    let layers = s.shape().0.layers;
    match s.gpu_layers {
        Some(n) => (n, format!("{n} layers on the GPU, as given (gpu_layers)")),
        None => (
            layers + 1,
            format!(
                "every layer on the GPU: {layers} repeating layers and the output layer (gpu_layers not given)"
            ),
        ),
    }
}

/// The GGUF file's name: the model's name, then the encoding its weights are stored in, as
/// the GGUF naming convention writes it (ggml-org/ggml docs/gguf.md "GGUF Naming Convention":
/// `<BaseName>-…-<Encoding>.gguf`, e.g. `Llama-3.1-8B-Q4_K_M.gguf`), so the file named is the
/// one the estimate sized (issue 40: the round trip read `Llama-3.1-8B.gguf` back as no
/// quantization). A format GGUF has no encoding for keeps the bare name; the note says which.
fn gguf_file(s: &Scenario, model: &str) -> String {
    let name = model.rsplit('/').next().unwrap_or(model);
    let enc = match s.quant {
        _ if s.milli_bpw.is_some() => String::new(),
        Quant::None => match s.dtype {
            Dtype::Bf16 => "BF16".into(),
            Dtype::Fp32 => "F32".into(),
            Dtype::Fp16 => "F16".into(),
            _ => String::new(),
        },
        q if gguf_loads(q) => q.id().to_ascii_uppercase(),
        _ => String::new(),
    };
    if enc.is_empty() {
        format!("{name}.gguf")
    } else {
        format!("{name}-{enc}.gguf")
    }
}

pub(super) fn llamacpp(s: &Scenario) -> Emitted {
    let mut l = Lines::new();
    let (model, _) = model_name(s);
    l.set(
        "-m",
        gguf_file(s, &model),
        format!("the GGUF file of the model, {}", stored(s)),
    );
    let (ngl, why) = offloaded(s);
    l.set("-ngl", ngl, why);
    let ctx = s.batch.saturating_mul(s.seq);
    l.set(
        "-c",
        ctx,
        format!(
            "the KV cache's tokens: {} sequences × {} tokens (batch × seq); llama-server splits -c over its -np slots",
            s.batch, s.seq
        ),
    );
    if s.batch > 1 {
        l.set(
            "-np",
            s.batch,
            format!("{} parallel sequences (batch)", s.batch),
        );
    }
    let kv = ggml_kv(s);
    let kv_why = format!("the KV cache's type, as its bytes per token assume ({kv}; kv_dtype)");
    l.set("-ctk", kv, kv_why.clone());
    l.set("-ctv", kv, kv_why);
    let ub = s
        .ubatch
        .unwrap_or(crate::model::neural::engine::LLAMACPP_UBATCH);
    l.set(
        "-ub",
        ub,
        format!(
            "{ub} tokens per compute graph: the compute buffer is sized on them ({})",
            if s.ubatch.is_some() {
                "ubatch"
            } else {
                "llama.cpp's default, written out"
            }
        ),
    );
    if let Some(n) = s.n_cpu_moe {
        l.set(
            "--n-cpu-moe",
            n,
            format!("the routed experts of the first {n} layers kept in host memory (n_cpu_moe)"),
        );
    }
    // llama.cpp splits layers over its GPUs as pipeline stages (pp).
    if s.parallel.pp > 1 {
        l.set(
            "-sm",
            "layer",
            format!(
                "layers split over {} GPUs, each GPU's KV cache with its layers (pp)",
                s.parallel.pp
            ),
        );
        if s.tensor_split.n > 0 {
            let ts: Vec<String> = s
                .tensor_split
                .shares()
                .iter()
                .map(|&m| milli(m as u64))
                .collect();
            l.set(
                "-ts",
                ts.join(","),
                "each GPU's share of the layers, as given (tensor_split)",
            );
        } else {
            // Without -ts llama.cpp spreads the layers over every GPU it sees, by free memory
            // (src/llama-model.cpp load_tensors: an all-zero tensor_split takes each device's
            // free memory as its share); one equal share per stage names the pp GPUs the
            // estimate splits over (issue 40: the round trip read the command back as pp=1).
            let ts = vec!["1"; s.parallel.pp as usize].join(",");
            l.set(
                "-ts",
                ts,
                format!(
                    "one equal share per GPU of the {} the layers are split over (pp; tensor_split not given): llama.cpp gives layers to the GPUs with a share",
                    s.parallel.pp
                ),
            );
        }
    }
    l.set(
        "-fa",
        if s.flash_attention { "on" } else { "off" },
        format!(
            "flash attention {}: the attention scores' buffer in the compute graph depends on it (flash_attention)",
            if s.flash_attention { "on" } else { "off" }
        ),
    );
    let body = l.command("llama-server");
    Emitted {
        target: Target::Llamacpp,
        settings: l.settings,
        body,
        file: None,
        comment: Some("#"),
    }
}

pub(super) fn ollama(s: &Scenario) -> Emitted {
    let mut l = Lines::new();
    let (model, _) = model_name(s);
    let file = format!("{}.gguf", model.rsplit('/').next().unwrap_or(&model));
    l.set(
        "FROM",
        format!("./{file}"),
        format!("the GGUF file of the model, {}", stored(s)),
    );
    l.set(
        "PARAMETER num_ctx",
        s.seq,
        format!(
            "the context per sequence the KV cache is sized for (seq); Ollama multiplies it by OLLAMA_NUM_PARALLEL ({})",
            s.batch
        ),
    );
    let (ngl, why) = offloaded(s);
    l.set("PARAMETER num_gpu", ngl, why);
    let ub = s
        .ubatch
        .unwrap_or(crate::model::neural::engine::LLAMACPP_UBATCH);
    l.set(
        "PARAMETER num_batch",
        ub,
        format!("{ub} tokens per compute graph, the compute buffer's size (ubatch)"),
    );
    let mut body = String::new();
    for st in &l.settings {
        body.push_str(&format!("{} {}\n", st.name, st.value));
    }
    // The server's environment: the slots, the KV cache's type and flash attention.
    let kv = ggml_kv(s);
    let mut env = vec![(
        "OLLAMA_NUM_PARALLEL",
        s.batch.to_string(),
        format!("{} parallel sequences (batch)", s.batch),
    )];
    env.push((
        "OLLAMA_FLASH_ATTENTION",
        if s.flash_attention { "1" } else { "0" }.to_string(),
        "flash attention (flash_attention); Ollama quantizes the KV cache only with it on".into(),
    ));
    if kv != "f16" {
        env.push((
            "OLLAMA_KV_CACHE_TYPE",
            kv.to_string(),
            format!("the KV cache's type, as its bytes per token assume ({kv}; kv_dtype)"),
        ));
    }
    body.push_str("# Server environment (set before `ollama serve`):\n");
    for (k, v, why) in env {
        body.push_str(&format!("#   {k}={v}\n"));
        l.set(k, v, why);
    }
    Emitted {
        target: Target::Ollama,
        settings: l.settings,
        body,
        file: Some("Modelfile"),
        comment: Some("#"),
    }
}
