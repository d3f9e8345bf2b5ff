//! Stops JavaScript that will not yield. The engine thread cannot notice a deadline or a
//! cancellation while a script spins, so this watchdog thread looks from outside: when the
//! engine has been busy for a while (or a job must stop now) it asks V8 to interrupt the
//! script and run `probe` on the engine thread. The probe reads which job the running code
//! belongs to — the async-context key (`call:<id>`, `load:<n>`, `session:<n>`) the host's
//! JavaScript carries across awaits and timers — and stops the script when that job was
//! cancelled or is past its deadline, when the heap ran out, or when code of no live job has
//! run too long. The reason is kept for the engine thread to read back (`take_stopped`).
//!
//! Each job the engine begins gets a number (`begun`), which the host's JavaScript carries as
//! the async context; the watchdog maps it back to the job's key.
//!
//! A script inside a system call that waits for another process (a FIFO nobody opens, a pipe
//! nobody writes) is where no interrupt reaches: such an op says so (`begin_wait`), and then
//! the watchdog decides for the waiting job itself and, to stop it, also wakes the op's wait
//! through a descriptor it polls beside its file (`ext/node/fs/wait.rs`).
//!
//! An engine that does not even look at interrupts while a stop is due (a loop whose body is
//! one long builtin call, a system call nothing wakes) is wedged: after `WEDGED_AFTER` the
//! watchdog says so (`wedged`), and the session replaces the engine. When no job on the
//! engine would be lost with it (every live job's stop is due), it says so once the engine
//! thread has spent `WEDGED_ALONE_AFTER` of CPU time without looking; code of no live job
//! that does not look is wedged once it has run past `ORPHAN_LIMIT` and that long again. Where
//! the engine's async context can be read from outside (`job_slot.rs`), whose code does not
//! look is known: that of a job whose stop is due is given the short limit
//! whatever else runs (no more waiting for it to end by itself for the others' sake), and
//! that of a live job whose stop is not due is never given up on for another job's stop. A
//! garbage collection never counts (neither engine looks for interrupts during one, and
//! every collection ends).
//!
//! What to do given what it sees is decided in `policy.rs`; this file looks (the engine's busy
//! spells, its CPU time, unanswered probes, garbage collections, waiting ops) and acts (asks
//! for a probe, terminates the script, wakes a waiting op, says the engine is wedged).

use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use deno_core::v8;
use tokio_util::sync::CancellationToken;

use super::job_slot::JobSlot;
use super::policy::{self, Deafness, Jobs, Spell, UnansweredCpu, Verdict, DEAF_TICK, STALL, TICK, WEDGED_AFTER};
use crate::bridge::StopReason;
use crate::platform::{ThreadCpuClock, Wakeup};

/// How long a due stop may go unanswered before the engine counts as wedged: shared by the
/// session's engines, changed when the config file is.
#[derive(Clone, Debug)]
pub(crate) struct WedgedAfter(Arc<AtomicU64>);

impl Default for WedgedAfter {
    fn default() -> Self {
        WedgedAfter::new(WEDGED_AFTER)
    }
}

impl WedgedAfter {
    pub(crate) fn new(after: Duration) -> WedgedAfter {
        WedgedAfter(Arc::new(AtomicU64::new(after.as_millis() as u64)))
    }

    pub(crate) fn get(&self) -> Duration {
        Duration::from_millis(self.0.load(Ordering::Relaxed))
    }

    pub(crate) fn set(&self, after: Duration) {
        self.0.store(after.as_millis() as u64, Ordering::Relaxed);
    }
}

/// A stop the probe carried out: the job whose code was running (if known) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Stopped {
    pub key: Option<String>,
    pub reason: StopReason,
}

/// The watched jobs, and whether the watchdog is to end, under the one lock its thread waits on.
#[derive(Default)]
struct Watched {
    jobs: Jobs,
    shutdown: bool,
}

