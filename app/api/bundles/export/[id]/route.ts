import { getStore } from "~/db/openStore";
import { exportResponse } from "~/server/bundles/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const search = new URL(request.url).searchParams;
  return exportResponse(await getStore(), id, search.get("revision"), search.get("target"), { recorder: search.get("recorder") === "1" });
}
