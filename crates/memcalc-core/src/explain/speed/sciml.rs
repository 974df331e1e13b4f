//! The words of the scientific-ML surrogates' time (speed/sciml.rs): PINN, FNO, mesh graph
//! network and U-Net steps, FLOPs per sample beside their activations' traffic.

use super::{count, pct, rate, si, sig, Template};
use crate::base::units::{self, UnitSystem};
use crate::scenario::sciml::ModelKind;
use crate::speed::sciml::{SciFlops, SurrogateBytes, SurrogateFlops};
use crate::speed::{SurrogateTerm, Time};

/// The words of a surrogate's term.
impl Template for SurrogateTerm {
    fn label(&self) -> &'static str {
        match self {
            SurrogateTerm::SurrogateCompute(f) if f.passes > 1.0 => "Training step: FLOPs",
            SurrogateTerm::SurrogateCompute(_) => "Forward pass: FLOPs",
            SurrogateTerm::SurrogateMemory(b) if b.training => {
                "Training step: activations through GPU memory"
            }
            SurrogateTerm::SurrogateMemory(_) => "Forward pass: activations through GPU memory",
        }
    }

    fn formula(&self, _u: UnitSystem) -> String {
        formula(self)
    }

    fn explanation(&self) -> String {
        explanation(self)
    }

    fn source(&self) -> &'static str {
        match self {
            SurrogateTerm::SurrogateCompute(f) => match f.model {
                ModelKind::Pinn => SRC_PINN,
                ModelKind::Fno => SRC_FNO,
                ModelKind::Gnn => SRC_GNN,
                ModelKind::Unet | ModelKind::Transformer => SRC_UNET,
            },
            SurrogateTerm::SurrogateMemory(_) => SRC_MEMORY,
        }
    }
}

fn split(n: u64) -> String {
    if n > 1 {
        format!(" ÷ {n} model-parallel ranks")
    } else {
        String::new()
    }
}

fn flop(v: f64) -> String {
    si(v, "FLOP")
}

fn forward(f: &SciFlops) -> String {
    match *f {
        SciFlops::Pinn {
            params,
            points,
            graphs,
        } => format!(
            "(2 × {} params × {} points × {} graph{})",
            count(params),
            count(points),
            sig(graphs),
            if graphs == 1.0 { "" } else { "s" }
        ),
        SciFlops::Fno {
            fft,
            spectral,
            pointwise,
            lift_project,
        } => format!(
            "({} FFTs + {} spectral mixing + {} pointwise + {} lifting and projection)",
            flop(fft),
            flop(spectral),
            flop(pointwise),
            flop(lift_project)
        ),
        SciFlops::Gnn {
            edge,
            node,
            encode_decode,
        } => format!(
            "({} edge MLPs + {} node MLPs + {} encoders and decoder)",
            flop(edge),
            flop(node),
            flop(encode_decode)
        ),
        SciFlops::Unet { convolutions } => format!("{} convolutions", flop(convolutions)),
    }
}

/// The formula's body of a surrogate's term (without "= time").
fn formula(t: &SurrogateTerm) -> String {
    match t {
        SurrogateTerm::SurrogateCompute(f) => format!(
            "{} × {} per sample × {}{} ÷ ({} × {})",
            passes(f.passes),
            forward(&f.forward),
            units::count(f.samples as u64, "sample", "samples"),
            split(f.split),
            si(f.work.peak, "FLOP/s"),
            pct(f.work.utilisation)
        ),
        SurrogateTerm::SurrogateMemory(b) => format!(
            "2 × {} values × {} B × {}{} ÷ ({} × {})",
            count(b.values),
            sig(b.elem),
            units::count(b.samples as u64, "sample", "samples"),
            split(b.split),
            rate(b.transfer.bandwidth),
            pct(b.transfer.efficiency)
        ),
    }
}

fn passes(p: f64) -> String {
    if p == 1.0 {
        "1 pass".into()
    } else {
        format!("{} passes", sig(p))
    }
}

