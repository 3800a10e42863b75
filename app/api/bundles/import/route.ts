import { getStore } from "~/db/openStore";
import { importResponse } from "~/server/bundles/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  return importResponse(await getStore(), request);
}
