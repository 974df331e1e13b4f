//! Parsing and formatting of the numbers people type: counts such as `7B`, `125M`, `6.7e9`,
//! `64Ki`, and sizes such as `80GB`, `80 GiB`, `512MiB`. Parsing is exact decimal arithmetic
//! (no floating point), so `6.7e9` is exactly 6 700 000 000 and never 6 699 999 999.

/// A decimal number held exactly: `mantissa × 10^exp10`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Decimal {
    mantissa: u64,
    exp10: i32,
}

const MAX_DIGITS: usize = 19;

/// Splits `s` into the numeric part and what follows it (a suffix or unit).
fn split_number(s: &str) -> (&str, &str) {
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'.' || bytes[i] == b'_') {
        i += 1;
    }
    // An exponent only when followed by a digit (or sign and digit), so "5e" is not eaten.
    if i < bytes.len() && (bytes[i] == b'e' || bytes[i] == b'E') {
        let mut j = i + 1;
        if j < bytes.len() && (bytes[j] == b'+' || bytes[j] == b'-') {
            j += 1;
        }
        if j < bytes.len() && bytes[j].is_ascii_digit() {
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            i = j;
        }
    }
    (&s[..i], s[i..].trim())
}

fn parse_decimal(num: &str) -> Option<Decimal> {
    let (body, exp) = match num.find(['e', 'E']) {
        Some(p) => (&num[..p], num[p + 1..].parse::<i32>().ok()?),
        None => (num, 0),
    };
    if exp.abs() > 40 {
        return None;
    }
    let mut mantissa: u64 = 0;
    let mut frac_digits: i32 = 0;
    let mut seen_dot = false;
    let mut digits = 0usize;
    for c in body.chars() {
        match c {
            '_' => continue,
            '.' if !seen_dot => seen_dot = true,
            '0'..='9' => {
                digits += 1;
                if digits > MAX_DIGITS {
                    return None;
                }
                mantissa = mantissa
                    .checked_mul(10)?
                    .checked_add(u64::from(c as u8 - b'0'))?;
                if seen_dot {
                    frac_digits += 1;
                }
            }
            _ => return None,
        }
    }
    if digits == 0 {
        return None;
    }
    Some(Decimal {
        mantissa,
        exp10: exp - frac_digits,
    })
}

/// `d × multiplier`, rounded to the nearest integer (halves away from zero); None on overflow.
/// Computed through 128 bits so that e.g. "50.902040020131T" does not overflow on the way.
fn scale_round(d: Decimal, multiplier: u64) -> Option<u64> {
    let v = u128::from(d.mantissa).checked_mul(u128::from(multiplier))?;
    let r = if d.exp10 >= 0 {
        v.checked_mul(10u128.checked_pow(d.exp10 as u32)?)?
    } else {
        let div = 10u128.checked_pow((-d.exp10) as u32)?;
        let rem = v % div;
        v / div + u128::from(rem >= div - rem)
    };
    u64::try_from(r).ok()
}

/// How a count field reads a suffix: most counts are decimal (`7B`, `125M`, `10k`); token counts
/// follow model cards, where `8k`, `32k` and `128k` contexts mean 8,192, 32,768 and 131,072.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountUnit {
    /// `k` 1,000, `M` 10^6, `B` 10^9…; `Ki`, `Mi`… binary.
    Decimal,
    /// `k` 1,024 and `M` 1,048,576 (as model cards write context lengths); the rest as Decimal.
    Tokens,
}

/// Multiplier for a count suffix. `B` means billion here (a count, not bytes).
fn count_suffix(suffix: &str, unit: CountUnit) -> Option<u64> {
    Some(match (suffix, unit) {
        ("", _) => 1,
        ("k" | "K", CountUnit::Tokens) => 1 << 10,
        ("m" | "M", CountUnit::Tokens) => 1 << 20,
        ("k" | "K", _) => 1_000,
        ("m" | "M", _) => 1_000_000,
        ("b" | "B" | "g" | "G", _) => 1_000_000_000,
        ("t" | "T", _) => 1_000_000_000_000,
        ("q" | "Q" | "p" | "P", _) => 1_000_000_000_000_000,
        ("Ki" | "ki", _) => 1 << 10,
        ("Mi" | "mi", _) => 1 << 20,
        ("Gi" | "gi", _) => 1 << 30,
        ("Ti" | "ti", _) => 1 << 40,
        _ => return None,
    })
}

