//! The URL query as a public API: decoding, notices and canonical encoding.

mod strategies;

use memcalc_core::explain::parts;
use memcalc_core::{Inputs, Scenario};
use proptest::prelude::*;
use strategies::{scenario_strategy, SHRINK_ITERS};

#[test]
fn default_scenario_encodes_to_the_version_only() {
    assert_eq!(Scenario::default().to_query(), "v=7");
}

#[test]
fn encoding_keeps_only_changed_values_in_form_order() {
    let (i, n) = Inputs::from_query("?optimizer=sgd&params=13e9&mode=infer");
    assert!(n.is_empty());
    // Read as version 1 (no `v=`): the bare count keeps its version-1 shape when re-written.
    assert_eq!(
        i.parse().unwrap().to_query(),
        "v=7&mode=infer&params=13B&optimizer=sgd&shape=dense"
    );
}

#[test]
fn an_architecture_without_a_count_derives_it_and_a_given_count_survives_the_round_trip() {
    let (i, _) = Inputs::from_query("layers=32&hidden=4096&heads=32&vocab=32000");
    let s = i.parse().unwrap();
    assert_eq!(s.param_count(), 6_738_415_616);
    assert_eq!(
        s.to_query(),
        "v=7&params=&layers=32&hidden=4096&heads=32&vocab=32000"
    );
    let (i, _) = Inputs::from_query("params=7B&layers=32&hidden=4096&heads=32&vocab=32000");
    let s = i.parse().unwrap();
    assert_eq!(s.param_count(), 7_000_000_000);
    let (back, _) = Inputs::from_query(&s.to_query());
    assert_eq!(back.parse().unwrap().param_count(), 7_000_000_000);
}

#[test]
fn whole_share_links_and_bare_queries_both_work() {
    let a = Inputs::from_query("https://example.org/calc/?params=125M&dtype=fp32#results").0;
    let b = Inputs::from_query("params=125M&dtype=fp32").0;
    assert_eq!(a, b);
    assert_eq!(a.get(memcalc_core::schema::fields::FieldId::Params), "125M");
}

#[test]
fn unknown_and_repeated_keys_are_reported_not_fatal() {
    let (i, n) = Inputs::from_query("params=1B&colour=blue&params=2B");
    assert_eq!(i.get(memcalc_core::schema::fields::FieldId::Params), "2B");
    assert!(n
        .iter()
        .any(|n| n.key == "colour" && n.message.contains("Unknown parameter 'colour'")));
    assert!(n
        .iter()
        .any(|n| n.key == "params" && n.message.contains("more than once")));
    assert!(i.parse().is_ok());
}

#[test]
fn invalid_values_stay_as_typed_with_a_specific_message() {
    let (i, _) = Inputs::from_query("params=banana&dtype=fp12&gpu=toaster&overhead=250");
    assert_eq!(
        i.get(memcalc_core::schema::fields::FieldId::Params),
        "banana"
    );
    let errs = i.parse().unwrap_err();
    let msg = |k: &str| {
        errs.iter()
            .find(|e| e.key() == k)
            .map(|e| e.message.clone())
            .unwrap_or_default()
    };
    assert!(
        msg("params").contains("'banana' is not a count"),
        "{}",
        msg("params")
    );
    assert!(
        msg("dtype").contains("fp12") && msg("dtype").contains("bf16"),
        "{}",
        msg("dtype")
    );
    assert!(msg("gpu").contains("toaster"), "{}", msg("gpu"));
    assert!(
        msg("overhead").contains("between 0 and 100"),
        "{}",
        msg("overhead")
    );
}

#[test]
fn limits_are_stated() {
    let (i, _) = Inputs::from_query("params=2e15");
    assert!(i.parse().unwrap_err()[0]
        .message
        .contains("above the limit of 1,000,000,000,000,000"));
    let (i, _) = Inputs::from_query("params=0");
    assert!(i.parse().unwrap_err()[0].message.contains("at least 1"));
}

#[test]
fn percent_escapes_and_plus_decode() {
    let (i, _) = Inputs::from_query("params=6.7%65%39&gpu_mem=80+GB");
    assert_eq!(
        i.get(memcalc_core::schema::fields::FieldId::Params),
        "6.7e9"
    );
    assert_eq!(
        i.get(memcalc_core::schema::fields::FieldId::GpuMem),
        "80 GB"
    );
    assert_eq!(i.parse().unwrap().device.custom_bytes, Some(80_000_000_000));
}

