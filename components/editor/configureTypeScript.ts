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
 */
export function configureTypeScript(typescript: TypeScript, declarations: string, dependencyLibs: readonly { filePath: string; content: string }[] = []): void {
  const defaults = typescript.typescriptDefaults;
  defaults.setCompilerOptions({
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
  });
  defaults.setDiagnosticsOptions({ noSemanticValidation: false, noSyntaxValidation: false, noSuggestionDiagnostics: false });
  // Every hook and module is a model; syncing them all lets imports between them resolve.
  defaults.setEagerModelSync(true);
  defaults.setExtraLibs([
    { content: declarations, filePath: "file:///__hookwright/profile.d.ts" },
    { content: SANDBOX_GLOBALS, filePath: "file:///__hookwright/sandbox.d.ts" },
    // The simulated Node host: process, Buffer, URL, … and the node: modules the sandbox has.
    { content: nodeSurfaceDeclarations(), filePath: "file:///__hookwright/node.d.ts" },
    // The declared npm dependencies' own .d.ts (or @types), under file:///node_modules/ where imports resolve them.
    ...dependencyLibs,
  ]);
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
