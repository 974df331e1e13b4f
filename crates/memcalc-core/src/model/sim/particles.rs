//! Molecular dynamics as LAMMPS allocates it: per-atom arrays of local and ghost atoms,
//! neighbour pages, many-body potentials, SHAKE and the long-range mesh.
use super::domain::*;
use super::reaxff::reaxff_parts;
use crate::catalog::parts::PartId;
use crate::model::values::sim::*;
use crate::scenario::sim::*;

/// Per-particle bytes LAMMPS keeps besides the atom style, at the allocated size: neighbour
/// bookkeeping (ilist, numneigh, firstneigh 16 B), binning (8 B), the positions of the last
/// neighbour build (`MD_XHOLD_BYTES`), and sorting and other per-atom buffers (36 B; the last
/// 24 B inferred from LAMMPS's own 1- and 4-rank benchmark logs).
const MD_LIST_BYTES: u64 = 16 + 8;
/// neighbor.cpp (Neighbor::init): `xhold` (3 doubles per allocated atom) exists only while the
/// distance check is on (`dist_check`, neigh_modify check yes, the default); check no frees it.
const MD_XHOLD_BYTES: u64 = 24;
/// LAMMPS's default PPPM stencil order (kspace_modify order).
const PPPM_ORDER: f64 = 5.0;
/// fix shake (fix_shake.cpp, grow_arrays): shake_flag (4 B), shake_atom (4 IDs, 16 B),
/// shake_type (3 ints, 12 B), xshake (3 doubles, 24 B) per allocated atom.
const MD_SHAKE_BYTES: u64 = 4 + 16 + 12 + 24;

const MD_OTHER_BYTES: u64 = 12 + 24;
const MD_CHUNK: u64 = 16_384;
const MD_PAGE: u64 = 100_000;
const MD_ONE_ATOM: u64 = 2000;

pub(super) fn particles(m: &Sim, b: u64) -> MethodParts {
    if let Some(clusters) = m.pair_list.clusters() {
        return super::mdrun::mdrun(m, b, clusters);
    }
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
            (true, Some(t)) => topology_bytes(t, m.atom_style),
            // The new styles without maxima: no slot; `full` keeps its typical ~300 B.
            _ if m.atom_style.molecular() && m.atom_style != AtomStyle::Full => {
                topology_bytes(Topology::default(), m.atom_style)
            }
            _ => style_bytes(m.atom_style),
        }
    };
    let (potential_atom, short_cut) = many_body(m.potential);
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
    let list_bytes = MD_LIST_BYTES + if m.neigh_check { MD_XHOLD_BYTES } else { 0 };
    let lists = crate::add!(
        crate::mul!(pages, MD_PAGE, 4),
        crate::mul!(nmax, list_bytes)
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
    let (map, map_all, id_map) = match map_kind {
        AtomMap::Hash => (
            crate::mul!(16, map_slots),
            up(32.0 * (owned + ghost_f).max(owned) * p),
            IdMap::Hash { slots: map_slots },
        ),
        AtomMap::None => (0, 0, IdMap::None),
        _ => (
            crate::mul!(4, m.particles + 1),
            crate::mul!(4, m.particles + 1, m.ranks),
            IdMap::Array {
                ids: m.particles + 1,
            },
        ),
    };
    let work = crate::add!(crate::mul!(nmax, MD_OTHER_BYTES), map);
    // Totals count what is in use (no chunk or page rounding), so adding ranks never lowers them.
    let in_use = (owned + ghost_f) * p;
    let md_shape = MdShape {
        particles: m.particles,
        side_milli: up(side * 1000.0),
        px,
        py,
        pz,
        local,
        ghosts,
    };
    // With the GPU package the device holds lib/gpu's arrays, not these (see lmpgpu.rs).
    if let Some(types) = m.package.gpu_types() {
        return MethodParts {
            parts: super::lmpgpu::gpu_parts(m, types, local_f, ghost_f, sphere, p),
            snapshot_rank: crate::mul!(local, 48),
            snapshot_total: crate::mul!(m.particles, 48),
            restart_total: crate::mul!(m.particles, per_atom),
            shape: SimShape::Particles(md_shape),
        };
    }
    let v = |part: MdPart| SimValues::Particles(part);
    let mut parts = vec![
        Part::of(
            PartId::State,
            state,
            crate::mul!(per_atom, m.particles),
            v(MdPart::State(MdState {
                local,
                per_atom,
                shape: md_shape,
            })),
        ),
        Part::of(
            PartId::Halo,
            halo,
            up(per_atom as f64 * ghost_f * p),
            v(MdPart::Ghosts(MdGhosts {
                allocated: nmax,
                local,
                per_atom,
                reach_milli: up(rg * 1000.0),
                ghosts,
                chunk: MD_CHUNK,
            })),
        ),
        Part::of(
            PartId::NeighborLists,
            lists,
            up(owned * p * per_particle * 4.0 + in_use * list_bytes as f64),
            v(MdPart::Neighbors(MdNeighbors {
                pages,
                page: MD_PAGE,
                allocated: nmax,
                list_bytes,
                check: m.neigh_check,
                neighbors_milli,
                newton: m.newton,
                pairs,
            })),
        ),
        Part::of(
            PartId::Work,
            work,
            crate::add!(up(in_use * MD_OTHER_BYTES as f64), map_all),
            v(MdPart::Other(MdOther {
                allocated: nmax,
                other_bytes: MD_OTHER_BYTES,
                id_map,
            })),
        ),
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
        parts.push(Part::of(
            PartId::Potential,
            bytes,
            up(in_use * (potential_atom as f64 + 4.0 * short)),
            v(MdPart::ManyBody(MdManyBody {
                allocated: nmax,
                atom_bytes: potential_atom,
                pages: short_pages,
                page: MD_PAGE,
                potential: m.potential,
                cutoff_milli: up(short_cut * 1000.0),
                neighbors_milli: up(short * 1000.0),
            })),
        ));
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
        parts.push(Part::of(
            PartId::Constraints,
            bytes,
            up(in_use * MD_SHAKE_BYTES as f64),
            v(MdPart::Shake(MdShake {
                allocated: nmax,
                atom_bytes: MD_SHAKE_BYTES,
            })),
        ));
    }
    if m.long_range != LongRange::None {
        let grid_points = if m.kspace_grid > 0 {
            m.kspace_grid
        } else {
            m.particles
        };
        let per_rank = up(grid_points as f64 / p);
        let (bytes, total, mesh) = if m.long_range == LongRange::Pppm {
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
            (
                b,
                all,
                KspaceMesh::Pppm {
                    allocated: nmax,
                    brick,
                    fft_points: per_rank,
                },
            )
        } else {
            // 4 real bricks with ghost layers (~1.5× the owned points) + 2 complex FFT arrays.
            let b = crate::add!(
                crate::mul!(per_rank, 8, 4, 3) / 2,
                crate::mul!(per_rank, 16, 2)
            );
            (
                b,
                crate::mul!(grid_points, 48 + 32),
                KspaceMesh::Ewald {
                    mesh_points: per_rank,
                },
            )
        };
        parts.push(Part::of(
            PartId::LongRange,
            bytes,
            total,
            v(MdPart::LongRange(MdLongRange {
                solver: m.long_range,
                grid_points,
                mesh,
            })),
        ));
    }
    MethodParts {
        parts,
        snapshot_rank: crate::mul!(local, 48),
        snapshot_total: crate::mul!(m.particles, 48),
        restart_total: crate::mul!(m.particles, per_atom),
        shape: SimShape::Particles(md_shape),
    }
}

