/**
 * Python FIM One hooks (server/sandbox/python) against the same hooks in TypeScript (QuickJS):
 * the cost of one PreToolUse firing at 10 KB and 1 MB contexts, per hook, and a run's setup.
 * Prints JSON. `N=40 npm run bench:python` for more firings.
 */
import type { ChainRequest } from "../../core/engine/ports";
import type { JsonObject } from "../../core/json";
import { parsePipeline } from "../../core/pipeline/parsePipeline";
import { fimOnePoints } from "../../core/profiles/fim-one/points";
import { openSandboxRunner, type SandboxRunner } from "../../server/sandbox/runner";
import { runSandboxedProcess } from "../../server/sandbox/process";

const N = Number(process.env.N ?? 20);
const limits = { timeoutMs: 10_000, memoryBytes: 256 * 1024 * 1024 };

const pyCode = (i: number) =>
  `from fim_one_hooks import HookResult, PreToolUseHook\n\n\nclass Audit${i}(PreToolUseHook):\n    name = "audit_${i}"\n\n    async def execute(self, ctx):\n        return HookResult(side_effects=["audit_${i}: %d args" % len(ctx.tool_args)])\n`;
const tsCode = (i: number) => `export default class Audit${i} {\n  name = "audit_${i}";\n  async execute(ctx) { return { side_effects: ["audit_${i}: " + Object.keys(ctx.tool_args).length + " args"] }; }\n}\n`;

function pipeline(language: "python" | "typescript", hooks: number) {
  const parsed = parsePipeline({
    format: "hookwright.pipeline/v1",
    name: "bench",
    profile: "fim-one",
    hooks: Array.from({ length: hooks }, (_, i) => ({
      id: `h${i}`,
      name: `audit_${i}`,
      point: "PreToolUse",
      priority: i,
      code: language === "python" ? pyCode(i) : tsCode(i),
      ...(language === "python" ? { runtime: { kind: "python" } } : {}),
    })),
    scenarios: [{ name: "s", prompt: "go", model: { kind: "scripted", responses: [] }, tools: [] }],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.value;
}

function context(bytes: number): JsonObject {
  const rows = Math.max(1, Math.round(bytes / 100));
  const args: JsonObject = {};
  for (let i = 0; i < rows; i++) args[`k${i}`] = "x".repeat(90);
  return { ctx: { hook_point: "PreToolUse", tool_name: "sql_exec", tool_args: args, agent_id: "agent-1", user_id: "u-9", conversation_id: null, metadata: { org_id: "org-1" } } };
}

function request(hooks: number, ctx: JsonObject): ChainRequest {
  const spec = fimOnePoints.find((p) => p.id === "PreToolUse");
  if (!spec?.fold) throw new Error("no PreToolUse");
  const ids = Array.from({ length: hooks }, (_, i) => `h${i}`);
  return { point: "PreToolUse", execution: "fold", hookIds: ids, context: ctx, fold: { ...spec.fold, hookName: "PreToolUse", pluginId: "bench", args: ["ctx"], hookNames: ids.map((_, i) => `audit_${i}`) }, timeouts: ids.map(() => null) };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.floor(s.length / 2)] ?? 0) * 100) / 100;
};
const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] ?? 0) * 100) / 100;
};

async function measure(language: "python" | "typescript", hooks: number, bytes: number, n: number) {
  const ctx = context(bytes);
  const runner: SandboxRunner = await openSandboxRunner({ pipeline: pipeline(language, hooks), clockStart: 0, seed: 1, limits });
  try {
    let t = performance.now();
    const first = await runner.runChain(request(hooks, ctx));
    const firstMs = performance.now() - t;
    if (first.calls.some((c) => c.failure)) throw new Error(`${language}: ${first.calls.find((c) => c.failure)?.failure?.message}`);
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      t = performance.now();
      await runner.runChain(request(hooks, ctx));
      times.push(performance.now() - t);
    }
    return { firstFiringMs: Math.round(firstMs * 100) / 100, firingP50Ms: median(times), firingP95Ms: p95(times) };
  } finally {
    runner.dispose();
  }
}

async function bareInterpreter(n: number) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await runSandboxedProcess({ command: { argv: ["/usr/bin/python3", "-P", "-s", "-S", "-B", "-c", "pass"] } });
    times.push(performance.now() - t);
  }
  return { p50Ms: median(times), p95Ms: p95(times) };
}

async function main() {
  const out: Record<string, unknown> = { n: N, cpus: (await import("node:os")).cpus().length, node: process.version, python: "/usr/bin/python3 in the process sandbox (bubblewrap)" };
  out.sandboxedPythonStartup = await bareInterpreter(N);
  for (const [label, bytes, n] of [
    ["10KB", 10_000, N],
    ["1MB", 1_000_000, Math.max(3, Math.round(N / 4))],
  ] as const) {
    const row: Record<string, unknown> = {};
    for (const language of ["python", "typescript"] as const) {
      const one = await measure(language, 1, bytes, n);
      const five = await measure(language, 5, bytes, n);
      row[language] = { oneHook: one, fiveHooks: five, perExtraHookMs: Math.round(((five.firingP50Ms - one.firingP50Ms) / 4) * 100) / 100 };
    }
    out[label] = row;
  }
  console.log(JSON.stringify(out, null, 2));
}

await main();
