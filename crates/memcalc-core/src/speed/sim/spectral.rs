//! Pseudo-spectral codes: a step is its FFTs. Each costs 5 N log2 N FLOPs (FFTW's benchmark
//! convention, fftw.org/speed/method.html; 2.5 N log2 N for real-to-complex), passes over the
//! data once per axis and once more to pack and once to unpack around each transpose (Pekurovsky
//! 2012, P3DFFT, SIAM J. Sci. Comput. 34(4): 1-D FFTs along each dimension with all-to-all
//! transposes between them), and, over several ranks, sends (P − 1)/P of each rank's share per
//! transpose. On one GPU that is one pass per axis: VkFFT does each axis's 1-D FFTs whole in
//! shared memory, one upload and one download per axis with no transposition uploads
//! (Tolmachev 2023, IEEE Access, doi:10.1109/ACCESS.2023.3242240), as long as an axis fits
//! (4096 single-precision complex points in 32 KB); its four-step algorithm for longer axes
//! adds passes not counted here. The FFT helpers here are shared with plane-wave DFT.

use crate::model::values::sim::SpectralPart;
use crate::model::values::SimValues;
use crate::model::Estimate;
use crate::scenario::Scenario;
use crate::speed::sim::{rank_values, word_dtype, MethodStep, SimMachine};
use crate::speed::SpectralTerm;
use crate::speed::{Bound, Ffts, FftsOf, TermValues, Time, TimeTerm, Transpose, Via};

/// Runge–Kutta stages per step: the low-storage third-order scheme of Spalart, Moser and
/// Rogers (J. Comput. Phys. 96, 1991), the common choice of pseudo-spectral DNS codes.
pub const RK_STAGES: u64 = 3;

/// FLOPs of the busiest rank's share of the step's FFTs.
pub fn fft_flops(f: &Ffts) -> f64 {
    let per_point = if f.real { 2.5 } else { 5.0 };
    f.transforms * per_point * f.local * f.points.max(2.0).log2()
}

/// The compute and memory terms of a step's FFTs; the FFTs' own time is the longer of the two.
pub(super) fn fft_terms(
    sm: &SimMachine,
    f: Ffts,
    dims: u64,
    per_fft: u64,
    b: u64,
) -> [TimeTerm; 2] {
    let w = sm.work(fft_flops(&f), word_dtype(b));
    // Every axis pass reads and writes the rank's share; each transpose adds a pack and an
    // unpack pass.
    let passes = dims + 2 * per_fft;
    let transfer = sm.transfer(f.transforms * passes as f64 * 2.0 * f.local * f.point_bytes);
    [
        TimeTerm {
            time: w.time(),
            bound: Bound::Compute,
            values: TermValues::Spectral(SpectralTerm::FftCompute { ffts: f, work: w }),
        },
        TimeTerm {
            time: transfer.time(),
            bound: Bound::MemoryBandwidth,
            values: TermValues::Spectral(SpectralTerm::FftMemory {
                ffts: f,
                passes,
                transfer,
            }),
        },
    ]
}

/// What a group of `ranks` consecutive ranks' all-to-all crosses, each rank's one-way share
/// of it, and the share of its data that crosses it: the network when the group spans nodes
/// (only the data bound for other nodes), else the GPUs' links or shared host memory.
fn all_to_all(sm: &SimMachine, ranks: u64) -> (Via, f64, f64) {
    let p = ranks.max(1) as f64;
    if ranks > sm.per_node && sm.nodes > 1 {
        let off = (p - sm.per_node as f64) / p;
        (Via::Network, sm.m.net / sm.per_node as f64, off)
    } else if sm.gpu {
        (sm.m.link_via, sm.m.link_one_way, (p - 1.0) / p)
    } else {
        (
            Via::HostMemory,
            sm.m.host_bw / sm.per_node as f64,
            (p - 1.0) / p,
        )
    }
}

