//! An honest range on every number (issue 37): the bands of `analysis::band`, built from
//! docs/accuracy.md's rows leave-one-source-out, kept current (the generated table must be what
//! the rows give today), meeting their coverage target, and said beside every figure: the
//! words, the JSON, the verdict and the time answer.

mod common;

use memcalc_core::analysis::band::{
    self, class_key, compute, doc_rows, generate, loso_scores, samples, Band, Entry, Figure, Sample,
};
use memcalc_core::report;
use memcalc_core::units::UnitSystem;

fn doc() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/accuracy.md"
    ))
    .expect("docs/accuracy.md")
}

#[test]
fn the_generated_table_is_what_the_rows_give_today() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/analysis/band_table.rs");
    let have = std::fs::read_to_string(path).unwrap();
    let want = generate(&doc());
    assert!(
        have == want,
        "src/analysis/band_table.rs is stale: a row or a mechanism changed. Regenerate it with \
         `cargo run -p memcalc-core --example bands` (it prints the bands and the coverage)"
    );
}

#[test]
fn every_row_of_the_tables_is_read_and_classed() {
    let rows = doc_rows(&doc());
    let memory = rows.iter().filter(|r| !r.speed).count();
    let time = rows.iter().filter(|r| r.speed).count();
    assert!(
        memory >= 150 && time >= 50,
        "{memory} memory, {time} time rows"
    );
    let (s, left) = samples(&rows);
    assert!(left.is_empty(), "rows left out: {left:?}");
    // Memory bands count whole totals only: a part measured alone is not a total, except a
    // pooled engine's KV pool (its total is the utilisation setting, the pool is the estimate).
    let totals = rows
        .iter()
        .filter(|r| !r.speed && (r.quantity == "total" || r.quantity == "per_rank"))
        .count();
    let pools = s.iter().filter(|x| x.class.starts_with("pool ")).count();
    assert!(pools >= 4, "{pools} KV pool rows");
    assert_eq!(s.len(), totals + pools + time);
}

#[test]
fn a_pooled_engine_total_carries_its_pool_band_not_not_validated() {
    // vLLM's and SGLang's total is the share of the GPU they are given: the figure the rows
    // vouch for is the KV pool, in tokens (VLLM-10511, VLLM-2031; SGL-XINF3481, SGL-12726).
    for engine in ["vllm", "sglang"] {
        let q = format!("gpu=h100-80&mode=infer&engine={engine}&model_id=meta-llama/Llama-3.1-8B");
        let (inputs, _) = memcalc_core::Inputs::from_query(&q);
        let e = memcalc_core::estimate(&inputs.parse().unwrap());
        let b = band::pool(&e).expect("a pooled engine has a pool band");
        assert!(
            matches!(b, Band::Range { sources: 2, .. }),
            "{engine}: {b:?}"
        );
        let words = report::band::total(&e, UnitSystem::Binary);
        assert!(
            words.starts_with("KV pool ") && words.contains(" tokens · "),
            "{words}"
        );
        assert!(!words.contains("not validated"), "{words}");
        assert!(report::band::total_method(&e).contains("gpu_util"));
    }
    // llama.cpp has no pool: its total's band is the total's.
    let (inputs, _) = memcalc_core::Inputs::from_query(
        "gpu=rtx4090&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-3.1-8B&quant=q4_k_m",
    );
    assert!(band::pool(&memcalc_core::estimate(&inputs.parse().unwrap())).is_none());
}

#[test]
fn coverage_left_one_source_out_meets_the_target() {
    // The rows as docs/accuracy.md has them today (the generated table is the same: above).
    let b = compute(&samples(&doc_rows(&doc())).0);
    assert!(b.judged >= 100, "{} rows judged", b.judged);
    assert!(
        b.covered * 1000 >= band::TARGET_PERMILLE * b.judged,
        "coverage {}/{}",
        b.covered,
        b.judged
    );
    // Each class's own coverage is no larger than its judged rows, and only classes of two
    // sources or more are judged.
    for e in band::ENTRIES {
        assert!(e.covered <= e.judged, "{e:?}");
        assert_eq!(e.judged == 0, e.sources < 2, "{e:?}");
    }
}

fn sample(class: &str, source: &str, ratio: f64) -> Sample {
    Sample {
        source: source.into(),
        class: class.into(),
        ratio,
    }
}

