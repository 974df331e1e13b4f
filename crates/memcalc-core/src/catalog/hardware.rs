//! Hardware as it moves bytes: each GPU preset's memory bandwidth, peak dense throughput per
//! precision and links, and each node preset's sockets, memory bandwidth and network, for the
//! time model (`speed`). One row per preset id of `catalog::device` (a test checks that every
//! preset has its row). Figures are the vendor's datasheet values; where a datasheet prints
//! only the 2:4-sparse tensor figure, the row holds half of it (the dense rate) and says so.

use crate::catalog::precision::Dtype;

/// Peak dense throughput in TFLOP/s (TOPS for INT8); `None` where the chip has no such unit
/// (no TF32 before Ampere, no BF16 on Volta and Turing, no FP8 before Ada and Hopper).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Peak {
    /// FP64 (the tensor-core rate where the chip has FP64 tensor cores).
    pub fp64: f64,
    /// FP32 on the CUDA cores (vector units), no tensor cores.
    pub fp32: f64,
    pub tf32: Option<f64>,
    /// 16-bit tensor throughput with FP32 accumulation: BF16, or FP16 on chips without BF16.
    pub half: f64,
    pub fp8: Option<f64>,
    pub int8: Option<f64>,
}

impl Peak {
    /// The peak a matrix product in `dtype` runs at, in FLOP/s. A precision the chip lacks runs
    /// at the next wider one it has (FP8 weights on an A100 are multiplied in 16-bit; TF32
    /// without tensor support runs as FP32).
    pub fn flops(&self, dtype: Dtype) -> f64 {
        let t = match dtype {
            Dtype::Fp64 => self.fp64,
            Dtype::Fp32 => self.fp32,
            Dtype::Tf32 => self.tf32.unwrap_or(self.fp32),
            Dtype::Bf16 | Dtype::Fp16 => self.half,
            Dtype::Fp8 => self.fp8.unwrap_or(self.half),
        };
        t * 1e12
    }
}

/// The kind of link between the GPUs of one node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkKind {
    /// NVLink of the given generation through NVSwitch (or direct links on 4-GPU boards).
    NvLink(u8),
    /// An NVLink bridge joining two cards only.
    NvLinkBridge(u8),
    /// AMD Infinity Fabric links between the GPUs of a node.
    InfinityFabric,
}

/// A GPU's links to the other GPUs of its node.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GpuLink {
    pub kind: LinkKind,
    /// Total bandwidth per GPU in GB/s, both directions together, as datasheets print it
    /// (H100 SXM: 900 GB/s = 450 GB/s each way).
    pub gb_s: f64,
}

impl GpuLink {
    /// Bytes per second one way: what a ring collective's bus bandwidth approaches.
    pub fn one_way(&self) -> f64 {
        self.gb_s * 1e9 / 2.0
    }
}

/// The PCI Express link to the host.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pcie {
    pub generation: u8,
    pub lanes: u8,
}

impl Pcie {
    /// Bytes per second in each direction before protocol overhead: 8 GT/s with 128b/130b
    /// coding is 0.985 GB/s per lane for Gen3, doubling each generation (PCI-SIG
    /// specifications; x16 Gen4 ≈ 31.5 GB/s, Gen5 ≈ 63 GB/s).
    pub fn one_way(&self) -> f64 {
        let per_lane = 8e9 * 128.0 / 130.0 / 8.0;
        let gen = f64::from(self.generation.saturating_sub(3));
        per_lane * 2f64.powf(gen) * f64::from(self.lanes)
    }
}

/// Who makes a GPU: it decides the achieved share of memory bandwidth assumed when the user
/// sets none (`scenario::speed::AMD_BW_EFF_BP`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vendor {
    Nvidia,
    Amd,
    /// Apple silicon's GPU (Metal): the memory-bandwidth share assumed is the default 80 %,
    /// which llama.cpp's own Metal pair agrees with (pull request #9698's F16 and Q4_0 runs of
    /// TinyLlama read 645 GB/s per byte, 81 % of an M2 Ultra's 800 GB/s; `speed::launch`), and
    /// llama.cpp on Metal pays a fixed time per kernel (`launch::Uncaptured::Metal`).
    Apple,
}

/// One GPU preset's bandwidth, peaks and links.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GpuHardware {
    /// The `catalog::device` preset id.
    pub id: &'static str,
    /// Peak memory bandwidth, bytes per second.
    pub bandwidth: f64,
    pub peak: Peak,
    /// Links to the node's other GPUs; `None`: only PCIe.
    pub link: Option<GpuLink>,
    pub pcie: Pcie,
    /// Whether the card sits in a desktop (GeForce) rather than a server: it decides the host
    /// memory assumed when none is given.
    pub desktop: bool,
    pub vendor: Vendor,
    /// The datasheet the row's figures come from.
    pub source: &'static str,
}

const fn gen(generation: u8) -> Pcie {
    Pcie {
        generation,
        lanes: 16,
    }
}

