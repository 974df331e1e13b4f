//! Charts of memory estimates, drawn with plotters over any `DrawingBackend`.

pub mod breakdown;
pub mod frame;
pub mod palette;
pub mod scaling;
pub mod time;
// Memory over one step (issue 42).
pub mod timeline;
// The comparison's bars and the planner's Pareto front (issue 41).
pub mod compare;
// The comparison's time bars (issue 41, h-compare).
pub mod compare_time;
pub mod pareto;

pub use breakdown::{draw_breakdown, Bar, BreakdownData, Note, Segment};
pub use frame::{Drawn, Frame};
pub use palette::Theme;
pub use scaling::{draw_scaling, ScalingData};
pub use time::{draw_time, TimeData};
pub use timeline::draw_timeline;

use memcalc_core::{Estimate, Location, Per};

fn segments<'a>(parts: impl Iterator<Item = (&'a memcalc_core::Component, u64)>) -> Vec<Segment> {
    parts
        .map(|(c, bytes)| Segment {
            id: c.id,
            label: memcalc_core::explain::parts::label(c).to_string(),
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

/// What the device's capacity line stands for: the device, or for a pooled engine the share of
/// it the engine holds itself to ("vLLM's 90 % of 79.65 GiB"), whose bytes the line marks.
pub fn capacity_label(e: &Estimate, units: memcalc_core::units::UnitSystem) -> String {
    match &e.serving {
        Some(v) => memcalc_core::explain::serving::share(
            v,
            &memcalc_core::units::format_bytes(v.capacity, units),
            units,
        ),
        None => e.device_label.clone(),
    }
}

/// The capacity the device bar and the scaling chart draw: the device's, or a pooled engine's
/// limit (its share and what it takes beside it), which its total never exceeds.
pub fn capacity_bytes(e: &Estimate) -> u64 {
    e.serving.map_or(e.capacity_bytes, |v| v.limit())
}

/// The scaling chart's capacity label, written before the bytes: "NVIDIA H100 80GB", or
/// "vLLM's 90 % of 79.65 GiB:".
pub fn scaling_capacity_label(e: &Estimate, units: memcalc_core::units::UnitSystem) -> String {
    match e.serving {
        Some(_) => format!("{}:", capacity_label(e, units)),
        None => e.device_label.clone(),
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
        capacity_bytes: Some(capacity_bytes(e)),
        capacity_label: capacity_label(e, units),
        note: e.serving.map(|v| Note {
            text: memcalc_core::explain::serving::headroom(&v),
            met: v.batch_fits() && e.per_device_bytes <= v.limit(),
        }),
    }];
    let host = e.host_parts();
    if host.iter().any(|(_, b)| *b > 0) {
        bars.push(Bar {
            title: "Host memory per node".to_string(),
            segments: segments(host.into_iter()),
            capacity_bytes: e.host_capacity_bytes,
            capacity_label: "Host memory".to_string(),
            note: None,
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
            note: None,
        });
    }
    BreakdownData { bars, units }
}
