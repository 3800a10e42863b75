import { readFileSync } from "node:fs";
import { join } from "node:path";
import { strToU8, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { BundleError } from "~/core/bundles/errors";
import { importPluginFolder, importPluginZip } from "./service";
import { readPluginFolder } from "./folder";
import { ensureVellumPackage, PACKAGE_TIMEOUT_MS } from "./testing/vellumPackage";

let pkg = "";
beforeAll(async () => {
  pkg = await ensureVellumPackage();
}, PACKAGE_TIMEOUT_MS);

const source = (path: string) => readFileSync(join(pkg, path), "utf8");

describe("importing the host package's own plugins", () => {
  it("imports examples/plugins/echo with its three hooks and its shared module", async () => {
    const { pipeline, warnings } = await importPluginFolder(join(pkg, "examples/plugins/echo"));
    expect(warnings).toEqual([]);
    expect(pipeline.name).toBe("plugin-echo-example");
    expect(pipeline.description).toMatch(/^Example plugin that observes every assistant turn-lifecycle hook/);
    expect(pipeline.hooks.map((h) => [h.id, h.point, h.name])).toEqual([
      ["post-tool-use", "post-tool-use", "plugin-echo-example"],
      ["stop", "stop", "plugin-echo-example"],
      ["user-prompt-submit", "user-prompt-submit", "plugin-echo-example"],
    ]);
    expect(pipeline.hooks[0]?.code).toBe(source("examples/plugins/echo/hooks/post-tool-use.ts"));
    expect(pipeline.modules).toEqual([{ path: "src/emit.ts", code: source("examples/plugins/echo/src/emit.ts") }]);
  });

  it("imports echo from a zip of its folder, as a user would make it", async () => {
    const files = await readPluginFolder(join(pkg, "examples/plugins/echo"));
    const zip = zipSync(Object.fromEntries([...files].map(([path, bytes]) => [`echo/${path}`, bytes])));
    const fromFolder = await importPluginFolder(join(pkg, "examples/plugins/echo"));
    expect(importPluginZip(zip)).toEqual(fromFolder);
  });

  it("imports the default plugins that use only the plugin API and their own files", async () => {
    const truncate = await importPluginFolder(join(pkg, "src/plugins/defaults/tool-result-truncate"));
    expect(truncate.pipeline.hooks.map((h) => h.point)).toEqual(["post-tool-use"]);
    expect(truncate.pipeline.modules.map((m) => m.path)).toEqual(["terminal.ts"]);
    const toolError = await importPluginFolder(join(pkg, "src/plugins/defaults/tool-error"));
    expect(toolError.pipeline.hooks.map((h) => h.point)).toEqual(["post-tool-use"]);
    expect(toolError.pipeline.modules).toEqual([]);
    const continues = await importPluginFolder(join(pkg, "src/plugins/defaults/max-tokens-continue"));
    expect(continues.pipeline.hooks.map((h) => h.point)).toEqual(["post-model-call", "stop"]);
    expect(continues.pipeline.modules.map((m) => m.path)).toEqual(["continue-state-store.ts"]);
  });

  it("refuses a default plugin that needs host internals, naming the import", async () => {
    const attempt = importPluginFolder(join(pkg, "src/plugins/defaults/title-generate"));
    await expect(attempt).rejects.toBeInstanceOf(BundleError);
    await expect(attempt).rejects.toThrow(
      "hooks/stop.ts imports ../../../../config/loader.js, which is outside the plugin folder (host internals cannot be imported into a pipeline).",
    );
  });

  it("refuses each default plugin that cannot run as a pipeline, saying why", async () => {
    const reasons: Record<string, string> = {};
    for (const name of ["channel", "compaction", "documents", "image-recovery", "memory", "session", "title-generate", "turn-context", "workspace"]) {
      reasons[name] = await importPluginFolder(join(pkg, `src/plugins/defaults/${name}`)).then(
        () => "imported",
        (e: unknown) => (e instanceof BundleError ? e.message : String(e)),
      );
    }
    const noHooks = (plugin: string, files: string) =>
      `The plugin "default-${plugin}" has no hook files in hooks/, so there is nothing to import. Its other files (${files}) are not hooks the host fires; they cannot run as a pipeline.`;
    const internals = (file: string, imported: string) => `${file} imports ${imported}, which is outside the plugin folder (host internals cannot be imported into a pipeline).`;
    expect(reasons).toEqual({
      channel: noHooks("channel", "injectors.ts"),
      compaction: noHooks("compaction", "compact.ts, context-overflow-reducer.ts, corrected-target.ts, manager-store.ts and 2 more"),
      documents: noHooks("documents", "injectors.ts"),
      "image-recovery": internals("recover.ts", "../../../agent/image-optimize.js"),
      memory: internals("hooks/init.ts", "../../../../util/logger.js"),
      session: noHooks("session", "injectors.ts"),
      "title-generate": internals("hooks/stop.ts", "../../../../config/loader.js"),
      "turn-context": noHooks("turn-context", "injectors.ts, unified-turn-context.ts"),
      workspace: noHooks("workspace", "injectors.ts"),
    });
  });

  it("imports image-fallback with its hooks and modules, no warning", async () => {
    const { pipeline, warnings } = await importPluginFolder(join(pkg, "src/plugins/defaults/image-fallback"));
    expect(warnings).toEqual([]);
    expect(pipeline.hooks.map((h) => h.point)).toEqual(["post-tool-use", "user-prompt-submit"]);
    expect(pipeline.modules.map((m) => m.path).sort()).toEqual(["src/caption-blocks.ts", "src/caption-cache.ts", "src/image-persist.ts", "src/vision-caption.ts"]);
  });

  it("refuses a plugin zip with a symbolic link inside", () => {
    const zip = zipSync({ "p/package.json": strToU8('{"name":"p"}'), "p/hooks/stop.ts": [strToU8("/etc/passwd"), { os: 3, attrs: (0o120777 << 16) >>> 0 }] });
    expect(() => importPluginZip(zip)).toThrow('Entry "p/hooks/stop.ts" is a symbolic link; links are not allowed in a plugin archive.');
  });
});
