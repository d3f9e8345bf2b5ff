// deno_core's `core` object and the primordials (builtins captured before any tool ran),
// taken while the host starts. globals.js removes the `Deno` global and load.js the
// `__bootstrap` one once the host's modules have loaded, so npm packages that look for
// `globalThis.Deno` (to use Deno's APIs) see a Node-like host; host modules loaded later (the
// Node built-ins, on first import) import `core` and `primordials` from here.
export const core = globalThis.Deno.core;
export const primordials = globalThis.__bootstrap.primordials;
