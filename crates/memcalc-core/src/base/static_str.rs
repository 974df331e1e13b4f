//! A `&'static str` read back from JSON (issue 36, h-split): the page's answers carry words the
//! core keeps as `&'static str` (a chart's axis label, a fact's id and label), and the app reads
//! them back as the same types. Each distinct text is allocated once and kept for the page's
//! life, so reading the same answer again allocates nothing (the set of such texts is the
//! core's fixed words: a few dozen).

use std::sync::Mutex;

/// `&'static str` under another name, for the fields read back this way: serde borrows a field
/// spelled `&str` from the input (which would tie the answer's reader to `'static` input).
pub type Static = &'static str;

static KEPT: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());

/// The kept copy of `text`, made on its first reading.
pub fn intern(text: &str) -> &'static str {
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(s) = kept.iter().find(|s| **s == text) {
        return s;
    }
    let s: &'static str = Box::leak(text.to_owned().into_boxed_str());
    kept.push(s);
    s
}

/// serde's `deserialize_with` for a `&'static str` field.
pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<&'static str, D::Error> {
    let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(d)?;
    Ok(intern(&text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_text_is_kept_once() {
        let a = intern("Micro-batch size");
        let b = intern(&String::from("Micro-batch size"));
        assert!(std::ptr::eq(a, b));
        assert_eq!(a, "Micro-batch size");
    }
}
