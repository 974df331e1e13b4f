//! The planner (issue 41): from a goal — train N tokens or steps, serve a load, or run N
//! simulation steps — with a deadline and/or a budget, to the hardware, the layout and the
//! cost. Numbers only; `report::plan` writes the words.
//!
//! Candidates are the catalog's devices (GPU presets for neural runs and GPU-resident codes,
//! CPU node presets for CPU codes) × counts (powers of two) × what the run can be laid out as
//! (training: every layout `analysis::layouts` finds that the framework runs; serving: tensor
//! parallel degrees within a node × replicas; simulation: nodes at the scenario's ranks per
//! node) × the precisions the goal allows. Memory is the constraint — the estimate's verdict,
//! as on the page — and time and cost the objectives, from the `speed` model. Cost is counted
//! in GPU-hours (GPUs × hours) and node-hours (nodes × hours, nodes = ⌈GPUs ÷ GPUs per
//! node⌉, the currency of HPC allocations); in money only where the goal gives a price per
//! GPU-hour (`plan_price`): no default price is assumed.
//!
//! The goal's keys (`plan_*`) are page options: they never change the scenario or any figure
//! of a link; `docs/url-parameters.md` documents each.

use crate::catalog::device::{GpuPreset, NodePreset, GPUS, NODES};
use crate::model::bytes;
use crate::scenario::{Mode, Scenario};
use crate::schema::fields::FieldId;
use crate::schema::inputs::Inputs;
use crate::schema::query::pairs;
use crate::speed::{speed, Bound, Steps};

/// Every key the planner reads: each is a meta key of the query, so no link's figures change.
pub use crate::schema::query::PLAN_KEYS;

/// The most hours a deadline or a served period may be: ten years. Beyond it a figure is a
/// typo (hours given as seconds), not a plan.
pub const MAX_HOURS: f64 = 87_600.0;
/// The most money per GPU-hour a price may be: list prices of one GPU-hour are a few units
/// of currency (e.g. a few dollars), so 1,000 is already absurd.
pub const MAX_PRICE: f64 = 1_000.0;
/// The most GPU-hours or node-hours a budget may be: a thousand times the largest yearly
/// allocations (INCITE's are of the order of a million node-hours).
pub const MAX_BUDGET: f64 = 1e12;
/// The most tokens a training goal may be: 10¹⁶, a hundred times the largest public runs.
pub const MAX_TOKENS: u64 = 10_000_000_000_000_000;
/// The most concurrent users or requests per second a serving goal may be.
pub const MAX_LOAD: f64 = 10_000_000.0;
/// The default and the largest count of GPUs (or nodes in a simulation) tried.
pub const DEFAULT_MAX_GPUS: u64 = 1024;
pub const MAX_MAX_GPUS: u64 = 65_536;

/// An input error, naming the goal key it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanError {
    pub field: &'static str,
    pub message: String,
}

impl std::fmt::Display for PlanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

fn err(field: &'static str, message: impl Into<String>) -> PlanError {
    PlanError {
        field,
        message: message.into(),
    }
}

/// What the run must do.
#[derive(Debug, Clone, PartialEq)]
pub enum Task {
    /// Train on this many tokens (`plan_tokens`) or for this many steps (`plan_steps`).
    Train {
        tokens: Option<u64>,
        steps: Option<u64>,
    },
    /// Serve this many users at once (`plan_users`) or requests per second (`plan_rps`), each
    /// first token within `ttft_s` and each next token within `tpot_s`, for `hours`.
    Serve {
        users: u64,
        rps: Option<f64>,
        ttft_s: Option<f64>,
        tpot_s: Option<f64>,
        hours: f64,
        /// The latency percentile the targets are read at (`plan_lat_pct`: 50, 90 or 99; issue
        /// 41, h-compare): a random load's wait for a running slot (`speed::queueing`) is added
        /// to each setup's time to first token at that percentile. None: the steady figures
        /// (no wait for a slot), as before the key.
        percentile: Option<u8>,
    },
    /// Run this many simulation steps (`plan_steps`; none: the scenario's `steps`).
    Simulate { steps: u64 },
}

/// A goal: the task, its deadline and budgets, a price, and what may be used.
#[derive(Debug, Clone, PartialEq)]
pub struct Goal {
    pub task: Task,
    pub deadline_h: Option<f64>,
    pub budget_gpuh: Option<f64>,
    pub budget_nodeh: Option<f64>,
    /// Money per GPU-hour, in the user's currency.
    pub price: Option<f64>,
    /// GPU preset ids (neural runs, GPU codes) or CPU node preset ids (CPU codes); empty: the
    /// catalog's (see [`default_devices`]).
    pub devices: Vec<&'static str>,
    /// The most GPUs (nodes for CPU codes) tried.
    pub max_gpus: u64,
    /// Training and serving precisions tried (`dtype` values); empty: the scenario's.
    pub dtypes: Vec<String>,
    /// The goal's keys as given, for each candidate's link.
    pub keys: Vec<(String, String)>,
}

fn positive(field: &'static str, raw: &str, max: f64, unit: &str) -> Result<f64, PlanError> {
    let v: f64 = raw
        .trim()
        .parse()
        .map_err(|_| err(field, format!("'{raw}' is not a number")))?;
    if !v.is_finite() || v <= 0.0 {
        return Err(err(field, format!("'{raw}' must be above 0 {unit}")));
    }
    if v > max {
        return Err(err(
            field,
            format!(
                "'{raw}' is absurd: at most {} {unit}",
                crate::base::units::format_sig(max)
            ),
        ));
    }
    Ok(v)
}

fn count(field: &'static str, raw: &str, max: u64) -> Result<u64, PlanError> {
    let v = crate::base::units::parse_count(raw).map_err(|e| err(field, e))?;
    if v == 0 {
        return Err(err(field, format!("'{raw}' must be at least 1")));
    }
    if v > max {
        return Err(err(
            field,
            format!(
                "'{raw}' is absurd: at most {}",
                crate::base::units::group_digits(max)
            ),
        ));
    }
    Ok(v)
}

/// Whether a query holds any goal key.
pub fn has_goal(query: &str) -> bool {
    pairs(query)
        .iter()
        .any(|(k, _)| PLAN_KEYS.contains(&k.as_str()))
}

fn known_device(s: &Scenario, id: &str) -> Option<&'static str> {
    if cpu_code(s) {
        crate::catalog::device::node_by_id(id).map(|n| n.id)
    } else {
        crate::catalog::device::gpu_by_id(id).map(|g| g.id)
    }
}

