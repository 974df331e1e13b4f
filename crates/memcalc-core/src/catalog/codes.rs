//! Code profiles: the simulation codes physicists run, each choosing the method and the
//! defaults that code uses. A profile only fills settings the user can see and change; the
//! estimate never depends on the code's name, only on those settings.

use crate::base::choice::choice_enum;

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
    }
);

/// A code's profile: the settings it implies, as a query fragment, and where they come from.
pub struct Profile {
    pub code: Code,
    pub query: &'static str,
    pub source: &'static str,
}

/// One row per code, declared once; the form, the CLI and the docs read this table.
pub const PROFILES: &[Profile] = &[
    Profile { code: Code::Generic, query: "",
        source: "No code: the method's textbook defaults." },
    Profile { code: Code::Lammps, query: "method=particles&atom_map=auto&potential=pair",
        source: "LAMMPS atom.cpp (map_style_set: an array map up to 1,000,000 atom IDs, a hash above); neighbor.cpp (pages of 100,000, one = 2,000); atom_vec_*.cpp per-atom arrays" },
    Profile { code: Code::Gromacs, query: "method=particles&atom_style=full&long_range=pme&cutoff=1.2&skin=0.1&density=100&atom_map=none&max_bonds=4&max_angles=6&max_dihedrals=9&max_impropers=2&max_special=0&shake=on",
        source: "GROMACS mdp defaults for CHARMM/AMBER-style runs: rcoulomb = rvdw = 1.2 nm, Verlet buffer ~0.1 nm, PME, LINCS/SETTLE constraints; water ≈ 100 atoms/nm³ (lengths in nm)" },
    Profile { code: Code::Namd, query: "method=particles&atom_style=full&long_range=pme&cutoff=12&skin=1.5&density=0.1&max_bonds=4&max_angles=6&max_dihedrals=9&max_impropers=2&max_special=12&shake=on",
        source: "NAMD user guide: cutoff 12 Å, pairlistdist 13.5 Å, PME, rigidBonds; water ≈ 0.1 atoms/Å³" },
    Profile { code: Code::Openfoam, query: "method=mesh&element=fv&solver=segregated&dofs=6&levels=2&krylov=0&precond=gmg",
        source: "OpenFOAM fvMatrix/lduMatrix: one scalar matrix per equation in turn (SIMPLE/PISO: U, p, k, ε/ω); GAMG agglomeration multigrid; polyhedral cells" },
    Profile { code: Code::Su2, query: "method=mesh&element=fv&solver=coupled&dofs=5&levels=2&krylov=10&precond=ilu0",
        source: "SU2 config defaults: LINEAR_SOLVER= FGMRES, LINEAR_SOLVER_RESTART_FREQUENCY= 10, LINEAR_SOLVER_PREC= ILU (ILU(0)); 5 conservative variables" },
    Profile { code: Code::Wrf, query: "method=grid&fields=12&levels=3&halo=3&work=20",
        source: "WRF ARW: third-order Runge–Kutta (3 time levels), 5th/6th-order advection stencils (3 ghost rows), u, v, w, φ, θ, μ and moisture species" },
    Profile { code: Code::Mpas, query: "method=mesh&element=fv&solver=explicit&dofs=8&levels=3",
        source: "MPAS-Atmosphere: split-explicit Runge–Kutta 3 on a Voronoi mesh (cells × vertical levels), no global matrix" },
    Profile { code: Code::Dealii, query: "method=mesh&element=hex8&solver=coupled&dofs=1&krylov=0&precond=amg",
        source: "deal.II step-40 (Laplace, Q1 hexahedra, CG with Trilinos/PETSc AMG)" },
    Profile { code: Code::Mfem, query: "method=mesh&element=hex8&solver=coupled&dofs=1&krylov=0&precond=amg",
        source: "MFEM ex1p (Q1 hexahedra, CG with hypre BoomerAMG)" },
    Profile { code: Code::Fluidx3d, query: "method=lbm&lattice=d3q19&streaming=inplace&dtype=fp32&sim_device=gpu&ranks=1&nodes=1&host_mirror=on&halo_one_rank=off",
        source: "FluidX3D README: D3Q19, esoteric-pull in-place streaming, FP32 arithmetic, one GPU; src/opencl.hpp Memory<T> keeps a host buffer beside each device buffer; one domain wraps its periodic boundaries without ghost cells" },
    Profile { code: Code::QuantumEspresso, query: "method=planewave&dft_arrays=pwx&diagonalization=david&david_ndim=4&mixing_ndim=8&wfc_disk=off",
        source: "Quantum ESPRESSO pw.x input defaults: Davidson (diago_david_ndim = 4 in 6.x), mixing_ndim = 8, disk_io = 'low' (wavefunctions of the pool in memory)" },
    Profile { code: Code::Abinit, query: "method=planewave&dft_arrays=abinit&mixing_ndim=7&pseudopotential=nc",
        source: "ABINIT input defaults: iscf 7 (Pulay mixing of the potential) with npulayit 7, norm-conserving pseudopotentials (useylm 0), k-points and spins split over processes (paral_kgb 0) with whole plane-wave sets and FFT grids on each; m_memeval.F90 counts the arrays" },
    Profile { code: Code::Sparc, query: "method=planewave&dft_arrays=sparc&mixing_ndim=7&band_groups=1",
        source: "SPARC documentation and src/initialization.c: MIXING_HISTORY 7 by default; the orbitals on the finite-difference grid FD_GRID (given as the grid points); estimate_memory counts the orbitals with their Chebyshev-filtering copies, the grid vectors and the subspace matrices, + 10 %" },
    Profile { code: Code::Amrex, query: "method=amr&ref_ratio=2&block_size=32&halo=4&levels=2&work=4&ghost_state=off&coarse_copies=1&exchange_copies=0&block_meta=32",
        source: "AMReX docs: amr.max_grid_size 32 in 3D, amr.ref_ratio 2; AmrLevel StateData keeps old and new data without ghost cells; the advance fills a ghosted copy (Sborder, NUM_GROW = 4 in the CNS/Castro-style examples) and d face-flux MultiFabs; FillPatch's temporary coarse data; a Box (2 IntVects + IndexType, 28 B) and its owner (4 B) per box replicated in BoxArray/DistributionMapping" },
    Profile { code: Code::Athenapp, query: "method=amr&ref_ratio=2&block_size=16&halo=2&levels=2&work=5&ghost_state=on&coarse_copies=2&exchange_copies=2&block_meta=160",
        source: "Athena++ wiki (MeshBlock, Static/Adaptive Mesh Refinement): refinement ratio 2, NGHOST = 2 by default; Hydro allocates u, u1 (VL2), w, w1 and flux[3] with ghost cells; MeshRefinement keeps coarse_cons_ and coarse_prim_; BoundaryVariable keeps a send and a receive buffer for every neighbour (bd_var_); Mesh keeps loclist (LogicalLocation), ranklist, costlist and the MeshBlockTree for every block on every rank" },
    Profile { code: Code::Gadget2, query: "method=nbody&dtype=fp32&part_bytes=80&alloc_factor=1.5&tree_factor=0.8&node_bytes=64&pm_arrays=3&timebin_lists=0&comm_buffer=100&ewald_bytes=16",
        source: "GADGET-2 allvars.h (particle_data 80 B with PMGRID in single precision; NODE 48 B + extNODE 16 B), ewald.c (fcorrx, fcorry, fcorrz, potcorr: 4 floats on 65³ points), begrun.c (MaxPart = PartAllocFactor × N/NTask), forcetree.c (TreeAllocFactor × MaxPart nodes, Nextnode, Father), pm_periodic.c (rhogrid, forcegrid, workspace), BufferSize; the example parameter files' factors" },
    Profile { code: Code::Gadget4, query: "method=nbody&dtype=fp32&part_bytes=108&alloc_factor=1.1&tree_factor=0.7&node_bytes=56&pm_arrays=3&timebin_lists=3&comm_buffer=0&ewald_bytes=160",
        source: "GADGET-4 documentation (memory.txt example: P 98.39 MB beside 3.64 MB per 4-byte list, i.e. 108 B per particle slot; Tree.Nodes 35.72 MB for 0.7 × the slots, 56 B per node; NextActiveParticle, NextInTimeBin, PrevInTimeBin per slot); ALLOC_TOLERANCE headroom of 10 %; no fixed buffer: generic buffers fill what MaxMemSize leaves; ewald.h: ENX = 64, D0phi..D3phi in doubles, 160 B per entry ('Ewd' 41.9045 MB)" },
];

pub fn profile(code: Code) -> &'static Profile {
    PROFILES
        .iter()
        .find(|p| p.code == code)
        .unwrap_or(&PROFILES[0])
}
