//! `memcalc mcp`: the calculator as a Model Context Protocol server over stdio (issue 43), for
//! an agent to size a run with the same numbers, words and errors as the CLI.
//!
//! Protocol: MCP 2025-06-18 (<https://modelcontextprotocol.io/specification/2025-06-18>):
//! `basic/transports` (stdio: one JSON-RPC message per line, nothing else on stdout),
//! `basic/lifecycle` (`initialize` and its version negotiation, `notifications/initialized`),
//! `basic/utilities/ping`, `server/tools` (`tools/list`, `tools/call`, `inputSchema`,
//! `outputSchema`, `structuredContent`, `isError`; an unknown tool is the JSON-RPC error
//! -32602). JSON-RPC 2.0 (<https://www.jsonrpc.org/specification>): -32700 parse error, -32600
//! invalid request, -32601 method not found, -32602 invalid params, -32603 internal error; a
//! notification (no `id`) is never answered. MCP 2025-06-18 removed batches, so an array is an
//! invalid request.
//!
//! Each tool reads a scenario from a `query` (a share link or query string) and the URL keys
//! given as arguments; its `inputSchema` is generated from the fields table
//! (`memcalc_core::report::schema::tool_input`, the generator of `memcalc --schema`). A result
//! carries the CLI's table as text and the JSON (formulas and sources) as `structuredContent`;
//! a bad key or value is a result with `isError: true` and the CLI's messages.

use crate::output::{self, Format};
use memcalc_core::report::schema::{report, tool_input};
use memcalc_core::schema::{page::PageOptions, presets, query};
use memcalc_core::units::UnitSystem;
use memcalc_core::{estimate, Estimate, Inputs, Notice, Scenario};
use serde_json::{json, Map, Value};
use std::io::{BufRead, Write};
use std::process::ExitCode;

/// The protocol version this server implements, and the earlier ones whose tools it also
/// serves (answered with the version asked for, as `basic/lifecycle` says).
pub const PROTOCOL: &str = "2025-06-18";
const PROTOCOLS: &[&str] = &[PROTOCOL, "2025-03-26", "2024-11-05"];

/// Reads messages from standard input, one a line, and writes each answer as one line to
/// standard output until standard input ends.
pub fn serve() -> ExitCode {
    // A bug must cost one request, never the server: the panic is answered as an internal error
    // (`answer_line`), and said on standard error without a backtrace.
    std::panic::set_hook(Box::new(|info| {
        eprintln!("memcalc mcp: internal error: {info}");
    }));
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("memcalc mcp: cannot read standard input: {e}");
                return ExitCode::from(2);
            }
        }
        // Bytes that are not UTF-8 are replaced, and the line then fails to parse (-32700).
        let line = String::from_utf8_lossy(&buf);
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(reply) = answer_line(line) {
            let mut out = std::io::stdout().lock();
            if writeln!(out, "{reply}").and_then(|_| out.flush()).is_err() {
                break;
            }
        }
    }
    ExitCode::SUCCESS
}

/// The answer to one line, as one line of JSON; none for a notification or a response.
pub fn answer_line(line: &str) -> Option<String> {
    let msg: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => {
            return Some(error(Value::Null, -32700, &format!("Parse error: {e}")).to_string())
        }
    };
    let id = msg.get("id").cloned().unwrap_or(Value::Null);
    let reply = std::panic::catch_unwind(|| answer(&msg))
        .unwrap_or_else(|_| Some(error(id, -32603, "Internal error")));
    reply.map(|v| v.to_string())
}

fn error(id: Value, code: i64, message: &str) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } })
}

fn invalid_request(id: Value, why: &str) -> Option<Value> {
    Some(error(id, -32600, &format!("Invalid Request: {why}")))
}

