//! GROMACS mdrun's allocation (`pair_list=clusters_*`), checked by hand: nbnxm cluster pair
//! lists, arrays in the run's precision, halo zones only under domain decomposition, PME's
//! per-atom B-splines and grids.

mod common;

use common::{est, expect_part, part};
use memcalc_core::explain::parts;
use memcalc_core::PartId;

/// 98,319 atoms at 98.319 nm⁻³: a 10 nm box (`gmx solvate -box 10 10 10`), rlist 1.1 nm.
const WATER: &str = "mode=sim&method=particles&particles=98319&density=98.319&cutoff=1.0&skin=0.1&long_range=pme&max_bonds=2&max_special=2&nodes=1&rank_overhead=0&overhead=0";

#[test]
fn cluster_lists_4x4_by_hand() {
    let e = est(&format!(
        "{WATER}&ranks=1&dtype=fp32&pair_list=clusters_4x4"
    ));
    // Clusters of 4 at 98.319 nm⁻³: cells of (4/ρ)^⅓ = 0.34393 nm, boxes 3/5 of that, so the
    // pair box is L = 0.41272 nm; grown by r = 1.1 nm: L³ + 6L²r + 3πLr² + 4/3πr³
    // = 0.07030 + 1.12423 + 4.70665 + 5.57528 = 11.4765 nm³, × ρ/4 ÷ 2 = 282.09 / 2
    // = 141.044 j-clusters per i-cluster; 24,580 i-clusters → 3,466,869 cluster pairs.
    let lists = 24_580 * 52 + 3_466_869 * 8 + 98_319 * 8;
    assert_eq!(expect_part(&e, PartId::NeighborLists), lists);
    // x, v, f, xp and 6 reals of mdatoms in FP32, 3 ints: 84 B.
    assert_eq!(expect_part(&e, PartId::State), 98_319 * 84);
    // nbat x, q, type, lj_comb, f (9 reals + an int) and the exclusions (index, itself, 2).
    assert_eq!(expect_part(&e, PartId::Work), 98_319 * 40 + 98_319 * 16);
    // No decomposition, no halo copies: PBC shifts.
    assert_eq!(part(&e, PartId::Halo), None);
    // 1,000 nm³ at fourierspacing 0.12 nm: 578,704 points; per atom 3 ints + 4 B index,
    // fractx and 2 × 3 × 4 spline reals.
    assert_eq!(
        expect_part(&e, PartId::LongRange),
        98_319 * (16 + 27 * 4) + 3 * 578_704 * 4
    );
    let formula = parts::formula(e.component(PartId::NeighborLists).unwrap());
    assert!(
        formula.contains("3,466,869 cluster pairs × 8 B"),
        "{formula}"
    );
}

#[test]
fn cluster_lists_4x8_keep_j_boxes_and_fewer_pairs() {
    let e = est(&format!(
        "{WATER}&ranks=1&dtype=fp32&pair_list=clusters_4x8"
    ));
    // j-clusters of 8: boxes 7/9 of (8/ρ)^⅓; 85.300 j-clusters per i-cluster → 2,096,683
    // pairs; 12,290 j-cluster boxes of 32 B.
    let lists = 24_580 * 52 + 12_290 * 32 + 2_096_683 * 8 + 98_319 * 8;
    assert_eq!(expect_part(&e, PartId::NeighborLists), lists);
}

#[test]
fn double_precision_doubles_the_reals() {
    let e = est(&format!(
        "{WATER}&ranks=1&dtype=fp64&pair_list=clusters_4x4"
    ));
    assert_eq!(expect_part(&e, PartId::State), 98_319 * (18 * 8 + 12));
    assert_eq!(
        expect_part(&e, PartId::Work),
        98_319 * (9 * 8 + 4) + 98_319 * 16
    );
}

#[test]
fn decomposition_copies_one_sided_halo_zones() {
    let e = est(&format!(
        "{WATER}&ranks=2&dtype=fp32&pair_list=clusters_4x4"
    ));
    // Two ranks split one axis: 5 × 10 × 10 nm each; the eighth-shell zone is the slab
    // rlist = 1.1 nm deep above the upper face only: 1.1 × 10 × 10 × 98.319 = 10,815.1 atoms.
    let per_rank = 10_816 * (7 * 4 + 8);
    assert_eq!(expect_part(&e, PartId::Halo), 2 * per_rank);
}

#[test]
fn gromacs_profile_sets_clusters_fp32_and_its_process() {
    let e = est("mode=sim&code=gromacs&particles=98319&ranks=1&nodes=1");
    let lists = parts::formula(e.component(PartId::NeighborLists).unwrap());
    assert!(lists.contains("j-clusters × 32 B"), "{lists}");
    assert_eq!(expect_part(&e, PartId::State), 98_319 * 84);
    assert_eq!(expect_part(&e, PartId::Runtime), 20 << 20);
    assert!(parts::source(e.component(PartId::NeighborLists).unwrap()).contains("nbnxm"));
}

#[test]
fn lammps_lists_stay_per_atom_pages() {
    let e = est("mode=sim&code=lammps&particles=32000&ranks=1&nodes=1");
    let lists = parts::formula(e.component(PartId::NeighborLists).unwrap());
    assert!(lists.contains("pages × 100,000 × 4 B"), "{lists}");
}

#[test]
fn decomposition_keeps_the_global_copies_on_the_main_rank_only() {
    let one = est(&format!(
        "{WATER}&ranks=1&dtype=fp32&pair_list=clusters_4x4"
    ));
    let two = est(&format!(
        "{WATER}&ranks=2&dtype=fp32&pair_list=clusters_4x4"
    ));
    // One rank: its state is the global state (no second copy).
    assert_eq!(part(&one, PartId::MasterCopies), None);
    // Two ranks: the main rank's global x and v, AtomDistribution's rvecBuffer (9 FP32 reals)
    // and atomGroups (an int per atom): 40 B for every atom of the system, once per node.
    let master = 98_319 * 40;
    assert_eq!(expect_part(&two, PartId::MasterCopies), master);
    let rank_bytes: u64 = two
        .components
        .iter()
        .filter(|c| c.id != PartId::MasterCopies)
        .map(|c| c.bytes)
        .sum();
    assert_eq!(two.per_device_bytes, rank_bytes + master);
    // The busiest rank, the main one, carries it.
    assert!(two.per_rank_bytes > master);
    let main = two.component(PartId::MasterCopies).unwrap();
    assert!(parts::source(main).contains("atomdistribution.h"));
    assert!(parts::formula(main).contains("98,319 particles of the system × 40 B"));
}