#[test]
fn a_source_is_never_judged_by_a_band_built_from_its_own_rows() {
    // Source "tuned" matches its mechanism exactly; "unseen" misses by 40 %. Left in, a band
    // built from all rows would vouch for the tuned rows with their own errors; left out, each
    // is judged by the other's.
    let rows = [
        sample("total x", "tuned", 1.0),
        sample("total x", "tuned", 1.001),
        sample("total x", "unseen", 1.4),
    ];
    let refs: Vec<&Sample> = rows.iter().collect();
    let scores = loso_scores(&refs, 100);
    // The tuned rows against the unseen one's base (ln 1.4): well inside.
    assert!(scores[0] < 0.01 && scores[1] < 0.01, "{scores:?}");
    // The unseen row against the tuned rows' base (the floor, 1 %): far outside.
    assert!(scores[2] > 30.0, "{scores:?}");
}

#[test]
fn the_factor_puts_the_target_share_inside_and_a_new_row_moves_the_band() {
    let mut rows: Vec<Sample> = (0..10)
        .map(|i| sample("total x", &format!("s{i}"), 1.0 + 0.01 * f64::from(i)))
        .collect();
    let b = compute(&rows);
    assert!(b.covered * 10 >= 9 * b.judged, "{b:?}");
    let before = b.entries[0].3;
    // A new source far off widens the band by itself.
    rows.push(sample("total x", "far", 1.5));
    let after = compute(&rows).entries[0].3;
    assert!(after > before, "{before} → {after}");
}

fn entry(class: &'static str, sources: u16, width_milli: u32, worst_milli: i32) -> Entry {
    Entry {
        class,
        rows: 7,
        sources,
        width_milli,
        low_milli: ((-f64::from(width_milli) / 1000.0).exp() * 1000.0).floor() as u32,
        high_milli: ((f64::from(width_milli) / 1000.0).exp() * 1000.0).ceil() as u32,
        worst_milli,
        covered: if sources > 1 { 6 } else { 0 },
        judged: if sources > 1 { 7 } else { 0 },
    }
}

#[test]
fn a_band_is_a_range_not_validated_or_unbounded() {
    let t = [
        entry("total a", 3, 200, -140),
        entry("total b", 1, 50, 20),
        entry("step c", 2, 1500, -900),
    ];
    let a = Band::from_entries(&t, 70, "total a");
    let (lo, hi) = a.range(100.0).unwrap();
    assert!((lo - 100.0 * (-0.2f64).exp()).abs() < 0.1 && (hi - 100.0 * 0.2f64.exp()).abs() < 0.1);
    assert!(
        lo <= 100.0 * (-0.2f64).exp() && hi >= 100.0 * 0.2f64.exp(),
        "rounded outwards"
    );
    assert_eq!(
        report::band::short(&a),
        "−18 % to +22 % (7 rows like this, worst −14 %)"
    );
    let b = Band::from_entries(&t, 70, "total b");
    assert_eq!(b, Band::NotValidated { rows: 7 });
    assert_eq!(b.range(1.0), None);
    assert_eq!(
        report::band::short(&b),
        "not validated: the 7 rows like this all come from one source"
    );
    let c = Band::from_entries(&t, 70, "step c");
    assert!(matches!(c, Band::Unbounded { .. }), "{c:?}");
    assert_eq!(
        c.range(1.0),
        None,
        "a time the model cannot bound has no range"
    );
    assert_eq!(
        report::band::short(&c),
        "cannot be bounded: 7 rows like this were off by up to 10.0×"
    );
    assert_eq!(
        Band::from_entries(&t, 70, "total nobody"),
        Band::NotValidated { rows: 0 }
    );
}

#[test]
fn classes_follow_the_engine_framework_code_and_bound() {
    let key = |q: &str, f: Figure| {
        let s = common::scenario(q);
        let e = memcalc_core::estimate(&s);
        let sp = memcalc_core::speed(&s, &e).unwrap().unwrap();
        class_key(s.mechanism(), f, Some(sp.bound)).unwrap()
    };
    assert_eq!(
        key(
            "mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_0&gpu=rtx3090",
            Figure::Total
        ),
        "total engine=llamacpp"
    );
    assert_eq!(
        key("mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_0&gpu=rtx3090&batch=1", Figure::Decode),
        "decode engine=llamacpp memory_bandwidth"
    );
    assert_eq!(
        key(
            "mode=train&framework=torchtitan&model_id=meta-llama/Llama-3.1-8B&gpus=8",
            Figure::Total
        ),
        "total framework=torchtitan"
    );
    assert_eq!(
        key(
            "mode=sim&code=gromacs&particles=20000&ranks=1&nodes=1",
            Figure::Step
        ),
        "step code=gromacs"
    );
    assert_eq!(
        key(
            "mode=sim&method=lbm&nx=64&ny=64&nz=64&ranks=1&nodes=1",
            Figure::Total
        ),
        "total method=lbm"
    );
}

