//! The JSON document, schema version 1: typed, serialised by serde_json. Field order is the
//! document's key order, which `tests/documents.rs` pins; keys are only ever added.

use super::Origin;
use crate::base::choice::Choice;
use crate::explain::parts;
use crate::model::{Component, Estimate};
use crate::scenario::Mode;
use crate::schema::query::Notice;
use serde::ser::{Serialize, SerializeMap, Serializer};

#[derive(serde::Serialize)]
struct Document<'a> {
    schema_version: u32,
    mode: &'static str,
    per_device_bytes: u64,
    cluster_bytes: u64,
    capacity_bytes: u64,
    host_per_node_bytes: u64,
    busiest: String,
    params: u64,
    trainable_params: u64,
    fits: bool,
    /// The total's band (issue 37, `report::band`): an object around `per_device_bytes`, or
    /// "not_validated" / "not_bounded".
    band: super::band::BandDoc,
    /// Simulations: bytes per MPI rank and per node, and what the run writes to disk.
    #[serde(skip_serializing_if = "Option::is_none")]
    per_rank_bytes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    per_node_bytes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    disk_bytes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    serving: Option<Serving>,
    #[serde(skip_serializing_if = "Option::is_none")]
    link: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    inputs: Option<Inputs<'a>>,
    components: Vec<Row<'a>>,
    warnings: Vec<String>,
    // The time model (issue 27), `speed`, comes last: spliced in by `to_json_with_time` from
    // its own JSON text, which the page receives from the time wasm (`TimeAnswer::export`),
    // so that the page's export and `memcalc --json` are one document.
}

/// The time of a run: its headline figures, the bound and every term with its formula.
#[derive(serde::Serialize)]
struct SpeedDoc {
    bound: &'static str,
    summary: String,
    /// Seconds; null where the time would overflow.
    #[serde(skip_serializing_if = "Option::is_none")]
    ttft_s: Option<Option<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    decode_step_s: Option<Option<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    step_s: Option<Option<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    run_s: Option<Option<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tokens_per_s: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tokens_per_s_per_sequence: Option<f64>,
    /// `tokens_per_s` over `gpus`: the throughput per GPU.
    #[serde(skip_serializing_if = "Option::is_none")]
    tokens_per_s_per_gpu: Option<f64>,
    /// The GPUs the aggregate is over (inference: tp × pp of one engine; training: all).
    #[serde(skip_serializing_if = "Option::is_none")]
    gpus: Option<u64>,
    /// A pooled engine's queued requests, and the last one's wait in the queue before its
    /// prefill (seconds; null on overflow): their time to first token is the queue's.
    #[serde(skip_serializing_if = "Option::is_none")]
    queued: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    queue_wait_s: Option<Option<f64>>,
    /// A pooled engine under load (continuous batching): output tokens/s over a request's
    /// life, and the requests running.
    #[serde(skip_serializing_if = "Option::is_none")]
    served_tokens_per_s: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    served_sequences: Option<f64>,
    /// The method's rate under its own key (`mlups` for lattice Boltzmann).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "rate_entry",
        flatten
    )]
    rate: Option<(&'static str, f64)>,
    overflow: bool,
    /// Every term; left out of a sweep's points, which carry the headline figures only.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    terms: Vec<TermDoc>,
    /// Inference: the sequences a decode step runs (a pooled engine's: those its pool holds).
    #[serde(skip_serializing_if = "Option::is_none")]
    sequences: Option<u64>,
    /// Training: the token budget the run time is for.
    #[serde(skip_serializing_if = "Option::is_none")]
    run_tokens: Option<u64>,
    /// Inference: the throughput-versus-latency curve over the batch, where it was computed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    batch_curve: Vec<CurveDoc>,
    /// The band of the step (inference: the decode step), around its seconds; left out of a
    /// sweep's points.
    #[serde(skip_serializing_if = "Option::is_none")]
    band: Option<super::band::BandDoc>,
    /// Inference: the band of the time to first token, around its seconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    ttft_band: Option<super::band::BandDoc>,
}

/// A point of the batch curve: one decode step of `batch` sequences.
#[derive(serde::Serialize)]
struct CurveDoc {
    batch: u64,
    /// Seconds; null where the time would overflow.
    decode_step_s: Option<f64>,
    tokens_per_s_per_sequence: f64,
    tokens_per_s: f64,
}

