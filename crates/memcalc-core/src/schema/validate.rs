//! Validating the inputs' text into a [`Scenario`]: every field is read by its own row
//! (`schema::value`), then the rules between fields run, each reported on the field to change.
//! A rule only looks at fields that were read without error, so one mistake is reported once.

use crate::catalog::arch::Arch;
use crate::scenario::measured::Measured;
use crate::scenario::planewave::Spin;
use crate::scenario::sciml::ModelKind;
use crate::scenario::{Mode, Offload, Recompute, Scenario, ShapeRule, MAX_PARAMS};
use crate::schema::fields::{FieldId, FieldId as F, Group, AMR, FIELDS};
use crate::schema::slot::{arch_of, Slot};

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

/// The four fields an architecture cannot do without: given together or not at all.
pub const ARCH_ESSENTIALS: [FieldId; 4] = [F::Layers, F::Hidden, F::Heads, F::Vocab];

/// Architecture counts derived from the essentials when left empty.
const DERIVED: [FieldId; 3] = [F::KvHeads, F::HeadDim, F::Ffn];

/// Every field read from `text` (trimmed) by its row, then checked against the others; all
/// errors are reported, not only the first.
pub fn validate<'a>(text: impl Fn(FieldId) -> &'a str) -> Result<Scenario, Vec<FieldError>> {
    let mut v = Validation {
        s: Scenario::default(),
        given: vec![false; FIELDS.len()],
        failed: vec![false; FIELDS.len()],
        errors: Vec::new(),
    };
    for f in FIELDS {
        let raw = text(f.id).trim();
        v.given[f.id as usize] = !raw.is_empty();
        if let Err(m) = f.read(raw, &mut v.s) {
            v.failed[f.id as usize] = true;
            v.fail(f.id, m);
        }
    }
    v.rules();
    if v.errors.is_empty() {
        Ok(v.s)
    } else {
        Err(v.errors)
    }
}

/// The scenario being built, which fields were given and which could not be read.
struct Validation {
    s: Scenario,
    given: Vec<bool>,
    failed: Vec<bool>,
    errors: Vec<FieldError>,
}

impl Validation {
    fn fail(&mut self, id: FieldId, message: impl Into<String>) {
        self.errors.push(FieldError {
            field: id,
            message: format!("{}: {}", id.key(), message.into()),
        });
    }

    fn given(&self, id: FieldId) -> bool {
        self.given[id as usize]
    }

    /// Read without error (a rule's own failure does not count: the value itself is valid).
    fn ok(&self, id: FieldId) -> bool {
        !self.failed[id as usize]
    }

    fn all_ok(&self, ids: impl IntoIterator<Item = FieldId>) -> bool {
        ids.into_iter().all(|id| self.ok(id))
    }

