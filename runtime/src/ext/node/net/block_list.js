// node:net's BlockList (addresses, ranges and subnets to check an address against) and
// SocketAddress. Addresses are compared as 16 bytes (op in block_list.rs), IPv4 in its
// IPv4-mapped form, so an IPv4 rule covers `::ffff:a.b.c.d` too, as in Node.
import { codedError, invalidArgType } from "omp:/node-internal/errors";
import { core, primordials } from "omp:/host/core";

const { ArrayPrototypePush, ArrayPrototypeSlice, ArrayPrototypeReverse, StringPrototypeToLowerCase, String: StringCtor } = primordials;
const opIpBytes = core.ops.op_node_net_ip_bytes;

function familyOf(type) {
  const family = StringPrototypeToLowerCase(StringCtor(type ?? "ipv4"));
  if (family !== "ipv4" && family !== "ipv6") throw codedError("ERR_INVALID_ARG_VALUE", `The argument 'family' must be one of: 'ipv4', 'ipv6'. Received '${StringCtor(type)}'`, TypeError);
  return family;
}

/** The 16 bytes of `address` (a string or a SocketAddress) of `family`, or throws as Node. */
function bytesOf(address, family, name = "address") {
  if (address instanceof SocketAddress) return bytesOf(address.address, address.family, name);
  if (typeof address !== "string") throw invalidArgType(name, ["string", "SocketAddress"], address);
  const bytes = opIpBytes(address, family);
  if (bytes === null || bytes === undefined) throw codedError("ERR_INVALID_ADDRESS", "Invalid socket address", TypeError);
  return bytes;
}

/** -1, 0 or 1 as `a` sorts before, with or after `b` (16 bytes each). */
function compare(a, b) {
  for (let i = 0; i < 16; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/** Whether the first `bits` bits of `a` and `b` agree. */
function samePrefix(a, b, bits) {
  for (let i = 0; i < 16 && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((a[i] & mask) !== (b[i] & mask)) return false;
  }
  return true;
}

const label = (family) => (family === "ipv6" ? "IPv6" : "IPv4");

export class BlockList {
  #rules = [];

  addAddress(address, type) {
    const family = address instanceof SocketAddress ? address.family : familyOf(type);
    const bytes = bytesOf(address, family);
    const text = address instanceof SocketAddress ? address.address : address;
    ArrayPrototypePush(this.#rules, { test: (b) => compare(b, bytes) === 0, text: `Address: ${label(family)} ${text}` });
  }

  addRange(start, end, type) {
    const family = start instanceof SocketAddress ? start.family : familyOf(type);
    const low = bytesOf(start, family, "start");
    const high = bytesOf(end, family, "end");
    if (compare(low, high) > 0) throw codedError("ERR_INVALID_ARG_VALUE", "The argument 'start' must be less than or equal to 'end'", TypeError);
    const text = (a) => (a instanceof SocketAddress ? a.address : a);
    ArrayPrototypePush(this.#rules, { test: (b) => compare(b, low) >= 0 && compare(b, high) <= 0, text: `Range: ${label(family)} ${text(start)}-${text(end)}` });
  }

  addSubnet(network, prefix, type) {
    const family = network instanceof SocketAddress ? network.family : familyOf(type);
    const max = family === "ipv6" ? 128 : 32;
    if (typeof prefix !== "number" || prefix < 0 || prefix > max || prefix !== (prefix | 0)) {
      throw codedError("ERR_OUT_OF_RANGE", `The value of "prefix" is out of range. It must be >= 0 && <= ${max}. Received ${StringCtor(prefix)}`, RangeError);
    }
    const bytes = bytesOf(network, family, "net");
    // An IPv4 prefix counts from the mapped form's 96 leading bits.
    const bits = family === "ipv4" ? prefix + 96 : prefix;
    const text = network instanceof SocketAddress ? network.address : network;
    ArrayPrototypePush(this.#rules, { test: (b) => samePrefix(b, bytes, bits), text: `Subnet: ${label(family)} ${text}/${prefix}` });
  }

  check(address, type) {
    const family = address instanceof SocketAddress ? address.family : familyOf(type);
    let bytes;
    try {
      bytes = bytesOf(address, family);
    } catch (err) {
      if (err?.code === "ERR_INVALID_ADDRESS") return false;
      throw err;
    }
    for (let i = 0; i < this.#rules.length; i++) if (this.#rules[i].test(bytes)) return true;
    return false;
  }

  /** The rules, newest first, as Node lists them. */
  get rules() {
    const texts = [];
    for (let i = 0; i < this.#rules.length; i++) ArrayPrototypePush(texts, this.#rules[i].text);
    return ArrayPrototypeReverse(ArrayPrototypeSlice(texts));
  }

  static isBlockList(value) {
    return value instanceof BlockList;
  }
}

export class SocketAddress {
  constructor(options = {}) {
    const family = familyOf(options.family);
    const address = options.address ?? (family === "ipv6" ? "::" : "127.0.0.1");
    bytesOf(address, family);
    this.address = address;
    this.family = family;
    this.port = options.port ?? 0;
    this.flowlabel = options.flowlabel ?? 0;
  }

  static isSocketAddress(value) {
    return value instanceof SocketAddress;
  }
}
