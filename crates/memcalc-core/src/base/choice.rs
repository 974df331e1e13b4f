//! Closed sets of options (precision, optimizer, mode) with stable URL ids.

/// An option set whose members have a stable id (used in URLs and the CLI) and a label (shown).
pub trait Choice: Sized + Copy + PartialEq + 'static {
    const ALL: &'static [Self];
    /// The ids of `ALL`, in the same order.
    const IDS: &'static [&'static str];
    /// Other spellings read as an id, (alias, id) in lower case: `bfloat16` for `bf16`. Links
    /// are written with the id.
    const ALIASES: &'static [(&'static str, &'static str)] = &[];
    fn id(self) -> &'static str;
    fn label(self) -> &'static str;

    fn parse(raw: &str) -> Result<Self, String> {
        parse_index(unalias(raw, Self::ALIASES), Self::IDS).map(|i| Self::ALL[i])
    }
}

/// The id an alias stands for (in any case), else `raw` itself.
pub fn unalias<'a>(raw: &'a str, aliases: &[(&str, &'static str)]) -> &'a str {
    let wanted = raw.trim();
    aliases
        .iter()
        .find(|(alias, _)| alias.eq_ignore_ascii_case(wanted))
        .map_or(raw, |(_, id)| id)
}

/// The position of `raw` among `ids`, or a message listing them and naming the closest
/// ("did you mean megatron?"). Not generic, so the many option sets share one copy of it in
/// the page's wasm.
pub fn parse_index(raw: &str, ids: &[&str]) -> Result<usize, String> {
    let wanted = raw.trim().to_ascii_lowercase();
    ids.iter().position(|id| *id == wanted).ok_or_else(|| {
        format!(
            "'{}' is not one of {}{}",
            raw.trim(),
            ids.join(", "),
            suggestion(raw, ids.iter().copied())
        )
    })
}

/// Edit distance counting a swap of neighbouring letters as one edit (optimal string
/// alignment), over lower-cased bytes: `nodse` is one edit from `nodes`, as a typist sees it.
pub fn typo_distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.to_ascii_lowercase(), b.to_ascii_lowercase());
    let (a, b) = (a.as_bytes(), b.as_bytes());
    // Three rows: the one before the previous is what a swap reaches back to.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j - 1] + cost).min(prev[j] + 1).min(cur[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                cur[j] = cur[j].min(before[j - 2] + 1);
            }
        }
        before = std::mem::replace(&mut prev, cur);
    }
    prev[b.len()]
}

/// The candidates closest to a mistyped `raw`: those at the smallest edit distance, at most
/// three in the order given, when that distance is a typo's (about a third of the text);
/// failing that, those that begin with it or contain it (`rhodo` names `lammps-rhodopsin`).
/// None for text like nothing offered. Keys and values are matched alike, so the page's
/// notice and the CLI's error say the same.
pub fn closest<'a>(raw: &str, candidates: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let raw = raw.trim();
    // Ids are at most a few dozen letters: a longer text is no typo of any (and a pasted blob
    // must not cost a distance to every id).
    if raw.is_empty() || raw.len() > 64 {
        return Vec::new();
    }
    let limit = raw.len().div_ceil(3);
    let all: Vec<&'a str> = candidates.filter(|c| !c.is_empty()).collect();
    // A candidate whose length differs by more than the limit is further than it: not measured.
    let scored: Vec<(usize, &'a str)> = all
        .iter()
        .filter(|c| c.len().abs_diff(raw.len()) <= limit)
        .map(|&c| (typo_distance(raw, c), c))
        .collect();
    if let Some(best) = scored.iter().map(|s| s.0).min().filter(|&d| d <= limit) {
        return scored
            .into_iter()
            .filter(|s| s.0 == best)
            .map(|s| s.1)
            .take(3)
            .collect();
    }
    // A shortened id (`lammps-rhodo`, `rhodo`): three letters at least, so `a` names nothing.
    let lower = raw.to_ascii_lowercase();
    if lower.len() < 3 {
        return Vec::new();
    }
    all.into_iter()
        .filter(|c| c.to_ascii_lowercase().contains(&lower))
        .take(3)
        .collect()
}

/// "did you mean megatron?" (or "did you mean tp or pp?") for a value or key not offered;
/// `None` when none is close.
pub fn did_you_mean<'a>(raw: &str, candidates: impl Iterator<Item = &'a str>) -> Option<String> {
    let near = closest(raw, candidates);
    let (last, rest) = near.split_last()?;
    Some(if rest.is_empty() {
        format!("did you mean {last}?")
    } else {
        format!("did you mean {} or {last}?", rest.join(", "))
    })
}

/// "; did you mean megatron?" for a value or key not offered, empty when none is close: the
/// end of an error or notice.
pub fn suggestion<'a>(raw: &str, candidates: impl Iterator<Item = &'a str>) -> String {
    did_you_mean(raw, candidates).map_or(String::new(), |h| format!("; {h}"))
}

/// Declares an enum implementing [`Choice`] from `Variant => ("id", "label")` rows, and
/// optionally `aliases { "alias" => "id" }`.
macro_rules! choice_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident => ($id:literal, $label:literal)),+ $(,)? }
     $(aliases { $($alias:literal => $target:literal),+ $(,)? })?) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $($(#[$vmeta])* $variant),+ }

        impl $crate::base::choice::Choice for $name {
            const ALL: &'static [Self] = &[$($name::$variant),+];
            const IDS: &'static [&'static str] = &[$($id),+];
            const ALIASES: &'static [(&'static str, &'static str)] = &[$($(($alias, $target)),+)?];
            fn id(self) -> &'static str { match self { $($name::$variant => $id),+ } }
            fn label(self) -> &'static str { match self { $($name::$variant => $label),+ } }
        }
    };
}
pub(crate) use choice_enum;
