//! Launch settings read back (issue 40, h-launch): for each engine whose log recogniser reads
//! its arguments, the launch command written for a setup — the current setup's and each
//! suggestion's (`report::emit::rows`) — read back by that recogniser gives the setup's keys
//! again. A property test over serving setups:
//!
//! - vLLM: the `vllm serve` command as a log line (log/vllm.rs `command`) and the same settings
//!   as vLLM's own `non-default args: {…}` line (vllm/entrypoints/utils.py
//!   `log_non_default_args`, EngineArgs field names: the flag without its dashes, `-` → `_`,
//!   vllm/engine/arg_utils.py);
//! - SGLang: the settings as the `server_args=ServerArgs(…)` line SGLang logs at start-up
//!   (python/sglang/srt/server_args.py: every `--field-name` is the dataclass field
//!   `field_name`; log/sglang.rs `server_args`).
//!
//! llama.cpp's recogniser reads the buffers and `n_ctx` lines llama.cpp prints, not its command
//! line, so its flags are read back as URL keys in tests/emit.rs instead.

use memcalc_core::report::emit::{self, Emitted, Target};
use memcalc_core::{estimate, Choice, Inputs, Scenario};
use proptest::prelude::*;

fn scenario(q: &str) -> Option<Scenario> {
    let (inputs, notices) = Inputs::from_typed_query(q);
    assert!(notices.is_empty(), "{q}: {notices:?}");
    inputs.parse().ok()
}

/// The log's scenario, read over a base of the engine alone.
fn read_back(log: &str, engine: &str) -> Scenario {
    let (base, _) = Inputs::from_typed_query(&format!("mode=infer&engine={engine}"));
    let a = memcalc_core::log::check::answer(log, &base);
    a.scenario
        .unwrap_or_else(|| panic!("the log fills no scenario:\n{log}"))
}

/// The settings' values as a Python literal, as vLLM and SGLang print them.
fn py(value: &str) -> String {
    if value.is_empty() {
        "True".into()
    } else if value.parse::<f64>().is_ok() {
        value.into()
    } else {
        format!("'{value}'")
    }
}

/// The field name of a `--flag-name`.
fn field(flag: &str) -> String {
    flag.trim_start_matches('-').replace('-', "_")
}

/// The keys a serving command fixes, compared field by field.
fn same_keys(back: &Scenario, s: &Scenario, log: &str) {
    let e = estimate(s);
    let pool = s.engine.pool().unwrap();
    assert_eq!(back.model.map(|m| m.id), s.model.map(|m| m.id), "{log}");
    assert_eq!(back.seq, s.seq, "{log}");
    assert_eq!(back.parallel.tp, s.parallel.tp, "{log}");
    assert_eq!(back.parallel.pp, s.parallel.pp, "{log}");
    assert_eq!(back.kv_dtype, s.kv_dtype, "{log}");
    if log.contains("quantization") {
        assert_eq!(back.quant, s.quant, "{log}");
    } else {
        // A format with no `--quantization` name is the checkpoint's: the command says so in
        // the model's note and states no quantization, so none is read back.
        assert_eq!(
            back.quant,
            memcalc_core::catalog::quant::Quant::None,
            "{log}"
        );
    }
    if log.contains(", dtype=") || log.contains("--dtype ") || log.contains("'dtype':") {
        assert_eq!(back.dtype, s.dtype, "{log}");
    }
    assert_eq!(back.cuda_graphs, s.cuda_graphs, "{log}");
    assert_eq!(
        back.gpu_util_milli,
        Some(e.serving.unwrap().util_milli),
        "{log}"
    );
    assert_eq!(back.max_batched_tokens, Some(pool.step_tokens(s)), "{log}");
}

/// A quantized setup whose format the command names no flag for says so in the model's note.
fn says_the_checkpoint(s: &Scenario, o: &Emitted) {
    if s.quantized_weights() && !o.settings.iter().any(|st| st.name == "--quantization") {
        assert!(
            o.settings[0]
                .why
                .contains("serve a checkpoint stored in that format"),
            "{:?}",
            o.settings[0]
        );
    }
}

