//! One engine: a thread running one deno_core runtime and its service loop, and the parts
//! other threads reach it through. A session starts one, and starts another in its place when
//! the first is wedged (`EngineHandle::restart`); each gets the next number. A replaced
//! engine's thread, still running the script nothing could stop, is demoted to the idle
//! scheduling class on Linux (`demote`), so until that script ends it runs only on CPU time nothing
//! else wants: the new engine, the host's other threads and the machine's other work go first.

use tokio::sync::mpsc::{unbounded_channel, UnboundedSender};
use tokio::sync::oneshot;
use tokio_util::sync::CancellationToken;

use super::{js, service, Command, EngineOptions, EngineStartError, ENGINE_STACK};
use crate::children;
use crate::ext::host::session::NewSessionEntries;
use crate::platform;
use crate::stop::watchdog::WatchHandle;

/// A running engine, as other threads reach it.
pub(super) struct Generation {
    /// 1 for the session's first engine, then one more for each replacement.
    pub number: u64,
    pub commands: UnboundedSender<Command>,
    pub watch: WatchHandle,
    /// The tools' child processes, killed from here (the engine thread may be blocked in a
    /// synchronous child that only returns once it is gone).
    pub children: children::ChildRegistry,
    /// The session whose entries the tools read.
    pub new_session_entries: NewSessionEntries,
    /// The engine thread, to demote once replaced.
    pub thread: platform::EngineThread,
}

impl Generation {
    /// Cancelled once this engine is wedged (or replaced): what it owes will not come.
    pub(super) fn lost(&self) -> CancellationToken {
        self.watch.wedged()
    }

    /// Puts the engine thread in the idle scheduling class (SCHED_IDLE): it runs only when
    /// no other thread of the machine wants the CPU. For a replaced engine, whose thread is
    /// left to end when its script does. Linux only (`platform::EngineThread::demote`).
    pub(super) fn demote(&self) {
        self.thread.demote();
    }
}

/// Tells the watchdog when the engine thread unwinds from a panic (a fault in the host's
/// Rust code, such as an op's), so the engine is replaced like a wedged one instead of every
/// later call finding it gone.
struct LostOnPanic(WatchHandle);

impl Drop for LostOnPanic {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.crashed();
        }
    }
}

/// Starts engine number `number` on a thread of its own: the runtime, the host bootstrap, the
/// session's `pi`. The engine stops when the `Generation`'s command sender is dropped and
/// whatever it runs has returned.
pub(super) async fn spawn(options: EngineOptions, number: u64) -> Result<(Generation, std::thread::JoinHandle<()>), EngineStartError> {
    let (commands, receiver) = unbounded_channel();
    let (ready, started) = oneshot::channel();
    let thread = std::thread::Builder::new()
        .name("omp-host-engine".into())
        .stack_size(ENGINE_STACK)
        .spawn(move || {
            // Its blocking pool's threads load module files (`loader`).
            let runtime = match tokio::runtime::Builder::new_current_thread().thread_name("omp-host-load").enable_all().build() {
                Ok(runtime) => runtime,
                Err(e) => {
                    let _ = ready.send(Err(EngineStartError::EventLoop(e.to_string())));
                    return;
                }
            };
            // Unconstrained: the service decides the engine is idle when nothing it polls
            // is ready, and tokio's cooperative budget would make ready channels and
            // handles answer "pending" after a burst of commands (a thousand queued
            // loads failed as "never settled" with it).
            runtime.block_on(tokio::task::unconstrained(async move {
                match js::JsHost::start(&options).await {
                    Ok(js) => {
                        js.op_state().borrow_mut().put(crate::bridge::EngineNumber(number));
                        let engine_thread = platform::EngineThread::current();
                        let _ = ready.send(Ok((js.watch(), js.children(), js.new_session_entries(), engine_thread)));
                        let _lost_on_panic = LostOnPanic(js.watch());
                        service::Service::new(js, receiver).serve().await;
                    }
                    Err(e) => {
                        let _ = ready.send(Err(e));
                    }
                }
            }));
            // A module file still transpiling past its load's time limit is not waited for.
            runtime.shutdown_background();
        })
        .map_err(|e| EngineStartError::Thread(e.to_string()))?;
    let (watch, children, new_session_entries, engine_thread) = started.await.map_err(|_| EngineStartError::EndedWhileStarting)??;
    let generation = Generation {
        number,
        commands,
        watch,
        children,
        new_session_entries,
        thread: engine_thread,
    };
    Ok((generation, thread))
}
