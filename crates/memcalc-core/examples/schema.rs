//! Writes `docs/schema/memcalc.schema.json`, the published schema (`report::schema::document`:
//! the report's JSON Schema and the link's OpenAPI description, generated from the fields,
//! parts and terms tables). Run after a key, a part, a term or a help line changes:
//! `cargo run -p memcalc-core --example schema`; `tests/schema_doc.rs` fails until it is.

fn main() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/schema/memcalc.schema.json"
    );
    let text = memcalc_core::report::schema::document();
    std::fs::write(path, &text).expect("docs/schema/memcalc.schema.json");
    eprintln!("wrote {path} ({} bytes)", text.len());
}
