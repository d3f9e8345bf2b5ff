//! What the watchdog decides, given what it observed and the time, with no thread, clock or
//! engine of its own (`watchdog.rs` observes the engine and carries the decisions out): when
//! to interrupt the engine to ask what runs, whether the code found running must stop and why,
//! and what an engine that does not answer is (still to be waited for, suspected, wedged).
//! The jobs it watches are kept here too: their deadlines and stops, which of them the engine
//! has begun, and the numbers their code carries as the engine's async context.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use super::job_slot::MAX_JOB_NUMBER;
use crate::bridge::StopReason;

/// How often the watchdog looks at a busy engine.
pub(crate) const TICK: Duration = Duration::from_millis(25);
/// How long the engine must have been busy before the watchdog asks what is running.
pub(crate) const PROBE_AFTER: Duration = Duration::from_millis(20);
/// How long code that belongs to no live job may run without yielding.
pub(crate) const ORPHAN_LIMIT: Duration = Duration::from_secs(1);
pub(crate) use crate::config::WEDGED_AFTER;
/// The same when every job on the engine is one whose stop is due: then replacing the engine
/// loses no other job's work, only the tools' module state, so it waits only this long of the
/// engine thread's CPU time (the host's target: a cancel takes effect within 100 ms). Never longer than
/// `WEDGED_AFTER`'s setting. Both engines look for a requested interrupt at their next
/// function entry or loop iteration (QuickJS-ng with patches/v8x-2-poll-interrupts-soon.patch:
/// unpatched, only every 10,000 of them).
pub(crate) const WEDGED_ALONE_AFTER: Duration = Duration::from_millis(40);
/// How much of `WEDGED_ALONE_AFTER` an engine may spend not answering before it is suspected
/// of being wedged (`suspected`): the session then starts the engine that would replace it,
/// so that a replacement has less left to do.
pub(crate) const SUSPECT_AFTER: Duration = Duration::from_millis(10);
/// How often the watchdog looks while a due stop goes unanswered, so it finds the engine
/// wedged within a few ms of the limit rather than up to a `TICK` later.
pub(crate) const DEAF_TICK: Duration = Duration::from_millis(5);
/// A wait that ends this much later than asked means the host did not run meanwhile (it was
/// stopped, SIGSTOP, or starved): that time does not count against the engine.
pub(crate) const STALL: Duration = Duration::from_millis(150);
/// What `wedged_by` names when the code that did not look belonged to no live job.
pub(crate) const NO_LIVE_JOB: &str = "code of no live job";

/// A stop asked for a job (`Jobs::stop`, through `WatchHandle::stop`).
struct StopNow {
    reason: StopReason,
    since: Instant,
    /// What the job's signal aborts with when its code is stopped.
    abort_reason: String,
}

/// The jobs the watchdog watches.
#[derive(Default)]
pub(crate) struct Jobs {
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
    pub(crate) fn deafness(&self, asked_at: Instant, now: Instant, wedged_after: Duration, unanswered_cpu: Duration, running: Option<&str>) -> Deafness {
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
    pub(crate) fn key_of(&self, number: Option<u32>) -> Option<&str> {
        number.and_then(|number| self.numbers.get(&number)).map(String::as_str)
    }
}

impl Jobs {
    /// Watches job `key`: past `deadline` its code is stopped with `reason`.
    pub(crate) fn arm(&mut self, key: &str, deadline: Instant, reason: StopReason) {
        self.deadlines.insert(key.to_string(), (deadline, reason));
    }

    /// Forgets job `key` (it ended); a stop asked for it stays until `stop_handled`.
    pub(crate) fn disarm(&mut self, key: &str) {
        self.deadlines.remove(key);
        self.begun.remove(key);
        self.release_number(key);
    }

    /// The engine begins to run job `key`: answers the number its code carries.
    pub(crate) fn begin(&mut self, key: &str) -> u32 {
        self.begun.insert(key.to_string());
        self.number(key)
    }

    /// Job `key`'s code is to stop now with `reason` (asked for at `since`), and whenever it
    /// runs again until the engine has dealt with it; its signal aborts with `abort_reason`.
    pub(crate) fn stop(&mut self, key: &str, reason: StopReason, since: Instant, abort_reason: &str) {
        let stop = StopNow {
            reason,
            since,
            abort_reason: abort_reason.to_string(),
        };
        self.stop_now.insert(key.to_string(), stop);
    }

    /// What job `key`'s signal is to abort with, if a stop was asked for it and not dealt with.
    pub(crate) fn abort_reason(&self, key: &str) -> Option<String> {
        self.stop_now.get(key).map(|stop| stop.abort_reason.clone())
    }

    /// The engine has dealt with job `key`'s stop.
    pub(crate) fn stop_handled(&mut self, key: &str) {
        self.stop_now.remove(key);
        self.release_number(key);
    }

    /// Whether a stop was asked for any job and not dealt with yet.
    pub(crate) fn has_stops(&self) -> bool {
        !self.stop_now.is_empty()
    }
}

/// Whether to ask the engine what runs (interrupt it with a probe): it has run JavaScript for
/// `PROBE_AFTER` (`busy_for`, none while idle), or something must stop now (`urgent`: a stop
/// asked for, the heap nearly exhausted) and it runs anything.
pub(crate) fn should_probe(busy_for: Option<Duration>, urgent: bool) -> bool {
    busy_for.is_some_and(|d| d >= PROBE_AFTER) || (urgent && busy_for.is_some())
}

/// What the code a probe found running comes to.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// It must stop now, for this reason (its job's stop was asked for, or the heap ran out).
    Stop(StopReason),
    /// A live job's code, stopped (`Some`) once that job's deadline has passed. Code of no live
    /// job is timed afresh after it.
    Live(Option<StopReason>),
    /// Code of no live job (a timer or callback left behind by a job that ended): stopped once
    /// such code has run for `ORPHAN_LIMIT` (`orphan_stop`).
    Orphan,
}

