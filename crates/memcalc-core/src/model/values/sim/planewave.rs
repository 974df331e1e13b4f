//! The values of a plane-wave or real-space DFT process's parts: pw.x's, ABINIT's and SPARC's
//! terms.

/// A term of one code's report.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PwTerm {
    Pwx(PwxTerm),
    Abinit(AbinitTerm),
    Sparc(SparcTerm),
}

/// The sizes of the run as the estimate's summary names them, per code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PwShape {
    /// Plane waves per k-point, G vectors, FFT grid points; k-points per pool, pools and
    /// ranks per pool.
    Pwx {
        plane_waves: u64,
        g_vectors: u64,
        fft: u64,
        kpoints_per_pool: u64,
        pools: u64,
        ranks_per_pool: u64,
    },
    /// mpw and nfft, whole on every process; k-points per process (mkmem) over the processes.
    Abinit {
        plane_waves: u64,
        fft: u64,
        mkmem: u64,
        processes: u64,
    },
    /// Grid points, states, k-points, spin/k-point and band groups over the processes.
    Sparc {
        grid: u64,
        states: u64,
        kpoints: u64,
        groups: u64,
        band_groups: u64,
        processes: u64,
    },
}

/// A part of a DFT process: its term and the run's sizes its explanation names.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PwValues {
    pub term: PwTerm,
    pub shape: PwShape,
}

/// The call chain of m_memeval.F90 whose arrays are alive together at the peak.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AbinitChain {
    MainFourwf,
    MainNonlop,
    Xc,
    Mkrho,
    Fourdp,
    ParallelKpoint,
    Newvtr,
}

/// Blocks of a chain's arrays (of plane waves, grid points or single words) in 4-byte
/// integers and in 8-byte reals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blocks {
    pub words4: u64,
    pub words8: u64,
}

/// A term of ABINIT's estimate, with the numbers its formula shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AbinitTerm {
    /// cg: 16 B × spinor × bands × mpw × mkmem × spins.
    Wavefunctions {
        spinors: u64,
        bands: u64,
        plane_waves: u64,
        mkmem: u64,
        spins: u64,
    },
    /// The chain's other arrays of mpw plane waves.
    PlaneWaveArrays {
        plane_waves: u64,
        blocks: Blocks,
        chain: AbinitChain,
    },
    /// The chain's arrays of nfft grid points, `pulay_arrays` per spin component for mixing.
    GridArrays {
        grid: u64,
        blocks: Blocks,
        chain: AbinitChain,
        pulay_arrays: u64,
    },
    /// The chain's fixed-size arrays: form factors on `qpoints`, per-band data, subspace
    /// matrices of `bands`².
    Fixed {
        blocks: Blocks,
        chain: AbinitChain,
        qpoints: u64,
        bands: u64,
    },
    /// The static residue, (231 + 6·natom) KiB or (991 + natom) KiB with smearing.
    Residue { atoms: u64, smearing: bool },
    /// PAW: the chain's arrays of nfftf fine-grid points (densities, potentials, nhat, XC).
    FineGrid {
        grid: u64,
        blocks: Blocks,
        chain: AbinitChain,
    },
    /// PAW: the usepaw branches' arrays of `atoms` spheres of `sphere_points` fine-grid points
    /// (pawfgrtab's gylm over `l_size`² moments), `lmn_size` projectors (pawrhoij, dij, the
    /// mixing history) and the `cprj` reals of ⟨p|ψ⟩.
    Paw {
        atoms: u64,
        lmn_size: u64,
        sphere_points: u64,
        l_size: u64,
        cprj: u64,
        blocks: Blocks,
        chain: AbinitChain,
    },
}

/// A term of pw.x's report, with the numbers its formula shows (per process of the pool).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PwxTerm {
    /// 16 B × bands × spinor components × plane waves × k-point buffers.
    Wavefunctions {
        bands: u64,
        spinors: u64,
        plane_waves: u64,
        buffers: u64,
    },
    /// The beta projectors in reciprocal space (vkb) and their radial tables (qrad).
    Projectors {
        projectors: u64,
        plane_waves: u64,
        radial_bytes: u64,
    },
    /// ρ, V and their SCF copies in G and real space, then the local potential, core charge
    /// and psic.
    Densities {
        g_vectors: u64,
        grid: u64,
        spins: u64,
        species: u64,
    },
    /// Broyden mixing's history of `iterations` densities and differences.
    Mixing {
        g_vectors: u64,
        spins: u64,
        iterations: u64,
    },
    /// G vectors with their structure factors, and the smooth grid's maps.
    Gvectors {
        g_vectors: u64,
        species: u64,
        smooth: u64,
    },
    /// DFT+U: 16 B × Hubbard states × spinor components × plane waves × k-point buffers.
    Hubbard {
        states: u64,
        spinors: u64,
        plane_waves: u64,
        buffers: u64,
    },
    /// Exact exchange: exxbuff (16 B, halved at Γ, × EXX grid points × spinors × bands ×
    /// (k+q) points), the ACE projectors and evc0 (2 × 16 B × plane waves × spinors × bands ×
    /// k-points), and vexx's result and vc on the EXX grid (2 × 16 B × grid × bands).
    Exx {
        grid: u64,
        spinors: u64,
        bands: u64,
        kq_points: u64,
        plane_waves: u64,
        kpoints: u64,
        gamma: bool,
    },
    /// The largest scratch of the three (four with PAW), in bytes, and what ggen's sort of all
    /// G vectors adds where it sets the peak instead.
    Scratch {
        diagonalisation: u64,
        initial: u64,
        augmentation: u64,
        sort_extra: u64,
        /// PAW_potential's one-centre arrays for one atom (0 without PAW).
        paw: u64,
    },
}

/// A term of SPARC's estimate, with the numbers its formula shows (over all processes, then
/// divided by them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SparcTerm {
    /// Grid points × states × (working copies × spin/k-point groups + spins × k-points) ×
    /// 8 or 16 B; the copies in tenths (2.5 or 5.5).
    Orbitals {
        grid: u64,
        states: u64,
        copies_tenths: u64,
        groups: u64,
        spins: u64,
        kpoints: u64,
        word: u64,
        processes: u64,
    },
    /// Grid vectors of densities, potentials and the mixing history.
    Vectors {
        vectors: u64,
        grid: u64,
        processes: u64,
    },
    /// Three states² matrices per domain process.
    Subspace {
        domain: u64,
        states: u64,
        processes: u64,
    },
    /// 10 % of the listed arrays' bytes.
    Other { listed_bytes: u64, processes: u64 },
}
