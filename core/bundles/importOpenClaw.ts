import { describeIssues, parsePipeline } from "../pipeline/parsePipeline";
import { PIPELINE_FORMAT, type Hook, type Pipeline, type PipelineInput } from "../pipeline/schema";
import type { Profile } from "../profiles/types";
import { BundleError } from "./errors";
import { singleRootFolder } from "./paths";
import { settingsWithDependencies } from "./readManifest";
import { OPENCLAW_RECORDER_CALL, OPENCLAW_RECORDER_FILE } from "./recorderOpenClaw";
import type { PluginFiles } from "./types";

/**
 * Reads an OpenClaw plugin (semantics.md §2d) into a new pipeline on the openclaw profile,
 * without running it: `openclaw.plugin.json` gives the id, name and description; the entry
 * (package.json `openclaw.extensions[0]`, else `index.ts`) is read line by line. Its `register`
 * body may only hold `api.on("<hook>", <imported handler>, { priority, timeoutMs, matcher })`
 * calls (each becomes a hook, in that order, with those options); anything else in it would
 * need the plugin to run to be understood, and is refused naming its line. Handlers must be
 * default imports of the plugin's own files; every other text file becomes a shared module.
 */

export interface OpenClawImport {
  pipeline: Pipeline;
  warnings: string[];
}

const MANIFEST = "openclaw.plugin.json";

function withoutRoot(files: PluginFiles): PluginFiles {
  if (files.has(MANIFEST)) return files;
  const root = singleRootFolder(files.keys());
  if (root === "" || !files.has(`${root}/${MANIFEST}`)) return files;
  return new Map([...files].map(([path, content]) => [path.slice(root.length + 1), content]));
}

/** Whether these files are an OpenClaw plugin (its manifest at the root, or in the one top folder). */
export function isOpenClawPlugin(files: PluginFiles): boolean {
  return withoutRoot(files).has(MANIFEST);
}

