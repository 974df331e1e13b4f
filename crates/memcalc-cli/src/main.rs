//! `memcalc`: the page's estimate in a terminal. Reads a share link, a bare query string or
//! KEY=VALUE arguments; prints a table, JSON, CSV or Markdown, or a sweep of one key.
//! Exit status: 0 fits, 1 does not fit, 2 invalid input.

// Launch settings per suggestion and layout (issue 40, h-launch): `--launch`.
mod launch;
mod mcp;
mod output;

use clap::Parser;
use memcalc_core::schema::query;
use memcalc_core::{estimate, Inputs};
use output::Format;
use std::process::ExitCode;

/// Usage lines before the options; examples, what the keys are and the exit status after.
const USAGE: &str = "memcalc [OPTIONS] '<share link or query string>'
       memcalc [OPTIONS] KEY=VALUE [KEY=VALUE ...]
       memcalc mcp      (a Model Context Protocol server over stdio)
       memcalc --schema (the report's JSON Schema and the link's keys)";

const AFTER: &str = "EXAMPLES:
    memcalc 'params=7B&dtype=bf16&optimizer=adamw'
    memcalc 'https://example.org/memcalc/?v=2&mode=infer&params=13B'
    memcalc --format json mode=infer params=70B gpu=h200
    memcalc --format markdown mode=sim method=lbm nx=512 ny=512 nz=512
    memcalc model_id=meta-llama/Llama-3.1-70B mode=infer seq=32768 gpus=4 tp=4
    memcalc --config path/to/config.json mode=infer seq=32768 batch=8
    memcalc --sweep batch=1..64 params=7B zero=3 gpus=8
    memcalc --layouts params=70B gpus=64 seq=4096 framework=torchtitan
    memcalc --layouts --launch deepspeed params=70B gpus=64 seq=4096 framework=deepspeed
    memcalc --sweep ranks=64..4096 --format csv mode=sim method=grid nx=2048 ny=2048 nz=2048
    memcalc --list presets
    memcalc --list devices --json
    memcalc --compare params=70B 'params=70B&zero=3&gpus=8'
    memcalc mcp
    memcalc --emit vllm mode=infer model_id=meta-llama/Llama-3.1-70B gpus=4 tp=4 engine=vllm
    memcalc --emit sbatch params=7B zero=3 gpus=16 framework=deepspeed
    memcalc --emit list preset=lammps-rhodopsin
    memcalc --plan 'params=7B&seq=4096&plan_tokens=20B&plan_deadline_h=72&plan_devices=h100-80,h200'

Keys are those of the page's URL (docs/url-parameters.md); values not given take the page's
defaults, so a link copied from the page (or its 'copy as command' line) gives the same numbers
here. KEY=VALUE pairs and a bare query are read at the current schema version, as the page
reads what is typed into its form (v=1 asks for version 1); a share link (a URL, or a query
with its '?') keeps the meaning of its own version, and one without v= opens as version 1, as
on the page. preset=ID starts from one of the page's presets; measured= and measured_kind=
are accepted, and calibration= adds a kept calibration row. Page-only keys (embed, show, lock,
theme) are accepted and have no effect. A key that is none of these is an error naming the
closest keys (the page ignores it with a notice).

--sweep bounds are read as the key's values are (seq=1k..128k: 1,024 to 131,072 tokens);
values the scenario does not take are skipped with a note on standard error, and a sweep
whose rows are all the same says why. Under vLLM or SGLang each row also gives the sequences
the KV pool holds.

Where the run has a time model, the output also gives its time: the time line after the
verdict and one line per term (CSV 'time' rows, a Markdown table, a JSON 'speed' object), and
each --sweep row its step time, tokens/s or MLUPs, and the bound that limits it.

