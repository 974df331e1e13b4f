//! Hand-computed cases for each simulation method, and the derived answers.

mod common;

use common::{est, expect_part, part, scenario};
use memcalc_core::analysis::sim_nodes::{adjoint_fit, fewest_nodes, scaling};
use memcalc_core::explain::parts;
use memcalc_core::model::sim::domain::{revolve_repetitions, split};
use memcalc_core::PartId;
use memcalc_core::{estimate, Choice, Inputs, Location, Scenario};

const ONE: &str = "mode=sim&ranks=1&nodes=1&rank_overhead=0&overhead=0";

#[test]
fn simulations_default_to_fp64() {
    let s = scenario("mode=sim");
    assert_eq!(s.dtype.bytes(), 8);
    assert_eq!(s.to_query(), "v=7&mode=sim");
}

#[test]
fn grid_state_work_and_halo_by_hand() {
    let e = est(&format!(
        "{ONE}&method=grid&nx=100&ny=100&nz=100&fields=5&levels=2&work=3&halo=2"
    ));
    assert_eq!(expect_part(&e, PartId::State), 5 * 2 * 1_000_000 * 8);
    // 104³ − 100³ = 124,864 ghost cells; exchange buffers: 2 × 5 fields × 2·2·3·100² cells × 8 B.
    assert_eq!(
        expect_part(&e, PartId::Halo),
        5 * 2 * 124_864 * 8 + 2 * 5 * 120_000 * 8
    );
    assert_eq!(expect_part(&e, PartId::Work), 3 * (1_000_000 + 124_864) * 8);
    assert_eq!(
        e.per_device_bytes,
        e.components
            .iter()
            .filter(|c| c.location == Location::Device)
            .map(|c| c.bytes)
            .sum::<u64>()
    );
}

#[test]
fn two_dimensional_grids_have_no_z_halo() {
    let e = est(&format!(
        "{ONE}&method=grid&nx=1000&ny=1000&nz=1&fields=1&levels=1&work=0&halo=1"
    ));
    assert_eq!(
        expect_part(&e, PartId::Halo),
        (1002 * 1002 - 1_000_000) * 8 + 2 * 2 * 2000 * 8
    );
}

#[test]
fn ghost_share_rises_with_ranks_while_memory_per_rank_falls() {
    let q = "mode=sim&method=grid&nx=512&ny=512&nz=512&nodes=1&rank_overhead=0&overhead=0";
    let share = |ranks: u32| {
        let e = est(&format!("{q}&ranks={ranks}"));
        (
            expect_part(&e, PartId::Halo) as f64 / expect_part(&e, PartId::State) as f64,
            e.per_rank_bytes,
        )
    };
    let (s8, r8) = share(8);
    let (s512, r512) = share(512);
    assert!(
        s512 > 4.0 * s8,
        "ghost share 8 ranks {s8:.3}, 512 ranks {s512:.3}"
    );
    assert!(r512 < r8 / 32, "memory per rank falls, but slower than 1/N");
    assert!(r512 > r8 / 64);
}

#[test]
fn processor_grid_is_near_cubic() {
    assert_eq!(split(64, 1.0, 1.0, 1.0, false), (4, 4, 4));
    assert_eq!(split(8, 8.0, 1.0, 1.0, false), (8, 1, 1));
    assert_eq!(split(4, 1.0, 1.0, 1.0, false), (1, 2, 2));
    assert_eq!(split(12, 1.0, 1.0, 1.0, true).2, 1);
}

#[test]
fn neighbour_lists_dominate_molecular_dynamics() {
    let e = est(&format!(
        "{ONE}&method=particles&particles=1M&density=0.8442&cutoff=2.5&skin=0.3"
    ));
    assert!(
        expect_part(&e, PartId::NeighborLists) > expect_part(&e, PartId::State),
        "lists outweigh the particle state"
    );
    // Full lists (no Newton's third law) double the pairs.
    let full = est(&format!(
        "{ONE}&method=particles&particles=1M&density=0.8442&cutoff=2.5&skin=0.3&newton=off"
    ));
    assert!(
        expect_part(&full, PartId::NeighborLists) > expect_part(&e, PartId::NeighborLists) * 3 / 2
    );
}

#[test]
fn long_range_mesh_adds_its_bricks() {
    let e = est(&format!("{ONE}&method=particles&particles=32000&density=0.1&cutoff=10&skin=2&atom_style=full&long_range=pme&kspace_grid=262144"));
    assert_eq!(
        expect_part(&e, PartId::LongRange),
        262_144 * 48 + 262_144 * 32
    );
    // LAMMPS's PPPM (pppm.cpp): 3 ints per allocated atom (81,920 = 5 chunks of 16,384 for
    // 32,000 local + ~46,800 ghost atoms), four 69³ bricks (64 + stencil order 5) and 12
    // doubles per FFT point.
    let e = est(&format!("{ONE}&method=particles&particles=32000&density=0.1&cutoff=10&skin=2&atom_style=full&long_range=pppm&kspace_grid=262144"));
    let expected = 12 * 81_920 + 4 * 8 * 69 * 69 * 69 + 96 * 262_144;
    assert!(
        expect_part(&e, PartId::LongRange).abs_diff(expected) <= 64,
        "{}",
        expect_part(&e, PartId::LongRange)
    );
}

