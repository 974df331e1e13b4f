//! `memcalc mcp` as an agent's client speaks to it (issue 43): JSON-RPC 2.0 over stdio, one
//! message a line (MCP 2025-06-18, basic/transports): initialize, the tools and their argument
//! schemas, calls whose results are the CLI's table and JSON, bad keys and values as tool errors
//! with the CLI's messages, and malformed messages as JSON-RPC errors after which the server
//! keeps serving.

mod common;
use common::memcalc;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

struct Client {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next: u64,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_memcalc"))
            .arg("mcp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut c = Client {
            child,
            stdin,
            stdout,
            next: 1,
        };
        let init = c.request(
            "initialize",
            json!({
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": { "name": "memcalc-test", "version": "0" }
            }),
        );
        assert_eq!(init["result"]["protocolVersion"], "2025-06-18", "{init}");
        c.send_raw(br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        c
    }

    fn send_raw(&mut self, line: &[u8]) {
        self.stdin.write_all(line).unwrap();
        self.stdin.write_all(b"\n").unwrap();
        self.stdin.flush().unwrap();
    }

    fn read(&mut self) -> Value {
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        assert!(line.ends_with('\n'), "one message a line: {line:?}");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"))
    }

    /// Sends a raw line and reads the one answer.
    fn raw(&mut self, line: &[u8]) -> Value {
        self.send_raw(line);
        self.read()
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next;
        self.next += 1;
        let msg = json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params });
        let reply = self.raw(msg.to_string().as_bytes());
        assert_eq!(reply["id"], id, "{reply}");
        assert_eq!(reply["jsonrpc"], "2.0");
        reply
    }

    fn call(&mut self, tool: &str, arguments: Value) -> Value {
        let r = self.request(
            "tools/call",
            json!({ "name": tool, "arguments": arguments }),
        );
        assert!(r.get("error").is_none(), "{r}");
        r["result"].clone()
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn text(result: &Value) -> &str {
    assert_eq!(result["content"][0]["type"], "text", "{result}");
    result["content"][0]["text"].as_str().unwrap()
}

#[test]
fn initialize_names_the_server_and_its_tools_capability() {
    let mut c = Client::start();
    // The notification got no answer: the next line is the ping's.
    let pong = c.request("ping", json!({}));
    assert_eq!(pong["result"], json!({}));
    // An older client is answered in its version; an unknown one in ours.
    let old = c.request("initialize", json!({ "protocolVersion": "2025-03-26" }));
    assert_eq!(old["result"]["protocolVersion"], "2025-03-26");
    let future = c.request("initialize", json!({ "protocolVersion": "2099-01-01" }));
    assert_eq!(future["result"]["protocolVersion"], "2025-06-18");
    assert_eq!(future["result"]["serverInfo"]["name"], "memcalc");
    assert_eq!(
        future["result"]["capabilities"]["tools"]["listChanged"],
        false
    );
}

#[test]
fn tools_list_gives_each_tool_arguments_generated_from_the_fields_table() {
    let mut c = Client::start();
    let list = c.request("tools/list", json!({}));
    let tools = list["result"]["tools"].as_array().unwrap();
    let names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "estimate",
            "time",
            "fits",
            "suggestions",
            "layouts",
            "compare",
            "timeline",
            "plan",
            "emit",
            "log_check"
        ]
    );
    for t in tools {
        assert_eq!(t["inputSchema"]["type"], "object", "{}", t["name"]);
        assert!(!t["description"].as_str().unwrap().is_empty());
    }
    let props = &tools[0]["inputSchema"]["properties"];
    // Every essential key is an argument; the advanced ones are named in `query`'s words.
    for f in memcalc_core::schema::fields::FIELDS {
        if f.advanced {
            assert!(
                props["query"]["description"]
                    .as_str()
                    .unwrap()
                    .contains(f.key),
                "{}",
                f.key
            );
        } else {
            assert!(props.get(f.key).is_some(), "{} is no argument", f.key);
        }
    }
    // Allowed values, bounds, units and defaults come from the table.
    let engines: Vec<&str> = props["engine"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let want: Vec<&str> =
        memcalc_core::schema::fields::options(memcalc_core::schema::fields::FieldId::Engine)
            .into_iter()
            .map(|(id, _)| id)
            .collect();
    assert_eq!(engines, want);
    assert_eq!(props["gpus"]["minimum"], 1);
    assert!(props["seq"]["description"]
        .as_str()
        .unwrap()
        .contains("tokens"));
    assert_eq!(props["mode"]["default"], "train");
    // The estimate's structured result is the --json report, whose schema it declares.
    assert_eq!(
        tools[0]["outputSchema"]["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    let compare = &tools[5]["inputSchema"]["properties"]["setups"];
    assert_eq!(compare["minItems"], 2);
    assert_eq!(compare["maxItems"], 4);
}

#[test]
fn estimate_is_the_cli_table_and_the_cli_json() {
    let mut c = Client::start();
    let q = "mode=infer&params=8B&gpu=l4&seq=8192&batch=4&engine=vllm";
    let r = c.call("estimate", json!({ "query": q }));
    assert_eq!(r["isError"], false, "{r}");
    let (_, table, _) = memcalc(&[q]);
    assert_eq!(text(&r), table);
    let (_, doc, _) = memcalc(&["--json", q]);
    let doc: Value = serde_json::from_str(&doc).unwrap();
    assert_eq!(r["structuredContent"], doc);
    // Formulas and sources travel with every part and term.
    let parts = r["structuredContent"]["components"].as_array().unwrap();
    assert!(parts
        .iter()
        .all(|p| p["formula"].is_string() && p["source"].is_string()));
    assert!(r["structuredContent"]["speed"]["terms"][0]["source"].is_string());
    // The keys as arguments (numbers, booleans) give the same document as the query.
    let keys = c.call(
        "estimate",
        json!({ "mode": "infer", "params": "8B", "gpu": "l4", "seq": 8192, "batch": 4, "engine": "vllm" }),
    );
    assert_eq!(keys["structuredContent"], doc);
    // The result validates against the tool's declared outputSchema.
    let list = c.request("tools/list", json!({}));
    let schema = &list["result"]["tools"][0]["outputSchema"];
    let v = jsonschema::validator_for(schema).unwrap();
    assert!(v.is_valid(&r["structuredContent"]));
}

#[test]
fn fits_gives_the_shortfall_and_time_suggestions_layouts_compare_answer() {
    let mut c = Client::start();
    let r = c.call(
        "fits",
        json!({ "mode": "infer", "params": "70B", "gpu": "h100" }),
    );
    let s = &r["structuredContent"];
    assert_eq!(s["fits"], false, "{r}");
    let short = s["per_device_bytes"].as_u64().unwrap() - s["capacity_bytes"].as_u64().unwrap();
    assert_eq!(s["shortfall_bytes"], short);
    assert_eq!(s["headroom_bytes"], 0);
    assert!(
        text(&r).starts_with("Does not fit on NVIDIA H100"),
        "{}",
        text(&r)
    );
    // A pooled engine falls short in sequences its KV pool holds.
    let pool = c.call(
        "fits",
        json!({ "mode": "infer", "params": "8B", "gpu": "l4", "engine": "vllm", "seq": 32768, "batch": 256 }),
    );
    let p = &pool["structuredContent"];
    assert_eq!(p["fits"], false, "{pool}");
    let held = p["serving"]["concurrent_sequences"].as_u64().unwrap();
    assert_eq!(p["shortfall_sequences"], 256 - held);

    let t = c.call("time", json!({ "query": "mode=infer&params=8B&gpu=h100" }));
    assert!(
        t["structuredContent"]["speed"]["decode_step_s"].is_number(),
        "{t}"
    );
    assert!(t["structuredContent"]["speed"]["terms"].is_array());

    let sg = c.call("suggestions", json!({ "params": "7B", "gpus": 8 }));
    let savings = sg["structuredContent"]["savings"].as_array().unwrap();
    assert!(!savings.is_empty(), "{sg}");
    assert!(savings[0]["query"].as_str().unwrap().contains('='));
    assert!(text(&sg).contains("Saves"), "{}", text(&sg));

    let l = c.call(
        "layouts",
        json!({ "params": "70B", "gpus": 64, "seq": 4096, "framework": "torchtitan" }),
    );
    let (_, cli, _) = memcalc(&[
        "--layouts",
        "params=70B",
        "gpus=64",
        "seq=4096",
        "framework=torchtitan",
    ]);
    assert_eq!(text(&l), cli);
    assert!(!l["structuredContent"]["layouts"]
        .as_array()
        .unwrap()
        .is_empty());
    // Issue 40 (h-launch): each layout and each suggestion carries its launch settings.
    assert!(l["structuredContent"]["layouts"][0]["launch"]
        .as_array()
        .is_some_and(|a| !a.is_empty()));
    assert!(savings[0]["launch"]
        .as_array()
        .is_some_and(|a| !a.is_empty()));
    let infer = c.call("layouts", json!({ "mode": "infer" }));
    assert_eq!(infer["isError"], true);
    assert_eq!(text(&infer), "--layouts needs mode=train or mode=finetune");

    let cmp = c.call(
        "compare",
        json!({ "setups": ["params=70B", { "params": "70B", "zero": 3, "gpus": 8 }] }),
    );
    let (_, cli, _) = memcalc(&["--compare", "params=70B", "params=70B&zero=3&gpus=8"]);
    assert_eq!(text(&cmp), cli);
    let one = c.call("compare", json!({ "setups": ["params=70B"] }));
    assert_eq!(one["isError"], true);
    let stray = c.call(
        "compare",
        json!({ "setups": ["params=7B", "params=8B"], "gpus": 8 }),
    );
    assert!(
        text(&stray).starts_with("'gpus' is not an argument of compare"),
        "{stray}"
    );
    let bad = c.call(
        "compare",
        json!({ "setups": ["params=7B", { "parms": "8B" }] }),
    );
    assert_eq!(
        text(&bad),
        "setup 2: 'parms' is not a parameter; did you mean params? (docs/url-parameters.md)"
    );
}

#[test]
fn log_check_reads_a_log_as_the_cli_does() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../memcalc-core/tests/logs/vllm-0.6.5-v0-pr10511.log"
    );
    let log = std::fs::read_to_string(path).unwrap();
    let mut c = Client::start();
    let r = c.call("log_check", json!({ "log": log }));
    assert_eq!(r["isError"], false, "{r}");
    let (_, cli, _) = memcalc(&["--json", "--log", path]);
    let cli: Value = serde_json::from_str(&cli).unwrap();
    assert_eq!(r["structuredContent"], cli);
    let none = c.call("log_check", json!({ "log": "hello" }));
    assert_eq!(none["isError"], true);
}

