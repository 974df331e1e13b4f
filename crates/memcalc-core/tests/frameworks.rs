//! framework= and the training mechanics: defaults keep the textbook numbers, a framework's
//! implied settings are overridable and links keep only what changed after it.

mod common;

use common::{est, expect_part, part, scenario};
use memcalc_core::PartId;
use memcalc_core::{estimate, Inputs};

const L8: &str = "layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=128256";

fn total(q: &str) -> u64 {
    est(q).per_device_bytes
}

#[test]
fn framework_none_and_defaults_are_the_textbook() {
    let q = format!("mode=train&{L8}&batch=2&seq=4096");
    assert_eq!(total(&q), total(&format!("{q}&framework=none")));
    assert_eq!(
        total(&q),
        total(&format!(
            "{q}&compile=on&zero_grad=keep&opt_in_bwd=off&act_offload=off&gathered_layers=0&bucket_size=0&nccl_buffers=0&batching=fixed&expandable_segments=off&reshard_after_forward=always&pp_grad_sync=each"
        ))
    );
}

#[test]
fn unchunked_loss_holds_fourteen_bytes_per_logit_and_chunks_divide_the_fp32_part() {
    // Eager: the chunks' FP32 terms are materialised (compiled chunks: see below).
    let q = format!("mode=train&{L8}&batch=1&seq=1000&compile=off");
    let logits = 1000u64 * 128_256;
    let one = expect_part(&est(&format!("{q}&loss_chunks=1")), PartId::Logits);
    let eight = expect_part(&est(&format!("{q}&loss_chunks=8")), PartId::Logits);
    assert_eq!(one - eight, logits * 12 - (logits * 12).div_ceil(8));
    let textbook = expect_part(&est(&q), PartId::Logits);
    assert_eq!(one - textbook, logits * 8);
}

#[test]
fn eager_adds_fp32_norm_and_rope_copies_per_layer() {
    let q = format!("mode=train&{L8}&batch=1&seq=1000");
    let eager = expect_part(&est(&format!("{q}&compile=off")), PartId::Activations);
    let fused = expect_part(&est(&q), PartId::Activations);
    let sbh = 1000u64 * 4096;
    let per_layer = 8 * sbh + 4 * 1000 * (32 + 8) * 128;
    assert_eq!(eager - fused, 32 * per_layer);
}

#[test]
fn gradients_set_to_none_only_count_their_excess_over_activations() {
    let q = format!("mode=train&{L8}&batch=1&seq=512&recompute=full");
    let keep = expect_part(&est(&q), PartId::Gradients);
    let none = expect_part(&est(&format!("{q}&zero_grad=none")), PartId::Gradients);
    let freed = expect_part(&est(&q), PartId::Activations) + expect_part(&est(&q), PartId::Logits);
    assert_eq!(none, keep - freed);
    // With the optimizer in the backward pass only the largest tensor (the embedding) is alive.
    let in_bwd = expect_part(&est(&format!("{q}&opt_in_bwd=on")), PartId::Gradients);
    assert_eq!(in_bwd, 128_256 * 4096 * 2);
}

#[test]
fn offloaded_activations_move_to_host_and_the_sum_is_kept() {
    let q = format!("mode=train&{L8}&batch=1&seq=2048&recompute=full");
    let on = format!("{q}&act_offload=on");
    assert_eq!(
        expect_part(&est(&q), PartId::Activations),
        expect_part(&est(&on), PartId::Activations)
            + expect_part(&est(&on), PartId::ActivationsOffloaded)
    );
    assert!(total(&on) < total(&q));
}

#[test]
fn selective_op_keeps_less_than_no_recompute_and_more_than_full() {
    let q = format!("mode=train&{L8}&batch=2&seq=8192");
    let none = expect_part(&est(&q), PartId::Activations);
    let op = expect_part(
        &est(&format!("{q}&recompute=selective_op")),
        PartId::Activations,
    );
    let full = expect_part(&est(&format!("{q}&recompute=full")), PartId::Activations);
    assert!(full < op && op < none, "{full} {op} {none}");
}

