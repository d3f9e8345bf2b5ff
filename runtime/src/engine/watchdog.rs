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
//! through a descriptor it polls beside its file (`node/fs_wait.rs`).
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

use std::collections::{HashMap, HashSet};
use std::ffi::c_void;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use deno_core::v8;
use tokio_util::sync::CancellationToken;

use super::bridge::StopReason;
use super::job_slot::{JobSlot, MAX_JOB_NUMBER};

/// How often the watchdog looks at a busy engine.
const TICK: Duration = Duration::from_millis(25);
/// How long the engine must have been busy before the watchdog asks what is running.
const PROBE_AFTER: Duration = Duration::from_millis(20);
/// How long code that belongs to no live job may run without yielding.
pub const ORPHAN_LIMIT: Duration = Duration::from_secs(1);
pub use crate::config::WEDGED_AFTER;
/// The same when every job on the engine is one whose stop is due: then replacing the engine
/// loses no other job's work, only the tools' module state, so it waits only this long of the
/// engine thread's CPU time (issue 11: a cancel takes effect within 100 ms). Never longer than
/// `WEDGED_AFTER`'s setting. Both engines look for a requested interrupt at their next
/// function entry or loop iteration (QuickJS-ng with patches/v8x-2-poll-interrupts-soon.patch:
/// unpatched, only every 10,000 of them).
pub const WEDGED_ALONE_AFTER: Duration = Duration::from_millis(40);
/// How much of `WEDGED_ALONE_AFTER` an engine may spend not answering before it is suspected
/// of being wedged (`suspected`): the session then starts the engine that would replace it,
/// so that a replacement has less left to do.
const SUSPECT_AFTER: Duration = Duration::from_millis(10);
/// How often the watchdog looks while a due stop goes unanswered, so it finds the engine
/// wedged within a few ms of the limit rather than up to a `TICK` later.
const DEAF_TICK: Duration = Duration::from_millis(5);
/// A wait that ends this much later than asked means the host did not run meanwhile (it was
/// stopped, SIGSTOP, or starved): that time does not count against the engine.
const STALL: Duration = Duration::from_millis(150);
/// What `wedged_by` names when the code that did not look belonged to no live job.
pub const NO_LIVE_JOB: &str = "code of no live job";
/// How long a due stop may go unanswered before the engine counts as wedged: shared by the
/// session's engines, changed when the config file is.
#[derive(Clone, Debug)]
pub struct WedgedAfter(Arc<AtomicU64>);

impl Default for WedgedAfter {
    fn default() -> Self {
        WedgedAfter::new(WEDGED_AFTER)
    }
}

impl WedgedAfter {
    pub fn new(after: Duration) -> WedgedAfter {
        WedgedAfter(Arc::new(AtomicU64::new(after.as_millis() as u64)))
    }

    pub fn get(&self) -> Duration {
        Duration::from_millis(self.0.load(Ordering::Relaxed))
    }

    pub fn set(&self, after: Duration) {
        self.0.store(after.as_millis() as u64, Ordering::Relaxed);
    }
}

/// A stop the probe carried out: the job whose code was running (if known) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stopped {
    pub key: Option<String>,
    pub reason: StopReason,
}

/// A stop asked for a job (`WatchHandle::stop`).
struct StopNow {
    reason: StopReason,
    since: Instant,
    /// What the job's signal aborts with when its code is stopped.
    abort_reason: String,
}

#[derive(Default)]
struct Jobs {
    /// Watched jobs: by when each must have stopped, and what to call it then.
    deadlines: HashMap<String, (Instant, StopReason)>,
    /// Jobs to stop at once (cancelled, or past a deadline the core enforces).
    stop_now: HashMap<String, StopNow>,
    /// Watched jobs the engine has begun to run (a call still queued behind a busy engine
    /// has a deadline but no code that can be running).
    begun: HashSet<String>,
    /// The numbers of jobs begun (or stopped and not yet dealt with), and back.
    numbers: HashMap<u32, String>,
    number_of: HashMap<String, u32>,
    /// The number the next job begun gets, unless it is in use.
    next_number: u32,
    shutdown: bool,
}

struct Shared {
    jobs: Mutex<Jobs>,
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
    /// The engine thread's CPU time.
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
    /// An eventfd the watchdog makes readable to end a waiting op's wait.
    wake_wait: OwnedFd,
    /// Where the engine's async context can be read from here, while its isolate lives.
    slot: Mutex<Option<JobSlot>>,
}