#[test]
fn molecular_topology_sizes_every_atom() {
    // The rhodopsin maxima: 4 bonds, 8 angles, 18 dihedrals, 2 impropers, 26 special
    // neighbours: 88 + 8 (q) + 4 + 4 + 32 + 4 + 128 + 4 + 360 + 4 + 40 + 12 + 104 = 792 B.
    let q = "method=particles&particles=32000&density=0.1&cutoff=10&skin=2&atom_style=full&max_bonds=4&max_angles=8&max_dihedrals=18&max_impropers=2&max_special=26";
    let e = est(&format!("{ONE}&{q}"));
    assert_eq!(expect_part(&e, PartId::State), 32_000 * 792);
    // Without maxima, `full` keeps its typical 300 B per atom.
    let legacy = est(&format!(
        "{ONE}&method=particles&particles=32000&density=0.1&cutoff=10&skin=2&atom_style=full"
    ));
    assert_eq!(expect_part(&legacy, PartId::State), 32_000 * 300);
    // SHAKE adds 56 B per allocated atom.
    let shake = est(&format!("{ONE}&{q}&shake=on"));
    assert_eq!(expect_part(&shake, PartId::Constraints), 81_920 * 56);
}

#[test]
fn many_body_potentials_use_full_lists() {
    let q = "method=particles&particles=100000&density=0.05&cutoff=3.2&skin=1";
    let pair = est(&format!("{ONE}&{q}"));
    let tersoff = est(&format!("{ONE}&{q}&potential=tersoff"));
    let ratio = expect_part(&tersoff, PartId::NeighborLists) as f64
        / expect_part(&pair, PartId::NeighborLists) as f64;
    assert!(ratio > 1.3, "full lists hold every pair twice: {ratio}");
    // REBO adds 28 B per allocated atom and its own short list.
    let rebo = est(&format!("{ONE}&{q}&potential=rebo"));
    assert!(expect_part(&rebo, PartId::Potential) > 28 * 100_000);
}

#[test]
fn lammps_atom_map_switches_to_a_hash_above_a_million_ids() {
    // 10M atoms on 512 ranks: the array map costs 40 MB on every rank; the hash a few MB.
    let q = "method=particles&particles=10M&density=0.8442&cutoff=2.5&skin=0.3&ranks=512&nodes=8&overhead=0&rank_overhead=0";
    let array = est(&format!("mode=sim&{q}"));
    let auto = est(&format!("mode=sim&{q}&atom_map=auto"));
    assert!(expect_part(&array, PartId::Work) > 40_000_000);
    assert!(expect_part(&auto, PartId::Work) * 8 < expect_part(&array, PartId::Work));
    // Weak scaling with the hash stays flat (within the ghost share), unlike the array.
    let s = memcalc_core::Inputs::from_query(&format!("mode=sim&{q}&atom_map=auto"))
        .0
        .parse()
        .unwrap();
    let one = memcalc_core::analysis::sim_nodes::scaling_at(&s, true, 8);
    let many = memcalc_core::analysis::sim_nodes::scaling_at(&s, true, 64);
    assert!((many as f64 / one as f64) < 1.02, "{one} → {many}");
}

#[test]
fn lattice_boltzmann_bytes_per_cell() {
    let q = format!("{ONE}&method=lbm&nx=100&ny=100&nz=100&lattice=d3q19");
    let per_cell = |extra: &str| {
        let e = est(&format!("{q}&{extra}"));
        (expect_part(&e, PartId::Lattice) + expect_part(&e, PartId::State)) / 1_000_000
    };
    assert_eq!(per_cell("dtype=fp32&streaming=inplace"), 93);
    assert_eq!(per_cell("dtype=fp32&lbm_dtype=fp16&streaming=inplace"), 55);
    assert_eq!(per_cell("dtype=fp64&streaming=two"), 19 * 8 * 2 + 33);
    let d2q9 = est(&format!(
        "{ONE}&method=lbm&nx=1000&ny=1000&nz=1&lattice=d2q9&dtype=fp32&streaming=two"
    ));
    assert_eq!(expect_part(&d2q9, PartId::Lattice), 9 * 4 * 2 * 1_000_000);
}

#[test]
fn mesh_matrix_solver_and_preconditioner_by_hand() {
    let e = est(&format!(
        "{ONE}&method=mesh&cells=1M&element=hex8&dofs=4&levels=1&krylov=30&precond=ilu0"
    ));
    let rows = 4_000_000u64;
    let nnz = rows * 27 * 4;
    let matrix = nnz * 12 + (rows + 1) * 4;
    assert_eq!(expect_part(&e, PartId::Matrix), matrix);
    assert_eq!(expect_part(&e, PartId::Solver), 34 * rows * 8 + matrix);
    assert_eq!(expect_part(&e, PartId::State), rows * 8);
    let amg = est(&format!(
        "{ONE}&method=mesh&cells=1M&element=hex8&dofs=4&levels=1&krylov=30&precond=amg"
    ));
    assert!(expect_part(&amg, PartId::Solver) < expect_part(&e, PartId::Solver));
}

#[test]
fn spectral_fields_and_padded_transforms() {
    let e = est(&format!(
        "{ONE}&method=spectral&nx=256&ny=256&nz=256&fields=3&levels=2&work=0&dealias=on"
    ));
    let n = 256u64 * 256 * 256;
    // Physical (8 B) + half-spectrum (129/256 of the points, 16 B) per field and level.
    let per_point = 8.0 + 129.0 / 256.0 * 16.0;
    assert_eq!(
        expect_part(&e, PartId::State),
        (3.0 * 2.0 * per_point * n as f64).ceil() as u64
    );
    assert_eq!(expect_part(&e, PartId::Fft), 3 * n * 27 / 8 * 16);
}

