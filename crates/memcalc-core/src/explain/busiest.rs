//! Which device, rank or node the figures are for, in words: "pipeline stage 2 of 4 (the
//! busiest)", "per node: 64 ranks on 1 node, …".

use crate::explain::wording::count;
use crate::model::Busiest;

/// The line the page, the CLI and the exports write after "Figures are for".
pub fn busiest(b: &Busiest) -> String {
    match b {
        Busiest::Stage { stage, of } => format!("pipeline stage {stage} of {of} (the busiest)"),
        Busiest::EachGpu { gpus } => format!("each of the {}", count(*gpus, "GPU", "GPUs")),
        Busiest::TheGpu => "the GPU".to_string(),
        Busiest::Sim {
            per,
            ranks,
            nodes,
            shape,
        } => format!(
            "per {per}: {} on {}, {}",
            count(*ranks, "rank", "ranks"),
            count(*nodes, "node", "nodes"),
            shape.text()
        ),
    }
}

impl std::fmt::Display for Busiest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&busiest(self))
    }
}
