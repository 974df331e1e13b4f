//! Words over numbers: the FAQ and the wording that depends on the mode.

pub mod busiest;
pub mod faq;
pub mod parts;
pub mod serving;
pub mod speed;
pub mod warnings;
pub mod wording;
