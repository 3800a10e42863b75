import { getStore } from "~/db/openStore";
import { accessFormResponse } from "~/server/http/accessPage";
import { readTokenHash } from "~/server/http/accessToken";
import { serverSettings } from "~/server/http/settings";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function POST(request: Request) {
  return accessFormResponse(request, async () => (serverSettings().tokenRequired ? readTokenHash((await getStore()).meta) : null));
}
