//! How the page shows a calculation, carried by the link beside the scenario: units, the
//! preset it started from, and the embed options (`embed`, `show`, `lock`, `theme`).

use crate::base::choice::suggestion;
use crate::base::units::UnitSystem;
use crate::scenario::Scenario;
use crate::schema::fields::{FieldId, Group};
use crate::schema::presets::{preset_by_id, Preset};
use crate::schema::url::{pairs, percent_encode, Notice};

/// A part of the calculator that `show=` can pick, declared once with its key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Part {
    Form,
    Verdict,
    Chart,
    Advice,
    Scaling,
    Table,
    Explanations,
    Faq,
    Share,
    /// The form's "Check against a measurement" group: its own part, so that `show=form` in an
    /// embed is the scenario's inputs only (issue 39). Last, so `show=` lists written before it
    /// keep their bytes.
    Check,
    /// Memory over one step (issue 42): the timeline chart beside the breakdown. After
    /// `check`, so `show=` lists written before it keep their bytes.
    Timeline,
}

impl Part {
    /// Every part, in the order `show=` writes them.
    pub const ALL: [Part; 11] = [
        Part::Form,
        Part::Verdict,
        Part::Chart,
        Part::Advice,
        Part::Scaling,
        Part::Table,
        Part::Explanations,
        Part::Faq,
        Part::Share,
        Part::Check,
        Part::Timeline,
    ];

    /// The part's key in `show=`.
    pub fn id(self) -> &'static str {
        match self {
            Part::Form => "form",
            Part::Verdict => "verdict",
            Part::Chart => "chart",
            Part::Advice => "advice",
            Part::Scaling => "scaling",
            Part::Table => "table",
            Part::Explanations => "explanations",
            Part::Faq => "faq",
            Part::Share => "share",
            Part::Check => "check",
            Part::Timeline => "timeline",
        }
    }

    /// The part a key names (exactly as written: `show=` has always been case-sensitive).
    pub fn from_id(id: &str) -> Option<Part> {
        Part::ALL.into_iter().find(|p| p.id() == id)
    }

    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// A set of [`Part`]s: what a page shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Parts(u16);

impl Parts {
    /// Every part (the page without `show=`).
    pub const ALL: Parts = Parts((1 << Part::ALL.len()) - 1);
    pub const NONE: Parts = Parts(0);

    pub const fn contains(self, p: Part) -> bool {
        self.0 & p.bit() != 0
    }

    /// This set with `p` added (`on`) or removed.
    pub const fn with(self, p: Part, on: bool) -> Parts {
        if on {
            Parts(self.0 | p.bit())
        } else {
            Parts(self.0 & !p.bit())
        }
    }

    /// The parts of the set, in [`Part::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = Part> {
        Part::ALL.into_iter().filter(move |p| self.contains(*p))
    }
}

impl Default for Parts {
    fn default() -> Self {
        Parts::ALL
    }
}

/// A colour theme asked for by the link (embeds follow their host page).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Theme {
    /// Follow `prefers-color-scheme` (or the visitor's own choice).
    #[default]
    Auto,
    Light,
    Dark,
}

impl Theme {
    /// Every theme, in the order the page offers them.
    pub const ALL: [Theme; 3] = [Theme::Auto, Theme::Light, Theme::Dark];

    /// The theme's key in `theme=` (and in the visitor's saved choice).
    pub fn id(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The theme a key names, exactly as written.
    pub fn from_id(id: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.id() == id)
    }
}

/// What the scaling chart plots (`scaling_y`): memory per device (the default), the time per
/// step, or the parallel efficiency (simulations over nodes). In JSON (the time wasm's answer)
/// as its `id()`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScalingY {
    #[default]
    Memory,
    Time,
    Efficiency,
}

impl ScalingY {
    pub const ALL: [ScalingY; 3] = [ScalingY::Memory, ScalingY::Time, ScalingY::Efficiency];

    /// The value of `scaling_y`.
    pub fn id(self) -> &'static str {
        match self {
            ScalingY::Memory => "memory",
            ScalingY::Time => "time",
            ScalingY::Efficiency => "efficiency",
        }
    }

    /// The option as the chart's control names it.
    pub fn label(self) -> &'static str {
        match self {
            ScalingY::Memory => "Memory",
            ScalingY::Time => "Time per step",
            ScalingY::Efficiency => "Parallel efficiency",
        }
    }

    pub fn from_id(id: &str) -> Option<ScalingY> {
        ScalingY::ALL.into_iter().find(|y| y.id() == id)
    }
}

