//! Every key the core writes for the user — in presets, code profiles, framework defaults,
//! suggested changes and training layouts — is a key the query reads. A mistyped key would
//! otherwise be dropped as "unknown" and the suggestion would silently change nothing.

use memcalc_core::analysis::{derived, layouts};
use memcalc_core::schema::inputs::is_field;
use memcalc_core::schema::query::{pairs, META_KEYS};
use memcalc_core::Inputs;

fn known(key: &str) -> bool {
    is_field(key) || META_KEYS.contains(&key)
}

fn check_query(origin: &str, query: &str) {
    for (k, _) in pairs(query) {
        assert!(known(&k), "{origin}: '{k}' is not a key the query reads");
    }
}

#[test]
fn presets_and_profiles_write_known_keys() {
    for p in memcalc_core::schema::presets::PRESETS {
        check_query(p.id, p.query);
    }
    for p in memcalc_core::catalog::codes::PROFILES {
        check_query(p.source, p.query);
    }
}

#[test]
fn suggestions_and_layouts_write_known_keys() {
    // Every preset, and each with a much larger workload so that savings are proposed.
    let mut suggestions = 0;
    let mut layout_rows = 0;
    for p in memcalc_core::schema::presets::PRESETS {
        for extra in [
            "",
            "&batch=64&seq=32768",
            "&nx=4096&ny=4096&nz=4096&particles=1e10",
        ] {
            let (inputs, _) = Inputs::from_query(&format!("v=2&preset={}{extra}", p.id));
            let Ok(s) = inputs.parse() else { continue };
            for saving in derived::savings(&s) {
                suggestions += 1;
                check_query(&saving.label, &saving.query());
            }
            if s.mode.trains() {
                for l in layouts::training_layouts(&s, 12) {
                    layout_rows += 1;
                    check_query(&l.label(), &l.query());
                }
            }
        }
    }
    // The test must have looked at something.
    assert!(suggestions > 50, "only {suggestions} suggestions checked");
    assert!(layout_rows > 5, "only {layout_rows} layouts checked");
}
