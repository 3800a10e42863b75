import { describe, expect, it } from "vitest";
import { parsePipeline } from "../pipeline/parsePipeline";
import type { Pipeline } from "../pipeline/schema";
import { fimOneProfile } from "../profiles";
import { exportFimOnePipeline } from "./exportFimOne";
import { importFimOne, importFimOnePythonFile, isFimOnePackage } from "./importFimOne";
import { toRealImports, toStandInImports } from "./fimOnePackage";

const authoring = fimOneProfile.pythonAuthoring;
if (!authoring) throw new Error("the fim-one profile has no pythonAuthoring");
const guard = authoring.template("PreToolUse") ?? "";

function pipeline(hooks: unknown[]): Pipeline {
  const parsed = parsePipeline({ format: "hookwright.pipeline/v1", name: "Read-only guard", profile: "fim-one", hooks });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.value;
}

const mixed = pipeline([
  { id: "guard", point: "PreToolUse", name: "readonly_guard", code: guard, priority: 5, runtime: { kind: "python" } },
  { id: "ts", point: "PostToolUse", name: "ts audit", code: "export default { name: 'ts', priority: 0, execute: () => ({}) };" },
  { id: "audit", point: "PostToolUse", name: "audit_log", code: authoring.template("PostToolUse") ?? "", enabled: false, runtime: { kind: "python" } },
]);

const asFiles = (files: { path: string; content: string }[]) => new Map(files.map((f) => [f.path, f.content]));

/** The seed's ReadOnlyGuard (seed 002, "The hook contract"), as FIM One's own code imports it. */
const SEED_GUARD = `from fim_one.core.agent.hooks import HookContext, HookResult
from fim_one.core.hooks.base import PreToolUseHook


def org_is_readonly(org_id):
    return org_id in {"org-frozen"}


class ReadOnlyGuard(PreToolUseHook):
    name = "readonly_guard"
    priority = 5                          # lower runs earlier

    def should_trigger(self, ctx: HookContext) -> bool:
        return ctx.tool_name.startswith("sql_")

    async def execute(self, ctx: HookContext) -> HookResult:
        if org_is_readonly(ctx.metadata["org_id"]):
            return HookResult(
                allow=False,
                error="Org is in read-only mode — write blocked.",
                side_effects=["readonly_guard: blocked sql write"],
            )
        return HookResult()               # default: allow=True, no mutation
`;

describe("exportFimOnePipeline with Python hooks", () => {
  const out = exportFimOnePipeline(mixed, fimOneProfile);
  const files = asFiles(out.files);

  it("writes the package, the adapter, the pipeline file and the README", () => {
    expect(out.pluginName).toBe("read-only-guard");
    expect(out.files.map((f) => f.path)).toEqual([
      "hookwright_hooks/__init__.py",
      "hookwright_hooks/_hookwright.py",
      "hookwright_hooks/audit_log.py",
      "hookwright_hooks/readonly_guard.py",
      "read-only-guard.pipeline.json",
      "README.md",
    ]);
    expect(out.warnings).toEqual(["1 TypeScript hook is not in the package: the README lists it to port by hand."]);
  });

  it("registers the hooks in the pipeline's order at their priorities, a disabled one commented out", () => {
    expect(files.get("hookwright_hooks/__init__.py")).toBe(`"""FIM One hooks exported by Hookwright from the pipeline "Read-only guard".

Call register(registry) where FIM One builds an agent's HookRegistry (see README.md).
"""

from fim_one.core.agent.hooks import HookRegistry

from . import audit_log, readonly_guard
from ._hookwright import registry_hook


def register(registry: HookRegistry) -> None:
    """Adds the hooks in the pipeline's order; the registry runs each point's hooks lowest priority first."""
    registry.register(registry_hook(readonly_guard.ReadOnlyGuard(), priority=5))
    # disabled in Hookwright: registry.register(registry_hook(audit_log.AuditLog(), priority=0))
`);
  });

  it("writes each module as written, with the stand-in's imports rewritten to FIM One's modules", () => {
    const module = files.get("hookwright_hooks/readonly_guard.py") ?? "";
    expect(module.split("\n").slice(0, 3)).toEqual(["from fim_one.core.agent.hooks import HookContext, HookResult", "from fim_one.core.hooks.base import PreToolUseHook", ""]);
    expect(module.split("\n").slice(2)).toEqual(guard.split("\n").slice(1));
  });

  it("names FIM One's place to call register in the README", () => {
    const readme = files.get("README.md") ?? "";
    expect(readme).toContain("`build_hook_registry_for_agent` in `src/fim_one/web/hooks_bootstrap.py` (line 92 at fim-ai/fim-one 8bfe86d)");
    expect(readme).toContain("| PreToolUse | 5 | readonly_guard | `hookwright_hooks/readonly_guard.py` (`ReadOnlyGuard`) | yes |");
    expect(readme).toContain("- PostToolUse, priority 0: ts audit (`ts`)");
  });

  it("keeps a TypeScript-only pipeline's export as it was (no package)", () => {
    const ts = exportFimOnePipeline(pipeline([mixed.hooks[1]]), fimOneProfile);
    expect(ts.files.map((f) => f.path)).toEqual(["read-only-guard.pipeline.json", "README.md"]);
  });

  it("refuses a module with no hook class, and one with two, naming the file and line", () => {
    const none = pipeline([{ id: "x", point: "PreToolUse", name: "x", code: "import json\n", runtime: { kind: "python" } }]);
    expect(() => exportFimOnePipeline(none, fimOneProfile)).toThrow('hookwright_hooks/x.py: hook "x" defines no hook class');
    const two = pipeline([{ id: "x", point: "PreToolUse", name: "x", code: `${guard}\n\nclass Other(PreToolUseHook):\n    async def execute(self, ctx):\n        return HookResult()\n`, runtime: { kind: "python" } }]);
    expect(() => exportFimOnePipeline(two, fimOneProfile)).toThrow(/^hookwright_hooks\/x\.py line 21: hook "x" defines more than one hook class \(ReadOnlyGuard, line 4; Other, line 21\)/);
  });
});

