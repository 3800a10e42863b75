import type { ApprovalRecord, ApprovalStatus, ApprovalStore } from "../../db/store";
import type { EncodedTraceEvent, TraceEvent } from "../../core/trace/events";
import { ApprovalError } from "./approvalError";
import { callbackTokenMatches, hashCallbackToken, newCallbackToken } from "./tokens";

/** A request as the card and the API show it (never the token hash). */
export interface ApprovalView {
  approvalId: string;
  runId: string;
  seq: number;
  point: string;
  hookId: string;
  toolUseId: string;
  toolName: string;
  request: Record<string, unknown>;
  params: Record<string, unknown>;
  warnings: string[];
  status: ApprovalStatus;
  decision: string | null;
  requestedAt: number;
  expiresAt: number;
  respondedAt: number | null;
  respondedBy: string | null;
  /** What the person wrote with the answer (or the host's reason for a cancelled request). */
  reason: string | null;
  /** Whether a callback token was issued (the card offers a new one either way). */
  hasToken: boolean;
}

export interface AnswerInput {
  approvalId: string;
  decision: string;
  by: string;
  /** What the person writes with the answer (FIM One gives a rejection's reason to the model). */
  reason?: string;
  /** Required for the HTTP callback; the card (an authenticated page of this server) answers without one. */
  token?: string;
}

export interface ApprovalService {
  /** Keeps the rows in step with what a run records (called for every recorded event, after it is stored). */
  observe(runId: string, event: TraceEvent | EncodedTraceEvent): Promise<void>;
  /** The run stopped at this request: its timeout is armed (on the wall clock, from the row). */
  parked(approvalId: string): Promise<void>;
  answer(input: AnswerInput): Promise<ApprovalView>;
  issueToken(approvalId: string): Promise<{ token: string }>;
  list(runId: string): Promise<ApprovalView[]>;
  get(approvalId: string): Promise<ApprovalView>;
  /** After a restart: arms the timeouts of every pending request (answering the ones already past it). */
  recover(): Promise<void>;
}

export function toView(row: ApprovalRecord): ApprovalView {
  const payload = row.payload as { request?: Record<string, unknown>; params?: Record<string, unknown>; warnings?: string[] };
  return {
    approvalId: row.id,
    runId: row.runId,
    seq: row.seq,
    point: row.point,
    hookId: row.hookId,
    toolUseId: row.toolUseId,
    toolName: row.toolName,
    request: payload.request ?? {},
    params: payload.params ?? {},
    warnings: payload.warnings ?? [],
    status: row.status,
    decision: row.decision,
    requestedAt: row.requestedAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    respondedAt: row.respondedAt?.getTime() ?? null,
    respondedBy: row.respondedBy,
    reason: row.reason,
    hasToken: row.tokenHash !== null,
  };
}

function allowedOf(row: ApprovalRecord): string[] {
  const request = (row.payload as { request?: { allowedDecisions?: unknown } }).request;
  const list = Array.isArray(request?.allowedDecisions) ? request.allowedDecisions.filter((d): d is string => typeof d === "string") : [];
  return list.length > 0 ? list : ["allow-once", "deny"];
}

/** FIM One's own limit on a confirmation's reason (confirmations.py ConfirmationRespondRequest). */
export const MAX_REASON = 2000;

function describeAnswered(row: ApprovalRecord): string {
  const when = row.respondedAt ? ` at ${row.respondedAt.toISOString()}` : "";
  return `approval ${row.id} is no longer pending: it was ${row.status} (${row.decision ?? "no decision"}${row.respondedBy ? ` by ${row.respondedBy}` : ""}${when})`;
}

/**
 * Approval requests of the app's runs: rows written as runs record their requests, answers from
 * the card and the HTTP callback (first answer wins), timeouts on the wall clock, and the run's
 * resumption (`resume`, given by the run service) once a parked request is answered.
 */