    fn rules(&mut self) {
        if self.ok(F::Bpw) && self.s.milli_bpw == Some(0) {
            self.fail(F::Bpw, "must be above 0 (or left empty)");
        }
        let is_sim = self.ok(F::Mode) && self.s.mode == Mode::Sim;
        let infer = self.ok(F::Mode) && self.s.mode == Mode::Infer;
        if let (true, true, Some(p)) = (
            infer && self.given(F::Prompt),
            self.all_ok([F::Prompt, F::Seq]),
            self.s.speed.prompt,
        ) {
            if p > self.s.seq {
                self.fail(
                    F::Prompt,
                    format!(
                        "prompt cannot exceed seq ({}), the context it starts",
                        self.s.seq
                    ),
                );
            }
        }
        if is_sim
            && self.ok(F::MeasuredKind)
            && !matches!(self.s.measured_kind, Measured::Rank | Measured::NvidiaSmi)
        {
            self.fail(
                F::MeasuredKind,
                "simulations compare with nvidia-smi (GPU runs) or the code's per-rank report",
            );
        }
        self.simulation();
        self.llamacpp_cache();
        let arch = self.architecture();
        self.s.arch = arch.unwrap_or(None);

        // A transformer needs its size from somewhere; other families have their own shape.
        let sciml_ok = self.ok(F::Model)
            && FIELDS
                .iter()
                .all(|f| f.group != Group::SciMl || self.ok(f.id));
        let transformer = !(sciml_ok && self.s.sciml.model != ModelKind::Transformer);
        if !is_sim && transformer && !self.given(F::Params) && arch == Ok(None) {
            self.fail(
                F::Params,
                "give a parameter count, or the architecture (layers, hidden, heads, vocab)",
            );
        }

        let p = self.s.parallel;
        if self.all_ok([F::Gpus, F::Tp, F::Pp]) {
            // One GPU with model parallelism asked for means the smallest group that holds it.
            if p.gpus == 1 {
                self.s.parallel.gpus = p.tp.saturating_mul(p.pp);
            }
            if !self.s.parallel.gpus.is_multiple_of(p.tp * p.pp) {
                self.fail(
                    F::Gpus,
                    format!("gpus must be a multiple of tp × pp = {}", p.tp * p.pp),
                );
            }
        }
        if let (Ok(Some(a)), true) = (arch, self.ok(F::Tp)) {
            let t = p.tp;
            if a.heads % t != 0 {
                self.fail(
                    F::Tp,
                    format!("tp must divide heads ({}), the attention heads", a.heads),
                );
            } else if t < a.kv_heads && !a.kv_heads.is_multiple_of(t)
                || t > a.kv_heads && !t.is_multiple_of(a.kv_heads)
            {
                // vLLM and Megatron split KV heads evenly, or replicate each over tp / kv_heads ranks.
                self.fail(
                    F::Tp,
                    format!(
                        "tp must divide the KV heads ({}) or be a multiple of them",
                        a.kv_heads
                    ),
                );
            }
        }
        if let (Ok(Some(a)), true) = (arch, self.ok(F::Pp)) {
            if p.pp > a.layers {
                self.fail(
                    F::Pp,
                    format!("pp cannot exceed the number of layers ({})", a.layers),
                );
            }
        }

        self.expert_parallel();

        let samples = self.ok(F::Samples) && self.given(F::Samples);
        if samples && self.ok(F::Dataset) && self.given(F::Dataset) {
            self.fail(
                F::Samples,
                "give either dataset or samples × sample_size, not both",
            );
        }
        if samples && self.ok(F::SampleSize) {
            if !self.given(F::SampleSize) {
                self.fail(F::SampleSize, "samples needs a sample_size");
            } else if self.s.samples.saturating_mul(self.s.sample_bytes) > 1 << 60 {
                self.fail(
                    F::Samples,
                    "samples × sample_size is above the limit of 1 EiB",
                );
            }
        }
        if self.all_ok([F::Zero, F::Offload]) && self.s.parallel.zero == 0 {
            match self.s.parallel.offload {
                Offload::All => self.fail(F::Offload, "offloading parameters needs ZeRO stage 3"),
                Offload::Optimizer => self.fail(
                    F::Offload,
                    "offloading the optimizer needs ZeRO stage 1 or higher",
                ),
                Offload::None => {}
            }
        }
        // The rule matters only for a bare count; elsewhere it is kept at the default so links
        // stay short.
        if matches!(arch, Ok(Some(_))) || is_sim {
            self.s.shape = ShapeRule::Catalog;
        }
        self.llamacpp_layers();
        self.training_offload();
        self.context_parallel();
    }