/// What locking one field fixes beside it: the fields listed and every field of a group.
#[derive(Debug, Clone, Copy)]
pub struct LockRule {
    /// The field named in `lock=`.
    pub key: FieldId,
    /// The fields it fixes too.
    pub fields: &'static [FieldId],
    /// A form group whose every field it fixes too.
    pub group: Option<Group>,
}

/// A released model is its architecture, and its parameter count names the same model: locking
/// either fixes the other, the network family and every shape field. Without this a reader
/// turned a "locked" Llama 3.1 8B into 18.5 B parameters through its layers (issue 29).
pub const LOCK_RULES: &[LockRule] = &[
    LockRule {
        key: FieldId::ModelId,
        fields: &[FieldId::Params, FieldId::Model],
        group: Some(Group::Architecture),
    },
    LockRule {
        key: FieldId::Params,
        fields: &[FieldId::ModelId, FieldId::Model],
        group: Some(Group::Architecture),
    },
];

/// The locks the embed dialog offers, in its order; each is offered where it applies.
pub const LOCK_CHOICES: &[FieldId] = &[
    FieldId::Mode,
    FieldId::ModelId,
    FieldId::Params,
    FieldId::Gpu,
    FieldId::Dtype,
    FieldId::Engine,
    FieldId::Batch,
    FieldId::Seq,
    FieldId::Particles,
    FieldId::Nx,
    FieldId::Atoms,
    FieldId::Ranks,
    FieldId::Nodes,
];

/// The lock choices that matter for this scenario (its mode, method and network family).
pub fn lock_choices(s: &Scenario) -> Vec<FieldId> {
    LOCK_CHOICES
        .iter()
        .copied()
        .filter(|id| id.field().applies_to(s.mode, s.sim.method, s.sciml.model))
        .collect()
}

