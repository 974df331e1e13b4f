//! Launch settings out (issue 40): every target's output read back. Each flag, option and key
//! is checked against the names copied from the tool's own source (`tests/emit_sources/`, each
//! file headed by the file and version it was copied from), and each output round-trips: the
//! flags read back through the log reader's reading of the same command (vLLM) or through the
//! URL keys that mean the same (llama.cpp, DeepSpeed, the simulations, the sbatch guard) give
//! the scenario's values again.

use memcalc_core::report::emit::{self, Emitted, Target};
use memcalc_core::{estimate, Choice, Inputs, Scenario};
use std::collections::{BTreeMap, BTreeSet};

fn scenario(q: &str) -> Scenario {
    let (inputs, notices) = Inputs::from_typed_query(q);
    assert!(notices.is_empty(), "{q}: {notices:?}");
    inputs.parse().unwrap_or_else(|e| panic!("{q}: {e:?}"))
}

fn out(t: Target, q: &str) -> Emitted {
    let s = scenario(q);
    let e = estimate(&s);
    emit::emit(t, &s, &e).unwrap_or_else(|why| panic!("{} on {q}: {why}", t.id()))
}

/// A fixture's names by section (`[name]` lines; names before any section under "").
fn names(file: &str) -> BTreeMap<String, BTreeSet<String>> {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/emit_sources")
        .join(file);
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    assert!(
        text.lines()
            .any(|l| l.starts_with('#') && l.contains("ource")),
        "{file} names its source"
    );
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut section = String::new();
    for l in text.lines().map(str::trim) {
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        if let Some(s) = l.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = s.to_string();
            continue;
        }
        let set = out.entry(section.clone()).or_default();
        for n in l.split_whitespace() {
            set.insert(n.to_string());
        }
    }
    out
}

fn all_names(file: &str) -> BTreeSet<String> {
    names(file).into_values().flatten().collect()
}

/// A command's words as a shell reads them: continuations joined, single quotes removed.
fn words(cmd: &str) -> Vec<String> {
    let joined = cmd.replace("\\\n", " ");
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in joined.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(cur);
    }
    out
}

/// The flags of a command and the value after each (None for a switch).
fn flags(cmd: &str) -> Vec<(String, Option<String>)> {
    let w = words(cmd);
    let mut out = Vec::new();
    let mut i = 0;
    while i < w.len() {
        if w[i].starts_with('-') {
            let v = w
                .get(i + 1)
                .filter(|v| !v.starts_with('-') || v.parse::<f64>().is_ok())
                .cloned();
            i += if v.is_some() { 2 } else { 1 };
            out.push((w[i - 1 - v.is_some() as usize].clone(), v));
        } else {
            i += 1;
        }
    }
    out
}

fn flag<'a>(f: &'a [(String, Option<String>)], name: &str) -> Option<&'a str> {
    f.iter()
        .find(|(n, _)| n == name)
        .and_then(|(_, v)| v.as_deref())
}

const VLLM: &str = "mode=infer&model_id=meta-llama/Llama-3.1-70B&gpus=8&tp=4&seq=32768&batch=8&engine=vllm&kv_dtype=fp8&gpu_util=0.92&max_num_seqs=64";
const VLLM_PP: &str = "mode=infer&model_id=meta-llama/Llama-3.1-70B&gpus=8&tp=4&pp=2&seq=8192&engine=vllm&cuda_graphs=off&quant=awq";
const SGLANG: &str =
    "mode=infer&model_id=meta-llama/Llama-3.1-70B&gpus=4&tp=4&seq=32768&batch=8&engine=sglang";
