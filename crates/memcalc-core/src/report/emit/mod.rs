//! Launch settings out (issue 40): the scenario's values written as the settings a program is
//! launched with — engine flags, a DeepSpeed config, FSDP or `TrainingArguments` settings, an
//! `sbatch` header with a `memcalc` guard, LAMMPS, pw.x, GADGET-4 and OpenFOAM settings.
//!
//! Every value is read from the scenario or from the estimate of it (the share, the step's
//! tokens, the bytes per rank), never typed; every setting carries the sentence saying which
//! input or part of the estimate it comes from, written by one template per setting in the
//! target's file. Each flag or key name is the tool's own, with the file and version it is
//! taken from in [`Target::source`]; `tests/emit.rs` reads every output back against name lists
//! copied from those files (`tests/emit_sources/`). A target that does not apply to the scenario says
//! why instead of writing anything.

mod serve;
mod sim;
mod slurm;
mod train;
// Launch settings per suggestion and layout row (issue 40, h-launch).
mod rows;
pub use rows::{
    launches, layouts_json, patched, patched_scenario, rows, suggestions_json, Launch, RowLaunch,
};

use crate::base::choice::{choice_enum, Choice};
use crate::model::Estimate;
use crate::scenario::Scenario;

choice_enum!(
    /// A program whose launch settings can be written from a scenario.
    Target {
        Vllm => ("vllm", "vLLM: vllm serve"),
        Sglang => ("sglang", "SGLang: python -m sglang.launch_server"),
        Llamacpp => ("llamacpp", "llama.cpp: llama-server"),
        Ollama => ("ollama", "Ollama: Modelfile"),
        Deepspeed => ("deepspeed", "DeepSpeed: ds_config.json"),
        Fsdp => ("fsdp", "PyTorch FSDP: torchrun and FullyShardedDataParallel"),
        Hf => ("hf", "Hugging Face TrainingArguments"),
        Sbatch => ("sbatch", "Slurm: sbatch header with a memcalc guard"),
        Lammps => ("lammps", "LAMMPS: command line and processors"),
        Pwx => ("pwx", "Quantum ESPRESSO: mpirun pw.x"),
        Gadget4 => ("gadget4", "GADGET-4: parameter file"),
        Openfoam => ("openfoam", "OpenFOAM: system/decomposeParDict"),
    }
);

impl Target {
    /// The program's name in the sentences.
    pub fn name(self) -> &'static str {
        match self {
            Target::Vllm => "vLLM",
            Target::Sglang => "SGLang",
            Target::Llamacpp => "llama.cpp",
            Target::Ollama => "Ollama",
            Target::Deepspeed => "DeepSpeed",
            Target::Fsdp => "PyTorch FSDP",
            Target::Hf => "Hugging Face TrainingArguments",
            Target::Sbatch => "Slurm",
            Target::Lammps => "LAMMPS",
            Target::Pwx => "pw.x",
            Target::Gadget4 => "GADGET-4",
            Target::Openfoam => "OpenFOAM",
        }
    }

    /// The files (with their versions) the flag and key names are copied from; the test
    /// fixtures under `tests/emit_sources/` list those names with the same sources.
    pub fn source(self) -> &'static str {
        match self {
            Target::Vllm => "vllm-project/vllm vllm/engine/arg_utils.py, EngineArgs and add_cli_args (commit 99d7eb5, the v0.11 line)",
            Target::Sglang => "sgl-project/sglang python/sglang/srt/server_args.py, ServerArgs fields as --field-name (v0.5; commit 001067f)",
            Target::Llamacpp => "ggml-org/llama.cpp common/arg.cpp common_params_parser_init (2025 builds: -fa takes on|off|auto)",
            Target::Ollama => "ollama/ollama api/types.go Options/Runner (num_ctx, num_gpu, num_batch) and envconfig/config.go (OLLAMA_FLASH_ATTENTION, OLLAMA_KV_CACHE_TYPE); docs/modelfile.md (PARAMETER)",
            Target::Deepspeed => "deepspeedai/DeepSpeed v0.19.6 (edaa722) deepspeed/runtime/zero/config.py DeepSpeedZeroConfig, runtime/zero/offload_config.py, runtime/precision_config.py, runtime/constants.py",
            Target::Fsdp => "pytorch/pytorch v2.5 torch/distributed/fsdp/api.py (ShardingStrategy, CPUOffload, MixedPrecision), fully_sharded_data_parallel.py (FullyShardedDataParallel arguments) and torch/distributed/run.py (torchrun --nnodes, --nproc-per-node)",
            Target::Hf => "huggingface/transformers src/transformers/training_args.py (TrainingArguments, OptimizerNames) and trainer_utils.py (FSDPOption), v4.4x–4.5x",
            Target::Sbatch => "SchedMD/slurm doc/man/man1/sbatch.1 (commit 284c3b9, the 25.05 line)",
            Target::Lammps => "LAMMPS documentation, Run_options (-in, -sf, -pk), package (package gpu Ngpu) and processors commands (stable 29Aug2024)",
            Target::Pwx => "QEF/q-e Modules/command_line_options.f90 (-nk/-npools, -nd/-ndiag, -nb/-nband, -nt/-ntg, -i/-inp), user guide 'Parallelization levels' (v7.3)",
            Target::Gadget4 => "GADGET-4 documentation/04_parameters.md (MaxMemSize, MB per MPI rank) and src/data/mymalloc.cc (the whole MaxMemSize allocated at start-up)",
            Target::Openfoam => "OpenFOAM etc/caseDicts/annotated/decomposeParDict (numberOfSubdomains, method; v2312 / v12)",
        }
    }
}