/// Every field that locking `id` fixes: itself and what [`LOCK_RULES`] adds.
pub fn lock_implies(id: FieldId) -> Vec<FieldId> {
    let mut out = vec![id];
    for rule in LOCK_RULES.iter().filter(|r| r.key == id) {
        let group = crate::schema::fields::FIELDS
            .iter()
            .filter(|f| Some(f.group) == rule.group)
            .map(|f| f.id);
        for other in rule.fields.iter().copied().chain(group) {
            if !out.contains(&other) {
                out.push(other);
            }
        }
    }
    out
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageOptions {
    pub units: UnitSystem,
    pub preset: Option<&'static Preset>,
    /// A `preset=` id this version does not know, as given: an input error, never read as
    /// another preset or the defaults ([`crate::schema::presets::unknown_preset`]).
    pub unknown_preset: Option<String>,
    pub embed: bool,
    /// The parts shown.
    pub show: Parts,
    /// Fields the embedding page named in `lock=` (written back as named; [`Self::locked_fields`]
    /// adds what they imply).
    pub lock: Vec<FieldId>,
    pub theme: Theme,
    /// What the scaling chart plots.
    pub scaling_y: ScalingY,
    /// Setups kept for comparison with the form (`cmp=`, issue 41): each a canonical query of
    /// its own schema version, at most [`MAX_PINNED`]; one that does not read is left out with
    /// a notice naming it.
    pub compare: Vec<String>,
    /// The planner's goal (issue 41): each `plan_*` key with its value as given, raw text kept
    /// (the time wasm reads and checks them, `analysis::plan::Goal::from_query`), in the order
    /// of [`crate::schema::query::PLAN_KEYS`]; an empty value is no key.
    pub plan: Vec<(String, String)>,
}

/// Setups a link keeps beside the form's: with the form, a comparison's four columns
/// (`crate::analysis::compare::MAX_COLUMNS`).
pub const MAX_PINNED: usize = 3;

/// Whether the form's setup (`query`, canonical) can join the kept ones: the comparison has room
/// and does not hold it already.
pub fn can_pin(kept: &[String], query: &str) -> bool {
    kept.len() < MAX_PINNED && !kept.iter().any(|q| q == query)
}

/// Keeps the form's setup for comparison; false where [`can_pin`] says it cannot join.
pub fn pin(kept: &mut Vec<String>, query: &str) -> bool {
    let ok = can_pin(kept, query);
    if ok {
        kept.push(query.to_string());
    }
    ok
}

/// Keeps the setup `s` with `patch` applied — a suggestion or a layout row's "Compare" (issue
/// 41) — beside the form; false where it does not read or cannot be kept ([`can_pin`]).
pub fn pin_patched(kept: &mut Vec<String>, s: &Scenario, patch: &[(FieldId, String)]) -> bool {
    match crate::schema::inputs::Inputs::from_scenario(s).patched(patch) {
        Some(c) => pin(kept, &c.to_query()),
        None => false,
    }
}

/// Lets kept setup `i` go.
pub fn unpin(kept: &mut Vec<String>, i: usize) {
    if i < kept.len() {
        kept.remove(i);
    }
}

/// A kept setup, read as a link (its own `v=`): its canonical query, or why it does not read.
pub fn pinned_setup(query: &str) -> Result<String, String> {
    let (inputs, notices) = crate::schema::inputs::Inputs::from_query(query);
    if let Some(n) = notices.first() {
        return Err(n.message.clone());
    }
    let (page, _) = PageOptions::from_query_shallow(query);
    if let Some(p) = page.unknown_preset {
        return Err(crate::schema::presets::unknown_preset(&p));
    }
    match inputs.parse() {
        Ok(s) => Ok(s.to_query()),
        Err(errors) => Err(errors
            .into_iter()
            .map(|e| e.message)
            .collect::<Vec<_>>()
            .join("; ")),
    }
}

impl Default for PageOptions {
    fn default() -> Self {
        PageOptions {
            units: UnitSystem::Binary,
            preset: None,
            unknown_preset: None,
            embed: false,
            show: Parts::ALL,
            lock: Vec::new(),
            theme: Theme::Auto,
            scaling_y: ScalingY::Memory,
            compare: Vec::new(),
            plan: Vec::new(),
        }
    }
}

impl PageOptions {
    pub fn shows(&self, part: Part) -> bool {
        self.show.contains(part)
    }

    /// Whether the field is fixed: named in `lock=` or implied by a field that is.
    pub fn locked(&self, id: FieldId) -> bool {
        self.locked_fields().contains(&id)
    }

    /// Every field the page fixes: those `lock=` names and those they imply ([`LOCK_RULES`]).
    pub fn locked_fields(&self) -> Vec<FieldId> {
        let mut out = Vec::new();
        for id in self.lock.iter().flat_map(|&id| lock_implies(id)) {
            if !out.contains(&id) {
                out.push(id);
            }
        }
        out
    }

    /// Reads the page keys of a link; anything it cannot use becomes a notice.
    pub fn from_query(input: &str) -> (PageOptions, Vec<Notice>) {
        let (mut o, mut notices) = PageOptions::from_query_shallow(input);
        // The kept setups as given (read by [`Self::check_kept`]: the first screen does not
        // show them, and its small wasm carries no canonical writer).
        let given: Vec<String> = pairs(input)
            .into_iter()
            .filter(|(k, _)| k == "cmp")
            .map(|(_, v)| v)
            .collect();
        if given.len() > MAX_PINNED {
            notices.push(Notice {
                key: "cmp".into(),
                message: format!(
                    "A comparison holds the form and at most {MAX_PINNED} kept setups; this link keeps {}, so the last {} were left out.",
                    given.len(),
                    given.len() - MAX_PINNED
                ),
            });
        }
        o.compare = given.into_iter().take(MAX_PINNED).collect();
        o.plan = plan_keys(input);
        (o, notices)
    }

    /// Reads each kept setup as the link it was (its own `v=`): the good ones stay, written
    /// canonically; each bad one is left out, named in a notice.
    pub fn check_kept(&mut self) -> Vec<Notice> {
        let mut notices = Vec::new();
        let given = std::mem::take(&mut self.compare);
        for (i, q) in given.iter().enumerate() {
            match pinned_setup(q) {
                Ok(q) => self.compare.push(q),
                Err(e) => notices.push(Notice {
                    key: "cmp".into(),
                    message: format!(
                        "Kept setup {} of this link was left out of the comparison: {e}",
                        i + 1
                    ),
                }),
            }
        }
        notices
    }

    /// Every page key but the kept setups (a kept setup's own page keys are not read).
    fn from_query_shallow(input: &str) -> (PageOptions, Vec<Notice>) {
        let mut o = PageOptions::default();
        let mut notices = Vec::new();
        let mut note = |key: &str, message: String| {
            notices.push(Notice {
                key: key.to_string(),
                message,
            })
        };
        for (key, value) in pairs(input) {
            let v = value.trim();
            match key.as_str() {
                "units" => match v {
                    "binary" | "gib" => o.units = UnitSystem::Binary,
                    "decimal" | "gb" => o.units = UnitSystem::Decimal,
                    _ => note(
                        "units",
                        format!(
                            "units= takes binary (GiB) or decimal (GB){}; binary is used.",
                            suggestion(v, ["binary", "decimal"].into_iter())
                        ),
                    ),
                },
                "preset" => match preset_by_id(v) {
                    Some(p) => {
                        o.preset = Some(p);
                        o.unknown_preset = None;
                    }
                    // An empty `preset=` names none: the defaults are the base, as always.
                    None if v.is_empty() => o.preset = None,
                    None => {
                        o.preset = None;
                        o.unknown_preset = Some(v.to_string());
                        note("preset", crate::schema::presets::unknown_preset(v));
                    }
                },
                "embed" => o.embed = matches!(v, "1" | "true" | "on"),
                "theme" => match Theme::from_id(v) {
                    Some(t) => o.theme = t,
                    None if v.is_empty() => o.theme = Theme::Auto,
                    None => note(
                        "theme",
                        format!(
                            "theme= takes light, dark or auto{}.",
                            suggestion(v, Theme::ALL.into_iter().map(Theme::id))
                        ),
                    ),
                },
                "show" => {
                    o.show = Parts::NONE;
                    for part in v.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                        match Part::from_id(part) {
                            Some(p) => o.show = o.show.with(p, true),
                            None => note(
                                "show",
                                format!(
                                    "show= has no part '{}'; the parts are {}{}.",
                                    part.chars().take(20).collect::<String>(),
                                    Part::ALL.map(Part::id).join(", "),
                                    suggestion(part, Part::ALL.into_iter().map(Part::id))
                                ),
                            ),
                        }
                    }
                    if o.show == Parts::NONE {
                        o.show = Parts::ALL;
                    }
                }
                "scaling_y" => match ScalingY::from_id(v) {
                    Some(y) => o.scaling_y = y,
                    None => note(
                        "scaling_y",
                        format!(
                            "scaling_y= takes memory, time or efficiency{}; memory is used.",
                            suggestion(v, ScalingY::ALL.into_iter().map(ScalingY::id))
                        ),
                    ),
                },
                "lock" => {
                    for k in v.split(',').map(str::trim).filter(|k| !k.is_empty()) {
                        match FieldId::from_key(k) {
                            Some(id) if !o.lock.contains(&id) => o.lock.push(id),
                            Some(_) => {}
                            None => note(
                                "lock",
                                format!(
                                    "lock= names '{}', which is not a parameter{}.",
                                    k.chars().take(20).collect::<String>(),
                                    suggestion(
                                        k,
                                        crate::schema::fields::FIELDS.iter().map(|f| f.key)
                                    )
                                ),
                            ),
                        }
                    }
                }
                _ => {}
            }
        }
        (o, notices)
    }

    /// While the link names a preset this version does not know: why there is no estimate (the
    /// page shows no figures, only this, until a preset is chosen or the notice dismissed: the
    /// defaults' figures would be another scenario's).
    pub fn no_estimate_note(&self) -> Option<String> {
        self.unknown_preset.as_ref().map(|id| {
            format!(
                "No estimate for this link: {}. Choose a preset, or dismiss the notice to start from the defaults.",
                crate::schema::presets::unknown_preset(id)
            )
        })
    }

    /// The page keys that differ from the defaults, each as `&key=value`, in a fixed order.
    pub fn query_suffix(&self) -> String {
        let mut out = String::new();
        if self.units == UnitSystem::Decimal {
            out.push_str("&units=decimal");
        }
        if self.embed {
            out.push_str("&embed=1");
        }
        if self.show != Parts::ALL {
            let parts: Vec<&str> = self.show.iter().map(Part::id).collect();
            out.push_str("&show=");
            out.push_str(&parts.join(","));
        }
        if !self.lock.is_empty() {
            out.push_str("&lock=");
            let keys: Vec<&str> = self.lock.iter().map(|id| id.key()).collect();
            out.push_str(&keys.join(","));
        }
        if self.theme != Theme::Auto {
            out.push_str("&theme=");
            out.push_str(self.theme.id());
        }
        if self.scaling_y != ScalingY::Memory {
            out.push_str("&scaling_y=");
            out.push_str(self.scaling_y.id());
        }
        for q in &self.compare {
            out.push_str("&cmp=");
            out.push_str(&percent_encode(q));
        }
        for (k, v) in &self.plan {
            out.push_str(&format!("&{k}={}", percent_encode(v)));
        }
        out
    }
}

