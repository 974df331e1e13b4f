//! Where each field's value lives in the scenario, by the kind of value: a row of
//! `schema::fields` names its place with one of the macros below (or one of the few special
//! slots at the end), and reading, writing and checking a field (`schema::value`) go through
//! it. Besides the rows, only the rules between fields (`schema::validate`) name keys.

use crate::base::choice::Choice;
use crate::catalog::arch::Arch;
use crate::scenario::Scenario;

/// How a row reads its value into the scenario being built and writes it back from a valid one.
/// Numbers are read by the row's bounds first; the setters only place what was read.
#[derive(Debug, Clone, Copy)]
pub enum Slot {
    /// A number that must be given.
    Number(fn(&mut Scenario, u64), fn(&Scenario) -> u64),
    /// A number that may be left empty (`None`).
    Maybe(fn(&mut Scenario, Option<u64>), fn(&Scenario) -> Option<u64>),
    /// A number whose empty text means 0 ("not used"), and whose 0 is written empty.
    OrZero(fn(&mut Scenario, u64), fn(&Scenario) -> u64),
    Toggle(fn(&mut Scenario, bool), fn(&Scenario) -> bool),
    /// An option or free text, read by its own parser (the message is the error); written as
    /// its canonical text.
    Text(
        fn(&mut Scenario, &str) -> Result<(), String>,
        fn(&Scenario) -> String,
    ),
}

/// The architecture a form without one shows: counts empty, the classic layer's choices.
pub const BLANK_ARCH: Arch = Arch {
    layers: 0,
    hidden: 0,
    heads: 0,
    kv_heads: 0,
    head_dim: 0,
    ffn: 0,
    vocab: 0,
    ..Arch::BASE
};

/// The architecture being read: its fields are placed before the rule between them
/// (`schema::rules`) decides whether one was given.
pub fn arch_mut(s: &mut Scenario) -> &mut Arch {
    s.arch.get_or_insert(BLANK_ARCH)
}

/// The architecture written back: a scenario without one shows the blank one.
pub fn arch_of(s: &Scenario) -> Arch {
    s.arch.unwrap_or(BLANK_ARCH)
}

/// A required number at `s.<path>` (or `@arch <field>`).
macro_rules! num {
    (@arch $f:ident) => {
        $crate::schema::slot::Slot::Number(
            |s, v| $crate::schema::slot::arch_mut(s).$f = v,
            |s| $crate::schema::slot::arch_of(s).$f,
        )
    };
    ($($p:ident).+) => {
        $crate::schema::slot::Slot::Number(|s, v| s.$($p).+ = v, |s| s.$($p).+)
    };
}

/// An optional number at `s.<path>` (or `@topology <field>`: any one given sets the topology).
macro_rules! maybe {
    (@topology $f:ident) => {
        $crate::schema::slot::Slot::Maybe(
            |s, v| {
                if let Some(v) = v {
                    s.sim.topology.get_or_insert_default().$f = v;
                }
            },
            |s| s.sim.topology.map(|t| t.$f),
        )
    };
    ($($p:ident).+) => {
        $crate::schema::slot::Slot::Maybe(|s, v| s.$($p).+ = v, |s| s.$($p).+)
    };
}

/// A number whose empty text is 0, at `s.<path>` (or `@arch <field>`).
macro_rules! or0 {
    (@arch $f:ident) => {
        $crate::schema::slot::Slot::OrZero(
            |s, v| $crate::schema::slot::arch_mut(s).$f = v,
            |s| $crate::schema::slot::arch_of(s).$f,
        )
    };
    ($($p:ident).+) => {
        $crate::schema::slot::Slot::OrZero(|s, v| s.$($p).+ = v, |s| s.$($p).+)
    };
}

/// A toggle at `s.<path>` (or `@arch <field>`).
macro_rules! on {
    (@arch $f:ident) => {
        $crate::schema::slot::Slot::Toggle(
            |s, v| $crate::schema::slot::arch_mut(s).$f = v,
            |s| $crate::schema::slot::arch_of(s).$f,
        )
    };
    ($($p:ident).+) => {
        $crate::schema::slot::Slot::Toggle(|s, v| s.$($p).+ = v, |s| s.$($p).+)
    };
}

/// One of a closed set of options at `s.<path>` (`@arch <field>`; `? <path>` for an option
/// that may be left empty).
macro_rules! pick {
    (@arch $f:ident) => {
        $crate::schema::slot::Slot::Text(
            |s, raw| {
                $crate::schema::slot::arch_mut(s).$f = $crate::base::choice::Choice::parse(raw)?;
                Ok(())
            },
            |s| $crate::base::choice::Choice::id($crate::schema::slot::arch_of(s).$f).into(),
        )
    };
    (? $($p:ident).+) => {
        $crate::schema::slot::Slot::Text(
            |s, raw| {
                s.$($p).+ = $crate::schema::slot::optional(raw)?;
                Ok(())
            },
            |s| s.$($p).+.map_or("", $crate::base::choice::Choice::id).into(),
        )
    };
    ($($p:ident).+) => {
        $crate::schema::slot::Slot::Text(
            |s, raw| {
                s.$($p).+ = $crate::base::choice::Choice::parse(raw)?;
                Ok(())
            },
            |s| $crate::base::choice::Choice::id(s.$($p).+).into(),
        )
    };
}

pub(crate) use {maybe, num, on, or0, pick};

