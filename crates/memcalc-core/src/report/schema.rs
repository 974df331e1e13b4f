//! The published schema (issue 43): a JSON Schema (draft 2020-12) of the document `memcalc
//! --json` writes (`report::json`), and an OpenAPI 3.1 description of the link's query keys,
//! both generated here from the tables the page and the CLI already read — the fields table
//! (`schema/fields.rs`: key, label, kind and unit, bounds, modes and methods; `field_help.rs`:
//! the help; `schema::fields::options`: the allowed values; `schema::inputs::default_raw`: the
//! default), the parts (`parts!`), the time terms (`terms!`), the modes — so a key, a value, a
//! part or a term cannot be added without appearing here. `memcalc --schema` prints
//! [`document`]; `docs/schema/memcalc.schema.json` is the same text, kept current by
//! `tests/schema_doc.rs` (regenerate with `cargo run -p memcalc-core --example schema`); the
//! MCP server (`memcalc mcp`) builds each tool's `inputSchema` with [`tool_input`].
//!
//! JSON Schema 2020-12: <https://json-schema.org/draft/2020-12/schema>; OpenAPI 3.1.0, whose
//! schema objects are JSON Schema 2020-12: <https://spec.openapis.org/oas/v3.1.0>.

use crate::base::choice::Choice;
use crate::catalog::parts::PartId;
use crate::scenario::sim::Method;
use crate::scenario::Mode;
use crate::schema::fields::{method_bit, mode_bit, options, Bounds, Field, FieldKind, FIELDS};
use crate::schema::inputs::default_raw;
use crate::schema::query::META_KEYS;
use crate::schema::url::SCHEMA_VERSION;
use crate::speed::{Bound, TermId};
use serde_json::{json, Map, Value};

/// The `$id` of the report's schema, as published in the repository.
pub const REPORT_ID: &str = "https://memcalc.invalid/schema/report-v1.json";

/// How much of a field's description a schema carries: everything (the published file), or the
/// label, unit, range and default without the help sentence and catalog examples (an MCP tool's
/// arguments, read by a model on every turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detail {
    Full,
    Brief,
}

/// The unit a field's number is in, as its description says it.
pub fn unit(f: &Field) -> &'static str {
    match f.kind {
        FieldKind::Count => "count (a bare number or with a decimal suffix: 7B, 500M, 64Ki)",
        FieldKind::Tokens => "tokens (k = 1,024, M = 1,048,576)",
        FieldKind::Size { unit } | FieldKind::Number { unit } => unit,
        FieldKind::Toggle => "on/off",
        FieldKind::Select | FieldKind::Search => "",
    }
}

/// The modes a field applies in, by id.
pub fn modes(f: &Field) -> Vec<&'static str> {
    Mode::ALL
        .iter()
        .filter(|m| f.modes & mode_bit(**m) != 0)
        .map(|m| m.id())
        .collect()
}

/// The simulation methods a field applies to, by id (empty: not method-specific).
pub fn methods(f: &Field) -> Vec<&'static str> {
    if f.methods == 0 {
        return Vec::new();
    }
    Method::ALL
        .iter()
        .filter(|m| f.methods & method_bit(**m) != 0)
        .map(|m| m.id())
        .collect()
}

/// A fixed-point bound as the number a user types (3 places: 900 is 0.9).
fn fixed(v: u64, places: u32) -> Value {
    let scale = 10u64.pow(places);
    if v.is_multiple_of(scale) {
        json!(v / scale)
    } else {
        json!(v as f64 / scale as f64)
    }
}

