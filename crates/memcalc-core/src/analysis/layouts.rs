//! Layout search for training: on the scenario's GPUs, every split into tensor, pipeline and
//! data parallelism with a ZeRO stage, recomputation and offload that fits, cheapest first.
//!
//! How layouts are ranked (cheapest first), in this order:
//! 1. what moves over PCIe: no offload < optimizer offload < parameter offload (ZeRO-Offload
//!    runs the optimizer step on the CPU and streams states every step);
//! 2. the compute a step loses, in percent: recomputation (forward = 1/3 of forward +
//!    backward: none 0 %, Megatron selective ≈ 3 % (Korthikanti et al. 2022, table 4: 2.7 % on
//!    GPT-3), per-op selective ≈ 17 % (half the matmuls of the forward again: 1/6 of a step),
//!    full 33 % (the whole forward again)) plus the pipeline bubble of 1F1B, (p−1)/(m+p−1)
//!    (Narayanan et al. 2021, section 2.2), with m = 8 micro-batches per step assumed;
//! 3. the bytes each device sends per step (one micro-batch), from the textbook volumes: data
//!    parallel ring all-reduce of the gradients 2·(d−1)/d·Ψ (ZeRO 1 and 2 the same, ZeRO-3
//!    1.5×: Rajbhandari et al. 2020, section 7), tensor parallel four all-reduces of s·b·h per
//!    layer (Shoeybi et al. 2019, section 3), pipeline parallel the boundary activations and
//!    their gradients;
//! 4. a tensor-parallel group spanning nodes is never proposed (its all-reduces would cross the
//!    slower network every layer).
//!
//! Only what the chosen framework can run is tried (`Framework::runs`: its sharding as ZeRO
//! stages, its own recomputation modes and offloads, whether it splits tensors or pipelines):
//! torchtitan's FSDP2 is ZeRO 3 with per-op selective recompute, Megatron-LM's distributed
//! optimizer ZeRO 1, and so on.

use crate::base::choice::Choice;
use crate::model::bytes;
use crate::scenario::{Offload, Recompute, Scenario};
use crate::schema::fields::FieldId;
use crate::schema::inputs::Inputs;

/// One layout that fits, and what it costs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub tp: u64,
    pub pp: u64,
    pub dp: u64,
    pub zero: u8,
    pub recompute: Recompute,
    pub offload: Offload,
    pub per_device_bytes: u64,
    /// Recomputation as a share of a step's compute, in percent.
    pub recompute_pct: u64,
    /// Pipeline bubble as a share of a step, in percent (8 micro-batches per step assumed).
    pub bubble_pct: u64,
    /// Bytes each device sends per step and micro-batch.
    pub comm_bytes: u64,
    /// The fields to set for it, as (field, value).
    pub patch: Vec<(FieldId, String)>,
}

/// A layout in numbers (what [`Layout::label`] writes), kept by the planner for every setup it
/// tries and written only for the ones its answer names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Split {
    pub tp: u64,
    pub pp: u64,
    pub dp: u64,
    pub zero: u8,
    pub recompute: Recompute,
    pub offload: Offload,
}

impl Split {
    /// "DP 8 × TP 8 × PP 1, ZeRO 1, recompute selective".
    pub fn label(&self) -> String {
        let mut parts = vec![format!("DP {} × TP {} × PP {}", self.dp, self.tp, self.pp)];
        if self.zero > 0 {
            parts.push(format!("ZeRO {}", self.zero));
        }
        if self.recompute != Recompute::None {
            parts.push(format!("recompute {}", self.recompute.id()));
        }
        if self.offload != Offload::None {
            parts.push(format!("offload {}", self.offload.id()));
        }
        parts.join(", ")
    }

    /// The layout row of this split on scenario `c` (what both searches keep): its bytes per
    /// device, its recomputation, bubble and traffic, and the fields that set it.
    fn layout(
        self,
        c: &Scenario,
        per_device_bytes: u64,
        trainable_params: u64,
        patch: Vec<(FieldId, String)>,
    ) -> Layout {
        let Split {
            tp,
            pp,
            dp,
            zero,
            recompute,
            offload,
        } = self;
        Layout {
            tp,
            pp,
            dp,
            zero,
            recompute,
            offload,
            per_device_bytes,
            recompute_pct: recompute_pct(recompute),
            bubble_pct: bubble_pct(pp),
            comm_bytes: comm_bytes(c, tp, pp, dp, zero, trainable_params / (tp * pp)),
            patch,
        }
    }
}

