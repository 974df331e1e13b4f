//! Time for scientific-ML surrogates that are not transformers (issue 27): FLOPs per sample
//! counted by hand for a small network of each kind, training as three forward passes, the
//! step the longer of FLOPs and activation traffic, and every kind with a time and its texts.

mod common;

use common::{scenario, term_seconds, time_of};
use memcalc_core::{speed, Bound, Steps, TermId};

fn flops(q: &str) -> f64 {
    match time_of(q).steps {
        Steps::Surrogate { flops_per_step, .. } => flops_per_step,
        other => panic!("{q}: {other:?}"),
    }
}

const PINN: &str =
    "model=pinn&in_channels=2&out_channels=1&width=4&depth=2&collocation=10&deriv_order=1&batch=1";
const FNO: &str = "model=fno&in_channels=1&out_channels=1&width=2&depth=1&grid_points=16&fourier_modes=2&spatial_dims=1&batch=1";
const GNN: &str =
    "model=gnn&in_channels=1&out_channels=1&width=2&depth=1&graph_nodes=3&graph_edges=4&batch=1";
const UNET: &str = "model=unet&in_channels=1&out_channels=1&base_channels=2&depth=2&spatial_dims=1&grid_points=8&batch=1";

#[test]
fn pinn_flops_by_hand() {
    // Linear(2,4) + Linear(4,4) + Linear(4,1): 12 + 20 + 5 = 37 parameters; 2 FLOPs each per
    // point, for the network and the residual's first derivative in each of 2 coordinates.
    let forward = 2.0 * 37.0 * 10.0 * (1.0 + 2.0 * 1.0);
    assert_eq!(flops(&format!("mode=train&{PINN}")), 3.0 * forward);
    // Inference evaluates the network only.
    assert_eq!(flops(&format!("mode=infer&{PINN}")), 2.0 * 37.0 * 10.0);
    // Two samples, twice the FLOPs; a full recomputation, one forward more.
    assert_eq!(
        flops(&format!("mode=train&{PINN}").replace("batch=1", "batch=2")),
        6.0 * forward
    );
    assert_eq!(
        flops(&format!("mode=train&recompute=full&{PINN}")),
        4.0 * forward
    );
}

#[test]
fn fno_flops_by_hand() {
    // One 1-D Fourier layer, 2 channels, 16 points, 2 modes (one corner):
    let fft = 2.0 * 5.0 * 16.0 * 4.0; // rFFT and inverse, 2.5 N log2 N each, per channel
    let spectral = 8.0 * 2.0 * 2.0 * 2.0; // 8 FLOPs per complex weight, w² × modes
    let pointwise = 2.0 * 2.0 * 2.0 * 16.0; // 2 w² per point
                                            // Lifting (1 input + 1 coordinate → 2), projection 2 → 128 → 1, per point.
    let lift_project = 2.0 * 16.0 * (2.0 * 2.0 + 2.0 * 128.0 + 128.0);
    let forward = fft + spectral + pointwise + lift_project;
    assert_eq!(forward, 13_248.0);
    assert_eq!(flops(&format!("mode=train&{FNO}")), 3.0 * forward);
    assert_eq!(flops(&format!("mode=infer&{FNO}")), forward);
}

#[test]
fn mesh_graph_net_flops_by_hand() {
    // Latent 2, one step, 3 nodes, 4 edges; an MLP i → 2 → 2 does 2 (2i + 4) per row.
    let mlp = |i: f64| 2.0 * (2.0 * i + 4.0);
    let edge = 4.0 * mlp(6.0);
    let node = 3.0 * mlp(4.0);
    // Node and edge encoders (1 input), and the decoder 2 → 2 → 1 on every node.
    let encode_decode = 7.0 * mlp(1.0) + 3.0 * 2.0 * (4.0 + 2.0);
    let forward = edge + node + encode_decode;
    assert_eq!(forward, 320.0);
    assert_eq!(flops(&format!("mode=train&{GNN}")), 3.0 * forward);
}

