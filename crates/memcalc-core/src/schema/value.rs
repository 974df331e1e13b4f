//! Reading one field's text into the scenario by its row (kind, bounds, slot), writing it back
//! as canonical text, and turning a typed patch value into that text.

use crate::base::keys::Value;
use crate::base::units::{
    format_bytes, format_count, format_fixed, group_digits, parse_bytes, parse_count_as,
    parse_fixed, CountUnit,
};
use crate::scenario::Scenario;
use crate::schema::fields::{Bounds, Field, FieldKind};
use crate::schema::slot::Slot;

/// A number read by the row's bounds; `None` for an empty count or size (a fixed-point number
/// has no empty reading: its parser words the error).
fn number(f: &Field, raw: &str) -> Result<Option<u64>, String> {
    if f.id == crate::schema::fields::FieldId::Measured && pasted_line(raw) {
        return Err(PASTED_LINE.into());
    }
    match *f.bounds {
        Bounds::Count { .. } | Bounds::Size { .. } if raw.is_empty() => Ok(None),
        Bounds::Count { min, max } => {
            let unit = match f.kind {
                FieldKind::Tokens => CountUnit::Tokens,
                _ => CountUnit::Decimal,
            };
            match parse_count_as(raw, unit)? {
                v if v < min => Err(format!("must be at least {}", group_digits(min))),
                v if v > max => Err(format!(
                    "{} is above the limit of {}",
                    group_digits(v),
                    group_digits(max)
                )),
                v => Ok(Some(v)),
            }
        }
        Bounds::Fixed {
            places,
            min,
            max,
            said,
        } => match parse_fixed(raw, places) {
            Ok(v) if (min..=max).contains(&v) => Ok(Some(v)),
            Ok(_) => Err(format!("must be {said}")),
            Err(e) => Err(format!("{e}; must be {said}")),
        },
        Bounds::Size { unit, max } => match parse_bytes(raw, unit)? {
            0 => Err("must be above 0 (or left empty)".into()),
            b if b > max => Err(format!(
                "is above the limit of {}",
                format_bytes(max, Default::default())
            )),
            b => Ok(Some(b)),
        },
        // `Field::consistent` keeps number slots off rows without bounds.
        Bounds::None => parse_count_as(raw, CountUnit::Decimal).map(Some),
    }
}

/// What the measurement box says to a pasted log line (nvidia-smi's table, a job's report):
/// "'…' is not a number" read as if the figure in it were wrong (issue 39).
pub const PASTED_LINE: &str = "takes one figure, the peak you read (e.g. 230 GB or 71,234 MiB), not a pasted log line; copy just the peak from it. A check that reads nvidia-smi's and the codes' own memory reports is planned.";

/// Whether a measurement's text is a pasted line rather than one figure: more than a number and
/// its unit ("230 GB" is two words), a word before the figure ("MaxRSS 12345678K"), or a log's
/// separators (`|`, `:`, `=`, `/`, a line break).
pub fn pasted_line(raw: &str) -> bool {
    let words: Vec<&str> = raw.split_whitespace().collect();
    let worded = words.len() == 2 && !words[0].contains(|c: char| c.is_ascii_digit());
    words.len() > 2 || worded || raw.trim().contains(['|', ':', '=', '/', '\n', '\t'])
}

/// The page's checkbox reads a toggle with the same function (`fields::toggle_value`).
fn toggle(raw: &str) -> Result<bool, String> {
    crate::schema::fields::toggle_value(raw)
        .ok_or_else(|| format!("'{}' is not on or off", raw.to_ascii_lowercase()))
}

