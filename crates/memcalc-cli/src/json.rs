//! The `--json` output, written by hand to keep the binary free of dependencies.

use memcalc_core::{Estimate, Notice};

fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

pub fn estimate_json(e: &Estimate, notices: &[Notice]) -> String {
    use memcalc_core::Choice;
    let components: Vec<String> = e
        .components
        .iter()
        .map(|c| {
            format!(
                "{{\"id\":{},\"bytes\":{},\"location\":{},\"formula\":{}}}",
                string(c.id),
                c.bytes,
                string(c.location.id()),
                string(&c.formula)
            )
        })
        .collect();
    let warnings: Vec<String> = e
        .warnings
        .iter()
        .cloned()
        .chain(notices.iter().map(|n| n.message.clone()))
        .map(|w| string(&w))
        .collect();
    // Simulations add bytes per MPI rank and per node, and what the run writes to disk.
    let sim = if e.mode == memcalc_core::Mode::Sim {
        format!(",\"per_rank_bytes\":{},\"per_node_bytes\":{},\"disk_bytes\":{}", e.per_rank_bytes, e.host_per_node_bytes, e.disk_bytes)
    } else {
        String::new()
    };
    format!(
        "{{\"schema_version\":1,\"mode\":{},\"per_device_bytes\":{},\"cluster_bytes\":{},\"capacity_bytes\":{},\"host_per_node_bytes\":{},\"busiest\":{},\"params\":{},\"trainable_params\":{},\"fits\":{}{},\"components\":[{}],\"warnings\":[{}]}}",
        string(e.mode.id()),
        e.per_device_bytes,
        e.cluster_bytes,
        e.capacity_bytes,
        e.host_per_node_bytes,
        string(&e.busiest),
        e.params,
        e.trainable_params,
        e.fits(),
        sim,
        components.join(","),
        warnings.join(",")
    )
}
