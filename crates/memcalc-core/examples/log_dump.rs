//! Prints what each log fixture gives: `cargo run -p memcalc-core --example log_dump -- FILE [QUERY]`.
use memcalc_core::log::check;
use memcalc_core::Inputs;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let (base, _) = Inputs::from_typed_query(args.get(2).map(String::as_str).unwrap_or(""));
    let a = check::answer(&text, &base);
    println!("tools {:?}", a.reading.tools);
    for l in &a.reading.logged {
        println!("logged {:?} {} (line {})", l.figure, l.value, l.line);
    }
    for f in &a.applied.filled {
        println!("filled {} = {} (line {})", f.key.key(), f.value, f.line);
    }
    for (f, why) in &a.applied.refused {
        println!("refused {} = {}: {}", f.key.key(), f.value, why);
    }
    println!(
        "kept {:?}",
        a.applied.kept.iter().map(|k| k.key()).collect::<Vec<_>>()
    );
    for u in &a.reading.unused {
        println!("unused line {}: {}", u.line, u.why);
    }
    for n in &a.reading.notes {
        println!("note {n}");
    }
    for c in &a.compared {
        println!(
            "compare {:?} logged {} est {:?} err {:?} flagged {} shown {:?}",
            c.figure,
            c.logged,
            c.estimated,
            c.error_bp,
            c.flagged,
            c.shown.map(|s| s.tolerance_bp)
        );
    }
    for c in &a.calibrated {
        println!("calibrated {} {} -> {}", c.key.key(), c.before, c.after);
    }
    println!("median {:?}", a.median_error_bp());
    if let Err(errs) = a.inputs.parse() {
        for e in errs {
            println!("error {}", e.message);
        }
    }
}