/// Every GPU preset's hardware, in `catalog::device::GPUS` order.
pub const GPU_HARDWARE: &[GpuHardware] = &[
    // NVIDIA H100 Tensor Core GPU datasheet, H100 SXM column: 3.35 TB/s; FP64 tensor 67,
    // FP32 67; TF32 989, BF16 1,979, FP8 3,958, INT8 3,958 TOPS are printed with sparsity
    // (halved here); NVLink 900 GB/s; PCIe Gen5 128 GB/s (x16, both directions).
    GpuHardware {
        id: "h100-80",
        bandwidth: 3.35e12,
        peak: Peak {
            fp64: 67.0,
            fp32: 67.0,
            tf32: Some(494.5),
            half: 989.5,
            fp8: Some(1979.0),
            int8: Some(1979.0),
        },
        link: Some(GpuLink {
            kind: LinkKind::NvLink(4),
            gb_s: 900.0,
        }),
        pcie: gen(5),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA H100 Tensor Core GPU datasheet (H100 SXM: 3.35 TB/s; sparse tensor figures halved)",
    },
    // NVIDIA H100 Tensor Core GPU datasheet, H100 PCIe column: 2 TB/s HBM2e; FP64 tensor 51,
    // FP32 51; TF32 756, BF16 1,513, FP8 3,026, INT8 3,026 TOPS with sparsity (halved); an
    // NVLink bridge joins two cards (600 GB/s), so a node's GPUs talk over PCIe Gen5.
    GpuHardware {
        id: "h100-pcie",
        bandwidth: 2.0e12,
        peak: Peak {
            fp64: 51.0,
            fp32: 51.0,
            tf32: Some(378.0),
            half: 756.5,
            fp8: Some(1513.0),
            int8: Some(1513.0),
        },
        link: Some(GpuLink {
            kind: LinkKind::NvLinkBridge(4),
            gb_s: 600.0,
        }),
        pcie: gen(5),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA H100 Tensor Core GPU datasheet (H100 PCIe: 2 TB/s; sparse tensor figures halved)",
    },
    // The same datasheet, H100 NVL column (per GPU): 3.9 TB/s HBM3; FP64 tensor 60, FP32 60;
    // TF32 835, BF16 1,671, FP8 3,341, INT8 3,341 TOPS with sparsity (halved); NVLink bridge
    // of a pair, 600 GB/s; PCIe Gen5.
    GpuHardware {
        id: "h100-nvl",
        bandwidth: 3.9e12,
        peak: Peak {
            fp64: 60.0,
            fp32: 60.0,
            tf32: Some(417.5),
            half: 835.5,
            fp8: Some(1670.5),
            int8: Some(1670.5),
        },
        link: Some(GpuLink {
            kind: LinkKind::NvLinkBridge(4),
            gb_s: 600.0,
        }),
        pcie: gen(5),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA H100 Tensor Core GPU datasheet (H100 NVL: 3.9 TB/s; sparse tensor figures halved)",
    },
    // NVIDIA GH200 Grace Hopper Superchip datasheet, 96 GB HBM3: 4 TB/s; the H100 SXM's
    // compute (FP64 tensor 67, FP32 67; TF32 989, BF16 1,979, FP8 3,958 with sparsity, halved);
    // NVLink 4 900 GB/s to the other superchips. The Grace CPU is reached over NVLink-C2C
    // (900 GB/s), not PCIe: the PCIe Gen5 figure kept here understates offload's link.
    GpuHardware {
        id: "gh200",
        bandwidth: 4.0e12,
        peak: Peak {
            fp64: 67.0,
            fp32: 67.0,
            tf32: Some(494.5),
            half: 989.5,
            fp8: Some(1979.0),
            int8: Some(1979.0),
        },
        link: Some(GpuLink {
            kind: LinkKind::NvLink(4),
            gb_s: 900.0,
        }),
        pcie: gen(5),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA GH200 Grace Hopper Superchip datasheet (96 GB HBM3: 4 TB/s; sparse tensor figures halved)",
    },
    // The same datasheet, 144 GB HBM3e: 4.9 TB/s; the same compute and links.
    GpuHardware {
        id: "gh200-144",
        bandwidth: 4.9e12,
        peak: Peak {
            fp64: 67.0,
            fp32: 67.0,
            tf32: Some(494.5),
            half: 989.5,
            fp8: Some(1979.0),
            int8: Some(1979.0),
        },
        link: Some(GpuLink {
            kind: LinkKind::NvLink(4),
            gb_s: 900.0,
        }),
        pcie: gen(5),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA GH200 Grace Hopper Superchip datasheet (144 GB HBM3e: 4.9 TB/s; sparse tensor figures halved)",
    },
    // NVIDIA H200 Tensor Core GPU datasheet, H200 SXM: 4.8 TB/s HBM3e; the same compute as
    // H100 SXM (TF32 989, BF16 1,979, FP8 3,958 with sparsity); NVLink 900 GB/s; PCIe Gen5.
    GpuHardware {
        id: "h200",
        bandwidth: 4.8e12,
        peak: Peak {
            fp64: 67.0,
            fp32: 67.0,
            tf32: Some(494.5),
            half: 989.5,
            fp8: Some(1979.0),
            int8: Some(1979.0),
        },
        link: Some(GpuLink {
            kind: LinkKind::NvLink(4),
            gb_s: 900.0,
        }),
        pcie: gen(5),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA H200 Tensor Core GPU datasheet (H200 SXM: 4.8 TB/s; sparse tensor figures halved)",
    },
    // NVIDIA HGX B200 specifications, per GPU (the 8-GPU board's figures ÷ 8): 8 TB/s; FP64
    // 37, FP32 75; TF32 2.2, FP16/BF16 4.5, FP8 9, INT8 9 PFLOPS are printed with sparsity
    // (halved); NVLink 5 1.8 TB/s per GPU; PCIe Gen5 to the host on HGX boards.
    GpuHardware {
        id: "b200",
        bandwidth: 8.0e12,
        peak: Peak {
            fp64: 37.0,
            fp32: 75.0,
            tf32: Some(1100.0),
            half: 2250.0,
            fp8: Some(4500.0),
            int8: Some(4500.0),
        },
        link: Some(GpuLink {
            kind: LinkKind::NvLink(5),
            gb_s: 1800.0,
        }),
        pcie: gen(5),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA HGX B200 specifications, per GPU (8 TB/s; sparse tensor figures halved)",
    },
    // NVIDIA A100 Tensor Core GPU datasheet, A100 80GB SXM: 2,039 GB/s; FP64 tensor 19.5,
    // FP32 19.5; TF32 156, BF16 312, INT8 624 dense (312/624/1,248 with sparsity); no FP8;
    // NVLink 600 GB/s; PCIe Gen4 64 GB/s.
    GpuHardware {
        id: "a100-80",
        bandwidth: 2.039e12,
        peak: Peak {
            fp64: 19.5,
            fp32: 19.5,
            tf32: Some(156.0),
            half: 312.0,
            fp8: None,
            int8: Some(624.0),
        },
        link: Some(GpuLink {
            kind: LinkKind::NvLink(3),
            gb_s: 600.0,
        }),
        pcie: gen(4),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA A100 Tensor Core GPU datasheet (A100 80GB SXM: 2,039 GB/s; dense figures)",
    },
    // The same datasheet, A100 40GB PCIe: 1,555 GB/s, the same peaks; NVLink only through a
    // bridge joining two cards (600 GB/s), so a node's GPUs talk over PCIe Gen4.
    GpuHardware {
        id: "a100-40",
        bandwidth: 1.555e12,
        peak: Peak {
            fp64: 19.5,
            fp32: 19.5,
            tf32: Some(156.0),
            half: 312.0,
            fp8: None,
            int8: Some(624.0),
        },
        link: None,
        pcie: gen(4),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA A100 Tensor Core GPU datasheet (A100 40GB PCIe: 1,555 GB/s; dense figures)",
    },
    // NVIDIA L40S datasheet: 864 GB/s GDDR6; FP32 91.6; TF32 183, BF16 362.05, FP8 733,
    // INT8 733 dense (366/733/1,466/1,466 with sparsity); FP64 at 1/64 of FP32 (CUDA C++
    // Programming Guide, arithmetic instruction throughput, compute capability 8.9); PCIe Gen4,
    // no NVLink.
    GpuHardware {
        id: "l40s",
        bandwidth: 864e9,
        peak: Peak {
            fp64: 1.43,
            fp32: 91.6,
            tf32: Some(183.0),
            half: 362.05,
            fp8: Some(733.0),
            int8: Some(733.0),
        },
        link: None,
        pcie: gen(4),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA L40S datasheet (864 GB/s; dense figures); FP64 1/64 of FP32 (CUDA C++ Programming Guide, compute capability 8.9)",
    },
    // NVIDIA L40 datasheet: 864 GB/s GDDR6; FP32 90.5; TF32 90.5, BF16 181.05, FP8 362,
    // INT8 362 dense (181/362.1/724/724 with sparsity); FP64 1/64 of FP32 (CUDA C++
    // Programming Guide, compute capability 8.9); PCIe Gen4, no NVLink.
    GpuHardware {
        id: "l40",
        bandwidth: 864e9,
        peak: Peak {
            fp64: 1.41,
            fp32: 90.5,
            tf32: Some(90.5),
            half: 181.05,
            fp8: Some(362.0),
            int8: Some(362.0),
        },
        link: None,
        pcie: gen(4),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA L40 datasheet (864 GB/s; dense figures); FP64 1/64 of FP32 (CUDA C++ Programming Guide, compute capability 8.9)",
    },
    // NVIDIA A10 datasheet: 600 GB/s GDDR6; FP32 31.2; TF32 62.5, BF16 125, INT8 250 dense
    // (125/250/500 with sparsity); no FP8; FP64 1/64 of FP32 (CUDA C++ Programming Guide,
    // compute capability 8.6); PCIe Gen4, no NVLink. AWS's A10G, which the preset also
    // covers, has the same 600 GB/s and lower tensor peaks.
    GpuHardware {
        id: "a10",
        bandwidth: 600e9,
        peak: Peak {
            fp64: 0.49,
            fp32: 31.2,
            tf32: Some(62.5),
            half: 125.0,
            fp8: None,
            int8: Some(250.0),
        },
        link: None,
        pcie: gen(4),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA A10 Tensor Core GPU datasheet (600 GB/s; dense figures); FP64 1/64 of FP32 (CUDA C++ Programming Guide, compute capability 8.6)",
    },
    // NVIDIA L4 datasheet: 300 GB/s; FP32 30.3; TF32 120, BF16 242, FP8 485, INT8 485 are
    // printed with sparsity (halved); FP64 1/64 of FP32; PCIe Gen4 x16, no NVLink.
    GpuHardware {
        id: "l4",
        bandwidth: 300e9,
        peak: Peak {
            fp64: 0.47,
            fp32: 30.3,
            tf32: Some(60.0),
            half: 121.0,
            fp8: Some(242.5),
            int8: Some(242.5),
        },
        link: None,
        pcie: gen(4),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA L4 Tensor Core GPU datasheet (300 GB/s; sparse tensor figures halved)",
    },
    // NVIDIA T4 datasheet: 320 GB/s; FP32 8.1; mixed FP16/FP32 65, INT8 130 TOPS (Turing has
    // no sparsity, no BF16, no TF32); FP64 1/32 of FP32 (CUDA C++ Programming Guide, 7.5);
    // PCIe Gen3 x16.
    GpuHardware {
        id: "t4",
        bandwidth: 320e9,
        peak: Peak {
            fp64: 0.25,
            fp32: 8.1,
            tf32: None,
            half: 65.0,
            fp8: None,
            int8: Some(130.0),
        },
        link: None,
        pcie: gen(3),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA T4 Tensor Core GPU datasheet (320 GB/s; FP16 tensor, no BF16)",
    },
    // NVIDIA RTX A6000 datasheet and the Ampere GA102 whitepaper (appendix table): 768 GB/s;
    // FP32 38.7; TF32 77.4, FP16/BF16 with FP32 accumulate 154.8, INT8 309.7 dense (sparse
    // twice); FP64 1/64; NVLink bridge of two cards 112.5 GB/s; PCIe Gen4. The preset's
    // capacity also covers the RTX 6000 Ada (960 GB/s), whose figures are higher.
    GpuHardware {
        id: "rtx-a6000",
        bandwidth: 768e9,
        peak: Peak {
            fp64: 0.6,
            fp32: 38.7,
            tf32: Some(77.4),
            half: 154.8,
            fp8: None,
            int8: Some(309.7),
        },
        link: Some(GpuLink {
            kind: LinkKind::NvLinkBridge(3),
            gb_s: 112.5,
        }),
        pcie: gen(4),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA RTX A6000 datasheet and NVIDIA Ampere GA102 GPU architecture whitepaper (768 GB/s; dense figures)",
    },
    // NVIDIA V100 Tensor Core GPU datasheet, V100 SXM2: 900 GB/s; FP64 7.8, FP32 15.7, tensor
    // (FP16) 125; no TF32, BF16, FP8 or INT8 tensor cores; NVLink 2 300 GB/s; PCIe Gen3.
    GpuHardware {
        id: "v100-32",
        bandwidth: 900e9,
        peak: Peak {
            fp64: 7.8,
            fp32: 15.7,
            tf32: None,
            half: 125.0,
            fp8: None,
            int8: None,
        },
        link: Some(GpuLink {
            kind: LinkKind::NvLink(2),
            gb_s: 300.0,
        }),
        pcie: gen(3),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA V100 Tensor Core GPU datasheet (V100 SXM2: 900 GB/s)",
    },
    // The same datasheet: the 16 GB V100 SXM2 has the same bandwidth and peaks.
    GpuHardware {
        id: "v100-16",
        bandwidth: 900e9,
        peak: Peak {
            fp64: 7.8,
            fp32: 15.7,
            tf32: None,
            half: 125.0,
            fp8: None,
            int8: None,
        },
        link: Some(GpuLink {
            kind: LinkKind::NvLink(2),
            gb_s: 300.0,
        }),
        pcie: gen(3),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA V100 Tensor Core GPU datasheet (V100 SXM2: 900 GB/s)",
    },
    // NVIDIA RTX Blackwell GPU architecture whitepaper (appendix, GeForce RTX 5090): 1,792
    // GB/s GDDR7; FP32 104.8; TF32 104.8, FP16/BF16 with FP32 accumulate 209.5, FP8 with FP32
    // accumulate 419, INT8 838 dense (sparse twice); FP64 1/64; no NVLink; PCIe Gen5.
    GpuHardware {
        id: "rtx5090",
        bandwidth: 1.792e12,
        peak: Peak {
            fp64: 1.64,
            fp32: 104.8,
            tf32: Some(104.8),
            half: 209.5,
            fp8: Some(419.0),
            int8: Some(838.0),
        },
        link: None,
        pcie: gen(5),
        vendor: Vendor::Nvidia,
        desktop: true,
        source: "NVIDIA RTX Blackwell GPU architecture whitepaper, GeForce RTX 5090 (1,792 GB/s; dense figures, FP32 accumulate)",
    },
    // NVIDIA Ada GPU architecture whitepaper (appendix, GeForce RTX 4090): 1,008 GB/s; FP32
    // 82.6; TF32 82.6, FP16/BF16 with FP32 accumulate 165.2, FP8 with FP32 accumulate 330.3,
    // INT8 660.6 dense (sparse twice); FP64 1/64; no NVLink; PCIe Gen4.
    GpuHardware {
        id: "rtx4090",
        bandwidth: 1.008e12,
        peak: Peak {
            fp64: 1.29,
            fp32: 82.6,
            tf32: Some(82.6),
            half: 165.2,
            fp8: Some(330.3),
            int8: Some(660.6),
        },
        link: None,
        pcie: gen(4),
        vendor: Vendor::Nvidia,
        desktop: true,
        source: "NVIDIA Ada GPU architecture whitepaper, GeForce RTX 4090 (1,008 GB/s; dense figures, FP32 accumulate)",
    },
    // NVIDIA Ampere GA102 GPU architecture whitepaper (GeForce RTX 3090): 936 GB/s; FP32 35.6;
    // TF32 35.6, FP16/BF16 with FP32 accumulate 71, INT8 284 dense; FP64 1/64; NVLink bridge
    // 112.5 GB/s; PCIe Gen4.
    GpuHardware {
        id: "rtx3090",
        bandwidth: 936e9,
        peak: Peak {
            fp64: 0.56,
            fp32: 35.6,
            tf32: Some(35.6),
            half: 71.0,
            fp8: None,
            int8: Some(284.0),
        },
        link: Some(GpuLink {
            kind: LinkKind::NvLinkBridge(3),
            gb_s: 112.5,
        }),
        pcie: gen(4),
        vendor: Vendor::Nvidia,
        desktop: true,
        source: "NVIDIA Ampere GA102 GPU architecture whitepaper, GeForce RTX 3090 (936 GB/s; dense figures, FP32 accumulate)",
    },
    // NVIDIA H800 (the China-export Hopper): the H100 SXM's 3.35 TB/s and tensor rates with
    // FP64 cut to 1 TFLOPS (vector and tensor) and NVLink to 400 GB/s (NVIDIA H800 Tensor Core
    // GPU datasheet, SXM column; sparse tensor figures halved).
    GpuHardware {
        id: "h800",
        bandwidth: 3.35e12,
        peak: Peak {
            fp64: 1.0,
            fp32: 67.0,
            tf32: Some(494.5),
            half: 989.5,
            fp8: Some(1979.0),
            int8: Some(1979.0),
        },
        link: Some(GpuLink {
            kind: LinkKind::NvLink(4),
            gb_s: 400.0,
        }),
        pcie: gen(5),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA H800 Tensor Core GPU datasheet (H800 SXM: 3.35 TB/s, FP64 1 TFLOPS, NVLink 400 GB/s; sparse tensor figures halved)",
    },
    // NVIDIA A800 80GB SXM: the A100 80GB SXM's 2,039 GB/s and peaks with NVLink cut to
    // 400 GB/s (NVIDIA A800 Tensor Core GPU datasheet).
    GpuHardware {
        id: "a800",
        bandwidth: 2.039e12,
        peak: Peak {
            fp64: 19.5,
            fp32: 19.5,
            tf32: Some(156.0),
            half: 312.0,
            fp8: None,
            int8: Some(624.0),
        },
        link: Some(GpuLink {
            kind: LinkKind::NvLink(3),
            gb_s: 400.0,
        }),
        pcie: gen(4),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA A800 Tensor Core GPU datasheet (A800 80GB SXM: 2,039 GB/s, NVLink 400 GB/s; dense figures)",
    },
    // NVIDIA A100 Tensor Core GPU datasheet, A100 80GB PCIe: 1,935 GB/s, the A100's peaks;
    // NVLink only through a bridge joining two cards, so a node's GPUs talk over PCIe Gen4.
    GpuHardware {
        id: "a100-pcie-80",
        bandwidth: 1.935e12,
        peak: Peak {
            fp64: 19.5,
            fp32: 19.5,
            tf32: Some(156.0),
            half: 312.0,
            fp8: None,
            int8: Some(624.0),
        },
        link: None,
        pcie: gen(4),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA A100 Tensor Core GPU datasheet (A100 80GB PCIe: 1,935 GB/s; dense figures)",
    },
    // NVIDIA HGX B300 specifications, per GPU (the 8-GPU board's figures ÷ 8): 8 TB/s HBM3e;
    // FP64 1.25 and FP32 75 TFLOPS; TF32 18, FP16/BF16 36, FP8 72 PFLOPS per board are
    // printed with sparsity (halved here); INT8 is cut on Blackwell Ultra (2 POPS dense per
    // board: 0.25 per GPU); NVLink 5 1.8 TB/s; PCIe Gen6 to the host.
    GpuHardware {
        id: "b300",
        bandwidth: 8.0e12,
        peak: Peak {
            fp64: 1.25,
            fp32: 75.0,
            tf32: Some(1125.0),
            half: 2250.0,
            fp8: Some(4500.0),
            int8: Some(250.0),
        },
        link: Some(GpuLink {
            kind: LinkKind::NvLink(5),
            gb_s: 1800.0,
        }),
        pcie: gen(6),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA HGX B300 specifications, per GPU (8 TB/s; sparse tensor figures halved)",
    },
    // NVIDIA GB200 NVL72 specifications ÷ 72 GPUs: 576 TB/s HBM3e → 8 TB/s; FP64 3,240 TFLOPS
    // → 45; TF32 180, FP16/BF16 360, FP8 720, INT8 720 PFLOPS/POPS with sparsity → 1,250,
    // 2,500, 5,000, 5,000 dense; FP32 not printed there, taken as 2 × FP64 as on B200 (HGX
    // B200: 37 and 75); NVLink 5 130 TB/s ÷ 72 = 1.8 TB/s; the host is the Grace CPU over
    // NVLink-C2C (900 GB/s), counted here as PCIe Gen6 x16.
    GpuHardware {
        id: "gb200",
        bandwidth: 8.0e12,
        peak: Peak {
            fp64: 45.0,
            fp32: 90.0,
            tf32: Some(1250.0),
            half: 2500.0,
            fp8: Some(5000.0),
            int8: Some(5000.0),
        },
        link: Some(GpuLink {
            kind: LinkKind::NvLink(5),
            gb_s: 1800.0,
        }),
        pcie: gen(6),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA GB200 NVL72 specifications ÷ 72 GPUs (8 TB/s; sparse tensor figures halved; FP32 taken as 2 × FP64)",
    },
    // NVIDIA GB300 NVL72 specifications ÷ 72 GPUs: 576 TB/s → 8 TB/s; FP64 100 TFLOPS → 1.39;
    // TF32 180, FP16/BF16 360, FP8 720 PFLOPS with sparsity → 1,250, 2,500, 5,000 dense; INT8
    // 23 POPS → 0.32 dense; FP32 not printed, taken as the B300's 75; NVLink 5 1.8 TB/s per
    // GPU; the Grace host over NVLink-C2C counted as PCIe Gen6 x16.
    GpuHardware {
        id: "gb300",
        bandwidth: 8.0e12,
        peak: Peak {
            fp64: 1.39,
            fp32: 75.0,
            tf32: Some(1250.0),
            half: 2500.0,
            fp8: Some(5000.0),
            int8: Some(320.0),
        },
        link: Some(GpuLink {
            kind: LinkKind::NvLink(5),
            gb_s: 1800.0,
        }),
        pcie: gen(6),
        vendor: Vendor::Nvidia,
        desktop: false,
        source: "NVIDIA GB300 NVL72 specifications ÷ 72 GPUs (8 TB/s; sparse tensor figures halved; FP32 taken as B300's)",
    },
    // NVIDIA RTX PRO 6000 Blackwell datasheet: 1,792 GB/s GDDR7; FP32 125 TFLOPS; 4,000 AI
    // TOPS are FP4 with sparsity, so FP4 2,000, FP8 1,000 and FP16/BF16 (FP32 accumulate, full
    // rate on professional cards) 500 dense; TF32 250; INT8 1,000; FP64 1/64 of FP32 (compute
    // capability 12.0); PCIe Gen5 x16, no NVLink.
    GpuHardware {
        id: "rtx-pro-6000",
        bandwidth: 1.792e12,
        peak: Peak {
            fp64: 1.95,
            fp32: 125.0,
            tf32: Some(250.0),
            half: 500.0,
            fp8: Some(1000.0),
            int8: Some(1000.0),
        },
        link: None,
        pcie: gen(5),
        vendor: Vendor::Nvidia,
        desktop: true,
        source: "NVIDIA RTX PRO 6000 Blackwell datasheet (1,792 GB/s; 4,000 FP4 sparse AI TOPS halved per step to dense FP4, FP8, BF16)",
    },
    // NVIDIA Ampere GA102 whitepaper figures scaled to the RTX 3090 Ti's full GA102 (10,752
    // CUDA cores at 1.86 GHz boost, NVIDIA GeForce RTX 3090 Ti specifications): 1,008 GB/s
    // GDDR6X; FP32 40; TF32 40, FP16/BF16 with FP32 accumulate 80, INT8 320 dense (the RTX
    // 3090's ratios); FP64 1/64; NVLink bridge 112.5 GB/s; PCIe Gen4.
    GpuHardware {
        id: "rtx3090ti",
        bandwidth: 1.008e12,
        peak: Peak {
            fp64: 0.63,
            fp32: 40.0,
            tf32: Some(40.0),
            half: 80.0,
            fp8: None,
            int8: Some(320.0),
        },
        link: Some(GpuLink {
            kind: LinkKind::NvLinkBridge(3),
            gb_s: 112.5,
        }),
        pcie: gen(4),
        vendor: Vendor::Nvidia,
        desktop: true,
        source: "NVIDIA GeForce RTX 3090 Ti specifications (10,752 cores, 1.86 GHz, 1,008 GB/s) with the GA102 whitepaper's per-clock rates (dense figures, FP32 accumulate)",
    },
    // Apple publishes bandwidth but no FLOPS: 546 GB/s (Apple, M4 Max announcement, 2024-10-30);
    // FP32 = 40 GPU cores × 128 lanes × 2 × 1.678 GHz = 17.18 TFLOPS, FP16 at the same rate, no
    // matrix units for TF32, FP8 or INT8 (hmc-tech.com GPU database: 32-core M4 Max 13.74 TFLOPS
    // at 1,678 MHz). Apple GPUs have no FP64 (Metal has no double): FP64 work is emulated,
    // counted here at 1/64 of FP32 as a placeholder. No PCIe: the host shares the pool.
    GpuHardware {
        id: "m4-max-128",
        bandwidth: 546e9,
        peak: Peak {
            fp64: 0.27,
            fp32: 17.18,
            tf32: None,
            half: 17.18,
            fp8: None,
            int8: None,
        },
        link: None,
        pcie: gen(5),
        vendor: Vendor::Apple,
        desktop: true,
        source: "Apple M4 Max (546 GB/s); FP32/FP16 from 40 cores × 128 lanes × 2 × 1.678 GHz (hmc-tech.com); no FP64 units (placeholder 1/64)",
    },
    // Apple M3 Ultra: 819 GB/s (Apple, Mac Studio announcement, 2025-03-05); FP32 = 80 cores ×
    // 128 × 2 × 1.398 GHz = 28.63 TFLOPS (the M3 Max clock, hmc-tech.com), FP16 the same; no
    // FP64 units (placeholder 1/64 of FP32).
    GpuHardware {
        id: "m3-ultra-512",
        bandwidth: 819e9,
        peak: Peak {
            fp64: 0.45,
            fp32: 28.63,
            tf32: None,
            half: 28.63,
            fp8: None,
            int8: None,
        },
        link: None,
        pcie: gen(5),
        vendor: Vendor::Apple,
        desktop: true,
        source: "Apple M3 Ultra (819 GB/s); FP32/FP16 from 80 cores × 128 lanes × 2 × 1.398 GHz (hmc-tech.com); no FP64 units (placeholder 1/64)",
    },
    // Apple M2 Ultra: 800 GB/s, up to a 76-core GPU (Apple, M2 Ultra announcement,
    // 2023-06-05); FP32 = 76 cores × 128 lanes × 2 × 1.398 GHz = 27.20 TFLOPS (hmc-tech.com, the
    // M2 family's GPU clock), FP16 the same; no FP64 units (placeholder 1/64 of FP32).
    GpuHardware {
        id: "m2-ultra-192",
        bandwidth: 800e9,
        peak: Peak {
            fp64: 0.42,
            fp32: 27.2,
            tf32: None,
            half: 27.2,
            fp8: None,
            int8: None,
        },
        link: None,
        pcie: gen(5),
        vendor: Vendor::Apple,
        desktop: true,
        source: "Apple M2 Ultra (800 GB/s, 76-core GPU); FP32/FP16 from 76 cores × 128 lanes × 2 × 1.398 GHz (hmc-tech.com); no FP64 units (placeholder 1/64)",
    },
    // Apple M2 Max: 400 GB/s, a 30- or 38-core GPU (Apple, M2 Pro and M2 Max announcement,
    // 2023-01-17); this preset is the 30-core part: 30 × 128 × 2 × 1.398 GHz = 10.74 TFLOPS.
    GpuHardware {
        id: "m2-max-64",
        bandwidth: 400e9,
        peak: Peak {
            fp64: 0.17,
            fp32: 10.74,
            tf32: None,
            half: 10.74,
            fp8: None,
            int8: None,
        },
        link: None,
        pcie: gen(5),
        vendor: Vendor::Apple,
        desktop: true,
        source: "Apple M2 Max (400 GB/s, 30-core GPU); FP32/FP16 from 30 cores × 128 lanes × 2 × 1.398 GHz (hmc-tech.com); no FP64 units (placeholder 1/64)",
    },
    // Apple M4 Pro: 273 GB/s, up to a 20-core GPU (Apple, M4 Pro and M4 Max announcement,
    // 2024-10-30); 20 × 128 × 2 × 1.678 GHz (the M4 Max clock, hmc-tech.com) = 8.59 TFLOPS.
    GpuHardware {
        id: "m4-pro-64",
        bandwidth: 273e9,
        peak: Peak {
            fp64: 0.13,
            fp32: 8.59,
            tf32: None,
            half: 8.59,
            fp8: None,
            int8: None,
        },
        link: None,
        pcie: gen(5),
        vendor: Vendor::Apple,
        desktop: true,
        source: "Apple M4 Pro (273 GB/s, 20-core GPU); FP32/FP16 from 20 cores × 128 lanes × 2 × 1.678 GHz (the M4 Max clock, hmc-tech.com); no FP64 units (placeholder 1/64)",
    },
    // Apple M4: 120 GB/s, a 10-core GPU (Apple, M4 announcement, 2024-05-07); 10 × 128 × 2 ×
    // 1.678 GHz (the M4 Max clock, hmc-tech.com) = 4.30 TFLOPS.
    GpuHardware {
        id: "m4-16",
        bandwidth: 120e9,
        peak: Peak {
            fp64: 0.07,
            fp32: 4.3,
            tf32: None,
            half: 4.3,
            fp8: None,
            int8: None,
        },
        link: None,
        pcie: gen(5),
        vendor: Vendor::Apple,
        desktop: true,
        source: "Apple M4 (120 GB/s, 10-core GPU); FP32/FP16 from 10 cores × 128 lanes × 2 × 1.678 GHz (the M4 Max clock, hmc-tech.com); no FP64 units (placeholder 1/64)",
    },
    // NVIDIA DGX Spark datasheet: 273 GB/s LPDDR5x; 1 PFLOP of FP4 with sparsity, halved per
    // step to dense FP4 500, FP8 250 and FP16/BF16 125 (as the RTX PRO 6000 row); FP32 31
    // TFLOPS (6,144 CUDA cores); FP64 1/64; INT8 250; ConnectX-7 to a second Spark, no NVLink.
    GpuHardware {
        id: "dgx-spark",
        bandwidth: 273e9,
        peak: Peak {
            fp64: 0.48,
            fp32: 31.0,
            tf32: Some(62.5),
            half: 125.0,
            fp8: Some(250.0),
            int8: Some(250.0),
        },
        link: None,
        pcie: gen(5),
        vendor: Vendor::Nvidia,
        desktop: true,
        source: "NVIDIA DGX Spark datasheet (273 GB/s; 1 PFLOP sparse FP4 halved per step to dense FP8 and BF16; FP32 31 TFLOPS)",
    },
    // AMD Ryzen AI Max+ 395: LPDDR5X-8000 on 256 bits = 256 GB/s; Radeon 8060S, 40 RDNA 3.5
    // CUs at 2.9 GHz (AMD product page): FP32 40 CUs × 64 lanes × 2 (FMA) × 2 (dual
    // issue) × 2.9 GHz = 29.7 TFLOPS, FP16/BF16 and INT8 through WMMA 40 × 512 × 2.9 GHz = 59.4; FP64 1/32 of FP32
    // (RDNA 3 ISA); no TF32 or FP8 units.
    GpuHardware {
        id: "strix-halo-128",
        bandwidth: 256e9,
        peak: Peak {
            fp64: 0.93,
            fp32: 29.7,
            tf32: None,
            half: 59.4,
            fp8: None,
            int8: Some(59.4),
        },
        link: None,
        pcie: gen(4),
        vendor: Vendor::Amd,
        desktop: true,
        source: "AMD Ryzen AI Max+ 395 product page (40 CUs at 2.9 GHz, LPDDR5X-8000 256-bit: 256 GB/s); RDNA 3 per-clock rates",
    },
    // AMD Instinct MI300A data sheet: 5.3 TB/s HBM3; 228 CUs (¾ of MI300X's 304): FP64 and FP32
    // matrix 122.6, TF32 490.3, FP16/BF16 980.6, FP8 1,961.2, INT8 1,961.2 dense (AMD prints
    // sparsity separately); Infinity Fabric 4 links × 128 GB/s between the APUs of a node.
    GpuHardware {
        id: "mi300a",
        bandwidth: 5.3e12,
        peak: Peak {
            fp64: 122.6,
            fp32: 122.6,
            tf32: Some(490.3),
            half: 980.6,
            fp8: Some(1961.2),
            int8: Some(1961.2),
        },
        link: Some(GpuLink {
            kind: LinkKind::InfinityFabric,
            gb_s: 512.0,
        }),
        pcie: gen(5),
        vendor: Vendor::Amd,
        desktop: false,
        source: "AMD Instinct MI300A accelerated processing unit data sheet (5.3 TB/s; dense figures)",
    },
    // AMD Instinct MI355X data sheet: 8 TB/s HBM3E; FP64 vector and matrix 78.6, FP32 vector
    // 157.3; FP16/BF16 2,516.6, FP8 5,033.2, INT8 5,033.2 dense (AMD prints sparsity
    // separately); CDNA 4 has no TF32 matrix unit (AMD CDNA 4 architecture whitepaper), so TF32
    // runs as FP32; Infinity Fabric 7 links × 153.6 GB/s = 1,075 GB/s; PCIe Gen5.
    GpuHardware {
        id: "mi355x",
        bandwidth: 8.0e12,
        peak: Peak {
            fp64: 78.6,
            fp32: 157.3,
            tf32: None,
            half: 2516.6,
            fp8: Some(5033.2),
            int8: Some(5033.2),
        },
        link: Some(GpuLink {
            kind: LinkKind::InfinityFabric,
            gb_s: 1075.0,
        }),
        pcie: gen(5),
        vendor: Vendor::Amd,
        desktop: false,
        source: "AMD Instinct MI355X accelerator data sheet (8 TB/s; dense figures)",
    },
    // AMD Instinct MI325X data sheet: 6 TB/s HBM3E; FP64 matrix 163.4, FP32 vector 163.4;
    // TF32 653.7, FP16/BF16 1,307.4, FP8 2,614.9, INT8 2,614.9 dense (AMD prints sparsity
    // separately); Infinity Fabric 7 links × 128 GB/s = 896 GB/s; PCIe Gen5.
    GpuHardware {
        id: "mi325x",
        bandwidth: 6.0e12,
        peak: Peak {
            fp64: 163.4,
            fp32: 163.4,
            tf32: Some(653.7),
            half: 1307.4,
            fp8: Some(2614.9),
            int8: Some(2614.9),
        },
        link: Some(GpuLink {
            kind: LinkKind::InfinityFabric,
            gb_s: 896.0,
        }),
        pcie: gen(5),
        vendor: Vendor::Amd,
        desktop: false,
        source: "AMD Instinct MI325X accelerator data sheet (6 TB/s; dense figures)",
    },
    // AMD Instinct MI300X data sheet: 5.3 TB/s HBM3; the same peaks as MI325X; Infinity
    // Fabric 896 GB/s; PCIe Gen5.
    GpuHardware {
        id: "mi300x",
        bandwidth: 5.3e12,
        peak: Peak {
            fp64: 163.4,
            fp32: 163.4,
            tf32: Some(653.7),
            half: 1307.4,
            fp8: Some(2614.9),
            int8: Some(2614.9),
        },
        link: Some(GpuLink {
            kind: LinkKind::InfinityFabric,
            gb_s: 896.0,
        }),
        pcie: gen(5),
        vendor: Vendor::Amd,
        desktop: false,
        source: "AMD Instinct MI300X accelerator data sheet (5.3 TB/s; dense figures)",
    },
    // AMD Instinct MI250X data sheet, halved for one GCD (the preset): 3.2 TB/s → 1.6 TB/s;
    // FP64 matrix 95.7 → 47.9, FP32 vector 47.9 → 23.9, FP16/BF16 383 → 191.5, INT8 383 →
    // 191.5; no TF32 or FP8; 8 Infinity Fabric links × 100 GB/s per package → 400 GB/s per
    // GCD; PCIe Gen4.
    GpuHardware {
        id: "mi250x",
        bandwidth: 1.6384e12,
        peak: Peak {
            fp64: 47.9,
            fp32: 23.9,
            tf32: None,
            half: 191.5,
            fp8: None,
            int8: Some(191.5),
        },
        link: Some(GpuLink {
            kind: LinkKind::InfinityFabric,
            gb_s: 400.0,
        }),
        pcie: gen(4),
        vendor: Vendor::Amd,
        desktop: false,
        source: "AMD Instinct MI250X accelerator data sheet, halved for one GCD (1.64 TB/s)",
    },
    // AMD Instinct MI100 accelerator brochure: 32 GB HBM2 at 1.2288 TB/s; FP64 vector 11.5
    // (no FP64 matrix cores before CDNA 2), FP32 vector 23.1, BF16 matrix 92.3, FP16 and INT8
    // matrix 184.6; no TF32 or FP8; three Infinity Fabric links × 92 GB/s = 276 GB/s peak
    // aggregate; PCIe Gen4.
    GpuHardware {
        id: "mi100",
        bandwidth: 1.2288e12,
        peak: Peak {
            fp64: 11.5,
            fp32: 23.1,
            tf32: None,
            half: 92.3,
            fp8: None,
            int8: Some(184.6),
        },
        link: Some(GpuLink {
            kind: LinkKind::InfinityFabric,
            gb_s: 276.0,
        }),
        pcie: gen(4),
        vendor: Vendor::Amd,
        desktop: false,
        source: "AMD Instinct MI100 accelerator brochure (1.2288 TB/s HBM2; dense figures)",
    },
    // AMD Radeon RX 7900 XTX specifications: 24 GB GDDR6 at 960 GB/s, 96 RDNA 3 CUs at a
    // 2.5 GHz boost: FP32 96 × 64 lanes × 2 (FMA) × 2 (dual issue) × 2.5 GHz = 61.4 TFLOPS (AMD
    // prints 61.4), FP16/BF16 and INT8 through WMMA 96 × 512 × 2.5 GHz = 122.9 (AMD prints 122.8
    // FP16); FP64 1/32 of FP32 (RDNA 3 ISA); no TF32 or FP8 units; PCIe Gen4.
    GpuHardware {
        id: "rx7900xtx",
        bandwidth: 960e9,
        peak: Peak {
            fp64: 1.92,
            fp32: 61.4,
            tf32: None,
            half: 122.8,
            fp8: None,
            int8: Some(122.8),
        },
        link: None,
        pcie: gen(4),
        vendor: Vendor::Amd,
        desktop: true,
        source: "AMD Radeon RX 7900 XTX specifications (960 GB/s; FP32 61.4, FP16 122.8 TFLOPS); RDNA 3 per-clock rates",
    },
    // AMD Instinct MI210 data sheet: 64 GB HBM2e at 1.6384 TB/s; FP64 matrix 45.3, FP32 vector
    // 22.6, FP16/BF16 181.0, INT8 181.0 dense; no TF32 or FP8; three Infinity Fabric links ×
    // 100 GB/s = 300 GB/s; PCIe Gen4.
    GpuHardware {
        id: "mi210",
        bandwidth: 1.6384e12,
        peak: Peak {
            fp64: 45.3,
            fp32: 22.6,
            tf32: None,
            half: 181.0,
            fp8: None,
            int8: Some(181.0),
        },
        link: Some(GpuLink {
            kind: LinkKind::InfinityFabric,
            gb_s: 300.0,
        }),
        pcie: gen(4),
        vendor: Vendor::Amd,
        desktop: false,
        source: "AMD Instinct MI210 accelerator data sheet (1.6384 TB/s HBM2e; dense figures)",
    },    // Issue 37 (h-metalpp): Apple M2 Ultra with the 60-core GPU: 800 GB/s (Apple, M2 Ultra
    // announcement, 2023-06-05: "configurable 60- or 76-core GPU"); FP32 = 60 cores × 128 lanes ×
    // 2 × 1.398 GHz = 21.47 TFLOPS (hmc-tech.com, the M2 family's GPU clock, as `m2-ultra-192`),
    // FP16 the same; no FP64 units (placeholder 1/64 of FP32).
    GpuHardware {
        id: "m2-ultra-60-192",
        bandwidth: 800e9,
        peak: Peak {
            fp64: 0.34,
            fp32: 21.47,
            tf32: None,
            half: 21.47,
            fp8: None,
            int8: None,
        },
        link: None,
        pcie: gen(5),
        vendor: Vendor::Apple,
        desktop: true,
        source: "Apple M2 Ultra (800 GB/s, 60-core GPU); FP32/FP16 from 60 cores × 128 lanes × 2 × 1.398 GHz (hmc-tech.com); no FP64 units (placeholder 1/64)",
    },
];