    /// Context parallelism (issue 38): cp ranks lie in the data-parallel dimension
    /// (Megatron-Core parallel_state.py: world = tp × cp × dp × pp) and the load-balanced split
    /// cuts each sequence into 2 · cp chunks (megatron/core/utils.py get_batch_on_this_cp_rank).
    fn context_parallel(&mut self) {
        let cp = self.s.parallel.cp;
        if cp <= 1 || !self.errors.is_empty() {
            return;
        }
        let s = &self.s;
        if !s.mode.trains() {
            self.fail(F::Cp, "cp splits training sequences (Megatron-Core, torchtitan): allowed value 1 when serving");
            return;
        }
        let ranks = s.parallel.dp().max(1);
        if !ranks.is_multiple_of(cp) {
            let allowed: Vec<String> = (1..=ranks)
                .filter(|d| ranks.is_multiple_of(*d))
                .map(|d| d.to_string())
                .collect();
            self.fail(
                F::Cp,
                format!(
                    "cp must divide gpus ÷ (tp × pp) = {ranks}: allowed values {}",
                    allowed.join(", ")
                ),
            );
            return;
        }
        if !s.seq.is_multiple_of(2 * cp) {
            self.fail(
                F::Cp,
                format!("the sequence ({}) must be a multiple of 2 × cp = {} (each rank takes two of 2 · cp chunks)", s.seq, 2 * cp),
            );
        }
    }

    /// Issue 38: Megatron's cpu_offloading_num_layers is below the layers and needs activation
    /// offloading; the tiled MLP is run under full recomputation (Unsloth, ALST).
    fn training_offload(&mut self) {
        if !self.errors.is_empty() || !self.s.mode.trains() || !self.s.sciml.is_transformer() {
            return;
        }
        let s = &self.s;
        if self.given(F::OffloadLayers) {
            let layers = s.shape().0.layers;
            if !s.mech.act_offload {
                self.fail(
                    F::OffloadLayers,
                    "offload_layers needs act_offload=on (Megatron's --cpu-offloading)".to_string(),
                );
                return;
            }
            if let Some(n) = s.mech.offload_layers.filter(|&n| n >= layers) {
                self.fail(
                    F::OffloadLayers,
                    format!(
                        "offload_layers ({n}) must be below the model's layers ({layers}): 1 to {}",
                        layers.saturating_sub(1)
                    ),
                );
                return;
            }
        }
        if self.given(F::TiledMlp) && s.recompute != Recompute::Full {
            self.fail(
                F::TiledMlp,
                "tiled_mlp needs recompute=full: Unsloth and ALST recompute each layer's MLP a tile at a time".to_string(),
            );
        }
    }

    /// Expert parallelism: only for a mixture of experts; serving with vLLM or SGLang
    /// (`--enable-expert-parallel` makes the expert-parallel group tp × dp, vLLM
    /// config/parallel.py), training as Megatron-Core (`expert_model_parallel_size` divides
    /// the data-parallel ranks and `num_moe_experts`, megatron/core/parallel_state.py and
    /// transformer_config.py).
    fn expert_parallel(&mut self) {
        use crate::base::choice::Choice;
        use crate::scenario::serving::Engine;
        let ep = self.s.parallel.ep;
        if ep <= 1 || !self.all_ok([F::Ep, F::Gpus, F::Tp, F::Pp, F::Mode, F::Engine]) {
            return;
        }
        if self.s.mode == Mode::Sim {
            return;
        }
        let experts = self.s.shape().0.experts;
        let p = self.s.parallel;
        let dp = p.dp().max(1);
        if experts <= 1 {
            self.fail(
                F::Ep,
                "ep needs a mixture of experts (this model has no routed experts): allowed value 1",
            );
        } else if self.s.mode == Mode::Infer {
            let group = p.tp.saturating_mul(dp);
            if !matches!(self.s.engine, Engine::Vllm | Engine::Sglang) {
                self.fail(
                    F::Ep,
                    format!(
                        "ep is vLLM's and SGLang's --enable-expert-parallel (engine=vllm or sglang); with engine={}: allowed value 1",
                        self.s.engine.id()
                    ),
                );
            } else if ep != group {
                self.fail(
                    F::Ep,
                    format!(
                        "with --enable-expert-parallel the experts are divided over tp × dp = {} × {} = {group} GPUs: allowed values 1 or {group}",
                        p.tp, dp
                    ),
                );
            }
        } else {
            let allowed: Vec<String> = (1..=dp.min(experts))
                .filter(|d| dp.is_multiple_of(*d) && experts.is_multiple_of(*d))
                .map(|d| d.to_string())
                .collect();
            if !dp.is_multiple_of(ep) || !experts.is_multiple_of(ep) {
                self.fail(
                    F::Ep,
                    format!(
                        "ep must divide the data-parallel ranks (gpus ÷ (tp × pp) = {dp}) and the experts ({experts}): allowed values {}",
                        allowed.join(", ")
                    ),
                );
            }
        }
    }

