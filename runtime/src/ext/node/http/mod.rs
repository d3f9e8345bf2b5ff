//! `node:http`'s ops (and `node:https`'s, over TLS): the server and the client on hyper, their
//! message heads and bodies, and upgrades to a raw socket.

pub(crate) mod body;
pub(crate) mod client;
pub(crate) mod error;
pub(crate) mod head;
pub(crate) mod server;
pub(crate) mod upgrade;
