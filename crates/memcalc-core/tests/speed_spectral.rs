//! Time of pseudo-spectral steps and plane-wave SCF iterations (issue 27): FFTs at 5 N log2 N
//! (2.5 real-to-complex), their passes over memory, the all-to-all transposes of a distributed
//! FFT, and plane-wave DFT's projector and subspace products and eigenproblems; each checked
//! against the numbers worked by hand.

mod common;

use common::{scenario, sim_step, term_seconds, time_of};
use memcalc_core::speed::SpectralTerm;
use memcalc_core::speed::TermValues;
use memcalc_core::{speed, Steps, TermId};

fn close(a: f64, b: f64, what: &str) {
    assert!((a - b).abs() <= 1e-9 * b.abs(), "{what}: {a} against {b}");
}

#[test]
fn spectral_and_planewave_runs_have_a_time_with_words_for_every_term() {
    for q in [
        "mode=sim&method=spectral",
        "mode=sim&method=spectral&ranks=64&nodes=4&sim_device=gpu",
        "mode=sim&method=spectral&nz=1&complex=on",
        "mode=sim&method=planewave",
        "mode=sim&method=planewave&pseudopotential=us&ecutrho=240&ecutwfc=30",
        "mode=sim&method=planewave&ranks=16&nodes=2&pools=2&gamma_only=on",
        "mode=sim&method=planewave&dft_arrays=abinit&pseudopotential=paw&ecutrho=120&spin=noncollinear",
    ] {
        let sp = time_of(q);
        assert!(sim_step(&sp) > 0.0, "{q}");
        for t in &sp.terms {
            let f = memcalc_core::explain::speed::formula(t);
            assert!(
                f.ends_with(&memcalc_core::explain::speed::time(t.time)),
                "{q}: {f}"
            );
            assert!(!memcalc_core::explain::speed::label(t).is_empty());
            assert!(!memcalc_core::explain::speed::explanation(t).is_empty());
            assert!(!memcalc_core::explain::speed::source(t).is_empty());
            assert!(t.time.seconds().is_some_and(f64::is_finite), "{q}: {t:?}");
        }
    }
}

const CUBE: &str = "mode=sim&method=spectral&sim_device=gpu&gpu=h100-80&nx=256&ny=256&nz=256&fields=3&complex=on&dealias=off&gpu_bw=3000&mfu=50&bw_eff=100";

#[test]
fn a_spectral_step_is_its_ffts_compute_or_memory_whichever_is_longer() {
    // 256³ = 2^24 complex FP64 points, 3 fields × 2 transforms × 3 RK stages = 18 FFTs.
    let sp = time_of(&format!("{CUBE}&ranks=1"));
    let n = 16_777_216.0;
    let compute = 18.0 * 5.0 * n * 24.0 / (67e12 * 0.5);
    // One rank: three axis passes, each reading and writing 16 B per point.
    let memory = 18.0 * 3.0 * 2.0 * 16.0 * n / 3e12;
    close(term_seconds(&sp, TermId::FftCompute), compute, "compute");
    close(term_seconds(&sp, TermId::FftMemory), memory, "memory");
    close(sim_step(&sp), memory.max(compute), "step");
    assert!(sp.terms.iter().all(|t| t.id() != TermId::FftTranspose));
}

#[test]
fn real_fields_on_a_padded_grid_cost_two_and_a_half_n_log2_n() {
    let q =
        "mode=sim&method=spectral&nx=256&ny=256&nz=256&fields=3&ranks=1&nodes=1&mfu=50&threads=128";
    let sp = time_of(q);
    // The 3/2 rule pads 256³ to 384³ = 27/8 × 2^24 points.
    let n = 56_623_104.0_f64;
    let flops = 18.0 * 2.5 * n * n.log2();
    let peak = match sp
        .terms
        .iter()
        .find(|t| t.id() == TermId::FftCompute)
        .unwrap()
        .values
    {
        TermValues::Spectral(SpectralTerm::FftCompute { work, .. }) => work.peak,
        _ => unreachable!(),
    };
    close(
        term_seconds(&sp, TermId::FftCompute),
        flops / (peak * 0.5),
        "compute",
    );
}

#[test]
fn pencil_transposes_send_the_off_node_share_over_the_network() {
    // 8 GPUs on 2 nodes: each rank holds 2^21 points (32 MiB), sends half of it off its node
    // per transpose, two transposes per FFT, over a quarter of a 400 Gb/s NIC.
    let sp = time_of(&format!("{CUBE}&ranks=8&nodes=2&net_bw=400"));
    let local = 2_097_152.0;
    let transposes = 18.0 * 2.0 * 0.5 * 16.0 * local / (50e9 / 4.0);
    close(
        term_seconds(&sp, TermId::FftTranspose),
        transposes,
        "transposes",
    );
    // Seven passes: three axes, a pack and an unpack around each of two transposes.
    let memory = 18.0 * 7.0 * 2.0 * 16.0 * local / 3e12;
    close(term_seconds(&sp, TermId::FftMemory), memory, "memory");
    let compute = term_seconds(&sp, TermId::FftCompute);
    close(sim_step(&sp), memory.max(compute) + transposes, "step");
    let ratio = sp
        .terms
        .iter()
        .find_map(|t| match t.values {
            TermValues::Spectral(SpectralTerm::FftTranspose(tr)) => Some(tr.ratio),
            _ => None,
        })
        .unwrap();
    close(ratio, transposes / memory.max(compute), "ratio");
}

#[test]
fn strong_scaling_raises_the_transposes_share_of_a_spectral_step() {
    let ratio = |ranks: u64| {
        let sp = time_of(&format!(
            "mode=sim&method=spectral&nx=1024&ny=1024&nz=1024&ranks={ranks}&nodes={}",
            ranks / 64
        ));
        term_seconds(&sp, TermId::FftTranspose) / sim_step(&sp)
    };
    assert!(ratio(4096) > ratio(128), "{} {}", ratio(4096), ratio(128));
}

