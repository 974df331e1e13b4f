//! The URL query: the product's public API. Decoding reports unknown or repeated keys instead of
//! failing; encoding is canonical (fixed key order, only values that differ from the defaults).

use crate::scenario::Scenario;
use crate::schema::fields::{FieldId, FIELDS};
use crate::schema::inputs::Inputs;
pub use crate::schema::url::{
    is_share_link, pairs, percent_decode, percent_encode, Notice, SCHEMA_VERSION,
};

/// Keys the page understands besides form fields: schema version and page options
/// (`crate::schema::page`).
pub const META_KEYS: &[&str] = &[
    "v",
    "preset",
    "units",
    "theme",
    "embed",
    "show",
    "lock",
    "scaling_y",
    "cmp",
    // The planner's goal (issue 41, [`PLAN_KEYS`]: from here to the end): read by
    // `memcalc --plan`, never by the scenario, so no link's figures change.
    "plan_tokens",
    "plan_steps",
    "plan_users",
    "plan_rps",
    "plan_ttft_ms",
    "plan_tpot_ms",
    "plan_hours",
    "plan_deadline_h",
    "plan_budget_gpuh",
    "plan_budget_nodeh",
    "plan_price",
    "plan_devices",
    "plan_max_gpus",
    "plan_cluster",
    "plan_dtypes",
    // issue 41 (h-compare): the latency percentile a serving goal's targets are read at.
    "plan_lat_pct",
];

/// The planner's goal keys (`analysis::plan`), in the order `docs/url-parameters.md` lists
/// them: the end of [`META_KEYS`], one list for both.
pub const PLAN_KEYS: &[&str] = META_KEYS.split_at(9).1;

fn shorten(s: &str) -> String {
    let mut t: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        t.push('…');
    }
    t
}

/// Whether `key` is one the page reads: a field's or a meta key (page-only keys included).
pub fn known_key(key: &str) -> bool {
    FieldId::from_key(key).is_some() || META_KEYS.contains(&key)
}

/// The known keys (fields and meta keys) closest to an unknown one: those at the smallest edit
/// distance, at most three in table order, and only when that distance is a typo's (about a
/// third of the key); none for a key like nothing the page reads.
pub fn closest_keys(key: &str) -> Vec<&'static str> {
    crate::base::choice::closest(
        key,
        FIELDS
            .iter()
            .map(|f| f.key)
            .chain(META_KEYS.iter().copied()),
    )
}

/// "did you mean nodes?" (or "tp or pp?") for an unknown key; `None` when no key is close. The
/// page's notice and the CLI's error say the same.
pub fn did_you_mean(key: &str) -> Option<String> {
    crate::base::choice::did_you_mean(
        key,
        FIELDS
            .iter()
            .map(|f| f.key)
            .chain(META_KEYS.iter().copied()),
    )
}

impl Inputs {
    /// Reads a share link or bare query as the page opens a link: a query without `v=` was
    /// written before versions existed and is read as version 1. Field values are kept as text
    /// (an invalid one is shown in its field with its error); unknown, repeated or
    /// future-version keys become notices.
    pub fn from_query(input: &str) -> (Inputs, Vec<Notice>) {
        Inputs::read_query(input, 1)
    }

    /// Reads what a user types (the CLI's `KEY=VALUE` arguments or a bare query) as the page
    /// reads its form: at the current schema version unless `v=` says otherwise. A share link
    /// keeps the meaning of its own version: read it with [`Inputs::from_query`]
    /// ([`is_share_link`] tells them apart).
    pub fn from_typed_query(input: &str) -> (Inputs, Vec<Notice>) {
        Inputs::read_query(input, SCHEMA_VERSION)
    }

