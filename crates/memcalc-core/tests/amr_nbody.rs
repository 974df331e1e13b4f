//! Block-structured AMR and tree-PM N-body: hand-checked terms and invariants over random runs.

mod common;

use common::{est, expect_part, part, scenario};
use memcalc_core::{estimate, Estimate, Inputs, PartId};
use proptest::prelude::*;

const BARE: &str = "mode=sim&overhead=0&rank_overhead=0&nodes=1";

#[test]
fn amr_blocks_ghosts_and_refinement_by_hand() {
    // 64³ base in 16³ blocks: 64 blocks; two stored copies of 5 fields with 2 ghost layers.
    let q = format!(
        "{BARE}&method=amr&nx=64&ny=64&nz=64&fields=5&levels=2&halo=2&block_size=16&block_meta=0"
    );
    let e = est(&format!("{q}&amr_levels=0&work=0&ranks=1"));
    assert_eq!(expect_part(&e, PartId::State), 64 * 2 * 5 * 8 * 4096);
    assert_eq!(
        expect_part(&e, PartId::Halo),
        64 * 2 * 5 * 8 * (20 * 20 * 20 - 4096)
    );
    assert_eq!(
        part(&e, PartId::CoarseFine).unwrap_or(0),
        0,
        "no refinement, no coarse–fine buffers"
    );
    // One refined level over an eighth of the base at ratio 2: as many cells again, 128 blocks,
    // each with a coarse copy of (16/2 + 2·2)³ cells and 6 faces of 16² fluxes.
    let r = est(&format!(
        "{q}&amr_levels=1&ref_ratio=2&fill=12.5&coarse_copies=1&work=0&ranks=1"
    ));
    assert_eq!(expect_part(&r, PartId::State), 128 * 2 * 5 * 8 * 4096);
    assert_eq!(
        expect_part(&r, PartId::CoarseFine),
        128 * 5 * 8 * (12 * 12 * 12 + 6 * 256)
    );
    // Athena++ keeps a send and a receive buffer of the ghost shell for every block.
    let ex = est(&format!(
        "{q}&amr_levels=0&work=0&exchange_copies=2&ranks=1"
    ));
    assert_eq!(
        expect_part(&ex, PartId::Exchange),
        64 * 2 * 5 * 8 * (20 * 20 * 20 - 4096)
    );
    // Blocks move whole: 3 ranks hold 43, 43 and 42 blocks; the busiest is reported.
    let three = est(&format!("{q}&amr_levels=1&fill=12.5&ranks=3"));
    assert_eq!(
        expect_part(&three, PartId::State) / 3,
        43 * 2 * 5 * 8 * 4096
    );
    // AMReX keeps no ghost cells on its stored state: only the work arrays carry them.
    let amrex = est(&format!("{q}&amr_levels=0&ghost_state=off&work=1&ranks=1"));
    assert_eq!(part(&amrex, PartId::Halo).unwrap_or(0), 0);
    assert_eq!(expect_part(&amrex, PartId::Work), 64 * 8 * 20 * 20 * 20);
    // Block metadata is held whole by every rank.
    let meta = est(&format!("{q}&amr_levels=0&ranks=4").replace("block_meta=0", "block_meta=32"));
    assert_eq!(expect_part(&meta, PartId::BlockMetadata), 4 * 64 * 32);
    // The log's block count overrides the refined share.
    let given = est(&format!("{q}&amr_levels=1&amr_blocks=1000&ranks=1"));
    assert_eq!(expect_part(&given, PartId::State), 1000 * 2 * 5 * 8 * 4096);
}

#[test]
fn amr_limits_are_stated() {
    let (i, _) = Inputs::from_query(
        "mode=sim&method=amr&nx=4096&ny=4096&nz=4096&amr_levels=10&ref_ratio=4&fill=100",
    );
    let err = i.parse().unwrap_err();
    assert!(
        err.iter()
            .any(|e| e.key() == "amr_levels" && e.message.contains("10^13")),
        "{err:?}"
    );
}

