import { describe, expect, it } from "vitest";
import ts from "typescript";
import { dependencyOfFailure, dependencyTypes, type TypeFile } from "./types";

/** Type-checks `hook` against the files the editor gets, the way Monaco's TypeScript resolves them (node resolution from file:///). */
function diagnostics(hook: string, files: TypeFile[]): string[] {
  const byPath = new Map(files.map((f) => [f.filePath.replace("file://", ""), f.content]));
  byPath.set("/hooks/gate.ts", hook);
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Node10, lib: ["lib.es2022.d.ts"], types: [] };
  const host = ts.createCompilerHost(options);
  const fileExists = (path: string) => byPath.has(path) || (path.includes("/typescript/lib/") && host.fileExists(path));
  const readFile = (path: string) => byPath.get(path) ?? (path.includes("/typescript/lib/") ? host.readFile(path) : undefined);
  const program = ts.createProgram(["/hooks/gate.ts"], options, {
    ...host,
    fileExists,
    readFile,
    directoryExists: (dir) => [...byPath.keys()].some((p) => p.startsWith(`${dir}/`)) || dir.includes("/typescript/lib"),
    getCurrentDirectory: () => "/",
    getSourceFile: (path, version) => {
      const text = readFile(path);
      return text === undefined ? undefined : ts.createSourceFile(path, text, version);
    },
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

describe("the editor's declarations of a pipeline's dependencies", () => {
  it("are shell-quote's own index.d.ts and package.json, under file:///node_modules/", async () => {
    const r = await dependencyTypes([{ name: "shell-quote", range: "^1.8.1" }]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.files.map((f) => f.filePath).sort()).toEqual([
      "file:///node_modules/shell-quote/index.d.ts",
      "file:///node_modules/shell-quote/package.json",
      "file:///node_modules/shell-quote/parse.d.ts",
      "file:///node_modules/shell-quote/quote.d.ts",
    ]);
    expect(r.files.find((f) => f.filePath.endsWith("/parse.d.ts"))?.content).toContain("declare namespace parse");
    expect(r.untyped).toEqual([]);
    // IntelliSense: parse's result is typed, so a hook using it right checks clean and a wrong use is caught.
    const good = 'import { parse } from "shell-quote";\nexport const words: string[] = parse("ls -la").filter((w): w is string => typeof w === "string");\n';
    expect(diagnostics(good, r.files)).toEqual([]);
    const bad = 'import { parse } from "shell-quote";\nexport const n: number = parse("ls");\n';
    expect(diagnostics(bad, r.files)).toEqual([expect.stringMatching(/^Type '.*' is not assignable to type 'number'\.$/)]);
  }, 120_000);

  it("give each declared package's installed version, and those without type declarations", async () => {
    const r = await dependencyTypes([{ name: "shell-quote", range: "1.8.1" }]);
    expect(r.ok && r.versions).toEqual({ "shell-quote": "1.8.1" });
    // 1.8.1 shipped no .d.ts (1.12.0 does): the editor is told it has none.
    expect(r.ok && r.untyped).toEqual(["shell-quote"]);
  }, 120_000);

  it("name the declared package a failure concerns, or none when it is a package they pull in", () => {
    const deps = [{ name: "shell-quote", range: "^1.8.1" }, { name: "@scope/tool", range: "1.x" }];
    expect(dependencyOfFailure("dependency @scope/tool: the npm registry has no package of that name", deps)).toBe("@scope/tool");
    expect(dependencyOfFailure("dependency shell-quote@1.8.1 is refused: it has install scripts (postinstall), which Hookwright does not run", deps)).toBe("shell-quote");
    expect(dependencyOfFailure("dependency left-pad@1.0.0 is refused: it has native code (binding.gyp), which the sandbox cannot load", deps)).toBe(null);
    expect(dependencyOfFailure("installing the dependencies (shell-quote@^1.8.1) failed: ETIMEDOUT", deps)).toBe(null);
  });

  it("name a package the registry does not have", async () => {
    expect(await dependencyTypes([{ name: "hookwright-no-such-package-4f1c", range: "^1.0.0" }])).toEqual({
      ok: false,
      message: "dependency hookwright-no-such-package-4f1c: the npm registry has no package of that name",
      dependency: "hookwright-no-such-package-4f1c",
    });
  }, 60_000);

  it("say which dependency failed to install", async () => {
    expect(await dependencyTypes([{ name: "shell-quote", range: "^99.0.0" }])).toEqual({ ok: false, message: "dependency shell-quote: no published version matches ^99.0.0", dependency: "shell-quote" });
  }, 60_000);
});
