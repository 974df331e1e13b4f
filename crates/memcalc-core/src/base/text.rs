//! Texts that only the full page shows (a row's explanation), kept out of builds without the
//! `texts` feature: the first-answer wasm (crates/memcalc-first) writes the total, verdict,
//! labels and formulas before the app loads, and every byte of it is on the first load
//! (issue 17). The expression is still type-checked there, so both builds compile the same
//! code; only the optimiser drops the dead branch.

/// `text!(expr)`: `expr` with the `texts` feature (the default), the type's empty value without.
#[macro_export]
macro_rules! text {
    ($e:expr) => {
        if cfg!(feature = "texts") {
            $e
        } else {
            ::core::default::Default::default()
        }
    };
}
