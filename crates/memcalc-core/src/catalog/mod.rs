//! The model catalog: released models with their exact configurations, keyed by Hugging Face
//! repository id. The table itself is in [`models`]; this module looks models up, suggests the
//! closest ids for a typo, and picks the nearest shape for a bare parameter count.

pub mod arch;
pub mod codes;
pub mod device;
pub mod framework;
pub mod gguf;
pub mod hardware;
pub mod optimizer;
pub mod parts;
pub mod precision;
pub mod quant;
pub mod vision;

mod models;

use crate::catalog::arch::Arch;
use crate::catalog::quant::Quant;
pub use models::MODELS;

/// How the publisher states the parameter count the test compares against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Published {
    pub params: u64,
    /// Allowed relative difference in parts per million: 0 where the count is exact (e.g. the
    /// total of the published safetensors), else the rounding of the stated figure.
    pub tolerance_ppm: u64,
}

/// What kind of network a catalog entry is; only decoders are offered as a shape for a bare
/// count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    Decoder,
    Encoder,
}

/// A released model's configuration, with where it comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Model {
    /// Hugging Face repository id, as the publisher spells it.
    pub id: &'static str,
    /// A short alias also accepted (lower case).
    pub alias: &'static str,
    pub label: &'static str,
    pub family: Family,
    pub arch: Arch,
    pub published: Published,
    pub source: &'static str,
    /// Other repositories with this exact configuration (Instruct and chat fine-tunes, renamed
    /// repositories), read as this model; links name the model by `id`.
    pub variants: &'static [&'static str],
    /// The format the publisher's checkpoint stores its weights in (`quantization_config` of
    /// its `config.json`): what `quant` defaults to when the model is chosen (links of schema
    /// version 4 on; older links keep `none`). `Quant::None`: 16-bit, as `torch_dtype`.
    pub ships: Quant,
    /// Repositories with this configuration whose checkpoint is stored in another format
    /// (the publisher's `-FP8`, `-AWQ`, `-GPTQ-Int4` releases), with that format, from each
    /// repository's `quantization_config`. Read as this model with `quant` set to the format.
    pub checkpoints: &'static [(&'static str, Quant)],
}

impl Model {
    /// This model with the repositories that share its configuration.
    pub const fn variants(self, variants: &'static [&'static str]) -> Model {
        Model { variants, ..self }
    }

    /// This model as its checkpoint ships: its weights stored in `format`.
    pub const fn ships(self, format: Quant) -> Model {
        Model {
            ships: format,
            ..self
        }
    }

    /// This model with the repositories that store its weights in another format.
    pub const fn checkpoints(self, checkpoints: &'static [(&'static str, Quant)]) -> Model {
        Model {
            checkpoints,
            ..self
        }
    }
}

/// `id` without a leading `https://huggingface.co/` or `hf.co/` and a trailing slash.
fn bare_id(id: &str) -> &str {
    let id = id.trim();
    id.strip_prefix("https://huggingface.co/")
        .or_else(|| id.strip_prefix("hf.co/"))
        .unwrap_or(id)
        .trim_end_matches('/')
}

/// The weight format the repository `id` ships in: a quantized checkpoint's own format, else
/// the catalog model's (`Model::ships`); None for an id the catalog does not know.
pub fn shipped_format(id: &str) -> Option<Quant> {
    let m = model_by_id(id)?;
    let id = bare_id(id);
    Some(
        m.checkpoints
            .iter()
            .find(|(c, _)| c.eq_ignore_ascii_case(id))
            .map_or(m.ships, |(_, q)| *q),
    )
}

/// The model with this repository id, alias or variant, ignoring case and a leading `hf.co/`
/// or URL.
pub fn model_by_id(id: &str) -> Option<&'static Model> {
    let id = bare_id(id);
    MODELS.iter().find(|m| {
        m.id.eq_ignore_ascii_case(id)
            || m.alias.eq_ignore_ascii_case(id)
            || m.variants.iter().any(|v| v.eq_ignore_ascii_case(id))
            || m.checkpoints
                .iter()
                .any(|(c, _)| c.eq_ignore_ascii_case(id))
    })
}

