//! `memcalc --emit`: launch settings from the scenario (issue 40), as a user runs it.

mod common;
use common::memcalc;

const SERVE: &str =
    "mode=infer&model_id=meta-llama/Llama-3.1-70B&gpus=4&tp=4&seq=32768&batch=8&engine=vllm";

#[test]
fn vllm_flags_with_each_reason_and_the_fit_as_exit_status() {
    let (code, out, err) = memcalc(&["--emit", "vllm", SERVE]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("vllm serve meta-llama/Llama-3.1-70B \\\n  --max-model-len 32768 \\\n"),
        "{out}"
    );
    assert!(out.contains("  --tensor-parallel-size 4 \\\n"), "{out}");
    // Each flag's reason is a comment above the command.
    assert!(
        out.lines()
            .any(|l| l.starts_with("# --max-model-len 32768: ") && l.contains("(seq)")),
        "{out}"
    );
    assert!(out.contains("# names from vllm-project/vllm vllm/engine/arg_utils.py"));
}

#[test]
fn a_target_that_does_not_apply_says_why_and_exits_2() {
    let (code, out, err) = memcalc(&["--emit", "deepspeed", SERVE]);
    assert_eq!(code, 2);
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("--emit deepspeed: does not apply:") && err.contains("mode=infer"),
        "{err}"
    );
    let (code, _, err) = memcalc(&["--emit", "vlm", SERVE]);
    assert_eq!(code, 2);
    assert!(
        err.contains("vllm"),
        "a misspelt target names the closest: {err}"
    );
}

#[test]
fn list_names_the_targets_that_apply_first() {
    let (code, out, _) = memcalc(&["--emit", "list", SERVE]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("vllm "), "{out}");
    assert!(lines[1].starts_with("sbatch "), "{out}");
    assert!(
        lines[2..].iter().all(|l| l.contains("does not apply")),
        "{out}"
    );
    let (code, out, _) = memcalc(&["--json", "--emit", "list", SERVE]);
    assert_eq!(code, 0);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows = j.as_array().unwrap();
    assert_eq!(rows.len(), 12);
    assert_eq!(
        rows.iter().filter(|r| r["applies"] == true).count(),
        2,
        "{out}"
    );
}

