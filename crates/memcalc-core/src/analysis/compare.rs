//! Several setups side by side (issue 41): up to [`MAX_COLUMNS`] scenarios, each with its
//! estimate and time, every part's bytes and every time term's seconds aligned by id across
//! the columns, with each row's difference from the first column, and the keys each column
//! changed from the first. Numbers only; `report::compare` writes the sentences.

use crate::catalog::parts::PartId;
use crate::model::{estimate, Estimate};
use crate::scenario::Scenario;
use crate::schema::fields::FieldId;
use crate::schema::inputs::Inputs;
use crate::schema::query::pairs;
use crate::speed::{speed, Speed, SpeedError, Steps, TermId, Time};

/// The most setups one comparison holds: four columns still read side by side on a laptop,
/// and the page's link stays short enough to share.
pub const MAX_COLUMNS: usize = 4;

/// One setup: its scenario, estimate and time (None where the run has no time model).
#[derive(Debug, Clone)]
pub struct Column {
    pub scenario: Scenario,
    pub estimate: Estimate,
    pub speed: Option<Speed>,
}

impl Column {
    /// The setup's estimate and time; a hardware figure out of range is an error naming it.
    pub fn of(scenario: Scenario) -> Result<Column, SpeedError> {
        let estimate = estimate(&scenario);
        let speed = speed(&scenario, &estimate)?;
        Ok(Column {
            scenario,
            estimate,
            speed,
        })
    }

    /// The setup's memory without its time: the page's comparison (its time comes from the
    /// time wasm, the app carries no time model).
    pub fn memory_only(scenario: Scenario) -> Column {
        let estimate = estimate(&scenario);
        Column {
            scenario,
            estimate,
            speed: None,
        }
    }

    /// The step a user compares: a decode step in serving, a training, simulation or
    /// surrogate step otherwise.
    pub fn step(&self) -> Option<Time> {
        self.speed.as_ref().map(|sp| match sp.steps {
            Steps::Inference { decode_step, .. } => decode_step,
            Steps::Training { step, .. } | Steps::Sim { step, .. } => step,
            Steps::Surrogate { step, .. } => step,
        })
    }
}

/// A part's bytes in each column (None where that setup has no such part), first column first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartRow {
    pub id: PartId,
    pub bytes: Vec<Option<u64>>,
}

impl PartRow {
    /// Column `i`'s bytes minus the first column's (a missing part counts as 0 bytes).
    pub fn delta(&self, i: usize) -> i128 {
        let at = |j: usize| self.bytes.get(j).copied().flatten().unwrap_or(0) as i128;
        at(i) - at(0)
    }

    /// How far the row moves: the largest difference from the first column, in bytes.
    pub fn moved(&self) -> u128 {
        (1..self.bytes.len())
            .map(|i| self.delta(i).unsigned_abs())
            .max()
            .unwrap_or(0)
    }
}

/// A time term's seconds in each column (None where that setup has no such term).
#[derive(Debug, Clone, PartialEq)]
pub struct TermRow {
    pub id: TermId,
    pub seconds: Vec<Option<f64>>,
}

impl TermRow {
    /// Column `i`'s seconds minus the first column's (a missing term counts as 0 s).
    pub fn delta(&self, i: usize) -> f64 {
        let at = |j: usize| self.seconds.get(j).copied().flatten().unwrap_or(0.0);
        at(i) - at(0)
    }

    /// How far the row moves: the largest difference from the first column, in seconds.
    pub fn moved(&self) -> f64 {
        let at = |j: usize| self.seconds.get(j).copied().flatten().unwrap_or(0.0);
        (1..self.seconds.len())
            .map(|i| (at(i) - at(0)).abs())
            .fold(0.0, f64::max)
    }
}

/// A key a column sets differently from the first: its value there and here (where a query
/// leaves the key at its base's value, that value; "" where there is none to write).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changed {
    pub key: String,
    pub first: String,
    pub here: String,
}

/// The setups side by side.
#[derive(Debug, Clone)]
pub struct Comparison {
    pub columns: Vec<Column>,
    /// Every part any setup has, the rows that move most first (ties in the first column's
    /// order, then the order the parts first appear).
    pub parts: Vec<PartRow>,
    /// Every time term any setup has, likewise.
    pub terms: Vec<TermRow>,
}

/// Why setups cannot be compared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CompareError {
    /// Fewer than two setups or more than [`MAX_COLUMNS`].
    Count(usize),
}

impl std::fmt::Display for CompareError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CompareError::Count(n) => write!(
                f,
                "a comparison holds 2 to {MAX_COLUMNS} setups; {n} were given"
            ),
        }
    }
}

/// The setups side by side.
pub fn compare(columns: Vec<Column>) -> Result<Comparison, CompareError> {
    let n = columns.len();
    if !(2..=MAX_COLUMNS).contains(&n) {
        return Err(CompareError::Count(n));
    }
    let mut parts: Vec<PartRow> = Vec::new();
    for (i, c) in columns.iter().enumerate() {
        for comp in &c.estimate.components {
            let row = match parts.iter().position(|r| r.id == comp.id) {
                Some(at) => &mut parts[at],
                None => {
                    parts.push(PartRow {
                        id: comp.id,
                        bytes: vec![None; n],
                    });
                    parts.last_mut().expect("just pushed")
                }
            };
            // A part listed twice (per location) adds up.
            let cell = &mut row.bytes[i];
            *cell = Some(cell.unwrap_or(0).saturating_add(comp.bytes));
        }
    }
    let mut terms: Vec<TermRow> = Vec::new();
    for (i, c) in columns.iter().enumerate() {
        for t in c.speed.iter().flat_map(|sp| &sp.terms) {
            let row = match terms.iter().position(|r| r.id == t.id()) {
                Some(at) => &mut terms[at],
                None => {
                    terms.push(TermRow {
                        id: t.id(),
                        seconds: vec![None; n],
                    });
                    terms.last_mut().expect("just pushed")
                }
            };
            let s = t.time.seconds();
            row.seconds[i] = match (row.seconds[i], s) {
                (Some(a), Some(b)) => Some(a + b),
                (a, b) => a.or(b),
            };
        }
    }
    // Stable sorts: equal rows keep the order the parts were met in.
    parts.sort_by_key(|r| std::cmp::Reverse(r.moved()));
    terms.sort_by(|a, b| b.moved().total_cmp(&a.moved()));
    Ok(Comparison {
        columns,
        parts,
        terms,
    })
}

