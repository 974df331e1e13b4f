//! The URL query as a public API: decoding, notices and canonical encoding.

use memcalc_core::{Inputs, Scenario};
use proptest::prelude::*;

#[test]
fn default_scenario_encodes_to_the_version_only() {
    assert_eq!(Scenario::default().to_query(), "v=2");
}

#[test]
fn encoding_keeps_only_changed_values_in_form_order() {
    let (i, n) = Inputs::from_query("?optimizer=sgd&params=13e9&mode=infer");
    assert!(n.is_empty());
    // Read as version 1 (no `v=`): the bare count keeps its version-1 shape when re-written.
    assert_eq!(
        i.parse().unwrap().to_query(),
        "v=2&mode=infer&params=13B&optimizer=sgd&shape=dense"
    );
}

#[test]
fn an_architecture_without_a_count_derives_it_and_a_given_count_survives_the_round_trip() {
    let (i, _) = Inputs::from_query("layers=32&hidden=4096&heads=32&vocab=32000");
    let s = i.parse().unwrap();
    assert_eq!(s.param_count(), 6_738_415_616);
    assert_eq!(
        s.to_query(),
        "v=2&params=&layers=32&hidden=4096&heads=32&vocab=32000"
    );
    let (i, _) = Inputs::from_query("params=7B&layers=32&hidden=4096&heads=32&vocab=32000");
    let s = i.parse().unwrap();
    assert_eq!(s.param_count(), 7_000_000_000);
    let (back, _) = Inputs::from_query(&s.to_query());
    assert_eq!(back.parse().unwrap().param_count(), 7_000_000_000);
}

#[test]
fn whole_share_links_and_bare_queries_both_work() {
    let a = Inputs::from_query("https://example.org/calc/?params=125M&dtype=fp32#results").0;
    let b = Inputs::from_query("params=125M&dtype=fp32").0;
    assert_eq!(a, b);
    assert_eq!(a.get(memcalc_core::schema::fields::FieldId::Params), "125M");
}

#[test]
fn unknown_and_repeated_keys_are_reported_not_fatal() {
    let (i, n) = Inputs::from_query("params=1B&colour=blue&params=2B");
    assert_eq!(i.get(memcalc_core::schema::fields::FieldId::Params), "2B");
    assert!(n
        .iter()
        .any(|n| n.key == "colour" && n.message.contains("Unknown parameter 'colour'")));
    assert!(n
        .iter()
        .any(|n| n.key == "params" && n.message.contains("more than once")));
    assert!(i.parse().is_ok());
}

#[test]
fn invalid_values_stay_as_typed_with_a_specific_message() {
    let (i, _) = Inputs::from_query("params=banana&dtype=fp12&gpu=toaster&overhead=250");
    assert_eq!(
        i.get(memcalc_core::schema::fields::FieldId::Params),
        "banana"
    );
    let errs = i.parse().unwrap_err();
    let msg = |k: &str| {
        errs.iter()
            .find(|e| e.key() == k)
            .map(|e| e.message.clone())
            .unwrap_or_default()
    };
    assert!(
        msg("params").contains("'banana' is not a count"),
        "{}",
        msg("params")
    );
    assert!(
        msg("dtype").contains("fp12") && msg("dtype").contains("bf16"),
        "{}",
        msg("dtype")
    );
    assert!(msg("gpu").contains("toaster"), "{}", msg("gpu"));
    assert!(
        msg("overhead").contains("between 0 and 100"),
        "{}",
        msg("overhead")
    );
}

#[test]
fn limits_are_stated() {
    let (i, _) = Inputs::from_query("params=2e15");
    assert!(i.parse().unwrap_err()[0]
        .message
        .contains("above the limit of 1,000,000,000,000,000"));
    let (i, _) = Inputs::from_query("params=0");
    assert!(i.parse().unwrap_err()[0].message.contains("at least 1"));
}

#[test]
fn percent_escapes_and_plus_decode() {
    let (i, _) = Inputs::from_query("params=6.7%65%39&gpu_mem=80+GB");
    assert_eq!(
        i.get(memcalc_core::schema::fields::FieldId::Params),
        "6.7e9"
    );
    assert_eq!(
        i.get(memcalc_core::schema::fields::FieldId::GpuMem),
        "80 GB"
    );
    assert_eq!(i.parse().unwrap().device.custom_bytes, Some(80_000_000_000));
}

