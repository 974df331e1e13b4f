//! Accelerator presets. Capacities are the total memory the driver reports (`nvidia-smi`'s
//! "MiB" column, which is binary MiB), where that is public; otherwise the vendor's nominal size.

/// One accelerator model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GpuPreset {
    pub id: &'static str,
    pub label: &'static str,
    pub capacity_bytes: u64,
}

const MIB: u64 = 1 << 20;
const GIB: u64 = 1 << 30;

pub const GPUS: &[GpuPreset] = &[
    // nvidia-smi total on H100 80GB HBM3 (81559 MiB)
    GpuPreset {
        id: "h100-80",
        label: "NVIDIA H100 80GB",
        capacity_bytes: 81_559 * MIB,
    },
    // nvidia-smi total on H200 (143771 MiB)
    GpuPreset {
        id: "h200",
        label: "NVIDIA H200 141GB",
        capacity_bytes: 143_771 * MIB,
    },
    // nvidia-smi total on B200 (183359 MiB; NVIDIA/TensorRT-LLM#10278)
    GpuPreset {
        id: "b200",
        label: "NVIDIA B200 180GB",
        capacity_bytes: 183_359 * MIB,
    },
    // nvidia-smi total on A100 80GB (81920 MiB)
    GpuPreset {
        id: "a100-80",
        label: "NVIDIA A100 80GB",
        capacity_bytes: 81_920 * MIB,
    },
    // nvidia-smi total on A100 40GB PCIe (40960 MiB)
    GpuPreset {
        id: "a100-40",
        label: "NVIDIA A100 40GB",
        capacity_bytes: 40_960 * MIB,
    },
    // nvidia-smi total on L40S (46068 MiB)
    GpuPreset {
        id: "l40s",
        label: "NVIDIA L40S 48GB",
        capacity_bytes: 46_068 * MIB,
    },
    // nvidia-smi total on L4 (23034 MiB)
    GpuPreset {
        id: "l4",
        label: "NVIDIA L4 24GB",
        capacity_bytes: 23_034 * MIB,
    },
    // nvidia-smi total on T4 (15360 MiB)
    GpuPreset {
        id: "t4",
        label: "NVIDIA T4 16GB",
        capacity_bytes: 15_360 * MIB,
    },
    // nvidia-smi total on RTX A6000 and RTX 6000 Ada (49140 MiB)
    GpuPreset {
        id: "rtx-a6000",
        label: "NVIDIA RTX A6000 / RTX 6000 Ada 48GB",
        capacity_bytes: 49_140 * MIB,
    },
    // nvidia-smi total on V100-SXM2-32GB (32510 MiB)
    GpuPreset {
        id: "v100-32",
        label: "NVIDIA V100 32GB",
        capacity_bytes: 32_510 * MIB,
    },
    // nvidia-smi total on V100-SXM2-16GB (16160 MiB)
    GpuPreset {
        id: "v100-16",
        label: "NVIDIA V100 16GB",
        capacity_bytes: 16_160 * MIB,
    },
    // nvidia-smi total on RTX 4090 (24564 MiB)
    GpuPreset {
        id: "rtx4090",
        label: "NVIDIA GeForce RTX 4090 24GB",
        capacity_bytes: 24_564 * MIB,
    },
    // nvidia-smi total on RTX 3090 (24576 MiB)
    GpuPreset {
        id: "rtx3090",
        label: "NVIDIA GeForce RTX 3090 24GB",
        capacity_bytes: 24_576 * MIB,
    },
    // AMD nominal 256 GB HBM3E
    GpuPreset {
        id: "mi325x",
        label: "AMD Instinct MI325X 256GB",
        capacity_bytes: 256 * GIB,
    },
    // AMD nominal 192 GB HBM3
    GpuPreset {
        id: "mi300x",
        label: "AMD Instinct MI300X 192GB",
        capacity_bytes: 192 * GIB,
    },
    // AMD nominal 128 GB per OAM, 64 GB per GCD as seen by the runtime
    GpuPreset {
        id: "mi250x",
        label: "AMD Instinct MI250X (one GCD, 64GB)",
        capacity_bytes: 64 * GIB,
    },
];

pub fn gpu_by_id(id: &str) -> Option<&'static GpuPreset> {
    let id = id.trim().to_ascii_lowercase();
    GPUS.iter().find(|g| g.id == id)
}

/// A CPU node as HPC centres document it: installed memory per node (the OS, file-system
/// caches and MPI daemons take a few GiB of it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodePreset {
    pub id: &'static str,
    pub label: &'static str,
    /// The `node_mem` value it fills in, in GiB.
    pub gib: u64,
}

pub const NODES: &[NodePreset] = &[
    NodePreset {
        id: "archer2",
        label: "ARCHER2 standard node (2× EPYC 7742), 256 GiB",
        gib: 256,
    },
    NodePreset {
        id: "archer2-highmem",
        label: "ARCHER2 high-memory node, 512 GiB",
        gib: 512,
    },
    NodePreset {
        id: "lumi-c",
        label: "LUMI-C standard node (2× EPYC 7763), 256 GiB",
        gib: 256,
    },
    NodePreset {
        id: "perlmutter-cpu",
        label: "Perlmutter CPU node (2× EPYC 7763), 512 GiB",
        gib: 512,
    },
    NodePreset {
        id: "frontier",
        label: "Frontier node (EPYC 7A53 + 4× MI250X), 512 GiB host",
        gib: 512,
    },
    NodePreset {
        id: "fugaku",
        label: "Fugaku node (A64FX), 32 GiB HBM2",
        gib: 32,
    },
    NodePreset {
        id: "genoa-768",
        label: "Dual EPYC 9654 (Genoa), 24 × 32 GiB DIMMs, 768 GiB",
        gib: 768,
    },
];
