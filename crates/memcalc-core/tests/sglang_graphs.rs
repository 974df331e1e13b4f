//! SGLang's CUDA-graph figure (issue 40, h-launch): the log names the captured batch sizes,
//! and the check says what the estimate does not model — every size's FP32 logits kept in the
//! graphs' shared pool (python/sglang/srt/model_executor/cuda_graph_runner.py
//! `output_buffers`, layers/logits_processor.py `.float()`) — instead of leaving a −96.8 %
//! miss unexplained.

use memcalc_core::log::{self, check, Figure};
use memcalc_core::Inputs;

const LOG: &str = include_str!("logs/sglang-0.5.4-issue12726.log");

#[test]
fn the_captured_sizes_are_named_with_what_the_estimate_leaves_out() {
    let r = log::read(LOG);
    let note = r
        .notes
        .iter()
        .find(|n| n.contains("CUDA graphs for"))
        .unwrap_or_else(|| panic!("{:?}", r.notes));
    // [1..8, 10..32 by 2, 40, 44, 48]: 23 sizes, together 420 sequences.
    assert!(
        note.contains("23 batch sizes (1 to 48, together 420 sequences)"),
        "{note}"
    );
    assert!(note.contains("420 × the vocabulary × 4 B"), "{note}");
    let (base, _) = Inputs::from_typed_query("gpu=h100-80");
    let a = check::answer(LOG, &base);
    let g = a
        .compared
        .iter()
        .find(|c| c.figure == Figure::CudaGraphs)
        .unwrap();
    assert!(g.mechanism.contains("FP32 logits"), "{}", g.mechanism);
    assert!(!g.flagged);
    // The lower bound the note states: 420 × 151,936 (Qwen3-4B's vocabulary) × 4 B = 243 MiB,
    // under the logged 0.61 GiB and above the estimate's row.
    let logits = 420u64 * 151_936 * 4;
    assert!(logits < g.logged, "{logits} {}", g.logged);
    assert!(g.estimated.unwrap() < logits);
}

#[test]
fn a_list_without_sizes_is_unused() {
    let r = log::read("[2025-11-06 01:22:10] Capture cuda graph bs []\n[2025-11-06 01:22:13] Capture cuda graph end. Time elapsed: 2.89 s. mem usage=0.61 GB. avail mem=12.18 GB.\n");
    assert!(
        r.unused.iter().any(|u| u.why.contains("no batch size")),
        "{r:?}"
    );
}