/// The hardware of the GPU preset `id`.
pub fn gpu_hardware(id: &str) -> Option<&'static GpuHardware> {
    GPU_HARDWARE.iter().find(|g| g.id == id)
}

/// A node's network to the other nodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NetworkKind {
    /// InfiniBand HDR, 200 Gb/s per port.
    InfinibandHdr,
    /// InfiniBand NDR, 400 Gb/s per port.
    InfinibandNdr,
    /// HPE Slingshot (Ethernet-based, 100 or 200 Gb/s per NIC).
    Slingshot,
    /// Fujitsu Tofu interconnect D.
    TofuD,
    Ethernet,
}

/// A node's injection bandwidth into the network.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Network {
    pub kind: NetworkKind,
    /// Gigabits per second per node, one way, all its NICs together.
    pub gbit_s: f64,
}

impl Network {
    /// Bytes per second one way.
    pub fn one_way(&self) -> f64 {
        self.gbit_s * 1e9 / 8.0
    }
}

/// A node preset's memory and network.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NodeHardware {
    /// The `catalog::device::NODES` id.
    pub id: &'static str,
    pub sockets: u64,
    /// Peak memory bandwidth of one socket, bytes per second: memory channels × the channel
    /// rate (DDR4-3200: 25.6 GB/s per channel; DDR5-4800: 38.4 GB/s).
    pub socket_bandwidth: f64,
    /// Peak FP64 FLOP/s of one socket: cores × base clock × FP64 FLOPs per cycle (Zen 2/3/4:
    /// two 256-bit FMA pipes = 16; Sapphire Rapids: two 512-bit FMA = 32; A64FX: two 512-bit
    /// SVE FMA = 32).
    pub socket_fp64: f64,
    /// Cores of one socket: how many ranks a packed placement puts on it before the next.
    pub socket_cores: u64,
    pub network: Network,
    /// One core's dependent-operation latencies: what a chain of dependent adds (a sparse
    /// row's sum compiled without reassociation) costs per add.
    pub core: CoreLatency,
    /// What one core streams from memory on its own (single-core STREAM triad): a rank with
    /// one thread cannot pull more, however idle its socket (Stengel et al., ICS'15: a
    /// memory-bound code saturates a domain only from several cores on).
    pub core_stream: CoreStream,
    pub source: &'static str,
}

