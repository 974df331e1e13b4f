//! DeepSpeed logs: `see_memory_usage` lines (the accelerator's allocated and reserved memory at
//! each instrumented step of `deepspeed.initialize` and ZeRO's set-up), the engine's "Creating
//! … ZeRO stage N optimizer" line, its version line, and the printout of the ZeRO memory
//! estimators (`estimate_zero2_model_states_mem_needs_all_live` / `_all_cold`, and the zero3
//! ones). Every "GB" DeepSpeed prints here is 2^30 bytes (`/ (1024 * 1024 * 1024)`, `/ 2**30`).
//!
//! What is measured: `Max_MA` (`max_memory_allocated` since the previous call, which resets the
//! peak) and `CA`/`Max_CA` (`memory_reserved`); the largest over the log is the peak of the
//! phases DeepSpeed instruments, kept as `measured_kind=allocated` / `reserved`. The estimator's
//! table is DeepSpeed's own estimate, not a measurement: its per-GPU figures are set beside the
//! estimate's model-state rows for the offload setting of the scenario, never flagged.

use super::{first_number, numbers, plain, size_after, Ctx, Figure, Recogniser, Row};
use crate::base::keys::FieldId as F;

pub(crate) static RECOGNISER: Recogniser = Recogniser { rows: ROWS, finish };

const SEE: &str = "deepspeed/runtime/utils.py see_memory_usage: \"MA %s GB Max_MA %s GB CA %s GB Max_CA %s GB\" (round(x / 2**30, 2); Max_CA with no digits) and \"CPU Virtual Memory:  used = %s GB, percent = %s%%\" (psutil), v0.3+";
const EST2: &str = "deepspeed/runtime/zero/stage_1_and_2.py estimate_zero2_model_states_mem_needs_all_live/_all_cold (v0.3.15+; stage2.py before v0.6)";
const EST3: &str = "deepspeed/runtime/zero/stage3.py estimate_zero3_model_states_mem_needs_all_live/_all_cold (v0.3.15+): \" {cpu_mem/2**30:7.2f}GB | {gpu_mem/2**30:6.2f}GB | {options_str}\"";

const ROWS: &[Row] = &[
    Row {
        marker: "Max_MA ",
        prints: SEE,
        read: see,
    },
    Row {
        marker: "CPU Virtual Memory:",
        prints: SEE,
        read: cpu_virtual,
    },
    Row {
        marker: "ZeRO stage ",
        prints: "deepspeed/runtime/engine.py _configure_zero_optimizer: log_dist(f'Creating {model_dtype} ZeRO stage {zero_stage} optimizer')",
        read: stage,
    },
    Row {
        marker: "DeepSpeed info: version=",
        prints: "deepspeed/__init__.py initialize: log_dist(\"DeepSpeed info: version={}, git-hash={}, git-branch={}\")",
        read: version,
    },
    Row {
        marker: "DeepSpeed Final Optimizer = DeepSpeedCPUAdam",
        prints: "deepspeed/runtime/engine.py _configure_optimizer: log_dist(f'DeepSpeed Final Optimizer = {self.optimizer_name()}'); DeepSpeedCPUAdam is chosen when the optimizer is offloaded (zero_use_cpu_optimizer)",
        read: cpu_adam,
    },
    Row {
        marker: "Checking ZeRO support for optimizer=DeepSpeedCPUAdam",
        prints: "deepspeed/runtime/zero/utils.py is_zero_supported_optimizer: logger.info(f\"Checking ZeRO support for optimizer={optimizer.__class__.__name__} type={type(optimizer)}\")",
        read: cpu_adam,
    },
    Row {
        marker: "Estimated memory needed for params, optim states and gradients",
        prints: EST3,
        read: estimator_start,
    },
    Row {
        marker: "HW: Setup with ",
        prints: EST3,
        read: estimator_hw,
    },
    Row {
        marker: "SW: Model with ",
        prints: EST3,
        read: estimator_sw,
    },
    Row {
        marker: "GB | ",
        prints: EST2,
        read: estimator_row,
    },
];

/// The size in GiB after `key ` (`MA 0.31 GB`).
fn gib_after(l: &str, key: &str) -> Option<u64> {
    let at = l.find(key)? + key.len();
    let rest = &l[at..];
    // The value must follow the key directly (`Max_MA 0.31 GB`, not `MA` inside `Max_MA`).
    let rest = rest.strip_prefix(' ')?;
    size_after(rest, "", true)
}

/// The largest value over the log (DeepSpeed prints one at every instrumented step; the peaks
/// reset between them), with its line.
fn peak(c: &mut Ctx, name: &'static str, value: u64) {
    if c.seen.get(name).is_none_or(|v| value as f64 >= v.0) {
        c.remember(name, value as f64);
    }
}

fn see(c: &mut Ctx, l: &str) {
    if let Some(b) = gib_after(l, "Max_MA") {
        peak(c, "max_ma", b);
    }
    // " CA " only: "Max_CA" contains "CA".
    if let Some(b) = l.find(" CA ").and_then(|i| gib_after(&l[i..], " CA")) {
        peak(c, "max_ca", b);
    }
    if let Some(b) = gib_after(l, "Max_CA") {
        // Whole GB only: the reserved peak is the larger of it and the CA figures.
        peak(c, "max_ca", b);
        c.remember("max_ca_whole", 1.0);
    }
}

