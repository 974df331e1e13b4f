//! Snapshot tests of the charts, drawn natively with plotters' SVG backend. A changed drawing
//! fails until the snapshot is reviewed and rewritten with `UPDATE_SNAPSHOTS=1 cargo test`.

use memcalc_charts::{
    breakdown_data, draw_breakdown, draw_scaling, Bar, BreakdownData, Frame, ScalingData, Segment,
    Theme,
};
use memcalc_core::units::UnitSystem;
use memcalc_core::PartId;
use memcalc_core::{estimate, Inputs};
use plotters::prelude::*;

const GB: u64 = 1_000_000_000;

fn seg(id: PartId, label: &str, bytes: u64) -> Segment {
    Segment {
        id,
        label: label.into(),
        bytes,
    }
}

/// The shape the chart had with a single bar, kept so the fixtures read as before.
struct OneBar {
    segments: Vec<Segment>,
    capacity_bytes: u64,
    capacity_label: String,
    units: UnitSystem,
    per: &'static str,
}
use OneBar as BreakdownDataFixture;

fn one_bar(d: BreakdownDataFixture) -> BreakdownData {
    BreakdownData {
        bars: vec![Bar {
            title: format!("GPU memory per {}", d.per),
            segments: d.segments,
            capacity_bytes: Some(d.capacity_bytes),
            capacity_label: d.capacity_label,
            note: None,
        }],
        units: d.units,
    }
}

/// Fixed chart data, so a snapshot changes only when the drawing does, not the estimate.
fn data(scenario: &str, units: UnitSystem) -> BreakdownData {
    let h100 = 81_559u64 << 20;
    match scenario {
        // 7B, BF16 mixed precision, AdamW, one H100: does not fit.
        "train" => one_bar(BreakdownDataFixture {
            segments: vec![
                seg(PartId::Weights, "Weights", 14 * GB),
                seg(PartId::MasterWeights, "FP32 master weights", 28 * GB),
                seg(PartId::Gradients, "Gradients", 14 * GB),
                seg(PartId::Optimizer, "Optimizer states", 56 * GB),
                seg(PartId::Activations, "Activations", 6 * GB),
                seg(PartId::Overhead, "Allocator overhead", 11_800_000_000),
                seg(PartId::Runtime, "CUDA context and libraries", 512 << 20),
            ],
            capacity_bytes: h100,
            capacity_label: "NVIDIA H100 80GB".into(),
            units,
            per: "device",
        }),
        // 7B inference in FP16 on an A100 40GB: fits.
        _ => one_bar(BreakdownDataFixture {
            segments: vec![
                seg(PartId::Weights, "Weights", 14 * GB),
                seg(PartId::Activations, "Activations (working set)", 200 << 20),
                seg(PartId::KvCache, "KV cache", 1 << 30),
                seg(PartId::Overhead, "Allocator overhead", 1_500_000_000),
                seg(PartId::Runtime, "CUDA context and libraries", 512 << 20),
            ],
            capacity_bytes: 40_960 << 20,
            capacity_label: "NVIDIA A100 40GB".into(),
            units,
            per: "device",
        }),
    }
}

/// Renders at the given width and the height the chart asks for at that width, as the page does.
fn render(scenario: &str, units: UnitSystem, size: (u32, u32), scale: f64) -> String {
    render_data(&data(scenario, units), size, scale, Theme::LIGHT)
}

fn render_data(data: &BreakdownData, size: (u32, u32), scale: f64, theme: Theme) -> String {
    let css_width = f64::from(size.0) / scale;
    let size = (
        size.0,
        (memcalc_charts::breakdown::preferred_height(data, css_width) * scale).round() as u32,
    );
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        draw_breakdown(&root, data, Frame { scale, theme }).unwrap();
    }
    svg
}

fn check_snapshot(name: &str, svg: &str) {
    let path = format!("{}/tests/snapshots/{name}.svg", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, svg).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("missing snapshot {path}; run with UPDATE_SNAPSHOTS=1"));
    assert!(
        want == svg,
        "chart {name} changed; review it and rerun with UPDATE_SNAPSHOTS=1"
    );
}

#[test]
fn training_that_does_not_fit() {
    let svg = render("train", UnitSystem::Binary, (720, 190), 1.0);
    // Every component is in the legend with its size, and the shortfall is named.
    for label in [
        "Weights 13.04 GiB",
        "FP32 master weights 26.08 GiB",
        "Gradients 13.04 GiB",
        "Optimizer states 52.15 GiB",
        "Activations 5.59 GiB",
    ] {
        assert!(svg.contains(label), "legend lacks {label}");
    }
    assert!(svg.contains("short"), "shortfall not labelled");
    assert!(svg.contains("GPU memory per device (GiB)"));
    check_snapshot("train_7b_h100", &svg);
}

