//! Presets and simulation-code profiles are queries written as text (the code profiles live
//! in the catalog, below the schema and its `FieldId`), so the type system cannot check their
//! keys: every one must be a key the query reads, or it would be dropped as "unknown" and the
//! preset or profile would silently change nothing. (Suggestions and layouts patch with
//! `FieldId`, which the compiler checks; framework defaults are checked in frameworks.rs.)

use memcalc_core::schema::fields::FieldId;
use memcalc_core::schema::query::{pairs, META_KEYS};

fn known(key: &str) -> bool {
    FieldId::from_key(key).is_some() || META_KEYS.contains(&key)
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
