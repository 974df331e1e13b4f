//! Arbitrary valid scenarios for the property tests, drawn field by field under the field's own
//! name: a failing case shrinks each field towards its simplest value on its own, so what is left
//! of the scenario is what the failure needs.

use memcalc_core::catalog::arch::{Arch, Bias, Mlp, Norm};
use memcalc_core::catalog::codes::Code;
use memcalc_core::catalog::device::GPUS;
use memcalc_core::catalog::framework::Framework;
use memcalc_core::catalog::optimizer::Optimizer;
use memcalc_core::catalog::precision::Dtype;
use memcalc_core::catalog::quant::{KvQuant, Quant, SparseFormat};
use memcalc_core::scenario::amr::Amr;
use memcalc_core::scenario::measured::Measured;
use memcalc_core::scenario::nbody::Nbody;
use memcalc_core::scenario::planewave::PlaneWave;
use memcalc_core::scenario::sciml::{ModelKind, SciMl};
use memcalc_core::scenario::serving::{
    BatchScope, CudaGraphs, Engine, HybridKv, MambaCache, MmProfile,
};
use memcalc_core::scenario::sim::*;
use memcalc_core::scenario::training::{
    Batching, Mechanics, PpGradSync, ReshardAfterForward, SaveState, WeightCasts, ZeroGrad,
};
use memcalc_core::scenario::*;
use memcalc_core::Choice;
use proptest::option::weighted;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::strategy::Union;

/// Any value of an option set; shrinks towards the first.
fn choice<C: Choice + std::fmt::Debug>() -> impl Strategy<Value = C> {
    select(C::ALL)
}

/// Shrinking stops after this many steps: enough for every field of a scenario to reach its
/// simplest value (the default, four times the cases, leaves most of them as drawn).
pub const SHRINK_ITERS: u32 = 20_000;

/// A count from 1 to 2^max_bits, spread over magnitudes rather than crowded at the top: any
/// of the ranges 1..=2^bits, equally likely, and then any count in it.
fn log_range(max_bits: u32) -> impl Strategy<Value = u64> {
    // A union, not a flat map: it shrinks within the range drawn, towards 1.
    Union::new((1..=max_bits).map(|bits| 1..=(1u64 << bits)))
}

/// A count that is given with probability `p` and 0 ("not given") otherwise.
fn or_zero(p: f64, count: impl Strategy<Value = u64>) -> impl Strategy<Value = u64> {
    weighted(p, count).prop_map(Option::unwrap_or_default)
}

// No strategy here depends on another's value (no flat map): proptest shrinks a flat map by
// drawing afresh, and gives up shrinking the rest of the scenario once that draw passes. A bound
// that depends on another field instead folds a draw over the widest bound into it.

prop_compose! {
    /// A transformer whose width is heads × head size, with one KV head or one per head.
    fn arch()(
        heads in 1u64..=64,
        one_kv_head in any::<bool>(),
        head_dim in 1u64..=256,
        mlp in choice::<Mlp>(),
        experts in 1u64..=8,
        active_pick in 0u64..8,
        layers in 1u64..=128,
        ffn in 1u64..=65_536,
        vocab in 1u64..=300_000,
        bias in choice::<Bias>(),
        tied in any::<bool>(),
        learned_pos in select(&[0u64, 1024, 2048][..]),
        norm in choice::<Norm>(),
    ) -> Arch {
        Arch {
            layers,
            hidden: heads * head_dim,
            heads,
            kv_heads: if one_kv_head { 1 } else { heads },
            head_dim,
            ffn,
            vocab,
            mlp,
            bias,
            tied,
            learned_pos,
            norm,
            experts,
            active_experts: 1 + active_pick % experts,
            ..Arch::BASE
        }
    }
}

prop_compose! {
    /// Data parallelism and ZeRO, on one GPU per model copy.
    fn data_parallel()(
        dp in log_range(10),
        sp in any::<bool>(),
        zero in 0u8..4,
        offload in choice::<Offload>(),
        sharding in choice::<memcalc_core::scenario::Sharding>(),
        gpus_per_node in 1u64..=16,
    ) -> Parallel {
        // ZeRO-Offload moves optimizer states from stage 1 on, and parameters only at stage 3.
        let offload = match (zero, offload) {
            (3, Offload::All) => Offload::All,
            (1..=3, Offload::Optimizer) => Offload::Optimizer,
            _ => Offload::None,
        };
        Parallel { gpus: dp, tp: 1, pp: 1, ep: 1, cp: 1, sp, zero, offload, sharding, gpus_per_node }
    }
}