/// A JSON-RPC message's answer.
fn answer(msg: &Value) -> Option<Value> {
    let Some(obj) = msg.as_object() else {
        return invalid_request(
            Value::Null,
            if msg.is_array() {
                "batches are not supported (MCP 2025-06-18)"
            } else {
                "a message is a JSON object"
            },
        );
    };
    // A request's id is a string or a number (MCP: never null).
    let id = match obj.get("id") {
        None => None,
        Some(v @ (Value::String(_) | Value::Number(_))) => Some(v.clone()),
        Some(_) => return invalid_request(Value::Null, "id must be a string or a number"),
    };
    let reply_id = id.clone().unwrap_or(Value::Null);
    if obj.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return invalid_request(reply_id, "jsonrpc must be \"2.0\"");
    }
    let method = match obj.get("method") {
        Some(Value::String(m)) => m.as_str(),
        Some(_) => return invalid_request(reply_id, "method must be a string"),
        // A response to a request of ours (this server sends none): nothing to answer.
        None if id.is_some() && (obj.contains_key("result") || obj.contains_key("error")) => {
            return None
        }
        None => return invalid_request(reply_id, "no method"),
    };
    // Notifications (`notifications/initialized`, `notifications/cancelled`, any other) are
    // never answered.
    let id = id?;
    let params = match obj.get("params") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(m)) => m.clone(),
        Some(_) => {
            return Some(error(
                id,
                -32602,
                "Invalid params: params must be an object",
            ))
        }
    };
    let result = match method {
        "initialize" => Ok(initialize(&params)),
        "ping" => Ok(json!({})),
        "tools/list" => Ok(json!({ "tools": tools() })),
        "tools/call" => call(&params),
        other => Err((-32601, format!("Method not found: {other}"))),
    };
    Some(match result {
        Ok(r) => json!({ "jsonrpc": "2.0", "id": id, "result": r }),
        Err((code, message)) => error(id, code, &message),
    })
}

fn initialize(params: &Map<String, Value>) -> Value {
    let asked = params.get("protocolVersion").and_then(Value::as_str);
    let version = asked.filter(|v| PROTOCOLS.contains(v)).unwrap_or(PROTOCOL);
    json!({
        "protocolVersion": version,
        "capabilities": { "tools": { "listChanged": false } },
        "serverInfo": {
            "name": "memcalc",
            "title": "memcalc: memory and time of a model or simulation run",
            "version": env!("CARGO_PKG_VERSION"),
        },
        "instructions": "Each tool takes a scenario as the calculator's URL keys (docs/url-parameters.md): \
            a `query` (a share link or query string, e.g. 'mode=infer&params=70B&gpu=h200&seq=32768') \
            and/or the keys as arguments. Results give the table as text and the JSON report \
            (every part's bytes with its formula and source, the time terms) as structured content. \
            An unknown key or a bad value is an error naming the closest keys or the allowed values.",
    })
}

/// A tool's answer: the CLI's text and the structured content; or the CLI's message.
type Answer = Result<(String, Value), String>;
/// A tool's arguments.
type Args = Map<String, Value>;

/// One tool: its name, title, what it answers, its own arguments (beside the scenario's keys)
/// and which of them are required.
struct Tool {
    name: &'static str,
    title: &'static str,
    description: &'static str,
    run: fn(&Args) -> Answer,
}

