//! The training data, where the run keeps it.

use crate::base::units::group_digits as g;
use crate::explain::parts::Template;
use crate::model::values::neural::Dataset;
use crate::scenario::DatasetOn;

pub const SRC_DATA: &str = "The data as stored: samples × bytes per sample; streaming keeps the batch in use and the next one";

impl Template for Dataset {
    fn label(&self) -> &'static str {
        "Training data"
    }
    fn formula(&self, bytes: u64) -> String {
        let stored = if self.samples > 0 {
            format!(
                "{} samples × {} B = {} B",
                g(self.samples),
                g(self.sample_bytes),
                g(bytes)
            )
        } else {
            format!("{} B as given = {} B", g(bytes), g(bytes))
        };
        match self.on {
            DatasetOn::Device => stored,
            DatasetOn::Host => format!("{stored}, once per node"),
            DatasetOn::Stream => format!(
                "2 × {} samples × {} B = {} B",
                g(self.batch),
                g(self.sample_bytes),
                g(bytes)
            ),
        }
    }
    fn question(&self) -> &'static str {
        "Does the training data count?"
    }
    fn explanation(&self) -> String {
        match self.on {
            DatasetOn::Device => "The whole training set is kept in GPU memory on every device, as many scientific training loops do to avoid the data loader.",
            DatasetOn::Host => "The training set is kept in host memory, once per node, and batches are copied to the GPU as they are used.",
            DatasetOn::Stream => "The data is streamed from storage: only the batch in use and the next one are held on the device.",
        }
        .into()
    }
    fn source(&self) -> &'static str {
        SRC_DATA
    }
}