export function createApprovalService(deps: { approvals: ApprovalStore; resume: (runId: string) => void; now?: () => number }): ApprovalService {
  const store = deps.approvals;
  const now = deps.now ?? Date.now;
  const timers = new Map<string, NodeJS.Timeout>();

  function clearTimer(id: string): void {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
  }

  async function settle(row: ApprovalRecord, answer: { decision: string; by: string; at: number; reason?: string }): Promise<boolean> {
    const applied = await store.answer(row.id, answer);
    if (!applied) return false;
    clearTimer(row.id);
    deps.resume(row.runId);
    return true;
  }

  function arm(row: ApprovalRecord): void {
    clearTimer(row.id);
    const delay = Math.max(0, row.expiresAt.getTime() - now());
    const timer = setTimeout(() => {
      timers.delete(row.id);
      void expire(row.id);
    }, delay);
    // A waiting request never keeps a stopping server alive: it is armed again on the next start.
    timer.unref();
    timers.set(row.id, timer);
  }

  async function expire(id: string): Promise<void> {
    try {
      const current = await store.get(id);
      if (current?.status === "pending") await settle(current, { decision: "timeout", by: "timeout", at: current.expiresAt.getTime() });
    } catch (error) {
      // A timer has no caller to tell: the request stays pending and is armed again on the next start.
      console.error(`hookwright: approval ${id} could not be expired:`, error);
    }
  }

  async function mustGet(approvalId: string): Promise<ApprovalRecord> {
    const row = await store.get(approvalId);
    if (!row) throw new ApprovalError("NOT_FOUND", `there is no approval request ${approvalId}`);
    return row;
  }

  return {
    async observe(runId, event) {
      if (event.type === "approval.request") await store.insertRequest(runId, event, now());
      // What the run itself recorded as the answer (a scripted or recorded one): kept on the row if nobody answered first.
      else if (event.type === "approval.resolve") await store.answer(event.approvalId, { decision: event.decision, by: event.by, at: event.at > 0 ? event.at : Date.now(), ...(event.reason !== undefined ? { reason: event.reason } : {}) });
    },
    async parked(approvalId) {
      const row = await store.get(approvalId);
      if (row?.status === "pending") arm(row);
    },
    async answer(input) {
      const row = await mustGet(input.approvalId);
      if (input.token !== undefined) {
        if (row.tokenHash === null) throw new ApprovalError("NO_TOKEN", `no callback token was issued for approval ${row.id}: issue one on its card first`);
        if (!callbackTokenMatches(input.token, row.tokenHash)) throw new ApprovalError("BAD_TOKEN", `the token does not match approval ${row.id} (a new token replaces the old one)`);
      }
      if (row.status !== "pending") throw new ApprovalError("NOT_PENDING", describeAnswered(row));
      const allowed = allowedOf(row);
      if (!allowed.includes(input.decision)) throw new ApprovalError("BAD_DECISION", `"${input.decision}" is not a decision this request allows (allowed: ${allowed.join(", ")})`);
      const by = input.by.trim();
      if (by === "") throw new ApprovalError("BAD_INPUT", "say who answered (by)");
      const reason = input.reason?.trim() ?? "";
      if (reason.length > MAX_REASON) throw new ApprovalError("BAD_INPUT", `reason: at most ${MAX_REASON} characters (it has ${reason.length})`);
      if (!(await settle(row, { decision: input.decision, by: by.slice(0, 200), at: now(), ...(reason !== "" ? { reason } : {}) }))) throw new ApprovalError("NOT_PENDING", describeAnswered(await mustGet(row.id)));
      return toView(await mustGet(row.id));
    },
    async issueToken(approvalId) {
      const row = await mustGet(approvalId);
      if (row.status !== "pending") throw new ApprovalError("NOT_PENDING", describeAnswered(row));
      const token = newCallbackToken();
      await store.setTokenHash(row.id, hashCallbackToken(token));
      return { token };
    },
    list: async (runId) => (await store.listForRun(runId)).map(toView),
    get: async (approvalId) => toView(await mustGet(approvalId)),
    async recover() {
      for (const row of await store.listPending()) arm(row);
    },
  };
}