    /// Reads a query whose version, when it names none, is `unversioned`.
    fn read_query(input: &str, unversioned: u32) -> (Inputs, Vec<Notice>) {
        // Split once; the keys that choose a base are read first, the last occurrence winning.
        let given = pairs(input);
        let last = |key: &str| {
            given
                .iter()
                .rev()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.as_str())
        };
        // Defaults depend on the mode (simulations default to FP64): start from the link's.
        let mode =
            last(FieldId::Mode.key()).and_then(|v| crate::base::choice::Choice::parse(v).ok());
        // A preset named in the link is the base its other values change.
        let preset = last("preset").and_then(crate::schema::presets::preset_by_id);
        // The version the link was written with: absent means `unversioned` (1 for links, which
        // were written before the version key); one this page does not know is read as the
        // newest (with a notice below). An empty query is no old link: it is today's page.
        let unversioned = if given.is_empty() {
            SCHEMA_VERSION
        } else {
            unversioned
        };
        let version = last("v").map_or(unversioned, |v| {
            v.trim()
                .parse::<u32>()
                .ok()
                .filter(|v| (1..=SCHEMA_VERSION).contains(v))
                .unwrap_or(SCHEMA_VERSION)
        });
        let mut inputs = match preset {
            Some(p) => preset_inputs(p),
            None => Inputs::from_scenario(&Scenario::default_for(
                mode.unwrap_or(crate::scenario::Mode::Train),
            )),
        };
        if version < 2 {
            inputs.set(FieldId::Shape, "dense");
        }
        // A framework named in the link sets its defaults before the link's own values.
        let framework =
            last(FieldId::Framework.key()).and_then(|v| crate::base::choice::Choice::parse(v).ok());
        if let Some(f) = framework {
            inputs.apply_framework(f);
        }
        // A code named in the link sets its profile's settings; the link's own values follow.
        // (Only in simulations, where the link writes fields relative to it.)
        if let Some(code) = last(FieldId::Code.key()) {
            let sim = match mode {
                Some(m) => m == crate::scenario::Mode::Sim,
                None => inputs.get(FieldId::Mode) == "sim",
            };
            if sim {
                inputs.apply_code(code);
            }
        }
        // A catalog model named in the link is the base its architecture fields change.
        if let Some(id) = last(FieldId::ModelId.key()) {
            inputs.choose_model(id);
        }
        // A node named in the link fills its memory; the link's own node_mem follows.
        if let Some(id) = last(FieldId::Node.key()) {
            inputs.change(FieldId::Node, id.to_string());
        }
        let mut notices = Vec::new();
        let mut seen: Vec<String> = Vec::new();
        for (key, value) in given {
            if seen.contains(&key) {
                notices.push(Notice {
                    key: key.clone(),
                    message: format!(
                        "'{}' is given more than once; the last value is used.",
                        shorten(&key)
                    ),
                });
            } else {
                seen.push(key.clone());
            }
            if key == "v" {
                match value.trim().parse::<u32>() {
                    Ok(v) if (1..=SCHEMA_VERSION).contains(&v) => {}
                    _ => notices.push(Notice {
                        key,
                        message: format!(
                            "This link has schema version '{}', which this version of the calculator does not know; values were read as version {SCHEMA_VERSION}.",
                            shorten(&value)
                        ),
                    }),
                }
            } else if let Some(id) = FieldId::from_key(&key) {
                inputs.set(id, value);
            } else if !META_KEYS.contains(&key.as_str()) {
                // The closest keys, as the CLI's error names them: "…; did you mean nodes?".
                let end = did_you_mean(&key).map_or(".".into(), |h| format!("; {h}"));
                notices.push(Notice {
                    key: key.clone(),
                    message: format!("Unknown parameter '{}' was ignored{end}", shorten(&key)),
                });
            }
        }
        let named = |id: FieldId| seen.iter().any(|s| s == id.key());
        if version < 3 {
            pin_v2_defaults(&mut inputs, named, preset);
        }
        if version < 4 {
            pin_v3_defaults(&mut inputs, named, preset);
        }
        if version < 5 {
            pin_v4_defaults(&mut inputs, named, preset);
        }
        if version < 6 {
            pin_v5_defaults(&mut inputs, named, preset);
        }
        if version < 7 {
            pin_v6_defaults(&mut inputs, named, preset);
        }
        // A link that describes the architecture but gives no count means "derive it".
        if crate::schema::inputs::ARCH_ESSENTIALS
            .into_iter()
            .any(named)
            && !named(FieldId::Params)
        {
            inputs.set(FieldId::Params, "");
        }
        // --- GGUF audit (issue 38): version 7's llama.cpp GGUF defaults, pinned for older links.
        if version < 7 {
            pin_v6_gguf_defaults(&mut inputs, named, preset);
        }
        // --- end GGUF audit
        (inputs, notices)
    }
}

