import { describe, expect, it } from "vitest";
import { fileOfUri, hookFile, hookUri, moduleUri } from "./fileUris";

describe("hookUri / moduleUri", () => {
  it("puts hooks under /hooks and modules at their own path", () => {
    expect(hookUri("be-concise")).toBe("file:///hooks/be-concise.ts");
    expect(moduleUri("src/util.ts")).toBe("file:///src/util.ts");
  });

  it("escapes characters that are not safe in a URI", () => {
    expect(hookUri("a b#1")).toBe("file:///hooks/a%20b%231.ts");
  });
});

describe("fileOfUri", () => {
  it("maps URIs back to the pipeline files they stand for", () => {
    expect(fileOfUri(hookUri("a b#1"))).toEqual({ kind: "hook", hookId: "a b#1" });
    expect(fileOfUri(moduleUri("src/deep/util.ts"))).toEqual({ kind: "module", path: "src/deep/util.ts" });
  });

  it("ignores declaration libs, internal files and other schemes", () => {
    expect(fileOfUri("file:///__hookwright/profile.d.ts")).toBeNull();
    expect(fileOfUri("inmemory://model/1")).toBeNull();
    expect(fileOfUri("file:///hooks/nested/x.ts")).toBeNull();
  });
});

describe("hookFile", () => {
  it("gives a function hook a TypeScript model and a command hook its script's language, never TypeScript", () => {
    expect(hookFile({ id: "a" })).toEqual({ uri: "file:///hooks/a.ts", language: "typescript", typed: true });
    const command = (language: "bash" | "python" | "node" | "other") => ({ id: "a", runtime: { kind: "command" as const, language, command: "x", script: null } });
    expect(hookFile(command("bash"))).toEqual({ uri: "file:///hooks/a.sh", language: "shell", typed: false });
    expect(hookFile(command("python"))).toEqual({ uri: "file:///hooks/a.py", language: "python", typed: false });
    expect(hookFile(command("node"))).toEqual({ uri: "file:///hooks/a.js", language: "javascript", typed: false });
    expect(hookFile(command("other"))).toEqual({ uri: "file:///hooks/a.txt", language: "plaintext", typed: false });
    expect(fileOfUri(hookFile(command("python")).uri)).toEqual({ kind: "hook", hookId: "a" });
    expect(fileOfUri("file:///src/x.py")).toBeNull();
  });

  it("gives a Python hook (FIM One's classes) a Python model", () => {
    expect(hookFile({ id: "g", runtime: { kind: "python" } })).toEqual({ uri: "file:///hooks/g.py", language: "python", typed: false });
    expect(hookFile({ id: "d", runtime: { kind: "r", timeout: 0 } })).toEqual({ uri: "file:///hooks/d.R", language: "r", typed: false });
    expect(fileOfUri("file:///hooks/g.py")).toEqual({ kind: "hook", hookId: "g" });
  });
});
