//! Scientific-ML surrogates other than transformers (PINN, FNO, MeshGraphNet, U-Net): a step's
//! FLOPs per sample from the architecture the memory model already knows, at the peak times
//! the utilisation, beside the activations the memory model counts written and read back over
//! the memory bandwidth; the step is the longer of the two (the roofline), plus, with several
//! data-parallel ranks, the gradients' all-reduce where it outlasts the backward pass.
//!
//! Training is the forward and a backward of twice its matrix FLOPs (input and weight
//! gradients: Kaplan et al. 2020, arXiv 2001.08361 §2.1, the 6 · N of 2 + 4; Epoch AI,
//! "What's the backward-forward FLOP ratio for neural networks?", 2021: 2:1), and a full
//! recomputation one forward more.

use crate::model::values::{NeuralValues, Values};
use crate::model::Estimate;
use crate::scenario::sciml::{ModelKind, SciMl};
use crate::scenario::{Recompute, Scenario};
use crate::speed::inference::activation_bytes;
use crate::speed::machine::Machine;
use crate::speed::{longest, Bound, Speed, Steps, TermValues, TimeTerm, Transfer, Work};
use crate::speed::{NeuralTerm, SurrogateTerm};

/// FNO's projection width, as `SciMl::params` counts it (Li et al. 2021 use 128).
const FNO_PROJECTION: f64 = 128.0;

/// A surrogate's forward FLOPs per sample, in the parts its architecture is made of.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SciFlops {
    /// An MLP: 2 FLOPs per parameter and collocation point, for the network and each of the
    /// residual's derivative passes (`graphs`: 1 + inputs × derivative order in training, 1 in
    /// inference).
    Pinn {
        params: f64,
        points: f64,
        graphs: f64,
    },
    /// Per Fourier layer a real FFT and its inverse per channel (2.5 N log₂ N each), the
    /// complex channel mixing on the kept modes (8 FLOPs per complex weight) and the pointwise
    /// linear map (2 w² per point); plus lifting and projection.
    Fno {
        fft: f64,
        spectral: f64,
        pointwise: f64,
        lift_project: f64,
    },
    /// Per message-passing step the edge MLP on every edge and the node MLP on every node;
    /// plus the encoders and the decoder.
    Gnn {
        edge: f64,
        node: f64,
        encode_decode: f64,
    },
    /// Every convolution: 2 · 3^d · C_in · C_out per output point, the up-sampling
    /// transposed convolutions per input point.
    Unet { convolutions: f64 },
}

impl SciFlops {
    /// Forward FLOPs per sample.
    pub fn total(&self) -> f64 {
        match *self {
            SciFlops::Pinn {
                params,
                points,
                graphs,
            } => 2.0 * params * points * graphs,
            SciFlops::Fno {
                fft,
                spectral,
                pointwise,
                lift_project,
            } => fft + spectral + pointwise + lift_project,
            SciFlops::Gnn {
                edge,
                node,
                encode_decode,
            } => edge + node + encode_decode,
            SciFlops::Unet { convolutions } => convolutions,
        }
    }
}

fn pow(base: f64, e: u64) -> f64 {
    base.powi(e.min(i32::MAX as u64) as i32)
}

