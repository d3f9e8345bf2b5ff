//! `node:http`'s ops (and `node:https`'s, over TLS): the server and the client on hyper, their
//! message heads and bodies, and upgrades to a raw socket.

pub mod body;
pub mod client;
pub mod error;
pub mod head;
pub mod server;
pub mod upgrade;
