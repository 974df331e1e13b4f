//! A physics simulation as the user describes it, by method: structured grids, particles
//! (molecular dynamics), unstructured meshes (FEM/FVM), lattice Boltzmann, pseudo-spectral,
//! plane-wave, AMR and N-body codes, over ranks and nodes, with the history a run keeps
//! (snapshots, output, adjoint storage). `model::sim` computes the bytes from it.

use crate::base::choice::choice_enum;

choice_enum!(
    /// Discretisation family.
    Method {
        Grid => ("grid", "Structured grid (finite differences / volumes)"),
        Particles => ("particles", "Particles (molecular dynamics)"),
        Mesh => ("mesh", "Unstructured mesh (FEM / FVM)"),
        Lbm => ("lbm", "Lattice Boltzmann"),
        Spectral => ("spectral", "Pseudo-spectral (FFT)"),
        Planewave => ("planewave", "Plane-wave DFT (Quantum ESPRESSO, VASP)"),
        Amr => ("amr", "Adaptive mesh refinement (AMReX, Athena++, Enzo)"),
        Nbody => ("nbody", "Tree-PM N-body gravity (GADGET)"),
    }
);

choice_enum!(
    /// Per-particle state as LAMMPS stores it.
    AtomStyle {
        Atomic => ("atomic", "atomic: x, v, f, tag, type, mask, image (88 B)"),
        Charge => ("charge", "charge: atomic + q (96 B)"),
        Full => ("full", "full: charge + molecule, bonds, angles, dihedrals (~300 B)"),
        Eam => ("eam", "atomic + EAM density and embedding derivative (104 B)"),
        Bond => ("bond", "bond: atomic + molecule, bonds, special neighbours"),
        Angle => ("angle", "angle: bond + angles"),
        Molecular => ("molecular", "molecular: angle + dihedrals, impropers"),
    }
);

impl AtomStyle {
    /// Whether the style stores molecular topology (bond, angle, molecular, full).
    pub fn molecular(self) -> bool {
        matches!(
            self,
            AtomStyle::Bond | AtomStyle::Angle | AtomStyle::Molecular | AtomStyle::Full
        )
    }
}

/// Most bonds, angles, dihedrals, impropers and special neighbours any atom has: what LAMMPS
/// sizes its per-atom topology arrays by ("4 = max bonds/atom" ... "26 = max # of special
/// neighbors" in its log), for local and ghost atoms alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Topology {
    pub bonds: u64,
    pub angles: u64,
    pub dihedrals: u64,
    pub impropers: u64,
    pub special: u64,
}

choice_enum!(
    /// Interatomic potential family: decides the neighbour list (half or full) and the
    /// per-atom storage beyond the atom style.
    Potential {
        Pair => ("pair", "Pair potential (LJ, Coulomb, EAM): half list with Newton's third law"),
        Tersoff => ("tersoff", "Tersoff: full neighbour list"),
        Sw => ("sw", "Stillinger–Weber: full neighbour list"),
        Rebo => ("rebo", "REBO: full list with ghosts + REBO neighbour list of every atom"),
        Airebo => ("airebo", "AIREBO: as REBO, with the long LJ cutoff"),
        Reaxff => ("reaxff", "ReaxFF: bond, three-body and hydrogen-bond lists of every local and ghost atom, with QEq charges"),
    }
);

choice_enum!(
    /// Which LAMMPS ReaxFF implementation, as its structures and memory report differ.
    ReaxVersion {
        Reaxff => ("reaxff", "pair reaxff (LAMMPS 2021 and later): 464 B per bond slot, 112 B atoms"),
        Reaxc => ("reaxc", "pair reax/c (LAMMPS 2020 and earlier): 568 B per bond slot, 472 B atoms"),
    }
);

/// The ReaxFF settings LAMMPS exposes (pair_style reaxff keywords `safezone`, `mincap`) and
/// the chemistry that sizes its bond list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reax {
    pub version: ReaxVersion,
    /// Partners per atom with an uncorrected bond order above the cutoff (reaxff_forces.cpp
    /// Estimate_Storages); each atom gets max(2 × partners, 25) bond slots.
    pub bonds: u64,
    /// `safezone` in thousandths (1.2: 20 % spare in every list).
    pub safezone_milli: u64,
    /// `mincap`: the fewest atoms any list is sized for.
    pub mincap: u64,
    /// fix qeq/reaxff's charge-equilibration matrix and vectors.
    pub qeq: bool,
}

