// `@oh-my-pi/omptype`, the package root: its names re-exported from the one bundle, omp:/vendor/omptype-bundle.
// @oh-my-pi/omptype 18.2.3 (https://github.com/can1357/oh-my-pi, packages/omptype), vendored by scripts/vendor-omptype.sh.
// Do not edit: regenerate. The licence is in omptype-bundle.js.
export {
  root$IR_BRAND as IR_BRAND,
  root$MISSING as MISSING,
  root$OmpError as OmpError,
  root$OmpErrors as OmpErrors,
  root$OmpTypeError as OmpTypeError,
  root$TraversalError as TraversalError,
  root$Type as Type,
  root$declare as declare,
  root$distributeFilter as distributeFilter,
  root$embed as embed,
  root$expectedOf as expectedOf,
  root$fromJsonSchema as fromJsonSchema,
  root$hasAlias as hasAlias,
  root$hasMorph as hasMorph,
  root$irToJsonSchema as irToJsonSchema,
  root$isSimpleIR as isSimpleIR,
  root$keyOf as keyOf,
  root$markThisOnlyResolver as markThisOnlyResolver,
  root$match as match,
  root$parseDef as parseDef,
  root$scope as scope,
  root$type as type,
  root$useAssignability as useAssignability,
} from "omp:/vendor/omptype-bundle";
