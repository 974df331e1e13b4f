//! The small wasms (the first answer's and the time's): built for wasm32 in release, shrunk
//! with wasm-opt (from PATH: node_modules/.bin, npm `binaryen`) with the app's flags, and named
//! `<package>-<hash>.wasm` by the first 16 hex digits of their SHA-256, as Trunk names the
//! app's files, so a host can cache them for ever.
//!
//! One cargo build each: built together, memcalc-first would get the core's `time` feature,
//! which memcalc-time needs and the first answer must not carry.

use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Builds `package`, shrinks it into `dist` and returns its file name there.
pub fn make(package: &str, dist: &Path, flags: &str) -> Result<String, String> {
    run(Command::new(cargo()).args([
        "build",
        "--quiet",
        "--locked",
        "--release",
        "-p",
        package,
        "--target",
        "wasm32-unknown-unknown",
    ]))?;
    let built = target_dir()?
        .join("wasm32-unknown-unknown/release")
        .join(format!("{}.wasm", package.replace('-', "_")));
    let shrunk = dist.join(format!("{package}.wasm"));
    // The inlining cap among the flags matters: -Oz alone inlines every function that has one
    // caller, however large, and V8 compiles a wasm function whole on its first call
    // (docs/performance.md).
    run(Command::new("wasm-opt")
        .arg("-Oz")
        .args(flags.split_whitespace())
        .arg(&built)
        .arg("-o")
        .arg(&shrunk))?;
    let bytes = std::fs::read(&shrunk).map_err(|e| format!("{}: {e}", shrunk.display()))?;
    let name = hashed_name(package, &bytes);
    // Earlier builds' copies go: the page names only this one.
    for old in std::fs::read_dir(dist)
        .map_err(|e| e.to_string())?
        .flatten()
    {
        let n = old.file_name().to_string_lossy().into_owned();
        if n.starts_with(&format!("{package}-")) && n.ends_with(".wasm") && n != name {
            let _ = std::fs::remove_file(old.path());
        }
    }
    std::fs::rename(&shrunk, dist.join(&name)).map_err(|e| e.to_string())?;
    Ok(name)
}

/// `<package>-<first 16 hex digits of the SHA-256>.wasm`.
pub fn hashed_name(package: &str, bytes: &[u8]) -> String {
    let hex: String = Sha256::digest(bytes)
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("{package}-{hex}.wasm")
}

/// The cargo that runs this hook (Trunk runs hooks with cargo's environment), else PATH's.
fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

/// The workspace's target folder, as cargo reports it (CARGO_TARGET_DIR and config included).
fn target_dir() -> Result<PathBuf, String> {
    let out = Command::new(cargo())
        .args(["metadata", "--quiet", "--format-version", "1", "--no-deps"])
        .output()
        .map_err(|e| format!("cargo metadata: {e}"))?;
    let json: serde_json::Value =
        serde_json::from_slice(&out.stdout).map_err(|e| format!("cargo metadata: {e}"))?;
    json["target_directory"]
        .as_str()
        .map(PathBuf::from)
        .ok_or_else(|| "cargo metadata gave no target_directory".into())
}

fn run(cmd: &mut Command) -> Result<(), String> {
    let status = cmd
        .status()
        .map_err(|e| format!("{:?}: {e}", cmd.get_program()))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{cmd:?} failed: {status}"))
    }
}

#[cfg(test)]
mod tests {
    use super::hashed_name;

    #[test]
    fn the_name_carries_the_content_s_hash() {
        // sha256("") = e3b0c44298fc1c14…
        assert_eq!(
            hashed_name("memcalc-time", b""),
            "memcalc-time-e3b0c44298fc1c14.wasm"
        );
    }
}
