//! Binary searches over a monotone predicate: the derived answers ask "how much fits" and
//! "how few are needed" of many different inputs.

/// The largest `v` in `lo..=hi` with `ok(v)`, for `ok` true up to some point and false after;
/// None when `ok(lo)` is false.
pub fn largest(lo: u64, hi: u64, ok: impl Fn(u64) -> bool) -> Option<u64> {
    if !ok(lo) {
        return None;
    }
    let (mut lo, mut hi) = (lo, hi.max(lo));
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if ok(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    Some(lo)
}

/// The smallest `v` in `lo..=hi` with `ok(v)`, for `ok` false up to some point and true after;
/// None when `ok(hi)` is false.
pub fn smallest(lo: u64, hi: u64, ok: impl Fn(u64) -> bool) -> Option<u64> {
    if hi < lo || !ok(hi) {
        return None;
    }
    let (mut lo, mut hi) = (lo, hi);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if ok(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    Some(lo)
}
