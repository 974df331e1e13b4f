//! The texts of a pseudo-spectral run's parts.

use super::super::Template;
use crate::base::units::group_digits as g;
use crate::model::values::sim::{SpectralFft, SpectralFields, SpectralPart, SpectralWork};

const SRC_FFT: &str = "Pseudo-spectral codes keep fields in physical and spectral space, transforms on a 3/2-padded grid for dealiasing (Orszag 1971) with transpose buffers of pencil decompositions (P3DFFT, 2DECOMP&FFT)";

impl Template for SpectralPart {
    fn label(&self) -> &'static str {
        match self {
            SpectralPart::Fields(_) => "Fields (physical and spectral)",
            SpectralPart::Fft(_) => "FFT buffers",
            SpectralPart::Work(_) => "Work arrays",
        }
    }
    fn formula(&self, bytes: u64) -> String {
        match self {
            SpectralPart::Fields(SpectralFields {
                fields,
                levels,
                field_bytes,
                ..
            }) => format!(
                "{fields} fields × {levels} levels × {} B = {} B",
                g(*field_bytes),
                g(bytes)
            ),
            SpectralPart::Fft(SpectralFft {
                padded_points, b, ..
            }) => format!(
                "3 × {} padded points × 2 × {b} B (complex) = {} B",
                g(*padded_points),
                g(bytes)
            ),
            SpectralPart::Work(SpectralWork { arrays, points, b }) => format!(
                "{arrays} arrays × {} points × {b} B = {} B",
                g(*points),
                g(bytes)
            ),
        }
    }
    fn question(&self) -> &'static str {
        match self {
            SpectralPart::Fields(_) => "Why are fields stored twice?",
            SpectralPart::Fft(_) => "What do the transforms need?",
            SpectralPart::Work(_) => "What are work arrays?",
        }
    }
    fn explanation(&self) -> String {
        match self {
            SpectralPart::Fields(v) => format!(
                "A pseudo-spectral code keeps each field in physical space and as Fourier coefficients, at {} time levels or stages. {}.",
                v.levels,
                v.shape.text()
            ),
            SpectralPart::Fft(v) => format!(
                "Nonlinear terms are computed on a grid {} to remove aliasing errors, and distributed FFTs transpose data between pencils through send and receive buffers.",
                if v.dealias {
                    "padded by 3/2 in each direction"
                } else {
                    "without padding (dealiasing off)"
                }
            ),
            SpectralPart::Work(_) => "Right-hand sides, nonlinear products and diagnostics.".into(),
        }
    }
    fn source(&self) -> &'static str {
        SRC_FFT
    }
}