impl Default for Reax {
    fn default() -> Self {
        Reax {
            version: ReaxVersion::Reaxff,
            bonds: 6,
            safezone_milli: 1200,
            mincap: 50,
            qeq: true,
        }
    }
}

impl Potential {
    /// Whether the potential asks LAMMPS for a full neighbour list (every pair stored twice).
    pub fn full_list(self) -> bool {
        self != Potential::Pair
    }
}

choice_enum!(
    /// How LAMMPS maps global atom IDs to local indices (atom_modify map).
    AtomMap {
        Array => ("array", "Array: 4 B × largest ID on every rank"),
        Hash => ("hash", "Hash: 16 B × 2 slots per allocated atom"),
        Auto => ("auto", "As LAMMPS chooses: array up to 1,000,000 IDs, hash above"),
        None => ("none", "No map (atomic systems without atom_modify map)"),
    }
);

choice_enum!(
    /// How the short-range pairs are listed: LAMMPS's per-atom neighbour pages, or GROMACS
    /// mdrun's cluster pair lists (nbnxm: i-clusters of 4 atoms, j-clusters of 4 or 8).
    PairList {
        Atoms => ("atoms", "Per-atom neighbour lists (LAMMPS)"),
        Clusters4x4 => ("clusters_4x4", "Cluster pair lists 4×4 (GROMACS mdrun, SSE4.1 / 128-bit SIMD)"),
        Clusters4x8 => ("clusters_4x8", "Cluster pair lists 4×8 (GROMACS mdrun, AVX2 256-bit SIMD)"),
    }
);

choice_enum!(
    /// A LAMMPS accelerator package whose own arrays are what the device holds.
    Package {
        None => ("none", "None: LAMMPS's own arrays"),
        Gpu => ("gpu", "GPU package, mixed precision (lib/gpu's default build: float positions, double forces)"),
        GpuDouble => ("gpu_double", "GPU package, double precision"),
        GpuSingle => ("gpu_single", "GPU package, single precision"),
    }
);

impl Package {
    /// Bytes of the GPU package's position (numtyp) and accumulator (acctyp) types; None
    /// without the package.
    pub fn gpu_types(self) -> Option<(u64, u64)> {
        match self {
            Package::None => None,
            Package::Gpu => Some((4, 8)),
            Package::GpuDouble => Some((8, 8)),
            Package::GpuSingle => Some((4, 4)),
        }
    }
}

impl PairList {
    /// Atoms per i-cluster and per j-cluster (None: per-atom lists).
    pub fn clusters(self) -> Option<(u64, u64)> {
        match self {
            PairList::Atoms => None,
            PairList::Clusters4x4 => Some((4, 4)),
            PairList::Clusters4x8 => Some((4, 8)),
        }
    }
}

choice_enum!(
    /// Long-range electrostatics solver.
    LongRange {
        None => ("none", "None (short-range only)"),
        Pppm => ("pppm", "PPPM (particle-particle particle-mesh)"),
        Pme => ("pme", "PME (particle-mesh Ewald)"),
    }
);

choice_enum!(
    /// Finite-element type, or finite volumes.
    Element {
        Tet4 => ("tet4", "Linear tetrahedra"),
        Tet10 => ("tet10", "Quadratic tetrahedra"),
        Hex8 => ("hex8", "Linear hexahedra"),
        Hex27 => ("hex27", "Quadratic hexahedra"),
        Fv => ("fv", "Finite volumes (cell-centred, polyhedral)"),
    }
);

impl Element {
    /// (nodes per cell in the connectivity, unknown-carrying points per cell, matrix nonzeros
    /// per row). Points per cell and nonzeros per row are the averages of large meshes: a
    /// linear tetrahedral mesh has about one node per 5.5 cells and 15 nonzeros per row
    /// (14 neighbours + itself); hexahedra one node per cell and 27 nonzeros (the 3×3×3
    /// stencil); quadratic elements add edge (and face, centre) nodes; cell-centred finite
    /// volumes one unknown per cell coupled to its faces' neighbours (polyhedral meshes ~14).
    pub fn topology(self) -> (u64, f64, u64) {
        match self {
            Element::Tet4 => (4, 1.0 / 5.5, 15),
            Element::Tet10 => (10, 1.0 / 5.5 + 7.0 / 6.0, 65),
            Element::Hex8 => (8, 1.0, 27),
            Element::Hex27 => (27, 8.0, 125),
            Element::Fv => (6, 1.0, 15),
        }
    }