/// Version 2's plane-wave cell volume, the volume of 16 silicon atoms (8 × 265.302 bohr³) beside
/// the default 64 atoms; version 3's is the 64-atom cell's, 8489.664 (issue 39).
const V2_CELL_VOLUME: &str = "2122.416";

/// Presets that gave no `cell_volume` in version 2 and give their run's own in version 3:
/// `sparc-alsi-md` (SPARC's Al16Si16 test cell, 3375 bohr³). A version-2 link naming one keeps
/// version 2's default volume.
const PRESETS_GIVEN_A_CELL_IN_V3: &[&str] = &["sparc-alsi-md"];

/// Version 6 → 7: the defaults version 7 changed, pinned where a link of version 6 or older
/// relied on them, so it opens with the numbers it was written with. Each change keeps its own
/// block.
fn pin_v6_defaults(
    inputs: &mut Inputs,
    named: impl Fn(FieldId) -> bool,
    preset: Option<&crate::schema::presets::Preset>,
) {
    let given = |id: FieldId| {
        named(id) || preset.is_some_and(|p| pairs(p.query).iter().any(|(k, _)| k == id.key()))
    };
    // --- Llama 4 vision encoder (issue 38): Llama 4 Scout and Maverick count their vision
    // encoder, pixel-shuffle adapter and projector (the catalog's `vision_proj=llama4`) from
    // version 7; before, only the language model.
    let llama4 = crate::catalog::model_by_id(inputs.get(FieldId::ModelId))
        .is_some_and(|m| m.arch.vision_proj == crate::catalog::vision::VisionProj::Llama4);
    if llama4 && !given(FieldId::VisionLayers) && !inputs.get(FieldId::VisionLayers).is_empty() {
        inputs.set(FieldId::VisionLayers, "");
    }
    // --- end Llama 4 vision encoder
}

/// Version 5 → 6: the defaults version 6 changed, pinned where a link of version 5 or older
/// relied on them, so it opens with the numbers it was written with. Each change keeps its own
/// block.
fn pin_v5_defaults(
    inputs: &mut Inputs,
    named: impl Fn(FieldId) -> bool,
    preset: Option<&crate::schema::presets::Preset>,
) {
    let given = |id: FieldId| {
        named(id) || preset.is_some_and(|p| pairs(p.query).iter().any(|(k, _)| k == id.key()))
    };
    // --- Pixtral vision encoder (issue 38): Mistral Small 3.1 and 3.2 count their Pixtral
    // encoder and Mistral 3 projector (the catalog's `vision_proj=pixtral`) from version 6;
    // before, only the language model. Only those models: the other catalog encoders were
    // counted from version 5.
    let pixtral = crate::catalog::model_by_id(inputs.get(FieldId::ModelId))
        .is_some_and(|m| m.arch.vision_proj == crate::catalog::vision::VisionProj::Pixtral);
    if pixtral && !given(FieldId::VisionLayers) && !inputs.get(FieldId::VisionLayers).is_empty() {
        inputs.set(FieldId::VisionLayers, "");
    }
    // --- end Pixtral vision encoder
}

/// Version 4 → 5: the defaults version 5 changed, pinned where a link of version 4 or older
/// relied on them, so it opens with the numbers it was written with. Each change keeps its own
/// block.
fn pin_v4_defaults(
    inputs: &mut Inputs,
    named: impl Fn(FieldId) -> bool,
    preset: Option<&crate::schema::presets::Preset>,
) {
    let given = |id: FieldId| {
        named(id) || preset.is_some_and(|p| pairs(p.query).iter().any(|(k, _)| k == id.key()))
    };
    // --- index_head_dim (issue 38): DeepSeek-V3.2's lightning indexer is cached beside the
    // latent KV from version 5 (the catalog's `index_head_dim` 128); before, a pooled engine
    // counted the latent only.
    if !given(FieldId::IndexHeadDim) && !inputs.get(FieldId::IndexHeadDim).is_empty() {
        inputs.set(FieldId::IndexHeadDim, "");
    }
    // --- end index_head_dim
    // --- vision encoder (issue 38): Gemma 3 4B/12B/27B count their SigLIP encoder (the
    // catalog's `vision_layers` 27) from version 5; before, only the language model.
    if !given(FieldId::VisionLayers) && !inputs.get(FieldId::VisionLayers).is_empty() {
        inputs.set(FieldId::VisionLayers, "");
    }
    // --- end vision encoder
}

