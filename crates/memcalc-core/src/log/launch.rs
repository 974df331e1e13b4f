//! Launch settings read back (issue 40, "logs in" for what `report::emit` writes out): a
//! llama.cpp command line (`llama-server`, `llama-cli`), a DeepSpeed config (`ds_config.json`)
//! and a Slurm batch script (`#SBATCH` options and the `memcalc` guard). Each is read as the
//! tool reads it, and gives the URL keys that mean the same:
//!
//! - llama.cpp: the option names and their values as common/arg.cpp
//!   (`common_params_parser_init`, ggml-org/llama.cpp, 2025 builds) declares them — `-m`,
//!   `-c`, `-np`, `-ngl`, `-b`, `-ub`, `-ctk`/`-ctv`, `-fa`, `-sm`, `-ts`, `--n-cpu-moe`, with
//!   their long forms; the model file's name read by the GGUF naming convention
//!   (ggml-org/ggml docs/gguf.md "GGUF Naming Convention":
//!   `<BaseName>-<SizeLabel>-…-<Encoding>.gguf`, the encoding `Q4_K_M`, `F16`, `BF16` …);
//! - DeepSpeed: the config's JSON (serde_json) with the keys of deepspeedai/DeepSpeed v0.19.6
//!   deepspeed/runtime/constants.py (`train_micro_batch_size_per_gpu`,
//!   `gradient_accumulation_steps`, `bf16`/`fp16` `enabled`), runtime/zero/config.py
//!   (`zero_optimization`: `stage`, `reduce_bucket_size`, `zero_hpz_partition_size`) and
//!   runtime/zero/offload_config.py (`offload_optimizer`, `offload_param`: `device`);
//! - Slurm: the `#SBATCH` lines as sbatch(1) reads them (SchedMD/slurm doc/man/man1/sbatch.1,
//!   the 25.05 line: `--nodes`/`-N`, `--ntasks`/`-n`, `--ntasks-per-node`, `--gpus-per-node`,
//!   `--gpus`/`-G`, `--gpus-per-task` with a task count), and the guard line `memcalc '<link>'` that `memcalc --emit sbatch` writes
//!   (its link is the scenario the job was sized for). A launched command inside the script
//!   (`srun vllm serve …`, `llama-server …`) is read by its engine's rows.
//!
//! A command written over several lines with shell continuations (`\` at a line's end) is one
//! line here: `Reader` joins them before the rows see it.
//!
//! The simulation codes' launch settings (issue 40, h-trip2) are read back by their logs'
//! recognisers with the helpers below: pw.x's command line (log/pwx.rs), LAMMPS's command line
//! and its input's `processors` line (log/lammps.rs), OpenFOAM's `decomposeParDict`
//! (log/openfoam.rs) and GADGET-4's `MaxMemSize` parameter (log/gadget.rs).

use super::{first_number, plain, Ctx};
use crate::base::keys::FieldId as F;

/// The words of a command line as a POSIX shell splits them (IEEE Std 1003.1, Shell Command
/// Language 2.2 "Quoting" and 2.6.5 "Field Splitting"): blanks separate words; single quotes
/// keep everything, double quotes keep all but `\"` and `\\`; a backslash outside quotes keeps
/// the next character. Expansions are left as written.
pub(crate) fn words(l: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut w = String::new();
    let mut any = false;
    let mut chars = l.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                any = true;
                for d in chars.by_ref() {
                    if d == '\'' {
                        break;
                    }
                    w.push(d);
                }
            }
            '"' => {
                any = true;
                while let Some(d) = chars.next() {
                    match d {
                        '"' => break,
                        '\\' => match chars.next() {
                            Some(e @ ('"' | '\\' | '$' | '`')) => w.push(e),
                            Some(e) => {
                                w.push('\\');
                                w.push(e);
                            }
                            None => w.push('\\'),
                        },
                        _ => w.push(d),
                    }
                }
            }
            '\\' => {
                any = true;
                if let Some(d) = chars.next() {
                    w.push(d);
                }
            }
            c if c.is_whitespace() => {
                if any {
                    out.push(std::mem::take(&mut w));
                    any = false;
                }
            }
            c => {
                any = true;
                w.push(c);
            }
        }
    }
    if any {
        out.push(w);
    }
    out
}