impl Layout {
    pub fn label(&self) -> String {
        self.split().label()
    }

    /// The layout's split, stage, recomputation and offload, without its costs and patch.
    pub fn split(&self) -> Split {
        Split {
            tp: self.tp,
            pp: self.pp,
            dp: self.dp,
            zero: self.zero,
            recompute: self.recompute,
            offload: self.offload,
        }
    }

    /// The layout as a query fragment, e.g. `tp=2&pp=1&zero=3`.
    pub fn query(&self) -> String {
        crate::schema::fields::patch_query(&self.patch)
    }

    fn rank(&self) -> (u8, u64, u64, u64) {
        let offload = match self.offload {
            Offload::None => 0,
            Offload::Optimizer => 1,
            Offload::All => 2,
        };
        (
            offload,
            self.recompute_pct + self.bubble_pct,
            self.comm_bytes,
            self.tp * self.pp,
        )
    }
}

/// How many layouts the page and the CLI list: the same answer in both.
pub const LAYOUTS_SHOWN: usize = 12;

/// Micro-batches per step assumed for the pipeline bubble.
pub const MICRO_BATCHES: u64 = 8;

fn bubble_pct(pp: u64) -> u64 {
    (100 * (pp - 1)).div_ceil(MICRO_BATCHES + pp - 1)
}

fn recompute_pct(r: Recompute) -> u64 {
    match r {
        Recompute::None => 0,
        Recompute::Selective => 3,
        Recompute::SelectiveOp => 17,
        Recompute::Full => 33,
    }
}

/// Bytes one device sends per step for one micro-batch (see the module comment).
fn comm_bytes(s: &Scenario, tp: u64, pp: u64, dp: u64, zero: u8, trainable: u64) -> u64 {
    let (arch, _) = s.shape();
    // Activations travel in the training precision (FP8 runs exchange them in 16-bit).
    let elem = if s.dtype == crate::catalog::precision::Dtype::Fp8 {
        2
    } else {
        s.dtype.bytes()
    };
    let sbh = crate::mul!(s.seq, s.batch, arch.hidden);
    let per_device = trainable;
    let data = if dp > 1 {
        let grads = crate::mul!(per_device, s.grad_dtype().bytes());
        let ring = crate::base::sat::mul_div(crate::mul!(2, grads), dp - 1, dp);
        if zero >= 3 {
            crate::base::sat::mul_div(ring, 3, 2)
        } else {
            ring
        }
    } else {
        0
    };
    let tensor = if tp > 1 {
        let layers = arch.layers.div_ceil(pp);
        crate::base::sat::mul_div(crate::mul!(8, sbh, elem, layers), tp - 1, tp)
    } else {
        0
    };
    let pipe = if pp > 1 { crate::mul!(2, sbh, elem) } else { 0 };
    crate::add!(data, tensor, pipe)
}

/// What the search keeps to under a chosen framework, in words for the page ("Only what
/// torchtitan runs: …"); nothing without one.
pub fn framework_scope(s: &Scenario) -> Option<String> {
    let f = s.mech.framework;
    (f != crate::catalog::framework::Framework::None)
        .then(|| format!("Only what {} runs: {}.", f.label(), f.runs().source))
}

fn powers_of_two_up_to(n: u64) -> impl Iterator<Item = u64> {
    (0..20).map(|i| 1u64 << i).take_while(move |v| *v <= n)
}

/// Every layout on the scenario's GPUs that fits the device, cheapest first (at most `limit`).
/// For each split and ZeRO stage only the cheapest recomputation and offload that fit are kept.
pub fn training_layouts(s: &Scenario, limit: usize) -> Vec<Layout> {
    search(s, limit)
}

/// `base` with `patch`'s fields read onto it, without the rules between fields (the search
/// only tries splits those rules allow: heads divisible by tp, GPUs by tp × pp, an offload
/// only with its ZeRO stage). None where a value does not read.
pub fn read_patch<V: AsRef<str>>(base: &Scenario, patch: &[(FieldId, V)]) -> Option<Scenario> {
    let mut s = *base;
    for (id, v) in patch {
        id.field().read(v.as_ref(), &mut s).ok()?;
    }
    Some(s)
}