/// Arbitrary valid simulation inputs from random words.
fn sim_from(q: &[u64; 32]) -> memcalc_core::scenario::sim::Sim {
    use memcalc_core::scenario::sim::*;
    use memcalc_core::{catalog::precision::Dtype, Choice};
    fn pick<C: Choice>(r: u64) -> C {
        C::ALL[(r % C::ALL.len() as u64) as usize]
    }
    let n = |r: u64, max: u64| 1 + (r % max);
    let ranks = n(q[0], 4096);
    Sim {
        method: pick::<Method>(q[1]),
        nx: n(q[2], 4096),
        ny: n(q[3], 4096),
        nz: n(q[4], 2048),
        fields: n(q[5], 20),
        levels: n(q[6], 5),
        work: (q[7] % 10),
        halo: (q[8] % 5),
        particles: n(q[9], 100_000_000),
        atom_style: pick::<AtomStyle>(q[10]),
        attrs: if q[10].is_multiple_of(3) {
            n(q[10] >> 3, 1000)
        } else {
            0
        },
        cutoff_milli: n(q[11], 20_000),
        skin_milli: (q[12] % 3000),
        density_micro: n(q[13], 2_000_000),
        neighbors: if q[14].is_multiple_of(4) {
            n(q[14] >> 2, 500)
        } else {
            0
        },
        newton: q[15].is_multiple_of(2),
        long_range: pick::<LongRange>(q[16]),
        kspace_grid: if q[16].is_multiple_of(2) {
            n(q[16] >> 2, 10_000_000)
        } else {
            0
        },
        cells: n(q[17], 1_000_000_000),
        element: pick::<Element>(q[18]),
        dofs: n(q[19], 8),
        krylov: (q[20] % 100),
        precond: pick::<Precond>(q[21]),
        lattice: pick::<Lattice>(q[22]),
        streaming: pick::<Streaming>(q[23]),
        lbm_dtype: if q[23].is_multiple_of(2) {
            None
        } else {
            Some(pick::<Dtype>(q[23] >> 1))
        },
        complex: q[24].is_multiple_of(2),
        dealias: q[24].is_multiple_of(3),
        ranks,
        nodes: 1 + q[25] % ranks,
        node_mem: n(q[26], 1 << 40) << 10,
        device: pick::<SimDevice>(q[27]),
        rank_mib: (q[28] % 1000),
        imbalance_bp: (q[29] % 5000),
        steps: n(q[30], 1_000_000),
        output_every: (q[31] % 1000),
        snapshots: (q[0] >> 20) % 10,
        compression_c: 100 + (q[1] >> 20) % 10_000,
        checkpoint_every: (q[2] >> 20) % 1000,
        adjoint: pick::<Adjoint>(q[3] >> 20),
        adjoint_snapshots: (q[4] >> 20) % 100,
        potential: pick::<Potential>(q[5] >> 20),
        topology: if (q[6] >> 20).is_multiple_of(2) {
            None
        } else {
            Some(Topology {
                bonds: (q[6] >> 21) % 6,
                angles: (q[7] >> 20) % 12,
                dihedrals: (q[8] >> 20) % 30,
                impropers: (q[9] >> 20) % 4,
                special: (q[10] >> 20) % 40,
            })
        },
        shake: (q[11] >> 20).is_multiple_of(2),
        atom_map: pick::<AtomMap>(q[12] >> 20),
        solver: pick::<Solver>(q[22] >> 20),
        replicated_mib: (q[27] >> 20) % 5000,
        language: pick::<Language>(q[28] >> 20),
        reax: Reax {
            version: pick::<ReaxVersion>(q[29] >> 20),
            bonds: (q[30] >> 20) % 40,
            safezone_milli: 1000 + (q[31] >> 20) % 2000,
            mincap: 1 + (q[27] >> 40) % 500,
            qeq: (q[29] >> 40).is_multiple_of(2),
        },
        host_mirror: (q[25] >> 20).is_multiple_of(2),
        halo_one_rank: (q[26] >> 20).is_multiple_of(3),
        code: pick::<memcalc_core::catalog::codes::Code>(q[24] >> 20),
        index_bytes: if (q[23] >> 20).is_multiple_of(2) {
            4
        } else {
            8
        },
        pw: memcalc_core::scenario::planewave::PlaneWave {
            ecutwfc_milli: n(q[13] >> 20, 200_000),
            volume_milli: n(q[14] >> 20, 100_000_000),
            bands: n(q[15] >> 20, 2000),
            kpoints: n(q[16] >> 20, 100),
            spin: pick(q[17] >> 20),
            pp: pick(q[18] >> 20),
            diagonalization: pick(q[19] >> 20),
            pools: n(q[20] >> 20, 4),
            wfc_disk: (q[21] >> 20).is_multiple_of(2),
            arrays: pick(q[10] >> 48),
            band_groups: n(q[11] >> 48, 8),
            xc: pick(q[12] >> 48),
            smearing: (q[13] >> 48).is_multiple_of(2),
            core_correction: (q[14] >> 48).is_multiple_of(2),
            symmetries: n(q[15] >> 48, 48),
            ..Default::default()
        },
        amr: memcalc_core::scenario::amr::Amr {
            max_level: (q[25] >> 24) % 4,
            ratio: 2 + (q[26] >> 24) % 2,
            fill_bp: (q[27] >> 24) % 1251,
            block: 1 + (q[28] >> 24) % 64,
            blocks: if (q[29] >> 24).is_multiple_of(3) {
                n(q[29] >> 26, 100_000)
            } else {
                0
            },
            ghost_state: (q[30] >> 24).is_multiple_of(2),
            coarse_copies: (q[31] >> 24) % 3,
            exchange_copies: (q[30] >> 26) % 3,
            meta_bytes: (q[0] >> 40) % 200,
        },
        nbody: memcalc_core::scenario::nbody::Nbody {
            part_bytes: n(q[1] >> 40, 300),
            alloc_c: 100 + (q[2] >> 40) % 200,
            tree_c: (q[3] >> 40) % 200,
            node_bytes: (q[4] >> 40) % 200,
            pm_grid: (q[5] >> 40) % 1024,
            pm_arrays: (q[6] >> 40) % 4,
            timebin_lists: (q[7] >> 40) % 4,
            comm_mib: (q[8] >> 40) % 200,
            ewald_bytes: (q[9] >> 40) % 200,
        },
    }
}

