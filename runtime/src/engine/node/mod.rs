//! Ops behind the Node built-in shims in `js/node/` (fs, os, crypto, child_process…),
//! registered as their own deno_core extension. The extension keeps the table of running
//! children (`spawn::ChildTable`); killing them is the engine's `ChildRegistry`'s job.

pub mod crypto;
pub mod digest;
pub mod dns;
pub mod encoding;
pub mod errors;
pub mod fs;
pub mod fs_wait;
pub mod fs_watch;
pub mod fs_watch_hub;
pub mod host_streams;
pub mod http_body;
pub mod http_client;
pub mod http_head;
pub mod http_server;
pub mod http_upgrade;
pub mod net;
pub mod os;
pub mod spawn;
pub mod spawn_sync;
pub mod tty;
pub mod zlib;

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
        fs_watch::op_node_fs_watch,
        fs_watch::op_node_fs_watch_next,
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
        net::op_node_net_connect,
        net::op_node_net_read,
        net::op_node_net_write,
        net::op_node_net_shutdown,
        net::op_node_net_listen,
        net::op_node_net_accept,
        http_body::op_node_http_body_write,
        http_body::op_node_http_body_read,
        http_server::op_node_http_server_listen,
        http_server::op_node_http_server_next,
        http_server::op_node_http_server_respond,
        http_server::op_node_http_server_stop,
        http_client::op_node_http_client_request,
        http_client::op_node_http_client_response,
        http_upgrade::op_node_http_server_upgrade,
        http_upgrade::op_node_http_client_upgrade,
        dns::op_node_dns_lookup,
        tty::op_node_tty_info,
        zlib::op_node_zlib_create,
        zlib::op_node_zlib_write,
        zlib::op_node_zlib_crc32,
    ],
    state = |state| {
        state.put(spawn::ChildTable::default());
    }
);