// ---- The planner's goal on the page (issue 41) ----

/// The `plan_*` keys of `query` with their values as given (the last of a repeated key), in
/// the order of [`crate::schema::query::PLAN_KEYS`]; empty values left out.
pub fn plan_keys(query: &str) -> Vec<(String, String)> {
    let given = pairs(query);
    crate::schema::query::PLAN_KEYS
        .iter()
        .filter_map(|k| {
            let v = given.iter().rev().find(|(key, _)| key == k)?.1.clone();
            (!v.trim().is_empty()).then(|| (k.to_string(), v))
        })
        .collect()
}

/// Sets goal key `key` to `value` as typed (an empty value removes it), keeping
/// [`crate::schema::query::PLAN_KEYS`]' order.
pub fn set_plan_key(plan: &mut Vec<(String, String)>, key: &str, value: &str) {
    plan.retain(|(k, _)| k != key);
    if !value.trim().is_empty() {
        plan.push((key.to_string(), value.to_string()));
    }
    let rank = |k: &str| {
        crate::schema::query::PLAN_KEYS
            .iter()
            .position(|p| *p == k)
            .unwrap_or(usize::MAX)
    };
    plan.sort_by_key(|(k, _)| rank(k));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_goal_keys_are_kept_as_typed_and_written_back() {
        let (o, _) =
            PageOptions::from_query("params=7B&plan_deadline_h=72&plan_tokens=20B&plan_price=");
        assert_eq!(
            o.plan,
            vec![
                ("plan_tokens".to_string(), "20B".to_string()),
                ("plan_deadline_h".to_string(), "72".to_string())
            ]
        );
        assert_eq!(o.query_suffix(), "&plan_tokens=20B&plan_deadline_h=72");
        let mut p = o.plan.clone();
        set_plan_key(&mut p, "plan_steps", "1e3 x");
        set_plan_key(&mut p, "plan_tokens", "");
        assert_eq!(
            p,
            vec![
                ("plan_steps".to_string(), "1e3 x".to_string()),
                ("plan_deadline_h".to_string(), "72".to_string())
            ]
        );
        let o = PageOptions {
            plan: p,
            ..PageOptions::default()
        };
        assert_eq!(o.query_suffix(), "&plan_steps=1e3%20x&plan_deadline_h=72");
        assert_eq!(PageOptions::from_query(&o.query_suffix()).0.plan, o.plan);
    }

    #[test]
    fn kept_setups_are_read_written_and_the_bad_ones_named() {
        let a = &format!("v={}&gpus=8&zero=3", crate::schema::url::SCHEMA_VERSION);
        let link = format!("v=3&params=7B&cmp={}", percent_encode(a));
        let read = |q: &str| {
            let (mut o, mut notices) = PageOptions::from_query(q);
            notices.extend(o.check_kept());
            (o, notices)
        };
        let (o, notices) = read(&link);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(o.compare, std::slice::from_ref(a));
        assert_eq!(o.query_suffix(), format!("&cmp={}", percent_encode(a)));
        // A bad one is named and left out; the good ones stay.
        let bad = format!(
            "{link}&cmp={}&cmp={}",
            percent_encode("v=3&params=7B&dtyp=bf16"),
            percent_encode("v=3&params=13B")
        );
        let (o, notices) = read(&bad);
        let b = format!("v={}&params=13B", crate::schema::url::SCHEMA_VERSION);
        assert_eq!(o.compare, [a.clone(), b]);
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert!(
            notices[0].message.starts_with(
                "Kept setup 2 of this link was left out of the comparison: Unknown parameter 'dtyp'"
            ),
            "{notices:?}"
        );
        // At most three beside the form.
        let many = format!("{link}{}", "&cmp=v%3D3%26params%3D1B".repeat(4));
        let (o, notices) = read(&many);
        assert_eq!(o.compare.len(), MAX_PINNED);
        assert!(notices.iter().any(|n| n
            .message
            .contains("at most 3 kept setups; this link keeps 5")));
    }

    #[test]
    fn pinning_keeps_each_setup_once_and_at_most_three() {
        let mut kept = Vec::new();
        assert!(pin(&mut kept, "v=3&params=1B"));
        assert!(!pin(&mut kept, "v=3&params=1B"));
        assert!(pin(&mut kept, "v=3&params=2B") && pin(&mut kept, "v=3&params=3B"));
        assert!(!can_pin(&kept, "v=3&params=4B"));
        assert!(!pin(&mut kept, "v=3&params=4B"));
        unpin(&mut kept, 0);
        assert_eq!(kept, ["v=3&params=2B", "v=3&params=3B"]);
        unpin(&mut kept, 9);
        assert_eq!(kept.len(), 2);
    }

    #[test]
    fn each_part_is_read_and_written_by_its_key() {
        for p in Part::ALL {
            assert_eq!(Part::from_id(p.id()), Some(p));
            let (o, notices) = PageOptions::from_query(&format!("show={}", p.id()));
            assert!(notices.is_empty(), "{notices:?}");
            assert_eq!(o.show.iter().collect::<Vec<_>>(), [p]);
            assert_eq!(o.query_suffix(), format!("&show={}", p.id()));
        }
        // Keys are matched as written, as they always were.
        assert_eq!(Part::from_id("Chart"), None);
    }

    #[test]
    fn a_set_of_parts_adds_and_removes_one_part() {
        let no_share = Parts::ALL.with(Part::Share, false);
        assert!(!no_share.contains(Part::Share));
        assert_eq!(no_share.iter().count(), Part::ALL.len() - 1);
        assert_eq!(no_share.with(Part::Share, true), Parts::ALL);
        assert_eq!(Parts::default(), Parts::ALL);
    }

    #[test]
    fn the_measurement_check_is_its_own_part_not_implied_by_the_form() {
        let (o, notices) = PageOptions::from_query("show=form,verdict");
        assert!(notices.is_empty(), "{notices:?}");
        assert!(o.shows(Part::Form) && !o.shows(Part::Check));
        let (o, _) = PageOptions::from_query("show=form,verdict,check");
        assert!(o.shows(Part::Check));
        // Without show= every part is shown, the check among them.
        assert!(PageOptions::default().shows(Part::Check));
        // A list written before the part existed keeps its bytes.
        let (o, _) = PageOptions::from_query("show=form,verdict,chart,table");
        assert_eq!(o.query_suffix(), "&show=form,verdict,chart,table");
    }

    #[test]
    fn the_embed_dialog_offers_the_serving_engine_as_a_lock() {
        let s = crate::scenario::Scenario {
            mode: crate::scenario::Mode::Infer,
            ..crate::scenario::Scenario::default()
        };
        assert!(lock_choices(&s).contains(&FieldId::Engine));
        assert!(!lock_choices(&crate::scenario::Scenario::default()).contains(&FieldId::Engine));
    }

    #[test]
    fn each_theme_is_read_by_its_key() {
        for t in Theme::ALL {
            assert_eq!(Theme::from_id(t.id()), Some(t));
            let (o, notices) = PageOptions::from_query(&format!("theme={}", t.id()));
            assert!(notices.is_empty(), "{notices:?}");
            assert_eq!(o.theme, t);
        }
        let (o, notices) = PageOptions::from_query("theme=Dark");
        assert_eq!((o.theme, notices.len()), (Theme::Auto, 1));
    }

    #[test]
    fn the_scaling_charts_measure_is_read_and_written_by_its_key() {
        for y in ScalingY::ALL {
            let (o, notices) = PageOptions::from_query(&format!("scaling_y={}", y.id()));
            assert!(notices.is_empty(), "{notices:?}");
            assert_eq!(o.scaling_y, y);
        }
        // The default stays out of the link, so links without the key keep their bytes.
        assert_eq!(PageOptions::default().query_suffix(), "");
        let (o, _) = PageOptions::from_query("scaling_y=efficiency");
        assert_eq!(o.query_suffix(), "&scaling_y=efficiency");
        let (o, notices) = PageOptions::from_query("scaling_y=speed");
        assert_eq!((o.scaling_y, notices.len()), (ScalingY::Memory, 1));
    }
}
