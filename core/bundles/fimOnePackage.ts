import { logicalLines, readImport, type PythonImport } from "../runtimes/pythonSource";
import type { Hook } from "../pipeline/schema";
import type { PythonAuthoring } from "../profiles/types";
import { BundleError } from "./errors";
import { outlineOf, readHookClasses, type PythonHookClass } from "./pythonHooks";

/**
 * The layout of the Python package a FIM One pipeline's Python hooks export to, shared by the
 * exporter and the importer: `hookwright_hooks/` with one module per hook, `_hookwright.py`
 * (what FIM One lacks: the seed's SessionStartHook base, and registering any class hook), and an
 * `__init__.py` whose `register(registry)` adds the hooks in the pipeline's order.
 *
 * FIM One's real modules at 8bfe86d (semantics.md §6): `Hook`, `HookPoint`, `HookContext`,
 * `HookResult`, `HookRegistry` are in `fim_one.core.agent.hooks` (F:src/fim_one/core/agent/hooks.py:26-151);
 * the class bases `PreToolUseHook`, `PostToolUseHook` in `fim_one.core.hooks.base`
 * (F:src/fim_one/core/hooks/base.py:69-94, re-exported by `fim_one.core.hooks`). There is no
 * `SessionStartHook` (§6f): the package's `_hookwright` provides it.
 */

export const PACKAGE = "hookwright_hooks";
export const ADAPTER_MODULE = "_hookwright";
const AGENT_HOOKS = "fim_one.core.agent.hooks";
const CLASS_BASES = "fim_one.core.hooks.base";

/** Where each name of the stand-in comes from in FIM One (the adapter: names FIM One lacks). */
const REAL_MODULE: Readonly<Record<string, string>> = {
  Hook: AGENT_HOOKS,
  HookPoint: AGENT_HOOKS,
  HookContext: AGENT_HOOKS,
  HookResult: AGENT_HOOKS,
  HookRegistry: AGENT_HOOKS,
  PreToolUseHook: CLASS_BASES,
  PostToolUseHook: CLASS_BASES,
  SessionStartHook: `.${ADAPTER_MODULE}`,
};

/** Modules an imported module may take the hook API from, besides the stand-in. */
export const REAL_API_MODULES = [AGENT_HOOKS, CLASS_BASES, "fim_one.core.hooks", `.${ADAPTER_MODULE}`, `${PACKAGE}.${ADAPTER_MODULE}`];

const PYTHON_KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(" "),
);

/** A module name for each hook (by id), from its name in snake_case, unique, never a keyword or the package's own. */
export function moduleNames(hooks: readonly Pick<Hook, "id" | "name">[]): Map<string, string> {
  const used = new Set(["__init__", ADAPTER_MODULE]);
  const out = new Map<string, string>();
  for (const h of hooks) {
    let base = h.name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 60);
    if (base === "" || /^\d/.test(base) || PYTHON_KEYWORDS.has(base)) base = `hook_${base}`.replace(/_+$/, "");
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}_${n}`;
    used.add(name);
    out.set(h.id, name);
  }
  return out;
}

function importText(imp: PythonImport, module: string, names: PythonImport["names"]): string {
  const list = names.map((n) => (n.alias ? `${n.name} as ${n.alias}` : n.name)).join(", ");
  return `${" ".repeat(imp.indent)}from ${module} import ${list}`;
}

/** Replaces the physical lines of some logical lines of `source` (by first line) with new text. */
function replaceLines(source: string, edits: ReadonlyMap<number, { endLine: number; text: string }>): string {
  if (edits.size === 0) return source;
  const lines = source.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const edit = edits.get(i + 1);
    if (!edit) {
      out.push(lines[i] ?? "");
      continue;
    }
    out.push(edit.text);
    i = edit.endLine - 1;
  }
  return out.join("\n");
}

/**
 * `code` with its imports of the stand-in rewritten to FIM One's real modules, one `from` line
 * per module in the order the names come: `from fim_one_hooks import HookResult, PreToolUseHook`
 * becomes `from fim_one.core.agent.hooks import HookResult` and `from fim_one.core.hooks.base
 * import PreToolUseHook`; `Hook` comes from the package's adapter when the module subclasses it
 * (FIM One's `Hook` takes its handler as an argument, no class form); `import fim_one_hooks`
 * becomes `from . import _hookwright as fim_one_hooks`.
 *
 * @throws {BundleError} NOT_STATIC for a name the stand-in does not have (naming the line)
 */
export function toRealImports(args: { code: string; file: string; standIn: string; subclassesPlainHook: boolean }): string {
  const { code, file, standIn } = args;
  const edits = new Map<number, { endLine: number; text: string }>();
  for (const l of logicalLines(code)) {
    const imp = readImport(l);
    if (!imp || imp.module !== standIn) continue;
    if (!imp.from) {
      const alias = imp.names[0]?.alias ?? standIn;
      if (imp.names.length !== 1) throw new BundleError("NOT_STATIC", `${file} line ${imp.line}: import ${standIn} on a line of its own.`);
      edits.set(imp.line, { endLine: imp.endLine, text: `${" ".repeat(imp.indent)}from . import ${ADAPTER_MODULE} as ${alias}` });
      continue;
    }
    const groups = new Map<string, PythonImport["names"]>();
    for (const n of imp.names) {
      const real = n.name === "Hook" && args.subclassesPlainHook ? `.${ADAPTER_MODULE}` : REAL_MODULE[n.name];
      if (n.name === "ApprovalRequest") {
        throw new BundleError("NOT_STATIC", `${file} line ${imp.line}: ApprovalRequest (HookResult.request_approval) is Hookwright's form of FIM One's approval gate; FIM One's HookResult has no such field (its gate is FeishuGateHook), so this hook cannot be exported as it is.`);
      }
      if (!real) throw new BundleError("NOT_STATIC", `${file} line ${imp.line}: ${standIn} has no ${n.name === "*" ? "star import in the export (name what the hook uses)" : `"${n.name}"`}; it has ${Object.keys(REAL_MODULE).join(", ")}.`);
      groups.set(real, [...(groups.get(real) ?? []), n]);
    }
    edits.set(imp.line, { endLine: imp.endLine, text: [...groups].map(([m, names]) => importText(imp, m, names)).join("\n") });
  }
  return replaceLines(code, edits);
}

