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
//! And, through the readers of log/launch.rs (issue 40, h-trip), as the page's log box and
//! `memcalc --log` read a paste — the text the page's copy button gives (the notes as comments,
//! then the command or file) and the bare command or file:
//!
//! - llama.cpp: the `llama-server` command (common/arg.cpp option names), its model file named
//!   by the GGUF naming convention (`<Name>-<Encoding>.gguf`);
//! - DeepSpeed: the `ds_config.json` read as JSON;
//! - Slurm: the `#SBATCH` header (nodes, tasks, GPUs per node) and the `memcalc` guard's link.

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
    // The command itself (issue 40, h-sglang; log/sglang.rs `command`): bare, and as the page's
    // copy gives it (its notes as comment lines above). Its flags are the ServerArgs fields, so
    // it reads back as the line does, and the sequences a step holds besides.
    let pool = s.engine.pool().unwrap();
    for text in [o.body.clone(), o.text()] {
        let back = read_back(&text, "sglang");
        same_keys(&back, s, &o.body);
        assert_eq!(back.max_num_seqs, Some(pool.max_seqs(s)), "{text}");
        let r = memcalc_core::log::read(&text);
        assert!(r.unused.is_empty(), "{text}\n{:?}", r.unused);
        assert_eq!(r.tool(), Some(memcalc_core::log::Tool::Sglang), "{text}");
    }
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

// ---- llama.cpp, DeepSpeed and sbatch (issue 40, h-trip): log/launch.rs ----

/// The reading of a paste over a base query.
fn read_over(text: &str, base: &str) -> Scenario {
    let (base, _) = Inputs::from_typed_query(base);
    let a = memcalc_core::log::check::answer(text, &base);
    a.scenario.unwrap_or_else(|| {
        panic!(
            "the paste fills no scenario:\n{text}\n{:?}",
            a.applied.refused
        )
    })
}

fn llamacpp_round_trip(s: &Scenario, o: &Emitted) {
    for text in [o.text(), o.body.clone()] {
        let back = read_over(&text, "mode=infer&engine=llamacpp");
        assert_eq!(back.engine, s.engine, "{text}");
        assert_eq!(back.model.map(|m| m.id), s.model.map(|m| m.id), "{text}");
        assert_eq!(back.quant, s.quant, "{text}");
        if s.quant == memcalc_core::catalog::quant::Quant::None {
            assert_eq!(back.dtype, s.dtype, "{text}");
        }
        assert_eq!(back.seq, s.seq, "{text}");
        assert_eq!(back.batch, s.batch, "{text}");
        let layers = s.shape().0.layers;
        assert_eq!(
            back.gpu_layers.unwrap_or(layers + 1),
            s.gpu_layers.unwrap_or(layers + 1),
            "{text}"
        );
        assert_eq!(
            back.ubatch.unwrap_or(512),
            s.ubatch.unwrap_or(512),
            "{text}"
        );
        assert_eq!(back.kv_dtype(), s.kv_dtype(), "{text}");
        assert_eq!(back.kv_quant, s.kv_quant, "{text}");
        assert_eq!(back.flash_attention, s.flash_attention, "{text}");
        assert_eq!(back.parallel.pp, s.parallel.pp, "{text}");
        if s.tensor_split.n > 0 {
            assert_eq!(
                back.tensor_split.shares(),
                s.tensor_split.shares(),
                "{text}"
            );
        }
        assert_eq!(back.n_cpu_moe, s.n_cpu_moe, "{text}");
        // What the estimate reads of those keys: the same bytes per GPU.
        let mut b = back;
        b.parallel.gpus = s.parallel.gpus;
        assert_eq!(
            estimate(&b).per_device_bytes,
            estimate(s).per_device_bytes,
            "{text}"
        );
    }
}

fn llama_query() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["meta-llama/Llama-3.1-8B", "meta-llama/Llama-3.1-70B", "Qwen/Qwen3-30B-A3B"]),
        prop::sample::select(vec!["none", "q4_k_m", "q8_0", "q6_k", "q2_k"]),
        prop::sample::select(vec!["", "&dtype=bf16", "&dtype=fp32"]),
        prop::sample::select(vec![2048u64, 8192, 32768]),
        prop::sample::select(vec![1u64, 2, 4]),
        prop::sample::select(vec!["", "&kv_dtype=q8_0", "&kv_dtype=q4_0", "&kv_dtype=bf16"]),
        prop::sample::select(vec!["", "&gpu_layers=20", "&gpu_layers=0"]),
        prop::sample::select(vec!["", "&ubatch=256", "&ubatch=2048"]),
        prop::sample::select(vec!["on", "off"]),
        prop::sample::select(vec!["", "&gpus=2&pp=2", "&gpus=2&pp=2&tensor_split=3,1", "&gpus=3&pp=3", "&n_cpu_moe=4"]),
    )
        .prop_map(|(m, q, d, seq, batch, kv, ngl, ub, fa, split)| {
            format!("mode=infer&engine=llamacpp&model_id={m}&quant={q}{d}&seq={seq}&batch={batch}{kv}{ngl}{ub}&flash_attention={fa}{split}")
        })
}

