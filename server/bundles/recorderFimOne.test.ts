import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { Pipeline } from "~/core/pipeline/schema";
import { fimOneProfile } from "~/core/profiles";
import { importText } from "~/core/sessions/testing";
import { exportPlugin, exportPluginZip, importPluginZip } from "./service";
import { writeFiles } from "./testing/commandHook";
import { fimOneStubPackage } from "./testing/fimOneHooksStub";

/*
 * The FIM One recorder, run by Python 3 with the exported package and a stub of FIM One's hook API
 * written here (the registry's order and PreToolUse's stop at the first block, semantics.md §6c;
 * not FIM One's code): registered first, it records a call a hook blocks, and the recording
 * imports back as "Run this point" contexts.
 */

const DRIVER = `import asyncio, dataclasses, json
from fim_one.core.agent.hooks import HookContext, HookPoint, HookRegistry
import hookwright_hooks

registry = HookRegistry()
hookwright_hooks.register(registry)
print(json.dumps({p.value: [[h.name, h.priority] for h in hs] for p, hs in registry.hooks.items()}))
meta = {"tool_call_id": "call_1", "requires_confirmation": False}
pre = HookContext(HookPoint.PRE_TOOL_USE, tool_name="sql_execute", tool_args={"sql": "DELETE FROM orders"}, agent_id="agent-7", metadata=meta)
print(json.dumps(dataclasses.asdict(asyncio.run(registry.run_pre_tool(pre)))))
post = HookContext(HookPoint.POST_TOOL_USE, tool_name="sql_execute", tool_args={"sql": "SELECT 1"}, tool_result="1 row", agent_id="agent-7", metadata={"tool_call_id": "call_2", "requires_confirmation": False})
print(json.dumps(dataclasses.asdict(asyncio.run(registry.run_post_tool(post)))))
`;

const GUARD = `from fim_one_hooks import HookContext, HookResult, PreToolUseHook

class DeleteGuard(PreToolUseHook):
    name = "delete_guard"

    async def execute(self, context: HookContext) -> HookResult:
        if "DELETE" in str((context.tool_args or {}).get("sql", "")):
            return HookResult(allow=False, error="no DELETE")
        return HookResult()
`;

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "hookwright-fim-recorder-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function parsed(input: unknown): Pipeline {
  const result = parsePipeline(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

describe("the FIM One recorder", () => {
  it("runs first at every point in Python, records a call a hook blocks, and imports back", async () => {
    const standIn = fimOneProfile.pythonAuthoring?.module ?? "";
    const pipeline = parsed({
      format: "hookwright.pipeline/v1",
      name: "Guards",
      profile: "fim-one",
      hooks: [{ id: "guard", point: "PreToolUse", name: "delete_guard", code: GUARD.replace("fim_one_hooks", standIn), priority: 5, runtime: { kind: "python" } }],
    });
    const files = exportPlugin(pipeline, "fim-one", null, { recorder: true }).files;
    expect(files.map((f) => f.path)).toContain("hookwright_hooks/hookwright_recorder.py");
    await writeFiles(dir, [...files, ...fimOneStubPackage()]);
    const run = spawnSync("python3", ["-c", DRIVER], { cwd: dir, env: { ...process.env, PYTHONPATH: dir }, encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.stdout.trim().split("\n").map((l) => JSON.parse(l) as unknown)).toEqual([
      {
        pre_tool_use: [["hookwright_recorder", -2147483648], ["delete_guard", 5]],
        post_tool_use: [["hookwright_recorder", -2147483648]],
        session_start: [["hookwright_recorder", -2147483648]],
      },
      { allow: false, modified_args: null, modified_result: null, side_effects: [], error: "no DELETE" },
      { allow: true, modified_args: null, modified_result: null, side_effects: [], error: null },
    ]);
    const text = await readFile(join(dir, ".hookwright", "recordings", "agent-7.jsonl"), "utf8");
    const lines = text.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const line of lines) expect(line["at"]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const context = (point: string, rest: Record<string, unknown>) => ({ hook_point: point, tool_name: "sql_execute", tool_result: null, agent_id: "agent-7", user_id: null, conversation_id: null, ...rest });
    expect(lines.map(({ at: _at, ...rest }) => rest)).toEqual([
      { hookwright_recording: 1, host: "fim-one", point: "PreToolUse", session: "agent-7", input: context("pre_tool_use", { tool_args: { sql: "DELETE FROM orders" }, metadata: { tool_call_id: "call_1", requires_confirmation: false } }) },
      { hookwright_recording: 1, host: "fim-one", point: "PostToolUse", session: "agent-7", input: context("post_tool_use", { tool_args: { sql: "SELECT 1" }, tool_result: "1 row", metadata: { tool_call_id: "call_2", requires_confirmation: false } }) },
    ]);
    const { scenario } = importText(text, { fileName: "agent-7.jsonl", profile: "fim-one" });
    expect(scenario.source?.pointFixtures?.map((f) => f.label)).toEqual(["PreToolUse · sql_execute", "PostToolUse · sql_execute · 1 row"]);
  });

  it("is left out when the package is imported back, with a note", () => {
    const pipeline = parsed({ format: "hookwright.pipeline/v1", name: "Guards", profile: "fim-one", hooks: [{ id: "guard", point: "PreToolUse", name: "delete_guard", code: GUARD.replace("fim_one_hooks", fimOneProfile.pythonAuthoring?.module ?? ""), priority: 5, runtime: { kind: "python" } }] });
    const plain = importPluginZip(exportPluginZip(pipeline, "fim-one").bytes);
    const recorded = importPluginZip(exportPluginZip(pipeline, "fim-one", null, { recorder: true }).bytes);
    expect(recorded.pipeline).toEqual(plain.pipeline);
    expect([...recorded.warnings].sort()).toEqual([...plain.warnings, `Hookwright's recorder is left out: it is an export option ("Add a recorder"), not a hook.`].sort());
  });
});