/// One setting and why it has its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setting {
    /// The flag or key as the tool spells it.
    pub name: String,
    /// The value written ("" for a switch).
    pub value: String,
    /// Which input or part of the estimate the value comes from.
    pub why: String,
}

/// What a target writes: the text to paste or save, and each setting's reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Emitted {
    pub target: Target,
    /// The settings in the order they appear in `body`, each with why.
    pub settings: Vec<Setting>,
    /// The command, configuration or file, exactly as the tool reads it.
    pub body: String,
    /// The file the body is saved as, where it is a file (`ds_config.json`).
    pub file: Option<&'static str>,
    /// How the body's format starts a comment (`#`, `//`); None: it has none (JSON).
    pub comment: Option<&'static str>,
}

impl Emitted {
    /// The comment lines: what the text is for, where its names come from, then one line per
    /// setting with why.
    pub fn notes(&self) -> Vec<String> {
        let mut out = vec![
            format!(
                "{} — written by memcalc from the scenario",
                self.target.label()
            ),
            format!("names from {}", self.target.source()),
        ];
        if let Some(f) = self.file {
            out.push(format!("save as {f}"));
        }
        for s in &self.settings {
            let v = if s.value.is_empty() {
                s.name.clone()
            } else {
                format!("{} {}", s.name, s.value)
            };
            out.push(format!("{v}: {}", s.why));
        }
        out
    }

    /// The text to copy: the comment lines, then the body. A body whose format has no
    /// comments (JSON) gets them as `#` lines above it, separated by a blank line; copy the
    /// body alone into its file (the CLI writes those notes to standard error).
    pub fn text(&self) -> String {
        let c = self.comment.unwrap_or("#");
        // A script's interpreter line stays first (sbatch refuses a script without it).
        let (shebang, body) = match self.body.strip_prefix("#!") {
            Some(_) => self
                .body
                .split_at(self.body.find('\n').map_or(0, |i| i + 1)),
            None => ("", self.body.as_str()),
        };
        let mut out = shebang.to_string();
        out += &self
            .notes()
            .iter()
            .map(|n| format!("{c} {n}\n"))
            .collect::<String>();
        if self.comment.is_none() {
            out.push('\n');
        }
        out.push_str(body);
        if !body.ends_with('\n') {
            out.push('\n');
        }
        out
    }
}

/// Builds a target's settings and its body.
pub(crate) struct Lines {
    pub settings: Vec<Setting>,
}

impl Lines {
    pub fn new() -> Lines {
        Lines {
            settings: Vec::new(),
        }
    }

    /// A setting with a value.
    pub fn set(&mut self, name: &str, value: impl ToString, why: impl Into<String>) {
        self.settings.push(Setting {
            name: name.to_string(),
            value: value.to_string(),
            why: why.into(),
        });
    }

    /// A switch (a flag without a value).
    pub fn switch(&mut self, name: &str, why: impl Into<String>) {
        self.set(name, "", why);
    }