/// One core's measured STREAM triad and where it was measured.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CoreStream {
    /// Bytes per second one core streams (STREAM triad, one thread).
    pub bandwidth: f64,
    pub source: &'static str,
}

/// Zen 2, 3 and 4 cores: this project's single-core STREAM triad on an EPYC Zen 4 (27.19 GB/s,
/// docs/accuracy/speed-here/zen4/, Source HERE-Z4); no single-core figure of a Zen 2 or Zen 3
/// EPYC is sourced, so the Zen 4 one is taken for them (an assumption, stated where shown).
pub const ZEN_CORE_STREAM: CoreStream = CoreStream {
    bandwidth: 27.19e9,
    source: "single-core STREAM triad measured here on an EPYC Zen 4 (27.19 GB/s, docs/accuracy/speed-here/zen4/; taken for Zen 2 and 3 as well, no figure of theirs sourced)",
};
/// A64FX: one core's STREAM triad 47.25 GB/s (jlinford/stream README, "vanilla" STREAM built
/// with gcc 11 on the Fujitsu A64FX, one core: Triad 47253.3 MB/s).
pub const A64FX_CORE_STREAM: CoreStream = CoreStream {
    bandwidth: 47.25e9,
    source: "single-core STREAM triad on A64FX, 47.25 GB/s (github.com/jlinford/stream README, gcc 11, one core)",
};
/// Golden Cove-class Xeons (Sapphire and Emerald Rapids): this project's single-core STREAM
/// triad on an Emerald Rapids core, 12.09 GB/s (docs/accuracy/speed-here/emr/, HERE-EMR).
pub const GOLDEN_COVE_CORE_STREAM: CoreStream = CoreStream {
    bandwidth: 12.09e9,
    source: "single-core STREAM triad measured here on an Emerald Rapids core (12.09 GB/s, docs/accuracy/speed-here/emr/)",
};

