import { parsePipeline, describeIssues } from "../pipeline/parsePipeline";
import { runtimeKindOf } from "../pipeline/runtimeSchema";
import { PIPELINE_FORMAT, type Hook, type Pipeline, type PipelineInput } from "../pipeline/schema";
import type { Profile, PythonAuthoring } from "../profiles/types";
import { logicalLines } from "../runtimes/pythonSource";
import { BundleError } from "./errors";
import { ADAPTER_MODULE, moduleNames, PACKAGE, readRegister, REAL_API_MODULES, toRealImports, toStandInImports, registeredHookOf, type RegisteredEntry } from "./fimOnePackage";
import { foreignImports, outlineOf, readHookClasses, type PythonHookClass } from "./pythonHooks";
import { RECORDER_LEFT_OUT } from "./recorderCommand";
import { FIM_RECORDER_MODULE } from "./recorderFimOne";
import type { PluginFiles } from "./types";

/**
 * Reads FIM One hooks written in Python back into a pipeline on the fim-one profile, without
 * running them (docs/fim-one.md "Import"): the package Hookwright exports (`hookwright_hooks/`,
 * zipped or a folder), any folder of `.py` modules, or one `.py` file. Each hook class (a
 * subclass of `PreToolUseHook`, `PostToolUseHook`, `SessionStartHook`, or `Hook` with a
 * `hook_point`, from the stand-in or FIM One's own modules) becomes a Python hook with its
 * `name`, `priority` and point; imports of FIM One's modules become the stand-in's. With the
 * exporter's `register(registry)` and `<name>.pipeline.json`, the pipeline comes back as it was
 * exported (order, priorities, disabled hooks, ids, TypeScript hooks, scenarios), with the
 * modules as they are now.
 */

export interface FimOneImport {
  pipeline: Pipeline;
  warnings: string[];
}

const INIT = `${PACKAGE}/__init__.py`;

function withoutRoot(files: PluginFiles): PluginFiles {
  const paths = [...files.keys()];
  const top = paths[0]?.split("/")[0];
  if (top === undefined || top === PACKAGE || !paths.every((p) => p.startsWith(`${top}/`))) return files;
  return new Map([...files].map(([path, content]) => [path.slice(top.length + 1), content]));
}

/**
 * Whether these files are FIM One Python hooks: Hookwright's package (at the root or in the one
 * top folder), or Python modules at the root with no package.json (which would make them a Vellum plugin).
 */
export function isFimOnePackage(files: PluginFiles): boolean {
  const own = withoutRoot(files);
  if (own.has(INIT)) return true;
  const paths = [...own.keys()];
  return !paths.some((p) => p.endsWith("package.json")) && paths.some((p) => !p.includes("/") && p.endsWith(".py"));
}

