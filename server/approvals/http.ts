import { z } from "zod";
import type { Store } from "../../db/store";
import { getRunService } from "../runs";
import { ApprovalError, httpStatusOf } from "./approvalError";
import { MAX_REASON } from "./service";

/** The callback's body: small JSON, the way a chat bot's card callback sends it. */
const MAX_BODY = 16 * 1024;

const bodySchema = z
  .object({
    decision: z.string({ error: "decision: say which decision (e.g. allow-once, deny)" }).min(1).max(40),
    by: z.string({ error: "by: say who answered (e.g. slack:U123)" }).trim().min(1, "by: say who answered").max(200),
    token: z.string().min(1).max(200).optional(),
    /** What the answerer wrote (FIM One's respond body has the same optional field). */
    reason: z.string().max(MAX_REASON, `reason: at most ${MAX_REASON} characters`).optional(),
  })
  .strict();

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });

/**
 * `POST /api/approvals/<id>` with `{ decision, by, token }` (or the token in the
 * `X-Hookwright-Approval-Token` header): answers a pending request as a channel would. The token
 * is the request's own (issued on its card); a wrong, missing or replaced token, or a request that
 * is no longer pending, gets a clear error and changes nothing.
 */
export async function approvalCallbackResponse(store: Store, approvalId: string, request: Request): Promise<Response> {
  const text = await request.text();
  if (text.length > MAX_BODY) return json(413, { error: { code: "BODY_TOO_LARGE", message: `the body has more than ${MAX_BODY} characters` } });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return json(400, { error: { code: "BAD_INPUT", message: 'the body is not JSON: send {"decision": "...", "by": "...", "token": "..."}' } });
  }
  const body = bodySchema.safeParse(parsed);
  if (!body.success) {
    const issue = body.error.issues[0];
    const field = issue?.path.join(".") ?? "";
    const message = issue ? (issue.message.startsWith(`${field}:`) ? issue.message : `${field || "body"}: ${issue.message}`) : "the body is not valid";
    return json(400, { error: { code: "BAD_INPUT", message } });
  }
  const token = body.data.token ?? request.headers.get("x-hookwright-approval-token") ?? undefined;
  if (token === undefined) return json(403, { error: { code: "NO_TOKEN", message: "the callback needs the request's token (the card issues one): send it as token" } });
  try {
    const view = await getRunService(store).approvals.answer({ approvalId, decision: body.data.decision, by: body.data.by, token, ...(body.data.reason !== undefined ? { reason: body.data.reason } : {}) });
    return json(200, { approvalId: view.approvalId, runId: view.runId, status: view.status, decision: view.decision, respondedBy: view.respondedBy, respondedAt: view.respondedAt });
  } catch (error) {
    if (error instanceof ApprovalError) return json(httpStatusOf(error.code), { error: { code: error.code, message: error.message } });
    throw error;
  }
}