const TOOLS: &[Tool] = &[
    Tool {
        name: "estimate",
        title: "Memory and time of a run",
        description: "The memory per device part by part (each part's bytes, formula and source), whether it fits, \
            the time per step where the run has a time model, the largest batch and context that fit, and the \
            changes that save the most: `memcalc --json`'s report.",
        run: estimate_tool,
    },
    Tool {
        name: "time",
        title: "Step time and throughput",
        description: "The time of a step (inference: time to first token and decode step), tokens/s or the \
            method's rate, the bound that limits it, and every time term with its formula and source.",
        run: time_tool,
    },
    Tool {
        name: "fits",
        title: "Does it fit, and by how much",
        description: "Whether the run fits the device: the total per device, the capacity, the shortfall (or \
            headroom) in bytes, host memory where it is bounded, under a pooled serving engine (vLLM, SGLang) \
            the shortfall in sequences its KV pool holds, and the verdict in words.",
        run: fits_tool,
    },
    Tool {
        name: "suggestions",
        title: "What would make it fit",
        description: "The largest micro-batch and context that fit, the fewest GPUs or nodes, and the changes \
            that save the most memory, each with the query fragment that applies it.",
        run: suggestions_tool,
    },
    Tool {
        name: "layouts",
        title: "Training layouts that fit",
        description: "Training (mode=train or finetune): the parallel layouts on the given GPUs that fit \
            (tensor, pipeline, data parallel, ZeRO stage, recomputation, offload), cheapest first, each with its query.",
        run: layouts_tool,
    },
    Tool {
        name: "compare",
        title: "Compare 2 to 4 setups",
        description: "2 to 4 setups side by side: every part's bytes and the step time per setup with the \
            difference from the first, and what each setup changes.",
        run: compare_tool,
    },
    Tool {
        name: "timeline",
        title: "Memory over one step",
        description: "Memory over one representative step of the busiest device or rank (`memcalc --timeline`, \
            issue 42): each phase's start and duration (the time model's, or equal widths where it has none), \
            its level and largest parts, the peak (the estimate's total) and the change that lowers it most.",
        run: timeline_tool,
    },
    Tool {
        name: "plan",
        title: "Plan hardware, layout and cost from a goal",
        description: "From a goal given as plan_* keys beside the setup (`memcalc --plan`, issue 41: plan_tokens \
            or plan_steps for training, plan_users or plan_rps with plan_ttft_ms / plan_tpot_ms for serving, \
            plan_steps for a simulation; plan_deadline_h, plan_budget_gpuh, plan_price, plan_devices, \
            plan_cluster...): the cheapest setup meeting the deadline, the fastest within the budget, the \
            Pareto front of time against cost, each with its link, or which constraint binds and by how much.",
        run: plan_tool,
    },
    Tool {
        name: "emit",
        title: "Launch settings for the run",
        description: "The launch settings of the scenario for one `target` (`memcalc --emit`, issue 40): vllm, \
            sglang, llamacpp, ollama, deepspeed, fsdp, hf, sbatch, lammps, pwx, gadget4 or openfoam, each \
            line with the key or part it comes from; `list` names the targets that apply and why the others \
            do not.",
        run: emit_tool,
    },
    Tool {
        name: "log_check",
        title: "Check a run's log against the estimate",
        description: "Reads a run's log (vLLM, llama.cpp/Ollama, LAMMPS, pw.x, PyTorch peak prints, nvidia-smi, \
            /usr/bin/time -v, seff): the keys it states fill the scenario (the keys given are the base), each \
            figure it reports is set beside the estimate, and the uncertain terms are calibrated from it.",
        run: log_check_tool,
    },
];

/// Every tool as `tools/list` gives it, its `inputSchema` generated from the fields table.
fn tools() -> Vec<Value> {
    TOOLS
        .iter()
        .map(|t| {
            let mut v = json!({
                "name": t.name,
                "title": t.title,
                "description": t.description,
                "inputSchema": input_schema(t.name),
                "annotations": { "readOnlyHint": true, "openWorldHint": false },
            });
            if t.name == "estimate" {
                // The report's own schema: the structured content is the --json document.
                v["outputSchema"] = report();
            }
            v
        })
        .collect()
}

fn input_schema(tool: &str) -> Value {
    match tool {
        "compare" => {
            let max = memcalc_core::analysis::compare::MAX_COLUMNS;
            json!({
                "type": "object",
                "properties": {
                    "setups": {
                        "type": "array",
                        "minItems": 2,
                        "maxItems": max,
                        "description": "Each setup a share link or query string, or an object of URL keys (as the other tools take)",
                        "items": { "anyOf": [ { "type": "string" }, tool_input(&[], &[]) ] },
                    }
                },
                "required": ["setups"],
                "additionalProperties": false,
            })
        }
        "emit" => tool_input(
            &[(
                "target",
                json!({
                    "type": "string",
                    "description": "vllm, sglang, llamacpp, ollama, deepspeed, fsdp, hf, sbatch, lammps, pwx, gadget4, openfoam, or list",
                }),
            )],
            &["target"],
        ),
        "log_check" => tool_input(
            &[(
                "log",
                json!({ "type": "string", "description": "The log's text" }),
            )],
            &["log"],
        ),
        _ => tool_input(&[], &[]),
    }
}

