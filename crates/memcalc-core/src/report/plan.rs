//! The planner's answer in words (issue 41): the goal, the cheapest setup meeting the deadline,
//! the fastest within the budget, the Pareto front of time against cost, and when nothing meets
//! the goal, the constraint that binds, by how much, and what comes closest. As a table, JSON,
//! CSV and Markdown (`memcalc --plan`); the numbers are `analysis::plan`'s.

use crate::analysis::plan::{Binding, Candidate, Goal, Plan, Task};
use crate::base::units::{format_bytes, format_sig, group_digits, UnitSystem};
use crate::explain::speed::{bound, hours_figure, time};
use crate::speed::Time;

/// Where the planner's figures come from, each with its source: shown with every answer.
pub const ASSUMPTIONS: &[&str] = &[
    "Memory: the estimate's verdict for each setup, as the page gives it (the layouts of analysis::layouts that fit).",
    "Time: the speed model's step time (speed/, each term's source on the page); a training run = tokens ÷ tokens/s (or steps × step time), a simulation = steps × step time.",
    "GPU-hours = GPUs × hours; node-hours = nodes × hours, nodes = ⌈GPUs ÷ gpus_per_node⌉ (CPU codes: the nodes the ranks run on).",
    "Money only from plan_price (per GPU-hour, in your currency): no default price is assumed.",
    "Serving: one engine per replica, users spread evenly over the replicas; a load in requests/s is turned into users in flight by Little's law, L = λ × (time to first token + output tokens × time per token), at the targets (Little 1961).",
];

// ---- issue 41 (h-compare): latency percentiles of a random load ----

/// Where a serving goal's percentile (`plan_lat_pct`) comes from and what it assumes: shown
/// with its answers after [`ASSUMPTIONS`].
pub const PERCENTILE_ASSUMPTION: &str = "Latency percentile (plan_lat_pct): requests arrive at random (a Poisson stream of plan_rps, split evenly over the replicas), each replica runs at most its setup's sequences at once and admits a waiting request, first come first served, when a running one finishes (vLLM's scheduler, vllm/v1/core/sched/scheduler.py), each request holding its slot for its prefill and its output tokens. The wait for a slot is the M/G/c queue's: the chance to wait is Erlang's C formula (Kleinrock, Queueing Systems vol. 1, 1975, §3.5), the wait's tail exponential with the Allen–Cunneen halving for requests of one length (Allen, Probability, Statistics, and Queueing Theory, 2nd ed. 1990, §6.4); its percentile is added to the time to first token (beyond what the slots carry, the queue grows through the period). The time per output token is the decode step with every slot busy, at every percentile: the engine model has one step per running count, and fewer running only shortens it.";

/// The assumptions shown with a plan's answer: [`ASSUMPTIONS`], and the percentile's where the
/// goal reads its targets at one.
pub fn assumptions(g: &Goal) -> Vec<&'static str> {
    let mut out = ASSUMPTIONS.to_vec();
    if matches!(
        g.task,
        Task::Serve {
            percentile: Some(_),
            ..
        }
    ) {
        out.push(PERCENTILE_ASSUMPTION);
    }
    out
}

fn device_label(id: &str) -> &'static str {
    crate::catalog::device::gpu_by_id(id)
        .map(|g| g.label)
        .or_else(|| crate::catalog::device::node_by_id(id).map(|n| n.label))
        .unwrap_or("")
}

fn hours_text(h: f64) -> String {
    time(Time::of(h * 3600.0))
}

