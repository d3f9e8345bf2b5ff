//! The MCP stdio transport: rmcp's own line transport (`AsyncRwTransport`), with a shortcut
//! for the message a busy client sends most. A line that is a plain `tools/call` request
//! (params of `name`, `arguments` and `_meta` only) is read in one pass into the request rmcp
//! would have made of it; another `tools/call` line is read with rmcp's `CallToolRequest`
//! type alone. rmcp's general reading tries each message kind in turn and costs about three
//! times as much (2.8 against 0.9 µs per call here), and its `CallToolRequest` buffers the
//! params before reading them (its `_meta` is a flattened field). Every other line, malformed
//! ones included, is handed to rmcp's transport unchanged, so parsing, compatibility rules and
//! error answers stay rmcp's. Messages come out in the order their lines came in.
//!
//! Two refusals happen here, before rmcp: a request whose id is that of a request still in
//! flight (mcp_request_ids.rs), and a JSON-RPC batch (a line that is an array), which the
//! revisions since 2025-06-18 do not have: each request in it gets an Invalid Request error
//! by its id, so a client waiting for an answer is not left waiting.

use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};

use rmcp::model::{
    CallToolRequest, CallToolRequestParams, ClientJsonRpcMessage, ClientRequest, ErrorData, JsonObject, JsonRpcError, JsonRpcMessage, RequestId,
    RequestMetaObject, ServerJsonRpcMessage,
};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::async_rw::{AsyncRwTransport, DEFAULT_MAX_LINE_LENGTH};
use rmcp::transport::Transport;
use rmcp::RoleServer;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, BufReader, ReadBuf};
use tokio_util::sync::CancellationToken;

use super::mcp_cancel::{cancelled_request, CancelReasons};
use super::mcp_request_ids::RequestIds;

/// Reads requests from `R`; answers go through rmcp's transport to `W`.
pub(crate) struct McpStdio<R: AsyncRead, W: AsyncWrite> {
    input: BufReader<R>,
    /// The line being read (kept here: a read cut short by another message resumes).
    line: Vec<u8>,
    /// Dropping the rest of a line longer than the limit.
    discarding: bool,
    input_ended: bool,
    /// Cancelled when the input ends, so the host can shut down at once rather than when rmcp
    /// has waited (up to 5 s) for the requests in flight.
    input_closed: CancellationToken,
    /// rmcp's transport, reading the lines the shortcut does not take.
    general: AsyncRwTransport<RoleServer, FedLines, W>,
    fed: FedLines,
    /// Where the reasons in `notifications/cancelled` lines go, before rmcp reads them.
    cancel_reasons: CancelReasons,
    /// The client's requests in flight.
    request_ids: RequestIds,
}

impl<R, W> McpStdio<R, W>
where
    R: AsyncRead + Unpin + Send,
    W: AsyncWrite + Unpin + Send + 'static,
{
    pub(crate) fn new(input: R, output: W, input_closed: CancellationToken, cancel_reasons: CancelReasons) -> Self {
        let fed = FedLines::default();
        McpStdio {
            input: BufReader::with_capacity(64 * 1024, input),
            line: Vec::new(),
            discarding: false,
            input_ended: false,
            input_closed,
            general: AsyncRwTransport::new_server(fed.clone(), output),
            fed,
            cancel_reasons,
            request_ids: RequestIds::default(),
        }
    }
}

