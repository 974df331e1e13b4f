//! Answers to a query as a program calls for them (issue 43): the document `memcalc --json`
//! prints, a check against a measured peak, the layouts that fit, a sweep of one key, a
//! comparison of setups and a log's check, each as JSON text, and bad input as typed
//! [`QueryError`]s naming the key, the values it takes and the CLI's message. The Python
//! package (`crates/memcalc-py`) is a thin face over these; `memcalc` prints the same documents
//! ([`document`], [`not_a_parameter`] and [`speed_at`] are the CLI's own).

use crate::analysis::{compare, layouts, scaling};
use crate::base::choice::Choice;
use crate::base::units::UnitSystem;
use crate::model::{calibrate, estimate, Estimate};
use crate::scenario::Scenario;
use crate::schema::fields::{self, FieldId};
use crate::schema::inputs::{FieldError, Inputs};
use crate::schema::query::{self, Notice};
use crate::speed::{speed, Speed, SpeedError, Steps};
use serde::Serialize;

/// Bad input: what the CLI prints (one line each) with the key it is about and what that key
/// takes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QueryError {
    /// `unknown_key` (a key the page does not read), `unknown_preset`, `invalid_value` (a value
    /// its key does not take, a rule between keys, a hardware figure out of range), `log` (a
    /// log no reader recognises) or `usage` (a call's own arguments: a sweep's values, the
    /// number of setups).
    pub kind: &'static str,
    /// The URL key the error is about, where there is one.
    pub key: Option<String>,
    /// The values the key takes (a select key's ids); for an unknown key or preset, the
    /// closest known ones. Empty for a number.
    pub allowed: Vec<String>,
    /// Exactly the CLI's message (without its `memcalc: ` prefix).
    pub message: String,
}

impl QueryError {
    fn usage(message: String) -> QueryError {
        QueryError {
            kind: "usage",
            key: None,
            allowed: Vec::new(),
            message,
        }
    }

    fn prefixed(mut self, prefix: &str) -> QueryError {
        self.message = format!("{prefix}{}", self.message);
        self
    }
}

/// The CLI's error for a key that is none of the page's, naming the closest keys.
pub fn not_a_parameter(key: &str) -> String {
    let shown: String = key.chars().take(40).collect();
    match query::did_you_mean(key) {
        Some(hint) => format!("'{shown}' is not a parameter; {hint} (docs/url-parameters.md)"),
        None => format!("'{shown}' is not a parameter; see docs/url-parameters.md"),
    }
}

fn unknown_key(key: &str) -> QueryError {
    QueryError {
        kind: "unknown_key",
        key: Some(key.to_string()),
        allowed: query::closest_keys(key)
            .into_iter()
            .map(String::from)
            .collect(),
        message: not_a_parameter(key),
    }
}

/// The ids a select key takes; empty for a number or free text.
fn allowed(id: FieldId) -> Vec<String> {
    fields::options(id)
        .into_iter()
        .map(|(id, _)| id.to_string())
        .collect()
}

fn field_error(e: &FieldError) -> QueryError {
    QueryError {
        kind: "invalid_value",
        key: Some(e.key().to_string()),
        allowed: allowed(e.field),
        message: e.message.clone(),
    }
}

fn speed_error(e: &SpeedError) -> QueryError {
    QueryError {
        kind: "invalid_value",
        key: Some(e.field.key().to_string()),
        allowed: allowed(e.field),
        message: e.to_string(),
    }
}

/// A query read as `memcalc` reads its input: a share link keeps the meaning of its own
/// version, a bare query is read at the current one; its scenario and the notices about known
/// keys (repeated, from a future version) that the document carries.
#[derive(Debug, Clone)]
pub struct Read {
    pub inputs: Inputs,
    pub scenario: Scenario,
    pub notices: Vec<Notice>,
}