EXIT STATUS:
    0  the scenario fits the device (for --sweep: the last valid value fits)
    1  it does not fit
    2  invalid input: the message names the key and the allowed values with the closest
       (\"did you mean megatron?\"; a preset id too: preset=lammps-rhodo runs nothing), a
       hardware figure out of range (bw_eff=101), or, for a key that does not exist, the
       closest keys (\"did you mean nodes?\")";

/// memcalc: memory a model or simulation needs, part by part
#[derive(Parser, Debug)]
#[command(name = "memcalc", version, override_usage = USAGE, after_help = AFTER, max_term_width = 100)]
struct Args {
    /// table, json, csv or markdown
    #[arg(long, value_name = "F", value_parser = Format::parse_arg, default_value = "table")]
    format: Format,
    /// the same as --format json (schema_version 1; with a `speed` object where the run has a
    /// time model)
    #[arg(long)]
    json: bool,
    /// estimate for every value of key K from A to B (every integer when there are at most 64
    /// of them, else doubling from A), one row each: the data behind the page's scaling views
    #[arg(long, value_name = "K=A..B")]
    sweep: Option<String>,
    /// training: the layouts on the given GPUs that fit (tensor, pipeline and data parallel
    /// degrees, ZeRO stage, recomputation, offload), cheapest first: no offload before
    /// offload, then least compute lost to recomputation and the pipeline bubble, then fewest
    /// bytes sent per step
    #[arg(long, conflicts_with = "sweep")]
    layouts: bool,
    /// sizes in GB instead of GiB (table and markdown); a link with units=decimal does the same
    #[arg(long)]
    decimal: bool,
    /// read the architecture from a Hugging Face config.json (keys given on the command line
    /// override it); keys it does not need or understand are named on standard error
    #[arg(long, value_name = "FILE")]
    config: Option<std::path::PathBuf>,
    /// read a run's log (a file, or - for standard input): vLLM, llama.cpp/Ollama, LAMMPS,
    /// pw.x, PyTorch peak prints, nvidia-smi, /usr/bin/time -v or seff. The keys it states fill
    /// the scenario (keys given here are the base), each figure it reports is set beside the
    /// estimate's rows, the terms the estimate declares uncertain are calibrated from it, and
    /// the estimate of the result follows; --json prints the log's answer as JSON
    #[arg(long, value_name = "FILE", conflicts_with_all = ["sweep", "layouts", "list", "models"])]
    log: Option<String>,
    /// list the catalog's models (model_id=ID takes one; any case, or the alias)
    #[arg(long)]
    models: bool,
    /// list what a key picks from, id and the page's name (JSON with --json): presets, models,
    /// devices, nodes, codes, engines, frameworks, methods, optimizers, dtypes, modes,
    /// networks, quants, or any select key (precond, kv_dtype, ...)
    #[arg(long, value_name = "WHAT", conflicts_with_all = ["sweep", "layouts", "models"])]
    list: Option<String>,
    /// compare 2 to 4 setups side by side: each INPUT is one setup (a share link or a query
    /// string); every part's bytes, the step time and every time term per setup with the
    /// difference from the first, and what each setup changes (table, --json, --format
    /// csv|markdown); exit 0 when every setup fits
    #[arg(long, conflicts_with_all = ["sweep", "layouts", "models", "list", "config", "log"])]
    compare: bool,
    /// print the published schema (docs/schema/memcalc.schema.json): a JSON Schema (draft
    /// 2020-12) of the --json report and an OpenAPI 3.1 description of every query key (label,
    /// unit, range, allowed values, default, modes, help), generated from the fields table
    #[arg(long, conflicts_with_all = ["sweep", "layouts", "models", "list", "compare", "log"])]
    schema: bool,
    /// launch settings for the scenario (issue 40): vllm, sglang, llamacpp, ollama, deepspeed,
    /// fsdp, hf, sbatch, lammps, pwx, gadget4 or openfoam, each line's reason in comments
    /// (a JSON config's on standard error, so `> ds_config.json` keeps the file clean);
    /// `--emit list` names the targets and why the others do not apply. Exit 2 when the target
    /// does not apply to the scenario; --json prints the settings as JSON
    #[arg(long, value_name = "TARGET", conflicts_with_all = ["sweep", "layouts", "models", "list", "log", "compare"])]
    emit: Option<String>,
    // Launch settings per suggestion and layout (issue 40, h-launch).
    /// the launch settings of each row (TARGET as --emit takes it, or all: every target that
    /// applies): with --layouts, each layout's under the table; without, each suggestion's
    /// (what to change), written for the scenario with the row's change applied; --json
    /// prints the layouts or suggestions with a `launch` array each
    #[arg(long, value_name = "TARGET", conflicts_with_all = ["sweep", "models", "list", "log", "compare", "emit", "plan", "timeline", "trace"])]
    launch: Option<String>,
    // Memory over one step (issue 42).
    /// memory over one representative step of the busiest device or rank: each phase's start,
    /// duration (modelled, or equal width where the time model has none), level and largest
    /// parts, the peak (the estimate's total) and the change that lowers it most; with --json
    /// the document gains a `timeline` object; with --format trace, the Chrome trace
    #[arg(long, conflicts_with_all = ["sweep", "layouts", "models", "list", "compare", "log"])]
    timeline: bool,
    /// write the timeline in the Chrome trace event format (Perfetto, chrome://tracing) to FILE
    /// (- for standard output)
    #[arg(long, value_name = "FILE", conflicts_with_all = ["sweep", "layouts", "models", "list", "compare", "log"])]
    trace: Option<String>,
    /// with --timeline: a measured PyTorch memory snapshot as JSON (torch.cuda.memory._snapshot(),
    /// converted from its pickle with json.dump) to set beside the predicted peak
    #[arg(long, value_name = "FILE", requires = "timeline")]
    snapshot: Option<std::path::PathBuf>,
    /// plan from a goal to hardware, layout and cost (issue 41): INPUT is one setup with goal
    /// keys (plan_tokens or plan_steps with plan_deadline_h / plan_budget_gpuh, plan_users or
    /// plan_rps with plan_ttft_ms / plan_tpot_ms, ...; docs/url-parameters.md); prints the
    /// cheapest setup meeting the deadline, the fastest within the budget, the Pareto front of
    /// time against cost, or which constraint binds (table, --json, --format csv|markdown);
    /// exit 0 when a setup meets the goal, 1 when none does, 2 on invalid input
    #[arg(long, conflicts_with_all = ["sweep", "layouts", "models", "list", "config", "log", "compare"])]
    plan: bool,
    /// a share link, a query string, or KEY=VALUE pairs (joined with '&')
    #[arg(value_name = "INPUT")]
    inputs: Vec<String>,
}

fn fail(msg: &str) -> ExitCode {
    eprintln!("memcalc: {msg}");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    // `memcalc mcp`: the Model Context Protocol server over stdio (issue 43, src/mcp.rs).
    if std::env::args().nth(1).as_deref() == Some("mcp") {
        return mcp::serve();
    }
    // Usage errors exit with 2, like invalid keys; --help and --version with 0.
    let args = Args::parse();
    if args.schema {
        print!("{}", memcalc_core::report::schema::document());
        return ExitCode::SUCCESS;
    }
    if args.models {
        for m in memcalc_core::catalog::MODELS {
            println!(
                "{:<42} {:<18} {:>19}  {}",
                m.id,
                m.alias,
                memcalc_core::units::group_digits(m.arch.total_params()),
                m.label
            );
        }
        return ExitCode::SUCCESS;
    }
    let format = if args.json { Format::Json } else { args.format };
    let timeline = Timeline {
        table: args.timeline,
        trace: args
            .trace
            .clone()
            .or_else(|| (args.timeline && format == Format::Trace).then(|| "-".to_string())),
        snapshot: args.snapshot.clone(),
    };
    if format == Format::Trace && !args.timeline {
        return fail("--format trace is the timeline's: add --timeline (or use --trace FILE)");
    }
    if let Some(what) = &args.list {
        return match memcalc_core::schema::fields::list(what) {
            Some(rows) => {
                print!("{}", output::list(&rows, format));
                ExitCode::SUCCESS
            }
            None => fail(&output::not_a_list(what)),
        };
    }
    if args.compare {
        return compare(&args.inputs, format, args.decimal);
    }
    if args.plan {
        return plan(&args.inputs, format, args.decimal);
    }
    let mut decimal = args.decimal;
    let (sweep, layouts, config) = (args.sweep, args.layouts, args.config);
    let args_log = args.log;
    let args_emit = args.emit;
    let args_launch = args.launch;
    let mut parts = args.inputs;
    // A share link keeps the meaning of its own version (none: version 1, as the page opens
    // it); typed pairs are read at the current version, as the page reads its form. Pairs
    // typed after a link add to it: the link goes first, where its query starts.
    let link = parts.iter().any(|p| query::is_share_link(p));
    parts.sort_by_key(|p| !query::is_share_link(p));
    let joined = parts.join("&");
    let (mut inputs, notices) = if link {
        Inputs::from_query(&joined)
    } else {
        Inputs::from_typed_query(&joined)
    };
    if let Some(path) = config {
        let path = path.display().to_string();
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => return fail(&format!("cannot read {path}: {e}")),
        };
        let imported = match memcalc_core::schema::hf_config::read(&text) {
            Ok(i) => i,
            Err(e) => return fail(&format!("{path}: {e}")),
        };
        for line in imported.summary() {
            eprintln!("memcalc: {path}: {line}");
        }
        // The file is the base; keys given on the command line stay on top of it.
        let given: Vec<String> = query::pairs(&joined).into_iter().map(|(k, _)| k).collect();
        let mut with_config = inputs.clone();
        with_config.set_arch(&imported.arch);
        // A released model is what it ships as: the checkpoint's format, unless quant is given.
        if let Some(q) = imported.quant {
            with_config.set(
                memcalc_core::schema::fields::FieldId::Quant,
                memcalc_core::Choice::id(q),
            );
        }
        for f in memcalc_core::schema::fields::FIELDS {
            if !given.iter().any(|k| k == f.key) {
                inputs.set(f.id, with_config.get(f.id).to_string());
            }
        }
    }
    // A link copied from the page in GB keeps its units here.
    let (page, page_notices) = memcalc_core::schema::page::PageOptions::from_query(&joined);
    decimal |= page.units == memcalc_core::units::UnitSystem::Decimal;
    for n in &page_notices {
        eprintln!("memcalc: {}", n.message);
    }
    // A preset this version does not know: the other keys change it, so any estimate would be
    // of another scenario (the defaults'); invalid input, as an unknown value of any key.
    let unknown_preset = page.unknown_preset.is_some();
    // The page ignores an unknown key with a notice; a job script must not run a scenario
    // other than the one written, so here it is an error naming the closest keys.
    let mut unknown = false;
    for n in &notices {
        if query::known_key(&n.key) {
            eprintln!("memcalc: {}", n.message);
        } else {
            unknown = true;
            eprintln!("memcalc: {}", output::not_a_parameter(&n.key));
        }
    }
    if let Some(path) = &args_log {
        if unknown || unknown_preset {
            return ExitCode::from(2);
        }
        return read_log(path, &inputs, format, decimal);
    }
    let parsed = inputs.parse();
    if let Err(errors) = &parsed {
        for e in errors {
            eprintln!("memcalc: {}", e.message);
        }
    }
    let scenario = match parsed {
        Ok(s) if !unknown && !unknown_preset => s,
        _ => return ExitCode::from(2),
    };
    let e = estimate(&scenario);
    // A hardware figure out of range is invalid input, like a bad key: exit 2 naming it.
    let sp = match memcalc_core::speed(&scenario, &e) {
        Ok(sp) => sp,
        Err(err) => return fail(&err.to_string()),
    };
    if let Some(target) = &args_emit {
        return emit(target, &scenario, &e, format);
    }
    // ---- issue 40 (h-launch): each layout's or suggestion's launch settings ----
    if args_launch.is_some() || (layouts && format == Format::Json) {
        let only = match launch::target(args_launch.as_deref().unwrap_or("all")) {
            Ok(t) => t,
            Err(msg) => return fail(&msg),
        };
        let units = if decimal {
            memcalc_core::units::UnitSystem::Decimal
        } else {
            memcalc_core::units::UnitSystem::Binary
        };
        if !layouts {
            return launch::suggestions(&scenario, e.fits(), only, format, units);
        }
        if !scenario.mode.trains() {
            return fail("--layouts needs mode=train or mode=finetune");
        }
        return launch::layouts(&scenario, only, format, units);
    }
    if let Some(spec) = sweep {
        return match output::sweep(&inputs, &spec, format, decimal) {
            Ok(fits) => exit(fits),
            Err(msg) => fail(&msg),
        };
    }
    if layouts {
        return print_layouts(&scenario, decimal);
    }
    if timeline.table || timeline.trace.is_some() {
        return print_timeline(
            &timeline,
            &scenario,
            &e,
            sp.as_ref(),
            &notices,
            format,
            decimal,
        );
    }
    print!(
        "{}",
        output::render(&scenario, &e, sp.as_ref(), &notices, format, decimal)
    );
    exit(e.fits())
}

/// One setup of a comparison: a share link keeps its own version, a bare query is read at the
/// current one (as for a single setup); unknown keys, an unknown preset and invalid values are
/// errors.
fn setup(q: &str) -> Result<memcalc_core::Scenario, String> {
    // The reading the Python package's calls share (issue 43), every error joined.
    memcalc_core::report::calls::read(q)
        .map(|r| r.scenario)
        .map_err(|es| {
            es.into_iter()
                .map(|e| e.message)
                .collect::<Vec<_>>()
                .join("; ")
        })
}

/// `--compare`: the setups side by side; exit 0 when every setup fits, 1 when one does not, 2
/// on invalid input (the message names the setup).
fn compare(inputs: &[String], format: Format, decimal: bool) -> ExitCode {
    use memcalc_core::analysis::compare::{compare, Column, MAX_COLUMNS};
    use memcalc_core::units::UnitSystem;
    if !(2..=MAX_COLUMNS).contains(&inputs.len()) {
        return fail(&format!(
            "--compare takes 2 to {MAX_COLUMNS} setups, one link or query each; {} given",
            inputs.len()
        ));
    }
    let mut columns = Vec::new();
    for (i, q) in inputs.iter().enumerate() {
        let column = setup(q).and_then(|s| Column::of(s).map_err(|e| e.to_string()));
        match column {
            Ok(c) => columns.push(c),
            Err(e) => return fail(&format!("setup {}: {e}", i + 1)),
        }
    }
    let cmp = match compare(columns) {
        Ok(c) => c,
        Err(e) => return fail(&e.to_string()),
    };
    let units = if decimal {
        UnitSystem::Decimal
    } else {
        UnitSystem::Binary
    };
    match format {
        Format::Json => print!("{}", memcalc_core::report::compare::to_json(&cmp, units)),
        Format::Table => print!("{}", memcalc_core::report::compare::to_table(&cmp, units)),
        // issue 41 (h-compare): the page's CSV rows and Markdown section, every column.
        Format::Csv => print!(
            "id,label,bytes,location,formula\n{}",
            memcalc_core::report::compare::csv_rows(&cmp, units)
        ),
        Format::Markdown => print!(
            "{}",
            memcalc_core::report::compare::to_markdown(&cmp, units)
        ),
        _ => return fail(
            "--compare prints a table, JSON, CSV or Markdown (--format table|json|csv|markdown)",
        ),
    }
    exit(cmp.columns.iter().all(|c| c.estimate.fits()))
}

/// `--plan`: the goal's answer; exit 0 when a setup meets the goal, 1 when none does, 2 on
/// invalid input (the message names the key).
fn plan(inputs: &[String], format: Format, decimal: bool) -> ExitCode {
    use memcalc_core::analysis::plan::{plan, Goal};
    use memcalc_core::report::plan as words;
    use memcalc_core::units::UnitSystem;
    if inputs.is_empty() {
        return fail(
            "--plan takes one setup with goal keys (e.g. plan_tokens=20B&plan_deadline_h=72)",
        );
    }
    // Pairs and a link join as for one setup: the link first.
    let mut parts = inputs.to_vec();
    parts.sort_by_key(|p| !query::is_share_link(p));
    let joined = parts.join("&");
    let s = match setup(&joined) {
        Ok(s) => s,
        Err(e) => return fail(&e),
    };
    let goal = match Goal::from_query(&joined, &s) {
        Ok(Some(g)) => g,
        Ok(None) => return fail(PLAN_NEEDS_GOAL),
        Err(e) => return fail(&e.to_string()),
    };
    let units = if decimal {
        UnitSystem::Decimal
    } else {
        UnitSystem::Binary
    };
    let p = plan(&s, goal);
    match format {
        Format::Json => print!("{}", words::to_json(&p, units)),
        Format::Csv => print!("{}", words::to_csv(&p)),
        Format::Markdown => print!("{}", words::to_markdown(&p, units)),
        Format::Table | Format::Trace => print!("{}", words::to_table(&p, units)),
    }
    exit(p.met())
}

/// `--log`: the log's answer, then the estimate of the scenario it fills. Exit 2 when no
/// recogniser knows the text (nothing is changed), else the scenario's fit.
fn read_log(path: &str, base: &Inputs, format: Format, decimal: bool) -> ExitCode {
    use std::io::Read;
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes).map(|_| ()))
    };
    if let Err(e) = read {
        return fail(&format!("cannot read {path}: {e}"));
    }
    // A log is text; bytes that are not UTF-8 are replaced, never a reason to stop.
    let text = String::from_utf8_lossy(&bytes);
    let units = if decimal {
        memcalc_core::units::UnitSystem::Decimal
    } else {
        memcalc_core::units::UnitSystem::Binary
    };
    let answer = memcalc_core::log::check::answer(&text, base);
    let view = memcalc_core::report::log_check::view(&answer, units);
    if !view.recognised {
        return fail(&view.headline);
    }
    let Some(scenario) = answer.scenario else {
        if let Err(errors) = answer.inputs.parse() {
            for e in errors {
                eprintln!("memcalc: {}", e.message);
            }
        }
        return ExitCode::from(2);
    };
    let e = estimate(&scenario);
    if format == Format::Json {
        println!("{}", memcalc_core::report::log_check::json(&view));
        return exit(e.fits());
    }
    print!("{}", memcalc_core::report::log_check::table(&view));
    println!();
    let sp = memcalc_core::speed(&scenario, &e).ok().flatten();
    print!(
        "{}",
        output::render(&scenario, &e, sp.as_ref(), &[], format, decimal)
    );
    exit(e.fits())
}

