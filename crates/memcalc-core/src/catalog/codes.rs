//! Code profiles: the simulation codes physicists run, each choosing the method and the
//! defaults that code uses. A profile only fills settings the user can see and change; the
//! estimate never depends on the code's name, only on those settings.

use crate::base::choice::choice_enum;
use crate::base::keys::{FieldId as F, Value, Value::*};

choice_enum!(
    /// The simulation code whose defaults the settings start from.
    Code {
        Generic => ("generic", "Any code (the method's textbook defaults)"),
        Lammps => ("lammps", "LAMMPS (molecular dynamics)"),
        Gromacs => ("gromacs", "GROMACS (biomolecular MD)"),
        Namd => ("namd", "NAMD (biomolecular MD)"),
        Openfoam => ("openfoam", "OpenFOAM (finite volumes, segregated)"),
        Su2 => ("su2", "SU2 (compressible finite volumes, coupled implicit)"),
        Wrf => ("wrf", "WRF (structured-grid atmosphere)"),
        Mpas => ("mpas", "MPAS (unstructured Voronoi mesh, explicit)"),
        Dealii => ("dealii", "deal.II (finite elements)"),
        Mfem => ("mfem", "MFEM (finite elements)"),
        Fluidx3d => ("fluidx3d", "FluidX3D (lattice Boltzmann on one GPU)"),
        QuantumEspresso => ("quantum_espresso", "Quantum ESPRESSO pw.x (plane-wave DFT)"),
        Abinit => ("abinit", "ABINIT (plane-wave DFT)"),
        Sparc => ("sparc", "SPARC (real-space DFT)"),
        Amrex => ("amrex", "AMReX (block-structured AMR: Castro, Nyx, PeleC)"),
        Athenapp => ("athenapp", "Athena++ (MeshBlock AMR, MHD)"),
        Gadget2 => ("gadget2", "GADGET-2 (tree-PM N-body)"),
        Gadget4 => ("gadget", "GADGET-4 (tree-PM N-body)"),
        Hpcg => ("hpcg", "HPCG (conjugate gradient benchmark, 27-point stencil)"),
    }
);

/// A code's profile: the settings it implies, as typed (key, value) pairs, and where they come
/// from. `schema::fields`'s tests read every value through its field's row.
pub struct Profile {
    pub code: Code,
    pub sets: &'static [(F, Value)],
    pub source: &'static str,
}

