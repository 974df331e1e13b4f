//! One component per file; components only bind signals and display what the core computed.

mod breakdown_chart;
mod derived_answers;
mod field_input;
mod preset_picker;
mod query_notices;
mod results_table;
mod scenario_form;
mod verdict;

pub use breakdown_chart::BreakdownChart;
pub use derived_answers::DerivedAnswers;
pub use field_input::FieldInput;
pub use preset_picker::PresetPicker;
pub use query_notices::QueryNotices;
pub use results_table::ResultsTable;
pub use scenario_form::ScenarioForm;
pub use verdict::Verdict;
