//! The page's transitions (`PageState`), as the calculator makes them: a link opens a state,
//! presets, a config.json import, a suggestion, starting over and the browser's history change
//! it, and the form's visible mode, family and method follow what is typed.

use memcalc_core::catalog::model_by_id;
use memcalc_core::schema::fields::FieldId;
use memcalc_core::schema::presets::{preset_by_id, PRESETS};
use memcalc_core::schema::{Method, ModelKind};
use memcalc_core::{Inputs, Mode, PageState, Scenario};

fn open(query: &str) -> PageState {
    PageState::from_query(query).0
}

#[test]
fn a_link_opens_its_inputs_preset_and_every_notice() {
    let (s, o) = PageState::from_query("v=2&preset=llama-3-8b-serve&batch=4&nonsense=1&units=nope");
    assert_eq!(
        s.inputs(),
        &Inputs::from_query("v=2&preset=llama-3-8b-serve&batch=4&nonsense=1&units=nope").0
    );
    assert_eq!(s.inputs().get(FieldId::Batch), "4");
    assert_eq!(s.preset().map(|p| p.id), Some("llama-3-8b-serve"));
    assert_eq!(o.preset, s.preset());
    // The inputs' notice (an unknown key) and the page keys' (a bad unit system) both show.
    let keys: Vec<&str> = s.notices().iter().map(|n| n.key.as_str()).collect();
    assert!(keys.contains(&"nonsense"), "{keys:?}");
    assert!(keys.contains(&"units"), "{keys:?}");
    assert_eq!(s.no_estimate(), None);
    assert!(s.locked().is_empty());
    assert!(!s.push_next());
}

#[test]
fn an_unknown_preset_is_no_estimate_until_a_preset_is_chosen() {
    let mut s = open("v=2&preset=lammps-rhodo&ranks=8");
    assert_eq!(s.preset(), None);
    let note = s.no_estimate().unwrap();
    assert!(note.starts_with("No estimate for this link"), "{note}");
    assert!(note.contains("lammps-rhodopsin"), "{note}");
    s.pick_preset(preset_by_id("lammps-rhodopsin").unwrap());
    assert_eq!(s.no_estimate(), None);
    // Typing does not clear it; dismissing the notices does.
    let mut s = open("v=2&preset=lammps-rhodo&ranks=8");
    s.change(FieldId::Ranks, "16".into());
    assert!(s.no_estimate().is_some());
    s.dismiss_notices();
    assert_eq!(s.no_estimate(), None);
    assert!(s.notices().is_empty());
    assert_eq!(
        s.inputs().get(FieldId::Ranks),
        "16",
        "dismissing keeps the inputs"
    );
}

#[test]
fn a_preset_takes_its_values_and_adds_a_history_entry() {
    let mut s = open("v=2&batch=3&nonsense=1");
    assert!(!s.notices().is_empty());
    let p = preset_by_id("llama-2-7b-train").unwrap();
    s.pick_preset(p);
    assert_eq!(s.inputs(), &Inputs::from_query(p.query).0);
    assert_eq!(s.preset(), Some(p));
    assert!(s.push_next());
    assert!(s.take_push());
    assert!(!s.push_next(), "the entry is taken once");
    assert!(!s.take_push());
    // Every preset opens as its own query does.
    for p in PRESETS {
        let mut s = PageState::default();
        s.pick_preset(p);
        assert_eq!(s.inputs(), &Inputs::from_query(p.query).0, "{}", p.id);
        assert!(s.inputs().parse().is_ok(), "{}", p.id);
    }
}

#[test]
fn a_preset_keeps_the_fields_an_embed_locked() {
    let mut s = open("v=2&embed=1&gpu=a100-40&lock=gpu");
    assert_eq!(s.locked(), &[FieldId::Gpu]);
    let p = preset_by_id("llama-2-7b-train").unwrap();
    s.pick_preset(p);
    assert_eq!(s.inputs().get(FieldId::Gpu), "a100-40");
    assert_eq!(
        s.inputs().get(FieldId::Layers),
        Inputs::from_query(p.query).0.get(FieldId::Layers)
    );
    // Unlocked, the preset's own GPU.
    let mut free = open("v=2&gpu=a100-40");
    free.pick_preset(p);
    assert_eq!(
        free.inputs().get(FieldId::Gpu),
        Inputs::from_query(p.query).0.get(FieldId::Gpu)
    );
}

