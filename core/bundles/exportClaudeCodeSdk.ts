import { dependenciesObject } from "../pipeline/dependencySchema";
import type { Hook, Pipeline } from "../pipeline/schema";
import type { Profile } from "../profiles/types";
import { BundleError } from "./errors";
import { dirnameOf } from "./paths";
import { claudeCodePipeline, claudePluginName, exportedHooks, json, sortedFiles, splitByRuntime, type ExportedHook } from "./exportClaudeCodeLayout";
import type { PluginExport } from "./registry";

/**
 * A claude-code pipeline as a TypeScript module for the Agent SDK's `hooks` option
 * (`query({ prompt, options: { hooks } })`, semantics.md §3d): `claude-hooks.ts` exports
 * `{ PreToolUse: [{ matcher, hooks: [callback], timeout, onFailure }], … }` typed with the SDK's
 * own `HookCallbackMatcher`, and each hook is its Hookwright code under `hooks/`. Hooks keep the
 * types they were written against (Hookwright's view of the SDK, `hookwright-types.ts`); the
 * module checks them against the real SDK types where they meet: the SDK's input must be a valid
 * input of the hook, and the hook's output a valid `SyncHookJSONOutput`.
 */

const SDK = "@anthropic-ai/claude-agent-sdk";
const TYPES_FILE = "hookwright-types.ts";
const MODULE_FILE = "claude-hooks.ts";

/** hookwright-types.ts as a file at `path` imports it. */
function typesSpecifier(path: string): string {
  const depth = dirnameOf(path) === "" ? 0 : dirnameOf(path).split("/").length;
  return `${depth === 0 ? "./" : "../".repeat(depth)}${TYPES_FILE.replace(/\.ts$/, ".js")}`;
}

