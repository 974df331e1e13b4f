//! Tree-PM N-body gravity (GADGET-2, GADGET-4): the particles and the tree a step reads and
//! writes, the PM grid's FFTs and their slab transposes between the tasks. The tree walk's
//! particle–node interactions are not counted (no operation count per particle sourced for
//! the code's opening criterion), so the time is a lower bound, labelled so.

use crate::model::values::sim::NbodyValues;
use crate::model::values::SimValues;
use crate::model::Estimate;
use crate::scenario::Scenario;
use crate::speed::sim::particles::fft_flops;
use crate::speed::sim::{rank_values, word_dtype, MethodStep, SimMachine};
use crate::speed::ParticleTerm;
use crate::speed::{Bound, TermValues, TimeTerm, Transfer, Via, Work};

/// The named values of an N-body term.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum NbodyStep {
    /// Every particle and tree node of the task read and written once (the tree is rebuilt,
    /// the particles kicked and drifted).
    Traffic {
        particles: f64,
        part_bytes: u64,
        nodes: f64,
        node_bytes: u64,
        transfer: Transfer,
    },
    /// pm_periodic.c: the density's real-to-complex FFT and the potential's transform back,
    /// PMGRID³ points split into slabs.
    Pm { grid: u64, ranks: u64, work: Work },
    /// The slab FFT's two transposes, each sending (p − 1)/p of the task's slabs.
    Transpose {
        slab_bytes: f64,
        ranks: u64,
        transfer: Transfer,
        via: Via,
    },
}

/// The step of a tree-PM run; None where the estimate has no particles part.
pub fn step(_s: &Scenario, e: &Estimate, sm: &SimMachine) -> Option<MethodStep> {
    let mut particles = None;
    let mut tree = None;
    let mut pm = None;
    for v in rank_values(e) {
        let SimValues::Nbody(n) = v else { continue };
        match *n {
            NbodyValues::Particles {
                part_bytes,
                particles: total,
                tasks,
                ..
            } => particles = Some((total as f64 / tasks.max(1) as f64, part_bytes)),
            NbodyValues::Tree {
                node_bytes, nodes, ..
            } => tree = Some((nodes as f64, node_bytes)),
            NbodyValues::PmGrid {
                arrays: _,
                slabs,
                grid,
                word,
            } => pm = Some((grid, slabs, word)),
            _ => {}
        }
    }
    let (n, part_bytes) = particles?;
    let (nodes, node_bytes) = tree.unwrap_or((0.0, 0));
    let t = sm.transfer(2.0 * (n * part_bytes as f64 + nodes * node_bytes as f64));
    let mut terms = vec![TimeTerm {
        time: t.time(),
        bound: Bound::MemoryBandwidth,
        values: TermValues::Particles(ParticleTerm::Nbody(NbodyStep::Traffic {
            particles: n,
            part_bytes,
            nodes,
            node_bytes,
            transfer: t,
        })),
    }];
    let mut step = t.time();
    if let Some((grid, slabs, word)) = pm.filter(|p| p.0 > 0) {
        let points = (grid as f64).powi(3);
        let w = sm.work(
            fft_flops(points, 2, true) / sm.ranks as f64,
            word_dtype(word),
        );
        step = step.plus(w.time());
        terms.push(TimeTerm {
            time: w.time(),
            bound: Bound::Compute,
            values: TermValues::Particles(ParticleTerm::Nbody(NbodyStep::Pm {
                grid,
                ranks: sm.ranks,
                work: w,
            })),
        });
        if sm.ranks > 1 {
            let (via, bandwidth) = sm.exchange();
            // One slab: PMGRID × 2 (PMGRID/2 + 1) reals of the r2c layout.
            let slab_bytes = slabs as f64 * grid as f64 * 2.0 * (grid / 2 + 1) as f64 * word as f64;
            let p = sm.ranks as f64;
            let tr = Transfer {
                bytes: 2.0 * (p - 1.0) / p * slab_bytes,
                bandwidth,
                efficiency: 1.0,
            };
            step = step.plus(tr.time());
            terms.push(TimeTerm {
                time: tr.time(),
                bound: via.bound(),
                values: TermValues::Particles(ParticleTerm::Nbody(NbodyStep::Transpose {
                    slab_bytes,
                    ranks: sm.ranks,
                    transfer: tr,
                    via,
                })),
            });
        }
    }
    Some(MethodStep {
        terms,
        step,
        halo: None,
        rate: None,
    })
}
