import type { Profile } from "../profiles/types";
import { RECORDER_STEM, recorderReadmeSection } from "./recorder";
import { recorderHelpersSource } from "./recorderSource";

/**
 * The recorder in a hook registry module (seed 001): one handler per point, registered FIRST
 * with the point's own register method. The registry has no priorities, only registration order,
 * and a claiming point stops at the first `{ handled: true }`: registered first, the recorder sees
 * every call, a claimed one included. It returns nothing (no change, no claim) and never throws
 * (a claiming handler that throws would fail the turn).
 */

export const REGISTRY_RECORDER_FILE = `${RECORDER_STEM}.ts`;

export const REGISTRY_RECORDER_IMPORT = `import { recorderFor } from "./${REGISTRY_RECORDER_FILE}";`;

export function registryRecorderModule(): string {
  return [
    `// ${RECORDER_STEM}: Hookwright's recorder for the hook registry. It appends each point's context to`,
    "// <working folder>/.hookwright/recordings/<sessionId>.jsonl, and changes nothing.",
    'import { appendFileSync, mkdirSync, statSync } from "node:fs";',
    'import { join } from "node:path";',
    "",
    recorderHelpersSource("ts"),
    "",
    "/** A handler for `point` that records its context and returns nothing. */",
    "export function recorderFor(point: string): (ctx: never) => undefined {",
    "  return (ctx: never) => {",
    "    try {",
    "      const fields = (typeof ctx === \"object\" && ctx !== null ? ctx : {}) as Record<string, unknown>;",
    '      const session = typeof fields["sessionId"] === "string" && fields["sessionId"] !== "" ? fields["sessionId"] : "no-session";',
    '      appendRecording(join(process.cwd(), ".hookwright", "recordings"), { host: "registry", point, at: new Date().toISOString(), session, input: plain(ctx) ?? null });',
    "    } catch {",
    "      // Recording is best effort: the agent goes on whatever happens here.",
    "    }",
    "    return undefined;",
    "  };",
    "}",
    "",
  ].join("\n");
}

export function registryRecorderReadme(profile: Profile): string[] {
  return recorderReadmeSection({
    file: REGISTRY_RECORDER_FILE,
    host: "the hook registry",
    points: profile.points.map((p) => p.id),
    where: "`<working folder>/.hookwright/recordings/<sessionId>.jsonl`, the working folder being the agent process's",
    input: "the context the registry hands a handler at that point, as plain JSON (functions left out).",
    decision:
      "not recorded: the recorder is registered first on every point, because a claiming point (before_tool_call) stops at the first handler that claims, so a recorder after the hooks would miss the claimed calls; after_tool_call records what did run.",
    remove: "delete the `recorderFor(…)` lines from register.ts, or export again without \"Add a recorder\".",
  });
}