    /// The settings as a command line: `program` then one flag (and value) per line, joined
    /// with shell continuations.
    pub fn command(&self, program: &str) -> String {
        let mut out = program.to_string();
        for s in &self.settings {
            out.push_str(" \\\n  ");
            out.push_str(&s.name);
            if !s.value.is_empty() {
                out.push(' ');
                out.push_str(&shell_word(&s.value));
            }
        }
        out.push('\n');
        out
    }
}

/// A value as one shell word: quoted when it holds anything a shell would read.
pub fn shell_word(v: &str) -> String {
    if v.chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_./,:=+@%".contains(c))
    {
        v.to_string()
    } else {
        format!("'{}'", v.replace('\'', "'\\''"))
    }
}

/// A thousandths value as a decimal without trailing zeros: 900 → "0.9".
pub(crate) fn milli(m: u64) -> String {
    let s = format!("{}.{:03}", m / 1000, m % 1000);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Why the target does not apply to the scenario, or None when it does.
pub fn not_applicable(t: Target, s: &Scenario) -> Option<String> {
    match t {
        Target::Vllm | Target::Sglang | Target::Llamacpp | Target::Ollama => {
            serve::not_applicable(t, s)
        }
        Target::Deepspeed | Target::Fsdp | Target::Hf => train::not_applicable(t, s),
        Target::Sbatch => None,
        Target::Lammps | Target::Pwx | Target::Gadget4 | Target::Openfoam => {
            sim::not_applicable(t, s)
        }
    }
}

/// The targets that apply to the scenario, in [`Target::ALL`]'s order.
pub fn applicable(s: &Scenario) -> Vec<Target> {
    Target::ALL
        .iter()
        .copied()
        .filter(|&t| not_applicable(t, s).is_none())
        .collect()
}

/// The target's settings for the scenario and its estimate, or why it does not apply.
pub fn emit(t: Target, s: &Scenario, e: &Estimate) -> Result<Emitted, String> {
    if let Some(why) = not_applicable(t, s) {
        return Err(why);
    }
    Ok(match t {
        Target::Vllm => serve::vllm(s, e),
        Target::Sglang => serve::sglang(s, e),
        Target::Llamacpp => serve::llamacpp(s),
        Target::Ollama => serve::ollama(s),
        Target::Deepspeed => train::deepspeed(s),
        Target::Fsdp => train::fsdp(s),
        Target::Hf => train::hf(s),
        Target::Sbatch => slurm::sbatch(s, e),
        Target::Lammps => sim::lammps(s),
        Target::Pwx => sim::pwx(s),
        Target::Gadget4 => sim::gadget4(s, e),
        Target::Openfoam => sim::openfoam(s),
    })
}

/// Every target with what it writes or why it does not apply: the page's "Launch settings"
/// block and `memcalc --emit list`.
pub fn all(s: &Scenario, e: &Estimate) -> Vec<(Target, Result<Emitted, String>)> {
    Target::ALL.iter().map(|&t| (t, emit(t, s, e))).collect()
}

/// The settings as a JSON object (`memcalc --emit T --json`): target, file, source, the
/// settings with why, and the body; or the target and why it does not apply.
pub fn to_json(t: Target, r: &Result<Emitted, String>) -> String {
    let v = match r {
        Ok(em) => serde_json::json!({
            "target": t.id(),
            "applies": true,
            "source": t.source(),
            "file": em.file,
            "settings": em.settings.iter().map(|s| serde_json::json!({
                "name": s.name, "value": s.value, "why": s.why,
            })).collect::<Vec<_>>(),
            "body": em.body,
        }),
        Err(why) => serde_json::json!({
            "target": t.id(),
            "applies": false,
            "why": why,
        }),
    };
    serde_json::to_string_pretty(&v).unwrap_or_default()
}

/// The model's name for an engine: the catalog id the scenario was filled from, else a
/// placeholder the notes explain.
pub(crate) fn model_name(s: &Scenario) -> (String, String) {
    match s.model {
        Some(m) => (
            m.id.to_string(),
            format!("the catalog model the scenario is sized for (model_id={})", m.id),
        ),
        None => (
            "MODEL".to_string(),
            "the scenario names no catalog model (a bare parameter count): put your checkpoint here".to_string(),
        ),
    }
}