/// Version 3 → 4: the defaults version 4 changed, pinned where a link of version 3 or older
/// relied on them, so it opens with the numbers it was written with; writing it again gives a
/// version-4 link carrying the pinned value. `named` says whether the link gave a key; a
/// preset's own values are kept too. Each change keeps its own block.
fn pin_v3_defaults(
    inputs: &mut Inputs,
    named: impl Fn(FieldId) -> bool,
    preset: Option<&crate::schema::presets::Preset>,
) {
    use crate::base::choice::Choice;
    use crate::scenario::{serving::Engine, Mode};
    let given = |id: FieldId| {
        named(id) || preset.is_some_and(|p| pairs(p.query).iter().any(|(k, _)| k == id.key()))
    };
    // --- Weight format (issue 38): a catalog model's `quant` defaults to its checkpoint's
    // format from version 4 (`Model::ships`, the `-FP8`/`-AWQ` repositories); before, every
    // model was counted unquantized unless the link or its preset named `quant`.
    if !given(FieldId::Quant) {
        inputs.set(FieldId::Quant, crate::catalog::quant::Quant::None.id());
    }
    // --- MXFP4 storage by kernel (issue 38): from version 4 vLLM's MXFP4 experts are padded
    // for its Marlin kernel on GPUs without native FP4 (`mxfp4_kernel=auto`); before, they were
    // counted in the checkpoint's layout. Pinned only where it matters (vLLM inference with
    // MXFP4 weights on a GPU outside `NATIVE_MXFP4`), so other links are written as before.
    let matters = inputs.get(FieldId::Mode) == "infer"
        && inputs.get(FieldId::Engine) == "vllm"
        && inputs.get(FieldId::Quant) == crate::catalog::quant::Quant::Mxfp4.id()
        && !crate::catalog::device::NATIVE_MXFP4.contains(&inputs.get(FieldId::Gpu));
    if matters && !given(FieldId::Mxfp4Kernel) {
        inputs.set(
            FieldId::Mxfp4Kernel,
            crate::catalog::quant::Mxfp4Kernel::Native.id(),
        );
    }
    // --- end weight format and MXFP4 storage
    let mode = Mode::parse(inputs.get(FieldId::Mode)).ok();
    // --- hybrid_kv (issue 38): vLLM and SGLang counted every layer at the full context; version
    // 4 counts windowed layers as the engines do (vLLM's layer groups, SGLang's windowed pool).
    if mode == Some(Mode::Infer)
        && matches!(
            Engine::parse(inputs.get(FieldId::Engine)),
            Ok(Engine::Vllm | Engine::Sglang)
        )
        && !given(FieldId::HybridKv)
        // Only where it matters: a model with a sliding window (or one not yet readable).
        && inputs.parse().map_or(true, |s| s.shape().0.window > 0)
    {
        inputs.set(FieldId::HybridKv, "full");
    }
    // --- end hybrid_kv
    // --- batch_scope (issue 38): inference with data-parallel replicas gave each replica the
    // whole batch; version 4 spreads it over them.
    if mode == Some(Mode::Infer)
        && !given(FieldId::BatchScope)
        && inputs.parse().is_ok_and(|s| s.parallel.dp() > 1)
    {
        inputs.set(FieldId::BatchScope, "replica");
    }
    // --- end batch_scope
}

