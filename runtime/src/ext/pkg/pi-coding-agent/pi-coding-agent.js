// Host copy of the `@mariozechner/pi-coding-agent` / `@oh-my-pi/pi-coding-agent` barrel,
// reduced to the members real tools touch (compat-surface.md): TUI components, the markdown
// theme, logger, agent dir, settings, version, and `StringEnum` (omp dropped it from `pi.pi`
// in 15.1.3, which broke the tools that still call `pi.pi.StringEnum`; the host keeps it).
// Members it lacks are simply undefined.
import { Text, Container, Markdown, Spacer } from "omp:/pkg/pi-tui";
import { logger } from "omp:/pkg/pi-utils";
import { StringEnum } from "omp:/typebox";

export { Text, Container, Markdown, Spacer, logger, StringEnum };

import { core } from "omp:/host/core";
const info = core.ops.op_host_info();

export const VERSION = info.version;

const identity = (text) => String(text);
/** A theme whose colour functions return text unchanged (the host renders no colours). */
export const theme = {
  fg: (_color, text) => String(text),
  bg: (_color, text) => String(text),
  bold: identity,
  italic: identity,
  underline: identity,
  dim: identity,
  strikethrough: identity,
};

export function getMarkdownTheme() {
  return {
    heading: identity,
    link: identity,
    linkUrl: identity,
    code: identity,
    codeBlock: identity,
    codeBlockBorder: identity,
    quote: identity,
    quoteBorder: identity,
    hr: identity,
    listBullet: identity,
    bold: identity,
    italic: identity,
    strikethrough: identity,
    underline: identity,
  };
}

export function getAgentDir() {
  return core.ops.op_host_info().agentDir;
}

export const settings = {
  get: () => undefined,
  getAll: () => ({}),
};

export default { Text, Container, Markdown, Spacer, logger, StringEnum, VERSION, theme, getMarkdownTheme, getAgentDir, settings };
