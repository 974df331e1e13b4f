//! The values of a pseudo-spectral run's parts.

/// A pseudo-spectral part's values.
#[derive(Debug, Clone, PartialEq)]
pub enum SpectralPart {
    Fields(SpectralFields),
    Fft(SpectralFft),
    Work(SpectralWork),
}

/// The grid, as the explanation describes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpectralShape {
    pub nx: u64,
    pub ny: u64,
    pub nz: u64,
    /// Points of the busiest rank.
    pub points: u64,
}

/// Every field in physical and spectral space at every time level.
#[derive(Debug, Clone, PartialEq)]
pub struct SpectralFields {
    pub fields: u64,
    pub levels: u64,
    /// One field's bytes on the busiest rank, both spaces.
    pub field_bytes: u64,
    pub shape: SpectralShape,
}

/// Three complex arrays on the (padded) transform grid.
#[derive(Debug, Clone, PartialEq)]
pub struct SpectralFft {
    pub padded_points: u64,
    pub b: u64,
    /// Transforms on a 3/2-padded grid.
    pub dealias: bool,
}

/// Work arrays over the rank's points.
#[derive(Debug, Clone, PartialEq)]
pub struct SpectralWork {
    pub arrays: u64,
    pub points: u64,
    pub b: u64,
}