#[test]
fn a_framework_link_keeps_framework_and_only_later_changes() {
    let (i, n) = Inputs::from_query("v=1&framework=torchtune&params=8B&batch=4");
    assert!(n.is_empty());
    assert_eq!(
        i.get(memcalc_core::schema::fields::FieldId::LossChunks),
        "8"
    );
    assert_eq!(
        i.get(memcalc_core::schema::fields::FieldId::Recompute),
        "full"
    );
    let s = i.parse().unwrap();
    // Re-written as version 2: the bare count keeps its version-1 shape.
    assert_eq!(
        s.link(None),
        "v=7&framework=torchtune&params=8B&batch=4&shape=dense"
    );
    // An override stays in the link.
    let (i, _) = Inputs::from_query("v=1&framework=torchtune&params=8B&loss_chunks=1");
    let link = i.parse().unwrap().link(None);
    assert!(
        link.contains("framework=torchtune") && link.contains("loss_chunks=1"),
        "{link}"
    );
    let (back, _) = Inputs::from_query(&link);
    assert_eq!(back.parse().unwrap(), i.parse().unwrap());
}

#[test]
fn switching_framework_moves_implied_values_and_keeps_overrides() {
    let (mut i, _) = Inputs::from_query("framework=torchtune&loss_chunks=4");
    i.switch_framework("torchtitan");
    assert_eq!(
        i.get(memcalc_core::schema::fields::FieldId::Framework),
        "torchtitan"
    );
    assert_eq!(
        i.get(memcalc_core::schema::fields::FieldId::Recompute),
        "selective_op"
    );
    assert_eq!(
        i.get(memcalc_core::schema::fields::FieldId::LossChunks),
        "4",
        "the user's value stays"
    );
    assert_eq!(
        i.get(memcalc_core::schema::fields::FieldId::Mixed),
        "on",
        "torchtune's implied mixed=off reverts"
    );
    i.switch_framework("none");
    assert_eq!(
        i.get(memcalc_core::schema::fields::FieldId::Recompute),
        "none"
    );
    assert_eq!(i.get(memcalc_core::schema::fields::FieldId::Zero), "0");
    let states = Inputs::from_query("framework=hf_trainer&compile=on")
        .0
        .implied_states();
    let compile = states.iter().find(|s| s.implied.key == "compile").unwrap();
    assert!(compile.overridden);
    assert!(states
        .iter()
        .filter(|s| s.implied.key != "compile")
        .all(|s| !s.overridden));
}

#[test]
fn every_implied_key_is_a_field_and_every_value_parses() {
    use memcalc_core::catalog::framework::Framework;
    use memcalc_core::Choice;
    for f in Framework::ALL {
        let (mut i, _) = Inputs::from_query(&format!("mode=finetune&{L8}"));
        i.apply_framework(*f);
        for im in f.implied() {
            // The key is typed; its value must be one the field reads.
            im.key
                .field()
                .check(im.value)
                .unwrap_or_else(|e| panic!("{f:?}: {e}"));
            assert!(!im.source.is_empty());
        }
        assert!(i.parse().is_ok(), "{f:?}");
    }
}

#[test]
fn zero3_gathers_layers_and_deepspeed_buckets_do_not_shrink_with_the_cluster() {
    let q = format!("mode=train&{L8}&batch=1&seq=2048&zero=3&framework=deepspeed");
    let at8 = expect_part(&est(&format!("{q}&gpus=8")), PartId::CommBuffers);
    let at64 = expect_part(&est(&format!("{q}&gpus=64")), PartId::CommBuffers);
    assert_eq!(at8, 500_000_000 * 2);
    assert_eq!(at8, at64);
    assert!(expect_part(&est(&format!("{q}&gpus=8")), PartId::GatheredLayers) > 0);
}

