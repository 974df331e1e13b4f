//! What an export is called: its file name and the title line drawn above the exported chart,
//! both from the scenario, so a folder of downloads says what each estimate was
//! (`memcalc-llama-3.1-70b-infer.png`, not `memcalc-infer.png` for every model).

use crate::base::choice::Choice;
use crate::base::units::{format_fixed, UnitSystem};
use crate::catalog::codes::Code;
use crate::model::Estimate;
use crate::scenario::{Mode, Scenario};

/// What the scenario estimates, in a few words: the released model ("Llama-3.1-70B"), the
/// parameter count ("7B"), a scientific network family ("pinn"), or the simulation's code or
/// method ("lammps", "grid").
pub fn subject(s: &Scenario) -> String {
    if s.mode == Mode::Sim {
        return if s.sim.code == Code::Generic {
            s.sim.method.id().to_string()
        } else {
            s.sim.code.id().to_string()
        };
    }
    if !s.sciml.is_transformer() {
        return s.sciml.model.id().to_string();
    }
    if let Some(m) = s.model {
        return m.id.rsplit('/').next().unwrap_or(m.id).to_string();
    }
    match s.params.or(s.arch.map(|a| a.total_params())) {
        Some(n) => rounded_count(n),
        None => String::from("model"),
    }
}

/// A count to three significant digits at most, as model names write it: 6,738,415,616 → "6.74B".
fn rounded_count(n: u64) -> String {
    const STEPS: [(u64, &str); 4] = [
        (1_000_000_000_000, "T"),
        (1_000_000_000, "B"),
        (1_000_000, "M"),
        (1_000, "K"),
    ];
    let Some(&(div, suffix)) = STEPS.iter().find(|(div, _)| n >= *div) else {
        return n.to_string();
    };
    let whole = n / div;
    let places = 3u32.saturating_sub(whole.ilog10() + 1);
    let step = div / 10u64.pow(places);
    let rounded = (n + step / 2) / step;
    format!("{}{suffix}", format_fixed(rounded, places))
}

/// The export's file name: `memcalc-<subject>-<mode>.<ext>`, in lower case, with anything but
/// letters, digits, dots and dashes replaced by a dash.
pub fn file_name(s: &Scenario, ext: &str) -> String {
    let stem: String = format!("memcalc-{}-{}", subject(s), s.mode.id())
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    format!("{stem}.{ext}")
}

/// The line drawn above the exported chart: what was estimated and the verdict, e.g.
/// "Llama-3.1-70B · Inference · Fits on H200 with 2.04 GiB to spare."
pub fn title(e: &Estimate, s: &Scenario, units: UnitSystem) -> String {
    format!(
        "{} · {} · {}",
        subject(s),
        s.mode.label(),
        super::verdict(e, units)
    )
}
