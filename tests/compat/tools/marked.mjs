import { marked } from "marked";
import { compatTool } from "./_tool.mjs";

export default compatTool("marked", async () => ({
  html: marked.parse("# Title\n\nSome *emphasis* and `code`.\n\n- one\n- two\n\n```js\nconst x = 1;\n```\n"),
  tokens: marked.lexer("## H2\n\ntext").map((t) => t.type),
  inline: marked.parseInline("**bold** [link](https://example.com)"),
}));
