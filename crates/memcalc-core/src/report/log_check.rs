//! The words of a log's answer: which tool and version, each filled key with the line it came
//! from, the keys kept, the part-by-part check ("KV pool: logged 46,611 tokens, estimated
//! 45,920, −1.5 %"), the calibration before and after, and the link (the filled keys and the
//! calibration only, never the log). One typed view serves the CLI's table and JSON and the page.

use crate::base::keys::FieldId;
use crate::base::units::{format_bytes, group_digits, UnitSystem};
use crate::log::check::{Compared, LogAnswer};
use crate::log::{Figure, Unit};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolLine {
    pub id: String,
    pub name: String,
    pub version: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FilledLine {
    pub key: FieldId,
    pub value: String,
    pub line: usize,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefusedLine {
    pub key: FieldId,
    pub value: String,
    pub line: usize,
    pub why: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnusedLine {
    pub line: usize,
    pub text: String,
    pub why: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckLine {
    pub figure: String,
    pub label: String,
    pub line: usize,
    pub text: String,
    pub logged: u64,
    pub estimated: Option<u64>,
    pub parts: Vec<String>,
    /// Estimate − logged in hundredths of a percent of the logged figure.
    pub error_bp: Option<i64>,
    pub tolerance_bp: Option<u64>,
    pub shown_by: Option<String>,
    pub flagged: bool,
    pub sentence: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CalibratedLine {
    pub key: FieldId,
    pub before: String,
    pub after: String,
    pub line: usize,
    pub why: String,
}

/// A log's answer in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogView {
    pub recognised: bool,
    /// One sentence: what was recognised, or which tools are (an unrecognised paste).
    pub headline: String,
    pub tools: Vec<ToolLine>,
    pub lines: usize,
    pub filled: Vec<FilledLine>,
    pub refused: Vec<RefusedLine>,
    pub kept: Vec<FieldId>,
    pub unused: Vec<UnusedLine>,
    pub notes: Vec<String>,
    pub checks: Vec<CheckLine>,
    pub calibrated: Vec<CalibratedLine>,
    /// Median of the absolute errors of the checked figures, basis points.
    pub median_error_bp: Option<u64>,
    /// Median of the absolute errors of the checked timings (log/timing.rs), basis points;
    /// not written when the log has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub median_timing_error_bp: Option<u64>,
    /// The query that reopens the filled and calibrated scenario (no log text in it).
    pub query: String,
    /// The keys a page applies as one step: each field the answer changes from the page's
    /// inputs, leaving out locked ones (`LogAnswer::patch`); empty in the CLI's view, and then
    /// not written, so `memcalc --log --json` keeps its fields.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub patch: Vec<(FieldId, String)>,
    /// The paste states settings and no measured figure (a launch command, a batch script, a
    /// config): its keys are "filled from the launch settings"; not written when false, so
    /// `memcalc --log --json` of a log keeps its fields.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub settings_only: bool,
}

impl LogView {
    /// The heading above the filled keys, on the page and in the CLI's table.
    pub fn filled_heading(&self) -> &'static str {
        if self.settings_only {
            "Filled from the launch settings"
        } else {
            "Filled from the log"
        }
    }
}

/// The name of a logged figure.
pub fn label(f: Figure) -> &'static str {
    match f {
        Figure::Weights => "weights",
        Figure::WeightsHost => "weights in host memory",
        Figure::KvBytes => "KV cache",
        Figure::KvTokens => "KV pool",
        Figure::KvBlocks => "KV blocks",
        Figure::Concurrency => "maximum concurrency",
        Figure::ComputeBuffer => "compute buffer",
        Figure::ComputeHost => "host compute buffer",
        Figure::CudaGraphs => "CUDA graphs",
        Figure::NonTorch => "non-torch memory (runtime)",
        Figure::ActivationPeak => "profiled activation peak",
        Figure::RankMemory => "memory per rank",
        Figure::ProcessEstimate => "estimated RAM per process",
        Figure::Reserved => "max_memory_reserved",
        Figure::Allocated => "max_memory_allocated",
        Figure::DeviceUsed => "memory used on the device",
        Figure::MaxRss => "maximum resident set",
        Figure::JobMemory => "job memory",
        Figure::WallMs => "wall time",
        Figure::ZeroStates => "DeepSpeed's ZeRO estimate per GPU (no offload)",
        Figure::ZeroStatesOffloadOptimizer => {
            "DeepSpeed's ZeRO estimate per GPU (optimizer offloaded)"
        }
        Figure::ZeroStatesOffloadAll => {
            "DeepSpeed's ZeRO estimate per GPU (parameters and optimizer offloaded)"
        }
        Figure::LargestAllocation => "largest allocation (GADGET-4)",
        Figure::EwaldTable => "Ewald table (GADGET-4)",
        Figure::DecodeRate => "decode rate (one sequence)",
        Figure::PrefillRate => "prefill rate",
        Figure::GenerationRate => "generation throughput",
        Figure::StepRate => "steps per second",
        Figure::ScfIterationUs => "time per SCF iteration",
    }
}

/// A figure's value in its unit.
pub fn value(f: Figure, v: u64, units: UnitSystem) -> String {
    match f.unit() {
        Unit::Bytes => format_bytes(v, units),
        Unit::Tokens => format!("{} tokens", group_digits(v)),
        Unit::Blocks => format!("{} blocks", group_digits(v)),
        Unit::Milli => format!("{}.{:02}×", v / 1000, (v % 1000 + 5) / 10 % 100),
        Unit::Ms => format!("{}.{:03} s", v / 1000, v % 1000),
        Unit::Us => {
            let ms = (v + 5) / 10;
            format!("{}.{:02} ms", group_digits(ms / 100), ms % 100)
        }
        Unit::TokensPerS => format!("{} tokens/s", rate(v)),
        Unit::StepsPerS => format!("{} steps/s", rate(v)),
    }
}

/// A rate in thousandths with two decimals below 100 and one above ("48.52", "1,273.7").
fn rate(milli: u64) -> String {
    if milli < 100_000 {
        let c = (milli + 5) / 10;
        format!("{}.{:02}", c / 100, c % 100)
    } else {
        let t = (milli + 50) / 100;
        format!("{}.{}", group_digits(t / 10), t % 10)
    }
}

// ---- Timing lines (issue 40): the band the project's rows show for the timed mechanism. ----

/// What the project has shown for a timing's mechanism: the band of `docs/accuracy.md`'s time
/// rows of the same program, figure and bound (`analysis::band`).
#[derive(Debug, Clone, PartialEq)]
pub struct TimingBand {
    /// The band's class, e.g. `decode engine=llamacpp memory_bandwidth`.
    pub class: String,
    /// Its upper reach in basis points, where the rows bound the figure.
    pub tolerance_bp: Option<u64>,
    /// Its words ("the decode band of `…`: ±21 % (…)"), or why there is none.
    pub words: String,
    /// The logged figure lies outside the band.
    pub outside: bool,
}

/// The band of a timing row; None for a figure that is not a timing.
pub fn timing_band(c: &Compared) -> Option<TimingBand> {
    use crate::analysis::band::{class_key, Band, Figure as B};
    use crate::log::timing::TimeFigure;
    let t = c.timed?;
    let est = c.estimated? as f64;
    let figure = match t.figure {
        TimeFigure::Decode => B::Decode,
        TimeFigure::Prefill => B::Prefill,
        TimeFigure::Step => B::Step,
    };
    let class = class_key(t.mechanism, figure, Some(t.bound))?;
    let band = Band::of_class(&class);
    // "decode engine=llamacpp memory_bandwidth" → "the decode band (engine=llamacpp,
    // memory_bandwidth): …": plain text on the page, in the CLI and in docs/accuracy.md.
    let mut parts = class.split(' ');
    let head = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    let words = format!(
        "the {head} band ({}): {}",
        rest.join(", "),
        super::band::short(&band)
    );
    let Some((low, high)) = band.range(1.0) else {
        return Some(TimingBand {
            class,
            tolerance_bp: None,
            words,
            outside: false,
        });
    };
    // The band is symmetric in ratio: a rate's or a duration's logged figure over the estimate.
    let ratio = c.logged as f64 / est.max(1e-9);
    Some(TimingBand {
        class,
        tolerance_bp: Some(((high - 1.0) * 10_000.0).round() as u64),
        words,
        outside: ratio < low || ratio > high,
    })
}

/// A signed share in hundredths of a percent, one decimal: "+1.9 %", "−1.5 %".
pub fn signed_pct(bp: i64) -> String {
    let tenths = (bp.unsigned_abs() + 5) / 10;
    let sign = if bp < 0 && tenths > 0 { "−" } else { "+" };
    format!("{sign}{}.{} %", tenths / 10, tenths % 10)
}

fn pct(bp: u64) -> String {
    let tenths = (bp + 5) / 10;
    format!("{}.{} %", tenths / 10, tenths % 10)
}

/// "KV pool: logged 46,611 tokens, estimated 45,920 tokens, −1.5 % (within ±5 % …)".
pub fn sentence(c: &Compared, units: UnitSystem) -> String {
    let name = label(c.figure);
    let logged = value(c.figure, c.logged, units);
    let (Some(est), Some(err)) = (c.estimated, c.error_bp) else {
        return match c.estimated {
            Some(est) => format!(
                "{name}: logged {logged}, estimated {}",
                value(c.figure, est, units)
            ),
            None => format!("{name}: logged {logged}; not compared: {}", c.mechanism),
        };
    };
    let head = format!(
        "{name}: logged {logged}, estimated {}, {}",
        value(c.figure, est, units),
        signed_pct(err)
    );
    if let Some(b) = timing_band(c) {
        return match (b.tolerance_bp, b.outside) {
            (Some(_), true) => format!(
                "{head} — outside {}; look first at {}",
                b.words, c.mechanism
            ),
            (Some(_), false) => format!("{head} (within {})", b.words),
            (None, _) => format!(
                "{head} ({}, so not flagged; it depends on {})",
                b.words, c.mechanism
            ),
        };
    }
    match c.shown {
        Some(s) if c.flagged => format!(
            "{head} — outside the ±{} the project has shown for this mechanism ({}); look first at {}",
            pct(s.tolerance_bp),
            s.rows,
            c.mechanism
        ),
        Some(s) => format!("{head} (within ±{}, {})", pct(s.tolerance_bp), s.rows),
        None => format!("{head} (no accuracy row for this mechanism yet, so not flagged; it depends on {})", c.mechanism),
    }
}

/// "1 key", "2 keys".
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The log box's first sentence for recognised text. A paste that states settings and no
/// measured figure (a launch command, a batch script, a DeepSpeed or TrainingArguments config)
/// is launch settings, its tools listed after a colon (issue 40, h-sglang: "Recognised a
/// PyTorch FSDP under torchrun, Hugging Face TrainingArguments (launch settings) log" read
/// awkwardly); a log is named by its main tool and version, the others after it.
/// The sentence names each tool by its short name ("Recognised a llama.cpp log", not "a
/// llama.cpp and Ollama (logs, llama-server commands) log"); the tools' list keeps the rest.
fn headline(
    tools: &[(crate::log::Tool, String)],
    filled: usize,
    compared: usize,
    settings_only: bool,
) -> String {
    let named = |(t, version): &(crate::log::Tool, String)| {
        if version.is_empty() {
            t.short_name().to_string()
        } else {
            format!("{} {version}", t.short_name())
        }
    };
    const KEPT: &str =
        "Read here, in this program; the text itself goes nowhere and is not kept in the link.";
    if settings_only {
        let names: Vec<String> = tools.iter().map(named).collect();
        return format!(
            "Recognised launch settings: {}. {} filled from them; they state no measured figure to set beside the estimate. {KEPT}",
            names.join("; "),
            count(filled, "key", "keys")
        );
    }
    let others: Vec<&str> = tools[1..].iter().map(|(t, _)| t.short_name()).collect();
    let also = if others.is_empty() {
        String::new()
    } else {
        format!(" (also {})", others.join("; "))
    };
    format!(
        "Recognised a {} log{also}: {} filled from it, {} set beside the estimate. {}",
        named(&tools[0]),
        count(filled, "key", "keys"),
        count(compared, "figure", "figures"),
        KEPT.replace("the text itself", "the log itself")
    )
}

/// The view of a log's answer.
pub fn view(a: &LogAnswer, units: UnitSystem) -> LogView {
    let r = &a.reading;
    let tools: Vec<ToolLine> = r
        .tools
        .iter()
        .map(|(t, v)| ToolLine {
            id: t.id().to_string(),
            name: t.name().to_string(),
            version: v.clone(),
        })
        .collect();
    let settings_only = r.recognised() && r.launch && r.logged.is_empty();
    let headline = if !r.recognised() {
        crate::log::not_recognised()
    } else {
        headline(
            &r.tools,
            a.applied.filled.len(),
            a.compared.len(),
            settings_only,
        )
    };
    LogView {
        settings_only,
        recognised: r.recognised(),
        headline,
        tools,
        lines: r.lines,
        filled: a
            .applied
            .filled
            .iter()
            .map(|f| FilledLine {
                key: f.key,
                value: f.value.clone(),
                line: f.line,
                text: f.text.clone(),
            })
            .collect(),
        refused: a
            .applied
            .refused
            .iter()
            .map(|(f, why)| RefusedLine {
                key: f.key,
                value: f.value.clone(),
                line: f.line,
                why: why.clone(),
            })
            .collect(),
        kept: a.applied.kept.clone(),
        unused: r
            .unused
            .iter()
            .map(|u| UnusedLine {
                line: u.line,
                text: u.text.clone(),
                why: u.why.clone(),
            })
            .collect(),
        notes: r.notes.clone(),
        checks: a
            .compared
            .iter()
            .map(|c| CheckLine {
                figure: c.figure.id().to_string(),
                label: label(c.figure).to_string(),
                line: c.line,
                text: c.text.clone(),
                logged: c.logged,
                estimated: c.estimated,
                parts: c.parts.iter().map(|p| p.key().to_string()).collect(),
                error_bp: c.error_bp,
                tolerance_bp: timing_band(c)
                    .and_then(|b| b.tolerance_bp)
                    .or(c.shown.map(|s| s.tolerance_bp)),
                shown_by: timing_band(c)
                    .map(|b| b.words)
                    .or(c.shown.map(|s| s.rows.to_string())),
                flagged: c.flagged || timing_band(c).is_some_and(|b| b.outside),
                sentence: sentence(c, units),
            })
            .collect(),
        calibrated: a
            .calibrated
            .iter()
            .map(|c| CalibratedLine {
                key: c.key,
                before: c.before.clone(),
                after: c.after.clone(),
                line: c.line,
                why: c.why.to_string(),
            })
            .collect(),
        median_error_bp: a.median_error_bp(),
        median_timing_error_bp: a.median_timing_error_bp(),
        query: match (&a.scenario, r.recognised()) {
            (Some(s), true) => s.to_query(),
            _ => String::new(),
        },
        patch: Vec::new(),
    }
}

/// The page's log box: the answer to `text` (the whole log) for the page's query `query` (its
/// address bar's text: the scenario, `lock=` and the units), with the patch the page applies.
/// The log's own wasm (crates/memcalc-log) writes it as JSON; the page reads it back.
pub fn page_view(query: &str, reading: crate::log::Reading) -> LogView {
    let (state, options) = crate::schema::page_state::PageState::from_query(query);
    let base = state.inputs();
    let a = crate::log::check::answer_of(reading, base);
    let mut v = view(&a, options.units);
    v.patch = a.patch(base, state.locked());
    v
}

/// The page's box when its log reader (the log wasm) did not load: no answer, said as an error.
pub fn not_loaded() -> LogView {
    LogView {
        recognised: false,
        headline: "The log reader did not load (its WebAssembly could not be fetched), so the log was not read. Reload the page to try again.".into(),
        tools: Vec::new(),
        lines: 0,
        filled: Vec::new(),
        refused: Vec::new(),
        kept: Vec::new(),
        unused: Vec::new(),
        notes: Vec::new(),
        checks: Vec::new(),
        calibrated: Vec::new(),
        median_error_bp: None,
        settings_only: false,
        median_timing_error_bp: None,
        query: String::new(),
        patch: Vec::new(),
    }
}

/// The view as the CLI's table.
pub fn table(v: &LogView) -> String {
    let mut out = String::new();
    out.push_str(&v.headline);
    out.push('\n');
    if !v.recognised {
        return out;
    }
    let line_of = |n: usize| format!("line {n}");
    if !v.filled.is_empty() {
        out.push_str(&format!("\n{}:\n", v.filled_heading()));
        for f in &v.filled {
            out.push_str(&format!(
                "  {} = {}  ({}: {})\n",
                f.key.key(),
                f.value,
                line_of(f.line),
                f.text
            ));
        }
    }
    for r in &v.refused {
        out.push_str(&format!(
            "  not used: {} = {} ({}): {}\n",
            r.key.key(),
            r.value,
            line_of(r.line),
            r.why
        ));
    }
    if !v.kept.is_empty() {
        out.push_str(&format!(
            "Not stated in the log, kept as they were: {}\n",
            v.kept
                .iter()
                .map(|k| k.key())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if !v.checks.is_empty() {
        out.push_str("\nChecked part by part:\n");
        for c in &v.checks {
            let flag = if c.flagged { "!" } else { " " };
            out.push_str(&format!("{flag} {}  ({})\n", c.sentence, line_of(c.line)));
        }
        if let Some(m) = v.median_error_bp {
            out.push_str(&format!("  median error: {}\n", pct(m)));
        }
        if let Some(m) = v.median_timing_error_bp {
            out.push_str(&format!("  median error of the timings: {}\n", pct(m)));
        }
    }
    if !v.calibrated.is_empty() {
        out.push_str("\nCalibrated from your log:\n");
        for c in &v.calibrated {
            let before = if c.before.is_empty() {
                "(empty)"
            } else {
                c.before.as_str()
            };
            out.push_str(&format!(
                "  {}: {} → {}  ({}): {}\n",
                c.key.key(),
                before,
                c.after,
                line_of(c.line),
                c.why
            ));
        }
    }
    for u in &v.unused {
        out.push_str(&format!("  line {} not used: {}\n", u.line, u.why));
    }
    for n in &v.notes {
        out.push_str(&format!("Note: {n}\n"));
    }
    out.push_str(&format!(
        "\nLink query (the filled keys and the calibration, never the log): {}\n",
        v.query
    ));
    out
}

/// The view as JSON.
pub fn json(v: &LogView) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default()
}