#[derive(serde::Serialize)]
struct TermDoc {
    id: &'static str,
    label: &'static str,
    seconds: Option<f64>,
    bound: &'static str,
    formula: String,
    source: &'static str,
}

fn speed_doc(sp: &crate::speed::Speed) -> SpeedDoc {
    use crate::explain::speed as text;
    use crate::speed::Steps;
    let mut d = SpeedDoc {
        bound: sp.bound.key(),
        summary: text::summary(sp),
        ttft_s: None,
        decode_step_s: None,
        step_s: None,
        run_s: None,
        tokens_per_s: None,
        tokens_per_s_per_sequence: None,
        tokens_per_s_per_gpu: None,
        gpus: None,
        queued: None,
        queue_wait_s: None,
        served_tokens_per_s: None,
        served_sequences: None,
        rate: None,
        overflow: sp.terms.iter().any(|t| t.time.seconds().is_none()),
        terms: sp
            .terms
            .iter()
            .map(|t| TermDoc {
                id: t.id().key(),
                label: text::label(t),
                seconds: t.time.seconds(),
                bound: t.bound.key(),
                formula: text::formula(t),
                source: text::source(t),
            })
            .collect(),
        sequences: None,
        run_tokens: None,
        batch_curve: Vec::new(),
        band: None,
        ttft_band: None,
    };
    match sp.steps {
        Steps::Inference {
            ttft,
            decode_step,
            tokens_per_s,
            tokens_per_s_per_sequence,
            sequences,
            gpus,
            queue,
            served,
            ..
        } => {
            d.sequences = Some(sequences);
            d.ttft_s = Some(ttft.seconds());
            d.decode_step_s = Some(decode_step.seconds());
            d.tokens_per_s = Some(tokens_per_s);
            d.tokens_per_s_per_sequence = Some(tokens_per_s_per_sequence);
            d.tokens_per_s_per_gpu = Some(crate::speed::per_gpu(tokens_per_s, gpus));
            d.gpus = Some(gpus);
            if let Some(q) = queue {
                d.queued = Some(q.waiting);
                d.queue_wait_s = Some(q.wait.seconds());
            }
            if let Some(v) = served {
                d.served_tokens_per_s = Some(v.tokens_per_s);
                d.served_sequences = Some(v.sequences);
            }
        }
        Steps::Training {
            step,
            tokens_per_s,
            gpus,
            run,
            ..
        } => {
            d.step_s = Some(step.seconds());
            d.tokens_per_s = Some(tokens_per_s);
            d.tokens_per_s_per_gpu = Some(crate::speed::per_gpu(tokens_per_s, gpus));
            d.gpus = Some(gpus);
            if let Some((tokens, t)) = run {
                d.run_s = Some(t.seconds());
                d.run_tokens = Some(tokens);
            }
        }
        Steps::Sim {
            step, run, rate, ..
        } => {
            d.step_s = Some(step.seconds());
            d.run_s = Some(run.seconds());
            d.rate = rate.map(|r| (r.key(), r.value()));
        }
        Steps::Surrogate {
            step,
            samples_per_s,
            ..
        } => {
            d.step_s = Some(step.seconds());
            d.rate = Some(("samples_per_s", samples_per_s));
        }
    }
    d
}

/// `d` with the bands of its step (inference: decode step) and time to first token.
fn speeds_bands(e: &Estimate, sp: &crate::speed::Speed, mut d: SpeedDoc) -> SpeedDoc {
    use crate::analysis::band::Figure;
    let secs = |x: Option<Option<f64>>| x.flatten().unwrap_or(f64::NAN);
    for (f, b) in crate::analysis::band::time(e, sp) {
        match f {
            Figure::Prefill => d.ttft_band = Some(super::band::doc(&b, secs(d.ttft_s), false)),
            Figure::Decode => d.band = Some(super::band::doc(&b, secs(d.decode_step_s), false)),
            _ => d.band = Some(super::band::doc(&b, secs(d.step_s), false)),
        }
    }
    d
}

/// A component as a row of the document: id, label, bytes, location, formula, source (the
/// prose stays on the page).
struct Row<'a>(&'a Component);

impl Serialize for Row<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let c = self.0;
        let mut map = serializer.serialize_map(Some(6))?;
        map.serialize_entry("id", &c.id)?;
        map.serialize_entry("label", parts::label(c))?;
        map.serialize_entry("bytes", &c.bytes)?;
        map.serialize_entry("location", &c.location)?;
        map.serialize_entry("formula", &parts::formula(c))?;
        map.serialize_entry("source", parts::source(c))?;
        map.end()
    }
}

