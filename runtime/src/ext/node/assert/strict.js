// node:assert/strict: assert's strict forms (deepEqual is deepStrictEqual, and so on).
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { strict } from "omp:/node/assert";
import { primordials } from "omp:/host/core";

export const {
  AssertionError, ok, fail, throws, doesNotThrow, rejects, doesNotReject, match, doesNotMatch, ifError,
  strictEqual, notStrictEqual, deepStrictEqual, notDeepStrictEqual, equal, notEqual, deepEqual, notDeepEqual,
} = strict;
export { strict };
export default strict;

const { MapPrototypeSet, SafeMap } = primordials;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "assert/strict", strict);