#[test]
fn inference_that_fits_in_decimal_units() {
    let svg = render("infer", UnitSystem::Decimal, (720, 190), 1.0);
    assert!(svg.contains("headroom"));
    assert!(svg.contains("GPU memory per device (GB)"));
    assert!(!svg.contains("Gradients"), "inference has no gradients");
    check_snapshot("infer_7b_a100_40_decimal", &svg);
}

#[test]
fn hidpi_scales_every_length() {
    let one = render("train", UnitSystem::Binary, (720, 190), 1.0);
    let two = render("train", UnitSystem::Binary, (1440, 380), 2.0);
    // Font sizes double with the pixel ratio, so text stays the same size on screen.
    let sizes = |svg: &str| -> Vec<f64> {
        svg.split("font-size=\"")
            .skip(1)
            .map(|r| r.split('"').next().unwrap().parse().unwrap())
            .collect()
    };
    let (a, b) = (sizes(&one), sizes(&two));
    assert_eq!(a.len(), b.len());
    assert!(!a.is_empty());
    for (x, y) in a.iter().zip(&b) {
        assert!((y / x - 2.0).abs() < 1e-9, "{x} vs {y}");
    }
    check_snapshot("train_7b_h100_2x", &two);
}

#[test]
fn segment_colours_follow_component_ids() {
    let svg = render("train", UnitSystem::Binary, (720, 190), 1.0);
    // Weights blue and optimizer red, whatever the order components arrive in.
    assert!(svg.contains("#4269D0") || svg.contains("#4269d0"));
    assert!(svg.contains("#FF725C") || svg.contains("#ff725c"));
}

#[test]
fn narrow_chart_keeps_the_capacity_label_inside() {
    let svg = render("infer", UnitSystem::Binary, (240, 250), 1.0);
    // Too narrow for the device name: the label keeps capacity and headroom, and starts inside.
    let label = svg
        .split("<text")
        .find(|t| t.contains("headroom"))
        .expect("capacity label");
    assert!(!label.contains("NVIDIA"), "{label}");
    let x: f64 = label
        .split("x=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((0.0..240.0).contains(&x), "label starts at {x}");
    check_snapshot("infer_8b_narrow", &svg);
}

#[test]
fn chart_data_comes_from_the_device_rows_of_an_estimate() {
    let (i, _) = Inputs::from_query("params=13B&gpus=8&zero=2&offload=optimizer");
    let e = estimate(&i.parse().unwrap());
    let d = breakdown_data(&e, UnitSystem::Binary);
    // Offloaded states live in host memory: they are not part of the device bar but of the
    // host bar, which adds up to the host memory per node.
    assert!(d.bars[0]
        .segments
        .iter()
        .all(|s| s.id != PartId::Optimizer && s.id != PartId::MasterWeights));
    assert_eq!(d.bars[0].total(), e.per_device_bytes);
    assert_eq!(d.bars[0].capacity_bytes, Some(e.capacity_bytes));
    assert_eq!(d.bars.len(), 2);
    assert!(d.bars[1].segments.iter().any(|s| s.id == PartId::Optimizer));
    assert_eq!(d.bars[1].total(), e.host_per_node_bytes);
}

#[test]
fn offload_draws_a_host_bar_against_host_memory() {
    let (i, _) = Inputs::from_query("params=13B&gpus=8&zero=2&offload=optimizer&host_mem=512");
    let e = estimate(&i.parse().unwrap());
    let d = breakdown_data(&e, UnitSystem::Binary);
    let svg = render_data(&d, (720, 300), 1.0, Theme::LIGHT);
    assert!(svg.contains("Host memory per node (GiB)"));
    assert!(
        svg.contains("Host memory: 512.00 GiB"),
        "host capacity labelled"
    );
    check_snapshot("offload_13b_host_bar", &svg);
}

#[test]
fn a_simulation_shows_what_it_writes_to_disk() {
    let (i, _) = Inputs::from_query("mode=sim&method=grid&nx=1440&ny=721&nz=137&fields=10&levels=3&work=20&halo=3&ranks=1024&nodes=16&steps=35040&output_every=24&compression=4&checkpoint_every=1000");
    let e = estimate(&i.parse().unwrap());
    let d = breakdown_data(&e, UnitSystem::Binary);
    assert_eq!(d.bars.last().unwrap().title, "Written to disk");
    assert_eq!(d.bars[0].title, "Memory per node");
}

#[test]
fn dark_theme_draws_light_text_on_a_dark_background() {
    let svg = render_data(
        &data("train", UnitSystem::Binary),
        (720, 190),
        1.0,
        Theme::DARK,
    );
    assert!(svg.to_lowercase().contains("#161b22"), "dark background");
    assert!(svg.to_lowercase().contains("#e6edf3"), "light text");
    check_snapshot("train_7b_h100_dark", &svg);
}

#[test]
fn hit_boxes_cover_the_bar_in_order_with_shares() {
    let d = data("train", UnitSystem::Binary);
    let boxes = memcalc_charts::breakdown::hit_boxes(&d, 720.0);
    assert_eq!(boxes.len(), 7);
    assert_eq!(boxes[0].id, PartId::Weights);
    assert!(
        boxes.windows(2).all(|w| (w[0].x1 - w[1].x0).abs() < 1e-9),
        "adjacent"
    );
    assert!(
        boxes[3].share.starts_with("43.0 %")
            && boxes[3].share.ends_with("of GPU memory per device"),
        "{}",
        boxes[3].share
    );
}

fn scaling_data(q: &str) -> ScalingData {
    let (i, _) = Inputs::from_query(q);
    let s = i.parse().unwrap();
    let e = estimate(&s);
    ScalingData {
        scaling: memcalc_core::analysis::scaling::scaling(&s),
        y_label: memcalc_charts::device_title(&e).to_string(),
        capacity_label: e.device_label,
        units: UnitSystem::Binary,
    }
}

fn scaling_svg(q: &str, theme: Theme) -> String {
    scaling_svg_at(q, theme, 720)
}

fn scaling_svg_at(q: &str, theme: Theme, width: u32) -> String {
    let data = scaling_data(q);
    let height = memcalc_charts::scaling::preferred_height(&data, f64::from(width));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height as u32)).into_drawing_area();
        draw_scaling(&root, &data, Frame { scale: 1.0, theme }).unwrap();
    }
    svg
}

