//! Embedding that locks what it says (issue 29): locking a model fixes its architecture, the
//! link keeps `lock=` as written, and the embed dialog offers the locks that apply.

use memcalc_core::schema::fields::{FieldId, Group, FIELDS};
use memcalc_core::schema::page::{lock_choices, PageOptions};
use memcalc_core::Inputs;

fn locks(query: &str) -> PageOptions {
    let (o, notices) = PageOptions::from_query(query);
    assert!(notices.is_empty(), "{notices:?}");
    o
}

#[test]
fn locking_a_released_model_fixes_its_count_and_every_architecture_field() {
    let o = locks("v=2&model_id=meta-llama/Llama-3.1-8B&lock=model_id");
    for id in [
        FieldId::ModelId,
        FieldId::Params,
        FieldId::Model,
        FieldId::Layers,
        FieldId::Hidden,
        FieldId::KvHeads,
        FieldId::Heads,
        FieldId::Ffn,
        FieldId::Vocab,
        FieldId::Experts,
    ] {
        assert!(o.locked(id), "{id:?} stays editable under lock=model_id");
    }
    for f in FIELDS.iter().filter(|f| f.group == Group::Architecture) {
        assert!(
            o.locked(f.id),
            "{} stays editable under lock=model_id",
            f.key
        );
    }
    // What readers are meant to change stays editable.
    for id in [FieldId::Batch, FieldId::Seq, FieldId::Gpu, FieldId::Mode] {
        assert!(!o.locked(id), "{id:?} locked by lock=model_id");
    }
}

#[test]
fn locking_the_count_fixes_the_released_model_too() {
    // docs/embedding.md: `lock=params,gpu` fixes the model, also when the link names it by id.
    let o = locks("v=2&model_id=meta-llama/Llama-3.1-8B&lock=params,gpu");
    assert!(o.locked(FieldId::ModelId));
    assert!(o.locked(FieldId::Layers));
    assert!(o.locked(FieldId::Gpu));
    assert!(!o.locked(FieldId::Batch));
    let fields = o.locked_fields();
    let unique: std::collections::HashSet<_> = fields.iter().collect();
    assert_eq!(unique.len(), fields.len(), "each field listed once");
}

#[test]
fn other_locks_fix_only_themselves_and_links_keep_lock_as_written() {
    let o = locks("preset=lj-melt&lock=particles,density");
    assert_eq!(o.locked_fields(), [FieldId::Particles, FieldId::Density]);
    let o = locks("v=2&lock=model_id");
    assert_eq!(o.query_suffix(), "&lock=model_id");
}

#[test]
fn the_embed_dialog_offers_the_locks_that_apply() {
    let scenario = |q: &str| Inputs::from_query(q).0.parse().unwrap();
    let serve = lock_choices(&scenario("v=2&mode=infer&model_id=meta-llama/Llama-3.1-8B"));
    for id in [
        FieldId::ModelId,
        FieldId::Params,
        FieldId::Gpu,
        FieldId::Batch,
        FieldId::Seq,
    ] {
        assert!(serve.contains(&id), "{id:?} not offered for inference");
    }
    assert!(!serve.contains(&FieldId::Particles));
    let md = lock_choices(&scenario("preset=lj-melt"));
    assert!(md.contains(&FieldId::Particles) && md.contains(&FieldId::Ranks));
    assert!(!md.contains(&FieldId::Params));
}
