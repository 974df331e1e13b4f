//! Physics inputs as the codes take them (issue 29, points 6–8 and the method checks of 11):
//! presets that reproduce a code's run set that code, plane-wave inputs that contradict each
//! other are refused or warned about as pw.x would, the WRF profile builds and splits as WRF
//! does, the disk total counts what the disk bar draws, and a method's checks speak only for it.

mod common;

use common::{est, expect_part, scenario};
use memcalc_core::catalog::codes::Code;
use memcalc_core::schema::presets::PRESETS;
use memcalc_core::{Choice, Inputs, Location, PartId};

/// The warnings of a scenario, as the page words them.
fn warnings(query: &str) -> Vec<String> {
    est(query)
        .warnings
        .iter()
        .map(memcalc_core::text::warnings::warning)
        .collect()
}

fn errors(query: &str) -> Vec<memcalc_core::FieldError> {
    Inputs::from_query(query)
        .0
        .parse()
        .err()
        .unwrap_or_default()
}

/// The name a preset's label gives a code: its profile's label up to the parenthesis, first
/// word ("LAMMPS", "Quantum", "deal.II", "GADGET-4").
fn code_name(c: Code) -> &'static str {
    c.label().split([' ', '(']).next().unwrap_or("")
}

#[test]
fn every_preset_that_names_a_code_runs_that_code() {
    for p in PRESETS.iter().filter(|p| p.query.contains("mode=sim")) {
        let s = scenario(p.query);
        for &c in Code::ALL.iter().filter(|&&c| c != Code::Generic) {
            if p.label.contains(code_name(c)) {
                assert_eq!(s.sim.code, c, "{} names {} in its label", p.id, c.id());
            }
        }
    }
    // The EAM copper bench at 10 M atoms on 512 ranks: the code's hash map, not an array.
    let preset = est("v=2&preset=eam-copper&particles=10M&ranks=512&nodes=8");
    let lammps = est("v=2&mode=sim&code=lammps&particles=10M&atom_style=eam&density=0.084671&cutoff=4.95&skin=1&ranks=512&nodes=8");
    assert_eq!(preset.per_device_bytes, lammps.per_device_bytes);
}

#[test]
fn the_lammps_bench_presets_keep_their_pinned_figures() {
    // links_v1.txt pins `v=1&preset=lj-melt&ranks=8`: at 32,000 atoms LAMMPS's map is the
    // array the generic method used, so the preset's code changes nothing there.
    let generic = est("mode=sim&method=particles&particles=32000&density=0.8442&cutoff=2.5&skin=0.3&ranks=8&nodes=1");
    assert_eq!(
        est("v=1&preset=lj-melt&ranks=8").per_device_bytes,
        generic.per_device_bytes
    );
}

#[test]
fn more_pools_than_k_points_is_refused_as_pw_x_does() {
    let q = "mode=sim&code=quantum_espresso&ecutwfc=30&cell_volume=2122.416&bands=128&atoms=64&ranks=32&nodes=1";
    let e = errors(&format!("{q}&kpoints=1&pools=4"));
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].key(), "pools");
    assert!(
        e[0].message.contains("some nodes have no k-points"),
        "{e:?}"
    );
    assert!(e[0].message.contains("at most 1 pool"), "{e:?}");
    assert!(errors(&format!("{q}&kpoints=4&pools=4")).is_empty());
    // Collinear spin doubles the k-points pw.x deals out.
    assert!(errors(&format!("{q}&kpoints=2&pools=4&spin=collinear")).is_empty());
    assert_eq!(
        errors(&format!("{q}&kpoints=2&pools=5&spin=collinear"))[0].key(),
        "pools"
    );
}