/// Version 2 → 3: the defaults version 3 changed, pinned where a version-1 or version-2 link
/// relied on them and they matter, so it opens with the numbers it was written with; writing it
/// again gives a version-3 link carrying the pinned value (as `shape=dense` for version 1).
/// `named` says whether the link gave a key; a preset's own values are kept too.
fn pin_v2_defaults(
    inputs: &mut Inputs,
    named: impl Fn(FieldId) -> bool,
    preset: Option<&crate::schema::presets::Preset>,
) {
    use crate::base::choice::Choice;
    use crate::catalog::precision::Dtype;
    use crate::scenario::{serving::Engine, sim::Method, Mode};
    // A preset's own value is kept, unless the preset gained it with version 3 (it relied on
    // version 2's default then).
    let given = |id: FieldId| {
        named(id)
            || preset.is_some_and(|p| {
                !(id == FieldId::CellVolume && PRESETS_GIVEN_A_CELL_IN_V3.contains(&p.id))
                    && pairs(p.query).iter().any(|(k, _)| k == id.key())
            })
    };
    let mode = Mode::parse(inputs.get(FieldId::Mode)).ok();
    // A plane-wave run without `cell_volume` had the 16-atom volume.
    if mode == Some(Mode::Sim)
        && Method::parse(inputs.get(FieldId::Method)) == Ok(Method::Planewave)
        && !given(FieldId::CellVolume)
    {
        inputs.set(FieldId::CellVolume, V2_CELL_VOLUME);
    }
    // llama.cpp without `kv_dtype` cached in the weights' precision (BF16 for FP8) where that
    // was not two bytes (a two-byte cache was already F16): FP32 and TF32 keep their 4 bytes.
    // FP64 is not pinned: llama.cpp has no f64 cache (`--cache-type-k`, common/arg.cpp), so
    // `kv_dtype=fp64` is refused there; such a link now opens with llama.cpp's F16 cache.
    if mode == Some(Mode::Infer)
        && Engine::parse(inputs.get(FieldId::Engine)) == Ok(Engine::Llamacpp)
        && !given(FieldId::KvDtype)
        && inputs.get(FieldId::KvDtype).trim().is_empty()
    {
        if let Ok(d) = Dtype::parse(inputs.get(FieldId::Dtype)) {
            if matches!(d, Dtype::Fp32 | Dtype::Tf32) {
                inputs.set(FieldId::KvDtype, d.id());
            }
        }
    }
}

/// The fields a preset sets, read as a current-version query.
pub(crate) fn preset_inputs(p: &crate::schema::presets::Preset) -> Inputs {
    Inputs::from_query(&format!("v={SCHEMA_VERSION}&{}", p.query)).0
}

/// The scenario a preset describes.
pub fn preset_scenario(p: &crate::schema::presets::Preset) -> Option<Scenario> {
    preset_inputs(p).parse().ok()
}

impl Scenario {
    /// The canonical query (without `?`): schema version, then every field whose canonical value
    /// differs from the default, in form order.
    pub fn to_query(&self) -> String {
        self.link(None)
    }

