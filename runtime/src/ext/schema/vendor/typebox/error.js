// `typebox/error`: its names re-exported from the one bundle, omp:/vendor/typebox-bundle.
// typebox 1.4.3 (https://github.com/sinclairzx81/typebox), vendored by scripts/vendor-typebox.sh.
// Do not edit: regenerate. The licence is in typebox-bundle.js.
export {
  error$IsLocalizedValidationError as IsLocalizedValidationError,
  error$IsValidationError as IsValidationError,
} from "omp:/vendor/typebox-bundle";
