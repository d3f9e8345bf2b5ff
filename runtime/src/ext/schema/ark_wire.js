// The JSON Schema an omptype Type (omp 18's `pi.arktype`) stands for, as omp sends it to the
// model: its own toJsonSchema, then pi-ai's wire clean-up (arkToWireSchema), step for step.
// Built from builtins captured at start-up (it runs while a tool module loads).
import { toPlain } from "omp:/host/plain";

const { ArrayIsArray, ArrayPrototypePush, ArrayPrototypeForEach, ArrayPrototypeIncludes, RegExpPrototypeExec, StringPrototypeTrim, TypeError: TypeErrorCtor } =
  globalThis.__bootstrap.primordials;
const KEY_WITH_COMMENT = /^(.*?)\s*\/\*\*\s*([\s\S]*?)\s*\*\/\s*$/;

/**
 * The JSON Schema omp sends the model for an omptype Type (`pi.arktype`'s), made as pi-ai's
 * `arkToWireSchema` makes it: the Type's own `toJsonSchema` for draft 2020-12 (whatever JSON
 * Schema cannot say, a `.narrow()` predicate say, falls back to its base type), without
 * `$schema`, then pi-ai's clean-up, step for step: the unconstrained branch of a
 * `T | undefined` union dropped; `anyOf: [scalar, {type: "null"}]` folded into
 * `type: [scalar, "null"]`; a bare enum given its scalar type; a union of bare consts made one
 * typed enum; a property named `key /** text *\/` split into its name and description; `{}`
 * sub-schemas made `true`; objects that declare properties closed (`additionalProperties:
 * false`). (pi-ai's draft-07 upgrade, run in between, changes nothing in a 2020-12 document.)
 * The document is plain data first (`toPlain`: objects without a prototype), so `in` and
 * `for…in` see only its own keys.
 */
