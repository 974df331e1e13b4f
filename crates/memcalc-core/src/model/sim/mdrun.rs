//! Molecular dynamics as GROMACS mdrun allocates it (`pair_list=clusters_*`): arrays in the
//! run's precision (`dtype`; mdrun is mixed precision, FP32 by default), cluster pair lists
//! (nbnxm) instead of per-atom neighbour pages, no halo copies on one rank, and PME's per-atom
//! B-splines beside its grids. Sources: GROMACS 2022 src/gromacs/nbnxm/pairlist.h
//! (nbnxn_ci_t 16 B, nbnxn_cj_t = int cj + unsigned excl, 8 B), pairlist.cpp (a half list on
//! the CPU: "only use cj >= ci"; cluster pairs kept by bounding-box distance < rlist),
//! grid.h (a 32 B BoundingBox and an int of flags per cluster), gridset.h / gridsetdata.h
//! (atom indices and cells, an int each per atom), atomdata.h (x, q, type, lj_comb and the
//! force output per atom), ewald/pme_internal.h (PmeAtomComm idx, fractx and splinedata_t
//! theta/dtheta: 3 dimensions × pme-order reals each), mdtypes/state.h, forcebuffers.h,
//! update.cpp and mdatoms.h (x, v, f, the update's xp, masses, charges and types); with domain
//! decomposition the main rank's copies: mdrunner's global t_state (x, v) beside the local one
//! (runner.cpp, state.h) and domdec/atomdistribution.h (AtomDistribution, "only available on
//! the main rank": atomGroups of the whole system and the rvecBuffer that scatters and gathers
//! the state).
use super::domain::*;
use crate::catalog::parts::PartId;
use crate::model::values::sim::*;
use crate::scenario::sim::*;

/// mdp `pme-order` default: cubic B-splines (4 points per dimension).
const PME_ORDER: u64 = 4;
/// mdp `fourierspacing` default, nm: the PME grid when `kspace_grid` is not given.
const FOURIER_SPACING: f64 = 0.12;
/// nbnxn_ci_t (ci, shift, cj_ind_start, cj_ind_end), a BoundingBox (two 4-float corners)
/// and the cluster's flags.
const I_CLUSTER_BYTES: u64 = 16 + 32 + 4;
/// nbnxn_cj_t: the j-cluster index and its exclusion bits.
const J_ENTRY_BYTES: u64 = 8;
/// A j-cluster's own bounding box when j-clusters are larger than i-clusters (bbjStorage_).
const J_BOX_BYTES: u64 = 32;
/// Gridset atom indices and cell of each atom (ints).
const GRID_ATOM_BYTES: u64 = 8;

/// Bytes per atom of the system that domain decomposition's main rank keeps: the global
/// state's x and v and AtomDistribution's rvecBuffer (9 reals), and its atomGroups (an int per
/// atom group, counted per atom: every atom its own group at most).
fn master_bytes(real: u64) -> u64 {
    9 * real + 4
}

/// Bytes per home atom of the state: x, v, f and the update's xp (4 × 3 reals), mdatoms'
/// massT, invmass, invMassPerDim and chargeA (6 reals), typeA, ptype and the atom info (3 ints).
fn state_bytes(real: u64) -> u64 {
    12 * real + 6 * real + 12
}

/// Bytes per halo atom: x and f (6 reals), charge and type in mdatoms, the atom info.
fn ghost_bytes(real: u64) -> u64 {
    7 * real + 8
}

/// Bytes per home or halo atom of the nonbonded atom data: x (3 reals, cluster layout), q,
/// type, two LJ combination parameters and the force output (3 reals).
fn nbat_bytes(real: u64) -> u64 {
    9 * real + 4
}

/// The mean extent of a cluster of `n` atoms at density `rho` along one axis: n uniform
/// points in a cell of side (n/ρ)^(1/3) span (n−1)/(n+1) of it.
fn cluster_extent(n: u64, rho: f64) -> f64 {
    let n = n as f64;
    (n - 1.0) / (n + 1.0) * cbrt(n / rho)
}

/// j-clusters in an i-cluster's half list: the clusters whose bounding box lies within
/// `rlist` of the i-cluster's box, i.e. those in the box (side e_i + e_j) grown by rlist
/// (Steiner: L³ + 6L²r + 3πLr² + 4/3πr³), at ρ/j clusters per volume, halved (cj ≥ ci).
pub(super) fn j_per_i(i: u64, j: u64, rho: f64, rlist: f64) -> f64 {
    use std::f64::consts::PI;
    let l = cluster_extent(i, rho) + cluster_extent(j, rho);
    let r = rlist;
    let v = l * l * l + 6.0 * l * l * r + 3.0 * PI * l * r * r + 4.0 / 3.0 * PI * r * r * r;
    v * rho / j as f64 / 2.0
}

/// PME's interpolation order: `pme_order` if given, else mdp `pme-order`'s default.
pub fn pme_order(m: &Sim) -> u64 {
    if m.pme_order > 0 {
        m.pme_order
    } else {
        PME_ORDER
    }
}

/// PME mesh points over the box: `kspace_grid` if given, else the box at `fourierspacing`.
fn pme_points(m: &Sim, rho: f64) -> u64 {
    if m.kspace_grid > 0 {
        m.kspace_grid
    } else {
        up(m.particles as f64 / rho.max(1e-30) / FOURIER_SPACING.powi(3))
    }
}

