//! The session's engines, one per permission policy (a "lane"): tools whose modules resolve
//! to the same policy share an engine, and a tool with another policy runs in another, so
//! code one tool leaves behind (a patched builtin, a timer) never runs with another tool's
//! rights. Lane 0 is started with the session; the others when the first module of their
//! policy loads. Each lane is an `EngineHandle` (its own replacement when wedged); its engine
//! numbers carry the lane in their high bits, so a `ToolRef` or a pending action says which
//! lane runs it. A call's later commands (stop, deadline, end) follow the lane it started on.
//! Session events and session facts go to every lane.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use deno_core::futures::future::{select_all, BoxFuture};
use serde_json::Value;

use super::{CallRun, EngineHandle, EngineOptions, EngineStartError, Run, SessionReport, ToolRef};
use crate::permissions::{Permissions, Policy};

/// Engine numbers of lane `n` start at `n << LANE_SHIFT`.
const LANE_SHIFT: u32 = 32;

/// The lane an engine number belongs to.
pub(crate) fn lane_of(engine: u64) -> usize {
    (engine >> LANE_SHIFT) as usize
}

struct Lane {
    policy: Arc<Policy>,
    handle: EngineHandle,
}

struct Shared {
    /// How lanes are built; each gets its own permissions.
    template: EngineOptions,
    lanes: RwLock<Vec<Lane>>,
    /// Lanes start one at a time (two modules of a new policy must not start two engines).
    starting: tokio::sync::Mutex<()>,
    /// Which lane each started call runs on.
    calls: Mutex<HashMap<String, usize>>,
    /// Deadlines set before the call's lane is known (the core watches, then invokes).
    armed: Mutex<HashMap<String, Instant>>,
    /// What the session told the engines, told again to a lane started later.
    session_log: Mutex<Option<Arc<crate::session_log::SessionLog>>>,
    info: Mutex<Vec<Value>>,
}

/// The session's engines (cheap to clone).
#[derive(Clone)]
pub(crate) struct Engines {
    shared: Arc<Shared>,
}

impl Engines {
    /// Starts lane 0 with `options` (and its permissions).
    pub(crate) async fn start(options: EngineOptions) -> Result<Engines, EngineStartError> {
        let handle = EngineHandle::start_numbered(options.clone(), 1).await?;
        let policy = options.permissions.policy();
        let shared = Shared {
            template: options,
            lanes: RwLock::new(vec![Lane { policy, handle }]),
            starting: tokio::sync::Mutex::new(()),
            calls: Mutex::default(),
            armed: Mutex::default(),
            session_log: Mutex::default(),
            info: Mutex::default(),
        };
        Ok(Engines { shared: Arc::new(shared) })
    }

    /// Lane `lane`'s engine (lane 0 if there is no such lane).
    pub(crate) fn lane(&self, lane: usize) -> EngineHandle {
        let lanes = self.shared.lanes.read().unwrap();
        lanes.get(lane).unwrap_or(&lanes[0]).handle.clone()
    }

    /// The engine that runs engine number `engine`'s tools.
    pub(crate) fn for_engine(&self, engine: u64) -> EngineHandle {
        self.lane(lane_of(engine))
    }

    pub(crate) fn handles(&self) -> Vec<EngineHandle> {
        self.shared.lanes.read().unwrap().iter().map(|lane| lane.handle.clone()).collect()
    }

    /// How many engines there are.
    pub(crate) fn count(&self) -> usize {
        self.shared.lanes.read().unwrap().len()
    }

    /// The policy the engine numbered `engine` runs its tools under.
    pub(crate) fn policy_of(&self, engine: u64) -> Arc<Policy> {
        match lane_of(engine) {
            0 => self.shared.template.permissions.policy(),
            lane => {
                let lanes = self.shared.lanes.read().unwrap();
                lanes.get(lane).map_or_else(|| self.shared.template.permissions.policy(), |l| l.policy.clone())
            }
        }
    }

    /// The lane whose engine runs tools under `policy`, started now if none does. Lane 0
    /// (the default policy) follows its permissions as they change.
    pub(crate) async fn lane_for(&self, policy: &Policy) -> Result<usize, EngineStartError> {
        self.start_lanes(std::slice::from_ref(policy)).await?;
        self.find(policy).ok_or(EngineStartError::NoLane)
    }

