//! Colours: each part's from the core's table of parts, and the chart furniture's per theme.

use memcalc_core::PartId;
use plotters::style::RGBColor;

/// A part's colour, from the core's table of parts (`memcalc_core::catalog::parts`).
pub fn color_of(id: PartId) -> RGBColor {
    let [r, g, b] = id.colour();
    RGBColor(r, g, b)
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