function pipelineFile(files: PluginFiles): { path: string; doc: Pipeline } | null {
  const path = [...files.keys()].find((p) => !p.includes("/") && p.endsWith(".pipeline.json"));
  const text = path === undefined ? null : files.get(path);
  if (path === undefined || text === undefined || text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new BundleError("BAD_MANIFEST", `${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = parsePipeline(json);
  if (!parsed.ok) throw new BundleError("INVALID_PIPELINE", `${path}: ${describeIssues(parsed.issues)}`);
  return { path, doc: parsed.value };
}

interface ModuleHook {
  cls: PythonHookClass | null;
  code: string;
  file: string;
}

/** A module's code as the stand-in imports it, and its hook classes (refusing what cannot be read). */
function readModule(file: string, text: string, authoring: PythonAuthoring, warnings: string[]): { code: string; classes: PythonHookClass[] } {
  outlineOf(text, file); // refuses text the reader cannot take apart, naming the file and line
  const code = toStandInImports({ code: text, standIn: authoring.module });
  const outline = outlineOf(code, file);
  const classes = readHookClasses({ source: code, file, authoring, modules: [authoring.module], outline });
  for (const f of foreignImports(outline, [authoring.module])) {
    warnings.push(`${file} line ${f.line} imports ${f.module}: Python hooks in Hookwright may import only the standard library and ${authoring.module}, so it will fail when run here.`);
  }
  return { code, classes };
}

/** The module text without the blocks of `drop` classes (each up to the next top-level statement). */
function withoutClasses(code: string, drop: readonly PythonHookClass[]): string {
  if (drop.length === 0) return code;
  const lines = logicalLines(code);
  const starts = new Set(drop.map((c) => c.line));
  const removed = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (!l || l.indent !== 0 || !starts.has(l.line)) continue;
    const next = lines.slice(i + 1).find((n) => n.indent === 0);
    const end = next ? next.line - 1 : code.split("\n").length;
    for (let n = l.line; n <= end; n++) removed.add(n);
  }
  return code
    .split("\n")
    .filter((_, i) => !removed.has(i + 1))
    .join("\n")
    .replace(/\n{3,}$/, "\n");
}

/** Every hook of one module: one per hook class (the others' blocks left out of each), or the module's `hook` object. */
function hooksOfModule(file: string, text: string, authoring: PythonAuthoring, warnings: string[]): ModuleHook[] {
  const { code, classes } = readModule(file, text, authoring, warnings);
  if (classes.length === 0) {
    if (outlineOf(code, file).assignments.has("hook")) return [{ cls: null, code, file }];
    return [];
  }
  if (classes.length > 1) warnings.push(`${file} defines ${classes.length} hook classes (${classes.map((c) => c.className).join(", ")}): each became a hook with the module's other code.`);
  return classes.map((cls) => ({ cls, file, code: withoutClasses(code, classes.filter((c) => c !== cls)) }));
}

function hookId(base: string, used: Set<string>): string {
  const clean = base.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "") || "hook";
  let id = clean;
  for (let n = 2; used.has(id); n++) id = `${clean}-${n}`;
  used.add(id);
  return id;
}

function build(input: Omit<PipelineInput, "format" | "profile">, profile: Profile): Pipeline {
  const parsed = parsePipeline({ format: PIPELINE_FORMAT, profile: profile.id, ...input });
  if (!parsed.ok) throw new BundleError("INVALID_PIPELINE", `The imported hooks do not make a valid pipeline: ${describeIssues(parsed.issues)}`);
  return parsed.value;
}

function pythonHook(args: { id: string; mh: ModuleHook; enabled: boolean; priority?: number; authoring: PythonAuthoring }): Hook {
  const { mh } = args;
  if (!mh.cls) throw new BundleError("NOT_STATIC", `${mh.file}: its "hook" object cannot be read without running the module (its name, priority and point); write it as a class.`);
  return {
    id: args.id,
    point: mh.cls.point,
    name: mh.cls.name,
    enabled: args.enabled,
    code: mh.code,
    priority: args.priority ?? mh.cls.priority,
    matcher: null,
    runtime: { kind: "python" },
  } as Hook;
}

/**
 * The hooks of Hookwright's package, by its `register(registry)` (order, priority, enabled), with
 * the pipeline file's ids, TypeScript hooks and scenarios when it is there.
 */
function importPackage(files: PluginFiles, profile: Profile, authoring: PythonAuthoring, warnings: string[]): Pipeline {
  const init = files.get(INIT) ?? "";
  const registered = readRegister(init, INIT);
  // Hookwright's recorder is an export option, not a hook (recorderFimOne.ts).
  const entries = registered?.filter((e) => e.module !== FIM_RECORDER_MODULE) ?? null;
  if (registered && entries && entries.length < registered.length) warnings.push(RECORDER_LEFT_OUT);
  const saved = pipelineFile(files);
  const modules = new Map<string, string>();
  for (const [path, text] of files) {
    const m = new RegExp(`^${PACKAGE}/([A-Za-z_]\\w*)\\.py$`).exec(path);
    if (!m || m[1] === "__init__" || m[1] === ADAPTER_MODULE || m[1] === FIM_RECORDER_MODULE) continue;
    if (text === null) throw new BundleError("NOT_TEXT", `${path} is not UTF-8 text.`);
    modules.set(m[1] ?? "", text);
  }
  const ordered: RegisteredEntry[] = entries ?? [...modules.keys()].sort().map((module) => ({ module, className: null, priority: Number.NaN, enabled: true, line: 0 }));
  if (!entries) warnings.push(`${INIT} has no register(registry); every module's hooks were imported, enabled, in the order of the files.`);

  // The exported pipeline's Python hooks, by the module each was written to.
  const savedPython = saved ? saved.doc.hooks.filter((h) => runtimeKindOf(h) === "python") : [];
  const byModule = new Map([...moduleNames(savedPython)].map(([id, module]) => [module, savedPython.find((h) => h.id === id)]));
  const used = new Set(saved?.doc.hooks.filter((h) => runtimeKindOf(h) !== "python").map((h) => h.id) ?? []);
  const imported: Hook[] = [];
  const seen = new Set<string>();
  for (const entry of ordered) {
    const file = `${PACKAGE}/${entry.module}.py`;
    const text = modules.get(entry.module);
    if (text === undefined) throw new BundleError("MISSING_MODULE", `${INIT} line ${entry.line} registers ${entry.module}, which is not in the package (${file}).`);
    seen.add(entry.module);
    const before = byModule.get(entry.module);
    // An untouched module is the exported hook's code exactly (the stand-in's imports as written).
    if (before && exportedText(before, file, authoring) === text && (entry.className === null || registeredHookOf({ hook: before, file, authoring }).kind === "class")) {
      used.add(before.id);
      // A hook without a priority is registered at 0 (FIM One's Hook default): that is no change.
      const priority = Number.isNaN(entry.priority) || entry.priority === (before.priority ?? 0) ? before.priority : entry.priority;
      imported.push({ ...before, enabled: entry.enabled, priority });
      continue;
    }
    const found = hooksOfModule(file, text, authoring, warnings);
    const chosen = entry.className ? found.filter((h) => h.cls?.className === entry.className) : found;
    if (chosen.length === 0) {
      throw new BundleError("NOT_STATIC", `${entry.line > 0 ? `${INIT} line ${entry.line}: ` : ""}${file} defines no hook class${entry.className ? ` ${entry.className}` : ""} Hookwright can read.`);
    }
    for (const mh of chosen) {
      const id = before && !used.has(before.id) ? before.id : hookId(mh.cls?.name ?? entry.module, used);
      used.add(id);
      imported.push(pythonHook({ id, mh, enabled: entry.enabled, priority: Number.isNaN(entry.priority) ? undefined : entry.priority, authoring }));
    }
  }
  for (const module of [...modules.keys()].sort()) {
    if (!seen.has(module)) warnings.push(`${PACKAGE}/${module}.py is not registered by ${INIT}: skipped.`);
  }

  if (!saved) return build({ name: "FIM One hooks", hooks: imported }, profile);
  // TypeScript hooks keep their place among the Python ones: each after the Python hook it followed.
  const hooks: Hook[] = [];
  const pending = [...imported];
  for (const h of saved.doc.hooks) {
    if (runtimeKindOf(h) !== "python") hooks.push(h);
    else if (pending.length > 0) hooks.push(pending.shift() as Hook);
  }
  hooks.push(...pending);
  return build({ ...saved.doc, hooks }, profile);
}

function exportedText(hook: Hook, file: string, authoring: PythonAuthoring): string | null {
  try {
    const registered = registeredHookOf({ hook, file, authoring });
    return toRealImports({ code: hook.code, file, standIn: authoring.module, subclassesPlainHook: registered.kind === "class" && registered.cls.plain });
  } catch {
    return null;
  }
}

/**
 * Reads FIM One Python hooks (Hookwright's package, or a folder or zip of `.py` modules) into a pipeline.
 *
 * @throws {BundleError} NOT_STATIC for a class, `register` line or import that cannot be read without running it (naming the file and line); NO_HOOKS when there are no hook classes
 */
export function importFimOne(input: PluginFiles, options: { profile: Profile }): FimOneImport {
  const { profile } = options;
  const authoring = profile.pythonAuthoring;
  if (!authoring) throw new BundleError("WRONG_PROFILE", `The ${profile.name} profile has no Python hooks.`);
  const files = withoutRoot(input);
  const warnings: string[] = [];
  if (files.has(INIT)) return { pipeline: importPackage(files, profile, authoring, warnings), warnings };
  const used = new Set<string>();
  const hooks: Hook[] = [];
  for (const [path, text] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    if (!path.endsWith(".py") || text === null) continue;
    for (const mh of hooksOfModule(path, text, authoring, warnings)) {
      if (!mh.cls) continue;
      hooks.push(pythonHook({ id: hookId(mh.cls.name, used), mh, enabled: true, authoring }));
    }
  }
  if (hooks.length === 0) throw new BundleError("NO_HOOKS", `No FIM One hook classes found: a hook is a class deriving from ${[...Object.keys(authoring.pointBases), authoring.plainBase].join(", ")} (imported from ${authoring.module} or ${REAL_API_MODULES.slice(0, 2).join(" / ")}) with execute.`);
  return { pipeline: build({ name: "FIM One hooks", hooks }, profile), warnings };
}

/**
 * One `.py` file of FIM One hooks as a pipeline named after the file.
 *
 * @throws {BundleError} as {@link importFimOne}
 */
export function importFimOnePythonFile(args: { fileName: string; text: string; profile: Profile }): FimOneImport {
  const base = args.fileName.replace(/^.*[\\/]/, "");
  const result = importFimOne(new Map([[base, args.text]]), { profile: args.profile });
  return { ...result, pipeline: { ...result.pipeline, name: base.replace(/\.py$/, "") || result.pipeline.name } };
}
