//! `nvidia-smi`: the default table ("Memory-Usage" column, `used MiB / total MiB` per GPU) and
//! `--query-gpu=…,memory.used,memory.total --format=csv` output. Its MiB are 2^20 bytes (NVML's
//! `nvmlDeviceGetMemoryInfo` in bytes, divided by 1024²).

use super::{first_number, numbers, plain, Ctx, Figure, Recogniser, Row};
use crate::base::keys::FieldId as F;

pub(crate) static RECOGNISER: Recogniser = Recogniser { rows: ROWS, finish };

const ROWS: &[Row] = &[
    Row {
        marker: "NVIDIA-SMI ",
        prints: "nvidia-smi's table header (\"NVIDIA-SMI %s Driver Version: %s CUDA Version: %s\")",
        read: version,
    },
    Row {
        marker: "MiB",
        prints: "nvidia-smi's table (\"%5dMiB / %5dMiB\" in the Memory-Usage column) or a --query-gpu CSV row",
        read: memory,
    },
    Row {
        marker: "memory.used",
        prints: "nvidia-smi --query-gpu CSV header (\"memory.used [MiB]\")",
        read: header,
    },
];

fn version(c: &mut Ctx, l: &str) {
    c.starts += 1;
    if let Some(v) = l
        .split("NVIDIA-SMI ")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
    {
        c.version = v.to_string();
    }
}

fn header(c: &mut Ctx, l: &str) {
    let cols: Vec<String> = l.split(',').map(|s| s.trim().to_string()).collect();
    if let Some(u) = cols.iter().position(|s| s.starts_with("memory.used")) {
        c.remember("csv_used", u as f64);
    }
    if let Some(t) = cols.iter().position(|s| s.starts_with("memory.total")) {
        c.remember("csv_total", t as f64);
    }
}

fn device(c: &mut Ctx, used_mib: f64, total_mib: Option<f64>) {
    let n = c.seen.get("gpus").map(|v| v.0).unwrap_or(0.0);
    c.remember("gpus", n + 1.0);
    c.log(
        Figure::DeviceUsed,
        (used_mib * (1u64 << 20) as f64).round() as u64,
    );
    if let Some(t) = total_mib {
        c.remember("total_mib", t);
    }
}

fn memory(c: &mut Ctx, l: &str) {
    if l.contains('|') && l.contains("MiB /") {
        // The MIG table has the same column: a MIG slice counts as a device.
        let cell = l.split('|').find(|s| s.contains("MiB /")).unwrap_or("");
        let n = numbers(cell);
        if n.len() >= 2 {
            device(c, n[0], Some(n[1]));
        }
        return;
    }
    if let Some((u, _, _)) = c.seen.get("csv_used").cloned() {
        if l.contains("memory.used") {
            return;
        }
        let cols: Vec<&str> = l.split(',').map(str::trim).collect();
        let used = cols.get(u as usize).and_then(|s| first_number(s));
        let total = c
            .seen
            .get("csv_total")
            .and_then(|t| cols.get(t.0 as usize))
            .and_then(|s| first_number(s));
        if let Some(used) = used {
            device(c, used, total);
        }
    }
}

fn finish(c: &mut Ctx) {
    if let Some((g, line, text)) = c.seen.get("gpus").cloned() {
        if g > 1.0 {
            c.note(format!(
                "nvidia-smi lists {} devices: the busiest is checked against the estimate of one device",
                plain(g, 0)
            ));
        }
        if let Some((t, ..)) = c.seen.get("total_mib").cloned() {
            // The device's memory as NVML reports it, in GiB.
            c.fill_at(F::GpuMem, plain(t / 1024.0, 2), line, text);
        }
    }
}
