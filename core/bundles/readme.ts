import type { HookPointSpec } from "../profiles/types";

export interface ReadmeHook {
  name: string;
  code: string;
}

export interface ReadmePoint {
  spec: HookPointSpec;
  /** Enabled hooks in run order. */
  hooks: ReadmeHook[];
  /** The file the host loads for this point. */
  file: string;
}

export interface ReadmeInput {
  pluginName: string;
  pipelineName: string;
  description: string;
  points: ReadmePoint[];
  modules: string[];
  disabled: Array<{ name: string; point: string }>;
}

/** The text of a comment block: `/** … *\/` or a run of `//` lines. */
function commentText(block: string): string {
  if (block.startsWith("/*")) {
    return block
      .replace(/^\/\*+/, "")
      .replace(/\*+\/$/, "")
      .split("\n")
      .map((line) => line.replace(/^\s*\*\s?/, ""))
      .join("\n");
  }
  return block.replace(/^\s*\/\/\s?/gm, "");
}

/** The comment block that ends right where `text` ends, if any. */
function trailingComment(text: string): string | null {
  const trimmed = text.trimEnd();
  if (trimmed.endsWith("*/")) {
    const open = trimmed.lastIndexOf("/*");
    return open >= 0 ? trimmed.slice(open) : null;
  }
  const lines = /(?:^[ \t]*\/\/[^\n]*\n?)+$/m.exec(trimmed);
  return lines ? lines[0] : null;
}

/**
 * What a hook says it does: the first paragraph of the comment right before its default
 * export, else of the comment at the top of the file. Null when the code has neither.
 */
export function describeHookCode(code: string): string | null {
  const exportAt = code.search(/export\s+default\b/);
  const leading = /^\s*(\/\*[\s\S]*?\*\/|(?:[ \t]*\/\/[^\n]*\n?)+)/.exec(code)?.[1] ?? null;
  const block = (exportAt >= 0 ? trailingComment(code.slice(0, exportAt)) : null) ?? leading;
  if (block === null) return null;
  const paragraph = commentText(block).trim().split(/\n\s*\n/)[0]?.replace(/\s+/g, " ").trim() ?? "";
  if (paragraph === "") return null;
  return paragraph.length > 300 ? `${paragraph.slice(0, 297)}...` : paragraph;
}

/** For a hook without a comment: which context fields its code touches. */
function fieldsUsed(spec: HookPointSpec, code: string): string {
  const used = spec.fields.filter((f) => new RegExp(`\\.${f.name}\\b`).test(code)).map((f) => `\`${f.name}\``);
  return used.length === 0 ? "No description in its code." : `No description in its code; it uses ${used.join(", ")}.`;
}

function readBackOf(spec: HookPointSpec): string {
  const fields = spec.fields.filter((f) => f.readBack).map((f) => `\`${f.name}\``);
  return fields.length === 0
    ? "The host reads nothing back from this hook: it can observe, not change, the turn."
    : `The host reads back ${fields.join(", ")} after the hook.`;
}

function pointSection(point: ReadmePoint): string[] {
  const { spec, hooks } = point;
  const out = [`### \`${spec.id}\` (\`${point.file}\`)`, "", spec.doc, "", readBackOf(spec), ""];
  if (hooks.length > 1) {
    out.push(
      `Runs ${hooks.length} hooks in this order. Each gets its own copy of the context with the changes of the ones before it; a hook that throws is logged through \`ctx.logger\` and its changes are dropped, exactly as the host chains separate plugins.`,
      "",
    );
  }
  hooks.forEach((hook, i) => {
    const what = describeHookCode(hook.code) ?? fieldsUsed(spec, hook.code);
    out.push(`${hooks.length > 1 ? `${i + 1}.` : "-"} **${hook.name}**: ${what}`);
  });
  out.push("");
  return out;
}

/** README.md of an exported plugin: what each hook does, the files, and how to install it. */
export function readmeSource(input: ReadmeInput): string {
  const folder = `"\${VELLUM_WORKSPACE_DIR:-$HOME/.vellum/workspace}/plugins"`;
  const lines = [
    `# ${input.pluginName}`,
    "",
    input.description,
    "",
    `A plugin for the Vellum assistant, exported by Hookwright from the pipeline "${input.pipelineName}".`,
    "",
    "## Hooks",
    "",
    ...(input.points.length === 0 ? ["This plugin has no enabled hooks, so it changes nothing.", ""] : input.points.flatMap(pointSection)),
  ];
  if (input.disabled.length > 0) {
    lines.push(
      "Disabled in Hookwright, so not part of this plugin (their code is kept in `hookwright.json` for importing back):",
      "",
      ...input.disabled.map((d) => `- **${d.name}** on \`${d.point}\``),
      "",
    );
  }
  lines.push(
    "## Files",
    "",
    "- `package.json`: the manifest; the host needs its `name`.",
    "- `hooks/<hook point>.ts`: one file per hook point; the host imports its default export.",
    ...(input.points.some((p) => p.hooks.length > 1)
      ? ["- `hookwright/`: the hooks of chained points and the chain runner (`chain.ts`). The host does not load this folder by itself."]
      : []),
    ...input.modules.map((m) => `- \`${m}\`: a shared module the hooks import.`),
    "- `hookwright.json`: lets Hookwright import this plugin back as the same pipeline. The host ignores it.",
    "",
    "## Install",
    "",
    "The assistant loads every folder with a `package.json` under `<workspace>/plugins/`; the workspace is `$VELLUM_WORKSPACE_DIR`, or `~/.vellum/workspace` when that is unset.",
    "",
    "```sh",
    `mkdir -p ${folder}`,
    `unzip ${input.pluginName}.zip -d ${folder}`,
    "```",
    "",
    `This creates \`plugins/${input.pluginName}/\`. New plugin folders are picked up on the next turn; after changing files of an installed plugin, restart the assistant (\`vellum restart\`), because it caches imported hook files.`,
    "",
    `To switch the plugin off without removing it, create an empty \`.disabled\` file in its folder; delete the folder to uninstall.`,
    "",
  );
  return lines.join("\n");
}
