//! Structured grids (finite differences and volumes): the state at its time levels, work
//! arrays and the ghost layers of each subdomain.
use super::domain::*;
use crate::catalog::parts::PartId;
use crate::model::values::sim::*;
use crate::scenario::sim::*;

pub(super) fn grid(m: &Sim, b: u64) -> MethodParts {
    let Subdomains {
        n,
        xy_only,
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
    let faces =
        2.0 * m.halo as f64 * (l.1 * l.2 + l.0 * l.2 + if xy_only { 0.0 } else { l.0 * l.1 });
    let halo_f = fb * lv * ghost + 2.0 * fb * faces;
    let state = up(fb * lv * local);
    let work = up((m.work * b) as f64 * (local + ghost));
    let halo = up(halo_f);
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
        shape: SimShape::Grid(grid_shape),
    }
}