/// The keys column `i` sets differently from the first column, in the order of the first
/// column's canonical query, then the keys only column `i` sets.
pub fn changed(cmp: &Comparison, i: usize) -> Vec<Changed> {
    let (Some(first), Some(here)) = (cmp.columns.first(), cmp.columns.get(i)) else {
        return Vec::new();
    };
    let (a, b) = (
        pairs(&first.scenario.to_query()),
        pairs(&here.scenario.to_query()),
    );
    let get = |list: &[(String, String)], k: &str| {
        list.iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let mut keys: Vec<&String> = a.iter().map(|(k, _)| k).collect();
    for (k, _) in &b {
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    // A key a canonical query leaves out is at its base's value: say that value, read from the
    // whole form the scenario writes (`gpus 1 → 8`, not `default → 8`).
    let (full_a, full_b) = (
        Inputs::from_scenario(&first.scenario),
        Inputs::from_scenario(&here.scenario),
    );
    let value = |list: &[(String, String)], full: &Inputs, k: &str| {
        let given = get(list, k);
        match FieldId::from_key(k) {
            Some(id) if given.is_empty() => full.get(id).to_string(),
            _ => given,
        }
    };
    keys.into_iter()
        .filter(|k| k.as_str() != "v")
        .filter_map(|k| {
            let (x, y) = (get(&a, k), get(&b, k));
            (x != y).then(|| Changed {
                key: k.clone(),
                first: value(&a, &full_a, k),
                here: value(&b, &full_b, k),
            })
        })
        .collect()
}

/// A setup of a link, and a served 70B model the tests compare variants of (here and in
/// `report::compare`).
#[cfg(test)]
pub(crate) mod fixtures {
    use super::Column;
    use crate::schema::inputs::Inputs;

    pub fn col(q: &str) -> Column {
        Column::of(Inputs::from_query(q).0.parse().unwrap()).unwrap()
    }

    pub const SERVE: &str =
        "v=3&model_id=meta-llama/Llama-3.1-70B&mode=infer&seq=32768&gpus=4&tp=4&gpu=h100-80&batch=8";
}

#[cfg(test)]
mod tests {
    use super::fixtures::{col, SERVE};
    use super::*;

    #[test]
    fn parts_line_up_by_id_and_the_row_that_moves_most_comes_first() {
        let cmp = compare(vec![col(SERVE), col(&format!("{SERVE}&kv_dtype=fp8"))]).unwrap();
        let kv = &cmp.parts[0];
        assert_eq!(kv.id, PartId::KvCache, "{:?}", cmp.parts);
        // FP8 halves a BF16 cache.
        let (a, b) = (kv.bytes[0].unwrap(), kv.bytes[1].unwrap());
        assert_eq!(a, 2 * b);
        assert_eq!(kv.delta(1), -(b as i128));
        // Weights do not move.
        let w = cmp.parts.iter().find(|r| r.id == PartId::Weights).unwrap();
        assert_eq!(w.moved(), 0);
        // Every part's bytes add up to each column's components.
        for (i, c) in cmp.columns.iter().enumerate() {
            let sum: u64 = cmp.parts.iter().filter_map(|r| r.bytes[i]).sum();
            let want: u64 = c.estimate.components.iter().map(|c| c.bytes).sum();
            assert_eq!(sum, want);
        }
        assert_eq!(
            changed(&cmp, 1),
            vec![Changed {
                key: "kv_dtype".into(),
                first: String::new(),
                here: "fp8".into()
            }],
            "an empty kv_dtype is the weights' dtype: there is no value to say"
        );
        assert!(changed(&cmp, 0).is_empty());
    }

    #[test]
    fn a_part_only_one_setup_has_is_missing_in_the_others() {
        let cmp = compare(vec![
            col("v=3&params=7B&optimizer=adamw"),
            col("v=3&params=7B&optimizer=adamw&mode=infer"),
        ])
        .unwrap();
        let opt = cmp
            .parts
            .iter()
            .find(|r| r.id == PartId::Optimizer)
            .unwrap();
        assert!(opt.bytes[0].is_some() && opt.bytes[1].is_none());
        assert!(opt.delta(1) < 0);
        // Both have time terms, aligned by id.
        assert!(!cmp.terms.is_empty());
        assert!(cmp.terms.iter().all(|t| t.seconds.len() == 2));
    }

    #[test]
    fn two_to_four_setups_and_no_more() {
        assert_eq!(
            compare(vec![col(SERVE)]).err(),
            Some(CompareError::Count(1))
        );
        let five = (0..5).map(|_| col(SERVE)).collect();
        let e = compare(five).err().unwrap();
        assert_eq!(
            e.to_string(),
            "a comparison holds 2 to 4 setups; 5 were given"
        );
        assert!(compare((0..4).map(|_| col(SERVE)).collect()).is_ok());
    }
}
