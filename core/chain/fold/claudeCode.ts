/**
 * Claude Code's aggregation of parallel hook results (semantics.md §3c, §3f), on the values hooks
 * returned. Every matching hook ran on the original input; their answers are folded here in
 * COMPLETION order (the host folds them as they arrive): the strictest decision wins
 * (deny > defer > ask > allow), every additionalContext is kept, and updatedInput /
 * updatedToolOutput come from the last hook to complete among those that qualify.
 */

type Rec = Record<string, unknown>;

/** One hook's answer as the fold reads it, in completion order. */
export interface ClaudeHookAnswer {
  hookId: string;
  /** What it returned (undefined: nothing / a failure). */
  output: unknown;
  /** Its failure message, when it threw or timed out. */
  failure: string | null;
  /** The hook's `onFailure` ("continue" by default). */
  onFailure: "continue" | "block";
  /**
   * The command line the host runs for this hook, as its messages name it (`[<command>]: ` before
   * an exit-2 reason, `blocking error from command: "<command>"`); the hook's id when unknown.
   */
  command?: string | null;
}

/** One hook's block or context, in the order the hooks completed (what the host feeds back, one entry each). */
export interface ClaudeFeedbackEntry {
  hookId: string;
  kind: "block" | "context";
  /** The reason (an exit 2's already `[<command>]: `-prefixed) or the context. */
  text: string;
  /** The command that names the hook in the host's messages. */
  command: string;
  /** A block by exit 2 (a BlockingError) or a blocking failure, not by a `decision: "block"` answer. */
  exit2: boolean;
}

export type ClaudeDecision = "deny" | "defer" | "ask" | "allow";

/** The folded outcome of one Claude Code hook event (point.end.result). */
export interface ClaudeFoldResult {
  [key: string]: unknown;
  /** PreToolUse: the strictest decision; other events: "block" when a hook blocked; null: passthrough. */
  decision: ClaudeDecision | "block" | null;
  /** The reason that goes with the decision (the deny / block text fed to Claude). */
  reason: string | null;
  /** The hook whose decision (and reason) stands. */
  decidedBy: string | null;
  /** Tool input / tool output replacement and the hook it came from. */
  updatedInput: Rec | null;
  updatedToolOutput: unknown;
  updatedBy: string | null;
  /** Every hook's additionalContext, in completion order. */
  additionalContexts: string[];
  /** Every block and every context, one per hook answer, in completion order (PostToolUse / Stop feed each back). */
  feedback: ClaudeFeedbackEntry[];
  /** `continue: false` from some hook: the agent stops (with the stopReason of the first such hook). */
  continue: boolean;
  stopReason: string | null;
  systemMessages: string[];
  /** PermissionRequest: the folded `decision` object (deny beats allow). */
  permission: Rec | null;
  /** Outputs the host rejects or ignores, and why (wrong hookEventName, an unknown decision, …). */
  rejected: { hookId: string; reason: string }[];
  /** Failures that did not block (onFailure "continue", or ignored on Stop / SubagentStop). */
  failures: { hookId: string; message: string; blocked: boolean }[];
}

const RANK: Record<ClaudeDecision, number> = { allow: 1, ask: 2, defer: 3, deny: 4 };
const DEFAULT_BLOCK = "Blocked by hook";
/** Events whose hooks' failures never block, whatever onFailure says (C:sdk.d.ts:1051-1061). */
const FAILURE_NEVER_BLOCKS = new Set(["Stop", "SubagentStop", "TaskCompleted", "TeammateIdle"]);
const BLOCKING_ERROR = /^BlockingError: ([\s\S]*?)(?: \([^()\s]+:\d+:\d+\))?$/;

function rec(value: unknown): Rec | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Rec) : null;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

function commandOf(answer: ClaudeHookAnswer): string {
  return answer.command ?? answer.hookId;
}

/** The reason of `throw new BlockingError("reason")` (exit 2 of a command hook), else null. */
export function blockingReason(failure: string | null): string | null {
  if (failure === null) return null;
  const m = BLOCKING_ERROR.exec(failure);
  return m ? (m[1] ?? "") : null;
}

/** How a Claude-Code-shaped event is folded: by Claude Code (default) or by Codex CLI. */
export interface ClaudeFoldOptions {
  variant: "claude-code" | "codex";
  /** The hooks' ids in configuration order (Codex re-sorts some results into it). */
  configOrder: readonly string[];
}