/// A pooled serving engine's KV pool (vLLM, SGLang).
#[derive(serde::Serialize)]
struct Serving {
    engine: &'static str,
    budget_bytes: u64,
    kv_pool_bytes: u64,
    kv_pool_tokens: u64,
    kv_blocks: u64,
    block_tokens: u64,
    kv_bytes_per_token: u64,
    concurrent_sequences: u64,
    /// The share and what the engine takes beside it: the capacity its total is held to.
    limit_bytes: u64,
    sequence_tokens: u64,
    requested_sequences: u64,
    /// The serving answer in words, as the page and the other exports say it.
    answer: String,
    /// The KV pool's band, in tokens (the total's is the utilisation's, not validated).
    kv_pool_band: super::band::BandDoc,
}

/// The changed inputs as an object of URL key → value, in form order (not a map's order).
struct Inputs<'a>(&'a [(String, String)]);

impl Serialize for Inputs<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// The estimate as JSON, schema version 1 (documented in the README); with an origin, also
/// `link` and `inputs` (an object of URL key → value): keys are only ever added to version 1.
pub fn to_json(e: &Estimate, notices: &[Notice], origin: Option<&Origin>) -> String {
    to_json_with_speed(e, notices, origin, None)
}

/// [`to_json`] with the run's time (`crate::speed::speed`) as a `speed` object after the
/// warnings: its bound, summary line, headline seconds and rates, and every term's id, label,
/// seconds (null on overflow), bound, formula and source.
pub fn to_json_with_speed(
    e: &Estimate,
    notices: &[Notice],
    origin: Option<&Origin>,
    speed: Option<&crate::speed::Speed>,
) -> String {
    to_json_with_curve(e, notices, origin, speed, &[])
}

/// [`to_json_with_speed`] with the throughput-versus-latency curve
/// (`crate::speed::inference::batch_curve`) as the speed object's `batch_curve`: each point's
/// batch, decode step seconds, tokens/s per sequence and in aggregate.
pub fn to_json_with_curve(
    e: &Estimate,
    notices: &[Notice],
    origin: Option<&Origin>,
    speed: Option<&crate::speed::Speed>,
    curve: &[crate::speed::inference::CurvePoint],
) -> String {
    let time = speed.map(|sp| speed_json(e, sp, curve));
    to_json_with_time(e, notices, origin, time.as_deref())
}

/// The `speed` object of the JSON document, as JSON text: the run's bound, summary line,
/// headline seconds and rates (aggregate, per sequence, per GPU), its queue, every term, and
/// the batch curve where given. The time wasm writes it for the page
/// (`report::TimeAnswer::export`), which splices it in with [`to_json_with_time`].
pub fn speed_json(
    e: &Estimate,
    sp: &crate::speed::Speed,
    curve: &[crate::speed::inference::CurvePoint],
) -> String {
    let doc = SpeedDoc {
        batch_curve: curve
            .iter()
            .map(|p| CurveDoc {
                batch: p.batch,
                decode_step_s: p.step.seconds(),
                tokens_per_s_per_sequence: p.tokens_per_s_per_sequence,
                tokens_per_s: p.tokens_per_s,
            })
            .collect(),
        ..speeds_bands(e, sp, speed_doc(sp))
    };
    serde_json::to_string(&doc).unwrap_or_default()
}

