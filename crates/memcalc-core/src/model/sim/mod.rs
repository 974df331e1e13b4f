//! The estimate of a simulation: bytes per rank by named component, shown per node (CPU codes,
//! compared with node memory) or per GPU (GPU-resident codes), with the run's disk output.

mod assemble;
mod domain;
mod grid;
mod lbm;
mod mesh;
mod particles;
mod reaxff;
mod spectral;

use domain::*;

use crate::base::units::{format_fixed, group_digits as g};
use crate::catalog::parts::PartId;
use crate::model::words;
use crate::model::{Estimate, Location};
use crate::scenario::sim::*;
use crate::scenario::Scenario;

const SRC_PW: &str = "Quantum ESPRESSO PW/src/memory_report.f90 (the 'Estimated max dynamical RAM per process' pw.x prints): plane waves 4π/3·ecutwfc^(3/2)·Ω/(2π)³, G vectors likewise within ecutrho, every array per process of the pool";

const SRC_ABINIT: &str = "ABINIT src/57_iovars/m_memeval.F90, subroutines memory and memana (what ABINIT prints as 'P This job should need less than … Mbytes of memory'): every array as blocks of mpw plane waves, of nfft grid points or a fixed count, in 4- or 8-byte words, summed along each call chain alive at once (main chain with fourwf or nonlop, XC, mkrho, fourdp, parallel k-point, newvtr); the largest chain plus (231 + 6·natom) KiB of static arrays, (991 + natom) KiB with smearing";

const SRC_SPARC: &str = "SPARC (SPARC-X/SPARC) src/initialization.c, estimate_memory (what SPARC prints as 'Estimated total memory usage' and 'Estimated memory per processor'): orbitals Nd × Nstates × (ncpy × npspin × npkpt + Nspin × Nkpts) × 8 or 16 B with ncpy 2.5 (5.5 with NP_BAND_PARAL > 1), (6 + 4 Nspin + 2 m Nspin + 3 (2 Nspin − 1) + 1) grid vectors, 3 × npNd Ns² subspace matrices, all × 1.1";

fn planewave(m: &Sim) -> MethodParts {
    let (terms, z) = crate::scenario::planewave::terms(&m.pw, m.ranks, false);
    let (exact, _) = crate::scenario::planewave::terms(&m.pw, m.ranks, true);
    let state_exact = exact
        .iter()
        .find(|t| t.id == PartId::State)
        .map(|t| t.bytes)
        .unwrap_or(0.0);
    let p = m.ranks as f64;
    let imb = |v: f64| imbalance(m, v);
    let sparc = m.pw.arrays == crate::scenario::planewave::DftArrays::Sparc;
    let abinit = m.pw.arrays == crate::scenario::planewave::DftArrays::Abinit;
    let shape = if abinit {
        words!(
            "{} plane waves per k-point (mpw), a {}-point FFT grid, both whole on every process; {} k-point{} per process (mkmem) over {} process{}",
            g(up(z.npwx_g)), g(up(z.fft)), z.nks, if z.nks == 1 { "" } else { "s" },
            g(m.ranks), if m.ranks == 1 { "" } else { "es" }
        )
    } else if sparc {
        words!(
            "{} real-space grid points, {} states, {} k-point{}; {} spin/k-point group{} × {} band group{} over {} process{}",
            g(up(z.fft)), g(m.pw.bands), g(m.pw.kpoints), if m.pw.kpoints == 1 { "" } else { "s" },
            m.pw.pools.max(1), if m.pw.pools.max(1) == 1 { "" } else { "s" },
            m.pw.band_groups.max(1), if m.pw.band_groups.max(1) == 1 { "" } else { "s" },
            g(m.ranks), if m.ranks == 1 { "" } else { "es" }
        )
    } else {
        words!(
            "{} plane waves per k-point, {} G vectors, a {}-point FFT grid; {} k-point{} per pool over {} pool{} of {} rank{}",
            g(up(z.npwx_g)), g(up(z.ngm_g)), g(up(z.fft)), z.nks, if z.nks == 1 { "" } else { "s" },
            m.pw.pools.max(1), if m.pw.pools.max(1) == 1 { "" } else { "s" }, g(up(z.per_pool)), if z.per_pool == 1.0 { "" } else { "s" }
        )
    };
    let source = if sparc {
        SRC_SPARC
    } else if abinit {
        SRC_ABINIT
    } else {
        SRC_PW
    };
    let state_rank = terms
        .iter()
        .find(|t| t.id == PartId::State)
        .map(|t| t.bytes)
        .unwrap_or(0.0);
    let parts = terms
        .into_iter()
        .zip(exact)
        .map(|(t, x)| {
            let bytes = up(imb(t.bytes));
            Part {
                id: t.id,
                label: t.label,
                rank_bytes: bytes,
                total_bytes: up(x.bytes * p),
                location: Location::Device,
                formula: words!("{} = {} B", t.formula, g(bytes)),
                question: crate::text!("What is this part of a plane-wave run?"),
                explanation: crate::text!(words!("{} {shape}.", t.explanation)),
                source,
                values: None,
            }
        })
        .collect();
    // A restart (pw.x's outdir) holds every k-point's wavefunctions and the charge density.
    let kall = m.pw.kpoints.max(1)
        * if m.pw.spin == crate::scenario::planewave::Spin::Collinear {
            2
        } else {
            1
        };
    // SPARC writes the density on its grid and the orbitals only when asked; a restart of
    // either code is counted as every k-point's orbitals plus the density.
    let restart = if sparc {
        let ts = if m.pw.gamma { 8.0 } else { 16.0 };
        ts * m.pw.bands as f64 * z.fft * kall as f64 + 8.0 * z.fft * z.nspin as f64
    } else {
        16.0 * m.pw.bands as f64 * z.npol as f64 * z.npwx_g * kall as f64
            + 16.0 * z.ngm_g * z.nspin as f64
    };
    MethodParts {
        parts,
        // A snapshot is the density and potentials on the grid (what pw.x writes as output).
        snapshot_rank: up(state_rank),
        snapshot_total: up(state_exact * p),
        restart_total: up(restart),
        shape,
    }
}

