//! Pseudo-spectral codes: fields in physical and spectral space, FFT buffers and work arrays.
use super::domain::*;
use crate::catalog::parts::PartId;
use crate::model::values::sim::*;
use crate::scenario::sim::*;

pub(super) fn spectral(m: &Sim, b: u64) -> MethodParts {
    let n = crate::mul!(m.nx, m.ny, m.nz.max(1));
    let p = m.ranks as f64;
    let local = imbalance(m, n as f64 / p);
    // A real field's spectrum holds (nx/2 + 1)/nx of the points as complex values.
    let spectral_fraction = if m.complex {
        1.0
    } else {
        (m.nx / 2 + 1) as f64 / m.nx as f64
    };
    let per_point =
        b as f64 * if m.complex { 2.0 } else { 1.0 } + spectral_fraction * 2.0 * b as f64;
    let per_field = per_point * local;
    let state = up(m.fields as f64 * m.levels as f64 * per_field);
    // Transforms on a 3/2-padded grid (27/8 of the points in 3D) with two transpose buffers.
    let pad = if !m.dealias {
        1.0
    } else if m.nz > 1 {
        27.0 / 8.0
    } else {
        9.0 / 4.0
    };
    let fft = up(3.0 * pad * local * 2.0 * b as f64);
    let work = up((m.work * b) as f64 * local);
    // Over all ranks: the same per-point costs on every point, without the imbalance.
    let all = |per_point_total: f64| up(per_point_total * n as f64);
    let spectral_shape = SpectralShape {
        nx: m.nx,
        ny: m.ny,
        nz: m.nz,
        points: up(local),
    };
    let v = |part: SpectralPart| SimValues::Spectral(part);
    MethodParts {
        parts: vec![
            Part::of(
                PartId::State,
                state,
                all(m.fields as f64 * m.levels as f64 * per_point),
                v(SpectralPart::Fields(SpectralFields {
                    fields: m.fields,
                    levels: m.levels,
                    field_bytes: up(per_field),
                    shape: spectral_shape,
                })),
            ),
            Part::of(
                PartId::Fft,
                fft,
                all(3.0 * pad * 2.0 * b as f64),
                v(SpectralPart::Fft(SpectralFft {
                    padded_points: up(pad * local),
                    b,
                    dealias: m.dealias,
                })),
            ),
            Part::of(
                PartId::Work,
                work,
                m.work * b * n,
                v(SpectralPart::Work(SpectralWork {
                    arrays: m.work,
                    points: up(local),
                    b,
                })),
            ),
        ],
        snapshot_rank: up(m.fields as f64 * local * b as f64),
        snapshot_total: m.fields * n * b,
        restart_total: crate::mul!(m.fields, m.levels, n, b),
        shape: SimShape::Spectral(spectral_shape),
    }
}
