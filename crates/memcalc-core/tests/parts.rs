//! Parts are a `PartId` enum, so every row an estimate emits has a colour and a place in the
//! stacking order by construction; what the compiler cannot see is that the keys (the JSON id,
//! `data-component`, `.swatch-<key>`) are distinct and usable as a CSS class.

use memcalc_core::PartId;

#[test]
fn each_key_names_one_part() {
    for &p in PartId::ALL {
        assert_eq!(
            PartId::from_key(p.key()),
            Some(p),
            "{} is declared twice",
            p.key()
        );
        assert!(
            p.key().bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
            "{} is not a snake_case key",
            p.key()
        );
    }
    assert!(PartId::ALL.len() > 40);
}

#[test]
fn serialised_as_its_key() {
    assert_eq!(
        serde_json::to_string(&PartId::KvCache).unwrap(),
        "\"kv_cache\""
    );
    assert_eq!(PartId::MasterWeights.to_string(), "master_weights");
}
