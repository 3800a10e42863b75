import { getStore } from "~/db/openStore";
import { approvalCallbackResponse } from "~/server/approvals/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The approval callback (docs/approvals.md): authenticated by the request's own token, not a cookie. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return approvalCallbackResponse(await getStore(), id, request);
}
