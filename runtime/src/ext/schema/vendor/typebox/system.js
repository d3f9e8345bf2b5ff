// `typebox/system`: its names re-exported from the one bundle, omp:/vendor/typebox-bundle.
// typebox 1.4.3 (https://github.com/sinclairzx81/typebox), vendored by scripts/vendor-typebox.sh.
// Do not edit: regenerate. The licence is in typebox-bundle.js.
export {
  system$Arguments as Arguments,
  system$Environment as Environment,
  system$Hashing as Hashing,
  system$Locale as Locale,
  system$Memory as Memory,
  system$Settings as Settings,
  system$System as System,
  system$default as default,
} from "omp:/vendor/typebox-bundle";