/// The goal in one sentence: "Train on 10,000,000,000 tokens within 48 h, at most 5,000
/// GPU-hours."
pub fn goal_sentence(g: &Goal) -> String {
    let mut out = match &g.task {
        Task::Train {
            tokens: Some(t), ..
        } => format!("Train on {} tokens", group_digits(*t)),
        Task::Train { steps, .. } => {
            format!("Train for {} steps", group_digits(steps.unwrap_or(0)))
        }
        Task::Serve {
            users,
            rps,
            ttft_s,
            tpot_s,
            hours,
            percentile,
        } => {
            let mut s = match rps {
                Some(r) => format!(
                    "Serve {} requests/s ({} in flight)",
                    format_sig(*r),
                    group_digits(*users)
                ),
                None => format!("Serve {} users at once", group_digits(*users)),
            };
            if let Some(t) = ttft_s {
                s.push_str(&format!(", first token within {}", time(Time::of(*t))));
            }
            if let Some(t) = tpot_s {
                s.push_str(&format!(", each next token within {}", time(Time::of(*t))));
            }
            if let Some(p) = percentile {
                s.push_str(&format!(
                    " (the first token at the {p}th percentile of random arrivals, with the wait for a running slot)"
                ));
            }
            s.push_str(&format!(", for {}", hours_text(*hours)));
            s
        }
        Task::Simulate { steps } => format!("Run {} simulation steps", group_digits(*steps)),
    };
    if let Some(d) = g.deadline_h {
        out.push_str(&format!(" within {}", hours_text(d)));
    }
    if let Some(b) = g.budget_gpuh {
        out.push_str(&format!(", at most {} GPU-hours", hours_figure(b)));
    }
    if let Some(b) = g.budget_nodeh {
        out.push_str(&format!(", at most {} node-hours", hours_figure(b)));
    }
    if let Some(p) = g.price {
        out.push_str(&format!(" (price {} per GPU-hour, given)", format_sig(p)));
    }
    out.push('.');
    out
}

/// One setup in words: "8 × NVIDIA H100 80GB, DP 8 × TP 1 × PP 1, ZeRO 1, bf16: 30.2 h on 8
/// GPUs = 242 GPU-hours (1 node: 30.2 node-hours); 967 ms per step, bound by compute; 61.2 GiB
/// of 79.6 GiB per device."
pub fn setup_sentence(c: &Candidate, task: &Task, units: UnitSystem) -> String {
    let what = if c.gpus > 0 {
        format!("{} × {}", group_digits(c.gpus), device_label(c.device))
    } else {
        format!("{} × {}", group_digits(c.nodes), device_label(c.device))
    };
    let dtype = if c.dtype.is_empty() {
        String::new()
    } else {
        format!(", {}", c.dtype)
    };
    let run = Time::of(c.hours * 3600.0);
    let cost = crate::explain::speed::run_cost(run, (c.gpus > 0).then_some(c.gpus), c.nodes);
    let money = c.money.map_or(String::new(), |m| {
        format!(", {} at the given price", format_sig(m))
    });
    let timing = match task {
        Task::Serve { .. } => format!(
            "first token {}, {} per output token, bound by {}; {} for the period{cost}{money}",
            time(Time::of(c.ttft_s.unwrap_or(0.0))),
            time(Time::of(c.step_s)),
            bound(c.bound),
            hours_text(c.hours)
        ),
        _ => format!(
            "{} for the run{cost}{money}; {} per step, bound by {}",
            hours_text(c.hours),
            time(Time::of(c.step_s)),
            bound(c.bound)
        ),
    };
    format!(
        "{what}, {}{dtype}: {timing}; {} of {} per device.",
        c.layout,
        format_bytes(c.per_device_bytes, units),
        format_bytes(c.capacity_bytes, units)
    )
}

fn pct_over(got: f64, limit: f64) -> String {
    format!("{} %", format_sig((got / limit - 1.0) * 100.0))
}