/// Removes commas that group thousands (`1,000,000`, `6,738,415,616.5`). A comma that does not
/// group three digits is ambiguous: `70,6B` is 70.6B with a decimal comma (as much of Europe
/// writes it) or 706B with a misplaced separator. Rather than guess, the error names both.
fn ungroup(raw: &str) -> Result<String, String> {
    let s = raw.trim();
    if !s.contains(',') {
        return Ok(s.to_string());
    }
    let int_end = s
        .find(|c: char| !(c.is_ascii_digit() || c == ','))
        .unwrap_or(s.len());
    let int = &s[..int_end];
    let groups: Vec<&str> = int.split(',').collect();
    let grouped = !s[int_end..].contains(',')
        && (1..=3).contains(&groups[0].len())
        && groups[1..].iter().all(|g| g.len() == 3);
    if grouped {
        return Ok(s.replace(',', ""));
    }
    if s.matches(',').count() == 1 && !s.contains('.') {
        return Err(format!(
            "'{s}' is ambiguous: {} with a decimal comma, or {} with the comma grouping thousands; write it without the comma",
            s.replace(',', "."),
            s.replace(',', "")
        ));
    }
    Err(format!(
        "'{s}' is not a number: a comma may only group thousands (1,000,000); the decimal mark is a point"
    ))
}

/// Parses a count such as `7B`, `125M`, `6.7e9`, `1_000`, `64Ki`, with decimal suffixes.
pub fn parse_count(raw: &str) -> Result<u64, String> {
    parse_count_as(raw, CountUnit::Decimal)
}

/// Parses a count, reading `k` and `M` as `unit` says. A count is whole: `1.5` (or `1.5e0`) is
/// an error, never rounded; `1.5k` is 1,500 (1,536 tokens).
pub fn parse_count_as(raw: &str, unit: CountUnit) -> Result<u64, String> {
    let s = ungroup(raw)?;
    if s.is_empty() {
        return Err("is empty".into());
    }
    if s.starts_with('-') {
        return Err(format!("'{}' is negative", raw.trim()));
    }
    let (num, suffix) = split_number(&s);
    let bad = || {
        format!(
            "'{}' is not a count; write e.g. 7B, 125M, 6.7e9 or 64Ki",
            raw.trim()
        )
    };
    let mult = count_suffix(suffix, unit).ok_or_else(bad)?;
    let d = parse_decimal(num).ok_or_else(bad)?;
    let exact = scale_exact(d, mult);
    match exact {
        Some(Ok(v)) => Ok(v),
        Some(Err(())) => Err(format!(
            "'{}' is not a whole number; a count cannot be a fraction",
            raw.trim()
        )),
        None => Err(format!("'{}' is far too large", raw.trim())),
    }
}

/// `d × multiplier` when it is a whole number (`Err(())` when it has a fraction); None on overflow.
fn scale_exact(d: Decimal, multiplier: u64) -> Option<Result<u64, ()>> {
    let v = u128::from(d.mantissa).checked_mul(u128::from(multiplier))?;
    if d.exp10 >= 0 {
        let r = v.checked_mul(10u128.checked_pow(d.exp10 as u32)?)?;
        return u64::try_from(r).ok().map(Ok);
    }
    let div = 10u128.checked_pow((-d.exp10) as u32)?;
    if v % div != 0 {
        return Some(Err(()));
    }
    u64::try_from(v / div).ok().map(Ok)
}

