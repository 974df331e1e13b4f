//! Reading a run's log: which tool wrote it, the figures it reports (weights, KV pool, buffers,
//! a rank's memory, a peak) and the settings it states. One file per tool; each has one row per
//! line it recognises, naming the source code that prints that line (file and version).
//!
//! Nothing here keeps the log: a [`Reading`] holds the figures, the keys it fills with the
//! number of the line each came from, and a short, inert copy of that line (control characters
//! and ANSI escape sequences removed, at most [`LINE_CHARS`] characters). What follows from it
//! (filling the scenario, the part-by-part check, the calibration) is in [`check`].

pub mod abinit;
pub mod check;
pub mod deepspeed;
pub mod gadget;
pub mod gromacs;
pub mod lammps;
// Launch settings read back: a llama.cpp command, a DeepSpeed config, an sbatch script (issue 40).
mod launch;
pub mod llamacpp;
pub mod nvidia_smi;
pub mod openfoam;
pub mod pwx;
pub mod pytorch;
pub mod seff;
pub mod sglang;
pub mod time_v;
pub mod timing;
// Training launch settings read back: torchrun, FSDP, TrainingArguments (issue 40, h-fsdp).
pub mod trainer;
pub mod vllm;

use crate::base::keys::FieldId;

/// Characters of a log line kept beside a figure or a filled key.
pub const LINE_CHARS: usize = 160;

/// A line longer than this is cut before it is read (a 20 MB paste of one line stays cheap).
pub const MAX_LINE: usize = 4096;

/// The tools whose logs are recognised.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tool {
    Vllm,
    LlamaCpp,
    Lammps,
    Pwx,
    Pytorch,
    NvidiaSmi,
    TimeV,
    Seff,
    Sglang,
    DeepSpeed,
    Gromacs,
    Abinit,
    Gadget,
    Openfoam,
    // Issue 40 (h-fsdp): torchrun/FSDP and TrainingArguments read back (log/trainer.rs).
    Trainer,
}

impl Tool {
    pub const ALL: [Tool; 15] = [
        Tool::Vllm,
        Tool::LlamaCpp,
        Tool::Lammps,
        Tool::Pwx,
        Tool::Pytorch,
        Tool::NvidiaSmi,
        Tool::TimeV,
        Tool::Seff,
        Tool::Sglang,
        Tool::DeepSpeed,
        Tool::Gromacs,
        Tool::Abinit,
        Tool::Gadget,
        Tool::Openfoam,
        Tool::Trainer,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Tool::Vllm => "vllm",
            Tool::LlamaCpp => "llamacpp",
            Tool::Lammps => "lammps",
            Tool::Pwx => "pwx",
            Tool::Pytorch => "pytorch",
            Tool::NvidiaSmi => "nvidia_smi",
            Tool::TimeV => "time_v",
            Tool::Seff => "seff",
            Tool::Sglang => "sglang",
            Tool::DeepSpeed => "deepspeed",
            Tool::Gromacs => "gromacs",
            Tool::Abinit => "abinit",
            Tool::Gadget => "gadget",
            Tool::Openfoam => "openfoam",
            Tool::Trainer => "trainer",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Tool::Vllm => "vLLM (V0 and V1 engines)",
            Tool::LlamaCpp => "llama.cpp and Ollama (logs, llama-server commands)",
            Tool::Lammps => "LAMMPS",
            Tool::Pwx => "Quantum ESPRESSO pw.x",
            Tool::Pytorch => "PyTorch max_memory_allocated/reserved prints",
            Tool::NvidiaSmi => "nvidia-smi (table or --query-gpu CSV)",
            Tool::TimeV => "GNU /usr/bin/time -v",
            Tool::Seff => "Slurm (seff, sbatch scripts)",
            Tool::Sglang => "SGLang",
            Tool::DeepSpeed => "DeepSpeed (see_memory_usage, ZeRO estimators, ds_config.json)",
            Tool::Gromacs => "GROMACS md.log",
            Tool::Abinit => "ABINIT",
            Tool::Gadget => "GADGET-4 memory report",
            Tool::Openfoam => "OpenFOAM",
            Tool::Trainer => "PyTorch FSDP under torchrun, Hugging Face TrainingArguments",
        }
    }

    /// The tool as a sentence names it ("Recognised a llama.cpp b6413 log"): `name` without
    /// the kinds of text its recogniser reads, which the list of recognised tools keeps.
    pub fn short_name(self) -> &'static str {
        match self {
            Tool::Vllm => "vLLM",
            Tool::LlamaCpp => "llama.cpp",
            Tool::Pytorch => "PyTorch",
            Tool::NvidiaSmi => "nvidia-smi",
            Tool::TimeV => "GNU time",
            Tool::Seff => "Slurm",
            Tool::DeepSpeed => "DeepSpeed",
            Tool::Gromacs => "GROMACS",
            Tool::Gadget => "GADGET-4",
            Tool::Lammps
            | Tool::Pwx
            | Tool::Sglang
            | Tool::Abinit
            | Tool::Openfoam
            | Tool::Trainer => self.name(),
        }
    }

    fn recogniser(self) -> &'static Recogniser {
        match self {
            Tool::Vllm => &vllm::RECOGNISER,
            Tool::LlamaCpp => &llamacpp::RECOGNISER,
            Tool::Lammps => &lammps::RECOGNISER,
            Tool::Pwx => &pwx::RECOGNISER,
            Tool::Pytorch => &pytorch::RECOGNISER,
            Tool::NvidiaSmi => &nvidia_smi::RECOGNISER,
            Tool::TimeV => &time_v::RECOGNISER,
            Tool::Seff => &seff::RECOGNISER,
            Tool::Sglang => &sglang::RECOGNISER,
            Tool::DeepSpeed => &deepspeed::RECOGNISER,
            Tool::Gromacs => &gromacs::RECOGNISER,
            Tool::Abinit => &abinit::RECOGNISER,
            Tool::Gadget => &gadget::RECOGNISER,
            Tool::Openfoam => &openfoam::RECOGNISER,
            Tool::Trainer => &trainer::RECOGNISER,
        }
    }

    /// The lines this tool's recogniser reads: the text it looks for and the source that
    /// prints it.
    pub fn rows(self) -> Vec<(&'static str, &'static str)> {
        self.recogniser()
            .rows
            .iter()
            .map(|r| (r.marker, r.prints))
            .collect()
    }
}

