//! The estimate of a simulation: bytes per rank by named component, shown per node (CPU codes,
//! compared with node memory) or per GPU (GPU-resident codes), with the run's disk output.

mod amr;
mod nbody;
mod planewave;
pub mod values;

use values::{SimPart, SimValues};

use crate::base::choice::Choice;
use crate::base::units::{format_fixed, group_digits as g};
use crate::catalog::parts::PartId;
use crate::model::values::legacy;
use crate::model::words;
use crate::model::{Component, Estimate, Location};
use crate::scenario::sim::*;
use crate::scenario::{Mode, Scenario};

const SRC_GRID: &str = "Cells × fields × bytes × (time levels + stage buffers) plus ghost layers of the subdomain (surface-to-volume); see e.g. Gropp, Lusk & Skjellum, Using MPI, ch. 4 (halo exchange)";
const SRC_MD: &str = "LAMMPS conventions (atom_vec.cpp, neigh_list.cpp, my_page.h): per-atom arrays sized for local + ghost atoms in chunks of 16384, neighbour pages of 100,000 indices with 2,000 kept free; neighbours ≈ 4/3·π·(cutoff + skin)³·density, halved with Newton's third law";
const SRC_KSPACE: &str = "LAMMPS PPPM (pppm.cpp): density brick, three field bricks with ghost layers and two FFT work arrays; Darden et al. 1993 (PME)";
const SRC_MESH: &str = "CSR storage (values + column indices + row pointers, Saad, Iterative Methods for Sparse Linear Systems, §3.4); GMRES(m) keeps m + 1 Krylov vectors (Saad & Schultz 1986); AMG operator complexity ~1.5 (hypre BoomerAMG documentation)";
const SRC_LBM: &str = "Q distributions per cell, two copies or one with in-place streaming (Lehmann et al. 2022, Esoteric Pull and Esoteric Push, Computation 10(6):92; FluidX3D: 93 bytes/cell D3Q19 FP32, 55 with FP16 storage)";
const SRC_FFT: &str = "Pseudo-spectral codes keep fields in physical and spectral space, transforms on a 3/2-padded grid for dealiasing (Orszag 1971) with transpose buffers of pencil decompositions (P3DFFT, 2DECOMP&FFT)";
const SRC_HISTORY: &str = "Snapshots and output frames are the prognostic state; binomial checkpointing after Griewank & Walther 2000 (Algorithm 799: revolve)";
const SRC_MIRROR: &str = "FluidX3D src/opencl.hpp (Memory<T>: a host buffer beside every device buffer); CUDA codes with host staging copies";
const SRC_REPLICATED: &str = "Replicated (non-distributed) data in MPI codes: every rank allocates the whole array (e.g. WRF's boundary and forcing tables on each task, global coarse meshes of multigrid, immersed-boundary geometry)";
const SRC_LANGUAGE: &str = "Measured on 2026-11-30 (Linux x86-64, 2 ranks, VmRSS after MPI_Init and a barrier; MPICH 5.0.2 and mpi4py 4.1.2 from PyPI): a C rank 16.0 MiB; Python 3.11.7 + NumPy 2.4.6 + mpi4py 41.4 MiB; with SciPy 1.17.1 imported 75.8 MiB. GPAW, a Python DFT code, prints 'Process memory now: 69.03 MiB' before its arrays";
const SRC_CUDA_CONTEXT: &str = "NVIDIA CUDA C++ Programming Guide, 'Lazy Loading' (CUDA 11.7 and later load a module's kernels on first use, so a context holds a few hundred MiB before any array, more with eager loading); read it with nvidia-smi after the code's first CUDA call";
const SRC_SIM_ALLOCATOR: &str = "glibc malloc (mallopt: allocations above M_MMAP_THRESHOLD, 128 KiB by default, are mapped whole pages; smaller ones share arenas that keep freed blocks); compare a code's own report with VmHWM in /proc/<pid>/status to measure the gap";
const SRC_RANK: &str = "Per-process memory outside the solver's arrays (MPI eager buffers, libraries, executable): tens to hundreds of MiB per rank; measure with your code's report or /proc/<pid>/status";

/// One part, per rank, before it is shown per node or per GPU.
struct Part {
    id: PartId,
    label: &'static str,
    rank_bytes: u64,
    /// Over all ranks, without per-rank rounding (so adding ranks never lowers it).
    total_bytes: u64,
    location: Location,
    formula: String,
    question: &'static str,
    explanation: String,
    source: &'static str,
    /// The part's named values, once its text comes from a template (`explain::parts::sim`);
    /// `None` while the text above is written here.
    values: Option<SimValues>,
}

/// What a method gives: its parts per rank and the bytes of one snapshot of its state per
/// rank (what output, snapshots and adjoint storage copy).
struct MethodParts {
    parts: Vec<Part>,
    snapshot_rank: u64,
    /// The same over all ranks, without imbalance or per-rank rounding.
    snapshot_total: u64,
    /// Whole-run size of the state that a restart file must hold, across all ranks.
    restart_total: u64,
    shape: String,
}

/// Bytes from a continuous amount, rounded up and kept finite.
fn up(v: f64) -> u64 {
    if v.is_finite() && v > 0.0 {
        v.min(1e30).ceil() as u64
    } else {
        0
    }
}

/// The integer processor grid a code would choose (reported), and the even, shape-preserving
/// subdomain memory is computed from: extents / p^(1/3) (2D: p^(1/2)). Uneven splits, such as
/// prime rank counts, load the busiest rank more: that is what `imbalance` is for.
fn decomposition(m: &Sim, x: f64, y: f64, z: f64) -> ((u64, u64, u64), (f64, f64, f64)) {
    let two_d = m.nz <= 1;
    let grid = split(m.ranks, x, y, z, two_d);
    let p = m.ranks as f64;
    let k = if two_d { p.sqrt() } else { cbrt(p) };
    (grid, (x / k, y / k, if two_d { z } else { z / k }))
}

/// Cells of a subdomain with `h` ghost layers on every side (none along z in 2D).
fn padded(l: (f64, f64, f64), h: f64, two_d: bool) -> f64 {
    (l.0 + 2.0 * h) * (l.1 + 2.0 * h) * if two_d { l.2 } else { l.2 + 2.0 * h }
}