/// Why nothing meets the goal, and by how much.
pub fn binding_sentence(b: &Binding, units: UnitSystem) -> String {
    match b {
        Binding::Memory { gpus: 0, .. } => {
            "Memory binds: no setup tried fits (no device of the list could run the scenario).".into()
        }
        Binding::Memory {
            device,
            gpus,
            need,
            have,
        } => format!(
            "Memory binds: no setup tried fits. The closest, {} × {}, needs {} per device of {} ({} over); try more devices (plan_max_gpus), a larger device, or a lower precision.",
            group_digits(*gpus),
            device_label(device),
            format_bytes(*need, units),
            format_bytes(*have, units),
            pct_over(*need as f64, *have as f64)
        ),
        Binding::Latency {
            first_token,
            target,
            best,
        } => format!(
            "Latency binds: the best {} any setup reaches is {}, {} over the {} target ({}); the hardware's floor is above it.",
            if *first_token { "time to first token" } else { "time per output token" },
            time(Time::of(*best)),
            pct_over(*best, *target),
            time(Time::of(*target)),
            if *first_token { "plan_ttft_ms" } else { "plan_tpot_ms" }
        ),
        // Far over, the difference reads as the figure itself ("17.4 years, 17.4 years over"):
        // from twice the deadline on, the sentence gives the ratio instead.
        Binding::Deadline { deadline, fastest } if *fastest >= 2.0 * deadline => format!(
            "The deadline binds: the fastest setup takes {}, {}× the {} deadline.",
            hours_text(*fastest),
            times(fastest / deadline),
            hours_text(*deadline)
        ),
        Binding::Deadline { deadline, fastest } => format!(
            "The deadline binds: the fastest setup takes {}, {} ({}) over the {} deadline.",
            hours_text(*fastest),
            hours_text(fastest - deadline),
            pct_over(*fastest, *deadline),
            hours_text(*deadline)
        ),
        Binding::Budget {
            budget,
            cheapest,
            node,
        } if *cheapest >= 2.0 * budget => format!(
            "The budget binds: the cheapest setup costs {} {unit}, {}× the budget of {}.",
            hours_figure(*cheapest),
            times(cheapest / budget),
            hours_figure(*budget),
            unit = if *node { "node-hours" } else { "GPU-hours" }
        ),
        Binding::Budget {
            budget,
            cheapest,
            node,
        } => format!(
            "The budget binds: the cheapest setup costs {} {unit}, {} ({}) over the budget of {}.",
            hours_figure(*cheapest),
            hours_figure(cheapest - budget),
            pct_over(*cheapest, *budget),
            hours_figure(*budget),
            unit = if *node { "node-hours" } else { "GPU-hours" }
        ),
        Binding::Both { budget, cost, node } => format!(
            "The deadline and the budget bind together: each can be met alone, but the cheapest setup meeting the deadline costs {} {unit}, {} ({}) over the budget of {}.",
            hours_figure(*cost),
            hours_figure(cost - budget),
            pct_over(*cost, *budget),
            hours_figure(*budget),
            unit = if *node { "node-hours" } else { "GPU-hours" }
        ),
    }
}

/// A ratio of at least 2 as the sentences write it: "2.4", "17", "152,831".
fn times(r: f64) -> String {
    if r < 10.0 {
        format!("{r:.1}")
    } else {
        group_digits(r.round() as u64)
    }
}

