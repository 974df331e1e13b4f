mod common;
use memcalc_core::answers::derived::savings;
#[test]
fn print() {
    for q in std::env::var("QS").unwrap().split('|') {
        let s = common::scenario(q);
        let e = memcalc_core::estimate(&s);
        let sp = memcalc_core::speed(&s, &e).unwrap().unwrap();
        println!("== {q}\n{}", memcalc_core::text::speed::summary(&sp));
        for t in &sp.terms { println!("  {:?} {}", t.id(), memcalc_core::text::speed::formula(t)); }
        for sv in savings(&s) { if let Some(t) = sv.time { println!("  * {}: {}", sv.label, memcalc_core::text::speed::change(&t)); } }
    }
}
