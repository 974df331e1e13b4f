//! Optimizers and the state they keep per trainable parameter.

use crate::base::choice::choice_enum;

choice_enum!(
    /// The optimizer of a training or fine-tuning run.
    Optimizer {
        Sgd => ("sgd", "SGD (no state)"),
        Momentum => ("momentum", "SGD with momentum"),
        Adam => ("adam", "Adam"),
        AdamW => ("adamw", "AdamW"),
        Adam8bit => ("adam8bit", "8-bit Adam (bitsandbytes)"),
        Lion => ("lion", "Lion"),
        Adafactor => ("adafactor", "Adafactor (factored, no momentum)"),
    }
);

/// Block size of 8-bit optimizer states: one FP32 absmax per 256 values and per state
/// (bitsandbytes `bitsandbytes/optim/optimizer.py` Optimizer2State.init_state, `blocks = n //
/// 256`, the block-wise quantization of Dettmers et al. 2022, arXiv:2110.02861; torchao
/// `torchao/optim` AdamW8bit, block_size=256).
pub const ADAM8BIT_BLOCK: u64 = 256;

/// Tensors with fewer elements keep FP32 states under an 8-bit optimizer (bitsandbytes
/// `min_8bit_size=4096`; torchao quantizes only tensors of at least 4096 elements).
pub const MIN_8BIT_SIZE: u64 = 4096;

impl Optimizer {
    /// Full-size state tensors per parameter (momentum, variance).
    pub fn state_count(self) -> u64 {
        match self {
            Optimizer::Sgd => 0,
            Optimizer::Momentum | Optimizer::Lion => 1,
            Optimizer::Adam | Optimizer::AdamW | Optimizer::Adam8bit => 2,
            // Not per parameter: one row and one column vector per matrix, see `state_bytes`.
            Optimizer::Adafactor => 0,
        }
    }

    /// Bytes of optimizer state for `params` trainable parameters whose states are kept in
    /// `state_bytes`-byte values (FP32 in mixed precision, else the training precision).
    /// `hidden` is the typical matrix side, for Adafactor's factored moments.
    /// `small` of the parameters are in tensors below [`MIN_8BIT_SIZE`] elements.
    pub fn state_bytes(self, params: u64, state_bytes: u64, hidden: u64, small: u64) -> u64 {
        match self {
            // A rows × cols matrix keeps rows + cols FP32 values (Shazeer & Stern 2018,
            // arXiv:1804.04235); transformer matrices have about `hidden` rows or columns, so
            // that is about 2 values per `hidden` parameters.
            Optimizer::Adafactor => crate::mul!(4, crate::mul!(2, params).div_ceil(hidden.max(1))),
            Optimizer::Adam8bit => {
                let small = small.min(params);
                let quantized = params - small;
                let blocks = quantized.div_ceil(ADAM8BIT_BLOCK);
                crate::mul!(
                    self.state_count(),
                    crate::add!(quantized, crate::mul!(4, blocks), crate::mul!(4, small))
                )
            }
            _ => crate::mul!(self.state_count(), params, state_bytes),
        }
    }

    /// What the states are, for explanations.
    pub fn describe_states(self) -> &'static str {
        match self {
            Optimizer::Sgd => "Plain SGD keeps no state: the update uses only the current gradient.",
            Optimizer::Momentum => "SGD with momentum keeps one velocity value per parameter.",
            Optimizer::Adam | Optimizer::AdamW => {
                "Adam and AdamW keep two moment estimates per parameter: the running mean of the \
                 gradient and of its square (Kingma & Ba 2015, arXiv:1412.6980; Loshchilov & Hutter \
                 2019, arXiv:1711.05101)."
            }
            Optimizer::Adam8bit => {
                "8-bit Adam keeps both moments as 1-byte values, quantized block-wise with one FP32 \
                 scale per 256 values (Dettmers et al. 2022, arXiv:2110.02861; bitsandbytes \
                 optim/optimizer.py); tensors below 4096 values (norms, biases) keep FP32 states \
                 (min_8bit_size)."
            }
            Optimizer::Lion => {
                "Lion keeps only a momentum per parameter (Chen et al. 2023, arXiv:2302.06675)."
            }
            Optimizer::Adafactor => {
                "Adafactor without momentum keeps, for each weight matrix, only the running row and \
                 column sums of squared gradients (Shazeer & Stern 2018, arXiv:1804.04235): a few \
                 values per row instead of two per parameter."
            }
        }
    }
}
