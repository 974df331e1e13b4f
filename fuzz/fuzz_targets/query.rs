//! Any bytes as a share link or query: decoding, validation, the estimate and the derived
//! answers never panic (overflow checks are on), and a valid state survives its own link.
#![no_main]

use libfuzzer_sys::fuzz_target;
use memcalc_core::analysis::derived::derive;
use memcalc_core::{estimate, Inputs};

fuzz_target!(|data: &[u8]| {
    let query = String::from_utf8_lossy(data);
    let (inputs, _notices) = Inputs::from_query(&query);
    let _ = memcalc_core::schema::page::PageOptions::from_query(&query)
        .0
        .query_suffix();
    if let Ok(s) = inputs.parse() {
        let e = estimate(&s);
        assert!(e
            .components
            .iter()
            .all(|c| {
                let f = memcalc_core::explain::parts::formula(c);
                !f.contains("NaN") && !f.contains("inf")
            }));
        let _ = derive(&s);
        let _ = memcalc_core::analysis::scaling::scaling(&s).boundary_text();
        let _ = memcalc_core::explain::faq::faq(&s, &e, Default::default());
        let _ = memcalc_core::analysis::calibrate::check(&s, &e);
        let _ = (
            memcalc_core::report::to_json(&e, &[], None),
            memcalc_core::report::to_csv(&e, None),
            memcalc_core::report::to_markdown(&e, Default::default(), None),
        );
        let link = s.to_query();
        let (again, notices) = Inputs::from_query(&link);
        assert!(notices.is_empty(), "{link}: {notices:?}");
        let back = again.parse().expect("a canonical link parses");
        assert_eq!(back, s, "{link}");
        assert_eq!(back.to_query(), link);
    }
});
