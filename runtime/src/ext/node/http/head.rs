//! Message heads shared by `node:http`'s ops: header pairs (from JavaScript, or from a response
//! head JavaScript wrote on an upgrading socket) checked into hyper's types, and a response
//! with its status line.

use hyper::header::{HeaderMap, HeaderName, HeaderValue};
use hyper::{Response, StatusCode};

use super::body::ChannelBody;
use super::error::HttpError;

/// Appends `name: value` to `headers`; a name or value that is not valid HTTP is a TypeError
/// that names it.
pub(crate) fn append_header(headers: &mut HeaderMap, name: &[u8], value: &[u8]) -> Result<(), HttpError> {
    let name = HeaderName::from_bytes(name).map_err(|_| HttpError::InvalidHeaderName(String::from_utf8_lossy(name).into_owned()))?;
    let value = HeaderValue::from_bytes(value).map_err(|_| HttpError::InvalidHeaderValue(name.to_string()))?;
    headers.append(name, value);
    Ok(())
}

/// A response with `status` and `body`, and `reason` as its reason phrase when that is not the
/// status's usual one.
pub(crate) fn response(status: StatusCode, reason: Option<&[u8]>, body: ChannelBody) -> Response<ChannelBody> {
    let mut response = Response::new(body);
    *response.status_mut() = status;
    if let Some(reason) = reason.filter(|r| Some(*r) != status.canonical_reason().map(str::as_bytes)) {
        if let Ok(phrase) = hyper::ext::ReasonPhrase::try_from(reason.to_vec()) {
            response.extensions_mut().insert(phrase);
        }
    }
    response
}