/// The options of a command after its program word: each option with its value (`-c 8192`,
/// `--ctx-size=8192`), a switch with none. `takes`: whether an option takes a value.
pub(crate) fn options(words: &[String], takes: fn(&str) -> bool) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        if !w.starts_with('-') || w == "-" {
            i += 1;
            continue;
        }
        if let Some((n, v)) = w.split_once('=').filter(|_| w.starts_with("--")) {
            out.push((n.to_string(), Some(v.to_string())));
            i += 1;
            continue;
        }
        // A following option is no value (a bare `--flash-attn` before `--cache-type-k`).
        let next = words.get(i + 1).filter(|n| {
            !n.starts_with('-')
                || first_number(n).is_some_and(|_| n[1..].starts_with(|c: char| c.is_ascii_digit()))
        });
        if takes(w) && next.is_some() {
            out.push((w.clone(), next.cloned()));
            i += 2;
        } else {
            out.push((w.clone(), None));
            i += 1;
        }
    }
    out
}

// ---- llama.cpp ----

/// Options of common/arg.cpp that take a value (`-fa` takes one since 2025 builds: on, off,
/// auto; a bare `-fa` in older builds turns it on).
fn llama_takes(o: &str) -> bool {
    !matches!(
        o,
        "--no-mmap"
            | "--mlock"
            | "--cont-batching"
            | "-cb"
            | "--no-cont-batching"
            | "-nocb"
            | "--jinja"
            | "--verbose"
            | "-v"
            | "--no-warmup"
            | "--kv-unified"
            | "-kvu"
            | "--no-kv-offload"
            | "-nkvo"
            | "--cpu-moe"
            | "-cmoe"
            | "--swa-full"
            | "--embedding"
            | "--embeddings"
            | "-cnv"
            | "--conversation"
            | "-no-cnv"
            | "--no-conversation"
            | "-i"
            | "--interactive"
    )
}

/// The quant or dtype key a GGUF file name's encoding names (ggml docs/gguf.md naming
/// convention; the encodings as llama.cpp's `llama-quantize` names its types).
pub(crate) fn gguf_encoding(e: &str) -> Option<(F, &'static str)> {
    Some(match e.to_ascii_uppercase().as_str() {
        "Q8_0" => (F::Quant, "q8_0"),
        "Q6_K" => (F::Quant, "q6_k"),
        "Q5_K_M" => (F::Quant, "q5_k_m"),
        "Q4_K_M" => (F::Quant, "q4_k_m"),
        "Q4_0" => (F::Quant, "q4_0"),
        "Q3_K_M" => (F::Quant, "q3_k_m"),
        "Q2_K" => (F::Quant, "q2_k"),
        "MXFP4" => (F::Quant, "mxfp4"),
        "F16" => (F::Dtype, "fp16"),
        "BF16" => (F::Dtype, "bf16"),
        "F32" => (F::Dtype, "fp32"),
        _ => return None,
    })
}

/// The model and its encoding from a GGUF file's name: `Llama-3.1-8B-Q4_K_M.gguf`.
fn gguf_file(c: &mut Ctx, path: &str) {
    let file = path.rsplit(['/', '\\']).next().unwrap_or(path);
    let Some(stem) = file
        .strip_suffix(".gguf")
        .or_else(|| file.strip_suffix(".GGUF"))
    else {
        c.unused(format!(
            "-m {file}: not a .gguf file name; the model keeps its value"
        ));
        return;
    };
    // A split model's first shard: `…-00001-of-00003`.
    let stem = match stem.rsplit_once("-of-") {
        Some((head, n)) if n.bytes().all(|b| b.is_ascii_digit()) => {
            head.rsplit_once('-').map_or(head, |h| h.0)
        }
        _ => stem,
    };
    let (base, enc) = match stem.rsplit_once(['-', '.']) {
        Some((b, e)) if gguf_encoding(e).is_some() => (b, gguf_encoding(e)),
        _ => (stem, None),
    };
    match enc {
        Some((F::Quant, q)) => c.fill(F::Quant, q),
        Some((k, d)) => {
            c.fill(F::Quant, "none");
            c.fill(k, d);
        }
        None => c.unused(format!(
            "-m {file}: the name states no GGUF encoding (Q4_K_M, Q8_0, F16 …); the quant keeps its value"
        )),
    }
    match model_named(base) {
        Some(id) => c.fill(F::ModelId, id),
        None => c.unused(format!(
            "-m {file}: no catalog model is named {base}; the model keeps its value"
        )),
    }
}