fn cpu_code(s: &Scenario) -> bool {
    s.mode == Mode::Sim && s.sim.device != crate::scenario::sim::SimDevice::Gpu
}

impl Goal {
    /// The goal the query's `plan_*` keys state for scenario `s`; `Ok(None)` without any.
    /// A value out of range, a key the mode does not take, or a goal with no task is an
    /// error naming the key.
    pub fn from_query(query: &str, s: &Scenario) -> Result<Option<Goal>, PlanError> {
        let keys: Vec<(String, String)> = pairs(query)
            .into_iter()
            .filter(|(k, _)| PLAN_KEYS.contains(&k.as_str()))
            .collect();
        if keys.is_empty() {
            return Ok(None);
        }
        let get = |k: &str| {
            keys.iter()
                .rev()
                .find(|(key, _)| key == k)
                .map(|(_, v)| v.as_str())
        };
        let neural = s.mode != Mode::Sim;
        let serving = s.mode == Mode::Infer;
        let training = s.mode.trains();
        let only = |key: &'static str, ok: bool, what: &str| -> Result<(), PlanError> {
            if get(key).is_some() && !ok {
                return Err(err(key, format!("applies to {what} only")));
            }
            Ok(())
        };
        only(
            "plan_tokens",
            training,
            "a training goal (mode=train or finetune)",
        )?;
        only("plan_users", serving, "a serving goal (mode=infer)")?;
        only("plan_rps", serving, "a serving goal (mode=infer)")?;
        only("plan_ttft_ms", serving, "a serving goal (mode=infer)")?;
        only("plan_tpot_ms", serving, "a serving goal (mode=infer)")?;
        only("plan_hours", serving, "a serving goal (mode=infer)")?;
        only("plan_lat_pct", serving, "a serving goal (mode=infer)")?;
        only("plan_dtypes", neural, "neural runs (dtype)")?;
        only(
            "plan_deadline_h",
            !serving,
            "a training or simulation goal; a serving goal has latency targets (plan_ttft_ms, plan_tpot_ms)",
        )?;
        if !(training || serving || s.mode == Mode::Sim) {
            let first = PLAN_KEYS
                .iter()
                .copied()
                .find(|k| get(k).is_some())
                .unwrap_or("plan_tokens");
            return Err(err(
                first,
                "the planner takes a training, serving or simulation scenario",
            ));
        }
        let ms = |key: &'static str| {
            get(key)
                .map(|v| positive(key, v, 3.6e6, "ms").map(|m| m / 1e3))
                .transpose()
        };
        let task = if training {
            let tokens = get("plan_tokens")
                .map(|v| count("plan_tokens", v, MAX_TOKENS))
                .transpose()?;
            let steps = get("plan_steps")
                .map(|v| count("plan_steps", v, 1_000_000_000_000))
                .transpose()?;
            if tokens.is_none() && steps.is_none() {
                return Err(err(
                    "plan_tokens",
                    "a training goal needs plan_tokens (tokens to train on) or plan_steps",
                ));
            }
            Task::Train { tokens, steps }
        } else if serving {
            if get("plan_steps").is_some() {
                return Err(err(
                    "plan_steps",
                    "applies to a training or simulation goal",
                ));
            }
            let ttft_s = ms("plan_ttft_ms")?;
            let tpot_s = ms("plan_tpot_ms")?;
            let rps = get("plan_rps")
                .map(|v| positive("plan_rps", v, MAX_LOAD, "requests/s"))
                .transpose()?;
            let users = match (get("plan_users"), rps) {
                (Some(v), _) => count("plan_users", v, MAX_LOAD as u64)?,
                (None, Some(r)) => {
                    // Little's law: requests in flight = arrival rate × time in the system,
                    // each request taking at most its first token's target and one target per
                    // next token (Little 1961, "A proof for the queuing formula L = λW").
                    let (Some(ttft), Some(tpot)) = (ttft_s, tpot_s) else {
                        return Err(err(
                            "plan_rps",
                            "a load in requests/s needs plan_ttft_ms and plan_tpot_ms, which say how long each request stays (or give plan_users)",
                        ));
                    };
                    let out = output_tokens(s) as f64;
                    ((r * (ttft + out * tpot)).ceil() as u64).max(1)
                }
                (None, None) => {
                    return Err(err(
                        "plan_users",
                        "a serving goal needs plan_users (concurrent users) or plan_rps",
                    ))
                }
            };
            let hours = get("plan_hours")
                .map(|v| positive("plan_hours", v, MAX_HOURS, "h"))
                .transpose()?
                .unwrap_or(1.0);
            // ---- issue 41 (h-compare): the percentile the latency targets are read at ----
            let percentile = match get("plan_lat_pct").map(str::trim) {
                None | Some("") => None,
                Some(v @ ("50" | "90" | "99")) => {
                    if rps.is_none() {
                        return Err(err(
                            "plan_lat_pct",
                            "needs plan_rps: the percentiles come from the requests' random arrivals (plan_users are always in flight)",
                        ));
                    }
                    v.parse().ok()
                }
                Some(v) => {
                    return Err(err(
                        "plan_lat_pct",
                        format!("'{v}' is not a latency percentile: 50, 90 or 99"),
                    ))
                }
            };
            Task::Serve {
                users,
                rps,
                ttft_s,
                tpot_s,
                hours,
                percentile,
            }
        } else {
            let steps = get("plan_steps")
                .map(|v| count("plan_steps", v, 1_000_000_000_000))
                .transpose()?
                .unwrap_or(s.sim.steps);
            Task::Simulate { steps }
        };
        let deadline_h = get("plan_deadline_h")
            .map(|v| positive("plan_deadline_h", v, MAX_HOURS, "h"))
            .transpose()?;
        let budget_gpuh = get("plan_budget_gpuh")
            .map(|v| positive("plan_budget_gpuh", v, MAX_BUDGET, "GPU-hours"))
            .transpose()?;
        let budget_nodeh = get("plan_budget_nodeh")
            .map(|v| positive("plan_budget_nodeh", v, MAX_BUDGET, "node-hours"))
            .transpose()?;
        let price = get("plan_price")
            .map(|v| positive("plan_price", v, MAX_PRICE, "per GPU-hour"))
            .transpose()?;
        let mut devices = Vec::new();
        if let Some(list) = get("plan_devices") {
            for id in list.split(',').map(str::trim).filter(|d| !d.is_empty()) {
                let found = known_device(s, id).ok_or_else(|| {
                    err(
                        "plan_devices",
                        format!(
                            "'{id}' is not a {} of the catalog (memcalc --list {})",
                            if cpu_code(s) { "node" } else { "GPU" },
                            if cpu_code(s) { "nodes" } else { "devices" }
                        ),
                    )
                })?;
                if !devices.contains(&found) {
                    devices.push(found);
                }
            }
            if devices.is_empty() {
                return Err(err("plan_devices", "is empty"));
            }
        }
        let mut max_gpus = get("plan_max_gpus")
            .map(|v| count("plan_max_gpus", v, MAX_MAX_GPUS))
            .transpose()?
            .unwrap_or(DEFAULT_MAX_GPUS);
        // "My cluster": one device (node type for CPU codes) and how many of them.
        if let Some(c) = get("plan_cluster") {
            let (id, n) = c.split_once(':').ok_or_else(|| {
                err(
                    "plan_cluster",
                    format!("'{c}' is not DEVICE:COUNT (e.g. h100-80:64 or archer2:128)"),
                )
            })?;
            let found = known_device(s, id.trim()).ok_or_else(|| {
                err(
                    "plan_cluster",
                    format!("'{id}' is not a device or node of the catalog"),
                )
            })?;
            devices = vec![found];
            max_gpus = count("plan_cluster", n, MAX_MAX_GPUS)?;
        }
        let mut dtypes = Vec::new();
        if let Some(list) = get("plan_dtypes") {
            for d in list.split(',').map(str::trim).filter(|d| !d.is_empty()) {
                let mut i = Inputs::from_scenario(s);
                i.set(FieldId::Dtype, d);
                if let Err(e) = i.parse() {
                    let why = e
                        .iter()
                        .find(|e| e.field == FieldId::Dtype)
                        .or(e.first())
                        .map(|e| e.message.clone())
                        .unwrap_or_default();
                    return Err(err("plan_dtypes", format!("'{d}': {why}")));
                }
                dtypes.push(d.to_string());
            }
        }
        Ok(Some(Goal {
            task,
            deadline_h,
            budget_gpuh,
            budget_nodeh,
            price,
            devices,
            max_gpus,
            dtypes,
            keys,
        }))
    }

    /// The goal's keys as a query suffix (`&plan_tokens=…`), for each candidate's link.
    pub fn query_suffix(&self) -> String {
        self.keys
            .iter()
            .map(|(k, v)| format!("&{k}={}", crate::schema::query::percent_encode(v)))
            .collect()
    }
}

