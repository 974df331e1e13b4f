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
    let guard = out.lines().last().unwrap();
    let link = guard
        .strip_prefix("memcalc '")
        .and_then(|g| g.strip_suffix("' > /dev/null || exit 1"))
        .unwrap_or_else(|| panic!("{guard}"));
    let (code, _, _) = memcalc(&[link]);
    assert_eq!(code, 1, "the guard stops the job");
    let (code, out, _) = memcalc(&["--emit", "sbatch", SERVE]);
    assert_eq!(code, 0);
    let link = out
        .lines()
        .last()
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