/** The inverse of {@link toRealImports}: imports of FIM One's hook modules (and the adapter) read as the stand-in. */
export function toStandInImports(args: { code: string; standIn: string }): string {
  const { code, standIn } = args;
  const edits = new Map<number, { endLine: number; text: string }>();
  for (const l of logicalLines(code)) {
    const imp = readImport(l);
    if (!imp?.from) continue;
    const indent = " ".repeat(imp.indent);
    if (imp.module === "." && imp.names.length === 1 && imp.names[0]?.name === ADAPTER_MODULE) {
      const alias = imp.names[0].alias;
      edits.set(imp.line, { endLine: imp.endLine, text: `${indent}import ${standIn}${alias && alias !== standIn ? ` as ${alias}` : ""}` });
    } else if (REAL_API_MODULES.includes(imp.module)) {
      edits.set(imp.line, { endLine: imp.endLine, text: importText(imp, standIn, imp.names) });
    }
  }
  return replaceLines(code, edits);
}

/** The hook a module registers: its one leaf hook class, or its top-level `hook` object. */
export type RegisteredHook = { kind: "class"; cls: PythonHookClass } | { kind: "object" };

/**
 * What `register` instantiates from a hook's module.
 *
 * @throws {BundleError} NOT_STATIC when the module has several hook classes, or neither a class nor a `hook` object (naming the hook)
 */
export function registeredHookOf(args: { hook: Hook; file: string; authoring: PythonAuthoring }): RegisteredHook {
  const { hook, file, authoring } = args;
  const outline = outlineOf(hook.code, file);
  const classes = readHookClasses({ source: hook.code, file, authoring, modules: [authoring.module], outline });
  const [only, second] = classes;
  if (second) throw new BundleError("NOT_STATIC", `${file} line ${second.line}: hook "${hook.name}" defines more than one hook class (${classes.map((c) => `${c.className}, line ${c.line}`).join("; ")}); a hook's module defines one.`);
  if (only) return { kind: "class", cls: only };
  if (outline.assignments.has("hook")) return { kind: "object" };
  throw new BundleError("NOT_STATIC", `${file}: hook "${hook.name}" defines no hook class (class X(${Object.keys(authoring.pointBases).join(" | ")}) with execute) and no top-level "hook" object, so the package could not register it.`);
}

