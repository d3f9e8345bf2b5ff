// The `fetch` global tools see: deno_fetch's spec implementation (loaded on first use), tied
// to the tool call that started it so the host can abort it when the call ends or is
// cancelled (call_network.js), honouring the tool's own `signal`, and failing as Node does:
// `TypeError: fetch failed` whose `cause` carries Node's error code (`ECONNREFUSED`,
// `ENOTFOUND`, a TLS certificate code, …).
import { trackRequest } from "omp:/host/call_network";

import { core } from "omp:/host/core";

let denoFetch;
function loadFetch() {
  return (denoFetch ??= core.loadExtScript("ext:deno_fetch/26_fetch.js").fetch);
}

/** The web classes deno_fetch provides, by global name. */
export const fetchClasses = {
  Headers: () => core.loadExtScript("ext:deno_fetch/20_headers.js").Headers,
  FormData: () => core.loadExtScript("ext:deno_fetch/21_formdata.js").FormData,
  Request: () => core.loadExtScript("ext:deno_fetch/23_request.js").Request,
  Response: () => core.loadExtScript("ext:deno_fetch/23_response.js").Response,
};

// Transport failures as Node's undici reports them in `err.cause`: (pattern in the client's
// message, code, syscall, message). Checked in order; the first match wins.
const causes = [
  [/EACCES: permission denied: /, "EACCES", "connect", () => undefined],
  [/connection refused/i, "ECONNREFUSED", "connect", (a) => `connect ECONNREFUSED ${a}`],
  [/failed to lookup address|name or service not known|no address associated|dns error|nodename nor servname/i, "ENOTFOUND", "getaddrinfo", (_a, host) => `getaddrinfo ENOTFOUND ${host}`],
  [/connection reset/i, "ECONNRESET", "read", () => "read ECONNRESET"],
  [/timed out/i, "ETIMEDOUT", "connect", (a) => `connect ETIMEDOUT ${a}`],
  [/network is unreachable/i, "ENETUNREACH", "connect", (a) => `connect ENETUNREACH ${a}`],
  [/host is unreachable|no route to host/i, "EHOSTUNREACH", "connect", (a) => `connect EHOSTUNREACH ${a}`],
  [/UnknownIssuer/, "UNABLE_TO_GET_ISSUER_CERT_LOCALLY", undefined, () => "unable to get local issuer certificate"],
  [/NotValidForName|not valid for name/i, "ERR_TLS_CERT_ALTNAME_INVALID", undefined, (_a, host) => `Hostname/IP does not match certificate's altnames: Host: ${host}.`],
  [/\bExpired\b/, "CERT_HAS_EXPIRED", undefined, () => "certificate has expired"],
  [/invalid peer certificate|certificate/i, "UNABLE_TO_VERIFY_LEAF_SIGNATURE", undefined, () => "unable to verify the first certificate"],
  [/tls|handshake|alert/i, "ECONNRESET", undefined, () => "Client network socket disconnected before secure TLS connection was established"],
];

function targetOf(input) {
  try {
    const url = new URL(typeof input === "string" || input instanceof URL ? String(input) : input.url);
    const port = url.port || (url.protocol === "https:" ? "443" : "80");
    return { host: url.hostname.replace(/^\[|\]$/g, ""), port: Number(port) };
  } catch {
    return { host: "", port: 0 };
  }
}

/** Rebuilds deno_fetch's `TypeError("fetch failed", {cause})` with a Node-style cause. */
function nodeStyleFailure(err, input) {
  const detail = err?.cause?.message ?? err?.message ?? String(err);
  const { host, port } = targetOf(input);
  const address = `${host}:${port}`;
  const cause = new Error(detail);
  for (const [pattern, code, syscall, message] of causes) {
    if (pattern.test(detail)) {
      // A permission refusal keeps its own message: it names the policy and how to grant it.
      cause.message = message(address, host) ?? detail.slice(detail.search(pattern));
      cause.code = code;
      if (syscall) {
        cause.syscall = syscall;
        if (syscall === "getaddrinfo") cause.hostname = host;
        else Object.assign(cause, { address: host, port });
      }
      break;
    }
  }
  cause.detail = detail;
  return new TypeError("fetch failed", { cause });
}

/** Forgets a request whose response object has been garbage-collected. */
const bodiesInFlight = new FinalizationRegistry((forget) => forget());

function isAbort(err) {
  return err?.name === "AbortError" || err?.name === "TimeoutError";
}

/** `fetch(input, init)` as tools call it. */
export function fetch(input, init = undefined) {
  const realFetch = loadFetch();
  const Request = fetchClasses.Request();
  const own = new AbortController();
  const toolSignal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
  const signal = toolSignal ? AbortSignal.any([toolSignal, own.signal]) : own.signal;
  const forget = trackRequest((reason) => own.abort(reason));
  let response;
  try {
    response = realFetch(input, { ...init, signal });
  } catch (err) {
    forget();
    throw err;
  }
  return response.then(
    (res) => {
      // The body may still stream: keep the request abortable until the response is dropped.
      if (res.body === null) forget();
      else bodiesInFlight.register(res, forget);
      return res;
    },
    (err) => {
      forget();
      if (isAbort(err) || signal.aborted) throw err;
      // A refusal of the URL itself (op_fetch, at any redirect hop) or of the addresses its
      // host resolves to (the connector) fails as any network failure does, with code EACCES.
      const refused = /EACCES: permission denied: /.test(err?.message ?? "") || /EACCES: permission denied: /.test(err?.cause?.message ?? "");
      if (refused || (err instanceof TypeError && (err.message === "fetch failed" || /^(Fetch failed|error sending request)/i.test(err.message)))) {
        throw nodeStyleFailure(err, input);
      }
      throw err;
    },
  );
}