impl<R, W> Transport<RoleServer> for McpStdio<R, W>
where
    R: AsyncRead + Unpin + Send,
    W: AsyncWrite + Unpin + Send + 'static,
{
    type Error = std::io::Error;

    /// Boxed: rmcp spawns a task per answer that holds this future; inline (2.1 KB: the
    /// message and the wait for the writer's lock), the spawn and the task's stage changes
    /// copied it five times.
    fn send(&mut self, item: TxJsonRpcMessage<RoleServer>) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        match &item {
            JsonRpcMessage::Response(answer) => self.request_ids.end(&answer.id),
            JsonRpcMessage::Error(JsonRpcError { id: Some(id), .. }) => self.request_ids.end(id),
            _ => {}
        }
        Box::pin(self.general.send(item))
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        let McpStdio {
            input,
            line,
            discarding,
            input_ended,
            input_closed,
            general,
            fed,
            cancel_reasons,
            request_ids,
        } = self;
        loop {
            tokio::select! {
                // First whatever rmcp's transport made of the lines handed to it, so messages
                // keep their order (it reads a handed line at its first poll).
                biased;
                message = general.receive() => return message,
                read = read_line(input, line, discarding), if !*input_ended => match read {
                    LineRead::Line => {
                        let read = call_request(line);
                        let refusals = match &read {
                            CallLine::Call(message) => match message.as_ref() {
                                JsonRpcMessage::Request(request) => duplicate(request_ids, &request.id),
                                _ => Vec::new(),
                            },
                            CallLine::Invalid(..) => Vec::new(),
                            CallLine::Other => other_line(line, request_ids, cancel_reasons, fed),
                        };
                        line.clear();
                        let mut answers = refusals;
                        match read {
                            CallLine::Call(message) if answers.is_empty() => return Some(*message),
                            CallLine::Invalid(id, message) => answers.push(ServerJsonRpcMessage::error(ErrorData::invalid_params(message, None), Some(id))),
                            _ => {}
                        }
                        for answer in answers {
                            if general.send(answer).await.is_err() {
                                return None;
                            }
                        }
                    }
                    LineRead::Oversized => crate::host_eprintln!(
                        "omp-host mcp: a message longer than {DEFAULT_MAX_LINE_LENGTH} bytes was discarded"
                    ),
                    LineRead::Ended => {
                        *input_ended = true;
                        input_closed.cancel();
                        fed.end();
                    }
                },
            }
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.general.close().await
    }
}

/// The refusal of a request whose id is in flight already (none if it is free: it is taken).
fn duplicate(request_ids: &RequestIds, id: &RequestId) -> Vec<ServerJsonRpcMessage> {
    if request_ids.begin(id) {
        return Vec::new();
    }
    let message = format!("request id {id} is already in use by a request in flight: each request needs an id of its own");
    vec![ServerJsonRpcMessage::error(ErrorData::invalid_request(message, None), Some(id.clone()))]
}

/// A line the shortcut did not take: handed to rmcp unless it is refused here (the answers
/// to send). A cancel frees its request's id, and its reason is noted.
fn other_line(line: &[u8], request_ids: &RequestIds, cancel_reasons: &CancelReasons, fed: &FedLines) -> Vec<ServerJsonRpcMessage> {
    if line.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[') {
        return refuse_batch(line);
    }
    if let Ok(Envelope {
        id: Some(id), method: Some(_), ..
    }) = serde_json::from_slice::<Envelope>(line)
    {
        let refusal = duplicate(request_ids, &id);
        if !refusal.is_empty() {
            return refusal;
        }
    }
    if let Some((cancelled, _)) = cancelled_request(line) {
        request_ids.end(&cancelled);
    }
    cancel_reasons.note(line);
    fed.push(line);
    Vec::new()
}

/// The answers to a batch: an Invalid Request error for each request in it, by its id (one
/// without an id when none can be read).
fn refuse_batch(line: &[u8]) -> Vec<ServerJsonRpcMessage> {
    const REFUSED: &str = "JSON-RPC batches are not supported (MCP removed them in 2025-06-18): send each message on a line of its own";
    let ids: Vec<RequestId> = serde_json::from_slice::<Vec<serde_json::Value>>(line)
        .unwrap_or_default()
        .into_iter()
        .filter(|message| message.get("method").is_some())
        .filter_map(|message| serde_json::from_value(message.get("id")?.clone()).ok())
        .collect();
    if ids.is_empty() {
        return vec![ServerJsonRpcMessage::error(ErrorData::invalid_request(REFUSED, None), None)];
    }
    ids.into_iter()
        .map(|id| ServerJsonRpcMessage::error(ErrorData::invalid_request(REFUSED, None), Some(id)))
        .collect()
}

/// The first fields of a JSON-RPC message; the rest is skipped.
#[derive(serde::Deserialize)]
struct Envelope<'a> {
    jsonrpc: Option<&'a str>,
    id: Option<RequestId>,
    method: Option<&'a str>,
}

/// A `tools/call` request in its plain form, read in one pass.
#[derive(serde::Deserialize)]
struct PlainCall<'a> {
    jsonrpc: &'a str,
    id: RequestId,
    method: &'a str,
    params: PlainParams,
}

/// The params of a plain `tools/call`: anything else there (`inputResponses`, …) takes rmcp's
/// way.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PlainParams {
    #[serde(rename = "_meta", default)]
    meta: Option<JsonObject>,
    name: String,
    #[serde(default)]
    arguments: Option<JsonObject>,
}

