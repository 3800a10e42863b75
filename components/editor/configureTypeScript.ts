import { nodeSurfaceDeclarations } from "~/core/sandbox/nodeTypes";
import type { typescript as TypeScriptNamespace } from "./setupMonaco";

type TypeScript = typeof TypeScriptNamespace;

/** What hook code can use besides the profile's types: the sandbox's console. */
const SANDBOX_GLOBALS = `
interface HookConsole {
  log(...values: unknown[]): void;
  info(...values: unknown[]): void;
  warn(...values: unknown[]): void;
  error(...values: unknown[]): void;
  debug(...values: unknown[]): void;
}
/** Captured into the run's logs for this hook. */
declare const console: HookConsole;
`;

/**
 * Makes Monaco's TypeScript service check hook files the way the project does: strict, ES
 * modules, no DOM (hooks run in a sandbox, not a page), the profile's context types
 * (its generated `.d.ts`) available as `import type { … } from "<typesModule>"`, and the
 * declarations of the pipeline's npm dependencies (useDependencyTypes).
 *
 * Called on every mount and whenever the libs change, so it changes only what differs: setting
 * compiler or diagnostics options makes Monaco stop its TypeScript worker, and a completion or
 * check asked of the stopped worker never answers (the suggest widget stays on "Loading…").
 * Extra libs are handed to the running worker instead.
 */
export function configureTypeScript(typescript: TypeScript, declarations: string, dependencyLibs: readonly { filePath: string; content: string }[] = []): void {
  const defaults = typescript.typescriptDefaults;
  const compilerOptions = {
    strict: true,
    noImplicitReturns: true,
    noFallthroughCasesInSwitch: true,
    target: typescript.ScriptTarget.ES2020,
    module: typescript.ModuleKind.ESNext,
    moduleResolution: typescript.ModuleResolutionKind.NodeJs,
    lib: ["es2022"],
    allowNonTsExtensions: true,
    isolatedModules: true,
    noEmit: true,
  };
  if (!sameJson(defaults.getCompilerOptions(), compilerOptions)) defaults.setCompilerOptions(compilerOptions);
  const diagnosticsOptions = { noSemanticValidation: false, noSyntaxValidation: false, noSuggestionDiagnostics: false };
  if (!sameJson(defaults.getDiagnosticsOptions(), diagnosticsOptions)) defaults.setDiagnosticsOptions(diagnosticsOptions);
  // JavaScript models are Node command hooks' scripts: syntax errors only, no TypeScript checks
  // (they run on the machine's node, not against the profile's types or the sandbox's globals).
  const scriptDiagnostics = { noSemanticValidation: true, noSyntaxValidation: false, noSuggestionDiagnostics: true };
  if (!sameJson(typescript.javascriptDefaults.getDiagnosticsOptions(), scriptDiagnostics)) typescript.javascriptDefaults.setDiagnosticsOptions(scriptDiagnostics);
  // Every hook and module is a model; syncing them all lets imports between them resolve.
  defaults.setEagerModelSync(true);
  const libs = [
    { content: declarations, filePath: "file:///__hookwright/profile.d.ts" },
    { content: SANDBOX_GLOBALS, filePath: "file:///__hookwright/sandbox.d.ts" },
    // The simulated Node host: process, Buffer, URL, … and the node: modules the sandbox has.
    { content: nodeSurfaceDeclarations(), filePath: "file:///__hookwright/node.d.ts" },
    // The declared npm dependencies' own .d.ts (or @types), under file:///node_modules/ where imports resolve them.
    ...dependencyLibs,
  ];
  // The same libs again would make the worker rebuild its program for nothing.
  if (!sameLibs(defaults.getExtraLibs(), libs)) defaults.setExtraLibs(libs);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function sameLibs(current: Record<string, { content: string }>, wanted: readonly { filePath: string; content: string }[]): boolean {
  const paths = Object.keys(current);
  return paths.length === wanted.length && wanted.every((lib) => current[lib.filePath]?.content === lib.content);
}

/**
 * Re-checks every model. Monaco re-validates a model only when that model changes, so after
 * a shared module is edited the hooks importing it would keep stale errors; setting the
 * (same) extra libs again makes it re-validate them all without restarting its worker.
 */
export function revalidateAllModels(typescript: TypeScript): void {
  const defaults = typescript.typescriptDefaults;
  const libs = Object.entries(defaults.getExtraLibs()).map(([filePath, lib]) => ({ filePath, content: lib.content }));
  defaults.setExtraLibs(libs);
}