/// The JSON Schema of one key's value: its type, the allowed values (a choice's ids) or the
/// range, the default, and a description from the label, help, unit and modes. A query's
/// values are text: numbers and toggles are also accepted as JSON numbers and booleans, which
/// the MCP tools write back as text; `minimum`/`maximum` bound the number as read.
pub fn field(f: &Field, detail: Detail) -> Value {
    let mut s = Map::new();
    // A tool's arguments say the label once, in the description.
    if detail == Detail::Full {
        s.insert("title".into(), json!(f.label));
    }
    let opts: Vec<&'static str> = options(f.id).into_iter().map(|(id, _)| id).collect();
    let mut range = String::new();
    match (f.kind, f.bounds) {
        (FieldKind::Toggle, _) => {
            s.insert("type".into(), json!(["boolean", "string"]));
            s.insert(
                "enum".into(),
                json!([true, false, "on", "off", "1", "0", "true", "false", "yes", "no"]),
            );
        }
        (FieldKind::Select, _) => {
            let numeric = opts
                .iter()
                .all(|o| o.is_empty() || o.parse::<u64>().is_ok());
            let mut values: Vec<Value> = opts.iter().map(|o| json!(o)).collect();
            if numeric {
                values.extend(
                    opts.iter()
                        .filter_map(|o| o.parse::<u64>().ok())
                        .map(|n| json!(n)),
                );
                s.insert("type".into(), json!(["string", "integer"]));
            } else {
                s.insert("type".into(), json!("string"));
            }
            s.insert("enum".into(), Value::Array(values));
        }
        (FieldKind::Search, _) => {
            s.insert("type".into(), json!("string"));
            if detail == Detail::Full && !opts.is_empty() {
                s.insert("examples".into(), json!(opts));
            }
        }
        (_, Bounds::Count { min, max }) => {
            s.insert("type".into(), json!(["integer", "string"]));
            s.insert("minimum".into(), json!(min));
            s.insert("maximum".into(), json!(max));
            range = format!("from {min} to {max}");
        }
        (
            _,
            Bounds::Fixed {
                places,
                min,
                max,
                said,
            },
        ) => {
            s.insert("type".into(), json!(["number", "string"]));
            s.insert("minimum".into(), fixed(*min, *places));
            s.insert("maximum".into(), fixed(*max, *places));
            range = said.to_string();
        }
        (_, Bounds::Size { unit, max }) => {
            s.insert("type".into(), json!(["number", "string"]));
            s.insert("minimum".into(), json!(0));
            range = format!("a bare number is in units of {unit} bytes; at most {max} bytes");
        }
        (_, Bounds::None) => {
            s.insert("type".into(), json!("string"));
        }
    }
    let mut words = vec![format!("{}.", f.label)];
    if detail == Detail::Full {
        words.push(f.id.help().to_string());
    }
    let u = unit(f);
    if !u.is_empty() {
        words.push(format!("Unit: {u}."));
    }
    if !range.is_empty() {
        words.push(format!("Range: {range}."));
    }
    if f.kind == FieldKind::Search {
        if let Some((name, _)) = crate::schema::fields::LISTS
            .iter()
            .find(|(_, id)| *id == f.id)
        {
            words.push(format!(
                "One of `memcalc --list {name}` (any case, or the alias)."
            ));
        }
    }
    let ms = modes(f);
    if ms.len() < Mode::ALL.len() {
        words.push(format!("Applies in: {}.", ms.join(", ")));
    }
    let me = methods(f);
    if !me.is_empty() && ms == [Mode::Sim.id()] {
        words.push(format!("Methods: {}.", me.join(", ")));
    }
    s.insert("description".into(), json!(words.join(" ")));
    s.insert("default".into(), json!(default_raw(f.id)));
    if detail == Detail::Full {
        if !u.is_empty() {
            s.insert("x-unit".into(), json!(u));
        }
        s.insert("x-modes".into(), json!(ms));
        if !me.is_empty() {
            s.insert("x-methods".into(), json!(me));
        }
        s.insert("x-group".into(), json!(f.group.label()));
        s.insert("x-advanced".into(), json!(f.advanced));
    }
    Value::Object(s)
}

/// The keys besides the form's fields (`schema::query::META_KEYS`): the link's version and the
/// page's options, which do not change an estimate's inputs (docs/url-parameters.md says each).
fn meta(key: &str) -> Value {
    match key {
        "v" => json!({
            "title": "Schema version of the link",
            "description": "Absent: 1 in a share link; what is typed is read at the current version.",
            "type": ["integer", "string"],
            "minimum": 1,
            "maximum": SCHEMA_VERSION,
            "default": SCHEMA_VERSION.to_string(),
        }),
        "preset" => json!({
            "title": "Preset",
            "description": "Starts from one of the page's presets (`memcalc --list presets`); the other keys change it.",
            "type": "string",
            "enum": crate::schema::presets::PRESETS.iter().map(|p| p.id).collect::<Vec<_>>(),
        }),
        "units" => json!({
            "title": "Units",
            "description": "Sizes in GiB (binary) or GB (decimal); no effect on the bytes.",
            "type": "string",
            "enum": ["binary", "decimal"],
            "default": "binary",
        }),
        _ => json!({
            "title": key,
            "description": "A page option (docs/url-parameters.md); accepted by memcalc with no effect on the estimate.",
            "type": "string",
        }),
    }
}

/// A query parameter of the OpenAPI description: the description moves from the value's
/// schema to the parameter, said once.
fn parameter(name: &str, mut schema: Value) -> Value {
    let description = schema
        .as_object_mut()
        .and_then(|s| s.remove("description"))
        .unwrap_or_default();
    json!({
        "name": name,
        "in": "query",
        "required": false,
        "description": description,
        "schema": schema,
    })
}

/// The OpenAPI 3.1 description of the link: one query parameter per key, in the form's order,
/// then the page's own keys.
pub fn query_api() -> Value {
    let mut params: Vec<Value> = FIELDS
        .iter()
        .map(|f| parameter(f.key, field(f, Detail::Full)))
        .collect();
    params.extend(META_KEYS.iter().map(|k| parameter(k, meta(k))));
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "memcalc link",
            "version": SCHEMA_VERSION.to_string(),
            "description": "The calculator's URL query is its public API: the page, `memcalc` and \
                `memcalc mcp` read the same keys. Keys never change meaning; new keys are only \
                added. Values are text (counts as 7B or 7e9, sizes as 80GB, toggles as on/off); \
                an unknown key or a value outside a key's choices or range is an error naming \
                the closest ones. See docs/url-parameters.md.",
        },
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "paths": {
            "/": {
                "get": {
                    "summary": "The calculator, opened on the estimate of the query",
                    "operationId": "estimate",
                    "parameters": params,
                    "responses": {
                        "200": {
                            "description": "The page. `memcalc --json` (and the page's JSON \
                                export) write the same estimate as the `Report` schema.",
                            "content": {
                                "application/json": {
                                    "schema": { "$ref": REPORT_ID }
                                }
                            }
                        }
                    }
                }
            }
        },
    })
}