/// A figure a log reports. Sizes are bytes (per device, or per rank for a simulation code);
/// counts are whole; `Concurrency` is in thousandths; times are in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Figure {
    /// Weights on the device (vLLM "Loading model weights took", llama.cpp's GPU model buffer).
    Weights,
    /// Weights in host memory (llama.cpp's CPU model buffer).
    WeightsHost,
    /// The KV cache in bytes (vLLM's KV memory, llama.cpp's KV buffer on the device).
    KvBytes,
    /// Tokens the KV pool holds (vLLM V1 "GPU KV cache size").
    KvTokens,
    /// Blocks of the KV pool (vLLM "# GPU blocks").
    KvBlocks,
    /// Requests of the logged length the pool holds at once, in thousandths.
    Concurrency,
    /// llama.cpp's compute buffer on the device.
    ComputeBuffer,
    /// llama.cpp's compute buffer in host memory.
    ComputeHost,
    /// vLLM's CUDA-graph memory.
    CudaGraphs,
    /// vLLM's non-torch memory (CUDA context, NCCL, libraries).
    NonTorch,
    /// vLLM's profiled activation peak.
    ActivationPeak,
    /// A simulation code's per-rank report (LAMMPS average column).
    RankMemory,
    /// pw.x's estimated dynamical RAM per process.
    ProcessEstimate,
    /// PyTorch `max_memory_reserved`.
    Reserved,
    /// PyTorch `max_memory_allocated`.
    Allocated,
    /// nvidia-smi's memory used on the busiest device.
    DeviceUsed,
    /// `/usr/bin/time -v` maximum resident set size of the process.
    MaxRss,
    /// Slurm's memory utilized by the job.
    JobMemory,
    /// Wall time of the run or of its timed loop, in milliseconds.
    WallMs,
    // --- DeepSpeed's ZeRO estimator (issue 40): its own per-GPU estimate of the model states,
    // one figure per offload setting of its table.
    /// No offload.
    ZeroStates,
    /// The optimizer offloaded (offload_optimizer=cpu).
    ZeroStatesOffloadOptimizer,
    /// Parameters and optimizer offloaded.
    ZeroStatesOffloadAll,
    // --- GADGET-4's memory report (issue 40).
    /// The largest task's high-water mark of its MaxMemSize arena ("Largest Allocation").
    LargestAllocation,
    /// The Ewald correction table (`Ewd`, from `ewald_init()`).
    EwaldTable,
    // Timing lines (issue 40): set beside the time model and calibrating its efficiency
    // (log/timing.rs). Rates are in thousandths per second.
    /// One sequence's generated tokens per second (llama.cpp "eval time", llama-bench tg).
    DecodeRate,
    /// Prompt tokens per second (llama.cpp "prompt eval time", llama-bench pp).
    PrefillRate,
    /// Generated tokens per second over every running request (vLLM's "Avg generation
    /// throughput", a throughput benchmark's output tokens/s).
    GenerationRate,
    /// Simulation steps per second (LAMMPS "Performance: … timesteps/s").
    StepRate,
    /// Microseconds per SCF iteration (pw.x's SCF clock over its iterations).
    ScfIterationUs,
}