/// A core's clock and the latency of its dependent scalar FP64 operations.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CoreLatency {
    /// The clock the latencies count in, Hz: the CPU's base clock (the figure `socket_fp64`
    /// uses; one busy core may boost above it).
    pub clock: f64,
    /// Cycles from an FP64 add's inputs to its result (ADDSD / FADD).
    pub add_cycles: f64,
    /// Cycles of a dependent FP64 divide (DIVSD / FDIV).
    pub div_cycles: f64,
    pub source: &'static str,
    /// Cycles per FP64 element of a vector gather (VGATHERDPD's reciprocal throughput over its
    /// lanes): what a build that gathers a sparse row's x[col[j]] pays per nonzero; None where
    /// no figure is sourced (the user gives `gather_ns`).
    pub gather_cycles: Option<f64>,
    pub gather_source: &'static str,
}

impl CoreLatency {
    /// Seconds of one dependent add.
    pub fn add(&self) -> f64 {
        self.add_cycles / self.clock
    }

    /// Seconds of one dependent divide.
    pub fn divide(&self) -> f64 {
        self.div_cycles / self.clock
    }

    /// Seconds per gathered element, where a figure is sourced.
    pub fn gather(&self) -> Option<f64> {
        self.gather_cycles.map(|c| c / self.clock)
    }
}

