//! Why an engine could not start: its thread or event loop could not be made, its runtime
//! could not be built, or the host's bootstrap failed in it. The texts are what load errors,
//! calls and the host log show.

#[derive(Debug, Clone, thiserror::Error)]
pub(crate) enum EngineStartError {
    #[error("could not start the engine thread: {0}")]
    Thread(String),
    #[error("could not start the engine's event loop: {0}")]
    EventLoop(String),
    #[error("the engine thread ended while starting")]
    EndedWhileStarting,
    /// The task that started a replacement engine ahead of time panicked or was cancelled.
    #[error("the engine's start failed: {0}")]
    ReplacementLost(String),
    /// deno_core could not build the runtime.
    #[error("{0}")]
    Runtime(String),
    /// The host's bootstrap module did not load, or lacks a function the engine calls.
    #[error("{0}")]
    Bootstrap(String),
    #[error("configureSession: {0}")]
    ConfigureSession(String),
    #[error("warmUp: {0}")]
    WarmUp(String),
    /// An engine for a policy was started, yet none serves it (a bug if ever seen).
    #[error("no engine serves the policy")]
    NoLane,
}