/// The catalog model a file's base name names: its id, alias, or the part after the
/// organisation of its id or of one of its variants (`Meta-Llama-3.1-8B-Instruct`), ignoring
/// case; the repository id it matched.
fn model_named(base: &str) -> Option<&'static str> {
    if let Some(m) = crate::catalog::model_by_id(base) {
        return Some(m.id);
    }
    let short = |id: &str| {
        id.rsplit('/')
            .next()
            .is_some_and(|s| s.eq_ignore_ascii_case(base))
    };
    crate::catalog::MODELS.iter().find_map(|m| {
        std::iter::once(m.id)
            .chain(m.variants.iter().copied())
            .find(|id| short(id))
    })
}

/// `llama-server -m FILE -c N -np N -ngl N …` (also `llama-cli`): the options the scenario's
/// keys mean (common/arg.cpp).
pub(crate) fn llamacpp_command(c: &mut Ctx, l: &str) {
    // A comment naming the program (the notes `memcalc --emit` writes above it) is no command.
    if l.trim_start().starts_with('#') {
        return;
    }
    let w = words(l);
    let Some(at) = w.iter().position(|x| {
        let p = x.rsplit('/').next().unwrap_or(x);
        p == "llama-server" || p == "llama-cli"
    }) else {
        return;
    };
    c.remember("command", 1.0);
    c.launch = true;
    let num = |v: &Option<String>| v.as_deref().and_then(first_number);
    let (mut ctx, mut np) = (None, None);
    let (mut ctk, mut ctv) = (None::<String>, None::<String>);
    for (o, v) in options(&w[at + 1..], llama_takes) {
        match o.as_str() {
            "-m" | "--model" => {
                if let Some(v) = &v {
                    gguf_file(c, v);
                }
            }
            "-c" | "--ctx-size" => ctx = num(&v),
            "-np" | "--parallel" => np = num(&v),
            "-ngl" | "--gpu-layers" | "--n-gpu-layers" => match v.as_deref() {
                Some("all") => {}
                _ => {
                    if let Some(n) = num(&v) {
                        c.fill(F::GpuLayers, plain(n, 0));
                    }
                }
            },
            "-ub" | "--ubatch-size" => {
                if let Some(n) = num(&v) {
                    c.fill(F::Ubatch, plain(n, 0));
                }
            }
            "-b" | "--batch-size" => c.unused(
                "-b, the logical batch: no key sets it (the compute buffer is sized on -ub's micro-batch)",
            ),
            "-ctk" | "--cache-type-k" => ctk = v,
            "-ctv" | "--cache-type-v" => ctv = v,
            "-fa" | "--flash-attn" => match v.as_deref() {
                None | Some("on") | Some("1") | Some("true") => c.fill(F::FlashAttention, "on"),
                Some("off") | Some("0") | Some("false") => c.fill(F::FlashAttention, "off"),
                Some(other) => c.unused(format!(
                    "-fa {other}: llama.cpp decides at load time whether flash attention runs; flash_attention keeps its value"
                )),
            },
            "-sm" | "--split-mode" => match v.as_deref() {
                Some("none") => c.fill(F::Pp, "1"),
                Some("row") => c.unused(
                    "-sm row splits each weight matrix over the GPUs; the estimate splits layers (-sm layer, pp)",
                ),
                _ => {}
            },
            "-ts" | "--tensor-split" => {
                if let Some(v) = v {
                    let n = v.split([',', '/']).count();
                    c.fill(F::TensorSplit, v.replace('/', ","));
                    c.fill(F::Pp, n.to_string());
                    c.fill(F::Gpus, n.to_string());
                }
            }
            "--n-cpu-moe" | "-ncmoe" => {
                if let Some(n) = num(&v) {
                    c.fill(F::NCpuMoe, plain(n, 0));
                }
            }
            _ => {}
        }
    }
    // llama-server divides -c over its -np slots (tools/server/server.cpp server_context::init:
    // `n_ctx_slot = n_ctx / params_base.n_parallel`): the sequences and each one's context.
    let np = np.unwrap_or(1.0).max(1.0);
    if np > 1.0 {
        c.fill(F::Batch, plain(np, 0));
    }
    if let Some(n) = ctx.filter(|n| *n > 0.0) {
        c.fill(F::Seq, plain((n / np).floor(), 0));
    } else if ctx.is_some() {
        c.unused("-c 0: the model's training context; seq keeps its value");
    }
    match (ctk, ctv) {
        (Some(k), Some(v)) => set_types(c, &k, &v),
        (Some(k), None) | (None, Some(k)) => set_types(c, &k, "f16"),
        (None, None) => {}
    }
}

