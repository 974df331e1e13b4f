//! The named values of neural parts' formulas, one variant per template
//! (`explain::parts::neural` writes their text).

/// A neural part's values.
#[derive(Debug, Clone, PartialEq)]
pub enum NeuralValues {}