const FAR_ABOVE: &str = "params=13B&gpus=8";
const ATMOSPHERE: &str = "mode=sim&method=grid&nx=1440&ny=721&nz=137&fields=10&levels=3&work=20&halo=3&ranks=1024&nodes=16&steps=35040&output_every=24&compression=4";

#[test]
fn a_value_far_above_the_capacity_breaks_the_axis_and_is_labelled() {
    // 13B on 8 GPUs without sharding: the batch sweep reaches four capacities.
    let data = scaling_data(FAR_ABOVE);
    let top = data
        .axis_break()
        .expect("the sweep reaches far above the capacity");
    assert!(top > data.scaling.capacity * 3);
    let svg = scaling_svg(FAR_ABOVE, Theme::LIGHT);
    let label = format!(
        "{} ↑",
        memcalc_core::units::format_bytes(top, UnitSystem::Binary)
    );
    assert!(
        svg.contains(&label),
        "the true top value is written out: {label}"
    );
    check_snapshot("scaling_13b_break", &svg);
    // Within three capacities the axis is plain.
    assert_eq!(
        scaling_data("params=1B&gpu=a100-40&seq=4096").axis_break(),
        None
    );
}

#[test]
fn on_a_phone_the_scaling_legend_wraps_instead_of_being_cut() {
    let q = "mode=sim&method=grid&nx=2048&ny=2048&nz=512&ranks=64&nodes=2";
    let data = scaling_data(q);
    let layout = memcalc_charts::scaling::legend_layout(&data, 360.0);
    for ((x, _), s) in layout.iter().zip(&data.scaling.series) {
        let end = x + 20.0 + memcalc_charts::frame::text_width(s.label, 12.0);
        assert!(end <= 360.0, "'{}' ends at {end}", s.label);
    }
    assert_eq!(layout[1].1, 1, "the second entry goes to a second row");
    assert!(
        memcalc_charts::scaling::preferred_height(&data, 360.0) > memcalc_charts::scaling::HEIGHT
    );
    // On a desktop both fit on one row.
    assert!(memcalc_charts::scaling::legend_layout(&data, 720.0)
        .iter()
        .all(|l| l.1 == 0));
    let svg = scaling_svg_at(q, Theme::LIGHT, 360);
    assert!(svg.contains("Weak scaling (grows in every direction)"));
    check_snapshot("scaling_sim_nodes_phone", &svg);
}

