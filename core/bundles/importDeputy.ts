import { PIPELINE_FORMAT, type Hook, type PipelineInput } from "../pipeline/schema";
import { parsePipeline } from "../pipeline/parsePipeline";
import type { Profile } from "../profiles/types";
import { BundleError } from "./errors";
import { HOOK_MARKER } from "./exportDeputy";
import { RECORDER_LEFT_OUT } from "./recorderCommand";
import { DEPUTY_RECORDER } from "./recorderDeputy";
import type { VellumImport } from "./importVellum";
import type { PluginFiles } from "./types";
import { callArguments, type CallArgument, findCalls, lineAt, stringLiteral, stripComments, topLevelExpressions } from "./rSource";

/**
 * Reads a deputy hooks.R back into a pipeline, statically (R is never run): each
 * `HookMatcher$new(event, callback, pattern, timeout)` call, in file order, is one hook. The event
 * and pattern must be literal strings and the timeout a literal number; the callback a function
 * written inline or the name of one defined at top level (`name <- function(...) ...`, or the
 * `eval(parse(text = r"-[...]-"))` form the exporter writes for code with helpers). Anything else
 * is refused, naming the line.
 */

/** deputy's HookEvent (D:R/hooks.R:156-172). */
const DEPUTY_EVENTS = ["PreToolUse", "PostToolUse", "PostToolUseFailure", "Stop", "SubagentStart", "SubagentStop", "UserPromptSubmit", "Notification", "PermissionRequest", "ConfigChange", "PreCompact", "SessionStart", "SessionEnd"];
const ARG_ORDER = ["event", "callback", "pattern", "timeout"];

interface Definition {
  code: string;
  line: number;
  id?: string;
  name?: string;
}