/// torchtune compiles each chunk's upcast and cross-entropy: besides the 16-bit logits only one
/// chunk's 16-bit gradient and a log-sum-exp per token stay; an unchunked loss (upcast in the
/// model) keeps its FP32 terms.
#[test]
fn a_compiled_chunked_loss_keeps_no_fp32_logits() {
    let q = format!("mode=train&{L8}&batch=1&seq=1000&compile=on");
    let logits = 1000u64 * 128_256;
    let one = expect_part(&est(&format!("{q}&loss_chunks=1")), PartId::Logits);
    let eight = expect_part(&est(&format!("{q}&loss_chunks=8")), PartId::Logits);
    assert_eq!(
        one - eight,
        logits * 12 - (logits * 2).div_ceil(8) - 4 * 1000
    );
    // Eager chunks keep the FP32 chunk terms.
    let eager = expect_part(
        &est(&format!(
            "{}&loss_chunks=8",
            q.replace("compile=on", "compile=off")
        )),
        PartId::Logits,
    );
    assert!(eager > eight + logits);
}

/// With recomputation the loss is freed before the first layer is recomputed: the recomputed
/// layer reuses the logits' memory (3B LoRA, torchtune: logits 2.5 GB > one layer 0.74 GB, so
/// only the 28 layer inputs remain as activations).
#[test]
fn the_recomputed_layer_reuses_the_memory_of_the_loss() {
    let q = "mode=finetune&layers=28&hidden=3072&heads=24&kv_heads=8&ffn=8192&vocab=128256&tied=on&framework=torchtune&gpu=a100-80&batch=2&seq=4096&overhead=0&runtime=0&compile=on&lora_rank=8";
    assert_eq!(
        expect_part(&est(q), PartId::Activations),
        28 * 4096 * 2 * 3072 * 2
    );
    // A stage without the loss keeps its recomputed layer.
    let staged = format!("{q}&gpus=2&pp=2");
    let s = scenario(&staged);
    let first = memcalc_core::model::neural::stage::Plan::new(&s).stage(0);
    assert_eq!(first.act_overlap, 0);
    assert!(first.activations > 2 * 14 * 4096 * 2 * 3072 * 2);
    // Without recomputation every saved tensor is alive at the loss: nothing is reused.
    let (i, _) = Inputs::from_query(&format!("{q}&recompute=none"));
    let (_, b) = memcalc_core::model::neural::stage::Plan::new(&i.parse().unwrap()).busiest();
    assert_eq!(b.act_overlap, 0);
}

/// torchtitan under pipeline parallelism: each device keeps its stage's parameters gathered in
/// 16-bit and accumulates its unsharded FP32 gradients over the micro-batches; without pipeline
/// parallelism only the layers in flight are unsharded.
#[test]
fn torchtitan_keeps_a_pipeline_stage_unsharded() {
    let q = "mode=train&layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=128256&framework=torchtitan&gpu_mem=95&gpus=64&tp=2&pp=4&batch=1&seq=4096";
    let s = scenario(q);
    let (_, b) = memcalc_core::model::neural::stage::Plan::new(&s).busiest();
    // The stage's parameters in 16-bit + their gradients in FP32.
    assert_eq!(
        expect_part(&est(q), PartId::GatheredLayers),
        b.params * 2 + b.trainable * 4
    );
    let layers_only = expect_part(
        &est(&format!(
            "{q}&reshard_after_forward=always&pp_grad_sync=each"
        )),
        PartId::GatheredLayers,
    );
    assert!(layers_only * 4 < expect_part(&est(q), PartId::GatheredLayers));
    // Either mechanism alone sits between the two.
    let params_only = expect_part(
        &est(&format!("{q}&pp_grad_sync=each")),
        PartId::GatheredLayers,
    );
    let grads_only = expect_part(
        &est(&format!("{q}&reshard_after_forward=always")),
        PartId::GatheredLayers,
    );
    assert!(layers_only < params_only && params_only < grads_only);
    // Without pipeline parallelism torchtitan reshards after forward and syncs each backward.
    let flat = "mode=train&layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=128256&framework=torchtitan&gpu_mem=95&gpus=64&tp=2&batch=1&seq=4096";
    assert_eq!(
        expect_part(&est(flat), PartId::GatheredLayers),
        expect_part(
            &est(&format!(
                "{flat}&reshard_after_forward=always&pp_grad_sync=each"
            )),
            PartId::GatheredLayers
        )
    );
    // `never` keeps every layer gathered even without pipelining.
    assert!(
        expect_part(
            &est(&format!("{flat}&reshard_after_forward=never")),
            PartId::GatheredLayers
        ) > 8 * expect_part(&est(flat), PartId::GatheredLayers)
    );
    // The textbook default is unchanged.
    let (none, _) = Inputs::from_query("framework=none");
    assert_eq!(
        none.get(memcalc_core::schema::fields::FieldId::ReshardAfterForward),
        "always"
    );
    assert_eq!(
        none.get(memcalc_core::schema::fields::FieldId::PpGradSync),
        "each"
    );
}