impl PlainParams {
    /// The request rmcp makes of these params: `_meta` goes to the request's extensions.
    fn into_request(self) -> CallToolRequest {
        let mut params = CallToolRequestParams::new(self.name);
        params.arguments = self.arguments;
        let mut request = CallToolRequest::new(params);
        if let Some(meta) = self.meta {
            request.extensions.insert(RequestMetaObject::from(meta));
        }
        request
    }
}

/// What the shortcut makes of a line.
enum CallLine {
    /// A `tools/call` request.
    Call(Box<ClientJsonRpcMessage>),
    /// A `tools/call` request whose params are not a tool call's: answered here with
    /// -32602 naming what is wrong (rmcp, not finding a request it knows, answered -32601
    /// "tools/call", as if the method did not exist).
    Invalid(RequestId, String),
    /// Anything else: rmcp's transport reads it.
    Other,
}

/// `line` as a `tools/call` request, if it plainly is one.
fn call_request(line: &[u8]) -> CallLine {
    if let Ok(call) = serde_json::from_slice::<PlainCall>(line) {
        if call.jsonrpc == "2.0" && call.method == "tools/call" {
            let request = ClientRequest::CallToolRequest(call.params.into_request());
            return CallLine::Call(Box::new(ClientJsonRpcMessage::request(request, call.id)));
        }
    }
    let Ok(envelope) = serde_json::from_slice::<Envelope>(line) else {
        return CallLine::Other;
    };
    if envelope.jsonrpc != Some("2.0") || envelope.method != Some("tools/call") {
        return CallLine::Other;
    }
    let Some(id) = envelope.id else { return CallLine::Other };
    match serde_json::from_slice::<CallToolRequest>(line) {
        Ok(request) => CallLine::Call(Box::new(ClientJsonRpcMessage::request(ClientRequest::CallToolRequest(request), id))),
        Err(e) => CallLine::Invalid(
            id,
            format!("tools/call: params must be {{\"name\": string, \"arguments\": object (optional)}}: {e}"),
        ),
    }
}

enum LineRead {
    /// A whole line (without its newline) is in the buffer.
    Line,
    /// A line over the limit was dropped.
    Oversized,
    /// End of input, or it can no longer be read.
    Ended,
}

/// Reads one line into `line`, never holding more than the limit of it.
async fn read_line<R: AsyncRead + Unpin>(input: &mut BufReader<R>, line: &mut Vec<u8>, discarding: &mut bool) -> LineRead {
    loop {
        let available = match input.fill_buf().await {
            Ok([]) => return LineRead::Ended,
            Ok(available) => available,
            Err(e) => {
                crate::host_eprintln!("omp-host mcp: cannot read the client's messages: {e}");
                return LineRead::Ended;
            }
        };
        let newline = available.iter().position(|b| *b == b'\n');
        let take = newline.map_or(available.len(), |i| i + 1);
        if !*discarding {
            if line.len() + take > DEFAULT_MAX_LINE_LENGTH {
                line.clear();
                *discarding = true;
            } else {
                line.extend_from_slice(&available[..newline.unwrap_or(available.len())]);
            }
        }
        input.consume(take);
        if newline.is_some() {
            if *discarding {
                *discarding = false;
                return LineRead::Oversized;
            }
            return LineRead::Line;
        }
    }
}

/// Lines handed to rmcp's transport, which reads them as its input.
#[derive(Clone, Default)]
pub(crate) struct FedLines(Arc<Mutex<Fed>>);

#[derive(Default)]
struct Fed {
    bytes: VecDeque<u8>,
    ended: bool,
    reader: Option<Waker>,
}

impl FedLines {
    fn push(&self, line: &[u8]) {
        let mut fed = self.0.lock().unwrap();
        fed.bytes.extend(line);
        fed.bytes.push_back(b'\n');
        if let Some(reader) = fed.reader.take() {
            reader.wake();
        }
    }

    fn end(&self) {
        let mut fed = self.0.lock().unwrap();
        fed.ended = true;
        if let Some(reader) = fed.reader.take() {
            reader.wake();
        }
    }
}

