//! What one change of the page costs natively, per preset: the app's estimate and derived
//! answers, the core worker's whole time answer, and the part of it that repeats the app's work (the
//! query read again, the estimate, the savings' and the sweep's bytes). `cargo run --release
//! -p memcalc-worker --example cost`.

use std::hint::black_box;
use std::time::Instant;

use memcalc_core::analysis::derived::{derive, savings};
use memcalc_core::analysis::scaling::scaling;
use memcalc_core::{estimate, Inputs};

/// Microseconds per call: the best of 7 runs of `n` calls (the machine is shared).
fn per_call(n: u32, mut f: impl FnMut()) -> f64 {
    f();
    (0..7)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..n {
                f();
            }
            t.elapsed().as_secs_f64() * 1e6 / f64::from(n)
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let n = 10;
    println!("| preset | parse µs | estimate µs | derive µs | time answer µs | its savings µs | its sweep µs |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let mut sum = [0.0; 6];
    for p in memcalc_core::schema::presets::PRESETS {
        let q = format!("{}&scaling_y=time", p.query);
        let s = Inputs::from_query(&q).0.parse().unwrap();
        let row = [
            per_call(n, || {
                black_box(Inputs::from_query(black_box(&q)).0.parse().ok());
            }),
            per_call(n, || {
                black_box(estimate(black_box(&s)));
            }),
            per_call(n, || {
                black_box(derive(black_box(&s)));
            }),
            per_call(n, || {
                black_box(memcalc_worker::time_answer(black_box(&q)));
            }),
            per_call(n, || {
                black_box(savings(black_box(&s)));
            }),
            per_call(n, || {
                black_box(scaling(black_box(&s)));
            }),
        ];
        for (a, b) in sum.iter_mut().zip(row) {
            *a += b;
        }
        println!(
            "| {} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} |",
            p.id, row[0], row[1], row[2], row[3], row[4], row[5]
        );
    }
    let k = memcalc_core::schema::presets::PRESETS.len() as f64;
    println!(
        "| mean | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} |",
        sum[0] / k,
        sum[1] / k,
        sum[2] / k,
        sum[3] / k,
        sum[4] / k,
        sum[5] / k
    );
}
