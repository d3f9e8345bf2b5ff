// node:crypto's X509Certificate: a certificate parsed by the host (op in x509.rs), read-only,
// with Node's properties and the name checks (`checkHost`, `checkEmail`, `checkIP`,
// `checkIssued`). Keys and signatures are not provided: `publicKey` and `verify` throw.
import { Buffer } from "omp:/node/buffer";
import { codedError, invalidArgType } from "omp:/node-internal/errors";
import { core, primordials } from "omp:/host/core";

const {
  ArrayBufferIsView,
  ArrayPrototypeIncludes,
  ArrayPrototypeFind,
  Date: DateCtor,
  StringPrototypeToLowerCase,
  StringPrototypeSplit,
  StringPrototypeSlice,
  StringPrototypeIndexOf,
  Uint8Array: Uint8ArrayCtor,
} = primordials;
const opParse = core.ops.op_node_x509_parse;

function bytesOf(input) {
  if (typeof input === "string") return Buffer.from(input, "utf8");
  if (ArrayBufferIsView(input)) return new Uint8ArrayCtor(input.buffer, input.byteOffset, input.byteLength);
  throw invalidArgType("buffer", ["string", "Buffer", "TypedArray", "DataView"], input);
}

/** Whether `host` matches certificate name `pattern` (a `*.` wildcard covers one label). */
function hostMatches(pattern, host) {
  const p = StringPrototypeToLowerCase(pattern);
  const h = StringPrototypeToLowerCase(host);
  if (p === h) return true;
  if (StringPrototypeSlice(p, 0, 2) !== "*.") return false;
  const dot = StringPrototypeIndexOf(h, ".");
  return dot > 0 && StringPrototypeSlice(h, dot + 1) === StringPrototypeSlice(p, 2);
}

export class X509Certificate {
  #facts;

  constructor(buffer) {
    try {
      this.#facts = opParse(bytesOf(buffer));
    } catch (err) {
      if (err?.code === "ERR_INVALID_ARG_TYPE") throw err;
      throw codedError("ERR_OSSL_PEM_NO_START_LINE", err.message);
    }
  }

  get ca() { return this.#facts.ca; }
  get fingerprint() { return this.#facts.fingerprint; }
  get fingerprint256() { return this.#facts.fingerprint256; }
  get fingerprint512() { return this.#facts.fingerprint512; }
  get issuer() { return this.#facts.issuer; }
  get subject() { return this.#facts.subject; }
  get subjectAltName() { return this.#facts.subjectAltName ?? undefined; }
  get serialNumber() { return this.#facts.serialNumber; }
  get validFrom() { return this.#facts.validFrom; }
  get validTo() { return this.#facts.validTo; }
  get validFromDate() { return new DateCtor(this.#facts.validFromMs); }
  get validToDate() { return new DateCtor(this.#facts.validToMs); }
  get keyUsage() { return this.#facts.keyUsage ?? undefined; }
  get infoAccess() { return undefined; }
  get issuerCertificate() { return undefined; }
  get raw() { return Buffer.from(this.#facts.raw); }

  get publicKey() {
    throw codedError("ERR_FEATURE_UNAVAILABLE_ON_PLATFORM", "X509Certificate.publicKey is not supported by omp-host (key objects are not provided)");
  }

  verify() {
    throw codedError("ERR_FEATURE_UNAVAILABLE_ON_PLATFORM", "X509Certificate.verify is not supported by omp-host (key objects are not provided)");
  }

  /** The certificate's name that matches host `name` (its DNS names, else its common names). */
  checkHost(name) {
    const names = this.#facts.dnsNames.length > 0 ? this.#facts.dnsNames : this.#facts.commonNames;
    return ArrayPrototypeFind(names, (pattern) => hostMatches(pattern, name));
  }

  checkEmail(email) {
    const wanted = StringPrototypeToLowerCase(email);
    return ArrayPrototypeFind(this.#facts.emails, (e) => StringPrototypeToLowerCase(e) === wanted) !== undefined ? email : undefined;
  }

  checkIP(ip) {
    return ArrayPrototypeIncludes(this.#facts.ips, ip) ? ip : undefined;
  }

  /** Whether `other` names this certificate's issuer as its subject. */
  checkIssued(other) {
    return other instanceof X509Certificate && other.subject === this.issuer;
  }

  toString() {
    const base64 = Buffer.from(this.#facts.raw).toString("base64");
    let pem = "-----BEGIN CERTIFICATE-----\n";
    for (let i = 0; i < base64.length; i += 64) pem += StringPrototypeSlice(base64, i, i + 64) + "\n";
    return pem + "-----END CERTIFICATE-----\n";
  }

  toJSON() {
    return this.toString();
  }

  toLegacyObject() {
    const fields = (text) => {
      const object = {};
      const lines = StringPrototypeSplit(text, "\n");
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i];
        const at = StringPrototypeIndexOf(line, "=");
        if (at > 0) object[StringPrototypeSlice(line, 0, at)] = StringPrototypeSlice(line, at + 1);
      }
      return object;
    };
    return {
      subject: fields(this.subject),
      issuer: fields(this.issuer),
      subjectaltname: this.subjectAltName,
      valid_from: this.validFrom,
      valid_to: this.validTo,
      fingerprint: this.fingerprint,
      fingerprint256: this.fingerprint256,
      fingerprint512: this.fingerprint512,
      serialNumber: this.serialNumber,
      ca: this.ca,
      raw: this.raw,
    };
  }
}
