//! The texts of a structured grid's parts.

use super::super::Template;
use crate::base::units::group_digits as g;
use crate::model::values::sim::{GridHalo, GridPart, GridState, GridWork};

const SRC_GRID: &str = "Cells × fields × bytes × (time levels + stage buffers) plus ghost layers of the subdomain (surface-to-volume); see e.g. Gropp, Lusk & Skjellum, Using MPI, ch. 4 (halo exchange)";

impl Template for GridPart {
    fn label(&self) -> &'static str {
        match self {
            GridPart::State(_) => "Prognostic state",
            GridPart::Work(_) => "Work arrays",
            GridPart::Halo(_) => "Halo (ghost cells)",
        }
    }
    fn formula(&self, bytes: u64) -> String {
        match self {
            GridPart::State(GridState {
                fields,
                levels,
                cells,
                b,
                ..
            }) => format!(
                "{fields} fields × {levels} levels × {} cells × {b} B = {} B",
                g(*cells),
                g(bytes)
            ),
            GridPart::Work(GridWork {
                arrays,
                cells_with_ghosts,
                b,
            }) => format!(
                "{arrays} arrays × {} cells (with ghosts) × {b} B = {} B",
                g(*cells_with_ghosts),
                g(bytes)
            ),
            GridPart::Halo(GridHalo {
                fields,
                levels,
                ghost_cells,
                face_cells,
                b,
                ..
            }) => format!(
                "{fields} fields × {levels} levels × {} ghost cells × {b} B + 2 × {fields} fields × {} face cells × {b} B (exchange buffers) = {} B",
                g(*ghost_cells),
                g(*face_cells),
                g(bytes)
            ),
        }
    }
    fn question(&self) -> &'static str {
        match self {
            GridPart::State(_) => "What is the state of a grid code?",
            GridPart::Work(_) => "What are work arrays?",
            GridPart::Halo(_) => "Why doesn't memory per rank fall as 1/N?",
        }
    }
    fn explanation(&self) -> String {
        match self {
            GridPart::State(v) => format!(
                "Every cell holds {} prognostic variables, kept at {} time levels or Runge–Kutta stages. {}.",
                v.fields,
                v.levels,
                v.shape.text()
            ),
            GridPart::Work(_) => "Diagnostics, fluxes, tendencies and scratch space that the solver allocates per cell alongside the state.".into(),
            GridPart::Halo(v) => format!(
                "Each subdomain carries {} ghost layers copied from its neighbours: {} ghost cells for {} owned. As ranks grow the subdomains shrink but their surface shrinks slower than their volume, so the ghost share rises.",
                v.layers,
                g(v.ghost_cells),
                g(v.owned_cells)
            ),
        }
    }
    fn source(&self) -> &'static str {
        SRC_GRID
    }
}