#[test]
fn layout_search_finds_fitting_layouts_cheapest_first() {
    use memcalc_core::analysis::layouts::training_layouts;
    let (i, _) = Inputs::from_query(&format!(
        "mode=train&{L8}&batch=1&seq=4096&gpus=8&gpu=a100-80"
    ));
    let s = i.parse().unwrap();
    assert!(
        !estimate(&s).fits_device(),
        "plain data parallelism does not fit"
    );
    let t = std::time::Instant::now();
    let l = training_layouts(&s, 6);
    eprintln!("{:?}", t.elapsed());
    for x in &l {
        eprintln!(
            "{} {} {}",
            x.label(),
            x.per_device_bytes >> 30,
            x.comm_bytes >> 20
        );
    }
    assert!(!l.is_empty());
    for w in l.windows(2) {
        let key = |x: &memcalc_core::analysis::layouts::Layout| {
            (
                x.offload as u8,
                x.recompute_pct + x.bubble_pct,
                x.comm_bytes,
            )
        };
        assert!(
            key(&w[0]) <= key(&w[1]),
            "{} before {}",
            w[0].label(),
            w[1].label()
        );
    }
    for layout in &l {
        // Applying the patch gives a scenario the verdict says fits, on the same GPUs.
        let (mut i, _) = Inputs::from_query(&s.to_query());
        for (k, v) in &layout.patch {
            i.set(*k, v.clone());
        }
        let c = i.parse().unwrap();
        assert_eq!(c.parallel.gpus, 8);
        assert!(estimate(&c).fits_device(), "{}", layout.label());
        assert_eq!(layout.tp * layout.pp * layout.dp, 8);
    }
    // The first one needs no offload and recomputes as little as any other.
    assert!(l
        .iter()
        .all(|x| x.recompute_pct + x.bubble_pct >= l[0].recompute_pct + l[0].bubble_pct));
}

#[test]
fn a_fused_loss_keeps_only_one_chunk_of_logits() {
    let q = format!("mode=train&{L8}&batch=1&seq=1000&loss_chunks=8&compile=off");
    let logits = 1000u64 * 128_256;
    let chunked = expect_part(&est(&q), PartId::Logits);
    let fused = expect_part(&est(&format!("{q}&fused_loss=on")), PartId::Logits);
    assert_eq!(
        chunked - fused,
        logits * 2 + (logits * 12).div_ceil(8) - (logits * 14).div_ceil(8)
    );
}

#[test]
fn cut_cross_entropy_keeps_a_log_sum_exp_per_token() {
    let q = format!("mode=train&{L8}&batch=2&seq=1000&fused_loss=on");
    let inputs = 2 * 2 * 1000 * 4096 * 2;
    assert_eq!(expect_part(&est(&q), PartId::Logits), inputs + 4 * 2 * 1000);
}

