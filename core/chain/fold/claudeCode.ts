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

/**
 * Folds the answers of one event's hooks (already in completion order) the way the CLI does.
 * Pure and total: any value a hook returned folds to a result.
 */
export function foldClaudeCode(event: string, answers: readonly ClaudeHookAnswer[]): ClaudeFoldResult {
  const out: ClaudeFoldResult = {
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