#[test]
fn history_output_checkpoint_and_adjoint() {
    let base = format!("{ONE}&method=grid&nx=100&ny=100&nz=100&fields=5&levels=2&work=0&halo=0");
    let snap = 5 * 1_000_000 * 8u64;
    let e = est(&format!(
        "{base}&steps=1000&output_every=100&snapshots=3&compression=2&checkpoint_every=500"
    ));
    assert_eq!(expect_part(&e, PartId::History), 3 * snap / 2);
    assert_eq!(expect_part(&e, PartId::OutputBuffers), snap / 2);
    assert_eq!(expect_part(&e, PartId::OutputTotal), 10 * snap / 2);
    assert_eq!(
        e.component(PartId::OutputTotal).unwrap().location,
        Location::Disk
    );
    // Two restart files kept, each of both time levels.
    assert_eq!(expect_part(&e, PartId::Checkpoint), 2 * 2 * snap);
    assert_eq!(e.disk_bytes, 10 * snap / 2 + 2 * 2 * snap);
    // Storing every step grows with the steps; binomial checkpointing keeps a fixed number.
    let all = est(&format!("{base}&steps=1000&adjoint=store_all"));
    assert_eq!(expect_part(&all, PartId::History), 1000 * snap);
    let ck = est(&format!(
        "{base}&steps=1000&adjoint=checkpoint&adjoint_snapshots=10"
    ));
    assert_eq!(expect_part(&ck, PartId::History), 10 * snap);
    assert!(parts::explanation(ck.component(PartId::History).unwrap()).contains("4 extra times"));
}

#[test]
fn revolve_repetitions_follow_the_binomial_bound() {
    // C(s + t, t) ≥ n: 10 snapshots cover 1000 steps with 4 extra sweeps (C(14, 4) = 1001).
    assert_eq!(revolve_repetitions(10, 1000), Some(4));
    assert_eq!(revolve_repetitions(1000, 1000), Some(1));
    assert_eq!(revolve_repetitions(1, 5), Some(4));
    assert_eq!(revolve_repetitions(0, 5), None);
}

#[test]
fn adjoint_fit_finds_the_most_snapshots_that_fit() {
    let s = scenario(&format!("{ONE}&method=grid&nx=100&ny=100&nz=100&node_mem=2&steps=10000&adjoint=checkpoint&adjoint_snapshots=10"));
    let (k, t) = adjoint_fit(&s).unwrap();
    let with = |k: u64| {
        estimate(&Scenario {
            sim: memcalc_core::scenario::sim::Sim {
                adjoint_snapshots: k,
                ..s.sim
            },
            ..s
        })
        .fits_device()
    };
    assert!(with(k) && !with(k + 1));
    assert_eq!(t, revolve_repetitions(k, 10_000));
}

#[test]
fn fewest_nodes_and_scaling_series() {
    let s = scenario("mode=sim&method=grid&nx=2048&ny=2048&nz=2048&ranks=64&nodes=1&node_mem=256");
    let n = fewest_nodes(&s).unwrap();
    let with = |nodes: u64| {
        estimate(&Scenario {
            sim: memcalc_core::scenario::sim::Sim {
                nodes,
                ranks: 64 * nodes,
                ..s.sim
            },
            ..s
        })
        .fits_device()
    };
    assert!(with(n) && (n == 1 || !with(n - 1)), "fewest nodes {n}");
    let strong = scaling(&s, false, 64);
    assert!(
        strong.windows(2).all(|w| w[1].1 < w[0].1),
        "strong scaling lowers memory per node"
    );
    let weak = scaling(&s, true, 64);
    let (first, last) = (weak[0].1 as f64, weak.last().unwrap().1 as f64);
    assert!(
        (last / first - 1.0).abs() < 0.2,
        "weak scaling keeps memory per node about flat: {first} → {last}"
    );
}

#[test]
fn gpu_resident_codes_are_checked_per_gpu() {
    let e = est("mode=sim&method=lbm&nx=512&ny=512&nz=512&dtype=fp32&streaming=inplace&sim_device=gpu&ranks=4&nodes=1&gpu=a100-40");
    assert_eq!(e.capacity_bytes, 40_960 << 20);
    assert_eq!(e.per_device_bytes, e.per_rank_bytes);
    assert!(parts::label(e.component(PartId::Runtime).unwrap()).contains("CUDA"));
}

#[test]
fn limits_are_stated_for_simulations() {
    let (i, _) = Inputs::from_query("mode=sim&nx=1e6&ny=1e6&nz=10");
    assert!(i
        .parse()
        .unwrap_err()
        .iter()
        .any(|e| e.message.contains("10^12 cells")));
    let (i, _) = Inputs::from_query("mode=sim&ranks=2&nodes=3");
    assert!(i
        .parse()
        .unwrap_err()
        .iter()
        .any(|e| e.message.contains("nodes cannot exceed ranks")));
}

#[test]
fn every_preset_is_a_valid_link() {
    use memcalc_core::schema::presets::PRESETS;
    for p in PRESETS {
        let (i, n) = Inputs::from_query(p.query);
        assert!(n.is_empty(), "{}: {n:?}", p.id);
        let s = i.parse().unwrap_or_else(|e| panic!("{}: {e:?}", p.id));
        assert!(estimate(&s).per_device_bytes > 0, "{}", p.id);
        assert!(!p.source.is_empty());
    }
    let methods: std::collections::HashSet<_> = PRESETS
        .iter()
        .filter(|p| p.query.contains("mode=sim"))
        .map(|p| scenario(p.query).sim.method)
        .collect();
    assert_eq!(
        methods.len(),
        memcalc_core::scenario::sim::Method::ALL.len(),
        "a preset for every simulation method"
    );
}

#[test]
fn scientific_ml_parameter_counts_by_hand() {
    // PINN 3 → 64 × 4 → 1: Linear(3,64) + 3 × Linear(64,64) + Linear(64,1).
    let s = scenario("model=pinn&in_channels=3&out_channels=1&width=64&depth=4");
    assert_eq!(
        s.param_count(),
        (3 * 64 + 64) + 3 * (64 * 64 + 64) + (64 + 1)
    );
    // FNO 2D, width 32, 12 modes, 4 layers: 2 corners × 32² × 12² complex (2 reals) per layer.
    let s = scenario(
        "model=fno&in_channels=10&out_channels=1&width=32&depth=4&fourier_modes=12&spatial_dims=2",
    );
    let spectral = 2 * 32 * 32 * 144 * 2;
    let expect = (12 * 32 + 32) + 4 * (spectral + 32 * 32 + 32) + (32 * 128 + 128) + (128 + 1);
    assert_eq!(s.param_count(), expect);
}

