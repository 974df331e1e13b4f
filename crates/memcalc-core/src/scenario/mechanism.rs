//! Which program's mechanisms a scenario's figures come from: a serving engine (inference), a
//! training framework (training and fine-tuning), or a simulation code (its method where no code
//! is named). The accuracy rows of `docs/accuracy.md` are grouped by it into the classes whose
//! bands `analysis::band` computes, and the estimate carries it so every face can say the
//! band of its total.

use crate::base::choice::Choice;
use crate::scenario::{Mode, Scenario};

/// The program whose mechanisms make a scenario's figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Program {
    Engine(crate::scenario::serving::Engine),
    Framework(crate::catalog::framework::Framework),
    Code(crate::catalog::codes::Code),
    Method(crate::scenario::sim::Method),
}

impl Program {
    /// The class key's part, e.g. `engine=llamacpp`, as the rows' queries spell it.
    pub fn key(self) -> String {
        match self {
            Program::Engine(e) => format!("engine={}", e.id()),
            Program::Framework(f) => format!("framework={}", f.id()),
            Program::Code(c) => format!("code={}", c.id()),
            Program::Method(m) => format!("method={}", m.id()),
        }
    }
}

/// A scenario's mode and program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mechanism {
    pub mode: Mode,
    pub program: Program,
    /// llama.cpp on Apple silicon: its prefill runs Metal's matrix kernels, not CUDA's cuBLAS
    /// and MMQ, so its prefill rows are a class of their own (`analysis::band::class_key`).
    pub metal: bool,
}

impl Scenario {
    /// The program whose mechanisms make this scenario's figures: inference by its engine,
    /// training and fine-tuning by their framework, a simulation by its code (or its method
    /// when the code is the generic one).
    pub fn mechanism(&self) -> Mechanism {
        use crate::catalog::codes::Code;
        let program = match self.mode {
            Mode::Infer => Program::Engine(self.engine),
            Mode::Train | Mode::Finetune => Program::Framework(self.mech.framework),
            Mode::Sim if self.sim.code == Code::Generic => Program::Method(self.sim.method),
            Mode::Sim => Program::Code(self.sim.code),
        };
        let metal = self.mode == Mode::Infer
            && self.engine == crate::scenario::serving::Engine::Llamacpp
            && crate::catalog::hardware::gpu_hardware(self.device.preset.id)
                .is_some_and(|hw| hw.vendor == crate::catalog::hardware::Vendor::Apple);
        Mechanism {
            mode: self.mode,
            program,
            metal,
        }
    }
}

impl Default for Mechanism {
    fn default() -> Self {
        Scenario::default().mechanism()
    }
}
