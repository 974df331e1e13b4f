//! The small wasms (the core worker's and the log box's): built for wasm32 in release, shrunk
//! with wasm-opt (from PATH: node_modules/.bin, npm `binaryen`) with the app's flags, and named
//! `<package>-<hash>.wasm` by the first 16 hex digits of their SHA-256, as Trunk names the
//! app's files, so a host can cache them for ever.
//!
//! One cargo build each, so each wasm links only the core features its own crate asks for.

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
    let _ = std::fs::remove_file(&shrunk);
    place(dist, package, "wasm", &bytes)
}

/// Writes `bytes` into `dist` as `<stem>-<hash>.<ext>` ([`hashed_name`]) and returns that name;
/// earlier builds' copies (`<stem>-*.<ext>`) go, since the page names only this one.
pub fn place(dist: &Path, stem: &str, ext: &str, bytes: &[u8]) -> Result<String, String> {
    let name = hashed_name(stem, ext, bytes);
    for old in std::fs::read_dir(dist)
        .map_err(|e| e.to_string())?
        .flatten()
    {
        let n = old.file_name().to_string_lossy().into_owned();
        if n.starts_with(&format!("{stem}-")) && n.ends_with(&format!(".{ext}")) && n != name {
            let _ = std::fs::remove_file(old.path());
        }
    }
    std::fs::write(dist.join(&name), bytes).map_err(|e| e.to_string())?;
    Ok(name)
}

/// `<stem>-<first 16 hex digits of the SHA-256>.<ext>`.
pub fn hashed_name(stem: &str, ext: &str, bytes: &[u8]) -> String {
    let hex: String = Sha256::digest(bytes)
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("{stem}-{hex}.{ext}")
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
            hashed_name("memcalc-worker", "js", b""),
            "memcalc-worker-e3b0c44298fc1c14.js"
        );
    }
}
