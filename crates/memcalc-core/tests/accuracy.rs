//! Keeps docs/accuracy.md true: every row's estimate is recomputed, must equal the figure the
//! table shows, and must stay within the row's tolerance of the measured value.

use memcalc_core::{estimate, Inputs};

struct Row {
    name: String,
    query: String,
    quantity: String,
    measured: f64,
    shown: String,
    tolerance: f64,
}

fn rows() -> Vec<Row> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/accuracy.md");
    let text = std::fs::read_to_string(path).expect("docs/accuracy.md");
    text.lines()
        .filter(|l| l.starts_with("| ") && l.contains("`mode="))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            assert_eq!(cells.len(), 9, "malformed row: {l}");
            Row {
                name: cells[0].to_string(),
                query: cells[3].trim_matches('`').to_string(),
                quantity: cells[4].to_string(),
                measured: cells[5].parse().unwrap(),
                shown: cells[6].to_string(),
                tolerance: cells[8].trim_end_matches('%').trim().parse().unwrap(),
            }
        })
        .collect()
}

#[test]
fn accuracy_table_rows_hold() {
    let rows = rows();
    assert!(rows.len() >= 10, "the accuracy table lost rows");
    for r in rows {
        let (inputs, notices) = Inputs::from_query(&r.query);
        assert!(notices.is_empty(), "{}: {notices:?}", r.name);
        let e = estimate(
            &inputs
                .parse()
                .unwrap_or_else(|e| panic!("{}: {e:?}", r.name)),
        );
        // "total", "per_rank", a component id, or a sum of component ids ("lattice+state").
        let bytes = match r.quantity.as_str() {
            "total" => e.per_device_bytes,
            "per_rank" => e.per_rank_bytes,
            ids => ids
                .split('+')
                .map(|id| {
                    memcalc_core::PartId::from_key(id)
                        .and_then(|p| e.component(p))
                        .unwrap_or_else(|| panic!("{}: no {id}", r.name))
                        .bytes
                })
                .sum(),
        };
        let mib = bytes as f64 / (1u64 << 20) as f64;
        assert_eq!(
            format!("{mib:.1}"),
            r.shown,
            "{}: the table shows a stale estimate",
            r.name
        );
        let error = (mib - r.measured) / r.measured * 100.0;
        assert!(
            error.abs() <= r.tolerance,
            "{}: error {error:+.1} % exceeds ±{} %",
            r.name,
            r.tolerance
        );
    }
}