#[test]
fn variable_batches_keep_one_more_length_dependent_set_unless_segments_expand() {
    let q = format!("mode=finetune&{L8}&batch=2&seq=2048&lora_rank=8&loss_chunks=1&gpu=a100-80");
    let fixed = total(&q);
    assert_eq!(part(&est(&q), PartId::Fragmentation).unwrap_or(0), 0);
    let var = format!("{q}&batching=variable");
    let frag = expect_part(&est(&var), PartId::Fragmentation);
    // The cache holds the activations and the loss of an earlier longest batch once more.
    assert_eq!(
        frag,
        expect_part(&est(&var), PartId::Activations) + expect_part(&est(&var), PartId::Logits)
    );
    assert_eq!(total(&var), fixed + frag);
    // Expandable segments grow in place: nothing stranded.
    assert_eq!(total(&format!("{var}&expandable_segments=on")), fixed);
    // Never beyond the device: the allocator frees its cache and retries at the limit.
    let tight = format!("{var}&gpu_mem=50");
    assert!(total(&tight) <= 50 << 30);
    assert!(expect_part(&est(&tight), PartId::Fragmentation) < frag);
}

#[test]
fn measured_kind_reserved_leaves_out_nccl_and_allocated_also_the_cached_blocks() {
    use memcalc_core::model::calibrate::check;
    let q = format!(
        "mode=train&{L8}&batch=1&seq=2048&gpus=8&zero=3&batching=variable&nccl_buffers=150&gpu=h100-80"
    );
    let with = |kind: &str| {
        let s = scenario(&format!("{q}&measured=40GiB&measured_kind={kind}"));
        check(&s, &estimate(&s)).unwrap()
    };
    let smi = with("nvidia_smi");
    let reserved = with("reserved");
    let allocated = with("allocated");
    let nccl = expect_part(&est(&q), PartId::NcclBuffers);
    assert_eq!(nccl, 150 << 20, "one data-parallel group");
    assert!(reserved.rows.iter().all(|r| *r != PartId::NcclBuffers));
    assert_eq!(
        smi.estimated - reserved.estimated,
        nccl + expect_part(&est(&q), PartId::Runtime)
    );
    let frag = expect_part(&est(&q), PartId::Fragmentation);
    assert!(frag > 0);
    assert_eq!(
        reserved.estimated - allocated.estimated,
        frag + expect_part(&est(&q), PartId::Overhead)
    );
}

#[test]
fn frameworks_that_set_expandable_segments_imply_it() {
    for f in ["torchtune", "axolotl", "unsloth"] {
        let (i, _) = Inputs::from_query(&format!("mode=finetune&{L8}&framework={f}"));
        assert_eq!(
            i.get(memcalc_core::schema::fields::FieldId::ExpandableSegments),
            "on",
            "{f}"
        );
    }
    let (i, _) = Inputs::from_query(&format!("mode=finetune&{L8}&framework=hf_trainer"));
    assert_eq!(
        i.get(memcalc_core::schema::fields::FieldId::ExpandableSegments),
        "off"
    );
}

#[test]
fn torchtitan_shards_the_sequence_with_tensor_parallelism_and_warns_of_nothing_without() {
    let q = format!("mode=train&{L8}&batch=2&seq=8192&gpus=8&framework=torchtitan");
    let (i, _) = Inputs::from_query(&q);
    assert_eq!(i.get(memcalc_core::schema::fields::FieldId::Sp), "on");
    let e = estimate(&i.parse().unwrap());
    assert!(
        e.warnings
            .iter()
            .map(memcalc_core::explain::warnings::warning)
            .all(|w| !w.contains("Sequence parallelism")),
        "{:?}",
        e.warnings
    );
    let tp = format!("{q}&tp=8");
    assert!(
        expect_part(&est(&tp), PartId::Activations)
            < expect_part(&est(&format!("{tp}&sp=off")), PartId::Activations)
    );
}

/// Llama 3.1 8B as the QLoRA preset runs it: NF4 base, rank 64, 2,048 tokens, on a 4090.
const QLORA_4090: &str = "v=2&mode=finetune&model_id=meta-llama/Llama-3.1-8B&lora_rank=64&quant=nf4&gpu=rtx4090&seq=2048";