    /// llama.cpp has no FP8 (nor FP64) KV cache: `--cache-type-k`/`-v` take f32, f16, bf16,
    /// q8_0, q4_0, q4_1, iq4_nl, q5_0 and q5_1 (common/arg.cpp, kv_cache_types), and refuse any
    /// other name.
    fn llamacpp_cache(&mut self) {
        use crate::catalog::precision::Dtype;
        let s = &self.s;
        if self.all_ok([F::Mode, F::Engine, F::KvDtype])
            && s.mode == Mode::Infer
            && s.engine.splits()
            && matches!(s.kv_dtype, Some(Dtype::Fp8 | Dtype::Fp64))
        {
            self.fail(
                F::KvDtype,
                "llama.cpp's --cache-type-k and --cache-type-v take f32, f16, bf16, q8_0 or q4_0 here (also q4_1, iq4_nl, q5_0, q5_1), not FP8 or FP64",
            );
        }
    }

    /// llama.cpp's `--n-cpu-moe N` names blocks 0 .. N − 1 (common/arg.cpp): past the model's
    /// layers there is no block to keep on the CPU (`--cpu-moe` is the layer count).
    fn llamacpp_layers(&mut self) {
        if !self.errors.is_empty() {
            return;
        }
        let s = &self.s;
        if s.mode != Mode::Infer || !s.sciml.is_transformer() {
            return;
        }
        // --tensor-split gives one share per GPU the layers are split over.
        let shares = s.tensor_split.shares().len() as u64;
        if s.engine.splits() && shares > 0 && shares != s.parallel.pp {
            let pp = s.parallel.pp;
            self.fail(
                F::TensorSplit,
                format!(
                    "tensor_split gives {shares} share{}, but the layers are split over pp = {pp} GPU{}: give one share per GPU",
                    if shares == 1 { "" } else { "s" },
                    if pp == 1 { "" } else { "s" }
                ),
            );
            return;
        }
        if !self.given(F::NCpuMoe) {
            return;
        }
        let layers = s.shape().0.layers;
        if let Some(n) = s.n_cpu_moe.filter(|&n| n > layers) {
            self.fail(
                F::NCpuMoe,
                format!(
                    "n_cpu_moe ({n}) cannot exceed the model's layers ({layers}); {layers} keeps every layer's experts on the CPU (--cpu-moe)"
                ),
            );
        }
    }

    /// Whether the simulation method was read and is one of `methods` (a bit set of
    /// `schema::fields`): a rule between one method's fields speaks only for that method.
    fn method_in(&self, methods: u8) -> bool {
        self.ok(F::Method) && crate::schema::fields::method_bit(self.s.sim.method) & methods != 0
    }

    /// The rules of the simulation inputs, in every mode (a link stays valid when the mode
    /// changes), each for the methods whose fields it relates: a grid's size is not checked
    /// against AMR levels it does not have.
    fn simulation(&mut self) {
        use crate::schema::fields::{GRID, LBM, PW, SPEC};
        let m = self.s.sim;
        if self.method_in(PW) {
            self.planewave();
        }
        let grid_ok = !self.method_in(GRID | LBM | SPEC | AMR)
            || !self.all_ok([F::Nx, F::Ny, F::Nz])
            || m.nx.saturating_mul(m.ny).saturating_mul(m.nz) <= 1_000_000_000_000;
        if !grid_ok {
            self.fail(F::Nx, "nx × ny × nz is above the limit of 10^12 cells");
        }
        // The hierarchy is bounded like a grid: at most 10^13 cells over all levels (checked
        // once its base grid is within the grid's own limit).
        let amr_fields = FIELDS.iter().filter(|f| f.methods == AMR).map(|f| f.id);
        if grid_ok
            && self.method_in(AMR)
            && self.all_ok([F::Nx, F::Ny, F::Nz])
            && self.all_ok(amr_fields)
        {
            let h = m.amr.hierarchy((m.nx, m.ny, m.nz), true);
            let cells: f64 = if m.amr.blocks > 0 {
                h.blocks * h.block_cells
            } else {
                h.cells.iter().sum()
            };
            if cells.is_nan() || cells > 1e13 {
                self.fail(F::AmrLevels, "the levels hold more than 10^13 cells: fewer levels, a smaller share or a coarser base grid");
            }
        }
        if self.all_ok([F::Ranks, F::Nodes]) && m.nodes > m.ranks {
            self.fail(F::Nodes, format!("nodes cannot exceed ranks ({})", m.ranks));
        }
    }

