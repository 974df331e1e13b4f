//! What every method shares: a part per rank, the method's parts and snapshot sizes, and the
//! decomposition of a domain over the ranks.

use crate::catalog::parts::PartId;
use crate::model::values::sim::{SimShape, SimValues};
use crate::model::Location;
use crate::scenario::sim::*;

/// One part, per rank, before it is shown per node or per GPU: its bytes and the values its
/// template (`explain::parts::sim`) writes its text from.
pub(super) struct Part {
    pub(super) id: PartId,
    pub(super) rank_bytes: u64,
    /// Over all ranks, without per-rank rounding (so adding ranks never lowers it).
    pub(super) total_bytes: u64,
    pub(super) location: Location,
    pub(super) values: SimValues,
}

impl Part {
    /// A part on the device.
    pub(super) fn of(id: PartId, rank_bytes: u64, total_bytes: u64, values: SimValues) -> Part {
        Part {
            id,
            rank_bytes,
            total_bytes,
            location: Location::Device,
            values,
        }
    }
}

/// What a method gives: its parts per rank and the bytes of one snapshot of its state per
/// rank (what output, snapshots and adjoint storage copy).
pub(super) struct MethodParts {
    pub(super) parts: Vec<Part>,
    pub(super) snapshot_rank: u64,
    /// The same over all ranks, without imbalance or per-rank rounding.
    pub(super) snapshot_total: u64,
    /// Whole-run size of the state that a restart file must hold, across all ranks.
    pub(super) restart_total: u64,
    pub(super) shape: SimShape,
}

/// Bytes from a continuous amount, rounded up and kept finite.
pub(super) fn up(v: f64) -> u64 {
    if v.is_finite() && v > 0.0 {
        v.min(1e30).ceil() as u64
    } else {
        0
    }
}

/// Whether the ranks tile x and y only: a 2D grid, or a code that keeps whole columns on each
/// rank (`split_z` off, as WRF's nproc_x × nproc_y patches).
pub(super) fn xy_only(m: &Sim) -> bool {
    m.nz <= 1 || !m.split_z
}

/// The integer processor grid a code would choose (reported), and the even, shape-preserving
/// subdomain memory is computed from: extents / p^(1/3) (x and y only: p^(1/2), z whole).
/// Uneven splits, such as prime rank counts, load the busiest rank more: that is what
/// `imbalance` is for.
pub(super) fn decomposition(m: &Sim, x: f64, y: f64, z: f64) -> ((u64, u64, u64), (f64, f64, f64)) {
    let flat = xy_only(m);
    let grid = split(m.ranks, x, y, z, flat);
    let p = m.ranks as f64;
    let k = if flat { p.sqrt() } else { cbrt(p) };
    (grid, (x / k, y / k, if flat { z } else { z / k }))
}

/// Cells of a subdomain with `h` ghost layers on every side (none along z when z is not split).
pub(super) fn padded(l: (f64, f64, f64), h: f64, xy_only: bool) -> f64 {
    (l.0 + 2.0 * h) * (l.1 + 2.0 * h) * if xy_only { l.2 } else { l.2 + 2.0 * h }
}

pub(super) fn imbalance(m: &Sim, v: f64) -> f64 {
    v * (1.0 + m.imbalance_bp as f64 / 10_000.0)
}

/// A structured grid split over the ranks: what grid and lattice Boltzmann codes share.
pub(super) struct Subdomains {
    /// Cells in the whole grid.
    pub(super) n: u64,
    /// Split in x and y only (`xy_only`): no ghost layers or exchanges along z.
    pub(super) xy_only: bool,
    /// The processor grid (reported) and the even subdomain's extents.
    pub(super) ranks: (u64, u64, u64),
    pub(super) extent: (f64, f64, f64),
    /// Ranks as a float, cells owned per rank, and on the busiest rank (imbalance).
    pub(super) p: f64,
    pub(super) owned: f64,
    pub(super) local: f64,
    /// Ghost cells per subdomain for `halo` layers.
    pub(super) ghost: f64,
}