const LLAMACPP: &str = "mode=infer&model_id=meta-llama/Llama-3.1-8B&engine=llamacpp&quant=q4_k_m&seq=8192&batch=4&kv_dtype=q8_0&gpu_layers=20&ubatch=256&flash_attention=off";
const LLAMACPP_2GPU: &str = "mode=infer&model_id=meta-llama/Llama-3.1-70B&engine=llamacpp&quant=q4_k_m&seq=4096&gpus=2&pp=2&tensor_split=3,1";
const DEEPSPEED: &str =
    "params=7B&zero=3&gpus=16&offload=all&recompute=full&framework=deepspeed&micro_batches=4&batch=2";
const HF_ZERO2: &str = "params=7B&framework=hf_trainer&zero=2&gpus=8&optimizer=adam8bit";
const FSDP: &str = "params=13B&framework=fsdp&zero=3&gpus=16&sharding=hybrid&recompute=full";

#[test]
fn vllm_flags_are_engine_args_and_read_back_through_the_log_reader() {
    let known = all_names("vllm_args.txt");
    for q in [VLLM, VLLM_PP] {
        let o = out(Target::Vllm, q);
        assert!(
            o.body.starts_with("vllm serve meta-llama/Llama-3.1-70B"),
            "{}",
            o.body
        );
        let f = flags(&o.body);
        assert!(f.len() >= 7, "{f:?}");
        for (name, _) in &f {
            let field = name.trim_start_matches('-').replace('-', "_");
            assert!(known.contains(&field), "{name} is not an EngineArgs field");
        }
        // Every setting's reason is written, and each flag is one of the settings.
        for st in &o.settings {
            assert!(!st.why.is_empty(), "{st:?}");
        }
        assert!(o.text().lines().filter(|l| l.starts_with("# --")).count() >= f.len());
        // Round trip: the command as a line of a log, read by the vLLM recogniser.
        let s = scenario(q);
        let line = o.body.replace(" \\\n ", "");
        let (base, _) = Inputs::from_typed_query("mode=infer");
        let a = memcalc_core::log::check::answer(&line, &base);
        let back = a.scenario.expect("the command fills a scenario");
        assert_eq!(back.model.map(|m| m.id), s.model.map(|m| m.id));
        assert_eq!(back.seq, s.seq);
        assert_eq!(back.parallel.tp, s.parallel.tp);
        assert_eq!(back.parallel.pp, s.parallel.pp);
        assert_eq!(back.kv_dtype, s.kv_dtype);
        assert_eq!(back.quant, s.quant);
        assert_eq!(back.cuda_graphs, s.cuda_graphs, "{line}");
        let pool = s.engine.pool().unwrap();
        let e = estimate(&s);
        assert_eq!(back.gpu_util_milli, Some(e.serving.unwrap().util_milli));
        assert_eq!(back.max_num_seqs, Some(pool.max_seqs(&s)));
        assert_eq!(back.max_batched_tokens, Some(pool.step_tokens(&s)));
    }
    // The given share and sequences are written as given; 8 GPUs at tp 4: two replicas.
    let f = flags(&out(Target::Vllm, VLLM).body);
    assert_eq!(flag(&f, "--gpu-memory-utilization"), Some("0.92"));
    assert_eq!(flag(&f, "--max-num-seqs"), Some("64"));
    assert_eq!(flag(&f, "--data-parallel-size"), Some("2"));
    assert_eq!(flag(&f, "--kv-cache-dtype"), Some("fp8"));
    let f = flags(&out(Target::Vllm, VLLM_PP).body);
    assert!(f.iter().any(|(n, v)| n == "--enforce-eager" && v.is_none()));
    assert_eq!(flag(&f, "--quantization"), Some("awq"));
}