/// The answer's sentences, in order: goal, what was tried, the two picks or the binding
/// constraint and what comes closest.
pub fn sentences(p: &Plan, units: UnitSystem) -> Vec<(String, String)> {
    let task = &p.goal.task;
    let mut out = vec![
        ("goal".to_string(), goal_sentence(&p.goal)),
        (
            "tried".to_string(),
            format!(
                "Tried {} setups (devices × counts × layouts × precisions); {} fit{}.",
                group_digits(p.evaluated),
                group_digits(p.fitting.len() as u64),
                if matches!(task, Task::Serve { .. }) {
                    " and meet the latency targets"
                } else {
                    " in memory"
                }
            ),
        ),
    ];
    let (cheap_label, fast_label) = match (
        p.goal.deadline_h,
        p.goal.budget_gpuh.or(p.goal.budget_nodeh),
    ) {
        (Some(_), Some(_)) => (
            "Cheapest meeting the deadline and the budget",
            "Fastest within the budget and the deadline",
        ),
        (Some(_), None) => ("Cheapest meeting the deadline", "Fastest"),
        (None, Some(_)) => ("Cheapest", "Fastest within the budget"),
        (None, None) => ("Cheapest", "Fastest"),
    };
    if let Some(i) = p.cheapest {
        out.push((
            "cheapest".into(),
            format!(
                "{cheap_label}: {}",
                setup_sentence(&p.fitting[i], task, units)
            ),
        ));
    }
    if let Some(i) = p.fastest {
        out.push((
            "fastest".into(),
            format!(
                "{fast_label}: {}",
                setup_sentence(&p.fitting[i], task, units)
            ),
        ));
    }
    if let Some(b) = &p.binding {
        let mut text = binding_sentence(b, units);
        // issue 41 (h-compare): at a percentile, the first token waits for a running slot too.
        if let (
            Binding::Latency {
                first_token: true, ..
            },
            Task::Serve {
                percentile: Some(pct),
                ..
            },
        ) = (b, task)
        {
            // Not the hardware's floor alone: the queue's wait is part of the first token.
            text = text.replacen("; the hardware's floor is above it.", ".", 1);
            text.push_str(&format!(
                " At the {pct}th percentile of random arrivals the first token includes the wait for a running slot (plan_lat_pct): more replicas (plan_max_gpus) or a lower percentile shorten it."
            ));
        }
        out.push(("binding".into(), text));
    }
    if let Some(c) = &p.closest {
        out.push((
            "closest".into(),
            format!("Closest: {}", setup_sentence(c, task, units)),
        ));
    }
    out
}

const COLUMNS: [&str; 11] = [
    "time",
    "gpu_hours",
    "node_hours",
    "money",
    "device",
    "count",
    "layout",
    "dtype",
    "bound",
    "per_device_bytes",
    "link",
];

fn row(c: &Candidate, task: &Task) -> [String; 11] {
    let t = match task {
        Task::Serve { .. } => format!("{} per token", time(Time::of(c.step_s))),
        _ => hours_text(c.hours),
    };
    [
        t,
        c.gpu_hours.map_or(String::new(), hours_figure),
        hours_figure(c.node_hours),
        c.money.map_or(String::new(), format_sig),
        c.device.to_string(),
        group_digits(if c.gpus > 0 { c.gpus } else { c.nodes }),
        c.layout.clone(),
        c.dtype.clone(),
        c.bound.key().to_string(),
        c.per_device_bytes.to_string(),
        c.query.clone(),
    ]
}

/// The answer as the CLI's table: the sentences, then the Pareto front, one line each.
pub fn to_table(p: &Plan, units: UnitSystem) -> String {
    let mut out = String::new();
    for (_, s) in sentences(p, units) {
        out.push_str(&s);
        out.push('\n');
    }
    if !p.front.is_empty() {
        out.push_str(&format!(
            "\nPareto front (time against {}; no other setup is both faster and cheaper):\n",
            if p.fitting.first().is_some_and(|c| c.gpu_hours.is_none()) {
                "node-hours"
            } else {
                "GPU-hours"
            }
        ));
        out.push_str("time | GPU-hours | node-hours | money | device | count | layout | dtype | bound | per device | link\n");
        for &i in &p.front {
            let c = &p.fitting[i];
            let mut r = row(c, &p.goal.task);
            r[9] = format_bytes(c.per_device_bytes, units);
            out.push_str(&r.join(" | "));
            out.push('\n');
        }
    }
    out.push_str("\nAssumptions:\n");
    for a in assumptions(&p.goal) {
        out.push_str(&format!("- {a}\n"));
    }
    out
}

