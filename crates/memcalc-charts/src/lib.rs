//! Charts of memory estimates, drawn with plotters over any `DrawingBackend`.

pub mod breakdown;
pub mod palette;
pub mod scaling;

pub use breakdown::{draw_breakdown, Bar, BreakdownData, Frame, Segment};
pub use palette::Theme;
pub use scaling::{draw_scaling, ScalingData};

use memcalc_core::{Estimate, Location, Per};

fn segments<'a>(parts: impl Iterator<Item = (&'a memcalc_core::Component, u64)>) -> Vec<Segment> {
    parts
        .map(|(c, bytes)| Segment {
            id: c.id,
            label: memcalc_core::text::parts::label(c).to_string(),
            bytes,
        })
        .collect()
}

/// The title of the device bar: what one bar of device memory is.
pub fn device_title(e: &Estimate) -> &'static str {
    match e.per {
        Per::Device => "GPU memory per device",
        Per::Gpu => "GPU memory per GPU",
        Per::Node => "Memory per node",
    }
}

/// The breakdown of an estimate as chart data: a bar for device memory, one for host memory
/// per node when anything lives there, and one for what a simulation writes to disk.
pub fn breakdown_data(e: &Estimate, units: memcalc_core::units::UnitSystem) -> BreakdownData {
    let mut bars = vec![Bar {
        title: device_title(e).to_string(),
        segments: segments(
            e.components
                .iter()
                .filter(|c| c.location == Location::Device)
                .map(|c| (c, c.bytes)),
        ),
        capacity_bytes: Some(e.capacity_bytes),
        capacity_label: e.device_label.clone(),
    }];
    let host = e.host_parts();
    if host.iter().any(|(_, b)| *b > 0) {
        bars.push(Bar {
            title: "Host memory per node".to_string(),
            segments: segments(host.into_iter()),
            capacity_bytes: e.host_capacity_bytes,
            capacity_label: "Host memory".to_string(),
        });
    }
    if e.components
        .iter()
        .any(|c| c.location == Location::Disk && c.bytes > 0)
    {
        bars.push(Bar {
            title: "Written to disk".to_string(),
            segments: segments(
                e.components
                    .iter()
                    .filter(|c| c.location == Location::Disk)
                    .map(|c| (c, c.bytes)),
            ),
            capacity_bytes: None,
            capacity_label: String::new(),
        });
    }
    BreakdownData { bars, units }
}
