#[cfg(target_arch = "wasm32")]
#[global_allocator]
// Safe: a browser page's wasm runs on one thread.
static ALLOC: lol_alloc::AssumeSingleThreaded<lol_alloc::FreeListAllocator> =
    unsafe { lol_alloc::AssumeSingleThreaded::new(lol_alloc::FreeListAllocator::new()) };

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
