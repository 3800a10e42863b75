import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import type { BundleFile } from "~/core/bundles/types";

const PROJECT = fileURLToPath(new URL("../../../", import.meta.url));
/** Bundles live in memory under the project, so the SDK's own imports (zod, @anthropic-ai/sdk, Node types) resolve from its node_modules. */
const VIRTUAL_ROOT = join(PROJECT, ".cache", "__claude_sdk_check__");

/**
 * Type-checks exported Agent SDK modules against the real `@anthropic-ai/claude-agent-sdk`
 * declarations (`sdkDir/sdk.d.ts`), strict, as a user's TypeScript project would (ES modules, Node
 * types). Only the bundles' own diagnostics are reported, as `name/path(line,col): TSxxxx message`.
 */
export function typeCheckSdkModules(bundles: readonly { name: string; files: readonly BundleFile[] }[], sdkDir: string): { diagnostics: string[]; program: ts.Program } {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ["node"],
    typeRoots: [join(PROJECT, "node_modules", "@types")],
    paths: { "@anthropic-ai/claude-agent-sdk": [join(sdkDir, "sdk.d.ts")] },
  };
  const virtual = new Map<string, string>();
  for (const bundle of bundles) for (const file of bundle.files) virtual.set(join(VIRTUAL_ROOT, bundle.name, file.path), file.content);
  const host = ts.createCompilerHost(options);
  const base = { ...host };
  host.fileExists = (f) => virtual.has(f) || (!f.startsWith(VIRTUAL_ROOT) && base.fileExists(f));
  host.readFile = (f) => virtual.get(f) ?? (f.startsWith(VIRTUAL_ROOT) ? undefined : base.readFile(f));
  host.directoryExists = (d) => [...virtual.keys()].some((f) => f.startsWith(`${d.replace(/\/$/, "")}/`)) || (!d.startsWith(VIRTUAL_ROOT) && (base.directoryExists?.(d) ?? false));
  host.realpath = (p) => (p.startsWith(VIRTUAL_ROOT) ? p : (base.realpath?.(p) ?? p));
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const text = virtual.get(fileName);
    if (text !== undefined) return ts.createSourceFile(fileName, text, languageVersion, true);
    return base.getSourceFile(fileName, languageVersion, onError, shouldCreate);
  };
  const roots = [...virtual.keys()].filter((f) => f.endsWith(".ts"));
  const program = ts.createProgram(roots, options, host);
  const diagnostics = roots.flatMap((root) => {
    const source = program.getSourceFile(root);
    if (source === undefined) return [`${root}: not part of the program`];
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) => {
      const { line, character } = source.getLineAndCharacterOfPosition(d.start ?? 0);
      return `${root.slice(VIRTUAL_ROOT.length + 1)}(${line + 1},${character + 1}): TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
    });
  });
  return { diagnostics, program };
}