fn device_sum(e: &memcalc_core::Estimate) -> u64 {
    // Byte counts saturate at u64::MAX rather than wrap; so does their total.
    memcalc_core::base::sat::sum(
        e.components
            .iter()
            .filter(|c| c.location == memcalc_core::Location::Device)
            .map(|c| c.bytes),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { max_shrink_iters: SHRINK_ITERS, ..ProptestConfig::default() })]

    #[test]
    fn decoding_an_encoded_link_gives_back_the_state(s in scenario_strategy()) {
        let q = s.to_query();
        let (inputs, notices) = Inputs::from_query(&q);
        prop_assert!(notices.is_empty());
        let back = inputs.parse().map_err(|e| TestCaseError::fail(format!("{q}: {e:?}")))?;
        prop_assert_eq!(back, s);
        prop_assert_eq!(back.to_query(), q);
    }

    #[test]
    fn a_link_relative_to_a_preset_gives_back_the_state(s in scenario_strategy(), pick in 0usize..64) {
        let preset = &memcalc_core::schema::presets::PRESETS[pick % memcalc_core::schema::presets::PRESETS.len()];
        let q = s.link(Some(preset));
        prop_assert!(q.starts_with(&format!("v=7&preset={}", preset.id)), "{}", q);
        let (inputs, notices) = Inputs::from_query(&q);
        prop_assert!(notices.is_empty(), "{:?}", notices);
        let back = inputs.parse().map_err(|e| TestCaseError::fail(format!("{q}: {e:?}")))?;
        prop_assert_eq!(back, s);
        prop_assert_eq!(back.link(Some(preset)), q);
    }

    #[test]
    fn page_options_survive_the_link(units in any::<bool>(), embed in any::<bool>(), show in 1u16..512, lock in proptest::collection::vec(0usize..200, 0..4), theme in 0u8..3) {
        use memcalc_core::schema::page::{PageOptions, Part, Parts, Theme};
        // Bit i of `show`: the i-th part.
        let show = Part::ALL.into_iter().enumerate().fold(Parts::NONE, |set, (i, p)| set.with(p, show & (1 << i) != 0));
        let mut o = PageOptions {
            units: if units { memcalc_core::base::units::UnitSystem::Decimal } else { memcalc_core::base::units::UnitSystem::Binary },
            embed,
            show,
            theme: [Theme::Auto, Theme::Light, Theme::Dark][theme as usize],
            ..PageOptions::default()
        };
        for i in lock {
            let k = memcalc_core::schema::fields::FIELDS[i % memcalc_core::schema::fields::FIELDS.len()].id;
            if !o.lock.contains(&k) {
                o.lock.push(k);
            }
        }
        let q = format!("v=1{}", o.query_suffix());
        let (back, notices) = PageOptions::from_query(&q);
        prop_assert!(notices.is_empty(), "{:?}", notices);
        prop_assert_eq!(&back, &o);
        let (_, notices) = Inputs::from_query(&q);
        prop_assert!(notices.is_empty(), "{:?}", notices);
    }

    /// The searches' bytes-only estimate has the verdict's numbers, row by row, and no words.
    #[test]
    fn every_row_is_written_from_its_values(s in scenario_strategy(), sim in any::<bool>()) {
        let s = if sim { Scenario { mode: memcalc_core::Mode::Sim, ..s } } else { s };
        let e = memcalc_core::estimate(&s);
        // An estimate holds no text: what the searches read is the estimate itself.
        prop_assert_eq!(&memcalc_core::model::bytes(&s), &e);
        for c in &e.components {
            let f = parts::formula(c);
            prop_assert!(!parts::label(c).is_empty(), "{}: no label", c.id);
            let result = f.rsplit(" = ").next().unwrap_or("");
            prop_assert!(f.contains(" = ") && result.starts_with(|d: char| d.is_ascii_digit()) && result.contains(" B"), "{}: {:?}", c.id, f);
            prop_assert!(!parts::question(c).is_empty() && !parts::explanation(c).is_empty() && !parts::source(c).is_empty(), "{}: missing words: {:?} {:?} {:?}", c.id, parts::question(c), parts::explanation(c), parts::source(c));
        }
    }

    #[test]
    fn derived_answers_never_panic_and_agree_with_the_estimate(s in scenario_strategy()) {
        let d = memcalc_core::analysis::derived::derive(&s);
        if let Some(b) = d.max_batch {
            let at_max = Scenario { batch: b, ..s };
            prop_assert!(memcalc_core::estimate(&at_max).fits_device(), "max batch {} does not fit", b);
        }
        for sv in &d.savings {
            prop_assert!(sv.saved > 0);
        }
        // The scaling view, the FAQ, the check against a measurement and the exports too.
        let e = memcalc_core::estimate(&s);
        let sc = memcalc_core::analysis::scaling::scaling(&s);
        prop_assert!(sc.series.iter().all(|x| x.points.windows(2).all(|w| w[0].0 < w[1].0)));
        let _ = sc.boundary_text();
        prop_assert!(!memcalc_core::explain::faq::faq(&s, &e, memcalc_core::base::units::UnitSystem::Decimal).is_empty());
        if let Some(c) = memcalc_core::model::calibrate::check(&s, &e) {
            prop_assert!(c.estimated <= e.per_device_bytes);
        }
        let json = memcalc_core::report::to_json(&e, &[], None);
        let ok_json = json.starts_with('{') && json.ends_with("}\n");
        prop_assert!(ok_json);
        // One row per part, the header and the total, and a pooled engine's answer.
        prop_assert_eq!(memcalc_core::report::to_csv(&e, None).lines().count(), e.components.len() + 2 + usize::from(e.serving.is_some()));
    }

    #[test]
    fn any_query_string_is_handled_without_panic(q in ".{0,200}") {
        let (inputs, _) = Inputs::from_query(&q);
        if let Ok(s) = inputs.parse() {
            let e = memcalc_core::estimate(&s);
            prop_assert_eq!(e.per_device_bytes, device_sum(&e));
        }
    }

    #[test]
    fn estimates_never_overflow_and_grow_with_parameters(s in scenario_strategy()) {
        let e = memcalc_core::estimate(&s);
        // Byte counts saturate at u64::MAX rather than wrap (checked by the arithmetic itself,
        // which panics on overflow in this debug build).
        let _all: u128 = e.components.iter().map(|c| u128::from(c.bytes)).sum();
        prop_assert_eq!(e.per_device_bytes, device_sum(&e));
        // Simulations total what is in use; their busiest node counts imbalance and allocation
        // rounding, so only neural models compare the two.
        if s.mode != memcalc_core::Mode::Sim {
            prop_assert!(e.cluster_bytes >= e.per_device_bytes);
        }
        if let Some(p) = s.params {
            if p < 1_000_000_000_000_000 {
                let bigger = memcalc_core::estimate(&Scenario { params: Some(p + 1), ..s });
                prop_assert!(bigger.per_device_bytes >= e.per_device_bytes);
            }
        }
        if s.batch < (1 << 24) {
            let bigger = memcalc_core::estimate(&Scenario { batch: s.batch + 1, ..s });
            prop_assert!(bigger.per_device_bytes >= e.per_device_bytes, "batch + 1 lowered memory");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { max_shrink_iters: SHRINK_ITERS, ..ProptestConfig::with_cases(128) })]

    #[test]
    fn more_ranks_never_raise_memory_per_rank_nor_lower_the_total(s in scenario_strategy(), extra in 1u64..64) {
        let s = Scenario { mode: memcalc_core::Mode::Sim, ..s };
        // HPCG's halo follows its integer process grid too: a rank with more neighbours keeps
        // more external columns (3,671 ranks, a prime, line up 3671 × 1 × 1; 3,674 make a 3-D
        // grid), so with rows to spare per rank its memory can rise with the ranks, as HPCG's
        // does; hpcg_memory_per_rank_falls_as_ranks_split_the_grid checks it on real sizes, and
        // here the mesh is stored as a generic code's.
        use memcalc_core::scenario::sim::MeshStorage;
        let s = match s.sim.mesh_storage {
            MeshStorage::Hpcg => Scenario { sim: memcalc_core::scenario::sim::Sim { mesh_storage: MeshStorage::Nodal, ..s.sim }, ..s },
            _ => s,
        };
        // SPARC's own estimate (estimate_memory) counts the subspace matrices once per domain
        // process, floor(P ÷ (spin/k groups × band groups)) of them, divided over all P: with P
        // not a multiple of the groups that share stays a few bytes under its even value and
        // catches up as P grows, as SPARC prints it. Compared at whole domains.
        use memcalc_core::scenario::planewave::DftArrays;
        let sparc = s.sim.method == memcalc_core::scenario::sim::Method::Planewave && s.sim.pw.arrays == DftArrays::Sparc;
        let whole = if sparc { s.sim.pw.pools.max(1) * s.sim.pw.band_groups.max(1) } else { 1 };
        let s = Scenario { sim: memcalc_core::scenario::sim::Sim { ranks: s.sim.ranks.div_ceil(whole) * whole, ..s.sim }, ..s };
        // Particle codes follow the integer processor grid, where only doubling the ranks is
        // guaranteed to shrink every subdomain; the other methods assume an even split.
        let ranks = if s.sim.method == memcalc_core::scenario::sim::Method::Particles { s.sim.ranks * 2 } else { s.sim.ranks + extra * whole };
        let more = Scenario { sim: memcalc_core::scenario::sim::Sim { ranks, ..s.sim }, ..s };
        let (a, b) = (memcalc_core::estimate(&s), memcalc_core::estimate(&more));
        prop_assert!(b.per_rank_bytes <= a.per_rank_bytes, "per rank rose: {} -> {}", a.per_rank_bytes, b.per_rank_bytes);
        prop_assert!(b.cluster_bytes >= a.cluster_bytes, "total fell: {} -> {}", a.cluster_bytes, b.cluster_bytes);
    }
}

