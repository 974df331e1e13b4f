//! What the user typed, kept as text, and its validation into a [`Scenario`].
//! The form keeps raw text so that typing `1.` or `-` is never rewritten; parsing is derived.

use crate::base::choice::Choice;
use crate::base::units::{
    format_count, format_fixed, group_digits, parse_bytes, parse_count_as, parse_fixed,
};
use crate::catalog::arch::{Arch, Bias, Mlp, Norm, QkNorm};
use crate::catalog::device::{gpu_by_id, GPUS};
use crate::catalog::optimizer::Optimizer;
use crate::catalog::precision::Dtype;
use crate::catalog::quant::{Quant, SparseFormat};
use crate::scenario::sim::*;
use crate::scenario::*;
use crate::schema::fields::{field, field_index, FIELDS};

/// A validation failure tied to the field (URL key) it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub key: &'static str,
    pub message: String,
}

/// The raw text of every field, in [`FIELDS`] order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inputs {
    raw: Vec<(&'static str, String)>,
}

impl Default for Inputs {
    fn default() -> Self {
        Inputs::from_scenario(&Scenario::default())
    }
}

fn toggle_text(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

/// Device memory written back as a bare number of GiB when whole, else exact with a unit.
fn canonical_size(bytes: u64, unit: u64) -> String {
    if bytes.is_multiple_of(unit) {
        (bytes / unit).to_string()
    } else if bytes.is_multiple_of(1 << 20) {
        format!("{}MiB", bytes >> 20)
    } else {
        format!("{bytes}B")
    }
}

/// An architecture count whose 0 means "not used": written empty then.
fn arch_opt(s: &Scenario, f: fn(&Arch) -> u64) -> String {
    match s.arch.as_ref().map(f) {
        Some(v) if v > 0 => v.to_string(),
        _ => String::new(),
    }
}

/// The canonical text of one field of a valid scenario.
fn canonical(key: &str, s: &Scenario) -> String {
    let arch = |f: fn(&Arch) -> String| s.arch.as_ref().map(f).unwrap_or_default();
    let p = &s.parallel;
    match key {
        "mode" => s.mode.id().into(),
        "params" => s.params.map(format_count).unwrap_or_default(),
        "model_id" => s.model.map(|m| m.id).unwrap_or("").into(),
        "shape" => s.shape.id().into(),
        "batch" => s.batch.to_string(),
        "seq" => s.seq.to_string(),
        "dtype" => s.dtype.id().into(),
        "optimizer" => s.optimizer.id().into(),
        "mixed" => toggle_text(s.mixed).into(),
        "grad_dtype" => s.grad_dtype.map(|d| d.id()).unwrap_or("").into(),
        "kv_dtype" => s
            .kv_quant
            .map(|q| q.id())
            .or(s.kv_dtype.map(|d| d.id()))
            .unwrap_or("")
            .into(),
        "engine" => s.engine.id().into(),
        "gpu_util" => s
            .gpu_util_milli
            .map(|u| format_fixed(u, 3))
            .unwrap_or_default(),
        "max_batched_tokens" => s
            .max_batched_tokens
            .map(|t| t.to_string())
            .unwrap_or_default(),
        "max_num_seqs" => s.max_num_seqs.map(|t| t.to_string()).unwrap_or_default(),
        "cuda_graphs" => s.cuda_graphs.id().into(),
        "gpu_layers" => s.gpu_layers.map(|t| t.to_string()).unwrap_or_default(),
        "recompute" => s.recompute.id().into(),
        "flash_attention" => toggle_text(s.flash_attention).into(),
        "dropout" => toggle_text(s.dropout).into(),
        "softmax_fp32" => toggle_text(s.softmax_fp32).into(),
        "lora_rank" => s.lora_rank.to_string(),
        "lora_targets" => s.lora_targets.text(),
        "framework" => s.mech.framework.id().into(),
        "loss_chunks" => s
            .mech
            .loss_chunks
            .map(|c| c.to_string())
            .unwrap_or_default(),
        "fused_loss" => toggle_text(s.mech.fused_loss).into(),
        "compile" => toggle_text(s.mech.compile).into(),
        "zero_grad" => s.mech.zero_grad.id().into(),
        "opt_in_bwd" => toggle_text(s.mech.opt_in_bwd).into(),
        "act_offload" => toggle_text(s.mech.act_offload).into(),
        "paged_optimizer" => toggle_text(s.mech.paged_optimizer).into(),
        "kbit_fp32" => toggle_text(s.mech.kbit_fp32).into(),
        "gathered_layers" => s.mech.gathered_layers.to_string(),
        "bucket_size" => format_count(s.mech.bucket_size),
        "nccl_buffers" => s.mech.nccl_mib.to_string(),
        "batching" => s.mech.batching.id().into(),
        "expandable_segments" => toggle_text(s.mech.expandable_segments).into(),
        "reshard_after_forward" => s.mech.reshard_after_forward.id().into(),
        "pp_grad_sync" => s.mech.pp_grad_sync.id().into(),
        "quant" => s.quant.id().into(),
        "bpw" => s.milli_bpw.map(|b| format_fixed(b, 3)).unwrap_or_default(),
        "sparsity" => format_fixed(s.sparsity_bp, 2),
        "sparse_format" => s.sparse_format.id().into(),
        "gpus" => p.gpus.to_string(),
        "tp" => p.tp.to_string(),
        "pp" => p.pp.to_string(),
        "sp" => toggle_text(p.sp).into(),
        "zero" => p.zero.to_string(),
        "offload" => p.offload.id().into(),
        "gpus_per_node" => p.gpus_per_node.to_string(),
        "layers" => arch(|a| a.layers.to_string()),
        "hidden" => arch(|a| a.hidden.to_string()),
        "heads" => arch(|a| a.heads.to_string()),
        // Left empty where they equal the defaults they would be derived from: shorter links.
        "kv_heads" => arch(|a| {
            if a.kv_heads == a.heads {
                String::new()
            } else {
                a.kv_heads.to_string()
            }
        }),
        "head_dim" => arch(|a| {
            if a.hidden % a.heads == 0 && a.head_dim == a.hidden / a.heads {
                String::new()
            } else {
                a.head_dim.to_string()
            }
        }),
        "ffn" => arch(|a| {
            if a.ffn == Arch::default_ffn(a.hidden, a.mlp) {
                String::new()
            } else {
                a.ffn.to_string()
            }
        }),
        "vocab" => arch(|a| a.vocab.to_string()),
        "mlp" => s.arch.map(|a| a.mlp).unwrap_or(Mlp::Gated).id().into(),
        "bias" => s.arch.map(|a| a.bias).unwrap_or(Bias::None).id().into(),
        "norm" => s.arch.map(|a| a.norm).unwrap_or(Norm::RmsNorm).id().into(),
        "tied" => toggle_text(s.arch.map(|a| a.tied).unwrap_or(false)).into(),
        "learned_pos" => s.arch.map(|a| a.learned_pos).unwrap_or(0).to_string(),
        "experts" => s.arch.map(|a| a.experts).unwrap_or(1).to_string(),
        "moe_ffn" => arch_opt(s, |a| a.moe_ffn),
        "shared_experts" => arch_opt(s, |a| a.shared_experts),
        "dense_layers" => arch_opt(s, |a| a.dense_layers),
        "router_bias" => toggle_text(s.arch.is_some_and(|a| a.router_bias)).into(),
        "attn_sinks" => toggle_text(s.arch.is_some_and(|a| a.sinks)).into(),
        "kv_lora_rank" => arch_opt(s, |a| a.kv_lora_rank),
        "q_lora_rank" => arch_opt(s, |a| a.q_lora_rank),
        "qk_rope_dim" => arch_opt(s, |a| a.rope_dim),
        "v_head_dim" => arch_opt(s, |a| a.v_head_dim),
        "sliding_window" => arch_opt(s, |a| a.window),
        "global_every" => arch_opt(s, |a| a.global_every),
        "qk_norm" => s
            .arch
            .map(|a| a.qk_norm)
            .unwrap_or(QkNorm::None)
            .id()
            .into(),
        "sandwich_norm" => toggle_text(s.arch.is_some_and(|a| a.sandwich)).into(),
        "max_context" => arch_opt(s, |a| a.max_context),
        "active_experts" => s.arch.map(|a| a.active_experts).unwrap_or(1).to_string(),
        "dataset" => {
            if s.dataset_bytes > 0 {
                canonical_size(s.dataset_bytes, 1 << 30)
            } else {
                String::new()
            }
        }
        "samples" => {
            if s.samples > 0 {
                format_count(s.samples)
            } else {
                String::new()
            }
        }
        "sample_size" => {
            if s.sample_bytes > 0 {
                canonical_size(s.sample_bytes, 1)
            } else {
                String::new()
            }
        }
        "dataset_on" => s.dataset_on.id().into(),
        "measured" => s
            .measured
            .map(|b| canonical_size(b, 1 << 30))
            .unwrap_or_default(),
        "measured_kind" => s.measured_kind.id().into(),
        "calibration" => {
            if s.calibration > 0 {
                canonical_size(s.calibration, 1 << 20)
            } else {
                String::new()
            }
        }
        "gpu" => s.device.preset.id.into(),
        "gpu_mem" => s
            .device
            .custom_bytes
            .map(|b| canonical_size(b, 1 << 30))
            .unwrap_or_default(),
        "host_mem" => s
            .host_mem
            .map(|b| canonical_size(b, 1 << 30))
            .unwrap_or_default(),
        "runtime" => s.runtime_mib.to_string(),
        "overhead" => format_fixed(s.overhead_bp, 2),
        "model" => s.sciml.model.id().into(),
        "width" => s.sciml.width.to_string(),
        "depth" => s.sciml.depth.to_string(),
        "collocation" => format_count(s.sciml.points),
        "deriv_order" => s.sciml.derivs.to_string(),
        "grid_points" => format_count(s.sciml.grid),
        "fourier_modes" => s.sciml.modes.to_string(),
        "spatial_dims" => s.sciml.dims.to_string(),
        "graph_nodes" => format_count(s.sciml.nodes),
        "graph_edges" => format_count(s.sciml.edges),
        "base_channels" => s.sciml.channels.to_string(),
        "in_channels" => s.sciml.inputs.to_string(),
        "out_channels" => s.sciml.outputs.to_string(),
        key => sim_canonical(key, &s.sim),
    }
}

fn sim_canonical(key: &str, m: &Sim) -> String {
    let opt = |v: u64| if v == 0 { String::new() } else { v.to_string() };
    match key {
        "method" => m.method.id().into(),
        "code" => m.code.id().into(),
        "sim_device" => m.device.id().into(),
        "host_mirror" => toggle_text(m.host_mirror).into(),
        "halo_one_rank" => toggle_text(m.halo_one_rank).into(),
        "nx" => m.nx.to_string(),
        "ny" => m.ny.to_string(),
        "nz" => m.nz.to_string(),
        "fields" => m.fields.to_string(),
        "levels" => m.levels.to_string(),
        "work" => m.work.to_string(),
        "halo" => m.halo.to_string(),
        "particles" => format_count(m.particles),
        "atom_style" => m.atom_style.id().into(),
        "attrs" => opt(m.attrs),
        "cutoff" => format_fixed(m.cutoff_milli, 3),
        "skin" => format_fixed(m.skin_milli, 3),
        "density" => format_fixed(m.density_micro, 6),
        "neighbors" => opt(m.neighbors),
        "newton" => toggle_text(m.newton).into(),
        "long_range" => m.long_range.id().into(),
        "potential" => m.potential.id().into(),
        "max_bonds" => m.topology.map(|t| t.bonds.to_string()).unwrap_or_default(),
        "max_angles" => m.topology.map(|t| t.angles.to_string()).unwrap_or_default(),
        "max_dihedrals" => m
            .topology
            .map(|t| t.dihedrals.to_string())
            .unwrap_or_default(),
        "max_impropers" => m
            .topology
            .map(|t| t.impropers.to_string())
            .unwrap_or_default(),
        "max_special" => m
            .topology
            .map(|t| t.special.to_string())
            .unwrap_or_default(),
        "shake" => toggle_text(m.shake).into(),
        "reaxff_version" => m.reax.version.id().into(),
        "reaxff_bonds" => m.reax.bonds.to_string(),
        "safezone" => format_fixed(m.reax.safezone_milli, 3),
        "mincap" => m.reax.mincap.to_string(),
        "qeq" => toggle_text(m.reax.qeq).into(),
        "atom_map" => m.atom_map.id().into(),
        "kspace_grid" => opt(m.kspace_grid),
        "cells" => format_count(m.cells),
        "element" => m.element.id().into(),
        "dofs" => m.dofs.to_string(),
        "krylov" => m.krylov.to_string(),
        "precond" => m.precond.id().into(),
        "solver" => m.solver.id().into(),
        "index_bytes" => m.index_bytes.to_string(),
        "lattice" => m.lattice.id().into(),
        "streaming" => m.streaming.id().into(),
        "lbm_dtype" => m.lbm_dtype.map(|d| d.id()).unwrap_or("").into(),
        "complex" => toggle_text(m.complex).into(),
        "dealias" => toggle_text(m.dealias).into(),
        "ranks" => m.ranks.to_string(),
        "nodes" => m.nodes.to_string(),
        "node_mem" => canonical_size(m.node_mem, 1 << 30),
        "rank_overhead" => m.rank_mib.to_string(),
        "replicated" => m.replicated_mib.to_string(),
        "language" => m.language.id().into(),
        "imbalance" => format_fixed(m.imbalance_bp, 2),
        "steps" => format_count(m.steps),
        "output_every" => m.output_every.to_string(),
        "snapshots" => m.snapshots.to_string(),
        "compression" => format_fixed(m.compression_c, 2),
        "checkpoint_every" => m.checkpoint_every.to_string(),
        "adjoint" => m.adjoint.id().into(),
        "adjoint_snapshots" => m.adjoint_snapshots.to_string(),
        "ecutwfc" => format_fixed(m.pw.ecutwfc_milli, 3),
        "ecutrho" => match m.pw.ecutrho_milli {
            0 => String::new(),
            v => format_fixed(v, 3),
        },
        "cell_volume" => format_fixed(m.pw.volume_milli, 3),
        "bands" => m.pw.bands.to_string(),
        "kpoints" => m.pw.kpoints.to_string(),
        "spin" => m.pw.spin.id().into(),
        "gamma_only" => toggle_text(m.pw.gamma).into(),
        "atoms" => m.pw.atoms.to_string(),
        "species" => m.pw.species.to_string(),
        "pseudopotential" => m.pw.pp.id().into(),
        "projectors" => opt(m.pw.projectors),
        "betas" => m.pw.betas.to_string(),
        "lmax_beta" => m.pw.lmax.to_string(),
        "diagonalization" => m.pw.diagonalization.id().into(),
        "david_ndim" => m.pw.david_ndim.to_string(),
        "mixing_ndim" => m.pw.mixing_ndim.to_string(),
        "pools" => m.pw.pools.to_string(),
        "wfc_disk" => toggle_text(m.pw.wfc_disk).into(),
        "fft_grid" => opt(m.pw.fft_grid),
        "forces" => toggle_text(m.pw.forces).into(),
        "stress" => toggle_text(m.pw.stress).into(),
        "dft_arrays" => m.pw.arrays.id().into(),
        "band_groups" => m.pw.band_groups.to_string(),
        "xc" => m.pw.xc.id().into(),
        "smearing" => toggle_text(m.pw.smearing).into(),
        "core_correction" => toggle_text(m.pw.core_correction).into(),
        "symmetries" => m.pw.symmetries.to_string(),
        "amr_levels" => m.amr.max_level.to_string(),
        "ref_ratio" => m.amr.ratio.to_string(),
        "fill" => format_fixed(m.amr.fill_bp, 2),
        "block_size" => m.amr.block.to_string(),
        "amr_blocks" => opt(m.amr.blocks),
        "ghost_state" => toggle_text(m.amr.ghost_state).into(),
        "coarse_copies" => m.amr.coarse_copies.to_string(),
        "exchange_copies" => m.amr.exchange_copies.to_string(),
        "block_meta" => m.amr.meta_bytes.to_string(),
        "part_bytes" => m.nbody.part_bytes.to_string(),
        "alloc_factor" => format_fixed(m.nbody.alloc_c, 2),
        "tree_factor" => format_fixed(m.nbody.tree_c, 2),
        "node_bytes" => m.nbody.node_bytes.to_string(),
        "pm_grid" => m.nbody.pm_grid.to_string(),
        "pm_arrays" => m.nbody.pm_arrays.to_string(),
        "timebin_lists" => m.nbody.timebin_lists.to_string(),
        "comm_buffer" => m.nbody.comm_mib.to_string(),
        "ewald_bytes" => m.nbody.ewald_bytes.to_string(),
        _ => String::new(),
    }
}

/// Reads a fixed-point field within bounds (key, decimal places, min, max, the range said).
type FixedReader = dyn Fn(&mut Reader, &'static str, u32, u64, u64, &str) -> Option<u64>;

/// Collects field errors while reading raw values.
struct Reader<'a> {
    inputs: &'a Inputs,
    errors: Vec<FieldError>,
}

impl Reader<'_> {
    fn fail(&mut self, key: &'static str, message: impl Into<String>) {
        self.errors.push(FieldError {
            key,
            message: format!("{key}: {}", message.into()),
        });
    }

    fn raw(&self, key: &str) -> &str {
        self.inputs.get(key).trim()
    }

    fn given(&self, key: &str) -> bool {
        !self.raw(key).is_empty()
    }

    /// A count in `min..=max`; None when empty (and `optional`) or invalid.
    fn count(&mut self, key: &'static str, min: u64, max: u64, optional: bool) -> Option<u64> {
        if !self.given(key) {
            if !optional {
                self.fail(key, "is required");
            }
            return None;
        }
        match parse_count_as(self.raw(key), crate::schema::fields::count_unit(key)) {
            Ok(v) if v < min => {
                self.fail(key, format!("must be at least {}", group_digits(min)));
                None
            }
            Ok(v) if v > max => {
                self.fail(
                    key,
                    format!(
                        "{} is above the limit of {}",
                        group_digits(v),
                        group_digits(max)
                    ),
                );
                None
            }
            Ok(v) => Some(v),
            Err(e) => {
                self.fail(key, e);
                None
            }
        }
    }

    fn choice<C: Choice>(&mut self, key: &'static str) -> Option<C> {
        C::parse(self.raw(key)).map_err(|e| self.fail(key, e)).ok()
    }

    fn optional_choice<C: Choice>(&mut self, key: &'static str) -> Option<Option<C>> {
        if self.given(key) {
            self.choice(key).map(Some)
        } else {
            Some(None)
        }
    }

    fn toggle(&mut self, key: &'static str) -> Option<bool> {
        match self.raw(key).to_ascii_lowercase().as_str() {
            "on" | "1" | "true" | "yes" => Some(true),
            "off" | "0" | "false" | "no" => Some(false),
            other => {
                let msg = format!("'{other}' is not on or off");
                self.fail(key, msg);
                None
            }
        }
    }

    fn size(&mut self, key: &'static str, unit: u64, max: u64) -> Option<Option<u64>> {
        if !self.given(key) {
            return Some(None);
        }
        match parse_bytes(self.raw(key), unit) {
            Ok(0) => {
                self.fail(key, "must be above 0 (or left empty)");
                None
            }
            Ok(b) if b > max => {
                self.fail(
                    key,
                    format!(
                        "is above the limit of {}",
                        crate::base::units::format_bytes(max, Default::default())
                    ),
                );
                None
            }
            Ok(b) => Some(Some(b)),
            Err(e) => {
                self.fail(key, e);
                None
            }
        }
    }

    fn fixed(&mut self, key: &'static str, places: u32, max: u64, range: &str) -> Option<u64> {
        match parse_fixed(self.raw(key), places) {
            Ok(v) if v <= max => Some(v),
            Ok(_) => {
                self.fail(key, format!("must be {range}"));
                None
            }
            Err(e) => {
                self.fail(key, format!("{e}; must be {range}"));
                None
            }
        }
    }
}