pub(super) fn mdrun(m: &Sim, real: u64, (i, j): (u64, u64)) -> MethodParts {
    let rho = m.density_micro as f64 / DENSITY_SCALE as f64;
    let rlist = (m.cutoff_milli + m.skin_milli) as f64 / LEN_SCALE as f64;
    let side = cbrt(m.particles as f64 / rho.max(1e-30));
    let (px, py, pz) = split(m.ranks, side, side, side, false);
    let l = [side / px as f64, side / py as f64, side / pz as f64];
    let p = m.ranks as f64;
    let owned = m.particles as f64 / p;
    let local_f = imbalance(m, owned);
    let local = up(local_f);
    // Domain decomposition's eighth shell: halo zones on the upper side of each split
    // dimension only, rlist deep; one rank copies nothing.
    let wide: f64 = [px, py, pz]
        .iter()
        .zip(l)
        .map(|(&n, l)| if n > 1 { l + rlist } else { l })
        .product();
    let ghost_f = (wide - l[0] * l[1] * l[2]) * rho;
    let ghosts = up(ghost_f);
    let special = m.topology.map_or(0, |t| t.special);
    let per_i = j_per_i(i, j, rho, rlist);
    let j_box = if j > i { J_BOX_BYTES } else { 0 };
    let lists_of = |home: f64, halo: f64| {
        let atoms = home + halo;
        (atoms / i as f64).ceil() * I_CLUSTER_BYTES as f64
            + (atoms / j as f64).ceil() * j_box as f64
            + (home / i as f64).ceil() * per_i * J_ENTRY_BYTES as f64
            + atoms * GRID_ATOM_BYTES as f64
    };
    let excl_bytes = 4 + 4 * (1 + special);
    let other_of =
        |home: f64, halo: f64| (home + halo) * nbat_bytes(real) as f64 + home * excl_bytes as f64;
    let order = pme_order(m);
    let pme_atom = 16 + (3 + 6 * order) * real;
    let points = pme_points(m, rho);
    let rank_points = up(points as f64 / p);
    let shape = MdShape {
        particles: m.particles,
        side_milli: up(side * 1000.0),
        px,
        py,
        pz,
        local,
        ghosts,
    };
    let v = |part: MdrunPart| SimValues::Particles(MdPart::Mdrun(part));
    let mut parts = vec![Part::of(
        PartId::State,
        crate::mul!(local, state_bytes(real)),
        crate::mul!(m.particles, state_bytes(real)),
        v(MdrunPart::State {
            local,
            per_atom: state_bytes(real),
            real,
            shape,
        }),
    )];
    if ghosts > 0 {
        parts.push(Part::of(
            PartId::Halo,
            crate::mul!(ghosts, ghost_bytes(real)),
            up(ghost_f * p * ghost_bytes(real) as f64),
            v(MdrunPart::Ghosts {
                ghosts,
                per_atom: ghost_bytes(real),
                reach_milli: up(rlist * 1000.0),
            }),
        ));
    }
    let atoms = crate::add!(local, ghosts);
    // The rank's bytes from the whole counts the formula shows.
    let (i_clusters, j_clusters) = (atoms.div_ceil(i), atoms.div_ceil(j));
    let j_entries = up(local.div_ceil(i) as f64 * per_i);
    let list_bytes = crate::add!(
        crate::add!(
            crate::mul!(i_clusters, I_CLUSTER_BYTES),
            crate::mul!(j_clusters, j_box)
        ),
        crate::add!(
            crate::mul!(j_entries, J_ENTRY_BYTES),
            crate::mul!(atoms, GRID_ATOM_BYTES)
        )
    );
    parts.push(Part::of(
        PartId::NeighborLists,
        list_bytes,
        up(lists_of(owned, ghost_f) * p),
        v(MdrunPart::Lists {
            i_clusters,
            j_clusters,
            i_size: i,
            j_size: j,
            i_bytes: I_CLUSTER_BYTES,
            j_entries,
            j_box_bytes: j_box,
            atoms,
        }),
    ));
    parts.push(Part::of(
        PartId::Work,
        up(other_of(local as f64, ghosts as f64)),
        up(other_of(owned, ghost_f) * p),
        v(MdrunPart::Other {
            atoms,
            local,
            per_atom: nbat_bytes(real),
            exclusions: excl_bytes,
        }),
    ));
    if m.long_range != LongRange::None {
        parts.push(Part::of(
            PartId::LongRange,
            crate::add!(
                crate::mul!(local, pme_atom),
                crate::mul!(3, rank_points, real)
            ),
            crate::add!(
                crate::mul!(m.particles, pme_atom),
                crate::mul!(3, points, real)
            ),
            v(MdrunPart::Pme {
                local,
                atom_bytes: pme_atom,
                order,
                grid_points: points,
                rank_points,
                real,
            }),
        ));
    }
    if m.ranks > 1 {
        // Only the main rank holds them, and it is the busiest: the rank's figure and the
        // run's total both carry them once.
        let master = crate::mul!(m.particles, master_bytes(real));
        parts.push(Part::of(
            PartId::MasterCopies,
            master,
            master,
            v(MdrunPart::Master {
                atoms: m.particles,
                per_atom: master_bytes(real),
                real,
            }),
        ));
    }
    let snapshot = 6 * real;
    MethodParts {
        parts,
        snapshot_rank: crate::mul!(local, snapshot),
        snapshot_total: crate::mul!(m.particles, snapshot),
        restart_total: crate::mul!(m.particles, snapshot),
        shape: SimShape::Particles(shape),
    }
}