/// `--emit TARGET`: the target's launch settings, or `list`: every target, those that apply
/// first. Exit 2 when the target does not apply (the reason on standard error), else the
/// scenario's fit, so a script can both write the settings and stop on a scenario that does
/// not fit.
fn emit(
    target: &str,
    s: &memcalc_core::Scenario,
    e: &memcalc_core::Estimate,
    format: Format,
) -> ExitCode {
    use memcalc_core::report::emit::{self as em, Target};
    use memcalc_core::Choice;
    if target == "list" {
        let all = em::all(s, e);
        if format == Format::Json {
            let rows: Vec<String> = all.iter().map(|(t, r)| em::to_json(*t, r)).collect();
            println!("[{}]", rows.join(",\n"));
        } else {
            print!("{}", emit_list(&all));
        }
        return exit(e.fits());
    }
    let t = match Target::parse(target) {
        Ok(t) => t,
        Err(msg) => return fail(&format!("--emit {target}: {msg} (or list)")),
    };
    let r = em::emit(t, s, e);
    if format == Format::Json {
        println!("{}", em::to_json(t, &r));
        return match r {
            Ok(_) => exit(e.fits()),
            Err(_) => ExitCode::from(2),
        };
    }
    match r {
        Ok(out) if out.comment.is_none() => {
            // A JSON file has no comments: the reasons go to standard error.
            for n in out.notes() {
                eprintln!("# {n}");
            }
            print!("{}", out.body);
            exit(e.fits())
        }
        Ok(out) => {
            print!("{}", out.text());
            exit(e.fits())
        }
        Err(why) => fail(&format!("--emit {}: does not apply: {why}", t.id())),
    }
}

