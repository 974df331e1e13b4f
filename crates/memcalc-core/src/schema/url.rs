//! The URL's text: splitting a query into decoded pairs, encoding values, and the schema
//! version every link carries. The lowest module of the schema: it knows no field.

/// Version of the query schema, written as `v=` in every link. Version 2 gives a bare parameter
/// count the nearest catalog model's shape; version-1 links (and links without `v=`) keep the
/// scaled dense shape they were written with (`shape=dense`). Version 3 gives a plane-wave run
/// the 64-atom cell's volume (8489.664 bohr³) and llama.cpp an F16 KV cache whatever the
/// weights; older links keep `cell_volume=2122.416` and their wider llama.cpp cache
/// (`schema::query`). Version 4 gives a catalog model the weight format its checkpoint ships in
/// (`quant`: MXFP4 for gpt-oss, FP8 for DeepSeek-V3 and the `-FP8` repositories), counts the KV
/// cache of windowed layers as vLLM and SGLang do (`hybrid_kv=engine`) and counts `batch` over
/// all data-parallel replicas (`batch_scope=all`); older links keep `quant=none`,
/// `hybrid_kv=full` and `batch_scope=replica` where they matter (`schema::query::pin_v3_defaults`).
/// Version 5 caches DeepSeek-V3.2's sparse-attention indexer beside the latent KV (the catalog's
/// `index_head_dim`); older links keep no indexer (`schema::query::pin_v4_defaults`).
/// Version 6 counts Mistral Small 3.1/3.2's Pixtral vision encoder (the catalog's
/// `vision_proj=pixtral`); older links naming them keep the language model only
/// (`schema::query::pin_v5_defaults`).
/// Version 7 counts Llama 4's vision encoder (the catalog's `vision_proj=llama4`); older links
/// naming Llama 4 keep the language model only (`schema::query::pin_v6_defaults`).
/// Version 7 also writes a llama.cpp GGUF's tensors as llama.cpp's quantizer does (`gguf_rest`,
/// `gguf_tied_embd`, `gguf_fallback`); older links keep the old reading
/// (`schema::query::pin_v6_gguf_defaults`).
pub const SCHEMA_VERSION: u32 = 7;

/// Something about a query worth telling the user, though it did not stop the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub key: String,
    pub message: String,
}

fn hex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// `application/x-www-form-urlencoded` decoding: `+` is a space, `%XX` a byte; malformed escapes
/// are kept as typed, invalid UTF-8 is replaced.
pub fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < b.len() => match (hex(b[i + 1]), hex(b[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push(h * 16 + l);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Encodes everything but unreserved characters (RFC 3986).
pub fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for &c in s.as_bytes() {
        if c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~') {
            out.push(c as char);
        } else {
            out.push_str(&format!("%{c:02X}"));
        }
    }
    out
}

/// Whether `input` is a share link (a URL, or a query pasted with its `?`) rather than typed
/// pairs: a link keeps the meaning of the version it was written with (none: version 1), typed
/// pairs are read at the current version, as the page reads its form.
pub fn is_share_link(input: &str) -> bool {
    input.contains("://") || input.contains('?')
}

/// The query part of a whole URL or a bare query, without `?` or fragment.
fn query_part(input: &str) -> &str {
    let s = input.trim();
    let s = s.split('#').next().unwrap_or("");
    match s.find('?') {
        Some(p) => &s[p + 1..],
        None if s.contains('=') || s.is_empty() => s,
        None => "",
    }
}

/// Splits a query into decoded (key, value) pairs, skipping empty segments.
pub fn pairs(input: &str) -> Vec<(String, String)> {
    query_part(input)
        .split('&')
        .filter(|seg| !seg.is_empty())
        .map(|seg| match seg.split_once('=') {
            Some((k, v)) => (percent_decode(k), percent_decode(v)),
            None => (percent_decode(seg), String::new()),
        })
        .collect()
}