const SRC_AMR: &str = "Block-structured AMR as AMReX and Athena++ allocate it: every block (AMReX box up to amr.max_grid_size; Athena++ MeshBlock) is a FArrayBox/AthenaArray of ncomp × (block + 2·nghost)^d cells (AMReX docs, MultiFab and nGrow; Athena++ wiki, MeshBlock and NGHOST); state kept as old and new (AMReX StateData) or u and u1 (Athena++ VL2); coarse–fine: FluxRegister faces and coarse copies for FillPatch (AMReX), coarse_cons_/coarse_prim_ (Athena++ MeshRefinement); BoxArray and DistributionMapping, or loclist/ranklist/costlist, replicated on every rank; whole blocks per rank";
const SRC_NBODY: &str = "GADGET-2 (Springel 2005, MNRAS 364, 1105) allvars.h, begrun.c, allocate.c, forcetree.c, pm_periodic.c: MaxPart = PartAllocFactor × N / NTask particle structs ('Allocated … MByte for particle storage'), TreeAllocFactor × MaxPart nodes plus Nextnode and Father ('Allocated … MByte for BH-tree'), the PMGRID³ FFT grid in slabs (rhogrid, forcegrid, workspace), BufferSize MB of communication buffer; GADGET-4 adds three time-bin lists per particle (its memory.txt lists every block)";