    /// The lane that runs tools under `policy` now, if one does.
    fn find(&self, policy: &Policy) -> Option<usize> {
        if *self.shared.template.permissions.policy() == *policy {
            return Some(0);
        }
        let lanes = self.shared.lanes.read().unwrap();
        lanes.iter().skip(1).position(|lane| *lane.policy == *policy).map(|i| i + 1)
    }

    /// Starts, side by side, an engine for each of `policies` that none serves yet.
    pub(crate) async fn start_lanes(&self, policies: &[Policy]) -> Result<(), EngineStartError> {
        if policies.iter().all(|p| self.find(p).is_some()) {
            return Ok(());
        }
        let _one_at_a_time = self.shared.starting.lock().await;
        let mut missing: Vec<&Policy> = Vec::new();
        for policy in policies {
            if self.find(policy).is_none() && !missing.contains(&policy) {
                missing.push(policy);
            }
        }
        let first = self.count();
        let starts = missing.iter().enumerate().map(|(i, policy)| {
            let mut options = self.shared.template.clone();
            options.permissions = if self.shared.template.permissions.is_learning() {
                self.shared.template.permissions.clone()
            } else {
                Permissions::enforce((*policy).clone(), Some(options.log.clone()))
            };
            EngineHandle::start_numbered(options, (((first + i) as u64) << LANE_SHIFT) + 1)
        });
        let started = deno_core::futures::future::join_all(starts).await;
        for (policy, started) in missing.into_iter().zip(started) {
            let handle = started?;
            if let Some(log) = self.shared.session_log.lock().unwrap().clone() {
                handle.attach_session_log(log);
            }
            for info in self.shared.info.lock().unwrap().iter() {
                handle.set_session_info(info.clone());
            }
            let mut lanes = self.shared.lanes.write().unwrap();
            let context = serde_json::json!({ "lane": lanes.len(), "preset": policy.preset.name(), "key": policy.origin.as_ref().map(|o| o.key.clone()) });
            self.shared
                .template
                .log
                .write("info", "Started an engine for another permission policy", Some(&context));
            lanes.push(Lane {
                policy: Arc::new(policy.clone()),
                handle,
            });
        }
        Ok(())
    }

    /// The lanes whose engine was lost (wedged, or its thread panicked).
    pub(crate) fn lost_lanes(&self) -> Vec<usize> {
        self.handles()
            .iter()
            .enumerate()
            .filter(|(_, handle)| handle.wedged().is_cancelled())
            .map(|(lane, _)| lane)
            .collect()
    }