#[test]
fn every_url_key_is_documented() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/url-parameters.md"
    ))
    .unwrap();
    // The keys a table row documents: its first cell, one key or several (`nx`, `ny`, `nz`).
    let documented: Vec<&str> = doc
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split(" |").next())
        .flat_map(|cell| cell.split(", "))
        .map(|k| k.trim_matches('`'))
        .collect();
    for id in memcalc_core::schema::fields::FieldId::ALL {
        assert!(
            documented.contains(&id.key()),
            "docs/url-parameters.md has no row for `{}`",
            id.key()
        );
    }
    for key in &documented {
        assert!(
            memcalc_core::schema::fields::FieldId::from_key(key).is_some()
                || memcalc_core::schema::query::META_KEYS.contains(key),
            "docs/url-parameters.md documents `{key}`, which the query does not read"
        );
    }
    for key in memcalc_core::schema::query::META_KEYS
        .iter()
        .copied()
        .chain(memcalc_core::schema::page::Part::ALL.map(|p| p.id()))
    {
        assert!(
            doc.contains(&format!("`{key}`")),
            "docs/url-parameters.md lacks `{key}`"
        );
    }
    for p in memcalc_core::schema::presets::PRESETS {
        assert!(
            doc.contains(&format!("`{}`", p.id)),
            "docs/url-parameters.md lacks preset `{}`",
            p.id
        );
    }
    // The `v` row names every schema version and the current one as its default (it said 5
    // for a while after links became version 6).
    let v_row = doc
        .lines()
        .find(|l| l.starts_with("| `v` |"))
        .expect("a row for `v`");
    let current = memcalc_core::schema::query::SCHEMA_VERSION;
    let versions: Vec<String> = (1..=current).map(|v| format!("`{v}`")).collect();
    assert!(
        v_row.contains(&versions.join(", ")) && v_row.ends_with(&format!("| `{current}` |")),
        "docs/url-parameters.md's `v` row is not at version {current}: {v_row}"
    );
}