/// Tokens generated per request: `seq` − `prompt` where a prompt is given, else `seq`.
fn output_tokens(s: &Scenario) -> u64 {
    match s.speed.prompt {
        Some(p) if p < s.seq => s.seq - p,
        _ => s.seq,
    }
    .max(1)
}

/// The devices tried by default: every GPU preset with hardware figures for the time model
/// and its own memory (unified-memory machines share theirs with the CPU and are left out),
/// or every CPU node preset for CPU codes.
pub fn default_devices(s: &Scenario) -> Vec<&'static str> {
    if cpu_code(s) {
        NODES.iter().map(|n: &NodePreset| n.id).collect()
    } else {
        GPUS.iter()
            .filter(|g: &&GpuPreset| g.unified.is_none())
            .filter(|g| crate::catalog::hardware::gpu_hardware(g.id).is_some())
            .map(|g| g.id)
            .collect()
    }
}

/// One setup the planner tried that fits in memory, with its time and cost.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    /// GPU preset id, or CPU node preset id for CPU codes.
    pub device: &'static str,
    pub gpus: u64,
    pub nodes: u64,
    /// How it is laid out, in words ("DP 8 × TP 8 × PP 1, ZeRO 1"; "TP 4 × 2 replicas";
    /// "64 nodes × 128 ranks").
    pub layout: String,
    pub dtype: String,
    /// Training and simulation: the run's time; serving: the served period.
    pub hours: f64,
    /// Training and simulation: one step; serving: one decode step (the time per output token).
    pub step_s: f64,
    pub bound: Bound,
    /// Serving: the time to first token.
    pub ttft_s: Option<f64>,
    /// None for CPU codes (no GPUs).
    pub gpu_hours: Option<f64>,
    pub node_hours: f64,
    /// `gpu_hours` × the goal's price, where both are known.
    pub money: Option<f64>,
    pub per_device_bytes: u64,
    pub capacity_bytes: u64,
    pub scenario: Scenario,
    /// The setup's link: its canonical query and the goal's keys. Written for the setups the
    /// answer names (the front, the picks, the closest); empty for the others, as `layout` and
    /// `dtype` (the page's core allocates slowly: tens of thousands of setups fit).
    pub query: String,
    /// What `layout` and `dtype` are written from.
    words: Words,
    dtype_at: Option<usize>,
}

/// A setup's layout in numbers, written ([`Words::label`]) only for the setups an answer names.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Words {
    Train(crate::analysis::layouts::Split),
    Serve { tp: u64, replicas: u64 },
    Sim { nodes: u64, per_node: u64 },
}

impl Words {
    fn label(&self) -> String {
        match *self {
            Words::Train(split) => split.label(),
            Words::Serve { tp, replicas } if replicas > 1 => {
                format!("TP {tp} × {replicas} replicas")
            }
            Words::Serve { tp, .. } => format!("TP {tp}"),
            Words::Sim { nodes, per_node } => format!(
                "{} × {}",
                crate::base::units::count(nodes, "node", "nodes"),
                crate::base::units::count(per_node, "rank", "ranks")
            ),
        }
    }
}

impl Candidate {
    /// The time the goal is about: the run's hours, or (serving) the seconds per output token.
    pub fn time(&self, task: &Task) -> f64 {
        match task {
            Task::Serve { .. } => self.step_s,
            _ => self.hours,
        }
    }

    /// What it costs: GPU-hours, or node-hours for CPU codes.
    pub fn cost(&self) -> f64 {
        self.gpu_hours.unwrap_or(self.node_hours)
    }
}

/// The constraint that leaves no candidate meeting the goal.
#[derive(Debug, Clone, PartialEq)]
pub enum Binding {
    /// No candidate fits in memory: the closest needs `need` bytes per device of `have`.
    Memory {
        device: &'static str,
        gpus: u64,
        need: u64,
        have: u64,
    },
    /// Serving: no candidate meets the latency targets; `target` and the best reached, in
    /// seconds (which target: `first_token`).
    Latency {
        first_token: bool,
        target: f64,
        best: f64,
    },
    /// The fastest candidate takes `fastest` hours, over the deadline.
    Deadline { deadline: f64, fastest: f64 },
    /// The cheapest candidate costs `cheapest` (GPU- or node-hours, `node`: node-hours), over
    /// the budget.
    Budget {
        budget: f64,
        cheapest: f64,
        node: bool,
    },
    /// Each alone can be met, not both: the cheapest meeting the deadline costs `cost`.
    Both { budget: f64, cost: f64, node: bool },
}