#[test]
fn timeline_plan_and_emit_answer_as_the_cli_does() {
    let mut c = Client::start();
    // Memory over one step: the CLI's table, and the JSON's peak is the estimate's total.
    let q = "params=7B&batch=4&seq=4096";
    let r = c.call("timeline", json!({ "query": q }));
    assert_eq!(r["isError"], false, "{r}");
    let (_, table, _) = memcalc(&["--timeline", q]);
    assert_eq!(text(&r), table);
    let (_, doc, _) = memcalc(&["--json", q]);
    let doc: Value = serde_json::from_str(&doc).unwrap();
    assert_eq!(
        r["structuredContent"]["peak_bytes"],
        doc["per_device_bytes"]
    );
    // A plan from goal keys beside the setup: the CLI's JSON.
    let plan = "params=7B&seq=4096&plan_tokens=1B&plan_deadline_h=72&plan_devices=h100-80";
    let r = c.call("plan", json!({ "query": plan }));
    assert_eq!(r["isError"], false, "{r}");
    let (_, cli, _) = memcalc(&["--plan", "--json", plan]);
    let cli: Value = serde_json::from_str(&cli).unwrap();
    assert_eq!(r["structuredContent"], cli);
    // Without a goal it says what a plan needs, as the CLI does.
    let none = c.call("plan", json!({ "params": "7B" }));
    assert_eq!(none["isError"], true);
    assert!(text(&none).contains("plan_tokens"), "{none}");
    // Launch settings: the CLI's text; a target that does not apply is an error naming why.
    let serve = "mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&engine=vllm";
    let r = c.call("emit", json!({ "query": serve, "target": "vllm" }));
    assert_eq!(r["isError"], false, "{r}");
    let (_, cli, _) = memcalc(&["--emit", "vllm", serve]);
    assert_eq!(text(&r), cli);
    let list = c.call("emit", json!({ "query": serve, "target": "list" }));
    assert!(text(&list).contains("does not apply"), "{list}");
    let (_, cli, _) = memcalc(&["--emit", "list", serve]);
    assert_eq!(text(&list), cli);
    let wrong = c.call("emit", json!({ "query": serve, "target": "lammps" }));
    assert_eq!(wrong["isError"], true, "{wrong}");
    assert!(text(&wrong).contains("does not apply"), "{wrong}");
    let missing = c.call("emit", json!({ "query": serve }));
    assert_eq!(missing["isError"], true, "{missing}");
}

