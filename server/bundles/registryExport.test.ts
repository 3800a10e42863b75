import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { examplePipelines } from "~/core/examples";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { Pipeline } from "~/core/pipeline/schema";
import { exportPlugin, exportPluginZip } from "./service";

/* A registry pipeline exported as a TypeScript module, loaded and called with a recording hookRegistry. */

let folder = "";
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "hookwright-registry-export-"));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

function parsed(input: unknown): Pipeline {
  const result = parsePipeline(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

describe("hook registry module export", () => {
  const examples = examplePipelines.filter((p) => p.profile === "registry");

  it("has registry examples", () => expect(examples.length).toBeGreaterThan(0));

  for (const example of examples) {
    it(`${example.name}: register(hookRegistry) makes the seed's register calls in order and returns a cleanup that removes them all`, async () => {
      const pipeline = parsed(example);
      const dir = join(folder, pipeline.name.replace(/\W+/g, "-"));
      const bundle = exportPlugin(pipeline);
      for (const file of bundle.files) {
        await mkdir(dirname(join(dir, file.path)), { recursive: true });
        await writeFile(join(dir, file.path), file.content);
      }
      const out = join(dir, "bundle.mjs");
      await build({ entryPoints: [join(dir, "register.ts")], bundle: true, format: "esm", platform: "node", outfile: out, external: ["hook-registry"], logLevel: "silent" });
      const mod = (await import(pathToFileURL(out).href)) as { register: (registry: unknown) => () => void; default: unknown };
      expect(mod.default).toBe(mod.register);
      const calls: string[] = [];
      const removed: string[] = [];
      const method = (kind: string) => (point: string, handler: unknown) => {
        expect(typeof handler).toBe("function");
        calls.push(`${kind} ${point}`);
        return () => void removed.push(`${kind} ${point}`);
      };
      const cleanup = mod.register({ registerVoid: method("registerVoid"), registerModifying: method("registerModifying"), registerClaiming: method("registerClaiming") });
      const kinds: Record<string, string> = { session_start: "registerVoid", after_tool_call: "registerVoid", agent_done: "registerVoid", before_prompt_build: "registerModifying", before_tool_call: "registerClaiming" };
      expect(calls).toEqual(pipeline.hooks.filter((h) => h.enabled).map((h) => `${kinds[h.point]} ${h.point}`));
      expect(removed).toEqual([]);
      cleanup();
      expect(removed).toEqual([...calls].reverse());
      expect(Buffer.compare(exportPluginZip(pipeline).bytes, exportPluginZip(parsed(example)).bytes)).toBe(0);
    });
  }
});
