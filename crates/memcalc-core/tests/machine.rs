//! The node a CPU simulation runs on (issue 27): the picked preset's bandwidth, FP64 peak and
//! network move its bytes, `cpu_flops` overrides the peak, and ranks share their socket's
//! memory (NUMA), so one rank on a two-socket node streams one socket, not the node.

mod common;

use common::scenario;
use memcalc_core::speed::machine::Machine;
use memcalc_core::speed::GridTerm;
use memcalc_core::speed::SimBytes;
use memcalc_core::{speed, TermId, TermValues, TimeTerm};

const GRID: &str = "mode=sim&method=grid&nx=256&ny=256&nz=256&nodes=1";

fn machine(q: &str) -> Machine {
    Machine::of(&scenario(q)).unwrap_or_else(|e| panic!("{q}: {e}"))
}

fn memory_term(q: &str) -> TimeTerm {
    let s = scenario(q);
    let sp = speed(&s, &memcalc_core::estimate(&s)).unwrap().unwrap();
    sp.terms
        .into_iter()
        .find(|t| t.id() == TermId::SimMemory)
        .expect("a memory term")
}

fn rank_bandwidth(q: &str) -> f64 {
    match memory_term(q).values {
        TermValues::Grid(GridTerm::SimMemory(SimBytes::Grid { transfer, .. })) => {
            transfer.bandwidth
        }
        v => panic!("{v:?}"),
    }
}

#[test]
fn the_picked_node_moves_a_cpu_simulations_bytes() {
    let default = machine(&format!("{GRID}&ranks=64"));
    let fugaku = machine(&format!("{GRID}&ranks=64&node=fugaku"));
    assert_eq!(default.host_bw, 409.6e9);
    assert_eq!(fugaku.host_bw, 1024e9);
    assert_eq!(fugaku.sockets, 1);
    assert!((fugaku.host_fp64 - 48.0 * 2.2e9 * 32.0).abs() < 1.0);
    assert!((fugaku.net - 326.4e9 / 8.0).abs() < 1.0);
    let genoa = machine(&format!("{GRID}&ranks=64&node=genoa-768"));
    assert_eq!(genoa.host_bw, 2.0 * 460.8e9);
    // The step follows: Fugaku's HBM streams 2.5 times a DDR4 node's bandwidth.
    let ratio = rank_bandwidth(&format!("{GRID}&ranks=48&node=fugaku"))
        / rank_bandwidth(&format!("{GRID}&ranks=48"));
    assert!((ratio - 1024.0 / 409.6).abs() < 1e-9, "{ratio}");
    // A GPU run keeps the server its GPU sits in.
    let gpu = machine(&format!("{GRID}&ranks=1&sim_device=gpu&node=fugaku"));
    assert_eq!(gpu.host_bw, 2.0 * 307.2e9);
}

#[test]
fn a_node_in_the_link_fills_its_memory_unless_the_link_sets_it() {
    let s = scenario(&format!("{GRID}&node=fugaku"));
    assert_eq!(s.sim.node_mem, 32 << 30);
    let s = scenario(&format!("{GRID}&node=fugaku&node_mem=30"));
    assert_eq!(s.sim.node_mem, 30 << 30);
    assert_eq!(s.sim.node.map(|n| n.id), Some("fugaku"));
    // The form's change does the same.
    let mut i = memcalc_core::Inputs::from_query(GRID).0;
    i.change(
        memcalc_core::schema::fields::FieldId::Node,
        "archer2-highmem".into(),
    );
    assert_eq!(i.parse().unwrap().sim.node_mem, 512 << 30);
    // The link names the node and writes node_mem only where it differs from the node's.
    for (q, memory) in [
        ("node=fugaku", None),
        ("node=fugaku&node_mem=30", Some("node_mem=30")),
    ] {
        let s = scenario(&format!("{GRID}&{q}"));
        let link = s.link(None);
        assert!(link.contains("node=fugaku"), "{link}");
        assert_eq!(link.contains("node_mem="), memory.is_some(), "{link}");
        assert!(memory.is_none_or(|m| link.contains(m)), "{link}");
        assert_eq!(scenario(&link), s);
    }
    let (i, _) = memcalc_core::Inputs::from_query(&format!("{GRID}&node=laptop"));
    let errs = i.parse().unwrap_err();
    assert!(errs.iter().any(|e| e.field.key() == "node"), "{errs:?}");
}

#[test]
fn cpu_flops_overrides_the_nodes_peak_and_is_checked() {
    assert_eq!(
        machine(&format!("{GRID}&cpu_flops=1234.5")).host_fp64,
        1234.5e9
    );
    assert_eq!(
        machine(&format!("{GRID}&node=fugaku&cpu_flops=100")).host_fp64,
        100e9
    );
    for bad in ["0", "-1", "x"] {
        let (i, _) = memcalc_core::Inputs::from_query(&format!("{GRID}&cpu_flops={bad}"));
        let errs = i.parse().unwrap_err();
        assert!(
            errs.iter().any(|e| e.field.key() == "cpu_flops"),
            "{bad}: {errs:?}"
        );
    }
}

