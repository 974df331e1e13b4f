//! The largest value every input accepts computes without overflow (tests run with overflow
//! checks, so any wrap-around panics here), and beyond the limits the message names the limit.

use memcalc_core::analysis::derived::derive;
use memcalc_core::schema::fields::{FieldKind, FIELDS};
use memcalc_core::{estimate, Inputs};

/// Every count and size at its maximum, for a base query.
fn maxed(base: &str) -> Vec<String> {
    let big: &[(&str, &str)] = &[
        ("params", "1e15"),
        ("batch", "16777216"),
        ("seq", "134217728"),
        ("gpus", "1000000"),
        ("layers", "100000"),
        ("hidden", "10000000"),
        ("heads", "1000000"),
        ("vocab", "100000000"),
        ("ffn", "100000000"),
        ("head_dim", "1000000"),
        ("experts", "65536"),
        ("active_experts", "65536"),
        ("lora_rank", "1048576"),
        ("runtime", "1048576"),
        ("overhead", "100"),
        ("gpu_mem", "1PiB"),
        ("host_mem", "1048576"),
        ("dataset", "1073741824"),
        ("sample_size", "1TiB"),
        ("nx", "10000"),
        ("ny", "10000"),
        ("nz", "10000"),
        ("fields", "1000"),
        ("levels", "100"),
        ("work", "1000"),
        ("halo", "64"),
        ("particles", "1e12"),
        ("attrs", "1000000"),
        ("cutoff", "1000000"),
        ("skin", "1000000"),
        ("density", "1000000"),
        ("neighbors", "1000000"),
        ("kspace_grid", "1e13"),
        ("cells", "1e12"),
        ("dofs", "1000"),
        ("krylov", "1000"),
        ("ranks", "1000000"),
        ("nodes", "1"),
        ("node_mem", "1048576"),
        ("rank_overhead", "1048576"),
        ("imbalance", "1000"),
        ("steps", "1e12"),
        ("output_every", "1"),
        ("snapshots", "1000000"),
        ("compression", "1"),
        ("checkpoint_every", "1"),
        ("adjoint_snapshots", "1000000"),
    ];
    let mut out = vec![base.to_string()];
    for (k, v) in big {
        out.push(format!("{base}&{k}={v}"));
    }
    out.push(format!(
        "{base}&{}",
        big.iter()
            .filter(|(k, _)| !matches!(*k, "dataset" | "params" | "nodes" | "gpus"))
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("&")
    ));
    out
}

#[test]
fn the_largest_inputs_compute_without_overflow() {
    let bases = [
        "mode=train",
        "mode=finetune&lora_rank=8&quant=nf4",
        "mode=infer&sparsity=50&sparse_format=csr",
        "mode=train&layers=80&hidden=8192&heads=64&vocab=32000&flash_attention=off&dropout=on",
        "mode=sim&method=grid",
        "mode=sim&method=particles&long_range=pppm",
        "mode=sim&method=mesh&precond=amg",
        "mode=sim&method=lbm",
        "mode=sim&method=spectral",
        "mode=sim&method=grid&adjoint=store_all",
    ];
    let mut computed = 0;
    for base in bases {
        for q in maxed(base) {
            let (i, _) = Inputs::from_query(&q);
            // Combinations can break a cross-field rule (e.g. tp must divide heads): those are
            // reported, not computed.
            if let Ok(s) = i.parse() {
                let e = estimate(&s);
                assert!(e.per_device_bytes > 0, "{q}");
                let _ = derive(&s);
                computed += 1;
            }
        }
    }
    assert!(
        computed > 300,
        "only {computed} extreme scenarios were valid"
    );
}

#[test]
fn beyond_the_limits_the_message_names_the_limit() {
    for f in FIELDS {
        if !matches!(f.kind, FieldKind::Count | FieldKind::Tokens) {
            continue;
        }
        let base = if f.modes == memcalc_core::schema::fields::SIM {
            "mode=sim&"
        } else if f.group == memcalc_core::schema::fields::Group::Architecture {
            "layers=32&hidden=4096&heads=32&vocab=32000&"
        } else {
            ""
        };
        let (i, _) = Inputs::from_query(&format!("{base}{}=1e30", f.key));
        let errs = i.parse().expect_err(f.key);
        let msg = errs
            .iter()
            .find(|e| e.key() == f.key)
            .map(|e| e.message.clone())
            .unwrap_or_default();
        assert!(
            msg.contains(f.key) && (msg.contains("limit") || msg.contains("too large")),
            "{}: {msg}",
            f.key
        );
    }
}
