import { getDb } from "~/db/client";
import { importResponse } from "~/server/bundles/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function POST(request: Request) {
  return importResponse(getDb(), request);
}