/// Every bound's key (`Bound::key`); the match fails to compile when a bound is added.
fn bound_keys() -> Vec<&'static str> {
    const ALL: [Bound; 8] = [
        Bound::MemoryBandwidth,
        Bound::Compute,
        Bound::Link,
        Bound::Network,
        Bound::HostMemory,
        Bound::Disk,
        Bound::Launch,
        Bound::Latency,
    ];
    ALL.iter()
        .map(|b| match b {
            Bound::MemoryBandwidth
            | Bound::Compute
            | Bound::Link
            | Bound::Network
            | Bound::HostMemory
            | Bound::Disk
            | Bound::Launch
            | Bound::Latency => b.key(),
        })
        .collect()
}

/// Each simulation rate's key and unit (`SimRate::key`, `SimRate::unit`), and the surrogate's
/// samples per second; the match fails to compile when a rate is added.
fn rates() -> Vec<(&'static str, &'static str)> {
    use crate::speed::sim::SimRate as R;
    let all = [
        R::Mlups(0.0),
        R::TimestepsPerS(0.0),
        R::Gflops(0.0),
        R::MzoneCycles(0.0),
    ];
    let mut v: Vec<_> = all
        .iter()
        .map(|r| match r {
            R::Mlups(_) | R::TimestepsPerS(_) | R::Gflops(_) | R::MzoneCycles(_) => {
                (r.key(), r.unit())
            }
        })
        .collect();
    v.push(("samples_per_s", "samples/s"));
    v
}

fn bytes(what: &str) -> Value {
    json!({ "type": "integer", "minimum": 0, "description": format!("{what}, in bytes") })
}

fn seconds(what: &str) -> Value {
    json!({ "type": ["number", "null"], "description": format!("{what}, in seconds; null where the time would overflow") })
}

fn number(what: &str) -> Value {
    json!({ "type": "number", "description": what })
}

fn count(what: &str) -> Value {
    json!({ "type": "integer", "minimum": 0, "description": what })
}

fn text(what: &str) -> Value {
    json!({ "type": "string", "description": what })
}

/// A closed object: these properties, of which `required`, and no other.
fn object(description: &str, properties: Value, required: &[&str]) -> Value {
    json!({
        "type": "object",
        "description": description,
        "properties": properties,
        "required": required,
        "additionalProperties": false,
    })
}