/// Links written with schema version 1, kept verbatim: whatever the schema becomes, each must
/// still open with the same total. (A new schema version adds a migration in query.rs and
/// these keep passing through it.)
#[test]
fn links_written_with_schema_version_1_still_open() {
    let text = include_str!("links_v1.txt");
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let (link, bytes) = line.rsplit_once(' ').unwrap();
        let (inputs, notices) = Inputs::from_query(link);
        assert!(notices.is_empty(), "{link}: {notices:?}");
        let s = inputs.parse().unwrap_or_else(|e| panic!("{link}: {e:?}"));
        assert_eq!(
            memcalc_core::estimate(&s).per_device_bytes.to_string(),
            bytes,
            "{link}"
        );
        n += 1;
    }
    assert!(n >= 10);
}

#[test]
fn page_options_report_what_they_cannot_use() {
    use memcalc_core::schema::page::{PageOptions, Part};
    let (o, n) = PageOptions::from_query(
        "v=1&show=chart,bogus&lock=params,nope&units=furlongs&preset=nope&embed=1",
    );
    assert!(o.embed);
    assert!(o.shows(Part::Chart) && !o.shows(Part::Form));
    assert_eq!(o.lock, vec![memcalc_core::schema::fields::FieldId::Params]);
    let keys: Vec<&str> = n.iter().map(|n| n.key.as_str()).collect();
    assert_eq!(keys, ["show", "lock", "units", "preset"]);
}

/// Applies a suggestion's patch as the page's Apply button does: through the form's inputs.
fn with_patch(
    s: &Scenario,
    patch: &[(memcalc_core::schema::fields::FieldId, String)],
) -> Option<Scenario> {
    let (mut i, _) = Inputs::from_query(&s.to_query());
    for (k, v) in patch {
        i.set(*k, v.clone());
    }
    i.parse().ok()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Every search, sweep and suggestion goes through the same estimate as the verdict, so what
    /// each proposes is what the verdict of the proposed scenario says (a kept calibration
    /// included: it once counted in the verdict but not in the node search).
    #[test]
    fn every_derived_answer_agrees_with_the_verdict_of_the_scenario_it_proposes(s in scenario_strategy(), sim in any::<bool>()) {
        use memcalc_core::scenario::{Parallel, MAX_BATCH};
        let s = if sim { Scenario { mode: memcalc_core::Mode::Sim, ..s } } else { s };
        let fits = |t: &Scenario| memcalc_core::estimate(t).fits_device();
        let d = memcalc_core::analysis::derived::derive(&s);
        if let Some(b) = d.max_batch {
            prop_assert!(fits(&Scenario { batch: b, ..s }), "largest batch {b} does not fit");
            prop_assert!(b == MAX_BATCH || !fits(&Scenario { batch: b + 1, ..s }), "batch {} fits too", b + 1);
        }
        if let Some(g) = d.fewest_gpus {
            // Inference proposes a tensor-parallel degree (one replica); training more replicas.
            // llama.cpp's answer is a layer split over g GPUs (pp = g, one tensor-parallel rank).
            let (tp, pp) = if d.layer_split {
                (1, g)
            } else if s.mode == memcalc_core::Mode::Infer && s.sciml.is_transformer() {
                (g / s.parallel.pp, s.parallel.pp)
            } else {
                (s.parallel.tp, s.parallel.pp)
            };
            prop_assert!(fits(&Scenario { parallel: Parallel { gpus: g, tp, pp, ..s.parallel }, ..s }), "fewest GPUs {g} does not fit");
        }
        let per_node = s.sim.ranks.div_ceil(s.sim.nodes).max(1);
        let on_nodes = |n: u64| Scenario { sim: memcalc_core::scenario::sim::Sim { nodes: n, ranks: per_node * n, ..s.sim }, ..s };
        if let Some(n) = d.fewest_nodes {
            prop_assert!(fits(&on_nodes(n)), "fewest nodes {n} does not fit");
            prop_assert!(n == 1 || !fits(&on_nodes(n - 1)), "{} nodes fit too", n - 1);
            // The search keeps ranks per node: the scenario is that layout only when its ranks
            // divide evenly over its nodes.
            if s.sim.nodes == n && s.sim.ranks == per_node * n {
                prop_assert!(fits(&s), "the verdict disagrees with fewest nodes {n}");
            }
        }
        if let memcalc_core::analysis::scaling::Boundary::From { fit, over } = d.scaling.boundary() {
            if s.mode == memcalc_core::Mode::Sim {
                prop_assert!(fits(&on_nodes(fit)) && !fits(&on_nodes(over)), "scaling boundary {over}→{fit} disagrees with the verdicts");
            }
        }
        for sv in &d.savings {
            let Some(t) = with_patch(&s, &sv.patch) else { continue };
            let e = memcalc_core::estimate(&t);
            prop_assert_eq!(e.fits_device(), sv.fits_after, "{}: fits_after disagrees", sv.label);
            prop_assert_eq!(e.per_device_bytes, sv.bytes_after, "{}: bytes_after disagrees", sv.label);
        }
    }
}