/// The cache types of llama.cpp (`-ctk`/`-ctv`, a log's `K (f16)`, `type_k = 'q8_0'`) as the
/// `kv_dtype` key: log/llamacpp.rs reads them from its log lines with it too.
pub(crate) fn set_types(c: &mut Ctx, k: &str, v: &str) {
    let map = |t: &str| match t {
        "f16" => Some("fp16"),
        "bf16" => Some("bf16"),
        "f32" => Some("fp32"),
        "q8_0" => Some("q8_0"),
        "q4_0" => Some("q4_0"),
        _ => None,
    };
    match (map(k), map(v)) {
        (Some(a), Some(b)) if a == b => c.fill(F::KvDtype, a),
        (Some(a), Some(_)) => {
            c.fill(F::KvDtype, a);
            c.unused(format!(
                "K is {k} and V is {v}: the estimate has one cache type (kv_dtype), set from K"
            ));
        }
        _ => c.unused(format!("cache type {k}/{v} is not one the estimate knows")),
    }
}

// ---- Slurm ----

/// `#SBATCH --nodes=2`, `#SBATCH -N 2`: the options of a batch script's header.
pub(crate) fn sbatch_line(c: &mut Ctx, l: &str) {
    let Some(rest) = l.trim_start().strip_prefix("#SBATCH") else {
        return;
    };
    let w = words(rest);
    for (o, v) in options(&w, |o| !o.starts_with("--")) {
        let Some(v) = v else { continue };
        // `--gpus-per-node=h100:8`: the count after a type.
        let n = v.rsplit(':').next().and_then(first_number);
        let name = match o.as_str() {
            "--nodes" | "-N" => "sb_nodes",
            "--ntasks" | "-n" => "sb_ntasks",
            "--ntasks-per-node" => "sb_per_node",
            "--gpus-per-node" => "sb_gpus_per_node",
            "--gpus" | "-G" => "sb_gpus",
            "--gpus-per-task" => "sb_gpus_per_task",
            _ => continue,
        };
        // `--nodes=2-4`: a range; the minimum is what the job may get.
        if let Some(n) = n.filter(|n| *n > 0.0) {
            c.remember(name, n);
            c.starts = c.starts.max(1);
            c.launch = true;
        }
    }
}

/// `memcalc '<link>' > /dev/null || exit 1`: the scenario the job was sized for.
pub(crate) fn guard(c: &mut Ctx, l: &str) {
    // The notes above the script name the guard in a comment: only the line that runs counts.
    if l.trim_start().starts_with('#') {
        return;
    }
    let w = words(l);
    let Some(at) = w.iter().position(|x| x == "memcalc") else {
        return;
    };
    let Some(link) = w.get(at + 1).filter(|q| q.contains('=')) else {
        return;
    };
    let q = link.split_once('?').map_or(link.as_str(), |x| x.1);
    // Read as a link is read (its schema version's pins included: schema/query.rs), then each
    // key that differs from the defaults of the link's mode is filled, the mode always: the
    // page's own values must not stand in for the link's defaults.
    let (inputs, _) = crate::schema::inputs::Inputs::from_query(q);
    if inputs.parse().is_err() {
        c.unused("the guard's link does not read as a valid scenario; nothing is filled from it");
        return;
    }
    let mode = inputs.get(F::Mode).to_string();
    // The defaults of today's links (a link without `v` is read as schema 1, with its pins),
    // under the link's framework: a key the framework implies but the link sets back
    // (framework=fsdp&zero=0) is filled too (issue 40, h-fsdp: found by the round trip).
    let (defaults, _) = crate::schema::inputs::Inputs::from_query(&format!(
        "v={}&mode={mode}&framework={}",
        crate::schema::url::SCHEMA_VERSION,
        inputs.get(F::Framework)
    ));
    let (plain, _) = crate::schema::inputs::Inputs::from_query(&format!(
        "v={}&mode={mode}",
        crate::schema::url::SCHEMA_VERSION
    ));
    c.fill(F::Mode, mode);
    for &id in F::ALL {
        let base = if id == F::Framework {
            &plain
        } else {
            &defaults
        };
        if id != F::Mode && inputs.get(id) != base.get(id) {
            c.fill(id, inputs.get(id).to_string());
        }
    }
    c.remember("guard", 1.0);
    c.launch = true;
}