fn deepspeed_round_trip(s: &Scenario, o: &Emitted) {
    for text in [o.text(), o.body.clone()] {
        let back = read_over(&text, "mode=train&framework=deepspeed");
        assert_eq!(back.mode, s.mode, "{text}");
        assert_eq!(back.batch, s.batch, "{text}");
        assert_eq!(
            back.speed.micro_batches.unwrap_or(1),
            s.speed.micro_batches.unwrap_or(1),
            "{text}"
        );
        if matches!(s.dtype.id(), "bf16" | "fp16") {
            assert_eq!(back.dtype, s.dtype, "{text}");
        }
        assert_eq!(back.parallel.zero, s.parallel.zero, "{text}");
        assert_eq!(back.parallel.offload, s.parallel.offload, "{text}");
        if s.parallel.zero == 3 {
            assert_eq!(back.parallel.sharding, s.parallel.sharding, "{text}");
        }
        if s.parallel.zero > 0 && s.mech.bucket_size > 0 {
            assert_eq!(back.mech.bucket_size, s.mech.bucket_size, "{text}");
        }
    }
}

fn train_query() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["model_id=meta-llama/Llama-3.1-8B", "params=7B"]),
        prop::sample::select(vec!["framework=deepspeed", "framework=hf_trainer", "framework=none"]),
        prop::sample::select(vec![0u8, 1, 2, 3]),
        prop::sample::select(vec!["none", "optimizer", "all"]),
        prop::sample::select(vec!["bf16", "fp16", "fp32"]),
        prop::sample::select(vec![1u64, 2, 8]),
        prop::sample::select(vec!["", "&micro_batches=4"]),
        prop::sample::select(vec![("8", "8"), ("16", "8"), ("12", "4"), ("24", "8")]),
        prop::sample::select(vec!["", "&sharding=hybrid"]),
    )
        .prop_map(|(m, f, z, off, d, b, mb, (g, per), sh)| {
            format!("mode=train&{m}&{f}&zero={z}&offload={off}&dtype={d}&batch={b}{mb}&gpus={g}&gpus_per_node={per}{sh}&seq=2048")
        })
}

/// The `#SBATCH` header alone (the guard's line dropped): the nodes, the tasks and the GPUs it
/// asks for are the scenario's.
fn sbatch_round_trip(s: &Scenario, o: &Emitted) {
    // The bare script and the page's copy (its notes, which name the guard in a comment).
    for text in [o.body.clone(), o.text()] {
        sbatch_header(s, &text);
    }
    sbatch_whole(s, o);
}

fn sbatch_header(s: &Scenario, text: &str) {
    let header: String = text
        .lines()
        .filter(|l| !l.starts_with("memcalc "))
        .map(|l| format!("{l}\n"))
        .collect();
    let r = memcalc_core::log::read(&header);
    let key = |k: &str| {
        r.filled
            .iter()
            .find(|f| f.key.key() == k)
            .map(|f| f.value.parse::<u64>().unwrap())
    };
    if s.mode.id() == "sim" {
        assert_eq!(key("ranks"), Some(s.sim.ranks), "{header}");
        assert_eq!(key("nodes"), Some(s.sim.nodes.max(1)), "{header}");
    } else {
        assert_eq!(key("gpus"), Some(s.parallel.gpus), "{header}");
        let per = s.parallel.gpus_per_node.clamp(1, s.parallel.gpus.max(1));
        assert_eq!(key("gpus_per_node"), Some(per), "{header}");
        if s.mode.trains() {
            // One rank per GPU.
            assert_eq!(key("ranks"), Some(s.parallel.gpus), "{header}");
        }
    }
}

/// The whole script, as pasted: the guard's link states the scenario, and the header agrees
/// with it (no line named as unused).
fn sbatch_whole(s: &Scenario, o: &Emitted) {
    for text in [o.text(), o.body.clone()] {
        let r = memcalc_core::log::read(&text);
        assert!(r.unused.is_empty(), "{text}\n{:?}", r.unused);
        let back = read_over(&text, "mode=infer");
        if s.mode.id() == "infer" && text.contains("\nsrun ") {
            // The server's command (issue 40, h-fsdp) states, besides the guard's keys, the
            // values the estimate takes for the keys the link leaves at their defaults (the
            // memory share, the sequences and tokens of a step): the same estimate.
            assert_eq!(back.model.map(|m| m.id), s.model.map(|m| m.id), "{text}");
            assert_eq!(back.parallel.gpus, s.parallel.gpus, "{text}");
            assert_eq!(
                estimate(&back).per_device_bytes,
                estimate(s).per_device_bytes,
                "{text}\n{}\n{}",
                back.to_query(),
                s.to_query()
            );
        } else {
            // A torchrun line states the GPUs a node runs: at most the GPUs there are, as the
            // header's (issue 40, h-fsdp).
            let mut back = back;
            if s.mode.trains() && per_node(&back) == per_node(s) {
                back.parallel.gpus_per_node = s.parallel.gpus_per_node;
            }
            assert_eq!(back.to_query(), s.to_query(), "{text}");
        }
    }
}