impl Jobs {
    /// Whether stops that are due go unanswered by an engine that has not answered the
    /// probe asked for at `asked_at`, and whether for long enough that it counts as wedged:
    /// - every job the engine has begun is one whose stop is due (nothing else would be lost
    ///   with it), and the engine thread has spent `WEDGED_ALONE_AFTER` (or `wedged_after`,
    ///   if lower) of CPU time since (`unanswered_cpu`: CPU, so an engine thread the machine
    ///   did not get round to running is not taken for one that does not look);
    /// - or a stop (cancel, or deadline) has been due for `wedged_after` while the probe
    ///   stayed pending (a system call nothing ends uses no CPU);
    /// - or the engine runs no job's code and the probe has been pending for `ORPHAN_LIMIT`
    ///   (when such code is stopped) and the shorter limit more: `NO_LIVE_JOB`.
    ///
    /// When whose code runs is known (`running`, the key of a live job), the first rule holds
    /// for that job's own stop whatever else was begun, and a job whose stop is not due is
    /// never given up on for others' stops. A long builtin call before a stop is due is no fault.
    fn deafness(&self, asked_at: Instant, now: Instant, wedged_after: Duration, unanswered_cpu: Duration, running: Option<&str>) -> Deafness {
        let stop_due = |key: &str| self.stop_now.contains_key(key) || self.deadlines.get(key).is_none_or(|(deadline, _)| *deadline <= now);
        // A live job's own code runs (its stop not due): the others' stops wait for it.
        let live_job_runs = running.is_some_and(|key| !stop_due(key));
        let alone = running.is_some() || self.begun.iter().all(|key| stop_due(key));
        let short = wedged_after.min(WEDGED_ALONE_AFTER);
        let deaf_for = |due_since: Instant| now.saturating_duration_since(due_since.max(asked_at));
        let cancelled = self.stop_now.iter().map(|(key, stop)| (key, stop.since));
        let past_deadline = self
            .deadlines
            .iter()
            .filter(|(_, (deadline, _))| *deadline <= now)
            .map(|(key, (deadline, _))| (key, *deadline));
        let mut unanswered: Vec<(String, Duration)> = cancelled.chain(past_deadline).map(|(key, since)| (key.clone(), deaf_for(since))).collect();
        unanswered.sort();
        unanswered.dedup_by(|a, b| a.0 == b.0);
        if unanswered.is_empty() {
            if self.begun.is_empty() && deaf_for(asked_at) >= ORPHAN_LIMIT + short {
                return Deafness::Wedged(vec![NO_LIVE_JOB.to_string()], ORPHAN_LIMIT + short);
            }
            return Deafness::None;
        }
        if live_job_runs {
            return Deafness::StopsUnanswered;
        }
        if alone && unanswered_cpu >= short {
            return Deafness::Wedged(unanswered.into_iter().map(|(key, _)| key).collect(), short);
        }
        if alone && unanswered_cpu >= SUSPECT_AFTER.min(short) {
            return Deafness::Suspect;
        }
        let due: Vec<String> = unanswered
            .iter()
            .filter(|(_, deaf)| *deaf >= wedged_after)
            .map(|(key, _)| key.clone())
            .collect();
        if !due.is_empty() {
            return Deafness::Wedged(due, wedged_after);
        }
        Deafness::StopsUnanswered
    }

    /// Gives job `key` a number for the engine's async context (its own if it has one).
    fn number(&mut self, key: &str) -> u32 {
        if let Some(number) = self.number_of.get(key) {
            return *number;
        }
        // Numbers wrap within what a Smi holds, past those in use.
        let after = |number: u32| if number >= MAX_JOB_NUMBER { 1 } else { number + 1 };
        let mut number = self.next_number.max(1);
        while self.numbers.contains_key(&number) {
            number = after(number);
        }
        self.next_number = after(number);
        self.numbers.insert(number, key.to_string());
        self.number_of.insert(key.to_string(), number);
        number
    }

    /// Lets job `key`'s number go once nothing needs to map it back: neither begun nor with
    /// a stop the engine has not dealt with (whose code is stopped on sight until then).
    fn release_number(&mut self, key: &str) {
        if self.begun.contains(key) || self.stop_now.contains_key(key) {
            return;
        }
        if let Some(number) = self.number_of.remove(key) {
            self.numbers.remove(&number);
        }
    }

