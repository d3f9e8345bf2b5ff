// Example: a tool split across files with relative imports (`.js` specifiers that name
// `.ts` files, as TypeScript's NodeNext style writes them) and a JSON import.
// Try: omp-host call word_stats --params '{"text":"the cat and the hat"}' --tool examples/tools --only
import { countWords } from "./lib/count.js";
import { formatTable } from "./lib/format";
import settings from "./settings.json";

export default () => ({
  name: "word_stats",
  label: "Word statistics",
  description: "Counts the words in a text and lists the most frequent ones.",
  parameters: {
    type: "object",
    properties: { text: { type: "string", description: "The text to analyse" } },
    required: ["text"],
  },
  async execute(_id: string, params: { text: string }) {
    const counts = countWords(params.text);
    return {
      content: [{ type: "text", text: formatTable(counts, settings.top) }],
      details: { distinct: counts.size },
    };
  },
});