fn amr(m: &Sim, b: u64) -> MethodParts {
    let a = &m.amr;
    let base = (m.nx, m.ny, m.nz.max(1));
    let h = a.hierarchy(base, false);
    let hx = a.hierarchy(base, true);
    let bb = a.block_bytes(&h, m.fields, m.levels, m.work, m.halo, b);
    let p = m.ranks as f64;
    // Blocks move whole: the busiest rank holds the rounded-up share.
    let per_rank = (h.blocks / p).ceil();
    let held = imbalance(m, per_rank);
    let d = h.dims;
    let edge = a.block.max(1);
    let cells: f64 = h.cells.iter().sum();
    let shape =
        words!(
        "{} blocks of {edge}{} cells over {} level{} ({} cells{}), {} blocks on the busiest rank",
        g(up(h.blocks)),
        if d == 2 { "²" } else { "³" },
        a.max_level + 1,
        if a.max_level == 0 { "" } else { "s" },
        g(up(if a.blocks > 0 { h.blocks * h.block_cells } else { cells })),
        if a.max_level > 0 && a.blocks == 0 {
            words!("; finest level {}", g(up(*h.cells.last().unwrap_or(&0.0))))
        } else {
            String::new()
        },
        g(up(per_rank)),
    );
    // In whole percent, formatted as an integer (float formatting would weigh on the page).
    let ghost_ratio = up((bb.padded - h.block_cells) / h.block_cells * 100.0 - 0.5);
    let meta = (a.meta_bytes as f64 * h.blocks).ceil();
    let mut parts = Vec::new();
    let mut push = |id: PartId,
                    label: &'static str,
                    each: f64,
                    formula: String,
                    question: &'static str,
                    explanation: String| {
        let bytes = up(each * held);
        parts.push(Part {
            id,
            label,
            rank_bytes: bytes,
            total_bytes: up(each * hx.blocks),
            location: Location::Device,
            formula: words!(
                "{formula} × {} blocks per rank = {} B",
                g(up(held)),
                g(bytes)
            ),
            question,
            explanation,
            source: crate::text!(SRC_AMR),
            values: None,
        });
    };
    push(PartId::State, "Solution on all levels", bb.state,
        words!("{} fields × {b} B × {} stored copies × {}{} cells", m.fields, m.levels, edge, if d == 2 { "²" } else { "³" }),
        "What is the state of an AMR run?",
        words!("The solution on every level, kept as {} copies (old and new time levels or integrator stages). {shape}.", m.levels));
    if bb.ghost > 0.0 {
        push(PartId::Halo, "Ghost cells of every block", bb.ghost,
            words!("{} fields × {b} B × {} copies × (({edge} + 2·{})^{d} − {edge}^{d}) cells", m.fields, m.levels, m.halo),
            "Why do ghost cells cost so much with AMR?",
            words!("Each block is padded with {} ghost layers on every side, {ghost_ratio} % more cells than it owns: small blocks pay the most. Codes like Athena++ store them on every copy of the state.", m.halo));
    }
    if bb.work > 0.0 {
        push(PartId::Work, "Work arrays", bb.work,
            words!("{} arrays × {b} B × ({edge} + 2·{})^{d} cells", m.work, m.halo),
            "What are the work arrays of an AMR block?",
            "Primitive variables, face fluxes and the ghosted copy of the state the advance fills, one per block, ghost layers included.".into());
    }
    if bb.coarse_fine > 0.0 {
        push(PartId::CoarseFine, "Coarse–fine buffers", bb.coarse_fine,
            words!("{} fields × {b} B × ({} coarse copies × ({edge}/{} + 2·{})^{d} + {} faces × {edge}^{})", m.fields, a.coarse_copies, a.ratio, m.halo, 2 * d, d - 1),
            "What do refined levels add besides their cells?",
            "To fill a block's ghost cells from its parent level the code keeps a coarse copy of the block's region, and to keep fluxes conservative across the coarse–fine boundary it stores the fluxes through the block's faces (flux registers).".into());
    }
    if bb.exchange > 0.0 {
        push(PartId::Exchange, "Halo exchange buffers", bb.exchange,
            words!("{} buffers × {} fields × {b} B × (({edge} + 2·{})^{d} − {edge}^{d}) cells", a.exchange_copies, m.fields, m.halo),
            "Why does a block keep buffers for its neighbours?",
            "Each block packs its ghost regions into a send buffer and receives its neighbours' into a receive buffer, one pair per neighbour, kept for the whole run (Athena++ BoundaryVariable).".into());
    }
    if meta > 0.0 {
        let bytes = up(meta);
        parts.push(Part { id: PartId::BlockMetadata, label: "Block metadata (on every rank)", rank_bytes: bytes, total_bytes: crate::mul!(bytes, m.ranks), location: Location::Device,
            formula: words!("{} B × {} blocks = {} B", a.meta_bytes, g(up(h.blocks)), g(bytes)),
            question: crate::text!("Why does every rank know every block?"),
            explanation: crate::text!("Each rank keeps the list of all blocks and their owners (AMReX BoxArray and DistributionMapping, Athena++ block lists and tree) to find neighbours and rebalance: it grows with the blocks, not with the rank's share.".into()),
            source: crate::text!(SRC_AMR), values: None });
    }
    let fb = (m.fields * b) as f64;
    let all_cells = if a.blocks > 0 {
        h.blocks * h.block_cells
    } else {
        cells
    };
    MethodParts {
        parts,
        snapshot_rank: up(fb * h.block_cells * held),
        snapshot_total: up(fb * h.block_cells * hx.blocks),
        restart_total: up(fb * all_cells),
        shape,
    }
}