export function arkWireSchema(arkType) {
  const VALUE_KEYS = ["additionalProperties", "unevaluatedProperties", "unevaluatedItems", "items", "contains", "propertyNames", "if", "then", "else", "not"];
  const MAP_KEYS = ["properties", "patternProperties", "$defs", "definitions"];
  const ARRAY_KEYS = ["anyOf", "oneOf", "allOf", "prefixItems"];
  const DEFINING_KEYS = ["$ref", "additionalProperties", "allOf", "anyOf", "const", "contains", "enum", "if", "items", "not", "oneOf", "patternProperties", "prefixItems", "properties", "propertyNames", "then", "else", "unevaluatedItems", "unevaluatedProperties"];
  const NULLABLE_SCALAR_TYPES = ["string", "number", "integer", "boolean"];
  const isRecord = (value) => value !== null && typeof value === "object" && !ArrayIsArray(value);
  const isEmpty = (value) => {
    if (!isRecord(value)) return false;
    for (const _ in value) return false;
    return true;
  };
  const keyCount = (value) => {
    let n = 0;
    for (const _ in value) n++;
    return n;
  };
  // Visits the sub-schemas of `obj` (schema-valued keywords only), calling `visit` on each.
  const eachSubschema = (obj, visit, skipProperties) => {
    ArrayPrototypeForEach(VALUE_KEYS, (key) => {
      if (key in obj) visit(obj[key]);
    });
    ArrayPrototypeForEach(MAP_KEYS, (key) => {
      if (skipProperties && key === "properties") return;
      const map = obj[key];
      if (isRecord(map)) for (const name in map) visit(map[name]);
    });
    ArrayPrototypeForEach(ARRAY_KEYS, (key) => {
      const list = obj[key];
      if (ArrayIsArray(list)) ArrayPrototypeForEach(list, visit);
    });
  };

  const pruneUndefinedUnionBranches = (node) => {
    if (ArrayIsArray(node)) return ArrayPrototypeForEach(node, pruneUndefinedUnionBranches);
    if (!isRecord(node)) return;
    ArrayPrototypeForEach(["anyOf", "oneOf"], (unionKey) => {
      const branches = node[unionKey];
      if (!ArrayIsArray(branches)) return;
      const concrete = [];
      ArrayPrototypeForEach(branches, (branch) => {
        if (branch !== true && !isEmpty(branch)) ArrayPrototypePush(concrete, branch);
      });
      if (concrete.length === branches.length || concrete.length === 0) return;
      const only = concrete.length === 1 ? concrete[0] : undefined;
      if (only !== undefined && isRecord(only)) {
        delete node[unionKey];
        for (const key in only) if (!(key in node)) node[key] = only[key];
      } else {
        node[unionKey] = concrete;
      }
    });
    eachSubschema(node, pruneUndefinedUnionBranches, false);
  };

  const hasDefiningSibling = (schema) => {
    for (const key in schema) if (key !== "anyOf" && ArrayPrototypeIncludes(DEFINING_KEYS, key)) return true;
    return false;
  };
  const rewriteNullableScalarAnyOf = (schema) => {
    if (hasDefiningSibling(schema)) return;
    const variants = schema.anyOf;
    if (!ArrayIsArray(variants) || variants.length !== 2) return;
    let scalar;
    let sawNull = false;
    for (let i = 0; i < variants.length; i++) {
      const variant = variants[i];
      if (!isRecord(variant)) return;
      if (variant.type === "null" && keyCount(variant) === 1) {
        if (sawNull) return;
        sawNull = true;
        continue;
      }
      if (typeof variant.type !== "string" || !ArrayPrototypeIncludes(NULLABLE_SCALAR_TYPES, variant.type) || scalar) return;
      scalar = variant;
    }
    if (!sawNull || !scalar) return;
    delete schema.anyOf;
    for (const key in scalar) {
      if (key === "type" || key === "enum" || key === "const" || key in schema) continue;
      schema[key] = scalar[key];
    }
    if ("const" in scalar) {
      schema.enum = [scalar.const, null];
    } else if (ArrayIsArray(scalar.enum)) {
      const values = [];
      ArrayPrototypeForEach(scalar.enum, (value) => ArrayPrototypePush(values, value));
      if (!ArrayPrototypeIncludes(values, null)) ArrayPrototypePush(values, null);
      schema.enum = values;
    }
    schema.type = [scalar.type, "null"];
  };
  const homogeneousScalarType = (values) => {
    let inferred;
    for (let i = 0; i < values.length; i++) {
      const kind = typeof values[i];
      if (kind !== "string" && kind !== "boolean" && kind !== "number") return undefined;
      if (inferred === undefined) inferred = kind;
      else if (inferred !== kind) return undefined;
    }
    return inferred;
  };
  const inferBareEnumScalarType = (schema) => {
    if ("type" in schema || !ArrayIsArray(schema.enum)) return;
    const inferred = homogeneousScalarType(schema.enum);
    if (inferred !== undefined) schema.type = inferred;
  };
  const collapseConstUnionAnyOf = (schema) => {
    if (hasDefiningSibling(schema) || "type" in schema) return;
    const variants = schema.anyOf;
    if (!ArrayIsArray(variants) || variants.length < 2) return;
    const values = [];
    let branchDescription;
    let described = 0;
    for (let i = 0; i < variants.length; i++) {
      const variant = variants[i];
      if (!isRecord(variant) || !("const" in variant)) return;
      for (const key in variant) if (key !== "const" && key !== "description") return;
      if (typeof variant.description === "string") {
        if (described === 0) branchDescription = variant.description;
        else if (variant.description !== branchDescription) return;
        described++;
      }
      ArrayPrototypePush(values, variant.const);
    }
    if (described !== 0 && described !== variants.length) return;
    if (described === variants.length && typeof schema.description === "string" && schema.description !== branchDescription) return;
    const scalarType = homogeneousScalarType(values);
    if (scalarType === undefined) return;
    delete schema.anyOf;
    schema.type = scalarType;
    schema.enum = values;
    if (typeof schema.description !== "string" && branchDescription !== undefined) schema.description = branchDescription;
  };
  const walk = (node) => {
    if (ArrayIsArray(node)) return ArrayPrototypeForEach(node, walk);
    if (!isRecord(node)) return;
    rewriteNullableScalarAnyOf(node);
    inferBareEnumScalarType(node);
    collapseConstUnionAnyOf(node);
    for (const key in node) walk(node[key]);
  };

  // `"name /** text */"` as pi-ai's parseArkObjectKey reads it.
  const parseKey = (key) => {
    const match = RegExpPrototypeExec(KEY_WITH_COMMENT, key);
    return match ? { name: StringPrototypeTrim(match[1]), description: StringPrototypeTrim(match[2]) } : { name: key };
  };
  const withKeyDescription = (schema, description) => {
    if (!description) return schema;
    if (isRecord(schema)) {
      if (typeof schema.description !== "string") schema.description = description;
      return schema;
    }
    return { __proto__: null, anyOf: [schema], description };
  };
  const normalizePropertyComments = (node) => {
    if (ArrayIsArray(node)) return ArrayPrototypeForEach(node, normalizePropertyComments);
    if (!isRecord(node)) return;
    const properties = node.properties;
    if (isRecord(properties)) {
      if (ArrayIsArray(node.required)) {
        const required = [];
        ArrayPrototypeForEach(node.required, (key) => ArrayPrototypePush(required, typeof key === "string" ? parseKey(key).name : key));
        node.required = required;
      }
      const keys = [];
      for (const key in properties) ArrayPrototypePush(keys, key);
      ArrayPrototypeForEach(keys, (key) => {
        const parsed = parseKey(key);
        let propertySchema = properties[key];
        if (parsed.description) {
          propertySchema = withKeyDescription(propertySchema, parsed.description);
          delete properties[key];
          properties[parsed.name] = propertySchema;
        }
        normalizePropertyComments(propertySchema);
      });
    }
    eachSubschema(node, normalizePropertyComments, true);
  };

  const normalizeEmptySchemas = (node) => {
    if (ArrayIsArray(node)) return ArrayPrototypeForEach(node, normalizeEmptySchemas);
    if (!isRecord(node)) return;
    ArrayPrototypeForEach(VALUE_KEYS, (key) => {
      if (key in node && isEmpty(node[key])) node[key] = true;
    });
    ArrayPrototypeForEach(MAP_KEYS, (key) => {
      const map = node[key];
      if (isRecord(map)) for (const name in map) if (isEmpty(map[name])) map[name] = true;
    });
    ArrayPrototypeForEach(ARRAY_KEYS, (key) => {
      const list = node[key];
      if (ArrayIsArray(list)) for (let i = 0; i < list.length; i++) if (isEmpty(list[i])) list[i] = true;
    });
    for (const key in node) normalizeEmptySchemas(node[key]);
  };

  const closeDeclaredObjects = (node) => {
    if (ArrayIsArray(node)) return ArrayPrototypeForEach(node, closeDeclaredObjects);
    if (!isRecord(node)) return;
    const isObject = node.type === "object" || (ArrayIsArray(node.type) && ArrayPrototypeIncludes(node.type, "object"));
    if (isObject && node.properties !== undefined && !("additionalProperties" in node) && !("patternProperties" in node)) {
      node.additionalProperties = false;
    }
    eachSubschema(node, closeDeclaredObjects, false);
  };

  const schema = toPlain(arkType.toJsonSchema({ target: "draft-2020-12", fallback: (ctx) => ctx.base }));
  if (!isRecord(schema)) throw new TypeErrorCtor("the arktype Type's toJsonSchema() did not give an object");
  delete schema.$schema;
  pruneUndefinedUnionBranches(schema);
  walk(schema);
  normalizePropertyComments(schema);
  normalizeEmptySchemas(schema);
  closeDeclaredObjects(schema);
  return schema;
}
