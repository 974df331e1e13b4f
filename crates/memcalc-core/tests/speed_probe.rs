mod common;
use memcalc_core::speed::{speed, Steps};
#[test]
fn probe() {
    for q in [
        "gpu=h100-80&mode=sim&method=lbm&sim_device=gpu&ranks=1&nodes=1&dtype=fp32&nx=256&ny=256&nz=256",
        "gpu=mi250x&mode=sim&method=lbm&sim_device=gpu&ranks=1&nodes=1&dtype=fp32&nx=256&ny=256&nz=256",
        "gpu=rtx3090&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_0&seq=128&batch=1",
        "gpu=rtx3090&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&dtype=fp16&seq=128&batch=1",
        "gpu=rtx4090&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q8_0&seq=128&batch=1",
        "gpu=rtx4090&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q8_0&seq=128&batch=1&gpu_layers=16",
        "gpu=h100-80&mode=train&model_id=meta-llama/Llama-3.1-8B&gpus=8&zero=3&batch=2&seq=8192&recompute=selective_op&mfu=39",
        "gpu=h100-80&mode=infer&model_id=meta-llama/Llama-3.1-8B&batch=64&seq=2048&tp=2&gpus=2",
        "gpu=h100-80&mode=sim&method=grid&ranks=512&nodes=4",
    ] {
        let s = common::scenario(q);
        let e = memcalc_core::estimate(&s);
        let sp = speed(&s, &e).unwrap().unwrap();
        println!("{q}\n  {:?}\n  bound {:?}", sp.steps, sp.bound);
        for t in &sp.terms { println!("    {:?} {:?}", t.id, t.time); }
        if let Steps::Inference{..} = sp.steps { for c in &e.components { println!("     {} {}", c.id, c.bytes); } }
    }
}