/// Arbitrary valid scenarios, drawn from random words so every field varies independently.
fn scenario_strategy() -> impl Strategy<Value = Scenario> {
    use memcalc_core::catalog::arch::{Arch, Bias, Mlp, Norm};
    use memcalc_core::catalog::quant::{Quant, SparseFormat};
    use memcalc_core::scenario::*;
    use memcalc_core::{
        catalog::device::GPUS, catalog::optimizer::Optimizer, catalog::precision::Dtype, Choice,
    };
    fn pick<C: Choice>(r: u64) -> C {
        C::ALL[(r % C::ALL.len() as u64) as usize]
    }
    fn log_range(r: u64, max_bits: u32) -> u64 {
        // Spread over magnitudes, not just the top of the range.
        let bits = (r % u64::from(max_bits)) as u32 + 1;
        1 + (r >> 8) % (1u64 << bits)
    }
    (
        proptest::array::uniform32(any::<u64>()),
        proptest::array::uniform32(any::<u64>()),
    )
        .prop_map(|(r, q)| {
            let heads = 1 + (r[0] % 64);
            let kv_heads = [1, heads][(r[1] % 2) as usize];
            let kv_heads = if heads % kv_heads == 0 {
                kv_heads
            } else {
                heads
            };
            let head_dim = 1 + (r[2] % 256);
            let mlp: Mlp = pick(r[3]);
            let hidden = heads * head_dim;
            let experts = 1 + (r[4] % 8);
            let arch = Arch {
                layers: 1 + (r[5] % 128),
                hidden,
                heads,
                kv_heads,
                head_dim,
                ffn: 1 + (r[6] % 65_536),
                vocab: 1 + (r[7] % 300_000),
                mlp,
                bias: pick::<Bias>(r[8]),
                tied: r[9] % 2 == 0,
                learned_pos: (r[10] % 3) * 1024,
                norm: pick::<Norm>(r[11]),
                experts,
                active_experts: 1 + r[12] % experts,
                ..Arch::BASE
            };
            let use_arch = r[13] % 3 != 0;
            let tp = [1, heads][(r[14] % 2) as usize];
            let pp = if use_arch {
                1 + r[15] % arch.layers.min(8)
            } else {
                1 + (r[15] % 4)
            };
            let dp = log_range(r[16], 10);
            let mode: Mode = pick(r[17]);
            let zero = (r[18] % 4) as u8;
            let offload = match (zero, r[19] % 3) {
                (3, 2) => Offload::All,
                (1..=3, 1) => Offload::Optimizer,
                _ => Offload::None,
            };
            let samples = if r[20] % 3 == 0 {
                log_range(r[20], 30)
            } else {
                0
            };
            Scenario {
                model: None,
                shape: memcalc_core::scenario::ShapeRule::Catalog,
                mode,
                params: if use_arch && r[21] % 2 == 0 {
                    None
                } else {
                    Some(log_range(r[21], 49))
                },
                arch: if use_arch { Some(arch) } else { None },
                batch: log_range(r[22], 12),
                seq: log_range(r[23], 17),
                dtype: pick::<Dtype>(r[24]),
                mixed: r[24] % 2 == 0,
                grad_dtype: if r[25] % 2 == 0 {
                    None
                } else {
                    Some(pick::<Dtype>(r[25] >> 1))
                },
                optimizer: pick::<Optimizer>(r[26]),
                recompute: pick::<Recompute>(r[27]),
                flash_attention: r[27] % 2 == 0,
                dropout: r[28] % 2 == 0,
                softmax_fp32: r[28] % 3 == 0,
                parallel: Parallel {
                    gpus: tp * pp * dp,
                    tp,
                    pp,
                    sp: r[29] % 2 == 0,
                    zero,
                    offload,
                    gpus_per_node: 1 + (r[29] % 16),
                },
                lora_rank: (r[30] % 3) * 16,
                lora_targets: if r[30] % 5 == 4 {
                    LoraTargets::parse("k,o,down").unwrap()
                } else {
                    pick::<LoraTargets>(r[30])
                },
                quant: pick::<Quant>(r[31]),
                milli_bpw: if r[31] % 5 == 0 {
                    Some(1 + (r[31] >> 8) % 64_000)
                } else {
                    None
                },
                kv_dtype: if r[0] % 2 == 0 {
                    None
                } else {
                    Some(pick::<Dtype>(r[0] >> 3))
                },
                kv_quant: if r[0] % 4 == 2 {
                    Some(pick::<memcalc_core::catalog::quant::KvQuant>(r[0] >> 5))
                } else {
                    None
                },
                engine: pick::<memcalc_core::scenario::serving::Engine>(r[11] >> 3),
                gpu_util_milli: if r[12] % 3 == 0 {
                    None
                } else {
                    Some(10 + (r[12] >> 2) % 991)
                },
                max_batched_tokens: if r[13] % 2 == 0 {
                    None
                } else {
                    Some(log_range(r[13] >> 1, 20))
                },
                max_num_seqs: if r[16] % 2 == 0 {
                    None
                } else {
                    Some(log_range(r[16] >> 1, 12))
                },
                cuda_graphs: pick::<memcalc_core::scenario::serving::CudaGraphs>(r[14] >> 3),
                gpu_layers: if r[15] % 2 == 0 {
                    None
                } else {
                    Some((r[15] >> 1) % 200)
                },
                sparsity_bp: (r[1] >> 4) % 10_000,
                sparse_format: pick::<SparseFormat>(r[2] >> 4),
                dataset_bytes: if samples == 0 && r[3] % 2 == 0 {
                    log_range(r[3] >> 2, 50)
                } else {
                    0
                },
                samples,
                sample_bytes: if samples > 0 || r[4] % 2 == 0 {
                    log_range(r[4] >> 3, 20)
                } else {
                    0
                },
                dataset_on: pick::<DatasetOn>(r[5] >> 9),
                device: Device {
                    preset: &GPUS[(r[6] % GPUS.len() as u64) as usize],
                    custom_bytes: if r[7] % 2 == 0 {
                        None
                    } else {
                        Some(log_range(r[7] >> 1, 50))
                    },
                },
                host_mem: if r[8] % 2 == 0 {
                    None
                } else {
                    Some(log_range(r[8] >> 1, 50))
                },
                runtime_mib: (r[9] >> 2) % (1 << 20),
                overhead_bp: (r[10] >> 2) % 10_001,
                sim: sim_from(&q),
                mech: memcalc_core::scenario::training::Mechanics {
                    framework: pick::<memcalc_core::catalog::framework::Framework>(q[20] >> 3),
                    loss_chunks: if q[21] % 2 == 0 {
                        None
                    } else {
                        Some(1 + (q[21] >> 4) % 64)
                    },
                    fused_loss: (q[21] >> 2) % 2 == 0,
                    compile: q[22] % 2 == 0,
                    zero_grad: pick::<memcalc_core::scenario::training::ZeroGrad>(q[22] >> 1),
                    opt_in_bwd: q[23] % 2 == 0,
                    act_offload: (q[23] >> 1) % 2 == 0,
                    paged_optimizer: (q[23] >> 2) % 2 == 0,
                    kbit_fp32: (q[23] >> 3) % 2 == 0,
                    gathered_layers: (q[24] >> 5) % 4,
                    bucket_size: if q[24] % 2 == 0 {
                        0
                    } else {
                        log_range(q[24] >> 8, 30)
                    },
                    nccl_mib: (q[25] >> 5) % 1024,
                    batching: pick::<memcalc_core::scenario::training::Batching>(q[25] >> 15),
                    expandable_segments: (q[25] >> 17) % 2 == 0,
                    reshard_after_forward: pick::<
                        memcalc_core::scenario::training::ReshardAfterForward,
                    >(q[25] >> 19),
                    pp_grad_sync: pick::<memcalc_core::scenario::training::PpGradSync>(q[25] >> 22),
                },
                sciml: memcalc_core::scenario::sciml::SciMl {
                    model: pick::<memcalc_core::scenario::sciml::ModelKind>(q[5] >> 7),
                    width: 1 + (q[6] >> 9) % 1024,
                    depth: 1 + (q[7] >> 9) % 32,
                    points: 1 + (q[8] >> 9) % 1_000_000,
                    derivs: (q[9] >> 9) % 4,
                    grid: 1 + (q[10] >> 9) % 1_000_000,
                    modes: 1 + (q[11] >> 9) % 64,
                    dims: 1 + (q[12] >> 9) % 3,
                    nodes: 1 + (q[13] >> 9) % 100_000,
                    edges: 1 + (q[14] >> 9) % 1_000_000,
                    channels: 1 + (q[15] >> 9) % 256,
                    inputs: 1 + (q[16] >> 9) % 16,
                    outputs: 1 + (q[17] >> 9) % 16,
                },
                measured: if q[18] % 3 == 0 {
                    None
                } else {
                    Some(log_range(q[18] >> 2, 45))
                },
                measured_kind: match (mode, q[19] % 4) {
                    (Mode::Sim, 0 | 1) => memcalc_core::scenario::measured::Measured::Rank,
                    (Mode::Sim, _) => memcalc_core::scenario::measured::Measured::NvidiaSmi,
                    (_, k) => memcalc_core::scenario::measured::Measured::ALL[k as usize],
                },
                calibration: if q[20] % 2 == 0 {
                    0
                } else {
                    log_range(q[20] >> 1, 40)
                },
            }
        })
}