    /// The canonical query relative to a preset: `v`, `preset`, then the fields that differ
    /// from the preset's values.
    pub fn link(&self, preset: Option<&crate::schema::presets::Preset>) -> String {
        let base_scenario = preset.and_then(preset_scenario);
        let preset = preset.filter(|_| base_scenario.is_some());
        let mine = Inputs::from_scenario(self);
        let mut base = Inputs::from_scenario(
            &base_scenario.unwrap_or_else(|| Scenario::default_for(self.mode)),
        );
        // The framework's defaults are part of the base: the link lists what changed after it.
        if self.mech.framework != crate::catalog::framework::Framework::None {
            base.apply_framework(self.mech.framework);
            if let Ok(b) = base.parse() {
                base = Inputs::from_scenario(&b);
            }
            // `framework=` itself is always written: it is what the base was built from.
            base.set(FieldId::Framework, "none");
        }
        // Likewise a simulation code's profile: fields are written relative to it, as they are
        // read back; `code=` is written unless the base (a preset that is the code's run)
        // already names it.
        let code = crate::base::choice::Choice::id(self.sim.code);
        if self.mode == crate::scenario::Mode::Sim
            && self.sim.code != crate::catalog::codes::Code::Generic
            && base.get(FieldId::Code) != code
        {
            base.apply_code(code);
            if let Ok(b) = base.parse() {
                base = Inputs::from_scenario(&b);
            }
            base.set(FieldId::Code, "generic");
        }
        // With a catalog model, the link names it and lists only the fields changed after it.
        if let Some(m) = self.model {
            base.choose_model(m.id);
        }
        // A node fills its memory as it is read back: `node_mem` is written relative to it,
        // and `node=` itself is written.
        if let Some(n) = self.sim.node.filter(|n| base.get(FieldId::Node) != n.id) {
            let before = base.get(FieldId::Node).to_string();
            base.change(FieldId::Node, n.id.to_string());
            base.set(FieldId::Node, before);
        }
        let mut out = format!("v={SCHEMA_VERSION}");
        if let Some(p) = preset {
            out.push_str("&preset=");
            out.push_str(p.id);
        }
        // Like a preset, the framework is the base the other fields are read against: first.
        if self.mech.framework != crate::catalog::framework::Framework::None {
            push_pair(
                &mut out,
                FieldId::Framework,
                crate::base::choice::Choice::id(self.mech.framework),
            );
        }
        if let Some(m) = self.model {
            push_pair(&mut out, FieldId::ModelId, &percent_encode(m.id));
        }
        let arch_changed = crate::schema::inputs::ARCH_ESSENTIALS
            .into_iter()
            .any(|k| mine.get(k) != base.get(k));
        for f in FIELDS {
            let v = mine.get(f.id);
            // With an architecture, an absent count means "derive it": a given one must be
            // written whenever the link also names the architecture.
            let forced = (f.id == FieldId::Params
                && self.arch.is_some()
                && ((preset.is_none() && self.model.is_none()) || arch_changed))
                || (f.id == FieldId::Mode
                    && preset.is_none()
                    && self.mode != Scenario::default().mode);
            if f.id == FieldId::Framework || f.id == FieldId::ModelId {
                continue;
            }
            if v != base.get(f.id) || forced {
                push_pair(&mut out, f.id, &percent_encode(v));
            }
        }
        out
    }
}

/// Appends `&key=value` (the value already encoded).
fn push_pair(out: &mut String, id: FieldId, value: &str) {
    out.push('&');
    out.push_str(id.key());
    out.push('=');
    out.push_str(value);
}

impl crate::schema::presets::Preset {
    /// Whether `s` has left this preset: its link names a field besides the preset.
    pub fn edited(&self, s: &Scenario) -> bool {
        s.link(Some(self)) != format!("v={SCHEMA_VERSION}&preset={}", self.id)
    }
}