/// `--emit list` as text (and `memcalc mcp`'s `emit` tool with target `list`): the targets that
/// apply, then each one that does not, with why.
pub(crate) fn emit_list(
    all: &[(
        memcalc_core::report::emit::Target,
        Result<memcalc_core::report::emit::Emitted, String>,
    )],
) -> String {
    use memcalc_core::Choice;
    let mut out = String::new();
    for (t, _) in all.iter().filter(|(_, r)| r.is_ok()) {
        out.push_str(&format!("{:<10} {}\n", t.id(), t.label()));
    }
    for (t, r) in all {
        if let Err(why) = r {
            out.push_str(&format!("{:<10} does not apply: {why}\n", t.id()));
        }
    }
    out
}

/// What `--plan` (and `memcalc mcp`'s `plan` tool) says without a goal key.
pub(crate) const PLAN_NEEDS_GOAL: &str = "--plan needs a goal: plan_tokens or plan_steps (training), plan_users or plan_rps (serving), plan_steps (simulation)";

/// The layout search as a table; exit 0 when at least one layout fits.
fn print_layouts(s: &memcalc_core::Scenario, decimal: bool) -> ExitCode {
    use memcalc_core::units::UnitSystem;
    if !s.mode.trains() {
        return fail("--layouts needs mode=train or mode=finetune");
    }
    let units = if decimal {
        UnitSystem::Decimal
    } else {
        UnitSystem::Binary
    };
    let found = memcalc_core::analysis::layouts::training_layouts(
        s,
        memcalc_core::analysis::layouts::LAYOUTS_SHOWN,
    );
    print!("{}", layouts_table(s, &found, units));
    exit(!found.is_empty())
}