fn device_sum(e: &memcalc_core::Estimate) -> u64 {
    // Byte counts saturate at u64::MAX rather than wrap; so does their total.
    memcalc_core::base::sat::sum(
        e.components
            .iter()
            .filter(|c| c.location == memcalc_core::Location::Device)
            .map(|c| c.bytes),
    )
}

proptest! {
    #[test]
    fn decoding_an_encoded_link_gives_back_the_state(s in scenario_strategy()) {
        let q = s.to_query();
        let (inputs, notices) = Inputs::from_query(&q);
        prop_assert!(notices.is_empty());
        let back = inputs.parse().map_err(|e| TestCaseError::fail(format!("{q}: {e:?}")))?;
        prop_assert_eq!(back, s);
        prop_assert_eq!(back.to_query(), q);
    }

    #[test]
    fn a_link_relative_to_a_preset_gives_back_the_state(s in scenario_strategy(), pick in 0usize..64) {
        let preset = &memcalc_core::schema::presets::PRESETS[pick % memcalc_core::schema::presets::PRESETS.len()];
        let q = s.link(Some(preset));
        prop_assert!(q.starts_with(&format!("v=2&preset={}", preset.id)), "{}", q);
        let (inputs, notices) = Inputs::from_query(&q);
        prop_assert!(notices.is_empty(), "{:?}", notices);
        let back = inputs.parse().map_err(|e| TestCaseError::fail(format!("{q}: {e:?}")))?;
        prop_assert_eq!(back, s);
        prop_assert_eq!(back.link(Some(preset)), q);
    }

    #[test]
    fn page_options_survive_the_link(units in any::<bool>(), embed in any::<bool>(), show in 1u16..512, lock in proptest::collection::vec(0usize..200, 0..4), theme in 0u8..3) {
        use memcalc_core::schema::page::{PageOptions, Part, Parts, Theme};
        // Bit i of `show`: the i-th part.
        let show = Part::ALL.into_iter().enumerate().fold(Parts::NONE, |set, (i, p)| set.with(p, show & (1 << i) != 0));
        let mut o = PageOptions {
            units: if units { memcalc_core::base::units::UnitSystem::Decimal } else { memcalc_core::base::units::UnitSystem::Binary },
            embed,
            show,
            theme: [Theme::Auto, Theme::Light, Theme::Dark][theme as usize],
            ..PageOptions::default()
        };
        for i in lock {
            let k = memcalc_core::schema::fields::FIELDS[i % memcalc_core::schema::fields::FIELDS.len()].id;
            if !o.lock.contains(&k) {
                o.lock.push(k);
            }
        }
        let q = format!("v=1{}", o.query_suffix());
        let (back, notices) = PageOptions::from_query(&q);
        prop_assert!(notices.is_empty(), "{:?}", notices);
        prop_assert_eq!(&back, &o);
        let (_, notices) = Inputs::from_query(&q);
        prop_assert!(notices.is_empty(), "{:?}", notices);
    }

    /// The searches' bytes-only estimate has the verdict's numbers, row by row, and no words.
    #[test]
    fn the_bytes_only_estimate_is_the_estimate_without_its_words(s in scenario_strategy(), sim in any::<bool>()) {
        let s = if sim { Scenario { mode: memcalc_core::Mode::Sim, ..s } } else { s };
        let full = memcalc_core::estimate(&s);
        let bare = memcalc_core::model::bytes(&s);
        let rows = |e: &memcalc_core::Estimate| e.components.iter().map(|c| (c.id, c.bytes, c.location)).collect::<Vec<_>>();
        prop_assert_eq!(rows(&full), rows(&bare));
        prop_assert_eq!(
            (full.per_device_bytes, full.cluster_bytes, full.host_per_node_bytes, full.per_rank_bytes, full.disk_bytes, full.fits()),
            (bare.per_device_bytes, bare.cluster_bytes, bare.host_per_node_bytes, bare.per_rank_bytes, bare.disk_bytes, bare.fits())
        );
        prop_assert_eq!(full.warnings.len(), bare.warnings.len());
        // No computed text is written: a row's text is left out but for fixed phrases
        // (static strings, part of the full text); a formula that computes (`… = N B`) is never kept.
        for (b, f) in bare.components.iter().zip(&full.components) {
            prop_assert!(!b.formula.contains(" = ") && f.formula.contains(&b.formula), "{}: {:?}", b.id, b.formula);
            prop_assert!(f.explanation.contains(&b.explanation), "{}: {:?}", b.id, b.explanation);
        }
        prop_assert!(full.components.iter().any(|c| c.formula.contains(" = ")));
        // And the words come back for the next estimate that shows them.
        prop_assert_eq!(memcalc_core::estimate(&s), full);
    }

    #[test]
    fn derived_answers_never_panic_and_agree_with_the_estimate(s in scenario_strategy()) {
        let d = memcalc_core::analysis::derived::derive(&s);
        if let Some(b) = d.max_batch {
            let at_max = Scenario { batch: b, ..s };
            prop_assert!(memcalc_core::estimate(&at_max).fits_device(), "max batch {} does not fit", b);
        }
        for sv in &d.savings {
            prop_assert!(sv.saved > 0);
        }
        // The scaling view, the FAQ, the check against a measurement and the exports too.
        let e = memcalc_core::estimate(&s);
        let sc = memcalc_core::analysis::scaling::scaling(&s);
        prop_assert!(sc.series.iter().all(|x| x.points.windows(2).all(|w| w[0].0 < w[1].0)));
        let _ = sc.boundary_text();
        prop_assert!(!memcalc_core::explain::faq::faq(&s, &e, memcalc_core::base::units::UnitSystem::Decimal).is_empty());
        if let Some(c) = memcalc_core::model::calibrate::check(&s, &e) {
            prop_assert!(c.estimated <= e.per_device_bytes);
        }
        let json = memcalc_core::report::to_json(&e, &[], None);
        let ok_json = json.starts_with('{') && json.ends_with("}\n");
        prop_assert!(ok_json);
        prop_assert_eq!(memcalc_core::report::to_csv(&e, None).lines().count(), e.components.len() + 2);
    }

    #[test]
    fn any_query_string_is_handled_without_panic(q in ".{0,200}") {
        let (inputs, _) = Inputs::from_query(&q);
        if let Ok(s) = inputs.parse() {
            let e = memcalc_core::estimate(&s);
            prop_assert_eq!(e.per_device_bytes, device_sum(&e));
        }
    }

    #[test]
    fn estimates_never_overflow_and_grow_with_parameters(s in scenario_strategy()) {
        let e = memcalc_core::estimate(&s);
        // Byte counts saturate at u64::MAX rather than wrap (checked by the arithmetic itself,
        // which panics on overflow in this debug build).
        let _all: u128 = e.components.iter().map(|c| u128::from(c.bytes)).sum();
        prop_assert_eq!(e.per_device_bytes, device_sum(&e));
        // Simulations total what is in use; their busiest node counts imbalance and allocation
        // rounding, so only neural models compare the two.
        if s.mode != memcalc_core::Mode::Sim {
            prop_assert!(e.cluster_bytes >= e.per_device_bytes);
        }
        if let Some(p) = s.params {
            if p < 1_000_000_000_000_000 {
                let bigger = memcalc_core::estimate(&Scenario { params: Some(p + 1), ..s });
                prop_assert!(bigger.per_device_bytes >= e.per_device_bytes);
            }
        }
        if s.batch < (1 << 24) {
            let bigger = memcalc_core::estimate(&Scenario { batch: s.batch + 1, ..s });
            prop_assert!(bigger.per_device_bytes >= e.per_device_bytes, "batch + 1 lowered memory");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn more_ranks_never_raise_memory_per_rank_nor_lower_the_total(s in scenario_strategy(), extra in 1u64..64) {
        let s = Scenario { mode: memcalc_core::Mode::Sim, ..s };
        // Particle codes follow the integer processor grid, where only doubling the ranks is
        // guaranteed to shrink every subdomain; the other methods assume an even split.
        let ranks = if s.sim.method == memcalc_core::scenario::sim::Method::Particles { s.sim.ranks * 2 } else { s.sim.ranks + extra };
        let more = Scenario { sim: memcalc_core::scenario::sim::Sim { ranks, ..s.sim }, ..s };
        let (a, b) = (memcalc_core::estimate(&s), memcalc_core::estimate(&more));
        prop_assert!(b.per_rank_bytes <= a.per_rank_bytes, "per rank rose: {} -> {}", a.per_rank_bytes, b.per_rank_bytes);
        prop_assert!(b.cluster_bytes >= a.cluster_bytes, "total fell: {} -> {}", a.cluster_bytes, b.cluster_bytes);
    }
}

#[test]
fn every_url_key_is_documented() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/url-parameters.md"
    ))
    .unwrap();
    // The keys a table row documents: its first cell, one key or several (`nx`, `ny`, `nz`).
    let documented: Vec<&str> = doc
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split(" |").next())
        .flat_map(|cell| cell.split(", "))
        .map(|k| k.trim_matches('`'))
        .collect();
    for id in memcalc_core::schema::fields::FieldId::ALL {
        assert!(
            documented.contains(&id.key()),
            "docs/url-parameters.md has no row for `{}`",
            id.key()
        );
    }
    for key in &documented {
        assert!(
            memcalc_core::schema::fields::FieldId::from_key(key).is_some()
                || memcalc_core::schema::query::META_KEYS.contains(key),
            "docs/url-parameters.md documents `{key}`, which the query does not read"
        );
    }
    for key in memcalc_core::schema::query::META_KEYS
        .iter()
        .copied()
        .chain(memcalc_core::schema::page::Part::ALL.map(|p| p.id()))
    {
        assert!(
            doc.contains(&format!("`{key}`")),
            "docs/url-parameters.md lacks `{key}`"
        );
    }
    for p in memcalc_core::schema::presets::PRESETS {
        assert!(
            doc.contains(&format!("`{}`", p.id)),
            "docs/url-parameters.md lacks preset `{}`",
            p.id
        );
    }
}