#[test]
fn a_cell_that_keeps_its_volume_while_the_atoms_grow_is_warned_about() {
    // The silicon presets hold 64 atoms in 32 primitive cells of 265.302 bohr³.
    for id in ["qe-si64", "abinit-si64"] {
        let p = PRESETS.iter().find(|p| p.id == id).unwrap();
        let pw = scenario(p.query).sim.pw;
        assert_eq!(pw.volume_milli, 32 * 265_302, "{id}");
        assert_eq!(pw.atoms, 64, "{id}");
        assert!(est(p.query).warnings.is_empty(), "{id}");
    }
    let q = "mode=sim&code=quantum_espresso&ecutwfc=30&kpoints=4&ranks=32&pools=4&nodes=1";
    assert_eq!(
        warnings(&format!("{q}&cell_volume=8489.664&bands=128&atoms=64")),
        Vec::<String>::new()
    );
    // The default volume is 16 silicon atoms' (8 primitive cells), as its docs now say.
    assert_eq!(
        warnings(&format!("{q}&cell_volume=2122.416&bands=128&atoms=16")),
        Vec::<String>::new()
    );
    // Issue 39: 200 atoms in the 64-atom cell passed without a word. Less than 7 Å³ an atom
    // only diamond, cubic BN and BeO hold; so do the defaults' 64 atoms in 16 atoms' volume.
    for (atoms, volume, per_atom) in [
        (200, "8489.664", "42.448 bohr³ (6.29 Å³)"),
        (64, "2122.416", "33.162 bohr³ (4.91 Å³)"),
    ] {
        let w = warnings(&format!("{q}&cell_volume={volume}&bands=128&atoms={atoms}"));
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(
            w[0].starts_with(&format!(
                "{atoms} atoms in {volume} bohr³ leave {per_atom} an atom; below 7 Å³ an atom only diamond (5.67 Å³)"
            )),
            "{w:?}"
        );
        assert!(w[0].contains("CRC Handbook"), "{w:?}");
    }
    let defaults = warnings("mode=sim&method=planewave");
    assert!(
        defaults
            .iter()
            .any(|w| w.starts_with("64 atoms in 2122.416 bohr³")),
        "{defaults:?}"
    );
    // Silicon's own density, and copper's, pass: 150 atoms in the 64-atom cell is 8.4 Å³.
    assert!(warnings(&format!("{q}&cell_volume=8489.664&bands=160&atoms=150")).is_empty());
    // 256 atoms kept in the same volume with the same 128 bands.
    let grown = warnings(&format!("{q}&cell_volume=2122.416&bands=128&atoms=256"));
    assert_eq!(grown.len(), 1, "{grown:?}");
    assert!(
        grown[0].starts_with(
            "256 atoms in 2122.416 bohr³ is 0.1206 atoms per bohr³, 4.6 × diamond's 0.0261"
        ),
        "{grown:?}"
    );
    // Bands too few for even one electron per atom.
    let few = warnings(&format!("{q}&cell_volume=33958.656&bands=100&atoms=256"));
    assert_eq!(few.len(), 1, "{few:?}");
    assert!(
        few[0].starts_with(
            "100 bands for 256 atoms: fewer than even one valence electron per atom fills (128)"
        ),
        "{few:?}"
    );
    assert!(few[0].contains("'too few bands'"), "{few:?}");
}

#[test]
fn wrf_builds_four_byte_reals_and_splits_only_the_horizontal() {
    let s = scenario("mode=sim&code=wrf&nx=425&ny=300&nz=35&ranks=128&nodes=4");
    assert_eq!(s.dtype.bytes(), 4);
    // 16 ranks over a 400 × 400 × 40 grid: 4 × 4 patches of 100 × 100 whole columns, 3 ghost
    // rows in x and y only.
    let e = est("mode=sim&code=wrf&nx=400&ny=400&nz=40&ranks=16&nodes=1&fields=1&levels=1&work=0&rank_overhead=0&overhead=0");
    let ghost = (106 * 106 - 100 * 100) * 40;
    let faces = 2 * 3 * (100 * 40 + 100 * 40);
    assert_eq!(expect_part(&e, PartId::State), 16 * 100 * 100 * 40 * 4);
    assert_eq!(expect_part(&e, PartId::Halo), 16 * (ghost + 2 * faces) * 4);
    // Already in single precision: no saving suggested in it.
    let d = memcalc_core::answers::derived::derive(&s);
    assert!(
        d.savings
            .iter()
            .all(|v| !v.label.contains("Single precision")),
        "{:?}",
        d.savings.iter().map(|v| &v.label).collect::<Vec<_>>()
    );
}