/// Levenshtein distance over lower-cased bytes (ids are ASCII).
fn distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.to_ascii_lowercase(), b.to_ascii_lowercase());
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// The message for an id the catalog does not know, naming the closest ones.
pub fn unknown_message(id: &str) -> String {
    format!(
        "unknown model '{}'; the closest known ids are {}",
        id.trim().chars().take(80).collect::<String>(),
        closest_ids(id).join(", ")
    )
}

/// The three known ids closest to `id` (by edit distance to the id, its part after the
/// organisation, or the alias), for "unknown model" messages.
pub fn closest_ids(id: &str) -> Vec<&'static str> {
    let wanted = id.trim();
    let name = wanted.rsplit('/').next().unwrap_or(wanted);
    let mut scored: Vec<(usize, &'static str)> = MODELS
        .iter()
        .map(|m| {
            let short = m.id.rsplit('/').next().unwrap_or(m.id);
            let d = distance(wanted, m.id)
                .min(distance(name, short))
                .min(distance(name, m.alias));
            (d, m.id)
        })
        .collect();
    scored.sort();
    scored.into_iter().take(3).map(|(_, id)| id).collect()
}

/// The dense, full-attention decoder whose parameter count is nearest to `params` by ratio
/// (first in table order on a tie), for a bare count. Integer comparison keeps the page and the
/// CLI identical.
#[cfg(not(feature = "time"))]
pub fn nearest_shape(params: u64) -> &'static Model {
    nearest_shape_scan(params)
}

/// [`nearest_shape`], remembering its last answer (built with the time model: the core worker
/// and the CLI, which run the planner; the app's wasm keeps its bytes).
#[cfg(feature = "time")]
pub fn nearest_shape(params: u64) -> &'static Model {
    use std::sync::atomic::{AtomicU64, Ordering};
    // The last answer, one word: (count << 16) | index in MODELS; 0 is empty (a count is at
    // least 1). Every estimate of a bare count asks several times, and the planner (issue 41)
    // asks for tens of thousands of setups of the same count: each scan computes every dense
    // decoder's count (most of a planner's search before this memo). One atomic word, so
    // threads never read a count with another count's index.
    static LAST: AtomicU64 = AtomicU64::new(0);
    let wanted = params.max(1);
    let memo = wanted < 1 << 48;
    let last = LAST.load(Ordering::Relaxed);
    if memo && last >> 16 == wanted {
        return &MODELS[(last & 0xffff) as usize];
    }
    let found = nearest_shape_scan(params);
    if memo {
        if let Some(i) = MODELS.iter().position(|m| std::ptr::eq(m, found)) {
            if i < 1 << 16 {
                LAST.store(wanted << 16 | i as u64, Ordering::Relaxed);
            }
        }
    }
    found
}

fn nearest_shape_scan(params: u64) -> &'static Model {
    let params = u128::from(params.max(1));
    // (larger, smaller) of the two counts: their ratio, compared by cross-multiplication.
    let ratio = |m: &Model| {
        let p = u128::from(m.arch.total_params().max(1));
        (p.max(params), p.min(params))
    };
    let mut best: Option<&'static Model> = None;
    for m in MODELS.iter().filter(|m| {
        m.family == Family::Decoder && m.arch.experts == 1 && m.arch.window == 0 && !m.arch.mla()
    }) {
        let better = best.is_none_or(|b| {
            let ((n1, d1), (n2, d2)) = (ratio(m), ratio(b));
            n1 * d2 < n2 * d1
        });
        if better {
            best = Some(m);
        }
    }
    best.expect("the catalog has dense decoders")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `nearest_shape`'s memo (issue 41) answers as the scan, counts interleaved and from
    /// several threads at once (one word holds a count with its answer).
    #[test]
    fn nearest_shape_remembers_only_its_own_answer() {
        let counts = [
            1,
            7_000_000_000,
            70_000_000_000,
            8_030_000_000,
            405_000_000_000,
            1 << 50,
        ];
        let want: Vec<&'static str> = counts.iter().map(|&p| nearest_shape_scan(p).id).collect();
        std::thread::scope(|scope| {
            for t in 0..4 {
                let want = &want;
                scope.spawn(move || {
                    for round in 0..200 {
                        for (i, &p) in counts.iter().enumerate() {
                            if (i + round + t) % 3 != 0 {
                                assert_eq!(nearest_shape(p).id, want[i], "{p}");
                            }
                        }
                    }
                });
            }
        });
    }
}
