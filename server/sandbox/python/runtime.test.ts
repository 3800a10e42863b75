import { describe, expect, it, afterAll } from "vitest";
import { checkPipelineAgainstProfile } from "../../../core/engine/validate";
import type { ChainRequest } from "../../../core/engine/ports";
import { parsePipeline } from "../../../core/pipeline/parsePipeline";
import { fimOneProfile } from "../../../core/profiles";
import { RunDeterminism } from "../clock";
import { ProcessSandboxError } from "../process/errors";
import { skipReason } from "../process/testSandbox";
import { createPythonChainRuntime } from "./pythonRuntime";
import { fimDocument, fimRunner, pyHook, type Row } from "./testing";

const runner = fimRunner();
afterAll(() => runner.dispose());

describe.skipIf(skipReason !== null)("Python hooks: determinism and the approval gate", () => {
  it("the same run twice gives the same trace: the clock, random, uuid4, secrets, hash order and time zone are pinned", async () => {
    const noisy: Row = {
      id: "noisy",
      code: pyHook(
        "noisy",
        [
          "async def execute(self, ctx):",
          "    import datetime, random, secrets, time, uuid",
          '    print(time.time(), datetime.datetime.now().isoformat(), time.strftime("%Z %z"), random.random(), random.randint(1, 10 ** 9))',
          '    print(uuid.uuid4(), secrets.token_hex(8), hash("abc"), list({"a", "b", "c", "d"}))',
          "    time.sleep(0.25)",
          '    return HookResult(side_effects=["at %s" % datetime.datetime.now().isoformat()])',
        ].join("\n"),
      ),
    };
    const strip = (events: readonly unknown[]) => JSON.parse(JSON.stringify(events, (key, value: unknown) => (key === "durationMs" ? 0 : value))) as unknown;
    const first = await runner.run([noisy]);
    const second = await runner.run([noisy]);
    expect(strip(second.events)).toEqual(strip(first.events));
    const end = first.of("hook.end")[0];
    // The scenario's clock (2026-01-01T00:00:00Z by default), 1 ms per read, UTC; sleep moves the virtual clock.
    expect(end?.logs[0]?.message).toMatch(/^1767225600\.0 2026-01-01T00:00:00\.001000 UTC \+0000 0\.\d+ \d+$/);
    expect(end?.output).toMatchObject({ side_effects: ["at 2026-01-01T00:00:00.253000"] });
    expect(end?.clock).toEqual([1767225600000, 1767225600001, 1767225600002, 1767225600253]);
    expect(end?.random).toHaveLength(1);
  });

  it("HookResult(request_approval=…) reaches FIM One's Approve/Reject gate; a rejection's reason reaches the model", async () => {
    const gate: Row = {
      id: "gate",
      name: "payment gate",
      priority: 10,
      code: pyHook(
        "feishu_gate",
        [
          "def should_trigger(self, ctx: HookContext) -> bool:",
          '    return bool(ctx.metadata.get("requires_confirmation"))',
          "",
          "async def execute(self, ctx: HookContext) -> HookResult:",
          '    return HookResult(side_effects=["feishu_gate: asked"], request_approval=ApprovalRequest(title="Pay %s?" % ctx.tool_args["amount"], description="Over budget", timeout_seconds=60))',
        ].join("\n"),
      ),
    };
    const scenario = {
      model: { kind: "scripted", responses: [{ content: [{ type: "tool_use", id: "call_1", name: "oa__purchase_pay", input: { amount: 90000 } }], stopReason: "tool_use" }, { content: [{ type: "text", text: "ok" }], stopReason: "end_turn" }] },
      tools: [{ name: "oa__purchase_pay", inputSchema: { type: "object" }, requiresConfirmation: true, results: ["paid"] }],
      approvals: [{ match: { tool: "oa__purchase_pay" }, decision: "reject", by: "finance-lead", reason: "Over the Q4 budget." }],
    };
    const trace = await runner.run([gate], scenario);
    expect(trace.of("hook.end")[0]).toMatchObject({ decision: "ask", output: { requestApproval: { title: "Pay 90000?", description: "Over budget", timeoutMs: 60000 } } });
    expect(trace.of("point.end")[0]?.result).toMatchObject({ approval: { hookId: "gate", title: "Pay 90000?", description: "Over budget", timeoutMs: 60000 }, side_effects: ["feishu_gate: asked"] });
    const request = trace.of("approval.request")[0];
    expect(request).toMatchObject({ hookId: "gate", point: "PreToolUse", request: { title: "Pay 90000?", description: "Over budget", timeoutMs: 60000, allowedDecisions: ["approve", "reject"] } });
    expect(trace.of("approval.resolve")[0]).toMatchObject({ decision: "reject", by: "finance-lead" });
    expect(trace.of("tool.result")[0]).toMatchObject({ content: "Error: Tool call was rejected by an operator. Reason: Over the Q4 budget." });
  });
});