describe("importFimOne", () => {
  it("reads the seed's ReadOnlyGuard from one .py file: name, priority, point, imports as the stand-in", () => {
    const { pipeline: p, warnings } = importFimOnePythonFile({ fileName: "guards/readonly.py", text: SEED_GUARD, profile: fimOneProfile });
    expect(warnings).toEqual([]);
    expect(p.name).toBe("readonly");
    expect(p.hooks).toEqual([
      {
        id: "readonly_guard",
        point: "PreToolUse",
        name: "readonly_guard",
        enabled: true,
        code: SEED_GUARD.replace("from fim_one.core.agent.hooks import", "from fim_one_hooks import").replace("from fim_one.core.hooks.base import", "from fim_one_hooks import"),
        priority: 5,
        matcher: null,
        runtime: { kind: "python" },
      },
    ]);
  });

  it("takes the point from hook_point on a plain Hook, the class defaults, and one hook per class", () => {
    const text = `from fim_one_hooks import Hook, HookPoint, HookResult, PostToolUseHook


class Audit(PostToolUseHook):
    async def execute(self, context):
        return HookResult()


class Truncate(Hook):
    name = 'truncate'
    hook_point = HookPoint.POST_TOOL_USE
    priority = 100

    async def execute(self, context):
        return HookResult(modified_result=context.tool_result[:10])
`;
    const { pipeline: p, warnings } = importFimOne(new Map([["hooks.py", text]]), { profile: fimOneProfile });
    expect(p.hooks.map((h) => [h.id, h.name, h.point, h.priority])).toEqual([
      ["unnamed_hook", "unnamed_hook", "PostToolUse", 50],
      ["truncate", "truncate", "PostToolUse", 100],
    ]);
    expect(p.hooks[0]?.code).not.toContain("class Truncate");
    expect(p.hooks[1]?.code).not.toContain("class Audit");
    expect(warnings).toEqual(["hooks.py defines 2 hook classes (Audit, Truncate): each became a hook with the module's other code."]);
  });

  it("refuses what it cannot read without running it, naming the file and line", () => {
    const computed = "from fim_one_hooks import PreToolUseHook, HookResult\n\nBASE = 5\n\nclass G(PreToolUseHook):\n    priority = BASE + 1\n    async def execute(self, c):\n        return HookResult()\n";
    expect(() => importFimOne(new Map([["g.py", computed]]), { profile: fimOneProfile })).toThrow(
      "g.py line 6: the priority of G is not an integer literal Hookwright can read without running the module; write priority = <number>.",
    );
    const badPoint = "from fim_one_hooks import Hook, HookResult\n\nclass G(Hook):\n    hook_point = 'pre'\n    async def execute(self, c):\n        return HookResult()\n";
    expect(() => importFimOne(new Map([["g.py", badPoint]]), { profile: fimOneProfile })).toThrow(/^g\.py line 4: the hook_point of G is not one of HookPoint\.PRE_TOOL_USE, /);
    expect(() => importFimOne(new Map([["g.py", 'x = """open\n']]), { profile: fimOneProfile })).toThrow("g.py line 1: a string is never closed");
    const init = "def register(registry):\n    for h in HOOKS:\n        registry.register(h)\n";
    expect(() => importFimOne(new Map([["hookwright_hooks/__init__.py", init]]), { profile: fimOneProfile })).toThrow(
      'hookwright_hooks/__init__.py line 2: "for h in HOOKS:" cannot be read without running the package',
    );
  });

  it("warns about imports outside the standard library", () => {
    const text = SEED_GUARD.replace("from fim_one.core.agent", "import requests\nfrom fim_one.core.agent");
    expect(importFimOne(new Map([["g.py", text]]), { profile: fimOneProfile }).warnings).toEqual([
      "g.py line 1 imports requests: Python hooks in Hookwright may import only the standard library and fim_one_hooks, so it will fail when run here.",
    ]);
  });

  it("recognises the package at the root or in one top folder, and loose modules without a package.json", () => {
    expect(isFimOnePackage(new Map([["x/hookwright_hooks/__init__.py", ""]]))).toBe(true);
    expect(isFimOnePackage(new Map([["guard.py", ""]]))).toBe(true);
    expect(isFimOnePackage(new Map([["package.json", "{}"], ["hooks/x.ts", ""]]))).toBe(false);
  });
});