impl Inputs {
    /// The raw text of `key` ("" for an unknown key).
    pub fn get(&self, key: &str) -> &str {
        // `raw` is in FIELDS order (from_scenario builds it and nothing reorders it).
        field_index(key).map_or("", |i| self.raw[i].1.as_str())
    }

    /// Sets the raw text of a known key; returns false for an unknown key.
    pub fn set(&mut self, key: &str, value: impl Into<String>) -> bool {
        match field_index(key).map(|i| &mut self.raw[i]) {
            Some(slot) => {
                slot.1 = value.into();
                true
            }
            None => false,
        }
    }

    /// The scenario these inputs give with `patch` applied, if it is valid: how a suggestion or
    /// a layout is tried. A mistyped key would change nothing and the proposal would vanish
    /// unseen, so every key must be known (tests/keys_known.rs runs every preset's proposals).
    pub fn patched<V: Clone + Into<String>>(
        &self,
        patch: &[(&str, V)],
        what: &str,
    ) -> Option<Scenario> {
        let mut i = self.clone();
        for (k, v) in patch {
            let known = i.set(k, v.clone());
            debug_assert!(known, "{what} sets unknown key '{k}'");
        }
        i.parse().ok()
    }

    /// The canonical text of each field of a valid scenario.
    pub fn from_scenario(s: &Scenario) -> Inputs {
        Inputs {
            raw: FIELDS
                .iter()
                .map(|f| (f.key, canonical(f.key, s)))
                .collect(),
        }
    }

