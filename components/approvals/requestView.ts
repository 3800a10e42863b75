import type { Json, JsonObject } from "~/core/json";

/** The card's reading of an approval request's host fields (missing or odd fields get plain defaults). */
export interface RequestView {
  title: string;
  description: string;
  severity: string;
  timeoutMs: number | null;
  allowedDecisions: string[];
  /** Label of the card's text field for what the person writes with the answer; null: the host passes nothing on. */
  reasonLabel: string | null;
  /** Facts about who asks and where (e.g. FIM One's user, agent, org), as label → text. */
  context: [string, string][];
}

const str = (v: Json | undefined, fallback: string) => (typeof v === "string" ? v : fallback);

function readContext(value: Json | undefined): [string, string][] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([k, v]) => (typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? [[k, String(v)] as [string, string]] : []));
}

export function readRequest(request: JsonObject): RequestView {
  const decisions = Array.isArray(request.allowedDecisions) ? request.allowedDecisions.filter((d): d is string => typeof d === "string") : [];
  return {
    title: str(request.title, "Approval requested"),
    description: str(request.description, ""),
    severity: str(request.severity, "warning"),
    timeoutMs: typeof request.timeoutMs === "number" ? request.timeoutMs : null,
    allowedDecisions: decisions.length > 0 ? decisions : ["allow-once", "deny"],
    reasonLabel: typeof request.reasonLabel === "string" && request.reasonLabel !== "" ? request.reasonLabel : null,
    context: readContext(request.context),
  };
}

const LABELS: Record<string, string> = {
  "allow-once": "Allow once",
  "allow-always": "Allow always",
  deny: "Deny",
  approve: "Approve",
  reject: "Reject",
  timeout: "Timed out",
  cancelled: "Cancelled",
};

/** A decision in words ("allow-once" → "Allow once"). */
export function describeDecision(decision: string): string {
  return LABELS[decision] ?? decision;
}
