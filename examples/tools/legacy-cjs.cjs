// Example: a CommonJS tool (`module.exports = factory`, `require` of Node built-ins).
// Try: omp-host call path_info --params '{"path":"/tmp/report.final.txt"}' --tool examples/tools --only
const path = require("node:path");

module.exports = function factory(pi) {
  return {
    name: "path_info",
    label: "Path info",
    description: "Splits a file path into folder, name and extension.",
    parameters: {
      type: "object",
      properties: { path: { type: "string", description: "A file path" } },
      required: ["path"],
    },
    async execute(_id, params) {
      const absolute = path.resolve(pi.cwd, params.path);
      const parts = path.parse(absolute);
      return {
        content: [{ type: "text", text: `folder: ${parts.dir}\nname: ${parts.name}\nextension: ${parts.ext || "(none)"}` }],
        details: parts,
      };
    },
  };
};
