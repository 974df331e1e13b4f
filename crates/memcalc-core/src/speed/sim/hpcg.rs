//! The bytes one CG iteration of each HPCG implementation moves (`hpcg_code`), counted kernel
//! by kernel from its source: every stored matrix entry a kernel reads (an FP64 value and a
//! 32-bit column index, 12 B), every 8-byte vector or diagonal element it reads or writes,
//! every 4-byte integer it reads (diagonal positions, permutations, restriction maps). The
//! optimized codes store the same matrix and run the same CG, but their multigrid reads it
//! fewer times. HPCG's rating divides the reference FLOP count by the time whichever code runs
//! (`src/ReportResults.cpp`, the same in both vendors' copies), so only the bytes follow the
//! implementation, never the FLOPs.
//!
//! Sources:
//! - Reference, HPCG 3.1 `src/ReportResults.cpp` (memory bandwidth model, kept as it counts:
//!   per upper level a pre- and a post-smoother of two matrix passes each and one row vector
//!   read, the residual's matrix pass and one vector read, one vector written by the
//!   pre-smoother and one per nonzero by the residual and the post-smoother; on the coarsest
//!   level one symmetric sweep); `src/ComputeMG_ref.cpp` (the V-cycle).
//! - NVIDIA HPCG (github:NVIDIA/nvidia-hpcg, commit b0eb5c5): `src/OptimizeProblem.cpp`
//!   (`OptimizeProblemGpu`: the matrix as sliced ELL of `HPCG_MAX_ROW_LEN` = 27 entries a row
//!   with `CUSPARSE_INDEX_32I` indices, its strict lower and upper triangles as two more sliced
//!   ELL matrices `matL` and `matU`, the triangular solves analysed on them with the diagonal
//!   given apart by `cusparseSpSV_updateMatrix`); `src/ComputeMG.cpp` (`ComputeMG`: step 1,
//!   restriction, the coarser level, prolongation, step 0; the coarsest level step 1 alone);
//!   `src/ComputeSYMGS.cpp` (`ComputeSYMGS_Gpu`, step 1: SpSV with D + L from r, `SpmvDiagCuda`,
//!   SpSV with D + U, then `cusparseSpMV` with L adds L·x to the D + U product it kept, which
//!   is A·x for the residual; step 0: SpMV with U, `AxpbyCuda` r − U·x, SpSV with D + L,
//!   `SpFmaCuda` adds D·x, SpSV with D + U); `src/CudaKernels.cu` (`computeRestriction_kernel`
//!   and `computeProlongation_kernel` touch only the coarse points through `f2cPerm`);
//!   `src/CG.cpp` (the reference's three dot products and three WAXPBYs, each its own kernel);
//!   `src/Geometry.hpp` (`local_int_t` is `int`). The Grace CPU path (`ComputeSYMGS_Cpu`, NVPL
//!   Sparse, slices of 8 rows) runs the same steps.
//! - rocHPCG (github:ROCm/rocHPCG, commit a918f7f): `src/SparseMatrix.cpp` (`ConvertToELL`:
//!   column-major ELL of width 27; `ExtractDiagonal`: `diag_idx` and `inv_diag`);
//!   `src/Permute.cpp` (`kernel_perm_cols` sorts each row's columns after the multicolour
//!   permutation, so its lower entries come before the diagonal); `src/ComputeMG.cpp`
//!   (`ComputeSYMGSZeroGuess`, `ComputeFusedSpMVRestriction`, the coarser level,
//!   `ComputeProlongation`, one `ComputeSYMGS`); `src/ComputeSYMGS.cpp`
//!   (`kernel_forward_sweep_0` reads the entries before `diag_idx` and the diagonal's value,
//!   `kernel_backward_sweep_0` the diagonal's value and the entries after it;
//!   `kernel_symgs_sweep` reads all 27 column indices and the 26 off-diagonal values, dividing
//!   by `inv_diag`); `src/ComputeRestriction.cpp` (`kernel_fused_restrict_spmv`: the residual
//!   only at the coarse points, through `f2cOperator` and both levels' `perm`);
//!   `src/ComputeProlongation.cpp`; `src/CG.cpp` and `src/ComputeWAXPBY.cpp`
//!   (`ComputeFusedWAXPBYDot`: r − α·Ap and r·r in one pass); `src/Geometry.hpp`.
//! - Both multicolour orderings (NVIDIA's 8 colours, `ColorMatrixCuda`; rocHPCG's
//!   Jones–Plassmann–Luby colours, `src/MultiColoring.cpp`) only renumber the rows: every
//!   off-diagonal pair is one row's lower and the other row's upper entry, so a triangle holds
//!   13 of a row's 26 off-diagonal entries on average in any ordering. Each product still
//!   counts its gathered input once, as HPCG's model does; a colour's rows gather from the
//!   other colours' parts of the vector, which the caches may not hold (not counted).