fn architecture(m: ModelKind, passes: f64) -> &'static str {
    match m {
        ModelKind::Pinn if passes > 1.0 => {
            "A physics-informed MLP does 2 FLOPs per parameter and \
            collocation point, once for the network and once more for each derivative of the PDE \
            residual (autodiff's vector-Jacobian products: one per input coordinate and derivative \
            order)."
        }
        ModelKind::Pinn => {
            "A physics-informed MLP does 2 FLOPs per parameter and point; inference \
            evaluates the network only, not the residual's derivatives."
        }
        ModelKind::Fno => {
            "Each Fourier layer transforms every channel with a real FFT and back \
            (2.5 N log₂ N each), mixes the channels on the kept modes (8 FLOPs per complex weight) \
            and applies its pointwise linear map (2 FLOPs per weight and point); lifting and \
            projection are pointwise too."
        }
        ModelKind::Gnn => {
            "Each message-passing step runs the edge MLP on every edge and the node \
            MLP on every node (2 FLOPs per weight each); the encoders and the decoder run once."
        }
        ModelKind::Unet | ModelKind::Transformer => {
            "Each convolution does 2 · 3^d · C_in · C_out \
            FLOPs per output point, the feature maps shrinking 2^d-fold per level while the \
            channels double."
        }
    }
}

/// Why a surrogate's term takes this long.
fn explanation(t: &SurrogateTerm) -> String {
    match t {
        SurrogateTerm::SurrogateCompute(SurrogateFlops { model, passes, .. }) => format!(
            "{} {} at an assumed utilisation of the dense peak (set mfu); small networks reach \
                less of it than large language models, and kernel launches (several µs each) are \
                not counted.",
            architecture(*model, *passes),
            if *passes >= 4.0 {
                "Training is the forward, a backward of twice its FLOPs (input and weight \
                    gradients) and one more forward (full recomputation),"
            } else if *passes > 1.0 {
                "Training is the forward and a backward of twice its FLOPs (input and weight \
                    gradients),"
            } else {
                "Inference is one forward pass,"
            }
        ),
        SurrogateTerm::SurrogateMemory(SurrogateBytes { training, .. }) => {
            format!(
            "The activations the memory estimate counts are written by the forward pass and read \
                back once {}: a lower bound on the traffic at the achieved bandwidth. Where it \
                exceeds the FLOPs term the step is memory-bound (the roofline), as small or \
                pointwise-heavy networks often are.",
            if *training { "by the backward pass" } else { "by the next layer" }
        )
        }
    }
}

const SRC_PINN: &str = "Raissi, Perdikaris, Karniadakis 2019 (J. Comput. Phys. 378): the residual \
    by automatic differentiation; Baydin et al. 2018 (JMLR 18(153) §3.2): a reverse sweep costs a \
    constant times the forward; Kaplan et al. 2020 (arXiv 2001.08361 §2.1): backward twice the \
    forward; hardware figures from the vendor's datasheet (catalog/hardware.rs)";
const SRC_FNO: &str = "Li et al. 2021, Fourier neural operator (arXiv 2010.08895); FFTW benchFFT \
    fftw.org/speed/method.html: 5 N log₂ N per complex transform, half for real data; Kaplan et \
    al. 2020 (arXiv 2001.08361 §2.1): backward twice the forward; hardware figures from the \
    vendor's datasheet (catalog/hardware.rs)";
const SRC_GNN: &str =
    "Pfaff et al. 2021, MeshGraphNets (arXiv 2010.03409): edge and node MLPs per \
    message-passing step; Kaplan et al. 2020 (arXiv 2001.08361 §2.1): backward twice the forward; \
    hardware figures from the vendor's datasheet (catalog/hardware.rs)";
const SRC_UNET: &str = "Ronneberger et al. 2015, U-Net (arXiv 1505.04597); convolution FLOPs 2 · \
    k^d · C_in · C_out per output point; Kaplan et al. 2020 (arXiv 2001.08361 §2.1): backward \
    twice the forward; hardware figures from the vendor's datasheet (catalog/hardware.rs)";
const SRC_MEMORY: &str = "Williams, Waterman, Patterson 2009, Roofline (CACM 52(4)); activations \
    from the memory estimate (model/neural/sciml.rs); achieved share of bandwidth assumed \
    (bw_eff): 80 %, AMD Instinct 70 % (BabelStream triad, Azure AI benchmarking guide: MI300X 77 \
    %, H100 89 % of the datasheet figure)";

/// The time line of a surrogate's step.
pub(super) fn summary(step: Time, training: bool, samples_per_s: f64, by: &str) -> String {
    format!(
        "{} per {}, {} samples/s; bound by {by}",
        super::time(step),
        if training {
            "training step"
        } else {
            "forward pass"
        },
        count(samples_per_s)
    )
}
