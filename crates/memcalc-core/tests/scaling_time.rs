//! The scaling chart's choice of measure (issue 27, `scaling_y`): memory as before, the time
//! per step or the parallel efficiency over the same x values.

mod common;

use common::scenario;
use memcalc_core::analysis::scaling::{offered, scaling, time_lines, ScalingY, TimeMeasure};

const CLIMATE: &str = "mode=sim&method=grid&nx=1440&ny=721&nz=137&fields=10&levels=3&work=20&halo=3&ranks=1024&nodes=16";

#[test]
fn a_simulation_plots_time_per_step_or_efficiency_over_nodes() {
    let s = scenario(CLIMATE);
    let sc = scaling(&s);
    assert!(time_lines(&s, &sc, ScalingY::Memory).is_empty());
    let time = time_lines(&s, &sc, ScalingY::Time);
    assert_eq!(time.len(), 2);
    assert!(time.iter().all(|l| l.measure == TimeMeasure::Seconds));
    // Strong scaling: more nodes, shorter steps; every point a positive time.
    let strong = &time[0].points;
    assert!(strong.len() > 3 && strong.iter().all(|p| p.1 > 0.0));
    assert!(strong.last().unwrap().1 < strong[0].1, "{strong:?}");
    let eff = time_lines(&s, &sc, ScalingY::Efficiency);
    assert_eq!(eff.len(), 2);
    assert!(eff.iter().all(|l| l.measure == TimeMeasure::Efficiency));
    // Each line starts at 1 and its points are the seconds' ratio: T(n0) n0 / (T(n) n).
    let (n0, t0) = strong[0];
    for (&(n, t), &(m, e)) in strong.iter().zip(&eff[0].points) {
        assert_eq!(n, m);
        assert!((e - t0 * n0 as f64 / (t * n as f64)).abs() < 1e-12);
    }
    assert_eq!(offered(&s), ScalingY::ALL);
}

#[test]
fn a_neural_model_offers_memory_and_time_only() {
    let s = scenario("params=1B&gpu=a100-40");
    assert_eq!(offered(&s), [ScalingY::Memory, ScalingY::Time]);
    let sc = scaling(&s);
    let time = time_lines(&s, &sc, ScalingY::Time);
    assert_eq!(time.len(), 1);
    assert_eq!(time[0].measure, TimeMeasure::Seconds);
}

// Issue 37, defect 8: weak scaling stretched the domain along x only, so each rank's block
// became a thinner slab as nodes were added and its halo grew: a 0.25° atmosphere read 52 %
// weak efficiency at 256 nodes. Refined in every direction, a rank's block keeps its shape.
#[test]
fn weak_scaling_refines_the_grid_in_every_direction_and_stays_efficient() {
    let s = scenario("preset=atmosphere-25km");
    let sc = scaling(&s);
    let eff = time_lines(&s, &sc, ScalingY::Efficiency);
    let weak = &eff[1].points;
    let last = weak.last().unwrap();
    eprintln!("weak efficiency: {weak:?}");
    assert!(last.0 >= 256, "{weak:?}");
    assert!(
        last.1 > 0.9,
        "weak efficiency at {} nodes: {}",
        last.0,
        last.1
    );
    // 8× the nodes: twice the points along each of the three directions.
    let base = s.sim.nodes;
    let grown = memcalc_core::analysis::sim_nodes::scenario_at(&s, true, base * 8).sim;
    assert_eq!(grown.nx, s.sim.nx * 2);
    assert_eq!(grown.ny, s.sim.ny * 2);
    assert_eq!(grown.nz, s.sim.nz * 2);
}
