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
use crate::schema::fields::{Bounds, Field, FieldId, FieldId as F, FieldKind, FIELDS};

/// A validation failure tied to the field (URL key) it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub field: FieldId,
    pub message: String,
}

impl FieldError {
    /// The URL key of the field, as the CLI and the page's `data-key` name it.
    pub fn key(&self) -> &'static str {
        self.field.key()
    }
}

/// The raw text of every field, indexed by [`FieldId`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inputs {
    raw: Vec<String>,
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

/// The canonical text of one field of a valid scenario. Exhaustive: a new key is a compile
/// error here until its canonical text is written.
fn canonical(id: FieldId, s: &Scenario) -> String {
    let arch = |f: fn(&Arch) -> String| s.arch.as_ref().map(f).unwrap_or_default();
    let p = &s.parallel;
    let m = &s.sim;
    let opt = |v: u64| if v == 0 { String::new() } else { v.to_string() };
    match id {
        F::Mode => s.mode.id().into(),
        F::Params => s.params.map(format_count).unwrap_or_default(),
        F::ModelId => s.model.map(|m| m.id).unwrap_or("").into(),
        F::Shape => s.shape.id().into(),
        F::Batch => s.batch.to_string(),
        F::Seq => s.seq.to_string(),
        F::Dtype => s.dtype.id().into(),
        F::Optimizer => s.optimizer.id().into(),
        F::Mixed => toggle_text(s.mixed).into(),
        F::GradDtype => s.grad_dtype.map(|d| d.id()).unwrap_or("").into(),
        F::KvDtype => s
            .kv_quant
            .map(|q| q.id())
            .or(s.kv_dtype.map(|d| d.id()))
            .unwrap_or("")
            .into(),
        F::Engine => s.engine.id().into(),
        F::GpuUtil => s
            .gpu_util_milli
            .map(|u| format_fixed(u, 3))
            .unwrap_or_default(),
        F::MaxBatchedTokens => s
            .max_batched_tokens
            .map(|t| t.to_string())
            .unwrap_or_default(),
        F::MaxNumSeqs => s.max_num_seqs.map(|t| t.to_string()).unwrap_or_default(),
        F::CudaGraphs => s.cuda_graphs.id().into(),
        F::GpuLayers => s.gpu_layers.map(|t| t.to_string()).unwrap_or_default(),
        F::Recompute => s.recompute.id().into(),
        F::FlashAttention => toggle_text(s.flash_attention).into(),
        F::Dropout => toggle_text(s.dropout).into(),
        F::SoftmaxFp32 => toggle_text(s.softmax_fp32).into(),
        F::LoraRank => s.lora_rank.to_string(),
        F::LoraTargets => s.lora_targets.text(),
        F::Framework => s.mech.framework.id().into(),
        F::LossChunks => s
            .mech
            .loss_chunks
            .map(|c| c.to_string())
            .unwrap_or_default(),
        F::FusedLoss => toggle_text(s.mech.fused_loss).into(),
        F::Compile => toggle_text(s.mech.compile).into(),
        F::ZeroGrad => s.mech.zero_grad.id().into(),
        F::OptInBwd => toggle_text(s.mech.opt_in_bwd).into(),
        F::ActOffload => toggle_text(s.mech.act_offload).into(),
        F::PagedOptimizer => toggle_text(s.mech.paged_optimizer).into(),
        F::KbitFp32 => toggle_text(s.mech.kbit_fp32).into(),
        F::GatheredLayers => s.mech.gathered_layers.to_string(),
        F::BucketSize => format_count(s.mech.bucket_size),
        F::NcclBuffers => s.mech.nccl_mib.to_string(),
        F::Batching => s.mech.batching.id().into(),
        F::ExpandableSegments => toggle_text(s.mech.expandable_segments).into(),
        F::ReshardAfterForward => s.mech.reshard_after_forward.id().into(),
        F::PpGradSync => s.mech.pp_grad_sync.id().into(),
        F::Quant => s.quant.id().into(),
        F::Bpw => s.milli_bpw.map(|b| format_fixed(b, 3)).unwrap_or_default(),
        F::Sparsity => format_fixed(s.sparsity_bp, 2),
        F::SparseFormat => s.sparse_format.id().into(),
        F::Gpus => p.gpus.to_string(),
        F::Tp => p.tp.to_string(),
        F::Pp => p.pp.to_string(),
        F::Sp => toggle_text(p.sp).into(),
        F::Zero => p.zero.to_string(),
        F::Offload => p.offload.id().into(),
        F::GpusPerNode => p.gpus_per_node.to_string(),
        F::Layers => arch(|a| a.layers.to_string()),
        F::Hidden => arch(|a| a.hidden.to_string()),
        F::Heads => arch(|a| a.heads.to_string()),
        // Left empty where they equal the defaults they would be derived from: shorter links.
        F::KvHeads => arch(|a| {
            if a.kv_heads == a.heads {
                String::new()
            } else {
                a.kv_heads.to_string()
            }
        }),
        F::HeadDim => arch(|a| {
            if a.hidden % a.heads == 0 && a.head_dim == a.hidden / a.heads {
                String::new()
            } else {
                a.head_dim.to_string()
            }
        }),
        F::Ffn => arch(|a| {
            if a.ffn == Arch::default_ffn(a.hidden, a.mlp) {
                String::new()
            } else {
                a.ffn.to_string()
            }
        }),
        F::Vocab => arch(|a| a.vocab.to_string()),
        F::Mlp => s.arch.map(|a| a.mlp).unwrap_or(Mlp::Gated).id().into(),
        F::Bias => s.arch.map(|a| a.bias).unwrap_or(Bias::None).id().into(),
        F::Norm => s.arch.map(|a| a.norm).unwrap_or(Norm::RmsNorm).id().into(),
        F::Tied => toggle_text(s.arch.map(|a| a.tied).unwrap_or(false)).into(),
        F::LearnedPos => s.arch.map(|a| a.learned_pos).unwrap_or(0).to_string(),
        F::Experts => s.arch.map(|a| a.experts).unwrap_or(1).to_string(),
        F::MoeFfn => arch_opt(s, |a| a.moe_ffn),
        F::SharedExperts => arch_opt(s, |a| a.shared_experts),
        F::DenseLayers => arch_opt(s, |a| a.dense_layers),
        F::RouterBias => toggle_text(s.arch.is_some_and(|a| a.router_bias)).into(),
        F::AttnSinks => toggle_text(s.arch.is_some_and(|a| a.sinks)).into(),
        F::KvLoraRank => arch_opt(s, |a| a.kv_lora_rank),
        F::QLoraRank => arch_opt(s, |a| a.q_lora_rank),
        F::QkRopeDim => arch_opt(s, |a| a.rope_dim),
        F::VHeadDim => arch_opt(s, |a| a.v_head_dim),
        F::SlidingWindow => arch_opt(s, |a| a.window),
        F::GlobalEvery => arch_opt(s, |a| a.global_every),
        F::QkNorm => s
            .arch
            .map(|a| a.qk_norm)
            .unwrap_or(QkNorm::None)
            .id()
            .into(),
        F::SandwichNorm => toggle_text(s.arch.is_some_and(|a| a.sandwich)).into(),
        F::MaxContext => arch_opt(s, |a| a.max_context),
        F::ActiveExperts => s.arch.map(|a| a.active_experts).unwrap_or(1).to_string(),
        F::Dataset => {
            if s.dataset_bytes > 0 {
                canonical_size(s.dataset_bytes, 1 << 30)
            } else {
                String::new()
            }
        }
        F::Samples => {
            if s.samples > 0 {
                format_count(s.samples)
            } else {
                String::new()
            }
        }
        F::SampleSize => {
            if s.sample_bytes > 0 {
                canonical_size(s.sample_bytes, 1)
            } else {
                String::new()
            }
        }
        F::DatasetOn => s.dataset_on.id().into(),
        F::Measured => s
            .measured
            .map(|b| canonical_size(b, 1 << 30))
            .unwrap_or_default(),
        F::MeasuredKind => s.measured_kind.id().into(),
        F::Calibration => {
            if s.calibration > 0 {
                canonical_size(s.calibration, 1 << 20)
            } else {
                String::new()
            }
        }
        F::Gpu => s.device.preset.id.into(),
        F::GpuMem => s
            .device
            .custom_bytes
            .map(|b| canonical_size(b, 1 << 30))
            .unwrap_or_default(),
        F::HostMem => s
            .host_mem
            .map(|b| canonical_size(b, 1 << 30))
            .unwrap_or_default(),
        F::Runtime => s.runtime_mib.to_string(),
        F::Overhead => format_fixed(s.overhead_bp, 2),
        F::Model => s.sciml.model.id().into(),
        F::Width => s.sciml.width.to_string(),
        F::Depth => s.sciml.depth.to_string(),
        F::Collocation => format_count(s.sciml.points),
        F::DerivOrder => s.sciml.derivs.to_string(),
        F::GridPoints => format_count(s.sciml.grid),
        F::FourierModes => s.sciml.modes.to_string(),
        F::SpatialDims => s.sciml.dims.to_string(),
        F::GraphNodes => format_count(s.sciml.nodes),
        F::GraphEdges => format_count(s.sciml.edges),
        F::BaseChannels => s.sciml.channels.to_string(),
        F::InChannels => s.sciml.inputs.to_string(),
        F::OutChannels => s.sciml.outputs.to_string(),
        F::Method => m.method.id().into(),
        F::Code => m.code.id().into(),
        F::SimDevice => m.device.id().into(),
        F::HostMirror => toggle_text(m.host_mirror).into(),
        F::HaloOneRank => toggle_text(m.halo_one_rank).into(),
        F::Nx => m.nx.to_string(),
        F::Ny => m.ny.to_string(),
        F::Nz => m.nz.to_string(),
        F::Fields => m.fields.to_string(),
        F::Levels => m.levels.to_string(),
        F::Work => m.work.to_string(),
        F::Halo => m.halo.to_string(),
        F::Particles => format_count(m.particles),
        F::AtomStyle => m.atom_style.id().into(),
        F::Attrs => opt(m.attrs),
        F::Cutoff => format_fixed(m.cutoff_milli, 3),
        F::Skin => format_fixed(m.skin_milli, 3),
        F::Density => format_fixed(m.density_micro, 6),
        F::Neighbors => opt(m.neighbors),
        F::Newton => toggle_text(m.newton).into(),
        F::LongRange => m.long_range.id().into(),
        F::Potential => m.potential.id().into(),
        F::MaxBonds => m.topology.map(|t| t.bonds.to_string()).unwrap_or_default(),
        F::MaxAngles => m.topology.map(|t| t.angles.to_string()).unwrap_or_default(),
        F::MaxDihedrals => m
            .topology
            .map(|t| t.dihedrals.to_string())
            .unwrap_or_default(),
        F::MaxImpropers => m
            .topology
            .map(|t| t.impropers.to_string())
            .unwrap_or_default(),
        F::MaxSpecial => m
            .topology
            .map(|t| t.special.to_string())
            .unwrap_or_default(),
        F::Shake => toggle_text(m.shake).into(),
        F::ReaxffVersion => m.reax.version.id().into(),
        F::ReaxffBonds => m.reax.bonds.to_string(),
        F::Safezone => format_fixed(m.reax.safezone_milli, 3),
        F::Mincap => m.reax.mincap.to_string(),
        F::Qeq => toggle_text(m.reax.qeq).into(),
        F::AtomMap => m.atom_map.id().into(),
        F::KspaceGrid => opt(m.kspace_grid),
        F::Cells => format_count(m.cells),
        F::Element => m.element.id().into(),
        F::Dofs => m.dofs.to_string(),
        F::Krylov => m.krylov.to_string(),
        F::Precond => m.precond.id().into(),
        F::Solver => m.solver.id().into(),
        F::IndexBytes => m.index_bytes.to_string(),
        F::Lattice => m.lattice.id().into(),
        F::Streaming => m.streaming.id().into(),
        F::LbmDtype => m.lbm_dtype.map(|d| d.id()).unwrap_or("").into(),
        F::Complex => toggle_text(m.complex).into(),
        F::Dealias => toggle_text(m.dealias).into(),
        F::Ranks => m.ranks.to_string(),
        F::Nodes => m.nodes.to_string(),
        F::NodeMem => canonical_size(m.node_mem, 1 << 30),
        F::RankOverhead => m.rank_mib.to_string(),
        F::Replicated => m.replicated_mib.to_string(),
        F::Language => m.language.id().into(),
        F::Imbalance => format_fixed(m.imbalance_bp, 2),
        F::Steps => format_count(m.steps),
        F::OutputEvery => m.output_every.to_string(),
        F::Snapshots => m.snapshots.to_string(),
        F::Compression => format_fixed(m.compression_c, 2),
        F::CheckpointEvery => m.checkpoint_every.to_string(),
        F::Adjoint => m.adjoint.id().into(),
        F::AdjointSnapshots => m.adjoint_snapshots.to_string(),
        F::Ecutwfc => format_fixed(m.pw.ecutwfc_milli, 3),
        F::Ecutrho => match m.pw.ecutrho_milli {
            0 => String::new(),
            v => format_fixed(v, 3),
        },
        F::CellVolume => format_fixed(m.pw.volume_milli, 3),
        F::Bands => m.pw.bands.to_string(),
        F::Kpoints => m.pw.kpoints.to_string(),
        F::Spin => m.pw.spin.id().into(),
        F::GammaOnly => toggle_text(m.pw.gamma).into(),
        F::Atoms => m.pw.atoms.to_string(),
        F::Species => m.pw.species.to_string(),
        F::Pseudopotential => m.pw.pp.id().into(),
        F::Projectors => opt(m.pw.projectors),
        F::Betas => m.pw.betas.to_string(),
        F::LmaxBeta => m.pw.lmax.to_string(),
        F::Diagonalization => m.pw.diagonalization.id().into(),
        F::DavidNdim => m.pw.david_ndim.to_string(),
        F::MixingNdim => m.pw.mixing_ndim.to_string(),
        F::Pools => m.pw.pools.to_string(),
        F::WfcDisk => toggle_text(m.pw.wfc_disk).into(),
        F::FftGrid => opt(m.pw.fft_grid),
        F::Forces => toggle_text(m.pw.forces).into(),
        F::Stress => toggle_text(m.pw.stress).into(),
        F::DftArrays => m.pw.arrays.id().into(),
        F::BandGroups => m.pw.band_groups.to_string(),
        F::Xc => m.pw.xc.id().into(),
        F::Smearing => toggle_text(m.pw.smearing).into(),
        F::CoreCorrection => toggle_text(m.pw.core_correction).into(),
        F::Symmetries => m.pw.symmetries.to_string(),
        F::AmrLevels => m.amr.max_level.to_string(),
        F::RefRatio => m.amr.ratio.to_string(),
        F::Fill => format_fixed(m.amr.fill_bp, 2),
        F::BlockSize => m.amr.block.to_string(),
        F::AmrBlocks => opt(m.amr.blocks),
        F::GhostState => toggle_text(m.amr.ghost_state).into(),
        F::CoarseCopies => m.amr.coarse_copies.to_string(),
        F::ExchangeCopies => m.amr.exchange_copies.to_string(),
        F::BlockMeta => m.amr.meta_bytes.to_string(),
        F::PartBytes => m.nbody.part_bytes.to_string(),
        F::AllocFactor => format_fixed(m.nbody.alloc_c, 2),
        F::TreeFactor => format_fixed(m.nbody.tree_c, 2),
        F::NodeBytes => m.nbody.node_bytes.to_string(),
        F::PmGrid => m.nbody.pm_grid.to_string(),
        F::PmArrays => m.nbody.pm_arrays.to_string(),
        F::TimebinLists => m.nbody.timebin_lists.to_string(),
        F::CommBuffer => m.nbody.comm_mib.to_string(),
        F::EwaldBytes => m.nbody.ewald_bytes.to_string(),
    }
}

