//! Accelerator presets. Capacities are the total memory the driver reports (`nvidia-smi`'s
//! "MiB" column, which is binary MiB), where that is public; otherwise the vendor's nominal size
//! (AMD's, in GiB as ROCm's GPU specifications list it). AMD GPUs carry the same runtime row as
//! NVIDIA ones: the HIP runtime's context and libraries stand where the CUDA context does, and
//! rocm-smi, like nvidia-smi, counts them.

/// NVIDIA GPUs on which vLLM runs MXFP4 MoE weights in the checkpoint's layout: Hopper
/// (compute capability 9.0, triton_kernels) and Blackwell data-centre parts (10.x, FlashInfer);
/// vLLM model_executor/layers/quantization/mxfp4.py, get_mxfp4_backend. Others run Marlin.
pub const NATIVE_MXFP4: &[&str] = &[
    "h100-80",
    "h100-pcie",
    "h100-nvl",
    "gh200",
    "gh200-144",
    "h200",
    "h800",
    "b200",
    "b300",
    "gb200",
    "gb300",
];

/// One accelerator model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GpuPreset {
    pub id: &'static str,
    pub label: &'static str,
    pub capacity_bytes: u64,
    /// The GPU shares one memory pool with the CPU and the operating system (Apple silicon,
    /// DGX Spark, Strix Halo, MI300A): `capacity_bytes` is what the GPU may use by default.
    pub unified: Option<Unified>,
}

/// A unified memory pool: its size, who keeps the rest of it, and the rule (with its source)
/// that gives the GPU its default share; `gpu_mem` gives another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unified {
    pub total_bytes: u64,
    /// Who keeps what the GPU does not get, e.g. "macOS".
    pub keeper: &'static str,
    /// Why the GPU gets `capacity_bytes` by default and how to change it, with the source.
    pub rule: &'static str,
}

const MIB: u64 = 1 << 20;
const GIB: u64 = 1 << 30;