#[test]
fn scientific_ml_activations_follow_their_own_models() {
    // PINN: points × width × depth × 2 × (1 + inputs × derivative order) values, FP32.
    let e = est("mode=train&model=pinn&in_channels=3&out_channels=1&width=64&depth=4&collocation=10K&deriv_order=2&dtype=fp32&batch=1");
    assert_eq!(
        expect_part(&e, PartId::Activations),
        10_000 * 64 * 4 * 2 * 7 * 4
    );
    assert!(e.component(PartId::KvCache).is_none() && e.component(PartId::Logits).is_none());
    assert!(e
        .warnings
        .iter()
        .map(memcalc_core::explain::warnings::warning)
        .all(|w| !w.contains("No architecture")));
    // Batch scales them; states follow the parameter count.
    let e2 = est("mode=train&model=pinn&in_channels=3&out_channels=1&width=64&depth=4&collocation=10K&deriv_order=2&dtype=fp32&batch=2");
    assert_eq!(
        expect_part(&e2, PartId::Activations),
        2 * expect_part(&e, PartId::Activations)
    );
    assert_eq!(expect_part(&e, PartId::Optimizer), 12_801 * 8);
    // U-Net feature maps shrink with each level.
    let u = est("mode=train&model=unet&in_channels=1&out_channels=1&base_channels=32&depth=2&spatial_dims=2&grid_points=1024&dtype=fp32");
    assert_eq!(
        expect_part(&u, PartId::Activations),
        (1024 * 32 * 8 + 256 * 64 * 8) * 4
    );
}

#[test]
fn plane_waves_follow_pw_x_memory_report() {
    // Quantum ESPRESSO's own terms for a hand-checkable case: 1 rank, Γ excluded, Si-like cell.
    let q = "method=planewave&ecutwfc=40&ecutrho=160&cell_volume=1330.204&bands=6&kpoints=32&atoms=4&species=1&pseudopotential=paw&projectors=8&betas=2&lmax_beta=0&fft_grid=97200&forces=on&stress=on&ranks=16&pools=16&nodes=1";
    let e = est(&format!("mode=sim&rank_overhead=0&overhead=0&{q}"));
    // npwx = round(4π/3 · 40^1.5 · 1330.204 / (2π)³) = 5,683; 2 k-points per pool + 1 buffer.
    assert_eq!(e.per_rank_bytes >> 10, 34_973, "pw.x printed 34.13 MB");
    let per = |e: &memcalc_core::Estimate, id: PartId| expect_part(e, id) / 16;
    assert_eq!(per(&e, PartId::Wavefunctions), 16 * 6 * 5_683 * 3);
    // Keeping one k-point's wavefunctions (disk_io='high') drops the buffers.
    let disk = est(&format!(
        "mode=sim&rank_overhead=0&overhead=0&{q}&wfc_disk=on"
    ));
    assert_eq!(per(&disk, PartId::Wavefunctions), 16 * 6 * 5_683);
    // One pool of 16 ranks splits plane waves and the FFT grid instead of the k-points.
    let one_pool =
        est(&format!("mode=sim&rank_overhead=0&overhead=0&{q}").replace("pools=16", "pools=1"));
    assert!(one_pool.per_rank_bytes < e.per_rank_bytes / 4);
}

#[test]
fn segregated_and_explicit_mesh_solvers_drop_the_block_matrix() {
    let q = "method=mesh&cells=1M&element=fv&dofs=5&krylov=0";
    let none = "precond=none";
    let coupled = est(&format!("{ONE}&{q}&{none}"));
    let segregated = est(&format!("{ONE}&{q}&{none}&solver=segregated"));
    let explicit = est(&format!("{ONE}&{q}&{none}&solver=explicit"));
    // One scalar matrix instead of a 5 × 5 block one: 25 × fewer nonzeros.
    let (c, s) = (
        expect_part(&coupled, PartId::Matrix),
        expect_part(&segregated, PartId::Matrix),
    );
    assert!(c / s >= 24 && c / s <= 25, "{c} vs {s}");
    assert_eq!(expect_part(&explicit, PartId::Matrix), 0);
    assert_eq!(expect_part(&explicit, PartId::Solver), 0);
    assert_eq!(
        expect_part(&explicit, PartId::State),
        expect_part(&coupled, PartId::State)
    );
    // 64-bit indices widen every column index and connectivity entry.
    let wide = est(&format!("{ONE}&{q}&{none}&index_bytes=8"));
    assert!(expect_part(&wide, PartId::Matrix) > expect_part(&coupled, PartId::Matrix));
    assert!(expect_part(&wide, PartId::Mesh) > expect_part(&coupled, PartId::Mesh));
    // Geometric multigrid stores far less than algebraic multigrid.
    let amg = est(&format!("{ONE}&{q}&precond=amg"));
    let gmg = est(&format!("{ONE}&{q}&precond=gmg"));
    assert!(expect_part(&gmg, PartId::Solver) * 3 < expect_part(&amg, PartId::Solver));
}