    /// (faces per cell, vertices per face) as a face-based mesh (OpenFOAM's polyMesh) stores
    /// the cell: tetrahedra 4 triangles, hexahedra 6 quadrilaterals; finite volumes are counted
    /// as the hexahedral cells blockMesh and snappyHexMesh make.
    pub fn faces(self) -> (u64, u64) {
        match self {
            Element::Tet4 | Element::Tet10 => (4, 3),
            Element::Hex8 | Element::Hex27 | Element::Fv => (6, 4),
        }
    }
}

choice_enum!(
    /// Preconditioner of the linear solver.
    Precond {
        None => ("none", "None"),
        Jacobi => ("jacobi", "Jacobi (diagonal)"),
        Ilu0 => ("ilu0", "ILU(0): same pattern as the matrix"),
        Ilu1 => ("ilu1", "ILU(1): about twice the matrix"),
        Amg => ("amg", "Algebraic multigrid (operator complexity ~1.5)"),
        Gmg => ("gmg", "Geometric / agglomeration multigrid (operator complexity ~1.14)"),
        Gamg => ("gamg", "OpenFOAM GAMG: cells agglomerated in pairs, coarse levels about as large as the fine one"),
    }
);

choice_enum!(
    /// How an unstructured-mesh code stores its mesh and matrix.
    MeshStorage {
        Nodal => ("nodal", "Element–node connectivity and a CSR matrix"),
        Polymesh => ("polymesh", "Faces with owner and neighbour cells, face geometry, a matrix per face (OpenFOAM polyMesh, lduMatrix)"),
        Hpcg => ("hpcg", "HPCG's SparseMatrix: 27 values with local and global column indices per row, CG vectors, a 4-level geometric multigrid"),
    }
);

choice_enum!(
    /// Which HPCG implementation runs the CG iterations (`hpcg_code`): each reads the matrix and
    /// the vectors its own way (`speed::sim::hpcg`); the memory estimate stays the reference's.
    HpcgCode {
        Reference => ("reference", "HPCG 3.1 reference (CPU; CSR rows, one Gauss–Seidel row after another)"),
        Nvidia => ("nvidia", "NVIDIA HPCG (sliced ELL, L and U stored apart, cuSPARSE triangular solves)"),
        Rocm => ("rocm", "AMD rocHPCG (ELL, multicolour sweeps, residual fused into the restriction)"),
    }
);

choice_enum!(
    /// How an unstructured-mesh code solves for its unknowns.
    Solver {
        Coupled => ("coupled", "Implicit, coupled: one block matrix of all unknowns"),
        Segregated => ("segregated", "Implicit, segregated: one scalar matrix per variable in turn (OpenFOAM)"),
        Explicit => ("explicit", "Explicit: no matrix (MPAS, explicit Runge–Kutta)"),
    }
);

choice_enum!(
    /// Lattice of a lattice Boltzmann code.
    Lattice {
        D2q9 => ("d2q9", "D2Q9"),
        D3q15 => ("d3q15", "D3Q15"),
        D3q19 => ("d3q19", "D3Q19"),
        D3q27 => ("d3q27", "D3Q27"),
    }
);

impl Lattice {
    pub fn q(self) -> u64 {
        match self {
            Lattice::D2q9 => 9,
            Lattice::D3q15 => 15,
            Lattice::D3q19 => 19,
            Lattice::D3q27 => 27,
        }
    }
}

choice_enum!(
    /// LBM streaming: two lattices (A-B), or one with an in-place scheme.
    Streaming {
        TwoLattice => ("two", "Two lattices (A-B pattern)"),
        InPlace => ("inplace", "In place (esoteric pull, AA pattern)"),
    }
);

choice_enum!(
    /// How a differentiable simulation or adjoint solver keeps the forward states.
    Adjoint {
        None => ("none", "No adjoint"),
        StoreAll => ("store_all", "Store every step"),
        Checkpoint => ("checkpoint", "Binomial checkpointing (revolve)"),
    }
);

choice_enum!(
    /// How a CPU node's ranks are placed on its sockets (NUMA domains).
    Placement {
        Spread => ("spread", "Spread over the sockets in turn (Slurm srun's default)"),
        Packed => ("packed", "Packed: one socket's cores before the next (mpirun with 1–2 ranks)"),
    }
);