prop_compose! {
    /// The model as a count, an architecture, or both (the count then wins), and a layout that
    /// splits it: tensor parallelism over all heads or none, at most one pipeline stage per
    /// layer (and four without an architecture).
    fn model_and_layout()(
        arch in arch(),
        use_arch in prop::bool::weighted(2.0 / 3.0),
        count in log_range(49),
        count_beside_arch in any::<bool>(),
        tp_over_heads in any::<bool>(),
        stage_pick in 0u64..8,
        parallel in data_parallel(),
    ) -> (Option<u64>, Option<Arch>, Parallel) {
        let params = (!use_arch || count_beside_arch).then_some(count);
        let tp = if tp_over_heads { arch.heads } else { 1 };
        let pp = 1 + stage_pick % if use_arch { arch.layers.min(8) } else { 4 };
        let parallel = Parallel { gpus: tp * pp * parallel.gpus, tp, pp, ..parallel };
        (params, use_arch.then_some(arch), parallel)
    }
}

/// The training set as a size, or as a count of samples (never both): (dataset_bytes, samples,
/// sample_bytes). Samples always have a size; without them the sample size may be left out.
fn dataset() -> impl Strategy<Value = (u64, u64, u64)> {
    prop_oneof![
        2 => (or_zero(0.5, log_range(50)), or_zero(0.5, log_range(20)))
            .prop_map(|(dataset_bytes, sample_bytes)| (dataset_bytes, 0, sample_bytes)),
        1 => (log_range(30), log_range(20))
            .prop_map(|(samples, sample_bytes)| (0, samples, sample_bytes)),
    ]
}

/// The KV cache's format: the model's precision, another precision, or a block format; the
/// last two share one key, so never both.
fn kv_format() -> impl Strategy<Value = (Option<Dtype>, Option<KvQuant>)> {
    prop_oneof![
        1 => Just((None, None)),
        2 => choice::<Dtype>().prop_map(|d| (Some(d), None)),
        1 => choice::<KvQuant>().prop_map(|q| (None, Some(q))),
    ]
}

fn lora_targets() -> impl Strategy<Value = LoraTargets> {
    prop_oneof![
        4 => choice::<LoraTargets>(),
        1 => Just(LoraTargets::parse("k,o,down").unwrap()),
    ]
}

prop_compose! {
    fn device()(
        preset in (0..GPUS.len()).prop_map(|i| &GPUS[i]),
        custom_bytes in weighted(0.5, log_range(50)),
    ) -> Device {
        Device { preset, custom_bytes }
    }
}

prop_compose! {
    fn mechanics()(
        framework in choice::<Framework>(),
        loss_chunks in weighted(0.5, 1u64..=64),
        fused_loss in any::<bool>(),
        compile in any::<bool>(),
        zero_grad in choice::<ZeroGrad>(),
        opt_in_bwd in any::<bool>(),
        act_offload in any::<bool>(),
        paged_optimizer in any::<bool>(),
        kbit_fp32 in any::<bool>(),
        gathered_layers in 0u64..4,
        bucket_size in or_zero(0.5, log_range(30)),
        nccl_mib in 0u64..1024,
        batching in choice::<Batching>(),
        expandable_segments in any::<bool>(),
        reshard_after_forward in choice::<ReshardAfterForward>(),
        pp_grad_sync in choice::<PpGradSync>(),
        logits_upcast in any::<bool>(),
        save in choice::<SaveState>(),
        weight_casts in choice::<WeightCasts>(),
    ) -> Mechanics {
        Mechanics {
            framework, loss_chunks, fused_loss, compile, zero_grad, opt_in_bwd, act_offload,
            paged_optimizer, kbit_fp32, gathered_layers, bucket_size, nccl_mib, batching,
            expandable_segments, reshard_after_forward, pp_grad_sync, logits_upcast, save, weight_casts,
            // Issue 38's offload_layers and tiled_mlp are rules between fields (act_offload,
            // recompute=full): left empty here, tested in tests/training_memory.rs.
            offload_layers: None, tiled_mlp: None,
        }
    }
}