/// The answer as Markdown: the sentences, the front as a table, the assumptions.
pub fn to_markdown(p: &Plan, units: UnitSystem) -> String {
    let mut out = String::from("## Plan\n\n");
    for (_, s) in sentences(p, units) {
        out.push_str(&format!("{s}\n\n"));
    }
    if !p.front.is_empty() {
        out.push_str("| time | GPU-hours | node-hours | money | device | count | layout | dtype | bound | per device | link |\n");
        out.push_str("|---|---:|---:|---:|---|---:|---|---|---|---:|---|\n");
        for &i in &p.front {
            let c = &p.fitting[i];
            let mut r = row(c, &p.goal.task);
            r[9] = format_bytes(c.per_device_bytes, units);
            r[10] = format!("`{}`", r[10]);
            out.push_str(&format!("| {} |\n", r.join(" | ")));
        }
        out.push('\n');
    }
    out.push_str("Assumptions:\n\n");
    for a in assumptions(&p.goal) {
        out.push_str(&format!("- {a}\n"));
    }
    out
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The answer as CSV: one row per setup that fits, with its role (front, cheapest, fastest,
/// closest), in the columns of [`COLUMNS`].
pub fn to_csv(p: &Plan) -> String {
    let mut out = format!("role,{}\n", COLUMNS.join(","));
    let mut put = |role: &str, c: &Candidate| {
        let mut r = row(c, &p.goal.task);
        r[0] = match p.goal.task {
            Task::Serve { .. } => format_sig(c.step_s),
            _ => format_sig(c.hours),
        };
        r[1] = c.gpu_hours.map_or(String::new(), format_sig);
        r[2] = format_sig(c.node_hours);
        let fields: Vec<String> = r.iter().map(|f| csv_field(f)).collect();
        out.push_str(&format!("{role},{}\n", fields.join(",")));
    };
    if let Some(i) = p.cheapest {
        put("cheapest", &p.fitting[i]);
    }
    if let Some(i) = p.fastest {
        put("fastest", &p.fitting[i]);
    }
    for &i in &p.front {
        put("front", &p.fitting[i]);
    }
    if let Some(c) = &p.closest {
        put("closest", c);
    }
    out
}

#[derive(serde::Serialize)]
struct SetupDoc<'a> {
    device: &'a str,
    device_label: &'a str,
    gpus: u64,
    nodes: u64,
    layout: &'a str,
    dtype: &'a str,
    hours: f64,
    step_seconds: f64,
    ttft_seconds: Option<f64>,
    bound: &'static str,
    gpu_hours: Option<f64>,
    node_hours: f64,
    money: Option<f64>,
    per_device_bytes: u64,
    capacity_bytes: u64,
    link: &'a str,
    sentence: String,
}

#[derive(serde::Serialize)]
struct Document<'a> {
    schema_version: u32,
    goal: String,
    met: bool,
    evaluated: u64,
    fitting: usize,
    cheapest: Option<SetupDoc<'a>>,
    fastest: Option<SetupDoc<'a>>,
    front: Vec<SetupDoc<'a>>,
    binding: Option<String>,
    binding_kind: Option<&'static str>,
    closest: Option<SetupDoc<'a>>,
    assumptions: Vec<&'static str>,
}

fn doc<'a>(c: &'a Candidate, task: &Task, units: UnitSystem) -> SetupDoc<'a> {
    SetupDoc {
        device: c.device,
        device_label: device_label(c.device),
        gpus: c.gpus,
        nodes: c.nodes,
        layout: &c.layout,
        dtype: &c.dtype,
        hours: c.hours,
        step_seconds: c.step_s,
        ttft_seconds: c.ttft_s,
        bound: c.bound.key(),
        gpu_hours: c.gpu_hours,
        node_hours: c.node_hours,
        money: c.money,
        per_device_bytes: c.per_device_bytes,
        capacity_bytes: c.capacity_bytes,
        link: &c.query,
        sentence: setup_sentence(c, task, units),
    }
}

/// Which constraint binds, as a stable key.
pub fn binding_kind(b: &Binding) -> &'static str {
    match b {
        Binding::Memory { .. } => "memory",
        Binding::Latency { .. } => "latency",
        Binding::Deadline { .. } => "deadline",
        Binding::Budget { .. } => "budget",
        Binding::Both { .. } => "deadline_and_budget",
    }
}

