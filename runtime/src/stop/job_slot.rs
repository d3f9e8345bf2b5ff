//! Tells from another thread which job's code the engine runs, without the engine's help.
//!
//! The host's JavaScript carries the running job's number as the engine's
//! continuation-preserved embedder data (ext/host/call_context.js), which the engine itself
//! swaps as it runs each promise reaction and keeps in one place of its isolate: on V8 one
//! word of its `IsolateData`, whose layout V8's public header fixes for its inline API
//! (v8-internal.h, `Internals::kContinuationPreservedEmbedderDataOffset`), holding a number as
//! a small integer (a Smi: the number itself, shifted); on QuickJS-ng a `JSValue` of the
//! isolate's state, whose address patches/v8x-4-continuation-data-address.patch hands out.
//! The watchdog reads it when the engine does not answer an interrupt (a loop of long builtin
//! calls), where no code can run on the engine thread to say whose code it is.
//!
//! The place is found once per engine, on its thread: known numbers are set through the
//! engine's API and looked for (on V8 among the first words of the isolate), and only a place
//! that shows each of them is taken. Where none does, nothing is read and the watchdog does
//! without.

use std::sync::atomic::{AtomicI32, AtomicI64, AtomicU64, Ordering};

use deno_core::v8;

/// How far into the isolate the word is looked for on V8: `IsolateData` starts the isolate,
/// and v8-internal.h puts the word 688 to 872 bytes in, by how V8 was built (pointer
/// compression, the sandbox).
#[cfg(feature = "v8")]
const SEARCHED_BYTES: usize = 2048;

/// Numbers the search sets and looks for, each where the others are not.
const MARKS: [i32; 3] = [0x2a_5a5a, 0x15_a5a5, 0x3c_3c3c];

/// The largest job number: Smis hold 31 bits on every V8 build.
pub(crate) const MAX_JOB_NUMBER: u32 = (1 << 30) - 1;

/// Where the engine keeps the continuation-preserved embedder data, and how.
pub(crate) struct JobSlot {
    /// Its address (inside the isolate, which must outlive every `read`).
    address: usize,
    layout: Layout,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// V8: a tagged word, whose Smi value is shifted by `shift` (1 with 31-bit Smis, 32 with
    /// 32-bit ones).
    #[cfg_attr(not(feature = "v8"), allow(dead_code))]
    V8Word { shift: u32 },
    /// QuickJS-ng: a `JSValue`, 8 bytes of payload (a 32-bit integer in its first 4) and then
    /// an 8-byte tag (0 for such an integer).
    #[cfg_attr(feature = "v8", allow(dead_code))]
    QuickJsValue,
}

impl JobSlot {
    /// Finds the place in the isolate `scope` runs in (on the engine thread, in a context);
    /// the embedder data is left as it was.
    pub(crate) fn locate(scope: &mut v8::PinScope<'_, '_>) -> Option<JobSlot> {
        let mut candidates = candidates(scope);
        let saved = scope.get_continuation_preserved_embedder_data();
        for mark in MARKS {
            let value = v8::Integer::new(scope, mark);
            scope.set_continuation_preserved_embedder_data(value.into());
            // SAFETY: every candidate is inside the isolate (`candidates`), read on its thread.
            candidates.retain(|slot| unsafe { slot.read_value() } == Some(i64::from(mark)));
        }
        scope.set_continuation_preserved_embedder_data(saved);
        (candidates.len() == 1).then(|| candidates.remove(0))
    }

    /// The number of the job whose code runs now, if the place holds one (not when it holds
    /// no job's, or an AsyncLocalStorage frame: any object).
    ///
    /// # Safety
    /// The isolate the slot was found in must still be alive.
    pub(crate) unsafe fn read(&self) -> Option<u32> {
        // SAFETY: the caller's promise.
        let value = unsafe { self.read_value() }?;
        (1..=i64::from(MAX_JOB_NUMBER)).contains(&value).then_some(value as u32)
    }

    /// The integer the place holds, if it holds one.
    ///
    /// # Safety
    /// As `read`.
    unsafe fn read_value(&self) -> Option<i64> {
        // The engine thread writes the place without atomics. Aligned loads of 8 bytes or
        // fewer never tear on the machines either engine builds for, and a value read just
        // before or after a switch of jobs is as good. QuickJS-ng's 16 bytes can: the tag is
        // read before and after the payload, and a payload is taken only under the same
        // integer tag both times (a value torn between two integers is one of them).
        match self.layout {
            Layout::V8Word { shift } => {
                // SAFETY: an 8-aligned word of the live isolate (the caller's promise).
                let word = unsafe { AtomicU64::from_ptr(self.address as *mut u64) }.load(Ordering::Relaxed);
                decode_v8_word(word, shift)
            }
            Layout::QuickJsValue => {
                // SAFETY: the JSValue is 8-aligned and alive (the caller's promise).
                let tag = unsafe { AtomicI64::from_ptr((self.address + 8) as *mut i64) };
                let payload = unsafe { AtomicI32::from_ptr(self.address as *mut i32) };
                let before = tag.load(Ordering::Acquire);
                let value = payload.load(Ordering::Acquire);
                let after = tag.load(Ordering::Acquire);
                (before == QUICKJS_TAG_INT && after == QUICKJS_TAG_INT).then_some(i64::from(value))
            }
        }
    }
}

/// QuickJS-ng's tag of a 32-bit integer `JSValue` (`JS_TAG_INT`).
const QUICKJS_TAG_INT: i64 = 0;