/// The planner's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub goal: Goal,
    /// Setups whose memory (and, where they fit, time) was computed.
    pub evaluated: u64,
    /// Setups that fit in memory and (serving) meet the latency targets, fastest first (then
    /// cheapest).
    pub fitting: Vec<Candidate>,
    /// The Pareto front of time against cost among `fitting`, fastest first.
    pub front: Vec<usize>,
    /// The cheapest meeting the deadline (and the budget), an index in `fitting`.
    pub cheapest: Option<usize>,
    /// The fastest within the budget (and the deadline).
    pub fastest: Option<usize>,
    /// Why nothing meets the goal; None where `cheapest` and `fastest` are set.
    pub binding: Option<Binding>,
    /// What comes closest when nothing meets the goal.
    pub closest: Option<Candidate>,
}

impl Plan {
    /// Whether some setup meets every constraint of the goal.
    pub fn met(&self) -> bool {
        self.binding.is_none() && self.cheapest.is_some()
    }
}

/// A setup tried: its scenario, and what it is in words.
struct Tried {
    scenario: Scenario,
    device: &'static str,
    words: Words,
    /// Index in the goal's precisions; None for simulations.
    dtype: Option<usize>,
    /// Serving: replicas of the engine (its GPUs × replicas are the setup's).
    replicas: u64,
}

fn powers_of_two_up_to(n: u64) -> impl Iterator<Item = u64> {
    (0..40).map(|i| 1u64 << i).take_while(move |v| *v <= n)
}

/// The setups that fit in memory, and the closest one that does not (its binding).
struct Found {
    tried: Vec<Tried>,
    evaluated: u64,
    over: Option<(f64, Binding)>,
}

impl Found {
    fn note_over(&mut self, e: &crate::model::Estimate, device: &'static str, gpus: u64) {
        let r = e.per_device_bytes as f64 / e.capacity_bytes.max(1) as f64;
        if self.over.as_ref().is_none_or(|(best, _)| r < *best) {
            self.over = Some((
                r,
                Binding::Memory {
                    device,
                    gpus,
                    need: e.per_device_bytes,
                    have: e.capacity_bytes,
                },
            ));
        }
    }
}

