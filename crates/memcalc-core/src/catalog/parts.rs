//! Every part of a breakdown, declared once in stacking order (bottom or left first) with its
//! key and colour, so a part keeps its colour across scenarios: the charts draw with it and the
//! table's swatches in `style/main.css` are checked against it (memcalc-charts
//! `tests/swatches.rs`). A part's label, FAQ question and source are not here: they depend on
//! the scenario (the logits of training and of generation answer different questions; a
//! simulation's `state` is a grid's prognostic state or a particle code's positions), so each
//! row of an estimate carries its own.
//! Hues from the Observable 10 categorical scheme (designed for colour-vision deficiencies),
//! greys for the runtime overheads.

/// Declares `PartId` and its table from one row per part: `Variant = "key", [r, g, b];`.
macro_rules! parts {
    ($($variant:ident = $key:literal, $colour:expr;)*) => {
        /// One part of the breakdown. Declaration order is the stacking order, so `Ord` sorts
        /// parts as the charts stack them.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum PartId {
            $($variant,)*
        }

        impl PartId {
            /// Every part, in stacking order.
            pub const ALL: &'static [PartId] = &[$(PartId::$variant,)*];

            /// The stable key: the row's id in JSON, CSV and Markdown, and the page's
            /// `data-component` and `.swatch-<key>`.
            pub const fn key(self) -> &'static str {
                match self {
                    $(PartId::$variant => $key,)*
                }
            }

            /// sRGB colour of its bar segment and swatch.
            pub const fn colour(self) -> [u8; 3] {
                match self {
                    $(PartId::$variant => $colour,)*
                }
            }
        }
    };
}