/// One field's raw text read by its row's kind and bounds, before any rule between fields.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Read {
    /// Nothing typed (a count or a size).
    Empty,
    /// A count, fixed-point number or size within its bounds.
    Number(u64),
    Toggle(bool),
    /// A choice or free text: its type reads it when the scenario is built.
    Text,
    /// Not readable or out of bounds: the message, said when the scenario asks for the value.
    Invalid(String),
}

/// Reads one field's raw text by its kind and bounds.
fn read(f: &Field, raw: &str) -> Read {
    let invalid = |m: String| Read::Invalid(m);
    match *f.bounds {
        Bounds::Count { .. } | Bounds::Size { .. } if raw.is_empty() => Read::Empty,
        Bounds::Count { min, max } => {
            let unit = match f.kind {
                FieldKind::Tokens => crate::base::units::CountUnit::Tokens,
                _ => crate::base::units::CountUnit::Decimal,
            };
            match parse_count_as(raw, unit) {
                Ok(v) if v < min => invalid(format!("must be at least {}", group_digits(min))),
                Ok(v) if v > max => invalid(format!(
                    "{} is above the limit of {}",
                    group_digits(v),
                    group_digits(max)
                )),
                Ok(v) => Read::Number(v),
                Err(e) => invalid(e),
            }
        }
        Bounds::Fixed {
            places,
            min,
            max,
            said,
        } => match parse_fixed(raw, places) {
            Ok(v) if (min..=max).contains(&v) => Read::Number(v),
            Ok(_) => invalid(format!("must be {said}")),
            Err(e) => invalid(format!("{e}; must be {said}")),
        },
        Bounds::Size { unit, max } => match parse_bytes(raw, unit) {
            Ok(0) => invalid("must be above 0 (or left empty)".into()),
            Ok(b) if b > max => invalid(format!(
                "is above the limit of {}",
                crate::base::units::format_bytes(max, Default::default())
            )),
            Ok(b) => Read::Number(b),
            Err(e) => invalid(e),
        },
        Bounds::None if f.kind == FieldKind::Toggle => match raw.to_ascii_lowercase().as_str() {
            "on" | "1" | "true" | "yes" => Read::Toggle(true),
            "off" | "0" | "false" | "no" => Read::Toggle(false),
            other => invalid(format!("'{other}' is not on or off")),
        },
        Bounds::None => Read::Text,
    }
}