#[test]
fn sglang_flags_are_server_args_with_the_share_the_estimate_used() {
    let known = all_names("sglang_args.txt");
    let o = out(Target::Sglang, SGLANG);
    let args = o
        .body
        .strip_prefix("python -m sglang.launch_server")
        .expect("the launcher");
    let f = flags(args);
    for (name, _) in &f {
        let field = name.trim_start_matches('-').replace('-', "_");
        assert!(known.contains(&field), "{name} is not a ServerArgs field");
    }
    let s = scenario(SGLANG);
    let e = estimate(&s);
    let share: f64 = flag(&f, "--mem-fraction-static").unwrap().parse().unwrap();
    assert_eq!(
        (share * 1000.0).round() as u64,
        e.serving.unwrap().util_milli
    );
    assert_eq!(flag(&f, "--context-length"), Some("32768"));
    assert_eq!(flag(&f, "--tp-size"), Some("4"));
    // Read back as keys, the share gives the same pool.
    let q = format!("{SGLANG}&gpu_util={share}");
    let back = estimate(&scenario(&q));
    assert_eq!(
        back.serving.unwrap().pool_tokens,
        e.serving.unwrap().pool_tokens
    );
}

/// llama.cpp's flags read back as the URL keys that mean the same.
fn llamacpp_keys(cmd: &str) -> String {
    let f = flags(cmd);
    let np: u64 = flag(&f, "-np").map_or(1, |v| v.parse().unwrap());
    let c: u64 = flag(&f, "-c").unwrap().parse().unwrap();
    let mut q = format!("batch={np}&seq={}", c / np);
    if let Some(v) = flag(&f, "-ngl") {
        q += &format!("&gpu_layers={v}");
    }
    let k = flag(&f, "-ctk").unwrap();
    assert_eq!(Some(k), flag(&f, "-ctv"));
    let kv = match k {
        "f16" => "fp16",
        "bf16" => "bf16",
        "f32" => "fp32",
        other => other,
    };
    q += &format!("&kv_dtype={kv}");
    q += &format!("&ubatch={}", flag(&f, "-ub").unwrap());
    q += &format!(
        "&flash_attention={}",
        if flag(&f, "-fa") == Some("on") {
            "on"
        } else {
            "off"
        }
    );
    if let Some(ts) = flag(&f, "-ts") {
        q += &format!("&tensor_split={ts}");
    }
    if let Some(n) = flag(&f, "--n-cpu-moe") {
        q += &format!("&n_cpu_moe={n}");
    }
    q
}

#[test]
fn llamacpp_flags_are_arg_cpp_options_and_give_the_same_estimate_back() {
    let known = all_names("llamacpp_args.txt");
    for q in [LLAMACPP, LLAMACPP_2GPU] {
        let o = out(Target::Llamacpp, q);
        assert!(o.body.starts_with("llama-server"), "{}", o.body);
        for (name, v) in flags(&o.body) {
            assert!(known.contains(&name), "{name} is not in common/arg.cpp");
            assert!(v.is_some(), "{name} has its value");
        }
        let s = scenario(q);
        let model = format!("model_id={}", s.model.unwrap().id);
        let back = scenario(&format!(
            "mode=infer&engine=llamacpp&{model}&quant={}&gpus={}&pp={}&{}",
            s.quant.id(),
            s.parallel.gpus,
            s.parallel.pp,
            llamacpp_keys(&o.body)
        ));
        let (e, b) = (estimate(&s), estimate(&back));
        assert_eq!(b.per_device_bytes, e.per_device_bytes, "{q}: {}", o.body);
        assert_eq!(b.host_per_node_bytes, e.host_per_node_bytes, "{q}");
    }
    let f = flags(&out(Target::Llamacpp, LLAMACPP).body);
    assert_eq!(flag(&f, "-ctk"), Some("q8_0"));
    assert_eq!(flag(&f, "-ngl"), Some("20"));
    assert_eq!(flag(&f, "-c"), Some("32768"));
    assert_eq!(flag(&f, "-fa"), Some("off"));
    let f = flags(&out(Target::Llamacpp, LLAMACPP_2GPU).body);
    assert_eq!(flag(&f, "-ts"), Some("3,1"));
    assert_eq!(flag(&f, "-sm"), Some("layer"));
}

