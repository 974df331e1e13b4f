//! One FFT as FFT benchmarks time it (`transforms`): a pseudo-spectral step's transform count
//! can be given, so a measured cuFFT or VkFFT time maps to a query, and on one GPU a 3-D FFT
//! reads and writes the grid once per axis (VkFFT and cuFFT do each axis's 1-D FFTs of up to
//! 4096 points in on-chip memory, one upload and one download per axis).

mod common;

use common::{sim_step, time_of};
use memcalc_core::speed::SpectralTerm;
use memcalc_core::{TermId, TermValues};

/// A real 256³ single-precision field on one RTX 5090, unpadded: the kda cuFFT rows' grid.
const CUFFT_256: &str = "gpu=rtx5090&mode=sim&method=spectral&sim_device=gpu&ranks=1&dtype=fp32&nx=256&ny=256&nz=256&fields=1&dealias=off";

#[test]
fn one_transform_is_a_sixth_of_a_one_field_rk3_step() {
    // The default counts 2 transforms per field per stage, 3 stages: 6 for one field.
    let default = sim_step(&time_of(CUFFT_256));
    let one = sim_step(&time_of(&format!("{CUFFT_256}&transforms=1")));
    let six = sim_step(&time_of(&format!("{CUFFT_256}&transforms=6")));
    assert_eq!(
        default, six,
        "an empty transforms must keep the default count"
    );
    assert!((default / one - 6.0).abs() < 1e-12, "{default} / {one}");
}

#[test]
fn a_one_gpu_3d_fft_reads_and_writes_the_grid_once_per_axis() {
    let sp = time_of(&format!("{CUFFT_256}&transforms=1"));
    let memory = sp
        .terms
        .iter()
        .find(|t| t.id() == TermId::FftMemory)
        .expect("a memory term");
    let TermValues::Spectral(SpectralTerm::FftMemory {
        passes, transfer, ..
    }) = memory.values
    else {
        panic!("not an FFT memory term: {:?}", memory.values);
    };
    assert_eq!(passes, 3, "one GPU: one pass per axis, no transposes");
    // Real-to-complex: the half spectrum's N/2 complex values are 4 B per point in FP32.
    let n = 16_777_216.0;
    assert_eq!(transfer.bytes, 3.0 * 2.0 * 4.0 * n);
    // 1,792 GB/s at the default 80 %: bandwidth-bound, and the step is this term alone.
    let t = transfer.bytes / (1.792e12 * 0.8);
    assert!((memory.time.seconds().unwrap() - t).abs() < 1e-15);
    assert!((sim_step(&sp) - t).abs() < 1e-15);
    assert!(
        !sp.terms.iter().any(|t| t.id() == TermId::FftTranspose),
        "one rank does not transpose"
    );
}

#[test]
fn a_given_count_is_said_in_the_formula_and_zero_is_refused() {
    let sp = time_of(&format!("{CUFFT_256}&transforms=1"));
    for id in [TermId::FftCompute, TermId::FftMemory] {
        let t = sp.terms.iter().find(|t| t.id() == id).unwrap();
        let f = memcalc_core::explain::speed::formula(t);
        assert!(f.starts_with("1 transform (transforms) × "), "{f}");
    }
    let e = memcalc_core::explain::speed::explanation(
        sp.terms
            .iter()
            .find(|t| t.id() == TermId::FftCompute)
            .unwrap(),
    );
    assert!(e.contains("are given (transforms)"), "{e}");
    let (inputs, _) = memcalc_core::Inputs::from_query(&format!("{CUFFT_256}&transforms=0"));
    let err = format!("{:?}", inputs.parse().expect_err("0 transforms"));
    assert!(err.contains("ransforms"), "{err}");
}