/** `from "@anthropic-ai/claude-agent-sdk"` in a hook or module, pointed at hookwright-types.ts instead. */
function withLocalTypes(code: string, path: string): string {
  const target = typesSpecifier(path);
  return code.replace(/(\bfrom\s*)(["'])@anthropic-ai\/claude-agent-sdk\2/g, (_m, from: string, quote: string) => `${from}${quote}${target}${quote}`);
}

/** `export default [async] (input) =>` / `export default [async] function [name](input) {`: a hook written without types. */
const UNTYPED_DEFAULT = /export\s+default\s+(async\s+)?(function\s*[\w$]*\s*)?\(\s*([A-Za-z_$][\w$]*)\s*\)(\s*)(=>|\{)/;

/**
 * A hook written in plain JS style runs in Hookwright, but under `tsc --strict` its parameter is an
 * implicit any and its answer's literals widen to `string` (`hookEventName: string`), which the
 * SDK's types refuse. Such a hook gets a signature on export: its input an explicit `any` (as the
 * code reads it), its answer the SDK's output type, so its literals keep their types and a value
 * the SDK does not know is still an error.
 * A hook with any annotation of its own is left exactly as written.
 */
function withEventTypes(code: string, path: string): string {
  const match = UNTYPED_DEFAULT.exec(code);
  if (!match) return code;
  const [whole, async = "", fn = "", param = "", space = "", arrow = ""] = match;
  const returns = async ? "Promise<HookwrightOutput | void>" : "HookwrightOutput | void | Promise<HookwrightOutput | void>";
  // The input stays untyped (explicitly `any`): the code reads it as plain JS does (`input.tool_input.command`).
  const signature = `export default ${async}${fn}(${param}: any): ${returns}${space}${arrow}`;
  const header = `// Hookwright added this hook's types: it was written without any; the input stays \`any\`, the answer is checked against the SDK's.\nimport type { SyncHookJSONOutput as HookwrightOutput } from ${JSON.stringify(typesSpecifier(path))};\n`;
  return header + code.replace(whole, signature);
}

function identifierOf(index: number): string {
  return `hook${index + 1}`;
}

/** Matcher-level options of the SDK: hooks share a matcher entry only when these agree. */
function groupKey(hook: Hook): string {
  return JSON.stringify([hook.matcher, hook.timeoutMs ?? null, hook.onFailure ?? null]);
}

function moduleCode(pipeline: Pipeline, profile: Profile, hooks: readonly ExportedHook[]): string {
  const lines = [
    `// The hooks of the Hookwright pipeline ${JSON.stringify(pipeline.name)} for the Agent SDK: query({ prompt, options: { hooks } }).`,
    `import type { HookCallback, HookCallbackMatcher, HookEvent, HookInput, SyncHookJSONOutput } from ${JSON.stringify(SDK)};`,
  ];
  hooks.forEach(({ file }, i) => lines.push(`import ${identifierOf(i)} from ${JSON.stringify(`./hooks/${file}.js`)};`));
  lines.push(
    "",
    "/** The input the SDK hands a callback of one event. */",
    "type InputOf<E extends HookEvent> = Extract<HookInput, { hook_event_name: E }>;",
    "",
    "/**",
    " * A Hookwright hook `async (input) => output` as an SDK callback. `throw new BlockingError(reason)`",
    " * (exit 2 of a command hook) becomes the same answer in JSON, `{ decision: \"block\", reason }`;",
    " * anything else thrown is a failure the SDK handles by the matcher's onFailure.",
    " */",
    "function callback<E extends HookEvent>(event: E, hook: (input: InputOf<E>) => SyncHookJSONOutput | void | Promise<SyncHookJSONOutput | void>): HookCallback {",
    "  return async (input) => {",
    "    // The SDK calls a matcher's callbacks for its own event only; the check narrows the input.",
    "    if (input.hook_event_name !== event) return {};",
    "    try {",
    "      // TypeScript does not narrow a union by a generic event name; the check above did.",
    "      const output = await hook(input as InputOf<E>);",
    "      return output ?? {};",
    "    } catch (error) {",
    '      if (error instanceof Error && error.name === "BlockingError") return { decision: "block", reason: error.message };',
    "      throw error;",
    "    }",
    "  };",
    "}",
    "",
    "export const hooks: Partial<Record<HookEvent, HookCallbackMatcher[]>> = {",
  );
  for (const point of profile.points) {
    const mine = hooks.map((h, i) => ({ ...h, i })).filter((h) => h.hook.point === point.id);
    if (mine.length === 0) continue;
    const groups = new Map<string, typeof mine>();
    for (const h of mine) groups.set(groupKey(h.hook), [...(groups.get(groupKey(h.hook)) ?? []), h]);
    lines.push(`  ${point.id}: [`);
    for (const group of groups.values()) {
      const first = group[0]?.hook;
      if (!first) continue;
      const parts = [
        ...(first.matcher !== null ? [`matcher: ${JSON.stringify(Array.isArray(first.matcher) ? first.matcher.join("|") : first.matcher)}`] : []),
        `hooks: [${group.map((h) => `callback(${JSON.stringify(point.id)}, ${identifierOf(h.i)})`).join(", ")}]`,
        ...(first.timeoutMs !== undefined ? [`timeout: ${first.timeoutMs / 1000}`] : []),
        ...(first.onFailure !== undefined ? [`onFailure: ${JSON.stringify(first.onFailure)}`] : []),
      ];
      lines.push(`    { ${parts.join(", ")} }, // ${group.map((h) => h.hook.name.replace(/[\r\n]+/g, " ")).join(", ")}`);
    }
    lines.push("  ],");
  }
  lines.push("};", "", "export default hooks;", "");
  return lines.join("\n");
}

export function exportClaudeCodeSdkModule(input: Pipeline, options: { profile: Profile }): PluginExport {
  const { profile } = options;
  const pipeline = claudeCodePipeline(input, profile, "an Agent SDK hooks module");
  const warnings: string[] = [];
  const { functions: hooks, commands } = splitByRuntime(exportedHooks(pipeline, profile, warnings));
  if (commands.length > 0) {
    warnings.push(`The SDK's hooks option takes callbacks, not commands: ${commands.length === 1 ? "the command hook" : `the ${commands.length} command hooks`} ${commands.map(({ hook }) => `"${hook.name}"`).join(", ")} ${commands.length === 1 ? "is" : "are"} left out (export as a plugin or settings to keep ${commands.length === 1 ? "it" : "them"}).`);
  }
  if ((pipeline.externalHooks ?? []).length > 0) {
    warnings.push(`The pipeline's ${pipeline.externalHooks?.length} external hook(s) are commands, which the SDK's hooks option cannot hold; they are left out (export as a plugin to keep them).`);
  }
  // The module runs inside the user's own Node project, which installs what its package.json lists.
  const deps = pipeline.settings?.dependencies ?? [];
  const files = new Map<string, string>();
  for (const { hook, file } of hooks) files.set(`hooks/${file}.ts`, withEventTypes(withLocalTypes(hook.code, `hooks/${file}.ts`), `hooks/${file}.ts`));
  for (const module of pipeline.modules) {
    if ([TYPES_FILE, MODULE_FILE].includes(module.path)) throw new BundleError("PATH_COLLISION", `Module ${module.path} would overwrite a file Hookwright generates for the SDK module; rename the module.`);
    files.set(module.path, withLocalTypes(module.code, module.path));
  }
  files.set(TYPES_FILE, `// Hookwright's view of ${SDK} 0.3.330, which the hooks were written against (claude-hooks.ts checks them against the real types).\n${profile.sharedTypes}`);
  files.set(MODULE_FILE, moduleCode(pipeline, profile, hooks));
  files.set("package.json", json({ name: claudePluginName(pipeline.name), version: "0.1.0", private: true, type: "module", description: pipeline.description.trim() || `Hooks exported from the Hookwright pipeline "${pipeline.name}".`, ...(deps.length > 0 ? { dependencies: dependenciesObject(deps) } : {}), peerDependencies: { [SDK]: ">=0.3.330" } }));
  files.set(
    "README.md",
    [
      `# ${pipeline.name}`,
      "",
      "Agent SDK hooks exported by Hookwright.",
      "",
      ...(deps.length > 0 ? [`The hooks import npm packages listed in \`package.json\` (${deps.map((d) => `${d.name} ${d.range}`).join(", ")}): run \`npm install\` in this folder, or add them to your project's dependencies.`, ""] : []),
      "```ts",
      'import { query } from "@anthropic-ai/claude-agent-sdk";',
      'import { hooks } from "./claude-hooks.js";',
      "",
      'for await (const message of query({ prompt: "…", options: { hooks } })) console.log(message);',
      "```",
      "",
      ...hooks.map(({ hook, file }) => `- \`${hook.point}\`${hook.matcher !== null ? ` (matcher \`${String(hook.matcher)}\`)` : ""}: **${hook.name}**, \`hooks/${file}.ts\``),
      "",
    ].join("\n"),
  );
  return { pluginName: `${claudePluginName(pipeline.name)}-sdk`, files: sortedFiles(files), warnings };
}