    /// Validates every field and their consistency; all errors are reported, not only the first.
    pub fn parse(&self) -> Result<Scenario, Vec<FieldError>> {
        let mut r = Reader {
            inputs: self,
            errors: Vec::new(),
        };
        let mode = r.choice::<Mode>("mode");
        let params = r.count("params", 1, MAX_PARAMS, true);
        let model = if r.given("model_id") {
            match crate::catalog::model_by_id(r.raw("model_id")) {
                Some(m) => Some(Some(m)),
                None => {
                    let msg = crate::catalog::unknown_message(r.raw("model_id"));
                    r.fail("model_id", msg);
                    None
                }
            }
        } else {
            Some(None)
        };
        let shape = r.choice::<ShapeRule>("shape");
        let batch = r.count("batch", 1, MAX_BATCH, false);
        let seq = r.count("seq", 1, MAX_SEQ, false);
        let dtype = r.choice::<Dtype>("dtype");
        let optimizer = r.choice::<Optimizer>("optimizer");
        let mixed = r.toggle("mixed");
        let grad_dtype = r.optional_choice::<Dtype>("grad_dtype");
        let kv_quant = crate::catalog::quant::KvQuant::parse(r.raw("kv_dtype")).ok();
        let kv_dtype = if kv_quant.is_some() {
            Some(None)
        } else {
            r.optional_choice::<Dtype>("kv_dtype")
        };
        let engine = r.choice::<crate::scenario::serving::Engine>("engine");
        let gpu_util = if r.given("gpu_util") {
            match r.fixed("gpu_util", 3, 1000, "a fraction from 0.01 to 1") {
                Some(v) if v < 10 => {
                    r.fail("gpu_util", "must be a fraction from 0.01 to 1");
                    None
                }
                v => v.map(Some),
            }
        } else {
            Some(None)
        };
        let max_batched_tokens = r
            .count("max_batched_tokens", 1, MAX_SEQ, true)
            .map(Some)
            .or(Some(None).filter(|_| !r.given("max_batched_tokens")));
        let max_num_seqs = r
            .count("max_num_seqs", 1, MAX_BATCH, true)
            .map(Some)
            .or(Some(None).filter(|_| !r.given("max_num_seqs")));
        let cuda_graphs = r.choice::<crate::scenario::serving::CudaGraphs>("cuda_graphs");
        let gpu_layers = r
            .count("gpu_layers", 0, 100_001, true)
            .map(Some)
            .or(Some(None).filter(|_| !r.given("gpu_layers")));
        let recompute = r.choice::<Recompute>("recompute");
        let flash_attention = r.toggle("flash_attention");
        let dropout = r.toggle("dropout");
        let softmax_fp32 = r.toggle("softmax_fp32");
        let lora_rank = r.count("lora_rank", 0, 1 << 20, false);
        let lora_targets = r.choice::<LoraTargets>("lora_targets");
        let quant = r.choice::<Quant>("quant");
        let mech = (|| {
            let framework = r.choice::<crate::catalog::framework::Framework>("framework");
            let loss_chunks = r.count("loss_chunks", 1, 1 << 20, true);
            let loss_chunks = if r.given("loss_chunks") {
                Some(Some(loss_chunks?))
            } else {
                Some(None)
            };
            let fused_loss = r.toggle("fused_loss");
            let compile = r.toggle("compile");
            let zero_grad = r.choice::<crate::scenario::training::ZeroGrad>("zero_grad");
            let opt_in_bwd = r.toggle("opt_in_bwd");
            let act_offload = r.toggle("act_offload");
            let paged_optimizer = r.toggle("paged_optimizer");
            let kbit_fp32 = r.toggle("kbit_fp32");
            let gathered_layers = r.count("gathered_layers", 0, 1 << 16, false);
            let bucket_size = r.count("bucket_size", 0, 1 << 40, false);
            let nccl_mib = r.fixed(
                "nccl_buffers",
                0,
                MAX_RUNTIME_MIB,
                "whole MiB from 0 to 1048576",
            );
            let batching = r.choice::<crate::scenario::training::Batching>("batching");
            let expandable_segments = r.toggle("expandable_segments");
            let reshard_after_forward =
                r.choice::<crate::scenario::training::ReshardAfterForward>("reshard_after_forward");
            let pp_grad_sync = r.choice::<crate::scenario::training::PpGradSync>("pp_grad_sync");
            Some(crate::scenario::training::Mechanics {
                framework: framework?,
                loss_chunks: loss_chunks?,
                fused_loss: fused_loss?,
                compile: compile?,
                zero_grad: zero_grad?,
                opt_in_bwd: opt_in_bwd?,
                act_offload: act_offload?,
                paged_optimizer: paged_optimizer?,
                kbit_fp32: kbit_fp32?,
                gathered_layers: gathered_layers?,
                bucket_size: bucket_size?,
                nccl_mib: nccl_mib?,
                batching: batching?,
                expandable_segments: expandable_segments?,
                reshard_after_forward: reshard_after_forward?,
                pp_grad_sync: pp_grad_sync?,
            })
        })();
        let milli_bpw = if r.given("bpw") {
            match r.fixed("bpw", 3, 64_000, "between 0.001 and 64 bits") {
                Some(0) => {
                    r.fail("bpw", "must be above 0 (or left empty)");
                    None
                }
                v => v.map(Some),
            }
        } else {
            Some(None)
        };
        let sparsity_bp = r.fixed("sparsity", 2, 9_999, "from 0 to 99.99 %");
        let sparse_format = r.choice::<SparseFormat>("sparse_format");
        let gpus = r.count("gpus", 1, MAX_GPUS, false);
        let tp = r.count("tp", 1, MAX_GPUS, false);
        let pp = r.count("pp", 1, MAX_GPUS, false);
        let sp = r.toggle("sp");
        let zero = match r.raw("zero") {
            "0" => Some(0u8),
            "1" => Some(1),
            "2" => Some(2),
            "3" => Some(3),
            other => {
                let msg = format!("'{other}' is not a ZeRO stage; use 0, 1, 2 or 3");
                r.fail("zero", msg);
                None
            }
        };
        let offload = r.choice::<Offload>("offload");
        let gpus_per_node = r.count("gpus_per_node", 1, 1024, false);
        let dataset = r.size("dataset", 1 << 30, 1 << 60);
        let samples = r.count("samples", 1, 1 << 50, true);
        let sample_size = r.size("sample_size", 1, 1 << 40);
        let dataset_on = r.choice::<DatasetOn>("dataset_on");
        let gpu = match gpu_by_id(r.raw("gpu")) {
            Some(g) => Some(g),
            None => {
                let ids: Vec<&str> = GPUS.iter().map(|g| g.id).collect();
                let msg = format!(
                    "'{}' is not a known GPU; use one of {} or set gpu_mem",
                    r.raw("gpu"),
                    ids.join(", ")
                );
                r.fail("gpu", msg);
                None
            }
        };
        let gpu_mem = r.size("gpu_mem", 1 << 30, MAX_DEVICE_BYTES);
        let host_mem = r.size("host_mem", 1 << 30, 1 << 60);
        let runtime_mib = r.fixed("runtime", 0, MAX_RUNTIME_MIB, "whole MiB from 0 to 1048576");
        let overhead_bp = r.fixed("overhead", 2, MAX_OVERHEAD_BP, "between 0 and 100 %");

        let measured = r.size("measured", 1 << 30, MAX_DEVICE_BYTES);
        let measured_kind = r.choice::<crate::scenario::measured::Measured>("measured_kind");
        let calibration = r.size("calibration", 1 << 20, MAX_DEVICE_BYTES);
        if let (Some(Mode::Sim), Some(k)) = (mode, measured_kind) {
            if k != crate::scenario::measured::Measured::Rank
                && k != crate::scenario::measured::Measured::NvidiaSmi
            {
                r.fail(
                    "measured_kind",
                    "simulations compare with nvidia-smi (GPU runs) or the code's per-rank report",
                );
            }
        }

        let sim = self.parse_sim(&mut r);
        let sciml = (|| {
            Some(crate::scenario::sciml::SciMl {
                model: r.choice::<crate::scenario::sciml::ModelKind>("model")?,
                width: r.count("width", 1, 1_000_000, false)?,
                depth: r.count("depth", 1, 10_000, false)?,
                points: r.count("collocation", 1, 1_000_000_000_000, false)?,
                derivs: r.count("deriv_order", 0, 10, false)?,
                grid: r.count("grid_points", 1, 1_000_000_000_000, false)?,
                modes: r.count("fourier_modes", 1, 10_000, false)?,
                dims: r.count("spatial_dims", 1, 3, false)?,
                nodes: r.count("graph_nodes", 1, 1_000_000_000_000, false)?,
                edges: r.count("graph_edges", 1, 1_000_000_000_000, false)?,
                channels: r.count("base_channels", 1, 1_000_000, false)?,
                inputs: r.count("in_channels", 1, 1_000_000, false)?,
                outputs: r.count("out_channels", 1, 1_000_000, false)?,
            })
        })();
        let arch = self.parse_arch(&mut r);
        let is_sim = mode == Some(Mode::Sim);
        let is_transformer = !matches!(sciml.map(|m| m.model), Some(m) if m != crate::scenario::sciml::ModelKind::Transformer);
        if !is_sim
            && is_transformer
            && params.is_none()
            && !r.given("params")
            && matches!(arch, Some(None))
        {
            r.fail(
                "params",
                "give a parameter count, or the architecture (layers, hidden, heads, vocab)",
            );
        }

        // One GPU with model parallelism asked for means the smallest group that holds it.
        let gpus = match (gpus, tp, pp) {
            (Some(1), Some(t), Some(p)) => Some(t.saturating_mul(p)),
            (g, _, _) => g,
        };
        // Consistency between fields, reported on the field to change.
        if let (Some(g), Some(t), Some(p)) = (gpus, tp, pp) {
            if g % (t * p) != 0 {
                r.fail(
                    "gpus",
                    format!("gpus must be a multiple of tp × pp = {}", t * p),
                );
            }
        }
        if let (Some(Some(a)), Some(t)) = (arch, tp) {
            if a.heads % t != 0 {
                r.fail(
                    "tp",
                    format!("tp must divide heads ({}), the attention heads", a.heads),
                );
            } else if t < a.kv_heads && !a.kv_heads.is_multiple_of(t)
                || t > a.kv_heads && !t.is_multiple_of(a.kv_heads)
            {
                // vLLM and Megatron split KV heads evenly, or replicate each over tp / kv_heads ranks.
                r.fail(
                    "tp",
                    format!(
                        "tp must divide the KV heads ({}) or be a multiple of them",
                        a.kv_heads
                    ),
                );
            }
        }
        if let (Some(Some(a)), Some(p)) = (arch, pp) {
            if p > a.layers {
                r.fail(
                    "pp",
                    format!("pp cannot exceed the number of layers ({})", a.layers),
                );
            }
        }
        if matches!(dataset, Some(Some(_))) && samples.is_some() {
            r.fail(
                "samples",
                "give either dataset or samples × sample_size, not both",
            );
        }
        if samples.is_some() && matches!(sample_size, Some(None)) {
            r.fail("sample_size", "samples needs a sample_size");
        }
        if let (Some(n), Some(Some(b))) = (samples, sample_size) {
            if n.saturating_mul(b) > 1 << 60 {
                r.fail(
                    "samples",
                    "samples × sample_size is above the limit of 1 EiB",
                );
            }
        }
        if let (Some(0), Some(Offload::All)) = (zero, offload) {
            r.fail("offload", "offloading parameters needs ZeRO stage 3");
        }
        if let (Some(z), Some(Offload::Optimizer)) = (zero, offload) {
            if z == 0 {
                r.fail(
                    "offload",
                    "offloading the optimizer needs ZeRO stage 1 or higher",
                );
            }
        }

        if !r.errors.is_empty() {
            return Err(r.errors);
        }
        let s = Scenario {
            mode: mode.unwrap(),
            params,
            arch: arch.unwrap(),
            model: model.unwrap(),
            // The rule matters only for a bare count; elsewhere it is kept at the default so
            // links stay short.
            shape: if arch.is_some_and(|a| a.is_some()) || mode == Some(Mode::Sim) {
                ShapeRule::Catalog
            } else {
                shape.unwrap()
            },
            batch: batch.unwrap(),
            seq: seq.unwrap(),
            dtype: dtype.unwrap(),
            mixed: mixed.unwrap(),
            grad_dtype: grad_dtype.unwrap(),
            optimizer: optimizer.unwrap(),
            recompute: recompute.unwrap(),
            flash_attention: flash_attention.unwrap(),
            dropout: dropout.unwrap(),
            softmax_fp32: softmax_fp32.unwrap(),
            parallel: Parallel {
                gpus: gpus.unwrap(),
                tp: tp.unwrap(),
                pp: pp.unwrap(),
                sp: sp.unwrap(),
                zero: zero.unwrap(),
                offload: offload.unwrap(),
                gpus_per_node: gpus_per_node.unwrap(),
            },
            lora_rank: lora_rank.unwrap(),
            lora_targets: lora_targets.unwrap(),
            quant: quant.unwrap(),
            milli_bpw: milli_bpw.unwrap(),
            kv_dtype: kv_dtype.unwrap(),
            kv_quant,
            engine: engine.unwrap(),
            gpu_util_milli: gpu_util.unwrap(),
            max_batched_tokens: max_batched_tokens.unwrap(),
            max_num_seqs: max_num_seqs.unwrap(),
            cuda_graphs: cuda_graphs.unwrap(),
            gpu_layers: gpu_layers.unwrap(),
            sparsity_bp: sparsity_bp.unwrap(),
            sparse_format: sparse_format.unwrap(),
            dataset_bytes: dataset.flatten().unwrap_or(0),
            samples: samples.unwrap_or(0),
            sample_bytes: sample_size.flatten().unwrap_or(0),
            dataset_on: dataset_on.unwrap(),
            device: Device {
                preset: gpu.unwrap(),
                custom_bytes: gpu_mem.unwrap(),
            },
            host_mem: host_mem.unwrap(),
            runtime_mib: runtime_mib.unwrap(),
            overhead_bp: overhead_bp.unwrap(),
            sim: sim.unwrap(),
            sciml: sciml.unwrap(),
            measured: measured.unwrap(),
            measured_kind: measured_kind.unwrap(),
            calibration: calibration.flatten().unwrap_or(0),
            mech: mech.unwrap(),
        };
        Ok(s)
    }

