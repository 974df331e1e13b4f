//! Every part of a breakdown, declared once in stacking order (bottom or left first) with its
//! colour, so a part keeps its colour across scenarios: the charts draw with it and the table's
//! swatches in `style/main.css` are checked against it (memcalc-charts `tests/swatches.rs`); a
//! test over presets and random scenarios fails on any part an estimate emits that is not here.
//! Hues from the Observable 10 categorical scheme (designed for colour-vision deficiencies),
//! greys for the runtime overheads.

/// One part of the breakdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Part {
    /// The component id the estimate gives the row (`Component::id`, `data-component`).
    pub id: &'static str,
    /// sRGB colour of its bar segment and swatch.
    pub colour: [u8; 3],
}

const fn p(id: &'static str, colour: [u8; 3]) -> Part {
    Part { id, colour }
}

/// Every part, in stacking order.
pub const PARTS: &[Part] = &[
    p("weights", [0x42, 0x69, 0xd0]),
    p("master_weights", [0x97, 0xbb, 0xf5]),
    p("gradients", [0xef, 0xb1, 0x18]),
    p("optimizer", [0xff, 0x72, 0x5c]),
    p("activations", [0x3c, 0xa9, 0x51]),
    p("logits", [0xa4, 0x63, 0xf2]),
    p("kv_cache", [0x6c, 0xc5, 0xb0]),
    p("dataset", [0x9c, 0x6b, 0x4e]),
    p("offload_buffer", [0xff, 0x8a, 0xb7]),
    // Simulations: only one method's parts appear at a time, so hues repeat across methods,
    // but never between parts that can appear together (history, output and checkpoints go
    // with every method; the test `parts_shown_together_never_share_a_colour` checks it).
    p("state", [0x42, 0x69, 0xd0]),
    p("lattice", [0x97, 0xbb, 0xf5]),
    p("matrix", [0xff, 0x72, 0x5c]),
    p("neighbor_lists", [0xa4, 0x63, 0xf2]),
    p("fft", [0x97, 0xbb, 0xf5]),
    p("work", [0xef, 0xb1, 0x18]),
    p("halo", [0xff, 0x8a, 0xb7]),
    p("mesh", [0x3c, 0xa9, 0x51]),
    p("solver", [0x9c, 0x6b, 0x4e]),
    p("long_range", [0x3c, 0xa9, 0x51]),
    // AMR (state, halo and work as on grids) and tree-PM N-body.
    p("coarse_fine", [0x3c, 0xa9, 0x51]),
    p("block_metadata", [0xa4, 0x63, 0xf2]),
    p("exchange", [0x9c, 0x6b, 0x4e]),
    p("particles", [0x42, 0x69, 0xd0]),
    p("timebins", [0x97, 0xbb, 0xf5]),
    p("tree", [0x3c, 0xa9, 0x51]),
    p("pm_grid", [0xff, 0x72, 0x5c]),
    p("comm_buffer", [0xa4, 0x63, 0xf2]),
    p("ewald", [0x9c, 0x6b, 0x4e]),
    p("history", [0x6c, 0xc5, 0xb0]),
    p("output_buffers", [0xbc, 0xbd, 0x22]),
    // Disk: darker shades, apart from every memory part.
    p("output_total", [0x6a, 0x3d, 0x9a]),
    p("checkpoint", [0x1f, 0x6f, 0x8b]),
    // Parts added with the engines, frameworks and codes. Host copies of a device part take a
    // darker shade of it, since both can be shown at once (llama.cpp splits layers).
    p("weights_host", [0x2a, 0x4a, 0x9a]),
    p("kv_cache_host", [0x3d, 0x8f, 0x7f]),
    p("activations_offloaded", [0x2a, 0x7a, 0x3a]),
    p("buffers_host", [0xb3, 0x9d, 0xdb]),
    p("comm_buffers", [0xb0, 0x7a, 0xa1]),
    p("compute_buffer", [0xed, 0xc9, 0x48]),
    p("compute_host", [0x9a, 0x7d, 0x1e]),
    p("output_buffer", [0xd3, 0x72, 0xe0]),
    p("cuda_graphs", [0xff, 0x9d, 0xa7]),
    p("gathered_layers", [0x5f, 0x4b, 0x8b]),
    p("potential", [0xed, 0xc9, 0x48]),
    p("qeq", [0xd6, 0x61, 0x6b]),
    p("constraints", [0x76, 0xb7, 0xb2]),
    p("host_mirror", [0x2a, 0x4a, 0x9a]),
    p("host_process", [0xba, 0xb0, 0xac]),
    p("replicated", [0x8c, 0x6d, 0x31]),
    p("interpreter", [0x79, 0x70, 0x6e]),
    p("wavefunctions", [0x4e, 0x79, 0xa7]),
    p("gvectors", [0xf2, 0x8e, 0x2b]),
    p("projectors", [0x59, 0xa1, 0x4f]),
    p("mixing", [0xb0, 0x7a, 0xa1]),
    p("subspace", [0xe1, 0x57, 0x59]),
    p("tables", [0x9c, 0x75, 0x5f]),
    p("nccl_buffers", [0x7d, 0x5a, 0x7a]),
    p("fragmentation", [0xe4, 0xdd, 0xd0]),
    p("calibration", [0x38, 0x38, 0x38]),
    p("overhead", [0xc9, 0xcc, 0xd1]),
    p("runtime", [0x94, 0x98, 0xa0]),
];

/// The part with this id.
pub fn part(id: &str) -> Option<&'static Part> {
    PARTS.iter().find(|p| p.id == id)
}

/// Position in the stacking order; unknown ids go last.
pub fn rank_of(id: &str) -> usize {
    PARTS.iter().position(|p| p.id == id).unwrap_or(PARTS.len())
}
