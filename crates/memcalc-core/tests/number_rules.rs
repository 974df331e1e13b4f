//! The number rules of each field (docs/url-parameters.md, "How numbers are read"): counts are
//! whole and never rounded, token counts read `k` as 1,024, and a comma that does not group
//! thousands is an error naming both readings.

use memcalc_core::base::units::{group_digits, parse_count, parse_count_as, CountUnit};
use memcalc_core::schema::fields::{reading, Bounds, FieldId, FieldKind, FIELDS};
use memcalc_core::Inputs;
use proptest::prelude::*;

fn error_of(query: &str, key: &str) -> String {
    let (i, _) = Inputs::from_query(query);
    i.parse()
        .err()
        .and_then(|e| e.into_iter().find(|e| e.key() == key))
        .map(|e| e.message)
        .unwrap_or_default()
}

#[test]
fn a_context_in_k_is_a_power_of_two_and_the_field_says_so() {
    let (i, _) = Inputs::from_query("mode=infer&params=7B&seq=32k");
    assert_eq!(i.parse().unwrap().seq, 32_768);
    assert_eq!(
        reading(FieldId::Seq, "32k").as_deref(),
        Some("= 32,768 tokens")
    );
    assert_eq!(
        reading(FieldId::Seq, "4096"),
        None,
        "plain digits need no reading"
    );
    assert_eq!(reading(FieldId::Batch, "32k"), None, "only token counts");
    assert_eq!(FieldId::Seq.field().kind, FieldKind::Tokens);
    assert_eq!(FieldId::Particles.field().kind, FieldKind::Count);
    // Other counts keep k as 1,000 (simulation sizes, parameters).
    let (i, _) = Inputs::from_query("mode=sim&method=particles&particles=32k");
    assert_eq!(i.parse().unwrap().sim.particles, 32_000);
}

#[test]
fn a_fraction_where_a_whole_number_is_required_is_an_error() {
    let e = error_of("batch=1.5", "batch");
    assert!(e.contains("'1.5' is not a whole number"), "{e}");
    let e = error_of("gpus=2.5", "gpus");
    assert!(e.contains("not a whole number"), "{e}");
    let e = error_of("params=1.0000000005B", "params");
    assert!(e.contains("not a whole number"), "{e}");
    // A fraction times its suffix that lands on a whole number is fine.
    let (i, _) = Inputs::from_query("params=6.7B&batch=0.5k");
    let s = i.parse().unwrap();
    assert_eq!((s.params, s.batch), (Some(6_700_000_000), 500));
}

#[test]
fn ambiguous_grouping_is_an_error_naming_both_readings() {
    let e = error_of("params=70,6B", "params");
    assert!(e.contains("70.6B") && e.contains("706B"), "{e}");
    let e = error_of("batch=1,5", "batch");
    assert!(e.contains("1.5") && e.contains("15"), "{e}");
    let e = error_of("gpu_mem=80,5", "gpu_mem");
    assert!(e.contains("80.5") && e.contains("805"), "{e}");
    let (i, _) = Inputs::from_query("params=6,738,415,616");
    assert_eq!(i.parse().unwrap().params, Some(6_738_415_616));
}

/// The parser reads each number within the bounds its row declares: a count field has count
/// bounds, a size field size bounds, a plain number fixed-point (or whole-count) bounds, and
/// a choice or toggle none.
#[test]
fn every_numeric_field_declares_bounds_of_its_kind() {
    for f in FIELDS {
        let ok = match f.kind {
            FieldKind::Count | FieldKind::Tokens => matches!(f.bounds, Bounds::Count { .. }),
            FieldKind::Size { .. } => matches!(f.bounds, Bounds::Size { .. }),
            // The index width is 4 or 8, read as a choice of two.
            FieldKind::Number { .. } if f.id == FieldId::IndexBytes => *f.bounds == Bounds::None,
            FieldKind::Number { .. } => {
                matches!(f.bounds, Bounds::Fixed { .. } | Bounds::Count { .. })
            }
            FieldKind::Select | FieldKind::Toggle | FieldKind::Search => *f.bounds == Bounds::None,
        };
        assert!(ok, "{}: {:?} with {:?}", f.key, f.kind, f.bounds);
        if let Bounds::Count { min, max } | Bounds::Fixed { min, max, .. } = *f.bounds {
            assert!(min <= max, "{}", f.key);
        }
    }
}

proptest! {
    /// Digits grouped by commas read as the same number as without them.
    #[test]
    fn grouped_thousands_read_as_the_plain_number(n in 0u64..=u64::MAX / 2) {
        prop_assert_eq!(parse_count(&group_digits(n)), Ok(n));
    }

    /// `a,b` where b is not three digits is never silently read as either number.
    #[test]
    fn a_comma_before_one_or_two_digits_is_refused(a in 0u64..100_000, b in 0u64..100, two in any::<bool>()) {
        let text = if two { format!("{},{:02}", a, b) } else { format!("{},{}", a, b % 10) };
        let e = parse_count(&text).unwrap_err();
        prop_assert!(e.contains("ambiguous"), "{}", e);
    }

    /// A count with a fractional part is refused in every unit; a whole one reads exactly.
    #[test]
    fn fractions_are_refused_never_rounded(n in 0u64..1_000_000_000, frac in 1u32..10, tokens in any::<bool>()) {
        let unit = if tokens { CountUnit::Tokens } else { CountUnit::Decimal };
        let fraction = format!("{}.{}", n, frac);
        prop_assert!(parse_count_as(&fraction, unit).is_err(), "{} was accepted", fraction);
        prop_assert_eq!(parse_count_as(&n.to_string(), unit), Ok(n));
        prop_assert_eq!(parse_count_as(&format!("{}.0", n), unit), Ok(n));
    }

    /// `Nk` tokens is N × 1024, as model cards write contexts.
    #[test]
    fn k_tokens_are_kibi(n in 0u64..1_000_000) {
        prop_assert_eq!(parse_count_as(&format!("{}k", n), CountUnit::Tokens), Ok(n * 1024));
        prop_assert_eq!(parse_count_as(&format!("{}k", n), CountUnit::Decimal), Ok(n * 1000));
    }
}

#[test]
fn rates_are_written_to_three_significant_figures() {
    use memcalc_core::units::format_sig;
    for (v, text) in [
        (71.275, "71.3"),
        (135.4, "135"),
        (1234.6, "1235"),
        (5.0, "5"),
        (5.678, "5.68"),
        (0.012345, "0.0123"),
        (0.0, "0"),
        (99.96, "100"),
    ] {
        assert_eq!(format_sig(v), text, "{v}");
    }
}
