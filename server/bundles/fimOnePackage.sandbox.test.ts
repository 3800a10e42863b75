import { describe, expect, it } from "vitest";
import { exportFimOnePipeline } from "~/core/bundles/exportFimOne";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import { fimOneProfile } from "~/core/profiles";
import { runSandboxedProcess } from "~/server/sandbox/process";
import { skipReason } from "~/server/sandbox/process/testSandbox";
import { fimOneStubPackage } from "./testing/fimOneHooksStub";

/*
 * The exported package loaded by Python in the process sandbox, with FIM One's module paths
 * (`fim_one.core.agent.hooks`, `fim_one.core.hooks.base`) given by a stub package of the same API
 * written here (not FIM One's code): register(registry) adds the hooks, and the registry runs
 * the seed's guard on a write of a read-only org.
 */

const DRIVER = `import asyncio, dataclasses, json
from fim_one.core.agent.hooks import HookContext, HookPoint, HookRegistry
import hookwright_hooks

registry = HookRegistry()
hookwright_hooks.register(registry)
print(json.dumps({p.value: [[h.name, h.priority] for h in hs] for p, hs in registry.hooks.items()}))
for org in ("org-frozen", "org-acme"):
    context = HookContext(HookPoint.PRE_TOOL_USE, tool_name="sql_execute", tool_args={"sql": "DELETE FROM orders"}, metadata={"org_id": org, "org_readonly": org == "org-frozen"})
    print(json.dumps(dataclasses.asdict(asyncio.run(registry.run_pre_tool(context)))))
`;

describe("the exported FIM One package in Python", () => {
  it.skipIf(skipReason !== null)("imports with FIM One's module paths and registers its hooks, which block the write", async () => {
    const authoring = fimOneProfile.pythonAuthoring;
    const parsed = parsePipeline({
      format: "hookwright.pipeline/v1",
      name: "Guards",
      profile: "fim-one",
      hooks: [
        { id: "guard", point: "PreToolUse", name: "readonly_guard", code: authoring?.template("PreToolUse"), priority: 5, runtime: { kind: "python" } },
        { id: "start", point: "SessionStart", name: "org_context", code: authoring?.template("SessionStart"), priority: 1, runtime: { kind: "python" } },
        { id: "audit", point: "PostToolUse", name: "audit_log", code: authoring?.template("PostToolUse"), runtime: { kind: "python" } },
      ],
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const bundle = exportFimOnePipeline(parsed.value, fimOneProfile);
    const result = await runSandboxedProcess({
      command: { argv: ["python3", "-B", "-E", "-s", "driver.py"] },
      files: [
        ...bundle.files.filter((f) => f.path.endsWith(".py")).map((f) => ({ path: f.path, content: f.content })),
        ...fimOneStubPackage(),
        { path: "driver.py", content: DRIVER },
      ],
      limits: { timeoutMs: 20_000 },
    });
    expect(result.stderr).toBe("");
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim().split("\n")).toEqual([
      '{"pre_tool_use": [["readonly_guard", 5]], "session_start": [["org_context", 1]], "post_tool_use": [["audit_log", 0]]}',
      '{"allow": false, "modified_args": null, "modified_result": null, "side_effects": ["readonly_guard: blocked sql write"], "error": "Org is in read-only mode \\u2014 write blocked."}',
      '{"allow": true, "modified_args": null, "modified_result": null, "side_effects": [], "error": null}',
    ]);
  });
});
