// Tells which argument order a tool's `execute` expects: omp's
// (toolCallId, params, onUpdate, ctx, signal) or pi's (toolCallId, params, signal, onUpdate, ctx).
// A configured override wins; then the parameter names (they survive transpiling); then
// whether the module imports pi-era packages (`@mariozechner/…`).

/** Parameter names of a function from its source text ("" for destructured ones). */
export function parameterNames(fn) {
  const text = Function.prototype.toString.call(fn);
  const open = text.indexOf("(");
  const arrow = text.indexOf("=>");
  if (arrow !== -1 && (open === -1 || arrow < open)) {
    const single = text.slice(0, arrow).replace(/^async\s+/, "").trim();
    return /^[\w$]+$/.test(single) ? [single] : [];
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
      names.push(current);
      current = "";
    } else {
      current += ch;
    }
  }
  if (current.trim()) names.push(current);
  return names.map((n) => {
    const name = n.split("=")[0].replace(/^\s*\.\.\./, "").trim();
    return /^[\w$]+$/.test(name) ? name : "";
  });
}

const SIGNAL = /signal|abort/i;
const UPDATE = /update|progress|emit|report|partial|stream/i;
const CONTEXT = /^_?(ctx|context|toolContext|extensionContext)$/i;

/** "omp" or "pi" for `execute`, given {executeOrder?, piEra?}. */
export function detectExecuteOrder(execute, request) {
  if (request.executeOrder === "omp" || request.executeOrder === "pi") return request.executeOrder;
  const names = parameterNames(execute);
  const third = names[2] ?? "";
  const fourth = names[3] ?? "";
  if (SIGNAL.test(third) || UPDATE.test(fourth) || CONTEXT.test(names[4] ?? "") && SIGNAL.test(third)) return "pi";
  if (UPDATE.test(third) || CONTEXT.test(fourth) || SIGNAL.test(names[4] ?? "")) return "omp";
  return request.piEra ? "pi" : "omp";
}