    /// The simulation inputs (always validated, so a link stays valid when the mode changes).
    fn parse_sim(&self, r: &mut Reader) -> Option<Sim> {
        let fixed =
            |r: &mut Reader, key: &'static str, places: u32, min: u64, max: u64, range: &str| {
                let v = r.fixed(key, places, max, range)?;
                if v < min {
                    r.fail(key, format!("must be {range}"));
                    return None;
                }
                Some(v)
            };
        let code = r.choice::<crate::catalog::codes::Code>("code");
        let method = r.choice::<Method>("method");
        let device = r.choice::<SimDevice>("sim_device");
        let host_mirror = r.toggle("host_mirror");
        let halo_one_rank = r.toggle("halo_one_rank");
        let nx = r.count("nx", 1, 10_000_000, false);
        let ny = r.count("ny", 1, 10_000_000, false);
        let nz = r.count("nz", 1, 10_000_000, false);
        let fields = r.count("fields", 1, 1000, false);
        let levels = r.count("levels", 1, 100, false);
        let work = r.count("work", 0, 1000, false);
        let halo = r.count("halo", 0, 64, false);
        let particles = r.count("particles", 1, 1_000_000_000_000, false);
        let atom_style = r.choice::<AtomStyle>("atom_style");
        let attrs = r
            .count("attrs", 0, 1_000_000, true)
            .or(Some(0).filter(|_| !r.given("attrs")));
        let cutoff = fixed(
            r,
            "cutoff",
            3,
            1,
            1_000_000_000,
            "above 0 and at most 1,000,000, with up to 3 decimals",
        );
        let skin = fixed(
            r,
            "skin",
            3,
            0,
            1_000_000_000,
            "from 0 to 1,000,000, with up to 3 decimals",
        );
        let density = fixed(
            r,
            "density",
            6,
            1,
            1_000_000_000_000,
            "above 0 and at most 1,000,000, with up to 6 decimals",
        );
        let neighbors = r
            .count("neighbors", 0, 1_000_000, true)
            .or(Some(0).filter(|_| !r.given("neighbors")));
        let newton = r.toggle("newton");
        let long_range = r.choice::<LongRange>("long_range");
        let potential = r.choice::<Potential>("potential");
        let topo_keys = [
            "max_bonds",
            "max_angles",
            "max_dihedrals",
            "max_impropers",
            "max_special",
        ];
        let topology = if topo_keys.iter().any(|k| r.given(k)) {
            let mut v = [0u64; 5];
            let mut ok = true;
            for (slot, key) in v.iter_mut().zip(topo_keys) {
                match r.count(key, 0, 1000, true) {
                    Some(n) => *slot = n,
                    None if r.given(key) => ok = false,
                    None => {}
                }
            }
            ok.then_some(Some(Topology {
                bonds: v[0],
                angles: v[1],
                dihedrals: v[2],
                impropers: v[3],
                special: v[4],
            }))
        } else {
            Some(None)
        };
        let shake = r.toggle("shake");
        let reax = (|| {
            let version = r.choice::<crate::scenario::sim::ReaxVersion>("reaxff_version");
            let bonds = r.count("reaxff_bonds", 0, 1000, false);
            let safezone = fixed(r, "safezone", 3, 1000, 100_000, "a factor from 1 to 100");
            let mincap = r.count("mincap", 1, 1_000_000, false);
            let qeq = r.toggle("qeq");
            Some(crate::scenario::sim::Reax {
                version: version?,
                bonds: bonds?,
                safezone_milli: safezone?,
                mincap: mincap?,
                qeq: qeq?,
            })
        })();
        let atom_map = r.choice::<AtomMap>("atom_map");
        let kspace_grid = r
            .count("kspace_grid", 0, 10_000_000_000_000, true)
            .or(Some(0).filter(|_| !r.given("kspace_grid")));
        let cells = r.count("cells", 1, 1_000_000_000_000, false);
        let element = r.choice::<Element>("element");
        let dofs = r.count("dofs", 1, 1000, false);
        let krylov = r.count("krylov", 0, 1000, false);
        let precond = r.choice::<Precond>("precond");
        let solver = r.choice::<Solver>("solver");
        let index_bytes = match r.raw("index_bytes") {
            "4" => Some(4),
            "8" => Some(8),
            other => {
                let msg = format!("'{other}' is not an index width; use 4 or 8");
                r.fail("index_bytes", msg);
                None
            }
        };
        let lattice = r.choice::<Lattice>("lattice");
        let streaming = r.choice::<Streaming>("streaming");
        let lbm_dtype = r.optional_choice::<Dtype>("lbm_dtype");
        let complex = r.toggle("complex");
        let dealias = r.toggle("dealias");
        let ranks = r.count("ranks", 1, MAX_GPUS, false);
        let nodes = r.count("nodes", 1, MAX_GPUS, false);
        let node_mem = r.size("node_mem", 1 << 30, 1 << 60);
        if matches!(node_mem, Some(None)) {
            r.fail("node_mem", "is required");
        }
        let rank_mib = r.fixed(
            "rank_overhead",
            0,
            MAX_RUNTIME_MIB,
            "whole MiB from 0 to 1048576",
        );
        let replicated = r.fixed(
            "replicated",
            0,
            MAX_RUNTIME_MIB,
            "whole MiB from 0 to 1048576",
        );
        let language = r.choice::<crate::scenario::sim::Language>("language");
        let imbalance = r.fixed("imbalance", 2, 100_000, "from 0 to 1000 %");
        let steps = r.count("steps", 1, 1_000_000_000_000, false);
        let output_every = r.count("output_every", 0, 1_000_000_000_000, false);
        let snapshots = r.count("snapshots", 0, 1_000_000, false);
        let compression = fixed(
            r,
            "compression",
            2,
            100,
            100_000_000,
            "a ratio from 1 to 1,000,000",
        );
        let checkpoint_every = r.count("checkpoint_every", 0, 1_000_000_000_000, false);
        let adjoint = r.choice::<Adjoint>("adjoint");
        let adjoint_snapshots = r.count("adjoint_snapshots", 0, 1_000_000, false);
        let pw = self.parse_planewave(r, &fixed);
        let amr = self.parse_amr(r, &fixed, nx.zip(ny).zip(nz).map(|((x, y), z)| (x, y, z)));
        let nbody = self.parse_nbody(r, &fixed);
        if let (Some(x), Some(y), Some(z)) = (nx, ny, nz) {
            if x * y * z > 1_000_000_000_000 {
                r.fail("nx", "nx × ny × nz is above the limit of 10^12 cells");
            }
        }
        if let (Some(rk), Some(n)) = (ranks, nodes) {
            if n > rk {
                r.fail("nodes", format!("nodes cannot exceed ranks ({rk})"));
            }
        }
        Some(Sim {
            code: code?,
            method: method?,
            nx: nx?,
            ny: ny?,
            nz: nz?,
            fields: fields?,
            levels: levels?,
            work: work?,
            halo: halo?,
            particles: particles?,
            atom_style: atom_style?,
            attrs: attrs?,
            cutoff_milli: cutoff?,
            skin_milli: skin?,
            density_micro: density?,
            neighbors: neighbors?,
            newton: newton?,
            long_range: long_range?,
            potential: potential?,
            topology: topology?,
            shake: shake?,
            atom_map: atom_map?,
            kspace_grid: kspace_grid?,
            cells: cells?,
            element: element?,
            dofs: dofs?,
            krylov: krylov?,
            precond: precond?,
            solver: solver?,
            index_bytes: index_bytes?,
            lattice: lattice?,
            streaming: streaming?,
            lbm_dtype: lbm_dtype?,
            complex: complex?,
            dealias: dealias?,
            ranks: ranks?,
            nodes: nodes?,
            node_mem: node_mem.flatten()?,
            device: device?,
            host_mirror: host_mirror?,
            halo_one_rank: halo_one_rank?,
            rank_mib: rank_mib?,
            replicated_mib: replicated?,
            language: language?,
            reax: reax?,
            imbalance_bp: imbalance?,
            steps: steps?,
            output_every: output_every?,
            snapshots: snapshots?,
            compression_c: compression?,
            checkpoint_every: checkpoint_every?,
            adjoint: adjoint?,
            adjoint_snapshots: adjoint_snapshots?,
            pw: pw?,
            amr: amr?,
            nbody: nbody?,
        })
    }

    /// The block-structured AMR inputs.
    fn parse_amr(
        &self,
        r: &mut Reader,
        fixed: &FixedReader,
        base: Option<(u64, u64, u64)>,
    ) -> Option<crate::scenario::amr::Amr> {
        let max_level = r.count("amr_levels", 0, 30, false);
        let ratio = r.count("ref_ratio", 2, 16, false);
        let fill = fixed(
            r,
            "fill",
            2,
            0,
            10_000,
            "from 0 to 100 %, with up to 2 decimals",
        );
        let block = r.count("block_size", 1, 4096, false);
        let blocks = r
            .count("amr_blocks", 0, 1_000_000_000_000, true)
            .or(Some(0).filter(|_| !r.given("amr_blocks")));
        let ghost_state = r.toggle("ghost_state");
        let coarse_copies = r.count("coarse_copies", 0, 100, false);
        let exchange_copies = r.count("exchange_copies", 0, 100, false);
        let meta = r.count("block_meta", 0, 1_000_000, false);
        let amr = crate::scenario::amr::Amr {
            max_level: max_level?,
            ratio: ratio?,
            fill_bp: fill?,
            block: block?,
            blocks: blocks?,
            ghost_state: ghost_state?,
            coarse_copies: coarse_copies?,
            exchange_copies: exchange_copies?,
            meta_bytes: meta?,
        };
        // The hierarchy is bounded like a grid: at most 10^13 cells over all levels.
        let h = amr.hierarchy(base?, true);
        let cells: f64 = if amr.blocks > 0 {
            h.blocks * h.block_cells
        } else {
            h.cells.iter().sum()
        };
        if cells.is_nan() || cells > 1e13 {
            r.fail("amr_levels", "the levels hold more than 10^13 cells: fewer levels, a smaller share or a coarser base grid");
            return None;
        }
        Some(amr)
    }

    /// The tree-PM N-body inputs.
    fn parse_nbody(
        &self,
        r: &mut Reader,
        fixed: &FixedReader,
    ) -> Option<crate::scenario::nbody::Nbody> {
        let part_bytes = r.count("part_bytes", 1, 100_000, false);
        let alloc = fixed(
            r,
            "alloc_factor",
            2,
            100,
            10_000,
            "from 1 to 100, with up to 2 decimals",
        );
        let tree = fixed(
            r,
            "tree_factor",
            2,
            0,
            10_000,
            "from 0 to 100, with up to 2 decimals",
        );
        let node_bytes = r.count("node_bytes", 0, 100_000, false);
        let pm_grid = r.count("pm_grid", 0, 100_000, false);
        let pm_arrays = r.count("pm_arrays", 0, 100, false);
        let timebin_lists = r.count("timebin_lists", 0, 100, false);
        let comm = r.count("comm_buffer", 0, MAX_RUNTIME_MIB, false);
        let ewald = r.count("ewald_bytes", 0, 10_000, false);
        Some(crate::scenario::nbody::Nbody {
            part_bytes: part_bytes?,
            alloc_c: alloc?,
            tree_c: tree?,
            node_bytes: node_bytes?,
            pm_grid: pm_grid?,
            pm_arrays: pm_arrays?,
            timebin_lists: timebin_lists?,
            comm_mib: comm?,
            ewald_bytes: ewald?,
        })
    }

    /// The plane-wave DFT inputs.
    fn parse_planewave(
        &self,
        r: &mut Reader,
        fixed: &FixedReader,
    ) -> Option<crate::scenario::planewave::PlaneWave> {
        use crate::scenario::planewave::*;
        let ecut_range = "above 0 and at most 1,000,000 Ry, with up to 3 decimals";
        let ecutwfc = fixed(r, "ecutwfc", 3, 1, 1_000_000_000, ecut_range);
        let ecutrho = if r.given("ecutrho") {
            fixed(r, "ecutrho", 3, 1, 1_000_000_000, ecut_range)
        } else {
            Some(0)
        };
        let volume = fixed(
            r,
            "cell_volume",
            3,
            1,
            1_000_000_000_000_000,
            "above 0 and at most 10^12 bohr³, with up to 3 decimals",
        );
        let bands = r.count("bands", 1, 10_000_000, false);
        let kpoints = r.count("kpoints", 1, 10_000_000, false);
        let spin = r.choice::<Spin>("spin");
        let gamma = r.toggle("gamma_only");
        let atoms = r.count("atoms", 1, 100_000_000, false);
        let species = r.count("species", 1, 1000, false);
        let pp = r.choice::<PpKind>("pseudopotential");
        let projectors = r
            .count("projectors", 0, 1_000_000_000, true)
            .or(Some(0).filter(|_| !r.given("projectors")));
        let betas = r.count("betas", 1, 100, false);
        let lmax = r.count("lmax_beta", 0, 3, false);
        let diagonalization = r.choice::<Diagonalization>("diagonalization");
        let david_ndim = r.count("david_ndim", 2, 100, false);
        let mixing_ndim = r.count("mixing_ndim", 1, 100, false);
        let pools = r.count("pools", 1, MAX_GPUS, false);
        let wfc_disk = r.toggle("wfc_disk");
        let fft_grid = r
            .count("fft_grid", 0, 1_000_000_000_000, true)
            .or(Some(0).filter(|_| !r.given("fft_grid")));
        let forces = r.toggle("forces");
        let stress = r.toggle("stress");
        let arrays = r.choice::<DftArrays>("dft_arrays");
        let band_groups = r.count("band_groups", 1, MAX_GPUS, false);
        let xc = r.choice::<XcLevel>("xc");
        let smearing = r.toggle("smearing");
        let core_correction = r.toggle("core_correction");
        let symmetries = r.count("symmetries", 1, 192, false);
        if let (Some(e), Some(rho)) = (ecutwfc, ecutrho) {
            if rho > 0 && rho < e {
                r.fail("ecutrho", "must be at least ecutwfc");
            }
        }
        if let (Some(g), Some(Spin::Noncollinear)) = (gamma, spin) {
            if g {
                r.fail(
                    "gamma_only",
                    "the Γ trick needs real wavefunctions: not with non-collinear spin",
                );
            }
        }
        Some(PlaneWave {
            ecutwfc_milli: ecutwfc?,
            ecutrho_milli: ecutrho?,
            volume_milli: volume?,
            bands: bands?,
            kpoints: kpoints?,
            spin: spin?,
            gamma: gamma?,
            atoms: atoms?,
            species: species?,
            projectors: projectors?,
            betas: betas?,
            lmax: lmax?,
            pp: pp?,
            diagonalization: diagonalization?,
            david_ndim: david_ndim?,
            mixing_ndim: mixing_ndim?,
            pools: pools?,
            wfc_disk: wfc_disk?,
            fft_grid: fft_grid?,
            forces: forces?,
            stress: stress?,
            arrays: arrays?,
            band_groups: band_groups?,
            xc: xc?,
            smearing: smearing?,
            core_correction: core_correction?,
            symmetries: symmetries?,
        })
    }

    /// A change the user made in the form: switching the mode or the code also moves the
    /// settings that follow from it; any other key only takes its value.
    pub fn change(&mut self, key: &str, value: String) {
        match key {
            "mode" => self.switch_mode(&value),
            // A framework moves the settings it implies that the user has not changed.
            "framework" => self.switch_framework(&value),
            // A known model fills the architecture fields; they stay editable.
            "model_id" => self.choose_model(&value),
            "code" => {
                self.apply_code(&value);
                self.set("code", value);
            }
            _ => {
                self.set(key, value);
            }
        }
    }

    /// Sets every setting a code's profile names (an unknown code changes nothing here; the
    /// `code` field itself reports it).
    pub fn apply_code(&mut self, code: &str) {
        if let Ok(c) = crate::base::choice::Choice::parse(code) {
            for (k, v) in crate::schema::query::pairs(crate::catalog::codes::profile(c).query) {
                self.set(&k, v);
            }
        }
    }

    /// Writes an architecture into the architecture fields; the count is derived from it and no
    /// catalog model is named any more (a config.json import; a chosen model names itself after).
    pub fn set_arch(&mut self, arch: &Arch) {
        let filled = Inputs::from_scenario(&Scenario {
            arch: Some(*arch),
            params: None,
            ..Scenario::default()
        });
        for f in FIELDS
            .iter()
            .filter(|f| f.group == crate::schema::fields::Group::Architecture && f.key != "shape")
        {
            self.set(f.key, filled.get(f.key).to_string());
        }
        self.set("params", "");
        self.set("model_id", "");
    }

    /// Chooses a catalog model by id or alias: its architecture fills the architecture fields
    /// and the count is derived from it (every field stays editable). An id the catalog does not
    /// know is kept as typed, for its error, and changes nothing else.
    pub fn choose_model(&mut self, id: &str) {
        self.set("model_id", id);
        let Some(m) = crate::catalog::model_by_id(id) else {
            return;
        };
        self.set_arch(&m.arch);
        // Kept as typed (an alias, another case): the page never rewrites what is being typed.
        self.set("model_id", id);
    }

    /// Switches the mode, moving every field still at the old mode's default to the new one's
    /// (simulations default to FP64), and keeping what the user changed.
    pub fn switch_mode(&mut self, mode: &str) {
        let old = crate::base::choice::Choice::parse(self.get("mode")).unwrap_or(Mode::Train);
        let new: Mode = match crate::base::choice::Choice::parse(mode) {
            Ok(m) => m,
            Err(_) => {
                self.set("mode", mode);
                return;
            }
        };
        let (from, to) = (
            Inputs::from_scenario(&Scenario::default_for(old)),
            Inputs::from_scenario(&Scenario::default_for(new)),
        );
        for (key, value) in self.raw.iter_mut() {
            if *value == from.get(key) {
                *value = to.get(key).to_string();
            }
        }
        self.set("mode", new.id());
    }

    /// The architecture if its four essential fields are given; errors for partial or
    /// inconsistent ones. Some(None) means no architecture was given.
    fn parse_arch(&self, r: &mut Reader) -> Option<Option<Arch>> {
        let essentials = ["layers", "hidden", "heads", "vocab"];
        let given: Vec<&str> = essentials.iter().copied().filter(|k| r.given(k)).collect();
        let others_given = ["kv_heads", "head_dim", "ffn"]
            .iter()
            .chain(NEWER_COUNTS)
            .any(|k| r.given(k));
        let mlp = r.choice::<Mlp>("mlp");
        let bias = r.choice::<Bias>("bias");
        let norm = r.choice::<Norm>("norm");
        let tied = r.toggle("tied");
        let learned_pos = r.count("learned_pos", 0, 1 << 24, false);
        let experts = r.count("experts", 1, 1 << 16, false);
        let active = r.count("active_experts", 1, 1 << 16, false);
        let router_bias = r.toggle("router_bias");
        let sinks = r.toggle("attn_sinks");
        let qk_norm = r.choice::<QkNorm>("qk_norm");
        let sandwich = r.toggle("sandwich_norm");
        // Counts whose empty (or 0) value means "not used".
        let mut newer = [0u64; 10];
        let mut newer_ok = true;
        for (slot, key) in newer.iter_mut().zip(NEWER_COUNTS) {
            let max = if *key == "max_context" {
                1 << 27
            } else {
                100_000_000
            };
            match r.count(key, 0, max, true) {
                Some(v) => *slot = v,
                None => newer_ok &= !r.given(key),
            }
        }
        let [moe_ffn, shared_experts, dense_layers, kv_lora_rank, q_lora_rank, rope_dim, v_head_dim, window, global_every, max_context] =
            newer;
        if given.is_empty() {
            if others_given {
                r.fail(
                    "layers",
                    "an architecture needs layers, hidden, heads and vocab",
                );
                return None;
            }
            return Some(None);
        }
        if given.len() < essentials.len() {
            let missing: Vec<&str> = essentials
                .iter()
                .copied()
                .filter(|k| !given.contains(k))
                .collect();
            let key = field(missing[0]).map(|f| f.key).unwrap_or("layers");
            r.fail(
                key,
                format!(
                    "an architecture needs layers, hidden, heads and vocab; missing {}",
                    missing.join(", ")
                ),
            );
            return None;
        }
        let layers = r.count("layers", 1, 100_000, false);
        let hidden = r.count("hidden", 1, 10_000_000, false);
        let heads = r.count("heads", 1, 1_000_000, false);
        let vocab = r.count("vocab", 1, 100_000_000, false);
        let kv_heads = r.count("kv_heads", 1, 1_000_000, true);
        let head_dim = r.count("head_dim", 1, 1_000_000, true);
        let ffn = r.count("ffn", 1, 100_000_000, true);
        let (layers, hidden, heads, vocab, mlp, bias, norm, tied, learned_pos, experts, active) = (
            layers?,
            hidden?,
            heads?,
            vocab?,
            mlp?,
            bias?,
            norm?,
            tied?,
            learned_pos?,
            experts?,
            active?,
        );
        let (router_bias, sinks, qk_norm, sandwich) = (router_bias?, sinks?, qk_norm?, sandwich?);
        if !newer_ok {
            return None;
        }
        let kv_heads = if r.given("kv_heads") {
            kv_heads?
        } else {
            heads
        };
        if heads % kv_heads != 0 {
            r.fail("kv_heads", format!("kv_heads must divide heads ({heads})"));
            return None;
        }
        let head_dim = if r.given("head_dim") {
            head_dim?
        } else if hidden % heads != 0 {
            r.fail(
                "head_dim",
                format!("hidden ({hidden}) is not a multiple of heads ({heads}): give head_dim"),
            );
            return None;
        } else {
            hidden / heads
        };
        let ffn = if r.given("ffn") {
            ffn?
        } else {
            Arch::default_ffn(hidden, mlp)
        };
        if active > experts {
            r.fail(
                "active_experts",
                format!("active_experts cannot exceed experts ({experts})"),
            );
            return None;
        }
        let moe_only = [
            ("moe_ffn", moe_ffn),
            ("shared_experts", shared_experts),
            ("dense_layers", dense_layers),
        ];
        if let Some((key, _)) = moe_only.iter().find(|(_, v)| *v > 0 && experts == 1) {
            r.fail(
                key,
                "applies to mixture-of-experts models: set experts above 1",
            );
            return None;
        }
        if dense_layers > layers {
            r.fail(
                "dense_layers",
                format!("dense_layers cannot exceed layers ({layers})"),
            );
            return None;
        }
        if kv_lora_rank == 0 {
            if let Some(key) = [("q_lora_rank", q_lora_rank), ("qk_rope_dim", rope_dim)]
                .iter()
                .find(|(_, v)| *v > 0)
                .map(|(k, _)| *k)
            {
                r.fail(
                    key,
                    "belongs to multi-head latent attention: give kv_lora_rank too",
                );
                return None;
            }
        }
        if rope_dim >= head_dim && rope_dim > 0 {
            r.fail(
                "qk_rope_dim",
                format!("must be below head_dim ({head_dim}), which is nope + rope"),
            );
            return None;
        }
        if global_every > 0 && window == 0 {
            r.fail("global_every", "needs a sliding_window");
            return None;
        }
        let arch = Arch {
            layers,
            hidden,
            heads,
            kv_heads,
            head_dim,
            ffn,
            vocab,
            mlp,
            bias,
            tied,
            learned_pos,
            norm,
            experts,
            active_experts: active,
            moe_ffn,
            shared_experts,
            dense_layers,
            router_bias,
            sinks,
            q_lora_rank,
            kv_lora_rank,
            rope_dim,
            v_head_dim,
            window,
            global_every,
            qk_norm,
            sandwich,
            max_context,
        };
        if arch.total_params() > MAX_PARAMS {
            r.fail(
                "layers",
                "this architecture has more than 10^15 parameters, the limit",
            );
            return None;
        }
        Some(Some(arch))
    }
}

/// Architecture counts of newer designs, in the order `parse_arch` reads them; empty or 0 means
/// the classic layer.
const NEWER_COUNTS: &[&str] = &[
    "moe_ffn",
    "shared_experts",
    "dense_layers",
    "kv_lora_rank",
    "q_lora_rank",
    "qk_rope_dim",
    "v_head_dim",
    "sliding_window",
    "global_every",
    "max_context",
];

/// Whether a key belongs to the form (as opposed to e.g. `v`, the schema version).
pub fn is_field(key: &str) -> bool {
    field(key).is_some()
}
