//! Pseudo-spectral codes: fields in physical and spectral space, FFT buffers and work arrays.
use super::domain::*;
use crate::base::units::group_digits as g;
use crate::catalog::parts::PartId;
use crate::model::words;
use crate::model::Location;
use crate::scenario::sim::*;

const SRC_FFT: &str = "Pseudo-spectral codes keep fields in physical and spectral space, transforms on a 3/2-padded grid for dealiasing (Orszag 1971) with transpose buffers of pencil decompositions (P3DFFT, 2DECOMP&FFT)";

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
    let shape = words!(
        "{}×{}×{} grid, {} points per rank",
        m.nx,
        m.ny,
        m.nz,
        g(up(local))
    );
    MethodParts {
        parts: vec![
            Part { id: PartId::State, label: "Fields (physical and spectral)", rank_bytes: state, total_bytes: all(m.fields as f64 * m.levels as f64 * per_point), location: Location::Device,
                formula: words!("{} fields × {} levels × {} B = {} B", m.fields, m.levels, g(up(per_field)), g(state)),
                question: crate::text!("Why are fields stored twice?"),
                explanation: crate::text!(words!("A pseudo-spectral code keeps each field in physical space and as Fourier coefficients, at {} time levels or stages. {shape}.", m.levels)),
                source: crate::text!(SRC_FFT), values: None },
            Part { id: PartId::Fft, label: "FFT buffers", rank_bytes: fft, total_bytes: all(3.0 * pad * 2.0 * b as f64), location: Location::Device,
                formula: words!("3 × {} padded points × 2 × {} B (complex) = {} B", g(up(pad * local)), b, g(fft)),
                question: crate::text!("What do the transforms need?"),
                explanation: crate::text!(words!("Nonlinear terms are computed on a grid {} to remove aliasing errors, and distributed FFTs transpose data between pencils through send and receive buffers.", if m.dealias { "padded by 3/2 in each direction" } else { "without padding (dealiasing off)" })),
                source: crate::text!(SRC_FFT), values: None },
            Part { id: PartId::Work, label: "Work arrays", rank_bytes: work, total_bytes: m.work * b * n, location: Location::Device,
                formula: words!("{} arrays × {} points × {} B = {} B", m.work, g(up(local)), b, g(work)),
                question: crate::text!("What are work arrays?"),
                explanation: crate::text!("Right-hand sides, nonlinear products and diagnostics.".into()),
                source: crate::text!(SRC_FFT), values: None },
        ],
        snapshot_rank: up(m.fields as f64 * local * b as f64),
        snapshot_total: m.fields * n * b,
        restart_total: crate::mul!(m.fields, m.levels, n, b),
        shape,
    }
}