describe("Python hooks without a process sandbox", () => {
  it("do not run: each hook fails, saying why and what to install, and the point goes on fail-open", async () => {
    const document = fimDocument([
      { id: "a", name: "first", code: "x" },
      { id: "b", name: "second", code: "y" },
    ]);
    const parsed = parsePipeline(document);
    if (!parsed.ok) throw new Error("bad pipeline");
    const runtime = createPythonChainRuntime(
      { pipeline: parsed.value, limits: { timeoutMs: 1000, memoryBytes: 64 << 20 }, determinism: new RunDeterminism(0, 1) },
      {
        run: () => Promise.reject(new ProcessSandboxError("UNAVAILABLE", "bubblewrap (bwrap) is not installed", "apt-get install bubblewrap")),
      },
    );
    const request: ChainRequest = {
      point: "PreToolUse",
      execution: "fold",
      hookIds: ["a", "b"],
      context: { ctx: { hook_point: "PreToolUse", tool_name: "t", tool_args: {} } },
      fold: { kind: "modify", merge: { kind: "fim-one", point: "PreToolUse" }, isolation: "shared", failure: "fail-open", defaultTimeoutMs: null, hookName: "PreToolUse", pluginId: "p", args: ["ctx"], hookNames: ["first", "second"] },
    };
    const chain = await runtime.runChain(request);
    expect(chain.calls.map((c) => c.failure?.message)).toEqual([
      "not run: Python hooks run only in the process sandbox, and there is none here: bubblewrap (bwrap) is not installed (fix: apt-get install bubblewrap)",
      "not run: Python hooks run only in the process sandbox, and there is none here: bubblewrap (bwrap) is not installed (fix: apt-get install bubblewrap)",
    ]);
    expect(chain.result).toMatchObject({ allow: true, side_effects: ["Hook 'first' failed with exception", "Hook 'second' failed with exception"] });
    expect(chain.context).toBe(request.context);
  });
});

describe("a point's hooks in one runtime (profile chainRuntimes: per-point)", () => {
  it("a point mixing Python and TypeScript hooks is refused before the run, naming the point and the hooks; other points may use the other language", () => {
    const parsed = parsePipeline(
      fimDocument([
        { id: "a", name: "py guard", code: "", runtime: "python" },
        { id: "b", name: "ts limit", code: "export default () => ({})", runtime: "function" },
        { id: "c", name: "ts post", point: "PostToolUse", code: "export default () => ({})", runtime: "function" },
      ]),
    );
    if (!parsed.ok) throw new Error("bad pipeline");
    expect(checkPipelineAgainstProfile(parsed.value, fimOneProfile)).toEqual([
      {
        path: "hooks[1].runtime",
        message: "PreToolUse mixes hooks of python (py guard) and function (ts limit): the host runs a point's hooks in one registry, so they must all have one runtime (another point may use the other)",
      },
    ]);
  });
});