    /// The key of the job numbered `number`, if it is still known.
    fn key_of(&self, number: Option<u32>) -> Option<&str> {
        number.and_then(|number| self.numbers.get(&number)).map(String::as_str)
    }
}

/// Engine CPU time spent while stops went unanswered: sampled by the watchdog each time it
/// looks, over one spell of them.
#[derive(Default)]
struct UnansweredCpu {
    last: Option<Duration>,
    spent: Duration,
    spell: Spell,
}

/// What one spell of unanswered stops is: one probe left unanswered (a probe asked for after
/// the last was answered starts a new spell: the engine looks) and, where known, one job's
/// code running (`job_slot.rs`).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Spell {
    probe: u64,
    running: Option<u32>,
}

impl UnansweredCpu {
    /// What has been counted for `spell` (nothing for another).
    fn spent_in(&self, spell: Spell) -> Duration {
        if spell == self.spell {
            self.spent
        } else {
            Duration::ZERO
        }
    }

    fn sample(&mut self, now: Option<Duration>, spell: Spell) {
        if spell != self.spell {
            *self = UnansweredCpu {
                spell,
                ..UnansweredCpu::default()
            };
        }
        if let (Some(last), Some(now)) = (self.last, now) {
            self.spent += now.saturating_sub(last);
        }
        self.last = now;
    }

    /// Time from here until the next sample does not count (a garbage collection, a wait).
    fn pause(&mut self) {
        self.last = None;
    }
}

/// The engine thread's CPU time, read from the watchdog thread through its POSIX CPU clock.
struct ThreadCpuClock(Option<libc::clockid_t>);

impl ThreadCpuClock {
    /// The calling thread's clock (the watchdog is started on the engine thread).
    fn of_this_thread() -> ThreadCpuClock {
        let mut clock: libc::clockid_t = 0;
        // SAFETY: asks for the calling thread's CPU clock id, written to a live clockid_t.
        let found = unsafe { libc::pthread_getcpuclockid(libc::pthread_self(), &mut clock) } == 0;
        ThreadCpuClock(found.then_some(clock))
    }

    /// The thread's CPU time so far; none once the thread is gone.
    fn read(&self) -> Option<Duration> {
        let clock = self.0?;
        let mut time = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: clock_gettime writes to a live timespec.
        let read = unsafe { libc::clock_gettime(clock, &mut time) } == 0;
        read.then(|| Duration::new(time.tv_sec as u64, time.tv_nsec as u32))
    }
}

