import { describeIssues, parsePipeline } from "../pipeline/parsePipeline";
import type { Hook, Pipeline } from "../pipeline/schema";
import type { ExecutionModel, Profile } from "../profiles/types";
import { BundleError } from "./errors";
import { pluginNameOf } from "./names";
import { REGISTRY_RECORDER_FILE, REGISTRY_RECORDER_IMPORT, registryRecorderModule, registryRecorderReadme } from "./recorderRegistry";
import type { PluginExport } from "./registry";
import type { BundleFile } from "./types";

/**
 * A registry pipeline (seed 001) as a TypeScript module: `register(hookRegistry)` makes one
 * `registerVoid` / `registerModifying` / `registerClaiming` call per enabled hook, in the
 * pipeline's order, with the method its point's execution model names, and returns the cleanup
 * function that undoes them all (each register call returns its own, as the seed's API does).
 */

const METHOD: Partial<Record<ExecutionModel, string>> = { void: "registerVoid", modifying: "registerModifying", claiming: "registerClaiming" };

function fileIdOf(hook: Hook): string {
  return hook.id.replace(/[^A-Za-z0-9_-]+/g, "-") || "hook";
}

export function exportHookRegistryModule(input: Pipeline, options: { profile: Profile; recorder?: boolean }): PluginExport {
  const parsed = parsePipeline(input);
  if (!parsed.ok) throw new BundleError("INVALID_PIPELINE", `The pipeline is not valid:\n${describeIssues(parsed.issues)}`);
  const pipeline = parsed.value;
  const { profile } = options;
  if (pipeline.profile !== profile.id) throw new BundleError("WRONG_PROFILE", `Only pipelines on the ${profile.id} profile can be exported as a hook registry module; "${pipeline.name}" is on "${pipeline.profile}".`);
  const specs = new Map(profile.points.map((p) => [p.id, p]));
  const hooks = pipeline.hooks.filter((h) => h.enabled && specs.has(h.point));
  const files = new Map<string, string>();
  const imports: string[] = [];
  const calls: string[] = [];
  hooks.forEach((hook, i) => {
    const spec = specs.get(hook.point);
    const method = spec ? METHOD[spec.execution] : undefined;
    if (!method) throw new BundleError("UNKNOWN_POINT", `Hook "${hook.name}" is on ${hook.point}, whose execution model (${spec?.execution ?? "unknown"}) the hook registry has no register method for.`);
    const path = `hooks/${fileIdOf(hook)}.ts`;
    if (files.has(path)) throw new BundleError("PATH_COLLISION", `Two hooks would both be written to ${path}; give them ids that differ in letters or digits.`);
    files.set(path, hook.code);
    imports.push(`import hook${i + 1} from ${JSON.stringify(`./${path}`)};`);
    calls.push(`    hookRegistry.${method}(${JSON.stringify(hook.point)}, hook${i + 1}),`);
  });
  // The recorder first on every point: a claim stops the points after it (recorderRegistry.ts).
  const recorderCalls = options.recorder
    ? profile.points.flatMap((p) => {
        const method = METHOD[p.execution];
        return method ? [`    hookRegistry.${method}(${JSON.stringify(p.id)}, recorderFor(${JSON.stringify(p.id)})), // Hookwright's recorder`] : [];
      })
    : [];
  if (options.recorder) imports.push(REGISTRY_RECORDER_IMPORT);
  for (const module of pipeline.modules) {
    if (files.has(module.path) || module.path === "register.ts" || module.path === "README.md" || (options.recorder && module.path === REGISTRY_RECORDER_FILE)) throw new BundleError("PATH_COLLISION", `Module ${module.path} would overwrite a file Hookwright generates; rename the module.`);
    files.set(module.path, module.code);
  }
  const register = [
    ...imports,
    "",
    "/** The registry's methods this module calls (seed 001); each returns a function that removes its hook. */",
    "export interface HookRegistry {",
    "  registerVoid(point: string, handler: (ctx: never) => unknown): () => void;",
    "  registerModifying(point: string, handler: (ctx: never) => unknown): () => void;",
    "  registerClaiming(point: string, handler: (ctx: never) => unknown): () => void;",
    "}",
    "",
    `/** Registers the hooks of "${pipeline.name.replace(/\*\//g, "* /")}" in order; the returned function removes them all. */`,
    "export function register(hookRegistry: HookRegistry): () => void {",
    "  const cleanups = [",
    ...recorderCalls,
    ...calls,
    "  ];",
    "  return () => {",
    "    for (const cleanup of cleanups.reverse()) cleanup();",
    "  };",
    "}",
    "",
    "export default register;",
    "",
  ].join("\n");
  files.set("register.ts", register);
  const name = pluginNameOf(pipeline.name);
  files.set(
    "README.md",
    [
      `# ${pipeline.name}`,
      "",
      pipeline.description.trim() || `Hooks exported from the Hookwright pipeline "${pipeline.name}".`,
      "",
      "## Use",
      "",
      "```ts",
      `import { register } from "./${name}/register";`,
      "",
      "const unregister = register(hookRegistry);",
      "// Later, when cleaning up:",
      "unregister();",
      "```",
      "",
      "## Hooks (in registration order)",
      "",
      ...hooks.map((h) => `- \`${h.point}\` (${specs.get(h.point)?.execution}): **${h.name}** (\`hooks/${fileIdOf(h)}.ts\`)`),
      "",
      ...(options.recorder ? registryRecorderReadme(profile) : []),
    ].join("\n"),
  );
  if (options.recorder) files.set(REGISTRY_RECORDER_FILE, registryRecorderModule());
  const sorted: BundleFile[] = [...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([path, content]) => ({ path, content }));
  return { pluginName: name, files: sorted, warnings: [] };
}