/// The places that may hold the embedder data: V8's first words of the isolate, with either
/// Smi width.
#[cfg(feature = "v8")]
fn candidates(scope: &mut v8::PinScope<'_, '_>) -> Vec<JobSlot> {
    // SAFETY: the pointer is only turned into an address; the isolate lives while `scope` does.
    let base = unsafe { std::mem::transmute::<v8::UnsafeRawIsolatePtr, usize>(scope.as_raw_isolate_ptr()) };
    (0..SEARCHED_BYTES)
        .step_by(8)
        .flat_map(|offset| {
            [1, 32].map(|shift| JobSlot {
                address: base + offset,
                layout: Layout::V8Word { shift },
            })
        })
        .collect()
}

/// The place QuickJS-ng's isolate state keeps it (patches/v8x-4-continuation-data-address.patch).
#[cfg(not(feature = "v8"))]
fn candidates(scope: &mut v8::PinScope<'_, '_>) -> Vec<JobSlot> {
    unsafe extern "C" {
        fn v8x__Isolate__ContinuationDataAddress(isolate: v8::UnsafeRawIsolatePtr) -> *const u8;
    }
    // SAFETY: the patch's function reads the live isolate's state (on its thread).
    let address = unsafe { v8x__Isolate__ContinuationDataAddress(scope.as_raw_isolate_ptr()) } as usize;
    if address == 0 || !address.is_multiple_of(8) {
        return Vec::new();
    }
    vec![JobSlot {
        address,
        layout: Layout::QuickJsValue,
    }]
}

/// The integer in a V8 word holding a Smi (its lowest bit clear), if it holds one.
fn decode_v8_word(word: u64, shift: u32) -> Option<i64> {
    (word & 1 == 0).then(|| (word as i64) >> shift)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_smi_is_read_from_a_v8_word() {
        assert_eq!(decode_v8_word(7 << 1, 1), Some(7));
        assert_eq!(decode_v8_word(7 << 32, 32), Some(7));
        assert_eq!(decode_v8_word(0x7f00_1234_5679, 1), None, "a heap object's tagged pointer");
        assert_eq!(decode_v8_word((-3i64 << 1) as u64, 1), Some(-3));
    }

    #[test]
    fn only_a_number_in_range_is_a_job() {
        let mut values = [0i64, 0];
        let slot = JobSlot {
            address: values.as_mut_ptr() as usize,
            layout: Layout::QuickJsValue,
        };
        let mut read = |payload: i64, tag: i64| {
            values = [payload, tag];
            // SAFETY: `values` is alive and 8-aligned.
            unsafe { slot.read() }
        };
        assert_eq!(read(7, QUICKJS_TAG_INT), Some(7));
        assert_eq!(read(i64::from(MAX_JOB_NUMBER), QUICKJS_TAG_INT), Some(MAX_JOB_NUMBER));
        assert_eq!(read(0, QUICKJS_TAG_INT), None, "0 is no job");
        assert_eq!(read(-3, QUICKJS_TAG_INT), None);
        assert_eq!(read(7, -1), None, "an object");
    }

    /// The place is found on both engines, and follows what the engine's code sets: the async
    /// context set directly, and the one a promise reaction carries while the reaction runs.
    #[test]
    fn the_place_follows_the_async_context() {
        use std::sync::Mutex;
        /// The place `readSlot` reads (one test uses it).
        static FOUND: Mutex<Option<(usize, Layout)>> = Mutex::new(None);
        fn read_slot(scope: &mut v8::PinScope<'_, '_>, _: v8::FunctionCallbackArguments<'_>, mut rv: v8::ReturnValue<'_>) {
            let (address, layout) = FOUND.lock().unwrap().unwrap();
            // SAFETY: called by the isolate the place was found in, which is alive.
            let number = unsafe { JobSlot { address, layout }.read() };
            rv.set(v8::Integer::new(scope, number.map_or(-1, |n| n as i32)).into());
        }

        #[cfg(feature = "v8")]
        super::super::v8_flags::set_once();
        let tokio = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let _in_tokio = tokio.enter();
        let mut runtime = deno_core::JsRuntime::new(deno_core::RuntimeOptions::default());
        {
            deno_core::scope!(scope, &mut runtime);
            let slot = JobSlot::locate(scope).expect("the place is found");
            *FOUND.lock().unwrap() = Some((slot.address, slot.layout));
            let function = v8::Function::new(scope, read_slot).unwrap();
            let name = v8::String::new(scope, "readSlot").unwrap();
            scope.get_current_context().global(scope).set(scope, name.into(), function.into());
        }
        let mut seen = |code: &str| -> i64 {
            let value = runtime.execute_script("slot", code.to_string()).unwrap();
            deno_core::scope!(scope, &mut runtime);
            let value = v8::Local::new(scope, value);
            scope.perform_microtask_checkpoint();
            value.integer_value(scope).unwrap()
        };
        assert_eq!(seen("Deno.core.setAsyncContext(41); readSlot()"), 41);
        assert_eq!(seen("Deno.core.setAsyncContext({ job: 41 }); readSlot()"), -1);
        assert_eq!(seen("Deno.core.setAsyncContext(undefined); readSlot()"), -1);
        // A reaction runs with the number current when it was set up, and the engine puts it
        // in the place.
        let code = "Deno.core.setAsyncContext(9); Promise.resolve().then(() => { globalThis.inReaction = readSlot(); }); \
                    Deno.core.setAsyncContext(undefined); 0";
        seen(code);
        assert_eq!(seen("globalThis.inReaction"), 9);
        assert_eq!(seen("readSlot()"), -1, "none after the reaction");
    }
}
