import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { getProfile } from "~/core/profiles";
import { generateProfileDts } from "~/core/profiles/dts";
import type { Profile } from "~/core/profiles/types";
import { nodeSurfaceDeclarations } from "~/core/sandbox/nodeTypes";
import { ensureVellumPackage, PACKAGE_TIMEOUT_MS } from "./testing/vellumPackage";

/**
 * The editor's declarations of `@vellumai/plugin-api` (the Vellum profile's types plus its
 * runtime values) and of the simulated Node surface, as Monaco's worker sees them (components/editor/configureTypeScript.ts), checked by the
 * real TypeScript compiler against code that uses the runtime values: the host's own
 * image-fallback plugin, file for file, and a hook with a deliberate mistake.
 */

const vellum = getProfile("vellum") as Profile;
let pkg = "";
beforeAll(async () => {
  pkg = await ensureVellumPackage();
}, PACKAGE_TIMEOUT_MS);

function errorsOf(files: Map<string, string>): string[] {
  const all = new Map([["/types.d.ts", generateProfileDts(vellum)], ["/node.d.ts", nodeSurfaceDeclarations()], ...files]);
  // Monaco's options (configureTypeScript.ts): no DOM, the sandbox's globals come from node.d.ts.
  const options: ts.CompilerOptions = { strict: true, noImplicitReturns: true, target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Node10, lib: ["lib.es2022.d.ts"], isolatedModules: true, noEmit: true, types: [] };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (name) => all.get(name) ?? read(name);
  host.fileExists = (name) => all.has(name) || ts.sys.fileExists(name);
  host.directoryExists = (dir) => [...all.keys()].some((f) => f.startsWith(`${dir.replace(/\/$/, "")}/`)) || ts.sys.directoryExists(dir);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) => {
    const text = all.get(name);
    return text !== undefined ? ts.createSourceFile(name, text, version) : getSourceFile(name, version);
  };
  const program = ts.createProgram([...all.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}

describe("the plugin API's runtime values in the editor", () => {
  it("type-check the host's image-fallback plugin as it is", () => {
    const dir = join(pkg, "src/plugins/defaults/image-fallback");
    const paths = ["hooks/user-prompt-submit.ts", "hooks/post-tool-use.ts", "src/caption-blocks.ts", "src/vision-caption.ts", "src/image-persist.ts", "src/caption-cache.ts"];
    expect(errorsOf(new Map(paths.map((p) => [`/${p}`, readFileSync(join(dir, p), "utf8")])))).toEqual([]);
  });

  it("report a wrong use of them", () => {
    const code = [
      'import { doesSupportVision, getConfiguredProvider, HOOKS, isMaxTokensStopReason, RiskLevel, assistantEventHub } from "@vellumai/plugin-api";',
      "export async function f(): Promise<void> {",
      "  const p = await getConfiguredProvider(\"vision\");",
      "  const r = await p?.sendMessage([{ role: \"user\", content: [{ type: \"text\", text: \"hi\" }] }]);",
      "  const n: number = r?.stopReason ?? 0;",
      "  doesSupportVision(42);",
      "  void [HOOKS.STOP, RiskLevel.High, isMaxTokensStopReason(\"length\"), assistantEventHub.hasSubscribersForEvent({ message: { type: \"x\" } }), n];",
      "}",
    ].join("\n");
    expect(errorsOf(new Map([["/hooks/h.ts", code]]))).toEqual([
      "/hooks/h.ts: Type 'string | 0' is not assignable to type 'number'.\n  Type 'string' is not assignable to type 'number'.",
      "/hooks/h.ts: Argument of type 'number' is not assignable to parameter of type 'string | ModelProfileInfo'.",
    ]);
  });
});
