//! LAMMPS's neighbour-list builds (issue 37): every few steps each local atom's list is rebuilt
//! by binning the atoms and testing every atom of the bins around its own, so a build computes
//! several times the distances of one pair-loop step. Counted from LAMMPS's source, charged at
//! the pair loop's own rate, and spread over the steps between builds (`neigh_every`).
//!
//! Sources (lammps/lammps): `src/nbin_standard.cpp` (`NBinStandard::setup_bins`: with no
//! `neigh_modify binsize`, the bin is half the neighbour cutoff, `binsize_optimal = 0.5 *
//! cutneighmax`); `src/nstencil.cpp` (`NStencil::create_setup`: sx = ⌈cutneighmax ÷ binsize⌉
//! bins each way; `bin_distance`: the closest distance between two bins) and
//! `src/nstencil_bin.cpp` (the half stencil keeps the bins with k > 0, or k = 0 and j > 0, or
//! k = j = 0 and i > 0, whose closest distance is within the cutoff; the full stencil all of
//! them, the atom's own bin included); `src/npair_bin.cpp` (`NPairBin::build`, half/newton: the
//! rest of the atom's own bin, then every atom of the stencil's bins, one distance each, stored
//! when within the cutoff).

/// Default steps between builds: GROMACS's `nstlist` default of 10 (mdp options, "nstlist
/// (10)"); LAMMPS's own benchmark logs with its distance check (`neigh_modify delay 5 every 1
/// check yes`, lammps/lammps `bench/POTENTIALS/log.16Mar18.lj.1` and `log.16Mar18.eam.1`:
/// "Neighbor list builds = 11" and "= 13" over 100 steps) rebuild every 8 to 9 steps.
pub const DEFAULT_NEIGH_EVERY: u64 = 10;

/// What one candidate of a build costs, in listed Lennard-Jones pairs of the pair loop: a
/// candidate is one distance like a listed pair's, plus the bin walk and the list's store.
/// LAMMPS's own timing breakdowns ("MPI task timing breakdown", Neigh over builds against Pair
/// over steps) put a candidate at 0.94 of a listed pair (`bench/log.15Jul25.lj.fixed.g++.1`:
/// 25.5 ms a build of 4.62 M candidates, 7.05 ms a step of 1.20 M pairs), 0.79 (`bench/
/// POTENTIALS/log.16Mar18.lj.1`, delay 5 every 1: 38.0 ms a build, 12.6 ms a step) and 0.88 on
/// this project's Zen 4 VM (docs/accuracy/lammps/out-z4, LAMMPS 29 Sep 2021): about one, on
/// three machines and three versions. Charged as one: the build runs at the pair loop's rate.
pub const CANDIDATE_PAIRS: f64 = 1.0;

/// Bins of LAMMPS's stencil with the default bin (half the neighbour cutoff): 2 bins each way,
/// kept where their closest distance is within the cutoff. `half`: the half stencil of a
/// Newton half list (the atom's own bin apart); else the full stencil, own bin included.
pub fn stencil_bins(half: bool) -> u64 {
    // Bin side 1/2 of the cutoff: a bin offset i contributes (|i| − 1) bin sides to the
    // closest distance (0 for i = 0), and the cutoff is 2 sides: (2 sides)² = 4.
    let reach = |i: i64| if i == 0 { 0 } else { (i.abs() - 1) * (i.abs() - 1) };
    let mut n = 0;
    for k in -2i64..=2 {
        for j in -2i64..=2 {
            for i in -2i64..=2 {
                if half && !(k > 0 || (k == 0 && j > 0) || (k == 0 && j == 0 && i > 0)) {
                    continue;
                }
                if reach(i) + reach(j) + reach(k) < 4 {
                    n += 1;
                }
            }
        }
    }
    n
}

/// Distances one local atom's build computes: the atoms of its stencil's bins (each bin
/// `(reach / 2)³ × density` atoms), and for a half list half of the others in its own bin.
pub fn candidates_per_atom(reach: f64, density: f64, half: bool) -> f64 {
    let per_bin = density * (reach / 2.0).powi(3);
    let own = if half {
        (per_bin - 1.0).max(0.0) / 2.0
    } else {
        -1.0
    };
    (stencil_bins(half) as f64 * per_bin + own).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_bins_give_lammps_stencils() {
        // Every bin of the 5 × 5 × 5 block is within the cutoff at half-cutoff bins (the
        // farthest corner's closest distance is √3 sides < 2): 125 in full, 62 in the half.
        assert_eq!(stencil_bins(false), 125);
        assert_eq!(stencil_bins(true), 62);
    }

    #[test]
    fn the_lj_bench_build_tests_144_atoms_an_atom() {
        // bench/in.lj: density 0.8442, cutoff 2.5 + skin 0.3; bins of 1.4 hold 2.32 atoms.
        let c = candidates_per_atom(2.8, 0.8442, true);
        assert!((c - 144.3).abs() < 0.1, "{c}");
    }
}