function readJson(files: PluginFiles, path: string): Record<string, unknown> | null {
  const text = files.get(path);
  if (text === undefined || text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch (error) {
    throw new BundleError("BAD_MANIFEST", `${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** `./hooks/x.ts` relative to the entry's folder, as a plugin path. */
function resolveFrom(entry: string, specifier: string): string {
  const parts = entry.split("/").slice(0, -1);
  for (const part of specifier.split("/")) {
    if (part === "." || part === "") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return parts.join("/");
}

function findFile(files: PluginFiles, path: string): string | null {
  for (const candidate of [path, `${path}.ts`, `${path}.js`, path.replace(/\.js$/, ".ts")]) if (files.has(candidate)) return candidate;
  return null;
}

const IMPORT = /^import\s+([A-Za-z_$][\w$]*)\s+from\s+["']([^"']+)["'];?\s*$/;
const ON = /^api\.on\(\s*["']([a-z_]+)["']\s*,\s*([A-Za-z_$][\w$]*)\s*(?:,\s*\{(.*)\})?\s*\)\s*;?\s*(?:\/\/\s*(.*))?$/;

function parseOptions(text: string, line: number, entry: string): { priority?: number; timeoutMs?: number; matcher?: string[] } {
  const out: { priority?: number; timeoutMs?: number; matcher?: string[] } = {};
  let rest = text.trim();
  while (rest !== "") {
    const m = /^([A-Za-z]+)\s*:\s*(-?\d+(?:\.\d+)?|\[[^\]]*\])\s*(?:,\s*)?/.exec(rest);
    if (!m) throw new BundleError("NOT_STATIC", `${entry} line ${line}: the options "{${text}}" are not plain literals Hookwright can read (priority, timeoutMs, matcher).`);
    const [whole, key, value] = m as unknown as [string, string, string];
    if (key === "priority" || key === "timeoutMs") {
      if (value.startsWith("[")) throw new BundleError("NOT_STATIC", `${entry} line ${line}: ${key} must be a number.`);
      out[key] = Number(value);
    } else if (key === "matcher") {
      let list: unknown;
      try {
        list = JSON.parse(value.replace(/'/g, '"'));
      } catch {
        list = null;
      }
      if (!Array.isArray(list) || !list.every((x) => typeof x === "string")) throw new BundleError("NOT_STATIC", `${entry} line ${line}: matcher must be a list of tool ids in quotes.`);
      out.matcher = list;
    } else throw new BundleError("NOT_STATIC", `${entry} line ${line}: the option "${key}" is not one Hookwright models (priority, timeoutMs, matcher).`);
    rest = rest.slice(whole.length);
  }
  return out;
}

export function importOpenClawPlugin(input: PluginFiles, options: { profile: Profile }): OpenClawImport {
  const files = withoutRoot(input);
  const { profile } = options;
  const manifest = readJson(files, MANIFEST);
  if (!manifest) throw new BundleError("NO_MANIFEST", `The plugin has no ${MANIFEST} at its root (OpenClaw requires one).`);
  const id = typeof manifest.id === "string" && manifest.id !== "" ? manifest.id : null;
  if (!id) throw new BundleError("BAD_MANIFEST", `${MANIFEST} needs an "id" (a string).`);
  const pkg = readJson(files, "package.json");
  const extensions = (pkg?.openclaw as { extensions?: unknown } | undefined)?.extensions;
  const entry = Array.isArray(extensions) && typeof extensions[0] === "string" ? extensions[0].replace(/^\.\//, "") : "index.ts";
  const source = files.get(entry);
  if (source === undefined || source === null) throw new BundleError("NO_MANIFEST", `The plugin's entry ${entry} is missing.`);

  const lines = source.split(/\r?\n/);
  const handlers = new Map<string, string>();
  const hooks: Hook[] = [];
  const used = new Set<string>([MANIFEST, "package.json", entry, "README.md"]);
  const points = new Set(profile.points.map((p) => p.id));
  const warnings: string[] = [];
  let inRegister = false;
  let registerSeen = false;
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const text = (lines[i] ?? "").trim();
    if (!inRegister) {
      const imported = IMPORT.exec(text);
      if (imported) {
        const [, name, spec] = imported as unknown as [string, string, string];
        if (spec.startsWith(".")) {
          const path = findFile(files, resolveFrom(entry, spec));
          if (!path) throw new BundleError("MISSING_MODULE", `${entry} line ${n} imports ${spec}, which is not in the plugin.`);
          handlers.set(name, path);
        }
        continue;
      }
      if (/^register\s*\(\s*api\s*\)\s*\{$/.test(text)) {
        inRegister = true;
        registerSeen = true;
      } else if (/\bregister\s*[(:]/.test(text)) {
        throw new BundleError("NOT_STATIC", `${entry} line ${n}: "${text.slice(0, 80)}" cannot be read without running the plugin; Hookwright reads a "register(api) {" line followed by one api.on(…) call per line.`);
      }
      continue;
    }
    if (text === "" || text.startsWith("//")) continue;
    if (/^\},?$/.test(text)) {
      inRegister = false;
      continue;
    }
    // Hookwright's recorder is an export option, not a hook: its line and module are left out.
    if (text === OPENCLAW_RECORDER_CALL) {
      used.add(OPENCLAW_RECORDER_FILE);
      warnings.push(`Hookwright's recorder (${entry} line ${n}) is left out: it is an export option ("Add a recorder"), not a hook.`);
      continue;
    }
    const on = ON.exec(text);
    if (!on) throw new BundleError("NOT_STATIC", `${entry} line ${n}: "${text.slice(0, 80)}" cannot be read without running the plugin; Hookwright reads register() bodies made of api.on("<hook>", <imported handler>, { priority, timeoutMs, matcher }) calls, one per line.`);
    const [, point, handler, optionText, comment] = on as unknown as [string, string, string, string | undefined, string | undefined];
    if (!points.has(point)) throw new BundleError("UNKNOWN_POINT", `${entry} line ${n}: "${point}" is not a hook OpenClaw runs (the host would ignore it with a warning).`);
    const file = handlers.get(handler);
    if (!file) throw new BundleError("NOT_STATIC", `${entry} line ${n}: the handler ${handler} is not a default import of one of the plugin's files.`);
    const code = files.get(file);
    if (code === null || code === undefined) throw new BundleError("NOT_TEXT", `${file} is not a text file.`);
    const opts = optionText !== undefined ? parseOptions(optionText, n, entry) : {};
    const base = file.replace(/^.*\//, "").replace(/\.(ts|js)$/, "");
    let hookId = base;
    for (let k = 2; hooks.some((h) => h.id === hookId); k++) hookId = `${base}-${k}`;
    hooks.push({
      id: hookId,
      point,
      name: comment?.trim() || base,
      enabled: true,
      code,
      priority: opts.priority ?? null,
      matcher: opts.matcher ?? null,
      ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    } as Hook);
    used.add(file);
  }
  if (!registerSeen) throw new BundleError("NOT_STATIC", `${entry} has no "register(api) {" line Hookwright can read; it expects definePluginEntry({ …, register(api) { api.on(…) } }).`);
  if (hooks.length === 0) throw new BundleError("NO_HOOKS", `${entry} registers no hooks (no api.on calls in register).`);
  const modules = [...files.entries()]
    .filter(([path, content]) => !used.has(path) && content !== null && /\.(ts|js|mjs|cjs|json)$/.test(path) && !path.startsWith("node_modules/"))
    .map(([path, code]) => ({ path, code: code as string }));
  for (const [path, content] of files) if (content === null) warnings.push(`${path} is skipped: it is not a text file.`);
  const doc: PipelineInput = {
    format: PIPELINE_FORMAT,
    name: typeof manifest.name === "string" && manifest.name.trim() !== "" ? manifest.name : id,
    description: typeof manifest.description === "string" ? manifest.description : "",
    profile: profile.id,
    hooks,
    modules,
    scenarios: [],
    ...(pkg ? settingsWithDependencies(JSON.stringify(pkg)) : {}),
  };
  const parsed = parsePipeline(doc);
  if (!parsed.ok) throw new BundleError("INVALID_PIPELINE", `The plugin does not make a valid pipeline:\n${describeIssues(parsed.issues)}`);
  return { pipeline: parsed.value, warnings };
}
