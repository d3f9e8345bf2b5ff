// node:os: facts about the machine and user from the host (/proc and the password database),
// and the errno/signal constants of this platform.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { errorTables } from "omp:/node-internal/errors";

import { core, primordials } from "omp:/host/core";

const {
  ArrayPrototypePush,
  MapPrototypeSet,
  MathRound,
  Number,
  RegExpPrototypeExec,
  SafeMap,
  StringPrototypeEndsWith,
  StringPrototypeSlice,
  StringPrototypeTrim,
  TypedArrayPrototypeGetBuffer,
  Uint16Array,
  Uint8Array,
} = primordials;
const info = () => core.ops.op_node_os_info();

export const EOL = "\n";
export const devNull = "/dev/null";

export function homedir() {
  return globalThis.process.env.HOME || core.ops.op_node_os_user_info().homedir;
}

export function tmpdir() {
  const dir = globalThis.process.env.TMPDIR || globalThis.process.env.TMP || globalThis.process.env.TEMP || "/tmp";
  return dir.length > 1 && StringPrototypeEndsWith(dir, "/") ? StringPrototypeSlice(dir, 0, -1) : dir;
}

export function platform() {
  return globalThis.process.platform;
}

export function type() {
  return { linux: "Linux", darwin: "Darwin", freebsd: "FreeBSD", openbsd: "OpenBSD", netbsd: "NetBSD", win32: "Windows_NT" }[platform()] ?? platform();
}

export function arch() {
  return globalThis.process.arch;
}

export function machine() {
  return { x64: "x86_64", arm64: "aarch64", ia32: "i686" }[arch()] ?? arch();
}

export function release() {
  return info().release;
}

export function version() {
  try {
    return StringPrototypeTrim(core.ops.op_node_os_proc_text("version"));
  } catch {
    return "";
  }
}

export function hostname() {
  return info().hostname;
}

/** One entry per CPU the host may use (model and speed from /proc/cpuinfo when readable). */
export function cpus() {
  const count = info().cpuCount;
  let model = "unknown";
  let speed = 0;
  try {
    const text = core.ops.op_node_os_proc_text("cpuinfo");
    model = RegExpPrototypeExec(/^model name\s*:\s*(.*)$/m, text)?.[1] ?? model;
    speed = MathRound(Number(RegExpPrototypeExec(/^cpu MHz\s*:\s*([\d.]+)$/m, text)?.[1] ?? 0));
  } catch {}
  const out = [];
  for (let i = 0; i < count; i++) ArrayPrototypePush(out, { model, speed, times: { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 } });
  return out;
}

export function availableParallelism() {
  return info().cpuCount;
}

export function totalmem() {
  return info().totalMemory;
}

export function freemem() {
  return info().freeMemory;
}

export function uptime() {
  return info().uptime;
}

export function loadavg() {
  return info().loadAverage;
}

export function endianness() {
  const probe = new Uint16Array(1);
  probe[0] = 1;
  return new Uint8Array(TypedArrayPrototypeGetBuffer(probe))[0] === 1 ? "LE" : "BE";
}

export function userInfo(options = {}) {
  const user = core.ops.op_node_os_user_info();
  const result = { uid: user.uid, gid: user.gid, username: user.username, homedir: user.homedir, shell: user.shell ?? null };
  if (options?.encoding === "buffer") {
    const keys = ["username", "homedir", "shell"];
    for (let i = 0; i < keys.length; i++) if (typeof result[keys[i]] === "string") result[keys[i]] = new TextEncoder().encode(result[keys[i]]);
  }
  return result;
}

/** The host does not enumerate network interfaces; tools get an empty map. */
export function networkInterfaces() {
  return {};
}

export function getPriority() {
  return 0;
}

export function setPriority() {}

const priority = { PRIORITY_LOW: 19, PRIORITY_BELOW_NORMAL: 10, PRIORITY_NORMAL: 0, PRIORITY_ABOVE_NORMAL: -7, PRIORITY_HIGH: -14, PRIORITY_HIGHEST: -20 };

export const constants = {
  get errno() {
    return { ...errorTables().errno };
  },
  get signals() {
    return { ...errorTables().signals };
  },
  priority,
  UV_UDP_REUSEADDR: 4,
  dlopen: { RTLD_LAZY: 1, RTLD_NOW: 2, RTLD_GLOBAL: 256, RTLD_LOCAL: 0 },
};

const osModule = {
  EOL, devNull, homedir, tmpdir, platform, type, arch, machine, release, version, hostname, cpus, availableParallelism,
  totalmem, freemem, uptime, loadavg, endianness, userInfo, networkInterfaces, getPriority, setPriority, constants,
};
export default osModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "os", osModule);