/// The layouts found as the table `--layouts` prints (and `memcalc mcp`'s `layouts` tool).
fn layouts_table(
    s: &memcalc_core::Scenario,
    found: &[memcalc_core::analysis::layouts::Layout],
    units: memcalc_core::units::UnitSystem,
) -> String {
    use memcalc_core::units::format_bytes;
    if found.is_empty() {
        return format!(
            "No layout on {} {} fits {} per device.\n",
            s.parallel.gpus,
            memcalc_core::explain::wording::plural(s.parallel.gpus, "GPU", "GPUs"),
            format_bytes(s.device.capacity_bytes(), units)
        );
    }
    // Each layout's step time and GPU-hours beside its memory (issue 41): for the run where
    // train_tokens is given, else per 10⁹ tokens.
    let per_run = s.speed.train_tokens.is_some();
    let mut out = format!(
        "layout | per device | step | GPU-hours {} | compute lost | sent per step | query\n",
        if per_run {
            "for the run"
        } else {
            "per 1B tokens"
        }
    );
    for l in found {
        let t = memcalc_core::analysis::plan::layout_time(s, l);
        out.push_str(&format!(
            "{} | {} | {} | {} | {} % recompute + {} % bubble | {} | {}\n",
            l.label(),
            format_bytes(l.per_device_bytes, units),
            t.map_or("-".into(), |t| format!(
                "{} ({})",
                memcalc_core::explain::speed::time(memcalc_core::Time::of(t.step_s)),
                t.bound.key()
            )),
            t.map_or("-".into(), |t| memcalc_core::explain::speed::hours_figure(
                t.gpu_hours
            )),
            l.recompute_pct,
            l.bubble_pct,
            format_bytes(l.comm_bytes, units),
            l.query()
        ));
    }
    out
}

