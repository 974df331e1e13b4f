//! llama.cpp's one-warp quantized kernel of early 2024 (speed/mmvq.rs): with `mmvq_warps=1` the
//! weights read at the SMs' resident warps × the rate per warp measured on that kernel, where
//! that is below the bandwidth-bound read.

mod common;

use common::{decode_step, scenario, time_of};
use memcalc_core::speed::NeuralTerm;
use memcalc_core::{Speed, TermId, TermValues};

fn term(sp: &Speed) -> Option<&memcalc_core::speed::TimeTerm> {
    sp.terms.iter().find(|t| t.id() == TermId::DecodeOccupancy)
}

const Q4: &str = "gpu=rtx3090&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_0&seq=128&batch=1&flash_attention=off&cuda_graphs=off";

#[test]
fn one_warp_per_row_slows_the_3090_by_the_reads_beyond_the_bandwidth() {
    let current = time_of(Q4);
    let old = time_of(&format!("{Q4}&mmvq_warps=1"));
    assert!(term(&current).is_none(), "{current:?}");
    let t = term(&old).expect("a one-warp term on the RTX 3090");
    let Some(TermValues::Neural(NeuralTerm::DecodeOccupancy {
        weights,
        occupancy,
        bound_rate,
    })) = Some(t.values)
    else {
        panic!("{t:?}");
    };
    assert_eq!(occupancy.resident_warps, 16);
    let extra = weights / occupancy.rate - weights / bound_rate;
    assert!((t.time.seconds().unwrap() - extra).abs() < 1e-12);
    assert!((decode_step(&old) - decode_step(&current) - extra).abs() < 1e-9);
    // About 2.2 ms on the 3.75 GB of weights: 55 % of 936 GB/s against 80 %.
    assert!((2.0e-3..2.5e-3).contains(&extra), "{extra}");
}

#[test]
fn four_warps_and_the_4090_and_f16_and_batches_add_nothing() {
    for q in [
        format!("{Q4}&mmvq_warps=4"),
        format!("{Q4}&mmvq_warps=1").replace("rtx3090", "rtx4090"),
        format!("{Q4}&mmvq_warps=1").replace("quant=q4_0", "dtype=fp16"),
        format!("{Q4}&mmvq_warps=1").replace("batch=1", "batch=2"),
        format!("{Q4}&mmvq_warps=1").replace("engine=llamacpp", "engine=hf"),
    ] {
        assert!(term(&time_of(&q)).is_none(), "{q}");
    }
}

#[test]
fn a_link_gives_back_the_warps_and_zero_is_an_error() {
    let s = scenario(&format!("{Q4}&mmvq_warps=1"));
    assert_eq!(s.speed.mmvq_warps, Some(1));
    let q = s.link(None);
    assert!(q.contains("mmvq_warps=1"), "{q}");
    assert_eq!(scenario(&q), s);
    let (inputs, _) = memcalc_core::Inputs::from_query(&format!("{Q4}&mmvq_warps=0"));
    let errors = inputs.parse().unwrap_err();
    assert!(
        errors
            .iter()
            .any(|e| e.field == memcalc_core::schema::fields::FieldId::MmvqWarps),
        "{errors:?}"
    );
}