/// Links written with schema version 1, kept verbatim: whatever the schema becomes, each must
/// still open with the same total. (A new schema version adds a migration in query.rs and
/// these keep passing through it.)
#[test]
fn links_written_with_schema_version_1_still_open() {
    let text = include_str!("links_v1.txt");
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let (link, bytes) = line.rsplit_once(' ').unwrap();
        let (inputs, notices) = Inputs::from_query(link);
        assert!(notices.is_empty(), "{link}: {notices:?}");
        let s = inputs.parse().unwrap_or_else(|e| panic!("{link}: {e:?}"));
        assert_eq!(
            memcalc_core::estimate(&s).per_device_bytes.to_string(),
            bytes,
            "{link}"
        );
        n += 1;
    }
    assert!(n >= 10);
}

#[test]
fn page_options_report_what_they_cannot_use() {
    use memcalc_core::schema::page::{PageOptions, Part};
    let (o, n) = PageOptions::from_query(
        "v=1&show=chart,bogus&lock=params,nope&units=furlongs&preset=nope&embed=1",
    );
    assert!(o.embed);
    assert!(o.shows(Part::Chart) && !o.shows(Part::Form));
    assert_eq!(o.lock, vec![memcalc_core::schema::fields::FieldId::Params]);
    let keys: Vec<&str> = n.iter().map(|n| n.key.as_str()).collect();
    assert_eq!(keys, ["show", "lock", "units", "preset"]);
}