/// The JSON Schema (draft 2020-12) of the document `memcalc --json` writes for one estimate
/// (`report::to_json_with_time`, schema version 1): every object closed, every figure's unit in
/// its description, the ids of parts, terms, bounds and modes enumerated from their tables.
pub fn report() -> Value {
    let band = json!({
        "description": "The figure's band (issue 37, docs/accuracy.md): the range the measured rows of its class support, left one source out; or a word where no row bounds it",
        "oneOf": [
            object(
                "A range around the figure",
                json!({
                    "low": number("The low end, in the figure's unit (bytes: whole)"),
                    "high": number("The high end, in the figure's unit (bytes: whole)"),
                    "rows": count("Measured rows of the class"),
                    "sources": count("Distinct sources of those rows"),
                    "worst": number("The worst row's error, (estimate − measured) / measured"),
                    "coverage": number("Share of the class's rows inside the band built without their source (0 to 1)"),
                    "level": count("The quantile of the rows' |errors| the band is built on, in percent"),
                    "words": text("The band as the page says it"),
                }),
                &["low", "high", "rows", "sources", "worst", "coverage", "level", "words"],
            ),
            { "type": "string", "enum": ["not_validated", "not_bounded"] }
        ]
    });
    let component = object(
        "One part of the memory: its bytes, where they live, its formula with the values multiplied and its source",
        json!({
            "id": { "type": "string", "enum": PartId::ALL.iter().map(|p| p.key()).collect::<Vec<_>>(), "description": "The part's stable id (catalog/parts.rs)" },
            "label": text("The part's name on the page"),
            "bytes": bytes("The part's size per device (per rank or node in a simulation)"),
            "location": { "type": "string", "enum": ["device", "host", "disk"], "description": "Where the bytes live: device memory, host memory, or written to disk over the run" },
            "formula": text("The formula with its values, as the page shows it"),
            "source": text("Where the formula comes from (paper, code file and version)"),
        }),
        &["id", "label", "bytes", "location", "formula", "source"],
    );
    let serving = object(
        "A pooled serving engine's KV pool (vLLM, SGLang)",
        json!({
            "engine": { "type": "string", "enum": crate::scenario::serving::Engine::IDS, "description": "The serving engine's id" },
            "budget_bytes": bytes("The engine's memory budget (the GPU memory share of the capacity)"),
            "kv_pool_bytes": bytes("The KV cache pool"),
            "kv_pool_tokens": count("Tokens the KV pool holds"),
            "kv_blocks": count("KV blocks in the pool"),
            "block_tokens": count("Tokens per KV block"),
            "kv_bytes_per_token": bytes("KV cache per token"),
            "concurrent_sequences": count("Sequences of the requested length the pool holds at once"),
            "limit_bytes": bytes("The capacity the engine's total is held to: the share and what the engine takes beside it"),
            "sequence_tokens": count("Tokens per sequence (the seq key)"),
            "requested_sequences": count("Sequences asked for (the batch key)"),
            "answer": text("The serving answer in words"),
            "kv_pool_band": { "$ref": "#/$defs/band" },
        }),
        &[
            "engine",
            "budget_bytes",
            "kv_pool_bytes",
            "kv_pool_tokens",
            "kv_blocks",
            "block_tokens",
            "kv_bytes_per_token",
            "concurrent_sequences",
            "limit_bytes",
            "sequence_tokens",
            "requested_sequences",
            "answer",
            "kv_pool_band",
        ],
    );
    let bound =
        json!({ "type": "string", "enum": bound_keys(), "description": "What limits the step" });
    let term = object(
        "One term of the step time: its seconds, what bounds it, its formula with the values and its source",
        json!({
            "id": { "type": "string", "enum": TermId::ALL.iter().map(|t| t.key()).collect::<Vec<_>>(), "description": "The term's stable id (speed/mod.rs terms!)" },
            "label": text("The term's name on the page"),
            "seconds": seconds("The term's time per step"),
            "bound": { "$ref": "#/$defs/bound" },
            "formula": text("The formula with its values"),
            "source": text("Where the formula and its constants come from"),
        }),
        &["id", "label", "seconds", "bound", "formula", "source"],
    );
    let curve = object(
        "A point of the batch curve: one decode step of `batch` sequences",
        json!({
            "batch": count("Sequences decoded together"),
            "decode_step_s": seconds("The decode step"),
            "tokens_per_s_per_sequence": number("Output tokens per second per sequence"),
            "tokens_per_s": number("Output tokens per second over the batch"),
        }),
        &[
            "batch",
            "decode_step_s",
            "tokens_per_s_per_sequence",
            "tokens_per_s",
        ],
    );
    let mut speed_props = json!({
        "bound": { "$ref": "#/$defs/bound" },
        "summary": text("The time in one line, as the page says it"),
        "ttft_s": seconds("Inference: time to first token"),
        "decode_step_s": seconds("Inference: one decode step"),
        "step_s": seconds("Training or simulation: one step"),
        "run_s": seconds("The whole run (training: the token budget; simulation: every step)"),
        "tokens_per_s": number("Tokens per second (inference: output tokens over the batch; training: tokens processed)"),
        "tokens_per_s_per_sequence": number("Inference: output tokens per second per sequence"),
        "tokens_per_s_per_gpu": number("tokens_per_s over gpus"),
        "gpus": count("The GPUs the aggregate is over (inference: tp × pp of one engine; training: all)"),
        "queued": count("A pooled engine's requests waiting for room in the KV pool"),
        "queue_wait_s": seconds("The last queued request's wait before its prefill"),
        "served_tokens_per_s": number("A pooled engine under load: output tokens per second over a request's life"),
        "served_sequences": number("A pooled engine under load: requests running"),
        "overflow": { "type": "boolean", "description": "Whether a term's time would overflow" },
        "terms": { "type": "array", "items": { "$ref": "#/$defs/term" }, "description": "Every term of the step" },
        "sequences": count("Inference: the sequences a decode step runs"),
        "run_tokens": count("Training: the token budget the run time is for"),
        "batch_curve": { "type": "array", "items": { "$ref": "#/$defs/curve_point" }, "description": "Inference: throughput against latency over the batch" },
        "band": { "$ref": "#/$defs/band" },
        "ttft_band": { "$ref": "#/$defs/band" },
    });
    for (key, unit) in rates() {
        speed_props[key] = number(&format!("The method's rate, in {unit}"));
    }
    let speed = object(
        "The time of a run where it has a time model: its headline figures, the bound and every term with its formula and source",
        speed_props,
        &["bound", "summary", "overflow"],
    );
    let mut doc = object(
        "The estimate `memcalc --json` writes (and the page exports): the memory per device part by part, whether it fits, and the time where the run has a time model. Keys are only ever added to version 1.",
        json!({
            "schema_version": { "const": 1, "description": "The document's version: keys are only added" },
            "mode": { "type": "string", "enum": Mode::IDS, "description": "The mode estimated" },
            "per_device_bytes": bytes("The total on the busiest device (per rank in a simulation)"),
            "cluster_bytes": bytes("The total over every device"),
            "capacity_bytes": bytes("The device's memory (a pooled engine: the memory it may use)"),
            "host_per_node_bytes": bytes("Host memory per node"),
            "busiest": text("Which device the total is for"),
            "params": count("Parameters of the model"),
            "trainable_params": count("Parameters trained"),
            "fits": { "type": "boolean", "description": "Whether the total fits the device (and host memory where it is given)" },
            "band": { "$ref": "#/$defs/band" },
            "per_rank_bytes": bytes("Simulation: per MPI rank"),
            "per_node_bytes": bytes("Simulation: per node"),
            "disk_bytes": bytes("Simulation: written to disk over the run"),
            "serving": { "$ref": "#/$defs/serving" },
            "link": text("The query that reopens the estimate (page and memcalc)"),
            "inputs": {
                "type": "object",
                "description": "The inputs that differ from the defaults, URL key → value",
                "propertyNames": { "enum": FIELDS.iter().map(|f| f.key).collect::<Vec<_>>() },
                "additionalProperties": { "type": "string" },
            },
            "components": { "type": "array", "items": { "$ref": "#/$defs/component" }, "description": "Every part, in stacking order" },
            "warnings": { "type": "array", "items": { "type": "string" }, "description": "Warnings and notices, in words" },
            "speed": { "$ref": "#/$defs/speed" },
        }),
        &[
            "schema_version", "mode", "per_device_bytes", "cluster_bytes", "capacity_bytes",
            "host_per_node_bytes", "busiest", "params", "trainable_params", "fits", "band",
            "components", "warnings",
        ],
    );
    doc["$schema"] = json!("https://json-schema.org/draft/2020-12/schema");
    doc["$id"] = json!(REPORT_ID);
    doc["title"] = json!("memcalc report");
    doc["$defs"] = json!({
        "band": band,
        "component": component,
        "serving": serving,
        "bound": bound,
        "term": term,
        "curve_point": curve,
        "speed": speed,
    });
    doc
}