use crate::catalog::hardware::Vendor;
use crate::scenario::sim::HpcgCode;

/// Bytes of one stored entry: an FP64 value and a 32-bit local column index (all three codes'
/// `local_int_t` is `int`).
pub const ENTRY: f64 = 12.0;
/// Entries a row stores: HPCG's 27-point stencil, the ELL width of both optimized codes.
pub const ROW: f64 = 27.0;
/// Entries of a row's strict lower (or upper) triangle, on average: half its 26 neighbours.
pub const TRIANGLE: f64 = 13.0;
/// Coarse points per fine row: HPCG coarsens by 2 in each direction (`GenerateCoarseProblem`).
const COARSE: f64 = 1.0 / 8.0;

/// One kernel's traffic per row of its level.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Kernel {
    pub name: &'static str,
    /// The share of the level's rows it visits (the restriction and prolongation: the coarse
    /// points).
    pub share: f64,
    /// Stored entries read, value and index.
    pub entries: f64,
    /// 8-byte vector and diagonal elements read or written.
    pub doubles: f64,
    /// 4-byte integers read.
    pub ints: f64,
}

impl Kernel {
    /// Bytes per row of the level.
    pub fn bytes(&self) -> f64 {
        self.share * (self.entries * ENTRY + self.doubles * 8.0 + self.ints * 4.0)
    }
}

const fn k(name: &'static str, share: f64, entries: f64, doubles: f64, ints: f64) -> Kernel {
    Kernel {
        name,
        share,
        entries,
        doubles,
        ints,
    }
}

const REFERENCE_UPPER: &[Kernel] = &[
    k(
        "pre-smoother: symmetric Gauss–Seidel",
        1.0,
        2.0 * ROW,
        2.0,
        0.0,
    ),
    k(
        "residual: SpMV, a write per nonzero",
        1.0,
        ROW,
        1.0 + ROW,
        0.0,
    ),
    k(
        "post-smoother: symmetric Gauss–Seidel, a write per nonzero",
        1.0,
        2.0 * ROW,
        1.0 + ROW,
        0.0,
    ),
];
const REFERENCE_COARSEST: &[Kernel] = &[k("symmetric Gauss–Seidel", 1.0, 2.0 * ROW, 2.0, 0.0)];

const NVIDIA_UPPER: &[Kernel] = &[
    k(
        "SpSV (D + L): L, D, r read, t written",
        1.0,
        TRIANGLE,
        3.0,
        0.0,
    ),
    k("SpmvDiag: t ← D·t", 1.0, 0.0, 3.0, 0.0),
    k(
        "SpSV (D + U): U, D, t read, x written",
        1.0,
        TRIANGLE,
        3.0,
        0.0,
    ),
    k("SpMV L: Axf ← t + L·x (A·x)", 1.0, TRIANGLE, 3.0, 0.0),
    k(
        "restriction: r − A·x at the coarse points",
        COARSE,
        0.0,
        3.0,
        1.0,
    ),
    k(
        "prolongation: x += xc at the coarse points",
        COARSE,
        0.0,
        3.0,
        1.0,
    ),
    k("SpMV U: Axf ← U·x", 1.0, TRIANGLE, 2.0, 0.0),
    k("Axpby: t ← r − Axf", 1.0, 0.0, 3.0, 0.0),
    k(
        "SpSV (D + L): L, D, t read, x written",
        1.0,
        TRIANGLE,
        3.0,
        0.0,
    ),
    k("SpFma: Axf += D·x", 1.0, 0.0, 4.0, 0.0),
    k(
        "SpSV (D + U): U, D, Axf read, x written",
        1.0,
        TRIANGLE,
        3.0,
        0.0,
    ),
];
const NVIDIA_COARSEST: &[Kernel] = &[
    k("SpSV (D + L)", 1.0, TRIANGLE, 3.0, 0.0),
    k("SpmvDiag", 1.0, 0.0, 3.0, 0.0),
    k("SpSV (D + U)", 1.0, TRIANGLE, 3.0, 0.0),
];