impl Figure {
    pub fn id(self) -> &'static str {
        match self {
            Figure::Weights => "weights",
            Figure::WeightsHost => "weights_host",
            Figure::KvBytes => "kv_bytes",
            Figure::KvTokens => "kv_tokens",
            Figure::KvBlocks => "kv_blocks",
            Figure::Concurrency => "concurrency",
            Figure::ComputeBuffer => "compute_buffer",
            Figure::ComputeHost => "compute_host",
            Figure::CudaGraphs => "cuda_graphs",
            Figure::NonTorch => "non_torch",
            Figure::ActivationPeak => "activation_peak",
            Figure::RankMemory => "rank_memory",
            Figure::ProcessEstimate => "process_estimate",
            Figure::Reserved => "reserved",
            Figure::Allocated => "allocated",
            Figure::DeviceUsed => "device_used",
            Figure::MaxRss => "max_rss",
            Figure::JobMemory => "job_memory",
            Figure::WallMs => "wall_ms",
            Figure::ZeroStates => "zero_states",
            Figure::ZeroStatesOffloadOptimizer => "zero_states_offload_optimizer",
            Figure::ZeroStatesOffloadAll => "zero_states_offload_all",
            Figure::LargestAllocation => "largest_allocation",
            Figure::EwaldTable => "ewald_table",
            Figure::DecodeRate => "decode_rate",
            Figure::PrefillRate => "prefill_rate",
            Figure::GenerationRate => "generation_rate",
            Figure::StepRate => "step_rate",
            Figure::ScfIterationUs => "scf_iteration_us",
        }
    }

    /// What the value counts.
    pub fn unit(self) -> Unit {
        match self {
            Figure::KvTokens => Unit::Tokens,
            Figure::KvBlocks => Unit::Blocks,
            Figure::Concurrency => Unit::Milli,
            Figure::WallMs => Unit::Ms,
            Figure::ScfIterationUs => Unit::Us,
            Figure::DecodeRate | Figure::PrefillRate | Figure::GenerationRate => Unit::TokensPerS,
            Figure::StepRate => Unit::StepsPerS,
            _ => Unit::Bytes,
        }
    }
}

/// The unit of a figure's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Bytes,
    Tokens,
    Blocks,
    /// Thousandths of a ratio.
    Milli,
    Ms,
    /// Microseconds.
    Us,
    /// Tokens per second, in thousandths.
    TokensPerS,
    /// Steps per second, in thousandths.
    StepsPerS,
}

/// One figure the log reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Logged {
    pub figure: Figure,
    pub value: u64,
    /// 1-based line number in the pasted text.
    pub line: usize,
    /// The line, inert and cut to [`LINE_CHARS`].
    pub text: String,
    /// The source code that prints it.
    pub prints: &'static str,
}

/// A key the log states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filled {
    pub key: FieldId,
    pub value: String,
    pub line: usize,
    pub text: String,
}

/// A line a recogniser read but could not use, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unused {
    pub line: usize,
    pub text: String,
    pub why: String,
}

/// What a log gave.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Reading {
    /// Recognised tools, the one with most recognised lines first, each with the version the
    /// log names (empty when it names none).
    pub tools: Vec<(Tool, String)>,
    pub logged: Vec<Logged>,
    pub filled: Vec<Filled>,
    pub unused: Vec<Unused>,
    /// What the reader noticed about the log as a whole (truncated, two runs, several devices).
    pub notes: Vec<String>,
    /// Lines in the text.
    pub lines: usize,
    /// The counts a timing was measured at (`running` requests of a vLLM metrics line,
    /// `prompt_tokens` of a prompt evaluation, `generated_tokens`, `bench` for llama-bench),
    /// read by log/timing.rs.
    pub counts: Vec<(&'static str, u64)>,
    /// Whether the recognised lines are all launch settings (a command, a batch script, a
    /// config; issue 40, h-sglang): with no figure logged, the text is launch settings, not a
    /// log (a log that prints its command line has lines of its own).
    pub launch: bool,
}

impl Reading {
    /// Whether any recogniser knew the text.
    pub fn recognised(&self) -> bool {
        !self.tools.is_empty()
    }

    /// The main tool (most recognised lines).
    pub fn tool(&self) -> Option<Tool> {
        self.tools.first().map(|t| t.0)
    }

    pub fn figure(&self, f: Figure) -> Option<&Logged> {
        self.logged.iter().find(|l| l.figure == f)
    }

    pub fn filled(&self, key: FieldId) -> Option<&Filled> {
        self.filled.iter().find(|f| f.key == key)
    }
}

