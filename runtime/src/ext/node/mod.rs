//! The Node extension: one folder per Node built-in the host provides (`omp:/node/<name>`,
//! what `node:<name>` resolves to), holding its JavaScript and the ops that serve it (fs, os,
//! crypto, child_process, net, http…); `internal/` holds what several of them share (Node's
//! errors, the host globals), served as `omp:/node-internal/…`. The extension keeps the table
//! of running children (`child_process::spawn::ChildTable`); killing them is the
//! `ChildRegistry`'s job (`crate::children`).

pub(crate) mod buffer;
pub(crate) mod child_process;
pub(crate) mod crypto;
pub(crate) mod dns;
pub(crate) mod fs;
pub(crate) mod http;
pub(crate) mod internal;
pub(crate) mod net;
pub(crate) mod os;
pub(crate) mod tty;
pub(crate) mod zlib;

deno_core::extension!(
    omp_node,
    ops = [
        os::op_node_os_info,
        os::op_node_os_user_info,
        os::op_node_os_proc_text,
        internal::errors::op_node_error_tables,
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
        fs::op_node_fs_fchmod,
        fs::op_node_fs_constants,
        fs::watch::op_node_fs_watch,
        fs::watch::op_node_fs_watch_next,
        buffer::op_node_hex_encode,
        buffer::op_node_hex_decode,
        crypto::op_node_random_fill,
        crypto::op_node_hash,
        crypto::op_node_hmac,
        crypto::op_node_hash_supported,
        crypto::x509::op_node_x509_parse,
        child_process::spawn::op_node_spawn,
        child_process::spawn::op_node_child_read,
        child_process::spawn::op_node_child_write,
        child_process::spawn::op_node_child_close_stdin,
        child_process::spawn::op_node_child_wait,
        child_process::spawn::op_node_child_release,
        child_process::spawn::op_node_child_kill,
        child_process::spawn_sync::op_node_spawn_sync,
        net::op_node_net_connect,
        net::block_list::op_node_net_ip_bytes,
        net::op_node_net_read,
        net::op_node_net_write,
        net::op_node_net_shutdown,
        net::op_node_net_listen,
        net::op_node_net_accept,
        http::body::op_node_http_body_write,
        http::body::op_node_http_body_read,
        http::server::op_node_http_server_listen,
        http::server::op_node_http_server_next,
        http::server::op_node_http_server_respond,
        http::server::op_node_http_server_stop,
        http::client::op_node_http_client_request,
        http::client::op_node_http_client_response,
        http::upgrade::op_node_http_server_upgrade,
        http::upgrade::op_node_http_client_upgrade,
        dns::op_node_dns_lookup,
        tty::op_node_tty_info,
        zlib::op_node_zlib_create,
        zlib::op_node_zlib_write,
        zlib::op_node_zlib_crc32,
    ],
    state = |state| {
        state.put(child_process::spawn::ChildTable::default());
    }
);