/// `q`'s inputs as `memcalc` reads them (a share link at its own version, a bare query at the
/// current one) and the errors the page would only note: unknown keys and an unknown preset.
fn inputs_of(q: &str) -> (Inputs, Vec<Notice>, Vec<QueryError>) {
    let (inputs, notices) = if query::is_share_link(q) {
        Inputs::from_query(q)
    } else {
        Inputs::from_typed_query(q)
    };
    let mut errors: Vec<QueryError> = notices
        .iter()
        .filter(|n| !query::known_key(&n.key))
        .map(|n| unknown_key(&n.key))
        .collect();
    let (page, _) = crate::schema::page::PageOptions::from_query(q);
    if let Some(p) = page.unknown_preset {
        errors.push(QueryError {
            kind: "unknown_preset",
            key: Some("preset".to_string()),
            allowed: crate::base::choice::closest(
                &p,
                crate::schema::presets::PRESETS.iter().map(|p| p.id),
            )
            .into_iter()
            .map(String::from)
            .collect(),
            message: crate::schema::presets::unknown_preset(&p),
        });
    }
    (inputs, notices, errors)
}

/// Reads `q`; unknown keys, an unknown preset and invalid values are errors, every one of them.
pub fn read(q: &str) -> Result<Read, Vec<QueryError>> {
    let (inputs, notices, mut errors) = inputs_of(q);
    match inputs.parse() {
        Ok(scenario) if errors.is_empty() => Ok(Read {
            inputs,
            scenario,
            notices: notices
                .into_iter()
                .filter(|n| query::known_key(&n.key))
                .collect(),
        }),
        Ok(_) => Err(errors),
        Err(es) => {
            errors.extend(es.iter().map(field_error));
            Err(errors)
        }
    }
}

/// The document of `memcalc --json`: the estimate with its origin (link and changed inputs),
/// the run's time where it has a time model, and an inference run's batch curve.
pub fn document(s: &Scenario, e: &Estimate, sp: Option<&Speed>, notices: &[Notice]) -> String {
    let origin = super::Origin::new(s, s.to_query());
    let curve = match sp.map(|sp| sp.steps) {
        Some(Steps::Inference { .. }) => crate::speed::inference::batch_curve(s),
        _ => Vec::new(),
    };
    super::to_json_with_curve(e, notices, Some(&origin), sp, &curve)
}

/// The time of `base` with `key` set to `x`, where it has one (a sweep's row).
pub fn speed_at(base: &Inputs, key: FieldId, x: u64) -> Option<Speed> {
    let mut i = base.clone();
    i.set(key, x.to_string());
    let s = i.parse().ok()?;
    speed(&s, &estimate(&s)).ok().flatten()
}

/// The estimate and time of a read query; a hardware figure out of range is an error.
fn estimated(r: &Read) -> Result<(Estimate, Option<Speed>), Vec<QueryError>> {
    let e = estimate(&r.scenario);
    let sp = speed(&r.scenario, &e).map_err(|err| vec![speed_error(&err)])?;
    Ok((e, sp))
}

/// `memcalc --json QUERY`: the same document.
pub fn estimate_json(q: &str) -> Result<String, Vec<QueryError>> {
    let r = read(q)?;
    let (e, sp) = estimated(&r)?;
    Ok(document(&r.scenario, &e, sp.as_ref(), &r.notices))
}

/// The estimate beside a measured peak (the query's `measured=` and `measured_kind=`): what the
/// tool counts, the same part of the estimate, how far apart they are and the calibration that
/// would close the gap, with the page's sentences.
pub fn check_json(q: &str) -> Result<String, Vec<QueryError>> {
    #[derive(Serialize)]
    struct Words {
        reports: String,
        estimated: String,
        verdict: String,
        keep: Option<String>,
    }
    #[derive(Serialize)]
    struct Doc {
        measured_kind: &'static str,
        measured_bytes: u64,
        estimated_bytes: u64,
        /// The rows the tool counts.
        rows: Vec<&'static str>,
        /// (estimated − measured) / measured, in percent.
        error_pct: f64,
        suggested_calibration_bytes: Option<u64>,
        words: Words,
    }
    let r = read(q)?;
    let (e, _) = estimated(&r)?;
    let Some(c) = calibrate::check(&r.scenario, &e) else {
        return Err(vec![QueryError {
            kind: "usage",
            key: Some("measured".to_string()),
            allowed: Vec::new(),
            message: "a check needs measured= (the peak a tool reported)".to_string(),
        }]);
    };
    let w = super::check_words(&c, UnitSystem::Binary, r.scenario.mode);
    let doc = Doc {
        measured_kind: c.kind.id(),
        measured_bytes: c.measured,
        estimated_bytes: c.estimated,
        rows: c.rows.iter().map(|p| p.key()).collect(),
        error_pct: c.error_bp as f64 / 100.0,
        suggested_calibration_bytes: c.suggested_calibration,
        words: Words {
            reports: w.reports.trim_end().to_string(),
            estimated: w.estimated.trim_end().to_string(),
            verdict: w.verdict,
            keep: w.keep,
        },
    };
    Ok(serde_json::to_string(&doc).expect("plain data"))
}

