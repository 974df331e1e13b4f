//! The published schema (issue 43): `docs/schema/memcalc.schema.json` is what the tables give
//! today, and every key of the fields table, every part and every time term is in it. (That the
//! CLI's `--json` documents validate against it is `crates/memcalc-cli/tests/schema.rs`.)

use memcalc_core::report::schema::{document, query_api, report};
use memcalc_core::schema::fields::FIELDS;

#[test]
fn the_published_file_is_what_the_tables_give_today() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/schema/memcalc.schema.json"
    );
    let have = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        have == document(),
        "docs/schema/memcalc.schema.json is stale: a key, its help, a part or a term changed. \
         Regenerate it with `cargo run -p memcalc-core --example schema`"
    );
}

#[test]
fn every_field_is_a_query_parameter_with_its_label_default_and_modes() {
    let api = query_api();
    let params = api["paths"]["/"]["get"]["parameters"].as_array().unwrap();
    for f in FIELDS {
        let p = params
            .iter()
            .find(|p| p["name"] == f.key)
            .unwrap_or_else(|| panic!("{} is not in the schema", f.key));
        assert_eq!(p["in"], "query");
        assert_eq!(p["schema"]["title"], f.label, "{}", f.key);
        assert!(p["schema"].get("default").is_some(), "{}", f.key);
        assert!(
            p["description"].as_str().unwrap().contains(f.id.help()),
            "{}: the help is in the description",
            f.key
        );
        let modes = p["schema"]["x-modes"].as_array().unwrap();
        assert!(!modes.is_empty(), "{}", f.key);
    }
    for k in memcalc_core::schema::query::META_KEYS {
        assert!(params.iter().any(|p| p["name"] == *k), "{k}");
    }
    assert_eq!(
        params.len(),
        FIELDS.len() + memcalc_core::schema::query::META_KEYS.len()
    );
}

#[test]
fn choices_bounds_and_units_come_from_the_table() {
    let api = query_api();
    let params = api["paths"]["/"]["get"]["parameters"].as_array().unwrap();
    let schema = |key: &str| {
        params
            .iter()
            .find(|p| p["name"] == key)
            .map(|p| p["schema"].clone())
            .unwrap()
    };
    let engine = schema("engine");
    let ids: Vec<&str> = engine["enum"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|v| v.as_str())
        .collect();
    assert!(
        ids.contains(&"vllm") && ids.contains(&"llamacpp"),
        "{ids:?}"
    );
    let tp = schema("tp");
    assert_eq!(tp["minimum"], 1);
    assert!(tp["maximum"].as_u64().unwrap() > 1);
    let util = schema("gpu_util");
    assert_eq!(util["minimum"], 0.01);
    assert_eq!(util["maximum"], 1);
    assert_eq!(util["x-unit"], "fraction");
    assert_eq!(schema("mode")["default"], "train");
    assert_eq!(schema("zero")["enum"].as_array().unwrap().len(), 8);
}

#[test]
fn the_report_enumerates_every_part_and_term() {
    let r = report();
    assert_eq!(r["$schema"], "https://json-schema.org/draft/2020-12/schema");
    let parts = r["$defs"]["component"]["properties"]["id"]["enum"]
        .as_array()
        .unwrap();
    assert_eq!(parts.len(), memcalc_core::PartId::ALL.len());
    let terms = r["$defs"]["term"]["properties"]["id"]["enum"]
        .as_array()
        .unwrap();
    assert_eq!(terms.len(), memcalc_core::TermId::ALL.len());
    // Every figure says its unit.
    for (k, v) in r["properties"].as_object().unwrap() {
        if k.ends_with("_bytes") {
            assert!(v["description"].as_str().unwrap().contains("bytes"), "{k}");
        }
    }
}
