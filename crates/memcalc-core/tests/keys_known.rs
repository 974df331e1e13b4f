//! Presets are queries written as text, so the type system cannot check their keys: every one
//! must be a key the query reads, or it would be dropped as "unknown" and the preset would
//! silently change nothing. Code profiles and framework defaults are typed patches (a key the
//! compiler checks, a typed value): every value must be one its field's row reads, of the
//! field's kind and exact to its places. (Suggestions are checked in `analysis::derived`.)

use memcalc_core::catalog::codes::PROFILES;
use memcalc_core::catalog::framework::Framework;
use memcalc_core::schema::fields::FieldId;
use memcalc_core::schema::query::{pairs, META_KEYS};
use memcalc_core::Choice;

fn known(key: &str) -> bool {
    FieldId::from_key(key).is_some() || META_KEYS.contains(&key)
}

#[test]
fn presets_write_known_keys() {
    for p in memcalc_core::schema::presets::PRESETS {
        for (k, _) in pairs(p.query) {
            assert!(known(&k), "{}: '{k}' is not a key the query reads", p.id);
        }
    }
}

#[test]
fn every_profile_and_framework_value_reads_through_its_field() {
    let mut checked = 0;
    for p in PROFILES {
        for &(id, v) in p.sets {
            id.field()
                .check(v)
                .unwrap_or_else(|e| panic!("profile {:?}: {e}", p.code));
            checked += 1;
        }
    }
    for f in Framework::ALL {
        for im in f.implied() {
            im.key
                .field()
                .check(im.value)
                .unwrap_or_else(|e| panic!("framework {f:?}: {e}"));
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} values checked");
}

#[test]
fn a_value_of_the_wrong_kind_or_out_of_bounds_is_caught() {
    use memcalc_core::base::keys::Value::*;
    let check = |id: FieldId, v| id.field().check(v);
    assert!(check(FieldId::Cutoff, Number(1.2)).is_ok());
    assert!(
        check(FieldId::Cutoff, Number(1.2345)).is_err(),
        "beyond its places"
    );
    assert!(
        check(FieldId::Method, Choice("particle")).is_err(),
        "a typo"
    );
    assert!(
        check(FieldId::Shake, Choice("on")).is_err(),
        "a toggle written as text"
    );
    assert!(
        check(FieldId::Krylov, Count(5000)).is_err(),
        "above its bounds"
    );
    assert!(
        check(FieldId::Krylov, Number(1.5)).is_err(),
        "a count takes no decimals"
    );
    assert_eq!(FieldId::BucketSize.field().text(Count(500_000_000)), "500M");
    assert_eq!(FieldId::Density.field().text(Count(100)), "100");
    assert_eq!(FieldId::Skin.field().text(Number(0.1)), "0.1");
}

#[test]
fn every_code_has_its_own_profile() {
    for c in memcalc_core::catalog::codes::Code::ALL {
        assert_eq!(memcalc_core::catalog::codes::profile(*c).code, *c);
    }
}