fn toggle_text(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

/// A size written back as a bare number of the field's unit when whole, else exact with a unit.
fn size_text(bytes: u64, unit: u64) -> String {
    if bytes.is_multiple_of(unit) {
        (bytes / unit).to_string()
    } else if bytes.is_multiple_of(1 << 20) {
        format!("{}MiB", bytes >> 20)
    } else {
        format!("{bytes}B")
    }
}

impl Field {
    /// Reads the field's (trimmed) text into the scenario being built; the message on failure.
    pub fn read(&self, raw: &str, s: &mut Scenario) -> Result<(), String> {
        match self.slot {
            Slot::Number(set, _) => set(s, number(self, raw)?.ok_or("is required")?),
            Slot::Maybe(set, _) if raw.is_empty() => set(s, None),
            Slot::Maybe(set, _) => set(s, number(self, raw)?),
            Slot::OrZero(set, _) if raw.is_empty() => set(s, 0),
            Slot::OrZero(set, _) => set(s, number(self, raw)?.unwrap_or(0)),
            Slot::Toggle(set, _) => set(s, toggle(raw)?),
            Slot::Text(read, _) => read(s, raw)?,
        }
        Ok(())
    }

    /// The canonical text of this field of a valid scenario.
    pub fn write(&self, s: &Scenario) -> String {
        match self.slot {
            Slot::Number(_, get) => self.number_text(get(s)),
            Slot::Maybe(_, get) => get(s).map(|v| self.number_text(v)).unwrap_or_default(),
            Slot::OrZero(_, get) => match get(s) {
                0 => String::new(),
                v => self.number_text(v),
            },
            Slot::Toggle(_, get) => toggle_text(get(s)).into(),
            Slot::Text(_, get) => get(s),
        }
    }

    /// A bound of a sweep over this field (`--sweep seq=1k..128k`), read by the field's own
    /// number rules: a token count's `k` is 1,024 as in `seq=32k`, a count's 1,000, and the
    /// field's range applies. A sweep sets whole numbers, so a size or fixed-point field's bound
    /// is a whole count of the unit its bare text is in.
    pub fn sweep_bound(&self, raw: &str) -> Result<u64, String> {
        match *self.bounds {
            Bounds::Count { .. } => number(self, raw.trim())?.ok_or_else(|| "is empty".into()),
            _ => parse_count_as(raw.trim(), CountUnit::Decimal),
        }
    }

    /// The canonical text of what `raw` reads as, alone (`bfloat16` is `bf16`, `h100` is
    /// `h100-80`): the option a select shows for a link's other spelling. `raw` itself when it
    /// cannot be read.
    pub fn canonical(&self, raw: &str) -> String {
        let mut s = Scenario::default();
        match self.read(raw.trim(), &mut s) {
            Ok(()) => self.write(&s),
            Err(_) => raw.to_string(),
        }
    }

    /// A number as the canonical text writes it, by the row's bounds.
    fn number_text(&self, v: u64) -> String {
        match *self.bounds {
            Bounds::Count { .. } if self.short => format_count(v),
            Bounds::Fixed { places, .. } => format_fixed(v, places),
            Bounds::Size { unit, .. } => size_text(v, unit),
            Bounds::Count { .. } | Bounds::None => v.to_string(),
        }
    }

    /// A patch value as this field's text, spelled as the canonical text spells it.
    pub fn text(&self, v: Value) -> String {
        let scale = match *self.bounds {
            Bounds::Fixed { places, .. } => 10u64.pow(places),
            _ => 1,
        };
        match v {
            Value::Count(n) => self.number_text(n.saturating_mul(scale)),
            Value::Number(x) => self.number_text((x * scale as f64).round() as u64),
            Value::Toggle(on) => toggle_text(on).into(),
            Value::Choice(id) => id.into(),
        }
    }

    /// Whether a patch value is one this field takes: of its kind, exact to its places, and
    /// read by its row without error (how every catalog value is tested; a wrong one would
    /// otherwise be dropped or make its patch vanish).
    pub fn check(&self, v: Value) -> Result<(), String> {
        let numeric = matches!(
            self.slot,
            Slot::Number(..) | Slot::Maybe(..) | Slot::OrZero(..)
        );
        let kind_fits = match v {
            Value::Count(_) => numeric || matches!(self.kind, FieldKind::Select),
            Value::Number(x) => {
                let places = match *self.bounds {
                    Bounds::Fixed { places, .. } => places,
                    _ => return Err(format!("{}: takes no decimals", self.key)),
                };
                let scaled = x * 10f64.powi(places as i32);
                x >= 0.0 && (scaled - scaled.round()).abs() < 1e-6
            }
            Value::Toggle(_) => matches!(self.slot, Slot::Toggle(..)),
            Value::Choice(_) => matches!(self.slot, Slot::Text(..)),
        };
        if !kind_fits {
            return Err(format!("{}: {v:?} is not a value of its kind", self.key));
        }
        let text = self.text(v);
        self.read(&text, &mut Scenario::default())
            .map_err(|e| format!("{}={text}: {e}", self.key))
    }
}

#[cfg(test)]
mod tests {
    use crate::schema::fields::FieldId;
    use crate::schema::inputs::Inputs;

    fn measured_error(raw: &str) -> Option<String> {
        let mut i = Inputs::default();
        i.set(FieldId::Measured, raw.to_string());
        i.parse()
            .err()?
            .into_iter()
            .find(|e| e.field == FieldId::Measured)
            .map(|e| e.message)
    }

    #[test]
    fn a_pasted_log_line_in_the_measurement_is_told_to_take_one_figure() {
        let smi = "|  0  NVIDIA H100 80GB HBM3   On | 00000000:18:00.0 Off | 71234MiB / 81559MiB |";
        for line in [
            smi,
            "MaxRSS 12345678K",
            "Per MPI rank memory allocation (min/avg/max) = 11.2 | 11.5 | 11.9 Mbytes",
        ] {
            let e = measured_error(line).expect(line);
            assert!(e.contains("one figure") && e.contains("log"), "{e}");
            assert!(!e.contains("is not a number"), "{e}");
        }
        // One figure, with or without its unit, is still read.
        for ok in ["230 GB", "71,234 MiB", "72GiB", ""] {
            assert_eq!(measured_error(ok), None, "{ok}");
        }
        // A figure that is not one keeps the usual message.
        assert!(measured_error("abc").is_some_and(|e| !e.contains("log line")));
    }
}
