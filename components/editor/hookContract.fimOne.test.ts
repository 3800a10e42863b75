import ts from "typescript";
import { describe, expect, it } from "vitest";
import { examplePipelines } from "~/core/examples";
import { getProfile } from "~/core/profiles";
import { generateProfileDts } from "~/core/profiles/dts";
import type { Profile } from "~/core/profiles/types";
import { contractSource, exportedTypeNames } from "./hookContract";

/**
 * The editor's hook contract for FIM One, checked by the real TypeScript compiler as Monaco's worker
 * checks it: the hook file, its hidden companion, and the profile's declarations, nothing else.
 */
function contractErrors(profile: Profile, pointId: string, code: string): string[] {
  const point = profile.points.find((p) => p.id === pointId);
  if (!point) throw new Error(`no point ${pointId}`);
  const files = new Map([
    ["/types.d.ts", generateProfileDts(profile)],
    ["/hooks/h.ts", code],
    ["/__checks/h.ts", contractSource({ hookId: "h", point, typesModule: profile.typesModule, typeNames: exportedTypeNames(profile) })],
  ]);
  const options: ts.CompilerOptions = { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, lib: ["lib.es2022.d.ts"], noEmit: true, types: [] };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (name) => files.get(name) ?? read(name);
  host.fileExists = (name) => files.has(name) || ts.sys.fileExists(name);
  host.directoryExists = (dir) => [...files.keys()].some((f) => f.startsWith(`${dir.replace(/\/$/, "")}/`)) || ts.sys.directoryExists(dir);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) => {
    const text = files.get(name);
    return text !== undefined ? ts.createSourceFile(name, text, version) : getSourceFile(name, version);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}

const fimOne = getProfile("fim-one") as Profile;

describe("FIM One hook contract in the editor", () => {
  it("accepts every point's template (a default-exported class)", () => {
    for (const point of fimOne.points) expect(contractErrors(fimOne, point.id, point.template), point.id).toEqual([]);
  });

  it("accepts every hook of the FIM One examples", () => {
    const hooks = examplePipelines.filter((p) => p.profile === "fim-one").flatMap((p) => p.hooks ?? []);
    expect(hooks.length).toBeGreaterThan(3);
    for (const hook of hooks) expect(contractErrors(fimOne, hook.point, hook.code), hook.name).toEqual([]);
  });

  it("accepts an object with execute and a plain function, as the registry runs them", () => {
    const head = 'import type { HookContext } from "fim-one/hooks";\n';
    expect(contractErrors(fimOne, "PreToolUse", `${head}export default { name: "o", priority: 1, async execute(ctx: HookContext) { void ctx; return {}; } };\n`)).toEqual([]);
    expect(contractErrors(fimOne, "PreToolUse", `${head}export default async (ctx: HookContext) => { void ctx; return { allow: false, error: "no" }; };\n`)).toEqual([]);
  });

  it("flags a class without execute and an execute that returns no HookResult", () => {
    const noExecute = contractErrors(fimOne, "PostToolUse", 'export default class Nope { name = "n"; priority = 1; }\n');
    expect(noExecute).toHaveLength(1);
    expect(noExecute[0]).toMatch(/^\/__checks\/h\.ts: Type 'typeof Nope' is not assignable to type /);
    const wrong = contractErrors(fimOne, "PostToolUse", 'export default class Bad { name = "b"; priority = 1; async execute() { return 42; } }\n');
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toMatch(/^\/__checks\/h\.ts: Type 'typeof Bad' is not assignable to type /);
  });
});