/// Agner Fog, "Instruction tables" (www.agner.org/optimize), AMD Zen 2,
/// Zen 3 and Zen 4: ADDSD latency 3, DIVSD 13–15 (13 taken; this project's Zen 4 measures 3.0
/// and 13.0 cycles, docs/accuracy/speed-here/zen4/out/latency.txt).
const ZEN_SOURCE: &str = "Agner Fog, Instruction tables, AMD Zen 2/3/4: ADDSD latency 3 cycles, DIVSD 13–15 (13 taken; measured here on Zen 4: 3.0 and 13.0); at the CPU's base clock";

/// Zen 4 and Zen 5 run AVX-512 gathers as microcode, about 5 macro-ops per element: an 8-lane
/// FP64 gather issues once every 8.0 cycles, 41 macro-ops (LLVM pull request #212997, "Add
/// masked gather/scatter overrides to Znver4Model", measured on a Zen 5 that shares the Zen 4
/// model; AMD's Zen 4 Software Optimization Guide 57647, section 2.11.2: avoid GATHER where the
/// indices are known). Zen 2 and 3 gather 4 lanes (AVX2) no faster: Agner Fog's tables give
/// Zen 1 12 cycles per 4-lane VGATHERDPD.
const ZEN_GATHER_SOURCE: &str = "LLVM pull request #212997 (Zen 4/5 microcoded gathers: 8 FP64 lanes every 8.0 cycles, 41 macro-ops; AMD Zen 4 optimization guide 57647 §2.11.2: avoid GATHER): 1 cycle per element, at the CPU's base clock";

