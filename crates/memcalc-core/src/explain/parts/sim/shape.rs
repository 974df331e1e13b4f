//! The one-line summaries of a simulation's decomposition (the estimate's "figures are for"
//! line and the state's explanation share them), written from the shape's values.

use crate::base::units::group_digits as g;
use crate::model::values::sim::{
    AmrShape, GridShape, LbmShape, MdShape, MeshShape, NbodyShape, PwShape, SimShape, SpectralShape,
};

impl AmrShape {
    /// The summary line of the hierarchy (the estimate's `busiest` and the state's explanation
    /// share it; it moves to `explain` once the summary is typed).
    pub(crate) fn text(&self) -> String {
        let g = crate::base::units::group_digits;
        format!(
            "{} blocks of {}{} cells over {} level{} ({} cells{}), {} blocks on the busiest rank",
            g(self.blocks),
            self.edge,
            if self.dims == 2 { "²" } else { "³" },
            self.max_level + 1,
            if self.max_level == 0 { "" } else { "s" },
            g(self.cells),
            if self.finest > 0 {
                format!("; finest level {}", g(self.finest))
            } else {
                String::new()
            },
            g(self.per_rank),
        )
    }
}

impl GridShape {
    /// The summary line of the decomposition.
    pub(crate) fn text(&self) -> String {
        let g = crate::base::units::group_digits;
        format!(
            "{}×{}×{} cells over a {}×{}×{} rank grid, about {} cells and {} ghost cells per rank",
            self.nx,
            self.ny,
            self.nz,
            self.px,
            self.py,
            self.pz,
            g(self.owned_cells),
            g(self.ghost_cells)
        )
    }
}

impl LbmShape {
    /// The summary line of the decomposition.
    pub(crate) fn text(&self) -> String {
        format!(
            "{}×{}×{} cells over a {}×{}×{} rank grid",
            self.nx, self.ny, self.nz, self.px, self.py, self.pz
        )
    }
}

impl MeshShape {
    /// The summary line of the decomposition.
    pub(crate) fn text(&self) -> String {
        let g = crate::base::units::group_digits;
        format!(
            "{} cells per rank, {} unknown-carrying points, {} unknowns",
            g(self.cells),
            g(self.points),
            g(self.unknowns)
        )
    }
}

impl SimShape {
    /// The summary line (it moves to `explain` once the estimate's summary is typed).
    pub(crate) fn text(&self) -> String {
        match self {
            SimShape::Grid(s) => s.text(),
            SimShape::Lbm(s) => s.text(),
            SimShape::Mesh(s) => s.text(),
            SimShape::Spectral(s) => s.text(),
            SimShape::Particles(s) => s.text(),
            SimShape::Planewave(s) => s.text(),
            SimShape::Amr(s) => s.text(),
            SimShape::Nbody(s) => s.text(),
        }
    }
}

impl NbodyShape {
    /// The summary line of the busiest task (the estimate's `busiest` and the particles'
    /// explanation share it; it moves to `explain` once the summary is typed).
    pub(crate) fn text(&self) -> String {
        let g = crate::base::units::group_digits;
        format!(
            "{} particles, {} particle slots and {} tree nodes per task{}",
            g(self.particles),
            g(self.slots),
            g(self.nodes),
            if self.pm_grid > 0 {
                format!(
                    ", a {}³ PM grid in {} slab{} per task",
                    self.pm_grid,
                    g(self.slabs),
                    if self.slabs == 1 { "" } else { "s" }
                )
            } else {
                String::new()
            }
        )
    }
}

impl MdShape {
    /// The summary line of the decomposition.
    pub(crate) fn text(&self) -> String {
        let g = crate::base::units::group_digits;
        format!(
            "{} particles in a box of side {} over a {}×{}×{} rank grid: {} local and {} ghost particles per rank",
            g(self.particles),
            crate::base::units::format_fixed(self.side_milli, 3),
            self.px,
            self.py,
            self.pz,
            g(self.local),
            g(self.ghosts)
        )
    }
}

impl PwShape {
    /// The summary line of the run (the estimate's `busiest` and every term's explanation
    /// share it; it moves to `explain` once the summary is typed).
    pub(crate) fn text(&self) -> String {
        let s = |n: u64, many: &'static str| if n == 1 { "" } else { many };
        match *self {
            PwShape::Abinit { plane_waves, fft, mkmem, processes } => format!(
                "{} plane waves per k-point (mpw), a {}-point FFT grid, both whole on every process; {mkmem} k-point{} per process (mkmem) over {} process{}",
                g(plane_waves), g(fft), s(mkmem, "s"), g(processes), s(processes, "es")
            ),
            PwShape::Sparc { grid, states, kpoints, groups, band_groups, processes } => format!(
                "{} real-space grid points, {} states, {} k-point{}; {groups} spin/k-point group{} × {band_groups} band group{} over {} process{}",
                g(grid), g(states), g(kpoints), s(kpoints, "s"), s(groups, "s"), s(band_groups, "s"), g(processes), s(processes, "es")
            ),
            PwShape::Pwx { plane_waves, g_vectors, fft, kpoints_per_pool, pools, ranks_per_pool } => format!(
                "{} plane waves per k-point, {} G vectors, a {}-point FFT grid; {kpoints_per_pool} k-point{} per pool over {pools} pool{} of {} rank{}",
                g(plane_waves), g(g_vectors), g(fft), s(kpoints_per_pool, "s"), s(pools, "s"), g(ranks_per_pool), s(ranks_per_pool, "s")
            ),
        }
    }
}

impl SpectralShape {
    /// The summary line of the decomposition.
    pub(crate) fn text(&self) -> String {
        let g = crate::base::units::group_digits;
        format!(
            "{}×{}×{} grid, {} points per rank",
            self.nx,
            self.ny,
            self.nz,
            g(self.points)
        )
    }
}
