import { describeIssues, parsePipeline } from "../pipeline/parsePipeline";
import { dependenciesObject } from "../pipeline/dependencySchema";
import type { Hook, Pipeline } from "../pipeline/schema";
import type { Profile } from "../profiles/types";
import { BundleError } from "./errors";
import { OPENCLAW_RECORDER_CALL, OPENCLAW_RECORDER_FILE, OPENCLAW_RECORDER_IMPORT, openclawRecorderModule, openclawRecorderReadme } from "./recorderOpenClaw";
import type { PluginExport } from "./registry";
import type { BundleFile } from "./types";

/**
 * A pipeline as an OpenClaw plugin (semantics.md §2d): `openclaw.plugin.json` (id, name,
 * description, configSchema), `package.json` ("type": "module", openclaw.extensions), an
 * `index.ts` whose default export is `definePluginEntry({ id, name, description, register(api) })`
 * calling `api.on(name, handler, { priority, timeoutMs, matcher })` for every enabled hook in the
 * pipeline's order, the hooks as `hooks/<hook id>.ts` (one folder down, so the modules they
 * import as `../src/…` resolve as in Hookwright), the shared modules, and a README. The same
 * pipeline gives the same bytes: nothing depends on time or on map order.
 */

const ENTRY_MODULE = "openclaw/plugin-sdk/plugin-entry";

/** A hook's file name part: its id, safe as a path segment. */
function fileIdOf(hook: Hook): string {
  return hook.id.replace(/[^A-Za-z0-9_-]+/g, "-") || "hook";
}

function optionsOf(hook: Hook): string | null {
  const parts: string[] = [];
  if (hook.priority !== null && hook.priority !== undefined) parts.push(`priority: ${JSON.stringify(hook.priority)}`);
  if (hook.timeoutMs !== undefined) parts.push(`timeoutMs: ${JSON.stringify(hook.timeoutMs)}`);
  if (hook.matcher !== null && hook.matcher !== undefined) parts.push(`matcher: ${JSON.stringify(Array.isArray(hook.matcher) ? hook.matcher : [hook.matcher])}`);
  return parts.length > 0 ? `{ ${parts.join(", ")} }` : null;
}

function identifierOf(index: number): string {
  return `hook${index + 1}`;
}

function indexTs(meta: { id: string; name: string; description: string }, hooks: readonly Hook[], recorder: boolean): string {
  const lines = [`import { definePluginEntry } from ${JSON.stringify(ENTRY_MODULE)};`];
  hooks.forEach((hook, i) => lines.push(`import ${identifierOf(i)} from ${JSON.stringify(`./hooks/${fileIdOf(hook)}.ts`)};`));
  if (recorder) lines.push(OPENCLAW_RECORDER_IMPORT);
  lines.push(
    "",
    "export default definePluginEntry({",
    `  id: ${JSON.stringify(meta.id)},`,
    `  name: ${JSON.stringify(meta.name)},`,
    `  description: ${JSON.stringify(meta.description)},`,
    "  register(api) {",
  );
  hooks.forEach((hook, i) => {
    const options = optionsOf(hook);
    // The hook's name rides along as a comment, so an import gives it back (its file is named by id).
    const name = hook.name !== fileIdOf(hook) ? ` // ${hook.name.replace(/[\r\n]+/g, " ")}` : "";
    lines.push(`    api.on(${JSON.stringify(hook.point)}, ${identifierOf(i)}${options ? `, ${options}` : ""});${name}`);
  });
  if (recorder) lines.push(`    ${OPENCLAW_RECORDER_CALL}`);
  lines.push("  },", "});", "");
  return lines.join("\n");
}

function readme(meta: { id: string; name: string; description: string }, hooks: readonly Hook[], settings: { id: string; why: string }[]): string {
  const lines = [
    `# ${meta.name}`,
    "",
    meta.description,
    "",
    "An OpenClaw plugin exported by Hookwright.",
    "",
    "## Install",
    "",
    "```sh",
    `openclaw plugins install --link <path to this folder>`,
    `openclaw plugins enable ${meta.id}`,
    "```",
    "",
  ];
  if (settings.length > 0) {
    lines.push("Then set in your OpenClaw config (the loader drops these hooks otherwise):", "", "```json5");
    lines.push(`{ plugins: { entries: { ${JSON.stringify(meta.id)}: { hooks: { ${settings.map((s) => `${s.id}: true`).join(", ")} } } } } }`, "```", "");
    for (const s of settings) lines.push(`- \`${s.id}\`: ${s.why}`);
    lines.push("");
  }
  lines.push("## Hooks (in registration order)", "");
  for (const hook of hooks) {
    const options = optionsOf(hook);
    lines.push(`- \`${hook.point}\`: **${hook.name}** (\`hooks/${fileIdOf(hook)}.ts\`)${options ? ` ${options}` : ""}`);
  }
  lines.push("");
  return lines.join("\n");
}