#[test]
fn a_kept_calibration_counts_in_the_verdict_the_node_search_and_the_scaling_chart_alike() {
    // 64 ranks of a grid code on 256 GiB nodes, with 3.5 GiB per rank kept from a measurement:
    // once "1 node does not fit" beside "fewest nodes that fit: 1".
    let (i, n) = Inputs::from_query(
        "mode=sim&method=grid&nx=1440&ny=721&nz=137&fields=10&levels=3&ranks=64&nodes=1&node_mem=256&calibration=3584MiB",
    );
    assert!(n.is_empty(), "{n:?}");
    let s = i.parse().unwrap();
    let e = memcalc_core::estimate(&s);
    let d = memcalc_core::analysis::derived::derive(&s);
    let nodes = d.fewest_nodes.expect("some node count fits");
    assert!(!e.fits_device(), "one node should be too small");
    assert_eq!(
        nodes, 2,
        "the calibration is per rank: two nodes halve the grid, not it"
    );
    match d.scaling.boundary() {
        memcalc_core::analysis::scaling::Boundary::From { fit, .. } => assert_eq!(fit, nodes),
        memcalc_core::analysis::scaling::Boundary::Always => assert_eq!(nodes, 1),
        b => panic!("unexpected boundary {b:?}"),
    }
}

#[test]
fn every_export_carries_the_link_and_the_inputs_that_differ_from_defaults() {
    use memcalc_core::report::{to_csv, to_json, to_markdown, Origin};
    let (i, _) = Inputs::from_query("v=2&params=13B&gpus=8&zero=2&offload=optimizer");
    let s = i.parse().unwrap();
    let e = memcalc_core::estimate(&s);
    let link = format!("https://example.org/memcalc/?{}", s.to_query());
    let o = Origin::new(&s, link.clone());
    assert_eq!(
        o.inputs,
        [
            ("params", "13B"),
            ("gpus", "8"),
            ("zero", "2"),
            ("offload", "optimizer")
        ]
        .map(|(k, v)| (k.to_string(), v.to_string()))
    );
    let json = to_json(&e, &[], Some(&o));
    assert!(json.starts_with("{\"schema_version\":1,"), "{json}");
    assert!(json.contains(&format!("\"link\":\"{link}\"")), "{json}");
    assert!(json.contains("\"inputs\":{\"params\":\"13B\",\"gpus\":\"8\",\"zero\":\"2\",\"offload\":\"optimizer\"}"), "{json}");
    let csv = to_csv(&e, Some(&o));
    assert!(csv.contains("\ninput:zero,ZeRO stage,,,2\n"), "{csv}");
    assert!(
        csv.ends_with(&format!(
            "link,Link that reopens this calculation,,,{link}\n"
        )),
        "{csv}"
    );
    let md = to_markdown(&e, Default::default(), Some(&o));
    assert!(
        md.starts_with(&format!(
            "[Reopen this calculation]({link})\n\n| Input | Key | Value |"
        )),
        "{md}"
    );
    assert!(md.contains("| GPUs | `gpus` | 8 |"), "{md}");
    // The link reopens the same numbers.
    let (back, _) = Inputs::from_query(&link);
    assert_eq!(
        memcalc_core::estimate(&back.parse().unwrap()).per_device_bytes,
        e.per_device_bytes
    );
}

