// Rust's default allocator (dlmalloc), not lol_alloc's free list: the live page holds thousands
// of small reactive nodes, and lol_alloc's first-fit walk over its free list took about a third of
// each edit's script (bench/trace-input.mjs: input → DOM p50 8.0–9.7 ms with lol_alloc, 5.9–6.8 ms
// without, interleaved; docs/performance.md). It cost 579 B gzip.
fn main() {
    memcalc_app::install_panic_message();
    // The prerendered first screen (memcalc-post-build) gives way to the app in the same task,
    // so the page never holds both.
    if let Some(pre) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("prerender"))
    {
        pre.remove();
    }
    leptos::mount::mount_to_body(memcalc_app::App);
}