#[test]
fn ranks_share_their_sockets_memory() {
    // One rank streams what one core can, not its socket (issue 37): 27.19 GB/s, the Zen
    // single-core STREAM triad, below the socket's 204.8; with 8 threads, 8 cores' worth.
    assert_eq!(rank_bandwidth(&format!("{GRID}&ranks=1")), 27.19e9);
    assert_eq!(
        rank_bandwidth(&format!("{GRID}&ranks=1&threads=4")),
        4.0 * 27.19e9
    );
    assert_eq!(rank_bandwidth(&format!("{GRID}&ranks=1&core_bw=30")), 30e9);
    let core = memory_term(&format!("{GRID}&ranks=1"));
    let f = memcalc_core::explain::speed::formula(&core);
    assert!(f.contains("of one core"), "{f}");
    let e = memcalc_core::explain::speed::explanation(&core);
    assert!(
        e.contains("no more than its own cores") && e.contains("STREAM"),
        "{e}"
    );
    // The sockets' share where cores stream more than it (core_bw set high): one rank on a
    // two-socket node streams one socket; two fill both.
    let grid = &format!("{GRID}&core_bw=1000");
    assert_eq!(rank_bandwidth(&format!("{grid}&ranks=1")), 204.8e9);
    assert_eq!(rank_bandwidth(&format!("{grid}&ranks=2")), 204.8e9);
    // 64 ranks: 32 on each socket, the node's bandwidth over the ranks as before.
    assert!((rank_bandwidth(&format!("{grid}&ranks=64")) - 6.4e9).abs() < 1.0);
    // Three ranks: the busiest socket holds two, and the step waits for them.
    assert_eq!(rank_bandwidth(&format!("{grid}&ranks=3")), 102.4e9);
    // A one-socket node: every rank shares it.
    assert_eq!(
        rank_bandwidth(&format!("{grid}&ranks=2&node=frontier")),
        102.4e9
    );

    let one = memory_term(&format!("{grid}&ranks=1"));
    let f = memcalc_core::explain::speed::formula(&one);
    assert!(f.contains("205 GB/s of one socket"), "{f}");
    let e = memcalc_core::explain::speed::explanation(&one);
    assert!(e.contains("only 1 socket of 2 streams memory"), "{e}");
    let many = memory_term(&format!("{grid}&ranks=64"));
    let f = memcalc_core::explain::speed::formula(&many);
    assert!(f.contains("205 GB/s per socket ÷ 32 ranks"), "{f}");
    assert!(memcalc_core::explain::speed::explanation(&many).contains("numa(7)"));
    // A GPU rank's term says nothing of sockets.
    let gpu = memory_term("mode=sim&method=lbm&sim_device=gpu&ranks=1&nx=128&ny=128&nz=128");
    assert!(!memcalc_core::explain::speed::explanation(&gpu).contains("socket"));
}

#[test]
fn packed_ranks_fill_one_sockets_cores_first() {
    let grid = &format!("{GRID}&core_bw=1000");
    // Open MPI's mpirun maps one or two ranks by core: both on the first socket.
    assert_eq!(
        rank_bandwidth(&format!("{grid}&ranks=2&numa=packed")),
        102.4e9
    );
    // 64 ranks fill the first EPYC 7742's 64 cores and leave the second socket idle.
    assert!((rank_bandwidth(&format!("{grid}&ranks=64&numa=packed")) - 3.2e9).abs() < 1.0);
    // 128 ranks fill both sockets either way.
    assert_eq!(
        rank_bandwidth(&format!("{grid}&ranks=128&numa=packed")),
        rank_bandwidth(&format!("{grid}&ranks=128"))
    );
    // Oversubscribed beyond every core, the ranks share every socket alike.
    assert_eq!(
        rank_bandwidth(&format!("{grid}&ranks=256&numa=packed")),
        204.8e9 / 128.0
    );
    let t = memory_term(&format!("{grid}&ranks=64&numa=packed"));
    let e = memcalc_core::explain::speed::explanation(&t);
    assert!(
        e.contains("numa=packed") && e.contains("only 1 socket of 2"),
        "{e}"
    );
    let f = memcalc_core::explain::speed::formula(&t);
    assert!(f.contains("per socket ÷ 64 ranks"), "{f}");
}

/// Issue 37: a training step on an A100 or A800 defaults to the utilisation A100 clusters
/// reached (48 %: OPT, LLaMA, BLOOM, Megatron-LM), not the H100-era 40 %; the user's `mfu` still
/// wins, and nothing but training moves (a serving step's prefill keeps the general default).
#[test]
fn an_a100_trains_at_its_own_default_utilisation() {
    let train = "mode=train&model_id=meta-llama/Llama-2-7b-hf&seq=4096&batch=2&gpus=8&zero=3";
    let serve = "mode=infer&model_id=meta-llama/Llama-2-7b-hf&seq=4096&batch=2";
    for gpu in ["a100-80", "a100-40", "a800", "a100-pcie-80"] {
        assert_eq!(machine(&format!("{train}&gpu={gpu}")).mfu, 0.48, "{gpu}");
        assert_eq!(
            machine(&format!("{serve}&gpu={gpu}")).mfu,
            0.40,
            "{gpu}: the general default"
        );
    }
    for gpu in ["h100-80", "rtx4090", "mi300x"] {
        assert_eq!(machine(&format!("{train}&gpu={gpu}")).mfu, 0.40, "{gpu}");
    }
    assert_eq!(
        machine(&format!("{train}&gpu=a100-80&mfu=33")).mfu,
        0.33,
        "the user's mfu"
    );
    // The step itself: 48 / 40 of the H100 default's speed, the same FLOPs.
    let step = |q: &str| {
        let s = scenario(q);
        match speed(&s, &memcalc_core::estimate(&s))
            .unwrap()
            .unwrap()
            .steps
        {
            memcalc_core::Steps::Training { step, .. } => step.seconds().unwrap(),
            other => panic!("{other:?}"),
        }
    };
    let a100 = step(&format!("{train}&gpu=a100-80"));
    let at_40 = step(&format!("{train}&gpu=a100-80&mfu=40"));
    assert!(
        a100 < at_40 * 0.9,
        "{a100} s should be about 40/48 of {at_40} s"
    );
}
