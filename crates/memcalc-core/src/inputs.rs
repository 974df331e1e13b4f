//! What the user typed, kept as text, and its validation into a [`Scenario`].
//! The form keeps raw text so that typing `1.` or `-` is never rewritten; parsing is derived.

use crate::choice::Choice;
use crate::device::gpu_by_id;
use crate::fields::{default_raw, field, FIELDS};
use crate::optimizer::Optimizer;
use crate::precision::Dtype;
use crate::scenario::*;
use crate::units::{format_count, format_fixed, group_digits, parse_bytes, parse_count, parse_fixed};

/// A validation failure tied to the field (URL key) it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub key: &'static str,
    pub message: String,
}

/// The raw text of every field, in [`FIELDS`] order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inputs {
    raw: Vec<(&'static str, String)>,
}

impl Default for Inputs {
    fn default() -> Self {
        Inputs { raw: FIELDS.iter().map(|f| (f.key, default_raw(f.key))).collect() }
    }
}

fn parse_toggle(raw: &str) -> Result<bool, String> {
    match raw.trim().to_ascii_lowercase().as_str() {
        "on" | "1" | "true" | "yes" => Ok(true),
        "off" | "0" | "false" | "no" => Ok(false),
        _ => Err(format!("'{}' is not on or off", raw.trim())),
    }
}

fn parse_choice<C: Choice>(raw: &str) -> Result<C, String> {
    C::parse(raw)
}

fn at_most(value: u128, max: u128, what: impl FnOnce() -> String) -> Result<u128, String> {
    if value > max {
        Err(what())
    } else {
        Ok(value)
    }
}

impl Inputs {
    /// The raw text of `key` ("" for an unknown key).
    pub fn get(&self, key: &str) -> &str {
        self.raw.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str()).unwrap_or("")
    }

    /// Sets the raw text of a known key; returns false for an unknown key.
    pub fn set(&mut self, key: &str, value: impl Into<String>) -> bool {
        match self.raw.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => {
                slot.1 = value.into();
                true
            }
            None => false,
        }
    }

    /// The canonical text of each field of a valid scenario.
    pub fn from_scenario(s: &Scenario) -> Inputs {
        let mut i = Inputs::default();
        i.set("mode", s.mode.id());
        i.set("params", format_count(s.params));
        i.set("dtype", s.dtype.id());
        i.set("optimizer", s.optimizer.id());
        i.set("mixed", if s.mixed { "on" } else { "off" });
        i.set("grad_dtype", s.grad_dtype.map(|d| d.id()).unwrap_or(""));
        i.set("gpu", s.device.preset.id);
        i.set("gpu_mem", s.device.custom_bytes.map(canonical_gib).unwrap_or_default());
        i.set("runtime", s.runtime_mib.to_string());
        i.set("overhead", format_fixed(s.overhead_bp, 2));
        i
    }

    /// Validates every field; all errors are reported, not only the first.
    pub fn parse(&self) -> Result<Scenario, Vec<FieldError>> {
        let mut errors = Vec::new();
        let mut check = |key: &'static str, r: Result<(), String>| {
            if let Err(message) = r {
                errors.push(FieldError { key, message: format!("{key}: {message}") });
            }
        };
        let mut s = Scenario::default();
        check("mode", parse_choice::<Mode>(self.get("mode")).map(|v| s.mode = v));
        check(
            "params",
            parse_count(self.get("params")).and_then(|p| {
                if p == 0 {
                    return Err("a model needs at least 1 parameter".into());
                }
                at_most(p, MAX_PARAMS, || {
                    format!("{} is above the limit of 10^15 parameters", group_digits(p))
                })
                .map(|p| s.params = p)
            }),
        );
        check("dtype", parse_choice::<Dtype>(self.get("dtype")).map(|v| s.dtype = v));
        check("optimizer", parse_choice::<Optimizer>(self.get("optimizer")).map(|v| s.optimizer = v));
        check("mixed", parse_toggle(self.get("mixed")).map(|v| s.mixed = v));
        let grad = self.get("grad_dtype");
        if !grad.trim().is_empty() {
            check("grad_dtype", parse_choice::<Dtype>(grad).map(|v| s.grad_dtype = Some(v)));
        }
        check(
            "gpu",
            gpu_by_id(self.get("gpu")).map(|g| s.device.preset = g).ok_or_else(|| {
                let ids: Vec<&str> = crate::device::GPUS.iter().map(|g| g.id).collect();
                format!("'{}' is not a known GPU; use one of {} or set gpu_mem", self.get("gpu").trim(), ids.join(", "))
            }),
        );
        let mem = self.get("gpu_mem");
        if !mem.trim().is_empty() {
            check(
                "gpu_mem",
                parse_bytes(mem, 1 << 30).and_then(|b| {
                    if b == 0 {
                        return Err("device memory must be above 0".into());
                    }
                    at_most(b, MAX_DEVICE_BYTES, || "is above the limit of 1 PiB".into())
                        .map(|b| s.device.custom_bytes = Some(b))
                }),
            );
        }
        check(
            "runtime",
            parse_fixed(self.get("runtime"), 0)
                .map_err(|e| format!("{e}; give whole MiB, e.g. 512"))
                .and_then(|v| at_most(v, MAX_RUNTIME_MIB, || "is above the limit of 1048576 MiB".into()))
                .map(|v| s.runtime_mib = v),
        );
        check(
            "overhead",
            parse_fixed(self.get("overhead"), 2)
                .and_then(|v| at_most(v, MAX_OVERHEAD_BP, || "must be between 0 and 100 %".into()))
                .map(|v| s.overhead_bp = v),
        );
        if errors.is_empty() {
            Ok(s)
        } else {
            Err(errors)
        }
    }
}

/// Device memory written back as a bare number of GiB when whole, else exact bytes with a unit.
fn canonical_gib(bytes: u128) -> String {
    const GIB: u128 = 1 << 30;
    if bytes % GIB == 0 {
        (bytes / GIB).to_string()
    } else if bytes % (1 << 20) == 0 {
        format!("{}MiB", bytes >> 20)
    } else {
        format!("{bytes}B")
    }
}

/// Whether a key belongs to the form (as opposed to e.g. `v`, the schema version).
pub fn is_field(key: &str) -> bool {
    field(key).is_some()
}