/// The published document: the JSON Schemas of the report and of the other `--json` documents
/// (`--sweep`, `--compare`, `--log`, `--plan`, `--layouts`, `--launch`), and the link's OpenAPI description.
pub fn document() -> String {
    let doc = json!({
        "$comment": "Generated by memcalc-core's report/schema.rs from the fields, parts and terms tables; do not edit. memcalc --schema prints it; cargo run -p memcalc-core --example schema rewrites docs/schema/memcalc.schema.json.",
        "report": report(),
        "sweep": sweep(),
        "compare": compare(),
        "log": log(),
        "plan": plan(),
        // Issue 40 (h-launch): the rows with their launch settings.
        "layouts": layouts(),
        "suggestions": suggestions(),
        "query": query_api(),
    });
    let mut out = serde_json::to_string_pretty(&doc).unwrap_or_default();
    out.push('\n');
    out
}

/// The `inputSchema` of an MCP tool that reads a scenario: `query` (a share link or a query
/// string) and every essential key of the form as its own property (label, unit, range,
/// allowed values, default); the advanced keys are named in `query`'s description and accepted
/// as further properties. `extra` adds the tool's own arguments, of which `required`.
pub fn tool_input(extra: &[(&str, Value)], required: &[&str]) -> Value {
    let advanced: Vec<&str> = FIELDS
        .iter()
        .filter(|f| f.advanced)
        .map(|f| f.key)
        .collect();
    let mut props = Map::new();
    for (k, v) in extra {
        props.insert((*k).into(), v.clone());
    }
    props.insert(
        "query".into(),
        json!({
            "type": "string",
            "description": format!(
                "A share link or query string of the calculator (e.g. 'params=70B&mode=infer&gpu=h200'); \
                 the keys below are added to it. Other keys accepted (docs/url-parameters.md, `memcalc --schema`): {}, and {}.",
                advanced.join(", "),
                META_KEYS.join(", ")
            ),
        }),
    );
    for f in FIELDS.iter().filter(|f| !f.advanced) {
        props.insert(f.key.into(), field(f, Detail::Brief));
    }
    json!({
        "type": "object",
        "properties": props,
        "required": required,
        "additionalProperties": { "type": ["string", "number", "boolean"] },
    })
}

// --- The other `--json` documents (issue 43): --sweep, --compare, --log, --plan --------------
// Each closed as the report is, its ids enumerated from their tables: a key added to one of
// these documents (report/json.rs `sweep_to_json_with_speed`, report/compare.rs `Document`,
// report/log_check.rs `LogView`, report/plan.rs `Document`) is added here too, or the CLI's
// tests (crates/memcalc-cli/tests/schema.rs) fail.

/// A URL key of the fields table.
fn field_key(what: &str) -> Value {
    json!({ "type": "string", "enum": FIELDS.iter().map(|f| f.key).collect::<Vec<_>>(), "description": what })
}

/// `schema` or null.
fn nullable(mut schema: Value) -> Value {
    match schema.get("$ref") {
        Some(_) => json!({ "oneOf": [schema, { "type": "null" }] }),
        None => {
            let t = schema["type"].clone();
            schema["type"] = match t {
                Value::Array(mut v) => {
                    v.push(json!("null"));
                    Value::Array(v)
                }
                t => json!([t, "null"]),
            };
            schema
        }
    }
}

fn array(items: Value, what: &str) -> Value {
    json!({ "type": "array", "items": items, "description": what })
}

/// A document's root: draft 2020-12, its `$id` and title, and the report's `$defs` it refers to.
fn root(mut doc: Value, id: &str, title: &str, defs: &[&str]) -> Value {
    let report = report();
    let mut d = Map::new();
    for k in defs {
        d.insert((*k).into(), report["$defs"][*k].clone());
    }
    doc["$schema"] = json!("https://json-schema.org/draft/2020-12/schema");
    doc["$id"] = json!(format!("https://memcalc.invalid/schema/{id}-v1.json"));
    doc["title"] = json!(title);
    if !d.is_empty() {
        doc["$defs"] = Value::Object(d);
    }
    doc
}

