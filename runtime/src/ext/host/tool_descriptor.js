// What the host is told of one tool a module gave (returned by its factory, or registered
// through pi's ExtensionAPI at load or later): checked for the fields every tool needs, its
// parameters (and pi's `outputSchema`) made a JSON Schema (and, for zod parameters, the schema
// calls are validated against), and its declared flags read. The Rust side makes its registry entry from this descriptor.
import * as zod from "omp:/zod";
import { describeError } from "omp:/host/errors";
import { parameterNames } from "omp:/host/execute_order";
import { toPlain } from "omp:/host/plain";
import { arkWireSchema } from "omp:/schema/ark_wire";
import { primordials } from "omp:/host/core";

const { ArrayIsArray, ArrayPrototypeFilter, ArrayPrototypeIncludes, TypeError: TypeErrorCtor } = primordials;

const INVALID_ENTRY = (index) =>
  `Tool factory returned invalid tool at index ${index}: expected object with string name, string description, parameters, and execute function`;

const INVALID_REGISTERED = (entry, index) =>
  `pi.registerTool call ${index + 1}${entry !== null && typeof entry === "object" && typeof entry.name === "string" ? ` ("${entry.name}")` : ""}: expected object with string name, string description, parameters, and execute function`;

function isValidEntry(entry) {
  return (
    entry !== null &&
    typeof entry === "object" &&
    typeof entry.name === "string" &&
    entry.name.length > 0 &&
    typeof entry.description === "string" &&
    "parameters" in entry &&
    typeof entry.execute === "function"
  );
}

/**
 * The JSON Schema for a tool's `parameters`, which builder made it, and (for zod) the input
 * schema calls are validated against, marked with how objects treat unknown keys. An omptype
 * Type (`pi.arktype`, `@oh-my-pi/omptype`; a callable with `toJsonSchema` and `assert`, as
 * pi-ai's isArkSchema tells it) gives the JSON Schema omp sends the model (`arkWireSchema`),
 * which calls are validated against too.
 */
function schemaOf(parameters, field = "parameters") {
  if (typeof parameters === "function" && typeof parameters.toJsonSchema === "function" && typeof parameters.assert === "function") {
    return { kind: "json", schema: arkWireSchema(parameters) };
  }
  if (parameters && typeof parameters === "object" && "_zod" in parameters) {
    try {
      return {
        kind: "zod",
        schema: zod.toJSONSchema(parameters, { target: "draft-2020-12" }),
        validation: zod.validationSchemaOf(parameters),
      };
    } catch (ours) {
      if (typeof parameters.toJSONSchema === "function") return { kind: "zod", schema: parameters.toJSONSchema() };
      throw ours;
    }
  }
  if (parameters && typeof parameters === "object") {
    return { kind: "json", schema: toPlain(parameters) };
  }
  throw new TypeErrorCtor(`${field} must be a zod schema, a TypeBox schema or a JSON Schema object, got ${parameters === null ? "null" : typeof parameters}`);
}

function concurrencyOf(declared) {
  if (declared === "shared" || declared === "exclusive") return declared;
  return typeof declared === "function" ? "function" : undefined;
}

/** pi's `executionMode` as the host's concurrency: "sequential" runs alone, "parallel" shares. */
function executionModeOf(mode) {
  if (mode === "sequential") return "exclusive";
  return mode === "parallel" ? "shared" : undefined;
}


const EXPOSURES = ["direct", "model-only", "codemode", "deferred", "hidden"];

/**
 * Describes `entry`, the `index`th tool its module returned (or registered, when
 * `registered`): `{ descriptor }` without its `id` (the caller numbers it), or `{ error }`
 * with the load error's text.
 */
export function describeTool(entry, index, registered) {
  if (!isValidEntry(entry)) return { error: registered ? INVALID_REGISTERED(entry, index) : INVALID_ENTRY(index) };
  let schema;
  try {
    schema = schemaOf(entry.parameters);
  } catch (err) {
    return { error: `Failed to load tool: tool "${entry.name}" has invalid parameters: ${describeError(err).message}` };
  }
  // pi's `outputSchema`: the shape of `structuredContent` in its results, made a JSON Schema as
  // `parameters` are (no validation schema: results are checked against what clients see).
  let output = null;
  if (entry.outputSchema !== undefined && entry.outputSchema !== null) {
    try {
      const { kind, schema: outputSchema } = schemaOf(entry.outputSchema, "outputSchema");
      output = { kind, schema: outputSchema };
    } catch (err) {
      return { error: `Failed to load tool: tool "${entry.name}" has an invalid outputSchema: ${describeError(err).message}` };
    }
  }
  const guidelines = ArrayIsArray(entry.promptGuidelines) ? ArrayPrototypeFilter(entry.promptGuidelines, (g) => typeof g === "string") : [];
  return {
    descriptor: {
      name: entry.name,
      label: typeof entry.label === "string" ? entry.label : entry.name,
      description: entry.description,
      parameters: schema.schema,
      validation: schema.validation ?? null,
      schemaKind: schema.kind,
      outputSchema: output,
      executeParams: parameterNames(entry.execute),
      hidden: entry.hidden === true,
      deferrable: entry.deferrable === true,
      strict: entry.strict === true,
      approval: typeof entry.approval === "function" ? null : entry.approval,
      approvalPerCall: typeof entry.approval === "function",
      concurrency: concurrencyOf(entry.concurrency) ?? executionModeOf(entry.executionMode) ?? null,
      annotations: entry.annotations !== null && typeof entry.annotations === "object" ? toPlain(entry.annotations) : null,
      truncate: entry.truncate === "tail" || entry.truncate === "head" ? entry.truncate : null,
      hasOnSession: typeof entry.onSession === "function",
      registered,
      exposure: ArrayPrototypeIncludes(EXPOSURES, entry.exposure) ? entry.exposure : "direct",
      defaultActive: entry.defaultActive !== false,
      promptSnippet: typeof entry.promptSnippet === "string" ? entry.promptSnippet : null,
      promptGuidelines: guidelines,
      preparesArguments: typeof entry.prepareArguments === "function",
    },
  };
}