#[test]
fn nbody_follows_gadget_2_allocations_by_hand() {
    let q = format!("{BARE}&code=gadget2&particles=1000000&pm_grid=256&ranks=4");
    let e = est(&q);
    // MaxPart = 1.5 × 10^6 / 4 = 375,000 slots of 80 B.
    assert_eq!(expect_part(&e, PartId::Particles) / 4, 80 * 375_000);
    // 0.8 × 375,000 nodes of 64 B, plus Nextnode and Father per slot.
    assert_eq!(
        expect_part(&e, PartId::Tree) / 4,
        64 * 300_000 + 8 * 375_000
    );
    // 256 slabs over 4 tasks, 256 × 2 × 129 reals each, three arrays in single precision.
    assert_eq!(
        expect_part(&e, PartId::PmGrid) / 4,
        3 * 64 * 256 * 2 * 129 * 4
    );
    assert_eq!(expect_part(&e, PartId::CommBuffer) / 4, 100 << 20);
    // The periodic box's Ewald table, 65³ entries of 4 floats, on every task.
    assert_eq!(expect_part(&e, PartId::Ewald) / 4, 65 * 65 * 65 * 16);
    assert_eq!(part(&e, PartId::Timebins).unwrap_or(0), 0);
    // More tasks than PM slabs: the busiest still holds one slab.
    let wide = est(&format!(
        "{BARE}&code=gadget2&particles=1000000&pm_grid=256&ranks=512"
    ));
    assert_eq!(
        expect_part(&wide, PartId::PmGrid) / 512,
        3 * 256 * 2 * 129 * 4
    );
    // GADGET-4: three time-bin lists per slot and no fixed buffer.
    let g4 = est(&format!(
        "{BARE}&code=gadget&particles=1000000&pm_grid=0&ranks=1"
    ));
    assert_eq!(expect_part(&g4, PartId::Timebins), 3 * 4 * 1_100_000);
    assert_eq!(part(&g4, PartId::CommBuffer).unwrap_or(0), 0);
    assert_eq!(
        part(&g4, PartId::PmGrid).unwrap_or(0),
        0,
        "a tree-only run has no PM grid"
    );
}