/// [`to_json`] with the run's time given as the JSON text of its `speed` object
/// ([`speed_json`]), added as the document's last key: the page's export and the CLI's write
/// the same document through this one function.
pub fn to_json_with_time(
    e: &Estimate,
    notices: &[Notice],
    origin: Option<&Origin>,
    speed: Option<&str>,
) -> String {
    let sim = e.mode == Mode::Sim;
    let doc = Document {
        schema_version: 1,
        mode: e.mode.id(),
        per_device_bytes: e.per_device_bytes,
        cluster_bytes: e.cluster_bytes,
        capacity_bytes: e.capacity_bytes,
        host_per_node_bytes: e.host_per_node_bytes,
        busiest: e.busiest.to_string(),
        params: e.params,
        trainable_params: e.trainable_params,
        fits: e.fits(),
        band: super::band::doc(
            &crate::analysis::band::memory(e),
            e.per_device_bytes as f64,
            true,
        ),
        per_rank_bytes: sim.then_some(e.per_rank_bytes),
        per_node_bytes: sim.then_some(e.host_per_node_bytes),
        disk_bytes: sim.then_some(e.disk_bytes),
        serving: e.serving.filter(|_| !sim).map(|v| Serving {
            engine: v.engine.id(),
            budget_bytes: v.budget,
            kv_pool_bytes: v.pool_bytes,
            kv_pool_tokens: v.pool_tokens,
            kv_blocks: v.blocks,
            block_tokens: v.block_tokens,
            kv_bytes_per_token: v.token_bytes,
            concurrent_sequences: v.sequences,
            limit_bytes: v.limit(),
            sequence_tokens: v.seq,
            requested_sequences: v.batch,
            answer: crate::explain::serving::answer(&v),
            kv_pool_band: super::band::doc(
                &crate::analysis::band::pool(e)
                    .unwrap_or(crate::analysis::band::Band::NotValidated { rows: 0 }),
                v.pool_tokens as f64,
                true,
            ),
        }),
        link: origin.map(|o| o.link.as_str()),
        inputs: origin.map(|o| Inputs(&o.inputs)),
        components: e.components.iter().map(Row).collect(),
        warnings: e
            .warnings
            .iter()
            .map(crate::explain::warnings::warning)
            .chain(notices.iter().map(|n| n.message.clone()))
            .collect(),
    };
    // Serialising plain structs of strings and integers cannot fail.
    let mut out = serde_json::to_string(&doc).unwrap_or_default();
    // The speed object is the last key: the object's closing brace moves after it.
    if let Some(speed) = speed.filter(|s| s.starts_with('{')) {
        if out.ends_with('}') {
            out.pop();
            out.push_str(",\"speed\":");
            out.push_str(speed);
            out.push('}');
        }
    }
    out.push('\n');
    out
}

/// A sweep of one key as JSON (schema version 1): one point per value (with `sequences` under
/// a pooled serving engine).
pub fn sweep_to_json(key: &str, points: &[crate::analysis::scaling::Point]) -> String {
    sweep_to_json_with_speed(key, points, &[])
}

/// [`sweep_to_json`] with each point's time: `speeds[i]` (where given) adds a `speed` object to
/// point `i`, the document's `speed` without its terms (bound, summary, headline seconds and
/// rates).
pub fn sweep_to_json_with_speed(
    key: &str,
    points: &[crate::analysis::scaling::Point],
    speeds: &[Option<crate::speed::Speed>],
) -> String {
    #[derive(serde::Serialize)]
    struct Sweep<'a> {
        schema_version: u32,
        sweep: &'a str,
        points: Vec<SweepPoint<'a>>,
    }
    struct SweepPoint<'a>(
        &'a str,
        &'a crate::analysis::scaling::Point,
        Option<SpeedDoc>,
    );
    impl Serialize for SweepPoint<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let n = 4 + usize::from(self.1.sequences.is_some()) + usize::from(self.2.is_some());
            let mut map = serializer.serialize_map(Some(n))?;
            map.serialize_entry(self.0, &self.1.x)?;
            map.serialize_entry("per_device_bytes", &self.1.bytes)?;
            map.serialize_entry("capacity_bytes", &self.1.capacity)?;
            map.serialize_entry("fits", &self.1.fits)?;
            // A pooled engine's row: the sequences its KV pool holds, what the sweep moves.
            if let Some(q) = self.1.sequences {
                map.serialize_entry("sequences", &q)?;
            }
            if let Some(d) = &self.2 {
                map.serialize_entry("speed", d)?;
            }
            map.end()
        }
    }
    let doc = Sweep {
        schema_version: 1,
        sweep: key,
        points: points
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let d = speeds.get(i).and_then(Option::as_ref).map(|sp| SpeedDoc {
                    terms: Vec::new(),
                    ..speed_doc(sp)
                });
                SweepPoint(key, p, d)
            })
            .collect(),
    };
    let mut out = serde_json::to_string(&doc).unwrap_or_default();
    out.push('\n');
    out
}

/// A simulation's rate as one entry under its own key (`"mlups": 17516.0`), so each method's
/// rate keeps a stable name of its own.
fn rate_entry<S: Serializer>(rate: &Option<(&'static str, f64)>, s: S) -> Result<S::Ok, S::Error> {
    let mut m = s.serialize_map(Some(rate.is_some() as usize))?;
    if let Some((key, value)) = rate {
        m.serialize_entry(key, value)?;
    }
    m.end()
}
