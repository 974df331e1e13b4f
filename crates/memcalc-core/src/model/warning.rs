//! What an estimate warns about, as named values: the words are written by
//! `explain::warnings`, only when a warning is shown or exported.

use crate::catalog::precision::Dtype;

/// Diamond's atoms per bohr³ in ten-thousandths: 3.515 g/cm³ ÷ 12.011 g/mol × N_A = 0.1762
/// atoms per Å³ = 0.0261 per bohr³. A cell twice as dense is warned about.
pub const DIAMOND_E4: u64 = 261;

/// The least volume per atom, in thousandths of a bohr³, of a solid other than the densest few:
/// 7.0 Å³ × 6.748 bohr³/Å³ = 47.238 bohr³. From densities (CRC Handbook of Chemistry and
/// Physics) over molar masses: diamond 12.011 ÷ 3.515 g/cm³ is 5.67 Å³ an atom, cubic boron
/// nitride 24.82 ÷ (2 × 3.48) 5.92, BeO 25.01 ÷ (2 × 3.01) 6.90; every other element's solid
/// takes more (boron 10.81 ÷ 2.34: 7.67; beryllium 8.11; nickel 10.9; copper 11.8; silicon
/// 20.0). A cell tighter than this holds atoms it has no room for, unless it is one of those.
pub const CROWDED_ATOM_MILLI: u64 = 47_238;

/// One warning of an estimate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Warning {
    /// No architecture was given: the shape of the released model nearest to the count.
    AssumedModel {
        model: &'static str,
        layers: u64,
        hidden: u64,
        heads: u64,
        kv_heads: u64,
        params: u64,
    },
    /// No architecture was given and no released model is near: a typical shape.
    AssumedShape {
        layers: u64,
        hidden: u64,
        heads: u64,
        params: u64,
    },
    /// The given parameter count is more than 1 % from the architecture's.
    ParamsDiffer {
        given: u64,
        derived: u64,
    },
    /// The sequence is longer than the model's trained context.
    BeyondContext {
        seq: u64,
        context: u64,
    },
    /// Training in a 16- or 8-bit format without FP32 master weights.
    PureLowPrecision {
        dtype: Dtype,
    },
    LoraInPretraining,
    QuantInTraining,
    ZeroWithOneRank,
    SequenceParallelWithoutTp,
    SparseStoredDensely,
    /// CSR storage at this sparsity (hundredths of a per cent) is larger than dense.
    CsrLargerThanDense {
        sparsity_bp: u64,
    },
    OffloadWithoutHostMem,
    /// Simulations: fewer ranks than nodes.
    IdleNodes,
    /// CPU simulations: the ranks on a node times their threads ask for more cores than the
    /// node has (oversubscription: ranks share cores and wait for one another).
    Oversubscribed {
        per_node: u64,
        threads: u64,
        cores: u64,
    },
    /// Simulations: a grid without ghost layers.
    NoGhostLayers,
    /// N-body: the busiest task's arrays need more than the MaxMemSize it is given (MiB).
    MaxMemSizeTooSmall {
        needed_mib: u64,
        given_mib: u64,
    },
    /// Plane-wave DFT: more atoms per volume than twice the densest solid (diamond) holds,
    /// as when the atoms grow and the cell volume stays; volume in thousandths of a bohr³.
    DenseCell {
        atoms: u64,
        volume_milli: u64,
    },
    /// Plane-wave DFT: less volume per atom than any solid but diamond, cubic BN and BeO
    /// takes ([`CROWDED_ATOM_MILLI`]), yet not twice diamond's density: atoms added to a cell
    /// that kept its volume (200 atoms in the 64-atom silicon cell), or one of those solids.
    CrowdedCell {
        atoms: u64,
        volume_milli: u64,
    },
    /// Plane-wave DFT: fewer bands than one valence electron per atom would fill.
    FewBands {
        bands: u64,
        atoms: u64,
        needed: u64,
    },
}
