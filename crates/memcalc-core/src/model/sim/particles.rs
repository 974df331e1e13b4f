//! Molecular dynamics as LAMMPS allocates it: per-atom arrays of local and ghost atoms,
//! neighbour pages, many-body potentials, SHAKE and the long-range mesh.
use super::domain::*;
use super::reaxff::reaxff_parts;
use crate::base::choice::Choice;
use crate::base::units::{format_fixed, group_digits as g};
use crate::catalog::parts::PartId;
use crate::model::words;
use crate::model::Location;
use crate::scenario::sim::*;

const SRC_MD: &str = "LAMMPS conventions (atom_vec.cpp, neigh_list.cpp, my_page.h): per-atom arrays sized for local + ghost atoms in chunks of 16384, neighbour pages of 100,000 indices with 2,000 kept free; neighbours ≈ 4/3·π·(cutoff + skin)³·density, halved with Newton's third law";
const SRC_KSPACE: &str = "LAMMPS PPPM (pppm.cpp): density brick, three field bricks with ghost layers and two FFT work arrays; Darden et al. 1993 (PME)";

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

const SRC_MANYBODY: &str = "LAMMPS pair_tersoff.cpp, pair_sw.cpp (full neighbour lists: init_style requests full = 1) and pair_airebo.cpp (REBO_neigh: REBO_numneigh, REBO_firstneigh, nC, nH per atom and REBO neighbour pages of local and ghost atoms)";
const SRC_SHAKE: &str = "LAMMPS fix_shake.cpp (grow_arrays, memory_usage): per-atom shake_flag, shake_atom, shake_type and xshake";
const MD_OTHER_BYTES: u64 = 12 + 24;
const MD_CHUNK: u64 = 16_384;
const MD_PAGE: u64 = 100_000;
const MD_ONE_ATOM: u64 = 2000;

pub(super) fn particles(m: &Sim, _b: u64) -> MethodParts {
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
