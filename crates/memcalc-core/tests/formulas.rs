//! Every part's shown formula multiplies out to its row's bytes: the formula is rendered from the
//! part's template over a corpus (every preset, pinned link, code profile, and the scenarios of
//! `tests/text_corpus.txt`: engines, frameworks, sharding, offload, quantisation, methods, and
//! every training or fine-tuning preset under every framework, QLoRA's weights row included), the
//! arithmetic before its last `=` is evaluated (numbers with their units, ×, ·, ÷, +, −,
//! parentheses; words are labels) and compared with the bytes. A formula whose numbers do not
//! give the row cannot be checked by hand, so it fails here.

use memcalc_core::catalog::codes::PROFILES;
use memcalc_core::catalog::framework::Framework;
use memcalc_core::explain::parts;
use memcalc_core::schema::presets::PRESETS;
use memcalc_core::{estimate, Choice, Inputs};

const LINKS: &str = include_str!("links_v1.txt");
const EXTRA: &str = include_str!("text_corpus.txt");

fn corpus() -> Vec<String> {
    let lines = |t: &'static str| {
        t.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split_whitespace().next().unwrap_or("").to_string())
    };
    let mut q: Vec<String> = PRESETS.iter().map(|p| p.query.to_string()).collect();
    // A framework changes the rows a preset shows (FP32 k-bit weights, chunked or fused
    // losses, offloaded checkpoints): each training preset under each framework.
    for p in PRESETS
        .iter()
        .filter(|p| !p.query.contains("mode=infer") && !p.query.contains("mode=sim"))
    {
        for f in Framework::ALL {
            q.push(format!("{}&framework={}", p.query, f.id()));
        }
    }
    q.extend(lines(LINKS));
    for p in PROFILES {
        q.push(format!("v=2&mode=sim&code={}", p.code.id()));
        q.push(format!(
            "v=2&mode=sim&code={}&ranks=64&nodes=4",
            p.code.id()
        ));
    }
    q.extend(lines(EXTRA));
    q
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Num(f64),
    Op(char),
    Open,
    Close,
    /// `max(` or `min(`: the larger or smaller of its comma-separated arguments.
    Func(bool),
    Comma,
}

/// A unit word after a number scales it to bytes (or to a plain count).
fn unit(word: &str) -> Option<f64> {
    Some(match word {
        "B" | "bytes" | "byte" => 1.0,
        "KiB" => 1024.0,
        "MiB" => 1024.0 * 1024.0,
        "GiB" => 1024.0 * 1024.0 * 1024.0,
        "TiB" => 1024.0f64.powi(4),
        "kB" | "KB" => 1e3,
        "MB" => 1e6,
        "GB" => 1e9,
        "TB" => 1e12,
        "bits" | "bit" => 1.0 / 8.0,
        "%" => 0.01,
        _ => return None,
    })
}

/// Numbers, operators and parentheses of a formula's left side; words are skipped, and a
/// number glued to letters (fp16, D3Q19, 2D) is part of a word.
fn tokens(text: &str) -> Vec<Tok> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut funcs: Vec<usize> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let starts_word = i == 0 || !chars[i - 1].is_alphanumeric() && chars[i - 1] != '_';
        if c.is_alphabetic() && starts_word {
            let mut k = i;
            while k < chars.len() && (chars[k].is_alphanumeric() || chars[k] == '_') {
                k += 1;
            }
            let word: String = chars[i..k].iter().collect();
            if (word == "max" || word == "min") && chars.get(k) == Some(&'(') {
                out.push(Tok::Func(word == "max"));
                depth += 1;
                funcs.push(depth);
                i = k + 1;
            } else {
                i = k;
            }
            continue;
        }
        if c.is_ascii_digit() && starts_word {
            let mut j = i;
            let mut s = String::new();
            while j < chars.len()
                && (chars[j].is_ascii_digit()
                    || (chars[j] == ',' || chars[j] == '.')
                        && j + 1 < chars.len()
                        && chars[j + 1].is_ascii_digit())
            {
                if chars[j] != ',' {
                    s.push(chars[j]);
                }
                j += 1;
            }
            if j < chars.len() && (chars[j].is_alphabetic() || chars[j] == '_') {
                // A word such as 16-bit? No: "fp16" starts with letters; here "2D", "3x".
                let mut k = j;
                while k < chars.len() && (chars[k].is_alphanumeric() || chars[k] == '_') {
                    k += 1;
                }
                let word: String = chars[j..k].iter().collect();
                if let Some(f) = unit(&word) {
                    out.push(Tok::Num(s.parse::<f64>().unwrap_or(f64::NAN) * f));
                }
                i = k;
                continue;
            }
            let mut v = s.parse::<f64>().unwrap_or(f64::NAN);
            // A unit word after a space: "2 B", "4 MiB", "4.5 bits", "10 %".
            let mut k = j;
            while k < chars.len() && chars[k] == ' ' {
                k += 1;
            }
            let mut e = k;
            while e < chars.len() && (chars[e].is_alphabetic() || chars[e] == '%') {
                e += 1;
            }
            let word: String = chars[k..e].iter().collect();
            if let Some(f) = unit(&word) {
                v *= f;
                j = e;
            }
            out.push(Tok::Num(v));
            i = j;
            continue;
        }
        match c {
            '×' | '·' | '*' => out.push(Tok::Op('*')),
            '÷' | '/' => out.push(Tok::Op('/')),
            '+' => out.push(Tok::Op('+')),
            '−' => out.push(Tok::Op('-')),
            '-' if i + 1 < chars.len() && chars[i + 1] == ' ' => out.push(Tok::Op('-')),
            '^' => out.push(Tok::Op('^')),
            '(' => {
                depth += 1;
                out.push(Tok::Open);
            }
            ')' => {
                if funcs.last() == Some(&depth) {
                    funcs.pop();
                }
                depth = depth.saturating_sub(1);
                out.push(Tok::Close);
            }
            ',' if funcs.last() == Some(&depth) => out.push(Tok::Comma),
            _ => {}
        }
        i += 1;
    }
    // A parenthesis of words only, "(ZeRO)", "(complex)", annotates the number before it.
    let mut kept: Vec<Tok> = Vec::new();
    for t in out {
        if t == Tok::Close && kept.last() == Some(&Tok::Open) {
            kept.pop();
        } else {
            kept.push(t);
        }
    }
    kept
}