/// What the code of job `key` (none: not a known job's) found running at `now` comes to;
/// `heap_exceeded` stops whatever runs.
pub(crate) fn verdict(heap_exceeded: bool, jobs: &Jobs, key: Option<&str>, now: Instant) -> Verdict {
    if heap_exceeded {
        return Verdict::Stop(StopReason::HeapLimit);
    }
    if let Some(key) = key {
        if let Some(stop) = jobs.stop_now.get(key) {
            return Verdict::Stop(stop.reason);
        }
        if let Some((deadline, reason)) = jobs.deadlines.get(key) {
            return Verdict::Live((*deadline <= now).then_some(*reason));
        }
    }
    Verdict::Orphan
}

/// Whether code of no live job that has run for `ran` (since a probe first found it, so a
/// live call's long step earlier in the same turn never counts against it) is stopped.
pub(crate) fn orphan_stop(ran: Duration) -> Option<StopReason> {
    (ran >= ORPHAN_LIMIT).then_some(StopReason::Runaway)
}

/// What the watchdog makes of an engine that has not answered its probe.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Deafness {
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

/// looks, over one spell of them.
#[derive(Default)]
pub(crate) struct UnansweredCpu {
    last: Option<Duration>,
    spent: Duration,
    spell: Spell,
}

/// What one spell of unanswered stops is: one probe left unanswered (a probe asked for after
/// the last was answered starts a new spell: the engine looks) and, where known, one job's
/// code running (`job_slot.rs`).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct Spell {
    pub probe: u64,
    pub running: Option<u32>,
}

impl UnansweredCpu {
    /// What has been counted for `spell` (nothing for another).
    pub(crate) fn spent_in(&self, spell: Spell) -> Duration {
        if spell == self.spell {
            self.spent
        } else {
            Duration::ZERO
        }
    }

    pub(crate) fn sample(&mut self, now: Option<Duration>, spell: Spell) {
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
    pub(crate) fn pause(&mut self) {
        self.last = None;
    }
}

/// When a probe asked for at `asked_at` (ms since the epoch, 0: none) counts as asked, once
/// the host did not run for `stall` (the time it was stopped is taken out), never later than
/// `now`.
pub(crate) fn ask_after_stall(asked_at: u64, stall: Duration, now: u64) -> u64 {
    if asked_at == 0 {
        return 0;
    }
    (asked_at + stall.as_millis() as u64).min(now).max(asked_at)
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
    }

    #[test]
    fn the_engine_is_asked_what_runs_once_busy_for_a_while_or_at_once_when_a_stop_is_urgent() {
        assert!(!should_probe(None, false), "idle");
        assert!(!should_probe(None, true), "idle, with a stop asked for: nothing runs to stop");
        assert!(!should_probe(Some(PROBE_AFTER - MS), false));
        assert!(should_probe(Some(PROBE_AFTER), false));
        assert!(should_probe(Some(Duration::ZERO), true));
    }

    #[test]
    fn a_heap_stop_or_a_stop_asked_for_stops_at_once_and_a_deadline_once_it_passed() {
        let now = Instant::now();
        let mut jobs = jobs(now, &["call:a", "call:b"], &[], &["call:a"]);
        jobs.arm("call:late", now - MS, StopReason::Deadline);
        assert_eq!(verdict(true, &jobs, Some("call:b"), now), Verdict::Stop(StopReason::HeapLimit));
        assert_eq!(verdict(true, &jobs, None, now), Verdict::Stop(StopReason::HeapLimit));
        assert_eq!(verdict(false, &jobs, Some("call:a"), now), Verdict::Stop(StopReason::Cancelled));
        assert_eq!(verdict(false, &jobs, Some("call:b"), now), Verdict::Live(None));
        assert_eq!(verdict(false, &jobs, Some("call:late"), now), Verdict::Live(Some(StopReason::Deadline)));
        assert_eq!(verdict(false, &jobs, Some("call:ended"), now), Verdict::Orphan);
        assert_eq!(verdict(false, &jobs, None, now), Verdict::Orphan);
        // A stop dealt with no longer stops the job's code; its deadline still counts.
        jobs.stop_handled("call:a");
        assert_eq!(verdict(false, &jobs, Some("call:a"), now), Verdict::Live(None));
        assert_eq!(jobs.abort_reason("call:a"), None);
    }

    #[test]
    fn code_of_no_live_job_is_stopped_once_it_has_run_for_the_orphan_limit() {
        assert_eq!(orphan_stop(ORPHAN_LIMIT - MS), None);
        assert_eq!(orphan_stop(ORPHAN_LIMIT), Some(StopReason::Runaway));
    }

    #[test]
    fn a_job_armed_begun_and_stopped_is_known_by_its_number_until_disarmed_and_dealt_with() {
        let now = Instant::now();
        let mut jobs = Jobs::default();
        jobs.arm("call:a", now + Duration::from_secs(600), StopReason::Deadline);
        let number = jobs.begin("call:a");
        assert_eq!(jobs.key_of(Some(number)), Some("call:a"));
        assert!(!jobs.has_stops());
        jobs.stop("call:a", StopReason::Cancelled, now, "cancelled by the client");
        assert!(jobs.has_stops());
        assert_eq!(jobs.abort_reason("call:a").as_deref(), Some("cancelled by the client"));
        jobs.disarm("call:a");
        assert_eq!(jobs.key_of(Some(number)), Some("call:a"), "its stop is not dealt with yet");
        jobs.stop_handled("call:a");
        assert_eq!(jobs.key_of(Some(number)), None);
        assert!(!jobs.has_stops());
    }
}
