//! Which weight matrices carry LoRA adapters: a named set (`qv`, `attention`, `all`) or a list
//! of projections such as `q,k,v,o,gate,up,down` (PEFT's `target_modules`, torchtune's
//! `lora_attn_modules` + `apply_lora_to_mlp`).

/// The projections of one transformer layer that can carry an adapter.
const NAMES: [&str; 7] = ["q", "k", "v", "o", "gate", "up", "down"];
const Q: u8 = 1;
const K: u8 = 2;
const V: u8 = 4;
const O: u8 = 8;
const GATE: u8 = 16;
const UP: u8 = 32;
const DOWN: u8 = 64;

/// A set of adapted projections, as bits in `NAMES` order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LoraTargets(u8);

impl LoraTargets {
    pub const QV: LoraTargets = LoraTargets(Q | V);
    pub const ATTENTION: LoraTargets = LoraTargets(Q | K | V | O);
    pub const ALL_LINEAR: LoraTargets = LoraTargets(Q | K | V | O | GATE | UP | DOWN);
    /// torchtune's Llama 3 LoRA configs: q, v and output projections plus the MLP.
    pub const TORCHTUNE: LoraTargets = LoraTargets(Q | V | O | GATE | UP | DOWN);

    pub fn has(self, name: &str) -> bool {
        NAMES
            .iter()
            .position(|n| *n == name)
            .is_some_and(|i| self.0 & (1 << i) != 0)
    }

    /// Attention projections adapted (q, k, v, o).
    pub fn attention_bits(self) -> u8 {
        self.0 & (Q | K | V | O)
    }

    /// MLP matrices adapted: up and down, and gate for gated MLPs.
    pub fn mlp_count(self, gated: bool) -> u64 {
        u64::from(self.0 & UP != 0)
            + u64::from(self.0 & DOWN != 0)
            + u64::from(gated && self.0 & GATE != 0)
    }

    /// The canonical text: a named set's id, else the list.
    pub fn text(self) -> String {
        if let Some(i) = <Self as crate::base::choice::Choice>::ALL
            .iter()
            .position(|t| *t == self)
        {
            return <Self as crate::base::choice::Choice>::IDS[i].to_string();
        }
        NAMES
            .iter()
            .enumerate()
            .filter(|(i, _)| self.0 & (1 << i) != 0)
            .map(|(_, n)| *n)
            .collect::<Vec<_>>()
            .join(",")
    }
}

impl crate::base::choice::Choice for LoraTargets {
    const ALL: &'static [Self] = &[
        LoraTargets::QV,
        LoraTargets::ATTENTION,
        LoraTargets::ALL_LINEAR,
        LoraTargets::TORCHTUNE,
    ];
    const IDS: &'static [&'static str] = &["qv", "attention", "all", "q,v,o,gate,up,down"];

    fn id(self) -> &'static str {
        <Self as crate::base::choice::Choice>::ALL
            .iter()
            .position(|t| *t == self)
            .map(|i| Self::IDS[i])
            .unwrap_or("custom")
    }

    fn label(self) -> &'static str {
        match self.id() {
            "qv" => "Query and value projections (PEFT default)",
            "attention" => "All attention projections (q, k, v, o)",
            "all" => "All linear layers (QLoRA, Unsloth)",
            "q,v,o,gate,up,down" => "q, v, o and the MLP (torchtune)",
            _ => "Custom list",
        }
    }

    /// A named set, or projections separated by commas (q_proj, gate_proj… accepted).
    fn parse(raw: &str) -> Result<Self, String> {
        let t = raw.trim().to_ascii_lowercase();
        if let Ok(i) = crate::base::choice::parse_index(&t, &["qv", "attention", "all"]) {
            return Ok(Self::ALL[i]);
        }
        let mut bits = 0u8;
        for part in t.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let name = part.strip_suffix("_proj").unwrap_or(part);
            let name = match name {
                "output" | "out" => "o",
                "w1" => "gate",
                "w3" => "up",
                "w2" => "down",
                n => n,
            };
            match NAMES.iter().position(|n| *n == name) {
                Some(i) => bits |= 1 << i,
                None => {
                    // The closest matrices in a list; alone, the sets too.
                    let sets: &[&str] = if t.contains(',') {
                        &[]
                    } else {
                        &["qv", "attention", "all"]
                    };
                    let ids = sets.iter().copied().chain(NAMES);
                    return Err(format!(
                        "'{part}' is not a LoRA target; use qv, attention, all, or a list of {}{}",
                        NAMES.join(", "),
                        crate::base::choice::suggestion(part, ids)
                    ));
                }
            }
        }
        if bits == 0 {
            return Err("give qv, attention, all, or a list such as q,k,v,o".into());
        }
        Ok(LoraTargets(bits))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::choice::Choice;

    #[test]
    fn lists_and_names_round_trip() {
        for t in LoraTargets::ALL {
            assert_eq!(LoraTargets::parse(&t.text()), Ok(*t));
        }
        let l = LoraTargets::parse("q_proj, k_proj,v_proj,o_proj,gate_proj,up_proj,down_proj");
        assert_eq!(l, Ok(LoraTargets::ALL_LINEAR));
        assert_eq!(l.unwrap().text(), "all");
        let qk = LoraTargets::parse("k,q").unwrap();
        assert_eq!(qk.text(), "q,k");
        assert!(LoraTargets::parse("q,lm_head").is_err());
        assert!(LoraTargets::parse(",").is_err());
    }
}
