import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildRunWorkerScript, projectRoot } from "./workerScript";

describe("the run worker's script", () => {
  it("is one ES module per content under .hookwright/, with packages left to node_modules", async () => {
    const first = await buildRunWorkerScript();
    const again = await buildRunWorkerScript();
    expect(again).toBe(first);
    expect(path.relative(projectRoot(), first)).toMatch(/^\.hookwright\/run-worker-[0-9a-f]{16}\.mjs$/);
    const code = readFileSync(first, "utf8");
    expect(code).toMatch(/from "quickjs-emscripten-core"/);
    expect(code).not.toMatch(/\bfunction newQuickJSWASMModuleFromVariant\b/);
  });

  it("says where it looked when the project cannot be found", () => {
    const nowhere = path.join(tmpdir(), "no-hookwright-here");
    expect(existsSync(path.join(nowhere, "server"))).toBe(false);
    expect(() => projectRoot([nowhere])).toThrow(`cannot find server/runs/workers/workerMain.ts above ${nowhere}: set HOOKWRIGHT_ROOT to the Hookwright project folder`);
  });
});
