//! Tells from another thread which job's code the engine runs, without the engine's help.
//!
//! The host's JavaScript carries the running job's number as V8's continuation-preserved
//! embedder data (js/host/call_context.js), which V8 itself swaps as it runs each promise
//! reaction and keeps in one word of its isolate's data (`IsolateData`, whose layout V8's
//! public header fixes for its inline API: v8-internal.h,
//! `Internals::kContinuationPreservedEmbedderDataOffset`). A number there is a small integer
//! (a Smi), so the word is the number itself, shifted. The watchdog reads that word when
//! the engine does not answer an interrupt (a loop of long builtin calls), where no code
//! can run on the engine thread to say whose code it is.
//!
//! The word is found once per engine, on its thread: known numbers are set through V8's API
//! and looked for among the first words of the isolate, and only a word that shows each of
//! them is taken. Where none does (QuickJS-ng builds, whose isolate is no V8 isolate, are
//! never searched) nothing is read and the watchdog does without.

use std::sync::atomic::{AtomicU64, Ordering};

use deno_core::v8;

/// How far into the isolate the word is looked for: `IsolateData` starts the isolate, and
/// v8-internal.h puts the word 688 to 872 bytes in, by how V8 was built (pointer compression,
/// the sandbox).
#[cfg(feature = "v8")]
const SEARCHED_BYTES: usize = 2048;

/// Numbers the search sets and looks for, each where the others are not.
#[cfg(feature = "v8")]
const MARKS: [i32; 3] = [0x2a_5a5a, 0x15_a5a5, 0x3c_3c3c];

/// The largest job number: Smis hold 31 bits on every V8 build.
pub const MAX_JOB_NUMBER: u32 = (1 << 30) - 1;

/// The isolate's word that holds the continuation-preserved embedder data.
pub struct JobSlot {
    /// Its address (inside the isolate, which must outlive every `read`).
    word: usize,
    /// How far a Smi's value is shifted in a word: 1 with 31-bit Smis, 32 with 32-bit ones.
    smi_shift: u32,
}

impl JobSlot {
    /// Finds the word in the isolate `scope` runs in (on the engine thread, in a context);
    /// the embedder data is left as it was.
    #[cfg(feature = "v8")]
    pub fn locate(scope: &mut v8::PinScope<'_, '_>) -> Option<JobSlot> {
        // SAFETY: the pointer is only turned into an address; the isolate lives while `scope` does.
        let base: *const u8 = unsafe { std::mem::transmute::<v8::UnsafeRawIsolatePtr, *const u8>(scope.as_raw_isolate_ptr()) };
        let saved = scope.get_continuation_preserved_embedder_data();
        let mut candidates: Vec<(usize, u32)> = (0..SEARCHED_BYTES).step_by(8).flat_map(|offset| [(offset, 1), (offset, 32)]).collect();
        for mark in MARKS {
            let value = v8::Integer::new(scope, mark);
            scope.set_continuation_preserved_embedder_data(value.into());
            // SAFETY: every offset is inside the isolate's data (module comment), 8-aligned
            // like the isolate; read on the isolate's own thread.
            candidates.retain(|&(offset, shift)| unsafe { base.add(offset).cast::<u64>().read_volatile() } == (mark as u64) << shift);
        }
        scope.set_continuation_preserved_embedder_data(saved);
        match candidates[..] {
            [(offset, smi_shift)] => Some(JobSlot {
                word: base as usize + offset,
                smi_shift,
            }),
            _ => None,
        }
    }

    #[cfg(not(feature = "v8"))]
    pub fn locate(_: &mut v8::PinScope<'_, '_>) -> Option<JobSlot> {
        None
    }

    /// The number of the job whose code runs now, if the word holds one (not when it holds
    /// no job's, or an AsyncLocalStorage frame: any heap object).
    ///
    /// # Safety
    /// The isolate the slot was found in must still be alive.
    pub unsafe fn read(&self) -> Option<u32> {
        // SAFETY: the word is 8-aligned and alive (the caller's promise). The engine thread
        // writes it without atomics; an aligned 8-byte load never tears on the machines V8
        // builds for, and a value read just before or after a switch of jobs is as good.
        let word = unsafe { AtomicU64::from_ptr(self.word as *mut u64) }.load(Ordering::Relaxed);
        decode(word, self.smi_shift)
    }
}

/// A job number from a word holding a Smi (its lowest bit clear), if it is one.
fn decode(word: u64, smi_shift: u32) -> Option<u32> {
    if word & 1 != 0 {
        return None;
    }
    let value = (word as i64) >> smi_shift;
    (1..=i64::from(MAX_JOB_NUMBER)).contains(&value).then_some(value as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_smi_in_range_is_a_job_number() {
        assert_eq!(decode(7 << 1, 1), Some(7));
        assert_eq!(decode(7 << 32, 32), Some(7));
        assert_eq!(decode(0x7f00_1234_5679, 1), None, "a heap object's tagged pointer");
        assert_eq!(decode(0, 1), None, "Smi 0 is no job");
        assert_eq!(decode((-3i64 << 1) as u64, 1), None);
        assert_eq!(decode(u64::from(MAX_JOB_NUMBER) << 1, 1), Some(MAX_JOB_NUMBER));
    }

    /// On V8 the word is found, and follows what the engine's code sets: the async context
    /// set directly, and the one a promise reaction carries while the reaction runs.
    #[cfg(feature = "v8")]
    #[test]
    fn the_word_follows_the_async_context_on_v8() {
        use std::sync::atomic::AtomicUsize;
        /// The slot `readSlot` reads (one test uses it).
        static WORD: AtomicUsize = AtomicUsize::new(0);
        static SHIFT: AtomicUsize = AtomicUsize::new(0);
        fn read_slot(scope: &mut v8::PinScope<'_, '_>, _: v8::FunctionCallbackArguments<'_>, mut rv: v8::ReturnValue<'_>) {
            let slot = JobSlot {
                word: WORD.load(Ordering::Acquire),
                smi_shift: SHIFT.load(Ordering::Acquire) as u32,
            };
            // SAFETY: called by the isolate the slot was found in, which is alive.
            let number = unsafe { slot.read() };
            rv.set(v8::Integer::new(scope, number.map_or(-1, |n| n as i32)).into());
        }

        super::super::v8_flags::set_once();
        let tokio = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let _in_tokio = tokio.enter();
        let mut runtime = deno_core::JsRuntime::new(deno_core::RuntimeOptions::default());
        {
            deno_core::scope!(scope, &mut runtime);
            let slot = JobSlot::locate(scope).expect("the word is found on V8");
            WORD.store(slot.word, Ordering::Release);
            SHIFT.store(slot.smi_shift as usize, Ordering::Release);
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
        // A reaction runs with the number current when it was set up, and V8 puts it in the word.
        let code = "Deno.core.setAsyncContext(9); Promise.resolve().then(() => { globalThis.inReaction = readSlot(); }); \
                    Deno.core.setAsyncContext(undefined); 0";
        seen(code);
        assert_eq!(seen("globalThis.inReaction"), 9);
        assert_eq!(seen("readSlot()"), -1, "none after the reaction");
    }
}
