import ts from "typescript";
import { describe, expect, it } from "vitest";
import { nodeSurfaceDeclarations } from "./nodeTypes";

/** The editor's declarations of the simulated Node host type-check real hook code, and flag what the sandbox refuses. */

function diagnostics(code: string): string[] {
  const files = new Map([
    ["/node.d.ts", nodeSurfaceDeclarations()],
    ["/hook.ts", code],
  ]);
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Node10, lib: ["lib.es2022.d.ts"], types: [] };
  const host = ts.createCompilerHost(options);
  const original = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) => {
    const text = files.get(name);
    return text !== undefined ? ts.createSourceFile(name, text, version) : original(name, version);
  };
  host.fileExists = (name) => files.has(name) || ts.sys.fileExists(name);
  host.readFile = (name) => files.get(name) ?? ts.sys.readFile(name);
  const program = ts.createProgram(["/node.d.ts", "/hook.ts"], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}

describe("the editor's Node surface declarations", () => {
  it("type-check a hook using process, Buffer, URL and the node: modules", () => {
    const code = `import fs from "node:fs";
import { readFile } from "fs/promises";
import path, { join } from "node:path";
import { createHash, randomUUID } from "node:crypto";
import { EventEmitter, once } from "events";
import util from "node:util";
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import os from "os";
export default async function (ctx: { n: number }) {
  const file = join(process.cwd(), "data", "x.json");
  fs.writeFileSync(file, JSON.stringify({ id: randomUUID() }));
  const text: string = await readFile(file, "utf8");
  const digest: string = createHash("sha256").update(Buffer.from(text)).digest("hex");
  const url = new URL("/x?y=1", "https://h");
  process.stderr.write(util.format("%s %d", digest, url.searchParams.size) + os.EOL);
  const e = new EventEmitter(); setImmediate(() => e.emit("go", 1)); await once(e, "go");
  await sleep(10);
  assert.equal(path.basename(file), "x.json");
  ctx.n = new TextEncoder().encode(process.env.MODE ?? "").length + process.hrtime()[0];
}`;
    expect(diagnostics(code)).toEqual([]);
  });

  it("flag a module the sandbox refuses", () => {
    expect(diagnostics(`import { execSync } from "node:child_process";\nexport default () => execSync("id");`)).toEqual([
      "/hook.ts: Cannot find module 'node:child_process' or its corresponding type declarations.",
    ]);
  });
});
