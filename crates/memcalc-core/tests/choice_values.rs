//! Every key whose value is picked from a list follows one rule (issue 39, point 1): a value not
//! in the list is an error that names the closest choices, and never another scenario. A
//! preset id is such a value too: `preset=lammps-rhodo` names `lammps-rhodopsin` and is no
//! estimate of the defaults.

use memcalc_core::schema::fields::{list, list_names, options, FieldId, FIELDS, LISTS};
use memcalc_core::schema::page::PageOptions;
use memcalc_core::schema::presets::{unknown_preset, PRESETS};
use memcalc_core::{Choice, Inputs, Mode};

/// A typo of `id`: its second and third letters swapped (one edit), or for a short id a letter
/// added; the same id with no typo to make (`aa`) gives `None`.
fn typo(id: &str) -> Option<String> {
    let b = id.as_bytes();
    let t = if b.len() >= 4 && b[1] != b[2] {
        let mut t = b.to_vec();
        t.swap(1, 2);
        String::from_utf8(t).ok()?
    } else {
        format!("{id}q")
    };
    (t != id).then_some(t)
}

/// A mode the field applies in, so its value is read as the page reads it.
fn mode_for(id: FieldId) -> Mode {
    let f = id.field();
    [Mode::Train, Mode::Finetune, Mode::Infer, Mode::Sim]
        .into_iter()
        .find(|&m| f.applies(m))
        .unwrap_or(Mode::Train)
}

#[test]
fn a_mistyped_choice_of_every_list_key_is_an_error_naming_the_closest() {
    let mut checked = 0;
    for f in FIELDS {
        // ZeRO stages and index widths are digits: their message lists all of them.
        if matches!(f.id, FieldId::Zero | FieldId::IndexBytes) {
            continue;
        }
        // A list of LoRA matrices (`q,v,o,gate,up,down`) is typed item by item: its items
        // are the choices (`q`, `gate`), checked as the named sets are.
        for (id, _) in options(f.id)
            .into_iter()
            .filter(|(id, _)| !id.is_empty() && !id.contains(','))
        {
            let Some(bad) = typo(id) else { continue };
            let mut inputs = Inputs::default();
            inputs.set(FieldId::Mode, mode_for(f.id).id());
            inputs.set(f.id, bad.clone());
            // A typo that is another spelling of some choice is no typo: read, as ever.
            let Err(errors) = inputs.parse() else {
                continue;
            };
            let Some(e) = errors.iter().find(|e| e.field == f.id) else {
                continue;
            };
            let named = e
                .message
                .split_once("did you mean ")
                .or_else(|| e.message.split_once("closest known ids are "))
                .map(|(_, rest)| rest)
                .unwrap_or_else(|| panic!("{}={bad}: no closest value in '{}'", f.key, e.message));
            let names: Vec<&str> = named
                .trim_end_matches('?')
                .split([',', ' '])
                .map(|w| w.trim_end_matches('?'))
                .collect();
            assert!(
                names.contains(&id),
                "{}={bad} should name {id}: '{}'",
                f.key,
                e.message
            );
            checked += 1;
        }
    }
    // Every select field was reached, not a handful.
    assert!(checked > 200, "only {checked} values checked");
}

#[test]
fn a_value_like_no_choice_names_none_and_is_still_an_error() {
    let mut i = Inputs::default();
    i.set(FieldId::Engine, "zzzzzzzz");
    let e = i.parse().unwrap_err();
    let m = &e
        .iter()
        .find(|e| e.field == FieldId::Engine)
        .unwrap()
        .message;
    assert!(!m.contains("did you mean"), "{m}");
    assert!(m.contains("hf, vllm, sglang, llamacpp"), "{m}");
}

