// node:assert/strict: assert's strict forms (deepEqual is deepStrictEqual, and so on).
import { strict } from "omp:/node/assert";

export const {
  AssertionError, ok, fail, throws, doesNotThrow, rejects, doesNotReject, match, doesNotMatch, ifError,
  strictEqual, notStrictEqual, deepStrictEqual, notDeepStrictEqual, equal, notEqual, deepEqual, notDeepEqual,
} = strict;
export { strict };
export default strict;
(globalThis.__ompBuiltins ??= new Map()).set("assert/strict", strict);