fn nbody(m: &Sim, b: u64) -> MethodParts {
    let n = &m.nbody;
    let t = n.task_bytes(m.particles, m.ranks, b, false);
    // Over all tasks the continuous sizes do not depend on the task count (one task holds all),
    // except the fixed buffer each task has.
    let x = n.task_bytes(m.particles, 1, b, true);
    let p = m.ranks as f64;
    let imb = |v: f64| imbalance(m, v);
    let shape = words!(
        "{} particles, {} particle slots and {} tree nodes per task{}",
        g(m.particles),
        g(up(t.max_part)),
        g(up(t.nodes)),
        if n.pm_grid > 0 {
            words!(
                ", a {}³ PM grid in {} slab{} per task",
                n.pm_grid,
                g(up(t.slabs)),
                if t.slabs == 1.0 { "" } else { "s" }
            )
        } else {
            String::new()
        }
    );
    let factor = |c: u64| format_fixed(c, 2);
    let mut parts = Vec::new();
    let mut push = |id: PartId,
                    label: &'static str,
                    rank: f64,
                    total: f64,
                    formula: String,
                    explanation: String| {
        let bytes = up(rank);
        if bytes > 0 {
            parts.push(Part {
                id,
                label,
                rank_bytes: bytes,
                total_bytes: up(total),
                location: Location::Device,
                formula: words!("{formula} = {} B", g(bytes)),
                question: crate::text!("What is this part of an N-body run?"),
                explanation,
                source: crate::text!(SRC_NBODY),
                values: None,
            });
        }
    };
    push(PartId::Particles, "Particle storage", imb(t.particles), x.particles,
        words!("{} B × {} slots ({} × {} particles ÷ {} tasks)", n.part_bytes, g(up(t.max_part)), factor(n.alloc_c), g(m.particles), g(m.ranks)),
        words!("Every particle's position, velocity, accelerations, mass, ID and time step in one struct, allocated for PartAllocFactor times the task's share so particles can move between tasks. {shape}."));
    push(PartId::Timebins, "Time-bin lists", imb(t.timebins), x.timebins,
        words!("{} lists × 4 B × {} slots", n.timebin_lists, g(up(t.max_part))),
        "Linked lists of the particles in each time bin, so that only the active ones are visited each step.".into());
    push(PartId::Tree, "Gravity tree", imb(t.tree), x.tree,
        words!("{} B × {} nodes ({} × slots) + 8 B × {} slots", n.node_bytes, g(up(t.nodes)), factor(n.tree_c), g(up(t.max_part))),
        "The oct-tree's nodes (geometry, centre of mass, mass and walk links), allocated for TreeAllocFactor nodes per particle slot, plus the Nextnode and Father index of every particle.".into());
    push(PartId::PmGrid, "Particle-mesh grid", t.pm, x.pm,
        words!("{} arrays × {} slab{} × {} × 2·({}/2 + 1) × {b} B", n.pm_arrays, g(up(t.slabs)), if t.slabs == 1.0 { "" } else { "s" }, n.pm_grid, n.pm_grid),
        "The long-range force's FFT grid: density, force and workspace, split into slabs along x (a task beyond PMGRID holds none, the busiest holds the rounded-up share).".into());
    push(PartId::Ewald, "Ewald correction table", t.ewald, x.ewald * p,
        words!("{} entries (65³) × {} B", g(crate::scenario::nbody::EWALD_ENTRIES), n.ewald_bytes),
        "Periodic boxes correct the tree force for the infinite images with a table every task holds whole (GADGET-2: four force and potential tables in floats; GADGET-4: the potential and its derivatives to third order in doubles).".into());
    push(PartId::CommBuffer, "Communication buffer", t.comm, x.comm * p,
        words!("{} MiB", g(n.comm_mib)),
        "A fixed buffer per task for particles and partial forces exchanged with other tasks (GADGET-2 BufferSize).".into());
    // A snapshot holds positions, velocities and IDs (GADGET format: 3 + 3 floats and 4 B).
    let snap = 28.0;
    MethodParts {
        parts,
        snapshot_rank: up(imb(snap * m.particles as f64 / p)),
        snapshot_total: up(snap * m.particles as f64),
        // A restart file dumps every task's particle structs.
        restart_total: up(n.part_bytes as f64 * m.particles as f64),
        shape,
    }
}

/// Memory of a simulation scenario.
pub fn estimate_sim(s: &Scenario) -> Estimate {
    let m = &s.sim;
    let b = s.dtype.bytes();
    let mp = match m.method {
        Method::Grid => grid::grid(m, b),
        Method::Particles => particles::particles(m, b),
        Method::Mesh => mesh::mesh(m, b),
        Method::Lbm => lbm::lbm(m, b),
        Method::Spectral => spectral::spectral(m, b),
        Method::Planewave => planewave(m),
        Method::Amr => amr(m, b),
        Method::Nbody => nbody(m, b),
    };
    assemble::assemble(s, mp)
}