fn cpu_virtual(c: &mut Ctx, _l: &str) {
    if !c.seen.contains_key("cpu_virtual") {
        c.remember("cpu_virtual", 1.0);
        c.unused("the machine's used memory (psutil: total − available), every process's: not this run's host memory, so it is not compared");
    }
}

fn stage(c: &mut Ctx, l: &str) {
    if !l.contains("Creating") {
        return;
    }
    if let Some(n) = l
        .split("ZeRO stage ")
        .nth(1)
        .and_then(first_number)
        .filter(|n| (0.0..=3.0).contains(n))
    {
        c.fill(F::Zero, plain(n, 0));
    }
}

fn version(c: &mut Ctx, l: &str) {
    // Printed once per deepspeed.initialize: two of them are two runs (or two engines).
    c.starts += 1;
    if let Some(v) = l.split("version=").nth(1).and_then(|s| s.split(',').next()) {
        c.version = v.trim().to_string();
    }
}

fn cpu_adam(c: &mut Ctx, _l: &str) {
    if c.seen.contains_key("cpu_adam") {
        return;
    }
    c.remember("cpu_adam", 1.0);
    c.unused("DeepSpeedCPUAdam means the optimizer states are offloaded to host memory, but whether the parameters are too is not stated here: offload keeps its value");
}

fn estimator_start(c: &mut Ctx, _l: &str) {
    c.remember("estimator", 1.0);
}

fn estimator_hw(c: &mut Ctx, l: &str) {
    let n = numbers(l);
    if n.len() >= 2 && n[0] >= 1.0 && n[1] >= 1.0 {
        c.fill(F::Gpus, plain(n[0] * n[1], 0));
        c.fill(F::GpusPerNode, plain(n[1], 0));
    }
}

fn estimator_sw(c: &mut Ctx, l: &str) {
    // "Model with 2851M total params[, 32M largest layer params]." (int(x / 1e6)).
    if let Some(p) = l
        .split("Model with ")
        .nth(1)
        .and_then(first_number)
        .filter(|p| *p >= 1.0)
    {
        c.fill(F::Params, format!("{}M", plain(p, 0)));
        c.reading.unused.push(super::Unused {
            line: c.reading.filled.last().map_or(0, |f| f.line),
            text: c.reading.filled.last().map_or(String::new(), |f| f.text.clone()),
            why: "DeepSpeed prints the parameters in whole millions (int(total_params / 1e6)): the count is exact to a million".to_string(),
        });
    }
    c.fill(
        F::Zero,
        if l.contains("largest layer") {
            "3"
        } else {
            "2"
        },
    );
}

/// One row of the estimator's table: `  127.48GB |  15.93GB | offload_optimizer=none` in its
/// several spellings (`cpu_offload=1`, `{'offload_optimizer': {'device': 'cpu'}}`,
/// `offload_optimizer=OffloadDeviceEnum.cpu`).
fn estimator_row(c: &mut Ctx, l: &str) {
    if !c.seen.contains_key("estimator") {
        return;
    }
    let cols: Vec<&str> = l.split('|').collect();
    if cols.len() < 3 {
        return;
    }
    let Some(gpu) = size_after(cols[1], "", true) else {
        return;
    };
    let opts = cols[2..].join("|");
    let off = |key: &str| -> Option<bool> {
        let at = opts.find(key)? + key.len();
        let v: String = opts[at..].chars().take(40).collect();
        let v = v.split(['}', ',']).next().unwrap_or("");
        Some(v.contains("cpu") || v.contains("nvme") || v.contains('1'))
    };
    let optimizer = off("offload_optimizer")
        .or_else(|| off("cpu_offload="))
        .unwrap_or(false);
    let params = off("offload_param")
        .or_else(|| off("cpu_offload_params="))
        .unwrap_or(false);
    // zero_init=0 rows differ in host memory only; the first row of each setting is kept.
    if opts.contains("zero_init=0") {
        return;
    }
    let figure = match (params, optimizer) {
        (false, false) => Figure::ZeroStates,
        (false, true) => Figure::ZeroStatesOffloadOptimizer,
        (true, _) => Figure::ZeroStatesOffloadAll,
    };
    c.log(figure, gpu);
}

fn finish(c: &mut Ctx) {
    for (name, figure) in [("max_ma", Figure::Allocated), ("max_ca", Figure::Reserved)] {
        if let Some((v, line, text)) = c.seen.get(name).cloned() {
            c.reading.logged.push(super::Logged {
                figure,
                value: v as u64,
                line,
                text,
                prints: SEE,
            });
        }
    }
    if c.seen.contains_key("max_ca_whole") {
        if let Some((_, line, text)) = c.seen.get("max_ca").cloned() {
            c.reading.unused.push(super::Unused {
                line,
                text,
                why: "Max_CA is printed in whole GB (deepspeed/runtime/utils.py rounds it with no digits): the reserved peak is the larger of it and the CA figures, to ±0.5 GiB".to_string(),
            });
        }
    }
    let training = c
        .reading
        .logged
        .first()
        .map(|l| (l.line, l.text.clone()))
        .or_else(|| c.reading.filled.first().map(|f| (f.line, f.text.clone())));
    if let Some((n, t)) = training {
        c.fill_at(F::Mode, "train", n, t);
    }
}