/// `tools/call`: a tool's result, `isError` with the CLI's messages when its input is bad; a
/// JSON-RPC error when the call itself is (no tool of that name, arguments not an object).
fn call(params: &Map<String, Value>) -> Result<Value, (i64, String)> {
    let bad = |why: String| (-32602, format!("Invalid params: {why}"));
    let name = params
        .get("name")
        .and_then(Value::as_str)
        .ok_or_else(|| bad("tools/call needs the tool's name".into()))?;
    let args = match params.get("arguments") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(m)) => m.clone(),
        Some(_) => return Err(bad("arguments must be an object".into())),
    };
    let tool = TOOLS.iter().find(|t| t.name == name).ok_or_else(|| {
        let names: Vec<&str> = TOOLS.iter().map(|t| t.name).collect();
        (
            -32602,
            format!("Unknown tool: {name} (tools: {})", names.join(", ")),
        )
    })?;
    Ok(match (tool.run)(&args) {
        Ok((text, structured)) => json!({
            "content": [{ "type": "text", "text": text }],
            "structuredContent": structured,
            "isError": false,
        }),
        Err(message) => json!({
            "content": [{ "type": "text", "text": message }],
            "isError": true,
        }),
    })
}

/// A value as the query writes it: `%`, `&`, `+`, `#`, `=` and spaces escaped (the query
/// decodes `+` and `%XX` as HTML forms do).
fn escape(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    for c in v.chars() {
        match c {
            '%' | '&' | '+' | '#' | '=' | ' ' => out.push_str(&format!("%{:02X}", c as u32)),
            _ => out.push(c),
        }
    }
    out
}

/// The scenario's query from a tool's arguments: `query` first (a share link keeps its
/// version), then every other argument as `key=value` (numbers as written, true/false as
/// on/off), those in `skip` left out.
fn query_of(args: &Map<String, Value>, skip: &[&str]) -> Result<String, String> {
    let mut parts = Vec::new();
    match args.get("query") {
        None | Some(Value::Null) => {}
        Some(Value::String(q)) => {
            let q = q.trim();
            if !q.is_empty() {
                parts.push(q.to_string());
            }
        }
        Some(_) => return Err("query: a share link or query string, as text".into()),
    }
    for (k, v) in args {
        if k == "query" || skip.contains(&k.as_str()) {
            continue;
        }
        let v = match v {
            Value::String(s) => s.clone(),
            Value::Bool(b) => (if *b { "on" } else { "off" }).to_string(),
            Value::Number(n) => match n.as_f64() {
                // 7e9 is 7000000000, not 7000000000.0.
                Some(x) if n.is_f64() && x.fract() == 0.0 && x.abs() < 9.0e15 => {
                    format!("{}", x as i64)
                }
                _ => n.to_string(),
            },
            _ => return Err(format!("{k}: a value is text, a number or true/false")),
        };
        parts.push(format!("{}={}", escape(k), escape(&v)));
    }
    Ok(parts.join("&"))
}

/// A scenario as the CLI reads one: a share link keeps its version, a bare query is read at
/// the current one; unknown keys, an unknown preset and invalid values are errors with the
/// CLI's messages, one a line.
struct Read {
    scenario: Scenario,
    notices: Vec<Notice>,
    units: UnitSystem,
}