/// sum := product (('+' | '-') product)*; product := power (('*' | '/') power)*;
/// power := atom ('^' atom)?; atom := number | '(' sum ')'. `None` where an operator lacks
/// a number (a formula written in words).
struct Parser {
    t: Vec<Tok>,
    i: usize,
}

impl Parser {
    fn sum(&mut self) -> Option<f64> {
        let mut v = self.product()?;
        while let Some(Tok::Op(o @ ('+' | '-'))) = self.t.get(self.i).cloned() {
            self.i += 1;
            let r = self.product()?;
            v = if o == '+' { v + r } else { v - r };
        }
        Some(v)
    }
    fn product(&mut self) -> Option<f64> {
        let mut v = self.power()?;
        loop {
            match self.t.get(self.i).cloned() {
                Some(Tok::Op(o @ ('*' | '/'))) => {
                    self.i += 1;
                    let r = self.power()?;
                    v = if o == '*' { v * r } else { v / r };
                }
                // Two numbers side by side ("2 layers 4 heads") are not arithmetic.
                Some(Tok::Num(_)) | Some(Tok::Open) | Some(Tok::Func(_)) => return None,
                _ => return Some(v),
            }
        }
    }
    fn power(&mut self) -> Option<f64> {
        let b = self.atom()?;
        if let Some(Tok::Op('^')) = self.t.get(self.i) {
            self.i += 1;
            let e = self.atom()?;
            return Some(b.powf(e));
        }
        Some(b)
    }
    fn atom(&mut self) -> Option<f64> {
        match self.t.get(self.i).cloned()? {
            Tok::Num(v) => {
                self.i += 1;
                Some(v)
            }
            Tok::Func(max) => {
                self.i += 1;
                let mut v = self.sum()?;
                while self.t.get(self.i) == Some(&Tok::Comma) {
                    self.i += 1;
                    let r = self.sum()?;
                    v = if max { v.max(r) } else { v.min(r) };
                }
                if self.t.get(self.i) == Some(&Tok::Close) {
                    self.i += 1;
                    Some(v)
                } else {
                    None
                }
            }
            Tok::Open => {
                self.i += 1;
                let v = self.sum()?;
                if self.t.get(self.i) == Some(&Tok::Close) {
                    self.i += 1;
                    Some(v)
                } else {
                    None
                }
            }
            _ => None,
        }
    }
}

/// The value of an arithmetic expression, if it is one.
fn value(text: &str) -> Option<f64> {
    let mut p = Parser {
        t: tokens(text),
        i: 0,
    };
    let v = p.sum()?;
    (p.i == p.t.len()).then_some(v)
}

/// The value of the arithmetic between a formula's last two `=`, if it is arithmetic.
fn evaluate(formula: &str) -> Option<f64> {
    let mut sides = formula.rsplitn(3, " = ");
    let _result = sides.next()?;
    value(sides.next()?)
}

/// The first number of a step of a chain ("4,936 B per rank × 8 ranks" gives 4,936).
fn lead(text: &str) -> Option<f64> {
    tokens(text).into_iter().find_map(|t| match t {
        Tok::Num(v) => Some(v),
        _ => None,
    })
}

fn close(v: f64, b: f64) -> bool {
    (v - b).abs() <= TOLERANCE * b.abs().max(1.0) + 1.0
}

