//! What a change does to time: the time model run before and after a change (a suggestion of
//! `analysis::derived`), compared on the figure a user of that mode waits for.

// The time of a scenario is worked out with the time model only (the savings' time changes).
#[cfg(feature = "time")]
use crate::model::Estimate;
#[cfg(feature = "time")]
use crate::scenario::Scenario;
#[cfg(feature = "time")]
use crate::speed::{speed, Steps};

/// What the compared time is the time of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimePer {
    /// Inference: a decode step over the tokens it gives, one for each running sequence, i.e.
    /// the aggregate throughput (a change that lets a pooled engine run more sequences at once
    /// is compared by it, and says its per-sequence and per-GPU throughput beside it);
    /// training: the step's time over its tokens (a change of batch changes the tokens per
    /// step, not this).
    Token,
    /// A simulation step.
    Step,
    /// A scientific-ML surrogate's step over its samples (a change of batch changes the
    /// samples per step, not this).
    Sample,
}

/// The time a scenario's user waits for ([`unit_time`]): the time per unit of aggregate
/// throughput, and beside it what the throughput is over.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg(feature = "time")]
pub struct UnitTime {
    /// Seconds per token (over every running sequence), per step or per sample.
    pub seconds: f64,
    pub per: TimePer,
    /// Inference: one sequence's tokens/s (one over the decode step).
    pub per_sequence: Option<f64>,
    /// The GPUs the throughput is over (inference: tp × pp of one engine; training: every
    /// GPU of the run); None for simulations and surrogates.
    pub gpus: Option<u64>,
}

/// A change's effect on time: how many times the aggregate throughput it gives (below 1:
/// less), and the same change per sequence and per GPU, which can go the other way (an FP8 KV
/// cache runs twice the sequences at about the same speed each; twice the GPUs for tensor
/// parallelism can raise the aggregate while each GPU gives less).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimeChange {
    /// Time before ÷ time after of the aggregate unit: always finite and above 0.
    pub speedup: f64,
    pub per: TimePer,
    /// Inference: one sequence's tokens/s before and after.
    pub per_sequence: Option<(f64, f64)>,
    /// The aggregate change over the change in GPUs (`speedup` × GPUs before ÷ GPUs after),
    /// where the scenarios have a GPU count.
    pub per_gpu: Option<f64>,
}

// Every float is a ratio or rate of finite positive times, never NaN, so equality is total.
impl Eq for TimeChange {}

/// The time a scenario's user waits for, per token or per step, with what it is per; None where
/// there is no time model, a hardware figure is out of range, or the time overflows.
#[cfg(feature = "time")]
pub fn unit_time(s: &Scenario, e: &Estimate) -> Option<UnitTime> {
    let sp = speed(s, e).ok()??;
    let (t, per, per_sequence, gpus) = match sp.steps {
        Steps::Inference {
            decode_step,
            sequences,
            tokens_per_s_per_sequence,
            gpus,
            ..
        } => (
            decode_step.seconds()? / sequences.max(1) as f64,
            TimePer::Token,
            Some(tokens_per_s_per_sequence),
            Some(gpus),
        ),
        Steps::Training {
            step,
            tokens_per_step,
            gpus,
            ..
        } => (
            step.seconds()? / tokens_per_step,
            TimePer::Token,
            None,
            Some(gpus),
        ),
        Steps::Sim { step, .. } => (step.seconds()?, TimePer::Step, None, None),
        Steps::Surrogate {
            step,
            samples_per_step,
            ..
        } => (
            step.seconds()? / samples_per_step,
            TimePer::Sample,
            None,
            None,
        ),
    };
    (t.is_finite() && t > 0.0).then_some(UnitTime {
        seconds: t,
        per,
        per_sequence: per_sequence.filter(|r| r.is_finite() && *r > 0.0),
        gpus,
    })
}

/// How `after` compares with `before` (each from [`unit_time`]); None when either has no time
/// or they are times of different things.
#[cfg(feature = "time")]
pub fn between(before: Option<UnitTime>, after: Option<UnitTime>) -> Option<TimeChange> {
    let (b, a) = (before?, after?);
    let speedup = b.seconds / a.seconds;
    let per_gpu = match (b.gpus, a.gpus) {
        (Some(gb), Some(ga)) => Some(speedup * gb.max(1) as f64 / ga.max(1) as f64),
        _ => None,
    };
    (b.per == a.per && speedup.is_finite() && speedup > 0.0).then_some(TimeChange {
        speedup,
        per: b.per,
        per_sequence: b.per_sequence.zip(a.per_sequence),
        per_gpu,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::inputs::Inputs;

    fn time(q: &str) -> Option<UnitTime> {
        let s = Inputs::from_query(q).0.parse().expect(q);
        unit_time(&s, &crate::model::estimate(&s))
    }

    const LLAMA: &str = "mode=infer&model_id=meta-llama/Llama-3.1-8B&seq=1024";

    #[test]
    fn half_the_bandwidth_is_twice_the_decode_time() {
        let c = between(
            time(&format!("{LLAMA}&gpu_bw=2000")),
            time(&format!("{LLAMA}&gpu_bw=1000")),
        )
        .unwrap();
        assert_eq!(c.per, TimePer::Token);
        assert!((c.speedup - 0.5).abs() < 1e-9, "{c:?}");
    }

    #[test]
    fn more_sequences_in_the_pool_compare_by_throughput() {
        // 256 requested of a 70B model on 4 H100 at 32k: an FP8 KV cache fits about twice the
        // sequences; each step is slower, but it gives more tokens, and that is what counts.
        let q = "mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-70B&gpus=4&tp=4&gpu=h100-80&seq=32k&batch=256";
        let c = between(time(q), time(&format!("{q}&kv_dtype=fp8"))).unwrap();
        assert!(c.speedup > 1.2, "{c:?}");
    }

    #[test]
    fn training_compares_time_per_token_not_per_step() {
        // Twice the micro-batch doubles the step's compute and its tokens: per token the same
        // at a compute bound, while the step itself takes about twice as long.
        let q = "mode=train&model_id=meta-llama/Llama-3.1-8B&gpus=8&zero=3&seq=4096";
        let c = between(time(&format!("{q}&batch=1")), time(&format!("{q}&batch=2"))).unwrap();
        assert_eq!(c.per, TimePer::Token);
        assert!(c.speedup > 0.9 && c.speedup < 1.5, "{c:?}");
    }

    #[test]
    fn no_time_or_different_figures_give_no_change() {
        // SPARC was the last method without a time model; it now compares per SCF iteration.
        let sparc = time("mode=sim&method=planewave&dft_arrays=sparc");
        assert_eq!(sparc.map(|t| t.per), Some(TimePer::Step));
        let sim = time("mode=sim&method=lbm&sim_device=gpu&ranks=1");
        assert_eq!(sim.map(|t| t.per), Some(TimePer::Step));
        assert_eq!(between(sim, time(LLAMA)), None);
        assert_eq!(between(sim, None), None);
        assert!(between(sim, sim).is_some_and(|c| (c.speedup - 1.0).abs() < 1e-12));
    }
}