/// Hands the read values to the scenario being built and collects the errors of the ones it
/// takes, in the order it takes them (a field whose value is not needed, such as the
/// architecture's counts when no architecture is given, reports nothing).
struct Reader<'a> {
    inputs: &'a Inputs,
    read: Vec<Read>,
    errors: Vec<FieldError>,
}

impl Reader<'_> {
    /// Every field read by its row, in one pass over the table.
    fn new(inputs: &Inputs) -> Reader<'_> {
        Reader {
            inputs,
            read: FIELDS
                .iter()
                .map(|f| read(f, inputs.get(f.id).trim()))
                .collect(),
            errors: Vec::new(),
        }
    }

    fn fail(&mut self, id: FieldId, message: impl Into<String>) {
        self.errors.push(FieldError {
            field: id,
            message: format!("{}: {}", id.key(), message.into()),
        });
    }

    fn raw(&self, id: FieldId) -> &str {
        self.inputs.get(id).trim()
    }

    fn given(&self, id: FieldId) -> bool {
        !self.raw(id).is_empty()
    }

    /// The value read, or its error reported; `None` for an empty field too.
    fn take(&mut self, id: FieldId) -> Option<Option<u64>> {
        match &self.read[id as usize] {
            Read::Empty => Some(None),
            Read::Number(v) => Some(Some(*v)),
            Read::Invalid(m) => {
                let m = m.clone();
                self.fail(id, m);
                None
            }
            other => unreachable!("{} read as {other:?}, not a number", id.key()),
        }
    }

    /// A count within the field's bounds; None when empty (and `optional`) or invalid.
    fn count(&mut self, id: FieldId, optional: bool) -> Option<u64> {
        let v = self.take(id)?;
        if v.is_none() && !optional {
            self.fail(id, "is required");
        }
        v
    }

    fn choice<C: Choice>(&mut self, id: FieldId) -> Option<C> {
        C::parse(self.raw(id)).map_err(|e| self.fail(id, e)).ok()
    }

    fn optional_choice<C: Choice>(&mut self, id: FieldId) -> Option<Option<C>> {
        if self.given(id) {
            self.choice(id).map(Some)
        } else {
            Some(None)
        }
    }

    fn toggle(&mut self, id: FieldId) -> Option<bool> {
        match &self.read[id as usize] {
            Read::Toggle(on) => Some(*on),
            Read::Invalid(m) => {
                let m = m.clone();
                self.fail(id, m);
                None
            }
            other => unreachable!("{} read as {other:?}, not a toggle", id.key()),
        }
    }

    /// A count or size that may be left empty: Some(None) when empty, None when invalid.
    fn optional(&mut self, id: FieldId) -> Option<Option<u64>> {
        self.take(id)
    }

    /// A fixed-point number within the field's bounds.
    fn fixed(&mut self, id: FieldId) -> Option<u64> {
        self.take(id).flatten()
    }
}