#[test]
fn bad_keys_and_values_are_tool_errors_with_the_cli_messages() {
    let mut c = Client::start();
    for (args, cli) in [
        (json!({ "parms": "7B" }), vec!["parms=7B"]),
        (
            json!({ "engine": "vlm", "mode": "infer" }),
            vec!["engine=vlm", "mode=infer"],
        ),
        (json!({ "params": "banana" }), vec!["params=banana"]),
        (
            json!({ "query": "preset=lammps-rhodo" }),
            vec!["preset=lammps-rhodo"],
        ),
        (json!({ "bw_eff": 101 }), vec!["bw_eff=101"]),
        (json!({ "params": "1e30" }), vec!["params=1e30"]),
    ] {
        let r = c.call("estimate", args.clone());
        assert_eq!(r["isError"], true, "{args}: {r}");
        assert!(r.get("structuredContent").is_none());
        let (code, _, err) = memcalc(&cli);
        assert_eq!(code, 2, "{cli:?}");
        let want: Vec<&str> = err
            .lines()
            .filter_map(|l| l.strip_prefix("memcalc: "))
            .collect();
        assert_eq!(text(&r), want.join("\n"), "{args}");
    }
    let r = c.call("estimate", json!({ "parms": "7B" }));
    assert!(text(&r).contains("did you mean params?"), "{r}");
    let r = c.call("estimate", json!({ "params": [7] }));
    assert_eq!(r["isError"], true);
    assert!(text(&r).starts_with("params:"), "{r}");
}

