//! Structured grids (finite differences and volumes): the state at its time levels, work
//! arrays and the ghost layers of each subdomain.
use super::domain::*;
use super::values::SimValues;
use crate::base::units::group_digits as g;
use crate::catalog::parts::PartId;
use crate::model::words;
use crate::scenario::sim::*;

/// A grid part's values.
#[derive(Debug, Clone, PartialEq)]
pub enum GridPart {
    State(GridState),
    Work(GridWork),
    Halo(GridHalo),
}

/// The grid and its split over the ranks, as the explanations describe it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GridShape {
    /// Cells along each axis.
    pub nx: u64,
    pub ny: u64,
    pub nz: u64,
    /// The processor grid.
    pub px: u64,
    pub py: u64,
    pub pz: u64,
    /// Cells owned by a rank of the even split, and its ghost cells.
    pub owned_cells: u64,
    pub ghost_cells: u64,
}

/// The prognostic state: every field at every time level in the busiest rank's cells.
#[derive(Debug, Clone, PartialEq)]
pub struct GridState {
    pub fields: u64,
    pub levels: u64,
    /// Cells of the busiest rank (imbalance included).
    pub cells: u64,
    /// Bytes per value.
    pub b: u64,
    pub shape: GridShape,
}

/// Work arrays over the busiest rank's cells and its ghost cells.
#[derive(Debug, Clone, PartialEq)]
pub struct GridWork {
    pub arrays: u64,
    pub cells_with_ghosts: u64,
    pub b: u64,
}

/// Ghost cells of every stored level, and the send and receive buffers of one face exchange.
#[derive(Debug, Clone, PartialEq)]
pub struct GridHalo {
    pub fields: u64,
    pub levels: u64,
    /// Ghost layers on each side.
    pub layers: u64,
    pub ghost_cells: u64,
    /// Cells of one face exchange (all faces, all layers), sent and received.
    pub face_cells: u64,
    pub owned_cells: u64,
    pub b: u64,
}

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
    let grid_shape = GridShape {
        nx: m.nx,
        ny: m.ny,
        nz: m.nz,
        px,
        py,
        pz,
        owned_cells: up(owned),
        ghost_cells: up(ghost),
    };
    let v = |part: GridPart| SimValues::Grid(part);
    MethodParts {
        parts: vec![
            Part::of(
                PartId::State,
                state,
                crate::mul!(m.fields, m.levels, n, b),
                v(GridPart::State(GridState {
                    fields: m.fields,
                    levels: m.levels,
                    cells: up(local),
                    b,
                    shape: grid_shape,
                })),
            ),
            Part::of(
                PartId::Work,
                work,
                up((m.work * b) as f64 * (owned + ghost) * p),
                v(GridPart::Work(GridWork {
                    arrays: m.work,
                    cells_with_ghosts: up(local + ghost),
                    b,
                })),
            ),
            Part::of(
                PartId::Halo,
                halo,
                up(halo_f * p),
                v(GridPart::Halo(GridHalo {
                    fields: m.fields,
                    levels: m.levels,
                    layers: m.halo,
                    ghost_cells: up(ghost),
                    face_cells: up(faces),
                    owned_cells: up(owned),
                    b,
                })),
            ),
        ],
        snapshot_rank: up(fb * local),
        snapshot_total: crate::mul!(m.fields, n, b),
        restart_total: crate::mul!(m.fields, m.levels, n, b),
        shape,
    }
}
