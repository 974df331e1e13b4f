//! The wait for a running slot of a serving engine under a random load (issue 41, h-compare):
//! requests arrive at random (a Poisson stream of `rate` per second) and the engine runs at most
//! `slots` of them at once; a waiting request is admitted, first come first served, when a
//! running one finishes and frees its KV blocks and its `max_num_seqs` slot (vLLM's scheduler,
//! vllm/v1/core/sched/scheduler.py; SGLang's likewise), and each request holds its slot for its
//! whole life (its prefill and the decode of its output tokens). That is the multi-server queue
//! M/G/c with c = slots and a service time of one life:
//!
//! - the chance that an arrival waits is Erlang's C formula (A. K. Erlang 1917; Kleinrock,
//!   *Queueing Systems* vol. 1, 1975, §3.5, eq. 3.40), computed from Erlang's B formula by its
//!   recursion B(0) = 1, B(k) = a·B(k−1) ÷ (k + a·B(k−1)), C = c·B ÷ (c − a·(1 − B)), with the
//!   offered load a = rate × life;
//! - for exponential lives the wait beyond 0 is exponential: P(W > t) = C · e^(−(c ÷ life −
//!   rate)·t) (Kleinrock §3.5, eq. 3.41). A request's life here is nearly fixed (the same
//!   prompt and output lengths), and the Allen–Cunneen approximation scales the M/M/c wait by
//!   (Ca² + Cs²) ÷ 2 = ½ for Poisson arrivals and fixed lives (A. O. Allen, *Probability,
//!   Statistics, and Queueing Theory*, 2nd ed. 1990, §6.4): the tail is taken with that mean,
//!   P(W > t) ≈ C · e^(−2·(c ÷ life − rate)·t), so the p-th percentile of the wait is
//!   ln(C ÷ (1 − p)) ÷ (2·(c ÷ life − rate)), or 0 where C ≤ 1 − p;
//! - at a load the slots cannot carry (a ≥ c) the queue grows through the whole period: after T
//!   seconds the backlog is (rate − c ÷ life)·T requests, which the slots clear at c ÷ life per
//!   second, so the last request waits (rate · life ÷ c − 1)·T (the fluid limit).
//!
//! Its assumptions, said with every answer that uses it: random (Poisson) arrivals, every
//! request the same length, one queue per engine replica, the decode step at every slot busy.

/// One engine replica's slots under a random load.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slots {
    /// Requests the engine runs at once (c).
    pub slots: u64,
    /// Seconds one request holds its slot: its prefill and its output tokens' decode steps.
    pub life: f64,
    /// Requests arriving per second, at random.
    pub rate: f64,
}

impl Slots {
    /// The offered load: rate × life, the slots the requests would keep busy.
    pub fn load(&self) -> f64 {
        self.rate * self.life
    }

    /// Whether the slots carry the load (a < c).
    pub fn stable(&self) -> bool {
        self.load() < self.slots as f64
    }

    /// Erlang's C: the chance an arriving request finds every slot busy and waits (1 where the
    /// slots cannot carry the load).
    pub fn waits(&self) -> f64 {
        let (c, a) = (self.slots.max(1) as f64, self.load());
        if a >= c {
            return 1.0;
        }
        if a <= 0.0 {
            return 0.0;
        }
        let mut b = 1.0;
        for k in 1..=self.slots.max(1) {
            b = a * b / (k as f64 + a * b);
        }
        (c * b / (c - a * (1.0 - b))).clamp(0.0, 1.0)
    }

    /// The `p`-th quantile (0 < p < 1) of the wait for a slot, in seconds, over a period of
    /// `period` seconds (used only where the slots cannot carry the load).
    pub fn wait_quantile(&self, p: f64, period: f64) -> f64 {
        let c = self.slots.max(1) as f64;
        let life = self.life.max(f64::MIN_POSITIVE);
        if !self.stable() {
            return (self.load() / c - 1.0).max(0.0) * period.max(0.0);
        }
        let waits = self.waits();
        let beyond = (1.0 - p).clamp(1e-12, 1.0);
        if waits <= beyond {
            return 0.0;
        }
        (waits / beyond).ln() / (2.0 * (c / life - self.rate))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erlang_c_matches_its_textbook_values() {
        // One slot: C = a (M/M/1's chance to wait is the utilisation).
        let one = Slots {
            slots: 1,
            life: 1.0,
            rate: 0.5,
        };
        assert!((one.waits() - 0.5).abs() < 1e-12);
        // Two slots, a = 1: C = 1/3 (a²/2 · 2/(2−1) ÷ (1 + 1 + 1)).
        let two = Slots {
            slots: 2,
            life: 1.0,
            rate: 1.0,
        };
        assert!((two.waits() - 1.0 / 3.0).abs() < 1e-12);
        // Ten slots at a = 8: C ≈ 0.4092 (Erlang C tables).
        let ten = Slots {
            slots: 10,
            life: 2.0,
            rate: 4.0,
        };
        assert!((ten.waits() - 0.4092).abs() < 1e-3, "{}", ten.waits());
    }

    #[test]
    fn the_percentiles_rise_with_the_percentile_and_the_load() {
        let at = |rate: f64| Slots {
            slots: 10,
            life: 2.0,
            rate,
        };
        let s = at(4.0);
        // C ≈ 0.41: the median request does not wait; p90 and p99 do, p99 longest.
        assert_eq!(s.wait_quantile(0.5, 3600.0), 0.0);
        let (p90, p99) = (s.wait_quantile(0.9, 3600.0), s.wait_quantile(0.99, 3600.0));
        assert!(p90 > 0.0 && p99 > p90, "{p90} {p99}");
        // ln(0.4092 / 0.1) ÷ (2 · (5 − 4)) ≈ 0.705 s.
        assert!((p90 - 0.705).abs() < 0.01, "{p90}");
        assert!(at(4.8).wait_quantile(0.9, 3600.0) > p90);
        // No load, no wait.
        assert_eq!(at(0.0).wait_quantile(0.99, 3600.0), 0.0);
        // Beyond the slots the queue grows all period: 6 req/s × 2 s ÷ 10 − 1 = 20 % of an hour.
        let over = at(6.0);
        assert!(!over.stable());
        assert!((over.wait_quantile(0.5, 3600.0) - 720.0).abs() < 1e-6);
    }
}
