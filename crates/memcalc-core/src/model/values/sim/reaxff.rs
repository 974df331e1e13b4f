//! The values of ReaxFF's parts.

use crate::scenario::sim::*;

/// A ReaxFF part's values.
#[derive(Debug, Clone, PartialEq)]
pub enum ReaxPart {
    Bonds(ReaxBonds),
    Qeq(ReaxQeq),
}

/// The bond list, the lists sized by it and the per-atom system arrays.
#[derive(Debug, Clone, PartialEq)]
pub struct ReaxBonds {
    pub bond_slots: u64,
    /// Bytes per bond slot (all lists counted per slot).
    pub slot_bytes: u64,
    pub atom_capacity: u64,
    /// Bytes per unit of atom capacity.
    pub capacity_bytes: u64,
    /// Local and ghost atoms.
    pub atoms: u64,
    /// Slots per atom: max(2 × bond partners, 25).
    pub slots_per_atom: u64,
    pub bonds: u64,
    pub safezone_milli: u64,
    pub version: ReaxVersion,
}

/// fix qeq/reaxff: per-atom vectors and the sparse H matrix.
#[derive(Debug, Clone, PartialEq)]
pub struct ReaxQeq {
    pub allocated: u64,
    pub rows: u64,
    pub entries: u64,
}