#[test]
fn trl_checkpoints_every_layer_as_its_sft_config_does_and_the_trainer_does_not() {
    use memcalc_core::schema::fields::FieldId;
    let (i, _) = Inputs::from_query("v=2&mode=finetune&framework=trl");
    assert_eq!(i.get(FieldId::Recompute), "full");
    // TrainingArguments itself keeps gradient_checkpointing=False.
    let (i, _) = Inputs::from_query("v=2&mode=finetune&framework=hf_trainer");
    assert_eq!(i.get(FieldId::Recompute), "none");
    // The implied-settings text names the TRL change it follows.
    let (i, _) = Inputs::from_query("v=2&mode=finetune&framework=trl");
    let ac = i
        .implied_states()
        .into_iter()
        .find(|st| st.implied.key == "recompute")
        .expect("TRL implies recompute");
    assert!(
        ac.implied.source.contains("huggingface/trl#3510")
            && ac.implied.source.contains("SFTConfig"),
        "{}",
        ac.implied.source
    );
    // QLoRA on a 4090: TRL fits like Unsloth; what still separates them is TRL's FP32
    // embeddings and unchunked loss, not checkpointing.
    let trl = est(&format!("{QLORA_4090}&framework=trl"));
    let unsloth = est(&format!("{QLORA_4090}&framework=unsloth"));
    assert!(trl.fits_device(), "{}", trl.per_device_bytes);
    assert!(unsloth.fits_device());
    let gap = trl.per_device_bytes - unsloth.per_device_bytes;
    assert!(
        gap < 8 << 30,
        "TRL {} vs Unsloth {}",
        trl.per_device_bytes,
        unsloth.per_device_bytes
    );
    // Switching from TRL to the Trainer takes its checkpointing back off, like any implied value.
    let (mut i, _) = Inputs::from_query(&format!("{QLORA_4090}&framework=trl"));
    i.switch_framework("hf_trainer");
    assert_eq!(i.get(FieldId::Recompute), "none");
}

/// The layouts searched for `q` under each framework keep to what that framework runs.
fn layouts_under(
    q: &str,
) -> Vec<(
    memcalc_core::catalog::framework::Framework,
    Vec<memcalc_core::analysis::layouts::Layout>,
)> {
    use memcalc_core::analysis::layouts::{training_layouts, LAYOUTS_SHOWN};
    use memcalc_core::catalog::framework::Framework;
    use memcalc_core::Choice;
    Framework::ALL
        .iter()
        .map(|&f| {
            let s = scenario(&format!("{q}&framework={}", f.id()));
            (f, training_layouts(&s, LAYOUTS_SHOWN))
        })
        .collect()
}

#[test]
fn layout_search_proposes_only_what_the_framework_runs() {
    use memcalc_core::Choice;
    let q = "v=2&mode=train&params=70B&gpus=64&seq=4096";
    for (f, found) in layouts_under(q) {
        let runs = f.runs();
        // Unsharded frameworks (Unsloth) may find nothing for a 70B model: that is the answer.
        assert!(!found.is_empty() || runs.zero == [0], "{}", f.id());
        for l in &found {
            let what = format!("{}: {}", f.id(), l.label());
            assert!(runs.zero.contains(&l.zero), "{what}");
            assert!(runs.recompute.contains(&l.recompute.id()), "{what}");
            assert!(runs.offload.contains(&l.offload.id()), "{what}");
            assert!(runs.tp || l.tp == 1, "{what}");
            assert!(runs.pp || l.pp == 1, "{what}");
        }
    }
    // torchtitan: FSDP2 only (never ZeRO 1/2 or no sharding), and its own per-op selective
    // recompute is among what it tries.
    let titan = layouts_under(q)
        .into_iter()
        .find(|(f, _)| f.id() == "torchtitan")
        .unwrap()
        .1;
    assert!(
        titan.iter().all(|l| l.zero == 3),
        "{:?}",
        titan.iter().map(|l| l.label()).collect::<Vec<_>>()
    );
    assert!(titan
        .iter()
        .any(|l| l.recompute == memcalc_core::scenario::Recompute::SelectiveOp));
    // Megatron-LM shards at most the optimizer (its distributed optimizer).
    let megatron = layouts_under(q)
        .into_iter()
        .find(|(f, _)| f.id() == "megatron")
        .unwrap()
        .1;
    assert!(megatron.iter().all(|l| l.zero <= 1));
}