/// Applies a suggestion's patch as the page's Apply button does: through the form's inputs.
fn with_patch(
    s: &Scenario,
    patch: &[(memcalc_core::schema::fields::FieldId, String)],
) -> Option<Scenario> {
    let (mut i, _) = Inputs::from_query(&s.to_query());
    for (k, v) in patch {
        i.set(*k, v.clone());
    }
    i.parse().ok()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Every search, sweep and suggestion goes through the same estimate as the verdict, so what
    /// each proposes is what the verdict of the proposed scenario says (a kept calibration
    /// included: it once counted in the verdict but not in the node search).
    #[test]
    fn every_derived_answer_agrees_with_the_verdict_of_the_scenario_it_proposes(s in scenario_strategy(), sim in any::<bool>()) {
        use memcalc_core::scenario::{Parallel, MAX_BATCH};
        let s = if sim { Scenario { mode: memcalc_core::Mode::Sim, ..s } } else { s };
        let fits = |t: &Scenario| memcalc_core::estimate(t).fits_device();
        let d = memcalc_core::analysis::derived::derive(&s);
        if let Some(b) = d.max_batch {
            prop_assert!(fits(&Scenario { batch: b, ..s }), "largest batch {b} does not fit");
            prop_assert!(b == MAX_BATCH || !fits(&Scenario { batch: b + 1, ..s }), "batch {} fits too", b + 1);
        }
        if let Some(g) = d.fewest_gpus {
            // Inference proposes a tensor-parallel degree (one replica); training more replicas.
            let tp = if s.mode == memcalc_core::Mode::Infer && s.sciml.is_transformer() { g / s.parallel.pp } else { s.parallel.tp };
            prop_assert!(fits(&Scenario { parallel: Parallel { gpus: g, tp, ..s.parallel }, ..s }), "fewest GPUs {g} does not fit");
        }
        let per_node = s.sim.ranks.div_ceil(s.sim.nodes).max(1);
        let on_nodes = |n: u64| Scenario { sim: memcalc_core::scenario::sim::Sim { nodes: n, ranks: per_node * n, ..s.sim }, ..s };
        if let Some(n) = d.fewest_nodes {
            prop_assert!(fits(&on_nodes(n)), "fewest nodes {n} does not fit");
            prop_assert!(n == 1 || !fits(&on_nodes(n - 1)), "{} nodes fit too", n - 1);
            // The search keeps ranks per node: the scenario is that layout only when its ranks
            // divide evenly over its nodes.
            if s.sim.nodes == n && s.sim.ranks == per_node * n {
                prop_assert!(fits(&s), "the verdict disagrees with fewest nodes {n}");
            }
        }
        if let memcalc_core::analysis::scaling::Boundary::From { fit, over } = d.scaling.boundary() {
            if s.mode == memcalc_core::Mode::Sim {
                prop_assert!(fits(&on_nodes(fit)) && !fits(&on_nodes(over)), "scaling boundary {over}→{fit} disagrees with the verdicts");
            }
        }
        for sv in &d.savings {
            let Some(t) = with_patch(&s, &sv.patch) else { continue };
            let e = memcalc_core::estimate(&t);
            prop_assert_eq!(e.fits_device(), sv.fits_after, "{}: fits_after disagrees", sv.label);
            prop_assert_eq!(e.per_device_bytes, sv.bytes_after, "{}: bytes_after disagrees", sv.label);
        }
    }
}

