//! `HttpError`, what the `node:http` ops fail with. The texts start with Node's error code
//! (`ECONNRESET: …, read`), which the JavaScript side reads back into the error's `code` and
//! `syscall`.

use deno_core::error::ResourceError;

use crate::ext::node::net::NetError;

/// What fails in an http op: a malformed request or response head, a body written after its
/// end, a connection reset, or a resource id that is gone.
#[derive(Debug, thiserror::Error, deno_error::JsError)]
pub(crate) enum HttpError {
    /// A header name that is not a valid token.
    #[class(type)]
    #[error("Invalid header name: {0}")]
    InvalidHeaderName(String),
    /// A header value with bytes a header cannot hold; the field is the header's name.
    #[class(type)]
    #[error("Invalid value for header \"{0}\"")]
    InvalidHeaderValue(String),
    /// A request method that is not a valid token.
    #[class(type)]
    #[error("Invalid method: {0}")]
    InvalidMethod(String),
    /// A request hyper cannot build (a malformed path).
    #[class(type)]
    #[error("{0}")]
    InvalidRequest(hyper::http::Error),
    /// A TLS server name that is neither a DNS name nor an IP address.
    #[class(type)]
    #[error("Invalid servername: {0}")]
    InvalidServername(String),
    /// A response status outside 100..=999.
    #[class(range)]
    #[error("Invalid status code: {0}")]
    InvalidStatus(u16),
    /// The response head of this request was already sent.
    #[class(generic)]
    #[error("ERR_HTTP_HEADERS_SENT: Cannot write headers after they are sent to the client")]
    HeadersSent,
    /// A body chunk written after the body was ended.
    #[class(generic)]
    #[error("ERR_STREAM_WRITE_AFTER_END: write after end")]
    WriteAfterEnd,
    /// A body chunk written after the peer stopped reading.
    #[class(generic)]
    #[error("EPIPE: broken pipe, write")]
    BrokenPipe,
    /// The connection failed or closed during `syscall` (`connect`, `read`, `tls`).
    #[class(generic)]
    #[error("ECONNRESET: {reason}, {syscall}")]
    Reset { reason: String, syscall: &'static str },
    /// The response head of an exchange was asked for twice.
    #[class(generic)]
    #[error("the response was already taken")]
    ResponseTaken,
    /// An upgrade of a request that asks for none, or was answered.
    #[class(generic)]
    #[error("the request does not ask for an upgrade, or was answered")]
    NotUpgrade,
    /// A client connection taken over twice.
    #[class(generic)]
    #[error("the connection was already taken over")]
    AlreadyTakenOver,
    /// The resource id is not (or no longer) in the table.
    #[class(inherit)]
    #[error(transparent)]
    Resource(#[from] ResourceError),
    /// A failure of the `node:net` helpers the server and client listen and connect with
    /// (permission denials, system call errors).
    #[class(inherit)]
    #[error(transparent)]
    Net(#[from] NetError),
}

impl HttpError {
    /// A reset during `syscall`, with `reason` as its description.
    pub(crate) fn reset(reason: impl std::fmt::Display, syscall: &'static str) -> Self {
        HttpError::Reset {
            reason: reason.to_string(),
            syscall,
        }
    }
}

#[cfg(test)]
mod tests {
    use deno_error::JsErrorClass;

    use super::*;

    #[test]
    fn errors_keep_their_js_class_and_text() {
        let err = HttpError::InvalidMethod("GE T".into());
        assert_eq!(err.get_class(), "TypeError");
        assert_eq!(err.get_message(), "Invalid method: GE T");
        let err = HttpError::InvalidHeaderValue("x-a".into());
        assert_eq!(err.get_message(), "Invalid value for header \"x-a\"");
        let err = HttpError::InvalidStatus(42);
        assert_eq!(err.get_class(), "RangeError");
        assert_eq!(err.get_message(), "Invalid status code: 42");
        let err = HttpError::reset("socket hang up", "read");
        assert_eq!(err.get_class(), "Error");
        assert_eq!(err.get_message(), "ECONNRESET: socket hang up, read");
        let err = HttpError::from(NetError::NotFound);
        assert_eq!(err.get_class(), "Error");
        assert_eq!(err.get_message(), "ENOTFOUND: not found, getaddrinfo");
        let err = HttpError::from(ResourceError::BadResourceId);
        assert_eq!(err.get_class(), "BadResource");
    }
}