#[test]
fn ollama_modelfile_uses_ollama_parameters() {
    let n = names("ollama_names.txt");
    let o = out(Target::Ollama, LLAMACPP);
    assert_eq!(o.file, Some("Modelfile"));
    for l in o.body.lines() {
        if let Some(env) = l.strip_prefix("#   ") {
            let (k, _) = env.split_once('=').unwrap();
            assert!(n["environment"].contains(k), "{k}");
            continue;
        }
        if l.starts_with('#') {
            continue;
        }
        let mut w = l.split_whitespace();
        let first = w.next().unwrap();
        assert!(n["instructions"].contains(first), "{l}");
        if first == "PARAMETER" {
            assert!(n["parameters"].contains(w.next().unwrap()), "{l}");
        }
    }
    assert!(o.body.contains("PARAMETER num_ctx 8192\n"), "{}", o.body);
    assert!(o.body.contains("PARAMETER num_gpu 20\n"));
    assert!(o.body.contains("OLLAMA_KV_CACHE_TYPE=q8_0"));
}

/// Every key of a DeepSpeed config, checked against DeepSpeed's config classes.
fn check_ds_keys(v: &serde_json::Value, n: &BTreeMap<String, BTreeSet<String>>) {
    for (k, child) in v.as_object().unwrap() {
        assert!(n["top"].contains(k), "top-level key {k}");
        if let Some(obj) = child.as_object() {
            let section = &n[k.as_str()];
            for (k2, c2) in obj {
                assert!(section.contains(k2), "{k}.{k2}");
                if let Some(o2) = c2.as_object() {
                    for k3 in o2.keys() {
                        assert!(n[k2.as_str()].contains(k3), "{k}.{k2}.{k3}");
                    }
                }
            }
        }
    }
}

#[test]
fn deepspeed_config_keys_are_deepspeeds_and_read_back_to_the_scenario() {
    let n = names("deepspeed_keys.txt");
    for q in [
        DEEPSPEED,
        HF_ZERO2,
        "params=7B&zero=1&framework=deepspeed&gpus=8&dtype=fp16",
    ] {
        let o = out(Target::Deepspeed, q);
        assert_eq!(o.file, Some("ds_config.json"));
        assert!(o.comment.is_none());
        let v: serde_json::Value = serde_json::from_str(&o.body).expect("the body is JSON");
        check_ds_keys(&v, &n);
        // Read back as keys: the same ZeRO stage, offload, batch and accumulation.
        let s = scenario(q);
        let z = &v["zero_optimization"];
        assert_eq!(z["stage"], s.parallel.zero as u64);
        assert_eq!(v["train_micro_batch_size_per_gpu"], s.batch);
        assert_eq!(
            v["gradient_accumulation_steps"],
            s.speed.micro_batches.unwrap_or(1)
        );
        let offload = match (
            z.get("offload_optimizer").is_some(),
            z.get("offload_param").is_some(),
        ) {
            (true, true) => "all",
            (true, false) => "optimizer",
            _ => "none",
        };
        assert_eq!(offload, s.parallel.offload.id(), "{q}");
        assert_eq!(v["bf16"]["enabled"] == true, s.dtype.id() == "bf16");
        assert_eq!(v["fp16"]["enabled"] == true, s.dtype.id() == "fp16");
        if let Some(b) = z.get("reduce_bucket_size") {
            assert_eq!(*b, s.mech.bucket_size);
        }
    }
    // A profile that counts no buckets leaves DeepSpeed's own (no zero-sized bucket written).
    let v: serde_json::Value =
        serde_json::from_str(&out(Target::Deepspeed, HF_ZERO2).body).unwrap();
    assert!(v["zero_optimization"].get("reduce_bucket_size").is_none());
}