struct Shared {
    watched: Mutex<Watched>,
    wake: Condvar,
    /// Milliseconds since `epoch` when the engine last entered JavaScript; 0 when idle.
    busy_since: AtomicU64,
    /// Milliseconds since `epoch` when a probe first found code of no live job running in
    /// this busy spell, since it last found a live job's code; 0 when it has not. (One turn
    /// of the event loop runs many jobs' code: how long the engine has been busy says
    /// nothing about how long code of no job has run.)
    orphan_since: AtomicU64,
    epoch: Instant,
    heap_exceeded: AtomicBool,
    /// Whether V8 is collecting garbage (between its GC prologue and epilogue callbacks).
    in_gc: AtomicBool,
    /// The engine thread's CPU time (none on some platforms: `platform::ThreadCpuClock`).
    engine_cpu: ThreadCpuClock,
    /// Milliseconds since `epoch` when the probe still pending was asked for; 0 when no probe
    /// is pending. Set from 0 only (compare-and-swap, by either thread); cleared (by the probe)
    /// and moved (by `busy`) on the engine thread only.
    probe_asked_at: AtomicU64,
    /// How many probes have been asked for: a new one means the last was answered.
    probes_asked: AtomicU64,
    /// Cancelled once the engine is found wedged (`WEDGED_AFTER`), or its thread panicked.
    wedged: CancellationToken,
    /// The engine thread ended by a panic (a fault in the host's own Rust code).
    crashed: AtomicBool,
    /// Cancelled once the engine is suspected of being wedged (`SUSPECT_AFTER`).
    suspected: CancellationToken,
    /// The jobs whose stops were due when it was, and how long they had gone unanswered.
    wedged_by: Mutex<(Vec<String>, Duration)>,
    wedged_after: WedgedAfter,
    stopped: Mutex<Option<Stopped>>,
    isolate: v8::IsolateHandle,
    /// The `ProbeTarget` interrupts are given (0 until the engine attached its context).
    probe_target: AtomicUsize,
    /// The job whose op waits in a system call (`begin_wait`), if one does.
    waiting: Mutex<Option<Waiting>>,
    /// What the watchdog makes readable to end a waiting op's wait (an eventfd on Linux).
    wake_wait: Wakeup,
    /// Where the engine's async context can be read from here, while its isolate lives.
    slot: Mutex<Option<JobSlot>>,
}

/// An op waiting in a system call: whose code it is, and whether it was told to stop.
struct Waiting {
    job: Option<u32>,
    stopped: bool,
}

/// What the probe needs on the engine thread: the watchdog's state and the context to read
/// the async-context key in. Created once per engine and never freed (interrupts may still
/// point at it while the isolate lives).
struct ProbeTarget {
    shared: Arc<Shared>,
    context: v8::Global<v8::Context>,
}

/// The watchdog: its thread runs until this is dropped.
pub(crate) struct Watchdog {
    handle: WatchHandle,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// What other threads (and the engine thread) use to arm, disarm and stop jobs.
#[derive(Clone)]
pub(crate) struct WatchHandle {
    shared: Arc<Shared>,
}

/// Marks the engine busy in JavaScript while alive.
pub(crate) struct Busy(Arc<Shared>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.busy_since.store(0, Ordering::Release);
    }
}

impl Watchdog {
    /// Starts watching `isolate`; called on the engine thread (whose CPU time it reads).
    pub(crate) fn start(isolate: v8::IsolateHandle, wedged_after: WedgedAfter) -> Watchdog {
        let shared = Arc::new(Shared {
            watched: Mutex::default(),
            wake: Condvar::new(),
            busy_since: AtomicU64::new(0),
            orphan_since: AtomicU64::new(0),
            epoch: Instant::now(),
            heap_exceeded: AtomicBool::new(false),
            in_gc: AtomicBool::new(false),
            engine_cpu: ThreadCpuClock::of_this_thread(),
            probe_asked_at: AtomicU64::new(0),
            probes_asked: AtomicU64::new(0),
            wedged: CancellationToken::new(),
            crashed: AtomicBool::new(false),
            suspected: CancellationToken::new(),
            wedged_by: Mutex::default(),
            wedged_after,
            stopped: Mutex::default(),
            isolate,
            probe_target: AtomicUsize::new(0),
            waiting: Mutex::default(),
            wake_wait: Wakeup::new(),
            slot: Mutex::default(),
        });
        let inner = shared.clone();
        let thread = std::thread::Builder::new()
            .name("omp-host-watchdog".into())
            .spawn(move || watch(&inner))
            .expect("spawn watchdog thread");
        Watchdog {
            handle: WatchHandle { shared },
            thread: Some(thread),
        }
    }