const fn zen(clock: f64) -> CoreLatency {
    CoreLatency {
        clock,
        add_cycles: 3.0,
        div_cycles: 13.0,
        source: ZEN_SOURCE,
        gather_cycles: Some(1.0),
        gather_source: ZEN_GATHER_SOURCE,
    }
}

impl NodeHardware {
    /// Peak memory bandwidth of the whole node.
    pub fn bandwidth(&self) -> f64 {
        self.socket_bandwidth * self.sockets as f64
    }

    /// Peak FP64 FLOP/s of the whole node.
    pub fn fp64(&self) -> f64 {
        self.socket_fp64 * self.sockets as f64
    }

    /// Cores of the whole node.
    pub fn cores(&self) -> u64 {
        self.socket_cores * self.sockets
    }
}

/// DDR4-3200 on eight channels: 8 × 25.6 GB/s (AMD EPYC 7002/7003 product pages: 8 channels,
/// DDR4-3200, 204.8 GB/s per socket).
const EPYC_ROME_MILAN: f64 = 204.8e9;

/// EPYC 7742 (ARCHER2): 64 cores × 2.25 GHz base × 16 FP64 FLOPs per cycle (AMD product page;
/// Zen 2's two 256-bit FMA pipes).
const EPYC_7742: f64 = 64.0 * 2.25e9 * 16.0;
/// EPYC 7763 (LUMI-C, Perlmutter): 64 cores × 2.45 GHz base × 16.
const EPYC_7763: f64 = 64.0 * 2.45e9 * 16.0;
/// EPYC 7A53 (Frontier): 64 cores × 2.0 GHz × 16 (OLCF Frontier user guide).
const EPYC_7A53: f64 = 64.0 * 2.0e9 * 16.0;
/// A64FX (Fugaku): 48 compute cores × 2.2 GHz × 32 (two 512-bit SVE FMA pipes), 3.38 TFLOP/s
/// (Fujitsu A64FX datasheet, boost mode as Fugaku runs).
const A64FX: f64 = 48.0 * 2.2e9 * 32.0;
/// EPYC 9654 (Genoa): 96 cores × 2.4 GHz base × 16 (Zen 4 runs AVX-512 on 256-bit pipes).
const EPYC_9654: f64 = 96.0 * 2.4e9 * 16.0;
/// Xeon Platinum 8480C (DGX H100): 56 cores × 2.0 GHz × 32 (two AVX-512 FMA units).
const XEON_8480C: f64 = 56.0 * 2.0e9 * 32.0;
/// A desktop when none is named: 8 cores × 4.5 GHz × 16 (AVX2, two FMA pipes), assumed.
const DESKTOP_8_CORE: f64 = 8.0 * 4.5e9 * 16.0;

/// A64FX: scalar FP64 FADD 4 cycles, FDIV 43 (LLVM's A64FX scheduling model,
/// llvm/lib/Target/AArch64/AArch64SchedA64FX.td: FADDDrr, FDIVDrr), at 2.2 GHz.
const A64FX_CORE: CoreLatency = CoreLatency {
    clock: 2.2e9,
    add_cycles: 4.0,
    div_cycles: 43.0,
    source: "LLVM AArch64SchedA64FX.td (FADDDrr 4 cycles, FDIVDrr 43), at 2.2 GHz",
    // Fugaku's HPCG is multicolour-ordered (chains=0): no row gathers, and no figure is sourced.
    gather_cycles: None,
    gather_source: "",
};
/// Xeon Platinum 8480C (Sapphire Rapids, Golden Cove cores): a dependent scalar FP64 add takes
/// 2 cycles and a divide 14, measured here on an Emerald Rapids core (Raptor Cove, the same
/// execution units: 0.69 ns and 4.86 ns at 2.86 GHz, docs/accuracy/speed-here/emr/out/
/// latency.txt). LLVM's Sapphire Rapids model (llvm/lib/Target/X86/X86SchedSapphireRapids.td)
/// gives WriteFAdd64 3 cycles, the latency of the FMA units; the measured chain is the faster
/// adder's, and the divide agrees with LLVM's 14. At the 2.0 GHz base clock.
const XEON_8480C_CORE: CoreLatency = CoreLatency {
    clock: 2.0e9,
    add_cycles: 2.0,
    div_cycles: 14.0,
    source: "measured here on an Emerald Rapids core, docs/accuracy/speed-here/emr/ (FP64 add 2.0 cycles, divide 14; LLVM X86SchedSapphireRapids.td gives the add 3), at 2.0 GHz base",
    gather_cycles: Some(GOLDEN_COVE_GATHER),
    gather_source: GOLDEN_COVE_GATHER_SOURCE,
};
/// Golden Cove-class cores gather in hardware: on this project's Emerald Rapids (Raptor Cove)
/// core an 8-lane VGATHERDPD from L1 issues every 5.8–7.4 cycles, 0.72–0.93 cycles an element
/// (docs/accuracy/speed-here/emr/out/latency.txt; the fastest trial taken, as for the
/// latencies). The 4-lane form that gcc's Sapphire Rapids tuning emits costs about as much per
/// instruction, so about 1.1–1.4 cycles an element: give such a build's figure as gather_ns.
/// An upper bound on what a row pays: there HPCG's gathering build ran no slower than the one
/// that loads its lanes one by one (docs/accuracy.md, HERE-EMR).
const GOLDEN_COVE_GATHER: f64 = 0.72;
const GOLDEN_COVE_GATHER_SOURCE: &str = "measured here on an Emerald Rapids (Raptor Cove) core, docs/accuracy/speed-here/emr/ (8-lane VGATHERDPD from L1: 0.72 cycles an element; the 4-lane form about 1.1; an upper bound there: a gathering HPCG build ran no slower than one loading its lanes one by one), at 2.0 GHz base";
/// A desktop when none is named: a Zen 4-class core at its 4.5 GHz, assumed.
const DESKTOP_CORE: CoreLatency = zen(4.5e9);