/// An option that may be left empty.
pub fn optional<C: Choice>(raw: &str) -> Result<Option<C>, String> {
    if raw.is_empty() {
        Ok(None)
    } else {
        C::parse(raw).map(Some)
    }
}

/// An architecture count left empty where it equals what it would be derived from (shorter
/// links); 0 reads back as "derive it".
macro_rules! derived {
    ($f:ident, $derive:expr) => {
        $crate::schema::slot::Slot::OrZero(
            |s, v| $crate::schema::slot::arch_mut(s).$f = v,
            |s| s.arch.filter(|a| a.$f != $derive(a)).map_or(0, |a| a.$f),
        )
    };
}

/// `kv_heads`: as many as the query heads unless given.
pub const KV_HEADS: Slot = derived!(kv_heads, |a: &Arch| a.heads);
/// `head_dim`: hidden ÷ heads unless given (and unless that does not divide).
pub const HEAD_DIM: Slot = derived!(head_dim, |a: &Arch| if a.hidden.is_multiple_of(a.heads) {
    a.hidden / a.heads
} else {
    0
});
/// `ffn`: the MLP type's default width unless given.
pub const FFN: Slot = derived!(ffn, |a: &Arch| Arch::default_ffn(a.hidden, a.mlp));

/// `model_id`: a catalog model by id or alias, or none.
pub const MODEL_ID: Slot = Slot::Text(
    |s, raw| {
        s.model = if raw.is_empty() {
            None
        } else {
            Some(
                crate::catalog::model_by_id(raw)
                    .ok_or_else(|| crate::catalog::unknown_message(raw))?,
            )
        };
        Ok(())
    },
    |s| s.model.map_or("", |m| m.id).into(),
);

/// `kv_dtype`: a block-quantized cache (llama.cpp q8_0, q4_0), a precision, or the weights'.
pub const KV_DTYPE: Slot = Slot::Text(
    |s, raw| {
        use crate::catalog::quant::KvQuant;
        s.kv_quant = KvQuant::parse(raw).ok();
        s.kv_dtype = match s.kv_quant {
            Some(_) => None,
            // Not a precision either: the message lists both kinds and names the closest.
            None => optional(raw).map_err(|_| {
                let ids = || {
                    crate::catalog::precision::Dtype::IDS
                        .iter()
                        .chain(KvQuant::IDS)
                        .copied()
                };
                format!(
                    "'{}' is not one of {}{}",
                    raw.trim(),
                    ids().collect::<Vec<_>>().join(", "),
                    crate::base::choice::suggestion(raw, ids())
                )
            })?,
        };
        Ok(())
    },
    |s| {
        s.kv_quant
            .map(Choice::id)
            .or(s.kv_dtype.map(Choice::id))
            .unwrap_or("")
            .into()
    },
);

/// `node`: a CPU node of the catalog, or none (empty).
pub const NODE: Slot = Slot::Text(
    |s, raw| {
        if raw.is_empty() {
            s.sim.node = None;
            return Ok(());
        }
        s.sim.node = Some(crate::catalog::device::node_by_id(raw).ok_or_else(|| {
            let ids: Vec<&str> = crate::catalog::device::NODES.iter().map(|n| n.id).collect();
            format!(
                "'{raw}' is not a known node; use one of {}{}",
                ids.join(", "),
                crate::base::choice::suggestion(raw, ids.iter().copied())
            )
        })?);
        Ok(())
    },
    |s| s.sim.node.map_or(String::new(), |n| n.id.into()),
);

/// `gpu`: a device of the catalog.
pub const GPU: Slot = Slot::Text(
    |s, raw| {
        s.device.preset = crate::catalog::device::gpu_by_id(raw).ok_or_else(|| {
            let ids: Vec<&str> = crate::catalog::device::GPUS.iter().map(|g| g.id).collect();
            format!(
                "'{raw}' is not a known GPU; use one of {} or set gpu_mem{}",
                ids.join(", "),
                crate::base::choice::suggestion(raw, ids.iter().copied())
            )
        })?;
        Ok(())
    },
    |s| s.device.preset.id.into(),
);

/// `zero`: a ZeRO stage.
pub const ZERO: Slot = Slot::Text(
    |s, raw| {
        s.parallel.zero = match raw {
            "0" => 0,
            "1" => 1,
            "2" => 2,
            "3" => 3,
            other => return Err(format!("'{other}' is not a ZeRO stage; use 0, 1, 2 or 3")),
        };
        Ok(())
    },
    |s| s.parallel.zero.to_string(),
);

/// `index_bytes`: 32- or 64-bit indices.
pub const INDEX_BYTES: Slot = Slot::Text(
    |s, raw| {
        s.sim.index_bytes = match raw {
            "4" => 4,
            "8" => 8,
            other => return Err(format!("'{other}' is not an index width; use 4 or 8")),
        };
        Ok(())
    },
    |s| s.sim.index_bytes.to_string(),
);

/// `lora_targets`: a named set or a list of matrices, written as its text.
pub const LORA_TARGETS: Slot = Slot::Text(
    |s, raw| {
        s.lora_targets = Choice::parse(raw)?;
        Ok(())
    },
    |s| s.lora_targets.text(),
);

/// `tensor_split`: llama.cpp's `--tensor-split` shares, or none.
pub const TENSOR_SPLIT: Slot = Slot::Text(
    |s, raw| {
        s.tensor_split = crate::scenario::serving::TensorSplit::parse(raw)?;
        Ok(())
    },
    |s| s.tensor_split.text(),
);
