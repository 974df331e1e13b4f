//! The JSON documents `memcalc --json` prints and the page exports, pinned byte for byte: keys
//! are only ever added to schema version 1, never renamed or reordered. After an intended
//! change of a figure or a formula's text, regenerate with
//! `UPDATE_DOCUMENTS=1 cargo test -p memcalc-core --test documents` and review the diff.

use memcalc_core::report::{to_json, Origin};
use memcalc_core::{estimate, Inputs};

const CASES: &[(&str, &str)] = &[
    (
        "training",
        "v=2&params=7B&dtype=bf16&optimizer=adamw&gpus=8&zero=2",
    ),
    (
        "serving",
        "v=2&mode=infer&params=8B&engine=vllm&gpu=h100-80&seq=8192&batch=16",
    ),
    (
        "simulation",
        "v=2&mode=sim&method=lbm&nx=512&ny=512&nz=512&ranks=4&nodes=1",
    ),
];

fn document(query: &str) -> String {
    let (inputs, notices) = Inputs::from_query(query);
    let s = inputs.parse().expect("valid case");
    let e = estimate(&s);
    to_json(&e, &notices, Some(&Origin::new(&s, s.to_query())))
}

#[test]
fn documents_keep_their_bytes() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/documents");
    for (name, query) in CASES {
        let path = dir.join(format!("{name}.json"));
        let doc = document(query);
        serde_json::from_str::<serde_json::Value>(&doc).expect("valid JSON");
        if std::env::var_os("UPDATE_DOCUMENTS").is_some() {
            std::fs::write(&path, &doc).unwrap();
            continue;
        }
        let pinned = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            doc, pinned,
            "{name}: the document changed (see this file's header)"
        );
    }
}