fn sbatch_query() -> impl Strategy<Value = String> {
    prop_oneof![
        train_query(),
        query().prop_map(|q| format!("{q}&engine=vllm")),
        // Issue 40 (h-sglang): SGLang's command after `srun`.
        query().prop_map(|q| format!("{q}&engine=sglang")),
        (
            prop::sample::select(vec![
                "preset=lammps-rhodopsin",
                "preset=qe-si64",
                "preset=openfoam-10m",
                "preset=gadget-lcdm-512"
            ]),
            prop::sample::select(vec![(1u64, 64u64), (2, 64), (3, 100), (4, 96), (7, 50)]),
        )
            .prop_map(|(p, (nodes, ranks))| format!("{p}&nodes={nodes}&ranks={ranks}")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn llamacpp_commands_read_back_through_the_log_box(q in llama_query()) {
        let Some(s) = scenario_if_valid(&q) else { return Ok(()) };
        every_command(&s, Target::Llamacpp, llamacpp_round_trip);
    }

    #[test]
    fn deepspeed_configs_read_back_through_the_log_box(q in train_query()) {
        let Some(s) = scenario_if_valid(&q) else { return Ok(()) };
        every_command(&s, Target::Deepspeed, deepspeed_round_trip);
    }

    #[test]
    fn sbatch_scripts_read_back_through_the_log_box(q in sbatch_query()) {
        let Some(s) = scenario_if_valid(&q) else { return Ok(()) };
        every_command(&s, Target::Sbatch, sbatch_round_trip);
    }
}

/// A query's scenario where the form takes it (a random combination may be refused).
fn scenario_if_valid(q: &str) -> Option<Scenario> {
    let (inputs, notices) = Inputs::from_typed_query(q);
    if !notices.is_empty() {
        return None;
    }
    inputs.parse().ok()
}

#[test]
fn the_new_properties_reach_their_targets_and_suggestions() {
    for (q, t, check, least) in [
        (
            "mode=infer&engine=llamacpp&model_id=meta-llama/Llama-3.1-70B&quant=q4_k_m&seq=32768&batch=4&gpus=2&pp=2",
            Target::Llamacpp,
            llamacpp_round_trip as fn(&Scenario, &Emitted),
            3,
        ),
        (
            "mode=train&model_id=meta-llama/Llama-3.1-8B&framework=deepspeed&zero=3&offload=all&gpus=16&batch=8",
            Target::Deepspeed,
            deepspeed_round_trip,
            2,
        ),
        (
            "mode=train&model_id=meta-llama/Llama-3.1-8B&framework=deepspeed&zero=2&gpus=16&batch=8",
            Target::Sbatch,
            sbatch_round_trip,
            3,
        ),
        ("preset=lammps-rhodopsin&nodes=3&ranks=100", Target::Sbatch, sbatch_round_trip, 1),
    ] {
        let s = scenario(q).unwrap();
        assert!(every_command(&s, t, check) >= least, "{}: {q}", t.id());
    }
}

// ---- the simulation codes (issue 40, h-trip2): log/launch.rs through the codes' recognisers ----

/// A scenario's query without the keys a launch line states (so that reading it back over that
/// base must set them again).
fn base_without(s: &Scenario, keys: &[&str]) -> String {
    s.to_query()
        .split('&')
        .filter(|kv| !keys.iter().any(|k| kv.split('=').next() == Some(*k)))
        .collect::<Vec<_>>()
        .join("&")
}

/// The keys a paste's reading fills, by name.
fn filled(text: &str) -> Vec<(String, String)> {
    memcalc_core::log::read(text)
        .filled
        .iter()
        .map(|f| (f.key.key().to_string(), f.value.clone()))
        .collect()
}

fn filled_key(f: &[(String, String)], k: &str) -> Option<String> {
    f.iter().find(|x| x.0 == k).map(|x| x.1.clone())
}

/// pw.x: `mpirun -np N pw.x -nk K -i pw.in` read back gives the code, the ranks and the pools.
fn pwx_round_trip(s: &Scenario, o: &Emitted) {
    for text in [o.text(), o.body.clone()] {
        let f = filled(&text);
        assert_eq!(filled_key(&f, "mode").as_deref(), Some("sim"), "{text}");
        assert_eq!(
            filled_key(&f, "code").as_deref(),
            Some("quantum_espresso"),
            "{text}"
        );
        assert_eq!(
            filled_key(&f, "ranks"),
            Some(s.sim.ranks.to_string()),
            "{text}"
        );
        assert_eq!(
            filled_key(&f, "pools"),
            Some(s.sim.pw.pools.to_string()),
            "{text}"
        );
        assert!(memcalc_core::log::read(&text).unused.is_empty(), "{text}");
        // Over the scenario without its ranks and pools: the same scenario again.
        let back = read_over(&text, &base_without(s, &["ranks", "pools"]));
        assert_eq!(back.to_query(), s.to_query(), "{text}");
    }
}

fn pwx_query() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![
            "preset=qe-si64",
            "mode=sim&code=quantum_espresso&ecutwfc=40&cell_volume=1000&bands=40&atoms=8&kpoints=16",
        ]),
        prop::sample::select(vec![(1u64, 1u64), (4, 1), (8, 2), (32, 4), (64, 16), (96, 3), (128, 8)]),
        prop::sample::select(vec![1u64, 2, 4]),
    )
        .prop_map(|(p, (ranks, pools), nodes)| format!("{p}&ranks={ranks}&pools={pools}&nodes={nodes}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn pwx_commands_read_back_through_the_pwx_recogniser(q in pwx_query()) {
        let Some(s) = scenario_if_valid(&q) else { return Ok(()) };
        every_command(&s, Target::Pwx, pwx_round_trip);
    }
}