#[test]
fn the_issues_typos_name_their_values() {
    let cases = [
        (
            "mode=infer&engine=vlm",
            FieldId::Engine,
            "did you mean vllm?",
        ),
        (
            "framework=megatronn",
            FieldId::Framework,
            "did you mean megatron?",
        ),
        (
            "mode=sim&code=lammsp",
            FieldId::Code,
            "did you mean lammps?",
        ),
        (
            "optimizer=adamww",
            FieldId::Optimizer,
            "did you mean adamw?",
        ),
        (
            "mode=sim&node=archr2",
            FieldId::Node,
            "did you mean archer2?",
        ),
        (
            "mode=sim&method=particle",
            FieldId::Method,
            "did you mean particles?",
        ),
    ];
    for (q, field, hint) in cases {
        let errors = Inputs::from_typed_query(q).0.parse().unwrap_err();
        let m = &errors.iter().find(|e| e.field == field).unwrap().message;
        assert!(m.ends_with(hint), "{q}: {m}");
    }
}

#[test]
fn an_unknown_preset_is_an_input_error_naming_the_closest_and_no_estimate() {
    let (o, notices) = PageOptions::from_query("v=2&preset=lammps-rhodo&ranks=8");
    assert_eq!(o.preset, None);
    assert_eq!(o.unknown_preset.as_deref(), Some("lammps-rhodo"));
    let n = notices.iter().find(|n| n.key == "preset").unwrap();
    assert!(
        n.message.contains("(did you mean lammps-rhodopsin?)"),
        "{}",
        n.message
    );
    // The page's note under its stale verdict: no estimate, and why.
    let note = o.no_estimate_note().unwrap();
    assert!(note.starts_with("No estimate for this link"), "{note}");
    assert!(note.contains("lammps-rhodopsin"), "{note}");
    // Every preset id, mistyped, names itself.
    for p in PRESETS {
        let bad = typo(p.id).unwrap();
        assert!(unknown_preset(&bad).contains(p.id), "{bad}");
    }
    // A known preset, or none, is no error.
    for q in ["preset=lammps-rhodopsin", "preset=", "params=7B"] {
        let (o, notices) = PageOptions::from_query(q);
        assert_eq!(o.unknown_preset, None, "{q}");
        assert!(o.no_estimate_note().is_none(), "{q}");
        assert!(notices.is_empty(), "{q}: {notices:?}");
    }
}

#[test]
fn every_list_names_id_and_the_pages_name() {
    let presets = list("presets").unwrap();
    assert_eq!(presets.len(), PRESETS.len());
    assert!(presets.contains(&(
        "lammps-rhodopsin",
        "LAMMPS: rhodopsin in a membrane, 32,000 atoms, 4 ranks (bench/in.rhodo)"
    )));
    for (name, field) in LISTS {
        let rows = list(name).unwrap();
        let opts: Vec<_> = options(*field)
            .into_iter()
            .filter(|(id, _)| !id.is_empty())
            .collect();
        assert_eq!(rows, opts, "{name}");
    }
    assert!(list("engines")
        .unwrap()
        .contains(&("vllm", "vLLM (paged KV pool)")));
    // A select key is a list of its own; a key that is no list is none.
    assert!(list("precond").is_some());
    assert!(list("params").is_none());
    assert!(list("engine").is_some());
    for n in list_names() {
        assert!(list(n).is_some(), "{n}");
    }
}

#[test]
fn a_mistyped_page_option_names_the_closest_and_changes_no_figure() {
    // Page-only keys change what is shown, never the scenario: a notice, with the closest.
    for (q, key, hint) in [
        ("theme=drak", "theme", "did you mean dark?"),
        ("show=verdit", "show", "did you mean verdict?"),
        ("scaling_y=tiem", "scaling_y", "did you mean time?"),
        ("units=decimel", "units", "did you mean decimal?"),
        ("lock=nodse", "lock", "did you mean nodes"),
    ] {
        let (_, notices) = PageOptions::from_query(q);
        let n = notices.iter().find(|n| n.key == key).unwrap();
        assert!(n.message.contains(hint), "{q}: {}", n.message);
    }
}