pub const GPUS: &[GpuPreset] = &[
    // nvidia-smi total on H100 80GB HBM3 (81559 MiB)
    GpuPreset {
        id: "h100-80",
        label: "NVIDIA H100 80GB",
        capacity_bytes: 81_559 * MIB,
        unified: None,
    },
    // nvidia-smi total on H100 PCIe (81559 MiB, the same 80 GB as the SXM board)
    GpuPreset {
        id: "h100-pcie",
        label: "NVIDIA H100 PCIe 80GB",
        capacity_bytes: 81_559 * MIB,
        unified: None,
    },
    // nvidia-smi total on H100 NVL, 94 GB per GPU (95830 MiB; NVIDIA/gpu-admin-tools#4)
    GpuPreset {
        id: "h100-nvl",
        label: "NVIDIA H100 NVL 94GB",
        capacity_bytes: 95_830 * MIB,
        unified: None,
    },
    // nvidia-smi total on GH200 480GB, the 96 GB HBM3 Hopper of the superchip (97871 MiB);
    // the Grace CPU's LPDDR5X is host memory
    GpuPreset {
        id: "gh200",
        label: "NVIDIA GH200 96GB HBM3",
        capacity_bytes: 97_871 * MIB,
        unified: None,
    },
    // nvidia-smi total on GH200 144G HBM3e (146831 MiB)
    GpuPreset {
        id: "gh200-144",
        label: "NVIDIA GH200 144GB HBM3e",
        capacity_bytes: 146_831 * MIB,
        unified: None,
    },
    // nvidia-smi total on H200 (143771 MiB)
    GpuPreset {
        id: "h200",
        label: "NVIDIA H200 141GB",
        capacity_bytes: 143_771 * MIB,
        unified: None,
    },
    // nvidia-smi total on B200 (183359 MiB; NVIDIA/TensorRT-LLM#10278)
    GpuPreset {
        id: "b200",
        label: "NVIDIA B200 180GB",
        capacity_bytes: 183_359 * MIB,
        unified: None,
    },
    // nvidia-smi total on A100 80GB (81920 MiB)
    GpuPreset {
        id: "a100-80",
        label: "NVIDIA A100 80GB",
        capacity_bytes: 81_920 * MIB,
        unified: None,
    },
    // nvidia-smi total on A100 40GB PCIe (40960 MiB)
    GpuPreset {
        id: "a100-40",
        label: "NVIDIA A100 40GB",
        capacity_bytes: 40_960 * MIB,
        unified: None,
    },
    // nvidia-smi total on L40S (46068 MiB)
    GpuPreset {
        id: "l40s",
        label: "NVIDIA L40S 48GB",
        capacity_bytes: 46_068 * MIB,
        unified: None,
    },
    // nvidia-smi total on L40 (46068 MiB, the L40S's 48 GB GDDR6)
    GpuPreset {
        id: "l40",
        label: "NVIDIA L40 48GB",
        capacity_bytes: 46_068 * MIB,
        unified: None,
    },
    // nvidia-smi total on A10 and on AWS's A10G (23028 MiB; modal-labs/modal-client#2797,
    // NVIDIA/DCGM#232)
    GpuPreset {
        id: "a10",
        label: "NVIDIA A10 / A10G 24GB",
        capacity_bytes: 23_028 * MIB,
        unified: None,
    },
    // nvidia-smi total on L4 (23034 MiB)
    GpuPreset {
        id: "l4",
        label: "NVIDIA L4 24GB",
        capacity_bytes: 23_034 * MIB,
        unified: None,
    },
    // nvidia-smi total on T4 (15360 MiB)
    GpuPreset {
        id: "t4",
        label: "NVIDIA T4 16GB",
        capacity_bytes: 15_360 * MIB,
        unified: None,
    },
    // nvidia-smi total on RTX A6000 and RTX 6000 Ada (49140 MiB)
    GpuPreset {
        id: "rtx-a6000",
        label: "NVIDIA RTX A6000 / RTX 6000 Ada 48GB",
        capacity_bytes: 49_140 * MIB,
        unified: None,
    },
    // nvidia-smi total on V100-SXM2-32GB (32510 MiB)
    GpuPreset {
        id: "v100-32",
        label: "NVIDIA V100 32GB",
        capacity_bytes: 32_510 * MIB,
        unified: None,
    },
    // nvidia-smi total on V100-SXM2-16GB (16160 MiB)
    GpuPreset {
        id: "v100-16",
        label: "NVIDIA V100 16GB",
        capacity_bytes: 16_160 * MIB,
        unified: None,
    },
    // nvidia-smi total on RTX 5090 (32607 MiB; noonghunna/club-3090#617)
    GpuPreset {
        id: "rtx5090",
        label: "NVIDIA GeForce RTX 5090 32GB",
        capacity_bytes: 32_607 * MIB,
        unified: None,
    },
    // nvidia-smi total on RTX 4090 (24564 MiB)
    GpuPreset {
        id: "rtx4090",
        label: "NVIDIA GeForce RTX 4090 24GB",
        capacity_bytes: 24_564 * MIB,
        unified: None,
    },
    // nvidia-smi total on RTX 3090 (24576 MiB)
    GpuPreset {
        id: "rtx3090",
        label: "NVIDIA GeForce RTX 3090 24GB",
        capacity_bytes: 24_576 * MIB,
        unified: None,
    },
    // --- Added for issue 38. Where nvidia-smi's total is not public, the nominal size in GiB
    // (HBM stacks are GiB-sized; B200's "180 GB" reports 179.06 GiB, so these may be ~0.5 %
    // high). ---
    // H800 SXM5: the H100 SXM's 80 GB HBM3 (81559 MiB as on H100 80GB HBM3)
    GpuPreset {
        id: "h800",
        label: "NVIDIA H800 80GB",
        capacity_bytes: 81_559 * MIB,
        unified: None,
    },
    // A800 SXM4 80GB: the A100 80GB's memory (81920 MiB)
    GpuPreset {
        id: "a800",
        label: "NVIDIA A800 80GB",
        capacity_bytes: 81_920 * MIB,
        unified: None,
    },
    // A100 80GB PCIe: the same 80 GB HBM2e as the SXM board (81920 MiB)
    GpuPreset {
        id: "a100-pcie-80",
        label: "NVIDIA A100 PCIe 80GB",
        capacity_bytes: 81_920 * MIB,
        unified: None,
    },
    // HGX B300 (Blackwell Ultra): 288 GB HBM3e per GPU (NVIDIA HGX B300 specifications: 2.3 TB
    // per 8 GPUs); nominal
    GpuPreset {
        id: "b300",
        label: "NVIDIA B300 288GB",
        capacity_bytes: 288 * GIB,
        unified: None,
    },
    // GB200 NVL72, per Blackwell GPU: 13.4 TB HBM3e over 72 GPUs, 186 GB each (NVIDIA GB200
    // NVL72 specifications); nominal
    GpuPreset {
        id: "gb200",
        label: "NVIDIA GB200 (per GPU) 186GB",
        capacity_bytes: 186 * GIB,
        unified: None,
    },
    // GB300 NVL72, per Blackwell Ultra GPU: 288 GB HBM3e (NVIDIA GB300 NVL72 specifications);
    // nominal
    GpuPreset {
        id: "gb300",
        label: "NVIDIA GB300 (per GPU) 288GB",
        capacity_bytes: 288 * GIB,
        unified: None,
    },
    // RTX PRO 6000 Blackwell (Workstation and Server Editions): 96 GB GDDR7 with ECC (NVIDIA
    // RTX PRO 6000 Blackwell datasheet); nominal
    GpuPreset {
        id: "rtx-pro-6000",
        label: "NVIDIA RTX PRO 6000 Blackwell 96GB",
        capacity_bytes: 96 * GIB,
        unified: None,
    },
    // GeForce RTX 3090 Ti: the RTX 3090's 24 GB GDDR6X (24576 MiB)
    GpuPreset {
        id: "rtx3090ti",
        label: "NVIDIA GeForce RTX 3090 Ti 24GB",
        capacity_bytes: 24_576 * MIB,
        unified: None,
    },
    // --- Unified memory (issue 38): the GPU, the CPU and the operating system share one pool;
    // the capacity is the GPU's default share, the rest is what the OS keeps. ---
    // Apple M4 Max with 128 GB: Metal's recommendedMaxWorkingSetSize, the default GPU wired
    // limit, measured at 107.52 GiB on stock 128 GiB Macs (antirez/ds4#893, two machines)
    GpuPreset {
        id: "m4-max-128",
        label: "Apple M4 Max 128GB (unified)",
        capacity_bytes: 110_100 * MIB,
        unified: Some(Unified {
            total_bytes: 128 * GIB,
            keeper: "macOS",
            rule: "Metal's default GPU working set (recommendedMaxWorkingSetSize) on a 128 GiB Mac is 107.52 GiB, measured on stock macOS (antirez/ds4#893); sudo sysctl iogpu.wired_limit_mb=N raises it — give N MiB as gpu_mem",
        }),
    },
    // Apple M3 Ultra with 512 GB: the GPU's default working set is 75 % of RAM on Macs of
    // 64 GB and more (gpustack/gpustack#1375, llama.cpp's recommendedMaxWorkingSetSize logs)
    GpuPreset {
        id: "m3-ultra-512",
        label: "Apple M3 Ultra 512GB (unified)",
        capacity_bytes: 384 * GIB,
        unified: Some(Unified {
            total_bytes: 512 * GIB,
            keeper: "macOS",
            rule: "Metal's default GPU working set (recommendedMaxWorkingSetSize) is 75 % of RAM on Macs of 64 GB and more (gpustack/gpustack#1375); sudo sysctl iogpu.wired_limit_mb=N raises it — give N MiB as gpu_mem",
        }),
    },
    // --- Apple chips of the llama.cpp Apple-silicon table (issue 37, ggml-org/llama.cpp
    // discussion #4167); each is one memory size of its chip, with the working-set rule of its
    // size. Macs of 64 GB and more: the GPU's default working set is 75 % of RAM
    // (gpustack/gpustack#1375). ---
    // Apple M2 Ultra (76-core GPU) with 192 GB
    GpuPreset {
        id: "m2-ultra-192",
        label: "Apple M2 Ultra 192GB (unified)",
        capacity_bytes: 144 * GIB,
        unified: Some(Unified {
            total_bytes: 192 * GIB,
            keeper: "macOS",
            rule: "Metal's default GPU working set (recommendedMaxWorkingSetSize) is 75 % of RAM on Macs of 64 GB and more (gpustack/gpustack#1375); sudo sysctl iogpu.wired_limit_mb=N raises it — give N MiB as gpu_mem",
        }),
    },
    // Apple M2 Max (30-core GPU) with 64 GB
    GpuPreset {
        id: "m2-max-64",
        label: "Apple M2 Max (30-core GPU) 64GB (unified)",
        capacity_bytes: 48 * GIB,
        unified: Some(Unified {
            total_bytes: 64 * GIB,
            keeper: "macOS",
            rule: "Metal's default GPU working set (recommendedMaxWorkingSetSize) is 75 % of RAM on Macs of 64 GB and more (gpustack/gpustack#1375); sudo sysctl iogpu.wired_limit_mb=N raises it — give N MiB as gpu_mem",
        }),
    },
    // Apple M4 Pro (20-core GPU) with 64 GB
    GpuPreset {
        id: "m4-pro-64",
        label: "Apple M4 Pro (20-core GPU) 64GB (unified)",
        capacity_bytes: 48 * GIB,
        unified: Some(Unified {
            total_bytes: 64 * GIB,
            keeper: "macOS",
            rule: "Metal's default GPU working set (recommendedMaxWorkingSetSize) is 75 % of RAM on Macs of 64 GB and more (gpustack/gpustack#1375); sudo sysctl iogpu.wired_limit_mb=N raises it — give N MiB as gpu_mem",
        }),
    },
    // Apple M4 (10-core GPU) with 16 GB: llama.cpp's Metal backend logs
    // recommendedMaxWorkingSetSize = 11453.25 MB (decimal) on the Mac mini M4 of ggml-org/ci
    // (llama.cpp build 4465, 6df37bc2, ggml-100-mac-m4/README.md)
    GpuPreset {
        id: "m4-16",
        label: "Apple M4 (10-core GPU) 16GB (unified)",
        capacity_bytes: 11_453_250_000,
        unified: Some(Unified {
            total_bytes: 16 * GIB,
            keeper: "macOS",
            rule: "Metal's default GPU working set (recommendedMaxWorkingSetSize) on a 16 GB Mac mini M4 is 11,453.25 MB, as llama.cpp logs it (ggml-org/ci, build 4465, ggml-100-mac-m4); sudo sysctl iogpu.wired_limit_mb=N raises it — give N MiB as gpu_mem",
        }),
    },
    // NVIDIA DGX Spark (GB10): 128 GB LPDDR5x; CUDA's total is the 121.69 GiB the kernel
    // reports (MemTotal 127,600,748 kB; XuehaiPan/nvitop#208, unslothai/unsloth#10283), of which
    // 113.07 GiB were available at idle (MemAvailable 118,566,368 kB, nvitop#208)
    GpuPreset {
        id: "dgx-spark",
        label: "NVIDIA DGX Spark (GB10) 128GB (unified)",
        capacity_bytes: 118_566_368 * 1024,
        unified: Some(Unified {
            total_bytes: 127_600_748 * 1024,
            keeper: "DGX OS (its kernel, desktop and services, measured at idle)",
            rule: "the GPU allocates from system memory; DGX OS reported 113.07 GiB available of 121.69 GiB at idle (MemAvailable, XuehaiPan/nvitop#208); close other programs or give gpu_mem for another share",
        }),
    },
    // AMD Ryzen AI Max+ 395 (Strix Halo) with 128 GB: llama.cpp under Ollama on Linux saw
    // 120,460 MiB free on the Radeon 8060S (ROCm0) of 124.9 GiB system memory (ollama/ollama#16480)
    GpuPreset {
        id: "strix-halo-128",
        label: "AMD Ryzen AI Max+ 395 (Strix Halo) 128GB (unified)",
        capacity_bytes: 120_460 * MIB,
        unified: Some(Unified {
            total_bytes: 128 * GIB,
            keeper: "Linux and the firmware's carve-out",
            rule: "llama.cpp on Linux saw 120,460 MiB free on the Radeon 8060S of 124.9 GiB system memory (ollama/ollama#16480); Windows gives the GPU the BIOS's dedicated share instead (up to 96 GB) — give it as gpu_mem",
        }),
    },
    // AMD Instinct MI300A: 128 GB HBM3 shared by the CPU and GPU dies (AMD Instinct MI300A
    // data sheet); the GPU allocates from the whole pool
    GpuPreset {
        id: "mi300a",
        label: "AMD Instinct MI300A 128GB (unified)",
        capacity_bytes: 128 * GIB,
        unified: Some(Unified {
            total_bytes: 128 * GIB,
            keeper: "Linux and the CPU's processes",
            rule: "the 128 GiB of HBM3 serve the CPU and the GPU alike (AMD Instinct MI300A data sheet; ROCm's unified memory); what the OS and host processes take is not subtracted — give the GPU's share as gpu_mem",
        }),
    },
    // AMD nominal 288 GB HBM3E; ROCm's GPU specifications: 288 GiB VRAM
    // (rocm.docs.amd.com/en/latest/reference/gpu-specs.html)
    GpuPreset {
        id: "mi355x",
        label: "AMD Instinct MI355X 288GB",
        capacity_bytes: 288 * GIB,
        unified: None,
    },
    // AMD nominal 256 GB HBM3E; ROCm's GPU specifications: 256 GiB VRAM
    GpuPreset {
        id: "mi325x",
        label: "AMD Instinct MI325X 256GB",
        capacity_bytes: 256 * GIB,
        unified: None,
    },
    // AMD nominal 192 GB HBM3; ROCm's GPU specifications: 192 GiB VRAM
    GpuPreset {
        id: "mi300x",
        label: "AMD Instinct MI300X 192GB",
        capacity_bytes: 192 * GIB,
        unified: None,
    },
    // AMD nominal 128 GB per OAM, 64 GB per GCD as seen by the runtime
    GpuPreset {
        id: "mi250x",
        label: "AMD Instinct MI250X (one GCD, 64GB)",
        capacity_bytes: 64 * GIB,
        unified: None,
    },
    // AMD nominal 32 GB HBM2; ROCm's GPU specifications: 32 GiB VRAM
    GpuPreset {
        id: "mi100",
        label: "AMD Instinct MI100 32GB",
        capacity_bytes: 32 * GIB,
        unified: None,
    },
    // --- AMD GPUs of the llama.cpp ROCm table (issue 37, ggml-org/llama.cpp discussion
    // #15021) ---
    // AMD nominal 24 GB GDDR6 (AMD Radeon RX 7900 XTX specifications); ROCm's GPU
    // specifications: 24 GiB VRAM
    GpuPreset {
        id: "rx7900xtx",
        label: "AMD Radeon RX 7900 XTX 24GB",
        capacity_bytes: 24 * GIB,
        unified: None,
    },
    // AMD nominal 64 GB HBM2e (AMD Instinct MI210 data sheet); ROCm's GPU specifications:
    // 64 GiB VRAM
    GpuPreset {
        id: "mi210",
        label: "AMD Instinct MI210 64GB",
        capacity_bytes: 64 * GIB,
        unified: None,
    },    // --- issue 37 (h-metalpp): the 60-core M2 Ultra of llama.cpp's Apple-silicon table
    // (discussion #4167), with 192 GB: the same working-set rule as `m2-ultra-192`. ---
    // Apple M2 Ultra (60-core GPU) with 192 GB
    GpuPreset {
        id: "m2-ultra-60-192",
        label: "Apple M2 Ultra (60-core GPU) 192GB (unified)",
        capacity_bytes: 144 * GIB,
        unified: Some(Unified {
            total_bytes: 192 * GIB,
            keeper: "macOS",
            rule: "Metal's default GPU working set (recommendedMaxWorkingSetSize) is 75 % of RAM on Macs of 64 GB and more (gpustack/gpustack#1375); sudo sysctl iogpu.wired_limit_mb=N raises it — give N MiB as gpu_mem",
        }),
    },
];

