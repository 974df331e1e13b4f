//! Structured grids (finite differences and volumes): the state at its time levels, work
//! arrays and the ghost layers of each subdomain.
use super::domain::*;
use crate::base::units::group_digits as g;
use crate::catalog::parts::PartId;
use crate::model::words;
use crate::model::Location;
use crate::scenario::sim::*;

const SRC_GRID: &str = "Cells × fields × bytes × (time levels + stage buffers) plus ghost layers of the subdomain (surface-to-volume); see e.g. Gropp, Lusk & Skjellum, Using MPI, ch. 4 (halo exchange)";

pub(super) fn grid(m: &Sim, b: u64) -> MethodParts {
    let Subdomains {
        n,
        two_d,
        ranks: (px, py, pz),
        extent: l,
        p,
        owned,
        local,
        ghost,
    } = subdomains(m, m.halo as f64);
    let fb = (m.fields * b) as f64;
    let lv = m.levels as f64;
    // Ghost cells of every stored level, plus send and receive buffers for one face exchange.
    let faces = 2.0 * m.halo as f64 * (l.1 * l.2 + l.0 * l.2 + if two_d { 0.0 } else { l.0 * l.1 });
    let halo_f = fb * lv * ghost + 2.0 * fb * faces;
    let state = up(fb * lv * local);
    let work = up((m.work * b) as f64 * (local + ghost));
    let halo = up(halo_f);
    let shape = words!(
        "{}×{}×{} cells over a {}×{}×{} rank grid, about {} cells and {} ghost cells per rank",
        m.nx,
        m.ny,
        m.nz,
        px,
        py,
        pz,
        g(up(owned)),
        g(up(ghost))
    );
    MethodParts {
        parts: vec![
            Part { id: PartId::State, label: "Prognostic state", rank_bytes: state, total_bytes: crate::mul!(m.fields, m.levels, n, b), location: Location::Device,
                formula: words!("{} fields × {} levels × {} cells × {} B = {} B", m.fields, m.levels, g(up(local)), b, g(state)),
                question: crate::text!("What is the state of a grid code?"),
                explanation: crate::text!(words!("Every cell holds {} prognostic variables, kept at {} time levels or Runge–Kutta stages. {shape}.", m.fields, m.levels)),
                source: crate::text!(SRC_GRID), values: None },
            Part { id: PartId::Work, label: "Work arrays", rank_bytes: work, total_bytes: up((m.work * b) as f64 * (owned + ghost) * p), location: Location::Device,
                formula: words!("{} arrays × {} cells (with ghosts) × {} B = {} B", m.work, g(up(local + ghost)), b, g(work)),
                question: crate::text!("What are work arrays?"),
                explanation: crate::text!("Diagnostics, fluxes, tendencies and scratch space that the solver allocates per cell alongside the state.".into()),
                source: crate::text!(SRC_GRID), values: None },
            Part { id: PartId::Halo, label: "Halo (ghost cells)", rank_bytes: halo, total_bytes: up(halo_f * p), location: Location::Device,
                formula: words!("{} fields × {} levels × {} ghost cells × {} B + exchange buffers = {} B", m.fields, m.levels, g(up(ghost)), b, g(halo)),
                question: crate::text!("Why doesn't memory per rank fall as 1/N?"),
                explanation: crate::text!(words!("Each subdomain carries {} ghost layers copied from its neighbours: {} ghost cells for {} owned. As ranks grow the subdomains shrink but their surface shrinks slower than their volume, so the ghost share rises.", m.halo, g(up(ghost)), g(up(owned)))),
                source: crate::text!(SRC_GRID), values: None },
        ],
        snapshot_rank: up(fb * local),
        snapshot_total: crate::mul!(m.fields, n, b),
        restart_total: crate::mul!(m.fields, m.levels, n, b),
        shape,
    }
}
