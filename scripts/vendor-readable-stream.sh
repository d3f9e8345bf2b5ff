#!/usr/bin/env bash
# Regenerates runtime/src/ext/node/stream/vendor/readable-stream.js (served as
# omp:/vendor/readable-stream): Node's own stream implementation as published for
# userland (npm `readable-stream`, MIT licence, by the Node.js contributors), bundled into one
# ES module with esbuild. Its few dependencies are pointed at the host's built-ins (buffer,
# events, string_decoder, process, AbortController) instead of their npm look-alikes, and its
# primordials shim is replaced by one built on the builtins captured at start-up, so a tool
# that replaces shared builtins (Array.prototype.push, Object.keys, …) cannot break streams.
# Run it only to move to a new readable-stream version; the output is committed.
set -euo pipefail
cd "$(dirname "$0")/.."
version="${1:-4.8.0}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm init -y >/dev/null && npm install --no-audit --no-fund "readable-stream@$version" esbuild@0.25 >/dev/null)

# The bundle's first line imports the host's captured builtins (omp:/host/core's primordials)
# as `__ompPrimordials`, which the shims below use.
banner='import { primordials as __ompPrimordials } from "omp:/host/core";'
# The host's built-ins register themselves in globalThis.__ompBuiltins when they load;
# node:stream (runtime/src/ext/node/stream/stream.js) imports them before this bundle, so they
# are there when it runs.
mkdir -p "$work/shims"
builtin() { echo "module.exports = __ompPrimordials.MapPrototypeGet(globalThis.__ompBuiltins, \"$1\");" >"$work/shims/$2.js"; }
builtin buffer buffer
builtin events events
builtin string_decoder string_decoder
echo 'module.exports = globalThis.process;' >"$work/shims/process.js"
echo 'module.exports = { AbortController: globalThis.AbortController, AbortSignal: globalThis.AbortSignal };' >"$work/shims/abort-controller.js"
# readable-stream defers to Node's `stream` when READABLE_STREAM=disable; the host has none.
echo 'module.exports = {};' >"$work/shims/stream.js"

# readable-stream calls Node's primordials (ArrayPrototypePush(a, x), ObjectKeys(o), …) through
# lib/ours/primordials.js, which implements them as plain method calls (`a.push(x)`): written
# over here with the same names taken from deno_core's primordials, plus the extras deno_core
# lacks as readable-stream defines them.
primordials="$work/node_modules/readable-stream/lib/ours/primordials.js"
test -f "$primordials"
cat >"$primordials" <<JS
'use strict'
// readable-stream's primordials from the builtins captured at start-up (written over its own
// shim by scripts/vendor-readable-stream.sh).
const p = __ompPrimordials