#[test]
fn the_pwx_property_reaches_its_target_and_reads_the_long_names() {
    for q in [
        "preset=qe-si64&ranks=64&pools=4&nodes=2",
        "mode=sim&code=quantum_espresso&ecutwfc=40&cell_volume=1000&bands=40&atoms=8&kpoints=16&ranks=96&pools=16&nodes=2",
    ] {
        let s = scenario(q).unwrap();
        assert!(every_command(&s, Target::Pwx, pwx_round_trip) >= 1, "{q}");
    }
    // The long names and the linear-algebra group, written by hand.
    let text = "srun --ntasks=48 /opt/qe-7.2/bin/pw.x -npool 6 -ndiag 4 -inp scf.in > scf.out";
    let f = filled(text);
    assert_eq!(filled_key(&f, "ranks").as_deref(), Some("48"));
    assert_eq!(filled_key(&f, "pools").as_deref(), Some("6"));
    let r = memcalc_core::log::read(text);
    assert!(
        r.unused.iter().any(|u| u.why.starts_with("-ndiag")),
        "{:?}",
        r.unused
    );
}

/// LAMMPS: `mpirun -np N lmp -in in.lammps [-sf gpu -pk gpu G]` and the input's
/// `processors Px Py Pz` read back give the code, the ranks, the package and, where the GPUs
/// name one per rank, the GPU-resident run.
fn lammps_round_trip(s: &Scenario, o: &Emitted) {
    use memcalc_core::scenario::sim::{Package, SimDevice};
    let m = &s.sim;
    for text in [o.text(), o.body.clone()] {
        let r = memcalc_core::log::read(&text);
        assert!(r.unused.is_empty(), "{text}\n{:?}", r.unused);
        let f = filled(&text);
        assert_eq!(filled_key(&f, "code").as_deref(), Some("lammps"), "{text}");
        assert_eq!(filled_key(&f, "ranks"), Some(m.ranks.to_string()), "{text}");
        let back = read_over(
            &text,
            &base_without(s, &["ranks", "package", "sim_device", "threads"]),
        );
        assert_eq!(back.sim.ranks, m.ranks, "{text}");
        // The package's kind; its precision is lib/gpu's build, which no switch states.
        assert_eq!(
            back.sim.package.gpu_types().is_some(),
            m.package.gpu_types().is_some(),
            "{text}"
        );
        if m.package != Package::None {
            assert_eq!(back.sim.package, Package::Gpu, "{text}");
        }
        let per_node = m.ranks.div_ceil(m.nodes.max(1)).max(1);
        if m.package != Package::None
            && m.device == SimDevice::Gpu
            && (per_node > 1 || m.ranks == 1)
        {
            assert_eq!(back.sim.device, SimDevice::Gpu, "{text}");
        }
        if m.device == SimDevice::Cpu && m.ranks > 1 {
            assert_eq!(back.sim.device, SimDevice::Cpu, "{text}");
        }
        // Everything else is the scenario's own.
        let mut b = back;
        b.sim.package = m.package;
        b.sim.device = m.device;
        assert_eq!(b.to_query(), s.to_query(), "{text}");
    }
    // The input's grid holds the ranks.
    let grid = o
        .settings
        .iter()
        .find(|st| st.name == "processors")
        .unwrap();
    let n: u64 = grid
        .value
        .split(' ')
        .map(|x| x.parse::<u64>().unwrap())
        .product();
    assert_eq!(n, m.ranks, "{}", grid.value);
}

fn lammps_query() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![
            "preset=lammps-rhodopsin",
            "mode=sim&code=lammps&method=particles&density=0.8442&cutoff=2.5&skin=0.3&particles=4000000",
        ]),
        prop::sample::select(vec![1u64, 2, 4, 6, 12, 64, 100, 128]),
        prop::sample::select(vec![1u64, 2, 4]),
        prop::sample::select(vec!["", "&package=gpu", "&package=gpu_double", "&package=gpu_single"]),
        prop::sample::select(vec!["", "&sim_device=gpu"]),
    )
        .prop_map(|(p, ranks, nodes, pk, dev)| format!("{p}&ranks={ranks}&nodes={nodes}{pk}{dev}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn lammps_commands_read_back_through_the_lammps_recogniser(q in lammps_query()) {
        let Some(s) = scenario_if_valid(&q) else { return Ok(()) };
        every_command(&s, Target::Lammps, lammps_round_trip);
    }
}

#[test]
fn the_lammps_property_reaches_its_target_and_reads_hand_written_switches() {
    for q in [
        "preset=lammps-rhodopsin&ranks=64&nodes=2",
        "preset=lammps-rhodopsin&ranks=8&nodes=2&package=gpu_double&sim_device=gpu",
    ] {
        let s = scenario(q).unwrap();
        assert!(
            every_command(&s, Target::Lammps, lammps_round_trip) >= 1,
            "{q}"
        );
    }
    // OpenMP threads, KOKKOS (named unused), and a grid that does not hold the ranks.
    let text = "mpirun -n 16 /opt/lammps/bin/lmp_mpi -sf omp -pk omp 4 neigh no -in in.lj\nprocessors 2 2 2\n";
    let f = filled(text);
    assert_eq!(filled_key(&f, "ranks").as_deref(), Some("16"));
    assert_eq!(filled_key(&f, "threads").as_deref(), Some("4"));
    assert_eq!(filled_key(&f, "package").as_deref(), Some("none"));
    let r = memcalc_core::log::read(text);
    assert!(
        r.unused
            .iter()
            .any(|u| u.why.contains("processors grid holds 8")),
        "{:?}",
        r.unused
    );
    let r = memcalc_core::log::read("mpirun -np 4 lmp -k on g 4 -sf kk -in in.lj\n");
    assert!(
        r.unused.iter().any(|u| u.why.starts_with("-k on")),
        "{:?}",
        r.unused
    );
}