/// [`training_layouts`]' walk: every layout read in full, as the page reads a link (the
/// planner has its own walk, [`quick_search`]). Kept out of line: inlined into its one caller
/// the core wasm came out 133 B larger.
#[inline(never)]
fn search(s: &Scenario, limit: usize) -> Vec<Layout> {
    if !s.mode.trains() || !s.sciml.is_transformer() {
        return Vec::new();
    }
    let gpus = s.parallel.gpus;
    let (arch, _) = s.shape();
    let base = Inputs::from_scenario(s);
    let runs = s.mech.framework.runs();
    let mut out: Vec<Layout> = Vec::new();
    let recomputes: Vec<Recompute> = runs
        .recompute
        .iter()
        .filter_map(|id| Recompute::parse(id).ok())
        .collect();
    let degrees = |ok: bool, n: u64| powers_of_two_up_to(if ok { n } else { 1 });
    for tp in degrees(runs.tp, s.parallel.gpus_per_node.min(gpus)) {
        if !arch.heads.is_multiple_of(tp) {
            continue;
        }
        for pp in degrees(runs.pp, (gpus / tp).min(arch.layers)) {
            if !gpus.is_multiple_of(tp * pp) {
                continue;
            }
            let dp = gpus / (tp * pp);
            for &zero in runs.zero {
                let stage: &[Offload] = match zero {
                    0 => &[Offload::None],
                    1 | 2 => &[Offload::None, Offload::Optimizer],
                    _ => &[Offload::None, Offload::Optimizer, Offload::All],
                };
                let offloads: Vec<Offload> = stage
                    .iter()
                    .copied()
                    .filter(|o| runs.offload.contains(&o.id()))
                    .collect();
                // The cheapest recomputation, then offload, that fits this split and stage.
                let found = offloads.iter().find_map(|&offload| {
                    recomputes.iter().find_map(|&recompute| {
                        let patch = vec![
                            (FieldId::Tp, tp.to_string()),
                            (FieldId::Pp, pp.to_string()),
                            (FieldId::Zero, zero.to_string()),
                            (FieldId::Recompute, recompute.id().to_string()),
                            (FieldId::Offload, offload.id().to_string()),
                        ];
                        let c = base.patched(&patch)?;
                        let e = bytes(&c);
                        e.fits_device().then(|| {
                            Split {
                                tp,
                                pp,
                                dp,
                                zero,
                                recompute,
                                offload,
                            }
                            .layout(
                                &c,
                                e.per_device_bytes,
                                e.trainable_params,
                                patch,
                            )
                        })
                    })
                });
                if let Some(l) = found {
                    out.push(l);
                }
            }
        }
    }
    crate::base::sat::sort_small(&mut out, |a, b| a.rank() < b.rank());
    // A stage that costs the same and sends no less than a lower one adds nothing: keep the
    // lowest ZeRO stage among equals.
    out.dedup_by(|later, earlier| later.rank() == earlier.rank());
    out.truncate(limit);
    out
}

/// The planner's search (issue 41): each layout's fields read alone ([`read_patch`]), every layout
/// with the scenario it was estimated on, and no patch written (`patch` is empty): tens of
/// thousands of setups are tried for one goal, and the page's core allocates slowly. `memo`:
/// the device figures of the same setups on another device, reused where they are the same
/// ([`Memo`]).
pub fn quick_search(s: &Scenario, memo: Option<&mut Memo>) -> (Vec<(Layout, Scenario)>, u64) {
    walk_quick(s, memo)
}

/// The memory of training setups that differ only in their device (issue 41: the planner tries
/// every layout of the same GPU count on every GPU of the catalog). A training estimate reads
/// the device only for its capacity (what fits, and the allocator's cache under variable-length
/// batches, which is capped by what the device has left: `Plan::fragmentation`) and, serving
/// only, its id and capacity (an engine's sizes, MXFP4 kernels): with fixed-length batches (or
/// expandable segments) a setup's bytes per device are the same on every device, and each is
/// estimated once, on the first device that tries it. The search's fields (tp, pp, zero,
/// recompute, offload) are each read into their own field alone (`schema::slot`), so a search
/// whose scenario is, device aside, the first one's tries, device aside, the same setups: a
/// memo serves only such searches (`tests`: the planner's answers with and without it).
#[derive(Debug, Default)]
pub struct Memo {
    /// The first search's scenario.
    base: Option<Scenario>,
    /// Slot of a setup (its split, stage, offload and recomputation) → 1 + its index in
    /// `entries`; 0: not estimated yet.
    slots: Vec<u32>,
    /// (the setup on the first device, bytes per device, trainable parameters, no serving batch
    /// over its pool).
    entries: Vec<(Scenario, u64, u64, bool)>,
}