/// The sentence shown for a paste no recogniser knows.
pub fn not_recognised() -> String {
    let names: Vec<&str> = Tool::ALL.iter().map(|t| t.name()).collect();
    format!(
        "No line of this text is one the calculator recognises, so nothing was changed. Recognised: {}.",
        names.join("; ")
    )
}

/// One recognised line: the text it contains, the source that prints it, and what it gives.
pub(crate) struct Row {
    pub marker: &'static str,
    pub prints: &'static str,
    pub read: fn(&mut Ctx, &str),
}

/// A tool's rows, and what it derives once every line is read.
pub(crate) struct Recogniser {
    pub rows: &'static [Row],
    pub finish: fn(&mut Ctx),
}

/// The state of one tool's reading.
pub(crate) struct Ctx {
    pub reading: Reading,
    /// Values a later step derives fills from, each with its line.
    pub seen: std::collections::BTreeMap<&'static str, (f64, usize, String)>,
    pub texts: std::collections::BTreeMap<&'static str, (String, usize, String)>,
    pub version: String,
    /// Lines this tool recognised.
    pub hits: usize,
    /// Times a start-of-run line was seen (two: two runs concatenated).
    pub starts: usize,
    /// Whether the current line was read as a launch setting (a command, a batch script's
    /// line, a config: log/launch.rs), set by its reader.
    pub launch: bool,
    /// Lines read as launch settings, and other recognised lines that are no comment (a log's).
    launch_lines: usize,
    log_lines: usize,
    line: usize,
    text: String,
    prints: &'static str,
}

impl Ctx {
    fn new() -> Ctx {
        Ctx {
            reading: Reading::default(),
            seen: Default::default(),
            texts: Default::default(),
            version: String::new(),
            hits: 0,
            starts: 0,
            launch: false,
            launch_lines: 0,
            log_lines: 0,
            line: 0,
            text: String::new(),
            prints: "",
        }
    }

    /// Records a figure of the current line. A figure logged again with another value (a
    /// second worker, a second device) keeps the largest, the busiest device's, and says so.
    pub fn log(&mut self, figure: Figure, value: u64) {
        let (line, text, prints) = (self.line, self.text.clone(), self.prints);
        if let Some(l) = self.reading.logged.iter_mut().find(|l| l.figure == figure) {
            if l.value != value {
                let note = format!(
                    "{} is logged more than once with different values (lines {} and {}): the largest is checked",
                    figure.id(),
                    l.line,
                    line
                );
                if !self.reading.notes.contains(&note) {
                    self.reading.notes.push(note);
                }
                if value > l.value {
                    *l = Logged {
                        figure,
                        value,
                        line,
                        text,
                        prints,
                    };
                }
            }
            return;
        }
        self.reading.logged.push(Logged {
            figure,
            value,
            line,
            text,
            prints,
        });
    }

    /// Records a key the current line states (a later statement of the same key replaces it).
    pub fn fill(&mut self, key: FieldId, value: impl Into<String>) {
        let (line, text) = (self.line, self.text.clone());
        self.fill_at(key, value, line, text);
    }

    /// A simulation code's log: `mode=sim` and `code=` filled at the first line a value was
    /// seen on (the reader's anchor). False, and nothing filled, when no value was seen.
    pub fn fill_sim_code(&mut self, code: &'static str) -> bool {
        let anchor = self
            .seen
            .values()
            .map(|v| (v.1, v.2.clone()))
            .min_by_key(|v| v.0);
        let Some((n, t)) = anchor else { return false };
        self.fill_at(FieldId::Mode, "sim", n, t.clone());
        self.fill_at(FieldId::Code, code, n, t);
        true
    }

    pub fn fill_at(&mut self, key: FieldId, value: impl Into<String>, line: usize, text: String) {
        let value = value.into();
        self.reading.filled.retain(|f| f.key != key);
        self.reading.filled.push(Filled {
            key,
            value,
            line,
            text,
        });
    }

    /// Remembers a number of the current line for [`Recogniser::finish`].
    pub fn remember(&mut self, name: &'static str, value: f64) {
        self.seen
            .insert(name, (value, self.line, self.text.clone()));
    }

    pub fn remember_text(&mut self, name: &'static str, value: &str) {
        self.texts
            .insert(name, (value.to_string(), self.line, self.text.clone()));
    }

    /// A line read but not used.
    pub fn unused(&mut self, why: impl Into<String>) {
        let (line, text) = (self.line, self.text.clone());
        self.reading.unused.push(Unused {
            line,
            text,
            why: why.into(),
        });
    }

    /// Keeps the count a timing of this tool was measured at (log/timing.rs reads it).
    pub fn count(&mut self, name: &'static str, value: u64) {
        self.reading.counts.retain(|c| c.0 != name);
        self.reading.counts.push((name, value));
    }