/// Bytes per particle (local or ghost) of the per-atom arrays.
fn style_bytes(style: AtomStyle) -> u64 {
    match style {
        // 3 × 3 doubles (x, v, f) + 4 ints (tag, type, mask, image).
        AtomStyle::Atomic => 88,
        AtomStyle::Charge => 96,
        // + molecule id, special-neighbour lists and bond/angle/dihedral/improper topology
        // with the default extra/special slots of a biomolecular data file.
        AtomStyle::Full => 300,
        AtomStyle::Eam => 104,
        // Sized by the topology maxima: see `topology_bytes`.
        AtomStyle::Bond | AtomStyle::Angle | AtomStyle::Molecular => 88,
    }
}

/// Bytes per allocated atom of the topology arrays of `style`, after LAMMPS's
/// atom_vec_bond/angle/molecular/full.cpp: molecule ID (4 B); per bond slot a type and a
/// partner ID (8 B) plus num_bond; per angle slot a type and three IDs (16 B); per dihedral
/// and improper slot a type and four IDs (20 B); nspecial (3 ints) and one ID per special
/// neighbour; `full` adds the charge (8 B). 32-bit IDs (LAMMPS's default -DLAMMPS_SMALLBIG).
fn topology_bytes(t: Topology, style: AtomStyle) -> u64 {
    let bonds = 4 + 4 + 8 * t.bonds + 12 + 4 * t.special;
    let angles = 4 + 16 * t.angles;
    let torsions = 4 + 20 * t.dihedrals + 4 + 20 * t.impropers;
    88 + match style {
        AtomStyle::Bond => bonds,
        AtomStyle::Angle => bonds + angles,
        AtomStyle::Molecular => bonds + angles + torsions,
        AtomStyle::Full => 8 + bonds + angles + torsions,
        _ => 0,
    }
}

/// Bytes per allocated atom the potential adds, and the cutoff of the second, short
/// neighbour list it keeps for local and ghost atoms (0: none). REBO/AIREBO
/// (pair_airebo.cpp, REBO_neigh): REBO_numneigh (4 B), REBO_firstneigh (8 B), nC and nH
/// (2 × 8 B) per atom, and REBO neighbours within rcmax = 2.0 Å (C–C, CH.airebo).
fn many_body(potential: Potential) -> (u64, f64) {
    match potential {
        Potential::Rebo | Potential::Airebo => (28, 2.0),
        _ => (0, 0.0),
    }
}
