import ts from "typescript";
import type { Pipeline } from "../../pipeline/schema";
import type { TestHook } from "./inProcessRunner";

/**
 * Test-only: turns a pipeline's TypeScript hooks into in-process functions (transpiled to
 * CommonJS, evaluated with a `require` that resolves the pipeline's own modules), so core
 * tests can check what example hooks do without the sandbox. App code never does this.
 */
export function evalPipelineHooks(pipeline: Pipeline, console: Pick<Console, "log" | "warn" | "error" | "info" | "debug">): Record<string, TestHook> {
  const cache = new Map<string, Record<string, unknown>>();
  const load = (path: string, code: string): Record<string, unknown> => {
    const cached = cache.get(path);
    if (cached) return cached;
    const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
    const module = { exports: {} as Record<string, unknown> };
    cache.set(path, module.exports);
    const dir = path.split("/").slice(0, -1);
    const require = (spec: string) => {
      const parts = [...dir];
      for (const seg of spec.split("/")) {
        if (seg === "..") parts.pop();
        else if (seg !== ".") parts.push(seg);
      }
      const target = `${parts.join("/")}.ts`;
      const mod = pipeline.modules.find((m) => m.path === target);
      if (!mod) throw new Error(`cannot resolve "${spec}" from ${path}`);
      return load(target, mod.code);
    };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- test-only evaluation of example hooks
    new Function("exports", "require", "module", "console", js)(module.exports, require, module, console);
    return module.exports;
  };
  const hooks: Record<string, TestHook> = {};
  for (const hook of pipeline.hooks) {
    const exports = load(`hooks/${hook.id}.ts`, hook.code);
    const fn = exports.default;
    const isHookObject = typeof fn === "object" && fn !== null && typeof (fn as { execute?: unknown }).execute === "function";
    if (typeof fn !== "function" && !isHookObject) throw new Error(`hook ${hook.id} has no default-exported function`);
    hooks[hook.id] = fn as TestHook;
  }
  return hooks;
}