    pub fn note(&mut self, note: impl Into<String>) {
        let note = note.into();
        if !self.reading.notes.contains(&note) {
            self.reading.notes.push(note);
        }
    }
}

/// The text of a line as it is kept and matched: ANSI escape sequences and other control
/// characters removed (markup stays as characters: the page shows it as text, never as HTML).
pub fn inert(line: &str) -> String {
    let mut out = String::with_capacity(line.len().min(MAX_LINE));
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if out.len() >= MAX_LINE {
            break;
        }
        if c == '\u{1b}' {
            // CSI: ESC [ parameters final-byte; OSC: ESC ] … BEL or ESC \; other: ESC + one.
            match chars.peek() {
                Some('[') => {
                    chars.next();
                    for d in chars.by_ref() {
                        if ('@'..='~').contains(&d) {
                            break;
                        }
                    }
                }
                Some(']') => {
                    chars.next();
                    while let Some(d) = chars.next() {
                        if d == '\u{7}' {
                            break;
                        }
                        if d == '\u{1b}' {
                            chars.next();
                            break;
                        }
                    }
                }
                _ => {
                    chars.next();
                }
            }
            continue;
        }
        if c == '\t' {
            out.push(' ');
        } else if !c.is_control() {
            out.push(c);
        }
    }
    out
}

fn short(line: &str) -> String {
    let t = line.trim();
    if t.chars().count() <= LINE_CHARS {
        t.to_string()
    } else {
        let cut: String = t.chars().take(LINE_CHARS - 1).collect();
        format!("{cut}…")
    }
}

/// Reads a log: every line is offered to every tool's rows; the tools that recognised lines
/// are kept, the one with most lines first.
pub fn read(text: &str) -> Reading {
    let mut r = Reader::new();
    r.feed(text);
    r.finish()
}

/// Reads a log piece by piece, so that a page can read a large paste a slice at a time without
/// freezing: `feed` each piece in order (a line may be split between pieces), then `finish`.
pub struct Reader {
    ctxs: Vec<(Tool, Ctx)>,
    lines: usize,
    partial: String,
    /// The partial line reached [`MAX_LINE`]: the rest of it is dropped.
    partial_full: bool,
    // Launch settings read back (issue 40, log/launch.rs).
    /// A command continued over lines (`\` at a line's end) so far, read as one line.
    continued: String,
    /// The text from the first line that is not a comment, when it opens a JSON object (a
    /// DeepSpeed config), with that line's number; None otherwise or past [`MAX_JSON`].
    json: Option<(String, usize)>,
    /// Whether a line other than a blank or a `#` comment was seen.
    begun: bool,
}

/// Bytes of a pasted JSON config kept to be read whole (a DeepSpeed config is a few KB).
pub const MAX_JSON: usize = 256 * 1024;

impl Default for Reader {
    fn default() -> Self {
        Reader::new()
    }
}

impl Reader {
    pub fn new() -> Reader {
        Reader {
            ctxs: Tool::ALL.iter().map(|t| (*t, Ctx::new())).collect(),
            lines: 0,
            partial: String::new(),
            partial_full: false,
            continued: String::new(),
            json: None,
            begun: false,
        }
    }

    /// Reads the complete lines of `chunk` (with what the previous piece left unfinished).
    pub fn feed(&mut self, chunk: &str) {
        let mut rest = chunk;
        while let Some(nl) = rest.find('\n') {
            let piece = &rest[..nl];
            rest = &rest[nl + 1..];
            if self.partial.is_empty() && !self.partial_full {
                self.line(piece);
            } else {
                self.push_partial(piece);
                let whole = std::mem::take(&mut self.partial);
                self.partial_full = false;
                self.line(&whole);
            }
        }
        self.push_partial(rest);
    }

    fn push_partial(&mut self, piece: &str) {
        if self.partial_full || piece.is_empty() {
            return;
        }
        let room = MAX_LINE.saturating_sub(self.partial.len());
        if piece.len() <= room {
            self.partial.push_str(piece);
        } else {
            let mut end = room;
            while !piece.is_char_boundary(end) {
                end -= 1;
            }
            self.partial.push_str(&piece[..end]);
            self.partial_full = true;
        }
    }