#[test]
fn the_disk_bar_draws_what_the_disk_total_counts() {
    let e = est("v=2&preset=wrf-conus-12km&steps=10000&output_every=100&checkpoint_every=1000");
    let drawn: u64 = e
        .components
        .iter()
        .filter(|c| c.location == Location::Disk)
        .map(|c| c.bytes)
        .sum();
    assert_eq!(drawn, e.disk_bytes);
    let restart = e.component(PartId::Checkpoint).unwrap();
    let one = match &restart.values {
        memcalc_core::model::values::Values::Sim(p) => match p.rank {
            memcalc_core::model::values::sim::SimValues::Run(
                memcalc_core::model::values::sim::RunPart::Checkpoint(ref c),
            ) => c.restart_bytes,
            _ => panic!("not a restart part"),
        },
        _ => panic!("not a simulation part"),
    };
    assert_eq!(restart.bytes, 2 * one);
    assert!(memcalc_core::text::parts::formula(restart).starts_with("2 files × "));
}

#[test]
fn a_method_s_checks_speak_only_for_that_method() {
    // A grid too large for its own limit: the grid's error alone, none of the AMR levels'.
    let e = errors("mode=sim&method=grid&nx=10000000&ny=10000000&nz=100");
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].key(), "nx");
    // AMR levels over a grid that has none, plane-wave cutoffs beside a particle run.
    assert!(errors(
        "mode=sim&method=grid&nx=4096&ny=4096&nz=4096&amr_levels=10&ref_ratio=4&fill=100"
    )
    .is_empty());
    assert!(errors("mode=sim&method=particles&ecutwfc=40&ecutrho=20&kpoints=1&pools=4").is_empty());
    // The same checks still speak for their own method.
    assert_eq!(
        errors("mode=sim&method=amr&nx=4096&ny=4096&nz=4096&amr_levels=10&ref_ratio=4&fill=100")[0]
            .key(),
        "amr_levels"
    );
    assert_eq!(
        errors("mode=sim&method=planewave&ecutwfc=40&ecutrho=20")[0].key(),
        "ecutrho"
    );
}

#[test]
fn an_unedited_preset_links_as_itself_even_when_it_names_a_code() {
    for p in PRESETS {
        let s = memcalc_core::schema::query::preset_scenario(p)
            .unwrap_or_else(|| panic!("{}: its query does not parse", p.id));
        assert_eq!(s.link(Some(p)), format!("v=7&preset={}", p.id), "{}", p.id);
        assert!(!p.edited(&s), "{} reads as edited before any change", p.id);
    }
}

#[test]
fn a_plane_wave_runs_steps_are_named_scf_iterations() {
    use memcalc_core::inputs::fields::FieldId;
    use memcalc_core::inputs::Method;
    use memcalc_core::text::wording::{field_help_for, field_label_for};
    use memcalc_core::Mode;
    let steps = FieldId::Steps.field();
    assert_eq!(
        field_label_for(steps, Mode::Sim, Method::Planewave),
        "SCF iterations"
    );
    assert!(field_help_for(steps, Mode::Sim, Method::Planewave).starts_with("SCF iterations"));
    for m in [Method::Grid, Method::Particles, Method::Lbm] {
        assert_eq!(field_label_for(steps, Mode::Sim, m), "Time steps");
    }
    // The note under a stale verdict names the field as the form does.
    let mut i = memcalc_core::Inputs::from_typed_query("mode=sim&code=sparc").0;
    i.set(FieldId::Steps, "many");
    let note = memcalc_core::text::wording::left_out(&i.parse_lenient(None)).unwrap();
    assert!(note.contains("SCF iterations"), "{note}");
}