fn imbalance(m: &Sim, v: f64) -> f64 {
    v * (1.0 + m.imbalance_bp as f64 / 10_000.0)
}

/// A structured grid split over the ranks: what grid and lattice Boltzmann codes share.
struct Subdomains {
    /// Cells in the whole grid.
    n: u64,
    two_d: bool,
    /// The processor grid (reported) and the even subdomain's extents.
    ranks: (u64, u64, u64),
    extent: (f64, f64, f64),
    /// Ranks as a float, cells owned per rank, and on the busiest rank (imbalance).
    p: f64,
    owned: f64,
    local: f64,
    /// Ghost cells per subdomain for `halo` layers.
    ghost: f64,
}

fn subdomains(m: &Sim, halo: f64) -> Subdomains {
    let two_d = m.nz <= 1;
    let n = crate::mul!(m.nx, m.ny, m.nz.max(1));
    let (ranks, l) = decomposition(m, m.nx as f64, m.ny as f64, m.nz.max(1) as f64);
    let p = m.ranks as f64;
    let owned = n as f64 / p;
    Subdomains {
        n,
        two_d,
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
            padded(l, halo, two_d) - l.0 * l.1 * l.2
        },
    }
}

fn grid(m: &Sim, b: u64) -> MethodParts {
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

/// Per-particle bytes LAMMPS keeps besides the atom style, at the allocated size: neighbour
/// bookkeeping (ilist, numneigh, firstneigh 16 B), binning (8 B), the positions of the last
/// neighbour build (24 B), and sorting and other per-atom buffers (36 B; the last 24 B inferred
/// from LAMMPS's own 1- and 4-rank benchmark logs).
const MD_LIST_BYTES: u64 = 16 + 8 + 24;
/// LAMMPS's default PPPM stencil order (kspace_modify order).
const PPPM_ORDER: f64 = 5.0;
/// fix shake (fix_shake.cpp, grow_arrays): shake_flag (4 B), shake_atom (4 IDs, 16 B),
/// shake_type (3 ints, 12 B), xshake (3 doubles, 24 B) per allocated atom.
const MD_SHAKE_BYTES: u64 = 4 + 16 + 12 + 24;
const SRC_REAXFF: &str = "LAMMPS REAXFF package: pair_reaxff.cpp memory_usage, reaxff_forces.cpp Estimate_Storages (bond partners ×2, MIN_BONDS 25), reaxff_init.cpp Init_Lists (bond_cap = MAX(Σ × safezone, mincap × MIN_BONDS)), reaxff_types.h structure sizes, fix_qeq_reaxff.cpp allocate_matrix and memory_usage; pair_style reaxff keywords safezone (1.2) and mincap (50)";
const SRC_MANYBODY: &str = "LAMMPS pair_tersoff.cpp, pair_sw.cpp (full neighbour lists: init_style requests full = 1) and pair_airebo.cpp (REBO_neigh: REBO_numneigh, REBO_firstneigh, nC, nH per atom and REBO neighbour pages of local and ghost atoms)";
const SRC_SHAKE: &str = "LAMMPS fix_shake.cpp (grow_arrays, memory_usage): per-atom shake_flag, shake_atom, shake_type and xshake";
const MD_OTHER_BYTES: u64 = 12 + 24;
const MD_CHUNK: u64 = 16_384;
const MD_PAGE: u64 = 100_000;
const MD_ONE_ATOM: u64 = 2000;

fn particles(m: &Sim, _b: u64) -> MethodParts {
    let rho = m.density_micro as f64 / DENSITY_SCALE as f64;
    let rg = (m.cutoff_milli + m.skin_milli) as f64 / LEN_SCALE as f64;
    let side = cbrt(m.particles as f64 / rho.max(1e-30));
    // Unlike grids, particle codes are modelled on the processor grid they actually use
    // (LAMMPS's own choice), because the ghost count decides when per-atom arrays grow by a
    // whole chunk: an awkward rank count (a prime) raises memory per rank, as it does in LAMMPS.
    let (px, py, pz) = split(m.ranks, side, side, side, false);
    let l = (side / px as f64, side / py as f64, side / pz as f64);
    let p = m.ranks as f64;
    let owned = m.particles as f64 / p;
    let local_f = imbalance(m, owned);
    let local = up(local_f);
    let ghost_f = ((l.0 + 2.0 * rg) * (l.1 + 2.0 * rg) * (l.2 + 2.0 * rg) - l.0 * l.1 * l.2) * rho;
    let ghosts = up(ghost_f);
    let per_atom = if m.attrs > 0 {
        m.attrs
    } else {
        match (m.atom_style.molecular(), m.topology) {
            (true, Some(t)) => t.bytes(m.atom_style),
            // The new styles without maxima: no slot; `full` keeps its typical ~300 B.
            _ if m.atom_style.molecular() && m.atom_style != AtomStyle::Full => {
                Topology::default().bytes(m.atom_style)
            }
            _ => m.atom_style.bytes(),
        }
    };
    let (potential_atom, short_cut) = m.potential.extra();
    let nmax = crate::mul!(crate::add!(local, ghosts).div_ceil(MD_CHUNK), MD_CHUNK);
    let sphere = 4.0 / 3.0 * std::f64::consts::PI * rg * rg * rg * rho;
    let reax = m.potential == Potential::Reaxff;
    let per_particle = if m.neighbors > 0 {
        m.neighbors as f64
    } else if reax {
        // ReaxFF asks for a half list with Newton off and ghost lists
        // (half/bin/newtoff/ghost): a local atom stores its local pairs once and every pair
        // with a ghost itself, so it keeps (1 − f/2) of its sphere, f the share of its
        // neighbours that are local.
        sphere * (1.0 - local_share(l, rg) / 2.0)
    } else if m.newton && !m.potential.full_list() {
        sphere / 2.0
    } else {
        sphere
    };
    let neighbors_milli = up(per_particle * 1000.0);
    // Ghost atoms' own lists (ghost-ghost pairs, each once): the pairs within the subdomain
    // widened by the ghost cutoff, less those of the local atoms.
    let ghost_pairs = if reax && m.neighbors == 0 {
        let wide = (l.0 + 2.0 * rg, l.1 + 2.0 * rg, l.2 + 2.0 * rg);
        let all = (local_f + ghost_f) * sphere * local_share(wide, rg) / 2.0;
        (all - local_f * per_particle).max(0.0)
    } else {
        0.0
    };
    let pairs = up(local_f * per_particle + ghost_pairs);
    let pages = pairs.div_ceil(MD_PAGE - MD_ONE_ATOM).max(1);
    let lists = crate::add!(
        crate::mul!(pages, MD_PAGE, 4),
        crate::mul!(nmax, MD_LIST_BYTES)
    );
    let state = crate::mul!(per_atom, local);
    let halo = crate::mul!(per_atom, nmax - local);
    // LAMMPS's atom map (atom.cpp map_style_set, map_init): an array of the largest ID on every
    // rank, or a hash of 2 × max(atoms per rank, allocated atoms) slots of 12 B plus a 4 B
    // bucket each; `atom_modify map yes` picks the array up to 1,000,000 IDs.
    let map_kind = match m.atom_map {
        AtomMap::Auto if m.particles > 1_000_000 => AtomMap::Hash,
        AtomMap::Auto => AtomMap::Array,
        k => k,
    };
    let map_slots = 2 * nmax.max(up(owned));
    let (map, map_all, map_formula) = match map_kind {
        AtomMap::Hash => (
            crate::mul!(16, map_slots),
            up(32.0 * (owned + ghost_f).max(owned) * p),
            words!("16 B × {} hash slots (id map)", g(map_slots)),
        ),
        AtomMap::None => (0, 0, "no id map".to_string()),
        _ => (
            crate::mul!(4, m.particles + 1),
            crate::mul!(4, m.particles + 1, m.ranks),
            words!("4 B × {} (id map)", g(m.particles + 1)),
        ),
    };
    let work = crate::add!(crate::mul!(nmax, MD_OTHER_BYTES), map);
    // Totals count what is in use (no chunk or page rounding), so adding ranks never lowers them.
    let in_use = (owned + ghost_f) * p;
    let shape = words!(
        "{} particles in a box of side {} over a {}×{}×{} rank grid: {} local and {} ghost particles per rank",
        g(m.particles), format_fixed(up(side * 1000.0), 3), px, py, pz, g(local), g(ghosts)
    );
    let mut parts = vec![
        Part { id: PartId::State, label: "Particle state", rank_bytes: state, total_bytes: crate::mul!(per_atom, m.particles), location: Location::Device,
            formula: words!("{} particles × {} B = {} B", g(local), per_atom, g(state)),
            question: crate::text!("What does each particle cost?"),
            explanation: crate::text!(words!("Positions, velocities and forces in double precision plus identifiers: {per_atom} bytes per particle for this atom style. {shape}.")),
            source: crate::text!(SRC_MD), values: None },
        Part { id: PartId::Halo, label: "Ghost particles", rank_bytes: halo, total_bytes: up(per_atom as f64 * ghost_f * p), location: Location::Device,
            formula: words!("({} allocated − {} local) × {} B = {} B", g(nmax), g(local), per_atom, g(halo)),
            question: crate::text!("What are ghost particles?"),
            explanation: crate::text!(words!("Copies of the neighbours' particles within cutoff + skin = {} of the subdomain's faces ({} of them), with the same per-particle arrays; arrays grow in chunks of {} particles, so the allocation is rounded up.", format_fixed(up(rg * 1000.0), 3), g(ghosts), MD_CHUNK)),
            source: crate::text!(SRC_MD), values: None },
        Part { id: PartId::NeighborLists, label: "Neighbour lists", rank_bytes: lists, total_bytes: up(owned * p * per_particle * 4.0 + in_use * MD_LIST_BYTES as f64), location: Location::Device,
            formula: words!("{} pages × {} × 4 B + {} × {} B = {} B", pages, g(MD_PAGE), g(nmax), MD_LIST_BYTES, g(lists)),
            question: crate::text!("Why do neighbour lists dominate?"),
            explanation: crate::text!(words!("Each particle keeps the indices of the particles within cutoff + skin: {} per particle here ({} list{}), {} pairs per rank, in pages of {} indices; plus per-particle list bookkeeping, binning and the positions at the last rebuild. This, not the particle state, is what the folk rule of 'a few hundred bytes per atom' misses.",
                format_fixed(neighbors_milli, 3), if m.newton { "half" } else { "full" }, if m.newton { ", Newton's third law" } else { "" }, g(pairs), g(MD_PAGE))),
            source: crate::text!(SRC_MD), values: None },
        Part { id: PartId::Work, label: "Other per-particle buffers", rank_bytes: work, total_bytes: crate::add!(up(in_use * MD_OTHER_BYTES as f64), map_all), location: Location::Device,
            formula: words!("{} × {} B + {map_formula} = {} B", g(nmax), MD_OTHER_BYTES, g(work)),
            question: crate::text!("What else is per particle?"),
            explanation: crate::text!(words!("Spatial sorting permutations, communication bookkeeping and the global-id-to-local map: {}.", match map_kind {
                AtomMap::Hash => "a hash table sized by the atoms a rank holds, so it shrinks with more ranks",
                AtomMap::None => "none here (atomic systems need no map unless a command asks for one)",
                _ => "an array sized by the largest atom ID, on every rank, so it does not shrink with more ranks (LAMMPS switches to a hash above 1,000,000 IDs: atom_map=auto)",
            })),
            source: crate::text!(SRC_MD), values: None },
    ];
    if potential_atom > 0 || short_cut > 0.0 {
        // The short list holds every local and ghost atom's neighbours within `short_cut`.
        let short = 4.0 / 3.0 * std::f64::consts::PI * short_cut * short_cut * short_cut * rho;
        let short_pairs = up((owned + ghost_f) * short);
        let short_pages = short_pairs.div_ceil(MD_PAGE - MD_ONE_ATOM).max(1);
        let bytes = crate::add!(
            crate::mul!(nmax, potential_atom),
            crate::mul!(short_pages, MD_PAGE, 4)
        );
        parts.push(Part { id: PartId::Potential, label: "Many-body potential storage", rank_bytes: bytes, total_bytes: up(in_use * (potential_atom as f64 + 4.0 * short)), location: Location::Device,
            formula: words!("{} × {potential_atom} B + {short_pages} pages × {} × 4 B = {} B", g(nmax), g(MD_PAGE), g(bytes)),
            question: crate::text!("What does a many-body potential add?"),
            explanation: crate::text!(words!("{} keeps per-atom bond-order data for local and ghost atoms and a second neighbour list of every atom within {} ({} neighbours each).", m.potential.label(), format_fixed(up(short_cut * 1000.0), 3), format_fixed(up(short * 1000.0), 3))),
            source: crate::text!(SRC_MANYBODY), values: None });
    }
    if reax {
        parts.extend(reaxff_parts(
            m,
            local_f,
            ghost_f,
            nmax,
            local_f * per_particle,
            p,
        ));
    }
    if m.shake {
        let bytes = crate::mul!(nmax, MD_SHAKE_BYTES);
        parts.push(Part { id: PartId::Constraints, label: "Constraints (SHAKE)", rank_bytes: bytes, total_bytes: up(in_use * MD_SHAKE_BYTES as f64), location: Location::Device,
            formula: words!("{} × {MD_SHAKE_BYTES} B = {} B", g(nmax), g(bytes)),
            question: crate::text!("What do bond constraints cost?"),
            explanation: crate::text!("fix shake keeps, for every allocated atom, its cluster flag, the IDs of up to four cluster atoms, three bond types and the unconstrained position.".into()),
            source: crate::text!(SRC_SHAKE), values: None });
    }
    if m.long_range != LongRange::None {
        let grid_points = if m.kspace_grid > 0 {
            m.kspace_grid
        } else {
            m.particles
        };
        let per_rank = up(grid_points as f64 / p);
        let (bytes, total, formula, what) = if m.long_range == LongRange::Pppm {
            // LAMMPS pppm.cpp (memory_usage): part2grid (3 ints per allocated atom); the
            // density brick and three field bricks, each the rank's mesh block widened by the
            // stencil order (5) on every axis; per FFT point the Green's function, six virial
            // coefficients, the density FFT and two complex work arrays (12 doubles).
            let side = cbrt(per_rank as f64) + PPPM_ORDER;
            let brick = up(side * side * side);
            let b = crate::add!(
                crate::mul!(nmax, 12),
                crate::add!(crate::mul!(4, 8, brick), crate::mul!(12, 8, per_rank))
            );
            let total_side = cbrt(grid_points as f64 / p) + PPPM_ORDER;
            let all = up(in_use * 12.0
                + (32.0 * total_side * total_side * total_side + 96.0 * grid_points as f64 / p)
                    * p);
            (b, all, words!("{} allocated atoms × 12 B + 4 bricks × {} points × 8 B + {} FFT points × 12 × 8 B = {} B", g(nmax), g(brick), g(per_rank), g(b)),
                "each atom's grid cell, a charge-density brick and three field bricks widened by the stencil order, and per FFT point the Green's function, virial coefficients and two complex work arrays")
        } else {
            // 4 real bricks with ghost layers (~1.5× the owned points) + 2 complex FFT arrays.
            let b = crate::add!(
                crate::mul!(per_rank, 8, 4, 3) / 2,
                crate::mul!(per_rank, 16, 2)
            );
            (b, crate::mul!(grid_points, 48 + 32), words!("{} mesh points × (4 × 8 B × 1.5 + 2 × 16 B) = {} B", g(per_rank), g(b)),
                "a charge-density brick and three field bricks with ghost layers, and two complex work arrays per rank")
        };
        parts.push(Part { id: PartId::LongRange, label: "Long-range mesh", rank_bytes: bytes, total_bytes: total, location: Location::Device,
            formula,
            question: crate::text!("What does the long-range solver add?"),
            explanation: crate::text!(words!("{} spreads charges on a mesh of {} points and solves Poisson's equation by FFT: {what}.", m.long_range.label(), g(grid_points))),
            source: crate::text!(SRC_KSPACE), values: None });
    }
    MethodParts {
        parts,
        snapshot_rank: crate::mul!(local, 48),
        snapshot_total: crate::mul!(m.particles, 48),
        restart_total: crate::mul!(m.particles, per_atom),
        shape,
    }
}

/// The share of an atom's neighbours within `r` that lie inside a box of sides `l`, averaged
/// over the box: per axis 1 − 3r/(8l) (the mean |dx| of a point in a sphere is 3r/8), and
/// 5l/(8r) once the box is thinner than the cutoff (the two agree at l = r).
fn local_share(l: (f64, f64, f64), r: f64) -> f64 {
    let axis = |l: f64| {
        if l >= r {
            1.0 - 3.0 * r / (8.0 * l)
        } else {
            5.0 * l / (8.0 * r)
        }
    };
    axis(l.0) * axis(l.1) * axis(l.2)
}

/// ReaxFF's storage as LAMMPS's pair reaxff and fix qeq/reaxff report it (memory_usage):
/// the per-atom system arrays, the bond list and the lists sized by it, and the QEq matrix.
fn reaxff_parts(m: &Sim, local: f64, ghost: f64, nmax: u64, local_pairs: f64, p: f64) -> Vec<Part> {
    let x = m.reax;
    let sz = x.safezone_milli.max(1000) as f64 / 1000.0;
    let (slot, atom) = x.version.sizes();
    let n_all = up(local + ghost);
    // reaxff_allocate.cpp: total_cap = MAX(N × safezone, mincap); per capacity the reax_atom,
    // 19 doubles and 3 ints of bond-order work (memory_usage "From reaxff_allocate: BO") and
    // the bond list's two index arrays.
    let total_cap = up(n_all as f64 * sz).max(x.mincap);
    let per_cap = atom + 19 * 8 + 3 * 4 + 2 * 4;
    // reaxff_forces.cpp Estimate_Storages: each atom max(2 × bond partners, MIN_BONDS = 25)
    // slots; reaxff_init.cpp Init_Lists: bond_cap = MAX(Σ × safezone, mincap × MIN_BONDS).
    let slots = (2 * x.bonds).max(25);
    let bond_cap = up(n_all as f64 * slots as f64 * sz).max(x.mincap * 25);
    let system = crate::add!(crate::mul!(total_cap, per_cap), crate::mul!(n_all, 12));
    let lists = crate::mul!(bond_cap, slot);
    let bytes = crate::add!(system, lists);
    let in_use = (local + ghost) * p;
    let total = up(in_use * (per_cap as f64 * sz + 12.0 + slots as f64 * sz * slot as f64));
    let mut parts = vec![Part { id: PartId::Potential, label: "ReaxFF bond lists", rank_bytes: bytes, total_bytes: total, location: Location::Device,
        formula: words!("{} bond slots × {slot} B + {} atom capacity × {per_cap} B + {} × 12 B = {} B", g(bond_cap), g(total_cap), g(n_all), g(bytes)),
        question: crate::text!("Why does ReaxFF need so much memory?"),
        explanation: crate::text!(words!("ReaxFF sizes its bond list for every local and ghost atom ({} here) at max(2 × {} bond partners, 25) = {slots} slots each, times safezone {}; the three-body, far-neighbour and hydrogen-bond lists are counted per bond slot as LAMMPS's memory report counts them ({slot} B each, {}). An order of magnitude more than a pair potential.", g(n_all), x.bonds, format_fixed(x.safezone_milli, 3), x.version.label())),
        source: crate::text!(SRC_REAXFF), values: None }];
    if x.qeq {
        // fix_qeq_reaxff.cpp: s_hist and t_hist (nprev = 4 each) and 11 work vectors per
        // allocated atom; the H matrix row starts and counts (n_cap = MAX(nlocal × safezone,
        // mincap)) and m_cap = MAX(Σ local neighbours × safezone, mincap × 100) entries of an
        // int and a double.
        let n_cap = up(local * sz).max(x.mincap);
        let m_cap = up(local_pairs * sz).max(x.mincap * 100);
        let q = crate::add!(
            crate::mul!(nmax, (2 * 4 + 11) * 8),
            crate::add!(crate::mul!(n_cap, 8), crate::mul!(m_cap, 12))
        );
        parts.push(Part { id: PartId::Qeq, label: "Charge equilibration (QEq)", rank_bytes: q, total_bytes: up(p * (19.0 * 8.0 * (local + ghost) + 8.0 * local * sz + 12.0 * local_pairs * sz)), location: Location::Device,
            formula: words!("{} allocated × 152 B + {} rows × 8 B + {} matrix entries × 12 B = {} B", g(nmax), g(n_cap), g(m_cap), g(q)),
            question: crate::text!("What does charge equilibration add?"),
            explanation: crate::text!(words!("fix qeq/reaxff solves for the charges every step with a sparse matrix of every local atom's neighbours within the cutoff ({} entries with the safezone) and the conjugate-gradient vectors and charge history of every allocated atom.", g(m_cap))),
            source: crate::text!(SRC_REAXFF), values: None });
    }
    parts
}

fn mesh(m: &Sim, b: u64) -> MethodParts {
    let (npc, points_per_cell, nnz_row) = m.element.topology();
    let p = m.ranks as f64;
    let cells_f = imbalance(m, m.cells as f64 / p);
    let cells = up(cells_f);
    let points = up(cells_f * points_per_cell);
    let rows = crate::mul!(points, m.dofs);
    let idx = m.index_bytes;
    // A coupled solver assembles one block matrix of all unknowns; a segregated one (OpenFOAM,
    // SIMPLE/PISO) one scalar matrix at a time, reused for every variable; an explicit scheme
    // none at all.
    let (mrows, coupling) = match m.solver {
        Solver::Coupled => (rows, m.dofs),
        Solver::Segregated => (points, 1),
        Solver::Explicit => (0, 1),
    };
    let nnz = crate::mul!(mrows, nnz_row, coupling);
    let matrix = if mrows == 0 {
        0
    } else {
        crate::add!(crate::mul!(nnz, b + idx), crate::mul!(mrows + 1, idx))
    };
    let vectors = match (m.solver, m.krylov) {
        (Solver::Explicit, _) => 0,
        (_, 0) => 4,
        (_, k) => k + 4,
    };
    let solver = crate::mul!(vectors, mrows, b);
    let precond_of = |matrix: u64, rows: u64| match (m.solver, m.precond) {
        (Solver::Explicit, _) | (_, Precond::None) => 0,
        (_, Precond::Jacobi) => crate::mul!(rows, b),
        (_, Precond::Ilu0) => matrix,
        (_, Precond::Ilu1) => crate::mul!(2, matrix),
        (_, Precond::Amg) => crate::add!(matrix / 2, crate::mul!(3, rows, b)),
        // Geometric (or agglomeration) multigrid coarsens by ~8 per level: operator
        // complexity ~1.14, with coarse copies of the solution, right-hand side and residual.
        (_, Precond::Gmg) => crate::add!(matrix / 7, crate::mul!(3, rows, b) / 7),
    };
    let precond = precond_of(matrix, mrows);
    let connectivity = crate::add!(crate::mul!(cells, npc, idx), crate::mul!(points, 3, 8));
    let state = crate::mul!(m.levels, rows, b);
    // Over all ranks: the same per-unknown costs on the unpartitioned mesh (row pointers once per rank).
    let all_rows = up(m.cells as f64 * points_per_cell) * m.dofs;
    let all_mrows = match m.solver {
        Solver::Coupled => all_rows,
        Solver::Segregated => all_rows / m.dofs.max(1),
        Solver::Explicit => 0,
    };
    let all_matrix = if all_mrows == 0 {
        0
    } else {
        crate::add!(
            crate::mul!(all_mrows, nnz_row, coupling, b + idx),
            crate::mul!(all_mrows + m.ranks, idx)
        )
    };
    let all_precond = precond_of(all_matrix, all_mrows);
    let shape = words!(
        "{} cells per rank, {} unknown-carrying points, {} unknowns",
        g(cells),
        g(points),
        g(rows)
    );
    MethodParts {
        parts: vec![
            Part { id: PartId::State, label: "Solution fields", rank_bytes: state, total_bytes: crate::mul!(m.levels, all_rows, b), location: Location::Device,
                formula: words!("{} levels × {} unknowns × {} B = {} B", m.levels, g(rows), b, g(state)),
                question: crate::text!("What is the state of a mesh code?"),
                explanation: crate::text!(words!("{} unknowns per point ({}), kept at {} time levels. {shape}.", m.dofs, m.element.label(), m.levels)),
                source: crate::text!(SRC_MESH), values: None },
            Part { id: PartId::Mesh, label: "Mesh (connectivity, coordinates)", rank_bytes: connectivity, total_bytes: crate::add!(crate::mul!(m.cells, npc, idx), all_rows / m.dofs.max(1) * 24), location: Location::Device,
                formula: words!("{} cells × {} nodes × {idx} B + {} points × 3 × 8 B = {} B", g(cells), npc, g(points), g(connectivity)),
                question: crate::text!("How much does the mesh itself take?"),
                explanation: crate::text!(words!("Element-to-node connectivity ({}-bit indices) and node coordinates.", idx * 8)),
                source: crate::text!(SRC_MESH), values: None },
            Part { id: PartId::Matrix, label: "Sparse matrix", rank_bytes: matrix, total_bytes: all_matrix, location: Location::Device,
                formula: words!("{} nonzeros × ({} + {idx}) B + {} row pointers × {idx} B = {} B", g(nnz), b, g(mrows + 1), g(matrix)),
                question: crate::text!("Why is the matrix the largest term?"),
                explanation: crate::text!(match m.solver {
                    Solver::Coupled => words!("An implicit coupled solver assembles one sparse block matrix: about {} nonzeros per row for this element with {} coupled unknowns per point, each nonzero a value and a column index.", nnz_row * m.dofs, m.dofs),
                    Solver::Segregated => words!("A segregated solver (SIMPLE/PISO, as OpenFOAM) assembles one scalar matrix at a time, about {nnz_row} nonzeros per row, and reuses it for each of the {} variables.", m.dofs),
                    Solver::Explicit => "An explicit scheme updates the state from fluxes: no matrix.".into(),
                }),
                source: crate::text!(SRC_MESH), values: None },
            Part { id: PartId::Solver, label: "Solver workspace and preconditioner", rank_bytes: solver + precond, total_bytes: crate::add!(crate::mul!(vectors, all_mrows, b), all_precond), location: Location::Device,
                formula: words!("{} vectors × {} unknowns × {} B + preconditioner {} B = {} B", vectors, g(mrows), b, g(precond), g(solver + precond)),
                question: crate::text!("What does the linear solver need?"),
                explanation: crate::text!(words!("The Krylov method keeps {} vectors ({}), and the {} preconditioner adds its own storage.", vectors, if m.krylov > 0 { words!("GMRES({}) stores its restart basis", m.krylov) } else { "CG".into() }, m.precond.label())),
                source: crate::text!(SRC_MESH), values: None },
        ],
        snapshot_rank: crate::mul!(rows, b),
        snapshot_total: crate::mul!(all_rows, b),
        restart_total: crate::mul!(m.levels, all_rows, b),
        shape,
    }
}

fn lbm(m: &Sim, b: u64) -> MethodParts {
    let Subdomains {
        n,
        ranks: (px, py, pz),
        p,
        local,
        ghost,
        ..
    } = subdomains(m, 1.0);
    let storage = m.lbm_dtype.map(|d| d.bytes()).unwrap_or(b);
    let copies = match m.streaming {
        Streaming::TwoLattice => 2,
        Streaming::InPlace => 1,
    };
    let q = m.lattice.q();
    let per_cell = (q * storage * copies) as f64;
    let dist = up(per_cell * local);
    let macro_bytes = up((4 * b + 1) as f64 * local);
    let halo = up(per_cell * ghost);
    let shape = words!(
        "{}×{}×{} cells over a {}×{}×{} rank grid",
        m.nx,
        m.ny,
        m.nz,
        px,
        py,
        pz
    );
    MethodParts {
        parts: vec![
            Part { id: PartId::Lattice, label: "Distribution functions", rank_bytes: dist, total_bytes: crate::mul!(q, storage, copies, n), location: Location::Device,
                formula: words!("{q} × {storage} B × {copies} cop{} × {} cells = {} B", if copies == 1 { "y" } else { "ies" }, g(up(local)), g(dist)),
                question: crate::text!("Why is a lattice Boltzmann cell so large?"),
                explanation: crate::text!(words!("Each cell stores {q} particle distributions ({}), in {} bytes each, {}. {shape}.", m.lattice.label(), storage,
                    if copies == 2 { "in two lattices so streaming can read one and write the other" } else { "in one lattice thanks to in-place streaming" })),
                source: crate::text!(SRC_LBM), values: None },
            Part { id: PartId::State, label: "Density, velocity, flags", rank_bytes: macro_bytes, total_bytes: crate::mul!(4 * b + 1, n), location: Location::Device,
                formula: words!("(4 × {b} B + 1 B) × {} cells = {} B", g(up(local)), g(macro_bytes)),
                question: crate::text!("What else does each cell hold?"),
                explanation: crate::text!("Density and three velocity components in the compute precision, and a byte of boundary flags.".into()),
                source: crate::text!(SRC_LBM), values: None },
            Part { id: PartId::Halo, label: "Halo (ghost cells)", rank_bytes: halo, total_bytes: up(per_cell * ghost * p), location: Location::Device,
                formula: words!("{q} × {storage} B × {copies} × {} ghost cells = {} B", g(up(ghost)), g(halo)),
                question: crate::text!("What is the halo of a lattice Boltzmann subdomain?"),
                explanation: crate::text!("One layer of ghost cells around each subdomain for streaming across rank boundaries.".into()),
                source: crate::text!(SRC_LBM), values: None },
        ],
        snapshot_rank: up((4 * b) as f64 * local),
        snapshot_total: crate::mul!(4, b, n),
        restart_total: crate::mul!(q, storage, n),
        shape,
    }
}

fn spectral(m: &Sim, b: u64) -> MethodParts {
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

/// Memory of a simulation scenario.
pub fn estimate_sim(s: &Scenario) -> Estimate {
    let m = &s.sim;
    let b = s.dtype.bytes();
    let mp = match m.method {
        Method::Grid => grid(m, b),
        Method::Particles => particles(m, b),
        Method::Mesh => mesh(m, b),
        Method::Lbm => lbm(m, b),
        Method::Spectral => spectral(m, b),
        Method::Planewave => planewave::planewave(m),
        Method::Amr => amr::amr(m, b),
        Method::Nbody => nbody::nbody(m, b),
    };
    let mut parts = mp.parts;
    if m.replicated_mib > 0 {
        let bytes = m.replicated_mib << 20;
        parts.push(Part { id: PartId::Replicated, label: "Data replicated on every rank", rank_bytes: bytes, total_bytes: crate::mul!(bytes, m.ranks), location: Location::Device,
            formula: words!("{} MiB on each of {} ranks", g(m.replicated_mib), g(m.ranks)),
            question: crate::text!("Why doesn't this part shrink with more ranks?"),
            explanation: crate::text!("Forcing tables, geometry, immersed-boundary facets or a coarse mesh that every rank keeps whole: adding ranks multiplies it instead of splitting it, and with many ranks per node it can outweigh the decomposed fields.".into()),
            source: crate::text!(SRC_REPLICATED), values: None });
    }
    // An interpreter lives in the rank's host process: on a CPU node it is node memory like
    // the arrays; a GPU code's rank keeps it on the host (added to the host process below).
    let interpreter = m.language.mib() << 20;
    if interpreter > 0 && m.device == SimDevice::Cpu {
        parts.push(Part { id: PartId::Interpreter, label: "Interpreter and modules per rank", rank_bytes: interpreter, total_bytes: crate::mul!(interpreter, m.ranks), location: Location::Device,
            formula: words!("{} MiB ({}) on each of {} ranks", m.language.mib(), m.language.id(), g(m.ranks)),
            question: crate::text!("What does a Python rank cost before any array?"),
            explanation: crate::text!("Each rank runs its own interpreter with the modules it imports (NumPy, SciPy, mpi4py): code, tables and heap resident before the simulation allocates anything, above what a compiled MPI program needs.".into()),
            source: crate::text!(SRC_LANGUAGE), values: None });
    }
    let ratio = m.compression_c.max(100);
    let compressed = |v: u64| crate::base::sat::mul_div(v, 100, ratio);
    let snap = mp.snapshot_rank;

    let snap_all = mp.snapshot_total;
    let mut history = crate::mul!(compressed(snap), m.snapshots);
    let mut history_all = crate::mul!(compressed(snap_all), m.snapshots);
    let mut history_formula = words!(
        "{} snapshots × {} B ÷ {} (compression)",
        m.snapshots,
        g(snap),
        format_fixed(ratio, 2)
    );
    let mut recompute = String::new();
    match m.adjoint {
        Adjoint::None => {}
        Adjoint::StoreAll => {
            history = crate::add!(history, crate::mul!(snap, m.steps));
            history_all = crate::add!(history_all, crate::mul!(snap_all, m.steps));
            history_formula.push_str(&words!(" + {} steps × {} B (adjoint)", g(m.steps), g(snap)));
        }
        Adjoint::Checkpoint => {
            history = crate::add!(history, crate::mul!(snap, m.adjoint_snapshots));
            history_all = crate::add!(history_all, crate::mul!(snap_all, m.adjoint_snapshots));
            history_formula.push_str(&words!(
                " + {} checkpoints × {} B (adjoint)",
                m.adjoint_snapshots,
                g(snap)
            ));
            recompute = match revolve_repetitions(m.adjoint_snapshots, m.steps) {
                Some(t) => words!(" Binomial checkpointing with {} snapshots over {} steps recomputes the forward run about {t} extra time{}.", m.adjoint_snapshots, g(m.steps), if t == 1 { "" } else { "s" }),
                None => " Too few snapshots for this many steps.".into(),
            };
        }
    }
    if history > 0 {
        parts.push(Part { id: PartId::History, label: "History in memory", rank_bytes: history, total_bytes: history_all, location: Location::Device,
            formula: words!("{history_formula} = {} B", g(history)),
            question: crate::text!("Why does memory grow with the number of steps?"),
            explanation: crate::text!(words!("Snapshots kept in memory for analysis{}, each a copy of the prognostic state of the rank.{recompute}",
                if m.adjoint != Adjoint::None { " and the forward states an adjoint or differentiable run reads backwards" } else { "" })),
            source: crate::text!(SRC_HISTORY), values: None });
    }
    if m.output_every > 0 {
        let buf = compressed(snap);
        parts.push(Part {
            id: PartId::OutputBuffers,
            label: "Output buffers",
            rank_bytes: buf,
            total_bytes: compressed(snap_all),
            location: Location::Device,
            formula: words!("{} B ÷ {} = {} B", g(snap), format_fixed(ratio, 2), g(buf)),
            question: crate::text!("What does writing output cost in memory?"),
            explanation: crate::text!(
                "One output frame is gathered and compressed in memory before it is written."
                    .into()
            ),
            source: crate::text!(SRC_HISTORY),
            values: None,
        });
    }
    let ranks_per_node = m.ranks.div_ceil(m.nodes);
    let gpu = m.device == SimDevice::Gpu;
    let tensors: u64 = crate::base::sat::sum(parts.iter().map(|p| p.rank_bytes));
    let all_tensors: u64 = crate::base::sat::sum(parts.iter().map(|p| p.total_bytes));
    let overhead = crate::base::sat::mul_div(tensors, s.overhead_bp, 10_000);
    parts.push(Part { id: PartId::Overhead, label: "Allocator overhead", rank_bytes: overhead, total_bytes: crate::base::sat::mul_div(all_tensors, s.overhead_bp, 10_000), location: Location::Device,
        formula: words!("{} % × {} B = {} B", format_fixed(s.overhead_bp, 2), g(tensors), g(overhead)),
        question: crate::text!("Why add an overhead?"),
        explanation: crate::text!("Allocators round and fragment, and solvers allocate temporaries; this setting adds a share of the arrays above.".into()),
        source: crate::text!(SRC_SIM_ALLOCATOR), values: None });
    let runtime = if gpu {
        s.runtime_mib << 20
    } else {
        m.rank_mib << 20
    };
    parts.push(Part { id: PartId::Runtime, label: if gpu { "CUDA context and libraries" } else { "MPI and libraries per rank" }, rank_bytes: runtime, total_bytes: crate::mul!(runtime, m.ranks), location: Location::Device,
        formula: words!("{} MiB = {} B", g(runtime >> 20), g(runtime)),
        question: crate::text!("What does each process cost before any array?"),
        explanation: crate::text!(if gpu { "The CUDA context, kernels and library workspaces of the rank's GPU.".into() } else { "MPI buffers, libraries and the executable of each rank; a code's own memory report (such as LAMMPS's) does not include it.".into() }),
        source: crate::text!(if gpu { SRC_CUDA_CONTEXT } else { SRC_RANK }), values: None });

    // Shown per GPU for GPU-resident codes, per node for CPU codes (compared with node memory).
    let scale = if gpu { 1 } else { ranks_per_node };
    let per_rank: u64 = crate::base::sat::sum(parts.iter().map(|p| p.rank_bytes));
    let all_ranks: u64 = crate::base::sat::sum(parts.iter().map(|p| p.total_bytes));
    let per = if gpu {
        crate::model::Per::Gpu
    } else {
        crate::model::Per::Node
    };
    // GPU codes: the host side of each rank (its process, and a host copy of the device arrays
    // where the code keeps one, as FluidX3D's Memory<T> does) is host memory per node, checked
    // apart from the GPU.
    let mirror = if gpu && m.host_mirror { tensors } else { 0 };
    let host_rank = if gpu {
        crate::add!(mirror, (m.rank_mib << 20) + interpreter)
    } else {
        0
    };
    let mut components: Vec<Component> = parts
        .into_iter()
        .map(|p| match p.values {
            Some(values) => Component {
                id: p.id,
                bytes: crate::mul!(p.rank_bytes, scale),
                location: p.location,
                values: crate::model::values::Values::Sim(SimPart {
                    rank: values,
                    rank_bytes: p.rank_bytes,
                    ranks_per_node: scale,
                }),
            },
            None => legacy! {
                id: p.id,
                label: p.label,
                bytes: crate::mul!(p.rank_bytes, scale),
                location: p.location,
                formula: if scale > 1 {
                    words!("({}) × {scale} ranks per node", p.formula)
                } else {
                    p.formula
                },
                question: crate::text!(p.question),
                explanation: crate::text!(p.explanation),
                source: crate::text!(p.source),
            },
        })
        .collect();

    if gpu {
        if mirror > 0 {
            components.push(legacy! { id: PartId::HostMirror, label: "Host copy of the arrays", bytes: mirror, location: Location::Host,
                formula: words!("{} B of device arrays, mirrored on the host", g(mirror)),
                question: crate::text!("Why does a GPU code need host memory too?"),
                explanation: crate::text!("The code keeps a host copy of every device buffer (to initialise, write output and restart), so each GPU's arrays are also in the node's memory.".into()),
                source: crate::text!(SRC_MIRROR) });
        }
        components.push(legacy! { id: PartId::HostProcess, label: "Host process (MPI, libraries)", bytes: (m.rank_mib << 20) + interpreter, location: Location::Host,
            formula: if interpreter > 0 { words!("{} MiB + {} MiB interpreter ({}) per rank", g(m.rank_mib), m.language.mib(), m.language.id()) } else { words!("{} MiB per rank", g(m.rank_mib)) },
            question: crate::text!("What does each GPU's host process cost?"),
            explanation: crate::text!(if interpreter > 0 { "The rank driving each GPU is a host process with MPI buffers, libraries, the executable and, here, the interpreter with its modules.".into() } else { "The rank driving each GPU is a host process with MPI buffers, libraries and the executable.".into() }),
            source: crate::text!(if interpreter > 0 { SRC_LANGUAGE } else { SRC_RANK }) });
    }
    let frames = m.steps.checked_div(m.output_every).unwrap_or(0);
    let global_snap = snap_all;
    let output_total = crate::mul!(compressed(global_snap), frames);
    if frames > 0 {
        components.push(legacy! { id: PartId::OutputTotal, label: "Output over the run (disk)", bytes: output_total, location: Location::Disk,
            formula: words!("{} frames × {} B ÷ {} = {} B", g(frames), g(global_snap), format_fixed(ratio, 2), g(output_total)),
            question: crate::text!("How much will the run write?"),
            explanation: crate::text!(words!("Every {} steps the state of all ranks is written, {} frames over {} steps, after compression.", g(m.output_every), g(frames), g(m.steps))),
            source: crate::text!(SRC_HISTORY) });
    }
    if m.checkpoint_every > 0 {
        components.push(legacy! { id: PartId::Checkpoint, label: "One restart file (disk)", bytes: mp.restart_total, location: Location::Disk,
            formula: words!("{} B", g(mp.restart_total)),
            question: crate::text!("How large is a restart file?"),
            explanation: crate::text!(words!("The full state of every rank at every stored level, uncompressed, written every {} steps; keep at least two.", g(m.checkpoint_every))),
            source: crate::text!(SRC_HISTORY) });
    }

    let per_device: u64 = crate::mul!(per_rank, scale);
    let capacity = if gpu {
        s.device.capacity_bytes()
    } else {
        m.node_mem
    };
    let mut warnings = Vec::new();
    if m.ranks < m.nodes {
        warnings.push(crate::model::warning::Warning::IdleNodes);
    }
    if m.method == Method::Grid && m.halo == 0 {
        warnings.push(crate::model::warning::Warning::NoGhostLayers);
    }
    let disk = crate::add!(
        output_total,
        if m.checkpoint_every > 0 {
            crate::mul!(2, mp.restart_total)
        } else {
            0
        }
    );
    Estimate {
        mode: Mode::Sim,
        components,
        per_device_bytes: per_device,
        cluster_bytes: all_ranks,
        host_per_node_bytes: if gpu {
            crate::mul!(host_rank, ranks_per_node)
        } else {
            crate::mul!(per_rank, ranks_per_node)
        },
        capacity_bytes: capacity,
        host_capacity_bytes: gpu.then_some(m.node_mem),
        device_label: if gpu {
            s.device.label()
        } else {
            "a node".to_string()
        },
        busiest: words!(
            "per {per}: {} ranks on {} node{}, {}",
            g(m.ranks),
            g(m.nodes),
            if m.nodes == 1 { "" } else { "s" },
            mp.shape
        ),
        per,
        params: 0,
        trainable_params: 0,
        per_rank_bytes: per_rank,
        disk_bytes: disk,
        devices_per_node: if gpu { ranks_per_node } else { 1 },
        warnings,
        serving: None,
    }
}
