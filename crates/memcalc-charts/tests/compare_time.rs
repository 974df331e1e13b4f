//! The comparison's time bars (issue 41, h-compare): the step and the terms that move most,
//! a bar per setup on one shared axis, inside the plot at desktop and phone widths, in light
//! and dark, with a summary to read aloud.

use memcalc_charts::compare_time::{
    bar_boxes, draw_compare_time, preferred_height, CompareTimeData, MAX_TERMS,
};
use memcalc_charts::{Frame, Theme};
use plotters::prelude::*;

/// Three setups: a step of 230, 232 and 122 ms, and terms only some setups have.
fn data() -> CompareTimeData {
    CompareTimeData::of(
        &[Some(0.230), Some(0.232), Some(0.122)],
        vec![
            (
                "Training step: FLOPs".to_string(),
                vec![Some(0.230), Some(0.230), Some(0.115)],
            ),
            (
                "Data-parallel gradients".to_string(),
                vec![Some(0.0844), Some(0.0848), Some(0.0368)],
            ),
            (
                "Tensor-parallel all-reduces".to_string(),
                vec![None, None, Some(0.00672)],
            ),
        ],
    )
}

#[test]
fn every_setup_has_a_bar_per_row_on_one_axis() {
    let d = data();
    assert_eq!(d.rows.len(), 4);
    assert_eq!(d.rows[0].label, "Step");
    for w in [720.0, 340.0] {
        let boxes = bar_boxes(&d, w);
        // 3 setups × 3 full rows + 1 bar where only setup 3 has the term.
        assert_eq!(boxes.len(), 10, "{boxes:?}");
        for (_, _, x0, x1, y0, y1) in &boxes {
            assert!(*x0 >= 0.0 && *x1 <= w && x1 >= x0, "{boxes:?}");
            assert!(*y0 > 0.0 && *y1 < preferred_height(&d, w), "{boxes:?}");
        }
        // One axis: the longest value is the longest bar, and 122 ms is about half 232 ms.
        let len = |r: usize, i: usize| {
            let b = boxes.iter().find(|b| b.0 == r && b.1 == i).unwrap();
            b.3 - b.2
        };
        assert!(len(0, 1) > len(0, 0) && len(0, 0) > len(0, 2));
        assert!((len(0, 2) / len(0, 1) - 0.122 / 0.232).abs() < 0.02);
    }
    // The bars never overlap: each setup's sits under the last.
    let boxes = bar_boxes(&d, 720.0);
    for w in boxes.windows(2) {
        assert!(w[1].4 >= w[0].5, "{boxes:?}");
    }
}

#[test]
fn it_reads_aloud_and_draws_in_both_themes() {
    let d = data();
    assert!(d
        .summary()
        .starts_with("Step time and the time terms that move most, each setup on one axis. Step: setup 1 230 ms, setup 2 232 ms, setup 3 122 ms;"),
        "{}", d.summary());
    assert!(d
        .summary()
        .contains("Tensor-parallel all-reduces: setup 1 none"));
    for (w, theme) in [(720u32, Theme::LIGHT), (340, Theme::DARK)] {
        let h = preferred_height(&d, w as f64) as u32;
        let mut out = String::new();
        {
            let root = SVGBackend::with_string(&mut out, (w, h)).into_drawing_area();
            draw_compare_time(&root, &d, Frame { scale: 1.0, theme }).unwrap();
        }
        assert!(out.contains("Time per step (ms)"), "{out}");
        assert!(out.contains("Setup 3") && out.contains("232 ms"), "{out}");
    }
    // Fewer than two setups, or no step: nothing to draw.
    assert!(CompareTimeData::of(&[Some(1.0)], vec![]).rows.is_empty());
    assert!(CompareTimeData::of(&[None, None], vec![]).rows.is_empty());
    // The terms that move most, at most MAX_TERMS of them.
    let many = (0..9).map(|i| (format!("t{i}"), vec![Some(1.0), Some(2.0)]));
    assert_eq!(
        CompareTimeData::of(&[Some(1.0), Some(2.0)], many)
            .rows
            .len(),
        1 + MAX_TERMS
    );
}
