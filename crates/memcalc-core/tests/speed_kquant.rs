//! llama.cpp's k-quant matrix-vector kernels on NVIDIA GPUs (speed/kquant.rs, issue 37): a
//! Q2_K or Q3_K_M file's weights read at a sourced factor of the legacy formats' rate (pull
//! request #5434), Q4_K_M to Q6_K at that rate on today's build; `kquant_eff` replaces the
//! factor.

mod common;

use common::{decode_step, scenario, time_of};
use memcalc_core::speed::NeuralTerm;
use memcalc_core::{Speed, TermId, TermValues};

fn term(sp: &Speed) -> Option<&memcalc_core::speed::TimeTerm> {
    sp.terms.iter().find(|t| t.id() == TermId::DecodeKquant)
}

/// Llama 2 7B on one RTX 3090, current build (four warps, CUDA graphs).
const BASE: &str =
    "gpu=rtx3090&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&seq=128&batch=1";

/// The weights' read time per byte: the memory term's weights plus this term, over the bytes.
fn seconds_per_weight_byte(q: &str) -> f64 {
    let sp = time_of(q);
    let (weights, read) = sp
        .terms
        .iter()
        .find_map(|t| match t.values {
            TermValues::Neural(NeuralTerm::DecodeMemory {
                weights, transfer, ..
            }) => Some((
                weights,
                weights / (transfer.bandwidth * transfer.efficiency),
            )),
            _ => None,
        })
        .expect("a decode memory term");
    let extra = term(&sp).map_or(0.0, |t| t.time.seconds().unwrap());
    (read + extra) / weights
}

#[test]
fn q2_k_reads_slower_per_byte_than_q4_0_by_the_sourced_factor() {
    let q4 = seconds_per_weight_byte(&format!("{BASE}&quant=q4_0"));
    let q2 = seconds_per_weight_byte(&format!("{BASE}&quant=q2_k"));
    let q3 = seconds_per_weight_byte(&format!("{BASE}&quant=q3_k_m"));
    // Pull request #5434: Q2_K 0.53 and Q3_K 0.52 of the legacy rate.
    assert!((q4 / q2 - 0.53).abs() < 1e-9, "{}", q4 / q2);
    assert!((q4 / q3 - 0.52).abs() < 1e-9, "{}", q4 / q3);
    let sp = time_of(&format!("{BASE}&quant=q2_k"));
    let t = term(&sp).expect("a k-quant term for Q2_K on an RTX 3090");
    let Some(TermValues::Neural(NeuralTerm::DecodeKquant {
        weights,
        factor,
        bound_rate,
    })) = Some(t.values)
    else {
        panic!("{t:?}");
    };
    assert_eq!(factor, 0.53);
    let extra = weights / (bound_rate * factor) - weights / bound_rate;
    assert!((t.time.seconds().unwrap() - extra).abs() < 1e-12);
    // The words cite the measurement the factor comes from.
    let src = memcalc_core::explain::speed::source(t);
    assert!(src.contains("#5434") && src.contains("104.87"), "{src}");
    assert!(memcalc_core::explain::speed::explanation(t).contains("53 %"));
}

#[test]
fn q4_k_m_reads_at_the_legacy_rate_today_and_kquant_eff_slows_it() {
    let q4km = format!("{BASE}&quant=q4_k_m");
    let today = time_of(&q4km);
    assert!(term(&today).is_none(), "{today:?}");
    let may_2024 = time_of(&format!("{q4km}&kquant_eff=89"));
    let t = term(&may_2024).expect("kquant_eff=89 adds the term");
    let Some(TermValues::Neural(NeuralTerm::DecodeKquant {
        weights,
        factor,
        bound_rate,
    })) = Some(t.values)
    else {
        panic!("{t:?}");
    };
    assert_eq!(factor, 0.89);
    let extra = weights / (bound_rate * 0.89) - weights / bound_rate;
    assert!((decode_step(&may_2024) - decode_step(&today) - extra).abs() < 1e-9);
    // 100 % is the model without the term: Q2_K back at the legacy rate.
    let q2 = format!("{BASE}&quant=q2_k");
    assert!(term(&time_of(&format!("{q2}&kquant_eff=100"))).is_none());
}

#[test]
fn the_factor_multiplies_the_one_warp_kernels_rate() {
    // With mmvq_warps=1 the legacy formats read at the occupancy-limited rate; Q2_K at 0.53 of
    // it (LLAMACPP-4766's Q2_K row: 92.69 t/s measured).
    let q = format!("{BASE}&quant=q2_k&flash_attention=off&cuda_graphs=off&mmvq_warps=1");
    let sp = time_of(&q);
    let occupancy = sp
        .terms
        .iter()
        .find_map(|t| match t.values {
            TermValues::Neural(NeuralTerm::DecodeOccupancy { occupancy, .. }) => Some(occupancy),
            _ => None,
        })
        .expect("a one-warp term");
    let Some(TermValues::Neural(NeuralTerm::DecodeKquant { bound_rate, .. })) =
        term(&sp).map(|t| t.values)
    else {
        panic!("{sp:?}");
    };
    assert_eq!(bound_rate, occupancy.rate);
}

#[test]
fn amd_apple_other_engines_batches_and_legacy_files_get_no_term() {
    let q2 = format!("{BASE}&quant=q2_k");
    for q in [
        q2.replace("rtx3090", "mi300x"),
        q2.replace("rtx3090", "m4-max-128"),
        q2.replace("engine=llamacpp", "engine=hf"),
        q2.replace("batch=1", "batch=2"),
        format!("{BASE}&quant=q4_0&kquant_eff=50"),
        format!("{BASE}&quant=q8_0&kquant_eff=50"),
    ] {
        assert!(term(&time_of(&q)).is_none(), "{q}");
    }
}

#[test]
fn a_link_gives_back_the_setting_and_bad_values_are_errors_naming_it() {
    let s = scenario(&format!("{BASE}&quant=q4_k_m&kquant_eff=89"));
    assert_eq!(s.speed.kquant_eff_bp, Some(8_900));
    let link = s.link(None);
    assert!(link.contains("kquant_eff=89"), "{link}");
    assert_eq!(scenario(&link), s);
    for bad in ["0", "-5", "100.5", "101", "abc", "12.345"] {
        let (inputs, _) =
            memcalc_core::Inputs::from_query(&format!("{BASE}&quant=q4_k_m&kquant_eff={bad}"));
        let errors = inputs.parse().unwrap_err();
        assert!(
            errors
                .iter()
                .any(|e| e.field == memcalc_core::schema::fields::FieldId::KquantEff),
            "{bad}: {errors:?}"
        );
    }
}