#[test]
fn fsdp_and_training_arguments_use_their_own_names() {
    let n = names("fsdp_names.txt");
    let o = out(Target::Fsdp, FSDP);
    for (name, _) in flags(o.body.split("\n\n").next().unwrap()) {
        assert!(n["torchrun"].contains(&name), "{name}");
    }
    assert!(o.body.contains("--nnodes 2"), "{}", o.body);
    assert!(o
        .body
        .contains("sharding_strategy=ShardingStrategy.HYBRID_SHARD"));
    assert!(o.body.contains("apply_activation_checkpointing(model)"));
    for l in o
        .body
        .lines()
        .filter(|l| l.starts_with("    ") && l.contains('='))
    {
        let (k, v) = l.trim().split_once('=').unwrap();
        assert!(n["arguments"].contains(k), "{k}");
        if let Some(st) = v.strip_prefix("ShardingStrategy.") {
            assert!(n["strategy"].contains(st.trim_end_matches(',')), "{st}");
        }
    }
    let h = names("hf_training_args.txt");
    for q in [
        HF_ZERO2,
        "params=7B&framework=hf_trainer&zero=3&gpus=8&optimizer=adamw",
        "params=7B&framework=trl&recompute=full",
    ] {
        let o = out(Target::Hf, q);
        for l in o.body.lines().filter(|l| l.starts_with("    ")) {
            let (k, v) = l.trim().trim_end_matches(',').split_once('=').unwrap();
            assert!(h["fields"].contains(k), "{k}");
            let v = v.trim_matches('"');
            match k {
                "optim" => assert!(h["optim"].contains(v), "{v}"),
                "fsdp" => {
                    for w in v.split_whitespace() {
                        assert!(h["fsdp"].contains(w), "{w}");
                    }
                }
                _ => {}
            }
        }
    }
    let o = out(Target::Hf, HF_ZERO2);
    assert!(o.body.contains("optim=\"adamw_bnb_8bit\""), "{}", o.body);
    assert!(o.body.contains("deepspeed=\"ds_config.json\""));
}

#[test]
fn sbatch_options_are_the_man_pages_and_the_guard_reopens_the_scenario() {
    let known = all_names("sbatch_options.txt");
    for q in [
        DEEPSPEED,
        VLLM,
        // GPUs that do not fill whole nodes: --ntasks and --gpus-per-task (issue 40, h-sglang).
        "mode=train&model_id=meta-llama/Llama-3.1-8B&framework=fsdp&zero=3&gpus=12&gpus_per_node=8&batch=8",
        "preset=openfoam-10m",
        "preset=lammps-rhodopsin",
        "preset=gadget-lcdm-512",
    ] {
        let s = scenario(q);
        let o = out(Target::Sbatch, q);
        let text = o.text();
        assert!(text.starts_with("#!/bin/bash\n"), "{text}");
        let mut options = 0;
        for l in o.body.lines() {
            if let Some(opt) = l.strip_prefix("#SBATCH ") {
                let (name, _) = opt.split_once('=').unwrap();
                assert!(known.contains(name), "{name} is not an sbatch option");
                options += 1;
            }
        }
        assert!(options >= 2, "{}", o.body);
        // The guard: `memcalc '<link>' > /dev/null || exit 1`, its link the same scenario.
        // The guard runs before the launched command (issue 40, h-fsdp: `srun …` after it).
        let guard = o.body.lines().find(|l| l.starts_with("memcalc ")).unwrap();
        if let Some(srun) = o.body.lines().find(|l| l.starts_with("srun ")) {
            let at = |p: &str| o.body.find(p).unwrap();
            assert!(at(guard) < at(srun), "{}", o.body);
            // torchrun's own options (torch/distributed/run.py).
            if let Some((_, run)) = srun.split_once("torchrun ") {
                let n = names("fsdp_names.txt");
                for w in words(run).iter().take_while(|w| *w != "train.py") {
                    if w.starts_with("--") {
                        assert!(n["torchrun"].contains(w), "{w}");
                    }
                }
            }
        }
        assert!(guard.ends_with("> /dev/null || exit 1"), "{guard}");
        let w = words(guard);
        assert_eq!(w[0], "memcalc");
        let (back, notices) = Inputs::from_query(&w[1]);
        assert!(notices.is_empty(), "{notices:?}");
        let back = back.parse().unwrap();
        assert_eq!(back.to_query(), s.to_query(), "{q}");
        assert_eq!(
            estimate(&back).per_device_bytes,
            estimate(&s).per_device_bytes
        );
    }
    // Offloaded states are host memory: --mem covers the host rows of a node.
    let o = out(Target::Sbatch, DEEPSPEED);
    let e = estimate(&scenario(DEEPSPEED));
    let mem = o
        .body
        .lines()
        .find_map(|l| l.strip_prefix("#SBATCH --mem="))
        .unwrap();
    let mib: u64 = mem.trim_end_matches('M').parse().unwrap();
    assert_eq!(mib, e.host_per_node_bytes.div_ceil(1 << 20));
    assert!(o
        .body
        .contains("#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=8\n#SBATCH --gpus-per-node=8\n"));
}

