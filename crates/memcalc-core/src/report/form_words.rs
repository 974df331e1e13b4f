//! Sentences the form shows beside its fields, written here so that native tests read them
//! (the page only places them).

use crate::base::units::group_digits;
use crate::scenario::Scenario;

/// The hint under the parameter count when an architecture is given: the count it derives, or,
/// when a count is typed as well, that clearing it uses the architecture's.
pub fn params_hint(s: &Scenario) -> Option<String> {
    match (s.params, s.arch) {
        (None, Some(a)) => Some(format!(
            "Derived from the architecture: {} parameters.",
            group_digits(a.total_params())
        )),
        (Some(_), Some(a)) => Some(format!(
            "The architecture gives {}; clear this field to use it.",
            group_digits(a.total_params())
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::inputs::Inputs;

    fn scenario(query: &str) -> Scenario {
        Inputs::from_query(query).0.parse().unwrap()
    }

    #[test]
    fn an_architecture_alone_gives_the_count() {
        let s = scenario("mode=train&params=&layers=32&hidden=4096&heads=32&vocab=32000");
        let hint = params_hint(&s).unwrap();
        assert!(
            hint.starts_with("Derived from the architecture: "),
            "{hint}"
        );
        assert!(hint.ends_with(" parameters."), "{hint}");
        assert_eq!(
            hint,
            format!(
                "Derived from the architecture: {} parameters.",
                group_digits(s.arch.unwrap().total_params())
            )
        );
    }

    #[test]
    fn a_typed_count_beside_an_architecture_says_how_to_use_it() {
        let s = scenario("mode=train&params=7e9&layers=32&hidden=4096&heads=32&vocab=32000");
        assert!(s.params.is_some() && s.arch.is_some());
        let hint = params_hint(&s).unwrap();
        assert!(hint.starts_with("The architecture gives "), "{hint}");
        assert!(hint.ends_with("; clear this field to use it."), "{hint}");
    }

    #[test]
    fn no_architecture_no_hint() {
        let s = Scenario::default();
        assert_eq!(s.arch, None);
        assert_eq!(params_hint(&s), None);
    }
}
