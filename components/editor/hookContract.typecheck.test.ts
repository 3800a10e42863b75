import ts from "typescript";
import { describe, expect, it } from "vitest";
import { examplePipelines } from "~/core/examples";
import { getProfile, listProfiles } from "~/core/profiles";
import { generateProfileDts } from "~/core/profiles/dts";
import type { Profile } from "~/core/profiles/types";
import { contractSource, exportedTypeNames } from "./hookContract";

/**
 * The editor's hook contract on every profile, checked by the real TypeScript compiler as Monaco's worker
 * checks it: the hook file, its hidden companion, and the profile's declarations, nothing else.
 */
const libCache = new Map<string, ts.SourceFile | undefined>();

/** Errors of each hook's contract (one program for all of them: lib files are parsed once). */
function contractErrorsOf(profile: Profile, hooks: readonly { point: string; code: string }[]): string[][] {
  const files = new Map([["/types.d.ts", generateProfileDts(profile)]]);
  hooks.forEach((hook, i) => {
    const point = profile.points.find((p) => p.id === hook.point);
    if (!point) throw new Error(`no point ${hook.point}`);
    files.set(`/hooks/h${i}.ts`, hook.code);
    files.set(`/__checks/h${i}.ts`, contractSource({ hookId: `h${i}`, point, typesModule: profile.typesModule, typeNames: exportedTypeNames(profile) }));
  });
  const options: ts.CompilerOptions = { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, lib: ["lib.es2022.d.ts", "lib.dom.d.ts"], noEmit: true, types: [] };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (name) => files.get(name) ?? read(name);
  host.fileExists = (name) => files.has(name) || ts.sys.fileExists(name);
  host.directoryExists = (dir) => [...files.keys()].some((f) => f.startsWith(`${dir.replace(/\/$/, "")}/`)) || ts.sys.directoryExists(dir);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) => {
    const text = files.get(name);
    if (text !== undefined) return ts.createSourceFile(name, text, version);
    if (!libCache.has(name)) libCache.set(name, getSourceFile(name, version));
    return libCache.get(name);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  const errors: string[][] = hooks.map(() => []);
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file?.fileName ?? "";
    const i = Number(/\/h(\d+)\.ts$/.exec(file)?.[1] ?? -1);
    const message = `${file.replace(/h\d+\.ts$/, "h.ts")}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
    if (i >= 0 && errors[i]) errors[i].push(message);
    else throw new Error(message);
  }
  return errors;
}

function contractErrors(profile: Profile, pointId: string, code: string): string[] {
  return contractErrorsOf(profile, [{ point: pointId, code }])[0] ?? [];
}

const fimOne = getProfile("fim-one") as Profile;

describe("every profile's hook contract in the editor", () => {
  it("accepts every point's template and every example hook, on every profile", () => {
    const failures: string[] = [];
    // A host that takes no TypeScript hooks (deputy: R) has no TypeScript contract to check.
    for (const profile of listProfiles().filter((p) => (p.runtimes ?? ["function"]).includes("function"))) {
      const hooks: { point: string; code: string; label: string }[] = profile.points.map((p) => ({ point: p.id, code: p.template, label: `${p.id} template` }));
      for (const example of examplePipelines.filter((e) => (e.profile ?? "vellum") === profile.id)) {
        // Hooks importing the pipeline's shared modules need those files; their contract is the same.
        for (const hook of (example.hooks ?? []).filter((h) => !/from "\.\.?\//.test(h.code))) hooks.push({ point: hook.point, code: hook.code, label: `${example.name} / ${hook.name}` });
      }
      contractErrorsOf(profile, hooks).forEach((errors, i) => failures.push(...errors.map((e) => `${profile.id} ${hooks[i]?.label}: ${e}`)));
    }
    expect(failures).toEqual([]);
  });

  it("flags a hook taking the host's arguments but returning the wrong shape (OpenClaw, Claude Code)", () => {
    const openclaw = getProfile("openclaw") as Profile;
    const wrongBlock = contractErrors(openclaw, "before_tool_call", 'export default async (event: unknown, ctx: unknown) => { void event; void ctx; return { block: "yes" }; };\n');
    expect(wrongBlock).toHaveLength(1);
    expect(wrongBlock[0]).toContain("Type 'string' is not assignable to type 'boolean");
    const claude = getProfile("claude-code") as Profile;
    const wrongEvent = contractErrors(claude, "PreToolUse", 'export default async () => ({ hookSpecificOutput: { hookEventName: "PostToolUse" as const, permissionDecision: "deny" as const } });\n');
    expect(wrongEvent).toHaveLength(1);
  });
});

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
