//! One name per subject: every simulation method has its file, under the method's own name, in
//! each folder a method spans, so a newcomer finds GROMACS's or SPARC's code by one name and a
//! new method cannot land with a folder forgotten. Where one file serves several methods (the
//! time of grids and lattices, the words of a family of terms) the table below says which.

use std::path::Path;

use memcalc_core::schema::Method;
use memcalc_core::Choice;

/// The folders one file per method lives in (as `<method>.rs` or `<method>/mod.rs`).
const PER_METHOD: &[&str] = &[
    "src/model/sim",
    "src/model/values/sim",
    "src/explain/parts/sim",
];

/// The time model's file of each method (`src/speed/sim/`) and the file of
/// `src/explain/speed/` that writes its terms' words: shared where methods share their step.
fn time_files(m: Method) -> (&'static str, &'static str) {
    match m {
        Method::Grid | Method::Lbm => ("grid", "grid"),
        Method::Particles => ("particles", "particles"),
        Method::Nbody => ("nbody", "particles"),
        Method::Mesh => ("mesh", "mesh"),
        Method::Amr => ("amr", "mesh"),
        Method::Spectral => ("spectral", "spectral"),
        Method::Planewave => ("planewave", "spectral"),
    }
}

/// Codes whose own step has a file of its own beside its method's, in every folder above.
const CODES: &[(&str, &[&str])] = &[
    // GROMACS's mdrun (cluster pair lists): memory, its values and words.
    (
        "mdrun",
        &[
            "src/model/sim",
            "src/model/values/sim",
            "src/explain/parts/sim",
        ],
    ),
    // SPARC's real-space DFT: memory beside pw.x and ABINIT, its time and its time's words.
    (
        "sparc",
        &[
            "src/model/sim/planewave",
            "src/speed/sim",
            "src/explain/speed",
        ],
    ),
    // HPCG's solve: memory, words, time.
    (
        "hpcg",
        &["src/model/sim", "src/explain/parts/sim", "src/speed/sim"],
    ),
];

fn has(folder: &str, name: &str) -> bool {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    root.join(format!("{name}.rs")).is_file() || root.join(name).join("mod.rs").is_file()
}

#[test]
fn every_method_has_its_file_in_every_folder_it_spans() {
    let mut missing = Vec::new();
    for &m in Method::ALL {
        for folder in PER_METHOD {
            if !has(folder, m.id()) {
                missing.push(format!("{folder}/{}.rs", m.id()));
            }
        }
        let (time, words) = time_files(m);
        if !has("src/speed/sim", time) {
            missing.push(format!("src/speed/sim/{time}.rs ({})", m.id()));
        }
        if !has("src/explain/speed", words) {
            missing.push(format!("src/explain/speed/{words}.rs ({})", m.id()));
        }
    }
    for (code, folders) in CODES {
        for folder in *folders {
            if !has(folder, code) {
                missing.push(format!("{folder}/{code}.rs"));
            }
        }
    }
    assert!(missing.is_empty(), "files missing: {missing:?}");
}
