import _ from "lodash";
import { compatTool } from "./_tool.mjs";

export default compatTool("lodash", async () => ({
  chunk: _.chunk([1, 2, 3, 4, 5], 2),
  groupBy: _.groupBy(["one", "two", "three"], "length"),
  merge: _.merge({ a: { b: 1 } }, { a: { c: 2 } }),
  pick: _.pick({ a: 1, b: 2, c: 3 }, ["a", "c"]),
  debounced: typeof _.debounce(() => {}, 10),
  template: _.template("hello <%= name %>")({ name: "you" }),
  cloneDeep: _.isEqual(_.cloneDeep({ x: [1, { y: 2 }] }), { x: [1, { y: 2 }] }),
  kebab: _.kebabCase("Hello World Foo"),
  sortBy: _.sortBy([{ n: 3 }, { n: 1 }, { n: 2 }], "n").map((o) => o.n),
}));
