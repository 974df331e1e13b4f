//! The interface of the small wasms (memcalc-first's first screen, memcalc-time's time answers),
//! written once: no wasm-bindgen, three calls and a string each way. The caller writes the
//! query's UTF-8 bytes at `input(len)`, calls `run(len)`, and reads the returned number of
//! bytes at `output()`.
//!
//! A macro rather than functions: each wasm exports the calls under its own names, and the
//! statics and the allocator must be the wasm's own. The expansion is the code each crate had.

#![no_std]

#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
pub use lol_alloc;

/// Defines the wasm's allocator, its input and output buffers, and three exported calls:
/// `$input(len) -> *mut u8` (room for `len` bytes of query), `$run(len) -> usize` (writes
/// `$answer(query)` and returns its length in bytes) and `$output() -> *const u8` (where the
/// last answer is). Invoke it once, in a module compiled for wasm32 only.
#[macro_export]
macro_rules! wasm_io {
    (input: $input:ident, run: $run:ident, output: $output:ident, answer: $answer:path $(,)?) => {
        #[global_allocator]
        // Safe: a browser page's wasm runs on one thread.
        static ALLOC: $crate::lol_alloc::AssumeSingleThreaded<
            $crate::lol_alloc::FreeListAllocator,
        > = unsafe {
            $crate::lol_alloc::AssumeSingleThreaded::new(
                $crate::lol_alloc::FreeListAllocator::new(),
            )
        };

        static mut INPUT: Vec<u8> = Vec::new();
        static mut OUTPUT: String = String::new();

        #[no_mangle]
        pub extern "C" fn $input(len: usize) -> *mut u8 {
            // Safe: one thread, and the caller calls these one after the other.
            let input = unsafe { &mut *core::ptr::addr_of_mut!(INPUT) };
            *input = vec![0; len];
            input.as_mut_ptr()
        }

        #[no_mangle]
        pub extern "C" fn $run(len: usize) -> usize {
            let (input, output) = unsafe {
                (
                    &*core::ptr::addr_of!(INPUT),
                    &mut *core::ptr::addr_of_mut!(OUTPUT),
                )
            };
            let query = core::str::from_utf8(&input[..len.min(input.len())]).unwrap_or("");
            *output = $answer(query);
            output.len()
        }

        #[no_mangle]
        pub extern "C" fn $output() -> *const u8 {
            unsafe { (*core::ptr::addr_of!(OUTPUT)).as_ptr() }
        }
    };
}
