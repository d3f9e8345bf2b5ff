import semver from "semver";
import { compatTool } from "./_tool.mjs";

export default compatTool("semver", async () => ({
  valid: [semver.valid("1.2.3"), semver.valid("a.b"), semver.clean(" =v2.0.0 ")],
  compare: [semver.gt("1.10.0", "1.9.9"), semver.lt("1.0.0-beta", "1.0.0"), semver.compare("2.0.0", "2.0.0")],
  satisfies: [semver.satisfies("1.4.2", "^1.2.0"), semver.satisfies("2.0.0", "~1.9"), semver.satisfies("1.0.0-rc.1", ">=1.0.0-0")],
  inc: [semver.inc("1.2.3", "minor"), semver.inc("1.2.3", "prerelease", "beta")],
  max: semver.maxSatisfying(["1.0.0", "1.5.0", "2.0.0"], "^1"),
  sorted: semver.sort(["3.0.0", "1.0.0", "2.1.0"]),
  coerce: semver.coerce("v8.1")?.version,
  range: new semver.Range(">=1.2 <2").range,
}));