fn vllm_round_trip(s: &Scenario, o: &Emitted) {
    says_the_checkpoint(s, o);
    // The command as a log line.
    let line = o.body.replace(" \\\n ", "");
    same_keys(&read_back(&line, "vllm"), s, &line);
    let pool = s.engine.pool().unwrap();
    assert_eq!(
        read_back(&line, "vllm").max_num_seqs,
        Some(pool.max_seqs(s))
    );
    // The same settings as vLLM's `non-default args` line.
    let model = s.model.map_or("MODEL", |m| m.id);
    let mut dict = vec![format!("'model': '{model}'")];
    for st in &o.settings {
        if st.name.starts_with("--") {
            dict.push(format!("'{}': {}", field(&st.name), py(&st.value)));
        }
    }
    let line = format!(
        "INFO 05-01 12:00:00 [utils.py:326] non-default args: {{{}}}",
        dict.join(", ")
    );
    same_keys(&read_back(&line, "vllm"), s, &line);
}

fn sglang_round_trip(s: &Scenario, o: &Emitted) {
    says_the_checkpoint(s, o);
    let fields: Vec<String> = o
        .settings
        .iter()
        .filter(|st| st.name.starts_with("--"))
        .map(|st| format!("{}={}", field(&st.name), py(&st.value)))
        .collect();
    let line = format!(
        "[2025-05-01 12:00:00] server_args=ServerArgs({}, tokenizer_worker_num=1)",
        fields.join(", ")
    );
    same_keys(&read_back(&line, "sglang"), s, &line);
}

/// The setup, then each suggestion's patched setup: every command the page offers.
fn every_command(s: &Scenario, t: Target, check: fn(&Scenario, &Emitted)) -> usize {
    let mut n = 0;
    let mut setups = vec![*s];
    for sv in memcalc_core::analysis::derived::savings(s) {
        if let Some(p) = emit::patched_scenario(s, &sv.patch) {
            setups.push(p);
        }
    }
    for p in &setups {
        if let Ok(o) = emit::emit(t, p, &estimate(p)) {
            check(p, &o);
            n += 1;
        }
    }
    n
}

fn query() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["meta-llama/Llama-3.1-8B", "meta-llama/Llama-3.1-70B"]),
        prop::sample::select(vec!["h100-80", "h200", "a100-80", "l40s"]),
        prop::sample::select(vec![1u64, 2, 4, 8]),
        prop::sample::select(vec![2048u64, 8192, 32768, 131072]),
        prop::sample::select(vec!["auto", "fp8"]),
        prop::sample::select(vec!["none", "awq", "fp8"]),
        prop::sample::select(vec!["on", "off"]),
        prop::sample::select(vec!["", "&gpu_util=0.8", "&gpu_util=0.92"]),
        prop::sample::select(vec![1u64, 8, 64]),
    )
        .prop_map(|(m, gpu, tp, seq, kv, q, g, util, batch)| {
            format!("mode=infer&model_id={m}&gpu={gpu}&gpus={tp}&tp={tp}&seq={seq}&kv_dtype={kv}&quant={q}&cuda_graphs={g}{util}&batch={batch}")
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn vllm_commands_read_back_through_the_vllm_recogniser(q in query()) {
        let q = format!("{q}&engine=vllm");
        let Some(s) = scenario(&q) else { return Ok(()) };
        every_command(&s, Target::Vllm, vllm_round_trip);
    }

    #[test]
    fn sglang_commands_read_back_through_the_server_args_line(q in query()) {
        let q = format!("{q}&engine=sglang");
        let Some(s) = scenario(&q) else { return Ok(()) };
        every_command(&s, Target::Sglang, sglang_round_trip);
    }
}

#[test]
fn the_property_reaches_suggestions_of_both_engines() {
    for (engine, t, check) in [
        (
            "vllm",
            Target::Vllm,
            vllm_round_trip as fn(&Scenario, &Emitted),
        ),
        ("sglang", Target::Sglang, sglang_round_trip),
    ] {
        let s = scenario(&format!(
            "mode=infer&model_id=meta-llama/Llama-3.1-70B&gpu=h100-80&gpus=2&tp=2&seq=32768&batch=64&engine={engine}"
        ))
        .unwrap();
        assert!(every_command(&s, t, check) >= 3, "{}", t.id());
    }
}
