//! Call settings: deadlines, output bounds, where spilled output goes and how long calls
//! get to finish at shutdown, resolved per tool from the config file. The config and the
//! settings resolved from it are replaced together when the config file changes (`LiveConfig`).

use std::path::PathBuf;
use std::time::Duration;

use crate::config::HostConfig;
use crate::result::TruncationPolicy;
use crate::schedule::Concurrency;

/// Ten minutes, unless the config says otherwise.
pub(crate) const DEFAULT_DEADLINE: Duration = Duration::from_secs(600);
/// Contract 6: 30 s for a session event, 2 s for shutdown.
pub(crate) const SESSION_EVENT_TIMEOUT: Duration = Duration::from_secs(30);
pub(crate) const SHUTDOWN_EVENT_TIMEOUT: Duration = Duration::from_secs(2);
/// How long running calls get to finish after their signal is aborted at shutdown.
pub(crate) const DEFAULT_SHUTDOWN_GRACE: Duration = Duration::from_secs(3);

#[derive(Debug, Clone)]
pub(crate) struct CallSettings {
    pub default_deadline: Duration,
    pub truncation: TruncationPolicy,
    pub spill_dir: PathBuf,
    /// The JavaScript heap limit, for messages.
    pub heap_limit_mb: usize,
    pub shutdown_grace: Duration,
}

impl CallSettings {
    pub(crate) fn from_config(config: &HostConfig, heap_limit: usize) -> Self {
        CallSettings {
            default_deadline: config.deadline_ms.map(Duration::from_millis).unwrap_or(DEFAULT_DEADLINE),
            truncation: TruncationPolicy::default(),
            spill_dir: crate::paths::data_dir().join("output"),
            heap_limit_mb: heap_limit / (1024 * 1024),
            shutdown_grace: config.shutdown_grace_ms.map(Duration::from_millis).unwrap_or(DEFAULT_SHUTDOWN_GRACE),
        }
    }

    /// The deadline for `tool`: its own setting, else the global one.
    pub(crate) fn deadline_for(&self, config: &HostConfig, tool: &str) -> Duration {
        config
            .tool_settings
            .get(tool)
            .and_then(|s| s.deadline_ms)
            .map(Duration::from_millis)
            .unwrap_or(self.default_deadline)
    }
}

/// The config in force and the call settings resolved from it; each call reads the one in
/// force when it reaches that step.
#[derive(Debug, Clone)]
pub(crate) struct LiveConfig {
    pub config: HostConfig,
    pub settings: CallSettings,
}

impl LiveConfig {
    /// `config` in force, keeping from `running` what the config file does not set or only a
    /// restart changes (the heap limit, the output bounds, the spill folder).
    pub(crate) fn replacing(running: &LiveConfig, config: HostConfig) -> LiveConfig {
        let mut settings = CallSettings::from_config(&config, running.settings.heap_limit_mb * 1024 * 1024);
        settings.truncation = running.settings.truncation.clone();
        settings.spill_dir = running.settings.spill_dir.clone();
        LiveConfig { config, settings }
    }
}

/// The configured concurrency override for `tool`, if any.
pub(crate) fn configured_concurrency(config: &HostConfig, tool: &str) -> Option<Concurrency> {
    config.tool_settings.get(tool)?.concurrency
}
