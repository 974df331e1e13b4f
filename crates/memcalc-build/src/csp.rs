//! The Content-Security-Policy: the page's own files and, for its inline scripts and
//! stylesheet (which change with every build), each one's SHA-256 instead of
//! 'unsafe-inline'. The policy is computed from the finished page, so every inline element is
//! allowed, and nothing else.

use crate::page::Page;
use base64::Engine;
use sha2::{Digest, Sha256};

/// `'sha256-…'` of an inline element's text, as CSP hashes it (CSP Level 3, §8.4).
pub fn hash(body: &str) -> String {
    let digest = Sha256::digest(body.as_bytes());
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

/// Writes the policy first in the head.
pub fn apply(page: &mut Page) -> Result<(), String> {
    let list = |tag: &str| {
        page.inline_bodies(tag)
            .into_iter()
            .map(hash)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (scripts, styles) = (list("script"), list("style"));
    let policy = [
        "default-src 'none'".to_string(),
        format!("script-src 'self' 'wasm-unsafe-eval' {scripts}")
            .trim()
            .to_string(),
        format!("style-src 'self' {styles}").trim().to_string(),
        "img-src 'self' data:".into(),
        // The small wasms are fetched from the page's own origin and compiled under
        // 'wasm-unsafe-eval' like the app's.
        "connect-src 'self'".into(),
        "base-uri 'self'".into(),
        "form-action 'none'".into(),
    ]
    .join("; ");
    page.prepend_to_head(&format!(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"{policy}\" />"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_the_standard_base64_sha256() {
        // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
        assert_eq!(
            hash("alert(1)"),
            "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"
        );
    }
}