    fn line(&mut self, raw: &str) {
        self.lines += 1;
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let raw = if raw.len() > MAX_LINE {
            let mut end = MAX_LINE;
            while !raw.is_char_boundary(end) {
                end -= 1;
            }
            &raw[..end]
        } else {
            raw
        };
        // A pasted config (issue 40, log/launch.rs): kept whole when the text opens a JSON
        // object, read at the end.
        if let Some((j, _)) = &mut self.json {
            if j.len() + raw.len() < MAX_JSON {
                j.push_str(raw);
                j.push('\n');
            } else {
                self.json = None;
            }
        } else if !self.begun && !raw.trim().is_empty() && !raw.trim_start().starts_with('#') {
            self.begun = true;
            if raw.trim_start().starts_with('{') {
                self.json = Some((format!("{raw}\n"), self.lines));
            }
        }
        // A command continued over lines (`\` at the end, as `memcalc --emit` writes them) is
        // read as one line, numbered by its last.
        let joined;
        let raw = match raw.trim_end().strip_suffix('\\') {
            Some(head) if self.continued.len() + head.len() < MAX_LINE => {
                self.continued.push_str(head);
                self.continued.push(' ');
                return;
            }
            _ if !self.continued.is_empty() => {
                joined = std::mem::take(&mut self.continued) + raw;
                joined.as_str()
            }
            _ => raw,
        };
        if raw.trim().is_empty() {
            return;
        }
        // Most lines of a long log are plain text: only those with control characters (tabs,
        // escape sequences) are copied to be cleaned.
        let clean: std::borrow::Cow<str> =
            if raw.bytes().any(|b| b < 0x20 || b == 0x7f || b == 0xc2) {
                std::borrow::Cow::Owned(inert(raw))
            } else {
                std::borrow::Cow::Borrowed(raw)
            };
        let mut shortened: Option<String> = None;
        // Whether the line was read as a launch setting by any tool (issue 40, h-sglang: a
        // guard's link names `atom_style=`, which LAMMPS's log rows match too), and the tools
        // that recognised it.
        let mut launch_line = false;
        let mut hit = Vec::new();
        for (i, (tool, ctx)) in self.ctxs.iter_mut().enumerate() {
            for row in tool.recogniser().rows {
                if clean.contains(row.marker) {
                    ctx.line = self.lines;
                    ctx.text = shortened.get_or_insert_with(|| short(&clean)).clone();
                    ctx.prints = row.prints;
                    ctx.hits += 1;
                    ctx.launch = *tool == Tool::Trainer;
                    (row.read)(ctx, &clean);
                    if ctx.launch {
                        ctx.launch_lines += 1;
                        launch_line = true;
                    }
                    hit.push(i);
                }
            }
        }
        // A comment (`#`, OpenFOAM's `//`, GADGET-4's `%`) is no log line.
        let t = clean.trim_start();
        if !launch_line && !t.starts_with('#') && !t.starts_with("//") && !t.starts_with('%') {
            for i in hit {
                self.ctxs[i].1.log_lines += 1;
            }
        }
    }

    /// The reading of everything fed.
    pub fn finish(mut self) -> Reading {
        if !self.partial.is_empty() {
            let last = std::mem::take(&mut self.partial);
            self.line(&last);
        }
        if !self.continued.is_empty() {
            let last = std::mem::take(&mut self.continued);
            self.lines -= 1;
            self.line(&last);
        }
        if let Some((text, first)) = self.json.take() {
            if let Some((_, c)) = self.ctxs.iter_mut().find(|(t, _)| *t == Tool::DeepSpeed) {
                if launch::deepspeed_config(c, &text, first) {
                    c.launch_lines += 1;
                }
            }
        }
        let lines = self.lines;
        let mut found: Vec<(Tool, Ctx)> = Vec::new();
        for (tool, mut ctx) in self.ctxs {
            if ctx.hits == 0 {
                continue;
            }
            (tool.recogniser().finish)(&mut ctx);
            if ctx.starts > 1 {
                ctx.note(format!(
                    "The log holds {} runs of {} (its start line appears {} times): the figures and settings are the last stated of each",
                    ctx.starts,
                    tool.name(),
                    ctx.starts
                ));
            }
            found.push((tool, ctx));
        }
        // A tool only counts if it gave a figure or a setting (a stray word is not a log).
        found.retain(|(_, c)| !c.reading.logged.is_empty() || !c.reading.filled.is_empty());
        found.sort_by(|a, b| b.1.hits.cmp(&a.1.hits).then(a.0.cmp(&b.0)));
        let mut out = Reading {
            lines,
            launch: found.iter().any(|(_, c)| c.launch_lines > 0)
                && found.iter().all(|(_, c)| c.log_lines == 0),
            ..Reading::default()
        };
        for (tool, ctx) in found {
            out.tools.push((tool, ctx.version.clone()));
            for l in ctx.reading.logged {
                if !out.logged.iter().any(|o| o.figure == l.figure) {
                    out.logged.push(l);
                }
            }
            for f in ctx.reading.filled {
                // The main tool's statement of a key wins over another tool's.
                if !out.filled.iter().any(|o| o.key == f.key) {
                    out.filled.push(f);
                }
            }
            out.unused.extend(ctx.reading.unused);
            for c in ctx.reading.counts {
                if !out.counts.iter().any(|o| o.0 == c.0) {
                    out.counts.push(c);
                }
            }
            for n in ctx.reading.notes {
                if !out.notes.contains(&n) {
                    out.notes.push(n);
                }
            }
        }
        out.filled.sort_by_key(|f| (f.key as usize, f.line));
        out.logged.sort_by_key(|l| (l.figure, l.line));
        out
    }
}