#[test]
fn a_code_profile_sets_visible_settings_that_stay_editable() {
    let s = scenario("mode=sim&code=openfoam&cells=1M");
    assert_eq!(s.sim.method, memcalc_core::scenario::sim::Method::Mesh);
    assert_eq!(
        s.sim.solver,
        memcalc_core::scenario::sim::Solver::Segregated
    );
    // An explicit value after the profile wins, and the link keeps it.
    let s = scenario("mode=sim&code=openfoam&cells=1M&solver=coupled");
    assert_eq!(s.sim.solver, memcalc_core::scenario::sim::Solver::Coupled);
    let link = s.to_query();
    assert!(
        link.contains("code=openfoam") && link.contains("solver=coupled"),
        "{link}"
    );
    assert_eq!(scenario(&link), s);
    // A setting put back to the generic default is still written, since the profile differs.
    let s = scenario("mode=sim&code=lammps&particles=2M&atom_map=array");
    let link = s.to_query();
    assert!(link.contains("atom_map=array"), "{link}");
    assert_eq!(scenario(&link), s);
    // Changing the code in the form moves the profile's settings.
    let mut i = Inputs::from_query("mode=sim").0;
    i.change(
        memcalc_core::schema::fields::FieldId::Code,
        "quantum_espresso".into(),
    );
    assert_eq!(
        i.get(memcalc_core::schema::fields::FieldId::Method),
        "planewave"
    );
    // Every preset of a code parses and names its code.
    for p in memcalc_core::schema::presets::PRESETS
        .iter()
        .filter(|p| p.query.contains("code="))
    {
        let s = scenario(p.query);
        assert_ne!(
            s.sim.code,
            memcalc_core::catalog::codes::Code::Generic,
            "{}",
            p.id
        );
        assert!(estimate(&s).per_device_bytes > 0, "{}", p.id);
    }
}

#[test]
fn gpu_runs_report_per_gpu_and_host_memory_per_node_apart() {
    let q = "mode=sim&method=lbm&nx=256&ny=256&nz=256&dtype=fp32&sim_device=gpu&ranks=8&nodes=2&overhead=0";
    let plain = est(q);
    let mirrored = est(&format!("{q}&host_mirror=on"));
    // The GPU's own total does not change; the host side grows by the arrays of 4 GPUs a node.
    assert_eq!(plain.per_device_bytes, mirrored.per_device_bytes);
    let arrays = expect_part(&mirrored, PartId::HostMirror);
    assert_eq!(
        mirrored.host_per_node_bytes - plain.host_per_node_bytes,
        4 * arrays
    );
    assert_eq!(plain.host_per_node_bytes, 4 * 100 * (1 << 20));
    assert!(mirrored.host_capacity_bytes.is_some());
    // One rank on one device: no ghost layer when the code wraps its boundaries in place.
    let one = "mode=sim&method=lbm&nx=128&ny=128&nz=128&sim_device=gpu&ranks=1&nodes=1";
    assert!(
        expect_part(&est(one), PartId::Halo) > 0,
        "today's default keeps the layer"
    );
    assert_eq!(
        expect_part(&est(&format!("{one}&halo_one_rank=off")), PartId::Halo),
        0
    );
}

#[test]
fn a_physics_page_speaks_of_ranks_nodes_and_gpus() {
    use memcalc_core::base::units::UnitSystem;
    for q in [
        "mode=sim&method=grid",
        "mode=sim&code=fluidx3d&nx=256&ny=256&nz=256",
        "mode=sim&code=quantum_espresso",
    ] {
        let s = scenario(q);
        let e = estimate(&s);
        let caption = memcalc_core::explain::wording::table_caption(&e);
        assert!(!caption.contains("device"), "{q}: {caption}");
        for a in memcalc_core::explain::faq::faq(&s, &e, UnitSystem::Binary) {
            for word in [
                "torch",
                "ZeRO",
                "optimizer state",
                "backward pass",
                "inference",
                "KV cache",
            ] {
                assert!(!a.answer.contains(word), "{q}: FAQ '{}' says {word}", a.id);
            }
        }
        let dtype = memcalc_core::schema::fields::field("dtype").unwrap();
        assert!(!memcalc_core::explain::wording::field_help(dtype, s.mode).contains("backward"));
    }
    let mode = memcalc_core::schema::fields::field("mode").unwrap();
    assert!(
        !memcalc_core::explain::wording::field_help(mode, memcalc_core::Mode::Sim)
            .contains("KV cache")
    );
    assert_eq!(
        memcalc_core::explain::wording::group_label(
            memcalc_core::schema::fields::Group::Training,
            memcalc_core::Mode::Sim
        ),
        "Precision"
    );
    let gpu_field = memcalc_core::schema::fields::field("gpu").unwrap();
    let shown = |q: &str| {
        let (inputs, _) = Inputs::from_query(q);
        memcalc_core::explain::wording::shown(
            gpu_field,
            memcalc_core::Mode::Sim,
            memcalc_core::explain::wording::Visibility::of(&inputs),
        )
    };
    assert!(!shown("mode=sim&method=grid"));
    assert!(shown("mode=sim&method=grid&sim_device=gpu"));
}

#[test]
fn replicated_data_does_not_shrink_with_more_ranks() {
    let q = "method=grid&nx=256&ny=256&nz=256&nodes=1&overhead=0&rank_overhead=0&replicated=500";
    let few = est(&format!("mode=sim&{q}&ranks=8"));
    let many = est(&format!("mode=sim&{q}&ranks=64"));
    assert_eq!(expect_part(&few, PartId::Replicated), 8 * 500 * (1 << 20));
    assert_eq!(expect_part(&many, PartId::Replicated), 64 * 500 * (1 << 20));
    assert!(many.per_device_bytes > few.per_device_bytes);
}

#[test]
fn a_python_rank_carries_its_interpreter_on_every_rank() {
    let base = "mode=sim&method=grid&nx=256&ny=256&nz=256&nodes=1&ranks=8&overhead=0";
    let native = est(base);
    let py = est(&format!("{base}&language=python_scipy"));
    // Not a component at all for a compiled code: today's links keep their numbers.
    assert!(native.component(PartId::Interpreter).is_none());
    assert_eq!(expect_part(&py, PartId::Interpreter), 8 * 60 * (1 << 20));
    assert_eq!(
        py.per_device_bytes - native.per_device_bytes,
        8 * 60 * (1 << 20)
    );
    let plain = est(&format!("{base}&language=python"));
    assert_eq!(expect_part(&plain, PartId::Interpreter), 8 * 25 * (1 << 20));
    // A GPU code's rank holds the interpreter in host memory, not on the GPU.
    let gpu = "mode=sim&method=lbm&nx=128&ny=128&nz=128&sim_device=gpu&ranks=1&nodes=1";
    let (g0, g1) = (est(gpu), est(&format!("{gpu}&language=python")));
    assert_eq!(g0.per_device_bytes, g1.per_device_bytes);
    assert_eq!(
        expect_part(&g1, PartId::HostProcess) - expect_part(&g0, PartId::HostProcess),
        25 << 20
    );
}