/// The zero-guess sweep: forward over each row's lower entries, backward over its upper
/// ones, each with the diagonal's position and value, the right-hand side or the solution.
const ROCM_ZERO_GUESS: [Kernel; 2] = [
    k(
        "forward_sweep_0: lower entries, diagonal, r read, x written",
        1.0,
        TRIANGLE,
        3.0,
        1.0,
    ),
    k(
        "backward_sweep_0: diagonal, upper entries, x read and written",
        1.0,
        TRIANGLE,
        3.0,
        1.0,
    ),
];
const ROCM_UPPER: &[Kernel] = &[
    ROCM_ZERO_GUESS[0],
    ROCM_ZERO_GUESS[1],
    // Each coarse row reads its fine row's 27 entries, r, the 8 fine points of x its
    // neighbourhood covers, three maps, and writes rc.
    k(
        "fused SpMV and restriction at the coarse points",
        COARSE,
        ROW,
        2.0 + 8.0,
        3.0,
    ),
    k("prolongation at the coarse points", COARSE, 0.0, 3.0, 3.0),
    k(
        "symgs_sweep forward: 27 indices, 26 values, r, inv_diag, x",
        1.0,
        ROW - 1.0,
        3.0,
        1.0,
    ),
    k("symgs_sweep backward", 1.0, ROW - 1.0, 3.0, 1.0),
];
const ROCM_COARSEST: &[Kernel] = &[ROCM_ZERO_GUESS[0], ROCM_ZERO_GUESS[1]];

/// The kernels of one V-cycle on a level with a coarser one below, and on the coarsest.
pub fn kernels(code: HpcgCode) -> (&'static [Kernel], &'static [Kernel]) {
    match code {
        HpcgCode::Reference => (REFERENCE_UPPER, REFERENCE_COARSEST),
        HpcgCode::Nvidia => (NVIDIA_UPPER, NVIDIA_COARSEST),
        HpcgCode::Rocm => (ROCM_UPPER, ROCM_COARSEST),
    }
}

/// Bytes per row of a level.
pub fn level_bytes(kernels: &[Kernel]) -> f64 {
    kernels.iter().map(Kernel::bytes).sum()
}

/// Vector passes of CG besides the preconditioner: 3 dot products of 2 reads, 3 WAXPBYs of 2
/// reads and a write, the SpMV's input and output (17); rocHPCG fuses r − α·Ap with r·r,
/// which saves r's two reads by the dot.
pub fn cg_passes(code: HpcgCode) -> f64 {
    match code {
        HpcgCode::Rocm => 15.0,
        HpcgCode::Reference | HpcgCode::Nvidia => 17.0,
    }
}

/// Bytes of one V-cycle over levels of `rows` (fine first).
pub fn multigrid_bytes(code: HpcgCode, levels: &[f64]) -> f64 {
    let (upper, coarsest) = kernels(code);
    let Some((last, above)) = levels.split_last() else {
        return 0.0;
    };
    above.iter().sum::<f64>() * level_bytes(upper) + last * level_bytes(coarsest)
}

/// The code a run is assumed to use where `hpcg_code` is empty: the reference on CPUs, and
/// on a GPU its vendor's, since the reference has no GPU path.
pub fn default_code(gpu: bool, vendor: Vendor) -> HpcgCode {
    match (gpu, vendor) {
        (false, _) => HpcgCode::Reference,
        (true, Vendor::Nvidia) => HpcgCode::Nvidia,
        (true, Vendor::Amd) => HpcgCode::Rocm,
        // No vendor HPCG for Metal: the reference code.
        (true, Vendor::Apple) => HpcgCode::Reference,
    }
}

/// The implementation a solve counts, and whether it was assumed from the device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HpcgChoice {
    pub code: HpcgCode,
    pub assumed: bool,
    pub gpu: bool,
}

impl HpcgChoice {
    pub fn of(picked: Option<HpcgCode>, gpu: bool, vendor: Vendor) -> HpcgChoice {
        HpcgChoice {
            code: picked.unwrap_or_else(|| default_code(gpu, vendor)),
            assumed: picked.is_none(),
            gpu,
        }
    }

    /// Whether a CPU core sums each row in order: only the reference's loops do; both
    /// optimized codes sweep a colour's rows in parallel (vectorised on a CPU).
    pub fn chains(&self) -> bool {
        self.code == HpcgCode::Reference
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_follows_the_device() {
        assert_eq!(default_code(false, Vendor::Nvidia), HpcgCode::Reference);
        assert_eq!(default_code(false, Vendor::Amd), HpcgCode::Reference);
        assert_eq!(default_code(true, Vendor::Nvidia), HpcgCode::Nvidia);
        assert_eq!(default_code(true, Vendor::Amd), HpcgCode::Rocm);
        let picked = HpcgChoice::of(Some(HpcgCode::Nvidia), false, Vendor::Amd);
        assert!(!picked.assumed && !picked.chains());
    }
}