/// Every setup of the goal's space that fits in memory. Each is read quickly (its fields onto
/// the scenario, `layouts::read_patch`); the answer's named setups are checked in full later.
fn enumerate(
    s: &Scenario,
    goal: &Goal,
    devices: &[&'static str],
    dtypes: &[String],
    search: Search,
) -> Found {
    use crate::analysis::layouts::{quick_search, read_patch, Memo};
    let mut f = Found {
        tried: Vec::new(),
        evaluated: 0,
        over: None,
    };
    match &goal.task {
        Task::Train { .. } => {
            // Each precision and GPU count's layouts, estimated on the first device that tries
            // them and reused on the others where the estimate is the same (`layouts::Memo`).
            let mut memos: Vec<Memo> = (0..dtypes.len() * 64).map(|_| Memo::default()).collect();
            for &device in devices {
                for (di, dtype) in dtypes.iter().enumerate() {
                    for n in powers_of_two_up_to(goal.max_gpus) {
                        let per_node = s.parallel.gpus_per_node.min(n).max(1);
                        let patch = [
                            (FieldId::Gpu, device.to_string()),
                            (FieldId::Gpus, n.to_string()),
                            (FieldId::GpusPerNode, per_node.to_string()),
                            (FieldId::Dtype, dtype.clone()),
                        ];
                        let Some(c) = read_patch(s, &patch) else {
                            continue;
                        };
                        let memo = match search {
                            Search::Memo => memos.get_mut(di * 64 + n.trailing_zeros() as usize),
                            Search::Exhaustive => None,
                        };
                        let (layouts, counted) = quick_search(&c, memo);
                        f.evaluated += counted;
                        if layouts.is_empty() {
                            f.note_over(&bytes(&c), device, n);
                            continue;
                        }
                        for (l, sc) in layouts {
                            f.tried.push(Tried {
                                scenario: sc,
                                device,
                                words: Words::Train(l.split()),
                                dtype: Some(di),
                                replicas: 1,
                            });
                        }
                    }
                }
            }
        }
        Task::Serve { users, .. } => {
            let (arch, _) = s.shape();
            for &device in devices {
                for (di, dtype) in dtypes.iter().enumerate() {
                    for tp in powers_of_two_up_to(s.parallel.gpus_per_node.clamp(1, 8)) {
                        if !arch.heads.is_multiple_of(tp) {
                            continue;
                        }
                        let mut replicas = 1;
                        while tp * replicas <= goal.max_gpus {
                            let batch = users.div_ceil(replicas);
                            let patch = [
                                (FieldId::Gpu, device.to_string()),
                                (FieldId::Gpus, tp.to_string()),
                                (FieldId::Tp, tp.to_string()),
                                (FieldId::Pp, "1".to_string()),
                                (FieldId::Batch, batch.to_string()),
                                (FieldId::Dtype, dtype.clone()),
                            ];
                            f.evaluated += 1;
                            if let Some(c) = read_patch(s, &patch) {
                                let e = bytes(&c);
                                if e.fits() {
                                    f.tried.push(Tried {
                                        scenario: c,
                                        device,
                                        words: Words::Serve { tp, replicas },
                                        dtype: Some(di),
                                        replicas,
                                    });
                                    // More replicas only add GPUs once each holds one user.
                                    if batch == 1 {
                                        break;
                                    }
                                } else {
                                    f.note_over(&e, device, tp * replicas);
                                }
                            }
                            replicas *= 2;
                        }
                    }
                }
            }
        }
        Task::Simulate { steps } => {
            let gpu_code = !cpu_code(s);
            let per_node = s.sim.ranks.div_ceil(s.sim.nodes.max(1)).max(1);
            for &device in devices {
                for n in powers_of_two_up_to(goal.max_gpus) {
                    let at = crate::analysis::sim_nodes::scenario_at(s, false, n);
                    let mut patch = vec![(FieldId::Steps, steps.to_string())];
                    if gpu_code {
                        patch.push((FieldId::Gpu, device.to_string()));
                    } else if let Some(node) = crate::catalog::device::node_by_id(device) {
                        patch.push((FieldId::Node, device.to_string()));
                        patch.push((FieldId::NodeMem, node.gib.to_string()));
                    }
                    f.evaluated += 1;
                    let Some(c) = read_patch(&at, &patch) else {
                        continue;
                    };
                    let e = bytes(&c);
                    if e.fits() {
                        f.tried.push(Tried {
                            scenario: c,
                            device,
                            words: Words::Sim { nodes: n, per_node },
                            dtype: None,
                            replicas: 1,
                        });
                    } else {
                        f.note_over(&e, device, n);
                    }
                }
            }
        }
    }
    f
}

/// The answer over the setups that fit: front, picks, and what binds when none meets the goal.
struct Choice {
    front: Vec<usize>,
    cheapest: Option<usize>,
    fastest: Option<usize>,
    /// The binding constraint and the index in `fitting` of the setup closest to meeting it.
    binding: Option<(Binding, usize)>,
}

/// Times within this share of each other are one time for the front and the fastest pick: the
/// time model does not tell them apart (its narrowest bands are several percent wide,
/// docs/accuracy.md), and a setup 0.01 % faster at four times the cost is no choice to offer.
pub const TIME_TIE: f64 = 0.01;

fn choose(fitting: &[Candidate], goal: &Goal, task: &Task) -> Choice {
    // The Pareto front: sorted by time, a setup joins when it costs less than every faster one;
    // one within `TIME_TIE` of the last setup's time replaces it (as fast, and cheaper).
    let mut front: Vec<usize> = Vec::new();
    let mut least = f64::INFINITY;
    for (i, c) in fitting.iter().enumerate() {
        if c.cost() < least {
            if let Some(&last) = front.last() {
                if c.time(task) <= fitting[last].time(task) * (1.0 + TIME_TIE) {
                    front.pop();
                }
            }
            front.push(i);
            least = c.cost();
        }
    }
    let within_budget = |c: &Candidate| {
        goal.budget_gpuh
            .is_none_or(|b| c.gpu_hours.is_none_or(|g| g <= b))
            && goal.budget_nodeh.is_none_or(|b| c.node_hours <= b)
    };
    let budget = goal.budget_nodeh.or(goal.budget_gpuh);
    let node = goal.budget_nodeh.is_some();
    let budget_cost = |c: &Candidate| if node { c.node_hours } else { c.cost() };
    let in_time = |c: &Candidate| goal.deadline_h.is_none_or(|d| c.hours <= d);
    let ok = |c: &Candidate| in_time(c) && within_budget(c);
    let cheapest = (0..fitting.len())
        .filter(|&i| ok(&fitting[i]))
        .min_by(|&a, &b| fitting[a].cost().total_cmp(&fitting[b].cost()));
    // The fastest, or the cheapest of those within `TIME_TIE` of it.
    let fastest = (0..fitting.len()).find(|&i| ok(&fitting[i])).map(|f| {
        let tie = fitting[f].time(task) * (1.0 + TIME_TIE);
        (f..fitting.len())
            .take_while(|&i| fitting[i].time(task) <= tie)
            .filter(|&i| ok(&fitting[i]))
            .min_by(|&a, &b| fitting[a].cost().total_cmp(&fitting[b].cost()))
            .unwrap_or(f)
    });
    let mut binding = None;
    if cheapest.is_none() && !fitting.is_empty() {
        let least_cost = |pick: &dyn Fn(&Candidate) -> bool| {
            (0..fitting.len())
                .filter(|&i| pick(&fitting[i]))
                .min_by(|&a, &b| budget_cost(&fitting[a]).total_cmp(&budget_cost(&fitting[b])))
        };
        let cheapest_all = least_cost(&|_| true).expect("not empty");
        if let Some(d) = goal.deadline_h.filter(|d| fitting[0].hours > *d) {
            binding = Some((
                Binding::Deadline {
                    deadline: d,
                    fastest: fitting[0].hours,
                },
                0,
            ));
        } else if let Some(b) = budget.filter(|b| budget_cost(&fitting[cheapest_all]) > *b) {
            binding = Some((
                Binding::Budget {
                    budget: b,
                    cheapest: budget_cost(&fitting[cheapest_all]),
                    node,
                },
                cheapest_all,
            ));
        } else if let Some(b) = budget {
            let best_in_time = least_cost(&|c| in_time(c)).expect("the fastest meets the deadline");
            binding = Some((
                Binding::Both {
                    budget: b,
                    cost: budget_cost(&fitting[best_in_time]),
                    node,
                },
                best_in_time,
            ));
        }
    }
    Choice {
        front,
        cheapest,
        fastest,
        binding,
    }
}

/// Whether a quickly read setup is one the page reads the same: its canonical text parsed in
/// full, with every rule between fields, gives it back.
fn reads_back(s: &Scenario) -> bool {
    Inputs::from_scenario(s)
        .parse()
        .is_ok_and(|full| full == *s)
}

/// How the planner estimates the setups it tries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Search {
    /// A training setup's memory estimated once for every device where it is the same
    /// (`layouts::Memo`): what [`plan`] does.
    Memo,
    /// Every setup estimated on every device: the same answer, slower (the tests' reference).
    Exhaustive,
}

/// Plans `goal` for scenario `s`.
pub fn plan(s: &Scenario, goal: Goal) -> Plan {
    plan_with(s, goal, Search::Memo)
}