// ---- number helpers shared by the recognisers ----

/// The first number (digits with optional `,` thousands separators, `.` and exponent) at or
/// after `from` in `s`.
pub(crate) fn number_after(s: &str, from: &str) -> Option<f64> {
    let at = s.find(from)? + from.len();
    first_number(&s[at..])
}

/// The first number in `s`.
pub(crate) fn first_number(s: &str) -> Option<f64> {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len()
        && !(b[i].is_ascii_digit()
            || (b[i] == b'.' && i + 1 < b.len() && b[i + 1].is_ascii_digit()))
    {
        i += 1;
    }
    if i >= b.len() {
        return None;
    }
    let neg = i > 0 && b[i - 1] == b'-';
    let mut j = i;
    let mut text = String::new();
    while j < b.len() {
        let c = b[j];
        if c.is_ascii_digit() || c == b'.' {
            text.push(c as char);
        } else if c == b','
            && j + 3 < b.len() + 1
            && b.get(j + 1).is_some_and(u8::is_ascii_digit)
            && b.get(j + 3).is_some_and(u8::is_ascii_digit)
            && !b.get(j + 4).is_some_and(u8::is_ascii_digit)
        {
            // A thousands separator: exactly three digits follow.
        } else if (c == b'e' || c == b'E')
            && b.get(j + 1)
                .is_some_and(|d| d.is_ascii_digit() || *d == b'+' || *d == b'-')
        {
            text.push('e');
            if b[j + 1] == b'+' || b[j + 1] == b'-' {
                text.push(b[j + 1] as char);
                j += 1;
            }
        } else {
            break;
        }
        j += 1;
    }
    let v = parse_decimal(text.trim_end_matches('.'))?;
    Some(if neg { -v } else { v })
}

/// All numbers in `s`, in order.
pub(crate) fn numbers(s: &str) -> Vec<f64> {
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(v) = first_number(rest) {
        out.push(v);
        // Move past this number.
        let b = rest.as_bytes();
        let mut i = 0;
        while i < b.len()
            && !b[i].is_ascii_digit()
            && !(b[i] == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            i += 1;
        }
        while i < b.len()
            && (b[i].is_ascii_digit()
                || b[i] == b'.'
                || b[i] == b','
                || b[i] == b'e'
                || b[i] == b'E'
                || ((b[i] == b'+' || b[i] == b'-')
                    && i > 0
                    && (b[i - 1] == b'e' || b[i - 1] == b'E')))
        {
            i += 1;
        }
        if i == 0 {
            break;
        }
        rest = &rest[i..];
    }
    out
}

/// `x` of a unit written after it (`GiB`, `GB` as vLLM prints 2^30, `MiB`, `MB`, `KiB`, `kB`),
/// in bytes. `binary_gb`: the tool writes GB for 2^30 (vLLM, pw.x's MB is 2^20).
pub(crate) fn bytes_of(x: f64, unit: &str, binary_gb: bool) -> Option<u64> {
    let u = unit.trim().trim_start_matches('(').to_ascii_lowercase();
    let scale: f64 = if u.starts_with("gib") {
        (1u64 << 30) as f64
    } else if u.starts_with("mib") {
        (1u64 << 20) as f64
    } else if u.starts_with("kib") {
        1024.0
    } else if u.starts_with("tb") {
        if binary_gb {
            (1u64 << 40) as f64
        } else {
            1e12
        }
    } else if u.starts_with("gb") || u.starts_with('g') {
        if binary_gb {
            (1u64 << 30) as f64
        } else {
            1e9
        }
    } else if u.starts_with("mb") || u.starts_with("mbytes") || u.starts_with('m') {
        if binary_gb {
            (1u64 << 20) as f64
        } else {
            1e6
        }
    } else if u.starts_with("kb") || u.starts_with('k') {
        if binary_gb {
            1024.0
        } else {
            1e3
        }
    } else if u.starts_with('b') {
        1.0
    } else {
        return None;
    };
    if !(x.is_finite() && x >= 0.0) {
        return None;
    }
    Some((x * scale).round().min(u64::MAX as f64) as u64)
}

/// A number followed by its unit (`14.96GiB`, `67.7229 GB`, `5312.00 MiB`) after `from`.
pub(crate) fn size_after(s: &str, from: &str, binary_gb: bool) -> Option<u64> {
    let at = s.find(from)? + from.len();
    size_in(&s[at..], binary_gb)
}