/// `memcalc --layouts QUERY` as JSON: the layouts on the query's GPUs that fit, cheapest first,
/// each with the query fragment that sets it.
pub fn layouts_json(q: &str) -> Result<String, Vec<QueryError>> {
    #[derive(Serialize)]
    struct Row {
        label: String,
        tp: u64,
        pp: u64,
        dp: u64,
        zero: u8,
        recompute: &'static str,
        offload: &'static str,
        per_device_bytes: u64,
        recompute_pct: u64,
        bubble_pct: u64,
        comm_bytes: u64,
        query: String,
    }
    let r = read(q)?;
    let s = &r.scenario;
    if !s.mode.trains() {
        return Err(vec![QueryError {
            kind: "invalid_value",
            key: Some("mode".to_string()),
            allowed: vec!["train".to_string(), "finetune".to_string()],
            message: "--layouts needs mode=train or mode=finetune".to_string(),
        }]);
    }
    let rows: Vec<Row> = layouts::training_layouts(s, layouts::LAYOUTS_SHOWN)
        .into_iter()
        .map(|l| Row {
            label: l.label(),
            query: l.query(),
            tp: l.tp,
            pp: l.pp,
            dp: l.dp,
            zero: l.zero,
            recompute: l.recompute.id(),
            offload: l.offload.id(),
            per_device_bytes: l.per_device_bytes,
            recompute_pct: l.recompute_pct,
            bubble_pct: l.bubble_pct,
            comm_bytes: l.comm_bytes,
        })
        .collect();
    Ok(serde_json::to_string(&rows).expect("plain data"))
}

/// `memcalc --sweep KEY=… --json QUERY` over the given values (each read as the key reads a
/// sweep's bound: `seq` takes `4k`): `{"sweep": <the CLI's document>, "skipped": [[value,
/// why], …], "unchanged": why or null}`.
pub fn sweep_json(q: &str, key: &str, values: &[String]) -> Result<String, Vec<QueryError>> {
    let r = read(q)?;
    let Some(id) = FieldId::from_key(key) else {
        return Err(vec![unknown_key(key)]);
    };
    let mut xs = Vec::new();
    for t in values {
        match id.field().sweep_bound(t) {
            Ok(x) => xs.push(x),
            Err(e) => {
                return Err(vec![QueryError {
                    kind: "invalid_value",
                    key: Some(key.to_string()),
                    allowed: allowed(id),
                    message: format!("--sweep {key}={t}: {e}"),
                }])
            }
        }
    }
    let found = scaling::sweep(&r.inputs, id, &xs);
    if found.points.is_empty() {
        return Err(vec![QueryError {
            kind: "invalid_value",
            key: Some(key.to_string()),
            allowed: allowed(id),
            message: format!("--sweep {key}: no value of {} is valid", values.join(", ")),
        }]);
    }
    let speeds: Vec<Option<Speed>> = found
        .points
        .iter()
        .map(|p| speed_at(&r.inputs, id, p.x))
        .collect();
    let doc = super::sweep_to_json_with_speed(key, &found.points, &speeds);
    let skipped = serde_json::to_string(&found.skipped).expect("plain data");
    let unchanged = serde_json::to_string(&found.unchanged).expect("plain data");
    Ok(format!(
        "{{\"sweep\":{doc},\"skipped\":{skipped},\"unchanged\":{unchanged}}}"
    ))
}