/// What the watchdog makes of an engine that has not answered its probe.
#[derive(Debug, PartialEq, Eq)]
enum Deafness {
    /// It answers, or nothing is due that it must hear.
    None,
    /// It is collecting garbage or in an op that said it waits: not counted.
    Excused,
    /// Stops are due and unanswered, not yet for long enough to give up on it.
    StopsUnanswered,
    /// The same, on the way to the short limit and past `SUSPECT_AFTER` of it.
    Suspect,
    /// It is wedged: these jobs' stops (or `NO_LIVE_JOB`) went unanswered this long.
    Wedged(Vec<String>, Duration),
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
pub struct Watchdog {
    handle: WatchHandle,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// What other threads (and the engine thread) use to arm, disarm and stop jobs.
#[derive(Clone)]
pub struct WatchHandle {
    shared: Arc<Shared>,
}

/// Marks the engine busy in JavaScript while alive.
pub struct Busy(Arc<Shared>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.busy_since.store(0, Ordering::Release);
    }
}

impl Watchdog {
    /// Starts watching `isolate`; called on the engine thread (whose CPU time it reads).
    pub fn start(isolate: v8::IsolateHandle, wedged_after: WedgedAfter) -> Watchdog {
        let shared = Arc::new(Shared {
            jobs: Mutex::default(),
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
            wake_wait: new_eventfd(),
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

    pub fn handle(&self) -> WatchHandle {
        self.handle.clone()
    }

    /// Lets the probe read the async context in `context` (the runtime's main context), and
    /// the watchdog read it from its own thread where it can (`job_slot.rs`), until the
    /// returned guard drops (before the isolate does); tells the watchdog when garbage
    /// collections begin and end.
    pub fn attach(&self, isolate: &mut v8::Isolate, context: v8::Global<v8::Context>) -> Attached {
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
pub struct Attached(Arc<Shared>);

impl Drop for Attached {
    fn drop(&mut self) {
        self.0.slot.lock().unwrap().take();
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        let shared = &self.handle.shared;
        shared.jobs.lock().unwrap().shutdown = true;
        shared.wake.notify_one();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn watch(shared: &Shared) {
    let mut unanswered_cpu = UnansweredCpu::default();
    let mut jobs = shared.jobs.lock().unwrap();
    while !jobs.shutdown {
        let busy_for = shared.busy_for();
        let urgent = !jobs.stop_now.is_empty() || shared.heap_exceeded.load(Ordering::Acquire);
        if busy_for.is_some_and(|d| d >= PROBE_AFTER) || (urgent && busy_for.is_some()) {
            shared.request_probe();
        }
        let mut tick = TICK;
        if !shared.wedged.is_cancelled() {
            let spell = Spell {
                probe: shared.probes_asked.load(Ordering::Acquire),
                running: shared.running_job(),
            };
            match shared.deafness(&jobs, unanswered_cpu.spent_in(spell), spell.running) {
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
        drop(jobs);
        shared.stop_waiting_op_if_due();
        jobs = shared.jobs.lock().unwrap();
        if jobs.shutdown {
            break;
        }
        let slept_from = Instant::now();
        jobs = shared.wake.wait_timeout(jobs, tick).unwrap().0;
        let overslept = slept_from.elapsed().saturating_sub(tick);
        if overslept >= STALL {
            shared.forgive_stall(overslept);
        }
    }
}

/// When a probe asked for at `asked_at` (ms since the epoch, 0: none) counts as asked, once
/// the host did not run for `stall` (the time it was stopped is taken out), never later than
/// `now`.
fn ask_after_stall(asked_at: u64, stall: Duration, now: u64) -> u64 {
    if asked_at == 0 {
        return 0;
    }
    (asked_at + stall.as_millis() as u64).min(now).max(asked_at)
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
        let moved = ask_after_stall(asked_at, stall, self.now_ms());
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
        let jobs = self.jobs.lock().unwrap();
        let key = jobs.key_of(job);
        (key.map(str::to_string), self.decide_for(&jobs, key))
    }

    fn decide_for(&self, jobs: &Jobs, key: Option<&str>) -> Option<StopReason> {
        if self.heap_exceeded.swap(false, Ordering::AcqRel) {
            return Some(StopReason::HeapLimit);
        }
        if let Some(key) = key {
            if let Some(stop) = jobs.stop_now.get(key) {
                return Some(stop.reason);
            }
            if let Some((deadline, reason)) = jobs.deadlines.get(key) {
                self.orphan_since.store(0, Ordering::Release);
                return (*deadline <= Instant::now()).then_some(*reason);
            }
        }
        // Code of no live job: a timer or callback left behind by a job that ended. It is
        // timed from the first probe that found it, so a live call's long step earlier in
        // the same turn never counts against it.
        let now = self.now_ms();
        let since = match self.orphan_since.compare_exchange(0, now, Ordering::AcqRel, Ordering::Acquire) {
            Ok(_) => now,
            Err(since) => since,
        };
        (Duration::from_millis(now - since) >= ORPHAN_LIMIT).then_some(StopReason::Runaway)
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
            let one: u64 = 1;
            // SAFETY: writes 8 bytes from a live u64 to the eventfd, as eventfd(2) requires.
            unsafe { libc::write(self.wake_wait.as_raw_fd(), (&one as *const u64).cast(), 8) };
        }
    }

    /// Milliseconds since `epoch`, never 0 (0 means "not set" in the atomics above).
    fn now_ms(&self) -> u64 {
        (self.epoch.elapsed().as_millis() as u64).max(1)
    }
}

/// A non-blocking, close-on-exec eventfd.
fn new_eventfd() -> OwnedFd {
    // SAFETY: eventfd(2) with valid flags; the descriptor it returns is owned from here on.
    let fd = unsafe { libc::eventfd(0, libc::EFD_CLOEXEC | libc::EFD_NONBLOCK) };
    assert!(fd >= 0, "eventfd: {}", std::io::Error::last_os_error());
    // SAFETY: `fd` was just created and nothing else owns it.
    unsafe { OwnedFd::from_raw_fd(fd) }
}

/// Empties an eventfd (it is non-blocking, so this never waits).
fn drain_eventfd(fd: RawFd) {
    let mut count: u64 = 0;
    // SAFETY: reads 8 bytes into a live u64, as eventfd(2) requires.
    unsafe { libc::read(fd, (&mut count as *mut u64).cast(), 8) };
}

/// The number of the job whose code is running: the async context is that number, or an
/// AsyncLocalStorage frame (a frozen object, node/async_hooks.js) whose `job` it is.
pub fn running_job(scope: &mut v8::PinScope<'_, '_>) -> Option<u32> {
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
    pub fn arm(&self, key: &str, deadline: Instant, reason: StopReason) {
        self.shared.jobs.lock().unwrap().deadlines.insert(key.to_string(), (deadline, reason));
    }

    /// Forgets job `key` (it ended). Code it left behind (timers, callbacks) then belongs to
    /// no live job: it may run, but not for longer than `ORPHAN_LIMIT` without yielding.
    /// (A stop asked for with `stop` stays until the engine has dealt with it: `stop_handled`.)
    pub fn disarm(&self, key: &str) {
        let mut jobs = self.shared.jobs.lock().unwrap();
        jobs.deadlines.remove(key);
        jobs.begun.remove(key);
        jobs.release_number(key);
    }

    /// The engine begins to run job `key` (armed, until disarmed): its code may be what runs.
    /// Answers the job's number, which its code carries as the async context.
    pub fn begun(&self, key: &str) -> u32 {
        let mut jobs = self.shared.jobs.lock().unwrap();
        jobs.begun.insert(key.to_string());
        jobs.number(key)
    }

    /// What job `key`'s signal is to abort with, if a stop was asked for it (`stop`) and the
    /// engine has not dealt with it yet.
    pub fn abort_reason(&self, key: &str) -> Option<String> {
        self.shared.jobs.lock().unwrap().stop_now.get(key).map(|stop| stop.abort_reason.clone())
    }

    /// The engine has aborted job `key`: its code is no longer stopped on sight.
    pub fn stop_handled(&self, key: &str) {
        let mut jobs = self.shared.jobs.lock().unwrap();
        jobs.stop_now.remove(key);
        jobs.release_number(key);
    }

    /// Stops job `key`'s code now if it is running, and whenever it runs again until disarmed;
    /// `abort_reason` is what the job's signal aborts with when the engine stops its code.
    pub fn stop(&self, key: &str, reason: StopReason, abort_reason: &str) {
        let shared = &self.shared;
        let stop = StopNow {
            reason,
            since: Instant::now(),
            abort_reason: abort_reason.to_string(),
        };
        shared.jobs.lock().unwrap().stop_now.insert(key.to_string(), stop);
        if shared.busy_for().is_some() {
            shared.request_probe();
        }
        shared.wake.notify_one();
    }

    /// The heap is nearly exhausted: stop whatever is running.
    pub fn heap_exceeded(&self) {
        self.shared.heap_exceeded.store(true, Ordering::Release);
        // A probe already asked for runs at the next interrupt check too (on QuickJS-ng as
        // well, whichever thread asked: patches/v8x-2-poll-interrupts-soon.patch).
        self.shared.request_probe();
    }

    /// An op of job `job` (`running_job`) is about to wait in a system call, which no
    /// interrupt reaches: until the guard drops, the watchdog decides for that job, and ends
    /// the wait when it must stop (the guard's `fd` turns readable).
    pub fn begin_wait(&self, job: Option<u32>) -> WaitGuard {
        let shared = self.shared.clone();
        drain_eventfd(shared.wake_wait.as_raw_fd());
        *shared.waiting.lock().unwrap() = Some(Waiting { job, stopped: false });
        // A stop asked for before the wait began is carried out now, not a tick later.
        shared.wake.notify_one();
        WaitGuard(shared)
    }

    /// Cancelled once the engine is found wedged: a stop was due and for `WEDGED_AFTER` it
    /// did not look at interrupts (so the stop cannot reach it).
    pub fn wedged(&self) -> CancellationToken {
        self.shared.wedged.clone()
    }

    /// Cancelled once the engine is suspected of being wedged: on its way to the short limit,
    /// it has spent `SUSPECT_AFTER` of CPU time without looking (it may still look).
    pub fn suspected(&self) -> CancellationToken {
        self.shared.suspected.clone()
    }

    /// The engine thread panicked: the engine is lost as a wedged one is, and is replaced.
    pub fn crashed(&self) {
        self.shared.crashed.store(true, Ordering::SeqCst);
        self.shared.wedged.cancel();
    }

    /// Whether the engine was lost to a panic of its thread.
    pub fn has_crashed(&self) -> bool {
        self.shared.crashed.load(Ordering::SeqCst)
    }

    /// The jobs whose stops were due when the engine was found wedged.
    pub fn wedged_by(&self) -> Vec<String> {
        self.shared.wedged_by.lock().unwrap().0.clone()
    }

    /// How long their stops had gone unanswered then.
    pub fn wedged_within(&self) -> Duration {
        self.shared.wedged_by.lock().unwrap().1
    }

    /// What the last stop was for (once).
    pub fn take_stopped(&self) -> Option<Stopped> {
        self.shared.stopped.lock().unwrap().take()
    }

    /// Marks the engine busy in JavaScript until the guard drops.
    pub fn busy(&self) -> Busy {
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
pub struct WaitGuard(Arc<Shared>);

impl WaitGuard {
    /// Readable once the waiting job must stop: poll it beside the file.
    pub fn fd(&self) -> RawFd {
        self.0.wake_wait.as_raw_fd()
    }
}

impl Drop for WaitGuard {
    fn drop(&mut self) {
        self.0.waiting.lock().unwrap().take();
        drain_eventfd(self.0.wake_wait.as_raw_fd());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SETTING: Duration = Duration::from_millis(500);
    const MS: Duration = Duration::from_millis(1);

    /// Jobs with `begun` begun, each armed with a deadline 10 minutes away; `cancelled` also
    /// cancelled at `at`.
    fn jobs(at: Instant, begun: &[&str], queued: &[&str], cancelled: &[&str]) -> Jobs {
        let mut jobs = Jobs::default();
        for key in begun.iter().chain(queued) {
            jobs.deadlines.insert(key.to_string(), (at + Duration::from_secs(600), StopReason::Deadline));
        }
        jobs.begun = begun.iter().map(|key| key.to_string()).collect();
        for key in cancelled {
            let stop = StopNow {
                reason: StopReason::Cancelled,
                since: at,
                abort_reason: "cancelled".into(),
            };
            jobs.stop_now.insert(key.to_string(), stop);
        }
        jobs
    }

    fn wedged(keys: &[&str], within: Duration) -> Deafness {
        Deafness::Wedged(keys.iter().map(|key| key.to_string()).collect(), within)
    }

    #[test]
    fn a_stop_of_the_only_job_begun_goes_unanswered_for_the_short_limit_of_engine_cpu() {
        let cancelled_at = Instant::now();
        let asked_at = cancelled_at - 100 * MS;
        let jobs = jobs(cancelled_at, &["call:a"], &["call:queued"], &["call:a"]);
        let at = cancelled_at + 300 * MS;
        assert_eq!(jobs.deafness(asked_at, at, SETTING, 9 * MS, None), Deafness::StopsUnanswered);
        assert_eq!(jobs.deafness(asked_at, at, SETTING, 39 * MS, None), Deafness::Suspect);
        assert_eq!(
            jobs.deafness(asked_at, at, SETTING, WEDGED_ALONE_AFTER, None),
            wedged(&["call:a"], WEDGED_ALONE_AFTER)
        );
        // An engine thread that did not get the CPU is waited for up to the setting.
        assert_eq!(
            jobs.deafness(asked_at, cancelled_at + 499 * MS, SETTING, Duration::ZERO, None),
            Deafness::StopsUnanswered
        );
        assert_eq!(
            jobs.deafness(asked_at, cancelled_at + SETTING, SETTING, Duration::ZERO, None),
            wedged(&["call:a"], SETTING)
        );
        // A lower setting is never exceeded.
        assert_eq!(
            jobs.deafness(asked_at, cancelled_at + 5 * MS, 20 * MS, 20 * MS, None),
            wedged(&["call:a"], 20 * MS)
        );
    }

    #[test]
    fn another_job_begun_and_not_due_waits_for_the_setting_while_whose_code_runs_is_unknown() {
        let cancelled_at = Instant::now();
        let asked_at = cancelled_at - 100 * MS;
        let jobs = jobs(cancelled_at, &["call:a", "call:b"], &[], &["call:a"]);
        assert_eq!(
            jobs.deafness(asked_at, cancelled_at + 499 * MS, SETTING, 499 * MS, None),
            Deafness::StopsUnanswered
        );
        assert_eq!(
            jobs.deafness(asked_at, cancelled_at + SETTING, SETTING, SETTING, None),
            wedged(&["call:a"], SETTING)
        );
    }

    /// The code that does not look is the stopped job's own: waiting longer for it to end by
    /// itself would hold up the other jobs as long, so it gets the short limit.
    #[test]
    fn the_stopped_jobs_own_code_gets_the_short_limit_beside_other_jobs() {
        let cancelled_at = Instant::now();
        let asked_at = cancelled_at - 100 * MS;
        let jobs = jobs(cancelled_at, &["call:a", "call:b"], &[], &["call:a"]);
        let at = cancelled_at + 300 * MS;
        assert_eq!(jobs.deafness(asked_at, at, SETTING, 9 * MS, Some("call:a")), Deafness::StopsUnanswered);
        assert_eq!(jobs.deafness(asked_at, at, SETTING, 39 * MS, Some("call:a")), Deafness::Suspect);
        assert_eq!(
            jobs.deafness(asked_at, at, SETTING, WEDGED_ALONE_AFTER, Some("call:a")),
            wedged(&["call:a"], WEDGED_ALONE_AFTER)
        );
    }

    /// The code that does not look is a live job's whose stop is not due (a long builtin call
    /// of its own): another job's stop waits for it, however long, and replaces nothing.
    #[test]
    fn a_live_jobs_long_builtin_call_is_never_given_up_on_for_another_jobs_stop() {
        let cancelled_at = Instant::now();
        let asked_at = cancelled_at - 100 * MS;
        let jobs = jobs(cancelled_at, &["call:a", "call:b"], &[], &["call:a"]);
        let late = cancelled_at + 10 * SETTING;
        assert_eq!(jobs.deafness(asked_at, late, SETTING, 10 * SETTING, Some("call:b")), Deafness::StopsUnanswered);
        // Its own deadline still counts.
        let mut jobs = jobs;
        jobs.deadlines.insert("call:b".into(), (cancelled_at, StopReason::Deadline));
        assert_eq!(
            jobs.deafness(asked_at, late, SETTING, 10 * SETTING, Some("call:b")),
            wedged(&["call:a", "call:b"], WEDGED_ALONE_AFTER)
        );
        // Nothing due, nothing unanswered.
        let quiet = self::jobs(cancelled_at, &["call:b"], &[], &[]);
        assert_eq!(quiet.deafness(asked_at, late, SETTING, 10 * SETTING, Some("call:b")), Deafness::None);
    }

    #[test]
    fn job_numbers_are_kept_while_a_stop_is_not_dealt_with_and_not_reused_meanwhile() {
        let mut jobs = Jobs::default();
        let a = jobs.number("call:a");
        jobs.begun.insert("call:a".into());
        assert_eq!(jobs.number("call:a"), a, "a job keeps its number");
        let stop = StopNow {
            reason: StopReason::Cancelled,
            since: Instant::now(),
            abort_reason: "cancelled".into(),
        };
        jobs.stop_now.insert("call:a".into(), stop);
        jobs.begun.remove("call:a");
        jobs.release_number("call:a");
        assert_eq!(jobs.key_of(Some(a)), Some("call:a"), "its code is still stopped on sight");
        jobs.stop_now.remove("call:a");
        jobs.release_number("call:a");
        assert_eq!(jobs.key_of(Some(a)), None);
        // Numbers wrap within what a Smi holds, past those in use.
        jobs.next_number = MAX_JOB_NUMBER;
        let last = jobs.number("call:last");
        assert_eq!(last, MAX_JOB_NUMBER);
        jobs.next_number = MAX_JOB_NUMBER;
        assert_eq!(jobs.number("call:next"), 1);
    }

    #[test]
    fn time_the_host_was_stopped_does_not_count_toward_an_unanswered_probe() {
        assert_eq!(ask_after_stall(0, Duration::from_secs(3), 10_000), 0, "no probe pending: none made up");
        assert_eq!(ask_after_stall(1_000, Duration::from_secs(3), 10_000), 4_000);
        assert_eq!(ask_after_stall(1_000, Duration::from_secs(30), 10_000), 10_000, "never later than now");
        // A stop due for the setting's 500 ms, of which 400 the host spent stopped, is not.
        let asked = Instant::now();
        let jobs = jobs(asked, &["call:a", "call:b"], &[], &["call:a"]);
        let now = asked + Duration::from_millis(500);
        let after_stall = asked + Duration::from_millis(400);
        let wedged_after = Duration::from_millis(500);
        assert!(matches!(jobs.deafness(asked, now, wedged_after, Duration::ZERO, None), Deafness::Wedged(..)));
        assert_eq!(jobs.deafness(after_stall, now, wedged_after, Duration::ZERO, None), Deafness::StopsUnanswered);
    }

    #[test]
    fn a_deadline_counts_from_when_it_passed_and_the_probe_from_when_it_was_asked() {
        let start = Instant::now();
        let mut jobs = jobs(start, &["load:1", "call:b"], &[], &[]);
        jobs.deadlines.insert("load:1".into(), (start + 100 * MS, StopReason::LoadTimeout));
        assert_eq!(
            jobs.deafness(start, start + 99 * MS, SETTING, Duration::ZERO, None),
            Deafness::None,
            "not due yet"
        );
        assert_eq!(jobs.deafness(start, start + 599 * MS, SETTING, Duration::ZERO, None), Deafness::StopsUnanswered);
        assert_eq!(
            jobs.deafness(start, start + 600 * MS, SETTING, Duration::ZERO, None),
            wedged(&["load:1"], SETTING)
        );
        // A probe asked after the deadline passed is what the time counts from.
        let asked_late = start + 130 * MS;
        assert_eq!(
            jobs.deafness(asked_late, start + 600 * MS, SETTING, Duration::ZERO, None),
            Deafness::StopsUnanswered
        );
    }

    #[test]
    fn code_of_no_live_job_that_does_not_look_is_wedged_after_the_orphan_limit() {
        let asked_at = Instant::now();
        let jobs = jobs(asked_at, &[], &["call:queued"], &[]);
        let limit = ORPHAN_LIMIT + WEDGED_ALONE_AFTER;
        assert_eq!(jobs.deafness(asked_at, asked_at + limit - MS, SETTING, Duration::ZERO, None), Deafness::None);
        assert_eq!(
            jobs.deafness(asked_at, asked_at + limit, SETTING, Duration::ZERO, None),
            wedged(&[NO_LIVE_JOB], limit)
        );
        // A live job's long step is no fault while nothing is due.
        let busy = self::jobs(asked_at, &["call:b"], &[], &[]);
        assert_eq!(busy.deafness(asked_at, asked_at + 10 * limit, SETTING, 10 * limit, None), Deafness::None);
    }

    #[test]
    fn engine_cpu_counts_only_between_samples_it_was_watched() {
        let mut cpu = UnansweredCpu::default();
        let spell = Spell::default();
        cpu.sample(Some(100 * MS), spell);
        cpu.sample(Some(130 * MS), spell);
        assert_eq!(cpu.spent, 30 * MS);
        cpu.pause(); // a garbage collection
        cpu.sample(Some(400 * MS), spell);
        cpu.sample(Some(410 * MS), spell);
        assert_eq!(cpu.spent, 40 * MS);
        // Another job's code: counted afresh.
        let other_job = Spell { running: Some(7), ..spell };
        cpu.sample(Some(420 * MS), other_job);
        assert_eq!(cpu.spent, Duration::ZERO);
        cpu.sample(Some(425 * MS), other_job);
        assert_eq!(cpu.spent, 5 * MS);
        // The engine answered the probe, and another is pending: counted afresh, and what
        // was counted before is not what the watchdog looks at for it.
        let next_probe = Spell { probe: 1, ..other_job };
        assert_eq!(cpu.spent_in(other_job), 5 * MS);
        assert_eq!(cpu.spent_in(next_probe), Duration::ZERO);
        cpu.sample(Some(430 * MS), next_probe);
        assert_eq!(cpu.spent, Duration::ZERO);
        // This thread's clock moves as it works.
        let clock = ThreadCpuClock::of_this_thread();
        let before = clock.read().unwrap();
        let spin = Instant::now();
        while spin.elapsed() < 5 * MS {}
        assert!(clock.read().unwrap() > before);
    }

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