/// The forward FLOPs of one sample of `m`; `residual`: a PINN evaluates its PDE residual's
/// derivatives too (training), not only the network (inference).
pub fn forward_flops(m: &SciMl, residual: bool) -> SciFlops {
    let w = m.width as f64;
    let (inputs, outputs) = (m.inputs as f64, m.outputs as f64);
    let depth = m.depth as f64;
    match m.model {
        // Transformers have their own model (speed::training, speed::inference).
        ModelKind::Transformer => SciFlops::Unet { convolutions: 0.0 },
        // Each derivative of the residual is a vector-Jacobian product through the network:
        // the transposed weights once per layer, the forward's 2 FLOPs per parameter again
        // (Baydin et al. 2018, "Automatic differentiation in machine learning: a survey",
        // JMLR 18(153) §3.2: a reverse sweep costs a small constant times the forward), one
        // per input coordinate and derivative order, the graph copies the memory model counts
        // (Raissi et al. 2019, create_graph=True).
        ModelKind::Pinn => SciFlops::Pinn {
            params: m.params() as f64,
            points: m.points as f64,
            graphs: if residual {
                1.0 + (m.inputs * m.derivs) as f64
            } else {
                1.0
            },
        },
        ModelKind::Fno => {
            let n = m.grid as f64;
            // A real transform costs half a complex one's 5 N log₂ N (FFTW benchFFT's
            // counts, fftw.org/speed/method.html): forward and inverse, per channel.
            let fft = depth * w * 5.0 * n * n.max(2.0).log2();
            // modes^d on 2^(d−1) corners, as `SciMl::params` counts the weights.
            let kept = pow(m.modes as f64, m.dims) * pow(2.0, m.dims.saturating_sub(1));
            SciFlops::Fno {
                fft,
                spectral: depth * 8.0 * w * w * kept,
                pointwise: depth * 2.0 * w * w * n,
                lift_project: 2.0
                    * n
                    * ((inputs + m.dims as f64) * w
                        + w * FNO_PROJECTION
                        + FNO_PROJECTION * outputs),
            }
        }
        ModelKind::Gnn => {
            let (nodes, edges) = (m.nodes as f64, m.edges as f64);
            // Two-layer MLPs i → L → L, as `SciMl::params` counts them (Pfaff et al. 2021).
            let mlp = |i: f64| 2.0 * (i * w + w * w);
            SciFlops::Gnn {
                edge: depth * edges * mlp(3.0 * w),
                node: depth * nodes * mlp(2.0 * w),
                encode_decode: (nodes + edges) * mlp(inputs) + nodes * 2.0 * (w * w + w * outputs),
            }
        }
        ModelKind::Unet => {
            let k = pow(3.0, m.dims);
            let mut flops = 0.0;
            let mut prev = inputs;
            for level in 0..m.depth {
                let points = m.grid as f64 / pow(2.0, m.dims * level).max(1.0);
                let c = m.channels as f64 * pow(2.0, level);
                // Down: C_prev → c → c; up: the skip and the up-sampled 3c → c → c, and the
                // transposed 2^d convolution from the level below (2c → c), which does
                // 2^d · 2c · c per point of that level: 2c · c per point of this one.
                flops += 2.0 * k * (prev * c + c * c) * points;
                if level + 1 < m.depth {
                    flops += 2.0 * k * (3.0 * c * c + c * c) * points + 2.0 * 2.0 * c * c * points;
                }
                prev = c;
            }
            flops += 2.0 * m.channels as f64 * outputs * m.grid as f64;
            SciFlops::Unet {
                convolutions: flops,
            }
        }
    }
}

/// Values the forward pass writes per sample: the activations the memory model keeps for the
/// backward pass (`model::neural::sciml`); in inference a PINN evaluates the network only,
/// without the residual's derivative graphs.
pub fn forward_values(m: &SciMl, training: bool) -> f64 {
    let kept = crate::model::neural::sciml::activation_values(m) as f64;
    if m.model == ModelKind::Pinn && !training {
        kept / (1 + m.inputs * m.derivs) as f64
    } else {
        kept
    }
}

/// The FLOPs of a surrogate's step on one device.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SurrogateFlops {
    pub model: ModelKind,
    pub forward: SciFlops,
    /// Forward-pass equivalents: 1 in inference, 3 in training (forward + backward), 4 with
    /// full recomputation.
    pub passes: f64,
    /// Samples on this device per step.
    pub samples: f64,
    /// Model-parallel ranks sharing each sample's work (tp × pp).
    pub split: u64,
    pub work: Work,
}