prop_compose! {
    fn sciml()(
        model in choice::<ModelKind>(),
        width in 1u64..=1024,
        depth in 1u64..=32,
        points in 1u64..=1_000_000,
        derivs in 0u64..4,
        grid in 1u64..=1_000_000,
        modes in 1u64..=64,
        dims in 1u64..=3,
        nodes in 1u64..=100_000,
        edges in 1u64..=1_000_000,
        channels in 1u64..=256,
        inputs in 1u64..=16,
        outputs in 1u64..=16,
    ) -> SciMl {
        SciMl { model, width, depth, points, derivs, grid, modes, dims, nodes, edges, channels, inputs, outputs }
    }
}

prop_compose! {
    fn topology()(
        bonds in 0u64..6,
        angles in 0u64..12,
        dihedrals in 0u64..30,
        impropers in 0u64..4,
        special in 0u64..40,
    ) -> Topology {
        Topology { bonds, angles, dihedrals, impropers, special }
    }
}

prop_compose! {
    fn reax()(
        version in choice::<ReaxVersion>(),
        bonds in 0u64..40,
        safezone_milli in 1000u64..3000,
        mincap in 1u64..=500,
        qeq in any::<bool>(),
    ) -> Reax {
        Reax { version, bonds, safezone_milli, mincap, qeq }
    }
}

prop_compose! {
    fn plane_wave()(
        ecutwfc_milli in 1u64..=200_000,
        volume_milli in 1u64..=100_000_000,
        bands in 1u64..=2000,
        kpoints in 1u64..=100,
        spin in choice(),
        pp in choice(),
        diagonalization in choice(),
        pools in 1u64..=4,
        wfc_disk in any::<bool>(),
        arrays in choice(),
        band_groups in 1u64..=8,
        xc in choice(),
        smearing in any::<bool>(),
        core_correction in any::<bool>(),
        symmetries in 1u64..=48,
    ) -> PlaneWave {
        // pw.x refuses more pools than k-points: a valid run has at most that many.
        let pools = pools.min(kpoints);
        PlaneWave {
            ecutwfc_milli, volume_milli, bands, kpoints, spin, pp, diagonalization, pools,
            wfc_disk, arrays, band_groups, xc, smearing, core_correction, symmetries,
            ..Default::default()
        }
    }
}

prop_compose! {
    fn amr()(
        max_level in 0u64..4,
        ratio in 2u64..4,
        fill_bp in 0u64..1251,
        block in 1u64..=64,
        blocks in or_zero(1.0 / 3.0, 1u64..=100_000),
        ghost_state in any::<bool>(),
        coarse_copies in 0u64..3,
        exchange_copies in 0u64..3,
        meta_bytes in 0u64..200,
        subcycle in any::<bool>(),
    ) -> Amr {
        Amr { max_level, ratio, fill_bp, block, blocks, ghost_state, coarse_copies, exchange_copies, meta_bytes, subcycle }
    }
}

prop_compose! {
    fn nbody()(
        part_bytes in 1u64..=300,
        alloc_c in 100u64..300,
        tree_c in 0u64..200,
        node_bytes in 0u64..200,
        pm_grid in 0u64..1024,
        pm_arrays in 0u64..4,
        timebin_lists in 0u64..4,
        comm_mib in 0u64..200,
        ewald_bytes in 0u64..200,
        max_mem_mib in prop_oneof![Just(0u64), 0u64..20_000],
    ) -> Nbody {
        Nbody { part_bytes, alloc_c, tree_c, node_bytes, pm_grid, pm_arrays, timebin_lists, comm_mib, ewald_bytes, max_mem_mib }
    }
}

// The simulation's fields come in groups of at most ten: one flat list nests its strategies so
// deep that drawing a case overflows a test thread's stack.

