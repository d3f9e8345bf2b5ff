import { z } from "zod";
import { compatTool } from "./_tool.mjs";

export default compatTool("zod", async () => {
  const User = z.object({ name: z.string().min(2), age: z.number().int().positive().optional(), tags: z.array(z.string()).default([]), role: z.enum(["admin", "user"]) });
  const ok = User.safeParse({ name: "Ada", role: "admin" });
  const bad = User.safeParse({ name: "A", age: -1, role: "root" });
  return {
    ok: ok.success ? ok.data : null,
    bad: bad.success ? null : bad.error.issues.map((i) => [i.path.join("."), i.code, i.message]),
    json: z.toJSONSchema(User),
    coerce: z.coerce.number().parse("42"),
    transform: z.string().transform((s) => s.length).parse("four"),
  };
});