#[test]
fn a_kept_calibration_counts_in_the_verdict_the_node_search_and_the_scaling_chart_alike() {
    // 64 ranks of a grid code on 256 GiB nodes, with 3.5 GiB per rank kept from a measurement:
    // once "1 node does not fit" beside "fewest nodes that fit: 1".
    let (i, n) = Inputs::from_query(
        "mode=sim&method=grid&nx=1440&ny=721&nz=137&fields=10&levels=3&ranks=64&nodes=1&node_mem=256&calibration=3584MiB",
    );
    assert!(n.is_empty(), "{n:?}");
    let s = i.parse().unwrap();
    let e = memcalc_core::estimate(&s);
    let d = memcalc_core::analysis::derived::derive(&s);
    let nodes = d.fewest_nodes.expect("some node count fits");
    assert!(!e.fits_device(), "one node should be too small");
    assert_eq!(
        nodes, 2,
        "the calibration is per rank: two nodes halve the grid, not it"
    );
    match d.scaling.boundary() {
        memcalc_core::analysis::scaling::Boundary::From { fit, .. } => assert_eq!(fit, nodes),
        memcalc_core::analysis::scaling::Boundary::Always => assert_eq!(nodes, 1),
        b => panic!("unexpected boundary {b:?}"),
    }
}

