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

/// The position of `raw` among `ids`, or a message listing them. Not generic, so the many
/// option sets share one copy of it in the page's wasm.
pub fn parse_index(raw: &str, ids: &[&str]) -> Result<usize, String> {
    let wanted = raw.trim().to_ascii_lowercase();
    ids.iter()
        .position(|id| *id == wanted)
        .ok_or_else(|| format!("'{}' is not one of {}", raw.trim(), ids.join(", ")))
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
