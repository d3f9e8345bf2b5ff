// The parameter names of a tool's `execute`, read from its source text (they survive
// transpiling), so the host can tell omp's argument order from pi's. The decision itself is
// made in Rust (runtime/src/execute_order.rs).
const {
  FunctionPrototypeToString,
  StringPrototypeIndexOf,
  StringPrototypeSlice,
  StringPrototypeReplace,
  StringPrototypeTrim,
  StringPrototypeSplit,
  RegExpPrototypeTest,
  ArrayPrototypePush,
  ArrayPrototypeMap,
} = globalThis.__bootstrap.primordials;

const IDENTIFIER = /^[\w$]+$/;

/** Parameter names of a function from its source text ("" for destructured ones). */
export function parameterNames(fn) {
  let text;
  try {
    text = FunctionPrototypeToString(fn);
  } catch {
    return [];
  }
  const open = StringPrototypeIndexOf(text, "(");
  const arrow = StringPrototypeIndexOf(text, "=>");
  if (arrow !== -1 && (open === -1 || arrow < open)) {
    const single = StringPrototypeTrim(StringPrototypeReplace(StringPrototypeSlice(text, 0, arrow), /^async\s+/, ""));
    return RegExpPrototypeTest(IDENTIFIER, single) ? [single] : [];
  }
  if (open === -1) return [];
  const names = [];
  let depth = 0;
  let current = "";
  for (let i = open + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === "(" || ch === "{" || ch === "[") depth++;
    if (ch === ")" || ch === "}" || ch === "]") {
      if (depth === 0) break;
      depth--;
    }
    if (ch === "," && depth === 0) {
      ArrayPrototypePush(names, current);
      current = "";
    } else {
      current += ch;
    }
  }
  if (StringPrototypeTrim(current)) ArrayPrototypePush(names, current);
  return ArrayPrototypeMap(names, (n) => {
    const name = StringPrototypeTrim(StringPrototypeReplace(StringPrototypeSplit(n, "=")[0], /^\s*\.\.\./, ""));
    return RegExpPrototypeTest(IDENTIFIER, name) ? name : "";
  });
}