/// One row per code, declared once and in [`Code`]'s order (checked when compiling); the form,
/// the CLI and the docs read this table.
pub const PROFILES: &[Profile] = &[
    Profile { code: Code::Generic, sets: &[],
        source: "No code: the method's textbook defaults." },
    Profile { code: Code::Lammps, sets: &[(F::Method, Choice("particles")), (F::AtomMap, Choice("auto")), (F::Potential, Choice("pair"))],
        source: "LAMMPS atom.cpp (map_style_set: an array map up to 1,000,000 atom IDs, a hash above); neighbor.cpp (pages of 100,000, one = 2,000); atom_vec_*.cpp per-atom arrays" },
    Profile { code: Code::Gromacs, sets: &[(F::Method, Choice("particles")), (F::AtomStyle, Choice("full")), (F::LongRange, Choice("pme")), (F::Cutoff, Number(1.2)), (F::Skin, Number(0.1)), (F::Density, Count(100)), (F::AtomMap, Choice("none")), (F::MaxBonds, Count(4)), (F::MaxAngles, Count(6)), (F::MaxDihedrals, Count(9)), (F::MaxImpropers, Count(2)), (F::MaxSpecial, Count(0)), (F::Shake, Toggle(true)), (F::PairList, Choice("clusters_4x8")), (F::Dtype, Choice("fp32")), (F::RankOverhead, Count(20))],
        source: "GROMACS mdp defaults for CHARMM/AMBER-style runs: rcoulomb = rvdw = 1.2 nm, Verlet buffer ~0.1 nm, PME, LINCS/SETTLE constraints; water ≈ 100 atoms/nm³ (lengths in nm); mdrun's nbnxm cluster pair lists, 4×8 with AVX2_256 SIMD (src/gromacs/nbnxm/pairlist.h), mixed precision (FP32 reals); a bare mdrun process (GROMACS 2022.5, Debian, thread-MPI) measured at 20 MiB (docs/accuracy.md, Run here)" },
    Profile { code: Code::Namd, sets: &[(F::Method, Choice("particles")), (F::AtomStyle, Choice("full")), (F::LongRange, Choice("pme")), (F::Cutoff, Count(12)), (F::Skin, Number(1.5)), (F::Density, Number(0.1)), (F::MaxBonds, Count(4)), (F::MaxAngles, Count(6)), (F::MaxDihedrals, Count(9)), (F::MaxImpropers, Count(2)), (F::MaxSpecial, Count(12)), (F::Shake, Toggle(true))],
        source: "NAMD user guide: cutoff 12 Å, pairlistdist 13.5 Å, PME, rigidBonds; water ≈ 0.1 atoms/Å³" },
    Profile { code: Code::Openfoam, sets: &[(F::Method, Choice("mesh")), (F::Element, Choice("fv")), (F::Solver, Choice("segregated")), (F::Dofs, Count(6)), (F::Levels, Count(2)), (F::Krylov, Count(0)), (F::Precond, Choice("gamg")), (F::MeshStorage, Choice("polymesh")), (F::ViscousStress, Toggle(true)), (F::RankOverhead, Count(55))],
        source: "OpenFOAM fvMatrix/lduMatrix: one scalar matrix per equation in turn (SIMPLE/PISO: U, p, k, ε/ω); GAMG agglomeration multigrid (pairGAMGAgglomeration: cells agglomerated in pairs); polyhedral cells; polyMesh.H, primitiveMesh.H, lduAddressing.H: faces with owner and neighbour, face and cell geometry, matrices stored per face; linearViscousStress.C divDevRhoReff: fvc::div(ν_eff dev2(T(fvc::grad(U)))), a tensor per cell and per face, in every turbulence model's momentum equation; a bare process (icoFoam on the 400-cell cavity tutorial, OpenFOAM 1912 from Debian) peaks at 56,488 kB under /usr/bin/time -v: 55 MiB per rank" },
    Profile { code: Code::Su2, sets: &[(F::Method, Choice("mesh")), (F::Element, Choice("fv")), (F::Solver, Choice("coupled")), (F::Dofs, Count(5)), (F::Levels, Count(2)), (F::Krylov, Count(10)), (F::Precond, Choice("ilu0")), (F::CellValues, Count(93))],
        source: "SU2 config defaults: LINEAR_SOLVER= FGMRES, LINEAR_SOLVER_RESTART_FREQUENCY= 10, LINEAR_SOLVER_PREC= ILU (ILU(0)); 5 conservative variables; per vertex beside Solution and Solution_Old, 93 values for 3-D Navier–Stokes with MUSCL and a limiter (SU2_CFD/src/variables/CVariable.cpp: the gradient; CEulerVariable.cpp: Res_TruncError, Limiter, Limiter_Primitive, Solution_Max/Min, Primitive, Secondary, Gradient_Primitive and six scalars)" },
    Profile { code: Code::Wrf, sets: &[(F::Method, Choice("grid")), (F::Dtype, Choice("fp32")), (F::SplitZ, Toggle(false)), (F::Fields, Count(12)), (F::Levels, Count(3)), (F::Halo, Count(3)), (F::Work, Count(20))],
        source: "WRF ARW: third-order Runge–Kutta (3 time levels), 5th/6th-order advection stencils (3 ghost rows), u, v, w, φ, θ, μ and moisture species; 4-byte reals unless built with ./configure -r8 (wrf-model/WRF configure: rword=\"-r4\", '-r8 build with 8 byte reals'); patches over nproc_x × nproc_y, each holding whole columns (README.namelist &domains nproc_x, nproc_y; memory dimensions ims:ime, kms:kme, jms:jme pad only i and j)" },
    Profile { code: Code::Mpas, sets: &[(F::Method, Choice("mesh")), (F::Element, Choice("fv")), (F::Solver, Choice("explicit")), (F::Dofs, Count(8)), (F::Levels, Count(3))],
        source: "MPAS-Atmosphere: split-explicit Runge–Kutta 3 on a Voronoi mesh (cells × vertical levels), no global matrix" },
    Profile { code: Code::Dealii, sets: &[(F::Method, Choice("mesh")), (F::Element, Choice("hex8")), (F::Solver, Choice("coupled")), (F::Dofs, Count(1)), (F::Krylov, Count(0)), (F::Precond, Choice("amg"))],
        source: "deal.II step-40 (Laplace, Q1 hexahedra, CG with Trilinos/PETSc AMG)" },
    Profile { code: Code::Mfem, sets: &[(F::Method, Choice("mesh")), (F::Element, Choice("hex8")), (F::Solver, Choice("coupled")), (F::Dofs, Count(1)), (F::Krylov, Count(0)), (F::Precond, Choice("amg"))],
        source: "MFEM ex1p (Q1 hexahedra, CG with hypre BoomerAMG)" },
    Profile { code: Code::Fluidx3d, sets: &[(F::Method, Choice("lbm")), (F::Lattice, Choice("d3q19")), (F::Streaming, Choice("inplace")), (F::Dtype, Choice("fp32")), (F::SimDevice, Choice("gpu")), (F::Ranks, Count(1)), (F::Nodes, Count(1)), (F::HostMirror, Toggle(true)), (F::HaloOneRank, Toggle(false))],
        source: "FluidX3D README: D3Q19, esoteric-pull in-place streaming, FP32 arithmetic, one GPU; src/opencl.hpp Memory<T> keeps a host buffer beside each device buffer; one domain wraps its periodic boundaries without ghost cells" },
    Profile { code: Code::QuantumEspresso, sets: &[(F::Method, Choice("planewave")), (F::DftArrays, Choice("pwx")), (F::Diagonalization, Choice("david")), (F::DavidNdim, Count(4)), (F::MixingNdim, Count(8)), (F::WfcDisk, Toggle(false))],
        source: "Quantum ESPRESSO pw.x input defaults: Davidson (diago_david_ndim = 4 in 6.x), mixing_ndim = 8, disk_io = 'low' (wavefunctions of the pool in memory)" },
    Profile { code: Code::Abinit, sets: &[(F::Method, Choice("planewave")), (F::DftArrays, Choice("abinit")), (F::MixingNdim, Count(7)), (F::Pseudopotential, Choice("nc"))],
        source: "ABINIT input defaults: iscf 7 (Pulay mixing of the potential) with npulayit 7, norm-conserving pseudopotentials (useylm 0), k-points and spins split over processes (paral_kgb 0) with whole plane-wave sets and FFT grids on each; m_memeval.F90 counts the arrays" },
    Profile { code: Code::Sparc, sets: &[(F::Method, Choice("planewave")), (F::DftArrays, Choice("sparc")), (F::MixingNdim, Count(7)), (F::BandGroups, Count(1))],
        source: "SPARC documentation and src/initialization.c: MIXING_HISTORY 7 by default; the orbitals on the finite-difference grid FD_GRID (given as the grid points); estimate_memory counts the orbitals with their Chebyshev-filtering copies, the grid vectors and the subspace matrices, + 10 %" },
    Profile { code: Code::Amrex, sets: &[(F::Method, Choice("amr")), (F::RefRatio, Count(2)), (F::BlockSize, Count(32)), (F::Halo, Count(4)), (F::Levels, Count(2)), (F::Work, Count(4)), (F::GhostState, Toggle(false)), (F::CoarseCopies, Count(1)), (F::ExchangeCopies, Count(0)), (F::BlockMeta, Count(32))],
        source: "AMReX docs: amr.max_grid_size 32 in 3D, amr.ref_ratio 2; AmrLevel StateData keeps old and new data without ghost cells; the advance fills a ghosted copy (Sborder, NUM_GROW = 4 in the CNS/Castro-style examples) and d face-flux MultiFabs; FillPatch's temporary coarse data; a Box (2 IntVects + IndexType, 28 B) and its owner (4 B) per box replicated in BoxArray/DistributionMapping" },
    Profile { code: Code::Athenapp, sets: &[(F::Method, Choice("amr")), (F::RefRatio, Count(2)), (F::BlockSize, Count(16)), (F::Halo, Count(2)), (F::Levels, Count(2)), (F::Work, Count(5)), (F::GhostState, Toggle(true)), (F::CoarseCopies, Count(2)), (F::ExchangeCopies, Count(2)), (F::BlockMeta, Count(160)), (F::Subcycle, Toggle(false))],
        source: "Athena++ wiki (MeshBlock, Static/Adaptive Mesh Refinement): refinement ratio 2, NGHOST = 2 by default; Hydro allocates u, u1 (VL2), w, w1 and flux[3] with ghost cells; MeshRefinement keeps coarse_cons_ and coarse_prim_; BoundaryVariable keeps a send and a receive buffer for every neighbour (bd_var_); Mesh keeps loclist (LogicalLocation), ranklist, costlist and the MeshBlockTree for every block on every rank; every level steps at the finest level's time step (no subcycling)" },
    Profile { code: Code::Gadget2, sets: &[(F::Method, Choice("nbody")), (F::Dtype, Choice("fp32")), (F::PartBytes, Count(80)), (F::AllocFactor, Number(1.5)), (F::TreeFactor, Number(0.8)), (F::NodeBytes, Count(64)), (F::PmArrays, Count(3)), (F::TimebinLists, Count(0)), (F::CommBuffer, Count(100)), (F::EwaldBytes, Count(16))],
        source: "GADGET-2 allvars.h (particle_data 80 B with PMGRID in single precision; NODE 48 B + extNODE 16 B), ewald.c (fcorrx, fcorry, fcorrz, potcorr: 4 floats on 65³ points), begrun.c (MaxPart = PartAllocFactor × N/NTask), forcetree.c (TreeAllocFactor × MaxPart nodes, Nextnode, Father), pm_periodic.c (rhogrid, forcegrid, workspace), BufferSize; the example parameter files' factors" },
    Profile { code: Code::Gadget4, sets: &[(F::Method, Choice("nbody")), (F::Dtype, Choice("fp32")), (F::PartBytes, Count(108)), (F::AllocFactor, Number(1.1)), (F::TreeFactor, Number(0.7)), (F::NodeBytes, Count(56)), (F::PmArrays, Count(3)), (F::TimebinLists, Count(3)), (F::CommBuffer, Count(0)), (F::EwaldBytes, Count(160))],
        source: "GADGET-4 documentation (memory.txt example: P 98.39 MB beside 3.64 MB per 4-byte list, i.e. 108 B per particle slot; Tree.Nodes 35.72 MB for 0.7 × the slots, 56 B per node; NextActiveParticle, NextInTimeBin, PrevInTimeBin per slot); ALLOC_TOLERANCE headroom of 10 %; no fixed buffer: generic buffers fill what MaxMemSize leaves; ewald.h: ENX = 64, D0phi..D3phi in doubles, 160 B per entry ('Ewd' 41.9045 MB)" },
    Profile { code: Code::Hpcg, sets: &[(F::Method, Choice("mesh")), (F::MeshStorage, Choice("hpcg")), (F::Element, Choice("hex8")), (F::Solver, Choice("coupled")), (F::Dofs, Count(1)), (F::Levels, Count(1)), (F::Krylov, Count(0)), (F::Precond, Choice("gmg")), (F::IndexBytes, Choice("8")), (F::Dtype, Choice("fp64"))],
        source: "HPCG 3.1 (hpcg-benchmark/hpcg): src/GenerateProblem.cpp (27-point stencil, one unknown per grid point), src/Geometry.hpp (local_int_t int, global_int_t long long: 8-byte global indices), src/main.cpp (4 multigrid levels, CG sets of 50 iterations), src/ReportResults.cpp (the memory and bandwidth models the estimate follows); double precision throughout" },
];

const _: () = {
    use crate::base::choice::Choice;
    assert!(
        PROFILES.len() == Code::ALL.len(),
        "every code needs its profile"
    );
    let mut i = 0;
    while i < PROFILES.len() {
        assert!(
            PROFILES[i].code as usize == i,
            "profiles follow Code's order"
        );
        i += 1;
    }
};

/// The code's profile.
pub fn profile(code: Code) -> &'static Profile {
    &PROFILES[code as usize]
}