choice_enum!(
    /// Where the simulation's data lives.
    SimDevice {
        Cpu => ("cpu", "CPU nodes (node memory)"),
        Gpu => ("gpu", "GPU-resident, one rank per GPU"),
    }
);

choice_enum!(
    /// The language the rank's program runs in: an interpreter and its numerical modules are
    /// resident in every rank before any array is allocated.
    Language {
        Native => ("native", "Compiled (C, C++, Fortran): nothing beyond the MPI and library memory"),
        Python => ("python", "Python with NumPy and mpi4py (+25 MiB per rank)"),
        PythonScipy => ("python_scipy", "Python with NumPy, SciPy and mpi4py (+60 MiB per rank)"),
    }
);

/// Fixed-point scale of lengths and densities in the inputs (thousandths and millionths).
pub const LEN_SCALE: u64 = 1000;
pub const DENSITY_SCALE: u64 = 1_000_000;

/// Every input of a simulation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sim {
    /// The code whose defaults the settings started from (labels only; the numbers follow
    /// the settings).
    pub code: crate::catalog::codes::Code,
    pub method: Method,
    pub nx: u64,
    pub ny: u64,
    pub nz: u64,
    pub fields: u64,
    pub levels: u64,
    pub work: u64,
    pub halo: u64,
    pub particles: u64,
    pub atom_style: AtomStyle,
    /// Bytes per particle, overriding the atom style (0: use the style).
    pub attrs: u64,
    /// Pair cutoff and neighbour skin in thousandths of the length unit.
    pub cutoff_milli: u64,
    pub skin_milli: u64,
    /// Particles per unit volume, in millionths.
    pub density_micro: u64,
    /// Neighbours per particle given directly (0: from cutoff, skin and density).
    pub neighbors: u64,
    /// Newton's third law: half neighbour lists.
    pub newton: bool,
    /// LAMMPS `neigh_modify check yes` (its default): the positions at the last neighbour
    /// build are kept to test how far atoms moved; `check no` rebuilds on schedule without them.
    pub neigh_check: bool,
    pub long_range: LongRange,
    pub potential: Potential,
    /// Topology maxima per atom (None: the style's fixed size).
    pub topology: Option<Topology>,
    /// SHAKE/RATTLE constraints (fix shake per-atom arrays).
    pub shake: bool,
    pub atom_map: AtomMap,
    pub pair_list: PairList,
    pub package: Package,
    /// Long-range mesh points in total (0: one per particle).
    pub kspace_grid: u64,
    /// PME's interpolation order, points per dimension (0: 4, GROMACS's `pme-order` default).
    pub pme_order: u64,
    pub cells: u64,
    pub element: Element,
    pub dofs: u64,
    pub krylov: u64,
    pub precond: Precond,
    pub solver: Solver,
    /// Bytes of a mesh or matrix index (4, or 8 with 64-bit global indices).
    pub index_bytes: u64,
    pub mesh_storage: MeshStorage,
    /// A face-based momentum equation assembles the explicit part of its viscous stress,
    /// div(ν_eff dev2(T(grad U))), through a velocity-gradient tensor and its face values.
    pub viscous_stress: bool,
    /// Boundary faces of the whole mesh, as blockMesh and checkMesh print them (0: a compact
    /// block's 6 · cells^(2/3)).
    pub boundary_faces: u64,
    /// Krylov iterations per time step, summed over the step's linear solves (`lin_iters`;
    /// OpenFOAM's log prints "No Iterations N" per solve); None: the time model's default.
    pub lin_iters: Option<u64>,
    /// Smoother iterations per time step, summed over the equations a smoother solves
    /// (`smooth_iters`; OpenFOAM's smoothSolver prints "No Iterations N"); None: none counted.
    pub smooth_iters: Option<u64>,
    /// The HPCG implementation whose passes the time counts (`hpcg_code`); None: the device's
    /// (the reference on CPUs, the GPU vendor's own code on GPUs).
    pub hpcg_code: Option<HpcgCode>,
    /// A code's own working values per point carrying unknowns, beside the unknowns' time
    /// levels and the matrix (gradients, limiters, primitives, residuals); 0: none.
    pub cell_values: u64,
    pub lattice: Lattice,
    pub streaming: Streaming,
    /// Storage precision of LBM distributions, separate from compute precision (`dtype`);
    /// None: the same.
    pub lbm_dtype: Option<crate::catalog::precision::Dtype>,
    pub complex: bool,
    pub dealias: bool,
    /// Pseudo-spectral 3-D (or 2-D) transforms per step (`transforms`; time only); None: two
    /// per field per Runge–Kutta stage, a DNS step's forward and inverse transforms.
    pub transforms: Option<u64>,
    pub ranks: u64,
    pub nodes: u64,
    /// The documented node it runs on (`node`), whose hardware CPU codes' time reads; None:
    /// the default CPU node.
    pub node: Option<&'static crate::catalog::device::NodePreset>,
    pub node_mem: u64,
    /// How CPU ranks are placed on a node's sockets (`numa`).
    pub placement: Placement,
    pub device: SimDevice,
    /// GPU codes: a host copy of every device array.
    pub host_mirror: bool,
    /// A single rank still pads its subdomain with ghost layers (false: none, as codes that
    /// wrap periodic boundaries in place).
    pub halo_one_rank: bool,
    /// The ranks split z as well as x and y (false: x and y only, every rank keeping whole
    /// columns, as WRF decomposes its patches).
    pub split_z: bool,
    /// Per-rank memory outside the solver's arrays (MPI buffers, libraries), MiB.
    pub rank_mib: u64,
    /// Data every rank holds whole (forcing tables, geometry, coarse meshes), MiB.
    pub replicated_mib: u64,
    /// The language of the rank's program (an interpreter's resident footprint).
    pub language: Language,
    /// ReaxFF settings (potential=reaxff).
    pub reax: Reax,
    /// Extra work on the busiest rank, basis points.
    pub imbalance_bp: u64,
    pub steps: u64,
    pub output_every: u64,
    pub snapshots: u64,
    /// Output compression ratio in hundredths (100 = none).
    pub compression_c: u64,
    pub checkpoint_every: u64,
    pub adjoint: Adjoint,
    pub adjoint_snapshots: u64,
    /// Plane-wave DFT inputs (method=planewave).
    pub pw: crate::scenario::planewave::PlaneWave,
    /// Block-structured AMR inputs (method=amr).
    pub amr: crate::scenario::amr::Amr,
    /// Tree-PM N-body inputs (method=nbody).
    pub nbody: crate::scenario::nbody::Nbody,
}