export function exportOpenClawPlugin(input: Pipeline, options: { profile: Profile; pluginId: (pipelineName: string) => string; recorder?: boolean }): PluginExport {
  const parsed = parsePipeline(input);
  if (!parsed.ok) throw new BundleError("INVALID_PIPELINE", `The pipeline is not valid:\n${describeIssues(parsed.issues)}`);
  const pipeline = parsed.value;
  const { profile } = options;
  if (pipeline.profile !== profile.id) throw new BundleError("WRONG_PROFILE", `Only pipelines on the ${profile.id} profile can be exported as an OpenClaw plugin; "${pipeline.name}" is on "${pipeline.profile}".`);
  const points = new Set(profile.points.map((p) => p.id));
  const hooks = pipeline.hooks.filter((h) => h.enabled && points.has(h.point));
  const meta = {
    id: options.pluginId(pipeline.name),
    name: pipeline.name,
    description: pipeline.description.trim() || `Hooks exported from the Hookwright pipeline "${pipeline.name}".`,
  };
  const warnings: string[] = [];
  for (const hook of hooks) {
    const problem = hook.matcher !== null && hook.matcher !== undefined ? profile.checkMatcher?.(hook.matcher) : null;
    if (problem) warnings.push(`Hook "${hook.name}": the host will refuse its matcher at registration: ${problem}`);
  }
  const needed = (profile.settings ?? []).filter((s) => s.requires !== s.default && hooks.some((h) => s.points.includes(h.point)));
  const settings = needed.map((s) => ({ id: s.id, why: `needed by ${hooks.filter((h) => s.points.includes(h.point)).map((h) => `"${h.name}" (${h.point})`).join(", ")}` }));

  const files = new Map<string, string>();
  const used = new Set<string>();
  for (const hook of hooks) {
    const path = `hooks/${fileIdOf(hook)}.ts`;
    if (used.has(path)) throw new BundleError("PATH_COLLISION", `Hooks "${hook.id}" and another one would both be written to ${path}; give them ids that differ in letters or digits.`);
    used.add(path);
    files.set(path, hook.code);
  }
  const generated = ["openclaw.plugin.json", "package.json", "index.ts", "README.md", ...(options.recorder ? [OPENCLAW_RECORDER_FILE] : [])];
  for (const module of pipeline.modules) {
    if (files.has(module.path) || generated.includes(module.path)) throw new BundleError("PATH_COLLISION", `Module ${module.path} would overwrite a file Hookwright generates for the plugin; rename the module.`);
    files.set(module.path, module.code);
  }
  files.set("openclaw.plugin.json", `${JSON.stringify({ id: meta.id, name: meta.name, description: meta.description, configSchema: { type: "object", additionalProperties: false, properties: {} } }, null, 2)}\n`);
  files.set(
    "package.json",
    `${JSON.stringify({ name: meta.id, version: "0.1.0", private: true, description: meta.description, type: "module", ...dependenciesField(pipeline), openclaw: { extensions: ["./index.ts"] } }, null, 2)}\n`,
  );
  files.set("index.ts", indexTs(meta, hooks, options.recorder === true));
  files.set("README.md", options.recorder ? [readme(meta, hooks, settings), ...openclawRecorderReadme(profile, meta.id)].join("\n") : readme(meta, hooks, settings));
  if (options.recorder) files.set(OPENCLAW_RECORDER_FILE, openclawRecorderModule(profile));
  const sorted: BundleFile[] = [...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([path, content]) => ({ path, content }));
  return { pluginName: meta.id, files: sorted, warnings };
}

/** package.json's `dependencies`: the pipeline's declared npm packages, or no field when it has none. */
function dependenciesField(pipeline: Pipeline): { dependencies?: Record<string, string> } {
  const dependencies = dependenciesObject(pipeline.settings?.dependencies);
  return Object.keys(dependencies).length > 0 ? { dependencies } : {};
}