/// The answer as JSON (schema_version 1).
pub fn to_json(p: &Plan, units: UnitSystem) -> String {
    let task = &p.goal.task;
    let d = Document {
        schema_version: 1,
        goal: goal_sentence(&p.goal),
        met: p.met(),
        evaluated: p.evaluated,
        fitting: p.fitting.len(),
        cheapest: p.cheapest.map(|i| doc(&p.fitting[i], task, units)),
        fastest: p.fastest.map(|i| doc(&p.fitting[i], task, units)),
        front: p
            .front
            .iter()
            .map(|&i| doc(&p.fitting[i], task, units))
            .collect(),
        binding: p.binding.as_ref().map(|b| binding_sentence(b, units)),
        binding_kind: p.binding.as_ref().map(binding_kind),
        closest: p.closest.as_ref().map(|c| doc(c, task, units)),
        assumptions: assumptions(&p.goal),
    };
    let mut s = serde_json::to_string_pretty(&d).unwrap_or_default();
    s.push('\n');
    s
}

// ---- The planner on the page (issue 41): what the time wasm sends, what the app draws ----

/// One setup of the page's Pareto chart and table.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct PointView {
    /// The time on the chart's x axis, in its unit ([`View::time_title`]): the run's hours, or
    /// (serving) milliseconds per output token.
    pub time: f64,
    /// The cost on the y axis: GPU-hours, or node-hours for CPU codes.
    pub cost: f64,
    pub time_text: String,
    pub cost_text: String,
    /// "8 × NVIDIA H100 80GB, DP 8 × TP 1 × PP 1, bf16".
    pub label: String,
    /// The setup's link with the goal's keys (the point's "Open").
    pub link: String,
    /// The setup's canonical query alone (the point's "Compare", `cmp=`).
    pub setup: String,
    /// "cheapest", "fastest", "cheapest fastest", "closest" or "" (the rest of the front).
    pub role: String,
    /// The setup in one sentence (`setup_sentence`): the point's tooltip and list item.
    pub sentence: String,
    /// On the Pareto front (the chart's line joins these).
    #[serde(default)]
    pub on_front: bool,
}

/// The planner's answer as the page shows it (`report::plan_answer`), written in the page's core.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct View {
    /// An input error: the goal key it names and the message; nothing else is set.
    pub error: Option<(String, String)>,
    /// Whether a setup meets every constraint.
    pub met: bool,
    /// The answer's sentences with their role (`sentences`: goal, tried, cheapest, fastest,
    /// binding, closest).
    pub sentences: Vec<(String, String)>,
    pub time_title: String,
    pub cost_title: String,
    /// The front, fastest first, then the picks not on it and the closest setup.
    pub points: Vec<PointView>,
    /// The deadline (or the per-token target) in the time axis' unit, where given.
    pub time_limit: Option<f64>,
    /// The budget in the cost axis' unit, where given.
    pub cost_limit: Option<f64>,
    pub assumptions: Vec<String>,
}

impl View {
    /// The chart in a sentence (its canvas's accessible name).
    pub fn summary(&self) -> String {
        format!(
            "Pareto front: {} setups, {} against {}; no other setup is both faster and cheaper. The list below names each.",
            self.points.len(),
            self.time_title,
            self.cost_title
        )
    }
}

/// A goal key's error as the page shows it.
pub fn error_view(e: &crate::analysis::plan::PlanError) -> View {
    View {
        error: Some((e.field.to_string(), e.message.clone())),
        ..View::default()
    }
}

