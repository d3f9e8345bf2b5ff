//! `node:child_process`'s ops: streaming children (`spawn`, also behind `Bun.spawn` and
//! `pi.exec`) and blocking ones (`execSync`, `spawnSync`, …).

pub(crate) mod spawn;
pub(crate) mod spawn_sync;
