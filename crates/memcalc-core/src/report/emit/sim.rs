//! Simulation codes' launch settings: LAMMPS's command line and processor grid, pw.x's
//! parallelisation flags, GADGET-4's `MaxMemSize` and OpenFOAM's `decomposeParDict`. Each
//! applies only to a scenario started from its code's profile (`code=`).

use super::{Emitted, Lines, Target};
use crate::base::choice::Choice;
use crate::catalog::codes::Code;
use crate::model::Estimate;
use crate::scenario::sim::{Package, SimDevice};
use crate::scenario::{Mode, Scenario};

fn code_of(t: Target) -> Code {
    match t {
        Target::Lammps => Code::Lammps,
        Target::Pwx => Code::QuantumEspresso,
        Target::Gadget4 => Code::Gadget4,
        _ => Code::Openfoam,
    }
}

pub(super) fn not_applicable(t: Target, s: &Scenario) -> Option<String> {
    let code = code_of(t);
    if s.mode != Mode::Sim {
        return Some(format!(
            "{} runs a simulation: the scenario is mode={} (mode=sim with code={} sizes it)",
            t.name(),
            s.mode.id(),
            code.id()
        ));
    }
    if s.sim.code != code {
        return Some(format!(
            "the estimate is for code={} ({}); code={} sizes a {} run",
            s.sim.code.id(),
            s.sim.code.label(),
            code.id(),
            code.label()
        ));
    }
    None
}

fn ranks_per_node(s: &Scenario) -> u64 {
    s.sim.ranks.div_ceil(s.sim.nodes.max(1)).max(1)
}

pub(super) fn lammps(s: &Scenario) -> Emitted {
    let m = &s.sim;
    let mut l = Lines::new();
    l.set(
        "mpirun -np",
        m.ranks,
        format!(
            "{} MPI ranks: the estimate is per rank of that many (ranks)",
            m.ranks
        ),
    );
    l.set(
        "-in",
        "in.lammps",
        "your input script (its processors line below)",
    );
    if m.package != Package::None {
        let gpus = if m.device == SimDevice::Gpu {
            ranks_per_node(s)
        } else {
            1
        };
        l.set(
            "-sf",
            "gpu",
            format!(
                "the GPU package's styles, whose own arrays the device rows count (package={}; its precision is the library's build: -DGPU_PREC={})",
                m.package.id(),
                match m.package {
                    Package::GpuDouble => "double",
                    Package::GpuSingle => "single",
                    _ => "mixed",
                }
            ),
        );
        // One GPU per rank of a node when the run is GPU-resident; else the node's ranks share
        // one (the words said "one per rank" for both: issue 40's round trip, h-trip2).
        let why = if m.device == SimDevice::Gpu {
            format!("{gpus} GPUs per node, one per rank on the node")
        } else {
            format!(
                "1 GPU per node, shared by the node's {} ranks (sim_device=cpu)",
                ranks_per_node(s)
            )
        };
        l.set("-pk", format!("gpu {gpus}"), why);
    }
    let (px, py, pz) = crate::model::sim::domain::split(m.ranks, 1.0, 1.0, 1.0, false);
    let mut body = format!("mpirun -np {} lmp -in in.lammps", m.ranks);
    for st in l.settings.iter().skip(2) {
        body.push_str(&format!(" {} {}", st.name, st.value));
    }
    body.push_str(&format!(
        "\n\n# in in.lammps, before the box is created:\nprocessors {px} {py} {pz}\n"
    ));
    l.set(
        "processors",
        format!("{px} {py} {pz}"),
        format!(
            "the near-cubic {px} × {py} × {pz} grid of {} ranks the estimate's ghost atoms are counted on (LAMMPS's own choice for a cubic box, written out)",
            m.ranks
        ),
    );
    Emitted {
        target: Target::Lammps,
        settings: l.settings,
        body,
        file: None,
        comment: Some("#"),
    }
}

pub(super) fn pwx(s: &Scenario) -> Emitted {
    let m = &s.sim;
    let mut l = Lines::new();
    l.set(
        "mpirun -np",
        m.ranks,
        format!(
            "{} MPI processes: the estimate is per process (ranks)",
            m.ranks
        ),
    );
    l.set(
        "-nk",
        m.pw.pools,
        format!(
            "{} k-point pools: each pool of {} processes holds the whole plane-wave basis, so the per-process arrays divide by ranks ÷ pools (pools)",
            m.pw.pools,
            m.ranks / m.pw.pools.max(1)
        ),
    );
    l.set(
        "-i",
        "pw.in",
        "your input file, with the cutoffs, bands and k-points the estimate was given",
    );
    let body = format!("mpirun -np {} pw.x -nk {} -i pw.in\n", m.ranks, m.pw.pools);
    Emitted {
        target: Target::Pwx,
        settings: l.settings,
        body,
        file: None,
        comment: Some("#"),
    }
}

pub(super) fn gadget4(s: &Scenario, e: &Estimate) -> Emitted {
    let nb = &s.sim.nbody;
    let mut l = Lines::new();
    let (mb, why) = if nb.max_mem_mib > 0 {
        (
            nb.max_mem_mib,
            format!(
                "{} MB per MPI rank, as given (max_mem_mib): GADGET-4 allocates all of it at start-up and carves every array out of it",
                nb.max_mem_mib
            ),
        )
    } else {
        let mb = e.per_rank_bytes.div_ceil(1 << 20);
        (
            mb,
            "the estimate per rank rounded up to whole MB (2^20 bytes): GADGET-4 allocates MaxMemSize at start-up and carves every array out of it, so less stops the run".to_string(),
        )
    };
    l.set("MaxMemSize", mb, why);
    let body = format!("MaxMemSize        {mb}\n");
    Emitted {
        target: Target::Gadget4,
        settings: l.settings,
        body,
        file: Some("param.txt"),
        comment: Some("%"),
    }
}

pub(super) fn openfoam(s: &Scenario) -> Emitted {
    let m = &s.sim;
    let mut l = Lines::new();
    l.set(
        "numberOfSubdomains",
        m.ranks,
        format!(
            "{} subdomains, one per MPI rank: the estimate is per rank (ranks)",
            m.ranks
        ),
    );
    l.set(
        "method",
        "scotch",
        "graph partitioning into balanced subdomains with few shared faces, as the estimate's cells and halo faces per rank assume",
    );
    let body = format!(
        "FoamFile\n{{\n    version     2.0;\n    format      ascii;\n    class       dictionary;\n    object      decomposeParDict;\n}}\n\nnumberOfSubdomains {};\n\nmethod          scotch;\n",
        m.ranks
    );
    Emitted {
        target: Target::Openfoam,
        settings: l.settings,
        body,
        file: Some("system/decomposeParDict"),
        comment: Some("//"),
    }
}
