//! What pi extensions change in the session's tool set while it runs: tools registered after
//! their module loaded (`pi.registerTool` from an event handler or a tool), and which tools
//! are active (`pi.setActiveTools`). The engine's ops send the changes here; the reload loop
//! applies them to the registry and the front ends hear of it as of a reload (reload/mod.rs).
//! The tools' own view of the set (`pi.getAllTools`, `pi.getActiveTools`) is kept here too,
//! refreshed whenever the registry is replaced, so those answer at once.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::Value;
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use tokio::sync::watch;

use crate::bridge::declared::Exposure;
use crate::bridge::ToolDescriptor;

/// One change an extension made.
#[derive(Debug)]
pub(crate) enum ToolChange {
    /// The extension loaded from `path` registered `tool`.
    Registered { path: PathBuf, tool: Box<ToolDescriptor> },
    /// The active set was chosen anew (`ToolChanges::chosen`).
    ActiveSetChosen,
}

/// The session's tool-set changes and the tools' view of the set; cheap to clone.
#[derive(Clone)]
pub(crate) struct ToolChanges(Arc<Inner>);

struct Inner {
    sender: UnboundedSender<ToolChange>,
    receiver: Mutex<Option<UnboundedReceiver<ToolChange>>>,
    view: Mutex<View>,
    /// How many changes were sent, and (watched) how many the registry has taken in.
    sent: AtomicU64,
    applied: watch::Sender<u64>,
}

#[derive(Default)]
struct View {
    /// Every registered module tool as `pi.getAllTools` describes it, with its exposure and
    /// whether it is active now.
    all: Vec<(Value, Exposure, bool)>,
    /// The active set an extension chose; None until one does.
    chosen: Option<BTreeSet<String>>,
}

impl std::fmt::Debug for ToolChanges {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ToolChanges").field("chosen", &self.chosen()).finish_non_exhaustive()
    }
}

impl Default for ToolChanges {
    fn default() -> Self {
        let (sender, receiver) = unbounded_channel();
        ToolChanges(Arc::new(Inner {
            sender,
            receiver: Mutex::new(Some(receiver)),
            view: Mutex::new(View::default()),
            sent: AtomicU64::new(0),
            applied: watch::Sender::new(0),
        }))
    }
}

impl ToolChanges {
    /// The changes, for the one loop that applies them (None once taken).
    pub(crate) fn take_receiver(&self) -> Option<UnboundedReceiver<ToolChange>> {
        self.0.receiver.lock().unwrap().take()
    }

    /// An extension loaded from `path` registered `tool` after its load.
    pub(crate) fn register(&self, path: PathBuf, tool: ToolDescriptor) {
        self.send(ToolChange::Registered { path, tool: Box::new(tool) });
    }

    fn send(&self, change: ToolChange) {
        self.0.sent.fetch_add(1, Ordering::SeqCst);
        let _ = self.0.sender.send(change);
    }

    /// The loop that applies the changes has taken one in (applied it, or found nothing to do).
    pub(crate) fn taken_in(&self) {
        self.0.applied.send_modify(|applied| *applied += 1);
    }

    /// Waits until every change sent so far is in the registry; at once when no loop applies
    /// them (`call`, `check`). A call to a tool it does not find waits for this, so a tool an
    /// extension registered in `session_start` is there for the first call.
    pub(crate) async fn settled(&self) {
        if self.0.receiver.lock().unwrap().is_some() {
            return;
        }
        let sent = self.0.sent.load(Ordering::SeqCst);
        let mut applied = self.0.applied.subscribe();
        let _ = applied.wait_for(|applied| *applied >= sent).await;
    }

    /// `pi.setActiveTools(names)`: the active set becomes the registered tools among `names`
    /// that are not hidden (unknown and hidden names are ignored, as pi does).
    pub(crate) fn choose_active(&self, names: &[String]) {
        let mut view = self.0.view.lock().unwrap();
        let chosen = view
            .all
            .iter()
            .filter(|(_, exposure, _)| *exposure != Exposure::Hidden)
            .filter_map(|(info, _, _)| info["name"].as_str())
            .filter(|name| names.iter().any(|n| n == name))
            .map(str::to_owned)
            .collect::<BTreeSet<String>>();
        for (info, _, active) in &mut view.all {
            *active = info["name"].as_str().is_some_and(|name| chosen.contains(name));
        }
        view.chosen = Some(chosen);
        drop(view);
        self.send(ToolChange::ActiveSetChosen);
    }

