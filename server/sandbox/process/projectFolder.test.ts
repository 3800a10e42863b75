import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { diffFolder, materialiseFiles } from "./projectFolder";

/* The project folder on the host side, without a sandbox: written, then diffed. */

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "hookwright-folder-test-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const caps = { reportedFileBytes: 1024, reportedFiles: 10 };

describe("materialiseFiles and diffFolder", () => {
  it("writes files with their modes, and finds nothing changed right after", async () => {
    const dir = freshDir();
    const snapshot = await materialiseFiles(dir, [
      { path: "a/b/run.sh", content: "#!/bin/sh\n", mode: 0o755 },
      { path: "data.bin", content: new Uint8Array([0, 255]) },
    ]);
    expect(await diffFolder(dir, snapshot, caps)).toEqual({ changes: [], truncated: false });
  });

  it("refuses paths that leave the folder or repeat", async () => {
    await expect(materialiseFiles(freshDir(), [{ path: "../x", content: "" }])).rejects.toMatchObject({ code: "BAD_SPEC" });
    await expect(materialiseFiles(freshDir(), [{ path: "x", content: "" }, { path: "x", content: "" }])).rejects.toMatchObject({ code: "BAD_SPEC" });
  });

  it("reports a link as a link, never reading what it points at", async () => {
    const dir = freshDir();
    const snapshot = await materialiseFiles(dir, [{ path: "f", content: "x" }]);
    rmSync(path.join(dir, "f"));
    symlinkSync("/etc/hostname", path.join(dir, "f"));
    const { changes } = await diffFolder(dir, snapshot, caps);
    expect(changes).toEqual([expect.objectContaining({ path: "f", kind: "modified", type: "symlink", content: null, linkTarget: "/etc/hostname" })]);
  });

  it("stops the list at reportedFiles and says so", async () => {
    const dir = freshDir();
    const snapshot = await materialiseFiles(dir, []);
    for (let i = 0; i < 5; i++) writeFileSync(path.join(dir, `f${i}`), "x");
    const { changes, truncated } = await diffFolder(dir, snapshot, { ...caps, reportedFiles: 3 });
    expect(changes.map((c) => c.path)).toEqual(["f0", "f1", "f2"]);
    expect(truncated).toBe(true);
  });
});