const SI64: &str = "mode=sim&method=planewave&ecutwfc=20&cell_volume=8640.365&bands=128&kpoints=1&atoms=64&projectors=256&fft_grid=216000&ranks=1&nodes=1&mfu=50&threads=128";

#[test]
fn an_scf_iteration_counts_ffts_projectors_subspace_and_eigenproblems() {
    let sp = time_of(SI64);
    let pi = std::f64::consts::PI;
    // memory_report.f90's plane waves: 4π/3 · ecutwfc^{3/2} · Ω / (2π)³.
    let npw = (4.0 * pi / 3.0 * 20f64.powf(1.5) * 8640.365 / (8.0 * pi * pi * pi)).round();
    // One rank of a two-socket EPYC 7742 node: 2 × 64 cores × 2.25 GHz × 16 FLOP/cycle.
    let rate = 2.0 * 64.0 * 2.25e9 * 16.0 * 0.5;
    // Davidson: 3 H·ψ per band, two FFTs each, one more for the density.
    let ffts = 7.0 * 128.0 * 5.0 * 216_000.0 * 216_000f64.log2() / rate;
    let projectors = 8.0 * npw * 256.0 * 128.0 * 3.0 * 2.0 / rate;
    let subspace = 8.0 * npw * 128.0 * 128.0 * 18.0 / rate;
    let diagonalise = 56.0 / 3.0 * 256f64.powi(3) * 3.0 / rate;
    close(term_seconds(&sp, TermId::FftCompute), ffts, "ffts");
    close(
        term_seconds(&sp, TermId::PwProjectors),
        projectors,
        "projectors",
    );
    close(term_seconds(&sp, TermId::PwSubspace), subspace, "subspace");
    close(
        term_seconds(&sp, TermId::PwDiagonalise),
        diagonalise,
        "eigenproblems",
    );
    let local = ffts.max(term_seconds(&sp, TermId::FftMemory));
    close(
        sim_step(&sp),
        local + projectors + subspace + diagonalise,
        "step",
    );
    match sp.steps {
        Steps::Sim { run, steps, .. } => {
            close(run.seconds().unwrap(), steps as f64 * sim_step(&sp), "run")
        }
        _ => unreachable!(),
    }
}

#[test]
fn pools_split_the_kpoints_and_a_pool_transposes_its_sticks() {
    // 8 ranks in 2 pools: 2 k-points per pool, each FFT over 4 ranks, which send 3/4 of their
    // share of the sticks (π/16 of the smooth grid) through host memory.
    let q = SI64
        .replace("kpoints=1", "kpoints=4")
        .replace("ranks=1", "ranks=8");
    let sp = time_of(&format!("{q}&pools=2&host_bw=400"));
    let share = 16.0 * std::f64::consts::PI / 16.0 * 216_000.0 / 4.0;
    let ffts = 7.0 * 128.0 * 2.0;
    let transposes = ffts * 0.75 * share / (400e9 / 8.0);
    close(
        term_seconds(&sp, TermId::FftTranspose),
        transposes,
        "transposes",
    );
    // Each rank: its quarter of the grid for 2 k-points, at an eighth of the node's FLOP/s.
    let rate = 2.0 * 64.0 * 2.25e9 * 16.0 * 0.5 / 8.0;
    let compute = ffts * 5.0 * 54_000.0 * 216_000f64.log2() / rate;
    close(term_seconds(&sp, TermId::FftCompute), compute, "ffts");
}

#[test]
fn the_gamma_trick_halves_the_ffts_and_the_products() {
    let k = time_of(SI64);
    let g = time_of(&format!("{SI64}&gamma_only=on"));
    // Half the plane waves, half the FFTs, real products at 4 FLOPs per multiply-add.
    close(
        term_seconds(&g, TermId::FftCompute),
        term_seconds(&k, TermId::FftCompute) / 2.0,
        "ffts",
    );
    let ratio = term_seconds(&g, TermId::PwSubspace) / term_seconds(&k, TermId::PwSubspace);
    assert!((ratio - 0.25).abs() < 0.01, "{ratio}");
}

#[test]
fn sparc_has_no_ffts_but_its_real_space_terms() {
    let s = scenario("mode=sim&method=planewave&dft_arrays=sparc");
    let sp = speed(&s, &memcalc_core::estimate(&s)).unwrap().unwrap();
    assert!(
        sp.terms.iter().all(|t| t.id().key().starts_with("rs_")),
        "{:?}",
        sp.terms
    );
}

// Issue 37, defect 9: a plane-wave (or SPARC) run's step is an SCF iteration, and the time line
// and the phone's headline said "per step"; a pseudo-spectral step stays a step.
#[test]
fn a_planewave_step_is_named_an_scf_iteration() {
    use memcalc_core::explain::speed::{headline, summary};
    for q in [
        "mode=sim&method=planewave",
        "mode=sim&method=planewave&dft_arrays=sparc",
    ] {
        let sp = time_of(q);
        assert!(matches!(sp.steps, Steps::Sim { scf: true, .. }), "{q}");
        assert!(
            summary(&sp).contains(" per SCF iteration"),
            "{q}: {}",
            summary(&sp)
        );
        assert!(
            headline(&sp).ends_with(" per SCF iteration"),
            "{q}: {}",
            headline(&sp)
        );
    }
    let sp = time_of("mode=sim&method=spectral");
    assert!(summary(&sp).contains(" per step"), "{}", summary(&sp));
    assert!(!summary(&sp).contains("SCF"), "{}", summary(&sp));
}
