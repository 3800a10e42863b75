import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findSystemTool } from "./hostFacts";
import { sandboxCall } from "./sandboxCall";
import { resolveSpec } from "./spec";
import { skipReason } from "./testSandbox";

/* Telling bwrap's own failures from the command's. */

const dir = mkdtempSync(path.join(tmpdir(), "hookwright-fake-bwrap-"));
chmodSync(dir, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fakeBwrap(script: string): string {
  const file = path.join(dir, `bwrap-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, `#!/bin/sh\n${script}\n`, { mode: 0o755 });
  return file;
}

describe("sandboxCall", () => {
  it("throws SETUP_FAILED with bwrap's words when the sandbox could not be built", async () => {
    const bwrap = fakeBwrap('echo "bwrap: Can\'t mount proc on /newroot/proc: Operation not permitted" >&2; exit 1');
    const call = sandboxCall({ bwrap, prlimit: "/usr/bin/prlimit" }, resolveSpec({ command: { shell: "true" } }));
    await expect(call).rejects.toMatchObject({ name: "ProcessSandboxError", code: "SETUP_FAILED" });
    await expect(call).rejects.toThrow("bwrap: Can't mount proc on /newroot/proc: Operation not permitted");
  });

  it.skipIf(skipReason !== null)("returns a command's own failure as a result, even when it prints like bwrap", async () => {
    const bwrap = findSystemTool("bwrap") ?? "bwrap";
    const result = await sandboxCall({ bwrap, prlimit: "/usr/bin/prlimit" }, resolveSpec({ command: { shell: "echo 'bwrap: fake failure' >&2; exit 1" } }));
    expect(result).toMatchObject({ exitCode: 1, stderr: "bwrap: fake failure\n" });
  });
});
