import type { Hook, Pipeline } from "../pipeline/schema";
import type { Profile } from "../profiles/types";
import { pluginNameOf } from "./names";
import type { PluginExport } from "./registry";
import { deputyRecorderReadme, deputyRecorderRegistrations, deputyRecorderSource } from "./recorderDeputy";
import { rRawLiteral, rStringLiteral, topLevelExpressions } from "./rSource";

/**
 * deputy loads no plugin folder: hooks are R closures a script registers with
 * `agent$add_hook(HookMatcher$new(event, callback, pattern, timeout))`. The export is that script:
 * hooks.R defines each hook's callback (its code as written in Hookwright) and
 * `add_hookwright_hooks(agent)`, which registers them in the pipeline's order with their patterns
 * and timeouts; plus a README. core/bundles/importDeputy.ts reads such a file back.
 */

/** The function hooks.R defines to register the hooks. */
export const ADD_HOOKS_FUNCTION = "add_hookwright_hooks";
/** The comment before each callback that names its hook, read back by the importer. */
export const HOOK_MARKER = "# hookwright:";

function snake(name: string): string {
  const s = name.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  return s === "" ? "hook" : s;
}

const isFunctionLiteral = (source: string) => /^(?:function\s*\(|\\\()/.test(source);

/** The hook's code as R lines defining `variable`: verbatim when it is one function (after its comments), else evaluated from a raw string at top level. */
function definition(hook: Hook, variable: string): string[] {
  const lines = hook.code.replace(/\s+$/, "").split("\n");
  let first = 0;
  while (first < lines.length && /^\s*(#.*)?$/.test(lines[first] ?? "")) first++;
  const leading = lines.slice(0, first).filter((l) => l.trim() !== "");
  const rest = lines.slice(first).join("\n");
  const expressions = topLevelExpressions(rest);
  if (expressions.length === 1 && isFunctionLiteral(rest.trim())) return [...leading, `${variable} <- ${rest.trim()}`];
  // Several top-level expressions (helpers, then the callback): run at top level as Hookwright does, the last value is the callback.
  return [`${variable} <- eval(parse(text = ${rRawLiteral(hook.code)}), envir = globalenv())`];
}

function registration(hook: Hook, variable: string): string {
  const args = [`event = ${rStringLiteral(hook.point)}`, `callback = ${variable}`];
  if (typeof hook.matcher === "string" && hook.matcher !== "") args.push(`pattern = ${rStringLiteral(hook.matcher)}`);
  if (hook.runtime?.kind === "r" && hook.runtime.timeout !== undefined) args.push(`timeout = ${hook.runtime.timeout}`);
  const call = `agent$add_hook(deputy::HookMatcher$new(${args.join(", ")}))`;
  return hook.enabled ? `  ${call}` : `  if (FALSE) ${call} # disabled in Hookwright`;
}

export function exportDeputyHooks(pipeline: Pipeline, profile: Profile, options: { recorder?: boolean } = {}): PluginExport {
  const name = pluginNameOf(pipeline.name);
  const order = profile.points.map((p) => p.id);
  // Registration order is the pipeline's order of hooks; events keep their relative order within it.
  const hooks = pipeline.hooks.filter((h) => order.includes(h.point));
  const used = new Set<string>();
  const variables = hooks.map((h) => {
    let v = `hook_${snake(h.name)}`;
    for (let n = 2; used.has(v); n++) v = `hook_${snake(h.name)}_${n}`;
    used.add(v);
    return v;
  });
  const warnings: string[] = [];
  const nonR = hooks.filter((h) => h.runtime?.kind !== "r");
  if (nonR.length > 0) warnings.push(`${nonR.map((h) => h.name).join(", ")} ${nonR.length === 1 ? "is" : "are"} not R: deputy runs only R callbacks, so ${nonR.length === 1 ? "it is" : "they are"} written as ${nonR.length === 1 ? "it is" : "they are"} and will not work there.`);
  const script = [
    `# ${pipeline.name}: deputy hooks exported by Hookwright.`,
    "#",
    '#   source("hooks.R")',
    `#   ${ADD_HOOKS_FUNCTION}(agent)   # agent: a deputy Agent (or LeadAgent)`,
    "#",
    `# ${ADD_HOOKS_FUNCTION}() registers the callbacks below with agent$add_hook(HookMatcher$new(...)) in`,
    "# the pipeline's order: deputy calls an event's hooks in registration order and the first non-NULL",
    "# result wins. A hook without a timeout gets deputy's default of 30 s: it then runs in a fresh R",
    "# process (callr), where deputy is not attached; call deputy::HookResult...() there.",
    "",
    ...hooks.flatMap((h, i) => [`# ---- ${h.point} · ${h.name} ----`, `${HOOK_MARKER} id=${h.id} name=${h.name}`, ...definition(h, variables[i] ?? "hook"), ""]),
    ...(options.recorder ? deputyRecorderSource() : []),
    `${ADD_HOOKS_FUNCTION} <- function(agent) {`,
    ...(options.recorder ? deputyRecorderRegistrations(profile) : []),
    ...hooks.map((h, i) => registration(h, variables[i] ?? "hook")),
    "  invisible(agent)",
    "}",
    "",
  ].join("\n");
  const cell = (t: string) => t.replace(/\|/g, "\\|");
  const readme = [
    `# ${pipeline.name}`,
    "",
    pipeline.description || "deputy hooks written in Hookwright.",
    "",
    "## Use",
    "",
    "```r",
    "library(deputy)",
    'source("hooks.R")',
    "agent <- Agent$new(chat = ellmer::chat_anthropic())",
    `${ADD_HOOKS_FUNCTION}(agent)`,
    "```",
    "",
    "## Hooks, in registration order",
    "",
    "| Event | Hook | Pattern | Timeout | Registered |",
    "| --- | --- | --- | --- | --- |",
    ...hooks.map((h, i) => `| ${h.point} | ${cell(h.name)} (\`${variables[i] ?? ""}\`) | ${typeof h.matcher === "string" && h.matcher ? `\`${cell(h.matcher)}\`` : "any tool"} | ${h.runtime?.kind === "r" && h.runtime.timeout !== undefined ? `${h.runtime.timeout} s` : "30 s (deputy's default)"} | ${h.enabled ? "yes" : "no (disabled in Hookwright)"} |`),
    ...(hooks.length === 0 ? ["| – | (no hooks) | – | – | – |"] : []),
    "",
    "## What to know",
    "",
    "- The first hook of an event that returns anything other than `NULL` wins; later hooks are not called (an early `HookResultPreToolUse(\"allow\")` hides every later deny).",
    "- A pattern is `grepl(pattern, tool_name)`: unanchored, case-sensitive, R's TRE regex (no lookarounds); on events without a tool name a hook with a pattern never fires.",
    "- Permissions are checked before PreToolUse: with deputy's default permissions `run_bash` is rejected before any hook runs.",
    "- With a timeout above 0 the callback runs in a fresh R process: what it assigns is lost and unqualified deputy functions are not found (a PreToolUse hook then denies every call with \"Hook error: in callr subprocess.\"). `timeout = 0` runs it in the agent's own session.",
    "",
    "`hookwright import hooks.R -o pipeline.json` reads this file back.",
    "",
    ...(options.recorder ? deputyRecorderReadme(profile) : []),
  ].join("\n");
  return {
    pluginName: name,
    files: [
      { path: "README.md", content: readme },
      { path: "hooks.R", content: script },
    ],
    warnings,
  };
}