prop_compose! {
    /// How the run is laid out on the machine.
    fn sim_layout()(
        ranks in 1u64..=4096,
        node_pick in 0u64..4096,
        node_kib in 1u64..=(1 << 40),
        device in choice::<SimDevice>(),
        host_mirror in any::<bool>(),
        halo_one_rank in prop::bool::weighted(1.0 / 3.0),
        rank_mib in 0u64..1000,
        replicated_mib in 0u64..5000,
        imbalance_bp in 0u64..5000,
        language in choice::<Language>(),
    ) -> (u64, u64, u64, SimDevice, bool, bool, u64, u64, u64, Language) {
        // At least one rank a node.
        (ranks, 1 + node_pick % ranks, node_kib << 10, device, host_mirror, halo_one_rank, rank_mib, replicated_mib, imbalance_bp, language)
    }
}

prop_compose! {
    /// A structured grid and the state on it.
    fn sim_grid()(
        nx in 1u64..=4096,
        ny in 1u64..=4096,
        nz in 1u64..=2048,
        fields in 1u64..=20,
        levels in 1u64..=5,
        work in 0u64..10,
        halo in 0u64..5,
        complex in any::<bool>(),
        dealias in prop::bool::weighted(1.0 / 3.0),
        transforms in prop::option::of(1u64..=1000),
    ) -> (u64, u64, u64, u64, u64, u64, u64, bool, bool, Option<u64>) {
        (nx, ny, nz, fields, levels, work, halo, complex, dealias, transforms)
    }
}

prop_compose! {
    /// Particles and their neighbour lists.
    fn sim_particles()(
        particles in 1u64..=100_000_000,
        atom_style in choice::<AtomStyle>(),
        attrs in or_zero(1.0 / 3.0, 1u64..=1000),
        cutoff_milli in 1u64..=20_000,
        skin_milli in 0u64..3000,
        density_micro in 1u64..=2_000_000,
        neighbors in or_zero(0.25, 1u64..=500),
        newton in any::<bool>(),
        long_range in choice::<LongRange>(),
        kspace_grid in or_zero(0.5, 1u64..=10_000_000),
    ) -> (u64, AtomStyle, u64, u64, u64, u64, u64, bool, LongRange, u64) {
        (particles, atom_style, attrs, cutoff_milli, skin_milli, density_micro, neighbors, newton, long_range, kspace_grid)
    }
}

prop_compose! {
    /// What a molecular code keeps per atom beyond its position.
    fn sim_molecules()(
        potential in choice::<Potential>(),
        topology in weighted(0.5, topology()),
        shake in any::<bool>(),
        atom_map in choice::<AtomMap>(),
        reax in reax(),
        pair_list in choice::<PairList>(),
    ) -> (Potential, Option<Topology>, bool, AtomMap, Reax, PairList) {
        (potential, topology, shake, atom_map, reax, pair_list)
    }
}

prop_compose! {
    /// An unstructured mesh and its solver, or a lattice-Boltzmann lattice.
    fn sim_mesh()(
        cells in 1u64..=1_000_000_000,
        element in choice::<Element>(),
        dofs in 1u64..=8,
        krylov in 0u64..100,
        precond in choice::<Precond>(),
        solver in choice::<Solver>(),
        index_bytes in select(&[4u64, 8][..]),
        lattice in choice::<Lattice>(),
        streaming in choice::<Streaming>(),
        lbm_dtype in weighted(0.5, choice::<Dtype>()),
    ) -> (u64, Element, u64, u64, Precond, Solver, u64, Lattice, Streaming, Option<Dtype>) {
        (cells, element, dofs, krylov, precond, solver, index_bytes, lattice, streaming, lbm_dtype)
    }
}

prop_compose! {
    /// How a face-based finite-volume code stores its mesh (OpenFOAM's polyMesh).
    fn sim_fv()(
        mesh_storage in choice::<MeshStorage>(),
        viscous_stress in any::<bool>(),
        boundary_faces in or_zero(0.5, 1u64..=100_000_000),
        lin_iters in prop::option::of(0u64..=10_000),
        cell_values in or_zero(0.5, 1u64..=100_000),
        neigh_check in any::<bool>(),
        package in choice::<Package>(),
        hpcg_code in prop::option::of(choice::<memcalc_core::scenario::sim::HpcgCode>()),
    ) -> (MeshStorage, bool, u64, Option<u64>, u64, bool, Package, Option<memcalc_core::scenario::sim::HpcgCode>) {
        (mesh_storage, viscous_stress, boundary_faces, lin_iters, cell_values, neigh_check, package, hpcg_code)
    }
}

