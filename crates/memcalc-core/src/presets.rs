//! Named starting points a researcher recognises, each a query with its source. Choosing one
//! fills the form; every value stays visible and editable.

/// A preset: the fields it sets, as a query string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preset {
    pub id: &'static str,
    pub label: &'static str,
    pub query: &'static str,
    pub source: &'static str,
}

pub const PRESETS: &[Preset] = &[
    Preset { id: "llama-2-7b-train", label: "Llama 2 7B, pre-training layout (8 × H100, ZeRO-1)",
        query: "mode=train&params=&layers=32&hidden=4096&heads=32&vocab=32000&seq=4096&gpus=8&zero=1&recompute=selective",
        source: "meta-llama/Llama-2-7b-hf config.json" },
    Preset { id: "llama-3-8b-qlora", label: "Llama 3 8B, QLoRA on a 24 GB card",
        query: "mode=finetune&params=&layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=128256&lora_rank=64&quant=nf4&gpu=rtx4090&seq=2048",
        source: "meta-llama/Meta-Llama-3-8B config.json; QLoRA (arXiv:2305.14314)" },
    Preset { id: "llama-3-8b-serve", label: "Llama 3 8B, serving 16 sequences of 8k tokens",
        query: "mode=infer&params=&layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=128256&dtype=fp16&batch=16&seq=8192",
        source: "meta-llama/Meta-Llama-3-8B config.json" },
    Preset { id: "mixtral-8x7b-serve", label: "Mixtral 8x7B, 4-bit, on two A100 80GB",
        query: "mode=infer&params=&layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=32000&experts=8&active_experts=2&quant=q4_k_m&gpus=2&tp=2&gpu=a100-80&seq=32768",
        source: "mistralai/Mixtral-8x7B-v0.1 config.json" },
    Preset { id: "lj-melt", label: "Lennard-Jones melt, 32,000 atoms (LAMMPS bench)",
        query: "mode=sim&method=particles&particles=32000&density=0.8442&cutoff=2.5&skin=0.3&ranks=4&nodes=1",
        source: "LAMMPS bench/in.lj (fcc 0.8442, lj/cut 2.5, neighbor 0.3 bin)" },
    Preset { id: "eam-copper", label: "EAM copper, 32,000 atoms (LAMMPS bench)",
        query: "mode=sim&method=particles&particles=32000&atom_style=eam&density=0.084671&cutoff=4.95&skin=1&ranks=4&nodes=1",
        source: "LAMMPS bench/in.eam (fcc 3.615 Å, Cu_u3.eam, neighbor 1.0 bin)" },
    Preset { id: "protein-pme", label: "Solvated protein with PME, 2.5 million atoms on 8 nodes",
        query: "mode=sim&method=particles&particles=2.5M&atom_style=full&density=0.1&cutoff=10&skin=2&long_range=pme&kspace_grid=25M&ranks=512&nodes=8",
        source: "Typical all-atom biomolecular setup: 0.1 atoms/Å³ (water), 10 Å cutoff, 2 Å skin, ~1 Å PME grid (GROMACS/NAMD defaults)" },
    Preset { id: "atmosphere-25km", label: "Global atmosphere, 0.25° (1440 × 721) × 137 levels",
        query: "mode=sim&method=grid&nx=1440&ny=721&nz=137&fields=10&levels=3&work=20&halo=3&ranks=1024&nodes=16&steps=35040&output_every=24&compression=4",
        source: "ERA5 grid (0.25°, 137 model levels; Hersbach et al. 2020, QJRMS); fields: u, v, w, T, p, q and 4 tracers" },
    Preset { id: "cfd-10m", label: "10-million-cell CFD mesh, implicit (GMRES + AMG)",
        query: "mode=sim&method=mesh&cells=10M&element=tet4&dofs=5&levels=3&krylov=30&precond=amg&ranks=128&nodes=2",
        source: "Typical RANS/LES case: linear tetrahedra, 5 coupled unknowns (ρ, ρu, ρv, ρw, ρE), GMRES(30) with AMG" },
    Preset { id: "lbm-512-d3q19", label: "512³ D3Q19 lattice Boltzmann on one GPU",
        query: "mode=sim&method=lbm&nx=512&ny=512&nz=512&lattice=d3q19&dtype=fp32&streaming=two&sim_device=gpu&ranks=1&nodes=1&gpu=a100-80",
        source: "FluidX3D README (bytes per cell of D3Q19 in FP32 and FP16)" },
    Preset { id: "spectral-1024", label: "1024³ spectral turbulence box (DNS)",
        query: "mode=sim&method=spectral&nx=1024&ny=1024&nz=1024&fields=3&levels=4&work=3&dealias=on&ranks=1024&nodes=16",
        source: "Pseudo-spectral DNS of isotropic turbulence, RK4 (4 stages), 3/2 dealiasing" },
    Preset { id: "pinn-navier-stokes", label: "PINN for 2D Navier–Stokes (x, y, t → u, v, p)",
        query: "mode=train&model=pinn&in_channels=3&out_channels=3&width=128&depth=8&collocation=50K&deriv_order=2&dtype=fp32&optimizer=adam&gpu=a100-40",
        source: "Raissi et al. 2019 (J. Comput. Phys. 378): 8–9 hidden layers of 20–200 neurons, second derivatives in the residual" },
    Preset { id: "fno-navier-stokes", label: "FNO on 64×64 Navier–Stokes, batch 20",
        query: "mode=train&model=fno&in_channels=10&out_channels=1&width=32&depth=4&fourier_modes=12&spatial_dims=2&grid_points=4096&batch=20&dtype=fp32&optimizer=adam&gpu=v100-16",
        source: "Li et al. 2021 (arXiv:2010.08895), Navier–Stokes benchmark: 64×64 grid, 10 input time steps, 12 modes" },
    Preset { id: "meshgraphnet-cylinder", label: "MeshGraphNet, cylinder flow (15 message-passing steps)",
        query: "mode=train&model=gnn&in_channels=11&out_channels=3&width=128&depth=15&graph_nodes=1885&graph_edges=10848&batch=2&dtype=fp32&optimizer=adam&gpu=v100-16",
        source: "Pfaff et al. 2021 (arXiv:2010.03409), CylinderFlow: ~1,900 nodes, latent 128, 15 steps" },
    Preset { id: "unet-weather", label: "U-Net surrogate on 256×256 fields, batch 16",
        query: "mode=train&model=unet&in_channels=8&out_channels=8&base_channels=64&depth=4&spatial_dims=2&grid_points=65536&batch=16&gpu=a100-40",
        source: "Ronneberger et al. 2015 (arXiv:1505.04597): 4 levels from 64 channels; inputs and outputs 8 physical fields" },
];

pub fn preset_by_id(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.id == id)
}
