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
        query: "mode=train&params=&layers=32&hidden=4096&heads=32&vocab=32000&seq=4096&gpus=8&zero=1&recompute=selective&max_context=4096",
        source: "meta-llama/Llama-2-7b-hf config.json" },
    Preset { id: "llama-3-8b-qlora", label: "Llama 3 8B, QLoRA on a 24 GB card",
        query: "mode=finetune&params=&layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=128256&lora_rank=64&quant=nf4&gpu=rtx4090&seq=2048&max_context=8192",
        source: "meta-llama/Meta-Llama-3-8B config.json; QLoRA (arXiv:2305.14314)" },
    Preset { id: "llama-3-8b-serve", label: "Llama 3 8B, serving 16 sequences of 8k tokens",
        query: "mode=infer&params=&layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=128256&dtype=fp16&batch=16&seq=8192&max_context=8192",
        source: "meta-llama/Meta-Llama-3-8B config.json" },
    Preset { id: "mixtral-8x7b-serve", label: "Mixtral 8x7B, 4-bit, on two A100 80GB",
        query: "mode=infer&params=&layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=32000&experts=8&active_experts=2&quant=q4_k_m&gpus=2&tp=2&gpu=a100-80&seq=32768&max_context=32768",
        source: "mistralai/Mixtral-8x7B-v0.1 config.json" },
    Preset { id: "llama-2-70b-serve", label: "Llama 2 70B, serving 8 × 4k tokens on 4 × H100 (tensor parallel)",
        query: "mode=infer&params=&layers=80&hidden=8192&heads=64&kv_heads=8&ffn=28672&vocab=32000&dtype=bf16&gpus=4&tp=4&batch=8&seq=4096&max_context=4096",
        source: "meta-llama/Llama-2-70b-hf config.json (68,976,648,192 parameters)" },
    Preset { id: "mistral-7b-lora", label: "Mistral 7B, LoRA rank 16 on one A100 80GB",
        query: "mode=finetune&params=&layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=32000&lora_rank=16&batch=4&seq=4096&recompute=full&gpu=a100-80&max_context=32768",
        source: "mistralai/Mistral-7B-v0.1 config.json (7,241,732,096 parameters); LoRA, Hu et al. 2021" },
    Preset { id: "gpt2-small-train", label: "GPT-2 small (124M) from scratch on one RTX 4090",
        query: "mode=train&params=&layers=12&hidden=768&heads=12&vocab=50257&mlp=standard&bias=all&tied=on&learned_pos=1024&norm=layernorm&batch=12&seq=1024&gpu=rtx4090&max_context=1024",
        source: "openai-community/gpt2 config.json (124,439,808 parameters); micro-batch 12 × 1024 tokens as in karpathy/nanoGPT train.py" },
    Preset { id: "lj-melt", label: "Lennard-Jones melt, 32,000 atoms (LAMMPS bench)",
        query: "mode=sim&code=lammps&particles=32000&density=0.8442&cutoff=2.5&skin=0.3&ranks=4&nodes=1",
        source: "LAMMPS bench/in.lj (fcc 0.8442, lj/cut 2.5, neighbor 0.3 bin)" },
    Preset { id: "eam-copper", label: "EAM copper, 32,000 atoms (LAMMPS bench)",
        query: "mode=sim&code=lammps&particles=32000&atom_style=eam&density=0.084671&cutoff=4.95&skin=1&ranks=4&nodes=1",
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
    Preset { id: "lammps-rhodopsin", label: "LAMMPS: rhodopsin in a membrane, 32,000 atoms, 4 ranks (bench/in.rhodo)",
        query: "mode=sim&code=lammps&particles=32000&atom_style=full&max_bonds=4&max_angles=8&max_dihedrals=18&max_impropers=2&max_special=26&shake=on&density=0.103898&cutoff=10&skin=2&long_range=pppm&kspace_grid=25600&ranks=4&nodes=1",
        source: "LAMMPS bench/POTENTIALS/in.protein and its log (topology maxima, PPPM 25 × 32 × 32)" },
    Preset { id: "namd-apoa1", label: "NAMD: ApoA1 benchmark, 92,224 atoms on one 32-core node",
        query: "mode=sim&code=namd&particles=92224&ranks=32&nodes=1",
        source: "NAMD ApoA1 benchmark (92,224 atoms, 12 Å cutoff, PME)" },
    Preset { id: "gromacs-water-1m", label: "GROMACS: 1 million atoms of water with PME, 64 ranks",
        query: "mode=sim&code=gromacs&particles=1M&ranks=64&nodes=1",
        source: "GROMACS water benchmarks (rc 1.2 nm, PME)" },
    Preset { id: "openfoam-10m", label: "OpenFOAM: 10-million-cell steady RANS (simpleFoam), 128 ranks",
        query: "mode=sim&code=openfoam&cells=10M&ranks=128&nodes=2",
        source: "simpleFoam with k-ω SST (U, p, k, ω solved in turn), GAMG for p" },
    Preset { id: "su2-oneram6", label: "SU2: ONERA M6 wing, 108,396 points, 8 ranks",
        query: "mode=sim&code=su2&cells=108396&ranks=8&nodes=1",
        source: "SU2 tutorial mesh_ONERAM6_inv (108,396 vertices; SU2 is vertex-centred)" },
    Preset { id: "wrf-conus-12km", label: "WRF: CONUS 12 km benchmark (425 × 300 × 35), 128 ranks",
        query: "mode=sim&code=wrf&nx=425&ny=300&nz=35&ranks=128&nodes=4",
        source: "WRF CONUS 12 km benchmark namelist (e_we 425, e_sn 300, e_vert 35)" },
    Preset { id: "mpas-120km", label: "MPAS-Atmosphere: 120 km mesh (40,962 cells × 55 levels), 64 ranks",
        query: "mode=sim&code=mpas&cells=2252910&ranks=64&nodes=1",
        source: "MPAS-A x1.40962 mesh, 55 vertical levels" },
    Preset { id: "dealii-step40", label: "deal.II step-40: 100 million Q1 unknowns, 1,024 ranks",
        query: "mode=sim&code=dealii&cells=100M&ranks=1024&nodes=16",
        source: "deal.II step-40 (Laplace, Q1, CG + AMG, distributed)" },
    Preset { id: "mfem-ex1p", label: "MFEM ex1p: 16 million Q1 hexahedra, 256 ranks",
        query: "mode=sim&code=mfem&cells=16M&ranks=256&nodes=4",
        source: "MFEM ex1p (Laplace, CG + BoomerAMG)" },
    Preset { id: "fluidx3d-512", label: "FluidX3D: 512³ D3Q19 on one A100 80GB",
        query: "mode=sim&code=fluidx3d&nx=512&ny=512&nz=512&gpu=a100-80",
        source: "FluidX3D README (93 bytes per cell with FP32 storage)" },
    Preset { id: "qe-si64", label: "Quantum ESPRESSO: 64-atom silicon, 30 Ry, 4 k-points, 32 ranks in 4 pools",
        query: "mode=sim&code=quantum_espresso&ecutwfc=30&cell_volume=8489.664&bands=128&kpoints=4&atoms=64&ranks=32&pools=4&nodes=1",
        source: "A 2 × 2 × 2 supercell of the 8-atom cubic diamond-silicon cell: 32 primitive cells of 2 atoms × 265.302 bohr³ (celldm 10.20), 256 valence electrons in 128 bands, norm-conserving" },
    Preset { id: "abinit-si64", label: "ABINIT: 64-atom silicon, 20 Ha, 4 k-points over 4 processes",
        query: "mode=sim&code=abinit&ecutwfc=40&cell_volume=8489.664&bands=160&kpoints=4&atoms=64&species=1&betas=2&lmax_beta=2&symmetries=8&ranks=4&nodes=1",
        source: "A 2 × 2 × 2 supercell of the 8-atom cubic diamond-silicon cell (32 primitive cells × 265.302 bohr³), norm-conserving, ecut 20 Ha; ABINIT splits the k-points over the processes" },
    Preset { id: "sparc-alsi-md", label: "SPARC: Al₁₆Si₁₆ liquid at Γ, 43³ grid, 48 processes in 6 band groups",
        query: "mode=sim&code=sparc&fft_grid=79507&cell_volume=3375&bands=76&kpoints=1&gamma_only=on&band_groups=6&ranks=48&nodes=1",
        source: "SPARC test Al16Si16_NPTNH_restart (LATVEC_SCALE 15 15 15 bohr, a 3375 bohr³ cube, MESH_SPACING 0.35: FD_GRID 43 43 43; NSTATES 76, NP_BAND_PARAL 6, NP_DOMAIN_PARAL 2 2 2): it prints 7.28 MB per processor" },
    Preset { id: "amrex-sedov-256", label: "AMReX: 256³ base grid, 2 levels of refinement over 1/8 each, 256 ranks",
        query: "mode=sim&code=amrex&nx=256&ny=256&nz=256&fields=6&amr_levels=2&fill=12.5&ranks=256&nodes=4",
        source: "A Castro/PeleC-style compressible run: 6 conserved components, ratio 2, max_grid_size 32, each level refining an eighth of the one below" },
    Preset { id: "athenapp-blast-amr", label: "Athena++: 3D MHD blast wave, 128³ root grid, 3 refined levels, 16³ MeshBlocks, 512 ranks",
        query: "mode=sim&code=athenapp&nx=128&ny=128&nz=128&fields=8&amr_levels=3&fill=10&ranks=512&nodes=8",
        source: "Athena++ blast problem with AMR (8 MHD variables incl. face fields, numlevel 4, <meshblock> 16³)" },
    Preset { id: "gadget-lcdm-512", label: "GADGET-4: 512³ dark-matter particles with a 512³ PM grid, 256 tasks",
        query: "mode=sim&code=gadget&particles=134217728&pm_grid=512&ranks=256&nodes=4",
        source: "A cosmological dark-matter box with PMGRID equal to the particle grid (GADGET-4 examples use PMGRID ≈ N^(1/3))" },
    Preset { id: "gadget2-lcdm-256", label: "GADGET-2: 256³ dark-matter particles, PMGRID 256, 64 tasks",
        query: "mode=sim&code=gadget2&particles=16777216&pm_grid=256&ranks=64&nodes=2",
        source: "GADGET-2 lcdm-style TreePM box (PMGRID equal to the particle grid; PartAllocFactor 1.5, TreeAllocFactor 0.8, BufferSize 100 as in the code's examples and logs)" },
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

/// The preset a link names.
pub fn preset_by_id(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.id == id.trim())
}

/// The error for a preset id not among [`PRESETS`], naming the closest ids. A link's other
/// values are changes to its preset: read against any other base they would be another
/// scenario, so there is no estimate (the CLI exits 2; the page shows no result of its own).
pub fn unknown_preset(id: &str) -> String {
    let shown: String = id.trim().chars().take(40).collect();
    let hint = crate::base::choice::did_you_mean(id, PRESETS.iter().map(|p| p.id))
        .map_or(String::new(), |h| format!(" ({h})"));
    format!(
        "preset: '{shown}' is not a known preset{hint}; the link's other values change the preset it names, so nothing is estimated until a known one is chosen (the ids: docs/url-parameters.md, or memcalc --list presets)"
    )
}
