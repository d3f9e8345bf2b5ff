import { Type } from "@sinclair/typebox";
import { compatTool } from "./_tool.mjs";

export default compatTool("@sinclair/typebox", async () => {
  const schema = Type.Object({ name: Type.String({ minLength: 1 }), count: Type.Optional(Type.Integer({ minimum: 0 })), mode: Type.Union([Type.Literal("a"), Type.Literal("b")]), list: Type.Array(Type.Number(), { maxItems: 3 }) });
  return { schema: JSON.parse(JSON.stringify(schema)), record: JSON.parse(JSON.stringify(Type.Record(Type.String(), Type.Boolean()))) };
});
