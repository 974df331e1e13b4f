//! A mesh code's own per-cell working arrays (`cell_values`): what a compressible
//! finite-volume solver keeps per cell beside its unknowns and its matrix.
//!
//! Source for the SU2 profile's count: SU2 (v7) `SU2_CFD/src/variables/CVariable.cpp`
//! (Solution and Solution_Old, which `levels = 2` counts, and the solution Gradient
//! nVar × nDim) and `CEulerVariable.cpp`
//! (Res_TruncError, Limiter, Limiter_Primitive, Solution_Max and _Min over the nDim + 4
//! gradient primitives, Primitive nDim + 9, Secondary 8 when viscous, Gradient_Primitive
//! (nDim + 4) × nDim, and six scalars: Velocity2, Precond_Beta, Max_Lambda_Inv, Delta_Time,
//! Lambda, Sensor).
use super::domain::*;
use crate::catalog::parts::PartId;
use crate::model::values::sim::*;
use crate::scenario::sim::*;

/// The part for `cell_values` working values on each of the rank's `points` (none when 0);
/// `all_points` over every rank.
pub(super) fn cell_arrays(m: &Sim, points: u64, all_points: u64, b: u64) -> Option<Part> {
    (m.cell_values > 0).then(|| {
        Part::of(
            PartId::Work,
            crate::mul!(points, m.cell_values, b),
            crate::mul!(all_points, m.cell_values, b),
            SimValues::Mesh(MeshPart::CellArrays(CellArrays {
                points,
                values: m.cell_values,
                b,
            })),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn su2_euler_arrays_count_93_values_beside_the_two_solutions() {
        // 3-D compressible Navier–Stokes (nDim 3, nVar 5), upwind with a limiter, steady:
        // CVariable's gradient 15; CEulerVariable 5 + 5 + 7 + 7 + 7 + 12 + 8 + 21 + 6.
        let (dim, var) = (3, 5);
        let grad_prim = dim + 4;
        let euler = var + var + grad_prim * 3 + (dim + 9) + 8 + grad_prim * dim + 6;
        assert_eq!(var * dim + euler, 93);
        let su2 = crate::catalog::codes::PROFILES
            .iter()
            .find(|p| p.code == crate::catalog::codes::Code::Su2)
            .expect("an SU2 profile");
        assert!(su2.sets.contains(&(
            crate::base::keys::FieldId::CellValues,
            crate::base::keys::Value::Count(93)
        )));
        let m = Sim {
            cell_values: 93,
            ..Sim::default()
        };
        let part = cell_arrays(&m, 1000, 2000, 8).expect("a part");
        assert_eq!((part.rank_bytes, part.total_bytes), (744_000, 1_488_000));
        assert!(cell_arrays(&Sim::default(), 1000, 2000, 8).is_none());
    }
}