impl Inputs {
    /// The raw text of a field.
    pub fn get(&self, id: FieldId) -> &str {
        &self.raw[id as usize]
    }

    /// Sets the raw text of a field.
    pub fn set(&mut self, id: FieldId, value: impl Into<String>) {
        self.raw[id as usize] = value.into();
    }

    /// The scenario these inputs give with `patch` applied, if it is valid: how a suggestion or
    /// a layout is tried.
    pub fn patched<V: Clone + Into<String>>(&self, patch: &[(FieldId, V)]) -> Option<Scenario> {
        let mut i = self.clone();
        for (id, v) in patch {
            i.set(*id, v.clone());
        }
        i.parse().ok()
    }

    /// The canonical text of each field of a valid scenario.
    pub fn from_scenario(s: &Scenario) -> Inputs {
        Inputs {
            raw: FieldId::ALL.iter().map(|&id| canonical(id, s)).collect(),
        }
    }

    /// Validates every field and their consistency; all errors are reported, not only the first.
    pub fn parse(&self) -> Result<Scenario, Vec<FieldError>> {
        let mut r = Reader::new(self);
        let mode = r.choice::<Mode>(F::Mode);
        let params = r.count(F::Params, true);
        let model = if r.given(F::ModelId) {
            match crate::catalog::model_by_id(r.raw(F::ModelId)) {
                Some(m) => Some(Some(m)),
                None => {
                    let msg = crate::catalog::unknown_message(r.raw(F::ModelId));
                    r.fail(F::ModelId, msg);
                    None
                }
            }
        } else {
            Some(None)
        };
        let shape = r.choice::<ShapeRule>(F::Shape);
        let batch = r.count(F::Batch, false);
        let seq = r.count(F::Seq, false);
        let dtype = r.choice::<Dtype>(F::Dtype);
        let optimizer = r.choice::<Optimizer>(F::Optimizer);
        let mixed = r.toggle(F::Mixed);
        let grad_dtype = r.optional_choice::<Dtype>(F::GradDtype);
        let kv_quant = crate::catalog::quant::KvQuant::parse(r.raw(F::KvDtype)).ok();
        let kv_dtype = if kv_quant.is_some() {
            Some(None)
        } else {
            r.optional_choice::<Dtype>(F::KvDtype)
        };
        let engine = r.choice::<crate::scenario::serving::Engine>(F::Engine);
        let gpu_util = if r.given(F::GpuUtil) {
            match r.fixed(F::GpuUtil) {
                Some(v) if v < 10 => {
                    r.fail(F::GpuUtil, "must be a fraction from 0.01 to 1");
                    None
                }
                v => v.map(Some),
            }
        } else {
            Some(None)
        };
        let max_batched_tokens = r.optional(F::MaxBatchedTokens);
        let max_num_seqs = r.optional(F::MaxNumSeqs);
        let cuda_graphs = r.choice::<crate::scenario::serving::CudaGraphs>(F::CudaGraphs);
        let gpu_layers = r.optional(F::GpuLayers);
        let recompute = r.choice::<Recompute>(F::Recompute);
        let flash_attention = r.toggle(F::FlashAttention);
        let dropout = r.toggle(F::Dropout);
        let softmax_fp32 = r.toggle(F::SoftmaxFp32);
        let lora_rank = r.count(F::LoraRank, false);
        let lora_targets = r.choice::<LoraTargets>(F::LoraTargets);
        let quant = r.choice::<Quant>(F::Quant);
        let mech = (|| {
            let framework = r.choice::<crate::catalog::framework::Framework>(F::Framework);
            let loss_chunks = r.count(F::LossChunks, true);
            let loss_chunks = if r.given(F::LossChunks) {
                Some(Some(loss_chunks?))
            } else {
                Some(None)
            };
            let fused_loss = r.toggle(F::FusedLoss);
            let compile = r.toggle(F::Compile);
            let zero_grad = r.choice::<crate::scenario::training::ZeroGrad>(F::ZeroGrad);
            let opt_in_bwd = r.toggle(F::OptInBwd);
            let act_offload = r.toggle(F::ActOffload);
            let paged_optimizer = r.toggle(F::PagedOptimizer);
            let kbit_fp32 = r.toggle(F::KbitFp32);
            let gathered_layers = r.count(F::GatheredLayers, false);
            let bucket_size = r.count(F::BucketSize, false);
            let nccl_mib = r.fixed(F::NcclBuffers);
            let batching = r.choice::<crate::scenario::training::Batching>(F::Batching);
            let expandable_segments = r.toggle(F::ExpandableSegments);
            let reshard_after_forward =
                r.choice::<crate::scenario::training::ReshardAfterForward>(F::ReshardAfterForward);
            let pp_grad_sync = r.choice::<crate::scenario::training::PpGradSync>(F::PpGradSync);
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
        let milli_bpw = if r.given(F::Bpw) {
            match r.fixed(F::Bpw) {
                Some(0) => {
                    r.fail(F::Bpw, "must be above 0 (or left empty)");
                    None
                }
                v => v.map(Some),
            }
        } else {
            Some(None)
        };
        let sparsity_bp = r.fixed(F::Sparsity);
        let sparse_format = r.choice::<SparseFormat>(F::SparseFormat);
        let gpus = r.count(F::Gpus, false);
        let tp = r.count(F::Tp, false);
        let pp = r.count(F::Pp, false);
        let sp = r.toggle(F::Sp);
        let zero = match r.raw(F::Zero) {
            "0" => Some(0u8),
            "1" => Some(1),
            "2" => Some(2),
            "3" => Some(3),
            other => {
                let msg = format!("'{other}' is not a ZeRO stage; use 0, 1, 2 or 3");
                r.fail(F::Zero, msg);
                None
            }
        };
        let offload = r.choice::<Offload>(F::Offload);
        let gpus_per_node = r.count(F::GpusPerNode, false);
        let dataset = r.optional(F::Dataset);
        let samples = r.count(F::Samples, true);
        let sample_size = r.optional(F::SampleSize);
        let dataset_on = r.choice::<DatasetOn>(F::DatasetOn);
        let gpu = match gpu_by_id(r.raw(F::Gpu)) {
            Some(g) => Some(g),
            None => {
                let ids: Vec<&str> = GPUS.iter().map(|g| g.id).collect();
                let msg = format!(
                    "'{}' is not a known GPU; use one of {} or set gpu_mem",
                    r.raw(F::Gpu),
                    ids.join(", ")
                );
                r.fail(F::Gpu, msg);
                None
            }
        };
        let gpu_mem = r.optional(F::GpuMem);
        let host_mem = r.optional(F::HostMem);
        let runtime_mib = r.fixed(F::Runtime);
        let overhead_bp = r.fixed(F::Overhead);

        let measured = r.optional(F::Measured);
        let measured_kind = r.choice::<crate::scenario::measured::Measured>(F::MeasuredKind);
        let calibration = r.optional(F::Calibration);
        if let (Some(Mode::Sim), Some(k)) = (mode, measured_kind) {
            if k != crate::scenario::measured::Measured::Rank
                && k != crate::scenario::measured::Measured::NvidiaSmi
            {
                r.fail(
                    F::MeasuredKind,
                    "simulations compare with nvidia-smi (GPU runs) or the code's per-rank report",
                );
            }
        }

        let sim = self.parse_sim(&mut r);
        let sciml = (|| {
            Some(crate::scenario::sciml::SciMl {
                model: r.choice::<crate::scenario::sciml::ModelKind>(F::Model)?,
                width: r.count(F::Width, false)?,
                depth: r.count(F::Depth, false)?,
                points: r.count(F::Collocation, false)?,
                derivs: r.count(F::DerivOrder, false)?,
                grid: r.count(F::GridPoints, false)?,
                modes: r.count(F::FourierModes, false)?,
                dims: r.count(F::SpatialDims, false)?,
                nodes: r.count(F::GraphNodes, false)?,
                edges: r.count(F::GraphEdges, false)?,
                channels: r.count(F::BaseChannels, false)?,
                inputs: r.count(F::InChannels, false)?,
                outputs: r.count(F::OutChannels, false)?,
            })
        })();
        let arch = self.parse_arch(&mut r);
        let is_sim = mode == Some(Mode::Sim);
        let is_transformer = !matches!(sciml.map(|m| m.model), Some(m) if m != crate::scenario::sciml::ModelKind::Transformer);
        if !is_sim
            && is_transformer
            && params.is_none()
            && !r.given(F::Params)
            && matches!(arch, Some(None))
        {
            r.fail(
                F::Params,
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
                    F::Gpus,
                    format!("gpus must be a multiple of tp × pp = {}", t * p),
                );
            }
        }
        if let (Some(Some(a)), Some(t)) = (arch, tp) {
            if a.heads % t != 0 {
                r.fail(
                    F::Tp,
                    format!("tp must divide heads ({}), the attention heads", a.heads),
                );
            } else if t < a.kv_heads && !a.kv_heads.is_multiple_of(t)
                || t > a.kv_heads && !t.is_multiple_of(a.kv_heads)
            {
                // vLLM and Megatron split KV heads evenly, or replicate each over tp / kv_heads ranks.
                r.fail(
                    F::Tp,
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
                    F::Pp,
                    format!("pp cannot exceed the number of layers ({})", a.layers),
                );
            }
        }
        if matches!(dataset, Some(Some(_))) && samples.is_some() {
            r.fail(
                F::Samples,
                "give either dataset or samples × sample_size, not both",
            );
        }
        if samples.is_some() && matches!(sample_size, Some(None)) {
            r.fail(F::SampleSize, "samples needs a sample_size");
        }
        if let (Some(n), Some(Some(b))) = (samples, sample_size) {
            if n.saturating_mul(b) > 1 << 60 {
                r.fail(
                    F::Samples,
                    "samples × sample_size is above the limit of 1 EiB",
                );
            }
        }
        if let (Some(0), Some(Offload::All)) = (zero, offload) {
            r.fail(F::Offload, "offloading parameters needs ZeRO stage 3");
        }
        if let (Some(z), Some(Offload::Optimizer)) = (zero, offload) {
            if z == 0 {
                r.fail(
                    F::Offload,
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
        let code = r.choice::<crate::catalog::codes::Code>(F::Code);
        let method = r.choice::<Method>(F::Method);
        let device = r.choice::<SimDevice>(F::SimDevice);
        let host_mirror = r.toggle(F::HostMirror);
        let halo_one_rank = r.toggle(F::HaloOneRank);
        let nx = r.count(F::Nx, false);
        let ny = r.count(F::Ny, false);
        let nz = r.count(F::Nz, false);
        let fields = r.count(F::Fields, false);
        let levels = r.count(F::Levels, false);
        let work = r.count(F::Work, false);
        let halo = r.count(F::Halo, false);
        let particles = r.count(F::Particles, false);
        let atom_style = r.choice::<AtomStyle>(F::AtomStyle);
        let attrs = r.optional(F::Attrs).map(|v| v.unwrap_or(0));
        let cutoff = r.fixed(F::Cutoff);
        let skin = r.fixed(F::Skin);
        let density = r.fixed(F::Density);
        let neighbors = r.optional(F::Neighbors).map(|v| v.unwrap_or(0));
        let newton = r.toggle(F::Newton);
        let long_range = r.choice::<LongRange>(F::LongRange);
        let potential = r.choice::<Potential>(F::Potential);
        let topo_keys = [
            F::MaxBonds,
            F::MaxAngles,
            F::MaxDihedrals,
            F::MaxImpropers,
            F::MaxSpecial,
        ];
        let topology = if topo_keys.iter().any(|&k| r.given(k)) {
            let mut v = [0u64; 5];
            let mut ok = true;
            for (slot, key) in v.iter_mut().zip(topo_keys) {
                match r.count(key, true) {
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
        let shake = r.toggle(F::Shake);
        let reax = (|| {
            let version = r.choice::<crate::scenario::sim::ReaxVersion>(F::ReaxffVersion);
            let bonds = r.count(F::ReaxffBonds, false);
            let safezone = r.fixed(F::Safezone);
            let mincap = r.count(F::Mincap, false);
            let qeq = r.toggle(F::Qeq);
            Some(crate::scenario::sim::Reax {
                version: version?,
                bonds: bonds?,
                safezone_milli: safezone?,
                mincap: mincap?,
                qeq: qeq?,
            })
        })();
        let atom_map = r.choice::<AtomMap>(F::AtomMap);
        let kspace_grid = r.optional(F::KspaceGrid).map(|v| v.unwrap_or(0));
        let cells = r.count(F::Cells, false);
        let element = r.choice::<Element>(F::Element);
        let dofs = r.count(F::Dofs, false);
        let krylov = r.count(F::Krylov, false);
        let precond = r.choice::<Precond>(F::Precond);
        let solver = r.choice::<Solver>(F::Solver);
        let index_bytes = match r.raw(F::IndexBytes) {
            "4" => Some(4),
            "8" => Some(8),
            other => {
                let msg = format!("'{other}' is not an index width; use 4 or 8");
                r.fail(F::IndexBytes, msg);
                None
            }
        };
        let lattice = r.choice::<Lattice>(F::Lattice);
        let streaming = r.choice::<Streaming>(F::Streaming);
        let lbm_dtype = r.optional_choice::<Dtype>(F::LbmDtype);
        let complex = r.toggle(F::Complex);
        let dealias = r.toggle(F::Dealias);
        let ranks = r.count(F::Ranks, false);
        let nodes = r.count(F::Nodes, false);
        let node_mem = r.optional(F::NodeMem);
        if matches!(node_mem, Some(None)) {
            r.fail(F::NodeMem, "is required");
        }
        let rank_mib = r.fixed(F::RankOverhead);
        let replicated = r.fixed(F::Replicated);
        let language = r.choice::<crate::scenario::sim::Language>(F::Language);
        let imbalance = r.fixed(F::Imbalance);
        let steps = r.count(F::Steps, false);
        let output_every = r.count(F::OutputEvery, false);
        let snapshots = r.count(F::Snapshots, false);
        let compression = r.fixed(F::Compression);
        let checkpoint_every = r.count(F::CheckpointEvery, false);
        let adjoint = r.choice::<Adjoint>(F::Adjoint);
        let adjoint_snapshots = r.count(F::AdjointSnapshots, false);
        let pw = self.parse_planewave(r);
        let amr = self.parse_amr(r, nx.zip(ny).zip(nz).map(|((x, y), z)| (x, y, z)));
        let nbody = self.parse_nbody(r);
        if let (Some(x), Some(y), Some(z)) = (nx, ny, nz) {
            if x * y * z > 1_000_000_000_000 {
                r.fail(F::Nx, "nx × ny × nz is above the limit of 10^12 cells");
            }
        }
        if let (Some(rk), Some(n)) = (ranks, nodes) {
            if n > rk {
                r.fail(F::Nodes, format!("nodes cannot exceed ranks ({rk})"));
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
        base: Option<(u64, u64, u64)>,
    ) -> Option<crate::scenario::amr::Amr> {
        let max_level = r.count(F::AmrLevels, false);
        let ratio = r.count(F::RefRatio, false);
        let fill = r.fixed(F::Fill);
        let block = r.count(F::BlockSize, false);
        let blocks = r.optional(F::AmrBlocks).map(|v| v.unwrap_or(0));
        let ghost_state = r.toggle(F::GhostState);
        let coarse_copies = r.count(F::CoarseCopies, false);
        let exchange_copies = r.count(F::ExchangeCopies, false);
        let meta = r.count(F::BlockMeta, false);
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
            r.fail(F::AmrLevels, "the levels hold more than 10^13 cells: fewer levels, a smaller share or a coarser base grid");
            return None;
        }
        Some(amr)
    }

    /// The tree-PM N-body inputs.
    fn parse_nbody(&self, r: &mut Reader) -> Option<crate::scenario::nbody::Nbody> {
        let part_bytes = r.count(F::PartBytes, false);
        let alloc = r.fixed(F::AllocFactor);
        let tree = r.fixed(F::TreeFactor);
        let node_bytes = r.count(F::NodeBytes, false);
        let pm_grid = r.count(F::PmGrid, false);
        let pm_arrays = r.count(F::PmArrays, false);
        let timebin_lists = r.count(F::TimebinLists, false);
        let comm = r.count(F::CommBuffer, false);
        let ewald = r.count(F::EwaldBytes, false);
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
    fn parse_planewave(&self, r: &mut Reader) -> Option<crate::scenario::planewave::PlaneWave> {
        use crate::scenario::planewave::*;
        let ecutwfc = r.fixed(F::Ecutwfc);
        let ecutrho = if r.given(F::Ecutrho) {
            r.fixed(F::Ecutrho)
        } else {
            Some(0)
        };
        let volume = r.fixed(F::CellVolume);
        let bands = r.count(F::Bands, false);
        let kpoints = r.count(F::Kpoints, false);
        let spin = r.choice::<Spin>(F::Spin);
        let gamma = r.toggle(F::GammaOnly);
        let atoms = r.count(F::Atoms, false);
        let species = r.count(F::Species, false);
        let pp = r.choice::<PpKind>(F::Pseudopotential);
        let projectors = r.optional(F::Projectors).map(|v| v.unwrap_or(0));
        let betas = r.count(F::Betas, false);
        let lmax = r.count(F::LmaxBeta, false);
        let diagonalization = r.choice::<Diagonalization>(F::Diagonalization);
        let david_ndim = r.count(F::DavidNdim, false);
        let mixing_ndim = r.count(F::MixingNdim, false);
        let pools = r.count(F::Pools, false);
        let wfc_disk = r.toggle(F::WfcDisk);
        let fft_grid = r.optional(F::FftGrid).map(|v| v.unwrap_or(0));
        let forces = r.toggle(F::Forces);
        let stress = r.toggle(F::Stress);
        let arrays = r.choice::<DftArrays>(F::DftArrays);
        let band_groups = r.count(F::BandGroups, false);
        let xc = r.choice::<XcLevel>(F::Xc);
        let smearing = r.toggle(F::Smearing);
        let core_correction = r.toggle(F::CoreCorrection);
        let symmetries = r.count(F::Symmetries, false);
        if let (Some(e), Some(rho)) = (ecutwfc, ecutrho) {
            if rho > 0 && rho < e {
                r.fail(F::Ecutrho, "must be at least ecutwfc");
            }
        }
        if let (Some(g), Some(Spin::Noncollinear)) = (gamma, spin) {
            if g {
                r.fail(
                    F::GammaOnly,
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
    pub fn change(&mut self, id: FieldId, value: String) {
        match id {
            F::Mode => self.switch_mode(&value),
            // A framework moves the settings it implies that the user has not changed.
            F::Framework => self.switch_framework(&value),
            // A known model fills the architecture fields; they stay editable.
            F::ModelId => self.choose_model(&value),
            F::Code => {
                self.apply_code(&value);
                self.set(F::Code, value);
            }
            _ => {
                self.set(id, value);
            }
        }
    }

    /// Sets every setting a code's profile names (an unknown code changes nothing here; the
    /// `code` field itself reports it).
    pub fn apply_code(&mut self, code: &str) {
        if let Ok(c) = crate::base::choice::Choice::parse(code) {
            // Profiles live below the schema and name keys as text; tests/keys_known.rs checks
            // every one is a field.
            for (k, v) in crate::schema::url::pairs(crate::catalog::codes::profile(c).query) {
                if let Some(id) = FieldId::from_key(&k) {
                    self.set(id, v);
                }
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
        for &id in FieldId::ALL.iter().filter(|id| {
            id.field().group == crate::schema::fields::Group::Architecture && **id != F::Shape
        }) {
            self.set(id, filled.get(id).to_string());
        }
        self.set(F::Params, "");
        self.set(F::ModelId, "");
    }

    /// Chooses a catalog model by id or alias: its architecture fills the architecture fields
    /// and the count is derived from it (every field stays editable). An id the catalog does not
    /// know is kept as typed, for its error, and changes nothing else.
    pub fn choose_model(&mut self, id: &str) {
        self.set(F::ModelId, id);
        let Some(m) = crate::catalog::model_by_id(id) else {
            return;
        };
        self.set_arch(&m.arch);
        // Kept as typed (an alias, another case): the page never rewrites what is being typed.
        self.set(F::ModelId, id);
    }

    /// Switches the mode, moving every field still at the old mode's default to the new one's
    /// (simulations default to FP64), and keeping what the user changed.
    pub fn switch_mode(&mut self, mode: &str) {
        let old = crate::base::choice::Choice::parse(self.get(F::Mode)).unwrap_or(Mode::Train);
        let new: Mode = match crate::base::choice::Choice::parse(mode) {
            Ok(m) => m,
            Err(_) => {
                self.set(F::Mode, mode);
                return;
            }
        };
        let (from, to) = (
            Inputs::from_scenario(&Scenario::default_for(old)),
            Inputs::from_scenario(&Scenario::default_for(new)),
        );
        for ((value, from), to) in self.raw.iter_mut().zip(&from.raw).zip(&to.raw) {
            if value == from {
                value.clone_from(to);
            }
        }
        self.set(F::Mode, new.id());
    }

    /// The architecture if its four essential fields are given; errors for partial or
    /// inconsistent ones. Some(None) means no architecture was given.
    fn parse_arch(&self, r: &mut Reader) -> Option<Option<Arch>> {
        let essentials = ARCH_ESSENTIALS;
        let given: Vec<FieldId> = essentials.iter().copied().filter(|&k| r.given(k)).collect();
        let others_given = [F::KvHeads, F::HeadDim, F::Ffn]
            .iter()
            .chain(NEWER_COUNTS)
            .any(|&k| r.given(k));
        let mlp = r.choice::<Mlp>(F::Mlp);
        let bias = r.choice::<Bias>(F::Bias);
        let norm = r.choice::<Norm>(F::Norm);
        let tied = r.toggle(F::Tied);
        let learned_pos = r.count(F::LearnedPos, false);
        let experts = r.count(F::Experts, false);
        let active = r.count(F::ActiveExperts, false);
        let router_bias = r.toggle(F::RouterBias);
        let sinks = r.toggle(F::AttnSinks);
        let qk_norm = r.choice::<QkNorm>(F::QkNorm);
        let sandwich = r.toggle(F::SandwichNorm);
        // Counts whose empty (or 0) value means "not used".
        let mut newer = [0u64; 10];
        let mut newer_ok = true;
        for (slot, &key) in newer.iter_mut().zip(NEWER_COUNTS) {
            match r.count(key, true) {
                Some(v) => *slot = v,
                None => newer_ok &= !r.given(key),
            }
        }
        let [moe_ffn, shared_experts, dense_layers, kv_lora_rank, q_lora_rank, rope_dim, v_head_dim, window, global_every, max_context] =
            newer;
        if given.is_empty() {
            if others_given {
                r.fail(
                    F::Layers,
                    "an architecture needs layers, hidden, heads and vocab",
                );
                return None;
            }
            return Some(None);
        }
        if given.len() < essentials.len() {
            let missing: Vec<&str> = essentials
                .iter()
                .filter(|k| !given.contains(k))
                .map(|k| k.key())
                .collect();
            let first = essentials.into_iter().find(|k| !given.contains(k));
            r.fail(
                first.unwrap_or(F::Layers),
                format!(
                    "an architecture needs layers, hidden, heads and vocab; missing {}",
                    missing.join(", ")
                ),
            );
            return None;
        }
        let layers = r.count(F::Layers, false);
        let hidden = r.count(F::Hidden, false);
        let heads = r.count(F::Heads, false);
        let vocab = r.count(F::Vocab, false);
        let kv_heads = r.count(F::KvHeads, true);
        let head_dim = r.count(F::HeadDim, true);
        let ffn = r.count(F::Ffn, true);
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
        let kv_heads = if r.given(F::KvHeads) {
            kv_heads?
        } else {
            heads
        };
        if heads % kv_heads != 0 {
            r.fail(F::KvHeads, format!("kv_heads must divide heads ({heads})"));
            return None;
        }
        let head_dim = if r.given(F::HeadDim) {
            head_dim?
        } else if hidden % heads != 0 {
            r.fail(
                F::HeadDim,
                format!("hidden ({hidden}) is not a multiple of heads ({heads}): give head_dim"),
            );
            return None;
        } else {
            hidden / heads
        };
        let ffn = if r.given(F::Ffn) {
            ffn?
        } else {
            Arch::default_ffn(hidden, mlp)
        };
        if active > experts {
            r.fail(
                F::ActiveExperts,
                format!("active_experts cannot exceed experts ({experts})"),
            );
            return None;
        }
        let moe_only = [
            (F::MoeFfn, moe_ffn),
            (F::SharedExperts, shared_experts),
            (F::DenseLayers, dense_layers),
        ];
        if let Some(&(key, _)) = moe_only.iter().find(|(_, v)| *v > 0 && experts == 1) {
            r.fail(
                key,
                "applies to mixture-of-experts models: set experts above 1",
            );
            return None;
        }
        if dense_layers > layers {
            r.fail(
                F::DenseLayers,
                format!("dense_layers cannot exceed layers ({layers})"),
            );
            return None;
        }
        if kv_lora_rank == 0 {
            if let Some(key) = [(F::QLoraRank, q_lora_rank), (F::QkRopeDim, rope_dim)]
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
                F::QkRopeDim,
                format!("must be below head_dim ({head_dim}), which is nope + rope"),
            );
            return None;
        }
        if global_every > 0 && window == 0 {
            r.fail(F::GlobalEvery, "needs a sliding_window");
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
                F::Layers,
                "this architecture has more than 10^15 parameters, the limit",
            );
            return None;
        }
        Some(Some(arch))
    }
}

/// The four fields an architecture cannot do without: given together or not at all.
pub const ARCH_ESSENTIALS: [FieldId; 4] = [F::Layers, F::Hidden, F::Heads, F::Vocab];

/// Architecture counts of newer designs, in the order `parse_arch` reads them; empty or 0 means
/// the classic layer.
const NEWER_COUNTS: &[FieldId] = &[
    F::MoeFfn,
    F::SharedExperts,
    F::DenseLayers,
    F::KvLoraRank,
    F::QLoraRank,
    F::QkRopeDim,
    F::VHeadDim,
    F::SlidingWindow,
    F::GlobalEvery,
    F::MaxContext,
];

/// The raw text of a field when the user has changed nothing.
pub fn default_raw(id: FieldId) -> String {
    Inputs::default().get(id).to_string()
}