#[test]
fn gadget_4_holds_the_max_mem_size_it_is_given() {
    let q = format!("{BARE}&code=gadget&particles=1000000&pm_grid=128&ranks=4");
    let bare = est(&q);
    assert_eq!(
        part(&bare, PartId::Reserved),
        None,
        "no MaxMemSize, no reservation"
    );
    // Each task allocates its MaxMemSize whole (mymalloc.cc) and takes its arrays from it.
    let given = est(&format!("{q}&max_mem_size=2000"));
    let reserved = expect_part(&given, PartId::Reserved) / 4;
    assert_eq!(reserved + bare.per_rank_bytes, 2000 << 20);
    assert_eq!(given.per_rank_bytes, 2000 << 20);
    assert!(given.warnings.is_empty(), "{:?}", given.warnings);
    // One block is one allocation: no allocator slack on the arrays inside it.
    let slack =
        est("mode=sim&code=gadget&particles=1000000&pm_grid=128&ranks=4&nodes=1&max_mem_size=2000");
    assert_eq!(part(&slack, PartId::Overhead).unwrap_or(0), 0);
    assert!(
        part(
            &est("mode=sim&code=gadget&particles=1000000&pm_grid=128&ranks=4&nodes=1"),
            PartId::Overhead
        )
        .unwrap_or(0)
            > 0
    );
    // Arrays beyond what is given: GADGET-4 stops; the estimate keeps the arrays and says so.
    let short = est(&format!("{q}&max_mem_size=10"));
    assert_eq!(part(&short, PartId::Reserved), None);
    assert_eq!(short.per_rank_bytes, bare.per_rank_bytes);
    let text: Vec<String> = short
        .warnings
        .iter()
        .map(memcalc_core::explain::warnings::warning)
        .collect();
    assert!(
        text.iter().any(|w| w.contains("MaxMemSize = 10 MiB")),
        "{text:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn amr_memory_per_rank_never_rises_with_ranks_and_never_falls_with_refinement(
        base in 8u64..200, levels in 0u64..4, fill in 0u64..2500, block in 4u64..64,
        halo in 0u64..5, ranks in 1u64..2000, ghost in any::<bool>(),
    ) {
        let q = |ranks: u64, fill: u64| format!(
            "{BARE}&method=amr&nx={base}&ny={base}&nz={base}&amr_levels={levels}&fill={}&block_size={block}&halo={halo}&ghost_state={}&ranks={ranks}",
            fill as f64 / 100.0, if ghost { "on" } else { "off" });
        let e = est(&q(ranks, fill));
        prop_assert!(est(&q(ranks + 1, fill)).per_rank_bytes <= e.per_rank_bytes);
        prop_assert!(est(&q(ranks, fill + 100)).per_rank_bytes >= e.per_rank_bytes);
        // The whole run never shrinks as ranks are added (each holds the replicated metadata).
        prop_assert!(est(&q(ranks + 1, fill)).cluster_bytes >= e.cluster_bytes);
    }

    #[test]
    fn smaller_blocks_pay_a_larger_ghost_share(block in 4u64..64, halo in 1u64..5) {
        let q = |b: u64| est(&format!("{BARE}&method=amr&nx=128&ny=128&nz=128&amr_levels=0&block_size={b}&halo={halo}&ranks=1"));
        let share = |e: &Estimate| expect_part(e, PartId::Halo) as f64 / expect_part(e, PartId::State) as f64;
        let (small, large) = (q(block), q(block * 2));
        prop_assert!(share(&small) > share(&large));
        let exact = (((block + 2 * halo) as f64).powi(3) - (block as f64).powi(3)) / (block as f64).powi(3);
        prop_assert!((share(&small) - exact).abs() < 1e-6);
    }

    #[test]
    fn nbody_memory_per_task_never_rises_with_tasks(
        particles in 1000u64..100_000_000, pm in 0u64..600, ranks in 1u64..1024, g4 in any::<bool>(),
    ) {
        let code = if g4 { "gadget" } else { "gadget2" };
        let q = |r: u64| est(&format!("{BARE}&code={code}&particles={particles}&pm_grid={pm}&ranks={r}"));
        let (a, b) = (q(ranks), q(ranks + 1));
        prop_assert!(b.per_rank_bytes <= a.per_rank_bytes);
        prop_assert!(b.cluster_bytes >= a.cluster_bytes);
        // Particle storage is the struct times the allocation factor's share.
        let factor: f64 = if g4 { 110.0 } else { 150.0 };
        let slots = (factor / 100.0 * (particles as f64 / ranks as f64)).floor().max(1.0) as u64;
        // One node: the component is the task's bytes times the tasks on it.
        prop_assert_eq!(expect_part(&a, PartId::Particles), (if g4 { 108 } else { 80 }) * slots * ranks);
    }
}

#[test]
fn fixes_and_answers_speak_of_blocks_and_maxmemsize() {
    let amr = scenario(&format!(
        "{BARE}&code=athenapp&nx=128&ny=128&nz=128&ranks=64"
    ));
    let savings = memcalc_core::analysis::derived::savings(&amr);
    assert!(
        savings.iter().any(|s| s.label.contains("Blocks of 32")),
        "{:?}",
        savings.iter().map(|s| &s.label).collect::<Vec<_>>()
    );
    let e = estimate(&amr);
    let faq =
        memcalc_core::explain::faq::faq(&amr, &e, memcalc_core::base::units::UnitSystem::Binary);
    assert!(faq.iter().any(|a| a.id == "amr"));
    let nb = scenario(&format!("{BARE}&code=gadget2&particles=10M&ranks=64"));
    let savings = memcalc_core::analysis::derived::savings(&nb);
    assert!(savings
        .iter()
        .any(|s| s.label.contains("allocation factor 1.1")));
    let e = estimate(&nb);
    let faq =
        memcalc_core::explain::faq::faq(&nb, &e, memcalc_core::base::units::UnitSystem::Binary);
    assert!(faq
        .iter()
        .any(|a| a.id == "maxmemsize" && a.answer.contains("MaxMemSize")));
}
