import type { JsonObject } from "../json";

/**
 * The seam between the loop and whoever answers approval requests (a person in the run panel, a
 * scenario's scripted answers, nobody). A profile's binding turns what the hooks asked for into
 * an {@link ApprovalAsk}; the loop awaits the gate's {@link ApprovalAnswer}; the binding then
 * says what the host does with it (run the call, or the blocked tool_result text).
 */

/** What a hook asked a person to approve, normalised as the host does before showing it. */
export interface ApprovalAsk {
  point: string;
  /** The hook whose requireApproval won (the first that asked). */
  hookId: string;
  toolUseId: string;
  toolName: string;
  /** The call's params as the approval shows them (the hooks' rewrite, snapshotted when approval was first requested). */
  params: JsonObject;
  request: {
    title: string;
    description: string;
    severity: "info" | "warning" | "critical";
    /** The host's wait: 120 s by default, at most 600 s. */
    timeoutMs: number;
    /**
     * Decisions the person may give, in the host's own words (OpenClaw: allow-once, allow-always,
     * deny, deny always among them; FIM One: approve, reject). The card shows one button each.
     */
    allowedDecisions: string[];
    pluginId: string;
    /** The hook passed an onResolution callback (functions do not cross into the trace). */
    hasOnResolution: boolean;
    /** The host's deprecated timeoutReason: a timeout blocks the call with this text. */
    timeoutReason: string | null;
    /**
     * Set when the host passes what the person writes with their answer on to the agent (FIM One:
     * a rejection's reason): the card offers a text field with this label.
     */
    reasonLabel?: string;
    /** What a reviewer needs to know about who asks and where (FIM One: user, agent, org, conversation), label → text. */
    context?: Record<string, string>;
  };
  /** What the host warns about this request (e.g. the ignored `timeoutBehavior: "allow"`). */
  warnings: string[];
}

/** One of the request's allowedDecisions (the host's words), or what the gate adds: timeout, cancelled. */
// `string & {}` keeps the known names offered by the editor while a profile's own names fit too.
export type ApprovalDecision = "allow-once" | "allow-always" | "deny" | "timeout" | "cancelled" | (string & {});

export interface ApprovalAnswer {
  decision: ApprovalDecision;
  /** Who answered: a user's name, "script", "timeout", "host". */
  by: string;
  /** When (ms on the run's clock or epoch, as the gate records it). */
  at: number;
  /**
   * For `cancelled`: why, in the host's words (the tool_result text the model gets). For a person's
   * answer: what they wrote with it (the host decides whether the agent sees it: `reasonLabel`).
   */
  reason?: string;
}

export interface ApprovalGate {
  request(ask: ApprovalAsk): Promise<ApprovalAnswer>;
}

/** The host's text when nothing can show an approval (a CLI or scripted run with no answers). */
export const APPROVAL_UNAVAILABLE = "Plugin approval unavailable: non-interactive CLI runs have no approval-capable initiating surface.";

/** No approval surface: every request is cancelled at once, as the host does for a non-interactive run. */
export const noApprovalSurface: ApprovalGate = {
  request: async () => ({ decision: "cancelled", by: "host", at: 0, reason: APPROVAL_UNAVAILABLE }),
};