const isFunctionLiteral = (source: string) => /^(?:function\s*\(|\\\()/.test(source.trim());

/** The comment lines right above `start` (up to a blank line), oldest first. */
function commentsAbove(text: string, start: number): string[] {
  const before = text.slice(0, start).split("\n");
  before.pop();
  const out: string[] = [];
  for (let i = before.length - 1; i >= 0; i--) {
    const line = before[i] ?? "";
    if (!/^\s*#/.test(line)) break;
    out.unshift(line.trim());
  }
  return out;
}

function markerOf(comments: readonly string[]): { id?: string; name?: string } {
  const marker = comments.find((c) => c.startsWith(HOOK_MARKER));
  if (!marker) return {};
  const id = /\bid=(\S+)/.exec(marker)?.[1];
  const name = /\bname=(.+)$/.exec(marker)?.[1]?.trim();
  return { ...(id ? { id } : {}), ...(name ? { name } : {}) };
}

/** The hook's code from a top-level definition's right-hand side and the comments above it. */
function definitionCode(rhs: string, comments: readonly string[]): string | null {
  const evalParse = /^eval\(\s*parse\(\s*text\s*=\s*([\s\S]+?)\s*\)\s*,\s*envir\s*=\s*globalenv\(\)\s*\)$/.exec(rhs);
  if (evalParse) return stringLiteral(evalParse[1] ?? "");
  if (!isFunctionLiteral(rhs) && !/^local\(\s*\{/.test(rhs)) return null;
  const own = comments.filter((c) => !c.startsWith(HOOK_MARKER) && !c.startsWith("# ---- "));
  return `${[...own, rhs].join("\n")}\n`;
}

function definitions(text: string): Map<string, Definition> {
  const out = new Map<string, Definition>();
  for (const e of topLevelExpressions(text)) {
    const m = /^([A-Za-z.][\w.]*)\s*(?:<-|=)\s*([\s\S]+)$/.exec(e.source);
    if (!m) continue;
    const comments = commentsAbove(text, e.start);
    const code = definitionCode((m[2] ?? "").trim(), comments);
    if (code !== null) out.set(m[1] ?? "", { code, line: lineAt(text, e.start), ...markerOf(comments) });
  }
  return out;
}

function kebab(s: string): string {
  return s.replace(/^hook_/, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "hook";
}

/**
 * @throws {BundleError} NOT_STATIC naming the line when a HookMatcher$new() cannot be read without
 *   running R; NO_HOOKS when the file registers none.
 */
export function importDeputyHooksFile(options: { fileName: string; text: string; profile: Profile }): VellumImport {
  const { fileName, text, profile } = options;
  const defs = definitions(text);
  const points = new Set(profile.points.map((p) => p.id));
  const warnings: string[] = [];
  const hooks: Hook[] = [];
  const ids = new Set<string>();
  // HookMatcher$new( and deputy::HookMatcher$new( alike, in file order.
  const calls = findCalls(text, "HookMatcher$new");
  for (const open of calls) {
    const line = lineAt(text, open);
    const where = `${fileName}:${line}`;
    const parsed = callArguments(text, open);
    if (!parsed) throw new BundleError("NOT_STATIC", `${where}: HookMatcher$new( is not closed.`);
    const byName = new Map<string, CallArgument>();
    let position = 0;
    for (const arg of parsed.args) {
      const name = arg.name ?? ARG_ORDER.filter((n) => !byName.has(n))[0] ?? `#${++position}`;
      if (!ARG_ORDER.includes(name)) throw new BundleError("NOT_STATIC", `${where}: HookMatcher$new() has no argument "${name}" (it takes event, callback, pattern, timeout).`);
      byName.set(name, arg);
    }
    const eventSource = byName.get("event")?.source ?? "";
    const event = stringLiteral(eventSource);
    if (event === null) throw new BundleError("NOT_STATIC", `${where}: the event must be a literal string such as "PreToolUse", not ${eventSource || "missing"}.`);
    if (!DEPUTY_EVENTS.includes(event)) throw new BundleError("NOT_STATIC", `${where}: Invalid hook event: "${event}" (deputy's events: ${DEPUTY_EVENTS.join(", ")}).`);
    const patternSource = byName.get("pattern")?.source;
    const pattern = patternSource === undefined || patternSource === "NULL" ? null : stringLiteral(patternSource);
    if (patternSource !== undefined && patternSource !== "NULL" && pattern === null) throw new BundleError("NOT_STATIC", `${where}: the pattern must be a literal string or NULL, not ${patternSource}.`);
    const timeoutSource = byName.get("timeout")?.source;
    const timeout = timeoutSource === undefined ? undefined : /^\d+(\.\d+)?L?$/.test(timeoutSource) ? Number(timeoutSource.replace(/L$/, "")) : NaN;
    if (timeout !== undefined && !Number.isFinite(timeout)) throw new BundleError("NOT_STATIC", `${where}: the timeout must be a literal number of seconds, not ${timeoutSource ?? ""}.`);
    const callback = byName.get("callback");
    if (!callback) throw new BundleError("NOT_STATIC", `${where}: HookMatcher$new() has no callback.`);
    // Hookwright's recorder is an export option, not a hook (recorderDeputy.ts).
    if (callback.source.startsWith(`${DEPUTY_RECORDER}(`)) {
      if (!warnings.includes(RECORDER_LEFT_OUT)) warnings.push(RECORDER_LEFT_OUT);
      continue;
    }
    let def: Definition;
    if (isFunctionLiteral(callback.source)) def = { code: `${callback.text}\n`, line: lineAt(text, callback.start), ...markerOf(commentsAbove(text, text.lastIndexOf("\n", open) + 1)) };
    else {
      const named = defs.get(callback.source);
      if (!named) throw new BundleError("NOT_STATIC", `${where}: the callback ${callback.source} is not a function written inline or defined at top level as name <- function(...); Hookwright cannot read it without running R.`);
      def = named;
    }
    if (!points.has(event)) {
      warnings.push(`${where}: ${event} hooks are not modelled by Hookwright's deputy profile; left out.`);
      continue;
    }
    const lineText = text.slice(text.lastIndexOf("\n", open) + 1, open);
    const enabled = !/^\s*if\s*\(\s*FALSE\s*\)/.test(stripComments(lineText));
    let id = def.id ?? kebab(/^[A-Za-z.][\w.]*$/.test(callback.source) ? callback.source : `${event}-${hooks.length + 1}`);
    for (let n = 2; ids.has(id); n++) id = `${def.id ?? kebab(callback.source)}-${n}`;
    ids.add(id);
    hooks.push({
      id,
      point: event,
      name: def.name ?? id,
      enabled,
      matcher: pattern,
      code: def.code,
      runtime: timeout === undefined ? { kind: "r" } : { kind: "r", timeout },
    } as Hook);
  }
  if (hooks.length === 0) throw new BundleError("NO_HOOKS", `${fileName} registers no hooks: Hookwright looks for HookMatcher$new(event = "...", callback = ...) calls.`);
  const title = /^#\s*(.+?): deputy hooks exported by Hookwright\./m.exec(text)?.[1] ?? fileName.replace(/\.R$/i, "");
  const input: PipelineInput = { format: PIPELINE_FORMAT, name: title, profile: profile.id, hooks, scenarios: [] };
  const parsed = parsePipeline(input);
  if (!parsed.ok) throw new BundleError("INVALID_PIPELINE", `${fileName} does not make a valid pipeline: ${parsed.issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`);
  return { pipeline: parsed.value, warnings };
}

/** Whether a plugin folder is deputy hooks: an .R file that calls HookMatcher$new(. */
export function isDeputyHooks(files: PluginFiles): boolean {
  return deputyFileOf(files) !== null;
}

function deputyFileOf(files: PluginFiles): [string, string] | null {
  const candidates = [...files].filter((e): e is [string, string] => /\.R$/i.test(e[0]) && e[1] !== null && findCalls(e[1], "HookMatcher$new").length > 0);
  return candidates.find(([p]) => p.split("/").pop() === "hooks.R") ?? candidates[0] ?? null;
}

/** The folder's hooks.R (or its one R file registering hooks) as a pipeline. */
export function importDeputyFolder(files: PluginFiles, options: { profile: Profile }): VellumImport {
  const found = deputyFileOf(files);
  if (!found) throw new BundleError("NO_HOOKS", "The folder has no R file that calls HookMatcher$new().");
  return importDeputyHooksFile({ fileName: found[0], text: found[1], profile: options.profile });
}
