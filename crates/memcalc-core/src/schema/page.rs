//! How the page shows a calculation, carried by the link beside the scenario: units, the
//! preset it started from, and the embed options (`embed`, `show`, `lock`, `theme`).

use crate::base::units::UnitSystem;
use crate::schema::fields::FieldId;
use crate::schema::presets::{preset_by_id, Preset};
use crate::schema::url::{pairs, Notice};

/// Parts of the calculator `show=` can pick, with their ids.
pub const PARTS: &[&str] = &[
    "form",
    "verdict",
    "chart",
    "advice",
    "scaling",
    "table",
    "explanations",
    "faq",
    "share",
];

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
    pub fn id(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageOptions {
    pub units: UnitSystem,
    pub preset: Option<&'static Preset>,
    pub embed: bool,
    /// Bit i set: `PARTS[i]` is shown.
    pub show: u16,
    /// Fields the embedding page fixed: shown, not editable.
    pub lock: Vec<FieldId>,
    pub theme: Theme,
}

pub const SHOW_ALL: u16 = (1 << 9) - 1;

impl Default for PageOptions {
    fn default() -> Self {
        PageOptions {
            units: UnitSystem::Binary,
            preset: None,
            embed: false,
            show: SHOW_ALL,
            lock: Vec::new(),
            theme: Theme::Auto,
        }
    }
}

impl PageOptions {
    pub fn shows(&self, part: &str) -> bool {
        PARTS
            .iter()
            .position(|p| *p == part)
            .is_some_and(|i| self.show & (1 << i) != 0)
    }

    pub fn locked(&self, id: FieldId) -> bool {
        self.lock.contains(&id)
    }

    /// Reads the page keys of a link; anything it cannot use becomes a notice.
    pub fn from_query(input: &str) -> (PageOptions, Vec<Notice>) {
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
                    _ => note("units", "units= takes binary (GiB) or decimal (GB); binary is used.".into()),
                },
                "preset" => match preset_by_id(v) {
                    Some(p) => o.preset = Some(p),
                    None => note("preset", "The preset named in the link is not known to this version; its other values were still read.".into()),
                },
                "embed" => o.embed = matches!(v, "1" | "true" | "on"),
                "theme" => match v {
                    "light" => o.theme = Theme::Light,
                    "dark" => o.theme = Theme::Dark,
                    "auto" | "" => o.theme = Theme::Auto,
                    _ => note("theme", "theme= takes light, dark or auto.".into()),
                },
                "show" => {
                    o.show = 0;
                    for part in v.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                        match PARTS.iter().position(|p| *p == part) {
                            Some(i) => o.show |= 1 << i,
                            None => note("show", format!("show= has no part '{}'; the parts are {}.", part.chars().take(20).collect::<String>(), PARTS.join(", "))),
                        }
                    }
                    if o.show == 0 {
                        o.show = SHOW_ALL;
                    }
                }
                "lock" => {
                    for k in v.split(',').map(str::trim).filter(|k| !k.is_empty()) {
                        match FieldId::from_key(k) {
                            Some(id) if !o.lock.contains(&id) => o.lock.push(id),
                            Some(_) => {}
                            None => note("lock", format!("lock= names '{}', which is not a parameter.", k.chars().take(20).collect::<String>())),
                        }
                    }
                }
                _ => {}
            }
        }
        (o, notices)
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
        if self.show != SHOW_ALL {
            let parts: Vec<&str> = PARTS
                .iter()
                .enumerate()
                .filter(|(i, _)| self.show & (1 << i) != 0)
                .map(|(_, p)| *p)
                .collect();
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
        out
    }
}
