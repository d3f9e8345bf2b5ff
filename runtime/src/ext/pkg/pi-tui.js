// Host copy of `@mariozechner/pi-tui` / `@oh-my-pi/pi-tui`: the components tools build in
// `renderCall`/`renderResult` (Text, Container, Markdown, Spacer). The host has no terminal
// UI, so they only keep their content and render it as plain lines.

export class Text {
  constructor(text = "", paddingX = 0, paddingY = 0) {
    this.text = String(text);
    this.paddingX = paddingX;
    this.paddingY = paddingY;
  }
  setText(text) {
    this.text = String(text);
  }
  render(width = 80) {
    const pad = " ".repeat(this.paddingX);
    const blank = Array.from({ length: this.paddingY }, () => "");
    return [...blank, ...this.text.split("\n").map((l) => (pad + l).slice(0, Math.max(width, 1))), ...blank];
  }
  invalidate() {}
}

export class Spacer {
  constructor(lines = 1) {
    this.lines = lines;
  }
  render() {
    return Array.from({ length: this.lines }, () => "");
  }
  invalidate() {}
}

export class Container {
  constructor() {
    this.children = [];
  }
  addChild(child) {
    this.children.push(child);
  }
  removeChild(child) {
    this.children = this.children.filter((c) => c !== child);
  }
  clear() {
    this.children = [];
  }
  render(width = 80) {
    return this.children.flatMap((c) => (typeof c?.render === "function" ? c.render(width) : []));
  }
  invalidate() {}
}

export class Markdown {
  constructor(text = "", paddingX = 0, paddingY = 0, theme = undefined) {
    this.text = String(text);
    this.paddingX = paddingX;
    this.paddingY = paddingY;
    this.theme = theme;
  }
  setText(text) {
    this.text = String(text);
  }
  render(width = 80) {
    return new Text(this.text, this.paddingX, this.paddingY).render(width);
  }
  invalidate() {}
}

export function visibleWidth(text) {
  return String(text).replace(/\x1b\[[0-9;]*m/g, "").length;
}

export function truncateToWidth(text, width, ellipsis = "…") {
  const plain = String(text);
  return visibleWidth(plain) <= width ? plain : plain.slice(0, Math.max(0, width - ellipsis.length)) + ellipsis;
}

export default { Text, Spacer, Container, Markdown, visibleWidth, truncateToWidth };
