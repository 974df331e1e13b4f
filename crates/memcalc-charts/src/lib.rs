//! Charts of memory estimates, drawn with plotters over any `DrawingBackend`.

pub mod breakdown;
pub mod palette;

pub use breakdown::{draw_breakdown, BreakdownData, Frame, Segment};
pub use palette::Theme;

/// The breakdown of an estimate as chart data.
pub fn breakdown_data(e: &memcalc_core::Estimate, units: memcalc_core::units::UnitSystem) -> BreakdownData {
    BreakdownData {
        segments: e
            .components
            .iter()
            .filter(|c| c.location == memcalc_core::Location::Device)
            .map(|c| Segment { id: c.id.to_string(), label: c.label.to_string(), bytes: c.bytes })
            .collect(),
        capacity_bytes: e.capacity_bytes,
        capacity_label: e.device_label.clone(),
        units,
        per: if e.mode != memcalc_core::Mode::Sim {
            "device"
        } else if e.busiest.starts_with("per GPU") {
            "GPU"
        } else {
            "node"
        },
    }
}
