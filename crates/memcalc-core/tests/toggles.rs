//! A toggle's text means the same to the estimate as to the page's checkbox: both read it with
//! `schema::fields::toggle_value`, whatever its case.

use memcalc_core::schema::fields::{toggle_value, FieldId, FieldKind, FIELDS};
use memcalc_core::Inputs;

const ON: &[&str] = &["on", "ON", "On", "1", "true", "TRUE", "yes", "Yes"];
const OFF: &[&str] = &["off", "OFF", "Off", "0", "false", "FALSE", "no", "No"];

fn parsed(query: &str) -> Result<memcalc_core::Scenario, Vec<memcalc_core::FieldError>> {
    Inputs::from_query(query).0.parse()
}

#[test]
fn every_spelling_of_on_and_off_is_read_as_its_lower_case_form() {
    for s in ON {
        assert_eq!(toggle_value(s), Some(true), "{s}");
    }
    for s in OFF {
        assert_eq!(toggle_value(s), Some(false), "{s}");
    }
    assert_eq!(toggle_value(" yes "), Some(true));
    for s in ["", "maybe", "onn", "2", "o n"] {
        assert_eq!(toggle_value(s), None, "{s:?}");
    }
}

/// Every toggle of the form, every spelling: the scenario is the one its canonical `on` or
/// `off` gives, so the estimate and the checkbox cannot disagree.
#[test]
fn the_estimate_reads_every_toggle_as_toggle_value_does() {
    let toggles: Vec<_> = FIELDS
        .iter()
        .filter(|f| f.kind == FieldKind::Toggle)
        .collect();
    assert!(toggles.len() > 20, "only {} toggles", toggles.len());
    for f in toggles {
        for s in ON.iter().chain(OFF) {
            let canonical = if toggle_value(s).unwrap() {
                "on"
            } else {
                "off"
            };
            assert_eq!(
                parsed(&format!("v=2&{}={s}", f.key)),
                parsed(&format!("v=2&{}={canonical}", f.key)),
                "{}={s}",
                f.key
            );
        }
    }
}

/// The comparison above is not vacuous: in the default (training) scenario `mixed` changes the
/// estimate, and text that is neither on nor off is an error for it.
#[test]
fn mixed_in_capitals_is_on_and_other_text_is_an_error() {
    let on = parsed("v=2&mixed=ON").unwrap();
    let off = parsed("v=2&mixed=OFF").unwrap();
    assert_ne!(on, off);
    assert_eq!(on, parsed("v=2&mixed=on").unwrap());
    let errors = parsed("v=2&mixed=maybe").unwrap_err();
    assert!(
        errors.iter().any(|e| e.field == FieldId::Mixed),
        "{errors:?}"
    );
}
