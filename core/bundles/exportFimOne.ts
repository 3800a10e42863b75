import { runtimeKindOf } from "../pipeline/runtimeSchema";
import type { Pipeline } from "../pipeline/schema";
import { withoutSecrets } from "../pipeline/settingsSchema";
import type { Profile } from "../profiles/types";
import { exportFimOnePythonPackage } from "./exportFimOnePython";
import { pluginNameOf } from "./names";
import type { PluginExport } from "./registry";

/**
 * FIM One loads Python classes (HookRegistry, `model_config_json.hooks.class_hooks`). A pipeline
 * with Python hooks exports as a package FIM One registers (core/bundles/exportFimOnePython.ts).
 * TypeScript hooks have no faithful export; what helps someone porting such a pipeline by hand:
 * the pipeline file, and a README listing each hook with its point, priority and trigger, in the
 * order the registry would run them.
 */
export const FIM_ONE_NO_FAITHFUL_EXPORT =
  "No faithful export: FIM One loads Python hook classes and these hooks are TypeScript. This is the pipeline file and a README listing each hook (point, priority, trigger) to port by hand.";

/** The body of a class hook's `shouldTrigger` method, one line, or null when it has none (always triggers). */
export function triggerOf(code: string): string | null {
  const start = code.search(/\bshouldTrigger\s*\(/);
  if (start < 0) return null;
  const open = code.indexOf("{", start);
  if (open < 0) return null;
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === "{") depth++;
    else if (code[i] === "}" && --depth === 0) return code.slice(open + 1, i).replace(/\s+/g, " ").trim();
  }
  return null;
}

const cell = (text: string) => text.replace(/\|/g, "\\|");

export function exportFimOnePipeline(pipeline: Pipeline, profile: Profile, options: { recorder?: boolean } = {}): PluginExport {
  // The recorder is Python: with it, even a pipeline of TypeScript hooks only gets the package (its README lists them to port).
  if (options.recorder || pipeline.hooks.some((h) => runtimeKindOf(h) === "python")) return exportFimOnePythonPackage(pipeline, profile, options);
  const name = pluginNameOf(pipeline.name);
  const lines = [
    `# ${pipeline.name}`,
    "",
    pipeline.description || "A Hookwright pipeline of FIM One hooks.",
    "",
    "Hookwright cannot export this pipeline faithfully: FIM One loads Python classes (subclasses of `PreToolUseHook`, `PostToolUseHook`, `SessionStartHook`) and these hooks are TypeScript. Port each hook below to a Python class with the same `name`, `priority` and `should_trigger`, and register it in the agent's `model_config_json.hooks.class_hooks`.",
    "",
    `\`${name}.pipeline.json\` is the whole pipeline (hooks' TypeScript code, modules, scenarios); \`hookwright test ${name}.pipeline.json\` runs its scenarios as they are.`,
    "",
    "## Hooks",
    "",
    "In the order FIM One runs them at each point (lower priority first; ties in the order listed).",
    "",
    "| Point | Priority | Hook | Trigger | Enabled |",
    "| --- | --- | --- | --- | --- |",
  ];
  for (const point of profile.points) {
    const hooks = pipeline.hooks.filter((h) => h.point === point.id).map((h, index) => ({ h, index }));
    hooks.sort((a, b) => (a.h.priority ?? 0) - (b.h.priority ?? 0) || a.index - b.index);
    for (const { h } of hooks) {
      const trigger = triggerOf(h.code);
      lines.push(`| ${point.id} | ${h.priority ?? 0} | ${cell(h.name)} (\`${h.id}\`) | ${trigger ? `\`${cell(trigger)}\`` : "always"} | ${h.enabled ? "yes" : "no"} |`);
    }
  }
  if (pipeline.hooks.length === 0) lines.push("| – | – | (no hooks) | – | – |");
  lines.push("");
  const deps = pipeline.settings?.dependencies ?? [];
  if (deps.length > 0) {
    lines.push(
      "## npm dependencies",
      "",
      `The hooks import these npm packages. \`${name}.pipeline.json\` declares them (\`settings.dependencies\`), so \`hookwright test\` and \`hookwright run\` install them; a Python port needs a library doing the same.`,
      "",
      ...deps.map((d) => `- \`${d.name}\` ${cell(d.range)}`),
      "",
    );
  }
  return {
    pluginName: name,
    files: [
      { path: "README.md", content: lines.join("\n") },
      { path: `${name}.pipeline.json`, content: `${JSON.stringify(withoutSecrets(pipeline), null, 2)}\n` },
    ].sort((a, b) => a.path.localeCompare(b.path)),
    warnings: [FIM_ONE_NO_FAITHFUL_EXPORT],
  };
}
