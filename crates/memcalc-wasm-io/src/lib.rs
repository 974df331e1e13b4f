//! The interface of the small wasms (the core worker's first screens and time answers, the log
//! box's reading), written once: no wasm-bindgen, a string each way. The caller writes the
//! query's UTF-8 bytes at `input(len)`, calls a `run(len)`, and reads the returned number of
//! bytes at `output()`.
//!
//! A macro rather than functions: each wasm exports the calls under its own names, and the
//! statics and the allocator must be the wasm's own. The expansion is the code each crate had.

#![no_std]

#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
pub use lol_alloc;

/// Defines the wasm's allocator, its input and output buffers, and its exported calls:
/// `$input(len) -> *mut u8` (room for `len` bytes of query), one `$run(len) -> usize` per answer
/// (writes `$answer(query)` and returns its length in bytes) and `$output() -> *const u8` (where
/// the last answer is). The calls share the two buffers: the caller runs one at a time. Invoke
/// it once, in a module compiled for wasm32 only; `run:`/`answer:` is the form of a wasm with
/// one call.
#[macro_export]
macro_rules! wasm_io {
    (input: $input:ident, run: $run:ident, output: $output:ident, answer: $answer:path $(,)?) => {
        $crate::wasm_io!(input: $input, output: $output, runs: { $run => $answer });
    };
    (input: $input:ident, output: $output:ident, runs: { $($run:ident => $answer:path),+ $(,)? } $(,)?) => {
        #[global_allocator]
        // Safe: a browser page's wasm runs on one thread (a worker's included).
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

        $(
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
        )+

        #[no_mangle]
        pub extern "C" fn $output() -> *const u8 {
            unsafe { (*core::ptr::addr_of!(OUTPUT)).as_ptr() }
        }
    };
}
