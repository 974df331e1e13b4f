//! vLLM and SGLang at small batch (issue 37, "time that holds"): a decode step replayed as one
//! CUDA graph still pays every kernel's floor on the GPU beyond its bytes: the norms, rotary
//! embedding, activation and products of every layer at 2.63 µs each and every layer's
//! attention op (KV-cache write and decode kernel) at 11.6 µs, the medians of NVIDIA
//! AIConfigurator's graph-replayed vLLM op tables (speed/graph_kernels.rs). The kernels are
//! counted from vLLM's model code: 8 a dense layer besides attention, 10 with Qwen3's per-head
//! query and key norms; a MoE layer's router product in place of the MLP.

mod common;

use common::{term, time_of};
use memcalc_core::schema::fields::FieldId;
use memcalc_core::speed::graph_kernels::{self, Count};
use memcalc_core::speed::NeuralTerm;
use memcalc_core::{Inputs, Steps, TermId, TermValues};

fn graph_term(query: &str) -> (Count, f64, f64, f64) {
    let sp = time_of(query);
    let t = term(&sp, TermId::DecodeGraphKernels);
    let TermValues::Neural(NeuralTerm::DecodeGraphKernels {
        count,
        per_kernel,
        attention,
    }) = t.values
    else {
        panic!("{t:?}")
    };
    (count, per_kernel, attention, t.time.seconds().unwrap())
}

#[test]
fn a_dense_vllm_step_pays_each_kernels_floor_under_its_graph() {
    // Qwen3-1.7B: 28 layers with per-head q and k norms, 10 kernels each besides attention,
    // and the embedding, final norm and output product.
    let q =
        "gpu=a100-80&mode=infer&engine=vllm&model_id=Qwen/Qwen3-1.7B&seq=256&prompt=128&batch=1";
    let (count, per_kernel, attention, seconds) = graph_term(q);
    assert_eq!(
        count,
        Count {
            dense_layers: 28,
            dense_kernels: 10,
            moe_layers: 0,
            moe_kernels: 8,
            head: 3
        }
    );
    assert!((per_kernel - 2.626e-6).abs() < 1e-12, "{per_kernel}");
    assert!((attention - 11.595e-6).abs() < 1e-12, "{attention}");
    let want = (28.0 * 10.0 + 3.0) * 2.626e-6 + 28.0 * 11.595e-6;
    assert!((seconds - want).abs() < 1e-12, "{seconds} against {want}");
    // The step is the weights' and KV bytes plus the floors: the one request's decode rate
    // falls from 470 to 313 tokens/s (measured: 215, tenstorrent/tt-inference-server#340).
    let sp = time_of(q);
    let Steps::Inference { decode_step, .. } = sp.steps else {
        panic!("{:?}", sp.steps)
    };
    let read = common::term_seconds(&sp, TermId::DecodeMemory);
    assert!((decode_step.seconds().unwrap() - read - want).abs() < 1e-12);
    // Llama has no q and k norms: 8 kernels a layer; SGLang replays the same kernels.
    for engine in ["vllm", "sglang"] {
        let (count, ..) = graph_term(&format!(
            "gpu=h100-80&mode=infer&engine={engine}&model_id=meta-llama/Llama-3.1-8B&seq=1024&batch=1"
        ));
        assert_eq!(
            (count.dense_layers, count.dense_kernels),
            (32, 8),
            "{engine}"
        );
    }
}

#[test]
fn a_moe_layer_counts_its_router_beside_the_fused_block() {
    // Qwen3-30B-A3B: 48 MoE layers, each the norms, q/k norms, rotary, qkv, output and router
    // products (8 kernels); the experts' kernels are the fused MoE block's term.
    let q =
        "gpu=a100-80&mode=infer&engine=vllm&model_id=Qwen/Qwen3-30B-A3B&seq=256&prompt=128&batch=1";
    let (count, ..) = graph_term(q);
    assert_eq!(
        (count.dense_layers, count.moe_layers, count.moe_kernels),
        (0, 48, 8)
    );
    let sp = time_of(q);
    assert!(sp.terms.iter().any(|t| t.id() == TermId::DecodeMoeBlock));
    // DeepSeek-V3: 3 dense layers, 58 MoE layers with a shared expert's MLP beside them.
    let (count, ..) = graph_term(
        "gpu=h200&gpus=8&tp=8&mode=infer&engine=sglang&model_id=deepseek-ai/DeepSeek-V3&seq=4096&batch=1",
    );
    assert_eq!(
        (count.dense_layers, count.moe_layers, count.moe_kernels),
        (3, 58, 6 + graph_kernels::SHARED_EXPERT_KERNELS)
    );
}

#[test]
fn the_floors_are_settings_and_apply_only_under_a_graph() {
    let q = "gpu=h100-80&mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-8B&seq=1024&batch=1";
    let (_, per_kernel, attention, _) =
        graph_term(&format!("{q}&graph_kernel_us=4.5&graph_attention_us=20"));
    assert!((per_kernel - 4.5e-6).abs() < 1e-12);
    assert!((attention - 20e-6).abs() < 1e-12);
    // Either alone at 0 keeps the other; both at 0 turn the term off.
    let (_, per_kernel, attention, seconds) = graph_term(&format!("{q}&graph_kernel_us=0"));
    assert_eq!(per_kernel, 0.0);
    assert!((seconds - 32.0 * attention).abs() < 1e-12);
    for q in [
        &format!("{q}&graph_kernel_us=0&graph_attention_us=0"),
        // Without a graph the host's launches are counted instead (decode_dispatch).
        &format!("{q}&cuda_graphs=off"),
        "gpu=h100-80&mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-8B&seq=256&batch=1000",
        "gpu=h100-80&mode=infer&engine=hf&model_id=meta-llama/Llama-3.1-8B&seq=1024&batch=1",
        "gpu=rtx4090&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-3.1-8B&quant=q4_0&seq=128&batch=1",
    ] {
        assert!(
            time_of(q)
                .terms
                .iter()
                .all(|t| t.id() != TermId::DecodeGraphKernels),
            "{q}"
        );
    }
}

#[test]
fn a_negative_floor_is_an_error_naming_its_field() {
    for (key, field) in [
        ("graph_kernel_us", FieldId::GraphKernelUs),
        ("graph_attention_us", FieldId::GraphAttentionUs),
    ] {
        let q =
            format!("gpu=h100-80&mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-8B&{key}=-1");
        let errors = Inputs::from_query(&q).0.parse().unwrap_err();
        assert!(errors.iter().any(|e| e.field == field), "{q}: {errors:?}");
        assert_eq!(field.key(), key);
    }
}
