//! Serving with data-parallel replicas (issue 38): `batch` counts the requests of all replicas
//! (`batch_scope=all`, schema version 4), each replica serving its share with its own pool;
//! throughput per replica and in total; the fewest GPUs searched over replicas × tensor
//! parallelism within a node. Older links keep a batch per replica.

mod common;

use common::{est, scenario};
use memcalc_core::analysis::derived::fewest_gpus;

const RUN: &str = "mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&seq=32768&gpus=8&tp=2&batch=64";

#[test]
fn four_replicas_of_tp_2_hold_64_users_that_one_replica_does_not() {
    let e = est(&format!("v=4&{RUN}"));
    let v = e.serving.unwrap();
    assert_eq!((v.replicas, v.total_batch, v.batch), (4, 64, 16));
    assert!(v.sequences >= 16 && v.sequences < 64, "{}", v.sequences);
    assert!(e.fits());
    // A version-3 link gave each replica the whole batch: it still does, and says so.
    let old = est(&format!("v=3&{RUN}"));
    assert_eq!(old.serving.unwrap().batch, 64);
    assert!(!old.fits());
    let again = memcalc_core::Inputs::from_query(&format!("v=3&{RUN}"))
        .0
        .parse()
        .unwrap()
        .to_query();
    assert!(again.contains("batch_scope=replica"), "{again}");
    // The words say the replicas.
    let line = memcalc_core::explain::serving::summary(&v);
    assert!(
        line.contains("on each of 4 replicas") && line.contains("in all"),
        "{line}"
    );
    // Each GPU holds its replica's share: the same bytes as one replica with 16 requests.
    let one = est("v=4&mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&seq=32768&gpus=2&tp=2&batch=16");
    assert_eq!(e.per_device_bytes, one.per_device_bytes);
}

#[cfg(feature = "time")]
#[test]
fn throughput_is_per_replica_and_in_total() {
    let sp = common::time_of(&format!("v=4&{RUN}"));
    match sp.steps {
        memcalc_core::Steps::Inference {
            replicas,
            requested,
            ..
        } => assert_eq!((replicas, requested), (4, 16)),
        _ => panic!("not inference"),
    }
    assert!(memcalc_core::explain::speed::summary(&sp).contains("on each of 4 replicas"));
}

#[test]
fn fewest_gpus_counts_replicas_within_a_node() {
    let base = "v=4&mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&seq=32768";
    let held = |tp: u64| {
        est(&format!("{base}&gpus={tp}&tp={tp}"))
            .serving
            .unwrap()
            .sequences
    };
    let (one, two) = (held(1), held(2));
    // Three replicas of one GPU hold 3 × one; tensor parallelism 3 does not divide the 32
    // heads, and 2 GPUs hold fewer: only replicas make 3 GPUs enough.
    assert!(3 * one > two, "{one} {two}");
    let q = format!("{base}&batch={}", 3 * one);
    assert_eq!(fewest_gpus(&scenario(&q)), Some(3));
    assert_eq!(
        fewest_gpus(&scenario(&format!("{q}&batch_scope=replica"))),
        Some(4)
    );
    // A batch one GPU holds needs one.
    assert_eq!(
        fewest_gpus(&scenario(&format!("{base}&batch={one}"))),
        Some(1)
    );
}
