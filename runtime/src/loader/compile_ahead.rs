//! Compiling a large CommonJS file with V8 on a thread of its own while swc still parses it.
//!
//! On a first start, a package such as `typescript` (9 MB of CommonJS) is parsed by swc for
//! its format and export names, and only then compiled by V8 when `require` runs it: two long
//! steps, one after the other, on a machine with cores to spare. A CommonJS file's code is its
//! source inside the `require` wrapper, so V8 can compile it before swc is done: a throw-away
//! isolate on another thread compiles the wrapped source and makes V8's code cache of it, which
//! the engine's `require` then consumes (much faster than compiling) instead of compiling the
//! file itself. The cache is also stored, as if the engine had made it.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use deno_core::ModuleSpecifier;

/// V8's code cache for one source: `hash` is the code cache's hash of the source it was made
/// from (`code_cache::source_hash`), `data` what V8 serialized.
pub(crate) struct CompiledAhead {
    pub hash: u64,
    pub data: Vec<u8>,
}

type Compiling = JoinHandle<Option<CompiledAhead>>;

/// At most this many files are compiled ahead, or wait for their `require`, at once; a file
/// found while every slot is still compiling is compiled by the engine as usual.
const MAX_KEPT: usize = 2;

/// The compile thread's stack: V8 parses recursively, within about 1 MB below where the
/// isolate was created.
const COMPILE_STACK_BYTES: usize = 8 * 1024 * 1024;

/// The files being compiled ahead (shared by every clone).
#[derive(Clone, Default)]
pub(crate) struct CompileAhead {
    kept: Arc<Mutex<VecDeque<(ModuleSpecifier, Compiling)>>>,
}

impl std::fmt::Debug for CompileAhead {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CompileAhead").finish_non_exhaustive()
    }
}

impl CompileAhead {
    /// Starts compiling `source`, the script `require` will evaluate under `url`; `made` gets
    /// the code cache once it exists (to store it). Does nothing when the slots are full or
    /// `url` is already being compiled.
    pub(crate) fn start(
        &self,
        url: ModuleSpecifier,
        source: String,
        compile_script: super::code_cache::CompileScript,
        made: impl FnOnce(&ModuleSpecifier, &CompiledAhead) + Send + 'static,
    ) {
        let mut kept = self.kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if kept.iter().any(|(kept_url, _)| *kept_url == url) {
            return;
        }
        if kept.len() >= MAX_KEPT {
            // A finished compile nobody took (the file turned out not to be CommonJS, or its
            // tool failed before requiring it) gives up its slot; one still running keeps it.
            let Some(finished) = kept.iter().position(|(_, compiling)| compiling.is_finished()) else {
                return;
            };
            kept.remove(finished);
        }
        let thread_url = url.clone();
        let compiling = std::thread::Builder::new()
            .name("omp-host-compile".into())
            .stack_size(COMPILE_STACK_BYTES)
            .spawn(move || {
                let compiled = compile(&thread_url, &source, compile_script)?;
                made(&thread_url, &compiled);
                Some(compiled)
            });
        if let Ok(compiling) = compiling {
            kept.push_back((url, compiling));
        }
    }

    /// The code cache made ahead for `url`, waiting for it if it is still being made; None if
    /// none was started (or V8 could not compile the source). Taken once.
    pub(crate) fn take(&self, url: &ModuleSpecifier) -> Option<CompiledAhead> {
        let compiling = {
            let mut kept = self.kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let position = kept.iter().position(|(kept_url, _)| kept_url == url)?;
            kept.remove(position)?.1
        };
        compiling.join().ok().flatten()
    }
}

/// V8's code cache of `source`, compiled by `compile_script` as the script `require` evaluates
/// under `url`; None if it does not compile.
fn compile(url: &ModuleSpecifier, source: &str, compile_script: super::code_cache::CompileScript) -> Option<CompiledAhead> {
    let data = compile_script(url.as_str(), source)?;
    Some(CompiledAhead {
        hash: super::code_cache::source_hash(source.as_bytes()),
        data,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A compiler that compiles nothing (as V8 with a source that does not parse).
    fn compiles_nothing(_: &str, _: &str) -> Option<Vec<u8>> {
        None
    }

    fn url(name: &str) -> ModuleSpecifier {
        ModuleSpecifier::parse(&format!("file:///t/{name}.js")).unwrap()
    }

    #[test]
    fn a_slot_left_by_a_finished_compile_nobody_took_is_reused() {
        let ahead = CompileAhead::default();
        // Compiles that make nothing finish at once.
        for name in ["a", "b"] {
            ahead.start(url(name), "(".into(), compiles_nothing, |_, _| {});
        }
        while !ahead.kept.lock().unwrap().iter().all(|(_, compiling)| compiling.is_finished()) {
            std::thread::yield_now();
        }
        ahead.start(url("c"), "(".into(), compiles_nothing, |_, _| {});
        let kept: Vec<String> = ahead.kept.lock().unwrap().iter().map(|(u, _)| u.path().to_string()).collect();
        assert_eq!(kept, ["/t/b.js", "/t/c.js"], "the oldest finished one made room");
        assert!(ahead.take(&url("c")).is_none(), "nothing compiled");
        assert!(ahead.take(&url("c")).is_none() && ahead.kept.lock().unwrap().len() == 1, "taken once");
    }
}