    /// The rules between plane-wave inputs, as the codes themselves refuse them.
    fn planewave(&mut self) {
        use crate::scenario::planewave::DftArrays;
        let pw = self.s.sim.pw;
        if self.all_ok([F::Ecutwfc, F::Ecutrho])
            && pw.ecutrho_milli > 0
            && pw.ecutrho_milli < pw.ecutwfc_milli
        {
            self.fail(F::Ecutrho, "must be at least ecutwfc");
        }
        if self.all_ok([F::GammaOnly, F::Spin]) && pw.gamma && pw.spin == Spin::Noncollinear {
            self.fail(
                F::GammaOnly,
                "the Γ trick needs real wavefunctions: not with non-collinear spin",
            );
        }
        // pw.x deals the k-points (doubled with collinear spin) out to the pools and stops
        // when a pool gets none: PW/src/divide_et_impera.f90, "some nodes have no k-points".
        let nkstot = pw.kpoints * if pw.spin == Spin::Collinear { 2 } else { 1 };
        if self.all_ok([F::Pools, F::Kpoints, F::Spin, F::DftArrays])
            && pw.arrays == DftArrays::Pwx
            && pw.pools > nkstot
        {
            let spin = if pw.spin == Spin::Collinear {
                " (the k-points twice over, with collinear spin)"
            } else {
                ""
            };
            self.fail(
                F::Pools,
                format!(
                    "{} pools for {nkstot} k-point{}{spin}: pw.x stops with 'some nodes have no k-points' (divide_et_impera.f90); use at most {nkstot} pool{}",
                    pw.pools,
                    if nkstot == 1 { "" } else { "s" },
                    if nkstot == 1 { "" } else { "s" },
                ),
            );
        }
    }