function emptyResult(): ClaudeFoldResult {
  return {
    decision: null,
    reason: null,
    decidedBy: null,
    updatedInput: null,
    updatedToolOutput: null,
    updatedBy: null,
    additionalContexts: [],
    feedback: [],
    continue: true,
    stopReason: null,
    systemMessages: [],
    permission: null,
    rejected: [],
    failures: [],
  };
}

/** What Codex says when a PostToolUse `continue: false` has no stopReason (codex.md fact 33). */
export const CODEX_POST_TOOL_STOPPED = "PostToolUse hook stopped execution";

/**
 * Codex CLI 0.169.0's fold of one event's hooks (codex.md §6), on the answers in COMPLETION order:
 * - a block (deny / legacy `decision: "block"` / exit 2) counts only with a reason: without one it
 *   fails open (facts 4, 5, 34); exit-2 stderr is trimmed (fact 35);
 * - the reason is that of the first blocking hook in CONFIG order (facts 10, 11, 34);
 * - `updatedInput` applies only beside `permissionDecision: "allow"`, and the last hook to complete
 *   wins (facts 7-9); any block beats it (fact 12);
 * - `ask`, `defer`, `allow` without a rewrite, `decision: "approve"` and PreToolUse
 *   `continue: false` are unsupported: they fail open (fact 5);
 * - PostToolUse: every block reason, exit-2 stderr and `continue: false` stopReason replaces the
 *   tool output, joined by a blank line in config order (facts 17-19, 33);
 * - contexts are kept in config order (facts 15, 16); a crash, a timeout or invalid JSON never
 *   blocks (facts 23, 24): Codex has no onFailure;
 * - `continue: false` on Stop cancels every Stop block (docs/codex.md "Verified against the real
 *   binary"); on UserPromptSubmit it ends the turn as a block does (the binding reads `continue`).
 */