#[test]
fn framework_capabilities_name_values_their_fields_read() {
    use memcalc_core::catalog::framework::Framework;
    use memcalc_core::scenario::{Offload, Recompute};
    use memcalc_core::Choice;
    for f in Framework::ALL {
        let r = f.runs();
        assert!(
            !r.zero.is_empty() && r.zero.iter().all(|z| *z <= 3),
            "{}",
            f.id()
        );
        for id in r.recompute {
            assert!(Recompute::parse(id).is_ok(), "{}: {id}", f.id());
        }
        for id in r.offload {
            assert!(Offload::parse(id).is_ok(), "{}: {id}", f.id());
        }
        assert!(r.recompute.contains(&"none") && r.offload.contains(&"none"));
        assert!(!r.source.is_empty());
    }
}

/// The page and the CLI list the same number of layouts: both ask the core's constant. The
/// page's list is searched in the core worker with the time answer (issue 36, h-split).
#[test]
fn page_and_cli_list_the_same_layouts() {
    let page = include_str!("../src/report/time_answer.rs");
    let cli = include_str!("../../memcalc-cli/src/main.rs");
    for (name, text) in [("page", page), ("cli", cli)] {
        let calls: Vec<&str> = text.split("training_layouts(").skip(1).collect();
        assert!(!calls.is_empty(), "{name} calls no layout search");
        for call in calls {
            let args = &call[..call.find(')').unwrap()];
            assert!(
                args.contains("LAYOUTS_SHOWN"),
                "{name}: training_layouts({args})"
            );
        }
    }
}

#[test]
fn at_a_glance_does_not_ask_for_zero_sharding_while_zero_3_is_on() {
    use memcalc_core::analysis::derived::derive;
    use memcalc_core::report::facts;
    // A context so long that activations alone overflow every GPU, however many share the
    // states.
    let s = scenario("v=2&mode=train&params=70B&gpus=8&zero=3&seq=1M&batch=4");
    let e = estimate(&s);
    let d = derive(&s);
    assert_eq!(d.fewest_gpus, None);
    let f = facts(&e, &d, memcalc_core::units::UnitSystem::Binary);
    let fewest = f.iter().find(|x| x.id == "fewest-gpus").unwrap();
    assert!(
        !fewest.value.contains("only helps with ZeRO"),
        "{}",
        fewest.value
    );
    // Without ZeRO the reason stands.
    let s = scenario("v=2&mode=train&params=70B&gpus=8&zero=0&seq=1M&batch=4");
    let f = facts(
        &estimate(&s),
        &derive(&s),
        memcalc_core::units::UnitSystem::Binary,
    );
    let fewest = f.iter().find(|x| x.id == "fewest-gpus").unwrap();
    assert!(
        fewest.value.contains("only helps with ZeRO"),
        "{}",
        fewest.value
    );
}

#[test]
fn the_transformers_trainers_name_their_loss_precision_and_its_version() {
    for fw in ["hf_trainer", "trl"] {
        let states = Inputs::from_query(&format!("v=2&mode=finetune&params=8B&framework={fw}"))
            .0
            .implied_states();
        let upcast = states
            .iter()
            .find(|s| s.implied.key == "logits_upcast")
            .unwrap_or_else(|| panic!("{fw} names no loss precision"));
        assert!(!upcast.overridden);
        assert!(
            upcast.implied.source.contains("logits.float()")
                && upcast.implied.source.contains("4.46"),
            "{fw}: {}",
            upcast.implied.source
        );
    }
}