// readable-stream's simplified AggregateError (its message lists the errors' stacks).
class AggregateError extends p.Error {
  constructor(errors) {
    if (!p.ArrayIsArray(errors)) {
      throw new p.TypeError(\`Expected input to be an Array, got \${typeof errors}\`)
    }
    let message = ''
    for (let i = 0; i < errors.length; i++) {
      message += \`    \${errors[i].stack}\\n\`
    }
    super(message)
    this.name = 'AggregateError'
    this.errors = errors
  }
}

const names = [
  'ArrayIsArray',
  'ArrayPrototypeIncludes',
  'ArrayPrototypeIndexOf',
  'ArrayPrototypeJoin',
  'ArrayPrototypeMap',
  'ArrayPrototypePop',
  'ArrayPrototypePush',
  'ArrayPrototypeSlice',
  'Boolean',
  'Error',
  'FunctionPrototypeCall',
  'FunctionPrototypeSymbolHasInstance',
  'MathFloor',
  'Number',
  'NumberIsInteger',
  'NumberIsNaN',
  'NumberMAX_SAFE_INTEGER',
  'NumberMIN_SAFE_INTEGER',
  'NumberParseInt',
  'ObjectDefineProperties',
  'ObjectDefineProperty',
  'ObjectGetOwnPropertyDescriptor',
  'ObjectKeys',
  'ObjectPrototypeHasOwnProperty',
  'ObjectSetPrototypeOf',
  'Promise',
  'PromisePrototypeCatch',
  'PromisePrototypeThen',
  'PromiseReject',
  'PromiseResolve',
  'ReflectApply',
  'RegExpPrototypeExec',
  'RegExpPrototypeTest',
  'SafeSet',
  'String',
  'StringPrototypeSlice',
  'StringPrototypeToLowerCase',
  'StringPrototypeToUpperCase',
  'StringPrototypeTrim',
  'Symbol',
  'SymbolAsyncIterator',
  'SymbolFor',
  'SymbolHasInstance',
  'SymbolIterator',
  'TypedArrayPrototypeSet',
  'Uint8Array',
  // For the patches below.
  'ArrayBufferIsView',
  'ArrayPrototypeConcat',
  'ArrayPrototypeFilter',
  'ArrayPrototypeForEach',
  'ArrayPrototypeShift',
  'ArrayPrototypeSplice',
  'ArrayPrototypeUnshift',
  'FunctionPrototypeBind',
  'JSONStringify',
  'MathAbs',
  'NumberPrototypeToFixed',
  'ObjectFreeze',
  'ObjectGetPrototypeOf',
  'ObjectIs',
  'SafeArrayIterator',
  'StringPrototypeEndsWith',
  'StringPrototypeIncludes'
]
const ours = {
  __proto__: null,
  AggregateError,
  SymbolDispose: p.SymbolDispose || p.Symbol('Symbol.dispose'),
  SymbolAsyncDispose: p.SymbolAsyncDispose || p.Symbol('Symbol.asyncDispose'),
  // Asked for by lib/ours/util.js (Node keeps it in internal/event_target); an EventTarget
  // that does not know it ignores it, as it ignored the undefined key the original gave.
  kResistStopPropagation: p.Symbol('kResistStopPropagation')
}
for (let i = 0; i < names.length; i++) {
  const value = p[names[i]]
  if (value === undefined) throw new p.Error(\`readable-stream needs primordials.\${names[i]}\`)
  ours[names[i]] = value
}
module.exports = ours
JS

# Outside that shim readable-stream also calls builtins' methods itself (`destroys.push(d)`,
# `callback.call(stream)`, `for (const key of ObjectKeys(…))` while it loads, …). Each such call
# on the paths streams take is rewritten to the shim's primordials (`__p`); every rewrite must
# find exactly what it expects, so a new readable-stream version fails here, not at run time.
node - "$work/node_modules/readable-stream/lib" <<'PATCH'
const fs = require("fs");
const path = require("path");
const lib = process.argv[2];
// [file, calls rewritten by the call/apply/bind rule below, [from, to, times]...]
const patches = [
  ["internal/streams/buffer_list.js", 0,
    ["[Symbol.for('nodejs.util.inspect.custom')]", "[__p.SymbolFor('nodejs.util.inspect.custom')]", 1],
    ["const slice = data.slice(0, n)", "const slice = typeof data === 'string' ? __p.StringPrototypeSlice(data, 0, n) : data.slice(0, n)", 1],
    ["this.head.data = data.slice(n)", "this.head.data = typeof data === 'string' ? __p.StringPrototypeSlice(data, n) : data.slice(n)", 1]],
  ["internal/streams/compose.js", 0,
    ["const orgStreams = [...streams]", "const orgStreams = __p.ArrayPrototypeSlice(streams)", 1],
    ["writer.write(chunk).catch(() => {})", "__p.PromisePrototypeCatch(writer.write(chunk), () => {})", 1],
    ["writer.close().catch(() => {})", "__p.PromisePrototypeCatch(writer.close(), () => {})", 1]],
  ["internal/streams/duplex.js", 2],
  ["internal/streams/end-of-stream.js", 14],
  ["internal/streams/lazy_transform.js", 1],
  ["internal/streams/legacy.js", 2,
    ["emitter._events[event].unshift(fn)", "__p.ArrayPrototypeUnshift(emitter._events[event], fn)", 1]],
  ["internal/streams/operators.js", 6,
    ["[options === null || options === undefined ? undefined : options.signal].filter(Boolean)",
      "__p.ArrayPrototypeFilter([options === null || options === undefined ? undefined : options.signal], Boolean)", 1],
    ["queue.push(", "__p.ArrayPrototypePush(queue, ", 3],
    ["queue.shift()", "__p.ArrayPrototypeShift(queue)", 1],
    ["return !(await fn(...args))", "return !(await __p.ReflectApply(fn, undefined, args))", 1],
    ["return async function* map() {", "return __p.FunctionPrototypeCall(async function* map() {", 1],
    ["return async function* asIndexedPairs() {", "return __p.FunctionPrototypeCall(async function* asIndexedPairs() {", 1],
    ["return async function* flatMap() {", "return __p.FunctionPrototypeCall(async function* flatMap() {", 1],
    ["return async function* drop() {", "return __p.FunctionPrototypeCall(async function* drop() {", 1],
    ["return async function* take() {", "return __p.FunctionPrototypeCall(async function* take() {", 1],
    ["}.call(this)", "}, this)", 5]],
  ["internal/streams/passthrough.js", 1],
  ["internal/streams/pipeline.js", 2,
    ["return streams.pop()", "return __p.ArrayPrototypePop(streams)", 1],
    ["destroys.shift()(error)", "__p.ArrayPrototypeShift(destroys)(error)", 1],
    ["lastStreamCleanup.forEach((fn) => fn())", "__p.ArrayPrototypeForEach(lastStreamCleanup, (fn) => fn())", 1],
    ["destroys.push(destroy)", "__p.ArrayPrototypePush(destroys, destroy)", 2],
    ["lastStreamCleanup.push(", "__p.ArrayPrototypePush(lastStreamCleanup, ", 4],
    ["writer.write(chunk).catch(() => {})", "__p.PromisePrototypeCatch(writer.write(chunk), () => {})", 1]],
  ["internal/streams/readable.js", 5,
    ["state.pipes.push(dest)", "__p.ArrayPrototypePush(state.pipes, dest)", 1],
    ["state.pipes.includes(dest)", "__p.ArrayPrototypeIncludes(state.pipes, dest)", 1],
    ["state.pipes.splice(index, 1)", "__p.ArrayPrototypeSplice(state.pipes, index, 1)", 1]],
  ["internal/streams/transform.js", 2],
  ["internal/streams/writable.js", 3,
    ["state.buffered.push(", "__p.ArrayPrototypePush(state.buffered, ", 1],
    ["state[kOnFinished].splice(0)", "__p.ArrayPrototypeSplice(state[kOnFinished], 0)", 3],
    ["buffered.splice(0, i)", "__p.ArrayPrototypeSplice(buffered, 0, i)", 1],
    ["state[kOnFinished].push(cb)", "__p.ArrayPrototypePush(state[kOnFinished], cb)", 1]],
  ["ours/util.js", 1,
    ["Object.getPrototypeOf(async function () {})", "__p.ObjectGetPrototypeOf(async function () {})", 1],
    ["Object.freeze({})", "__p.ObjectFreeze({})", 1],
    ["return resolve(...args)", "return __p.ReflectApply(resolve, undefined, args)", 1],
    ["ArrayBuffer.isView(arr)", "__p.ArrayBufferIsView(arr)", 1],
    ["signals.forEach(", "__p.ArrayPrototypeForEach(signals, ", 2],
    ["Symbol.for('nodejs.util.promisify.custom')", "__p.SymbolFor('nodejs.util.promisify.custom')", 1]],
  ["ours/index.js", 0,
    ["Object.defineProperty(", "__p.ObjectDefineProperty(", 2]],
  ["stream.js", 0,
    ["for (const key of ObjectKeys(", "for (const key of new __p.SafeArrayIterator(ObjectKeys(", 2],
    ["(streamReturningOperators)) {", "(streamReturningOperators))) {", 1],
    ["(promiseReturningOperators)) {", "(promiseReturningOperators))) {", 1]],
  ["ours/errors.js", 0,
    ["${val.slice(i - 3, i)}", "${__p.StringPrototypeSlice(val, i - 3, i)}", 1],
    ["${val.slice(0, i)}", "${__p.StringPrototypeSlice(val, 0, i)}", 1],
    ["return msg(...args)", "return __p.ReflectApply(msg, undefined, args)", 1],
    ["const expectedLength = (msg.match(/%[dfijoOs]/g) || []).length",
      "let expectedLength = 0\n  for (const re = /%[dfijoOs]/g; __p.RegExpPrototypeExec(re, msg) !== null; ) expectedLength++", 1],
    ["return format(msg, ...args)", "return __p.ReflectApply(format, undefined, __p.ArrayPrototypeConcat([msg], args))", 1],
    ["Object.defineProperties(", "__p.ObjectDefineProperties(", 1],
    ["Object.defineProperty(", "__p.ObjectDefineProperty(", 1],
    ["Array.isArray(", "__p.ArrayIsArray(", 3],
    ["outerError.errors.push(innerError)", "__p.ArrayPrototypePush(outerError.errors, innerError)", 1],
    ["new AggregateError([outerError, innerError], outerError.message)",
      "new AggregateError(new __p.SafeArrayIterator([outerError, innerError]), outerError.message)", 1],
    ["name.endsWith(' argument')", "__p.StringPrototypeEndsWith(name, ' argument')", 1],
    ["name.includes('.')", "__p.StringPrototypeIncludes(name, '.')", 2],
    ["for (const value of expected) {", "for (const value of new __p.SafeArrayIterator(expected)) {", 1],
    ["kTypes.includes(value)", "__p.ArrayPrototypeIncludes(kTypes, value)", 1],
    ["types.push(value.toLowerCase())", "__p.ArrayPrototypePush(types, __p.StringPrototypeToLowerCase(value))", 1],
    ["classRegExp.test(value)", "__p.RegExpPrototypeExec(classRegExp, value) !== null", 1],
    ["instances.push(", "__p.ArrayPrototypePush(instances, ", 2],
    ["other.push(value)", "__p.ArrayPrototypePush(other, value)", 1],
    ["types.indexOf('object')", "__p.ArrayPrototypeIndexOf(types, 'object')", 1],
    ["types.splice(types, pos, 1)", "__p.ArrayPrototypeSplice(types, types, pos, 1)", 1],
    ["types.pop()", "__p.ArrayPrototypePop(types)", 1],
    ["instances.pop()", "__p.ArrayPrototypePop(instances)", 1],
    ["other.pop()", "__p.ArrayPrototypePop(other)", 1],
    ["args.pop()", "__p.ArrayPrototypePop(args)", 1],
    ["types.join(', ')", "__p.ArrayPrototypeJoin(types, ', ')", 1],
    ["instances.join(', ')", "__p.ArrayPrototypeJoin(instances, ', ')", 1],
    ["other.join(', ')", "__p.ArrayPrototypeJoin(other, ', ')", 1],
    ["args.join(', ')", "__p.ArrayPrototypeJoin(args, ', ')", 1],
    ["other[0].toLowerCase()", "__p.StringPrototypeToLowerCase(other[0])", 1],
    ["${inspected.slice(0, 25)}", "${__p.StringPrototypeSlice(inspected, 0, 25)}", 1],
    ["inspected = inspected.slice(0, 128) + '...'", "inspected = __p.StringPrototypeSlice(inspected, 0, 128) + '...'", 1],
    ["args = (__p.ArrayIsArray(args) ? args : [args]).map((a) => `\"${a}\"`).join(' or ')",
      "args = __p.ArrayPrototypeJoin(__p.ArrayPrototypeMap(__p.ArrayIsArray(args) ? args : [args], (a) => `\"${a}\"`), ' or ')", 1],
    ["Number.isInteger(input) && Math.abs(input)", "__p.NumberIsInteger(input) && __p.MathAbs(input)", 1]],
];
// `f.call(x, …)`, `f.apply(x, args)`, `f.bind(x, …)` on a named function (not in comments).
const callLike = /(?<![\w$.\]])((?:[A-Za-z_$][\w$]*)(?:\.[A-Za-z_$][\w$]*|\[[A-Za-z_$][\w$]*\])*)\.(call|apply|bind)\(/g;
const uncurried = { call: "__p.FunctionPrototypeCall(", apply: "__p.ReflectApply(", bind: "__p.FunctionPrototypeBind(" };
let failed = false;
for (const [file, calls, ...replacements] of patches) {
  const full = path.join(lib, file);
  let text = fs.readFileSync(full, "utf8");
  for (const [from, to, times] of replacements) {
    const found = text.split(from).length - 1;
    if (found !== times) {
      console.error(`${file}: expected ${times} of ${JSON.stringify(from)}, found ${found}`);
      failed = true;
    }
    text = text.split(from).join(to);
  }
  let rewritten = 0;
  text = text
    .split("\n")
    .map((line) => (/^\s*\/\//.test(line) ? line : line.replace(callLike, (_, fn, how) => (rewritten++, `${uncurried[how]}${fn}, `))))
    .join("\n");
  if (rewritten !== calls) {
    console.error(`${file}: expected ${calls} call/apply/bind rewrites, made ${rewritten}`);
    failed = true;
  }
  // After 'use strict' where the file has it (the bundle is an ES module: strict throughout).
  const shim = path.relative(path.dirname(full), path.join(lib, "ours/primordials.js"));
  const required = `const __p = require('${shim.startsWith(".") ? shim : `./${shim}`}')\n`;
  const strict = "'use strict'\n";
  text = text.includes(strict) ? text.replace(strict, strict + required) : required + text;
  fs.writeFileSync(full, text);
}
process.exit(failed ? 1 : 0);
PATCH

# Its util/inspect.js (the `format` and `inspect` its error messages use), written over the same way.
cat >"$work/node_modules/readable-stream/lib/ours/util/inspect.js" <<'JS'
'use strict'
// readable-stream's simplified util.format and util.inspect, from the builtins captured at
// start-up (written over its own by scripts/vendor-readable-stream.sh).
const __p = require('../primordials')

module.exports = {
  format(format, ...args) {
    // %s %d %i %f %j, each taking the next argument.
    const pattern = /%([sdifj])/g
    let out = ''
    let from = 0
    let match
    while ((match = __p.RegExpPrototypeExec(pattern, format)) !== null) {
      const type = match[1]
      const replacement = __p.ArrayPrototypeShift(args)
      let text
      if (type === 'f') {
        text = __p.NumberPrototypeToFixed(replacement, 6)
      } else if (type === 'j') {
        text = __p.JSONStringify(replacement)
      } else if (type === 's' && typeof replacement === 'object') {
        const ctor = replacement.constructor !== Object ? replacement.constructor.name : ''
        text = __p.StringPrototypeTrim(`${ctor} {}`)
      } else {
        text = typeof replacement === 'string' ? replacement : replacement.toString()
      }
      out += `${__p.StringPrototypeSlice(format, from, match.index)}${text}`
      from = pattern.lastIndex
    }
    return out + __p.StringPrototypeSlice(format, from)
  },
  inspect(value) {
    switch (typeof value) {
      case 'string':
        if (__p.StringPrototypeIncludes(value, "'")) {
          if (!__p.StringPrototypeIncludes(value, '"')) {
            return `"${value}"`
          } else if (!__p.StringPrototypeIncludes(value, '`') && !__p.StringPrototypeIncludes(value, '${')) {
            return `\`${value}\``
          }
        }
        return `'${value}'`
      case 'number':
        if (__p.NumberIsNaN(value)) {
          return 'NaN'
        } else if (__p.ObjectIs(value, -0)) {
          return String(value)
        }
        return value
      case 'bigint':
        return `${String(value)}n`
      case 'boolean':
      case 'undefined':
        return String(value)
      case 'object':
        return '{}'
    }
  }
}
JS

out=runtime/src/ext/node/stream/vendor/readable-stream.js
licence="$work/node_modules/readable-stream/LICENSE"
{
  echo "// readable-stream $version (https://github.com/nodejs/readable-stream), bundled by"
  echo "// scripts/vendor-readable-stream.sh. Do not edit: regenerate. Its licence follows."
  echo "/*"
  sed 's#\*/#* /#g' "$licence"
  echo "*/"
  "$work/node_modules/.bin/esbuild" "$work/node_modules/readable-stream/lib/ours/index.js" \
    --bundle --format=esm --platform=neutral --log-level=warning \
    --alias:buffer="$work/shims/buffer.js" \
    --alias:events="$work/shims/events.js" \
    --alias:string_decoder="$work/shims/string_decoder.js" \
    --alias:process="$work/shims/process.js" \
    --alias:abort-controller="$work/shims/abort-controller.js" \
    --alias:stream="$work/shims/stream.js" \
    --banner:js="$banner"
} >"$out.tmp"

# esbuild's module wrapper (its only helper here: __commonJS) takes Object.getOwnPropertyNames
# when the bundle runs, possibly after a tool replaced it: the captured one instead.
helper='var __getOwnPropNames = Object.getOwnPropertyNames;'
test "$(grep -cxF "$helper" "$out.tmp")" = 1
sed -i "s/^$helper\$/var __getOwnPropNames = __ompPrimordials.ObjectGetOwnPropertyNames;/" "$out.tmp"
test "$(grep -c '^var __' "$out.tmp")" = 2

# Every name the bundle takes from the primordials shim must be one the shim gives.
node - "$out.tmp" "$primordials" <<'JS'
const fs = require("fs");
const bundle = fs.readFileSync(process.argv[2], "utf8");
const shim = fs.readFileSync(process.argv[3], "utf8");
const given = new Set(["AggregateError", "SymbolDispose", "SymbolAsyncDispose", "kResistStopPropagation"]);
for (const m of shim.matchAll(/^  '(\w+)',?$/gm)) given.add(m[1]);
const asked = new Set();
for (const m of bundle.matchAll(/var \{([^}]*)\}\s*=\s*require_primordials\(\)/g)) {
  for (const part of m[1].split(",")) if (part.trim()) asked.add(part.trim().split(":")[0].trim());
}
for (const m of bundle.matchAll(/require_primordials\(\)\.(\w+)/g)) asked.add(m[1]);
for (const m of bundle.matchAll(/\b__p\.(\w+)/g)) asked.add(m[1]);
const missing = [...asked].filter((name) => !given.has(name));
if (asked.size === 0 || missing.length > 0) {
  console.error(`primordials shim: the bundle asks for ${missing.join(", ") || "nothing (pattern changed?)"}`);
  process.exit(1);
}
JS
mv "$out.tmp" "$out"
echo "wrote $out ($(wc -c <"$out") bytes)"
