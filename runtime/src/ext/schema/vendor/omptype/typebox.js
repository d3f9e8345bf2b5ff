// `@oh-my-pi/omptype/typebox`: its names re-exported from the one bundle, omp:/vendor/omptype-bundle.
// @oh-my-pi/omptype 18.2.3 (https://github.com/can1357/oh-my-pi, packages/omptype), vendored by scripts/vendor-omptype.sh.
// Do not edit: regenerate. The licence is in omptype-bundle.js.
export {
  typebox$Type as Type,
  typebox$default as default,
} from "omp:/vendor/omptype-bundle";
