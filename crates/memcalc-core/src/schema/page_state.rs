//! The calculator page's state and its transitions, as leptos' todomvc keeps `Todos`: the form's
//! raw text, the preset it started from, the link's notices and the "no estimate" note, changed
//! only through the methods below (pick a preset, import a config.json, apply a suggestion,
//! start over, follow the browser's history). The page wires signals to it; native tests
//! (`tests/page_state.rs`) read every transition the page makes.

use crate::catalog::arch::Arch;
use crate::scenario::sciml::ModelKind;
use crate::scenario::sim::Method;
use crate::scenario::{Mode, Scenario};
use crate::schema::fields::FieldId;
use crate::schema::inputs::Inputs;
use crate::schema::page::PageOptions;
use crate::schema::presets::Preset;
use crate::schema::url::Notice;

/// What the page holds besides its display options (units, theme, the scaling chart's axis).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PageState {
    inputs: Inputs,
    preset: Option<&'static Preset>,
    notices: Vec<Notice>,
    no_estimate: Option<String>,
    /// Fields the embedding page fixed (`lock=` and what it implies): a preset keeps them.
    locked: Vec<FieldId>,
    /// Whether the next address written is a history entry of its own: deliberate changes (a
    /// preset, an import, a suggestion, starting over) add one; typing replaces the current.
    push_next: bool,
}

impl PageState {
    /// The state a link opens, with the page options it names. Every notice of the link (its
    /// inputs' and its page keys') is shown.
    pub fn from_query(query: &str) -> (PageState, PageOptions) {
        let (inputs, mut notices) = Inputs::from_query(query);
        let (mut options, page_notices) = PageOptions::from_query(query);
        notices.extend(page_notices);
        notices.extend(options.check_kept());
        let state = PageState {
            inputs,
            preset: options.preset,
            notices,
            // A preset the link names but this version does not know: the figures are no
            // estimate of the link (its other values change that preset), said under a stale
            // verdict until a preset is chosen or the notice dismissed.
            no_estimate: options.no_estimate_note(),
            locked: options.locked_fields(),
            push_next: false,
        };
        (state, options)
    }

    /// Raw text of every field, as typed or as the link carried it.
    pub fn inputs(&self) -> &Inputs {
        &self.inputs
    }

    /// The preset the state started from, if any.
    pub fn preset(&self) -> Option<&'static Preset> {
        self.preset
    }

    /// What was wrong with the link (unknown or repeated keys, bad page values).
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    /// Why the figures are no estimate of the link (an unknown preset), while it stands.
    pub fn no_estimate(&self) -> Option<&str> {
        self.no_estimate.as_deref()
    }

    /// Fields the embedding page fixed.
    pub fn locked(&self) -> &[FieldId] {
        &self.locked
    }

    /// Whether the next address written adds a history entry.
    pub fn push_next(&self) -> bool {
        self.push_next
    }

    /// Whether the next address written adds a history entry, and from then on it does not
    /// (the address was written).
    pub fn take_push(&mut self) -> bool {
        std::mem::take(&mut self.push_next)
    }

    /// A keystroke or a choice in the form: one field and what follows from it
    /// ([`Inputs::change`]). Typing replaces the history entry.
    pub fn change(&mut self, key: FieldId, value: String) {
        self.inputs.change(key, value);
    }

    /// Starts from a preset: its values, except the fields the embedding page fixed, which keep
    /// theirs. An unknown preset's note goes (a preset is chosen).
    pub fn pick_preset(&mut self, p: &'static Preset) {
        let mut next = Inputs::from_query(p.query).0;
        for &k in &self.locked {
            next.set(k, self.inputs.get(k).to_string());
        }
        self.inputs = next;
        self.preset = Some(p);
        self.no_estimate = None;
        self.push_next = true;
    }

    /// A config.json's architecture into the architecture fields ([`Inputs::set_arch`]).
    pub fn import(&mut self, arch: &Arch) {
        self.inputs.set_arch(arch);
        self.push_next = true;
    }

    /// A config.json read in full: its architecture, and the weight format its checkpoint
    /// ships in (`quantization_config`), when it names one.
    pub fn import_config(&mut self, imported: &crate::schema::hf_config::Imported) {
        self.import(&imported.arch);
        if let Some(q) = imported.quant {
            self.inputs.set(
                crate::schema::fields::FieldId::Quant,
                crate::base::choice::Choice::id(q),
            );
        }
    }

    /// A suggestion, a layout or a calibration: each (key, raw text) set as given.
    pub fn apply<V: Into<String>>(&mut self, patch: impl IntoIterator<Item = (FieldId, V)>) {
        for (k, v) in patch {
            self.inputs.set(k, v);
        }
        self.push_next = true;
    }

    /// "Start over": every field at its default, no preset, no notice.
    pub fn reset(&mut self) {
        self.inputs = Inputs::default();
        self.preset = None;
        self.no_estimate = None;
        self.notices.clear();
        self.push_next = true;
    }

    /// The notices dismissed, the "no estimate" note with them.
    pub fn dismiss_notices(&mut self) {
        self.notices.clear();
        self.no_estimate = None;
    }

    /// The browser went back or forward to `query`: its inputs, preset and note, and its
    /// inputs' notices; returns its page options (for the units and the scaling chart). The
    /// locks stay (an embed never follows the history), and so does a pending history entry.
    pub fn read_query(&mut self, query: &str) -> PageOptions {
        let (inputs, notices) = Inputs::from_query(query);
        let (mut options, _) = PageOptions::from_query(query);
        options.check_kept();
        self.inputs = inputs;
        self.notices = notices;
        self.preset = options.preset;
        self.no_estimate = options.no_estimate_note();
        options
    }

    /// The scenario in force when the page opens with this state: the inputs' own, else, while
    /// a field is invalid, the lenient reading's (each invalid field at its base value), else
    /// the default — what the page's `scenario` memo holds at mount (src/app.rs), which has no
    /// earlier scenario to keep.
    pub fn scenario(&self) -> Scenario {
        self.inputs.parse().unwrap_or_else(|_| {
            self.inputs
                .parse_lenient(self.preset)
                .scenario
                .unwrap_or_default()
        })
    }

    /// The page's link when it opens `query`: the state's scenario under its preset, then the
    /// page options — the app's `link` memo at mount (src/app.rs). The core worker answers this
    /// link's time while the app downloads (crates/memcalc-worker), so the app's first time
    /// request finds it ready.
    pub fn start_link(query: &str) -> String {
        let (state, options) = PageState::from_query(query);
        format!(
            "{}{}",
            state.scenario().link(state.preset),
            options.query_suffix()
        )
    }

    /// The mode typed, even while another field is invalid (it decides which fields show);
    /// `scenario`'s (the one in force) when the text is not a mode.
    pub fn mode(&self, scenario: &Scenario) -> Mode {
        self.typed(FieldId::Mode).unwrap_or(scenario.mode)
    }

    /// The network family typed, else `scenario`'s.
    pub fn model(&self, scenario: &Scenario) -> ModelKind {
        self.typed(FieldId::Model).unwrap_or(scenario.sciml.model)
    }

    /// The simulation method typed, else `scenario`'s.
    pub fn method(&self, scenario: &Scenario) -> Method {
        self.typed(FieldId::Method).unwrap_or(scenario.sim.method)
    }

    fn typed<C: crate::base::choice::Choice>(&self, id: FieldId) -> Option<C> {
        C::parse(self.inputs.get(id)).ok()
    }
}
