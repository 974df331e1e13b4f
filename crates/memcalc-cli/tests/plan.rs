//! `memcalc --plan`: from a goal to hardware, layout and cost (issue 41), as a user runs it;
//! and run times in GPU-hours and node-hours (the time line, `--layouts`).

mod common;
use common::memcalc;

/// A 7B training run on two GPU types and up to 64 of them (small enough for a debug build).
const TRAIN: &str =
    "params=7B&seq=4096&framework=megatron&plan_devices=h100-80,a100-80&plan_max_gpus=64";
const SERVE: &str = "mode=infer&params=70B&engine=vllm&prompt=1024&seq=2048&plan_devices=h100-80,h200&plan_max_gpus=16";
const SIM: &str = "mode=sim&method=lbm&nx=1024&ny=1024&nz=1024&nodes=8&ranks=512";

#[test]
fn a_training_goal_names_the_cheapest_meeting_the_deadline_and_the_front() {
    let q = format!("{TRAIN}&plan_tokens=20B&plan_deadline_h=72&plan_price=2.5");
    let (code, out, err) = memcalc(&["--plan", &q]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(
            "Train on 20,000,000,000 tokens within 3 days (price 2.5 per GPU-hour, given)."
        ),
        "{out}"
    );
    let cheapest = out
        .lines()
        .find(|l| l.starts_with("Cheapest meeting the deadline: "))
        .unwrap_or_else(|| panic!("{out}"));
    // Its run in hours, GPU-hours and node-hours, and its money at the given price.
    assert!(cheapest.contains(" GPU-hours ("), "{cheapest}");
    assert!(cheapest.contains(" node-hours)"), "{cheapest}");
    assert!(cheapest.contains(" at the given price"), "{cheapest}");
    assert!(
        out.contains("\nPareto front (time against GPU-hours"),
        "{out}"
    );
    // Every front row carries its link, with the goal's keys.
    let rows: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("time | GPU-hours"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect();
    assert!(!rows.is_empty(), "{out}");
    for r in rows {
        assert!(r.contains("&plan_tokens=20B&plan_deadline_h=72"), "{r}");
    }
}

#[test]
fn each_point_is_a_link_that_reopens_with_the_same_memory() {
    let q = format!("{TRAIN}&plan_tokens=20B&plan_deadline_h=72");
    let (code, out, _) = memcalc(&["--json", "--plan", &q]);
    assert_eq!(code, 0);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["met"], true);
    assert!(j["evaluated"].as_u64().unwrap() > 100, "{}", j["evaluated"]);
    let c = &j["cheapest"];
    assert!(c["hours"].as_f64().unwrap() <= 72.0);
    let gpuh = c["gpu_hours"].as_f64().unwrap();
    let gpus = c["gpus"].as_f64().unwrap();
    assert!((gpuh - gpus * c["hours"].as_f64().unwrap()).abs() < 1e-6 * gpuh);
    // The link opens in the calculator with the same memory per device.
    let link = c["link"].as_str().unwrap();
    let (_, reopened, _) = memcalc(&["--json", link]);
    let r: serde_json::Value = serde_json::from_str(&reopened).unwrap();
    assert_eq!(
        r["per_device_bytes"], c["per_device_bytes"],
        "{link}: {reopened}"
    );
    // The front: sorted by time, each cheaper than every faster one.
    let front = j["front"].as_array().unwrap();
    assert!(!front.is_empty());
    for w in front.windows(2) {
        assert!(w[0]["hours"].as_f64() <= w[1]["hours"].as_f64());
        assert!(w[0]["gpu_hours"].as_f64() > w[1]["gpu_hours"].as_f64());
    }
}

#[test]
fn csv_and_markdown_carry_the_same_answer() {
    let q = format!("{TRAIN}&plan_tokens=20B&plan_budget_gpuh=5000");
    let (code, csv, _) = memcalc(&["--format", "csv", "--plan", &q]);
    assert_eq!(code, 0);
    assert!(csv.starts_with("role,time,gpu_hours,node_hours,money,device,count,layout,dtype,bound,per_device_bytes,link\n"), "{csv}");
    assert!(csv.lines().any(|l| l.starts_with("cheapest,")), "{csv}");
    assert!(csv.lines().any(|l| l.starts_with("fastest,")), "{csv}");
    assert!(csv.lines().any(|l| l.starts_with("front,")), "{csv}");
    let (code, md, _) = memcalc(&["--format", "md", "--plan", &q]);
    assert_eq!(code, 0);
    assert!(md.starts_with("## Plan\n"), "{md}");
    assert!(md.contains("Fastest within the budget: "), "{md}");
    assert!(md.contains("| time | GPU-hours | node-hours |"), "{md}");
}

