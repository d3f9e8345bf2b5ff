// node:string_decoder: turns a sequence of byte chunks into text without splitting a
// multi-byte character (or a base64 group) across chunk boundaries.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { Buffer } from "omp:/node/buffer";
import { primordials } from "omp:/host/core";

const {
  MapPrototypeSet,
  SafeMap,
  StringPrototypeStartsWith,
  StringPrototypeToLowerCase,
  TypedArrayPrototypeSubarray,
} = primordials;

export class StringDecoder {
  constructor(encoding = "utf8") {
    const normalized = StringPrototypeToLowerCase(String(encoding));
    if (!Buffer.isEncoding(normalized)) {
      const err = new TypeError(`Unknown encoding: ${encoding}`);
      err.code = "ERR_UNKNOWN_ENCODING";
      throw err;
    }
    this.encoding = { "utf-8": "utf8", binary: "latin1", ucs2: "utf16le", "ucs-2": "utf16le", "utf-16le": "utf16le" }[normalized] ?? normalized;
    this.pending = new Uint8Array(0);
    if (this.encoding === "utf8") this.decoder = new globalThis.TextDecoder("utf-8", { ignoreBOM: true });
  }

  write(chunk) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, this.encoding) : chunk;
    if (this.decoder) return this.decoder.decode(bytes, { stream: true });
    const joined = this.pending.length ? Buffer.concat([this.pending, bytes]) : Buffer.from(bytes);
    const unit = this.encoding === "utf16le" ? 2 : StringPrototypeStartsWith(this.encoding, "base64") ? 3 : 1;
    const usable = joined.length - (joined.length % unit);
    this.pending = TypedArrayPrototypeSubarray(joined, usable);
    return TypedArrayPrototypeSubarray(joined, 0, usable).toString(this.encoding);
  }

  end(chunk) {
    let text = chunk === undefined ? "" : this.write(chunk);
    if (this.decoder) text += this.decoder.decode();
    else if (this.pending.length) text += Buffer.from(this.pending).toString(this.encoding);
    this.pending = new Uint8Array(0);
    return text;
  }
}

const stringDecoderModule = { StringDecoder };
export default stringDecoderModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "string_decoder", stringDecoderModule);
