import { join } from "node:path";
import type { BundleFile } from "~/core/bundles/types";
import type { Pipeline } from "~/core/pipeline/schema";
import type { TraceEvent } from "~/core/trace/events";
import { exportPlugin } from "../service";
import { parsed, hookwrightRun } from "./claudeEngine";
import { repliesOf, runCodex, type CodexRun } from "./codexBinary";
import { observeCodex, observeHookwright, withUnorderedCallContexts, type Observed } from "./codexObserved";

/*
 * One differential case on the `codex` profile: hooks (bash + jq command hooks, or TypeScript
 * function hooks), a scripted model, the pipeline built from them, exported as the project's
 * `.codex/hooks.json`, then run by the real Codex binary and by Hookwright.
 */

export type CodexEvent = "PreToolUse" | "PostToolUse" | "Stop" | "UserPromptSubmit" | "SessionStart";

export interface HookSpec {
  event: CodexEvent;
  /** Default: `Bash` on PreToolUse / PostToolUse, none elsewhere. */
  matcher?: string | null;
  /** A command hook: a bash script; `$in` holds the hook's stdin JSON. */
  bash?: string;
  /** A function hook: the body of `async (input) => { … }`. */
  ts?: string;
  /** Seconds the hook waits before answering (orders completion for the real binary). */
  sleep?: number;
  timeoutSeconds?: number;
}

export interface CodexCase {
  name: string;
  hooks: HookSpec[];
  /** The model's function calls, one reply per inner list (`exec_command {cmd}`); then its answers. */
  calls?: string[][];
  /** Hookwright's completion order; the hooks' sleeps must make the binary complete them so. */
  completionOrder?: "declared" | "reverse";
  prompt?: string;
}

/** The model's answers after its calls: a Stop hook that blocks sees them in turn. */
export const ANSWERS = ["Done.", "Done again.", "Still done.", "Last."];

const isToolEvent = (event: CodexEvent) => event === "PreToolUse" || event === "PostToolUse";

function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").toLowerCase();
}

function hookOf(spec: HookSpec, i: number) {
  const name = `h${i + 1}-${slug(spec.event)}`;
  const matcher = spec.matcher !== undefined ? spec.matcher : isToolEvent(spec.event) ? "Bash" : null;
  const base = { id: `h${i + 1}`, point: spec.event, name, matcher, ...(spec.timeoutSeconds ? { timeoutMs: spec.timeoutSeconds * 1000 } : {}) };
  if (spec.ts !== undefined) {
    const wait = spec.sleep ? `  await new Promise((resolve) => setTimeout(resolve, ${Math.round(spec.sleep * 1000)}));\n` : "";
    const code = [
      'class BlockingError extends Error {\n  override name = "BlockingError";\n}',
      "// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a hook written as users write it, untyped",
      `export default async (input: any) => {\n${wait}  ${spec.ts.replace(/\n/g, "\n  ")}\n};`,
      "",
    ].join("\n");
    return { ...base, code };
  }
  const path = `.codex/hooks/${name}.sh`;
  const code = `#!/bin/bash\nin=$(cat)\n${spec.sleep ? `sleep ${spec.sleep}\n` : ""}${spec.bash ?? ""}\n`;
  return { ...base, code, runtime: { kind: "command", language: "bash", command: `bash ${path}`, script: { root: "project", path } } };
}

export function pipelineOf(c: CodexCase): Pipeline {
  const calls = c.calls ?? [["echo ran-a"]];
  let n = 0;
  return parsed({
    format: "hookwright.pipeline/v1",
    name: c.name.slice(0, 200),
    profile: "codex",
    hooks: c.hooks.map(hookOf),
    scenarios: [
      {
        name: "default",
        prompt: c.prompt ?? "Run the checks.",
        ...(c.completionOrder ? { completionOrder: c.completionOrder } : {}),
        model: {
          kind: "scripted",
          responses: [
            ...calls.map((reply) => ({ content: reply.map((cmd) => ({ type: "tool_use", id: `call_${String.fromCharCode(97 + n++)}`, name: "exec_command", input: { cmd } })), stopReason: "tool_use" })),
            ...ANSWERS.map((text) => ({ content: [{ type: "text", text }], stopReason: "end_turn" })),
          ],
        },
        // What bash prints for the `echo` commands the cases run, so a rewrite shows in the output.
        tools: [{ name: "exec_command", inputSchema: { type: "object" }, handler: 'export default (input: { cmd: string }) => `${input.cmd.replace(/^echo /, "")}\\n`;\n' }],
      },
    ],
  });
}

/**
 * The project's files for Codex: the real exporter's `.codex/hooks.json` and scripts. Function
 * hooks' commands find their script from git's top level or the cwd, so the project must not sit
 * inside another git repository (the run folders are under the system tmpdir).
 */
export function codexProjectFiles(pipeline: Pipeline): readonly BundleFile[] {
  return exportPlugin(pipeline, "codex").files;
}

export interface Differential {
  mine: Observed;
  theirs: Observed;
  real: CodexRun;
  events: TraceEvent[];
  /** Says where to look when the comparison fails. */
  where: string;
}

/** Runs the case's pipeline through Hookwright and through the real Codex binary (in parallel). */
export async function differential(codex: string, folder: string, pipeline: Pipeline): Promise<Differential> {
  const scenario = pipeline.scenarios[0];
  if (!scenario) throw new Error(`${pipeline.name}: no scenario`);
  const dir = join(folder, slug(pipeline.name));
  const files = codexProjectFiles(pipeline);
  const [events, real] = await Promise.all([hookwrightRun(pipeline), runCodex(codex, { dir, files, prompt: scenario.prompt, replies: repliesOf(scenario) })]);
  const where = `${pipeline.name}: codex exit ${String(real.code)}, stderr ${real.stderr.slice(0, 600)}\nhooks.json: ${files.find((f) => f.path.endsWith("hooks.json"))?.content ?? "(none)"}`;
  const parallel = repliesOf(scenario).some((items) => items.filter((i) => i.type === "function_call").length > 1);
  const settle = parallel ? withUnorderedCallContexts : (o: Observed) => o;
  return { mine: settle(observeHookwright(events, scenario.prompt)), theirs: settle(observeCodex(real)), real, events, where };
}
