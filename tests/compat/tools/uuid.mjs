import { v4, v5, validate, version, NIL, parse, stringify } from "uuid";
import { compatTool } from "./_tool.mjs";

export default compatTool("uuid", async () => {
  const id = v4();
  return {
    v4: [validate(id), version(id), id.length],
    v5: v5("omp-host", v5.URL),
    nil: NIL,
    roundTrip: stringify(parse("6ba7b810-9dad-11d1-80b4-00c04fd430c8")),
    invalid: validate("not-a-uuid"),
  };
});
