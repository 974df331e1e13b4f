//! ABINIT with PAW (usepaw 1): the usepaw branches of m_memeval.F90's `memory` (the fine grid,
//! pawtab, pawrhoij, cprj, pawfgrtab, dij, the PAW mixing history, nonlop_ylm) and PAW's
//! parallelisation over atoms. The figures are ABINIT 9.6.2 runs of
//! docs/accuracy/abinit/nio-pawu.abi on this project's machine ("P This job should need less
//! than … Mbytes", Mbytes of 2^20 bytes). Each test fails without its mechanism.

mod common;

use common::{est, expect_part, part};
use memcalc_core::PartId;

/// nio-pawu.abi: AFM NiO, 4 atoms, PAW (28ni.paw, 8o.paw), collinear spin, smearing, 24
/// symmetries, 4 k-points with istwfk 2 (mpw 289), nfft 32,768 and nfftf 110,592 (pawecutdg
/// 30 Ha), lmnmax 13; rc_sph 2.3 (Ni) and 1.41 (O) bohr, cube mean 1.956 bohr.
const NIO: &str = "mode=sim&code=abinit&pseudopotential=paw&ecutwfc=26&cell_volume=248.397&bands=26&kpoints=4&gamma_only=on&atoms=4&species=2&betas=5&lmax_beta=2&fft_grid=32768&fine_grid=110592&paw_lmn=13&paw_radius=1.956&paw_mesh=350&xc=lda&spin=collinear&smearing=on&core_correction=on&symmetries=24&nodes=1&rank_overhead=0&overhead=0";

const MIB: f64 = 1024.0 * 1024.0;

fn mib(q: &str) -> f64 {
    est(q).per_rank_bytes as f64 / MIB
}

#[test]
fn paw_counts_the_fine_grid_and_the_spheres_as_abinit_does() {
    let e = est(&format!("{NIO}&ranks=1"));
    // 'P This job should need less than 44.910 Mbytes of memory.'
    let got = e.per_rank_bytes as f64 / MIB;
    assert!((got - 44.910).abs() / 44.910 < 0.05, "{got:.3} MiB");
    // The XC chain's fine-grid arrays: rhor/rhog 4, vhartr…vxc 6, kxc 6, xccc3d + nhat 3,
    // rhocorval 2, dnexcdn/rhonow 4, vresid 2 = 27 blocks of 110,592 reals.
    assert_eq!(expect_part(&e, PartId::PawFineGrid), 27 * 110_592 * 8);
    // pawfgrtab's gylm alone: 4 spheres × (1 + ⌊110,592 × 4/3 π 1.956³ / 248.397⌋) points × 5².
    assert!(expect_part(&e, PartId::PawArrays) > 4 * 13_957 * 25 * 8);
    // Norm-conserving, the same inputs: no PAW terms, and the fine grid is not read.
    let nc = est(&format!("{NIO}&ranks=1").replace("pseudopotential=paw&", ""));
    assert_eq!(part(&nc, PartId::PawFineGrid), None);
    assert_eq!(part(&nc, PartId::PawArrays), None);
    assert_eq!(
        nc.per_rank_bytes,
        est(&format!("{NIO}&ranks=1")
            .replace("pseudopotential=paw&", "")
            .replace("&fine_grid=110592", ""))
        .per_rank_bytes
    );
    assert!(nc.per_rank_bytes < e.per_rank_bytes / 2);
}

#[test]
fn paw_splits_the_per_atom_arrays_over_processes() {
    // Two processes: 'Pmy_natom= 2', 'P This job should need less than 44.132 Mbytes'.
    let one = est(&format!("{NIO}&ranks=1"));
    let two = est(&format!("{NIO}&ranks=2"));
    let got = two.per_rank_bytes as f64 / MIB;
    assert!((got - 44.132).abs() / 44.132 < 0.10, "{got:.3} MiB");
    // A part's bytes are the node's: two processes on one node.
    assert!(
        expect_part(&two, PartId::PawArrays) / 2 < expect_part(&one, PartId::PawArrays) * 3 / 5
    );
    // The fine grid and cprj stay whole on every process.
    assert_eq!(
        expect_part(&two, PartId::PawFineGrid),
        2 * expect_part(&one, PartId::PawFineGrid)
    );
    // Empty radius: 2 bohr spheres; empty lmn_size: 2 (lmax + 1)² = 18.
    let defaults = mib(&format!("{NIO}&ranks=1")
        .replace("&paw_lmn=13", "")
        .replace("&paw_radius=1.956", ""));
    assert!(defaults > mib(&format!("{NIO}&ranks=1")));
}

/// The form offers the PAW inputs only where ABINIT's PAW count reads them.
#[test]
fn the_form_shows_the_paw_inputs_for_abinit_with_paw() {
    use memcalc_core::explain::wording::{shown, Visibility};
    use memcalc_core::scenario::Mode;
    use memcalc_core::schema::fields::FieldId as F;
    use memcalc_core::Inputs;
    let visible = |q: &str, id: F| {
        let (inputs, _) = Inputs::from_query(q);
        shown(id.field(), Mode::Sim, Visibility::of(&inputs))
    };
    let abinit_paw = "mode=sim&code=abinit&pseudopotential=paw";
    let abinit_nc = "mode=sim&code=abinit";
    let pwx_paw = "mode=sim&code=quantum_espresso&pseudopotential=paw";
    for id in [F::FineGrid, F::PawLmn, F::PawRadius] {
        assert!(visible(abinit_paw, id), "{id:?}");
        assert!(!visible(abinit_nc, id) && !visible(pwx_paw, id), "{id:?}");
    }
    assert!(visible(abinit_paw, F::PawMesh) && visible(pwx_paw, F::PawMesh));
}