/// Slots per degree (tp, pp: powers of two to 2¹⁹), stage, offload and recomputation.
const SLOT_DEGREES: usize = 20;
const SLOT_ZEROS: usize = 4;
const SLOT_OFFLOADS: usize = 3;
const SLOT_RECOMPUTES: usize = 4;

impl Memo {
    /// Whether a search on `s` may use this memo (see the type's comment); the first search
    /// sets it.
    fn serves(&mut self, s: &Scenario) -> bool {
        let training = s.mode.trains()
            && (s.mech.batching != crate::scenario::training::Batching::Variable
                || s.mech.expandable_segments);
        if !training {
            return false;
        }
        match &self.base {
            None => {
                self.base = Some(*s);
                true
            }
            Some(base) => {
                let mut same = *s;
                same.device = base.device;
                same == *base
            }
        }
    }

    fn slot(tp: u64, pp: u64, zero: usize, offload: usize, recompute: usize) -> Option<usize> {
        let (t, p) = (tp.trailing_zeros() as usize, pp.trailing_zeros() as usize);
        (t < SLOT_DEGREES
            && p < SLOT_DEGREES
            && zero < SLOT_ZEROS
            && offload < SLOT_OFFLOADS
            && recompute < SLOT_RECOMPUTES)
            .then(|| {
                (((t * SLOT_DEGREES + p) * SLOT_ZEROS + zero) * SLOT_OFFLOADS + offload)
                    * SLOT_RECOMPUTES
                    + recompute
            })
    }

    fn get(&self, slot: Option<usize>) -> Option<(Scenario, u64, u64, bool)> {
        let i = self.slots.get(slot?)?.checked_sub(1)?;
        self.entries.get(i as usize).copied()
    }

    fn put(&mut self, slot: Option<usize>, entry: (Scenario, u64, u64, bool)) {
        let Some(slot) = slot else { return };
        if self.slots.is_empty() {
            self.slots =
                vec![0; SLOT_DEGREES * SLOT_DEGREES * SLOT_ZEROS * SLOT_OFFLOADS * SLOT_RECOMPUTES];
        }
        self.entries.push(entry);
        self.slots[slot] = self.entries.len() as u32;
    }

    /// (bytes per device, trainable parameters, no serving batch over its pool).
    fn estimate(c: &Scenario) -> (u64, u64, bool) {
        let e = crate::model::device_estimate(c);
        (
            e.per_device_bytes,
            e.trainable_params,
            e.serving.is_none_or(|v| v.batch_fits()),
        )
    }
}