#[test]
fn suggestions_never_change_the_question() {
    use memcalc_core::analysis::derived::{context_limit, derive, STATED};
    for q in [
        "mode=train&params=7B",
        "mode=train&params=7B&gpus=8&zero=1",
        "mode=finetune&params=7B",
        "mode=infer&params=70B",
        "mode=train&model=fno",
        "mode=sim&method=lbm&nx=512&ny=512&nz=512",
    ] {
        let (i, _) = Inputs::from_query(q);
        let s = i.parse().unwrap();
        for sv in derive(&s).savings {
            assert!(
                sv.patch.iter().all(|(k, _)| !STATED.contains(k)),
                "{q}: '{}' changes {:?}",
                sv.label,
                sv.patch
            );
        }
    }
    // Fine-tuning may still be offered LoRA, in its own mode.
    let (i, _) = Inputs::from_query("mode=finetune&params=7B");
    let d = derive(&i.parse().unwrap());
    assert!(d.savings.iter().any(|sv| sv.patch
        == [(
            memcalc_core::schema::fields::FieldId::LoraRank,
            "16".to_string()
        )]));
    // A context longer than the model's maximum is never offered (Mixtral: 32,768).
    let p = memcalc_core::schema::presets::PRESETS
        .iter()
        .find(|p| p.id == "mixtral-8x7b-serve")
        .unwrap();
    let s = memcalc_core::schema::query::preset_scenario(p).unwrap();
    assert_eq!(context_limit(&s), Some(32_768));
    let d = derive(&s);
    assert_eq!((d.max_seq, d.context_limit), (Some(32_768), Some(32_768)));
    // Without a trained context, memory alone decides (far more than 32,768 here).
    let (i, _) = Inputs::from_query(&format!("{}&max_context=", p.query));
    let s = i.parse().unwrap();
    assert_eq!(context_limit(&s), None);
    assert!(derive(&s).max_seq.unwrap() > 32_768);
}

#[test]
fn a_preset_left_by_an_edit_says_so() {
    let p = &memcalc_core::schema::presets::PRESETS[0];
    let s = memcalc_core::schema::query::preset_scenario(p).unwrap();
    assert!(!p.edited(&s));
    let (i, _) = Inputs::from_query(&format!("{}&batch=3", p.query));
    assert!(p.edited(&i.parse().unwrap()));
}

#[test]
fn an_empty_query_is_todays_page_not_an_old_link() {
    for q in ["", "?", "https://example.org/calc/"] {
        let (i, n) = Inputs::from_query(q);
        assert!(n.is_empty(), "{q}: {n:?}");
        assert_eq!(
            i.parse().unwrap().to_query(),
            format!("v={}", memcalc_core::schema::query::SCHEMA_VERSION),
            "{q}"
        );
    }
}

#[test]
fn hpcg_memory_per_rank_falls_as_ranks_split_the_grid() {
    // 256³ rows over 8, 64 and 512 ranks (cubes: every rank a 3-D subdomain): each step splits
    // the rows by 8 and the per-rank bytes fall with them, the halo columns by less.
    let per_rank = |ranks: u64| {
        let q = format!(
            "mode=sim&code=hpcg&cells=16777216&ranks={ranks}&nodes=1&rank_overhead=0&overhead=0"
        );
        let (inputs, _) = memcalc_core::Inputs::from_query(&q);
        memcalc_core::estimate(&inputs.parse().expect(&q)).per_rank_bytes
    };
    let (a, b, c) = (per_rank(8), per_rank(64), per_rank(512));
    assert!(b < a && c < b, "per rank {a} → {b} → {c}");
    assert!(
        a / b >= 6 && b / c >= 6,
        "per rank {a} → {b} → {c}: about 8× each"
    );
}

/// The per-device bytes and the step time (a decode step in inference) of a link, as
/// `links_v2.txt` records them; "-" where there is no time model.
fn bytes_and_step(link: &str) -> (String, String) {
    let (inputs, notices) = Inputs::from_query(link);
    assert!(notices.is_empty(), "{link}: {notices:?}");
    let s = inputs.parse().unwrap_or_else(|e| panic!("{link}: {e:?}"));
    let e = memcalc_core::estimate(&s);
    let step = match memcalc_core::speed(&s, &e) {
        Ok(Some(sp)) => match sp.steps {
            memcalc_core::Steps::Inference { decode_step, .. } => decode_step.seconds(),
            memcalc_core::Steps::Training { step, .. }
            | memcalc_core::Steps::Sim { step, .. }
            | memcalc_core::Steps::Surrogate { step, .. } => step.seconds(),
        },
        _ => None,
    };
    (
        e.per_device_bytes.to_string(),
        step.map_or("-".into(), |t| format!("{t:?}")),
    )
}

