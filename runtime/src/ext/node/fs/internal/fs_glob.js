// node:fs `globSync` (Node 22): the paths under `cwd` matching glob patterns (`*`, `?`,
// `[…]`, `{a,b}`, `**`), relative to `cwd`, found by walking the directories the pattern
// reaches with the given `readdirSync`. pi's package manager imports it at load time.
import { primordials } from "omp:/host/core";

const {
  ArrayIsArray,
  ArrayPrototypeJoin,
  ArrayPrototypePush,
  ArrayPrototypeSlice,
  RegExp,
  RegExpPrototypeTest,
  SafeSet,
  String,
  StringPrototypeIndexOf,
  SetPrototypeAdd,
  SetPrototypeHas,
  StringPrototypeSplit,
  StringPrototypeStartsWith,
} = primordials;

const SPECIAL = "\\^$.|+()";

/** One path segment's glob as an anchored RegExp. */
function segmentRegExp(glob) {
  let source = "";
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else if (c === "[") {
      const end = StringPrototypeIndexOf(glob, "]", i + 1);
      if (end < 0) source += "\\[";
      else {
        let body = ArrayPrototypeJoin(ArrayPrototypeSlice(StringPrototypeSplit(glob, ""), i + 1, end), "");
        if (body[0] === "!") body = "^" + ArrayPrototypeJoin(ArrayPrototypeSlice(StringPrototypeSplit(body, ""), 1), "");
        source += "[" + body + "]";
        i = end;
      }
    } else if (c === "{") {
      braces++;
      source += "(?:";
    } else if (c === "}" && braces > 0) {
      braces--;
      source += ")";
    } else if (c === "," && braces > 0) source += "|";
    else if (c === "\\" && i + 1 < glob.length) source += "\\" + glob[++i];
    else if (StringPrototypeIndexOf(SPECIAL, c) >= 0 || c === "{" || c === "}" || c === "]") source += "\\" + c;
    else source += c;
  }
  return new RegExp("^" + source + "$");
}

const GLOB_CHARS = /[*?[{]/;
const isGlob = (segment) => RegExpPrototypeTest(GLOB_CHARS, segment);

/** `globSync(pattern | patterns, { cwd })` with `readdirSync(path, { withFileTypes: true })`. */
export function globSync(patterns, options, readdirSync) {
  const cwd = options?.cwd ?? ".";
  const list = ArrayIsArray(patterns) ? patterns : [patterns];
  const found = new SafeSet();
  const out = [];
  const add = (rel) => {
    if (!SetPrototypeHas(found, rel)) {
      SetPrototypeAdd(found, rel);
      ArrayPrototypePush(out, rel);
    }
  };
  const entries = (rel) => {
    try {
      return readdirSync(rel === "" ? cwd : cwd + "/" + rel, { withFileTypes: true });
    } catch {
      return [];
    }
  };
  const join = (rel, name) => (rel === "" ? name : rel + "/" + name);
  const walk = (rel, segments, index, isDir) => {
    if (index === segments.length) {
      if (rel !== "") add(rel);
      return;
    }
    const segment = segments[index];
    if (segment === "**") {
      walk(rel, segments, index + 1, isDir);
      for (const entry of entries(rel)) {
        // `**` does not enter dot folders, as in Node.
        if (entry.isDirectory() && !StringPrototypeStartsWith(entry.name, ".")) walk(join(rel, entry.name), segments, index, true);
      }
      return;
    }
    if (!isGlob(segment)) {
      if (segment === "" || segment === ".") return walk(rel, segments, index + 1, isDir);
      for (const entry of entries(rel)) {
        if (entry.name === segment) walk(join(rel, entry.name), segments, index + 1, entry.isDirectory());
      }
      return;
    }
    const re = segmentRegExp(segment);
    for (const entry of entries(rel)) {
      // As Node's, a wildcard does not match a leading dot unless the pattern starts with one.
      if (StringPrototypeStartsWith(entry.name, ".") && !StringPrototypeStartsWith(segment, ".")) continue;
      if (RegExpPrototypeTest(re, entry.name)) walk(join(rel, entry.name), segments, index + 1, entry.isDirectory());
    }
  };
  for (const pattern of list) {
    walk("", StringPrototypeSplit(String(pattern), "/"), 0, true);
  }
  return out;
}