/// `memcalc --sweep KEY=A..B --json` (`report::sweep_to_json_with_speed`): one row per value of
/// the swept key, under that key's own name; the row's time without its terms.
pub fn sweep() -> Value {
    let mut names: Vec<&str> = FIELDS.iter().map(|f| f.key).collect();
    let fixed = [
        "per_device_bytes",
        "capacity_bytes",
        "fits",
        "sequences",
        "speed",
    ];
    names.extend(fixed);
    let point = json!({
        "type": "object",
        "description": "One value of the swept key (under the key's own name, a whole number in its unit) and its estimate",
        "properties": {
            "per_device_bytes": bytes("The total on the busiest device"),
            "capacity_bytes": bytes("The device's memory"),
            "fits": { "type": "boolean", "description": "Whether the total fits the device" },
            "sequences": count("A pooled serving engine: the sequences of `seq` tokens its KV pool holds"),
            "speed": { "$ref": "#/$defs/speed" },
        },
        "required": ["per_device_bytes", "capacity_bytes", "fits"],
        "propertyNames": { "enum": names },
        "additionalProperties": { "type": "integer", "minimum": 0, "description": "The swept key's value" },
        "minProperties": 4,
    });
    root(
        object(
            "A sweep of one key (`memcalc --sweep KEY=A..B --json`): the estimate at each value the scenario takes",
            json!({
                "schema_version": { "const": 1, "description": "The document's version: keys are only added" },
                "sweep": field_key("The swept key"),
                "points": array(point, "One row per value, in order"),
            }),
            &["schema_version", "sweep", "points"],
        ),
        "sweep",
        "memcalc sweep",
        &["band", "bound", "term", "curve_point", "speed"],
    )
}

/// `memcalc --compare A B … --json` (`report::compare::to_json`): 2 to 4 setups side by side.
pub fn compare() -> Value {
    let mut keys: Vec<&str> = FIELDS.iter().map(|f| f.key).collect();
    keys.extend(META_KEYS);
    let column = object(
        "One setup: its link, total, whether it fits, its step and what it changes from the first",
        json!({
            "link": text("The query that reopens the setup"),
            "per_device_bytes": bytes("The total on the busiest device"),
            "capacity_bytes": bytes("The device's memory"),
            "fits": { "type": "boolean", "description": "Whether the total fits the device" },
            "pool_sequences": count("A pooled serving engine: the sequences of `seq` tokens its KV pool holds"),
            "step_seconds": number("The compared step (serving: the decode step), in seconds; absent without a time model"),
            "bound": { "type": "string", "enum": bound_keys(), "description": "What limits the step" },
            "changed": array(
                object(
                    "A key this setup sets differently from the first",
                    json!({
                        "key": { "type": "string", "enum": keys, "description": "The URL key" },
                        "first": text("Its value in the first setup"),
                        "here": text("Its value here"),
                    }),
                    &["key", "first", "here"],
                ),
                "The keys this setup changes from the first",
            ),
            "sentence": text("The setup against the first, in words"),
        }),
        &[
            "link",
            "per_device_bytes",
            "capacity_bytes",
            "fits",
            "changed",
            "sentence",
        ],
    );
    let part = object(
        "One part's bytes in each setup",
        json!({
            "id": { "type": "string", "enum": PartId::ALL.iter().map(|p| p.key()).collect::<Vec<_>>(), "description": "The part's stable id" },
            "label": text("The part's name on the page"),
            "bytes": array(nullable(bytes("The part in this setup")), "Per setup; null where the setup has no such part"),
            "delta_bytes": array(json!({ "type": "integer" }), "Per setup: its bytes minus the first setup's, in bytes"),
        }),
        &["id", "label", "bytes", "delta_bytes"],
    );
    let term = object(
        "One time term's seconds in each setup",
        json!({
            "id": { "type": "string", "enum": TermId::ALL.iter().map(|t| t.key()).collect::<Vec<_>>(), "description": "The term's stable id" },
            "label": text("The term's name on the page"),
            "seconds": array(json!({ "type": ["number", "null"] }), "Per setup, in seconds; null where the setup has no such term"),
            "delta_seconds": array(json!({ "type": "number" }), "Per setup: its seconds minus the first setup's (a missing term counts as 0 s)"),
        }),
        &["id", "label", "seconds", "delta_seconds"],
    );
    root(
        object(
            "Setups side by side (`memcalc --compare --json`): each setup, then each part and time term with a value per setup",
            json!({
                "schema_version": { "const": 1, "description": "The document's version: keys are only added" },
                "columns": array(column, "The setups, the first is the base"),
                "parts": array(part, "Every part of any setup"),
                "terms": array(term, "Every time term of any setup"),
            }),
            &["schema_version", "columns", "parts", "terms"],
        ),
        "compare",
        "memcalc comparison",
        &[],
    )
}