    /// The active set an extension chose, if one did.
    pub(crate) fn chosen(&self) -> Option<BTreeSet<String>> {
        self.0.view.lock().unwrap().chosen.clone()
    }

    /// Takes the tools' view from the registry now served (`Registry::tools_view`).
    pub(crate) fn refresh(&self, all: Vec<(Value, Exposure, bool)>) {
        self.0.view.lock().unwrap().all = all;
    }

    /// `pi.getAllTools()`.
    pub(crate) fn all(&self) -> Vec<Value> {
        self.0.view.lock().unwrap().all.iter().map(|(info, _, _)| info.clone()).collect()
    }

    /// The tools another tool may call now (pi's `ctx.tools`), described as `all` does.
    pub(crate) fn callable(&self) -> Vec<Value> {
        let view = self.0.view.lock().unwrap();
        view.all
            .iter()
            .filter(|(_, exposure, active)| exposure.callable_by_tools(*active))
            .map(|(info, _, _)| info.clone())
            .collect()
    }

    /// `pi.getActiveTools()`: the names of the active tools, in registration order.
    pub(crate) fn active(&self) -> Vec<String> {
        let view = self.0.view.lock().unwrap();
        view.all
            .iter()
            .filter(|(_, _, active)| *active)
            .filter_map(|(info, _, _)| info["name"].as_str().map(str::to_owned))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::{Registry, ToolEntry};

    fn tool(name: &str, exposure: Exposure, default_active: bool) -> ToolEntry {
        let mut entry = ToolEntry::missing(name);
        entry.exposure = exposure;
        entry.default_active = default_active;
        entry
    }

    fn registry_of(tools: Vec<ToolEntry>, chosen: Option<BTreeSet<String>>) -> Registry {
        let mut registry = Registry::default();
        tools.into_iter().for_each(|t| registry.add(t));
        registry.choose_active(chosen);
        registry
    }

    #[test]
    fn the_active_set_starts_from_each_tools_exposure_and_default() {
        let changes = ToolChanges::default();
        changes.refresh(
            registry_of(
                vec![
                    tool("direct", Exposure::Direct, true),
                    tool("off", Exposure::Direct, false),
                    tool("model_only", Exposure::ModelOnly, true),
                    tool("deferred", Exposure::Deferred, true),
                    tool("hidden", Exposure::Hidden, true),
                ],
                None,
            )
            .tools_view(),
        );
        assert_eq!(changes.active(), ["direct", "model_only"]);
        assert_eq!(changes.all().len(), 5);
    }

    #[test]
    fn choosing_ignores_unknown_and_hidden_names_and_reaches_the_registry() {
        let changes = ToolChanges::default();
        let mut receiver = changes.take_receiver().unwrap();
        let tools = || {
            vec![
                tool("a", Exposure::Direct, true),
                tool("b", Exposure::Deferred, true),
                tool("h", Exposure::Hidden, true),
            ]
        };
        changes.refresh(registry_of(tools(), None).tools_view());
        changes.choose_active(&["b".into(), "h".into(), "nope".into()]);
        assert_eq!(changes.active(), ["b"]);
        assert!(matches!(receiver.try_recv(), Ok(ToolChange::ActiveSetChosen)));
        let registry = registry_of(tools(), changes.chosen());
        let listed: Vec<&str> = registry.listed().map(|t| t.name.as_str()).collect();
        assert_eq!(listed, ["b"]);
        assert!(registry.why_inactive(registry.get("a").unwrap()).unwrap().contains("pi.setActiveTools"));
    }

    #[tokio::test]
    async fn settled_waits_until_the_loop_has_taken_in_every_change_sent() {
        let changes = ToolChanges::default();
        // No loop yet: nothing to wait for.
        changes.settled().await;
        let mut receiver = changes.take_receiver().unwrap();
        changes.choose_active(&[]);
        let waiting = changes.settled();
        tokio::pin!(waiting);
        assert!(futures_poll_once(waiting.as_mut()).await.is_none(), "a change is still on its way");
        receiver.recv().await.unwrap();
        changes.taken_in();
        waiting.await;
    }

    /// Polls `future` once: Some when it is ready.
    async fn futures_poll_once<F: std::future::Future + Unpin>(mut future: F) -> Option<F::Output> {
        std::future::poll_fn(|cx| {
            std::task::Poll::Ready(match std::pin::Pin::new(&mut future).poll(cx) {
                std::task::Poll::Ready(out) => Some(out),
                std::task::Poll::Pending => None,
            })
        })
        .await
    }
}