function foldCodex(event: string, answers: readonly ClaudeHookAnswer[], configOrder: readonly string[]): ClaudeFoldResult {
  const out = emptyResult();
  const rank = (hookId: string) => {
    const i = configOrder.indexOf(hookId);
    return i < 0 ? configOrder.length : i;
  };
  const entries: (ClaudeFeedbackEntry & { rank: number; seq: number })[] = [];
  const add = (answer: ClaudeHookAnswer, kind: "block" | "context", value: string, exit2: boolean) =>
    entries.push({ hookId: answer.hookId, kind, text: value, command: commandOf(answer), exit2, rank: rank(answer.hookId), seq: entries.length });
  const failOpen = (hookId: string, why: string) => out.rejected.push({ hookId, reason: `${why}: Codex does not block (fails open)` });
  /** `continue: false` answers, with their config rank: the stopReason is the first in config order. */
  const stops: { rank: number; reason: string | null }[] = [];

  for (const answer of answers) {
    const { hookId } = answer;
    if (answer.failure !== null) {
      const stderr = blockingReason(answer.failure);
      if (stderr === null) {
        out.failures.push({ hookId, message: answer.failure, blocked: false });
        continue;
      }
      const reason = stderr.trim();
      if (reason === "") failOpen(hookId, "exit 2 with empty stderr");
      else if (event === "PreToolUse" || event === "PostToolUse" || event === "Stop" || event === "UserPromptSubmit") add(answer, "block", reason, true);
      continue;
    }
    const o = rec(answer.output);
    if (!o) continue;
    if (o.continue === false) {
      if (event === "PostToolUse") add(answer, "block", text(o.stopReason) ?? CODEX_POST_TOOL_STOPPED, false);
      else if (event === "PreToolUse") failOpen(hookId, "continue: false");
      else {
        // Stop: it cancels every block (below); UserPromptSubmit: it ends the turn like a block (binding).
        stops.push({ rank: rank(hookId), reason: text(o.stopReason) });
        out.continue = false;
      }
    }
    const systemMessage = text(o.systemMessage);
    if (systemMessage) out.systemMessages.push(systemMessage);
    if (o.decision === "block") {
      const reason = text(o.reason);
      if (reason === null) failOpen(hookId, 'decision "block" without a reason');
      else add(answer, "block", reason, false);
    } else if (o.decision === "approve") failOpen(hookId, 'decision "approve" is unsupported');
    else if (o.decision !== undefined) out.rejected.push({ hookId, reason: `unknown decision ${JSON.stringify(o.decision)}: it does not block (use "block")` });
    const specific = rec(o.hookSpecificOutput);
    if (!specific) continue;
    if (specific.hookEventName !== event) {
      out.rejected.push({ hookId, reason: `hookSpecificOutput.hookEventName is ${JSON.stringify(specific.hookEventName)}, not "${event}": the host ignores its whole hookSpecificOutput` });
      continue;
    }
    const context = text(specific.additionalContext);
    if (context !== null) add(answer, "context", context, false);
    if (event !== "PreToolUse") continue;
    const d = specific.permissionDecision;
    const updatedInput = rec(specific.updatedInput);
    if (d === "deny") {
      const reason = text(specific.permissionDecisionReason);
      if (reason === null) failOpen(hookId, "deny without permissionDecisionReason");
      else add(answer, "block", reason, false);
    } else if (d === "allow") {
      if (updatedInput) {
        // Completion order: the last hook to complete wins the rewrite (facts 8, 9).
        out.updatedInput = updatedInput;
        out.updatedBy = hookId;
      } else failOpen(hookId, "allow without updatedInput is unsupported");
    } else if (d === "ask" || d === "defer") failOpen(hookId, `permissionDecision "${d}" is unsupported`);
    else if (d !== undefined) out.rejected.push({ hookId, reason: `permissionDecision ${JSON.stringify(d)} is not allow or deny` });
    if (updatedInput && d !== "allow") out.rejected.push({ hookId, reason: 'updatedInput without permissionDecision "allow": Codex ignores it' });
  }

  out.stopReason = [...stops].sort((a, b) => a.rank - b.rank).find((st) => st.reason !== null)?.reason ?? null;
  entries.sort((a, b) => a.rank - b.rank || a.seq - b.seq);
  if (event === "Stop" && stops.length > 0) {
    // X:codex-rs/hooks/src/events/stop.rs `aggregate_results`: should_block = !should_stop && any block.
    for (const e of entries.filter((x) => x.kind === "block")) out.rejected.push({ hookId: e.hookId, reason: "a Stop block beside a Stop hook's continue: false: Codex does not block" });
    entries.splice(0, entries.length, ...entries.filter((x) => x.kind !== "block"));
  }
  out.feedback = entries.map(({ hookId, kind, text: value, command, exit2 }) => ({ hookId, kind, text: value, command, exit2 }));
  out.additionalContexts = entries.filter((e) => e.kind === "context").map((e) => e.text);
  const blocks = entries.filter((e) => e.kind === "block");
  const first = blocks[0];
  if (event === "PreToolUse") {
    if (first) {
      out.decision = "deny";
      out.reason = first.text;
      out.decidedBy = first.hookId;
    } else if (out.updatedInput) {
      out.decision = "allow";
      out.decidedBy = out.updatedBy;
    }
  } else if (first) {
    out.decision = "block";
    out.reason = event === "PostToolUse" ? blocks.map((b) => b.text).join("\n\n") : first.text;
    out.decidedBy = first.hookId;
    if (event === "PostToolUse") {
      out.updatedToolOutput = out.reason;
      out.updatedBy = first.hookId;
    }
  }
  return out;
}

/**
 * Folds the answers of one event's hooks (already in completion order) the way the CLI does.
 * Pure and total: any value a hook returned folds to a result.
 */
