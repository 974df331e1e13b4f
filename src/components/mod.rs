//! One component per file; components only bind signals and display what the core computed.

mod breakdown_chart;
mod check_panel;
mod compare_view;
mod config_import;
mod derived_answers;
mod display_controls;
mod faq;
mod field_input;
mod framework_implied;
mod launch_settings;
mod layout_search;
mod log_paste;
mod mobile_summary;
// The planner on the page (issue 41).
mod plan_panel;
mod preset_picker;
mod query_notices;
mod results_table;
mod scaling_chart;
mod scenario_form;
mod share_panel;
mod site_header;
mod speed_line;
// Memory over one step (issue 42).
mod timeline_chart;
mod verdict;

pub use breakdown_chart::BreakdownChart;
pub use check_panel::CheckPanel;
pub use compare_view::CompareView;
pub use config_import::ConfigImport;
pub use derived_answers::DerivedAnswers;
pub use display_controls::DisplayControls;
pub use faq::Faq;
pub use field_input::FieldInput;
pub use framework_implied::FrameworkImplied;
pub use launch_settings::{LaunchSettings, RowLaunch};
pub use layout_search::LayoutSearch;
pub use log_paste::LogPaste;
pub use mobile_summary::MobileSummary;
pub use plan_panel::PlanPanel;
pub use preset_picker::PresetPicker;
pub use query_notices::QueryNotices;
pub use results_table::ResultsTable;
pub use scaling_chart::ScalingChart;
pub use scenario_form::ScenarioForm;
pub use share_panel::SharePanel;
pub use site_header::SiteHeader;
pub use speed_line::SpeedLine;
pub use timeline_chart::TimelineChart;
pub use verdict::Verdict;