#[test]
fn json_carries_the_totals_and_the_times_bands() {
    // Training without a framework: rows from three sources; its step time too.
    let q = "gpu=a100-80&mode=train&model_id=meta-llama/Llama-3.1-8B&gpus=8&batch=1&seq=2048";
    let s = common::scenario(q);
    let e = memcalc_core::estimate(&s);
    let sp = memcalc_core::speed(&s, &e).unwrap().unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&report::to_json_with_speed(&e, &[], None, Some(&sp))).unwrap();
    let b = &json["band"];
    let (low, high) = (b["low"].as_u64().unwrap(), b["high"].as_u64().unwrap());
    assert!(low < e.per_device_bytes && e.per_device_bytes < high, "{b}");
    assert!(b["rows"].as_u64().unwrap() >= 10, "{b}");
    assert!(b["coverage"].as_f64().unwrap() > 0.0, "{b}");
    assert!(b["worst"].is_number() && b["words"].is_string(), "{b}");
    let t = &json["speed"]["band"];
    let step = json["speed"]["step_s"].as_f64().unwrap();
    assert!(
        t["low"].as_f64().unwrap() < step && step < t["high"].as_f64().unwrap(),
        "{t}"
    );
    // A GROMACS run: its memory rows all come from one source, and no time row covers it.
    let s = common::scenario("mode=sim&code=gromacs&particles=20000&ranks=1&nodes=1");
    let e = memcalc_core::estimate(&s);
    let sp = memcalc_core::speed(&s, &e).unwrap().unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&report::to_json_with_speed(&e, &[], None, Some(&sp))).unwrap();
    assert_eq!(json["band"], "not_validated");
    assert_eq!(json["speed"]["band"], "not_validated");
    // Inference: the decode step's band and the time to first token's.
    let s = common::scenario("mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_0&gpu=rtx3090&batch=1");
    let e = memcalc_core::estimate(&s);
    let sp = memcalc_core::speed(&s, &e).unwrap().unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&report::to_json_with_speed(&e, &[], None, Some(&sp))).unwrap();
    assert!(
        json["speed"]["band"]["low"].is_number(),
        "{}",
        json["speed"]
    );
    // llama.cpp's time to first token has its band from the prefill rows (issue 37:
    // LLAMACPP-7676, -7860, -7921, -3816); a vLLM prefill has no row yet.
    let ttft = &json["speed"]["ttft_band"];
    assert!(
        ttft["low"].is_number() && ttft["rows"].as_u64() >= Some(4),
        "{ttft}"
    );
    let s = common::scenario(
        "mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&batch=1",
    );
    let e = memcalc_core::estimate(&s);
    let sp = memcalc_core::speed(&s, &e).unwrap().unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&report::to_json_with_speed(&e, &[], None, Some(&sp))).unwrap();
    assert_eq!(json["speed"]["ttft_band"], "not_validated");
}

#[test]
fn the_verdict_warns_when_the_top_of_the_range_does_not_fit() {
    let base = "mode=train&model_id=meta-llama/Llama-3.1-8B&gpus=8&zero=3&batch=1&seq=2048";
    let total = common::est(base).per_device_bytes as f64;
    // A device 5 % above the total: it fits, but not the band's top (+17 %).
    let gib = total * 1.05 / f64::from(1u32 << 30);
    let e = common::est(&format!("{base}&gpu_mem={gib:.2}"));
    assert!(e.fits(), "{}", e.per_device_bytes);
    let v = report::verdict_with_capacity(&e, UnitSystem::Binary);
    assert!(
        v.contains("to spare, unless the run is at the high end of the range (up to "),
        "{v}"
    );
    assert!(report::verdict(&e, UnitSystem::Binary).contains("unless the run is at the high end"));
    // Twice the total: the whole range fits, no caveat.
    let gib = total * 2.0 / f64::from(1u32 << 30);
    let e = common::est(&format!("{base}&gpu_mem={gib:.2}"));
    assert!(!report::verdict_with_capacity(&e, UnitSystem::Binary).contains("unless"));
}

#[test]
fn the_time_answer_says_the_band_beside_the_line() {
    let a = report::time_answer(
        "gpu=rtx3090&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_0&seq=512&batch=1",
    )
    .unwrap();
    assert!(
        a.band.starts_with("decode rate −") && a.band.contains("rows like this, worst"),
        "{}",
        a.band
    );
    // The prefill rows (issue 37) give llama.cpp's time to first token its band.
    assert!(
        a.band.contains("; time to first token −") && a.band.matches("rows like this").count() == 2,
        "{}",
        a.band
    );
    assert!(
        a.band_note.contains("leave") || a.band_note.contains("left out"),
        "{}",
        a.band_note
    );
    let a = report::time_answer("mode=sim&code=gromacs&particles=20000&ranks=1&nodes=1").unwrap();
    assert_eq!(a.band, "Range: not validated: no measured row like this");
}