/// Parses a size in bytes. A bare number is in `default_unit` bytes (e.g. GiB for device memory).
/// Decimal units (`GB`) and binary units (`GiB`) are both accepted and kept distinct.
pub fn parse_bytes(raw: &str, default_unit: u64) -> Result<u64, String> {
    let s = ungroup(raw)?;
    let bad = || {
        format!(
            "'{}' is not a size; write e.g. 80, 80GB or 80GiB",
            raw.trim()
        )
    };
    if s.is_empty() {
        return Err("is empty".into());
    }
    if s.starts_with('-') {
        return Err(format!("'{}' is negative", raw.trim()));
    }
    let (num, unit) = split_number(&s);
    let mult: u64 = match unit.to_ascii_lowercase().as_str() {
        "" => default_unit,
        "b" => 1,
        "kb" | "k" => 1_000,
        "mb" | "m" => 1_000_000,
        "gb" | "g" => 1_000_000_000,
        "tb" | "t" => 1_000_000_000_000,
        "kib" | "ki" => 1 << 10,
        "mib" | "mi" => 1 << 20,
        "gib" | "gi" => 1 << 30,
        "tib" | "ti" => 1 << 40,
        _ => return Err(bad()),
    };
    let d = parse_decimal(num).ok_or_else(bad)?;
    scale_round(d, mult).ok_or_else(|| format!("'{}' is far too large", raw.trim()))
}

/// Parses a decimal with at most `places` fractional digits into an integer scaled by 10^places
/// (e.g. `12.5` with 2 places is 1250). A trailing `%` is allowed.
pub fn parse_fixed(raw: &str, places: u32) -> Result<u64, String> {
    let s = ungroup(raw)?;
    let s = s.trim_end_matches('%').trim();
    let bad = || format!("'{}' is not a number", raw.trim());
    if s.starts_with('-') {
        return Err(format!("'{}' is negative", raw.trim()));
    }
    let d = parse_decimal(s).ok_or_else(bad)?;
    if d.exp10 < -(places as i32) {
        let div = 10u64.pow((-(places as i32) - d.exp10) as u32);
        if d.mantissa % div != 0 {
            return Err(format!(
                "'{}' has more than {places} decimal places",
                raw.trim()
            ));
        }
    }
    scale_round(d, 10u64.pow(places)).ok_or_else(bad)
}

/// Writes `value / 10^places` with trailing zeros dropped: 1250, 2 → "12.5".
pub fn format_fixed(value: u64, places: u32) -> String {
    let div = 10u64.pow(places);
    let (int, frac) = (value / div, value % div);
    if frac == 0 {
        return int.to_string();
    }
    let mut f = format!("{frac:0width$}", width = places as usize);
    while f.ends_with('0') {
        f.pop();
    }
    format!("{int}.{f}")
}

