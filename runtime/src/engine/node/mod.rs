//! Ops behind the Node built-in shims in `js/node/` (fs, os, crypto, child_process…),
//! registered as their own deno_core extension.

pub mod os;

deno_core::extension!(omp_node, ops = [os::op_node_os_info]);