#[test]
fn breakdown_legend_entries_never_overlap_or_run_off_the_chart() {
    for q in [
        "mode=sim&method=mesh&cells=10M&element=tet4&dofs=5&levels=3&krylov=30&precond=amg&ranks=128&nodes=2",
        ATMOSPHERE,
        "params=13B&gpus=8&zero=2&offload=optimizer",
    ] {
        let (i, _) = Inputs::from_query(q);
        let d = breakdown_data(&estimate(&i.parse().unwrap()), UnitSystem::Binary);
        for width in [360.0, 560.0, 720.0, 900.0] {
            let items = memcalc_charts::breakdown::legend_layout(&d, width);
            for w in items.windows(2) {
                if w[0].row == w[1].row {
                    assert!(w[0].end + 8.0 <= w[1].x, "{q} at {width}: '{}' runs into '{}'", w[0].text, w[1].text);
                }
            }
            assert!(items.iter().all(|l| l.end <= width), "{q} at {width}: an entry runs off");
        }
    }
}

#[test]
fn a_small_total_stays_visible_and_the_axis_ends_at_the_larger_of_total_and_capacity() {
    // LAMMPS LJ melt: under a gigabyte against a node of hundreds.
    let (i, _) = Inputs::from_query("mode=sim&method=particles&particles=32000&density=0.8442&cutoff=2.5&skin=0.3&ranks=4&nodes=1");
    let d = breakdown_data(&estimate(&i.parse().unwrap()), UnitSystem::Binary);
    let boxes = memcalc_charts::breakdown::hit_boxes(&d, 400.0);
    let (x0, x1) = memcalc_charts::breakdown::bar_extent(&d, 400.0);
    let first_bar: Vec<_> = boxes.iter().filter(|b| b.bar == 0).collect();
    let drawn = first_bar.last().unwrap().x1 - first_bar[0].x0;
    assert!(
        drawn >= memcalc_charts::breakdown::MIN_BAR - 1e-9,
        "bar drawn {drawn} px wide"
    );
    // A total above the capacity fills the axis but for a small margin.
    let d = data("train", UnitSystem::Binary);
    let boxes = memcalc_charts::breakdown::hit_boxes(&d, 720.0);
    let (x0b, x1b) = memcalc_charts::breakdown::bar_extent(&d, 720.0);
    let end = boxes.last().unwrap().x1;
    assert!((end - x0b) / (x1b - x0b) > 0.95, "bar ends at {end}");
    let _ = (x0, x1);
}

#[test]
fn parts_shown_together_never_share_a_colour() {
    let mut queries: Vec<String> = memcalc_core::schema::presets::PRESETS
        .iter()
        .map(|p| p.query.to_string())
        .collect();
    // Engines, frameworks and codes bring their own parts.
    for q in [
        "mode=infer&params=70B&engine=llamacpp&gpu_layers=40&quant=q4_k_m",
        "mode=infer&params=8B&engine=vllm",
        "mode=train&params=7B&gpus=8&zero=3&framework=fsdp&offload=all",
        "mode=sim&code=quantum_espresso&ecutwfc=30&cell_volume=2122.416&bands=128&kpoints=4&atoms=64&ranks=32&pools=4&nodes=1",
        "mode=sim&code=lammps&particles=32000&atom_style=full&shake=on&long_range=pppm",
    ] {
        queries.push(q.to_string());
    }
    for m in [
        "grid",
        "particles",
        "mesh",
        "lbm",
        "spectral",
        "amr",
        "nbody",
    ] {
        queries.push(format!("mode=sim&method={m}&steps=1000&output_every=10&snapshots=2&checkpoint_every=100&adjoint=store_all&calibration=1"));
    }
    for q in queries {
        let (i, _) = Inputs::from_query(&q);
        let Ok(s) = i.parse() else { panic!("{q}") };
        let d = breakdown_data(&estimate(&s), UnitSystem::Binary);
        let legend = d.legend();
        for (a, x) in legend.iter().enumerate() {
            for y in &legend[a + 1..] {
                assert!(
                    memcalc_charts::palette::color_of(x.id)
                        != memcalc_charts::palette::color_of(y.id),
                    "{q}: '{}' and '{}' share a colour",
                    x.id,
                    y.id
                );
            }
        }
    }
}