#[test]
fn simulation_codes_get_their_own_settings_read_back_to_the_scenario() {
    let n = names("sim_names.txt");
    // LAMMPS: the command's options and the processors line.
    let s = scenario("preset=lammps-rhodopsin");
    let o = out(Target::Lammps, "preset=lammps-rhodopsin");
    let cmd = o.body.lines().next().unwrap();
    let w = words(cmd);
    assert_eq!(&w[..4], ["mpirun", "-np", &s.sim.ranks.to_string(), "lmp"]);
    for (name, _) in flags(cmd).iter().skip(1) {
        assert!(n["lammps"].contains(name), "{name}");
    }
    let grid: Vec<u64> = o
        .body
        .lines()
        .find_map(|l| l.strip_prefix("processors "))
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(grid.iter().product::<u64>(), s.sim.ranks);
    let gpu = out(
        Target::Lammps,
        "preset=lammps-rhodopsin&package=gpu&sim_device=gpu",
    );
    assert!(gpu.body.contains("-sf gpu -pk gpu 4"), "{}", gpu.body);
    // pw.x: -nk is the pools, read back as the key.
    let o = out(Target::Pwx, "preset=qe-si64");
    let f = flags(&o.body);
    for (name, _) in f.iter().skip(1) {
        assert!(n["pwx"].contains(name), "{name}");
    }
    let pools = flag(&f, "-nk").unwrap();
    let back = scenario(&format!("preset=qe-si64&pools={pools}"));
    assert_eq!(back.sim.pw.pools, scenario("preset=qe-si64").sim.pw.pools);
    // GADGET-4: MaxMemSize covers the estimate per rank.
    let s = scenario("preset=gadget-lcdm-512");
    let o = out(Target::Gadget4, "preset=gadget-lcdm-512");
    let mb: u64 = o.body.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert!(n["gadget4"].contains(o.body.split_whitespace().next().unwrap()));
    assert!(mb << 20 >= estimate(&s).per_rank_bytes);
    assert!((mb - 1) << 20 < estimate(&s).per_rank_bytes);
    // OpenFOAM: numberOfSubdomains is the ranks.
    let s = scenario("preset=openfoam-10m");
    let o = out(Target::Openfoam, "preset=openfoam-10m");
    for l in o
        .body
        .lines()
        .filter(|l| l.ends_with(';') && !l.starts_with(' '))
    {
        let mut w = l.trim_end_matches(';').split_whitespace();
        let k = w.next().unwrap();
        assert!(n["openfoam"].contains(k), "{k}");
        if k == "numberOfSubdomains" {
            assert_eq!(w.next().unwrap(), s.sim.ranks.to_string());
        } else {
            assert!(n["openfoam"].contains(w.next().unwrap()));
        }
    }
    assert_eq!(o.comment, Some("//"));
}

