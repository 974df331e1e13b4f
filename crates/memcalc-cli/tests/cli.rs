//! The binary as a user runs it.

use std::process::Command;

fn memcalc(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_memcalc")).args(args).output().unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn share_link_prints_table_and_exit_status_says_it_does_not_fit() {
    let (code, out, _) = memcalc(&["https://example.org/?v=1&params=7B"]);
    assert_eq!(code, 1);
    assert!(out.contains("Optimizer states"), "{out}");
    assert!(out.contains("56,000,000,000 B"), "{out}");
    assert!(out.contains("Does not fit on NVIDIA H100 80GB"), "{out}");
}

#[test]
fn key_value_arguments_and_json() {
    let (code, out, _) = memcalc(&["--json", "mode=infer", "params=1B", "dtype=fp16", "overhead=0", "runtime=0"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("{\"schema_version\":1,\"mode\":\"infer\",\"per_device_bytes\":"), "{out}");
    assert!(out.contains("{\"id\":\"weights\",\"bytes\":2000000000,\"location\":\"device\""), "{out}");
    assert!(out.contains("{\"id\":\"kv_cache\","), "{out}");
    assert!(out.contains("\"fits\":true"));
    // The total is the sum of the device components.
    let total: u64 = out.split("\"per_device_bytes\":").nth(1).unwrap().split(',').next().unwrap().parse().unwrap();
    let sum: u64 = out.split("\"bytes\":").skip(1).map(|r| r.split(',').next().unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(total, sum);
}

#[test]
fn invalid_input_exits_2_with_the_message() {
    let (code, _, err) = memcalc(&["params=banana"]);
    assert_eq!(code, 2);
    assert!(err.contains("params: 'banana' is not a count"), "{err}");
}