/** `register(registry)`'s line for one hook, as the importer reads it back. */
export function registerLine(args: { module: string; registered: RegisteredHook; priority: number; enabled: boolean }): string {
  const target = args.registered.kind === "class" ? `${args.module}.${args.registered.cls.className}()` : `${args.module}.hook`;
  const call = `registry.register(registry_hook(${target}, priority=${args.priority}))`;
  return args.enabled ? `    ${call}` : `    # disabled in Hookwright: ${call}`;
}

const REGISTER_LINE = /^(# disabled in Hookwright: )?registry\.register\(registry_hook\(([A-Za-z_]\w*)\.(?:([A-Za-z_]\w*)\(\)|hook), priority=(-?\d+)\)\)$/;

/** One hook of a `register` body, read back. */
export interface RegisteredEntry {
  module: string;
  className: string | null;
  priority: number;
  enabled: boolean;
  line: number;
}

/**
 * The hooks `__init__.py`'s `register(registry)` adds, in order, when it is the one this
 * exporter writes (module imports, a docstring, comments, and one `registry.register(…)` line per hook).
 *
 * @throws {BundleError} NOT_STATIC for any other statement in `register`, naming the line
 */
export function readRegister(source: string, file: string): RegisteredEntry[] | null {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const start = lines.findIndex((l) => /^def register\(/.test(l));
  if (start < 0) return null;
  const out: RegisteredEntry[] = [];
  let inDocstring = false;
  for (let i = start + 1; i < lines.length; i++) {
    const raw = lines[i] ?? "";
    if (raw.trim() === "") continue;
    if (!/^\s/.test(raw)) break;
    const text = raw.trim();
    if (inDocstring || text.startsWith('"""')) {
      const closes = (text.match(/"""/g) ?? []).length;
      if (inDocstring ? closes >= 1 : closes === 1) inDocstring = !inDocstring;
      continue;
    }
    const m = REGISTER_LINE.exec(text);
    if (m) {
      out.push({ enabled: !m[1], module: m[2] ?? "", className: m[3] ?? null, priority: Number(m[4]), line: i + 1 });
      continue;
    }
    if (text.startsWith("#")) continue;
    throw new BundleError("NOT_STATIC", `${file} line ${i + 1}: "${text.slice(0, 80)}" cannot be read without running the package; register(registry) may hold only registry.register(registry_hook(<module>.<Class>(), priority=<n>)) lines.`);
  }
  return out;
}

/**
 * `_hookwright.py`: Hookwright's own small adapter (not FIM One's code). `SessionStartHook` is the
 * seed's base FIM One 8bfe86d does not ship; `Hook` lets a module subclass the plain hook class
 * with class attributes as it does in Hookwright; `registry_hook` turns any hook the package
 * registers into the core `Hook` FIM One's `HookRegistry.register` takes, at the pipeline's priority.
 */
export const ADAPTER_SOURCE = `"""Hookwright's adapter between its hook modules and FIM One's hook API (written by Hookwright)."""

from fim_one.core.agent.hooks import Hook as _CoreHook
from fim_one.core.agent.hooks import HookContext, HookPoint, HookResult
from fim_one.core.hooks.base import PreToolUseHook


class SessionStartHook(PreToolUseHook):
    """The seed's SessionStart class base (FIM One ships only the Pre/Post ones)."""

    hook_point = HookPoint.SESSION_START


class Hook(_CoreHook):
    """FIM One's Hook, also usable as a class: name, priority, hook_point and execute as attributes."""

    name = "unnamed_hook"
    priority = 0
    hook_point = HookPoint.PRE_TOOL_USE
    tool_filter = None
    description = ""

    def __init__(self, *args, **kwargs):
        if args or kwargs:
            super().__init__(*args, **kwargs)

    def should_trigger(self, context: HookContext) -> bool:
        return True


def registry_hook(hook, priority: int) -> _CoreHook:
    """The core Hook to register for \`hook\` (a class hook, a Hook, or an object with execute), at \`priority\`."""
    if hasattr(hook, "as_hook"):
        core = hook.as_hook()
    elif isinstance(hook, _CoreHook) and type(hook).execute is _CoreHook.execute:
        core = hook
    else:
        should_trigger = getattr(hook, "should_trigger", None)

        async def handler(context: HookContext) -> HookResult:
            if should_trigger is not None and not should_trigger(context):
                return HookResult()
            return await hook.execute(context)

        core = _CoreHook(
            name=hook.name,
            hook_point=hook.hook_point,
            handler=handler,
            description=getattr(hook, "description", ""),
            priority=priority,
            tool_filter=getattr(hook, "tool_filter", None),
        )
    core.priority = priority
    return core
`;