/// `memcalc --compare --json Q1 Q2 …`: 2 to 4 setups side by side; an error names its setup as
/// the CLI does (`setup 2: …`).
pub fn compare_json(queries: &[String]) -> Result<String, Vec<QueryError>> {
    if !(2..=compare::MAX_COLUMNS).contains(&queries.len()) {
        return Err(vec![QueryError::usage(format!(
            "--compare takes 2 to {} setups, one link or query each; {} given",
            compare::MAX_COLUMNS,
            queries.len()
        ))]);
    }
    let mut columns = Vec::new();
    for (i, q) in queries.iter().enumerate() {
        let prefix = format!("setup {}: ", i + 1);
        let r = read(q).map_err(|es| {
            es.into_iter()
                .map(|e| e.prefixed(&prefix))
                .collect::<Vec<_>>()
        })?;
        match compare::Column::of(r.scenario) {
            Ok(c) => columns.push(c),
            Err(e) => return Err(vec![speed_error(&e).prefixed(&prefix)]),
        }
    }
    let cmp = compare::compare(columns).map_err(|e| vec![QueryError::usage(e.to_string())])?;
    Ok(super::compare::to_json(&cmp, UnitSystem::Binary))
}

/// `memcalc --log - --json [QUERY]`: the log's answer (what it states, each figure beside the
/// estimate, the calibrated terms); `base` is the scenario the log's keys fill. A log no reader
/// recognises is an error with the CLI's message.
pub fn log_check_json(text: &str, base: &str) -> Result<String, Vec<QueryError>> {
    // The base as the CLI takes its keys: unknown keys and an unknown preset are errors; its
    // values are checked once the log has filled them in.
    let (inputs, _, errors) = inputs_of(base);
    if !errors.is_empty() {
        return Err(errors);
    }
    let answer = crate::log::check::answer(text, &inputs);
    let view = super::log_check::view(&answer, UnitSystem::Binary);
    if !view.recognised {
        return Err(vec![QueryError {
            kind: "log",
            key: None,
            allowed: Vec::new(),
            message: view.headline,
        }]);
    }
    if answer.scenario.is_none() {
        if let Err(es) = answer.inputs.parse() {
            return Err(es.iter().map(field_error).collect());
        }
    }
    Ok(super::log_check::json(&view))
}

/// A call's errors as JSON: `[{"kind", "key", "allowed", "message"}, …]`.
pub fn errors_json(errors: &[QueryError]) -> String {
    serde_json::to_string(errors).expect("plain data")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_key_names_the_closest() {
        let e = read("params=7B&optimiser=adamw").unwrap_err();
        assert_eq!(e[0].kind, "unknown_key");
        assert_eq!(e[0].key.as_deref(), Some("optimiser"));
        assert!(e[0].allowed.contains(&"optimizer".to_string()), "{e:?}");
        assert!(e[0].message.contains("did you mean optimizer?"), "{e:?}");
    }

    #[test]
    fn a_bad_value_names_its_key_and_the_values() {
        let e = read("framework=megatrom").unwrap_err();
        assert_eq!(e[0].kind, "invalid_value");
        assert_eq!(e[0].key.as_deref(), Some("framework"));
        assert!(e[0].allowed.contains(&"megatron".to_string()), "{e:?}");
    }

    #[test]
    fn the_document_is_the_estimates() {
        let doc = estimate_json("params=7B&mode=infer").unwrap();
        let v: serde_json::Value = serde_json::from_str(&doc).unwrap();
        assert!(v["per_device_bytes"].as_u64().unwrap() > 14_000_000_000);
        assert!(v["speed"].is_object());
    }

    #[test]
    fn a_sweep_skips_and_keeps() {
        let doc = sweep_json("params=7B", "batch", &["1".into(), "2".into()]).unwrap();
        let v: serde_json::Value = serde_json::from_str(&doc).unwrap();
        assert_eq!(v["sweep"]["points"].as_array().unwrap().len(), 2);
        assert!(sweep_json("params=7B", "batch", &["x".into()]).is_err());
    }

    #[test]
    fn a_check_needs_a_measurement() {
        assert_eq!(check_json("params=7B").unwrap_err()[0].kind, "usage");
        let doc = check_json("params=7B&mode=infer&measured=20GiB").unwrap();
        assert!(doc.contains("\"measured_bytes\":21474836480"), "{doc}");
    }

    #[test]
    fn compare_names_the_setup() {
        let e = compare_json(&["params=7B".into(), "parms=7B".into()]).unwrap_err();
        assert!(e[0].message.starts_with("setup 2: 'parms'"), "{e:?}");
        assert!(compare_json(&["params=7B".into()]).is_err());
    }
}