#[test]
fn only_the_targets_that_apply_and_why_the_others_do_not() {
    let ids = |q: &str| -> Vec<&str> {
        emit::applicable(&scenario(q))
            .into_iter()
            .map(|t| t.id())
            .collect()
    };
    assert_eq!(ids(VLLM), ["vllm", "sbatch"]);
    assert_eq!(ids(SGLANG), ["sglang", "sbatch"]);
    assert_eq!(ids(LLAMACPP), ["llamacpp", "ollama", "sbatch"]);
    assert_eq!(ids(DEEPSPEED), ["deepspeed", "sbatch"]);
    assert_eq!(ids(HF_ZERO2), ["deepspeed", "fsdp", "hf", "sbatch"]);
    assert_eq!(ids(FSDP), ["fsdp", "sbatch"]);
    assert_eq!(ids("preset=qe-si64"), ["sbatch", "pwx"]);
    assert_eq!(ids("preset=gadget-lcdm-512"), ["sbatch", "gadget4"]);
    let s = scenario(VLLM);
    let e = estimate(&s);
    let why = emit::emit(Target::Sglang, &s, &e).unwrap_err();
    assert!(
        why.contains("engine=vllm") && why.contains("engine=sglang"),
        "{why}"
    );
    let why = emit::emit(Target::Deepspeed, &s, &e).unwrap_err();
    assert!(why.contains("mode=infer"), "{why}");
    let why = emit::not_applicable(Target::Lammps, &scenario("preset=qe-si64")).unwrap();
    assert!(
        why.contains("code=quantum_espresso") && why.contains("code=lammps"),
        "{why}"
    );
    // FSDP cannot offload the optimizer alone.
    let why = emit::not_applicable(
        Target::Fsdp,
        &scenario("params=7B&framework=fsdp&zero=3&offload=optimizer"),
    )
    .unwrap();
    assert!(why.contains("offload=optimizer"), "{why}");
    // Every target that applies writes each setting with its reason; JSON says why not.
    for q in [
        VLLM,
        SGLANG,
        LLAMACPP,
        DEEPSPEED,
        FSDP,
        HF_ZERO2,
        "preset=qe-si64",
    ] {
        let s = scenario(q);
        let e = estimate(&s);
        for (t, r) in emit::all(&s, &e) {
            let j: serde_json::Value = serde_json::from_str(&emit::to_json(t, &r)).unwrap();
            assert_eq!(j["target"], t.id());
            match r {
                Ok(o) => {
                    assert_eq!(j["applies"], true);
                    assert!(!o.settings.is_empty());
                    assert!(o.settings.iter().all(|s| s.why.len() > 10), "{o:?}");
                }
                Err(why) => assert_eq!(j["why"], why),
            }
        }
    }
}

#[test]
fn the_pages_time_answer_carries_the_launch_settings_that_apply() {
    let a = memcalc_core::report::time_answer(VLLM).unwrap();
    let ids: Vec<&str> = a.launch.iter().map(|l| l.target.as_str()).collect();
    assert_eq!(ids, ["vllm", "sbatch"]);
    let s = scenario(VLLM);
    let e = estimate(&s);
    assert_eq!(
        a.launch[0].text,
        emit::emit(Target::Vllm, &s, &e).unwrap().text()
    );
    assert_eq!(a.launch[0].label, "vLLM: vllm serve");
    // It travels as JSON and reads back equal.
    let back: memcalc_core::report::TimeAnswer =
        serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
    assert_eq!(back.launch, a.launch);
    // An answer from a time wasm without the field still reads (no launch settings).
    let mut v = serde_json::to_value(&a).unwrap();
    v.as_object_mut().unwrap().remove("launch");
    let old: memcalc_core::report::TimeAnswer = serde_json::from_value(v).unwrap();
    assert!(old.launch.is_empty());
}