#[test]
fn an_impossible_goal_says_which_constraint_binds_and_what_comes_closest() {
    // A deadline shorter than the fastest setup.
    let q = format!("{TRAIN}&plan_tokens=10T&plan_deadline_h=1");
    let (code, out, _) = memcalc(&["--plan", &q]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("The deadline binds: the fastest setup takes "),
        "{out}"
    );
    // Far over the deadline, the sentence gives the ratio, not a difference that reads as the
    // figure itself ("17.4 years, 17.4 years over").
    assert!(out.contains("× the 60 min deadline."), "{out}");
    assert!(!out.contains(" over the 60 min deadline."), "{out}");
    assert!(out.contains("\nClosest: "), "{out}");
    // A budget below the cheapest setup.
    let q = format!("{TRAIN}&plan_tokens=10T&plan_budget_gpuh=10");
    let (code, out, _) = memcalc(&["--plan", &q]);
    assert_eq!(code, 1);
    assert!(
        out.contains("The budget binds: the cheapest setup costs "),
        "{out}"
    );
    // Nothing fits: memory binds, with the closest setup's shortfall.
    let (code, out, _) = memcalc(&["--plan", "params=405B&plan_tokens=1B&plan_cluster=t4:2"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("Memory binds: no setup tried fits. The closest, "),
        "{out}"
    );
    let (code, out, _) = memcalc(&[
        "--json",
        "--plan",
        "params=405B&plan_tokens=1B&plan_cluster=t4:2",
    ]);
    assert_eq!(code, 1);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["met"], false);
    assert_eq!(j["binding_kind"], "memory");
}

#[test]
fn a_serving_goal_meets_latency_targets_or_says_the_floor() {
    let q = format!("{SERVE}&plan_users=32&plan_ttft_ms=2000&plan_tpot_ms=60");
    let (code, out, err) = memcalc(&["--plan", &q]);
    assert_eq!(code, 0, "{err}{out}");
    assert!(out.starts_with("Serve 32 users at once, first token within 2 s, each next token within 60 ms, for 60 min."), "{out}");
    assert!(out.contains(" per output token, bound by "), "{out}");
    // A per-token target below what any of these GPUs reaches.
    let q = format!("{SERVE}&plan_users=32&plan_tpot_ms=0.5");
    let (code, out, _) = memcalc(&["--plan", &q]);
    assert_eq!(code, 1);
    assert!(
        out.contains("Latency binds: the best time per output token any setup reaches is "),
        "{out}"
    );
    assert!(
        out.contains("over the 500 µs target (plan_tpot_ms)"),
        "{out}"
    );
    // Requests per second through Little's law.
    let q = format!("{SERVE}&plan_rps=2&plan_ttft_ms=1000&plan_tpot_ms=50");
    let (code, out, _) = memcalc(&["--plan", &q]);
    assert_eq!(code, 0, "{out}");
    // 2 × (1 s + 1,024 × 50 ms) = 104.4 → 105 in flight.
    assert!(
        out.starts_with("Serve 2 requests/s (105 in flight)"),
        "{out}"
    );
}

#[test]
fn a_simulation_goal_is_counted_in_node_hours() {
    let q = format!(
        "{SIM}&plan_steps=10000&plan_deadline_h=2&plan_devices=archer2,lumi-c&plan_max_gpus=64"
    );
    let (code, out, err) = memcalc(&["--plan", &q]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("Run 10,000 simulation steps within 2 h."),
        "{out}"
    );
    assert!(
        out.contains("\nPareto front (time against node-hours"),
        "{out}"
    );
    assert!(out.contains(" node-hours; "), "{out}");
}