impl AsyncRead for FedLines {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        let mut fed = self.0.lock().unwrap();
        if fed.bytes.is_empty() {
            if fed.ended {
                return Poll::Ready(Ok(()));
            }
            fed.reader = Some(cx.waker().clone());
            return Poll::Pending;
        }
        let count = fed.bytes.len().min(buf.remaining());
        let (front, back) = fed.bytes.as_slices();
        let from_front = count.min(front.len());
        buf.put_slice(&front[..from_front]);
        buf.put_slice(&back[..count - from_front]);
        fed.bytes.drain(..count);
        Poll::Ready(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_plain_call_is_read_as_rmcp_reads_it() {
        let line = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "echo", "arguments": {"text": "hi"}, "_meta": {"progressToken": "p1"}}}).to_string();
        let CallLine::Call(quick) = call_request(line.as_bytes()) else {
            panic!("not read as a plain tools/call")
        };
        let general: ClientJsonRpcMessage = serde_json::from_str(&line).unwrap();
        assert_eq!(serde_json::to_value(&quick).unwrap(), serde_json::to_value(&general).unwrap());
        let JsonRpcMessage::Request(request) = *quick else { panic!("not a request") };
        let token = rmcp::model::GetMeta::get_meta(&request.request).get_progress_token();
        assert_eq!(serde_json::to_value(token).unwrap(), json!("p1"), "the progress token reaches the handler");
    }

    #[test]
    fn every_form_of_a_call_is_read_as_rmcp_reads_it() {
        let plain = [
            json!({"name": "echo"}),
            json!({"name": "echo", "arguments": null, "_meta": null}),
            json!({"_meta": {"progressToken": 3, "other": [1]}, "arguments": {"a": {"b": [true]}}, "name": "ech\"o"}),
        ];
        let other = [
            json!({"name": "echo", "requestState": "s1"}),
            json!({"name": "echo", "arguments": {}, "extra": 1}),
        ];
        for (params, one_pass) in plain.iter().map(|p| (p, true)).chain(other.iter().map(|p| (p, false))) {
            for id in [json!(12), json!("call-12")] {
                let line = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params}).to_string();
                assert_eq!(serde_json::from_slice::<PlainCall>(line.as_bytes()).is_ok(), one_pass, "{line}");
                let CallLine::Call(quick) = call_request(line.as_bytes()) else {
                    panic!("not read as a tools/call: {line}")
                };
                let general: ClientJsonRpcMessage = serde_json::from_str(&line).unwrap();
                assert_eq!(serde_json::to_value(&quick).unwrap(), serde_json::to_value(&general).unwrap(), "{line}");
            }
        }
    }

    #[test]
    fn anything_else_is_left_to_rmcp() {
        for line in [
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}).to_string(),
            json!({"jsonrpc": "2.0", "method": "tools/call", "params": {"name": "x"}}).to_string(),
            json!({"jsonrpc": "1.0", "id": 1, "method": "tools/call", "params": {"name": "x"}}).to_string(),
            "{not json".to_string(),
        ] {
            assert!(matches!(call_request(line.as_bytes()), CallLine::Other), "{line}");
        }
    }

    #[test]
    fn a_tools_call_whose_params_are_not_a_calls_is_invalid() {
        for params in [json!({"arguments": {}}), json!({"name": "x", "arguments": [1]}), json!({"name": 5})] {
            let line = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}).to_string();
            let CallLine::Invalid(id, message) = call_request(line.as_bytes()) else {
                panic!("not invalid: {line}")
            };
            assert_eq!(id.to_string(), "1");
            assert!(
                message.starts_with("tools/call: params must be {\"name\": string, \"arguments\": object (optional)}: "),
                "{message}"
            );
        }
    }

    #[tokio::test]
    async fn lines_keep_their_order_and_malformed_ones_get_rmcps_answer() {
        let call = |id: i64| json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "echo"}}).to_string();
        let input = [
            call(1),
            json!({"jsonrpc": "2.0", "id": 2, "method": "ping"}).to_string(),
            String::new(),
            "{not json".to_string(),
            json!({"jsonrpc": "2.0", "id": 3}).to_string(),
            call(4),
        ]
        .join("\n")
            + "\n";
        let (mut client, server) = tokio::io::duplex(1 << 20);
        let (output, mut answers) = tokio::io::duplex(1 << 20);
        tokio::io::AsyncWriteExt::write_all(&mut client, input.as_bytes()).await.unwrap();
        drop(client);
        let mut transport = McpStdio::new(server, output, CancellationToken::new(), CancelReasons::default());
        let mut ids = Vec::new();
        while let Some(message) = transport.receive().await {
            if let JsonRpcMessage::Request(request) = message {
                ids.push(request.id.to_string());
            }
        }
        assert_eq!(ids, ["1", "2", "4"]);
        transport.close().await.unwrap();
        let mut written = String::new();
        tokio::io::AsyncReadExt::read_to_string(&mut answers, &mut written).await.unwrap();
        assert!(written.contains("-32600"), "the message without a method is an Invalid Request: {written}");
    }
}