/// A rate or other measured figure to three significant figures, whole from 100 up and
/// trailing zeros dropped: 71.275 → "71.3", 135.2 → "135", 5.0 → "5", 0.012345 → "0.0123".
/// The house style of the time line (`explain::speed`'s figures), so a sweep's rows and the
/// time line print one format.
pub fn format_sig(v: f64) -> String {
    if !v.is_finite() {
        return v.to_string();
    }
    let a = v.abs();
    let places = if a >= 100.0 || a == 0.0 {
        0
    } else {
        // Digits after the point that leave three significant ones: 2 − ⌊log10 |v|⌋.
        (2 - a.log10().floor() as i32).clamp(0, 17) as usize
    };
    let text = format!("{v:.places$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// Canonical short form of a count, exact: 7_000_000_000 → "7B", 6_738_415_616 → "6.738415616B".
pub fn format_count(n: u64) -> String {
    const STEPS: [(u64, &str); 4] = [
        (1_000_000_000_000, "T"),
        (1_000_000_000, "B"),
        (1_000_000, "M"),
        (1_000, "K"),
    ];
    for (div, suffix) in STEPS {
        if n >= div {
            let places = div.ilog10();
            return format!("{}{suffix}", format_fixed(n, places));
        }
    }
    n.to_string()
}

/// Groups digits for reading: 14000000000 → "14,000,000,000".
pub fn group_digits(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The word for `n` things: `one` for exactly one, `many` otherwise.
pub fn plural<'a>(n: u64, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// A count and what it counts, digits grouped, in the singular for one: "1 sequence",
/// "1,024 GPUs". Every sentence that counts things goes through it (or [`plural`]).
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", group_digits(n), plural(n, one, many))
}

/// How sizes are shown: binary (GiB, what `nvidia-smi` calls "MiB") or decimal (GB, as vendors
/// label devices).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum UnitSystem {
    #[default]
    Binary,
    Decimal,
}

impl UnitSystem {
    /// Bytes in one "giga" unit of this system.
    pub fn giga(self) -> f64 {
        match self {
            UnitSystem::Binary => (1u64 << 30) as f64,
            UnitSystem::Decimal => 1e9,
        }
    }

    pub fn giga_label(self) -> &'static str {
        match self {
            UnitSystem::Binary => "GiB",
            UnitSystem::Decimal => "GB",
        }
    }

    /// The unit an axis reaching `max_bytes` counts in, with its label: the "giga" unit, or
    /// tera and peta once the axis passes a thousand of the one below, so a disk bar of tens of
    /// TiB reads in TiB beside a total written in TiB.
    pub fn axis_unit(self, max_bytes: f64) -> (f64, &'static str) {
        let (step, labels) = match self {
            UnitSystem::Binary => (1024.0, ["GiB", "TiB", "PiB"]),
            UnitSystem::Decimal => (1000.0, ["GB", "TB", "PB"]),
        };
        let mut unit = self.giga();
        let mut i = 0;
        while i + 1 < labels.len() && max_bytes / unit >= 1000.0 {
            unit *= step;
            i += 1;
        }
        (unit, labels[i])
    }
}

/// Human-readable size with two decimals: "104.31 GiB", "512.00 MiB", "0 B". Integer
/// arithmetic only: float formatting would add kilobytes to the page.
pub fn format_bytes(bytes: u64, units: UnitSystem) -> String {
    let (base, labels): (u64, [&str; 7]) = match units {
        UnitSystem::Binary => (1024, ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]),
        UnitSystem::Decimal => (1000, ["B", "kB", "MB", "GB", "TB", "PB", "EB"]),
    };
    let mut unit = 1u64;
    let mut i = 0;
    while bytes / base >= unit && i < labels.len() - 1 {
        unit *= base;
        i += 1;
    }
    if i == 0 {
        return format!("{bytes} B");
    }
    // Formatted as u64: u128's Display would add its own code to the page.
    let hundredths =
        u64::try_from((u128::from(bytes) * 100 + u128::from(unit / 2)) / u128::from(unit))
            .unwrap_or(u64::MAX);
    format!("{}.{:02} {}", hundredths / 100, hundredths % 100, labels[i])
}

