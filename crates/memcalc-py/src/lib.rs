//! `memcalc._memcalc`: the Python package's native module. One function, `call(op, args)`, takes
//! the call's arguments as JSON text and answers JSON text: `{"ok": <document>}`, `{"errors":
//! [{"kind", "key", "allowed", "message"}, …]}` (bad input, the CLI's messages) or `{"panic":
//! "…"}` (a bug: caught here, never unwinding into Python). Every answer is the core's
//! (`memcalc_core::report::calls`); the typed objects, the exceptions and the DataFrames are
//! written in Python (`python/memcalc/__init__.py`).

use memcalc_core::report::calls::{self, QueryError};
use pyo3::prelude::*;
use serde_json::Value;
use std::cell::RefCell;

thread_local! {
    /// The last panic's message and place, kept by the hook for the answer instead of printed.
    static PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// The string argument `name` of a call.
fn text<'a>(args: &'a Value, name: &str) -> Result<&'a str, Vec<QueryError>> {
    args.get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| usage(format!("the call needs a string {name}")))
}

/// The list-of-strings argument `name` of a call.
fn texts(args: &Value, name: &str) -> Result<Vec<String>, Vec<QueryError>> {
    args.get(name)
        .and_then(Value::as_array)
        .and_then(|a| a.iter().map(|v| v.as_str().map(String::from)).collect())
        .ok_or_else(|| usage(format!("the call needs a list of strings {name}")))
}

fn usage(message: String) -> Vec<QueryError> {
    vec![QueryError {
        kind: "usage",
        key: None,
        allowed: Vec::new(),
        message,
    }]
}

/// The answer to one call, or its errors.
fn answer(op: &str, args: &str) -> Result<String, Vec<QueryError>> {
    let args: Value = serde_json::from_str(args).map_err(|e| usage(format!("arguments: {e}")))?;
    match op {
        "estimate" => calls::estimate_json(text(&args, "query")?),
        "check" => calls::check_json(text(&args, "query")?),
        "layouts" => calls::layouts_json(text(&args, "query")?),
        "sweep" => calls::sweep_json(
            text(&args, "query")?,
            text(&args, "key")?,
            &texts(&args, "values")?,
        ),
        "compare" => calls::compare_json(&texts(&args, "queries")?),
        "log_check" => calls::log_check_json(text(&args, "text")?, text(&args, "query")?),
        // The package's tests check that a panic comes back as an error (the `py` profile
        // unwinds) and the interpreter goes on.
        "panic_for_tests" => panic!("a panic asked for by the tests"),
        _ => Err(usage(format!("no call named {op}"))),
    }
}

/// `call(op, args_json) -> answer_json` (see the module's comment).
#[pyfunction]
fn call(py: Python<'_>, op: &str, args: &str) -> String {
    let (op, args) = (op.to_string(), args.to_string());
    // The core holds no lock; Python's other threads run while it computes.
    py.detach(
        move || match std::panic::catch_unwind(|| answer(&op, &args)) {
            Ok(Ok(doc)) => format!("{{\"ok\":{doc}}}"),
            Ok(Err(errors)) => format!("{{\"errors\":{}}}", calls::errors_json(&errors)),
            Err(_) => {
                let why = PANIC
                    .with(|p| p.borrow_mut().take())
                    .unwrap_or_else(|| "a panic".to_string());
                format!("{{\"panic\":{}}}", Value::String(why))
            }
        },
    )
}

#[pymodule]
fn _memcalc(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // A panic is answered as an error, its message and place kept for it: never printed with a
    // Rust backtrace into the user's notebook (this library's own hook: each extension links
    // its own Rust standard library).
    std::panic::set_hook(Box::new(|info| {
        PANIC.with(|p| *p.borrow_mut() = Some(info.to_string()));
    }));
    m.add_function(wrap_pyfunction!(call, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
