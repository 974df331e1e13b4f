//! The named values of simulation parts' formulas, one variant per template
//! (`explain::parts::sim` writes their text).

/// A simulation part's values.
#[derive(Debug, Clone, PartialEq)]
pub enum SimValues {}