/// The keys a batch script's header states: the nodes, the GPUs (`--gpus`, else nodes ×
/// `--gpus-per-node`) and the tasks (`--ntasks`, else nodes × `--ntasks-per-node`: a
/// simulation's ranks). Filled before the guard's link, which states the whole scenario and
/// wins; where the two differ the difference is named.
pub(crate) fn sbatch_finish(c: &mut Ctx) {
    let get = |c: &Ctx, k: &str| c.seen.get(k).cloned();
    let nodes = get(c, "sb_nodes").map_or(1.0, |v| v.0);
    let mut header: Vec<(F, f64, usize, String)> = Vec::new();
    if let Some((n, line, text)) = get(c, "sb_nodes") {
        header.push((F::Nodes, n, line, text));
    }
    let tasks =
        get(c, "sb_ntasks").or_else(|| get(c, "sb_per_node").map(|(n, l, t)| (n * nodes, l, t)));
    if let Some((n, line, text)) = tasks.clone() {
        header.push((F::Ranks, n, line, text));
    }
    if let Some((per, line, text)) = get(c, "sb_gpus_per_node") {
        header.push((F::GpusPerNode, per, line, text.clone()));
        let total = get(c, "sb_gpus").map_or(per * nodes, |g| g.0);
        header.push((F::Gpus, total, line, text));
    } else if let Some((g, line, text)) = get(c, "sb_gpus") {
        header.push((F::Gpus, g, line, text));
    } else if let (Some((per_task, line, text)), Some((n, _, _))) =
        (get(c, "sb_gpus_per_task"), tasks)
    {
        // `--ntasks=12 --ntasks-per-node=8 --gpus-per-task=1` (issue 40, h-sglang): the job's
        // GPUs are its tasks × GPUs per task (sbatch.1 --gpus-per-task), at most
        // --ntasks-per-node × GPUs per task on one node.
        if let Some((tpn, _, _)) = get(c, "sb_per_node") {
            header.push((F::GpusPerNode, tpn * per_task, line, text.clone()));
        }
        header.push((F::Gpus, n * per_task, line, text));
    }
    let guarded = c.seen.contains_key("guard");
    if !guarded {
        for (key, v, line, text) in header {
            c.fill_at(key, plain(v, 0), line, text);
        }
        return;
    }
    // With a guard, its link states the scenario; the header is checked against it. Ranks and
    // nodes are a simulation's keys, GPUs the other modes'.
    let stated = |c: &Ctx, k: F| {
        c.reading.filled.iter().find(|f| f.key == k).map_or_else(
            || crate::schema::inputs::default_raw(k),
            |f| f.value.clone(),
        )
    };
    let sim = stated(c, F::Mode) == "sim";
    let gpus = first_number(&stated(c, F::Gpus)).unwrap_or(1.0).max(1.0);
    for (key, v, line, text) in header {
        if sim != matches!(key, F::Nodes | F::Ranks) {
            continue;
        }
        let mut want = first_number(&stated(c, key)).unwrap_or(1.0).max(1.0);
        if key == F::GpusPerNode {
            want = want.min(gpus);
        }
        if (want - v).abs() > 0.5 {
            c.reading.unused.push(super::Unused {
                line,
                text,
                why: format!(
                    "the header asks for {}={}, but the guard's link is sized for {}: the job gets what the header asks",
                    key.key(),
                    plain(v, 0),
                    plain(want, 0)
                ),
            });
        }
    }
}

// ---- Simulation codes (issue 40, h-trip2) ----

/// The ranks an MPI launcher starts: `mpirun -np N` / `-n N` (Open MPI mpirun(1), MPICH
/// mpiexec(1)), `srun -n N` / `--ntasks=N` (sbatch(1)'s srun), in the words before the
/// program. None: no launcher states a count (a serial run, or ranks set elsewhere).
fn launcher_ranks(words: &[String]) -> Option<f64> {
    options(words, |_| true)
        .into_iter()
        .filter(|(o, _)| matches!(o.as_str(), "-np" | "-n" | "--np" | "--ntasks"))
        .filter_map(|(_, v)| v.as_deref().and_then(first_number))
        .rfind(|n| *n >= 1.0)
}

/// The position of the program word whose file name `is` accepts (`/opt/qe/bin/pw.x`).
fn program(w: &[String], is: fn(&str) -> bool) -> Option<usize> {
    w.iter().position(|x| is(x.rsplit('/').next().unwrap_or(x)))
}