fn inputs_of(q: &str) -> Result<(Inputs, Vec<Notice>, UnitSystem), Vec<String>> {
    let (inputs, notices) = if query::is_share_link(q) {
        Inputs::from_query(q)
    } else {
        Inputs::from_typed_query(q)
    };
    let mut errors: Vec<String> = notices
        .iter()
        .filter(|n| !query::known_key(&n.key))
        .map(|n| output::not_a_parameter(&n.key))
        .collect();
    let (page, _) = PageOptions::from_query(q);
    if let Some(p) = &page.unknown_preset {
        errors.push(presets::unknown_preset(p));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok((inputs, notices, page.units))
}

fn read(q: &str) -> Result<Read, String> {
    let (inputs, notices, units) = inputs_of(q).map_err(|e| e.join("\n"))?;
    match inputs.parse() {
        Ok(scenario) => Ok(Read {
            scenario,
            notices,
            units,
        }),
        Err(es) => Err(es
            .into_iter()
            .map(|e| e.message)
            .collect::<Vec<_>>()
            .join("\n")),
    }
}

/// The scenario, its estimate and its time (a hardware figure out of range is the CLI's error).
fn run(args: &Map<String, Value>) -> Result<(Read, Estimate, Option<memcalc_core::Speed>), String> {
    let r = read(&query_of(args, &[])?)?;
    let e = estimate(&r.scenario);
    let sp = memcalc_core::speed(&r.scenario, &e).map_err(|err| err.to_string())?;
    Ok((r, e, sp))
}

fn decimal(units: UnitSystem) -> bool {
    units == UnitSystem::Decimal
}

/// The --json report of a scenario as a JSON value.
fn report_of(r: &Read, e: &Estimate, sp: Option<&memcalc_core::Speed>) -> Value {
    let text = output::render(
        &r.scenario,
        e,
        sp,
        &r.notices,
        Format::Json,
        decimal(r.units),
    );
    serde_json::from_str(&text).unwrap_or(Value::Null)
}

fn estimate_tool(args: &Args) -> Answer {
    let (r, e, sp) = run(args)?;
    let table = output::render(
        &r.scenario,
        &e,
        sp.as_ref(),
        &r.notices,
        Format::Table,
        decimal(r.units),
    );
    Ok((table, report_of(&r, &e, sp.as_ref())))
}

fn time_tool(args: &Args) -> Answer {
    let (r, e, sp) = run(args)?;
    let doc = report_of(&r, &e, sp.as_ref());
    let text = match &sp {
        Some(sp) => format!(
            "{}  {}\n",
            output::time_lines(sp, r.units),
            memcalc_core::report::band::time(&e, sp)
        ),
        None => format!(
            "No time model covers this run ({}).\n",
            doc["link"].as_str().unwrap_or("")
        ),
    };
    Ok((
        text,
        json!({ "link": doc["link"], "mode": doc["mode"], "speed": doc.get("speed").cloned().unwrap_or(Value::Null) }),
    ))
}

fn fits_tool(args: &Args) -> Answer {
    let (r, e, sp) = run(args)?;
    let doc = report_of(&r, &e, sp.as_ref());
    let verdict = memcalc_core::report::verdict(&e, r.units);
    let band = memcalc_core::report::band::total(&e, r.units);
    let text = format!("{verdict}\nRange of the total: {band}\n");
    let mut out = json!({
        "fits": e.fits(),
        "per_device_bytes": e.per_device_bytes,
        "capacity_bytes": e.capacity_bytes,
        "shortfall_bytes": e.per_device_bytes.saturating_sub(e.capacity_bytes),
        "headroom_bytes": e.capacity_bytes.saturating_sub(e.per_device_bytes),
        "host_per_node_bytes": e.host_per_node_bytes,
        "busiest": doc["busiest"],
        "verdict": verdict,
        "band": doc["band"],
        "link": doc["link"],
    });
    if let Some(h) = e.host_capacity_bytes {
        out["host_capacity_bytes"] = json!(h);
        out["host_shortfall_bytes"] = json!(e.host_per_node_bytes.saturating_sub(h));
    }
    if let Some(v) = e.serving {
        // A pooled engine's total is its share of the GPU: it fits when its KV pool holds the
        // sequences asked for, and falls short by sequences.
        out["shortfall_sequences"] = json!(v.batch.saturating_sub(v.sequences));
        out["serving"] = doc["serving"].clone();
    }
    Ok((text, out))
}

fn suggestions_tool(args: &Args) -> Answer {
    let (r, e, _) = run(args)?;
    let d = memcalc_core::analysis::derived::derive(&r.scenario);
    let text = output::derived_lines(&e, &d, r.units);
    let savings: Vec<Value> = d
        .savings
        .iter()
        .map(|sv| {
            json!({
                "label": sv.label,
                "query": sv.query(),
                "saved_bytes": sv.saved,
                "bytes_after": sv.bytes_after,
                "fits_after": sv.fits_after,
                "change": memcalc_core::report::saving_text(sv, r.units),
                // Issue 40 (h-launch): the settings that realise the suggestion.
                "launch": memcalc_core::report::emit::patched(&r.scenario, &sv.patch, None)
                    .iter()
                    .map(|l| json!({ "target": l.target, "label": l.label, "text": l.text }))
                    .collect::<Vec<_>>(),
            })
        })
        .collect();
    Ok((
        text,
        json!({
            "fits": e.fits(),
            "per_device_bytes": e.per_device_bytes,
            "capacity_bytes": e.capacity_bytes,
            "max_batch": d.max_batch,
            "max_seq": d.max_seq,
            "context_limit": d.context_limit,
            "fewest_gpus": d.fewest_gpus,
            "fewest_nodes": d.fewest_nodes,
            "savings": savings,
            "link": r.scenario.to_query(),
        }),
    ))
}

fn layouts_tool(args: &Args) -> Answer {
    let r = read(&query_of(args, &[])?)?;
    let s = &r.scenario;
    if !s.mode.trains() {
        return Err("--layouts needs mode=train or mode=finetune".into());
    }
    let found = memcalc_core::analysis::layouts::training_layouts(
        s,
        memcalc_core::analysis::layouts::LAYOUTS_SHOWN,
    );
    // Issue 40 (h-launch): `memcalc --layouts --json`'s document, a `launch` array per layout.
    let json: Value =
        serde_json::from_str(&memcalc_core::report::emit::layouts_json(s, &found, None))
            .map_err(|e| e.to_string())?;
    Ok((crate::layouts_table(s, &found, r.units), json))
}

fn timeline_tool(args: &Args) -> Answer {
    use memcalc_core::report::timeline as words;
    let (r, e, sp) = run(args)?;
    let t = memcalc_core::analysis::timeline::timeline(&r.scenario, &e, sp.as_ref());
    let savings = memcalc_core::analysis::derived::savings(&r.scenario);
    let json =
        serde_json::from_str(&words::to_json(&e, &t, &savings)).map_err(|e| e.to_string())?;
    Ok((words::table(&e, &t, &savings, r.units), json))
}

fn plan_tool(args: &Args) -> Answer {
    use memcalc_core::analysis::plan::{plan, Goal};
    use memcalc_core::report::plan as words;
    let q = query_of(args, &[])?;
    let r = read(&q)?;
    let goal = Goal::from_query(&q, &r.scenario)
        .map_err(|e| e.to_string())?
        .ok_or(crate::PLAN_NEEDS_GOAL)?;
    let p = plan(&r.scenario, goal);
    let json = serde_json::from_str(&words::to_json(&p, r.units)).map_err(|e| e.to_string())?;
    Ok((words::to_table(&p, r.units), json))
}

fn emit_tool(args: &Args) -> Answer {
    use memcalc_core::report::emit::{self as em, Target};
    use memcalc_core::Choice;
    let target = args
        .get("target")
        .and_then(Value::as_str)
        .ok_or("emit needs a target: vllm, sglang, llamacpp, ollama, deepspeed, fsdp, hf, sbatch, lammps, pwx, gadget4, openfoam or list")?;
    let r = read(&query_of(args, &["target"])?)?;
    let e = estimate(&r.scenario);
    if target == "list" {
        let all = em::all(&r.scenario, &e);
        let text = crate::emit_list(&all);
        let rows: Vec<String> = all.iter().map(|(t, r)| em::to_json(*t, r)).collect();
        let json: Value =
            serde_json::from_str(&format!("[{}]", rows.join(","))).map_err(|e| e.to_string())?;
        return Ok((text, json!({ "targets": json })));
    }
    let t = Target::parse(target).map_err(|msg| format!("--emit {target}: {msg} (or list)"))?;
    let r = em::emit(t, &r.scenario, &e);
    let json: Value = serde_json::from_str(&em::to_json(t, &r)).map_err(|e| e.to_string())?;
    match r {
        Ok(out) => Ok((out.text(), json)),
        Err(why) => Err(format!("--emit {}: does not apply: {why}", t.id())),
    }
}

fn compare_tool(args: &Args) -> Answer {
    use memcalc_core::analysis::compare::{compare, Column, MAX_COLUMNS};
    if let Some(k) = args.keys().find(|k| *k != "setups") {
        return Err(format!(
            "'{k}' is not an argument of compare: its only argument is setups, each setup a link, \
             a query string or an object of keys"
        ));
    }
    let setups = match args.get("setups") {
        Some(Value::Array(a)) => a,
        _ => {
            return Err(
                "setups: 2 to 4 setups, each a link, a query string or an object of keys".into(),
            )
        }
    };
    if !(2..=MAX_COLUMNS).contains(&setups.len()) {
        return Err(format!(
            "--compare takes 2 to {MAX_COLUMNS} setups, one link or query each; {} given",
            setups.len()
        ));
    }
    let mut columns = Vec::new();
    for (i, v) in setups.iter().enumerate() {
        let q = match v {
            Value::String(s) => Ok(s.clone()),
            Value::Object(m) => query_of(m, &[]),
            _ => Err("a setup is a link, a query string or an object of keys".to_string()),
        };
        let column = q
            .and_then(|q| read(&q).map_err(|e| e.replace('\n', "; ")))
            .and_then(|r| Column::of(r.scenario).map_err(|e| e.to_string()));
        match column {
            Ok(c) => columns.push(c),
            Err(e) => return Err(format!("setup {}: {e}", i + 1)),
        }
    }
    let cmp = compare(columns).map_err(|e| e.to_string())?;
    let units = UnitSystem::Binary;
    let json = memcalc_core::report::compare::to_json(&cmp, units);
    Ok((
        memcalc_core::report::compare::to_table(&cmp, units),
        serde_json::from_str(&json).unwrap_or(Value::Null),
    ))
}

fn log_check_tool(args: &Args) -> Answer {
    let log = match args.get("log") {
        Some(Value::String(s)) => s,
        _ => return Err("log: the log's text is required".into()),
    };
    let (base, _, units) = inputs_of(&query_of(args, &["log"])?).map_err(|e| e.join("\n"))?;
    let answer = memcalc_core::log::check::answer(log, &base);
    let view = memcalc_core::report::log_check::view(&answer, units);
    if !view.recognised {
        return Err(view.headline.clone());
    }
    let Some(scenario) = &answer.scenario else {
        return Err(match answer.inputs.parse() {
            Err(errors) => errors
                .into_iter()
                .map(|e| e.message)
                .collect::<Vec<_>>()
                .join("\n"),
            Ok(_) => view.headline.clone(),
        });
    };
    let e = estimate(scenario);
    let sp = memcalc_core::speed(scenario, &e).ok().flatten();
    let text = format!(
        "{}\n{}",
        memcalc_core::report::log_check::table(&view),
        output::render(
            scenario,
            &e,
            sp.as_ref(),
            &[],
            Format::Table,
            decimal(units)
        )
    );
    let json = memcalc_core::report::log_check::json(&view);
    Ok((text, serde_json::from_str(&json).unwrap_or(Value::Null)))
}
