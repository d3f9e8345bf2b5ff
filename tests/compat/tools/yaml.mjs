import YAML from "yaml";
import { compatTool, attempt } from "./_tool.mjs";

export default compatTool("yaml", async () => {
  const text = "name: tool\nlist:\n  - 1\n  - two\n  - { nested: true }\nanchor: &a { k: v }\nalias: *a\nmulti: |\n  line one\n  line two\n";
  const doc = YAML.parseDocument(text);
  doc.set("added", 42);
  return {
    parsed: YAML.parse(text),
    stringified: YAML.stringify({ b: [1, { c: "d" }], a: "quoted: yes", n: null }),
    doc: String(doc),
    error: (await attempt(() => YAML.parse("a: [unclosed"))).error?.name,
    all: YAML.parseAllDocuments("a: 1\n---\nb: 2\n").map((d) => d.toJSON()),
  };
});