/// The first number in `s` and the unit after it, in bytes.
pub(crate) fn size_in(s: &str, binary_gb: bool) -> Option<u64> {
    let b = s.as_bytes();
    let start = (0..b.len()).find(|&i| b[i].is_ascii_digit())?;
    let mut end = start;
    while end < b.len() && (b[end].is_ascii_digit() || b[end] == b'.' || b[end] == b',') {
        end += 1;
    }
    let x = parse_decimal(&s[start..end].replace(',', ""))?;
    let unit: String = s[end..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    bytes_of(x, &unit, binary_gb)
}

/// A value as a key takes it: whole numbers without a fraction, others with up to `places`
/// (trailing zeros dropped). Integer formatting only: the standard library's float formatting
/// would add kilobytes to the page's wasm.
pub(crate) fn plain(x: f64, places: usize) -> String {
    let p = 10u64.pow(places.min(9) as u32);
    let sign = if x < 0.0 { "-" } else { "" };
    let v = (x.abs() * p as f64).round();
    if !v.is_finite() || v >= u64::MAX as f64 {
        return String::new();
    }
    let v = v as u64;
    let (int, frac) = (v / p, v % p);
    if frac == 0 {
        return format!("{sign}{int}");
    }
    let digits = format!("{frac:0width$}", width = places.min(9));
    format!("{sign}{int}.{}", digits.trim_end_matches('0'))
}

/// A decimal number's text (digits, an optional fraction, an optional exponent) as `f64`,
/// without the standard library's float parser (kilobytes of the page's wasm). Exact to the
/// 17 significant digits a log prints at most.
pub(crate) fn parse_decimal(t: &str) -> Option<f64> {
    let t = t.trim();
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let (mant, exp) = match t.find(['e', 'E']) {
        Some(i) => (&t[..i], Some(&t[i + 1..])),
        None => (t, None),
    };
    let (mut int, mut scale, mut dot, mut digits) = (0u64, 0i32, false, 0u32);
    for c in mant.bytes() {
        match c {
            b'0'..=b'9' => {
                digits += 1;
                if int < 100_000_000_000_000_000 {
                    int = int * 10 + u64::from(c - b'0');
                    if dot {
                        scale -= 1;
                    }
                } else if !dot {
                    scale += 1;
                }
            }
            b'.' if !dot => dot = true,
            _ => return None,
        }
    }
    if digits == 0 {
        return None;
    }
    if let Some(e) = exp {
        let (eneg, e) = match e.strip_prefix('-') {
            Some(r) => (true, r),
            None => (false, e.strip_prefix('+').unwrap_or(e)),
        };
        if e.is_empty() || !e.bytes().all(|b| b.is_ascii_digit()) || e.len() > 3 {
            return None;
        }
        let v = e.bytes().fold(0i32, |a, b| a * 10 + i32::from(b - b'0'));
        scale += if eneg { -v } else { v };
    }
    let x = int as f64;
    let x = if scale < 0 {
        x / 10f64.powi(-scale)
    } else {
        x * 10f64.powi(scale)
    };
    Some(if neg { -x } else { x })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_logs_write_them() {
        assert_eq!(first_number("tokens: 75,840 tokens"), Some(75840.0));
        assert_eq!(first_number("= 1.20318e+06 ave"), Some(1.20318e6));
        assert_eq!(
            numbers("= 7.381 | 7.381 | 7.5 Mbytes"),
            vec![7.381, 7.381, 7.5]
        );
        assert_eq!(
            size_after("took 67.7229 GB", "took", true),
            Some((67.7229f64 * (1u64 << 30) as f64).round() as u64)
        );
        assert_eq!(
            size_in("  14.96GiB", true),
            Some((14.96f64 * (1u64 << 30) as f64).round() as u64)
        );
        assert_eq!(plain(0.90, 3), "0.9");
        assert_eq!(plain(8192.0, 3), "8192");
        assert_eq!(plain(0.084671, 6), "0.084671");
        assert_eq!(plain(79.22, 2), "79.22");
        assert_eq!(parse_decimal("7.381"), Some(7.381));
        assert_eq!(parse_decimal("1.20318e+06"), Some(1_203_180.0));
        assert_eq!(parse_decimal("265.3020"), Some(265.302));
        assert_eq!(parse_decimal("x"), None);
    }

    #[test]
    fn escapes_and_controls_are_removed() {
        assert_eq!(
            inert("\u{1b}[34m0.00.612\u{1b}[0m I print_info"),
            "0.00.612 I print_info"
        );
        assert_eq!(inert("a\u{7}b\u{0}c<script>"), "abc<script>");
    }
}