    pub(crate) fn handle(&self) -> WatchHandle {
        self.handle.clone()
    }

    /// Lets the probe read the async context in `context` (the runtime's main context), and
    /// the watchdog read it from its own thread where it can (`job_slot.rs`), until the
    /// returned guard drops (before the isolate does); tells the watchdog when garbage
    /// collections begin and end.
    pub(crate) fn attach(&self, isolate: &mut v8::Isolate, context: v8::Global<v8::Context>) -> Attached {
        let slot = {
            v8::scope!(let scope, &mut *isolate);
            let local = v8::Local::new(scope, &context);
            let scope = &mut v8::ContextScope::new(scope, local);
            JobSlot::locate(scope)
        };
        *self.handle.shared.slot.lock().unwrap() = slot;
        let target: &'static ProbeTarget = Box::leak(Box::new(ProbeTarget {
            shared: self.handle.shared.clone(),
            context,
        }));
        self.handle.shared.probe_target.store(target as *const ProbeTarget as usize, Ordering::Release);
        let data = target as *const ProbeTarget as *mut c_void;
        isolate.add_gc_prologue_callback(gc_began, data, v8::GCType::kGCTypeAll);
        isolate.add_gc_epilogue_callback(gc_ended, data, v8::GCType::kGCTypeAll);
        Attached(self.handle.shared.clone())
    }
}

/// Keeps the watchdog reading the engine's async context from its thread; dropped before the
/// isolate, it stops that (a read in progress is waited for).
pub(crate) struct Attached(Arc<Shared>);

