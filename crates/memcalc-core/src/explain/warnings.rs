//! The words of an estimate's warnings, written from their values.

use crate::base::units::{format_fixed, group_digits as g};
use crate::model::warning::{Warning, DIAMOND_E4};

/// The warning as the page, the CLI and the exports show it.
pub fn warning(w: &Warning) -> String {
    match *w {
        Warning::AssumedModel { model, layers, hidden, heads, kv_heads, params } => format!(
            "No architecture given: assumed the shape of {model} ({layers} layers, hidden size {}, {heads} heads, {kv_heads} KV heads), the released model nearest to {} parameters. Choose the model or give its architecture for exact figures.",
            g(hidden), g(params)
        ),
        Warning::AssumedShape { layers, hidden, heads, params } => format!(
            "No architecture given: activations and the KV cache assume {layers} layers, hidden size {}, {heads} heads and a 32,000-token vocabulary (a typical shape for {} parameters). Give the architecture for exact figures.",
            g(hidden), g(params)
        ),
        Warning::ParamsDiffer { given, derived } => format!(
            "The parameter count given ({}) differs from the architecture's ({}) by more than 1 %; the given count is used for weights and states.",
            g(given), g(derived)
        ),
        Warning::BeyondContext { seq, context } => format!(
            "The sequence ({} tokens) is longer than the {} the model was trained for (max_position_embeddings); quality degrades beyond it unless the model is extended (e.g. RoPE scaling).",
            g(seq), g(context)
        ),
        Warning::PureLowPrecision { dtype } => format!(
            "Training purely in {} without FP32 master weights can stall: updates smaller than the format's resolution are lost.",
            dtype.short()
        ),
        Warning::LoraInPretraining => "LoRA applies to fine-tuning: set mode to finetune to train adapters only.".into(),
        Warning::QuantInTraining => "Quantization applies to inference and to the frozen base of LoRA fine-tuning; training keeps the chosen precision.".into(),
        Warning::ZeroWithOneRank => "ZeRO shards over data-parallel ranks, and there is only one: add GPUs for it to save memory.".into(),
        Warning::SequenceParallelWithoutTp => "Sequence parallelism needs tensor parallelism (tp > 1) and has no effect here.".into(),
        Warning::SparseStoredDensely => "Sparse weights stored densely save no memory: choose CSR or bitmask storage.".into(),
        Warning::CsrLargerThanDense { sparsity_bp } => format!(
            "At {} % sparsity CSR storage is larger than dense: each nonzero pays a 4-byte column index.",
            format_fixed(sparsity_bp, 2)
        ),
        Warning::OffloadWithoutHostMem => "Offloading moves states to host memory: set host_mem to check that the node has enough.".into(),
        Warning::IdleNodes => "Fewer ranks than nodes: some nodes would be idle.".into(),
        Warning::Oversubscribed { per_node, threads, cores } => format!(
            "{} rank{} per node × {} thread{} ask for {} cores, more than the node's {}: the node is oversubscribed, ranks share cores and the step waits for the slowest (LAMMPS and GROMACS expect at most one thread per core). Use more nodes or fewer ranks.",
            g(per_node), if per_node == 1 { "" } else { "s" }, g(threads), if threads == 1 { "" } else { "s" }, g(per_node.saturating_mul(threads)), g(cores)
        ),
        Warning::NoGhostLayers => "No ghost layers: only valid for a single rank or embarrassingly parallel work.".into(),
        Warning::MaxMemSizeTooSmall { needed_mib, given_mib } => format!("The busiest task's arrays need {} MiB, more than MaxMemSize = {} MiB: GADGET-4 stops with 'Not enough memory in mymalloc'. Raise MaxMemSize or use more tasks.", crate::base::units::group_digits(needed_mib), crate::base::units::group_digits(given_mib)),
        Warning::DenseCell { atoms, volume_milli } => {
            // Atoms per bohr³ in ten-thousandths, and as a multiple of diamond's in tenths.
            let density = u128::from(atoms) * 10_000_000 / u128::from(volume_milli.max(1));
            let times = density * 10 / u128::from(DIAMOND_E4);
            format!(
                "{} atoms in {} bohr³ is {} atoms per bohr³, {} × diamond's {} (the densest solid at ambient pressure): the cell volume should grow with the atom count, and the plane waves, grids and memory with it.",
                g(atoms),
                format_fixed(volume_milli, 3),
                format_fixed(u64::try_from(density).unwrap_or(u64::MAX), 4),
                format_fixed(u64::try_from(times).unwrap_or(u64::MAX), 1),
                format_fixed(DIAMOND_E4, 4)
            )
        }
        Warning::CrowdedCell { atoms, volume_milli } => {
            // Volume per atom in thousandths of a bohr³, and in hundredths of an Å³ (1 Å³ is
            // 6.748334 bohr³).
            let per_atom = volume_milli / atoms.max(1);
            let per_atom_a3 = u64::try_from(u128::from(volume_milli) * 100_000 / (u128::from(atoms.max(1)) * 6_748_334)).unwrap_or(u64::MAX);
            format!(
                "{} atoms in {} bohr³ leave {} bohr³ ({} Å³) an atom; below 7 Å³ an atom only diamond (5.67 Å³), cubic BN (5.92) and BeO (6.90) hold at ambient pressure (CRC Handbook densities; silicon takes 20.0, copper 11.8). Unless the cell is one of those, its volume should grow with the atom count (the 64-atom silicon cell is 8489.664 bohr³), and the plane waves, grids and memory with it.",
                g(atoms),
                format_fixed(volume_milli, 3),
                format_fixed(per_atom, 3),
                format_fixed(per_atom_a3, 2),
            )
        }
        Warning::FewBands { bands, atoms, needed } => format!(
            "{} bands for {} atoms: fewer than even one valence electron per atom fills ({}). pw.x stops with 'too few bands' when nbnd is below the occupied states (PW/src/setup.f90); give the bands for this atom count (electrons ÷ 2, more for metals).",
            g(bands), g(atoms), g(needed)
        ),
    }
}