#[test]
fn an_import_writes_the_architecture_and_adds_a_history_entry() {
    let arch = model_by_id("meta-llama/Llama-3.1-8B").unwrap().arch;
    let mut s = open("v=2&batch=3");
    s.import(&arch);
    let mut want = Inputs::from_query("v=2&batch=3").0;
    want.set_arch(&arch);
    assert_eq!(s.inputs(), &want);
    assert_eq!(s.inputs().get(FieldId::Batch), "3");
    assert_eq!(s.inputs().parse().unwrap().arch, Some(arch));
    assert!(s.push_next());
}

#[test]
fn a_suggestion_sets_its_fields_as_given_and_adds_a_history_entry() {
    let mut s = open("v=2&batch=3&nonsense=1");
    s.apply(vec![
        (FieldId::Batch, "1".to_string()),
        (FieldId::Seq, "1024".to_string()),
    ]);
    assert_eq!(s.inputs().get(FieldId::Batch), "1");
    assert_eq!(s.inputs().get(FieldId::Seq), "1024");
    assert!(!s.notices().is_empty(), "a suggestion leaves the notices");
    assert!(s.push_next());
    // Typing replaces the entry: it never asks for one.
    let mut t = open("v=2");
    t.change(FieldId::Batch, "2".into());
    assert_eq!(t.inputs().get(FieldId::Batch), "2");
    assert!(!t.push_next());
}

#[test]
fn starting_over_clears_everything_but_the_locks() {
    let mut s = open("v=2&preset=lammps-rhodo&batch=3&nonsense=1");
    s.reset();
    assert_eq!(s.inputs(), &Inputs::default());
    assert_eq!(s.preset(), None);
    assert_eq!(s.no_estimate(), None);
    assert!(s.notices().is_empty());
    assert!(s.push_next());
    let mut p = open("v=2&preset=llama-3-8b-serve");
    p.reset();
    assert_eq!(p.preset(), None);
}

#[test]
fn the_history_reads_a_query_as_a_link_does_but_its_page_notices() {
    let mut s = open("v=2&batch=3");
    s.pick_preset(preset_by_id("llama-2-7b-train").unwrap());
    let o =
        s.read_query("v=2&preset=llama-3-8b-serve&batch=4&nonsense=1&units=decimal&scaling_y=nope");
    let (link, _) =
        PageState::from_query("v=2&preset=llama-3-8b-serve&batch=4&nonsense=1&units=decimal");
    assert_eq!(s.inputs(), link.inputs());
    assert_eq!(s.preset(), link.preset());
    assert_eq!(o.units, memcalc_core::units::UnitSystem::Decimal);
    let keys: Vec<&str> = s.notices().iter().map(|n| n.key.as_str()).collect();
    assert_eq!(keys, ["nonsense"], "only the inputs' notices");
    // A pending entry stays pending (the address is not written yet).
    assert!(s.push_next());
    s.read_query("v=2&preset=lammps-rhodo");
    assert!(s.no_estimate().is_some());
    assert_eq!(s.preset(), None);
    s.read_query("v=2");
    assert_eq!(s.no_estimate(), None);
    assert_eq!(s.inputs(), &Inputs::default());
}

#[test]
fn the_form_follows_the_typed_mode_family_and_method() {
    let fallback = Scenario::default();
    let mut s = open("v=2&mode=sim&method=particles");
    assert_eq!(s.mode(&fallback), Mode::Sim);
    assert_eq!(s.method(&fallback), Method::Particles);
    // Text that names no choice (mid-typing) shows the scenario's.
    s.change(FieldId::Method, "partic".into());
    assert_eq!(s.method(&fallback), fallback.sim.method);
    let mut t = open("v=2&model=fno");
    assert_eq!(t.model(&fallback), ModelKind::Fno);
    t.change(FieldId::Model, "".into());
    assert_eq!(t.model(&fallback), fallback.sciml.model);
    let mut u = open("v=2&mode=infer");
    assert_eq!(u.mode(&fallback), Mode::Infer);
    u.apply([(FieldId::Mode, "nope")]);
    assert_eq!(u.mode(&fallback), fallback.mode);
}