/// `mpirun -np 32 pw.x -nk 4 -nd 4 -i pw.in`: the ranks (the launcher's count) and the k-point
/// pools, with the option names Quantum ESPRESSO's Modules/command_line_options.f90
/// (`get_command_line`, QE 6.x–7.x) reads: `-nk`/`-npool`/`-npools` (npool), and
/// `-nd`/`-ndiag`/`-northo`/`-nproc_diag`/`-nproc_ortho` (the linear-algebra group, which no
/// key sets: named as unused), `-nt`/`-ntg`/`-ntask_groups`, `-nb`/`-nband`/`-nbgrp`/
/// `-nband_group` and `-ni`/`-nimage`/`-nimages` likewise.
pub(crate) fn pwx_command(c: &mut Ctx, l: &str) {
    if l.trim_start().starts_with('#') {
        return;
    }
    let w = words(l);
    let Some(at) = program(&w, |p| p == "pw.x") else {
        return;
    };
    c.remember("command", 1.0);
    c.launch = true;
    if let Some(n) = launcher_ranks(&w[..at]) {
        c.remember("ranks", n);
    }
    for (o, v) in options(&w[at + 1..], |_| true) {
        let n = v.as_deref().and_then(first_number);
        match o.as_str() {
            "-nk" | "-npool" | "-npools" => match n.filter(|n| *n >= 1.0) {
                Some(n) => c.remember("pools", n),
                None => c.unused(format!("{o} without a count: pools keeps its value")),
            },
            "-nd" | "-ndiag" | "-northo" | "-nproc_diag" | "-nproc_ortho" => c.unused(format!(
                "{o}: the linear-algebra (ScaLAPACK) group's size is no key; the estimate's subspace matrices keep their layout"
            )),
            "-nt" | "-ntg" | "-ntask_groups" | "-nb" | "-nband" | "-nbgrp" | "-nband_group"
            | "-ni" | "-nimage" | "-nimages" => c.unused(format!(
                "{o}: task groups, band groups and images are no keys of a pw.x estimate; only ranks and pools divide its arrays"
            )),
            _ => {}
        }
    }
}