#[test]
fn unet_flops_by_hand() {
    // 1-D, kernel 3, two levels of 2 and 4 channels over 8 and 4 points.
    let down0 = 2.0 * 3.0 * (1.0 * 2.0 + 2.0 * 2.0) * 8.0;
    // Up: 3c → c and c → c at level 0, and the transposed convolution 4 → 2 from level 1
    // (2 kernel taps × 4 × 2 per input point, 4 points).
    let up0 = 2.0 * 3.0 * (3.0 * 4.0 + 4.0) * 8.0 + 2.0 * 2.0 * 4.0 * 2.0 * 4.0;
    let down1 = 2.0 * 3.0 * (2.0 * 4.0 + 4.0 * 4.0) * 4.0;
    let head = 2.0 * 2.0 * 1.0 * 8.0;
    let forward = down0 + up0 + down1 + head;
    assert_eq!(forward, 1_792.0);
    assert_eq!(flops(&format!("mode=train&{UNET}")), 3.0 * forward);
}

#[test]
fn every_surrogate_kind_has_a_time_with_its_texts() {
    for net in ["model=pinn", "model=fno", "model=gnn", "model=unet"] {
        for mode in ["train", "infer", "finetune"] {
            let q = format!("mode={mode}&{net}&gpu=a100-80");
            let sp = time_of(&q);
            let Steps::Surrogate {
                step,
                samples_per_s,
                training,
                ..
            } = sp.steps
            else {
                panic!("{q}: {:?}", sp.steps)
            };
            assert_eq!(training, mode != "infer", "{q}");
            let step = step.seconds().unwrap();
            // The roofline: the longer of the FLOPs and the activations' traffic.
            let longest = term_seconds(&sp, TermId::SurrogateCompute)
                .max(term_seconds(&sp, TermId::SurrogateMemory));
            assert_eq!(step, longest, "{q}");
            assert!(step > 0.0 && samples_per_s > 0.0, "{q}");
            for t in &sp.terms {
                let f = memcalc_core::explain::speed::formula(t);
                assert!(
                    f.ends_with(&memcalc_core::explain::speed::time(t.time)),
                    "{f}"
                );
                assert!(!memcalc_core::explain::speed::label(t).is_empty());
                assert!(!memcalc_core::explain::speed::explanation(t).is_empty());
                assert!(!memcalc_core::explain::speed::source(t).is_empty());
            }
            let summary = memcalc_core::explain::speed::summary(&sp);
            assert!(summary.contains("samples/s"), "{summary}");
        }
    }
}

#[test]
fn compute_and_bandwidth_each_bound_some_surrogate() {
    // A wide PINN over many points multiplies far more than it stores per value: compute.
    let wide = time_of("mode=train&model=pinn&width=1024&depth=8&collocation=10K&gpu=a100-80");
    assert_eq!(wide.bound, Bound::Compute);
    // Halving the utilisation doubles its step.
    let slow =
        time_of("mode=train&model=pinn&width=1024&depth=8&collocation=10K&gpu=a100-80&mfu=0.2");
    let full =
        time_of("mode=train&model=pinn&width=1024&depth=8&collocation=10K&gpu=a100-80&mfu=0.4");
    let ratio = term_seconds(&slow, TermId::SurrogateCompute)
        / term_seconds(&full, TermId::SurrogateCompute);
    assert!((ratio - 2.0).abs() < 1e-9, "{ratio}");
    // A narrow FNO on a large grid moves its activations more than it computes: bandwidth.
    let narrow =
        time_of("mode=train&model=fno&width=8&depth=4&grid_points=1M&fourier_modes=4&gpu=a100-80");
    assert_eq!(narrow.bound, Bound::MemoryBandwidth);
}

#[test]
fn the_json_has_the_surrogates_rate() {
    let q = format!("mode=train&{FNO}");
    let s = scenario(&q);
    let e = memcalc_core::estimate(&s);
    let sp = speed(&s, &e).unwrap().unwrap();
    let json = memcalc_core::report::to_json_with_speed(&e, &[], None, Some(&sp));
    assert!(json.contains("\"samples_per_s\":"), "{json}");
    assert!(json.contains("\"surrogate_compute\""), "{json}");
}