impl Default for Sim {
    fn default() -> Self {
        Sim {
            code: crate::catalog::codes::Code::Generic,
            method: Method::Grid,
            nx: 512,
            ny: 512,
            nz: 512,
            fields: 5,
            levels: 2,
            work: 3,
            halo: 2,
            particles: 1_000_000,
            atom_style: AtomStyle::Atomic,
            attrs: 0,
            cutoff_milli: 2500,
            skin_milli: 300,
            density_micro: 844_200,
            neighbors: 0,
            newton: true,
            neigh_check: true,
            long_range: LongRange::None,
            potential: Potential::Pair,
            topology: None,
            shake: false,
            atom_map: AtomMap::Array,
            pair_list: PairList::Atoms,
            package: Package::None,
            kspace_grid: 0,
            pme_order: 0,
            cells: 10_000_000,
            element: Element::Tet4,
            dofs: 4,
            krylov: 30,
            precond: Precond::Ilu0,
            solver: Solver::Coupled,
            index_bytes: 4,
            mesh_storage: MeshStorage::Nodal,
            viscous_stress: false,
            boundary_faces: 0,
            lin_iters: None,
            smooth_iters: None,
            hpcg_code: None,
            cell_values: 0,
            lattice: Lattice::D3q19,
            streaming: Streaming::TwoLattice,
            lbm_dtype: None,
            complex: false,
            dealias: true,
            transforms: None,
            ranks: 64,
            nodes: 1,
            node: None,
            node_mem: 256 << 30,
            placement: Placement::Spread,
            device: SimDevice::Cpu,
            host_mirror: false,
            halo_one_rank: true,
            split_z: true,
            rank_mib: 100,
            replicated_mib: 0,
            language: Language::Native,
            reax: Reax::default(),
            imbalance_bp: 0,
            steps: 1000,
            output_every: 0,
            snapshots: 0,
            compression_c: 100,
            checkpoint_every: 0,
            adjoint: Adjoint::None,
            adjoint_snapshots: 10,
            pw: Default::default(),
            amr: Default::default(),
            nbody: Default::default(),
        }
    }
}

/// Kept here for the simulation models that name it beside the other sizes.
pub use crate::base::sat::cbrt;