/// The last step of a formula's arithmetic gives the row's bytes; where that step is a rank's
/// part times the ranks on a node (`a × b = c B per rank × n ranks per node = d B`), the rank's
/// own arithmetic gives the number it starts from. Earlier steps may name what is computed
/// ("one micro-batch of 512 tokens = …") and are not read. The failing step, if any.
fn chain(formula: &str, bytes: u64) -> Result<(), String> {
    let steps: Vec<&str> = formula.split(" = ").collect();
    if steps.len() < 2 {
        return Err("no arithmetic".into());
    }
    let n = steps.len();
    let from = if n >= 3 && steps[n - 2].contains(" per rank × ") {
        n - 3
    } else {
        n - 2
    };
    for w in steps[from..].windows(2) {
        let (v, next) = (value(w[0]), lead(w[1]));
        if !v.zip(next).is_some_and(|(v, n)| close(v, n)) {
            return Err(format!(
                "`{}` evaluates to {v:?}, the next step starts at {next:?}",
                w[0]
            ));
        }
    }
    let last = lead(steps[steps.len() - 1]);
    if !last.is_some_and(|l| close(l, bytes as f64)) {
        return Err(format!("ends at {last:?}"));
    }
    Ok(())
}

#[test]
fn the_evaluator_reads_the_formulas_it_is_for() {
    assert_eq!(
        evaluate("7,000,000,000 × 2 B = 14,000,000,000 B"),
        Some(14e9)
    );
    assert_eq!(
        evaluate("4 B × 1,234 parameters per layer = 4,936 B"),
        Some(4936.0)
    );
    assert_eq!(
        evaluate("300 MiB + 2 × (3 + 1) B = x"),
        Some(300.0 * 1048576.0 + 8.0)
    );
    assert_eq!(evaluate("10 fp16 values × 2 B = 20 B"), Some(20.0));
    assert_eq!(evaluate("8 bits × 1,000 = 1,000 B"), Some(1000.0));
    assert_eq!(evaluate("stored activations − one layer kept = 5 B"), None);
    assert_eq!(evaluate("2 layers 4 heads = 8 B"), None);
    assert_eq!(evaluate("70 × 2 B ÷ 7 (ZeRO) = 20 B"), Some(20.0));
    assert_eq!(
        evaluate("max(attention 3 B, output 5 B) × 2 = 10 B"),
        Some(10.0)
    );
    assert_eq!(
        evaluate("a = (2 × 3 B = 6 B) × 4 ranks per node = 24 B"),
        None
    );
}

/// Where shown operands are rounded (cells per rank, ratios to two places), the product may
/// differ from the exact bytes by the rounding of the numbers shown.
const TOLERANCE: f64 = 0.01;

#[test]
fn every_formula_multiplies_out_to_its_bytes() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for q in corpus() {
        let (inputs, _) = Inputs::from_query(&q);
        let Ok(s) = inputs.parse() else { continue };
        let e = estimate(&s);
        for c in &e.components {
            let f = parts::formula(c);
            checked += 1;
            if let Err(why) = chain(&f, c.bytes) {
                wrong.push(format!(
                    "{} [{}]: {f}  (bytes {}; {why})",
                    c.id.key(),
                    q,
                    c.bytes
                ));
            }
        }
    }
    assert!(checked > 500, "the corpus renders {checked} parts");
    wrong.sort();
    wrong.dedup();
    assert!(
        wrong.is_empty(),
        "{} formulas of {checked} do not give their bytes:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// A quantized base's weights row says which weights stay unquantized and at what width, and
/// its formula counts them at that width: FP32 (4 B) where PEFT's k-bit preparation upcasts
/// them (`kbit_fp32=on`, which TRL, Axolotl and the Trainer imply), 16-bit (2 B) otherwise. The
/// corpus must reach both, QLoRA under every framework included.
#[test]
fn quantized_weights_name_the_width_of_what_stays_unquantized() {
    let (mut fp32, mut half) = (0, 0);
    for q in corpus() {
        let (inputs, _) = Inputs::from_query(&q);
        let Ok(s) = inputs.parse() else { continue };
        let e = estimate(&s);
        let Some(c) = e
            .components
            .iter()
            .find(|c| c.id == memcalc_core::PartId::Weights)
        else {
            continue;
        };
        let (f, x) = (parts::formula(c), parts::explanation(c));
        if !f.contains(" unquantized × ") {
            continue;
        }
        let four = f.contains(" unquantized × 4 B (FP32: PEFT k-bit upcast)");
        let two = f.contains(" unquantized × 2 B");
        assert!(four != two, "[{q}] {f}");
        assert_eq!(four, s.mech.kbit_fp32, "[{q}] {f}");
        if four {
            fp32 += 1;
            assert!(x.contains("upcast to FP32 (4 B each)"), "[{q}] {x}");
        } else {
            half += 1;
            assert!(x.contains("kept in 16-bit (2 B each)"), "[{q}] {x}");
        }
        assert!(chain(&f, c.bytes).is_ok(), "[{q}] {f}");
    }
    assert!(fp32 > 0 && half > 0, "FP32 {fp32}, 16-bit {half}");
}