/// [`plan`], its setups estimated as `search` says.
pub fn plan_with(s: &Scenario, goal: Goal, search: Search) -> Plan {
    let devices = if goal.devices.is_empty() {
        default_devices(s)
    } else {
        goal.devices.clone()
    };
    let dtypes: Vec<String> = if goal.dtypes.is_empty() {
        vec![Inputs::from_scenario(s).get(FieldId::Dtype).to_string()]
    } else {
        goal.dtypes.clone()
    };
    let found = enumerate(s, &goal, &devices, &dtypes, search);
    let mut evaluated = found.evaluated;
    let mut fitting: Vec<Candidate> = Vec::new();
    // Serving: the setup closest to the latency targets, and the best latencies reached.
    let mut best_ttft = f64::INFINITY;
    let mut best_tpot = f64::INFINITY;
    let mut latency_closest: Option<Candidate> = None;
    for t in &found.tried {
        evaluated += 1;
        // Neither the time model nor the candidate reads the memory over every device.
        let e = crate::model::device_estimate(&t.scenario);
        let Ok(Some(sp)) = speed(&t.scenario, &e) else {
            continue;
        };
        let Some(c) = candidate(t, &e, &sp, &goal) else {
            continue;
        };
        if let Task::Serve { ttft_s, tpot_s, .. } = &goal.task {
            let ttft = c.ttft_s.unwrap_or(0.0);
            best_ttft = best_ttft.min(ttft);
            best_tpot = best_tpot.min(c.step_s);
            let miss = |got: f64, want: Option<f64>| want.map_or(0.0, |w| (got / w - 1.0).max(0.0));
            let m = miss(ttft, *ttft_s) + miss(c.step_s, *tpot_s);
            if m > 0.0 {
                let closer = latency_closest.as_ref().is_none_or(|b| {
                    miss(b.ttft_s.unwrap_or(0.0), *ttft_s) + miss(b.step_s, *tpot_s) > m
                });
                if closer && reads_back(&c.scenario) {
                    latency_closest = Some(c);
                }
                continue;
            }
        }
        fitting.push(c);
    }
    let task = goal.task.clone();
    // Thousands of setups: the standard library's sort (the planner is not in the app's wasm),
    // not `sort_small`'s insertion sort.
    // Sorted by index (a candidate is kilobytes to move), stably as `sort_by` on the candidates.
    let mut order: Vec<usize> = (0..fitting.len()).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&fitting[a], &fitting[b]);
        a.time(&task)
            .total_cmp(&b.time(&task))
            .then(a.cost().total_cmp(&b.cost()))
    });
    let mut slots: Vec<Option<Candidate>> = fitting.into_iter().map(Some).collect();
    let mut fitting: Vec<Candidate> = order.iter().filter_map(|&i| slots[i].take()).collect();
    // The setups the answer names are checked in full; one the page would read otherwise
    // (a rule between fields the quick read skips) is dropped and the answer chosen again.
    let mut checked = vec![false; fitting.len()];
    let choice = loop {
        let choice = choose(&fitting, &goal, &task);
        let named: Vec<usize> = choice
            .front
            .iter()
            .copied()
            .chain(choice.cheapest)
            .chain(choice.fastest)
            .chain(choice.binding.as_ref().map(|(_, i)| *i))
            .collect();
        let mut bad: Vec<usize> = Vec::new();
        for i in named {
            if !checked[i] {
                checked[i] = true;
                if !reads_back(&fitting[i].scenario) {
                    bad.push(i);
                }
            }
        }
        if bad.is_empty() {
            break choice;
        }
        let mut i = 0;
        fitting.retain(|_| {
            i += 1;
            !bad.contains(&(i - 1))
        });
        let mut j = 0;
        checked.retain(|_| {
            j += 1;
            !bad.contains(&(j - 1))
        });
    };
    let suffix = goal.query_suffix();
    let link = |c: &mut Candidate| {
        c.query = format!("{}{suffix}", c.scenario.to_query());
        c.layout = c.words.label();
        c.dtype = c.dtype_at.map(|i| dtypes[i].clone()).unwrap_or_default();
    };
    for i in choice
        .front
        .iter()
        .copied()
        .chain(choice.cheapest)
        .chain(choice.fastest)
    {
        link(&mut fitting[i]);
    }
    let (binding, mut closest) = match choice.binding {
        Some((b, i)) => (Some(b), Some(fitting[i].clone())),
        None if fitting.is_empty() => match latency_closest {
            Some(c) => {
                let (first_token, target, best) = match &goal.task {
                    Task::Serve {
                        ttft_s: Some(t), ..
                    } if best_ttft > *t => (true, *t, best_ttft),
                    Task::Serve { tpot_s, .. } => (false, tpot_s.unwrap_or(0.0), best_tpot),
                    _ => (false, 0.0, 0.0),
                };
                (
                    Some(Binding::Latency {
                        first_token,
                        target,
                        best,
                    }),
                    Some(c),
                )
            }
            None => (
                Some(found.over.map(|(_, b)| b).unwrap_or(Binding::Memory {
                    device: devices.first().copied().unwrap_or(""),
                    gpus: 0,
                    need: 0,
                    have: 0,
                })),
                None,
            ),
        },
        None => (None, None),
    };
    if let Some(c) = closest.as_mut() {
        link(c);
    }
    Plan {
        goal,
        evaluated,
        fitting,
        front: choice.front,
        cheapest: choice.cheapest,
        fastest: choice.fastest,
        binding,
        closest,
    }
}

fn candidate(
    t: &Tried,
    e: &crate::model::Estimate,
    sp: &crate::speed::Speed,
    goal: &Goal,
) -> Option<Candidate> {
    let s = &t.scenario;
    let per_node = s.parallel.gpus_per_node.max(1);
    let (gpus, nodes, hours, step_s, ttft_s) = match (&goal.task, sp.steps) {
        (
            Task::Train { tokens, steps },
            Steps::Training {
                step,
                tokens_per_s,
                gpus,
                ..
            },
        ) => {
            let step = step.seconds()?;
            let secs = match (tokens, steps) {
                (Some(n), _) if tokens_per_s > 0.0 => *n as f64 / tokens_per_s,
                (_, Some(k)) => *k as f64 * step,
                _ => return None,
            };
            (gpus, gpus.div_ceil(per_node), secs / 3600.0, step, None)
        }
        (
            Task::Serve {
                hours,
                rps,
                percentile,
                ..
            },
            Steps::Inference {
                ttft,
                decode_step,
                sequences,
                ..
            },
        ) => {
            let g = s.parallel.gpus * t.replicas;
            let step = decode_step.seconds()?;
            let mut first = ttft.seconds();
            // issue 41 (h-compare): at a percentile of a random load, the wait for a running
            // slot comes before the prefill (`speed::queueing`).
            if let (Some(p), Some(r), Some(f)) = (percentile, rps, first) {
                let slots = crate::speed::queueing::Slots {
                    slots: sequences.max(1),
                    life: f + output_tokens(s) as f64 * step,
                    rate: r / t.replicas.max(1) as f64,
                };
                first = Some(f + slots.wait_quantile(f64::from(*p) / 100.0, hours * 3600.0));
            }
            (g, g.div_ceil(per_node), *hours, step, first)
        }
        (Task::Simulate { .. }, Steps::Sim { step, run, .. }) => {
            let g = if cpu_code(s) { 0 } else { s.sim.ranks };
            (
                g,
                s.sim.nodes,
                run.seconds()? / 3600.0,
                step.seconds()?,
                None,
            )
        }
        _ => return None,
    };
    if !hours.is_finite() || hours <= 0.0 {
        return None;
    }
    let gpu_hours = (gpus > 0).then_some(gpus as f64 * hours);
    Some(Candidate {
        device: t.device,
        gpus,
        nodes,
        layout: String::new(),
        dtype: String::new(),
        hours,
        step_s,
        bound: sp.bound,
        ttft_s,
        gpu_hours,
        node_hours: nodes as f64 * hours,
        money: gpu_hours.zip(goal.price).map(|(g, p)| g * p),
        per_device_bytes: e.per_device_bytes,
        capacity_bytes: e.capacity_bytes,
        scenario: *s,
        query: String::new(),
        words: t.words,
        dtype_at: t.dtype,
    })
}

