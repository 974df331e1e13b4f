//! Vision-language models (issue 38): the vision encoder's weights and vLLM's multimodal profile.

use crate::base::units::group_digits as g;
use crate::catalog::vision::{SRC_MM_PROFILE, SRC_VISION};
use crate::explain::parts::Template;
use crate::model::values::neural::{MmProfile, VisionWeights};

impl Template for VisionWeights {
    fn label(&self) -> &'static str {
        "Vision encoder"
    }
    fn formula(&self, bytes: u64) -> String {
        let split = if self.tp > 1 {
            format!(" ÷ {}", self.tp)
        } else {
            String::new()
        };
        format!(
            "({} embedding + {} layers × {} + {} projector){split} × {} B = {} B",
            g(self.embed),
            self.layers,
            g(self.layer),
            g(self.projector),
            self.bytes_per_value,
            g(bytes)
        )
    }
    fn question(&self) -> &'static str {
        "What is the vision encoder?"
    }
    fn explanation(&self) -> String {
        format!(
            "A vision-language model reads images with its own transformer (a ViT) and a projector that maps its patches to the language model's width: {} parameters beside the language model's. It stays frozen and unquantized (fine-tuning frameworks freeze it by default; quantized checkpoints leave it in 16 bits) and sits on the first pipeline stage.",
            g(crate::add!(
                self.embed,
                crate::mul!(self.layers, self.layer),
                self.projector
            ))
        )
    }
    fn source(&self) -> &'static str {
        SRC_VISION
    }
}

impl Template for MmProfile {
    fn label(&self) -> &'static str {
        "Multimodal profile (vLLM)"
    }
    fn formula(&self, bytes: u64) -> String {
        format!(
            "max({} tokens × {} × {} B, {} patches × {} × {} B − {} B) = {} B",
            g(self.tokens),
            g(self.hidden),
            self.bytes_per_value,
            g(self.patches),
            g(self.per_patch),
            self.bytes_per_value,
            g(self.step),
            g(bytes)
        )
    }
    fn question(&self) -> &'static str {
        "Why does vLLM keep less for the KV cache with images?"
    }
    fn explanation(&self) -> String {
        let limit = match self.limit {
            Some(n) => format!("{n} per prompt (--limit-mm-per-prompt)"),
            None => "up to 999 per prompt (vLLM's default)".into(),
        };
        format!(
            "Before sizing the pool vLLM encodes a dummy batch of the largest images its encoder budget admits ({} image{} of {} tokens, {}) and keeps their outputs while it profiles the language model's step; the peak of both is taken from the pool. The larger of the kept outputs and the encoder's own working set above the step counts here. --skip-mm-profiling (mm_profile=off) or --limit-mm-per-prompt '{{\"image\":0}}' (mm_limit=0) removes it.",
            self.items,
            if self.items == 1 { "" } else { "s" },
            g(self.tokens / self.items.max(1)),
            limit
        )
    }
    fn source(&self) -> &'static str {
        SRC_MM_PROFILE
    }
}