#[test]
fn malformed_messages_are_json_rpc_errors_and_the_server_keeps_serving() {
    let mut c = Client::start();
    let code = |v: &Value| v["error"]["code"].as_i64().unwrap();
    let r = c.raw(b"{not json");
    assert_eq!(code(&r), -32700);
    assert_eq!(r["id"], Value::Null);
    let r = c.raw(b"\xff\xfe{\"jsonrpc\":\"2.0\"}");
    assert_eq!(code(&r), -32700);
    let r = c.raw(b"[]");
    assert_eq!(code(&r), -32600);
    let r = c.raw(b"42");
    assert_eq!(code(&r), -32600);
    let r = c.raw(br#"{"jsonrpc":"1.0","id":5,"method":"ping"}"#);
    assert_eq!(code(&r), -32600);
    assert_eq!(r["id"], 5);
    let r = c.raw(br#"{"jsonrpc":"2.0","id":6}"#);
    assert_eq!(code(&r), -32600);
    let r = c.raw(br#"{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}"#);
    assert_eq!(code(&r), -32600);
    let r = c.request("resources/list", json!({}));
    assert_eq!(code(&r), -32601);
    let r = c.request("tools/call", json!({ "name": "estimat" }));
    assert_eq!(code(&r), -32602);
    assert!(r["error"]["message"].as_str().unwrap().contains("estimate"));
    let r = c.request("tools/call", json!({ "arguments": {} }));
    assert_eq!(code(&r), -32602);
    let r = c.request(
        "tools/call",
        json!({ "name": "estimate", "arguments": [1] }),
    );
    assert_eq!(code(&r), -32602);
    let r = c.raw(br#"{"jsonrpc":"2.0","id":9,"method":"ping","params":[1]}"#);
    assert_eq!(code(&r), -32602);
    // Unknown notifications and responses are not answered; the next answer is the ping's.
    c.send_raw(br#"{"jsonrpc":"2.0","method":"notifications/whatever"}"#);
    c.send_raw(br#"{"jsonrpc":"2.0","id":99,"result":{}}"#);
    c.send_raw(b"");
    let pong = c.request("ping", json!(null));
    assert_eq!(pong["result"], json!({}));
}

#[test]
fn the_server_ends_cleanly_when_standard_input_ends() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_memcalc"))
        .arg("mcp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\nnot json\n")
        .unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