/// A training layout's time (issue 41): its step, its bound, and its cost in GPU-hours — for
/// the run where the scenario gives `train_tokens`, else per 10⁹ tokens — for the layout list
/// (`memcalc --layouts`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LayoutTime {
    pub step_s: f64,
    pub bound: Bound,
    pub tokens_per_s: f64,
    /// The run's hours for `train_tokens`, where given.
    pub run_hours: Option<f64>,
    /// GPU-hours for the run (with `train_tokens`) or per 10⁹ tokens.
    pub gpu_hours: f64,
    pub gpus: u64,
    pub nodes: u64,
}

/// [`LayoutTime`] of layout `l` on scenario `s`; None where the layout has no time model.
pub fn layout_time(s: &Scenario, l: &crate::analysis::layouts::Layout) -> Option<LayoutTime> {
    let c = Inputs::from_scenario(s).patched(&l.patch)?;
    let e = crate::model::estimate(&c);
    let sp = speed(&c, &e).ok()??;
    let Steps::Training {
        step,
        tokens_per_s,
        gpus,
        run,
        ..
    } = sp.steps
    else {
        return None;
    };
    if tokens_per_s <= 0.0 {
        return None;
    }
    let run_hours = run.and_then(|(_, t)| t.seconds()).map(|x| x / 3600.0);
    let hours = run_hours.unwrap_or(1e9 / tokens_per_s / 3600.0);
    Some(LayoutTime {
        step_s: step.seconds()?,
        bound: sp.bound,
        tokens_per_s,
        run_hours,
        gpu_hours: gpus as f64 * hours,
        gpus,
        nodes: sp.held.nodes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(q: &str) -> Scenario {
        Inputs::from_typed_query(q).0.parse().unwrap()
    }

    #[test]
    fn every_plan_key_is_a_meta_key() {
        assert_eq!(PLAN_KEYS.len(), 16);
        for k in PLAN_KEYS {
            assert!(k.starts_with("plan_"), "{k}");
        }
    }

    #[test]
    fn a_bad_value_names_its_field() {
        let s = scenario("params=7B");
        for (q, field) in [
            ("plan_tokens=1B&plan_deadline_h=0", "plan_deadline_h"),
            ("plan_tokens=1B&plan_deadline_h=-3", "plan_deadline_h"),
            ("plan_tokens=1B&plan_deadline_h=1e9", "plan_deadline_h"),
            ("plan_tokens=1B&plan_price=0", "plan_price"),
            ("plan_tokens=1B&plan_price=abc", "plan_price"),
            ("plan_tokens=0", "plan_tokens"),
            ("plan_deadline_h=5", "plan_tokens"),
            ("plan_tokens=1B&plan_users=4", "plan_users"),
            ("plan_tokens=1B&plan_devices=h100,nope", "plan_devices"),
            ("plan_tokens=1B&plan_cluster=h100-80", "plan_cluster"),
        ] {
            let e = Goal::from_query(q, &s).unwrap_err();
            assert_eq!(e.field, field, "{q}: {e}");
        }
        let serve = scenario("mode=infer&params=7B");
        let e = Goal::from_query("plan_users=0", &serve).unwrap_err();
        assert_eq!(e.field, "plan_users");
        let e = Goal::from_query("plan_rps=-1", &serve).unwrap_err();
        assert_eq!(e.field, "plan_rps");
        assert!(Goal::from_query("params=7B", &s).unwrap().is_none());
    }

    #[test]
    fn a_latency_percentile_adds_the_wait_for_a_slot_to_the_first_token() {
        // issue 41 (h-compare): 8B on H100s at 2 requests/s of 1,024 + 1,024 tokens.
        let s = scenario("mode=infer&model_id=meta-llama/Llama-3.1-8B&seq=2048&prompt=1024");
        let base = "plan_rps=2&plan_ttft_ms=1500&plan_tpot_ms=10.5&plan_cluster=h100-80:1";
        let first = |pct: &str| {
            let g = Goal::from_query(&format!("{base}{pct}"), &s)
                .unwrap()
                .unwrap();
            let p = plan(&s, g);
            // One GPU: one setup, met or the closest (its TTFT moves, its memory does not).
            let c = p
                .fitting
                .first()
                .or(p.closest.as_ref())
                .unwrap_or_else(|| panic!("{pct}: {:?}", p.binding));
            (c.ttft_s.unwrap(), c.step_s, c.gpus, c.scenario)
        };
        let (steady, step, gpus, setup) = first("");
        let (p50, s50, g50, c50) = first("&plan_lat_pct=50");
        let (p90, _, g90, c90) = first("&plan_lat_pct=90");
        let (p99, s99, g99, c99) = first("&plan_lat_pct=99");
        assert_eq!((gpus, gpus, gpus), (g50, g90, g99));
        assert!(setup == c50 && setup == c90 && setup == c99);
        assert!(
            steady <= p50 && p50 <= p90 && p90 < p99,
            "{steady} {p50} {p90} {p99}"
        );
        // The time per output token is the step with every slot busy, at every percentile.
        assert_eq!((step, step), (s50, s99));
        // Bad values name the key; a percentile needs random arrivals.
        for q in ["plan_lat_pct=95", "plan_lat_pct=p99", "plan_lat_pct=0"] {
            let e = Goal::from_query(&format!("{base}&{q}"), &s).unwrap_err();
            assert_eq!(e.field, "plan_lat_pct", "{q}: {e}");
            assert!(e.message.contains("50, 90 or 99"), "{e}");
        }
        let e = Goal::from_query("plan_users=8&plan_lat_pct=90", &s).unwrap_err();
        assert_eq!(e.field, "plan_lat_pct");
        assert!(e.message.contains("needs plan_rps"), "{e}");
        let t = scenario("params=7B");
        let e = Goal::from_query("plan_tokens=1B&plan_lat_pct=90", &t).unwrap_err();
        assert_eq!(e.field, "plan_lat_pct");
    }

    #[test]
    fn setups_the_time_model_cannot_tell_apart_are_one_point_the_cheapest() {
        // Llama 3.1 8B for 64 users on H100s: TP 2 with 16, 32 or 64 replicas all decode at
        // 3.72 ms per token (launch-bound), at 32, 64 and 128 GPU-hours an hour.
        let s = scenario("mode=infer&model_id=meta-llama/Llama-3.1-8B&seq=2048&prompt=1024");
        let g = Goal::from_query("plan_users=64&plan_tpot_ms=50&plan_devices=h100-80", &s)
            .unwrap()
            .unwrap();
        let task = g.task.clone();
        let p = plan(&s, g);
        let times: Vec<f64> = p.front.iter().map(|&i| p.fitting[i].time(&task)).collect();
        assert!(times.len() >= 3, "{times:?}");
        for w in times.windows(2) {
            assert!(w[1] > w[0] * (1.0 + TIME_TIE), "{times:?}");
        }
        // The fastest pick is the cheapest of the setups as fast as the fastest.
        let f = &p.fitting[p.fastest.unwrap()];
        let mut as_fast = p
            .fitting
            .iter()
            .filter(|c| c.time(&task) <= times[0] * (1.0 + TIME_TIE));
        assert!(as_fast.clone().count() > 1);
        assert!(as_fast.all(|c| c.cost() >= f.cost()));
    }

    #[test]
    fn a_training_goal_finds_a_front_and_the_cheapest_meeting_the_deadline() {
        let s = scenario("params=7B&seq=4096&framework=megatron");
        let g = Goal::from_query(
            "plan_tokens=10B&plan_deadline_h=48&plan_devices=h100-80,a100-80&plan_max_gpus=64",
            &s,
        )
        .unwrap()
        .unwrap();
        let p = plan(&s, g);
        assert!(p.met(), "{:?}", p.binding);
        let c = &p.fitting[p.cheapest.unwrap()];
        assert!(c.hours <= 48.0);
        // Every front point: no other setup is both faster and cheaper.
        for &i in &p.front {
            let a = &p.fitting[i];
            assert!(!p
                .fitting
                .iter()
                .any(|b| b.hours < a.hours && b.cost() < a.cost()));
        }
        assert!(c.query.contains("plan_tokens=10B"), "{}", c.query);
        assert!(c.query.contains("gpus="), "{}", c.query);
    }

    #[test]
    fn an_impossible_deadline_says_it_binds_and_what_comes_closest() {
        let s = scenario("params=7B&seq=4096&framework=megatron");
        let g = Goal::from_query(
            "plan_tokens=10T&plan_deadline_h=1&plan_devices=h100-80&plan_max_gpus=16",
            &s,
        )
        .unwrap()
        .unwrap();
        let p = plan(&s, g);
        assert!(!p.met());
        assert!(
            matches!(p.binding, Some(Binding::Deadline { .. })),
            "{:?}",
            p.binding
        );
        assert!(p.closest.is_some());
    }

    /// The memo (`layouts::Memo`) gives the exhaustive search's answer, whole (every setup
    /// that fits, its time, the front, the picks, what binds and what comes closest), on goals
    /// over several devices, precisions and GPU counts; and where it does not serve (variable-
    /// length batches: the allocator's cache depends on the device's capacity).
    #[test]
    fn the_memo_gives_the_exhaustive_searchs_answer() {
        for (q, goal) in [
            (
                "params=7B&seq=4096&framework=megatron",
                "plan_tokens=10B&plan_deadline_h=48&plan_devices=h100-80,a100-40,l4,mi300x,rtx4090,b200&plan_max_gpus=64",
            ),
            (
                "params=13B&seq=2048",
                "plan_tokens=5B&plan_budget_gpuh=2000&plan_devices=h100-80,a100-80,a10g,l40s&plan_max_gpus=32&plan_dtypes=bf16,fp8",
            ),
            (
                "params=70B&seq=4096&framework=megatron",
                "plan_tokens=20B&plan_deadline_h=1&plan_devices=h200,a100-80,h100-80&plan_max_gpus=128",
            ),
            (
                "mode=finetune&params=8B&seq=2048&lora_rank=16",
                "plan_steps=1000&plan_devices=rtx3090,a100-40,h100-80,t4&plan_max_gpus=8",
            ),
            (
                "params=7B&seq=4096&batching=variable",
                "plan_tokens=1B&plan_devices=h100-80,a100-40,rtx4090&plan_max_gpus=16",
            ),
        ] {
            let s = scenario(q);
            if q.contains("batching=variable") {
                assert_eq!(
                    s.mech.batching,
                    crate::scenario::training::Batching::Variable
                );
            }
            let g = Goal::from_query(goal, &s).unwrap().unwrap();
            let fast = plan_with(&s, g.clone(), Search::Memo);
            let slow = plan_with(&s, g, Search::Exhaustive);
            assert!(!slow.fitting.is_empty(), "{q}&{goal}: nothing fits");
            assert_eq!(fast, slow, "{q}&{goal}");
        }
    }

    /// The memo's premise: a training setup with fixed-length batches takes the same bytes per
    /// device on every GPU the planner tries.
    #[test]
    fn a_training_setups_bytes_per_device_do_not_depend_on_its_gpu() {
        use crate::analysis::layouts::read_patch;
        for q in [
            "params=7B&seq=4096&gpus=8&tp=2&pp=2&zero=1",
            "params=70B&seq=4096&gpus=64&tp=8&pp=4&zero=3&recompute=full&offload=optimizer",
            "mode=finetune&params=8B&seq=2048&lora_rank=16&gpus=2&zero=2",
            "params=13B&seq=2048&gpus=16&tp=4&pp=1&zero=3&dtype=fp8",
        ] {
            let s = scenario(q);
            let first = crate::model::device_estimate(&s);
            for id in default_devices(&s) {
                let c = read_patch(&s, &[(FieldId::Gpu, id)]).unwrap();
                let e = crate::model::device_estimate(&c);
                assert_eq!(
                    (e.per_device_bytes, e.trainable_params),
                    (first.per_device_bytes, first.trainable_params),
                    "{q} on {id}"
                );
            }
        }
    }

    #[test]
    fn memory_binds_when_nothing_fits() {
        let s = scenario("params=405B&seq=4096");
        let g = Goal::from_query("plan_tokens=1B&plan_cluster=t4:1", &s)
            .unwrap()
            .unwrap();
        let p = plan(&s, g);
        assert!(
            matches!(p.binding, Some(Binding::Memory { .. })),
            "{:?}",
            p.binding
        );
    }
}