/// `memcalc --log FILE --json` (`report::log_check::json`, the `LogView` the page's log box
/// reads too): the tools recognised, the keys filled, the figures checked, the calibration.
pub fn log() -> Value {
    // Every key once, in `$defs`, referred to by each line that names one.
    let field_key = |what: &str| json!({ "$ref": "#/$defs/key", "description": what });
    let line = |what: &str| count(&format!("{what} (1-based line number in the log)"));
    let with_key = |description: &str, extra: Value, required: &[&str]| {
        let mut props =
            json!({ "key": field_key("The URL key"), "line": line("The line it came from") });
        if let (Some(p), Value::Object(e)) = (props.as_object_mut(), extra) {
            p.extend(e);
        }
        let mut req = vec!["key", "line"];
        req.extend(required);
        object(description, props, &req)
    };
    let check = object(
        "One figure the log reports, set beside the estimate",
        json!({
            "figure": text("The figure's id"),
            "label": text("The figure's name"),
            "line": line("The line it is on"),
            "text": text("That line"),
            "logged": count("The logged figure, in its unit (bytes, tokens, blocks, sequences or milliseconds; a timing line's rate in thousandths per second, an SCF iteration in microseconds)"),
            "estimated": nullable(count("The estimate's figure, in the same unit")),
            "parts": array(json!({ "type": "string" }), "The parts (ids) the estimate's figure sums"),
            "error_bp": nullable(json!({ "type": "integer", "description": "(estimate − logged) / logged, in hundredths of a percent" })),
            "tolerance_bp": nullable(count("The tolerance the figure is flagged beyond, in hundredths of a percent")),
            "shown_by": nullable(text("What printed the figure")),
            "flagged": { "type": "boolean", "description": "Whether the error is beyond the tolerance" },
            "sentence": text("The check in words"),
        }),
        &[
            "figure",
            "label",
            "line",
            "text",
            "logged",
            "estimated",
            "parts",
            "error_bp",
            "tolerance_bp",
            "shown_by",
            "flagged",
            "sentence",
        ],
    );
    let mut doc = root(
        object(
            "A run's log read and checked (`memcalc --log FILE --json`)",
            json!({
                "recognised": { "type": "boolean", "description": "Whether a reader recognised the log" },
                "headline": text("What was recognised, or which tools are, in one sentence"),
                "tools": array(object("A tool the log is from", json!({
                    "id": text("The reader's id"), "name": text("The tool's name"), "version": text("Its version, as logged (empty if none)"),
                }), &["id", "name", "version"]), "The tools recognised"),
                "lines": count("Lines read"),
                "filled": array(with_key("A key the log states", json!({ "value": text("Its value"), "text": text("The line") }), &["value", "text"]), "The keys filled from the log"),
                "refused": array(with_key("A value the log states that the key does not take", json!({ "value": text("The value"), "why": text("Why it was refused") }), &["value", "why"]), "Values refused"),
                "kept": array(field_key("A key the page's own value was kept for"), "Keys kept"),
                "unused": array(object("A line a reader recognised but did not use", json!({
                    "line": line("The line"), "text": text("Its text"), "why": text("Why it was not used"),
                }), &["line", "text", "why"]), "Recognised lines not used"),
                "notes": array(json!({ "type": "string" }), "Notes, in words"),
                "checks": array(check, "The figures checked part by part"),
                "calibrated": array(with_key("A calibration the log's figures set", json!({
                    "before": text("The key's value before"), "after": text("Its value after"), "why": text("Why"),
                }), &["before", "after", "why"]), "Keys calibrated"),
                "median_error_bp": nullable(count("The median of the checked figures' absolute errors, in hundredths of a percent")),
                "median_timing_error_bp": count("The median of the timing lines' absolute errors against the time model, in hundredths of a percent (only where the log has timing lines)"),
                "query": text("The query that reopens the filled and calibrated scenario (no log text in it)"),
                "patch": array(json!({ "type": "array", "prefixItems": [field_key("The key"), { "type": "string" }], "items": false }), "The page's one step: each key the answer changes (not written by the CLI)"),
            }),
            &[
                "recognised",
                "headline",
                "tools",
                "lines",
                "filled",
                "refused",
                "kept",
                "unused",
                "notes",
                "checks",
                "calibrated",
                "median_error_bp",
                "query",
            ],
        ),
        "log",
        "memcalc log check",
        &[],
    );
    doc["$defs"] = json!({ "key": self::field_key("A URL key of the fields table") });
    doc
}

/// `memcalc --plan QUERY --json` (`report::plan::to_json`): from a goal to hardware, layout and
/// cost.
pub fn plan() -> Value {
    let setup = object(
        "A setup the planner found: hardware, layout, time and cost",
        json!({
            "device": text("The device's catalog id"),
            "device_label": text("The device's name"),
            "gpus": count("Devices"),
            "nodes": count("Nodes"),
            "layout": text("The layout, as the page writes it"),
            "dtype": text("The precision"),
            "hours": number("The run's time, in hours"),
            "step_seconds": number("One step, in seconds"),
            "ttft_seconds": nullable(number("Serving: time to first token, in seconds")),
            "bound": { "type": "string", "enum": bound_keys(), "description": "What limits the step" },
            "gpu_hours": nullable(number("Device hours")),
            "node_hours": number("Node hours"),
            "money": nullable(number("The cost at the given price")),
            "per_device_bytes": bytes("The total on the busiest device"),
            "capacity_bytes": bytes("The device's memory"),
            "link": text("The query that reopens the setup"),
            "sentence": text("The setup in words"),
        }),
        &[
            "device",
            "device_label",
            "gpus",
            "nodes",
            "layout",
            "dtype",
            "hours",
            "step_seconds",
            "ttft_seconds",
            "bound",
            "gpu_hours",
            "node_hours",
            "money",
            "per_device_bytes",
            "capacity_bytes",
            "link",
            "sentence",
        ],
    );
    let mut doc = root(
        object(
            "A plan from a goal to hardware, layout and cost (`memcalc --plan --json`)",
            json!({
                "schema_version": { "const": 1, "description": "The document's version: keys are only added" },
                "goal": text("The goal in words"),
                "met": { "type": "boolean", "description": "Whether a setup meets the goal" },
                "evaluated": count("Setups evaluated"),
                "fitting": count("Setups that fit"),
                "cheapest": nullable(json!({ "$ref": "#/$defs/setup" })),
                "fastest": nullable(json!({ "$ref": "#/$defs/setup" })),
                "front": array(json!({ "$ref": "#/$defs/setup" }), "The setups no other is both cheaper and faster than"),
                "binding": nullable(text("The constraint that binds, in words")),
                // report/plan.rs `binding_kind`.
                "binding_kind": { "type": ["string", "null"], "enum": ["memory", "latency", "deadline", "budget", "deadline_and_budget", null], "description": "The constraint that binds" },
                "closest": nullable(json!({ "$ref": "#/$defs/setup" })),
                "assumptions": array(json!({ "type": "string" }), "What the plan assumes, in words"),
            }),
            &[
                "schema_version",
                "goal",
                "met",
                "evaluated",
                "fitting",
                "cheapest",
                "fastest",
                "front",
                "binding",
                "binding_kind",
                "closest",
                "assumptions",
            ],
        ),
        "plan",
        "memcalc plan",
        &[],
    );
    doc["$defs"] = json!({ "setup": setup });
    doc
}