    /// Resolves once some lane's engine is lost.
    pub(crate) fn any_wedged(&self) -> BoxFuture<'static, ()> {
        let tokens: Vec<_> = self.handles().iter().map(EngineHandle::wedged).collect();
        Box::pin(async move {
            let waits: Vec<_> = tokens.iter().map(|t| Box::pin(t.cancelled())).collect();
            select_all(waits).await;
        })
    }

    /// Resolves once some lane's engine is suspected of being wedged and no replacement has
    /// been started for it.
    pub(crate) fn any_suspected(&self) -> BoxFuture<'static, ()> {
        let tokens: Vec<_> = self
            .handles()
            .iter()
            .filter(|h| !h.replacement_prepared())
            .map(EngineHandle::suspected)
            .collect();
        Box::pin(async move {
            if tokens.is_empty() {
                return std::future::pending().await;
            }
            let waits: Vec<_> = tokens.iter().map(|t| Box::pin(t.cancelled())).collect();
            select_all(waits).await;
        })
    }

    /// Starts the replacement of every suspected engine.
    pub(crate) fn prepare_replacements(&self) {
        for handle in self.handles() {
            if handle.suspected().is_cancelled() {
                handle.prepare_replacement();
            }
        }
    }

    /// Whether a lost engine was lost to a panic of its thread.
    pub(crate) fn crashed(&self) -> bool {
        self.lost_lanes().into_iter().any(|lane| self.lane(lane).crashed())
    }

    /// The jobs whose stops were due when the lost engines were found wedged.
    pub(crate) fn wedged_by(&self) -> Vec<String> {
        self.lost_lanes().into_iter().flat_map(|lane| self.lane(lane).wedged_by()).collect()
    }

    /// How long those stops had gone unanswered.
    pub(crate) fn wedged_within(&self) -> Duration {
        self.lost_lanes()
            .first()
            .map_or_else(|| self.lane(0).wedged_within(), |lane| self.lane(*lane).wedged_within())
    }

    /// Replaces every lost engine; answers the lanes replaced.
    pub(crate) async fn restart_lost(&self) -> Result<Vec<usize>, EngineStartError> {
        let lost = self.lost_lanes();
        for lane in &lost {
            self.lane(*lane).restart().await?;
        }
        Ok(lost)
    }

    /// Calls may start again on every lane.
    pub(crate) fn resume_serving(&self) {
        self.handles().iter().for_each(EngineHandle::resume_serving);
    }

    pub(crate) fn set_wedged_after(&self, after: Duration) {
        self.handles().iter().for_each(|h| h.set_wedged_after(after));
    }

    pub(crate) fn attach_session_log(&self, log: Arc<crate::session_log::SessionLog>) {
        *self.shared.session_log.lock().unwrap() = Some(log.clone());
        self.handles().iter().for_each(|h| h.attach_session_log(log.clone()));
    }

    pub(crate) fn set_session_info(&self, info: Value) {
        {
            let mut told = self.shared.info.lock().unwrap();
            let is_state = info.get("state").is_some();
            told.retain(|t| t.get("state").is_some() != is_state);
            told.push(info.clone());
        }
        self.handles().iter().for_each(|h| h.set_session_info(info.clone()));
    }

    /// Starts call `call_id` on the lane that loaded what it runs; a deadline set before is
    /// handed to that lane.
    pub(crate) fn invoke(&self, call_id: &str, run: Run) -> CallRun {
        let lane = match &run {
            Run::Tool { tool, .. } => lane_of(tool.engine),
            Run::Action { engine, .. } => lane_of(*engine),
        };
        self.shared.calls.lock().unwrap().insert(call_id.to_string(), lane);
        let handle = self.lane(lane);
        if let Some(deadline) = self.shared.armed.lock().unwrap().remove(call_id) {
            handle.watch_call(call_id, deadline);
        }
        handle.invoke(call_id, run)
    }

    /// Past `deadline` call `call_id`'s script is stopped (kept until the call starts, if it
    /// has not yet: only then is its lane known).
    pub(crate) fn watch_call(&self, call_id: &str, deadline: Instant) {
        match self.lane_of_call(call_id) {
            Some(handle) => handle.watch_call(call_id, deadline),
            None => {
                self.shared.armed.lock().unwrap().insert(call_id.to_string(), deadline);
            }
        }
    }

    /// Call `call_id` is over.
    pub(crate) fn call_ended(&self, call_id: &str) {
        self.shared.armed.lock().unwrap().remove(call_id);
        if let Some(lane) = self.shared.calls.lock().unwrap().remove(call_id) {
            self.lane(lane).call_ended(call_id);
        }
    }

    /// Delivers a session event to every lane at once (each lane's handlers are its own
    /// tools'); the reports add up.
    pub(crate) async fn session_event(&self, event: Value, tools: Vec<ToolRef>, key: String, timeout: Duration) -> SessionReport {
        let handles = self.handles();
        if handles.len() == 1 {
            return handles[0].session_event(event, tools, key, timeout).await;
        }
        let deliveries = handles.iter().enumerate().map(|(lane, handle)| {
            let mine: Vec<ToolRef> = tools.iter().copied().filter(|t| lane_of(t.engine) == lane).collect();
            let (event, key) = (event.clone(), format!("{key}:lane{lane}"));
            async move {
                if mine.is_empty() {
                    SessionReport::default()
                } else {
                    handle.session_event(event, mine, key, timeout).await
                }
            }
        });
        let reports = deno_core::futures::future::join_all(deliveries).await;
        reports.into_iter().fold(SessionReport::default(), |mut all, report| {
            all.delivered += report.delivered;
            all.errors.extend(report.errors);
            all.timed_out |= report.timed_out;
            all
        })
    }

    /// The lane call `call_id` runs on (lane 0 if it never started).
    pub(crate) fn lane_of_call(&self, call_id: &str) -> Option<EngineHandle> {
        let lane = *self.shared.calls.lock().unwrap().get(call_id)?;
        Some(self.lane(lane))
    }
}