describe("FIM One package round trip", () => {
  it("export → import gives the pipeline back, and export again the same bytes", () => {
    const first = exportFimOnePipeline(mixed, fimOneProfile);
    const back = importFimOne(new Map(first.files.map((f) => [`read-only-guard/${f.path}`, f.content])), { profile: fimOneProfile });
    expect(back.warnings).toEqual([]);
    expect(back.pipeline).toEqual(mixed);
    expect(exportFimOnePipeline(back.pipeline, fimOneProfile).files).toEqual(first.files);
  });

  it("reads an edited module back as the stand-in, keeping the hook's id and the register line's priority", () => {
    const first = asFiles(exportFimOnePipeline(mixed, fimOneProfile).files);
    first.set("hookwright_hooks/readonly_guard.py", (first.get("hookwright_hooks/readonly_guard.py") ?? "").replace('name = "readonly_guard"', 'name = "ro_guard"'));
    first.set("hookwright_hooks/__init__.py", (first.get("hookwright_hooks/__init__.py") ?? "").replace("priority=5", "priority=7"));
    const back = importFimOne(first, { profile: fimOneProfile }).pipeline;
    expect(back.hooks.map((h) => [h.id, h.name, h.priority, h.enabled])).toEqual([
      ["guard", "ro_guard", 7, true],
      ["ts", "ts audit", null, true],
      ["audit", "audit_log", null, false],
    ]);
    expect(back.hooks[0]?.code.split("\n")[0]).toBe("from fim_one_hooks import HookContext, HookResult");
  });

  it("rewrites imports both ways line for line (Hook from the adapter when subclassed, the module form)", () => {
    const code = "from fim_one_hooks import Hook, HookPoint\nimport fim_one_hooks as api\n";
    const real = toRealImports({ code, file: "m.py", standIn: "fim_one_hooks", subclassesPlainHook: true });
    expect(real).toBe("from ._hookwright import Hook\nfrom fim_one.core.agent.hooks import HookPoint\nfrom . import _hookwright as api\n");
    expect(toStandInImports({ code: real, standIn: "fim_one_hooks" })).toBe("from fim_one_hooks import Hook\nfrom fim_one_hooks import HookPoint\nimport fim_one_hooks as api\n");
    expect(() => toRealImports({ code: "from fim_one_hooks import Nope\n", file: "m.py", standIn: "fim_one_hooks", subclassesPlainHook: false })).toThrow('m.py line 1: fim_one_hooks has no "Nope"');
  });
});
