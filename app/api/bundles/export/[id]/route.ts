import { getDb } from "~/db/client";
import { exportResponse } from "~/server/bundles/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return exportResponse(getDb(), id, new URL(request.url).searchParams.get("revision"));
}