/// Links written with schema version 2 (plane-wave runs without `cell_volume`, llama.cpp without
/// `kv_dtype`, and other modes), kept verbatim with the bytes and step time they gave when
/// written: version 3 changed both defaults, and each must still open with the same numbers.
#[test]
fn links_written_with_schema_version_2_still_open() {
    let text = include_str!("links_v2.txt");
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let mut f = line.split_whitespace();
        let (link, bytes, step) = (f.next().unwrap(), f.next().unwrap(), f.next().unwrap());
        assert_eq!(
            bytes_and_step(link),
            (bytes.to_string(), step.to_string()),
            "{link}"
        );
        // Written again, the link is a current-version one with the same numbers.
        let again = Inputs::from_query(link).0.parse().unwrap().to_query();
        assert!(again.starts_with("v=7"), "{again}");
        assert_eq!(
            bytes_and_step(&again),
            (bytes.to_string(), step.to_string()),
            "{link} → {again}"
        );
        n += 1;
    }
    assert!(n >= 30);
}

/// Version 2 → 3 pins the old defaults only where a link relied on them and they matter.
#[test]
fn version_2_links_carry_the_old_defaults_only_where_they_matter() {
    let again = |q: &str| Inputs::from_query(q).0.parse().unwrap().to_query();
    // Plane-wave runs without a volume: pinned, whatever the code (or none, or a preset that
    // gives none; version 1 too).
    for q in [
        "v=2&mode=sim&code=quantum_espresso",
        "v=2&mode=sim&code=abinit&ranks=4",
        "v=2&mode=sim&code=sparc",
        "v=2&mode=sim&method=planewave",
        "v=2&preset=sparc-alsi-md&ranks=24",
        "mode=sim&method=planewave",
    ] {
        assert!(
            again(q).contains("&cell_volume=2122.416"),
            "{q}: {}",
            again(q)
        );
    }
    // A volume given, by the link or its preset, or a run that is no plane-wave one: nothing.
    for q in [
        "v=2&mode=sim&code=quantum_espresso&cell_volume=8489.664",
        "v=2&preset=qe-si64&ranks=64",
        "v=2&mode=sim&method=grid",
        "v=2&method=planewave",
        "v=3&mode=sim&code=quantum_espresso",
    ] {
        assert!(!again(q).contains("cell_volume"), "{q}: {}", again(q));
    }
    // llama.cpp without kv_dtype: a 4-byte cache keeps its format; a 2-byte one was F16 already.
    for (q, kv) in [
        (
            "v=2&mode=infer&engine=llamacpp&params=7B&dtype=fp32",
            Some("fp32"),
        ),
        (
            "v=2&mode=infer&engine=llamacpp&params=7B&dtype=tf32",
            Some("tf32"),
        ),
        (
            "v=2&preset=llama-3-8b-serve&engine=llamacpp&dtype=fp32",
            Some("fp32"),
        ),
        ("v=2&mode=infer&engine=llamacpp&params=7B&dtype=bf16", None),
        ("v=2&mode=infer&engine=llamacpp&params=7B&dtype=fp16", None),
        ("v=2&mode=infer&engine=llamacpp&params=7B&dtype=fp8", None),
        (
            "v=2&mode=infer&engine=llamacpp&params=7B&dtype=fp32&kv_dtype=q8_0",
            Some("q8_0"),
        ),
        ("v=2&mode=infer&engine=vllm&params=7B&dtype=fp32", None),
        ("v=2&mode=infer&params=7B&dtype=fp32", None),
        ("v=2&mode=train&engine=llamacpp&dtype=fp32", None),
        ("v=3&mode=infer&engine=llamacpp&params=7B&dtype=fp32", None),
    ] {
        let kv = kv.map(|k| format!("&kv_dtype={k}"));
        let got = again(q);
        let found = got
            .split('&')
            .find(|p| p.starts_with("kv_dtype="))
            .map(|p| format!("&{p}"));
        assert_eq!(found, kv, "{q}: {got}");
    }
}

#[test]
fn the_default_plane_wave_run_has_the_volume_of_its_64_atoms() {
    use memcalc_core::model::warning::Warning;
    for q in [
        "mode=sim&method=planewave",
        "mode=sim&code=quantum_espresso",
        "mode=sim&code=abinit",
        "mode=sim&code=sparc",
    ] {
        let s = Inputs::from_typed_query(q).0.parse().unwrap();
        assert_eq!(s.sim.pw.volume_milli, 8_489_664, "{q}");
        let e = memcalc_core::estimate(&s);
        assert!(
            !e.warnings
                .iter()
                .any(|w| matches!(w, Warning::CrowdedCell { .. } | Warning::DenseCell { .. })),
            "{q}: {:?}",
            e.warnings
        );
        // The same run written with version 2 had the 16-atom cell, and was warned about.
        let old = Inputs::from_query(&format!("v=2&{q}")).0.parse().unwrap();
        assert_eq!(old.sim.pw.volume_milli, 2_122_416, "{q}");
    }
    let old = Inputs::from_query("v=2&mode=sim&method=planewave")
        .0
        .parse()
        .unwrap();
    assert!(memcalc_core::estimate(&old)
        .warnings
        .iter()
        .any(|w| matches!(w, Warning::CrowdedCell { .. })));
}