/// Version 6 → 7, the GGUF audit's part (issue 38): the llama.cpp GGUF defaults version 7
/// changed (`gguf_rest`, `gguf_tied_embd`), pinned where a link of version 6 or older relied on
/// them, so it opens with the numbers it was written with. Kept apart from `pin_v6_defaults` so
/// the two changes of version 7 merge apart; each change keeps its own block.
fn pin_v6_gguf_defaults(
    inputs: &mut Inputs,
    named: impl Fn(FieldId) -> bool,
    preset: Option<&crate::schema::presets::Preset>,
) {
    use crate::base::choice::Choice;
    let given = |id: FieldId| {
        named(id) || preset.is_some_and(|p| pairs(p.query).iter().any(|(k, _)| k == id.key()))
    };
    // --- gguf_rest (GGUF audit, issue 38): from version 7 a llama.cpp GGUF with MXFP4 experts
    // keeps its other matrices in Q8_0, as llama.cpp's MXFP4_MOE quantizer writes them
    // (src/llama-quant.cpp); before, they were counted in the checkpoint's BF16. Pinned only
    // where it matters (llama.cpp inference with MXFP4 weights), so other links are written as
    // before.
    let matters = inputs.get(FieldId::Mode) == "infer"
        && inputs.get(FieldId::Engine) == "llamacpp"
        && inputs.get(FieldId::Quant) == crate::catalog::quant::Quant::Mxfp4.id();
    if matters && !given(FieldId::GgufRest) {
        inputs.set(FieldId::GgufRest, crate::catalog::gguf::GgufRest::Bf16.id());
    }
    // --- end gguf_rest
    // --- gguf_tied_embd (GGUF audit, issue 38): from version 7 a tied model's token embeddings
    // in a llama.cpp GGUF take the output layer's type (Q6_K in a Q4_K_M file), as llama.cpp's
    // quantizer gives them (src/llama-quant.cpp, `has_tied_embeddings`); before, the mix's base
    // type. Pinned only where it matters (llama.cpp inference of a tied model), so other links
    // are written as before.
    let tied = inputs.get(FieldId::Mode) == "infer"
        && inputs.get(FieldId::Engine) == "llamacpp"
        && inputs.parse().map_or(true, |s| s.shape().0.tied);
    if tied && !given(FieldId::GgufTiedEmbd) {
        inputs.set(
            FieldId::GgufTiedEmbd,
            crate::catalog::gguf::GgufTiedEmbd::Base.id(),
        );
    }
    // --- end gguf_tied_embd
    // --- gguf_fallback (GGUF audit, issue 38): from version 7 a K-quant matrix whose rows are
    // not a whole number of 256-value blocks takes llama.cpp's fallback type (Q4_K → Q5_0, Q5_K →
    // Q5_1, Q6_K → Q8_0: src/llama-quant.cpp, `tensor_type_fallback`); before, the mix's type.
    // Pinned only where it matters (llama.cpp inference in a K-quant mix of a model with such a
    // row width), so other links are written as before.
    let k_quant = matches!(
        crate::catalog::quant::Quant::parse(inputs.get(FieldId::Quant)),
        Ok(crate::catalog::quant::Quant::Q4KM
            | crate::catalog::quant::Quant::Q5KM
            | crate::catalog::quant::Quant::Q6K
            | crate::catalog::quant::Quant::Q4_0)
    );
    let odd = inputs.get(FieldId::Mode) == "infer"
        && inputs.get(FieldId::Engine) == "llamacpp"
        && k_quant
        && inputs.parse().map_or(true, |s| {
            let a = s.shape().0;
            [a.hidden, a.ffn, a.expert_ffn(), a.heads * a.head_dim]
                .into_iter()
                .any(|w| w > 0 && w % 256 != 0)
        });
    if odd && !given(FieldId::GgufFallback) {
        inputs.set(FieldId::GgufFallback, "off");
    }
    // --- end gguf_fallback
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::choice::typo_distance;

    #[test]
    fn a_typo_names_the_keys_it_is_closest_to() {
        assert_eq!(typo_distance("nodse", "nodes"), 1);
        assert_eq!(typo_distance("gpus", "gpus"), 0);
        assert_eq!(typo_distance("abc", ""), 3);
        assert_eq!(closest_keys("nodse"), ["nodes", "node"]);
        assert_eq!(closest_keys("Params"), ["params"]);
        assert_eq!(closest_keys("them"), ["theme"]);
        assert!(closest_keys("colour").is_empty());
        assert!(closest_keys(&"x".repeat(10_000)).is_empty());
        assert_eq!(
            did_you_mean("bacth").as_deref(),
            Some("did you mean batch?")
        );
        assert_eq!(did_you_mean("xyzzy"), None);
        assert_eq!(
            did_you_mean("gpsu").as_deref(),
            Some("did you mean gpus or gpu?")
        );
    }

    #[test]
    fn typed_pairs_are_read_at_the_current_version_links_at_their_own() {
        let typed = "mode=infer&params=70B";
        assert_eq!(
            Inputs::from_typed_query(typed).0.get(FieldId::Shape),
            "catalog"
        );
        assert_eq!(Inputs::from_query(typed).0.get(FieldId::Shape), "dense");
        let v1 = format!("v=1&{typed}");
        assert_eq!(Inputs::from_typed_query(&v1).0.get(FieldId::Shape), "dense");
        assert!(is_share_link("https://example.org/?params=7B"));
        assert!(is_share_link("?params=7B"));
        assert!(!is_share_link("params=7B&mode=infer"));
    }
}
