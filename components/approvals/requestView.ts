import type { Json, JsonObject } from "~/core/json";

/** The card's reading of an approval request's host fields (missing or odd fields get plain defaults). */
export interface RequestView {
  title: string;
  description: string;
  severity: string;
  timeoutMs: number | null;
  allowedDecisions: string[];
}

const str = (v: Json | undefined, fallback: string) => (typeof v === "string" ? v : fallback);

export function readRequest(request: JsonObject): RequestView {
  const decisions = Array.isArray(request.allowedDecisions) ? request.allowedDecisions.filter((d): d is string => typeof d === "string") : [];
  return {
    title: str(request.title, "Approval requested"),
    description: str(request.description, ""),
    severity: str(request.severity, "warning"),
    timeoutMs: typeof request.timeoutMs === "number" ? request.timeoutMs : null,
    allowedDecisions: decisions.length > 0 ? decisions : ["allow-once", "deny"],
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
