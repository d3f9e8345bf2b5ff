// `@oh-my-pi/omptype/zod`: its names re-exported from the one bundle, omp:/vendor/omptype-bundle.
// @oh-my-pi/omptype 18.2.3 (https://github.com/can1357/oh-my-pi, packages/omptype), vendored by scripts/vendor-omptype.sh.
// Do not edit: regenerate. The licence is in omptype-bundle.js.
export {
  zod$any as any,
  zod$array as array,
  zod$boolean as boolean,
  zod$enum as enum,
  zod$literal as literal,
  zod$null as null,
  zod$number as number,
  zod$object as object,
  zod$record as record,
  zod$string as string,
  zod$undefined as undefined,
  zod$union as union,
  zod$unknown as unknown,
  zod$z as z,
} from "omp:/vendor/omptype-bundle";
