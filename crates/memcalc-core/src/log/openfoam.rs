//! OpenFOAM logs (any application: a solver, blockMesh, checkMesh, decomposePar): the banner's
//! version and build, the application run, the processes (`nProcs`), and the cell count from
//! checkMesh's "Mesh stats" or decomposePar's per-processor summary. OpenFOAM prints no memory
//! figure (its `-memory`/`memInfo` output aside), so nothing of the estimate's memory is checked
//! against it.

use super::{first_number, number_after, plain, Ctx, Recogniser, Row};
use crate::base::keys::FieldId as F;

pub(crate) static RECOGNISER: Recogniser = Recogniser { rows: ROWS, finish };

const ROWS: &[Row] = &[
    // Launch settings read back (issue 40, h-trip2): a `system/decomposeParDict`.
    Row {
        marker: "numberOfSubdomains",
        prints: "system/decomposeParDict (\"numberOfSubdomains N;\", read by decompositionMethod.C nDomains; OpenFOAM v2306 / OpenFOAM-11)",
        read: super::launch::decompose_subdomains,
    },
    Row {
        marker: "method ",
        prints: "system/decomposeParDict (\"method scotch;\": decompositionMethod::New)",
        read: super::launch::decompose_method,
    },
    Row {
        marker: "| Version:",
        prints: "src/OpenFOAM/db/IOobject/IOobject.C writeBanner (\"| \\\\\\\\    /   O peration     | Version:  %s\", OpenFOAM.org and versions before v1706)",
        read: banner_version,
    },
    Row {
        marker: "Build  : ",
        prints: "src/OpenFOAM/global/argList/argList.C argList::parse (\"Build  : \" the build string: \"2.4.x-2b147f41daf9\", \"1906 OPENFOAM=1906 patch=191001\")",
        read: build,
    },
    Row {
        marker: "Exec   : ",
        prints: "src/OpenFOAM/global/argList/argList.C argList::parse (\"Exec   : \" the command line)",
        read: exec,
    },
    Row {
        marker: "nProcs : ",
        prints: "src/OpenFOAM/global/argList/argList.C argList::parse (\"nProcs : \" the processes of a -parallel run)",
        read: nprocs,
    },
    Row {
        marker: "Mesh stats",
        prints: "applications/utilities/mesh/manipulation/checkMesh/printMeshStats.C printMeshStats (\"Mesh stats\", then \"    cells:            %d\")",
        read: mesh_stats,
    },
    Row {
        marker: "    cells:",
        prints: "applications/utilities/mesh/manipulation/checkMesh/printMeshStats.C printMeshStats",
        read: cells,
    },
    Row {
        marker: "Number of cells = ",
        prints: "applications/utilities/parallelProcessing/decomposePar/domainDecomposition.C (\"Processor %d\", \"    Number of cells = %d\")",
        read: processor_cells,
    },
];

fn banner_version(c: &mut Ctx, l: &str) {
    if let Some(v) = l
        .split("Version:")
        .nth(1)
        .and_then(|s| s.split('|').next())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
    {
        c.remember("openfoam", 1.0);
        if c.version.is_empty() {
            c.version = v;
        }
    }
}

fn build(c: &mut Ctx, l: &str) {
    c.starts += 1;
    c.remember("openfoam", 1.0);
    if let Some(v) = l
        .split("Build  : ")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
    {
        // "2.4.x-2b147f41daf9": the version before the commit.
        let v = v.split('-').next().unwrap_or(v);
        c.version = v.to_string();
    }
}

fn exec(c: &mut Ctx, l: &str) {
    if let Some(app) = l
        .split("Exec   : ")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
    {
        c.remember_text("exec", app);
    }
}

fn nprocs(c: &mut Ctx, l: &str) {
    if let Some(n) = number_after(l, "nProcs : ").filter(|n| *n >= 1.0) {
        c.remember("nprocs", n);
    }
}

fn mesh_stats(c: &mut Ctx, _l: &str) {
    c.remember("mesh_stats", 1.0);
}

fn cells(c: &mut Ctx, l: &str) {
    // Only checkMesh's block: "    cells:            2085" right after "Mesh stats".
    if !c.seen.contains_key("mesh_stats") || c.seen.contains_key("cells") {
        return;
    }
    if let Some(n) = l.split("cells:").nth(1).and_then(first_number) {
        c.remember("cells", n);
    }
}

fn processor_cells(c: &mut Ctx, l: &str) {
    if let Some(n) = number_after(l, "Number of cells = ") {
        let sum = c.seen.get("processor_cells").map_or(0.0, |v| v.0) + n;
        let count = c.seen.get("processors").map_or(0.0, |v| v.0) + 1.0;
        c.remember("processor_cells", sum);
        c.remember("processors", count);
    }
}

fn finish(c: &mut Ctx) {
    // Words such as "cells:" or "Number of cells" alone are no OpenFOAM log: its banner or
    // checkMesh's "Mesh stats" is needed.
    // A decomposeParDict (log/launch.rs) states the ranks it splits the mesh over.
    if !c.seen.contains_key("openfoam")
        && !c.seen.contains_key("mesh_stats")
        && !c.seen.contains_key("subdomains")
    {
        c.reading.filled.clear();
        return;
    }
    let seen = |c: &Ctx, k: &str| c.seen.get(k).cloned();
    if !c.fill_sim_code("openfoam") {
        return;
    }
    if let Some((p, line, text)) = seen(c, "nprocs") {
        c.fill_at(F::Ranks, plain(p, 0), line, text);
    } else if let Some((p, line, text)) = seen(c, "processors") {
        c.fill_at(F::Ranks, plain(p, 0), line, text);
    } else if let Some((p, line, text)) = seen(c, "subdomains") {
        c.fill_at(F::Ranks, plain(p, 0), line, text);
    }
    if let Some((n, line, text)) = seen(c, "cells").or_else(|| seen(c, "processor_cells")) {
        c.fill_at(F::Cells, plain(n, 0), line, text);
    }
    if let Some((app, line, text)) = c.texts.get("exec").cloned() {
        c.reading.unused.push(super::Unused {
            line,
            text,
            why: format!("the application ({app}) does not choose the estimate's arrays: the openfoam profile (segregated finite volumes) is used"),
        });
    }
    c.note("OpenFOAM's log states no memory figure: the settings are filled, nothing of the memory estimate is checked");
}
