import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { runScenario } from "~/core/engine";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { HookEndEvent, ModelRequestEvent, TraceEvent } from "~/core/trace/events";
import { createSandboxRunner } from "~/server/sandbox";
import { importPluginFolder } from "./service";
import { ensureVellumPackage, PACKAGE_TIMEOUT_MS } from "./testing/vellumPackage";

/**
 * image-fallback's user-prompt-submit hook as the host runs it, as far as that runs offline: the
 * plugin's own files and the host's own plugin API (`getModelProfiles`, `doesSupportVision` over
 * its model catalog, with the workspace config the test sets), bundled from the unpacked package
 * and run in Node. Two pieces only are swapped: `getConfiguredProvider` (the host's needs
 * credentials and a network) answers with the same caption, and `node:fs` records instead of
 * writing to this machine. Its result is compared with Hookwright's run of the imported plugin
 * on the same workspace: the messages the model gets, the call the hook made, the file it saved.
 */

const RED_PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==";
const CAPTION = "A single red pixel.";
const LLM = {
  activeProfile: "local",
  profiles: { local: { provider: "ollama", model: "llama3.2" }, claude: { provider: "anthropic", model: "claude-sonnet-4-6" } },
};
const KEY = "__vshimHost";

interface HostRun {
  messages: unknown;
  calls: { callSite: string; opts: unknown; messages: unknown; options: { systemPrompt?: string; config?: unknown } }[];
  writes: string[];
  logs: [string, unknown, string][];
}

let pkg = "";
let hostHook: (ctx: Record<string, unknown>) => Promise<unknown>;

beforeAll(async () => {
  pkg = await ensureVellumPackage();
  const src = (p: string) => JSON.stringify(join(pkg, "src", p));
  const out = await build({
    entryPoints: [join(pkg, "src/plugins/defaults/image-fallback/hooks/user-prompt-submit.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "silent",
    plugins: [
      {
        name: "host-offline",
        setup(b) {
          b.onResolve({ filter: /^@vellumai\/plugin-api$/ }, () => ({ path: "plugin-api", namespace: "host" }));
          b.onResolve({ filter: /config\/loader\.js$/ }, () => ({ path: "loader", namespace: "host" }));
          b.onResolve({ filter: /^node:fs$/ }, () => ({ path: "fs", namespace: "host" }));
          b.onLoad({ filter: /.*/, namespace: "host" }, (args) => {
            const state = `globalThis[${JSON.stringify(KEY)}]`;
            if (args.path === "loader") return { contents: `export function getConfig() { return { llm: ${state}.llm }; }`, loader: "js" };
            if (args.path === "fs") {
              return {
                contents: `export const existsSync = () => false;\nexport const mkdirSync = (p) => { ${state}.writes.push(p); };\nexport const writeFileSync = (p) => { ${state}.writes.push(p); };`,
                loader: "js",
              };
            }
            return {
              contents: [
                `export { getModelProfiles } from ${src("plugin-api/model-profiles.ts")};`,
                `export { doesSupportVision } from ${src("plugin-api/vision-support.ts")};`,
                `export async function getConfiguredProvider(callSite, opts) { return { name: "anthropic", async sendMessage(messages, options) { ${state}.calls.push({ callSite, opts, messages: JSON.parse(JSON.stringify(messages)), options: { systemPrompt: options.systemPrompt, config: options.config } }); return { content: [{ type: "text", text: ${JSON.stringify(CAPTION)} }], model: "claude-sonnet-4-6", usage: { inputTokens: 0, outputTokens: 0 }, stopReason: "end_turn" }; } }; }`,
              ].join("\n"),
              loader: "js",
              resolveDir: pkg,
            };
          });
        },
      },
    ],
  });
  const file = join(await mkdtemp(join(tmpdir(), "vshim-host-")), "hook.mjs");
  await writeFile(file, out.outputFiles[0]?.text ?? "");
  hostHook = ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { default: typeof hostHook }).default;
}, PACKAGE_TIMEOUT_MS);

async function runHost(): Promise<HostRun> {
  const state = { llm: LLM, calls: [] as HostRun["calls"], writes: [] as string[] };
  (globalThis as Record<string, unknown>)[KEY] = state;
  const logs: HostRun["logs"] = [];
  const log = (level: string) => (obj: unknown, msg: string) => logs.push([level, obj, msg]);
  const messages = [{ role: "user", content: [{ type: "text", text: "What is in this image?" }, { type: "image", source: { type: "base64", media_type: "image/png", data: RED_PIXEL } }] }];
  try {
    await hostHook({ conversationId: "c", modelProfileKey: "local", latestMessages: messages, originalMessages: messages, logger: { info: log("info"), warn: log("warn"), error: log("error"), debug: log("debug") } });
  } finally {
    delete (globalThis as Record<string, unknown>)[KEY];
  }
  return { messages, calls: state.calls, writes: state.writes, logs };
}

describe("image-fallback in Hookwright and through the host's own code", () => {
  it("send the model the same messages, make the same captioning call and save the image at the same path", async () => {
    const host = await runHost();

    const { pipeline } = await importPluginFolder(join(pkg, "src/plugins/defaults/image-fallback"));
    const parsed = parsePipeline({
      ...pipeline,
      scenarios: [
        {
          name: "image",
          prompt: "What is in this image?",
          attachments: [{ mimeType: "image/png", data: RED_PIXEL }],
          model: { kind: "scripted", responses: [{ content: [{ type: "text", text: "ok" }] }] },
          inference: { ...LLM, replies: [{ text: CAPTION }] },
        },
      ],
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const scenario = parsed.value.scenarios[0];
    if (!scenario) throw new Error("no scenario");
    const events: TraceEvent[] = [];
    await runScenario({ pipeline: parsed.value, scenario, createRunner: createSandboxRunner, emit: (_, e) => events.push(e) });
    const end = events.find((e): e is HookEndEvent => e.type === "hook.end" && e.point === "user-prompt-submit");
    const request = events.find((e): e is ModelRequestEvent => e.type === "model.request");

    expect(host.messages).toEqual([{ role: "user", content: [{ type: "text", text: "What is in this image?" }, { type: "text", text: `[Image auto-described for text-only model: ${CAPTION}]` }] }]);
    expect(request?.messages).toEqual(host.messages);
    expect(host.calls).toHaveLength(1);
    const [call] = host.calls;
    expect(call?.opts).toEqual({ overrideProfile: "claude", forceOverrideProfile: true });
    expect(end?.inference?.map((c) => ({ callSite: c.callSite, profile: c.profile, system: c.system, messages: c.messages }))).toEqual([
      { callSite: call?.callSite, profile: "claude", system: call?.options.systemPrompt, messages: call?.messages },
    ]);
    expect(end?.files?.map((f) => f.path)).toEqual(host.writes);
    expect(end?.logs[0]?.message).toBe(`${host.logs[0]?.[2]} ${JSON.stringify(host.logs[0]?.[1])}`);
  });
});
