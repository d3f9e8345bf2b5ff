//! Ops behind the Node built-in shims in `js/node/` (fs, os, crypto, child_process…),
//! registered as their own deno_core extension. The extension keeps the table of running
//! children (`spawn::ChildTable`); killing them is the engine's `ChildRegistry`'s job.

pub mod crypto;
pub mod digest;
pub mod encoding;
pub mod errors;
pub mod fs;
pub mod os;
pub mod spawn;
pub mod spawn_sync;

deno_core::extension!(
    omp_node,
    ops = [
        os::op_node_os_info,
        os::op_node_os_user_info,
        errors::op_node_error_tables,
        fs::op_node_fs_sync,
        fs::op_node_fs_async,
        fs::op_node_fs_read_file,
        fs::op_node_fs_read_file_async,
        fs::op_node_fs_write_file,
        fs::op_node_fs_write_file_async,
        fs::op_node_fs_open,
        fs::op_node_fs_close,
        fs::op_node_fs_read,
        fs::op_node_fs_write,
        fs::op_node_fs_fstat,
        fs::op_node_fs_fsync,
        fs::op_node_fs_ftruncate,
        fs::op_node_fs_constants,
        encoding::op_node_hex_encode,
        encoding::op_node_hex_decode,
        crypto::op_node_random_fill,
        crypto::op_node_hash,
        crypto::op_node_hmac,
        crypto::op_node_hash_supported,
        spawn::op_node_spawn,
        spawn::op_node_child_read,
        spawn::op_node_child_write,
        spawn::op_node_child_close_stdin,
        spawn::op_node_child_wait,
        spawn::op_node_child_release,
        spawn::op_node_child_kill,
        spawn_sync::op_node_spawn_sync,
    ],
    state = |state| {
        state.put(spawn::ChildTable::default());
    }
);