/// The activations a surrogate's step moves through device memory.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SurrogateBytes {
    pub model: ModelKind,
    pub training: bool,
    /// Values the forward writes per sample.
    pub values: f64,
    /// Bytes per value.
    pub elem: f64,
    pub samples: f64,
    pub split: u64,
    pub transfer: Transfer,
}

/// The memory model's bytes per activation value and split, where it counted the activations.
fn stored(s: &Scenario, e: &Estimate) -> (f64, u64) {
    e.components
        .iter()
        .find_map(|c| match &c.values {
            Values::Neural(NeuralValues::SciActivations(a)) => {
                Some((a.elem as f64, a.split.max(1)))
            }
            _ => None,
        })
        .unwrap_or((activation_bytes(s), 1))
}

/// The time of a surrogate's training or inference step.
pub fn speed(s: &Scenario, e: &Estimate, m: &Machine) -> Speed {
    let training = s.mode.trains();
    let net = &s.sciml;
    let par = s.parallel;
    let dp = par.dp().max(1);
    let samples = s.batch.max(1) as f64;
    let (elem, split) = stored(s, e);
    let forward = forward_flops(net, training);
    let passes = match (training, s.recompute) {
        (false, _) => 1.0,
        (true, Recompute::Full) => 4.0,
        (true, _) => 3.0,
    };
    let work = Work {
        flops: passes * forward.total() * samples / split as f64,
        peak: m.peak(s.dtype),
        utilisation: m.mfu,
        dtype: s.dtype,
    };
    let values = forward_values(net, training);
    // Written by the forward and read once: by the backward in training, by the next layer in
    // inference.
    let transfer = Transfer {
        bytes: 2.0 * values * elem * samples / split as f64,
        bandwidth: m.gpu_bw,
        efficiency: m.bw_eff,
    };
    let mut terms = vec![
        TimeTerm {
            time: work.time(),
            bound: Bound::Compute,
            values: TermValues::Surrogate(SurrogateTerm::SurrogateCompute(SurrogateFlops {
                model: net.model,
                forward,
                passes,
                samples,
                split,
                work,
            })),
        },
        TimeTerm {
            time: transfer.time(),
            bound: Bound::MemoryBandwidth,
            values: TermValues::Surrogate(SurrogateTerm::SurrogateMemory(SurrogateBytes {
                model: net.model,
                training,
                values,
                elem,
                samples,
                split,
                transfer,
            })),
        },
    ];
    let mut step = work.time().max(transfer.time());
    if training && dp > 1 {
        // The gradients over the data-parallel ranks, overlapped with the backward pass as in
        // speed::training (DDP's buckets).
        let node = par.gpus_per_node.max(1);
        let total = e.trainable_params as f64 / split as f64 * s.grad_dtype().bytes() as f64;
        // One collective per DDP bucket (ZeRO-3: gathers and reduce-scatters, 1.5× the bytes of
        // an all-reduce), each paying NCCL's latency as in speed::training.
        let buckets = (total / crate::speed::training::DDP_BUCKET_BYTES)
            .ceil()
            .max(1.0);
        let halves = if par.zero >= 3 { 3.0 } else { 2.0 };
        let c = crate::speed::latency::ring(
            m,
            dp,
            par.tp.max(1) * dp,
            node,
            total / buckets,
            halves,
            buckets,
        );
        step = step.max(c.time());
        terms.push(TimeTerm {
            time: c.time(),
            bound: c.via.bound(),
            values: TermValues::Neural(NeuralTerm::DataParallel {
                zero: par.zero,
                collective: c,
                overlapped: true,
            }),
        });
    }
    let per_step = samples * dp as f64;
    Speed {
        held: Default::default(),
        steps: Steps::Surrogate {
            step,
            training,
            samples_per_step: per_step,
            samples_per_s: step.per_second(per_step),
            flops_per_step: passes * forward.total() * per_step,
        },
        bound: longest(&terms),
        terms,
    }
}
