// deno_core's `core` object, captured while the host starts. globals.js removes the `Deno`
// global once the host's modules have loaded, so npm packages that look for `globalThis.Deno`
// (to use Deno's APIs) see a Node-like host; host modules loaded later import `core` from here.
export const core = globalThis.Deno.core;