/// [`search`]'s walk for the planner: every layout that fits (sorted, equals dropped, as
/// `search` does) with its scenario, and how many setups were tried; read quickly, no patch.
fn walk_quick(s: &Scenario, mut memo: Option<&mut Memo>) -> (Vec<(Layout, Scenario)>, u64) {
    let mut tried = 0u64;
    if !s.mode.trains() || !s.sciml.is_transformer() {
        return (Vec::new(), 0);
    }
    let gpus = s.parallel.gpus;
    let (arch, _) = s.shape();
    let runs = s.mech.framework.runs();
    let trusted = memo.as_mut().is_some_and(|m| m.serves(s));
    let mut out: Vec<(Layout, Scenario)> = Vec::new();
    let recomputes: Vec<Recompute> = runs
        .recompute
        .iter()
        .filter_map(|id| Recompute::parse(id).ok())
        .collect();
    // Each value's text once, not once per setup tried.
    let zeros: Vec<String> = runs.zero.iter().map(|z| z.to_string()).collect();
    let degrees = |ok: bool, n: u64| powers_of_two_up_to(if ok { n } else { 1 });
    for tp in degrees(runs.tp, s.parallel.gpus_per_node.min(gpus)) {
        if !arch.heads.is_multiple_of(tp) {
            continue;
        }
        let tp_text = tp.to_string();
        for pp in degrees(runs.pp, (gpus / tp).min(arch.layers)) {
            if !gpus.is_multiple_of(tp * pp) {
                continue;
            }
            let pp_text = pp.to_string();
            let dp = gpus / (tp * pp);
            for (zi, (&zero, zero_text)) in runs.zero.iter().zip(&zeros).enumerate() {
                // The quick read reads the fields in the patch's order, those this loop and the
                // ones above fix once (when a setup is not remembered), not once per setup tried
                // (parsing them was a sixth of the planner's search).
                let mut with_recompute: Option<Vec<Option<Scenario>>> = None;
                let stage: &[Offload] = match zero {
                    0 => &[Offload::None],
                    1 | 2 => &[Offload::None, Offload::Optimizer],
                    _ => &[Offload::None, Offload::Optimizer, Offload::All],
                };
                let offloads = stage
                    .iter()
                    .copied()
                    .filter(|o| runs.offload.contains(&o.id()));
                // The cheapest recomputation, then offload, that fits this split and stage.
                let found = offloads.into_iter().find_map(|offload| {
                    let oi = stage
                        .iter()
                        .position(|o| *o == offload)
                        .unwrap_or(usize::MAX);
                    recomputes.iter().enumerate().find_map(|(ri, &recompute)| {
                        tried += 1;
                        let slot = Memo::slot(tp, pp, zi, oi, ri);
                        let remembered = match &memo {
                            Some(m) if trusted => m.get(slot),
                            _ => None,
                        };
                        let (c, per_device_bytes, trainable_params, fits) = match remembered {
                            // The same setup on this device (see `Memo`).
                            Some((mut c, b, t, ok)) => {
                                c.device = s.device;
                                (c, b, t, ok && b <= c.device.capacity_bytes())
                            }
                            None => {
                                // `read_patch(s, &patch)` (tp, pp, zero, recompute, offload),
                                // its first four fields read once.
                                let rs = with_recompute.get_or_insert_with(|| {
                                    let fixed = read_patch(
                                        s,
                                        &[
                                            (FieldId::Tp, tp_text.as_str()),
                                            (FieldId::Pp, pp_text.as_str()),
                                            (FieldId::Zero, zero_text.as_str()),
                                        ],
                                    );
                                    match fixed {
                                        Some(f) => recomputes
                                            .iter()
                                            .map(|r| {
                                                read_patch(&f, &[(FieldId::Recompute, r.id())])
                                            })
                                            .collect(),
                                        None => Vec::new(),
                                    }
                                });
                                let c = read_patch(
                                    rs.get(ri)?.as_ref()?,
                                    &[(FieldId::Offload, offload.id())],
                                )?;
                                // The planner reads only the busiest device's figures.
                                let (b, t, ok) = Memo::estimate(&c);
                                if let Some(m) = memo.as_mut().filter(|_| trusted) {
                                    m.put(slot, (c, b, t, ok));
                                }
                                (c, b, t, ok && b <= c.device.capacity_bytes())
                            }
                        };
                        fits.then(|| {
                            (
                                Split {
                                    tp,
                                    pp,
                                    dp,
                                    zero,
                                    recompute,
                                    offload,
                                }
                                .layout(
                                    &c,
                                    per_device_bytes,
                                    trainable_params,
                                    Vec::new(),
                                ),
                                c,
                            )
                        })
                    })
                });
                if let Some(l) = found {
                    out.push(l);
                }
            }
        }
    }
    // Sorted by index: a layout with its scenario is kilobytes to swap.
    let mut order: Vec<usize> = (0..out.len()).collect();
    crate::base::sat::sort_small(&mut order, |&a, &b| out[a].0.rank() < out[b].0.rank());
    let mut slots: Vec<Option<(Layout, Scenario)>> = out.into_iter().map(Some).collect();
    let mut out: Vec<(Layout, Scenario)> = order.iter().filter_map(|&i| slots[i].take()).collect();
    // A stage that costs the same and sends no less than a lower one adds nothing: keep the
    // lowest ZeRO stage among equals.
    out.dedup_by(|later, earlier| later.0.rank() == earlier.0.rank());
    (out, tried)
}
