//! Fixed colours per component, in a fixed order, so a component keeps its colour across
//! scenarios. Hues from the Observable 10 categorical scheme (designed for colour-vision
//! deficiencies), greys for the runtime overheads.

use plotters::style::RGBColor;

/// Component ids in stacking order (bottom/left first) with their colours.
pub const ORDER: &[(&str, RGBColor)] = &[
    ("weights", RGBColor(0x42, 0x69, 0xd0)),
    ("master_weights", RGBColor(0x97, 0xbb, 0xf5)),
    ("gradients", RGBColor(0xef, 0xb1, 0x18)),
    ("optimizer", RGBColor(0xff, 0x72, 0x5c)),
    ("activations", RGBColor(0x3c, 0xa9, 0x51)),
    ("logits", RGBColor(0xa4, 0x63, 0xf2)),
    ("kv_cache", RGBColor(0x6c, 0xc5, 0xb0)),
    ("dataset", RGBColor(0x9c, 0x6b, 0x4e)),
    ("offload_buffer", RGBColor(0xff, 0x8a, 0xb7)),
    // Simulations: only one method's parts appear at a time, so hues repeat across methods,
    // but never between parts that can appear together (history, output and checkpoints go
    // with every method; the test `parts_shown_together_never_share_a_colour` checks it).
    ("state", RGBColor(0x42, 0x69, 0xd0)),
    ("lattice", RGBColor(0x97, 0xbb, 0xf5)),
    ("matrix", RGBColor(0xff, 0x72, 0x5c)),
    ("neighbor_lists", RGBColor(0xa4, 0x63, 0xf2)),
    ("fft", RGBColor(0x97, 0xbb, 0xf5)),
    ("work", RGBColor(0xef, 0xb1, 0x18)),
    ("halo", RGBColor(0xff, 0x8a, 0xb7)),
    ("mesh", RGBColor(0x3c, 0xa9, 0x51)),
    ("solver", RGBColor(0x9c, 0x6b, 0x4e)),
    ("long_range", RGBColor(0x3c, 0xa9, 0x51)),
    // AMR (state, halo and work as on grids) and tree-PM N-body.
    ("coarse_fine", RGBColor(0x3c, 0xa9, 0x51)),
    ("block_metadata", RGBColor(0xa4, 0x63, 0xf2)),
    ("exchange", RGBColor(0x9c, 0x6b, 0x4e)),
    ("particles", RGBColor(0x42, 0x69, 0xd0)),
    ("timebins", RGBColor(0x97, 0xbb, 0xf5)),
    ("tree", RGBColor(0x3c, 0xa9, 0x51)),
    ("pm_grid", RGBColor(0xff, 0x72, 0x5c)),
    ("comm_buffer", RGBColor(0xa4, 0x63, 0xf2)),
    ("ewald", RGBColor(0x9c, 0x6b, 0x4e)),
    ("history", RGBColor(0x6c, 0xc5, 0xb0)),
    ("output_buffers", RGBColor(0xbc, 0xbd, 0x22)),
    // Disk: darker shades, apart from every memory part.
    ("output_total", RGBColor(0x6a, 0x3d, 0x9a)),
    ("checkpoint", RGBColor(0x1f, 0x6f, 0x8b)),
    // Parts added with the engines, frameworks and codes. Host copies of a device part take a
    // darker shade of it, since both can be shown at once (llama.cpp splits layers).
    ("weights_host", RGBColor(0x2a, 0x4a, 0x9a)),
    ("kv_cache_host", RGBColor(0x3d, 0x8f, 0x7f)),
    ("activations_offloaded", RGBColor(0x2a, 0x7a, 0x3a)),
    ("buffers_host", RGBColor(0xb3, 0x9d, 0xdb)),
    ("comm_buffers", RGBColor(0xb0, 0x7a, 0xa1)),
    ("compute_buffer", RGBColor(0xed, 0xc9, 0x48)),
    ("compute_host", RGBColor(0x9a, 0x7d, 0x1e)),
    ("output_buffer", RGBColor(0xd3, 0x72, 0xe0)),
    ("cuda_graphs", RGBColor(0xff, 0x9d, 0xa7)),
    ("gathered_layers", RGBColor(0x5f, 0x4b, 0x8b)),
    ("potential", RGBColor(0xed, 0xc9, 0x48)),
    ("constraints", RGBColor(0x76, 0xb7, 0xb2)),
    ("host_mirror", RGBColor(0x2a, 0x4a, 0x9a)),
    ("host_process", RGBColor(0xba, 0xb0, 0xac)),
    ("wavefunctions", RGBColor(0x4e, 0x79, 0xa7)),
    ("gvectors", RGBColor(0xf2, 0x8e, 0x2b)),
    ("projectors", RGBColor(0x59, 0xa1, 0x4f)),
    ("mixing", RGBColor(0xb0, 0x7a, 0xa1)),
    ("nccl_buffers", RGBColor(0x7d, 0x5a, 0x7a)),
    ("fragmentation", RGBColor(0xe4, 0xdd, 0xd0)),
    ("calibration", RGBColor(0x38, 0x38, 0x38)),
    ("overhead", RGBColor(0xc9, 0xcc, 0xd1)),
    ("runtime", RGBColor(0x94, 0x98, 0xa0)),
];

const FALLBACK: RGBColor = RGBColor(0x7f, 0x7f, 0x7f);

pub fn color_of(id: &str) -> RGBColor {
    ORDER
        .iter()
        .find(|(k, _)| *k == id)
        .map(|(_, c)| *c)
        .unwrap_or(FALLBACK)
}

/// Position of a component in the stacking order; unknown ids go last.
pub fn rank_of(id: &str) -> usize {
    ORDER
        .iter()
        .position(|(k, _)| *k == id)
        .unwrap_or(ORDER.len())
}

/// Colours of the chart furniture, so light and dark themes can both be drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Theme {
    pub background: RGBColor,
    pub text: RGBColor,
    pub axis: RGBColor,
    pub capacity_ok: RGBColor,
    pub capacity_short: RGBColor,
}

impl Theme {
    pub const LIGHT: Theme = Theme {
        background: RGBColor(0xff, 0xff, 0xff),
        text: RGBColor(0x1f, 0x23, 0x28),
        axis: RGBColor(0x8c, 0x95, 0x9f),
        capacity_ok: RGBColor(0x1a, 0x7f, 0x37),
        capacity_short: RGBColor(0xcf, 0x22, 0x2e),
    };

    pub const DARK: Theme = Theme {
        background: RGBColor(0x16, 0x1b, 0x22),
        text: RGBColor(0xe6, 0xed, 0xf3),
        axis: RGBColor(0x8b, 0x94, 0x9e),
        capacity_ok: RGBColor(0x3f, 0xb9, 0x50),
        capacity_short: RGBColor(0xff, 0x7b, 0x72),
    };

    /// A colour written as `#rrggbb` (what CSS custom properties hold).
    pub fn parse_hex(s: &str) -> Option<RGBColor> {
        let h = s.trim().strip_prefix('#')?;
        if h.len() != 6 {
            return None;
        }
        let byte = |i: usize| u8::from_str_radix(h.get(i..i + 2)?, 16).ok();
        Some(RGBColor(byte(0)?, byte(2)?, byte(4)?))
    }
}
