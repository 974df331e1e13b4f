//! The estimate of a simulation: bytes per rank by named component, shown per node (CPU codes,
//! compared with node memory) or per GPU (GPU-resident codes), with the run's disk output.

mod amr;
mod cellwork;
pub mod domain;
mod grid;
mod hpcg;
mod lbm;
mod lmpgpu;
mod mdrun;
mod mesh;
mod nbody;
mod particles;
mod planewave;
mod polymesh;
mod reaxff;
mod run;
mod spectral;

use domain::*;

use crate::model::values::sim::{SimShape, SimValues};
use crate::model::Estimate;
use crate::scenario::sim::Method;
use crate::scenario::Scenario;

/// Memory of a simulation scenario.
pub fn estimate_sim(s: &Scenario) -> Estimate {
    let m = &s.sim;
    let b = s.dtype.bytes();
    let mp = match m.method {
        Method::Grid => grid::grid(m, b),
        Method::Particles => particles::particles(m, b),
        Method::Mesh => mesh::mesh(m, b),
        Method::Lbm => lbm::lbm(m, b),
        Method::Spectral => spectral::spectral(m, b),
        Method::Planewave => planewave::planewave(m),
        Method::Amr => amr::amr(m, b),
        Method::Nbody => nbody::nbody(m, b),
    };
    run::assemble(s, mp)
}