prop_compose! {
    /// Steps, what they write, and what an adjoint run keeps of them.
    fn sim_output()(
        steps in 1u64..=1_000_000,
        output_every in 0u64..1000,
        snapshots in 0u64..10,
        compression_c in 100u64..10_100,
        checkpoint_every in 0u64..1000,
        adjoint in choice::<Adjoint>(),
        adjoint_snapshots in 0u64..100,
    ) -> (u64, u64, u64, u64, u64, Adjoint, u64) {
        (steps, output_every, snapshots, compression_c, checkpoint_every, adjoint, adjoint_snapshots)
    }
}

prop_compose! {
    /// Arbitrary valid simulation inputs.
    fn sim()(
        method in choice::<Method>(),
        code in choice::<Code>(),
        (ranks, nodes, node_mem, device, host_mirror, halo_one_rank, rank_mib, replicated_mib, imbalance_bp, language) in sim_layout(),
        (nx, ny, nz, fields, levels, work, halo, complex, dealias, transforms) in sim_grid(),
        (particles, atom_style, attrs, cutoff_milli, skin_milli, density_micro, neighbors, newton, long_range, kspace_grid) in sim_particles(),
        (potential, topology, shake, atom_map, reax, pair_list) in sim_molecules(),
        (cells, element, dofs, krylov, precond, solver, index_bytes, lattice, streaming, lbm_dtype) in sim_mesh(),
        (mesh_storage, viscous_stress, boundary_faces, lin_iters, cell_values, neigh_check, package, hpcg_code) in sim_fv(),
        (steps, output_every, snapshots, compression_c, checkpoint_every, adjoint, adjoint_snapshots) in sim_output(),
        pw in plane_wave(),
        amr in amr(),
        nbody in nbody(),
        split_z in prop::bool::weighted(2.0 / 3.0),
        node in weighted(0.3, 0..memcalc_core::catalog::device::NODES.len()),
        placement in choice::<memcalc_core::scenario::sim::Placement>(),
        pme_order in or_zero(0.5, 1u64..=12),
    ) -> Sim {
        Sim {
            method, nx, ny, nz, fields, levels, work, halo, particles, atom_style, attrs,
            cutoff_milli, skin_milli, density_micro, neighbors, newton, long_range, kspace_grid,
            pme_order, cells, element, dofs, krylov, precond, lattice, streaming, lbm_dtype, complex, dealias,
            transforms,
            ranks, nodes, node_mem, device, rank_mib, imbalance_bp, steps,
            node: node.map(|i| &memcalc_core::catalog::device::NODES[i]),
            placement,
            output_every, snapshots, compression_c, checkpoint_every, adjoint, adjoint_snapshots,
            potential, topology, shake, atom_map, pair_list, solver, replicated_mib, language, reax,
            host_mirror, halo_one_rank, split_z, code, index_bytes, pw, amr, nbody,
            mesh_storage, viscous_stress, boundary_faces, lin_iters, cell_values, neigh_check, package,
            hpcg_code,
            // Issue 37's smoother iterations: drawn with the Krylov count they accompany.
            smooth_iters: lin_iters.map(|n| n / 2),
        }
    }
}

prop_compose! {
    /// The precisions, the weights' format and sparsity.
    fn precision()(
        dtype in choice::<Dtype>(),
        mixed in any::<bool>(),
        grad_dtype in weighted(0.5, choice::<Dtype>()),
        (kv_dtype, kv_quant) in kv_format(),
        quant in choice::<Quant>(),
        milli_bpw in weighted(0.2, 1u64..=64_000),
        sparsity_bp in 0u64..10_000,
        sparse_format in choice::<SparseFormat>(),
    ) -> (Dtype, bool, Option<Dtype>, Option<Dtype>, Option<KvQuant>, Quant, Option<u64>, u64, SparseFormat) {
        (dtype, mixed, grad_dtype, kv_dtype, kv_quant, quant, milli_bpw, sparsity_bp, sparse_format)
    }
}