fn exit(fits: bool) -> ExitCode {
    if fits {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// What `--timeline`, `--trace` and `--snapshot` ask for.
struct Timeline {
    table: bool,
    trace: Option<String>,
    snapshot: Option<std::path::PathBuf>,
}

/// `--timeline` / `--trace`: memory over one step (issue 42), from the same estimate and time.
fn print_timeline(
    want: &Timeline,
    s: &memcalc_core::Scenario,
    e: &memcalc_core::Estimate,
    sp: Option<&memcalc_core::Speed>,
    notices: &[memcalc_core::Notice],
    format: Format,
    decimal: bool,
) -> ExitCode {
    use memcalc_core::report::timeline as words;
    let units = if decimal {
        memcalc_core::units::UnitSystem::Decimal
    } else {
        memcalc_core::units::UnitSystem::Binary
    };
    let t = memcalc_core::analysis::timeline::timeline(s, e, sp);
    let savings = memcalc_core::analysis::derived::savings(s);
    if let Some(path) = &want.trace {
        let trace = words::chrome_trace(e, &t);
        if path == "-" {
            print!("{trace}");
        } else if let Err(err) = std::fs::write(path, trace) {
            return fail(&format!("cannot write {path}: {err}"));
        } else {
            eprintln!("memcalc: wrote the timeline's trace to {path} (open it in ui.perfetto.dev)");
        }
    }
    let stdout_trace = want.trace.as_deref() == Some("-");
    if want.table && !stdout_trace {
        match format {
            Format::Json => {
                let doc = output::render(s, e, sp, notices, Format::Json, decimal);
                print!(
                    "{}",
                    words::with_timeline(&doc, &words::to_json(e, &t, &savings))
                );
            }
            _ => print!("{}", words::table(e, &t, &savings, units)),
        }
    }
    if let Some(path) = &want.snapshot {
        let text = match std::fs::read_to_string(path) {
            Ok(x) => x,
            Err(err) => return fail(&format!("cannot read {}: {err}", path.display())),
        };
        match words::check_snapshot(&t, &text) {
            Ok(c) => eprintln!("memcalc: {}", words::snapshot_sentence(&c, units)),
            Err(msg) => return fail(&format!("{}: {msg}", path.display())),
        }
    }
    exit(e.fits())
}
