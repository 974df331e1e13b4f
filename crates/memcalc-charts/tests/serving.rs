//! A pooled engine's capacity line (issue 29, point 3): it marks the share the engine takes and
//! is labelled as that share, its reading is the verdict's (sequences), and its colour follows
//! the verdict, never green beside a red verdict.

use memcalc_charts::{
    breakdown_data, capacity_label, draw_breakdown, scaling_capacity_label, Frame, Theme,
};
use memcalc_core::units::UnitSystem::Binary;
use memcalc_core::{estimate, Estimate, Inputs};
use plotters::prelude::*;

fn est(q: &str) -> Estimate {
    let (i, _) = Inputs::from_query(q);
    estimate(&i.parse().unwrap())
}

const SERVE: &str =
    "v=2&model_id=meta-llama/Llama-3.1-70B&mode=infer&seq=32768&gpus=4&tp=4&gpu=h100-80";

#[test]
fn the_capacity_line_is_the_engines_share_read_in_sequences() {
    let e = est(&format!("{SERVE}&batch=16&engine=vllm"));
    assert!(!e.fits());
    let bar = &breakdown_data(&e, Binary).bars[0];
    assert_eq!(bar.capacity_bytes, Some(e.per_device_bytes));
    assert_eq!(bar.capacity_label, "vLLM's 90 % of 79.65 GiB");
    let note = bar.note.as_ref().expect("a pooled engine's reading");
    assert_eq!(note.text, "KV pool holds 14 sequences, 16 requested");
    assert!(
        !note.met && !bar.line_met(),
        "the line is red while the verdict is"
    );
    assert_eq!(
        scaling_capacity_label(&e, Binary),
        "vLLM's 90 % of 79.65 GiB:"
    );
    // As many as fit: the line turns green with the verdict.
    let e = est(&format!("{SERVE}&batch=14&engine=vllm"));
    assert!(e.fits());
    assert!(
        breakdown_data(&e, Binary).bars[0]
            .note
            .as_ref()
            .unwrap()
            .met
    );
    // The drawing writes the reading, not a headroom in bytes.
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 260)).into_drawing_area();
        let frame = Frame {
            scale: 1.0,
            theme: Theme::LIGHT,
        };
        draw_breakdown(&root, &breakdown_data(&e, Binary), frame).unwrap();
    }
    assert!(
        svg.contains("KV pool holds 14 sequences, 14 requested"),
        "{svg}"
    );
    assert!(!svg.contains("headroom"));
    // On a phone the reading stays whole.
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (330, 260)).into_drawing_area();
        let frame = Frame {
            scale: 1.0,
            theme: Theme::LIGHT,
        };
        draw_breakdown(&root, &breakdown_data(&e, Binary), frame).unwrap();
    }
    assert!(
        svg.contains("KV pool holds 14 sequences, 14 requested"),
        "{svg}"
    );
    assert!(!svg.contains("GiB · KV pool"), "{svg}");
}

#[test]
fn sglang_stays_within_the_capacity_it_states() {
    let e = est(&format!("{SERVE}&batch=16&engine=sglang"));
    let bar = &breakdown_data(&e, Binary).bars[0];
    assert!(bar.total() <= bar.capacity_bytes.unwrap());
    assert!(capacity_label(&e, Binary).starts_with("SGLang's 82.4 % of 79.65 GiB + "));
    // Without a pooled engine the line is the device's, as before.
    let e = est("v=2&model_id=meta-llama/Llama-3.1-8B&mode=infer&gpu=h100-80");
    let bar = &breakdown_data(&e, Binary).bars[0];
    assert_eq!(bar.capacity_label, "NVIDIA H100 80GB");
    assert_eq!(bar.note, None);
}

/// The chart read aloud and each segment's name come from the chart's data (native), not
/// composed in the page's component.
#[test]
fn the_chart_and_its_segments_read_aloud_their_totals_and_capacity() {
    let e = est(&format!("{SERVE}&batch=16&engine=vllm"));
    let data = breakdown_data(&e, Binary);
    let s = data.summary();
    assert!(s.starts_with("Stacked bars. "), "{s}");
    assert!(
        s.contains("against 71.68 GiB of vLLM's 90 % of 79.65 GiB (KV pool holds 14 sequences, 16 requested)"),
        "{s}"
    );
    assert!(s.ends_with(". The table below lists every part with its bytes."));
    let hit = &memcalc_charts::breakdown::hit_boxes(&data, 600.0)[0];
    let d = hit.describe(Binary);
    assert!(
        d.starts_with(&format!("{}: ", hit.label)) && d.ends_with(&hit.share),
        "{d}"
    );
}