export function foldClaudeCode(event: string, answers: readonly ClaudeHookAnswer[], options?: ClaudeFoldOptions): ClaudeFoldResult {
  if (options?.variant === "codex") return foldCodex(event, answers, options.configOrder);
  const out: ClaudeFoldResult = emptyResult();
  const preTool = event === "PreToolUse";
  const block = (answer: ClaudeHookAnswer, reason: string, exit2: boolean) => {
    const { hookId } = answer;
    out.feedback.push({ hookId, kind: "block", text: reason, command: commandOf(answer), exit2 });
    if (preTool) return take(hookId, "deny", reason, null);
    // Later blocks replace the reason, as two denies do.
    out.decision = "block";
    out.reason = reason;
    out.decidedBy = hookId;
  };
  /** Folds one decision into the strictest so far; returns whether the hook's decision class is the current one. */
  const take = (hookId: string, decision: ClaudeDecision, reason: string | null, updatedInput: Rec | null): void => {
    const current = out.decision as ClaudeDecision | null;
    const rank = RANK[decision];
    const currentRank = current && current !== ("block" as string) ? RANK[current] : 0;
    if (rank > currentRank) {
      out.decision = decision;
      out.reason = reason;
      out.decidedBy = hookId;
    } else if (rank === currentRank && decision === "deny") {
      // Two denies: the reason of the last to complete (3f); two asks keep the first.
      out.reason = reason;
      out.decidedBy = hookId;
    }
    if (updatedInput && out.decision === decision) {
      out.updatedInput = updatedInput;
      out.updatedBy = hookId;
    }
  };

  for (const answer of answers) {
    const { hookId } = answer;
    if (answer.failure !== null) {
      const reason = blockingReason(answer.failure);
      if (reason !== null) {
        // Exit 2: a blocking error, also on Stop (where it keeps the loop going); the host names the command before its stderr (3f).
        const said = reason || DEFAULT_BLOCK;
        block(answer, answer.command ? `[${answer.command}]: ${said}` : said, true);
        continue;
      }
      const blocks = answer.onFailure === "block" && !FAILURE_NEVER_BLOCKS.has(event);
      out.failures.push({ hookId, message: answer.failure, blocked: blocks });
      if (blocks) block(answer, answer.failure, true);
      continue;
    }
    const o = rec(answer.output);
    if (!o) continue; // {} / void / a non-object: passthrough
    if (o.continue === false) {
      if (out.continue) out.stopReason = text(o.stopReason);
      out.continue = false;
    }
    const systemMessage = text(o.systemMessage);
    if (systemMessage) out.systemMessages.push(systemMessage);
    if (o.decision !== undefined) {
      if (o.decision === "block") block(answer, text(o.reason) ?? DEFAULT_BLOCK, false);
      else if (o.decision === "approve") {
        if (preTool) take(hookId, "allow", text(o.reason), null);
      } else out.rejected.push({ hookId, reason: `unknown decision ${JSON.stringify(o.decision)}: it does not block (use "approve" or "block")` });
    }
    const specific = rec(o.hookSpecificOutput);
    if (!specific) continue;
    if (specific.hookEventName !== event) {
      out.rejected.push({ hookId, reason: `hookSpecificOutput.hookEventName is ${JSON.stringify(specific.hookEventName)}, not "${event}": the host ignores its whole hookSpecificOutput` });
      continue;
    }
    const context = text(specific.additionalContext);
    if (context !== null) {
      out.additionalContexts.push(context);
      out.feedback.push({ hookId, kind: "context", text: context, command: commandOf(answer), exit2: false });
    }
    if (preTool) {
      const d = specific.permissionDecision;
      const updatedInput = rec(specific.updatedInput);
      if (d === undefined) {
        // No decision: its rewrite still counts (it overrides an earlier rewrite, 3f).
        if (updatedInput) {
          out.updatedInput = updatedInput;
          out.updatedBy = hookId;
        }
      } else if (d === "allow" || d === "deny" || d === "ask" || d === "defer") {
        const reason = text(specific.permissionDecisionReason) ?? text(o.reason);
        take(hookId, d, d === "deny" ? (reason ?? DEFAULT_BLOCK) : reason, updatedInput);
      } else out.rejected.push({ hookId, reason: `permissionDecision ${JSON.stringify(d)} is not allow, deny, ask or defer` });
    }
    if (event === "PostToolUse" && specific.updatedToolOutput !== undefined) {
      out.updatedToolOutput = specific.updatedToolOutput;
      out.updatedBy = hookId;
    }
    if (event === "PermissionRequest") {
      const decision = rec(specific.decision);
      if (decision && (decision.behavior === "allow" || decision.behavior === "deny")) {
        if (!out.permission || (decision.behavior === "deny" && out.permission.behavior !== "deny") || decision.behavior === out.permission.behavior) {
          out.permission = decision;
          out.decidedBy = hookId;
        }
      } else if (specific.decision !== undefined) out.rejected.push({ hookId, reason: 'decision.behavior must be "allow" or "deny"' });
    }
  }
  return out;
}