/// `part / whole` as a percentage with one decimal, e.g. "45.3 %".
pub fn format_share(part: u64, whole: u64) -> String {
    let (part, whole) = (u128::from(part), u128::from(whole.max(1)));
    let tenths = u64::try_from((part * 1000 + whole / 2) / whole).unwrap_or(u64::MAX);
    format!("{}.{} %", tenths / 10, tenths % 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_people_type() {
        assert_eq!(parse_count("7B"), Ok(7_000_000_000));
        assert_eq!(parse_count("125M"), Ok(125_000_000));
        assert_eq!(parse_count("6.7e9"), Ok(6_700_000_000));
        assert_eq!(parse_count("1.5e9"), Ok(1_500_000_000));
        assert_eq!(parse_count(" 64Ki "), Ok(65_536));
        assert_eq!(parse_count("1,000,000"), Ok(1_000_000));
        assert_eq!(parse_count("6_738_415_616"), Ok(6_738_415_616));
        assert_eq!(parse_count("0.5k"), Ok(500));
        assert!(
            parse_count("1.5")
                .unwrap_err()
                .contains("not a whole number"),
            "a fraction is an error, never rounded"
        );
        assert!(parse_count("2.5e0").is_err());
        assert_eq!(parse_count("1.5e1"), Ok(15));
        assert!(parse_count("banana").unwrap_err().contains("banana"));
        assert!(parse_count("7X").is_err());
        assert!(parse_count("-3").unwrap_err().contains("negative"));
        assert!(parse_count("").is_err());
        assert!(parse_count("1.").is_ok());
        assert!(parse_count(".").is_err());
        assert!(parse_count("1e999").is_err());
        assert!(parse_count("99999999999999999999999999999999999").is_err());
    }

    #[test]
    fn token_counts_read_k_as_model_cards_do() {
        let t = |s| parse_count_as(s, CountUnit::Tokens);
        assert_eq!(t("32k"), Ok(32_768));
        assert_eq!(t("8K"), Ok(8_192));
        assert_eq!(t("128k"), Ok(131_072));
        assert_eq!(t("1M"), Ok(1 << 20));
        assert_eq!(t("4096"), Ok(4096));
        assert_eq!(t("1.5k"), Ok(1536));
        assert!(t("1.3k").unwrap_err().contains("not a whole number"));
        assert_eq!(parse_count("32k"), Ok(32_000), "other counts stay decimal");
    }

    #[test]
    fn a_comma_that_does_not_group_thousands_names_both_readings() {
        let e = parse_count("70,6B").unwrap_err();
        assert!(e.contains("70.6B") && e.contains("706B"), "{e}");
        let e = parse_count("1,5").unwrap_err();
        assert!(
            e.contains("1.5") && e.contains("15") && e.contains("ambiguous"),
            "{e}"
        );
        let e = parse_bytes("80,5GB", 1 << 30).unwrap_err();
        assert!(e.contains("80.5GB") && e.contains("805GB"), "{e}");
        let e = parse_fixed("0,8442", 6).unwrap_err();
        assert!(e.contains("0.8442") && e.contains("08442"), "{e}");
        assert!(parse_count("1,00,000")
            .unwrap_err()
            .contains("group thousands"));
        assert_eq!(parse_count("1,000"), Ok(1000));
        assert_eq!(parse_count("6,738,415,616"), Ok(6_738_415_616));
        assert_eq!(parse_bytes("1,024 MiB", 1), Ok(1 << 30));
        assert_eq!(parse_fixed("1,000.5", 1), Ok(10005));
    }

    #[test]
    fn sizes_people_type() {
        let gib = 1u64 << 30;
        assert_eq!(parse_bytes("80", gib), Ok(80 * gib));
        assert_eq!(parse_bytes("80GB", gib), Ok(80_000_000_000));
        assert_eq!(parse_bytes("80 GiB", gib), Ok(80 * gib));
        assert_eq!(parse_bytes("512MiB", gib), Ok(512 << 20));
        assert!(parse_bytes("80 parsecs", gib).is_err());
    }

    #[test]
    fn fixed_point() {
        assert_eq!(parse_fixed("12.5", 2), Ok(1250));
        assert_eq!(parse_fixed("10%", 2), Ok(1000));
        assert!(parse_fixed("1.234", 2).is_err());
        assert_eq!(format_fixed(1250, 2), "12.5");
        assert_eq!(format_fixed(1000, 2), "10");
    }

    #[test]
    fn canonical_counts() {
        assert_eq!(format_count(7_000_000_000), "7B");
        assert_eq!(format_count(6_738_415_616), "6.738415616B");
        assert_eq!(format_count(125_000_000), "125M");
        assert_eq!(format_count(999), "999");
        assert_eq!(format_count(1_500_000_000_000), "1.5T");
    }

    #[test]
    fn readable_sizes() {
        assert_eq!(format_bytes(0, UnitSystem::Binary), "0 B");
        assert_eq!(format_bytes(512 << 20, UnitSystem::Binary), "512.00 MiB");
        assert_eq!(
            format_bytes(112_000_000_000, UnitSystem::Decimal),
            "112.00 GB"
        );
        assert_eq!(
            format_bytes(112_000_000_000, UnitSystem::Binary),
            "104.31 GiB"
        );
        assert_eq!(group_digits(14_000_000_000), "14,000,000,000");
        assert_eq!(group_digits(999), "999");
    }
}