pub(super) fn subdomains(m: &Sim, halo: f64) -> Subdomains {
    let flat = xy_only(m);
    let n = crate::mul!(m.nx, m.ny, m.nz.max(1));
    let (ranks, l) = decomposition(m, m.nx as f64, m.ny as f64, m.nz.max(1) as f64);
    let p = m.ranks as f64;
    let owned = n as f64 / p;
    Subdomains {
        n,
        xy_only: flat,
        ranks,
        extent: l,
        p,
        owned,
        local: imbalance(m, owned),
        // One rank on one device has no neighbour to exchange with: codes that wrap periodic
        // boundaries in place (FluidX3D) keep no ghost layer; others still pad (the default).
        ghost: if m.ranks == 1 && !m.halo_one_rank {
            0.0
        } else {
            padded(l, halo, flat) - l.0 * l.1 * l.2
        },
    }
}

/// The share of an atom's neighbours within `r` that lie inside a box of sides `l`, averaged
/// over the box: per axis 1 − 3r/(8l) (the mean |dx| of a point in a sphere is 3r/8), and
/// 5l/(8r) once the box is thinner than the cutoff (the two agree at l = r).
pub(super) fn local_share(l: (f64, f64, f64), r: f64) -> f64 {
    let axis = |l: f64| {
        if l >= r {
            1.0 - 3.0 * r / (8.0 * l)
        } else {
            5.0 * l / (8.0 * r)
        }
    };
    axis(l.0) * axis(l.1) * axis(l.2)
}

// The decomposition's maths: how ranks split a domain, and how often an adjoint run
// recomputes (issue 36: here, beside the parts it sizes, not among the scenario's inputs).

fn divisors(n: u64) -> Vec<u64> {
    let mut small = Vec::new();
    let mut large = Vec::new();
    let mut d = 1;
    while d * d <= n {
        if n.is_multiple_of(d) {
            small.push(d);
            if d * d != n {
                large.push(n / d);
            }
        }
        d += 1;
    }
    small.extend(large.into_iter().rev());
    small
}

/// Near-cubic split of `ranks` over a box of extents (x, y, z): the factorisation with the
/// least subdomain surface, as MPI_Dims_create and LAMMPS's processor grid choose.
pub fn split(ranks: u64, x: f64, y: f64, z: f64, two_d: bool) -> (u64, u64, u64) {
    let mut best = (ranks, 1, 1);
    let mut best_area = f64::INFINITY;
    // The divisors of ranks / px are those of ranks that divide it, in the same ascending
    // order: one list instead of one per px (the search was most of a bytes-only estimate).
    let all = divisors(ranks);
    for &px in &all {
        let rest = ranks / px;
        for &py in all.iter().filter(|&&d| rest.is_multiple_of(d)) {
            let pz = rest / py;
            if two_d && pz > 1 {
                continue;
            }
            let (a, b, c) = (x / px as f64, y / py as f64, z / pz as f64);
            let area = if two_d { a + b } else { a * b + b * c + a * c };
            if area < best_area * (1.0 - 1e-12) {
                best_area = area;
                best = (px, py, pz);
            }
        }
    }
    best
}

/// Extra forward sweeps of binomial checkpointing: the least t with C(s + t, t) ≥ n, for `s`
/// snapshots and `n` steps (Griewank & Walther 2000, "Algorithm 799: revolve").
pub fn revolve_repetitions(snapshots: u64, steps: u64) -> Option<u64> {
    if steps <= 1 {
        return Some(0);
    }
    if snapshots == 0 {
        return None;
    }
    let mut c: u64 = 1;
    for t in 1..=100_000u64 {
        c = c.saturating_mul(snapshots + t) / t;
        if c >= steps {
            return Some(t);
        }
    }
    None
}