/// OpenFOAM: the `system/decomposeParDict` read back gives the code and the ranks.
fn openfoam_round_trip(s: &Scenario, o: &Emitted) {
    for text in [o.text(), o.body.clone()] {
        let r = memcalc_core::log::read(&text);
        assert!(r.unused.is_empty(), "{text}\n{:?}", r.unused);
        let f = filled(&text);
        assert_eq!(
            filled_key(&f, "code").as_deref(),
            Some("openfoam"),
            "{text}"
        );
        assert_eq!(
            filled_key(&f, "ranks"),
            Some(s.sim.ranks.to_string()),
            "{text}"
        );
        let back = read_over(&text, &base_without(s, &["ranks"]));
        assert_eq!(back.to_query(), s.to_query(), "{text}");
    }
}

/// GADGET-4: the parameter file's `MaxMemSize` read back gives the code and the MB per task
/// (the one given, else the estimate's per-rank figure rounded up, which the emitter writes).
fn gadget_round_trip(s: &Scenario, o: &Emitted) {
    let mb = o
        .settings
        .iter()
        .find(|st| st.name == "MaxMemSize")
        .unwrap();
    if s.sim.nbody.max_mem_mib > 0 {
        assert_eq!(mb.value, s.sim.nbody.max_mem_mib.to_string());
    }
    for text in [o.text(), o.body.clone()] {
        let f = filled(&text);
        assert_eq!(filled_key(&f, "code").as_deref(), Some("gadget"), "{text}");
        assert_eq!(
            filled_key(&f, "max_mem_size"),
            Some(mb.value.clone()),
            "{text}"
        );
        let back = read_over(&text, &base_without(s, &["max_mem_size"]));
        assert_eq!(back.sim.nbody.max_mem_mib.to_string(), mb.value, "{text}");
        let mut b = back;
        b.sim.nbody.max_mem_mib = s.sim.nbody.max_mem_mib;
        assert_eq!(b.to_query(), s.to_query(), "{text}");
    }
}

