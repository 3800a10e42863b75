import { mkdtemp, mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ArchiveError } from "./archiveError";
import { readPluginFolder, writePluginFolder } from "./folder";

let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "hookwright-folder-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ArchiveError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error("accepted");
}

describe("readPluginFolder", () => {
  it("reads files by relative path, skipping runtime data and dependencies", async () => {
    await mkdir(join(dir, "hooks"));
    await mkdir(join(dir, "node_modules/x"), { recursive: true });
    await mkdir(join(dir, "data"));
    await writeFile(join(dir, "package.json"), '{"name":"p"}');
    await writeFile(join(dir, "hooks/stop.ts"), "export default async () => {};");
    await writeFile(join(dir, "node_modules/x/index.js"), "");
    await writeFile(join(dir, "data/state.json"), "{}");
    const files = await readPluginFolder(dir);
    expect([...files.keys()]).toEqual(["hooks/stop.ts", "package.json"]);
  });

  it("refuses links inside the folder", async () => {
    await mkdir(join(dir, "hooks"));
    await symlink("/etc/passwd", join(dir, "hooks/stop.ts"));
    expect(await refusal(readPluginFolder(dir))).toEqual({ code: "LINK", message: '"hooks/stop.ts" is a symbolic link; links are not allowed in a plugin folder.' });
  });

  it("refuses folders over the limits", async () => {
    await writeFile(join(dir, "big.ts"), "x".repeat(3000));
    const limits = { maxArchiveBytes: 1, maxEntries: 10, maxFileBytes: 2048, maxTotalBytes: 4096 };
    expect(await refusal(readPluginFolder(dir, limits))).toEqual({ code: "FILE_TOO_LARGE", message: '"big.ts" is 2.9 KB; at most 2 KB per file are allowed.' });
    expect(await refusal(readPluginFolder(dir, { ...limits, maxEntries: 0 }))).toEqual({
      code: "TOO_MANY_ENTRIES",
      message: "The folder has more than 0 files and folders, the limit for a plugin.",
    });
  });
});

describe("writePluginFolder", () => {
  it("writes the files into a new folder", async () => {
    const out = join(dir, "plugin");
    await writePluginFolder(out, [{ path: "hooks/stop.ts", content: "x" }, { path: "package.json", content: "{}" }]);
    expect(await readFile(join(out, "hooks/stop.ts"), "utf8")).toBe("x");
  });

  it("refuses a folder that already has files", async () => {
    await writeFile(join(dir, "keep.txt"), "mine");
    expect(await refusal(writePluginFolder(dir, [{ path: "package.json", content: "{}" }]))).toEqual({
      code: "FOLDER_NOT_EMPTY",
      message: `${dir} already has files in it; export into a new or empty folder.`,
    });
    expect(await readFile(join(dir, "keep.txt"), "utf8")).toBe("mine");
  });
});