#[test]
fn a_deepspeed_config_is_clean_json_on_standard_output() {
    let (code, out, err) = memcalc(&[
        "--emit",
        "deepspeed",
        "params=7B&zero=3&gpus=16&offload=optimizer&framework=deepspeed",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("stdout is the file");
    assert_eq!(v["zero_optimization"]["stage"], 3);
    assert_eq!(v["zero_optimization"]["offload_optimizer"]["device"], "cpu");
    // The reasons go to standard error, each a comment line.
    assert!(
        err.lines()
            .any(|l| l.starts_with("# zero_optimization.stage 3: ")),
        "{err}"
    );
}

#[test]
fn the_sbatch_guard_is_a_memcalc_command_that_exits_1_when_the_job_would_not_fit() {
    // 70B in BF16 on one H100 does not fit: the guard's own run says so with exit 1.
    let big = "mode=infer&model_id=meta-llama/Llama-3.1-70B&seq=8192";
    let (code, out, _) = memcalc(&["--emit", "sbatch", big]);
    assert_eq!(code, 1, "the scenario does not fit");
    assert!(out.starts_with("#!/bin/bash\n"), "{out}");
    assert!(out.contains("#SBATCH --nodes=1\n"), "{out}");
    let guard = out.lines().find(|l| l.starts_with("memcalc '")).unwrap();
    let link = guard
        .strip_prefix("memcalc '")
        .and_then(|g| g.strip_suffix("' > /dev/null || exit 1"))
        .unwrap_or_else(|| panic!("{guard}"));
    let (code, _, _) = memcalc(&[link]);
    assert_eq!(code, 1, "the guard stops the job");
    let (code, out, _) = memcalc(&["--emit", "sbatch", SERVE]);
    assert_eq!(code, 0);
    // The guard's line (a launched `srun` command follows it: issue 40, h-fsdp).
    let link = out
        .lines()
        .find(|l| l.starts_with("memcalc '"))
        .unwrap()
        .split('\'')
        .nth(1)
        .unwrap()
        .to_string();
    let (code, _, _) = memcalc(&[&link]);
    assert_eq!(code, 0, "the guard lets a job that fits run");
}

#[test]
fn json_gives_each_setting_with_why() {
    let (code, out, _) = memcalc(&["--json", "--emit", "pwx", "preset=qe-si64"]);
    assert_eq!(code, 0);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["target"], "pwx");
    assert_eq!(j["body"], "mpirun -np 32 pw.x -nk 4 -i pw.in\n");
    let nk = j["settings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "-nk")
        .unwrap();
    assert_eq!(nk["value"], "4");
    assert!(nk["why"].as_str().unwrap().contains("(pools)"));
    let (code, out, _) = memcalc(&["--json", "--emit", "vllm", "preset=qe-si64"]);
    assert_eq!(code, 2);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["applies"], false);
    assert!(j["why"].as_str().unwrap().contains("mode=sim"));
}

#[test]
fn every_shell_text_parses_as_a_bash_script() {
    // bash -n reads the script without running it: the continuations, quotes and comments
    // hold together.
    let cases = [
        ("vllm", SERVE.to_string()),
        ("sbatch", SERVE.to_string()),
        ("sglang", SERVE.replace("engine=vllm", "engine=sglang")),
        (
            "llamacpp",
            "mode=infer&model_id=meta-llama/Llama-3.1-8B&engine=llamacpp&quant=q4_k_m&kv_dtype=q8_0"
                .to_string(),
        ),
        ("fsdp", "params=7B&framework=fsdp&zero=3&gpus=16".to_string()),
        ("lammps", "preset=lammps-rhodopsin".to_string()),
        ("pwx", "preset=qe-si64".to_string()),
    ];
    for (t, q) in cases {
        let (code, out, err) = memcalc(&["--emit", t, &q]);
        assert!(code == 0 || code == 1, "{t}: {err}");
        let text = if t == "fsdp" {
            // Only the torchrun line is shell; the rest is Python for train.py.
            out.split("\n\n").next().unwrap().to_string() + "\n"
        } else {
            out
        };
        let path = std::env::temp_dir().join(format!("memcalc-emit-{t}-{}.sh", std::process::id()));
        std::fs::write(&path, &text).unwrap();
        let check = std::process::Command::new("bash")
            .arg("-n")
            .arg(&path)
            .output()
            .unwrap();
        let _ = std::fs::remove_file(&path);
        assert!(
            check.status.success(),
            "{t}: {}\n{text}",
            String::from_utf8_lossy(&check.stderr)
        );
    }
}

/// `memcalc --log -` with `args`, `text` on standard input: (exit status, standard output).
fn log_stdin(text: &str, args: &[&str]) -> (i32, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_memcalc"))
        .args(["--log", "-", "--json"])
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().unwrap().write_all(text.as_bytes())?;
            c.wait_with_output()
        })
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
    )
}