/// Every node preset's memory and network, in `catalog::device::NODES` order.
pub const NODE_HARDWARE: &[NodeHardware] = &[
    // ARCHER2 hardware documentation: 2 × EPYC 7742, 8 DDR4-3200 channels per socket; HPE
    // Slingshot with two 100 Gb/s interfaces per node.
    NodeHardware {
        id: "archer2",
        sockets: 2,
        socket_bandwidth: EPYC_ROME_MILAN,
        socket_fp64: EPYC_7742,
        socket_cores: 64,
        network: Network {
            kind: NetworkKind::Slingshot,
            gbit_s: 200.0,
        },
        core: zen(2.25e9),
        core_stream: ZEN_CORE_STREAM,
        source: "ARCHER2 user documentation, hardware (2× EPYC 7742, DDR4-3200, Slingshot 2 × 100 Gb/s)",
    },
    NodeHardware {
        id: "archer2-highmem",
        sockets: 2,
        socket_bandwidth: EPYC_ROME_MILAN,
        socket_fp64: EPYC_7742,
        socket_cores: 64,
        network: Network {
            kind: NetworkKind::Slingshot,
            gbit_s: 200.0,
        },
        core: zen(2.25e9),
        core_stream: ZEN_CORE_STREAM,
        source: "ARCHER2 user documentation, hardware (2× EPYC 7742, DDR4-3200, Slingshot 2 × 100 Gb/s)",
    },
    // LUMI documentation, LUMI-C: 2 × EPYC 7763, DDR4-3200; one Slingshot-11 200 Gb/s NIC.
    NodeHardware {
        id: "lumi-c",
        sockets: 2,
        socket_bandwidth: EPYC_ROME_MILAN,
        socket_fp64: EPYC_7763,
        socket_cores: 64,
        network: Network {
            kind: NetworkKind::Slingshot,
            gbit_s: 200.0,
        },
        core: zen(2.45e9),
        core_stream: ZEN_CORE_STREAM,
        source: "LUMI documentation, LUMI-C compute nodes (2× EPYC 7763, DDR4-3200, Slingshot-11 200 Gb/s)",
    },
    // NERSC Perlmutter architecture: CPU nodes 2 × EPYC 7763, 8 DDR4-3200 channels per
    // socket; one Slingshot-11 200 Gb/s NIC.
    NodeHardware {
        id: "perlmutter-cpu",
        sockets: 2,
        socket_bandwidth: EPYC_ROME_MILAN,
        socket_fp64: EPYC_7763,
        socket_cores: 64,
        network: Network {
            kind: NetworkKind::Slingshot,
            gbit_s: 200.0,
        },
        core: zen(2.45e9),
        core_stream: ZEN_CORE_STREAM,
        source: "NERSC Perlmutter architecture, CPU nodes (2× EPYC 7763, DDR4-3200, Slingshot-11 200 Gb/s)",
    },
    // OLCF Frontier user guide: one EPYC 7A53 with 8 DDR4-3200 channels (204.8 GB/s); four
    // Slingshot 200 Gb/s NICs per node.
    NodeHardware {
        id: "frontier",
        sockets: 1,
        socket_bandwidth: EPYC_ROME_MILAN,
        socket_fp64: EPYC_7A53,
        socket_cores: 64,
        network: Network {
            kind: NetworkKind::Slingshot,
            gbit_s: 800.0,
        },
        core: zen(2.0e9),
        core_stream: ZEN_CORE_STREAM,
        source: "OLCF Frontier user guide, node architecture (EPYC 7A53, 204.8 GB/s DDR4; 4 × Slingshot 200 Gb/s)",
    },
    // RIKEN Fugaku / Fujitsu A64FX: 32 GiB HBM2 at 1,024 GB/s; Tofu-D with 6 network
    // interfaces × 6.8 GB/s = 40.8 GB/s injection (326.4 Gb/s).
    NodeHardware {
        id: "fugaku",
        sockets: 1,
        socket_bandwidth: 1024e9,
        socket_fp64: A64FX,
        socket_cores: 48,
        network: Network {
            kind: NetworkKind::TofuD,
            gbit_s: 326.4,
        },
        core: A64FX_CORE,
        core_stream: A64FX_CORE_STREAM,
        source: "Fujitsu A64FX datasheet (HBM2 1,024 GB/s) and Tofu interconnect D (6 TNIs × 6.8 GB/s)",
    },
    // AMD EPYC 9654 product page: 12 DDR5-4800 channels, 460.8 GB/s per socket; the network
    // is not part of the preset: InfiniBand NDR 400 Gb/s assumed.
    NodeHardware {
        id: "genoa-768",
        sockets: 2,
        socket_bandwidth: 460.8e9,
        socket_fp64: EPYC_9654,
        socket_cores: 96,
        network: Network {
            kind: NetworkKind::InfinibandNdr,
            gbit_s: 400.0,
        },
        core: zen(2.4e9),
        core_stream: ZEN_CORE_STREAM,
        source: "AMD EPYC 9654 product page (12 × DDR5-4800, 460.8 GB/s per socket); NVIDIA ConnectX-7 NDR 400 Gb/s assumed",
    },
];

/// The hardware of the node preset `id`.
pub fn node_hardware(id: &str) -> Option<&'static NodeHardware> {
    NODE_HARDWARE.iter().find(|n| n.id == id)
}

/// A CPU node when none is named: two sockets of eight DDR4-3200 channels (the ARCHER2,
/// LUMI-C and Perlmutter CPU nodes above) and InfiniBand HDR 200 Gb/s.
pub const DEFAULT_CPU_NODE: NodeHardware = NodeHardware {
    id: "",
    sockets: 2,
    socket_bandwidth: EPYC_ROME_MILAN,
    socket_fp64: EPYC_7742,
    socket_cores: 64,
    network: Network {
        kind: NetworkKind::InfinibandHdr,
        gbit_s: 200.0,
    },
    core: zen(2.25e9),
    core_stream: ZEN_CORE_STREAM,
    source: "two sockets × 8 channels DDR4-3200 (AMD EPYC 7002/7003: 204.8 GB/s per socket); NVIDIA ConnectX-6 InfiniBand HDR 200 Gb/s",
};

/// A GPU server's host and network when none is named: the NVIDIA DGX H100 (two Xeon
/// Platinum 8480C, 8 DDR5-4800 channels each = 307.2 GB/s per socket; eight ConnectX-7
/// InfiniBand NDR 400 Gb/s ports, one per GPU).
pub const DEFAULT_GPU_NODE: NodeHardware = NodeHardware {
    id: "",
    sockets: 2,
    socket_bandwidth: 307.2e9,
    socket_fp64: XEON_8480C,
    socket_cores: 56,
    network: Network {
        kind: NetworkKind::InfinibandNdr,
        gbit_s: 3200.0,
    },
    core: XEON_8480C_CORE,
    core_stream: GOLDEN_COVE_CORE_STREAM,
    source: "NVIDIA DGX H100 user guide (2× Xeon Platinum 8480C, DDR5-4800; 8 × ConnectX-7 NDR 400 Gb/s)",
};

/// A desktop's host when none is named: one socket of dual-channel DDR5-5600, 2 × 44.8 GB/s
/// (JEDEC DDR5-5600: 5,600 MT/s × 8 B per channel), and 10 Gb Ethernet.
pub const DEFAULT_DESKTOP_NODE: NodeHardware = NodeHardware {
    id: "",
    sockets: 1,
    socket_bandwidth: 89.6e9,
    socket_fp64: DESKTOP_8_CORE,
    socket_cores: 8,
    network: Network {
        kind: NetworkKind::Ethernet,
        gbit_s: 10.0,
    },
    core: DESKTOP_CORE,
    core_stream: ZEN_CORE_STREAM,
    source: "JEDEC DDR5-5600, two channels (89.6 GB/s); 10 Gb Ethernet",
};

/// Local NVMe when memory spills to disk: PCIe Gen4 x4 NVMe drives read sequentially at about
/// 7 GB/s (Samsung PM9A3 / 990 Pro datasheets); random access is far slower.
pub const NVME_BANDWIDTH: f64 = 7e9;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::device::{GPUS, NODES};

    #[test]
    fn every_gpu_preset_has_its_hardware() {
        for g in GPUS {
            let h = gpu_hardware(g.id).unwrap_or_else(|| panic!("{} has no hardware row", g.id));
            assert!(h.bandwidth > 1e10 && h.bandwidth < 1e14, "{}", g.id);
            assert!(h.peak.half >= h.peak.fp32 && h.peak.fp32 > 0.0, "{}", g.id);
            assert!(!h.source.is_empty());
        }
        // One row per preset, in the presets' order, so a new preset's missing row is found.
        let rows: Vec<&str> = GPU_HARDWARE.iter().map(|h| h.id).collect();
        let presets: Vec<&str> = GPUS.iter().map(|g| g.id).collect();
        assert_eq!(rows, presets);
    }

    #[test]
    fn every_node_preset_has_its_hardware() {
        for n in NODES {
            let h = node_hardware(n.id).unwrap_or_else(|| panic!("{} has no hardware row", n.id));
            assert!(h.sockets >= 1 && h.bandwidth() > 1e10, "{}", n.id);
            assert!(h.fp64() > 1e11 && h.fp64() < 1e14, "{}", n.id);
        }
        assert_eq!(NODE_HARDWARE.len(), NODES.len());
    }

    #[test]
    fn pcie_doubles_each_generation() {
        let g4 = gen(4).one_way();
        assert!((g4 / 1e9 - 31.5).abs() < 0.1, "{g4}");
        assert!((gen(5).one_way() / g4 - 2.0).abs() < 1e-9);
    }

    #[test]
    fn a_missing_precision_runs_at_the_next_wider() {
        let a100 = gpu_hardware("a100-80").unwrap();
        assert_eq!(a100.peak.flops(Dtype::Fp8), a100.peak.flops(Dtype::Bf16));
        let t4 = gpu_hardware("t4").unwrap();
        assert_eq!(t4.peak.flops(Dtype::Tf32), t4.peak.flops(Dtype::Fp32));
    }
}
