#[cfg(target_arch = "wasm32")]
#[global_allocator]
// Safe: a browser page's wasm runs on one thread.
static ALLOC: lol_alloc::AssumeSingleThreaded<lol_alloc::FreeListAllocator> =
    unsafe { lol_alloc::AssumeSingleThreaded::new(lol_alloc::FreeListAllocator::new()) };

fn main() {
    memcalc_app::install_panic_message();
    leptos::mount::mount_to_body(memcalc_app::App);
}