/// Issue 40 (h-trip): what `--emit` writes for llama.cpp, DeepSpeed and Slurm, fed back to
/// `--log`, fills the keys it was written from (log/launch.rs; the property over setups is
/// crates/memcalc-core/tests/launch_round_trip.rs).
#[test]
fn emitted_launch_settings_read_back_through_log() {
    let q = "mode=infer&engine=llamacpp&model_id=meta-llama/Llama-3.1-8B&quant=q4_k_m&seq=8192&batch=4&kv_dtype=q8_0&ubatch=256&flash_attention=off";
    let (code, text, err) = memcalc(&["--emit", "llamacpp", q]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("-m Llama-3.1-8B-Q4_K_M.gguf"), "{text}");
    let (code, out) = log_stdin(&text, &[]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["tools"][0]["id"], "llamacpp");
    let query = v["query"].as_str().unwrap();
    for k in [
        "engine=llamacpp",
        "quant=q4_k_m",
        "seq=8192",
        "batch=4",
        "kv_dtype=q8_0",
        "ubatch=256",
        "flash_attention=off",
    ] {
        assert!(query.contains(k), "{k}: {query}");
    }

    let q = "mode=train&model_id=meta-llama/Llama-3.1-8B&framework=deepspeed&zero=3&offload=all&gpus=16&batch=2&micro_batches=4";
    let (code, json, _) = memcalc(&["--emit", "deepspeed", q]);
    assert_eq!(code, 0);
    let (code, out) = log_stdin(&json, &["mode=train"]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let query = v["query"].as_str().unwrap();
    for k in ["zero=3", "offload=all", "batch=2", "micro_batches=4"] {
        assert!(query.contains(k), "{k}: {query}");
    }

    let q = "preset=lammps-rhodopsin&nodes=3&ranks=100";
    let (_, script, _) = memcalc(&["--emit", "sbatch", q]);
    assert!(script.contains("#SBATCH --ntasks=100\n"), "{script}");
    let header: String = script
        .lines()
        .filter(|l| !l.starts_with("memcalc "))
        .map(|l| format!("{l}\n"))
        .collect();
    let (code, out) = log_stdin(&header, &["mode=sim"]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let query = v["query"].as_str().unwrap();
    assert!(query.contains("ranks=100"), "{query}");
    assert!(query.contains("nodes=3"), "{query}");

    // Issue 40 (h-fsdp): torchrun/FSDP and TrainingArguments (log/trainer.rs), and the script's
    // launched command.
    let q = "mode=train&model_id=meta-llama/Llama-3.1-8B&framework=fsdp&zero=3&sharding=hybrid&gpus=16&gpus_per_node=8&dtype=bf16&recompute=full";
    let (code, text, err) = memcalc(&["--emit", "fsdp", q]);
    assert_eq!(code, 0, "{err}");
    let (code, out) = log_stdin(&text, &[]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["tools"][0]["id"], "trainer");
    let query = v["query"].as_str().unwrap();
    for k in [
        "framework=fsdp",
        "sharding=hybrid",
        "gpus=16",
        "recompute=full",
    ] {
        assert!(query.contains(k), "{k}: {query}");
    }
    let q = "mode=train&model_id=meta-llama/Llama-3.1-8B&framework=hf_trainer&batch=4&micro_batches=8&optimizer=adam8bit&recompute=full";
    let (code, text, err) = memcalc(&["--emit", "hf", q]);
    // Exit 1: full training of 8B on the one default GPU does not fit; the settings are written.
    assert!(code == 0 || code == 1, "{err}");
    assert!(text.contains("per_device_train_batch_size=4"), "{text}");
    // Exit 1: the read scenario (one GPU of the default kind) does not fit; it is read all the same.
    let (code, out) = log_stdin(&text, &[]);
    assert!(code == 0 || code == 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let query = v["query"].as_str().unwrap();
    for k in [
        "framework=hf_trainer",
        "batch=4",
        "micro_batches=8",
        "optimizer=adam8bit",
        "recompute=full",
    ] {
        assert!(query.contains(k), "{k}: {query}");
    }
    let (_, script, _) = memcalc(&[
        "--emit",
        "sbatch",
        "mode=train&params=7B&framework=fsdp&gpus=16",
    ]);
    assert!(
        script.contains("\nsrun --ntasks-per-node=1 torchrun --nnodes 2 --nproc-per-node 8 "),
        "{script}"
    );

    // Issue 40 (h-sglang): SGLang's command (log/sglang.rs `command`, ServerArgs names).
    let q = "mode=infer&engine=sglang&model_id=meta-llama/Llama-3.1-8B&gpus=2&tp=2&seq=8192&kv_dtype=fp8&gpu_util=0.8&max_num_seqs=64";
    let (code, text, err) = memcalc(&["--emit", "sglang", q]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("python -m sglang.launch_server"), "{text}");
    let (code, out) = log_stdin(&text, &[]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["tools"][0]["id"], "sglang");
    let query = v["query"].as_str().unwrap();
    for k in [
        "engine=sglang",
        "tp=2",
        "seq=8192",
        "kv_dtype=fp8",
        "gpu_util=0.8",
        "max_num_seqs=64",
    ] {
        assert!(query.contains(k), "{k}: {query}");
    }
    // Training GPUs that do not fill whole nodes: the job asks 12 GPUs, not 2 × 8.
    let (_, script, _) = memcalc(&[
        "--emit",
        "sbatch",
        "mode=train&params=7B&framework=fsdp&gpus=12&gpus_per_node=8",
    ]);
    assert!(script.contains("#SBATCH --ntasks=12\n"), "{script}");
    assert!(script.contains("#SBATCH --gpus-per-task=1\n"), "{script}");
    assert!(!script.contains("#SBATCH --gpus-per-node"), "{script}");
    let (code, out) = log_stdin(&script, &[]);
    assert!(code == 0 || code == 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let query = v["query"].as_str().unwrap();
    assert!(query.contains("gpus=12"), "{query}");
    // The headline of a pasted launch (text output).
    let (_, fsdp, _) = memcalc(&[
        "--emit",
        "fsdp",
        "mode=train&params=7B&framework=fsdp&gpus=8",
    ]);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_memcalc"))
        .args(["--log", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().unwrap().write_all(fsdp.as_bytes())?;
            c.wait_with_output()
        })
        .unwrap();
    let out = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.starts_with("Recognised launch settings: PyTorch FSDP under torchrun, Hugging Face TrainingArguments. "),
        "{out}"
    );
}