prop_compose! {
    /// The optimizer, what is recomputed, and the adapters trained.
    fn training()(
        optimizer in choice::<Optimizer>(),
        recompute in choice::<Recompute>(),
        flash_attention in any::<bool>(),
        dropout in any::<bool>(),
        softmax_fp32 in prop::bool::weighted(1.0 / 3.0),
        lora_rank in select(&[0u64, 16, 32][..]),
        lora_targets in lora_targets(),
    ) -> (Optimizer, Recompute, bool, bool, bool, u64, LoraTargets) {
        (optimizer, recompute, flash_attention, dropout, softmax_fp32, lora_rank, lora_targets)
    }
}

prop_compose! {
    /// The serving engine's settings.
    fn serving()(
        engine in choice::<Engine>(),
        gpu_util_milli in weighted(2.0 / 3.0, 10u64..=1000),
        max_batched_tokens in weighted(0.5, log_range(20)),
        max_num_seqs in weighted(0.5, log_range(12)),
        cuda_graphs in choice::<CudaGraphs>(),
        gpu_layers in weighted(0.5, 0u64..200),
        // At most one layer: every model has it, so the link stays valid.
        n_cpu_moe in weighted(0.3, 0u64..=1),
        ubatch in weighted(0.3, 1u64..=4096),
        hybrid_kv in choice::<HybridKv>(),
        batch_scope in choice::<BatchScope>(),
        mamba_cache in choice::<MambaCache>(),
        mm_limit in weighted(0.3, 0u64..=8),
        mm_profile in choice::<MmProfile>(),
    ) -> (Engine, Option<u64>, Option<u64>, Option<u64>, CudaGraphs, (Option<u64>, Option<u64>, Option<u64>), (HybridKv, BatchScope, MambaCache), (Option<u64>, MmProfile)) {
        (engine, gpu_util_milli, max_batched_tokens, max_num_seqs, cuda_graphs, (gpu_layers, n_cpu_moe, ubatch), (hybrid_kv, batch_scope, mamba_cache), (mm_limit, mm_profile))
    }
}

prop_compose! {
    /// The device, the host and what the runtime takes.
    fn machine()(
        device in device(),
        host_mem in weighted(0.5, log_range(50)),
        runtime_mib in 0u64..(1 << 20),
        overhead_bp in 0u64..=10_000,
    ) -> (Device, Option<u64>, u64, u64) {
        (device, host_mem, runtime_mib, overhead_bp)
    }
}

prop_compose! {
    /// The time model's overrides (`gpu_bw`, `link_bw`, `host_bw`, `net_bw`, `cpu_flops`,
    /// `fp_add_ns`, `fp_div_ns` above 0, `chains` 1 to 64; `bw_eff` and `mfu` above 0 and at most 100 %), a prompt (at most the context: the
    /// scenario clamps it) and a token budget.
    fn speed()(
        gpu_bw_mb in weighted(0.3, 1u64..=1_000_000_000_000),
        link_bw_mb in weighted(0.3, 1u64..=1_000_000_000_000),
        host_bw_mb in weighted(0.3, 1u64..=1_000_000_000_000),
        net_mbit in weighted(0.3, 1u64..=1_000_000_000_000),
        bw_eff_bp in weighted(0.3, 1u64..=10_000),
        mfu_bp in weighted(0.3, 1u64..=10_000),
        cpu_mflops in weighted(0.3, 1u64..=1_000_000_000_000),
        fp_add_ps in weighted(0.3, 1u64..=1_000_000_000),
        fp_div_ps in weighted(0.3, 1u64..=1_000_000_000),
        chains in weighted(0.3, 1u64..=64),
        prompt in weighted(0.3, log_range(17)),
        train_tokens in weighted(0.3, log_range(49)),
    ) -> memcalc_core::scenario::speed::SpeedSettings {
        // The schedule keys (micro_batches, vpp), mmvq_warps, the gather keys and SPARC's keys are not
        // drawn: one strategy more overflows the test thread's stack in a debug build;
        // tests/speed_pipeline.rs, speed_mmvq.rs, speed_gather.rs and speed_realspace.rs round-trip them;
        // speed_overlap.rs round-trips the overlap toggles (tp_overlap, dp_overlap).
        memcalc_core::scenario::speed::SpeedSettings { mfu_bp, bw_eff_bp, gpu_bw_mb, link_bw_mb, host_bw_mb, net_mbit, cpu_mflops, core_mflops: None, core_bw_mb: None, threads: None, launch_ns: None, moe_block_ns: None, graph_kernel_ns: None, graph_attention_ns: None, fp_add_ps, fp_div_ps, chains, gather: false, gather_ps: None, prompt, train_tokens, micro_batches: None, vpp: None, mmvq_warps: None, kquant_eff_bp: None, prefill_acc: None, prefill_mmq: None, cheb_degree: None, fd_order: None, projector_radius_mbohr: None, tp_overlap: false, dp_serial: false, neigh_every: None, cpu_use_bp: None }
    }
}