#[test]
fn llamacpp_caches_in_f16_whatever_the_weights_and_other_engines_do_not() {
    use memcalc_core::catalog::precision::Dtype;
    use memcalc_core::PartId;
    let read = |q: &str| Inputs::from_typed_query(q).0.parse().unwrap();
    for d in ["fp32", "tf32", "bf16", "fp16", "fp8", "fp64"] {
        let s = read(&format!("mode=infer&engine=llamacpp&params=7B&dtype={d}"));
        assert_eq!(s.kv_dtype(), Dtype::Fp16, "{d}");
        // Given, the cache type is kept.
        let s = read(&format!(
            "mode=infer&engine=llamacpp&params=7B&dtype={d}&kv_dtype=fp32"
        ));
        assert_eq!(s.kv_dtype(), Dtype::Fp32, "{d}");
    }
    // Other engines cache in the weights' precision, as before.
    for e in ["hf", "vllm", "sglang"] {
        let s = read(&format!("mode=infer&engine={e}&params=7B&dtype=fp32"));
        assert_eq!(s.kv_dtype(), Dtype::Fp32, "{e}");
    }
    // The FP32 model's cache is half the bytes of version 2's, and the text says why.
    let q = "mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&dtype=fp32&seq=4096";
    let kv = |s: &Scenario| {
        memcalc_core::estimate(s)
            .components
            .into_iter()
            .find(|c| c.id == PartId::KvCache)
            .unwrap()
    };
    let (new, old) = (
        kv(&read(q)),
        kv(&Inputs::from_query(&format!("v=2&{q}")).0.parse().unwrap()),
    );
    assert_eq!(new.bytes * 2, old.bytes);
    let text = parts::explanation(&new);
    assert!(
        text.contains("in FP16, llama.cpp's default cache type") && text.contains("GGML_TYPE_F16"),
        "{text}"
    );
    assert!(parts::explanation(&old).ends_with("in FP32."));
}

/// A version-2 llama.cpp link with FP64 weights and no `kv_dtype` counted an 8-byte cache that
/// llama.cpp cannot hold (`kv_dtype=fp64` is refused with llama.cpp): it is not pinned, so it
/// stays valid and opens with llama.cpp's F16 cache, the one exception to version 2's numbers.
#[test]
fn a_version_2_llamacpp_fp64_link_opens_with_the_f16_cache() {
    let q = "v=2&mode=infer&engine=llamacpp&params=7B&dtype=fp64";
    let (i, n) = Inputs::from_query(q);
    assert!(n.is_empty());
    let s = i.parse().unwrap();
    assert_eq!(s.kv_dtype(), memcalc_core::catalog::precision::Dtype::Fp16);
    assert!(!s.to_query().contains("kv_dtype"));
}

/// The SPARC preset relied on version 2's default volume; version 3 gives it its test's cell
/// (LATVEC_SCALE 15 bohr), whose 43³ mesh is SPARC's MESH_SPACING 0.35, while a version-2 link
/// naming the preset keeps the volume it was written with.
#[test]
fn the_sparc_preset_has_its_test_s_cell_and_old_links_keep_theirs() {
    let p = memcalc_core::inputs::presets::preset_by_id("sparc-alsi-md").unwrap();
    let s = memcalc_core::schema::query::preset_scenario(p).unwrap();
    assert_eq!(s.sim.pw.volume_milli, 3_375_000);
    let h = (3375.0_f64 / 79_507.0).cbrt();
    assert!((h - 0.35).abs() < 0.002, "{h}");
    let old = Inputs::from_query("v=2&preset=sparc-alsi-md")
        .0
        .parse()
        .unwrap();
    assert_eq!(old.sim.pw.volume_milli, 2_122_416);
    assert_eq!(
        old.link(Some(p)),
        "v=7&preset=sparc-alsi-md&cell_volume=2122.416"
    );
    // The other silicon presets gave their volume in version 2 already.
    for id in ["qe-si64", "abinit-si64"] {
        let s = Inputs::from_query(&format!("v=2&preset={id}"))
            .0
            .parse()
            .unwrap();
        assert_eq!(s.sim.pw.volume_milli, 8_489_664, "{id}");
    }
}

/// Links written with schema version 3 (every preset, and the older links as version 3 writes
/// them), kept verbatim with the bytes they gave when written: a later version's defaults are
/// pinned for them, so each opens, and written again opens, with the same bytes.
#[test]
fn links_written_with_schema_version_3_still_open() {
    let text = include_str!("links_v3.txt");
    let bytes = |link: &str| {
        let (inputs, notices) = Inputs::from_query(link);
        assert!(notices.is_empty(), "{link}: {notices:?}");
        let s = inputs.parse().unwrap_or_else(|e| panic!("{link}: {e:?}"));
        memcalc_core::estimate(&s).per_device_bytes.to_string()
    };
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let (link, want) = line.split_once(' ').unwrap();
        assert_eq!(bytes(link), want.trim(), "{link}");
        let again = Inputs::from_query(link).0.parse().unwrap().to_query();
        assert_eq!(bytes(&again), want.trim(), "{link} → {again}");
        n += 1;
    }
    assert!(n >= 80);
}