    /// The architecture if its four essential fields are given (`Ok(None)`: none given);
    /// `Err` when it is partial or inconsistent (reported) or a field of it could not be read.
    fn architecture(&mut self) -> Result<Option<Arch>, ()> {
        let rows = || {
            FIELDS
                .iter()
                .filter(|f| f.group == Group::Architecture && f.id != F::Shape)
        };
        // The counts whose empty (or 0) value means "not used" or "derived".
        let counts = || {
            rows()
                .filter(|f| matches!(f.slot, Slot::OrZero(..)))
                .map(|f| f.id)
                .filter(|id| !ARCH_ESSENTIALS.contains(id))
        };
        let given: Vec<FieldId> = ARCH_ESSENTIALS
            .into_iter()
            .filter(|&k| self.given(k))
            .collect();
        if given.len() < ARCH_ESSENTIALS.len() {
            // Without the essentials there is nothing to read the other counts against.
            let deferred = |id: &FieldId| ARCH_ESSENTIALS.contains(id) || DERIVED.contains(id);
            self.errors.retain(|e| !deferred(&e.field));
            if given.is_empty() {
                if counts().any(|id| self.given(id)) {
                    self.fail(
                        F::Layers,
                        "an architecture needs layers, hidden, heads and vocab",
                    );
                    return Err(());
                }
                return Ok(None);
            }
            let missing: Vec<&str> = ARCH_ESSENTIALS
                .iter()
                .filter(|k| !given.contains(k))
                .map(|k| k.key())
                .collect();
            let first = ARCH_ESSENTIALS
                .into_iter()
                .find(|k| !given.contains(k))
                .unwrap_or(F::Layers);
            self.fail(
                first,
                format!(
                    "an architecture needs layers, hidden, heads and vocab; missing {}",
                    missing.join(", ")
                ),
            );
            return Err(());
        }
        if rows().any(|f| !DERIVED.contains(&f.id) && !self.ok(f.id)) || !self.ok(F::KvHeads) {
            return Err(());
        }
        let a = arch_of(&self.s);
        let (heads, hidden) = (a.heads, a.hidden);
        let kv_heads = if a.kv_heads == 0 { heads } else { a.kv_heads };
        if heads % kv_heads != 0 {
            self.fail(F::KvHeads, format!("kv_heads must divide heads ({heads})"));
            return Err(());
        }
        if !self.ok(F::HeadDim) {
            return Err(());
        }
        let head_dim = match a.head_dim {
            0 if hidden % heads != 0 => {
                self.fail(
                    F::HeadDim,
                    format!(
                        "hidden ({hidden}) is not a multiple of heads ({heads}): give head_dim"
                    ),
                );
                return Err(());
            }
            0 => hidden / heads,
            d => d,
        };
        if !self.ok(F::Ffn) {
            return Err(());
        }
        let ffn = match a.ffn {
            0 => Arch::default_ffn(hidden, a.mlp),
            f => f,
        };
        let arch = Arch {
            kv_heads,
            head_dim,
            ffn,
            ..a
        };
        if arch.active_experts > arch.experts {
            self.fail(
                F::ActiveExperts,
                format!("active_experts cannot exceed experts ({})", arch.experts),
            );
            return Err(());
        }
        let moe_only = [
            (F::MoeFfn, arch.moe_ffn),
            (F::SharedExperts, arch.shared_experts),
            (F::DenseLayers, arch.dense_layers),
        ];
        if let Some(&(key, _)) = moe_only.iter().find(|(_, v)| *v > 0 && arch.experts == 1) {
            self.fail(
                key,
                "applies to mixture-of-experts models: set experts above 1",
            );
            return Err(());
        }
        if arch.dense_layers > arch.layers {
            self.fail(
                F::DenseLayers,
                format!("dense_layers cannot exceed layers ({})", arch.layers),
            );
            return Err(());
        }
        if arch.kv_lora_rank == 0 {
            if let Some(key) = [
                (F::QLoraRank, arch.q_lora_rank),
                (F::QkRopeDim, arch.rope_dim),
            ]
            .iter()
            .find(|(_, v)| *v > 0)
            .map(|(k, _)| *k)
            {
                self.fail(
                    key,
                    "belongs to multi-head latent attention: give kv_lora_rank too",
                );
                return Err(());
            }
        }
        if arch.rope_dim >= head_dim && arch.rope_dim > 0 {
            self.fail(
                F::QkRopeDim,
                format!("must be below head_dim ({head_dim}), which is nope + rope"),
            );
            return Err(());
        }
        if arch.global_every > 0 && arch.window == 0 {
            self.fail(F::GlobalEvery, "needs a sliding_window");
            return Err(());
        }
        if arch.full_every > arch.layers {
            self.fail(
                F::FullAttnEvery,
                format!(
                    "must be between 1 and the layers ({}), or empty for no linear attention",
                    arch.layers
                ),
            );
            return Err(());
        }
        if arch.full_every > 0 {
            for (id, v) in [
                (F::LinearKHeads, arch.linear_k_heads),
                (F::LinearVHeads, arch.linear_v_heads),
                (F::LinearKDim, arch.linear_k_dim),
                (F::LinearVDim, arch.linear_v_dim),
            ] {
                if v == 0 {
                    self.fail(
                        id,
                        "linear attention (full_attn_every) needs it: a count of 1 or more",
                    );
                    return Err(());
                }
            }
        }
        if arch.total_params() > MAX_PARAMS {
            self.fail(
                F::Layers,
                "this architecture has more than 10^15 parameters, the limit",
            );
            return Err(());
        }
        Ok(Some(arch))
    }
}