#[test]
fn bad_goal_values_are_errors_naming_the_key() {
    for (q, key) in [
        (
            "params=7B&plan_tokens=1B&plan_deadline_h=0",
            "plan_deadline_h: '0' must be above 0 h",
        ),
        (
            "params=7B&plan_tokens=1B&plan_deadline_h=-5",
            "plan_deadline_h",
        ),
        (
            "params=7B&plan_tokens=1B&plan_deadline_h=1e7",
            "plan_deadline_h: '1e7' is absurd",
        ),
        ("params=7B&plan_tokens=1B&plan_price=-1", "plan_price"),
        (
            "params=7B&plan_tokens=1B&plan_price=5000",
            "plan_price: '5000' is absurd",
        ),
        ("mode=infer&params=7B&plan_users=0", "plan_users"),
        (
            "mode=infer&params=7B&plan_rps=3",
            "plan_rps: a load in requests/s needs plan_ttft_ms",
        ),
        (
            "params=7B&plan_users=8",
            "plan_users: applies to a serving goal",
        ),
        (
            "params=7B&plan_tokens=1B&plan_devices=h100-80,h1OO",
            "plan_devices: 'h1OO' is not a GPU",
        ),
    ] {
        let (code, _, err) = memcalc(&["--plan", q]);
        assert_eq!(code, 2, "{q}");
        assert!(err.contains(key), "{q}: {err}");
    }
    let (code, _, err) = memcalc(&["--plan", "params=7B"]);
    assert_eq!(code, 2);
    assert!(err.contains("--plan needs a goal"), "{err}");
}

#[test]
fn goal_keys_change_no_figure_of_a_link() {
    let (_, plain, _) = memcalc(&["--json", "params=7B&gpus=8&zero=3"]);
    let (code, with_goal, err) = memcalc(&[
        "--json",
        "params=7B&gpus=8&zero=3&plan_tokens=20B&plan_deadline_h=72&plan_price=2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(plain, with_goal);
}

#[test]
fn run_times_are_also_given_in_gpu_hours_and_node_hours() {
    let (_, out, _) = memcalc(&[
        "params=70B&gpus=64&seq=4096&framework=megatron&train_tokens=20B&tp=8&pp=2&zero=1",
    ]);
    let time = out.lines().find(|l| l.starts_with("Time: ")).unwrap();
    assert!(
        time.contains(
            " for 20 G tokens on 64 GPUs = 10,507 GPU-hours (8 nodes: 1,313 node-hours); bound by"
        ),
        "{time}"
    );
    let (_, out, _) = memcalc(&[SIM]);
    let time = out.lines().find(|l| l.starts_with("Time: ")).unwrap();
    assert!(
        time.contains(" for the run on 8 nodes = 0.278 node-hours; bound by"),
        "{time}"
    );
    // The layout list: each layout's step time and GPU-hours beside its memory.
    let (code, out, _) = memcalc(&[
        "--layouts",
        "params=70B&gpus=64&seq=4096&framework=megatron&train_tokens=20B",
    ]);
    assert_eq!(code, 0);
    let mut lines = out.lines();
    assert_eq!(
        lines.next().unwrap(),
        "layout | per device | step | GPU-hours for the run | compute lost | sent per step | query"
    );
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("DP 4 × TP 8 × PP 2, ZeRO 1 | 71.61 GiB | 968 ms (network) | 10,507 | "),
        "{out}"
    );
}

#[test]
fn a_serving_goal_reads_its_first_token_target_at_the_percentile_named() {
    // issue 41 (h-compare): 8B on one H100 at 2 requests/s of 1,024 + 1,024 tokens. The median
    // request finds a free slot; the 99th percentile waits for one and misses 1.5 s.
    let q = "mode=infer&model_id=meta-llama/Llama-3.1-8B&seq=2048&prompt=1024&plan_rps=2&plan_ttft_ms=1500&plan_tpot_ms=10.5&plan_cluster=h100-80:1";
    let (code, out, err) = memcalc(&["--plan", &format!("{q}&plan_lat_pct=50")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(the first token at the 50th percentile of random arrivals, with the wait for a running slot)"), "{out}");
    assert!(
        out.contains("Erlang's C formula (Kleinrock"),
        "the assumption is shown: {out}"
    );
    let (code, out, err) = memcalc(&["--plan", &format!("{q}&plan_lat_pct=99")]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains("Latency binds: the best time to first token"),
        "{out}"
    );
    assert!(out.contains("At the 99th percentile of random arrivals the first token includes the wait for a running slot"), "{out}");
    assert!(!out.contains("the hardware's floor"), "{out}");
    // Without the key, today's answer: no percentile, no queueing assumption.
    let (code, out, _) = memcalc(&["--plan", q]);
    assert_eq!(code, 0);
    assert!(
        !out.contains("percentile") && !out.contains("Erlang"),
        "{out}"
    );
    let (code, _, err) = memcalc(&["--plan", &format!("{q}&plan_lat_pct=95")]);
    assert_eq!(code, 2);
    assert!(
        err.contains("plan_lat_pct") && err.contains("50, 90 or 99"),
        "{err}"
    );
}
