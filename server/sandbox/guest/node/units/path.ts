import type { UnitEnv } from "../unitEnv";

/**
 * Guest unit `path`: Node's POSIX `path` (the simulated host is Linux), written after Node's
 * lib/path.js. `resolve` starts from `process.cwd()`, the plugin's directory.
 */

function assertPath(value: unknown, name = "path"): asserts value is string {
  if (typeof value !== "string") {
    const e = new TypeError(`The "${name}" argument must be of type string. Received ${value === null ? "null" : typeof value}`);
    throw Object.assign(e, { code: "ERR_INVALID_ARG_TYPE" });
  }
}

/** Resolves `.` and `..` in a path without a leading slash (Node's normalizeString). */
function normalizeString(path: string, allowAboveRoot: boolean): string {
  let res = "";
  let lastSegmentLength = 0;
  let lastSlash = -1;
  let dots = 0;
  let code = 0;
  for (let i = 0; i <= path.length; ++i) {
    if (i < path.length) code = path.charCodeAt(i);
    else if (code === 47) break;
    else code = 47;
    if (code === 47) {
      if (lastSlash === i - 1 || dots === 1) {
        // nothing
      } else if (dots === 2) {
        if (res.length < 2 || lastSegmentLength !== 2 || !res.endsWith("..")) {
          if (res.length > 2) {
            const lastSlashIndex = res.lastIndexOf("/");
            if (lastSlashIndex === -1) {
              res = "";
              lastSegmentLength = 0;
            } else {
              res = res.slice(0, lastSlashIndex);
              lastSegmentLength = res.length - 1 - res.lastIndexOf("/");
            }
            lastSlash = i;
            dots = 0;
            continue;
          } else if (res.length !== 0) {
            res = "";
            lastSegmentLength = 0;
            lastSlash = i;
            dots = 0;
            continue;
          }
        }
        if (allowAboveRoot) {
          res += res.length > 0 ? "/.." : "..";
          lastSegmentLength = 2;
        }
      } else {
        if (res.length > 0) res += `/${path.slice(lastSlash + 1, i)}`;
        else res = path.slice(lastSlash + 1, i);
        lastSegmentLength = i - lastSlash - 1;
      }
      lastSlash = i;
      dots = 0;
    } else if (code === 46 && dots !== -1) ++dots;
    else dots = -1;
  }
  return res;
}

export function createPath(cwd: () => string) {
  const path = {
    sep: "/",
    delimiter: ":",
    resolve(...args: string[]): string {
      let resolved = "";
      let absolute = false;
      for (let i = args.length - 1; i >= -1 && !absolute; i--) {
        const p = i >= 0 ? args[i] : cwd();
        assertPath(p, `paths[${i}]`);
        if (p.length === 0) continue;
        resolved = `${p}/${resolved}`;
        absolute = p.charCodeAt(0) === 47;
      }
      resolved = normalizeString(resolved, !absolute);
      if (absolute) return `/${resolved}`;
      return resolved.length > 0 ? resolved : ".";
    },
    normalize(p: string): string {
      assertPath(p);
      if (p.length === 0) return ".";
      const absolute = p.charCodeAt(0) === 47;
      const trailing = p.charCodeAt(p.length - 1) === 47;
      let out = normalizeString(p, !absolute);
      if (out.length === 0) {
        if (absolute) return "/";
        return trailing ? "./" : ".";
      }
      if (trailing) out += "/";
      return absolute ? `/${out}` : out;
    },
    isAbsolute(p: string): boolean {
      assertPath(p);
      return p.length > 0 && p.charCodeAt(0) === 47;
    },
    join(...args: string[]): string {
      if (args.length === 0) return ".";
      const parts: string[] = [];
      for (const a of args) {
        assertPath(a);
        if (a.length > 0) parts.push(a);
      }
      return parts.length === 0 ? "." : path.normalize(parts.join("/"));
    },
    relative(from: string, to: string): string {
      assertPath(from, "from");
      assertPath(to, "to");
      if (from === to) return "";
      const f = path.resolve(from).split("/").filter(Boolean);
      const t = path.resolve(to).split("/").filter(Boolean);
      let i = 0;
      while (i < f.length && i < t.length && f[i] === t[i]) i++;
      return [...f.slice(i).map(() => ".."), ...t.slice(i)].join("/");
    },
    toNamespacedPath: (p: string) => p,
    dirname(p: string): string {
      assertPath(p);
      if (p.length === 0) return ".";
      const hasRoot = p.charCodeAt(0) === 47;
      let end = -1;
      let matchedSlash = true;
      for (let i = p.length - 1; i >= 1; --i) {
        if (p.charCodeAt(i) === 47) {
          if (!matchedSlash) {
            end = i;
            break;
          }
        } else matchedSlash = false;
      }
      if (end === -1) return hasRoot ? "/" : ".";
      if (hasRoot && end === 1) return "//";
      return p.slice(0, end);
    },
    basename(p: string, suffix?: string): string {
      assertPath(p);
      if (suffix !== undefined) assertPath(suffix, "suffix");
      let end = p.length;
      while (end > 0 && p.charCodeAt(end - 1) === 47) end--;
      if (end === 0) return "";
      const start = p.lastIndexOf("/", end - 1) + 1;
      const base = p.slice(start, end);
      if (suffix !== undefined && suffix.length > 0 && suffix !== base && base.endsWith(suffix)) return base.slice(0, base.length - suffix.length);
      return base;
    },
    extname(p: string): string {
      assertPath(p);
      const base = path.basename(p);
      const dot = base.lastIndexOf(".");
      if (dot <= 0 || (dot === 1 && base === "..")) return "";
      // "file." has the extension "."; "..." has none beyond its leading dots.
      if (/^\.+$/.test(base)) return "";
      return base.slice(dot);
    },
    format(o: { root?: string; dir?: string; base?: string; name?: string; ext?: string }): string {
      if (o === null || typeof o !== "object") throw new TypeError('The "pathObject" argument must be of type object');
      const dir = o.dir || o.root;
      const ext = o.ext ? (o.ext.startsWith(".") ? o.ext : `.${o.ext}`) : "";
      const base = o.base || `${o.name ?? ""}${ext}`;
      if (!dir) return base;
      return dir === o.root ? `${dir}${base}` : `${dir}/${base}`;
    },
    parse(p: string): { root: string; dir: string; base: string; ext: string; name: string } {
      assertPath(p);
      const out = { root: "", dir: "", base: "", ext: "", name: "" };
      if (p.length === 0) return out;
      const absolute = p.charCodeAt(0) === 47;
      if (absolute) out.root = "/";
      let end = p.length;
      while (end > 1 && p.charCodeAt(end - 1) === 47) end--;
      const trimmed = p.slice(0, end);
      const base = path.basename(trimmed);
      if (base === "") return { ...out, dir: absolute ? "/" : "" };
      out.base = base;
      out.ext = path.extname(base);
      out.name = out.ext ? base.slice(0, base.length - out.ext.length) : base;
      const slash = trimmed.length - base.length - 1;
      out.dir = slash > 0 ? trimmed.slice(0, slash) : absolute ? "/" : "";
      return out;
    },
    matchesGlob: undefined as unknown,
    posix: undefined as unknown,
  };
  delete (path as { matchesGlob?: unknown }).matchesGlob;
  path.posix = path;
  return path;
}

export function create(env: UnitEnv): Record<string, unknown> {
  return createPath(() => String(env.unit<{ cwd(): string }>("process").cwd()));
}