#[test]
fn scaling_marks_where_a_batch_stops_fitting() {
    let svg = scaling_svg("params=1B&gpu=a100-40&seq=4096", Theme::LIGHT);
    let max = memcalc_core::analysis::derived::max_batch(
        &Inputs::from_query("params=1B&gpu=a100-40&seq=4096")
            .0
            .parse()
            .unwrap(),
    )
    .unwrap();
    // The exact limit is among the points: the largest batch that fits, and the next.
    assert!(
        svg.contains(&format!("fits up to {}, not at {}", max, max + 1)),
        "limit labelled"
    );
    assert!(svg.contains("Micro-batch size"));
    assert!(svg.contains("now"));
    check_snapshot("scaling_1b_batch", &svg);
}

#[test]
fn scaling_of_a_simulation_has_strong_and_weak_lines() {
    let svg = scaling_svg(
        "mode=sim&method=grid&nx=2048&ny=2048&nz=512&ranks=64&nodes=2",
        Theme::LIGHT,
    );
    assert!(svg.contains("Strong scaling") && svg.contains("Weak scaling"));
    assert!(svg.contains("Nodes"));
    check_snapshot("scaling_sim_nodes", &svg);
}

fn time_svg(
    q: &str,
    y: memcalc_core::analysis::scaling::ScalingY,
    width: u32,
) -> (memcalc_charts::TimeData, String) {
    let (i, _) = Inputs::from_query(q);
    let s = i.parse().unwrap();
    let sc = memcalc_core::analysis::scaling::scaling(&s);
    let data = memcalc_charts::TimeData {
        lines: memcalc_core::analysis::scaling::time_lines(&s, &sc, y),
        x_label: sc.x_label,
        current: sc.current,
    };
    let height = memcalc_charts::time::preferred_height(&data);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height as u32)).into_drawing_area();
        memcalc_charts::draw_time(
            &root,
            &data,
            Frame {
                scale: 1.0,
                theme: Theme::LIGHT,
            },
        )
        .unwrap();
    }
    (data, svg)
}

#[test]
fn the_scaling_chart_draws_efficiency_and_time_per_step() {
    use memcalc_core::analysis::scaling::ScalingY;
    let (data, svg) = time_svg(ATMOSPHERE, ScalingY::Efficiency, 720);
    assert_eq!(data.axis().0, "Parallel efficiency (%)");
    assert!(svg.contains("Parallel efficiency, strong scaling"), "{svg}");
    assert!(svg.contains("Parallel efficiency, weak scaling"));
    check_snapshot("scaling_sim_efficiency", &svg);
    let (_, phone) = time_svg(ATMOSPHERE, ScalingY::Efficiency, 360);
    check_snapshot("scaling_sim_efficiency_phone", &phone);
    let (data, svg) = time_svg(ATMOSPHERE, ScalingY::Time, 720);
    assert!(
        data.axis().0.starts_with("Time per step ("),
        "{:?}",
        data.axis()
    );
    assert!(svg.contains("Time per step, strong scaling"));
    check_snapshot("scaling_sim_time", &svg);
    let (data, svg) = time_svg("params=1B&gpu=a100-40", ScalingY::Time, 720);
    assert_eq!(data.lines.len(), 1);
    assert!(svg.contains("Micro-batch size"));
    check_snapshot("scaling_train_time", &svg);
}

#[test]
fn the_efficiency_axis_ends_at_the_next_tenth_above_the_data() {
    use memcalc_core::analysis::scaling::{TimeLine, TimeMeasure, TimeSeries};
    let axis_of = |measure, top: f64| {
        memcalc_charts::TimeData {
            lines: vec![TimeSeries {
                line: TimeLine::StrongEfficiency,
                measure,
                points: vec![(1, top * 0.5), (2, top)],
            }],
            x_label: "Nodes",
            current: 1,
        }
        .y_max()
    };
    // Weak scaling with the NUMA share peaks just above ideal: the axis must not run to 200 %.
    let weak = axis_of(TimeMeasure::Efficiency, 1.02);
    assert!((102.0..=120.0).contains(&weak), "{weak}");
    // Below ideal, 100 % stays in view.
    let strong = axis_of(TimeMeasure::Efficiency, 0.6);
    assert!((100.0..=110.0).contains(&strong), "{strong}");
    // A superlinear point (fewer nodes spilling to disk) still fits under the axis.
    let superlinear = axis_of(TimeMeasure::Efficiency, 2.6);
    assert!(superlinear >= 260.0, "{superlinear}");
    // Seconds keep the coarse steps: 0.9 s, drawn in ms, ends at 1,000 ms.
    assert_eq!(axis_of(TimeMeasure::Seconds, 0.9), 1000.0);
}
