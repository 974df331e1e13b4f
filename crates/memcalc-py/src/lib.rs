//! `memcalc._memcalc`: the Python package's native module. One function, `call(op, args)`, takes
//! the call's arguments as JSON text and answers JSON text: `{"ok": <document>}`, `{"errors":
//! [{"kind", "key", "allowed", "message"}, …]}` (bad input, the CLI's messages) or `{"panic":
//! "…"}` (a bug: caught here, never unwinding into Python). Every answer is the core's
//! (`memcalc_core::report::calls`); the typed objects, the exceptions and the DataFrames are
//! written in Python (`python/memcalc/__init__.py`).

use memcalc_core::report::calls::{self, QueryError};
use pyo3::prelude::*;
use serde_json::Value;

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
            Err(p) => {
                let why = p
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| p.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".to_string());
                format!("{{\"panic\":{}}}", Value::String(why))
            }
        },
    )
}

#[pymodule]
fn _memcalc(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(call, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