/// Everything a simulation page shows in words: the table's caption and note, every row, the
/// FAQ, the verdict, the savings offered, and every form control shown in simulation mode
/// (label, help, options, group heading). None may speak of neural networks.
#[test]
fn no_machine_learning_word_on_a_simulation_page() {
    use memcalc_core::base::units::UnitSystem;
    use memcalc_core::explain::wording;
    use memcalc_core::schema::fields::FIELDS;
    const ML: &[&str] = &[
        "torch",
        "zero-offload",
        "zero-3",
        "zero stage",
        "fsdp",
        "optimizer",
        "activation",
        "backward",
        "forward pass",
        "kv cache",
        "token",
        "fine-tun",
        "lora",
        "micro-batch",
        "gradient accumulation",
        "per device",
        "tensor parallel",
        "inference",
        "training",
        "quantiz",
        "pruning",
        "dataset",
        "llm",
        "transformer",
    ];
    let mut queries: Vec<String> = memcalc_core::schema::presets::PRESETS
        .iter()
        .filter(|p| p.query.contains("mode=sim"))
        .map(|p| p.query.to_string())
        .collect();
    for c in memcalc_core::catalog::codes::Code::ALL {
        queries.push(format!("mode=sim&code={}", c.id()));
    }
    for m in memcalc_core::scenario::sim::Method::ALL {
        queries.push(format!(
            "mode=sim&method={}&checkpoint_every=100&output_every=10&snapshots=2&language=python",
            m.id()
        ));
        queries.push(format!("mode=sim&method={}&sim_device=gpu&ranks=4&nodes=1&host_mirror=on&measured=10GiB&measured_kind=nvidia_smi", m.id()));
    }
    assert!(queries.len() >= 20);
    let mut found = std::collections::BTreeSet::new();
    for q in &queries {
        let s = scenario(q);
        let e = estimate(&s);
        let mut text: Vec<String> = vec![
            wording::table_caption(&e),
            wording::total_note(&e).into(),
            memcalc_core::report::verdict(&e, UnitSystem::Binary),
            memcalc_core::report::to_markdown(&e, UnitSystem::Binary, None),
        ];
        // The Markdown export says where each row is as the run has it, not "device".
        let md = memcalc_core::report::to_markdown(&e, UnitSystem::Binary, None);
        assert!(!md.contains("| device |"), "{q}: {md}");
        text.extend(
            e.warnings
                .iter()
                .map(memcalc_core::explain::warnings::warning),
        );
        for c in &e.components {
            text.extend([
                parts::label(c).to_string(),
                parts::formula(c),
                parts::question(c).to_string(),
                parts::explanation(c),
                parts::source(c).to_string(),
            ]);
        }
        for a in memcalc_core::explain::faq::faq(&s, &e, UnitSystem::Binary) {
            text.extend([a.question.to_string(), a.answer]);
        }
        for sv in memcalc_core::analysis::derived::savings(&s) {
            text.push(sv.label);
        }
        let inputs = memcalc_core::Inputs::from_scenario(&s);
        let visible = wording::Visibility::of(&inputs);
        for f in FIELDS.iter().filter(|f| {
            f.applies_to(s.mode, s.sim.method, s.sciml.model) && wording::shown(f, s.mode, visible)
        }) {
            text.extend([
                wording::field_label(f, s.mode).to_string(),
                wording::field_help(f, s.mode).to_string(),
            ]);
            text.push(wording::group_label(f.group, s.mode).into());
            // The mode picker lists every mode by name; its options are not simulation text.
            if f.key != "mode" {
                for (_, label) in wording::options(f.id, s.mode, visible, inputs.get(f.id)) {
                    text.push(label.into());
                }
            }
        }
        for t in &text {
            let lower = t.to_lowercase();
            for w in ML {
                if lower.contains(w) {
                    found.insert(format!("'{w}' in: {t}"));
                }
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn reaxff_sizes_its_bond_list_for_every_local_and_ghost_atom() {
    let q = "mode=sim&method=particles&particles=32480&atom_style=charge&potential=reaxff&density=0.092095&cutoff=10&skin=2&rank_overhead=0&overhead=0&nodes=1&ranks=1";
    let e = est(q);
    let reax = expect_part(&e, PartId::Potential);
    // Up to 12 bond partners every atom gets the 25-slot floor; 13 gives 26 slots each.
    assert_eq!(
        reax,
        expect_part(&est(&format!("{q}&reaxff_bonds=12")), PartId::Potential)
    );
    let more = expect_part(&est(&format!("{q}&reaxff_bonds=13")), PartId::Potential);
    assert!(more > reax);
    // The slots: N atoms × 25 × 1.2 at 464 B (pair reaxff) or 568 B (reax/c).
    let old = expect_part(
        &est(&format!("{q}&reaxff_version=reaxc")),
        PartId::Potential,
    );
    let n_all = (more - reax) as f64 / (1.2 * 464.0);
    assert!((75_000.0..80_000.0).contains(&n_all), "{n_all}");
    assert!(old > reax + (n_all * 30.0 * 104.0) as u64);
    // A larger safezone grows every list; QEq off drops its matrix.
    assert!(expect_part(&est(&format!("{q}&safezone=1.5")), PartId::Potential) > reax);
    assert!(part(&e, PartId::Qeq).is_some());
    assert!(est(&format!("{q}&qeq=off"))
        .component(PartId::Qeq)
        .is_none());
    // An order of magnitude above the same atoms with a pair potential.
    let pair = est(&q.replace("potential=reaxff", "potential=pair"));
    assert!(e.per_rank_bytes > 10 * pair.per_rank_bytes);
    // mincap floors a tiny rank's lists: 25 × mincap bond slots at least.
    let tiny = est("mode=sim&method=particles&particles=20&atom_style=charge&potential=reaxff&density=0.1&cutoff=10&skin=2&ranks=1&nodes=1&mincap=400");
    assert!(expect_part(&tiny, PartId::Potential) >= 400 * 25 * 464);
}

#[test]
fn sparc_arrays_follow_its_estimate_memory() {
    // SPARC's Al16Si16_NPTNH_restart reference: FD_GRID 43³, 76 states at Γ, 48 processes in
    // 6 band groups (so 8 domain processes); it prints 349.47 MB in total.
    let q = "mode=sim&code=sparc&fft_grid=79507&bands=76&kpoints=1&gamma_only=on&band_groups=6&ranks=48&nodes=1&rank_overhead=0&overhead=0";
    let e = est(q);
    let nd = 79_507.0_f64;
    let orbitals = nd * 76.0 * (5.5 + 1.0) * 8.0;
    let vectors = (6.0 + 4.0 + 14.0 + 3.0 + 1.0) * nd * 8.0;
    let matrices = 3.0 * 8.0 * 76.0 * 76.0 * 8.0;
    let total = (orbitals + vectors + matrices) * 1.1;
    assert!(
        (e.per_rank_bytes as f64 - total / 48.0).abs() < 8.0,
        "{}",
        e.per_rank_bytes
    );
    assert!((total / 1048576.0 - 349.47).abs() < 0.005);
    // Without band groups the orbitals keep 2.5 working copies, not 5.5.
    let one = est(&q.replace("band_groups=6", "band_groups=1"));
    let ratio = expect_part(&one, PartId::Wavefunctions) as f64
        / expect_part(&e, PartId::Wavefunctions) as f64;
    assert!((ratio - 3.5 / 6.5).abs() < 1e-6, "{ratio}");
    // Spin doubles the grid vectors' spin terms: 6 + 8 + 28 + 9 + 1 = 52 vectors instead of 28.
    let spin = est(&format!("{q}&spin=collinear"));
    let r = expect_part(&spin, PartId::State) as f64 / expect_part(&e, PartId::State) as f64;
    assert!((r - 52.0 / 28.0).abs() < 1e-6, "{r}");
}

#[test]
fn abinit_arrays_follow_its_memory_chains() {
    // ABINIT's test v1/t01 (9.3.1, prtvol 10) prints every chain; the main chain with fourwf
    // is the largest: 2.368 Mbytes, of which 0.969 is the residue for smeared occupations.
    let q = "mode=sim&code=abinit&ecutwfc=20&cell_volume=109.744&bands=4&kpoints=2&atoms=1&species=1&betas=3&lmax_beta=1&fft_grid=4096&xc=lda&smearing=on&symmetries=24&ranks=1&nodes=1&rank_overhead=0&overhead=0";
    let e = est(q);
    assert_eq!(expect_part(&e, PartId::Work), (991 + 1) * 1024);
    // 34 blocks of 4,096 grid points in doubles and 2 in integers (irrzon) on the largest chain.
    assert_eq!(expect_part(&e, PartId::State), 34 * 4096 * 8 + 2 * 4096 * 4);
    // cg: 2 × 4 bands × 2 k-points × mpw doubles.
    let mpw = (4.0 * std::f64::consts::PI / 3.0 * 20f64.powf(1.5) * 109.744
        / (8.0 * std::f64::consts::PI.powi(3)))
    .round();
    assert_eq!(
        expect_part(&e, PartId::Wavefunctions),
        (16.0 * mpw * 8.0) as u64
    );
    assert!((e.per_rank_bytes as f64 / 1048576.0 - 2.368).abs() < 0.01);
    // k-points are split over processes: 455 k-points on 8 processes keep 57 each.
    let al = "mode=sim&code=abinit&ecutwfc=142.882&cell_volume=108.379&bands=6&kpoints=455&atoms=1&species=1&betas=4&lmax_beta=3&fft_grid=91125&xc=gga&smearing=on&symmetries=48&rank_overhead=0&overhead=0";
    // One rank per node, so that each row is one process's arrays.
    let one = est(&format!("{al}&ranks=1&nodes=1"));
    let eight = est(&format!("{al}&ranks=8&nodes=8"));
    let r = expect_part(&one, PartId::Wavefunctions) as f64
        / expect_part(&eight, PartId::Wavefunctions) as f64;
    assert!((r - 455.0 / 57.0).abs() < 1e-3, "{r}");
    // The grids are not split: the same on every process.
    assert_eq!(
        expect_part(&one, PartId::State),
        expect_part(&eight, PartId::State)
    );
    // Collinear spin: the processes split over the two spins first.
    let spin = est(&format!("{al}&ranks=8&nodes=8&spin=collinear"));
    let r = expect_part(&spin, PartId::Wavefunctions) as f64
        / expect_part(&eight, PartId::Wavefunctions) as f64;
    assert!((r - 2.0 * 114.0 / 57.0).abs() < 1e-3, "{r}");
    // pw.x's arrays are another code's: switching the arrays changes the estimate.
    assert_ne!(
        est(&al.replace("code=abinit", "code=quantum_espresso")).per_rank_bytes,
        one.per_rank_bytes
    );
}

/// The form shows each DFT code's own inputs: those another code's count reads would change
/// nothing (found on the ABINIT screenshot, which offered k-point pools).
#[test]
fn the_form_shows_only_the_inputs_the_chosen_codes_arrays_read() {
    use memcalc_core::explain::wording::{shown, Visibility};
    use memcalc_core::scenario::Mode;
    use memcalc_core::schema::fields::FieldId as F;
    let visible = |q: &str, id: F| {
        let (inputs, _) = Inputs::from_query(q);
        shown(id.field(), Mode::Sim, Visibility::of(&inputs))
    };
    let abinit = "mode=sim&code=abinit";
    let pwx = "mode=sim&code=quantum_espresso";
    let sparc = "mode=sim&code=sparc";
    assert!(!visible(abinit, F::Pools) && visible(pwx, F::Pools) && visible(sparc, F::Pools));
    assert!(
        !visible(abinit, F::BandGroups)
            && !visible(pwx, F::BandGroups)
            && visible(sparc, F::BandGroups)
    );
    for id in [F::Xc, F::Smearing, F::CoreCorrection, F::Symmetries] {
        assert!(
            visible(abinit, id) && !visible(pwx, id) && !visible(sparc, id),
            "{id:?}"
        );
    }
    // pw.x reads the functional, and its radial grid, only for PAW's one-centre arrays.
    let paw = "mode=sim&code=quantum_espresso&pseudopotential=paw";
    assert!(visible(paw, F::Xc) && visible(paw, F::PawMesh));
    assert!(!visible(pwx, F::PawMesh) && !visible(abinit, F::PawMesh));
    // A choice of arrays in the link decides, not the code's name.
    assert!(visible(
        "mode=sim&code=quantum_espresso&dft_arrays=abinit",
        F::Xc
    ));
    // Each of them changes the estimate when its code counts it: never a dead control.
    // (ABINIT's AlAs of docs/accuracy.md, 29 k-points on 32 processes.)
    let base = "mode=sim&code=abinit&ecutwfc=80&cell_volume=298.598&bands=5&kpoints=29&atoms=2&species=2&betas=2&lmax_beta=2&fft_grid=91125&ranks=32&nodes=32";
    let total = |q: &str| est(q).per_device_bytes;
    for (a, b) in [
        ("xc=lda", "xc=gga"),
        ("smearing=off", "smearing=on"),
        ("core_correction=off", "core_correction=on"),
        ("symmetries=1", "symmetries=24"),
    ] {
        let (qa, qb) = (format!("{base}&{a}"), format!("{base}&{b}"));
        assert_ne!(total(&qa), total(&qb), "{a}");
    }
    assert_eq!(total(base), total(&format!("{base}&pools=4")));
}

#[test]
fn openfoam_counts_its_face_based_mesh_matrices_and_stress_temporaries() {
    // A 100³ hexahedral cavity (icoFoam: U and p at two levels, PCG + DIC).
    let base = "code=openfoam&cells=1000000&dofs=4&levels=2&precond=jacobi";
    let q = format!("{base}&viscous_stress=off");
    let poly = est(&format!("{ONE}&{q}"));
    let nodal = est(&format!("{ONE}&{q}&mesh_storage=nodal"));
    // polyMesh: 1M points × 24 B + 3.03M faces × (48 + 4 + 72) B + 2.97M × 8 B + 1M × 40 B.
    assert_eq!(expect_part(&poly, PartId::Mesh), 463_480_000);
    assert!(expect_part(&poly, PartId::Mesh) > 9 * expect_part(&nodal, PartId::Mesh));
    // Two LDU matrices, no column indices: less than one CSR matrix.
    assert_eq!(expect_part(&poly, PartId::Matrix), 127_040_000);
    assert!(expect_part(&poly, PartId::Matrix) < expect_part(&nodal, PartId::Matrix));
    // A coupled solve: one block matrix, a 4 × 4 block per coefficient.
    let coupled = est(&format!("{ONE}&{q}&solver=coupled"));
    assert_eq!(
        expect_part(&coupled, PartId::Matrix),
        8 * expect_part(&poly, PartId::Matrix)
    );
    // The face fluxes sit beside the cell fields: 2 × (4M + 3.03M) × 8 B.
    assert_eq!(expect_part(&poly, PartId::State), 112_480_000);
    // The viscous stress of simpleFoam/pimpleFoam: 9 doubles per cell and 12 per face.
    let stress = est(&format!("{ONE}&{base}"));
    assert_eq!(
        expect_part(&stress, PartId::Work),
        1_000_000 * 72 + 3_030_000 * 96
    );
    // Thin meshes: the patches' faces as checkMesh prints them.
    let thin = est(&format!("{ONE}&{q}&boundary_faces=300000"));
    assert!(expect_part(&thin, PartId::Mesh) > expect_part(&poly, PartId::Mesh));
    // OpenFOAM's GAMG (pairs) keeps far more than an 8:1 geometric hierarchy.
    let mg = "code=openfoam&cells=1000000&dofs=4&levels=2&viscous_stress=off";
    let gamg = est(&format!("{ONE}&{mg}&precond=gamg"));
    let gmg = est(&format!("{ONE}&{mg}&precond=gmg"));
    assert!(expect_part(&gamg, PartId::Solver) > 3 * expect_part(&gmg, PartId::Solver));
}

#[test]
fn the_openfoam_profile_is_face_based_with_a_measured_bare_process() {
    let s = scenario("mode=sim&code=openfoam&cells=1M");
    assert_eq!(
        s.sim.mesh_storage,
        memcalc_core::scenario::sim::MeshStorage::Polymesh
    );
    assert!(s.sim.viscous_stress);
    assert_eq!(s.sim.precond, memcalc_core::scenario::sim::Precond::Gamg);
    // icoFoam on the 400-cell cavity tutorial peaks at 56,488 kB (OpenFOAM 1912, Debian).
    assert_eq!(s.sim.rank_mib, 55);
    // The profile's settings stay out of its link, and an explicit value stays in.
    let link = scenario("mode=sim&code=openfoam&cells=1M&mesh_storage=nodal").to_query();
    assert!(link.contains("mesh_storage=nodal"), "{link}");
    assert!(!link.contains("viscous_stress"), "{link}");
}