// ---- Launch settings per suggestion and layout row (issue 40, h-launch) ----

/// One target's launch settings, as a row carries them (`report::emit::rows`).
fn launch() -> Value {
    use crate::base::choice::Choice;
    object(
        "One target's launch settings for the row's scenario: the current setup's writers (`memcalc --emit`) on the scenario with the row's change applied",
        json!({
            "target": { "type": "string", "enum": crate::report::emit::Target::ALL.iter().map(|t| t.id()).collect::<Vec<_>>(), "description": "The target (`memcalc --emit TARGET`)" },
            "label": text("The target's name and what it writes"),
            "text": text("The text to copy: each setting's reason as a comment, then the command or file"),
        }),
        &["target", "label", "text"],
    )
}

/// `memcalc --layouts --json` (`report::emit::layouts_json`): the training layouts that fit,
/// each with the launch settings that realise it.
pub fn layouts() -> Value {
    let layout = object(
        "A layout that fits, and the launch settings that realise it",
        json!({
            "label": text("The layout, as the page writes it"),
            "tp": count("Tensor-parallel degree"),
            "pp": count("Pipeline-parallel degree"),
            "dp": count("Data-parallel degree"),
            "zero": count("ZeRO stage"),
            "per_device_bytes": bytes("The total on the busiest device"),
            "recompute_pct": count("Recomputation as a share of a step's compute, in percent"),
            "bubble_pct": count("The pipeline bubble as a share of a step, in percent"),
            "comm_bytes": bytes("Bytes each device sends per step and micro-batch"),
            "query": text("The layout's change as a query fragment"),
            "launch": array(json!({ "$ref": "#/$defs/launch" }), "The launch settings of each target that applies (with --launch TARGET, that target's)"),
        }),
        &[
            "label",
            "tp",
            "pp",
            "dp",
            "zero",
            "per_device_bytes",
            "recompute_pct",
            "bubble_pct",
            "comm_bytes",
            "query",
            "launch",
        ],
    );
    let mut doc = root(
        object(
            "The training layouts on the scenario's GPUs that fit, cheapest first (`memcalc --layouts --json`)",
            json!({
                "schema_version": { "const": 1, "description": "The document's version: keys are only added" },
                "link": text("The query of the scenario searched"),
                "gpus": count("The GPUs the layouts use"),
                "fits": { "type": "boolean", "description": "Whether any layout fits" },
                "layouts": array(json!({ "$ref": "#/$defs/layout" }), "The layouts, cheapest first"),
            }),
            &["schema_version", "link", "gpus", "fits", "layouts"],
        ),
        "layouts",
        "memcalc layouts",
        &[],
    );
    doc["$defs"] = json!({ "layout": layout, "launch": launch() });
    doc
}

/// `memcalc --launch TARGET --json` (`report::emit::suggestions_json`): the suggestions (what
/// to change), each with the launch settings that realise it.
pub fn suggestions() -> Value {
    let suggestion = object(
        "A single change that saves memory, and the launch settings that realise it",
        json!({
            "label": text("The change in words"),
            "change": text("What it does, in words"),
            "query": text("The change as a query fragment"),
            "per_device_bytes_after": bytes("The total on the busiest device after the change"),
            "saved_bytes": bytes("What it saves (a pooled engine: the room it adds to the KV pool)"),
            "fits_after": { "type": "boolean", "description": "Whether the scenario fits after the change" },
            "launch": array(json!({ "$ref": "#/$defs/launch" }), "The launch settings of each target that applies (with --launch TARGET, that target's)"),
        }),
        &[
            "label",
            "change",
            "query",
            "per_device_bytes_after",
            "saved_bytes",
            "fits_after",
            "launch",
        ],
    );
    let mut doc = root(
        object(
            "The single changes that save memory, most first, with their launch settings (`memcalc --launch TARGET --json`)",
            json!({
                "schema_version": { "const": 1, "description": "The document's version: keys are only added" },
                "link": text("The query of the scenario"),
                "suggestions": array(json!({ "$ref": "#/$defs/suggestion" }), "The suggestions, most saved first"),
            }),
            &["schema_version", "link", "suggestions"],
        ),
        "suggestions",
        "memcalc suggestions",
        &[],
    );
    doc["$defs"] = json!({ "suggestion": suggestion, "launch": launch() });
    doc
}