impl Drop for Attached {
    fn drop(&mut self) {
        self.0.slot.lock().unwrap().take();
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        let shared = &self.handle.shared;
        shared.watched.lock().unwrap().shutdown = true;
        shared.wake.notify_one();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn watch(shared: &Shared) {
    let mut unanswered_cpu = UnansweredCpu::default();
    let mut watched = shared.watched.lock().unwrap();
    while !watched.shutdown {
        let urgent = watched.jobs.has_stops() || shared.heap_exceeded.load(Ordering::Acquire);
        if policy::should_probe(shared.busy_for(), urgent) {
            shared.request_probe();
        }
        let mut tick = TICK;
        if !shared.wedged.is_cancelled() {
            let spell = Spell {
                probe: shared.probes_asked.load(Ordering::Acquire),
                running: shared.running_job(),
            };
            match shared.deafness(&watched.jobs, unanswered_cpu.spent_in(spell), spell.running) {
                Deafness::Wedged(due, within) => {
                    *shared.wedged_by.lock().unwrap() = (due, within);
                    shared.wedged.cancel();
                }
                deafness @ (Deafness::StopsUnanswered | Deafness::Suspect) => {
                    if deafness == Deafness::Suspect {
                        shared.suspected.cancel();
                    }
                    tick = DEAF_TICK;
                    unanswered_cpu.sample(shared.engine_cpu.read(), spell);
                }
                Deafness::Excused => unanswered_cpu.pause(),
                Deafness::None => unanswered_cpu = UnansweredCpu::default(),
            }
        }
        drop(watched);
        shared.stop_waiting_op_if_due();
        watched = shared.watched.lock().unwrap();
        if watched.shutdown {
            break;
        }
        let slept_from = Instant::now();
        watched = shared.wake.wait_timeout(watched, tick).unwrap().0;
        let overslept = slept_from.elapsed().saturating_sub(tick);
        if overslept >= STALL {
            shared.forgive_stall(overslept);
        }
    }
}

impl Shared {
    fn busy_for(&self) -> Option<Duration> {
        match self.busy_since.load(Ordering::Acquire) {
            0 => None,
            since => Some(self.epoch.elapsed().saturating_sub(Duration::from_millis(since))),
        }
    }

    /// The host did not run for `stall` (stopped, or starved): a probe pending then counts as
    /// asked that much later, so a healthy engine is not taken for wedged by time in which it
    /// could not answer. (Compare-and-swap: the engine may answer the probe meanwhile.)
    fn forgive_stall(&self, stall: Duration) {
        let asked_at = self.probe_asked_at.load(Ordering::Acquire);
        let moved = policy::ask_after_stall(asked_at, stall, self.now_ms());
        if moved != asked_at {
            let _ = self.probe_asked_at.compare_exchange(asked_at, moved, Ordering::AcqRel, Ordering::Acquire);
        }
    }

    /// Asks the engine to run `probe` on its thread at its next interrupt check, unless a
    /// probe asked for is pending.
    fn request_probe(&self) {
        let target = self.probe_target.load(Ordering::Acquire);
        if target != 0 && self.mark_probe_asked() {
            self.isolate.request_interrupt(probe, target as *mut c_void);
        }
    }

    /// Records that a probe is asked for now, unless one is pending already (then false).
    fn mark_probe_asked(&self) -> bool {
        let asked = self
            .probe_asked_at
            .compare_exchange(0, self.now_ms(), Ordering::AcqRel, Ordering::Acquire)
            .is_ok();
        if asked {
            self.probes_asked.fetch_add(1, Ordering::AcqRel);
        }
        asked
    }

    /// Whether the code of job `job` must stop now, and why; with the job's key, if known.
    fn decide(&self, job: Option<u32>) -> (Option<String>, Option<StopReason>) {
        let watched = self.watched.lock().unwrap();
        let key = watched.jobs.key_of(job);
        (key.map(str::to_string), self.decide_for(&watched.jobs, key))
    }

    /// Carries out `policy::verdict` (taking the heap's flag) and times code of no live job.
    fn decide_for(&self, jobs: &Jobs, key: Option<&str>) -> Option<StopReason> {
        match policy::verdict(self.heap_exceeded.swap(false, Ordering::AcqRel), jobs, key, Instant::now()) {
            Verdict::Stop(reason) => Some(reason),
            Verdict::Live(stop) => {
                self.orphan_since.store(0, Ordering::Release);
                stop
            }
            Verdict::Orphan => {
                // Timed from the first probe that found such code in this busy spell.
                let now = self.now_ms();
                let since = match self.orphan_since.compare_exchange(0, now, Ordering::AcqRel, Ordering::Acquire) {
                    Ok(_) => now,
                    Err(since) => since,
                };
                policy::orphan_stop(Duration::from_millis(now - since))
            }
        }
    }

    /// What an unanswered probe says about the engine (`Jobs::deafness`); nothing while no
    /// probe is pending or the engine is idle, and nothing that counts while it collects
    /// garbage (every collection ends, and no engine looks for interrupts during one) or is
    /// in an op that said it waits (whose it is is known, and its stop ends the wait).
    fn deafness(&self, jobs: &Jobs, unanswered_cpu: Duration, running: Option<u32>) -> Deafness {
        let asked_at = self.probe_asked_at.load(Ordering::Acquire);
        if asked_at == 0 || self.busy_for().is_none() {
            return Deafness::None;
        }
        if self.in_gc.load(Ordering::Acquire) || self.waiting.lock().unwrap().is_some() {
            return Deafness::Excused;
        }
        let asked_at = self.epoch + Duration::from_millis(asked_at);
        jobs.deafness(asked_at, Instant::now(), self.wedged_after.get(), unanswered_cpu, jobs.key_of(running))
    }

    /// The number in the engine's async context, read from this thread (`job_slot.rs`), while
    /// the engine runs JavaScript; none where it cannot be read or holds no job's number.
    fn running_job(&self) -> Option<u32> {
        self.busy_for()?;
        let slot = self.slot.lock().unwrap();
        // SAFETY: the slot is taken away (under this lock) before the isolate is dropped.
        slot.as_ref().and_then(|slot| unsafe { slot.read() })
    }

    /// The probe cannot run while an op waits in a system call: decides for the waiting job
    /// here, and when it must stop, stops its script and ends the op's wait.
    fn stop_waiting_op_if_due(&self) {
        let mut waiting = self.waiting.lock().unwrap();
        let Some(op) = waiting.as_mut().filter(|op| !op.stopped) else { return };
        if let (key, Some(reason)) = self.decide(op.job) {
            op.stopped = true;
            *self.stopped.lock().unwrap() = Some(Stopped { key, reason });
            self.isolate.terminate_execution();
            self.wake_wait.wake();
        }
    }

    /// Milliseconds since `epoch`, never 0 (0 means "not set" in the atomics above).
    fn now_ms(&self) -> u64 {
        (self.epoch.elapsed().as_millis() as u64).max(1)
    }
}

/// The number of the job whose code is running: the async context is that number, or an
/// AsyncLocalStorage frame (a frozen object, ext/node/async_hooks/async_hooks.js) whose `job` it is.
pub(crate) fn running_job(scope: &mut v8::PinScope<'_, '_>) -> Option<u32> {
    let mut data = scope.get_continuation_preserved_embedder_data();
    if data.is_object() && !data.is_proxy() {
        let frame: v8::Local<v8::Object> = data.try_into().ok()?;
        let job = v8::String::new(scope, "job")?;
        data = frame.get(scope, job.into())?;
    }
    data.is_uint32().then(|| data.uint32_value(scope)).flatten()
}

/// Runs on the engine thread, inside the interrupted script.
unsafe extern "C" fn probe(isolate: v8::UnsafeRawIsolatePtr, data: *mut c_void) {
    // SAFETY: `data` is the leaked `ProbeTarget` (`Watchdog::attach`), valid forever.
    let target = unsafe { &*(data as *const ProbeTarget) };
    let shared = &target.shared;
    shared.probe_asked_at.store(0, Ordering::Release);
    // SAFETY: V8 calls interrupt callbacks on the isolate's own thread with a live isolate.
    let mut isolate = unsafe { v8::Isolate::from_raw_isolate_ptr(isolate) };
    let job = {
        v8::scope!(let scope, &mut isolate);
        let context = v8::Local::new(scope, &target.context);
        let scope = &mut v8::ContextScope::new(scope, context);
        running_job(scope)
    };
    if let (key, Some(reason)) = shared.decide(job) {
        *shared.stopped.lock().unwrap() = Some(Stopped { key, reason });
        isolate.terminate_execution();
    }
}

/// The engine is about to collect garbage (on the engine thread; QuickJS-ng builds: its
/// automatic collections, through patches/v8x-3-gc-hook.patch).
extern "C" fn gc_began(_: v8::UnsafeRawIsolatePtr, _: v8::GCType, _: v8::GCCallbackFlags, data: *mut c_void) {
    // SAFETY: `data` is the leaked `ProbeTarget` (`Watchdog::attach`), valid forever.
    let target = unsafe { &*(data as *const ProbeTarget) };
    target.shared.in_gc.store(true, Ordering::Release);
}

/// The engine has collected garbage (on the engine thread).
extern "C" fn gc_ended(_: v8::UnsafeRawIsolatePtr, _: v8::GCType, _: v8::GCCallbackFlags, data: *mut c_void) {
    // SAFETY: as in `gc_began`.
    let target = unsafe { &*(data as *const ProbeTarget) };
    target.shared.in_gc.store(false, Ordering::Release);
}

impl WatchHandle {
    /// Watches job `key` until `disarm`: past `deadline` its code is stopped with `reason`.
    /// (The watchdog looks on its next tick; arming is on every call's path, so it wakes no one.)
    pub(crate) fn arm(&self, key: &str, deadline: Instant, reason: StopReason) {
        self.shared.watched.lock().unwrap().jobs.arm(key, deadline, reason);
    }

    /// Forgets job `key` (it ended). Code it left behind (timers, callbacks) then belongs to
    /// no live job: it may run, but not for longer than `ORPHAN_LIMIT` without yielding.
    /// (A stop asked for with `stop` stays until the engine has dealt with it: `stop_handled`.)
    pub(crate) fn disarm(&self, key: &str) {
        self.shared.watched.lock().unwrap().jobs.disarm(key);
    }

    /// The engine begins to run job `key` (armed, until disarmed): its code may be what runs.
    /// Answers the job's number, which its code carries as the async context.
    pub(crate) fn begun(&self, key: &str) -> u32 {
        self.shared.watched.lock().unwrap().jobs.begin(key)
    }

    /// What job `key`'s signal is to abort with, if a stop was asked for it (`stop`) and the
    /// engine has not dealt with it yet.
    pub(crate) fn abort_reason(&self, key: &str) -> Option<String> {
        self.shared.watched.lock().unwrap().jobs.abort_reason(key)
    }

    /// The engine has aborted job `key`: its code is no longer stopped on sight.
    pub(crate) fn stop_handled(&self, key: &str) {
        self.shared.watched.lock().unwrap().jobs.stop_handled(key);
    }

    /// Stops job `key`'s code now if it is running, and whenever it runs again until disarmed;
    /// `abort_reason` is what the job's signal aborts with when the engine stops its code.
    pub(crate) fn stop(&self, key: &str, reason: StopReason, abort_reason: &str) {
        let shared = &self.shared;
        let since = Instant::now();
        shared.watched.lock().unwrap().jobs.stop(key, reason, since, abort_reason);
        if shared.busy_for().is_some() {
            shared.request_probe();
        }
        shared.wake.notify_one();
    }

    /// The heap is nearly exhausted: stop whatever is running.
    pub(crate) fn heap_exceeded(&self) {
        self.shared.heap_exceeded.store(true, Ordering::Release);
        // A probe already asked for runs at the next interrupt check too (on QuickJS-ng as
        // well, whichever thread asked: patches/v8x-2-poll-interrupts-soon.patch).
        self.shared.request_probe();
    }

    /// An op of job `job` (`running_job`) is about to wait in a system call, which no
    /// interrupt reaches: until the guard drops, the watchdog decides for that job, and ends
    /// the wait when it must stop (the guard's `fd` turns readable).
    pub(crate) fn begin_wait(&self, job: Option<u32>) -> WaitGuard {
        let shared = self.shared.clone();
        shared.wake_wait.drain();
        *shared.waiting.lock().unwrap() = Some(Waiting { job, stopped: false });
        // A stop asked for before the wait began is carried out now, not a tick later.
        shared.wake.notify_one();
        WaitGuard(shared)
    }

    /// Cancelled once the engine is found wedged: a stop was due and for `WEDGED_AFTER` it
    /// did not look at interrupts (so the stop cannot reach it).
    pub(crate) fn wedged(&self) -> CancellationToken {
        self.shared.wedged.clone()
    }

    /// Cancelled once the engine is suspected of being wedged: on its way to the short limit,
    /// it has spent `SUSPECT_AFTER` of CPU time without looking (it may still look).
    pub(crate) fn suspected(&self) -> CancellationToken {
        self.shared.suspected.clone()
    }

    /// The engine thread panicked: the engine is lost as a wedged one is, and is replaced.
    pub(crate) fn crashed(&self) {
        self.shared.crashed.store(true, Ordering::SeqCst);
        self.shared.wedged.cancel();
    }

    /// Whether the engine was lost to a panic of its thread.
    pub(crate) fn has_crashed(&self) -> bool {
        self.shared.crashed.load(Ordering::SeqCst)
    }

    /// The jobs whose stops were due when the engine was found wedged.
    pub(crate) fn wedged_by(&self) -> Vec<String> {
        self.shared.wedged_by.lock().unwrap().0.clone()
    }

    /// How long their stops had gone unanswered then.
    pub(crate) fn wedged_within(&self) -> Duration {
        self.shared.wedged_by.lock().unwrap().1
    }

    /// What the last stop was for (once).
    pub(crate) fn take_stopped(&self) -> Option<Stopped> {
        self.shared.stopped.lock().unwrap().take()
    }

    /// Marks the engine busy in JavaScript until the guard drops.
    pub(crate) fn busy(&self) -> Busy {
        let shared = &self.shared;
        shared.orphan_since.store(0, Ordering::Release);
        let now = shared.now_ms();
        shared.busy_since.store(now, Ordering::Release);
        // A probe still pending from an earlier busy spell is counted from this one.
        if shared.probe_asked_at.load(Ordering::Acquire) != 0 {
            shared.probe_asked_at.store(now, Ordering::Release);
        }
        Busy(shared.clone())
    }
}

/// An op's wait in a system call, watched until dropped (`WatchHandle::begin_wait`).
pub(crate) struct WaitGuard(Arc<Shared>);

impl WaitGuard {
    /// Readable once the waiting job must stop: poll it beside the file.
    #[cfg(unix)]
    pub(crate) fn fd(&self) -> std::os::fd::RawFd {
        self.0.wake_wait.fd()
    }
}

impl Drop for WaitGuard {
    fn drop(&mut self) {
        self.0.waiting.lock().unwrap().take();
        self.0.wake_wait.drain();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The watchdog hears of every garbage collection, the ones the engine starts by itself
    /// while a script allocates included (and a stop that goes unanswered during one never
    /// counts, `Shared::deafness`).
    #[test]
    fn the_watchdog_knows_when_the_engine_collects_garbage() {
        static SEEN_IN_GC: AtomicBool = AtomicBool::new(false);
        extern "C" fn after_the_watchdogs(_: v8::UnsafeRawIsolatePtr, _: v8::GCType, _: v8::GCCallbackFlags, data: *mut c_void) {
            // SAFETY: `data` is the test's `Shared`, alive for the whole collection.
            let shared = unsafe { &*(data as *const Shared) };
            SEEN_IN_GC.fetch_or(shared.in_gc.load(Ordering::Acquire), Ordering::AcqRel);
        }
        // The host's V8 flags first, as the engine sets them: V8 takes none once it is up,
        // and other tests in this binary start isolates that need them.
        #[cfg(feature = "v8")]
        super::super::v8_flags::set_once();
        let tokio = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let _in_tokio = tokio.enter();
        let mut runtime = deno_core::JsRuntime::new(deno_core::RuntimeOptions::default());
        let watchdog = Watchdog::start(runtime.v8_isolate().thread_safe_handle(), WedgedAfter::default());
        let context = runtime.main_context();
        let _attached = watchdog.attach(runtime.v8_isolate(), context);
        let shared = watchdog.handle.shared.clone();
        let data = Arc::as_ptr(&shared) as *mut c_void;
        runtime.v8_isolate().add_gc_prologue_callback(after_the_watchdogs, data, v8::GCType::kGCTypeAll);
        runtime
            .execute_script("garbage", "globalThis.kept = Array.from({ length: 100000 }, (_, i) => ({ i }));")
            .unwrap();
        assert!(SEEN_IN_GC.load(Ordering::Acquire), "in_gc was not set during the collection");
        assert!(!shared.in_gc.load(Ordering::Acquire), "in_gc stayed set after it");
    }
}
