// edit_preview: stages a text edit to a file and shows it as a unified diff, writing nothing
// until `resolve` applies it. Apply refuses if the file changed since the preview (someone
// else edited it: preview again); discard, or the session ending, just drops the staged copy.
// A first-party tool on the ordinary factory contract, loaded like any user tool:
//   omp-host call edit_preview --tool tools --params '{"path":"notes.txt","oldText":"a","newText":"b"}' --resolve apply
import type { CustomToolFactory } from "@oh-my-pi/pi-coding-agent";
import { ToolError } from "@oh-my-pi/pi-coding-agent/tools/tool-errors";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";

const digest = (text: string) => createHash("sha256").update(text).digest("hex");

const factory: CustomToolFactory = (pi) => {
  const { z } = pi.zod;
  return {
    name: "edit_preview",
    label: "Edit (preview)",
    // It stages previews; under omp this keeps the hidden `resolve` tool registered.
    deferrable: true,
    description:
      "Replaces one exact occurrence of `oldText` with `newText` in a text file — as a preview: the diff is shown and nothing is written until you call `resolve` with action \"apply\" (or \"discard\" to drop it). Use an `oldText` long enough to occur exactly once; an empty `oldText` with a missing file creates it.",
    parameters: z.object({
      path: z.string().min(1).describe("The file to edit (relative to the working directory, or absolute)"),
      oldText: z.string().describe("The exact text to replace; it must occur exactly once (empty: create a new file)"),
      newText: z.string().describe("The text to put in its place"),
    }),
    async execute(_id, params: { path: string; oldText: string; newText: string }) {
      const file = isAbsolute(params.path) ? params.path : resolve(pi.cwd, params.path);
      let before: string;
      try {
        before = readFileSync(file, "utf8");
      } catch (err: any) {
        if (err?.code !== "ENOENT" || params.oldText !== "") throw new ToolError(`Cannot read ${params.path}: ${err?.message ?? err}`);
        before = "";
      }
      const at = before.indexOf(params.oldText);
      if (params.oldText !== "" && at === -1) throw new ToolError(`oldText does not occur in ${params.path}`);
      if (params.oldText !== "" && before.indexOf(params.oldText, at + 1) !== -1) {
        throw new ToolError(`oldText occurs more than once in ${params.path}; include more context so it is unique`);
      }
      const after = params.oldText === "" ? before + params.newText : before.slice(0, at) + params.newText + before.slice(at + params.oldText.length);

      // The staged copy lives in a private temporary folder until apply or discard.
      const staging = mkdtempSync(join(tmpdir(), "omp-edit-preview-"));
      const staged = join(staging, basename(file));
      const original = join(staging, "original");
      writeFileSync(staged, after);
      writeFileSync(original, before);
      const shown = await pi.exec("diff", ["-u", "--label", `a/${params.path}`, "--label", `b/${params.path}`, original, staged]);
      const diff = shown.stdout || "(no change)";
      const expected = digest(before);
      const cleanUp = () => rmSync(staging, { recursive: true, force: true });

      pi.pushPendingAction({
        label: `edit ${params.path}`,
        sourceToolName: "edit_preview",
        async apply() {
          let current = "";
          try {
            current = readFileSync(file, "utf8");
          } catch (err: any) {
            if (err?.code !== "ENOENT") throw err;
          }
          if (digest(current) !== expected) {
            throw new ToolError(`${params.path} changed since the preview; nothing was written. Run edit_preview again to see the current diff.`);
          }
          // Write beside the file, then rename over it: readers never see half a file.
          const next = join(dirname(file), `.${basename(file)}.edit-preview`);
          writeFileSync(next, readFileSync(staged));
          renameSync(next, file);
          cleanUp();
          return { content: [{ type: "text", text: `Applied the edit to ${params.path}.` }], details: { path: file } };
        },
        async reject() {
          cleanUp();
          return undefined;
        },
      });
      return { content: [{ type: "text", text: diff }], details: { path: file, preview: true } };
    },
  };
};

export default factory;