/// Other spellings of a preset's id (alias, id), read in any case. A bare model name means its
/// most deployed board: `h100` the 80 GB SXM (`h100-80`), `a100` the 80 GB SXM (`a100-80`).
pub const GPU_ALIASES: &[(&str, &str)] = &[
    ("h100", "h100-80"),
    ("h100-sxm", "h100-80"),
    ("h100-sxm5", "h100-80"),
    ("a100", "a100-80"),
    ("a100-sxm", "a100-80"),
    ("a10g", "a10"),
    ("5090", "rtx5090"),
    ("rtx-5090", "rtx5090"),
    ("4090", "rtx4090"),
    ("rtx-4090", "rtx4090"),
    ("3090", "rtx3090"),
    ("rtx-3090", "rtx3090"),
    // --- issue 38: spellings of the 2025–2026 presets, each naming one board (an Apple
    // chip's name alone does not: it ships with several memory sizes)
    ("3090ti", "rtx3090ti"),
    ("3090-ti", "rtx3090ti"),
    ("rtx-3090-ti", "rtx3090ti"),
    ("rtx-3090ti", "rtx3090ti"),
    ("h800-sxm", "h800"),
    ("h800-sxm5", "h800"),
    ("a800-sxm", "a800"),
    ("a800-sxm4", "a800"),
    ("a100-80-pcie", "a100-pcie-80"),
    ("a100-pcie-80gb", "a100-pcie-80"),
    ("rtx-pro-6000-blackwell", "rtx-pro-6000"),
    ("pro6000", "rtx-pro-6000"),
    ("b300-sxm", "b300"),
    ("gb10", "dgx-spark"),
    ("spark", "dgx-spark"),
    ("strix-halo", "strix-halo-128"),
    ("ryzen-ai-max-395", "strix-halo-128"),
    // --- end issue 38 spellings
];

/// The preset with this id or alias, in any case.
pub fn gpu_by_id(id: &str) -> Option<&'static GpuPreset> {
    let id = id.trim().to_ascii_lowercase();
    let id = GPU_ALIASES
        .iter()
        .find(|(alias, _)| *alias == id)
        .map_or(id.as_str(), |(_, canonical)| canonical);
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

/// The node preset with this id.
pub fn node_by_id(id: &str) -> Option<&'static NodePreset> {
    NODES.iter().find(|n| n.id == id)
}
