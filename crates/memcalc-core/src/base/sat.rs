//! Saturating arithmetic for byte counts. Inputs are bounded, but their products are not
//! (batch × heads × sequence² overflows 64 bits long before any input reaches its limit), and a
//! wrapped count would show a small, wrong number: these clamp at u64::MAX instead, which the
//! page shows as "16 EiB".

/// Saturating product of all the factors (`crate::mul!`; not exported: other crates use `sum`).
macro_rules! mul {
    ($first:expr $(, $rest:expr)* $(,)?) => {
        { let v: u64 = $first; $(let v = $crate::base::sat::mul2(v, $rest);)* v }
    };
}

/// Saturating sum of all the terms (`crate::add!`).
macro_rules! add {
    ($first:expr $(, $rest:expr)* $(,)?) => {
        { let v: u64 = $first; v $(.saturating_add($rest))* }
    };
}
pub(crate) use {add, mul};

/// `a × b`, saturating (`crate::mul!`). wasm32 has no 64 × 64 → 128-bit multiply, so
/// `u64::saturating_mul` there calls compiler-builtins' `__multi3` for its overflow check: a
/// fifth of the planner's search in the page's core (issue 41, docs/performance.md). Two factors
/// under 2³² cannot overflow and take one plain multiply; the answer is the same. Only where
/// the time model is built (the core worker, the CLI): the app's wasm keeps its bytes. Not
/// inlined there: a call at each of the hundreds of products is smaller than the multiply and
/// its overflow check written out at each (inlined, the core worker's wasm was 5.9 KB gzip
/// larger; not inlined, smaller than before).
#[cfg_attr(feature = "time", inline(never))]
#[cfg_attr(not(feature = "time"), inline)]
pub const fn mul2(a: u64, b: u64) -> u64 {
    #[cfg(feature = "time")]
    if (a | b) >> 32 == 0 {
        return a * b;
    }
    a.saturating_mul(b)
}

/// `a × b ÷ c` rounded down, exact through 128 bits, saturating.
pub fn mul_div(a: u64, b: u64, c: u64) -> u64 {
    // As `mul2`: a product under 2⁶⁴ divides in 64 bits, with the same answer.
    #[cfg(feature = "time")]
    if (a | b) >> 32 == 0 {
        return (a * b) / c.max(1);
    }
    u64::try_from(u128::from(a) * u128::from(b) / u128::from(c.max(1))).unwrap_or(u64::MAX)
}

/// `a × b ÷ c` rounded up, exact through 128 bits, saturating.
pub fn mul_div_ceil(a: u64, b: u64, c: u64) -> u64 {
    #[cfg(feature = "time")]
    if (a | b) >> 32 == 0 {
        return (a * b).div_ceil(c.max(1));
    }
    u64::try_from((u128::from(a) * u128::from(b)).div_ceil(u128::from(c.max(1))))
        .unwrap_or(u64::MAX)
}

/// Saturating sum of an iterator.
pub fn sum(it: impl IntoIterator<Item = u64>) -> u64 {
    it.into_iter().fold(0, u64::saturating_add)
}

/// Stable insertion sort for the short lists the page sorts (a dozen rows): the standard
/// library's sort brings kilobytes of code into the page's wasm.
pub fn sort_small<T>(v: &mut [T], mut less: impl FnMut(&T, &T) -> bool) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && less(&v[j], &v[j - 1]) {
            v.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// Cube root by Newton's method with only +, −, ×, ÷: bit-identical on every platform (the
/// page and the CLI must agree), unlike libm's cbrt.
pub fn cbrt(v: f64) -> f64 {
    // Also catches NaN, for which every comparison is false.
    if v.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) || !v.is_finite() {
        return 0.0;
    }
    let mut x = if v > 1.0 { v / 3.0 } else { 1.0 };
    for _ in 0..200 {
        let next = (2.0 * x + v / (x * x)) / 3.0;
        if (next - x).abs() <= 1e-15 * next {
            return next;
        }
        x = next;
    }
    x
}