/// `mpirun -np 4 lmp -in in.lammps -sf gpu -pk gpu 4`: the ranks (the launcher's count), the
/// accelerator package and its GPUs or threads, with the switches LAMMPS's src/lammps.cpp
/// (`LAMMPS::LAMMPS`, the 2Aug2023–2025 releases; docs/Run_options "Command-line options")
/// reads: `-sf`/`-suffix STYLE`, `-pk`/`-package STYLE ARGS`, `-k`/`-kokkos on|off KEY VALUE …`,
/// `-in`/`-i FILE`. The GPU package's precision is fixed when lib/gpu is built (-DGPU_PREC),
/// which no switch states: `-sf gpu` reads as package=gpu, lib/gpu's default build (mixed).
pub(crate) fn lammps_command(c: &mut Ctx, l: &str) {
    if l.trim_start().starts_with('#') {
        return;
    }
    let w = words(l);
    let Some(at) = program(&w, |p| p == "lmp" || p.starts_with("lmp_")) else {
        return;
    };
    c.remember("command", 1.0);
    c.launch = true;
    if let Some(n) = launcher_ranks(&w[..at]) {
        c.remember("np", n);
    }
    let rest = &w[at + 1..];
    let arg = |i: usize| rest.get(i).map(String::as_str).unwrap_or("");
    let mut i = 0;
    while i < rest.len() {
        match arg(i) {
            "-sf" | "-suffix" => {
                match arg(i + 1) {
                    "gpu" => {
                        c.fill(F::Package, "gpu");
                        c.note("LAMMPS's -sf gpu states no precision (lib/gpu's build, -DGPU_PREC, fixes it): package=gpu is the default build, mixed; choose gpu_double or gpu_single if yours differs");
                    }
                    "omp" | "opt" | "intel" => c.fill(F::Package, "none"),
                    other => c.unused(format!(
                        "-sf {other}: the {other} package's own arrays are not estimated; package keeps its value"
                    )),
                }
                i += 2;
            }
            "-pk" | "-package" => {
                let n = first_number(arg(i + 2)).filter(|n| *n >= 1.0);
                match (arg(i + 1), n) {
                    // The GPUs per node: every rank its own GPU when there are as many GPUs as
                    // the ranks of a node (one node: the launcher's count).
                    ("gpu", Some(n)) => c.remember("pk_gpus", n),
                    ("omp", Some(n)) => c.fill(F::Threads, plain(n, 0)),
                    ("omp", None) => {}
                    (other, _) => c.unused(format!(
                        "-pk {other}: only the gpu and omp packages' settings are keys"
                    )),
                }
                i += 3;
                // The package's keyword-value pairs, up to the next switch.
                while i < rest.len() && !arg(i).starts_with('-') {
                    i += 1;
                }
            }
            "-k" | "-kokkos" => {
                if arg(i + 1) == "on" {
                    c.unused("-k on: the KOKKOS package's views are not estimated; package keeps its value");
                }
                i += 2;
                while i < rest.len() && !arg(i).starts_with('-') {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
}

/// `processors 2 2 1`, the input's processor grid (src/comm.cpp `Comm::set_processors`,
/// docs/processors: `processors Px Py Pz keyword args`, `*` leaves a dimension to LAMMPS): its
/// ranks when all three are given.
pub(crate) fn lammps_processors(c: &mut Ctx, l: &str) {
    let w = words(l);
    if w.first().map(String::as_str) != Some("processors") {
        return;
    }
    let dims: Vec<f64> = w[1..]
        .iter()
        .take(3)
        .filter_map(|x| x.parse::<f64>().ok())
        .collect();
    if dims.len() == 3 && dims.iter().all(|d| *d >= 1.0) {
        c.remember("processors", dims.iter().product());
        c.launch = true;
    }
}

/// The value of an OpenFOAM dictionary entry `keyword value;` (src/OpenFOAM/db/dictionary:
/// an entry is a keyword, its tokens and `;`), or None when the line is another entry or a
/// `//` comment.
fn foam_entry<'a>(l: &'a str, keyword: &str) -> Option<&'a str> {
    let t = l.trim();
    let rest = t.strip_prefix(keyword)?;
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    Some(rest.trim().trim_end_matches(';').trim())
}

/// `numberOfSubdomains 32;` of a `system/decomposeParDict` (read by decomposePar and by every
/// `-parallel` run: src/parallel/decompose/decompositionMethods/decompositionMethod/
/// decompositionMethod.C `nDomains`, OpenFOAM v2306 / OpenFOAM-11): the ranks.
pub(crate) fn decompose_subdomains(c: &mut Ctx, l: &str) {
    if let Some(n) = foam_entry(l, "numberOfSubdomains")
        .and_then(first_number)
        .filter(|n| *n >= 1.0)
    {
        c.remember("subdomains", n);
        c.launch = true;
    }
}

/// `method scotch;`: the decomposition method. The estimate's halo faces per rank assume
/// balanced graph partitioning (scotch, ptscotch, metis, kahip); a geometric split (simple,
/// hierarchical) is named, since its `n (a b c)` grid is the user's choice.
pub(crate) fn decompose_method(c: &mut Ctx, l: &str) {
    let Some(m) = foam_entry(l, "method") else {
        return;
    };
    match m {
        "scotch" | "ptscotch" | "metis" | "kahip" => {}
        "simple" | "hierarchical" | "manual" | "multiLevel" | "structured" => c.unused(format!(
            "method {m}: the estimate's halo faces per rank are those of a balanced graph partitioning (scotch, metis); a {m} split may share more faces"
        )),
        _ => return,
    }
    c.launch = true;
    c.remember_text("method", m);
}

/// `MaxMemSize 2500` of a GADGET-4 parameter file (src/io/parameters.cc reads `Tag Value`
/// lines, `%` starts a comment; src/main/begrun.cc allocates MaxMemSize MB per task at
/// start-up): a parameter file with it names the code.
pub(crate) fn gadget_max_mem(c: &mut Ctx, l: &str) {
    let w: Vec<&str> = l.split_whitespace().collect();
    if let ["MaxMemSize", v] = w.as_slice() {
        if let Some(n) = first_number(v).filter(|n| *n > 0.0) {
            c.remember("param_max_mem", n);
            c.launch = true;
        }
    }
}

// ---- DeepSpeed ----

/// The first line of `text` (numbered from `first`) naming `"key"`, for the filled key's line.
fn json_line(text: &str, first: usize, key: &str) -> (usize, String) {
    let quoted = format!("\"{key}\"");
    text.lines()
        .enumerate()
        .find(|(_, l)| l.contains(&quoted))
        .map_or((first, quoted.clone()), |(i, l)| {
            (first + i, super::short(&super::inert(l)))
        })
}

/// A DeepSpeed config (`ds_config.json`) pasted as a JSON object: its batch, accumulation,
/// precision, ZeRO stage, buckets and offload. False when the text is not such a config.
pub(crate) fn deepspeed_config(c: &mut Ctx, text: &str, first: usize) -> bool {
    let Ok(serde_json::Value::Object(top)) = serde_json::from_str::<serde_json::Value>(text) else {
        return false;
    };
    let zero = top.get("zero_optimization").and_then(|z| z.as_object());
    if zero.is_none()
        && !top.contains_key("train_micro_batch_size_per_gpu")
        && !top.contains_key("train_batch_size")
    {
        return false;
    }
    let put = |c: &mut Ctx, key: F, value: String, json: &str| {
        let (line, t) = json_line(text, first, json);
        c.fill_at(key, value, line, t);
        c.hits += 1;
    };
    c.launch = true;
    let (line, t) = json_line(text, first, "zero_optimization");
    c.fill_at(F::Mode, "train", line, t);
    let count = |v: Option<&serde_json::Value>| v.and_then(|v| v.as_u64()).filter(|n| *n > 0);
    if let Some(n) = count(top.get("train_micro_batch_size_per_gpu")) {
        put(c, F::Batch, n.to_string(), "train_micro_batch_size_per_gpu");
    }
    if let Some(n) = count(top.get("gradient_accumulation_steps")) {
        put(
            c,
            F::MicroBatches,
            n.to_string(),
            "gradient_accumulation_steps",
        );
    }
    let on = |k: &str| top.get(k).and_then(|v| v.get("enabled")) == Some(&true.into());
    if on("bf16") {
        put(c, F::Dtype, "bf16".into(), "bf16");
    } else if on("fp16") {
        put(c, F::Dtype, "fp16".into(), "fp16");
    }
    let Some(z) = zero else { return true };
    if let Some(stage) = z.get("stage").and_then(|v| v.as_u64()) {
        put(c, F::Zero, stage.to_string(), "stage");
    }
    if let Some(n) = count(z.get("reduce_bucket_size")) {
        put(c, F::BucketSize, n.to_string(), "reduce_bucket_size");
    }
    if count(z.get("zero_hpz_partition_size")).is_some_and(|n| n > 1) {
        put(c, F::Sharding, "hybrid".into(), "zero_hpz_partition_size");
    }
    let device = |k: &str| {
        z.get(k)
            .and_then(|o| o.get("device"))
            .and_then(|d| d.as_str())
            .is_some_and(|d| d == "cpu" || d == "nvme")
    };
    let offload = match (device("offload_optimizer"), device("offload_param")) {
        (_, true) => Some(("all", "offload_param")),
        (true, false) => Some(("optimizer", "offload_optimizer")),
        _ => None,
    };
    match offload {
        Some((v, json)) => put(c, F::Offload, v.into(), json),
        None => put(c, F::Offload, "none".into(), "zero_optimization"),
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_as_a_shell_does() {
        assert_eq!(
            words(r#"memcalc '?a=1&b=2' "x \"y\"" z\ w"#),
            ["memcalc", "?a=1&b=2", "x \"y\"", "z w"]
        );
        assert_eq!(words("  a   b "), ["a", "b"]);
        assert_eq!(words("''"), [""]);
    }

    #[test]
    fn a_hand_written_llama_server_command_is_read_too() {
        let r = super::super::read(
            "./build/bin/llama-server --model /models/Meta-Llama-3.1-8B-Q8_0.gguf --ctx-size=16384 --parallel 2 \\\n  --n-gpu-layers 99 --flash-attn --cache-type-k q8_0 -ts 3/1",
        );
        let get = |k: &str| {
            r.filled
                .iter()
                .find(|f| f.key.key() == k)
                .map(|f| f.value.as_str())
        };
        assert_eq!(get("quant"), Some("q8_0"));
        assert_eq!(get("seq"), Some("8192"));
        assert_eq!(get("batch"), Some("2"));
        assert_eq!(get("gpu_layers"), Some("99"));
        assert_eq!(get("flash_attention"), Some("on"));
        assert_eq!(get("tensor_split"), Some("3,1"));
        assert_eq!(get("pp"), Some("2"));
        // K in q8_0, V at llama.cpp's default f16: the one cache type is K's, and said so.
        assert_eq!(get("kv_dtype"), Some("q8_0"));
        assert!(r
            .unused
            .iter()
            .any(|u| u.why.contains("K is q8_0 and V is f16")));
        // "Meta-Llama-3.1-8B" is the catalog's meta-llama/Meta-Llama-3.1-8B.
        assert_eq!(get("model_id"), Some("meta-llama/Meta-Llama-3.1-8B"));
    }

    #[test]
    fn a_json_that_is_no_deepspeed_config_fills_nothing() {
        let r = super::super::read("{\"architectures\": [\"X\"], \"hidden_size\": 8}\n");
        assert!(!r.filled.iter().any(|f| f.key == F::Zero));
    }
}