prop_compose! {
    /// A measured peak, and a kept calibration. A simulation reports per rank, or is read on the
    /// device; a neural run is measured by any tool: `measured_kind` picks by the mode.
    fn measurement()(
        measured in weighted(2.0 / 3.0, log_range(45)),
        sim_kind in select(&[Measured::Rank, Measured::NvidiaSmi][..]),
        neural_kind in choice::<Measured>(),
        calibration in or_zero(0.5, log_range(40)),
    ) -> (Option<u64>, Measured, Measured, u64) {
        (measured, sim_kind, neural_kind, calibration)
    }
}

prop_compose! {
    /// Arbitrary valid scenarios, every field varying on its own.
    pub fn scenario_strategy()(
        mode in choice::<Mode>(),
        (params, arch, parallel) in model_and_layout(),
        batch in log_range(12),
        seq in log_range(17),
        (dtype, mixed, grad_dtype, kv_dtype, kv_quant, quant, milli_bpw, sparsity_bp, sparse_format) in precision(),
        (optimizer, recompute, flash_attention, dropout, softmax_fp32, lora_rank, lora_targets) in training(),
        (engine, gpu_util_milli, max_batched_tokens, max_num_seqs, cuda_graphs, (gpu_layers, n_cpu_moe, ubatch), (hybrid_kv, batch_scope, mamba_cache), (mm_limit, mm_profile)) in serving(),
        ((dataset_bytes, samples, sample_bytes), dataset_on) in (dataset(), choice::<DatasetOn>()),
        (device, host_mem, runtime_mib, overhead_bp) in machine(),
        (measured, sim_kind, neural_kind, calibration) in measurement(),
        // Boxed: the composite's value tree lives on the test thread's stack, and the time
        // overrides' twelve fields pushed query_links past its 2 MiB.
        (sim, mech, sciml, speed) in (sim(), mechanics(), sciml(), speed().boxed()),
    ) -> Scenario {
        Scenario {
            model: None,
            shape: ShapeRule::Catalog,
            mode,
            params,
            arch,
            batch,
            seq,
            dtype,
            mixed,
            grad_dtype,
            optimizer,
            recompute,
            flash_attention,
            dropout,
            softmax_fp32,
            parallel,
            lora_rank,
            lora_targets,
            quant,
            mxfp4_kernel: memcalc_core::catalog::quant::Mxfp4Kernel::Auto,
            gguf_rest: memcalc_core::catalog::gguf::GgufRest::Q8_0,
            gguf_tied_embd: memcalc_core::catalog::gguf::GgufTiedEmbd::Output,
            gguf_fallback: true,
            milli_bpw,
            // llama.cpp has no FP8 or FP64 KV cache: such a link is refused.
            kv_dtype: match kv_dtype {
                Some(Dtype::Fp8 | Dtype::Fp64) if mode == Mode::Infer && engine.splits() => None,
                k => k,
            },
            kv_quant,
            engine,
            gpu_util_milli,
            max_batched_tokens,
            max_num_seqs,
            cuda_graphs,
            hybrid_kv,
            batch_scope,
            mamba_cache,
            mm_limit,
            mm_profile,
            gpu_layers,
            n_cpu_moe,
            ubatch,
            tensor_split: Default::default(),
            sparsity_bp,
            sparse_format,
            dataset_bytes,
            samples,
            sample_bytes,
            dataset_on,
            device,
            host_mem,
            runtime_mib,
            overhead_bp,
            sim,
            mech,
            sciml,
            measured,
            measured_kind: if mode == Mode::Sim { sim_kind } else { neural_kind },
            calibration,
            speed: memcalc_core::scenario::speed::SpeedSettings { prompt: speed.prompt.map(|p| p.min(seq)), ..speed },
        }
    }
}