/// The transposes of the step's FFTs over `ranks`, `share` bytes of each rank per transform,
/// beside the FFTs' local time; None on one rank.
pub(super) fn transpose_term(
    sm: &SimMachine,
    f: &Ffts,
    per_fft: u64,
    share: f64,
    local: Time,
) -> Option<TimeTerm> {
    if f.ranks <= 1 || per_fft == 0 {
        return None;
    }
    let (via, bandwidth, sent) = all_to_all(sm, f.ranks);
    let mut t = Transpose {
        transforms: f.transforms,
        per_fft,
        ranks: f.ranks,
        share,
        sent,
        via,
        bandwidth,
        ratio: 0.0,
    };
    t.ratio = match (t.time(), local) {
        (Time::Seconds(c), Time::Seconds(l)) if l > 0.0 => c / l,
        _ => 0.0,
    };
    Some(TimeTerm {
        time: t.time(),
        bound: via.bound(),
        values: TermValues::Spectral(SpectralTerm::FftTranspose(t)),
    })
}

/// A pseudo-spectral step: 2 × fields transforms per Runge–Kutta stage on the (padded) grid, or
/// the count `transforms` gives (one, to time a single FFT as FFT benchmarks report it),
/// the longer of their compute and memory time, then their transposes (a blocking all-to-all
/// between the axis passes: added). None where the estimate has no field part.
pub fn step(s: &Scenario, e: &Estimate, sm: &SimMachine) -> Option<MethodStep> {
    let sim = &s.sim;
    let mut fields = None;
    let mut fft = None;
    for v in rank_values(e) {
        match v {
            SimValues::Spectral(SpectralPart::Fields(f)) => fields = Some(f),
            SimValues::Spectral(SpectralPart::Fft(f)) => fft = Some(f),
            _ => {}
        }
    }
    let fields = fields?;
    let fft = fft?;
    let shape = fields.shape;
    let three_d = shape.nz > 1;
    let dims = if three_d { 3 } else { 2 };
    let pad = fft.padded_points as f64 / shape.points.max(1) as f64;
    let points = pad * shape.nx as f64 * shape.ny as f64 * shape.nz.max(1) as f64;
    let real = !sim.complex;
    // A real field's half spectrum holds about N/2 complex values: b bytes per point.
    let point_bytes = if real { fft.b } else { 2 * fft.b } as f64;
    let (of, transforms) = match sim.transforms {
        Some(n) => (FftsOf::Given { per_step: n }, n),
        None => (
            FftsOf::Spectral {
                fields: fields.fields,
                stages: RK_STAGES,
            },
            2 * fields.fields * RK_STAGES,
        ),
    };
    let f = Ffts {
        of,
        transforms: transforms as f64,
        points,
        local: fft.padded_points as f64,
        real,
        ranks: sm.ranks,
        point_bytes,
    };
    // A pencil decomposition (P3DFFT, 2DECOMP&FFT) transposes twice per 3-D FFT; a 2-D
    // grid's slabs once.
    let per_fft = if sm.ranks <= 1 {
        0
    } else if three_d {
        2
    } else {
        1
    };
    let [compute, memory] = fft_terms(sm, f, dims, per_fft, fft.b);
    let local = compute.time.max(memory.time);
    let mut terms = vec![compute, memory];
    let mut step = local;
    if let Some(t) = transpose_term(sm, &f, per_fft, f.local * point_bytes, local) {
        step = step.plus(t.time);
        terms.push(t);
    }
    Some(MethodStep {
        terms,
        step,
        halo: None,
        rate: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ffts(transforms: f64, points: f64, local: f64, real: bool) -> Ffts {
        Ffts {
            of: FftsOf::Spectral {
                fields: 3,
                stages: 3,
            },
            transforms,
            points,
            local,
            real,
            ranks: 1,
            point_bytes: 16.0,
        }
    }

    #[test]
    fn an_fft_costs_five_n_log2_n_and_half_that_real_to_complex() {
        // 256³ = 2^24 points: 5 × 2^24 × 24 FLOPs per complex transform.
        let n = 16_777_216.0;
        assert_eq!(fft_flops(&ffts(1.0, n, n, false)), 5.0 * n * 24.0);
        assert_eq!(fft_flops(&ffts(18.0, n, n, true)), 18.0 * 2.5 * n * 24.0);
        // A rank's share of a distributed transform: its points × log2 of the whole grid.
        assert_eq!(
            fft_flops(&ffts(1.0, n, n / 8.0, false)),
            5.0 * n / 8.0 * 24.0
        );
    }
}
