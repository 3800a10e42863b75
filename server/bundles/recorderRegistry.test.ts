import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { Pipeline } from "~/core/pipeline/schema";
import { importText } from "~/core/sessions/testing";
import { exportPlugin } from "./service";

/*
 * The recorder in a hook registry module, registered by the exported register() into a registry
 * that runs handlers as seed 001 says: void ones all, modifying ones in order, claiming ones in
 * order until the first { handled: true }. The recorder comes first, so a claimed call is recorded.
 */

let dir = "";
const cwd = process.cwd();
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "hookwright-registry-recorder-"));
});
afterAll(async () => {
  process.chdir(cwd);
  await rm(dir, { recursive: true, force: true });
});

function parsed(input: unknown): Pipeline {
  const result = parsePipeline(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

const pipeline = parsed({
  format: "hookwright.pipeline/v1",
  name: "Terminal guard",
  profile: "registry",
  hooks: [{ id: "guard", point: "before_tool_call", name: "guard", code: 'export default async (ctx: { args: { command?: string } }) => (ctx.args.command?.includes("rm ") ? { handled: true, error: "no rm" } : { handled: false });\n' }],
});

type Handler = (ctx: unknown) => unknown;

describe("the hook registry recorder", () => {
  it("is registered first on every point, records a call a hook claims, and imports back", async () => {
    const plugin = join(dir, "module");
    for (const file of exportPlugin(pipeline, "registry", null, { recorder: true }).files) {
      await mkdir(dirname(join(plugin, file.path)), { recursive: true });
      await writeFile(join(plugin, file.path), file.content);
    }
    const out = join(dir, "bundle.mjs");
    await build({ entryPoints: [join(plugin, "register.ts")], bundle: true, format: "esm", platform: "node", outfile: out, logLevel: "silent" });
    const mod = (await import(pathToFileURL(out).href)) as { register: (registry: unknown) => () => void };
    const handlers: { kind: string; point: string; handler: Handler }[] = [];
    const method = (kind: string) => (point: string, handler: Handler) => {
      handlers.push({ kind, point, handler });
      return () => undefined;
    };
    mod.register({ registerVoid: method("void"), registerModifying: method("modifying"), registerClaiming: method("claiming") });
    expect(handlers.map((h) => `${h.kind} ${h.point}`)).toEqual(["void session_start", "modifying before_prompt_build", "claiming before_tool_call", "void after_tool_call", "void agent_done", "claiming before_tool_call"]);

    const claim = async (ctx: unknown) => {
      for (const h of handlers.filter((x) => x.point === "before_tool_call")) {
        const result = (await h.handler(ctx)) as { handled?: boolean } | undefined;
        if (result?.handled) return result;
      }
      return { handled: false };
    };
    const all = async (point: string, ctx: unknown) => Promise.all(handlers.filter((x) => x.point === point).map((h) => h.handler(ctx)));
    process.chdir(dir);
    expect(await all("session_start", { sessionId: "r1", turnCount: 1, prompt: "clean up" })).toEqual([undefined]);
    expect(await claim({ sessionId: "r1", turnCount: 1, toolName: "terminal", toolUseId: "t1", args: { command: "rm -rf build" } })).toEqual({ handled: true, error: "no rm" });
    process.chdir(cwd);

    const text = await readFile(join(dir, ".hookwright", "recordings", "r1.jsonl"), "utf8");
    expect(text.trim().split("\n").map((l) => { const { at: _at, ...rest } = JSON.parse(l) as Record<string, unknown>; return rest; })).toEqual([
      { hookwright_recording: 1, host: "registry", point: "session_start", session: "r1", input: { sessionId: "r1", turnCount: 1, prompt: "clean up" } },
      { hookwright_recording: 1, host: "registry", point: "before_tool_call", session: "r1", input: { sessionId: "r1", turnCount: 1, toolName: "terminal", toolUseId: "t1", args: { command: "rm -rf build" } } },
    ]);
    const { scenario } = importText(text, { fileName: "r1.jsonl", profile: "registry" });
    expect(scenario.prompt).toBe("clean up");
    expect(scenario.source?.pointFixtures?.map((f) => f.label)).toEqual(["session_start · clean up", "before_tool_call · terminal · rm -rf build"]);
  });
});