fn sim_file_query() -> impl Strategy<Value = (String, bool)> {
    prop_oneof![
        (
            prop::sample::select(vec![
                "preset=openfoam-10m",
                "mode=sim&code=openfoam&cells=2M"
            ]),
            prop::sample::select(vec![1u64, 2, 16, 128, 500]),
            prop::sample::select(vec![1u64, 4]),
        )
            .prop_map(|(p, r, n)| (format!("{p}&ranks={r}&nodes={n}"), true)),
        (
            prop::sample::select(vec!["", "&max_mem_size=1800", "&max_mem_size=6000"]),
            prop::sample::select(vec![16u64, 64, 256]),
        )
            .prop_map(|(m, r)| (format!("preset=gadget-lcdm-512&ranks={r}{m}"), false)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn openfoam_and_gadget_files_read_back_through_their_recognisers((q, foam) in sim_file_query()) {
        let Some(s) = scenario_if_valid(&q) else { return Ok(()) };
        if foam {
            every_command(&s, Target::Openfoam, openfoam_round_trip);
        } else {
            every_command(&s, Target::Gadget4, gadget_round_trip);
        }
    }
}

#[test]
fn the_file_properties_reach_their_targets_and_a_geometric_split_is_named() {
    let s = scenario("preset=openfoam-10m&ranks=256&nodes=4").unwrap();
    assert!(every_command(&s, Target::Openfoam, openfoam_round_trip) >= 1);
    for q in [
        "preset=gadget-lcdm-512",
        "preset=gadget-lcdm-512&max_mem_size=3000",
    ] {
        let s = scenario(q).unwrap();
        assert!(
            every_command(&s, Target::Gadget4, gadget_round_trip) >= 1,
            "{q}"
        );
    }
    let dict = "numberOfSubdomains  8;\nmethod          simple;\nsimpleCoeffs\n{\n    n           (2 2 2);\n}\n";
    assert_eq!(filled_key(&filled(dict), "ranks").as_deref(), Some("8"));
    let r = memcalc_core::log::read(dict);
    assert!(
        r.unused.iter().any(|u| u.why.starts_with("method simple")),
        "{:?}",
        r.unused
    );
    // The layout of OpenFOAM's own tutorial dictionaries (OpenFOAM-8
    // tutorials/incompressible/simpleFoam/motorBike/system/decomposeParDict): a commented-out
    // method is no method, and the chosen hierarchical split is named.
    let dict = "FoamFile\n{\n    object      decomposeParDict;\n}\n\nnumberOfSubdomains 12;\n\nmethod          hierarchical;\n// method          ptscotch;\n\nhierarchicalCoeffs\n{\n    n               (4 3 1);\n}\n";
    assert_eq!(filled_key(&filled(dict), "ranks").as_deref(), Some("12"));
    let r = memcalc_core::log::read(dict);
    assert_eq!(r.unused.len(), 1, "{:?}", r.unused);
    assert!(
        r.unused[0].why.starts_with("method hierarchical"),
        "{:?}",
        r.unused
    );
}

// ---- torchrun/FSDP and Hugging Face TrainingArguments (issue 40, h-fsdp): log/trainer.rs ----

/// The GPUs per node a launch writes (train::nodes: at most the GPUs).
fn per_node(s: &Scenario) -> u64 {
    s.parallel.gpus_per_node.clamp(1, s.parallel.gpus.max(1))
}

/// The recomputation a launcher's switch gives back: whole layers (full) or none.
fn recompute_back(s: &Scenario) -> memcalc_core::scenario::Recompute {
    use memcalc_core::scenario::Recompute;
    if s.recompute == Recompute::None {
        Recompute::None
    } else {
        Recompute::Full
    }
}

/// `torchrun … train.py` and `FullyShardedDataParallel(...)` read back: the GPUs, the
/// sharding, the offload, the precision and the recomputation are the scenario's.
fn fsdp_round_trip(s: &Scenario, o: &Emitted) {
    use memcalc_core::scenario::{Offload, Sharding};
    for text in [o.text(), o.body.clone()] {
        let r = memcalc_core::log::read(&text);
        assert!(r.unused.is_empty(), "{text}\n{:?}", r.unused);
        let back = read_over(&text, "mode=infer");
        assert!(back.mode.trains(), "{text}");
        assert_eq!(back.mech.framework.id(), "fsdp", "{text}");
        assert_eq!(back.parallel.gpus, s.parallel.gpus, "{text}");
        assert_eq!(per_node(&back), per_node(s), "{text}");
        assert_eq!(back.parallel.zero, s.parallel.zero, "{text}");
        if s.parallel.zero >= 2 {
            assert_eq!(back.parallel.sharding, s.parallel.sharding, "{text}");
        } else {
            assert_eq!(back.parallel.sharding, Sharding::Full, "{text}");
        }
        assert_eq!(back.parallel.offload, s.parallel.offload, "{text}");
        assert_ne!(back.parallel.offload, Offload::Optimizer, "{text}");
        if matches!(s.dtype.id(), "bf16" | "fp16") {
            assert_eq!(back.dtype, s.dtype, "{text}");
            assert_eq!(back.mixed, s.mixed, "{text}");
        }
        assert_eq!(back.recompute, recompute_back(s), "{text}");
    }
}

/// The optimizer a TrainingArguments' `optim` gives back (Adam and AdamW are both
/// `adamw_torch`, the same two states).
fn optimizer_back(s: &Scenario) -> &'static str {
    match s.optimizer.id() {
        "adam" => "adamw",
        o => o,
    }
}

/// TrainingArguments read back: as the keyword arguments written, and as the same fields in a
/// JSON object (`TrainingArguments.to_json_string()`) and in YAML lines.
fn hf_round_trip(s: &Scenario, o: &Emitted) {
    let json = format!(
        "{{\n{}\n}}\n",
        o.settings
            .iter()
            .map(|st| {
                let v = match st.value.as_str() {
                    "True" => "true".to_string(),
                    "False" => "false".to_string(),
                    v => v.to_string(),
                };
                format!("  \"{}\": {v}", st.name)
            })
            .collect::<Vec<_>>()
            .join(",\n")
    );
    let yaml: String = o
        .settings
        .iter()
        .map(|st| {
            format!(
                "{}: {}\n",
                st.name,
                st.value.trim_matches('"').to_lowercase()
            )
        })
        .collect();
    for text in [o.text(), o.body.clone(), json, yaml] {
        let back = read_over(&text, "mode=infer");
        assert!(back.mode.trains(), "{text}");
        assert_eq!(back.mech.framework.id(), "hf_trainer", "{text}");
        assert_eq!(back.batch, s.batch, "{text}");
        assert_eq!(
            back.speed.micro_batches.unwrap_or(1),
            s.speed.micro_batches.unwrap_or(1),
            "{text}"
        );
        assert_eq!(back.recompute, recompute_back(s), "{text}");
        if matches!(s.dtype.id(), "bf16" | "fp16") {
            assert_eq!(back.dtype, s.dtype, "{text}");
        }
        assert_eq!(back.optimizer.id(), optimizer_back(s), "{text}");
        if s.optimizer.id() == "adam8bit" {
            assert_eq!(back.mech.paged_optimizer, s.mech.paged_optimizer, "{text}");
        }
        if text.contains("fsdp") {
            assert_eq!(back.parallel.zero, s.parallel.zero, "{text}");
            assert_eq!(back.parallel.sharding, s.parallel.sharding, "{text}");
            assert_eq!(back.parallel.offload, s.parallel.offload, "{text}");
        } else if !text.contains("deepspeed") {
            // Plain DDP: nothing sharded.
            assert_eq!(back.parallel.zero, 0, "{text}");
            assert_eq!(back.parallel.offload.id(), "none", "{text}");
        } else {
            // The stage is in ds_config.json, named as unused.
            let r = memcalc_core::log::read(&text);
            assert!(
                r.unused.iter().any(|u| u.why.starts_with("deepspeed=")),
                "{text}"
            );
        }
    }
}

fn fsdp_query() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["model_id=meta-llama/Llama-3.1-8B", "params=7B"]),
        prop::sample::select(vec!["framework=fsdp", "framework=hf_trainer", "framework=none", "framework=trl"]),
        prop::sample::select(vec![0u8, 1, 2, 3]),
        prop::sample::select(vec!["none", "all"]),
        prop::sample::select(vec!["bf16", "fp16", "fp32"]),
        prop::sample::select(vec!["", "&mixed=off"]),
        prop::sample::select(vec![1u64, 2, 8]),
        prop::sample::select(vec!["", "&micro_batches=4"]),
        prop::sample::select(vec![("8", "8"), ("16", "8"), ("12", "4"), ("12", "8"), ("4", "8")]),
        prop::sample::select(vec!["", "&sharding=hybrid"]),
        prop::sample::select(vec!["none", "selective", "full"]),
        prop::sample::select(vec!["adamw", "adam", "adam8bit", "adam8bit&paged_optimizer=on", "sgd", "momentum", "lion", "adafactor"]),
    )
        .prop_map(|(m, f, z, off, d, mx, b, mb, (g, per), sh, rc, opt)| {
            format!("mode=train&{m}&{f}&zero={z}&offload={off}&dtype={d}{mx}&batch={b}{mb}&gpus={g}&gpus_per_node={per}{sh}&recompute={rc}&optimizer={opt}&seq=2048")
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn fsdp_launches_read_back_through_the_log_box(q in fsdp_query()) {
        let Some(s) = scenario_if_valid(&q) else { return Ok(()) };
        every_command(&s, Target::Fsdp, fsdp_round_trip);
    }

    #[test]
    fn training_arguments_read_back_through_the_log_box(q in fsdp_query()) {
        let Some(s) = scenario_if_valid(&q) else { return Ok(()) };
        every_command(&s, Target::Hf, hf_round_trip);
    }

    #[test]
    fn training_sbatch_scripts_with_their_launched_command_read_back(q in fsdp_query()) {
        let Some(s) = scenario_if_valid(&q) else { return Ok(()) };
        every_command(&s, Target::Sbatch, sbatch_launched_round_trip);
    }
}

/// The launched command of an sbatch script (issue 40, h-fsdp): after the guard, `srun` and
/// the program; read back by its own reader (torchrun, vllm serve, llama-server, pw.x, lmp),
/// it states what the header and the guard state.
fn sbatch_launched_round_trip(s: &Scenario, o: &Emitted) {
    let srun = o.body.lines().find(|l| l.starts_with("srun "));
    let guard = o.body.lines().position(|l| l.starts_with("memcalc "));
    if let Some(cmd) = srun {
        let at = o.body.lines().position(|l| l == cmd).unwrap();
        assert!(guard.unwrap() < at, "the guard runs first:\n{}", o.body);
        assert!(
            o.settings.iter().any(|st| st.name == "srun"),
            "{:?}",
            o.settings
        );
    }
    let even = s.parallel.gpus.is_multiple_of(per_node(s));
    if s.mode.trains() {
        assert_eq!(srun.is_some(), even, "{}", o.body);
    }
    if s.mode.trains() && !even {
        // GPUs that do not fill whole nodes (issue 40, h-sglang): the header asks the job's
        // GPUs (--ntasks × --gpus-per-task), not nodes × per node, and says why no torchrun
        // line follows.
        assert!(o.body.contains("#SBATCH --gpus-per-task=1\n"), "{}", o.body);
        assert!(!o.body.contains("--gpus-per-node"), "{}", o.body);
        assert!(
            o.text()
                .contains("No srun line follows: torchrun starts --nproc-per-node"),
            "{}",
            o.text()
        );
    }
    sbatch_round_trip(s, o);
    // The command alone: its reader gives the GPUs (training) or the ranks (a code).
    if let Some(cmd) = srun {
        let f = filled(cmd);
        if s.mode.trains() {
            assert_eq!(
                filled_key(&f, "gpus"),
                Some(s.parallel.gpus.to_string()),
                "{cmd}"
            );
            assert_eq!(
                filled_key(&f, "gpus_per_node"),
                Some(per_node(s).to_string()),
                "{cmd}"
            );
        } else if s.mode.id() == "sim" {
            assert_eq!(
                filled_key(&f, "ranks"),
                Some(s.sim.ranks.to_string()),
                "{cmd}"
            );
        } else {
            // Every server's command states keys, SGLang's too (issue 40, h-sglang).
            assert!(!f.is_empty(), "{cmd}");
        }
    }
}

#[test]
fn the_training_properties_reach_their_targets_and_suggestions() {
    for (q, t, check, least) in [
        (
            "mode=train&model_id=meta-llama/Llama-3.1-8B&framework=fsdp&zero=3&gpus=16&gpus_per_node=8&batch=8&dtype=bf16&recompute=full",
            Target::Fsdp,
            fsdp_round_trip as fn(&Scenario, &Emitted),
            2,
        ),
        (
            "mode=train&model_id=meta-llama/Llama-3.1-8B&framework=hf_trainer&zero=2&gpus=8&batch=8&dtype=bf16&optimizer=adam8bit",
            Target::Hf,
            hf_round_trip,
            2,
        ),
        (
            "mode=train&model_id=meta-llama/Llama-3.1-8B&framework=fsdp&zero=3&gpus=16&gpus_per_node=8&batch=8",
            Target::Sbatch,
            sbatch_launched_round_trip,
            2,
        ),
        (
            "mode=infer&model_id=meta-llama/Llama-3.1-8B&engine=vllm&gpus=2&tp=2&seq=8192",
            Target::Sbatch,
            sbatch_launched_round_trip,
            1,
        ),
        (
            "mode=infer&model_id=meta-llama/Llama-3.1-8B&engine=sglang&gpus=2&tp=2&seq=8192",
            Target::Sbatch,
            sbatch_launched_round_trip,
            1,
        ),
        (
            "mode=infer&model_id=meta-llama/Llama-3.1-8B&engine=llamacpp&quant=q4_k_m&seq=8192",
            Target::Sbatch,
            sbatch_launched_round_trip,
            1,
        ),
        ("preset=qe-si64&ranks=64&pools=4&nodes=2", Target::Sbatch, sbatch_launched_round_trip, 1),
        ("preset=lammps-rhodopsin&ranks=8&nodes=2&package=gpu_double&sim_device=gpu", Target::Sbatch, sbatch_launched_round_trip, 1),
    ] {
        let s = scenario(q).unwrap();
        assert!(every_command(&s, t, check) >= least, "{}: {q}", t.id());
    }
}

#[test]
fn a_training_sbatch_for_part_of_a_node_asks_the_gpus_it_uses() {
    // 12 GPUs at 8 per node: two nodes, twelve tasks of one GPU each (sbatch.1
    // --gpus-per-task), not 2 × 8 = 16 GPUs.
    let s = scenario("mode=train&model_id=meta-llama/Llama-3.1-8B&framework=fsdp&zero=3&gpus=12&gpus_per_node=8&batch=8").unwrap();
    let o = emit::emit(Target::Sbatch, &s, &estimate(&s)).unwrap();
    for want in [
        "#SBATCH --nodes=2\n",
        "#SBATCH --ntasks=12\n",
        "#SBATCH --ntasks-per-node=8\n",
        "#SBATCH --gpus-per-task=1\n",
    ] {
        assert!(o.body.contains(want), "{want}\n{}", o.body);
    }
    assert!(!o.body.contains("srun "), "{}", o.body);
    let header: String = o
        .body
        .lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    let f = filled(&header);
    assert_eq!(filled_key(&f, "gpus").as_deref(), Some("12"), "{header}");
    assert_eq!(
        filled_key(&f, "gpus_per_node").as_deref(),
        Some("8"),
        "{header}"
    );
    // The whole script reads back as the scenario, its header agreeing with the guard.
    let r = memcalc_core::log::read(&o.text());
    assert!(r.unused.is_empty(), "{:?}", r.unused);
    assert_eq!(read_over(&o.body, "mode=infer").to_query(), s.to_query());
}

#[test]
fn hand_written_training_launches_are_read_with_the_tools_names() {
    // torchrun's underscore spelling, an elastic node range, rendezvous options, and the
    // script's own arguments (not torchrun's).
    let f = filled("torchrun --nnodes=2:4 --nproc_per_node=4 --rdzv-backend c10d --rdzv-endpoint host:29500 train.py --nnodes 9\n");
    assert_eq!(filled_key(&f, "gpus").as_deref(), Some("8"));
    assert_eq!(filled_key(&f, "gpus_per_node").as_deref(), Some("4"));
    // FSDP with its defaults: FULL_SHARD, nothing offloaded, no checkpointing.
    let f = filled("model = FSDP(model, auto_wrap_policy=policy)\n");
    assert_eq!(filled_key(&f, "zero").as_deref(), Some("3"));
    assert_eq!(filled_key(&f, "sharding").as_deref(), Some("full"));
    assert_eq!(filled_key(&f, "offload").as_deref(), Some("none"));
    // A TrainingArguments JSON dump (to_json_string) with an empty fsdp list: plain DDP.
    let f = filled("{\n  \"output_dir\": \"out\",\n  \"per_device_train_batch_size\": 4,\n  \"gradient_checkpointing\": false,\n  \"fsdp\": [],\n  \"deepspeed\": null,\n  \"optim\": \"paged_adamw_8bit\",\n  \"bf16\": true\n}\n");
    assert_eq!(filled_key(&f, "batch").as_deref(), Some("4"));
    assert_eq!(filled_key(&f, "zero").as_deref(), Some("0"));
    assert_eq!(filled_key(&f, "recompute").as_deref(), Some("none"));
    assert_eq!(filled_key(&f, "optimizer").as_deref(), Some("adam8bit"));
    assert_eq!(filled_key(&f, "paged_optimizer").as_deref(), Some("on"));
    assert_eq!(filled_key(&f, "dtype").as_deref(), Some("bf16"));
    // A DeepSpeed config names gradient_accumulation_steps and bf16 too: it stays DeepSpeed's.
    let r = memcalc_core::log::read("{\n  \"train_micro_batch_size_per_gpu\": 2,\n  \"gradient_accumulation_steps\": 4,\n  \"bf16\": {\"enabled\": true},\n  \"zero_optimization\": {\"stage\": 2}\n}\n");
    assert_eq!(r.tools.len(), 1, "{:?}", r.tools);
    assert_eq!(r.tool(), Some(memcalc_core::log::Tool::DeepSpeed));
}

#[test]
fn training_arguments_on_one_line_name_an_unused_field_once() {
    let r = memcalc_core::log::read(
        "{\"per_device_train_batch_size\": 2, \"optim\": \"adamw_torch\", \"bf16\": true, \"deepspeed\": \"ds.json\"}\n",
    );
    assert_eq!(r.unused.len(), 1, "{:?}", r.unused);
    assert!(r.unused[0].why.starts_with("deepspeed=ds.json"));
}
