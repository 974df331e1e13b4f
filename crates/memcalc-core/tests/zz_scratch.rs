mod common;
use memcalc_core::{speed, Steps};
#[test]
fn print_rows() {
    let base = "node=frontier&mode=sim&sim_device=cpu&nodes=1&ranks=1&bw_eff=100&code=hpcg&cells=262144&rank_overhead=0&overhead=0&lin_iters=50";
    for (name, q, measured) in [
        (
            "z4 serial",
            "host_bw=27.19&cpu_flops=115.2&fp_add_ns=0.87&fp_div_ns=3.756",
            1.95179,
        ),
        (
            "z4 fastmath",
            "host_bw=27.19&cpu_flops=115.2&fp_add_ns=0.87&fp_div_ns=3.756&chains=4",
            2.25813,
        ),
        (
            "z4 native",
            "host_bw=27.19&cpu_flops=115.2&fp_add_ns=0.87&fp_div_ns=3.756",
            1.91739,
        ),
        (
            "z4 nativefm",
            "host_bw=27.19&cpu_flops=115.2&fp_add_ns=0.87&fp_div_ns=3.756&chains=8",
            1.63177,
        ),
        (
            "z4 nativefm gather default",
            "host_bw=27.19&cpu_flops=115.2&fp_add_ns=0.87&fp_div_ns=3.756&chains=8&gather=on",
            1.63177,
        ),
        (
            "z4 nativefm gather 0.299",
            "host_bw=27.19&cpu_flops=115.2&fp_add_ns=0.87&fp_div_ns=3.756&chains=8&gather_ns=0.299",
            1.63177,
        ),
        (
            "emr serial",
            "host_bw=12.09&cpu_flops=147.2&fp_add_ns=0.69&fp_div_ns=4.858",
            1.0183,
        ),
        (
            "emr fastmath",
            "host_bw=12.09&cpu_flops=147.2&fp_add_ns=0.69&fp_div_ns=4.858&chains=4",
            1.1085,
        ),
        (
            "emr native",
            "host_bw=12.09&cpu_flops=147.2&fp_add_ns=0.69&fp_div_ns=4.858",
            0.961721,
        ),
        (
            "emr nativefm",
            "host_bw=12.09&cpu_flops=147.2&fp_add_ns=0.69&fp_div_ns=4.858&chains=8",
            1.17437,
        ),
        (
            "emr nativefmspr nogather",
            "host_bw=12.09&cpu_flops=147.2&fp_add_ns=0.69&fp_div_ns=4.858&chains=8",
            1.0743,
        ),
        (
            "emr nativefmspr gather ymm",
            "host_bw=12.09&cpu_flops=147.2&fp_add_ns=0.69&fp_div_ns=4.858&chains=8&gather_ns=0.373",
            1.0743,
        ),
        (
            "intel old mpi",
            "host_bw=12.98&cpu_flops=128&fp_add_ns=1.5&fp_div_ns=7&chains=4",
            1.10867,
        ),
        (
            "intel old serial",
            "host_bw=12.98&cpu_flops=128&fp_add_ns=1.5&fp_div_ns=7",
            0.812624,
        ),
    ] {
        let q = format!("{base}&{q}");
        let s = common::scenario(&q);
        let sp = speed(&s, &memcalc_core::estimate(&s)).unwrap().unwrap();
        let g = match sp.steps {
            Steps::Sim { rate, .. } => format!("{rate:?}"),
            _ => String::new(),
        };
        let terms: Vec<String> = sp
            .terms
            .iter()
            .map(|t| {
                format!(
                    "{}={:.2}ms",
                    t.id.key(),
                    t.time.seconds().unwrap_or(0.0) * 1e3 / 50.0
                )
            })
            .collect();
        println!(
            "{name}: measured {measured} model {g} terms/iter {}",
            terms.join(" ")
        );
    }
}