#[test]
fn every_export_carries_the_link_and_the_inputs_that_differ_from_defaults() {
    use memcalc_core::report::{to_csv, to_json, to_markdown, Origin};
    let (i, _) = Inputs::from_query("v=2&params=13B&gpus=8&zero=2&offload=optimizer");
    let s = i.parse().unwrap();
    let e = memcalc_core::estimate(&s);
    let link = format!("https://example.org/memcalc/?{}", s.to_query());
    let o = Origin::new(&s, link.clone());
    assert_eq!(
        o.inputs,
        [
            ("params", "13B"),
            ("gpus", "8"),
            ("zero", "2"),
            ("offload", "optimizer")
        ]
        .map(|(k, v)| (k.to_string(), v.to_string()))
    );
    let json = to_json(&e, &[], Some(&o));
    assert!(json.starts_with("{\"schema_version\":1,"), "{json}");
    assert!(json.contains(&format!("\"link\":\"{link}\"")), "{json}");
    assert!(json.contains("\"inputs\":{\"params\":\"13B\",\"gpus\":\"8\",\"zero\":\"2\",\"offload\":\"optimizer\"}"), "{json}");
    let csv = to_csv(&e, Some(&o));
    assert!(csv.contains("\ninput:zero,ZeRO stage,,,2\n"), "{csv}");
    assert!(
        csv.ends_with(&format!(
            "link,Link that reopens this calculation,,,{link}\n"
        )),
        "{csv}"
    );
    let md = to_markdown(&e, Default::default(), Some(&o));
    assert!(
        md.starts_with(&format!(
            "[Reopen this calculation]({link})\n\n| Input | Key | Value |"
        )),
        "{md}"
    );
    assert!(md.contains("| GPUs | `gpus` | 8 |"), "{md}");
    // The link reopens the same numbers.
    let (back, _) = Inputs::from_query(&link);
    assert_eq!(
        memcalc_core::estimate(&back.parse().unwrap()).per_device_bytes,
        e.per_device_bytes
    );
}

#[test]
fn suggestions_never_change_the_question() {
    use memcalc_core::analysis::derived::{context_limit, derive, STATED};
    for q in [
        "mode=train&params=7B",
        "mode=train&params=7B&gpus=8&zero=1",
        "mode=finetune&params=7B",
        "mode=infer&params=70B",
        "mode=train&model=fno",
        "mode=sim&method=lbm&nx=512&ny=512&nz=512",
    ] {
        let (i, _) = Inputs::from_query(q);
        let s = i.parse().unwrap();
        for sv in derive(&s).savings {
            assert!(
                sv.patch.iter().all(|(k, _)| !STATED.contains(k)),
                "{q}: '{}' changes {:?}",
                sv.label,
                sv.patch
            );
        }
    }
    // Fine-tuning may still be offered LoRA, in its own mode.
    let (i, _) = Inputs::from_query("mode=finetune&params=7B");
    let d = derive(&i.parse().unwrap());
    assert!(d.savings.iter().any(|sv| sv.patch
        == [(
            memcalc_core::schema::fields::FieldId::LoraRank,
            "16".to_string()
        )]));
    // A context longer than the model's maximum is never offered (Mixtral: 32,768).
    let p = memcalc_core::schema::presets::PRESETS
        .iter()
        .find(|p| p.id == "mixtral-8x7b-serve")
        .unwrap();
    let s = memcalc_core::schema::query::preset_scenario(p).unwrap();
    assert_eq!(context_limit(&s), Some(32_768));
    let d = derive(&s);
    assert_eq!((d.max_seq, d.context_limit), (Some(32_768), Some(32_768)));
    // Without a trained context, memory alone decides (far more than 32,768 here).
    let (i, _) = Inputs::from_query(&format!("{}&max_context=", p.query));
    let s = i.parse().unwrap();
    assert_eq!(context_limit(&s), None);
    assert!(derive(&s).max_seq.unwrap() > 32_768);
}

#[test]
fn a_preset_left_by_an_edit_says_so() {
    let p = &memcalc_core::schema::presets::PRESETS[0];
    let s = memcalc_core::schema::query::preset_scenario(p).unwrap();
    assert!(!p.edited(&s));
    let (i, _) = Inputs::from_query(&format!("{}&batch=3", p.query));
    assert!(p.edited(&i.parse().unwrap()));
}

#[test]
fn an_empty_query_is_todays_page_not_an_old_link() {
    for q in ["", "?", "https://example.org/calc/"] {
        let (i, n) = Inputs::from_query(q);
        assert!(n.is_empty(), "{q}: {n:?}");
        assert_eq!(
            i.parse().unwrap().to_query(),
            format!("v={}", memcalc_core::schema::query::SCHEMA_VERSION),
            "{q}"
        );
    }
}