/// The plan as the page's [`View`].
pub fn view(p: &Plan, units: UnitSystem) -> View {
    let task = &p.goal.task;
    let serve = matches!(task, Task::Serve { .. });
    let node = p.fitting.first().is_some_and(|c| c.gpu_hours.is_none())
        || p.closest.as_ref().is_some_and(|c| c.gpu_hours.is_none());
    let point = |c: &Candidate, role: String| {
        let what = if c.gpus > 0 {
            format!("{} × {}", group_digits(c.gpus), device_label(c.device))
        } else {
            format!("{} × {}", group_digits(c.nodes), device_label(c.device))
        };
        let dtype = if c.dtype.is_empty() {
            String::new()
        } else {
            format!(", {}", c.dtype)
        };
        PointView {
            time: if serve { c.step_s * 1e3 } else { c.hours },
            cost: c.cost(),
            time_text: if serve {
                format!("{} per token", time(Time::of(c.step_s)))
            } else {
                hours_text(c.hours)
            },
            cost_text: format!(
                "{} {}",
                hours_figure(c.cost()),
                if node { "node-hours" } else { "GPU-hours" }
            ),
            label: format!("{what}, {}{dtype}", c.layout),
            link: c.query.clone(),
            setup: c.scenario.to_query(),
            role,
            sentence: setup_sentence(c, task, units),
            on_front: false,
        }
    };
    let role = |i: usize| {
        let mut r = Vec::new();
        if p.cheapest == Some(i) {
            r.push("cheapest");
        }
        if p.fastest == Some(i) {
            r.push("fastest");
        }
        r.join(" ")
    };
    let mut points: Vec<PointView> = p
        .front
        .iter()
        .map(|&i| PointView {
            on_front: true,
            ..point(&p.fitting[i], role(i))
        })
        .collect();
    for i in [p.cheapest, p.fastest].into_iter().flatten() {
        if !p.front.contains(&i) && !points.iter().any(|q| q.role == role(i)) {
            points.push(point(&p.fitting[i], role(i)));
        }
    }
    if let Some(c) = &p.closest {
        // The closest setup is often on the front already: marked there, not listed twice.
        match points.iter_mut().find(|q| q.link == c.query) {
            Some(q) => q.role = "closest".into(),
            None => points.push(point(c, "closest".into())),
        }
    }
    let (time_limit, time_title) = match task {
        Task::Serve { tpot_s, .. } => (
            tpot_s.map(|t| t * 1e3),
            "time per output token (ms)".to_string(),
        ),
        _ => (p.goal.deadline_h, "run time (hours)".to_string()),
    };
    View {
        error: None,
        met: p.met(),
        sentences: sentences(p, units),
        time_title,
        cost_title: if node { "node-hours" } else { "GPU-hours" }.to_string(),
        points,
        time_limit,
        cost_limit: if node {
            p.goal.budget_nodeh
        } else {
            p.goal.budget_gpuh
        },
        assumptions: assumptions(&p.goal).iter().map(|a| a.to_string()).collect(),
    }
}

/// The planner's view of the page's query: `None` without goal keys; an error naming the key
/// where the goal does not read.
pub fn page_view(query: &str, s: &crate::scenario::Scenario, units: UnitSystem) -> Option<View> {
    use crate::analysis::plan::{has_goal, plan, Goal};
    if !has_goal(query) {
        return None;
    }
    Some(match Goal::from_query(query, s) {
        Ok(Some(g)) => view(&plan(s, g), units),
        Ok(None) => return None,
        Err(e) => error_view(&e),
    })
}

/// Each layout's time for the page's layout rows (issue 41), as `memcalc --layouts` gives it:
/// "967 ms per step (compute) · 242 GPU-hours for the run" (per 10⁹ tokens without
/// `train_tokens`); empty where the scenario does not train a transformer.
#[cfg(feature = "time")]
pub fn layout_times(s: &crate::scenario::Scenario) -> Vec<crate::report::LayoutTimeText> {
    use crate::analysis::layouts::{training_layouts, LAYOUTS_SHOWN};
    if !(s.mode.trains() && s.sciml.is_transformer()) {
        return Vec::new();
    }
    layout_times_of(s, &training_layouts(s, LAYOUTS_SHOWN))
}

/// [`layout_times`] of layouts already found (issue 36, h-split: the time answer finds them
/// once for the page's layout rows and their times).
#[cfg(feature = "time")]
pub fn layout_times_of(
    s: &crate::scenario::Scenario,
    layouts: &[crate::analysis::layouts::Layout],
) -> Vec<crate::report::LayoutTimeText> {
    let per = if s.speed.train_tokens.is_some() {
        "for the run"
    } else {
        "per 1B tokens"
    };
    layouts
        .iter()
        .filter_map(|l| {
            let t = crate::analysis::plan::layout_time(s, l)?;
            Some(crate::report::LayoutTimeText {
                query: l.query(),
                text: format!(
                    "{} per step ({}) · {} GPU-hours {per}",
                    time(Time::of(t.step_s)),
                    bound(t.bound),
                    hours_figure(t.gpu_hours)
                ),
            })
        })
        .collect()
}

