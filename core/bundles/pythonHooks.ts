import { PYTHON_STDLIB_MODULES } from "../runtimes/pythonStdlib";
import { PythonSourceError, readPythonOutline, type PythonClass, type PythonOutline } from "../runtimes/pythonSource";
import type { PythonAuthoring } from "../profiles/types";
import { BundleError } from "./errors";

/**
 * What a Python hook module declares, read statically (core/runtimes/pythonSource.ts): its hook
 * class (a subclass of one of the host's hook bases, directly or through a class of the same
 * module, that defines `execute`), or a top-level `hook = …` object, with the class's literal
 * `name`, `priority` and point. The exporter registers what this finds; the importer turns each
 * class into a hook. Anything that cannot be read without running the module is refused with
 * the file and line.
 */

export interface PythonHookClass {
  className: string;
  line: number;
  /** The class's `name` (the host's default when it sets none). */
  name: string;
  priority: number;
  point: string;
  /** Whether the point comes from the plain base (`Hook`, with `hook_point`), not a point's own base. */
  plain: boolean;
}

/** The names a module binds to the host's API (`from fim_one_hooks import PreToolUseHook as Pre`), by local name. */
function apiNames(outline: PythonOutline, modules: readonly string[]): { local: Map<string, string>; moduleAliases: Set<string> } {
  const local = new Map<string, string>();
  const moduleAliases = new Set<string>();
  for (const imp of outline.imports) {
    if (imp.indent !== 0 || !modules.includes(imp.module)) continue;
    if (imp.from) for (const n of imp.names) local.set(n.alias ?? n.name, n.name);
    else for (const n of imp.names) moduleAliases.add(n.alias ?? n.name);
  }
  return { local, moduleAliases };
}

function fail(file: string, line: number, message: string): never {
  throw new BundleError("NOT_STATIC", `${file} line ${line}: ${message}`);
}

/**
 * The outline of `source`, refusing text the reader cannot take apart.
 *
 * @throws {BundleError} NOT_STATIC naming `file` and the line
 */
export function outlineOf(source: string, file: string): PythonOutline {
  try {
    return readPythonOutline(source);
  } catch (error) {
    if (error instanceof PythonSourceError) fail(file, error.line, error.message.replace(/^line \d+: /, ""));
    throw error;
  }
}

/**
 * The hook classes of a Python module, in source order.
 *
 * @param args.modules the module names the host's API may be imported from (the stand-in, and on import the host's real modules)
 * @throws {BundleError} NOT_STATIC for a `name`, `priority` or `hook_point` that is not a literal, a plain hook without
 *   `hook_point`, or a hook class without `execute`, naming `file` and the line
 */
export function readHookClasses(args: { source: string; file: string; authoring: PythonAuthoring; modules: readonly string[]; outline?: PythonOutline }): PythonHookClass[] {
  const { file, authoring } = args;
  const outline = args.outline ?? outlineOf(args.source, file);
  const { local, moduleAliases } = apiNames(outline, args.modules);
  const byName = new Map(outline.classes.map((c) => [c.name, c]));
  const apiBase = (base: string): string | null => {
    const dot = base.lastIndexOf(".");
    if (dot > 0) return moduleAliases.has(base.slice(0, dot)) ? base.slice(dot + 1) : null;
    return local.get(base) ?? null;
  };
  const isApiBase = (name: string) => name === authoring.plainBase || name in authoring.pointBases;

  /** The host base a class derives from, and the same-module classes on the way, nearest first. */
  const lineage = (cls: PythonClass, seen: Set<string>): { base: string; chain: PythonClass[] } | null => {
    for (const b of cls.bases) {
      const api = apiBase(b);
      if (api && isApiBase(api)) return { base: api, chain: [cls] };
      const parent = byName.get(b);
      if (parent && parent.line < cls.line && !seen.has(parent.name)) {
        const found = lineage(parent, new Set([...seen, parent.name]));
        if (found) return { base: found.base, chain: [cls, ...found.chain] };
      }
    }
    return null;
  };
  const attribute = (chain: PythonClass[], key: string) => {
    for (const c of chain) {
      const a = c.attributes.get(key);
      if (a) return a;
    }
    return null;
  };

  const parents = new Set(outline.classes.flatMap((c) => c.bases));
  const hooks: PythonHookClass[] = [];
  for (const cls of outline.classes) {
    const found = lineage(cls, new Set([cls.name]));
    if (!found) continue;
    const { base, chain } = found;
    if (!chain.some((c) => c.methods.has("execute"))) {
      if (parents.has(cls.name)) continue; // a shared base of other hooks
      fail(file, cls.line, `class ${cls.name} derives from ${base} but defines no execute(self, context); a hook needs one.`);
    }
    const plain = !(base in authoring.pointBases);
    const name = attribute(chain, "name");
    if (name && name.value.kind !== "string") fail(file, name.line, `the name of ${cls.name} is not a string literal Hookwright can read without running the module; write name = "…".`);
    const priority = attribute(chain, "priority");
    if (priority && priority.value.kind !== "int") fail(file, priority.line, `the priority of ${cls.name} is not an integer literal Hookwright can read without running the module; write priority = <number>.`);
    const hookPoint = attribute(chain, "hook_point");
    let point = authoring.pointBases[base] ?? null;
    if (hookPoint) {
      const member = hookPoint.value.kind === "name" ? stripModule(hookPoint.value.value, moduleAliases) : null;
      const fromMember = member ? (authoring.pointMembers[member] ?? null) : null;
      if (!fromMember) fail(file, hookPoint.line, `the hook_point of ${cls.name} is not one of ${Object.keys(authoring.pointMembers).join(", ")}.`);
      point = fromMember;
    }
    point ??= authoring.defaults.plainPoint;
    hooks.push({
      className: cls.name,
      line: cls.line,
      name: name?.value.kind === "string" ? name.value.value : authoring.defaults.name,
      priority: priority?.value.kind === "int" ? priority.value.value : plain ? authoring.defaults.plainPriority : authoring.defaults.classPriority,
      point,
      plain,
    });
  }
  return hooks;
}

function stripModule(value: string, aliases: ReadonlySet<string>): string {
  const dot = value.indexOf(".");
  return dot > 0 && aliases.has(value.slice(0, dot)) ? value.slice(dot + 1) : value;
}

/** Top-level modules `outline` imports that are neither the standard library nor one of `allowed` (with their lines). */
export function foreignImports(outline: PythonOutline, allowed: readonly string[]): { module: string; line: number }[] {
  const out: { module: string; line: number }[] = [];
  for (const imp of outline.imports) {
    if (imp.from && imp.module.startsWith(".")) continue;
    const modules = imp.from ? [imp.module] : imp.names.map((n) => n.name);
    for (const m of modules) {
      const top = m.split(".")[0] ?? m;
      if (m === "__future__" || PYTHON_STDLIB_MODULES.has(top) || allowed.some((a) => m === a || m.startsWith(`${a}.`))) continue;
      out.push({ module: m, line: imp.line });
    }
  }
  return out;
}
