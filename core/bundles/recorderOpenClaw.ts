import type { Profile } from "../profiles/types";
import { RECORDER_STEM, recorderReadmeSection } from "./recorder";
import { recorderHelpersSource } from "./recorderSource";

/**
 * The recorder in an OpenClaw plugin (semantics.md §2): a module whose `addRecorder(api)` registers
 * one handler on every point of the profile, called last in `register`, that appends
 * `{ event, ctx }` (the two arguments, as point.start carries them) to
 * `<workspace>/.hookwright/recordings/<session id>.jsonl`.
 *
 * It registers at the HIGHEST priority, not the lowest: OpenClaw never shows a handler what the
 * others returned (it folds their results itself; before_tool_call even hands each handler its own
 * clone of the event), so running last would show nothing more, while a hook that blocks skips
 * every lower-priority handler (§2c "Gate"), so a recorder running last would miss exactly the
 * calls that were blocked. Its handlers return nothing (no opinion), except where the host reads
 * nothing as an answer: before_agent_run counts a missing decision as a block, so there it passes.
 */

/** The recorder module's path in the plugin. */
export const OPENCLAW_RECORDER_FILE = `${RECORDER_STEM}.ts`;

/** The one line in register() that adds the recorder (the importer recognises and leaves it out). */
export const OPENCLAW_RECORDER_CALL = "addRecorder(api); // Hookwright's recorder (README: Recorder)";

export const OPENCLAW_RECORDER_IMPORT = `import { addRecorder } from "./${OPENCLAW_RECORDER_FILE}";`;

/** What a handler returns on points where returning nothing is itself an answer. */
const NEUTRAL_RESULTS: Record<string, unknown> = { before_agent_run: { outcome: "pass" } };

export function openclawRecorderModule(profile: Profile): string {
  const points = profile.points.map((p) => p.id);
  return [
    `// ${RECORDER_STEM}: Hookwright's recorder for OpenClaw. On every hook point it appends the handler's`,
    "// (event, ctx) to <workspace>/.hookwright/recordings/<session id>.jsonl, and changes nothing.",
    'import { appendFileSync, mkdirSync, statSync } from "node:fs";',
    'import { join } from "node:path";',
    "",
    recorderHelpersSource("ts"),
    "",
    `const POINTS: readonly string[] = ${JSON.stringify(points)};`,
    "// Where OpenClaw reads a missing result as an answer (before_agent_run: a block), the recorder passes.",
    `const NEUTRAL: Record<string, unknown> = ${JSON.stringify(NEUTRAL_RESULTS)};`,
    "// First of all handlers: a hook that blocks skips the lower priorities, and no handler sees the others' results anyway.",
    "const PRIORITY = Number.MAX_SAFE_INTEGER;",
    "",
    'const text = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);',
    "const fields = (v: unknown): Record<string, unknown> => (typeof v === \"object\" && v !== null ? (v as Record<string, unknown>) : {});",
    "",
    "const record = (point: string, event: unknown, ctx: unknown): void => {",
    "  try {",
    "    const c = fields(ctx);",
    '    const session = text(c["sessionId"]) ?? text(c["sessionKey"]) ?? text(fields(event)["sessionId"]) ?? "no-session";',
    '    const project = text(c["workspaceDir"]) ?? process.cwd();',
    '    appendRecording(join(project, ".hookwright", "recordings"), { host: "openclaw", point, at: new Date().toISOString(), session, input: { event: plain(event) ?? null, ctx: plain(ctx) ?? null } });',
    "  } catch {",
    "    // Recording is best effort: the host goes on whatever happens here.",
    "  }",
    "};",
    "",
    "type Api = { on: (name: string, handler: (event: unknown, ctx: unknown) => unknown, options?: { priority?: number }) => void };",
    "",
    "export function addRecorder(api: Api): void {",
    "  for (const point of POINTS) {",
    "    api.on(",
    "      point,",
    "      (event, ctx) => {",
    "        record(point, event, ctx);",
    "        const neutral = NEUTRAL[point];",
    "        return neutral === undefined ? undefined : { ...(neutral as object) };",
    "      },",
    "      { priority: PRIORITY },",
    "    );",
    "  }",
    "}",
    "",
  ].join("\n");
}

/** The README section, and the settings the recorder needs to record every point. */
export function openclawRecorderReadme(profile: Profile, pluginId: string): string[] {
  const gated = (profile.settings ?? []).filter((s) => s.requires !== s.default);
  const section = recorderReadmeSection({
    file: OPENCLAW_RECORDER_FILE,
    host: "OpenClaw",
    points: profile.points.map((p) => p.id),
    where: "`<workspace>/.hookwright/recordings/<session id>.jsonl`: the workspace is the hook context's `workspaceDir` (else the gateway's working folder), the session its `sessionId` (else `sessionKey`, else `no-session`)",
    input: '`{ "event": …, "ctx": … }`, the two arguments the handler receives, as plain JSON (functions and abort signals left out, Errors as `{ name, message }`).',
    decision:
      "not recorded: OpenClaw folds its handlers' results itself and shows no handler what the others returned (`before_tool_call` gives each handler its own copy of the event). The recorder runs first (the highest priority), because a hook that blocks skips every handler after it; `after_tool_call` records what did run (its params, result or error).",
    remove: `delete the \`${OPENCLAW_RECORDER_CALL.split(";")[0]};\` line from index.ts, or export again without "Add a recorder".`,
  });
  if (gated.length === 0) return section;
  const settings = [
    `To record the points these settings gate, set them in your OpenClaw config (the loader skips the recorder there otherwise, with a warning): \`{ plugins: { entries: { ${JSON.stringify(pluginId)}: { hooks: { ${gated.map((s) => `${s.id}: true`).join(", ")} } } } } }\`.`,
    "",
  ];
  return [...section, ...settings];
}