/// One input of the page's planner panel: the goal key, its label and its hint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageInput {
    pub key: &'static str,
    pub label: &'static str,
    pub hint: &'static str,
}

const fn input(key: &'static str, label: &'static str, hint: &'static str) -> PageInput {
    PageInput { key, label, hint }
}

/// The planner panel's goal: "Train on a number of tokens", … by the scenario's mode; `None`
/// where the planner takes no goal (a memory-only mode).
pub fn page_goal(s: &crate::scenario::Scenario) -> Option<&'static str> {
    use crate::scenario::Mode;
    Some(match s.mode {
        Mode::Infer => "Serve a load: users at once or requests per second, with latency targets",
        Mode::Sim => "Run a number of simulation steps",
        m if m.trains() => "Train on a number of tokens (or steps)",
        _ => return None,
    })
}

/// The planner panel's inputs for the scenario's mode, in order (the `plan_*` keys of
/// `docs/url-parameters.md`).
pub fn page_inputs(s: &crate::scenario::Scenario) -> &'static [PageInput] {
    use crate::scenario::Mode;
    const TRAIN: &[PageInput] = &[
        input("plan_tokens", "Tokens to train on", "e.g. 20B"),
        input("plan_steps", "or steps", "optimizer steps"),
        input("plan_deadline_h", "Deadline (hours)", "e.g. 72"),
        input("plan_budget_gpuh", "Budget (GPU-hours)", "optional"),
        input(
            "plan_price",
            "Price per GPU-hour",
            "optional, your currency",
        ),
        input(
            "plan_devices",
            "GPUs to try",
            "e.g. h100-80,h200; empty: all",
        ),
        input("plan_max_gpus", "Most GPUs", "default 1024"),
        input("plan_cluster", "My cluster", "GPU:count, e.g. a100-80:64"),
    ];
    const SERVE: &[PageInput] = &[
        input("plan_users", "Users at once", "e.g. 64"),
        input(
            "plan_rps",
            "or requests per second",
            "needs both latency targets",
        ),
        input("plan_ttft_ms", "First token within (ms)", "e.g. 1000"),
        input("plan_tpot_ms", "Each next token within (ms)", "e.g. 33"),
        // issue 41 (h-compare): the percentile the first token's target is read at.
        input(
            "plan_lat_pct",
            "First token at percentile",
            "50, 90 or 99 (with requests/s)",
        ),
        input("plan_hours", "Hours served", "default 1"),
        input("plan_budget_gpuh", "Budget (GPU-hours)", "optional"),
        input(
            "plan_price",
            "Price per GPU-hour",
            "optional, your currency",
        ),
        input(
            "plan_devices",
            "GPUs to try",
            "e.g. h100-80,l40s; empty: all",
        ),
        input("plan_cluster", "My cluster", "GPU:count, e.g. h100-80:16"),
    ];
    const SIM: &[PageInput] = &[
        input("plan_steps", "Steps to run", "default: the steps above"),
        input("plan_deadline_h", "Deadline (hours)", "e.g. 24"),
        input("plan_budget_nodeh", "Budget (node-hours)", "optional"),
        input(
            "plan_devices",
            "Nodes or GPUs to try",
            "e.g. archer2,lumi-c",
        ),
        input("plan_max_gpus", "Most nodes (GPUs)", "default 1024"),
        input("plan_cluster", "My cluster", "node:count, e.g. archer2:128"),
    ];
    match s.mode {
        Mode::Infer => SERVE,
        Mode::Sim => SIM,
        m if m.trains() => TRAIN,
        _ => &[],
    }
}
