//! What exports are called and say (issue 29): file names and the PNG's title line from the
//! scenario, and one word for where a row lives in the table, the CSV and the Markdown.

use memcalc_core::report::{file_name, place, title, to_csv, to_markdown};
use memcalc_core::units::UnitSystem;
use memcalc_core::{estimate, Inputs, Location, Scenario};

fn scenario(q: &str) -> Scenario {
    let (inputs, notices) = Inputs::from_query(q);
    assert!(notices.is_empty(), "{q}: {notices:?}");
    inputs.parse().unwrap()
}

#[test]
fn export_files_are_named_for_the_scenario() {
    let s = scenario("v=2&model_id=meta-llama/Llama-3.1-70B&mode=infer");
    assert_eq!(file_name(&s, "png"), "memcalc-llama-3.1-70b-infer.png");
    assert_eq!(file_name(&s, "csv"), "memcalc-llama-3.1-70b-infer.csv");
    assert_eq!(file_name(&scenario(""), "json"), "memcalc-7b-train.json");
    assert_eq!(
        file_name(&scenario("v=2&params=6738415616"), "md"),
        "memcalc-6.74b-train.md"
    );
    assert_eq!(
        file_name(&scenario("mode=sim&method=particles&particles=32000"), "md"),
        "memcalc-particles-sim.md"
    );
    assert_eq!(
        file_name(&scenario("preset=lammps-rhodopsin"), "md"),
        "memcalc-lammps-sim.md"
    );
}

#[test]
fn the_png_title_says_what_was_estimated_and_the_verdict() {
    let s = scenario("v=2&model_id=meta-llama/Llama-3.1-70B&mode=infer&gpu=h200");
    let e = estimate(&s);
    let t = title(&e, &s, UnitSystem::Binary);
    assert!(t.starts_with("Llama-3.1-70B · Inference · "), "{t}");
    assert!(
        t.ends_with(&memcalc_core::report::verdict(&e, UnitSystem::Binary)),
        "{t}"
    );
}

#[test]
fn where_a_row_lives_reads_the_same_in_csv_and_markdown() {
    let e = estimate(&scenario(
        "mode=sim&method=particles&particles=32000&density=0.8442&cutoff=2.5&skin=0.3&ranks=4",
    ));
    assert_eq!(place(&e, Location::Device), "node");
    let csv = to_csv(&e, None);
    let md = to_markdown(&e, UnitSystem::Binary, None);
    for c in &e.components {
        let word = place(&e, c.location);
        let row = csv
            .lines()
            .find(|l| l.starts_with(&format!("{},", c.id)))
            .unwrap();
        assert_eq!(row.split(',').nth(3), Some(word), "{row}");
        assert!(
            md.contains(&format!("| {} | {word} |", c.bytes)),
            "{}: {word}",
            c.id
        );
    }
    assert!(
        csv.lines()
            .any(|l| l.starts_with("total,") && l.ends_with(",node,")),
        "{csv}"
    );
    // A neural model's rows stay on the device.
    let e = estimate(&scenario(""));
    assert_eq!(place(&e, Location::Device), "device");
    assert!(to_csv(&e, None).contains("\ntotal,Total per device,"));
}