parts! {
    Weights = "weights", [0x42, 0x69, 0xd0];
    MasterWeights = "master_weights", [0x97, 0xbb, 0xf5];
    Gradients = "gradients", [0xef, 0xb1, 0x18];
    Optimizer = "optimizer", [0xff, 0x72, 0x5c];
    Activations = "activations", [0x3c, 0xa9, 0x51];
    Logits = "logits", [0xa4, 0x63, 0xf2];
    KvCache = "kv_cache", [0x6c, 0xc5, 0xb0];
    Dataset = "dataset", [0x9c, 0x6b, 0x4e];
    OffloadBuffer = "offload_buffer", [0xff, 0x8a, 0xb7];
    // Simulations: only one method's parts appear at a time, so hues repeat across methods,
    // but never between parts that can appear together (history, output and checkpoints go
    // with every method; the test `parts_shown_together_never_share_a_colour` checks it).
    State = "state", [0x42, 0x69, 0xd0];
    Lattice = "lattice", [0x97, 0xbb, 0xf5];
    Matrix = "matrix", [0xff, 0x72, 0x5c];
    NeighborLists = "neighbor_lists", [0xa4, 0x63, 0xf2];
    Fft = "fft", [0x97, 0xbb, 0xf5];
    Work = "work", [0xef, 0xb1, 0x18];
    Halo = "halo", [0xff, 0x8a, 0xb7];
    Mesh = "mesh", [0x3c, 0xa9, 0x51];
    Solver = "solver", [0x9c, 0x6b, 0x4e];
    LongRange = "long_range", [0x3c, 0xa9, 0x51];
    // AMR (state, halo and work as on grids) and tree-PM N-body.
    CoarseFine = "coarse_fine", [0x3c, 0xa9, 0x51];
    BlockMetadata = "block_metadata", [0xa4, 0x63, 0xf2];
    Exchange = "exchange", [0x9c, 0x6b, 0x4e];
    Particles = "particles", [0x42, 0x69, 0xd0];
    Timebins = "timebins", [0x97, 0xbb, 0xf5];
    Tree = "tree", [0x3c, 0xa9, 0x51];
    PmGrid = "pm_grid", [0xff, 0x72, 0x5c];
    CommBuffer = "comm_buffer", [0xa4, 0x63, 0xf2];
    Ewald = "ewald", [0x9c, 0x6b, 0x4e];
    Reserved = "reserved", [0xed, 0xc9, 0x48];
    History = "history", [0x6c, 0xc5, 0xb0];
    OutputBuffers = "output_buffers", [0xbc, 0xbd, 0x22];
    // Disk: darker shades, apart from every memory part.
    OutputTotal = "output_total", [0x6a, 0x3d, 0x9a];
    Checkpoint = "checkpoint", [0x1f, 0x6f, 0x8b];
    // Parts added with the engines, frameworks and codes. Host copies of a device part take a
    // darker shade of it, since both can be shown at once (llama.cpp splits layers).
    WeightsHost = "weights_host", [0x2a, 0x4a, 0x9a];
    KvCacheHost = "kv_cache_host", [0x3d, 0x8f, 0x7f];
    LinearState = "linear_state", [0x9e, 0xd9, 0xcc];
    // Vision-language models (issue 38): the vision encoder beside the weights, vLLM's
    // multimodal profile beside the activations.
    VisionWeights = "vision_weights", [0x5a, 0x8f, 0xd6];
    MmProfile = "mm_profile", [0x8c, 0xc8, 0x6b];
    // Context parallelism's ring of K and V blocks (issue 38).
    CpBuffers = "cp_buffers", [0x6b, 0xae, 0xd6];
    ActivationsOffloaded = "activations_offloaded", [0x2a, 0x7a, 0x3a];
    BuffersHost = "buffers_host", [0xb3, 0x9d, 0xdb];
    CommBuffers = "comm_buffers", [0xb0, 0x7a, 0xa1];
    ComputeBuffer = "compute_buffer", [0xed, 0xc9, 0x48];
    ComputeHost = "compute_host", [0x9a, 0x7d, 0x1e];
    OutputBuffer = "output_buffer", [0xd3, 0x72, 0xe0];
    CudaGraphs = "cuda_graphs", [0xff, 0x9d, 0xa7];
    GatheredLayers = "gathered_layers", [0x5f, 0x4b, 0x8b];
    StateDict = "state_dict", [0x4b, 0x7b, 0x9b];
    Potential = "potential", [0xed, 0xc9, 0x48];
    Qeq = "qeq", [0xd6, 0x61, 0x6b];
    Constraints = "constraints", [0x76, 0xb7, 0xb2];
    HostMirror = "host_mirror", [0x2a, 0x4a, 0x9a];
    HostProcess = "host_process", [0xba, 0xb0, 0xac];
    Replicated = "replicated", [0x8c, 0x6d, 0x31];
    Interpreter = "interpreter", [0x79, 0x70, 0x6e];
    Wavefunctions = "wavefunctions", [0x4e, 0x79, 0xa7];
    Gvectors = "gvectors", [0xf2, 0x8e, 0x2b];
    Projectors = "projectors", [0x59, 0xa1, 0x4f];
    Mixing = "mixing", [0xb0, 0x7a, 0xa1];
    Subspace = "subspace", [0xe1, 0x57, 0x59];
    Tables = "tables", [0x9c, 0x75, 0x5f];
    NcclBuffers = "nccl_buffers", [0x7d, 0x5a, 0x7a];
    Fragmentation = "fragmentation", [0xe4, 0xdd, 0xd0];
    Calibration = "calibration", [0x38, 0x38, 0x38];
    Overhead = "overhead", [0xc9, 0xcc, 0xd1];
    Runtime = "runtime", [0x94, 0x98, 0xa0];
    // Plane-wave DFT (pw.x): the DFT+U projector wavefunctions and the exact-exchange buffers.
    HubbardProjectors = "hubbard_projectors", [0x8c, 0xb3, 0x6f];
    ExxBuffers = "exx_buffers", [0xc4, 0x5b, 0x8e];
    // ABINIT with PAW: the fine-grid arrays and the per-atom PAW arrays (m_memeval.F90).
    PawFineGrid = "paw_fine_grid", [0x6b, 0x9e, 0xc4];
    PawArrays = "paw_arrays", [0xc9, 0x8b, 0x4f];
    // GROMACS domain decomposition: the main rank's global state and atom distribution.
    MasterCopies = "master_copies", [0x8a, 0x6f, 0xb0];
}

impl PartId {
    /// The part with this key.
    pub fn from_key(key: &str) -> Option<PartId> {
        PartId::ALL.iter().copied().find(|p| p.key() == key)
    }
}

impl core::fmt::Display for PartId {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.key())
    }
}

impl serde::Serialize for PartId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}
