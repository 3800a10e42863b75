import { createServer, type IncomingMessage } from "node:http";
import * as approvalRoute from "~/app/api/approvals/[id]/route";
import * as trpcRoute from "~/app/api/trpc/[trpc]/route";

/**
 * The app's real API routes (tRPC and the approval callback) served by a plain Node HTTP server,
 * so a test can run the server as a real process, kill it and start it again without a Next build
 * (server/approvals/restart.test.ts). Listens on PORT; prints "listening" when ready.
 */

async function toRequest(req: IncomingMessage, port: number): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  return new Request(`http://127.0.0.1:${port}${req.url ?? "/"}`, { method: req.method, headers, ...(body && req.method !== "GET" ? { body } : {}) });
}

const port = Number(process.env.PORT ?? "0");
const server = createServer((req, res) => {
  void (async () => {
    const request = await toRequest(req, port);
    const { pathname } = new URL(request.url);
    let response: Response;
    const callback = /^\/api\/approvals\/([^/]+)$/.exec(pathname);
    if (callback && request.method === "POST") response = await approvalRoute.POST(request, { params: Promise.resolve({ id: decodeURIComponent(callback[1] ?? "") }) });
    else if (pathname.startsWith("/api/trpc/")) response = request.method === "GET" ? await trpcRoute.GET(request) : await trpcRoute.POST(request);
    else response = new Response("not found", { status: 404 });
    res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
    res.end(Buffer.from(await response.arrayBuffer()));
  })().catch((error: unknown) => {
    res.writeHead(500);
    res.end(String(error));
  });
});
server.listen(port, "127.0.0.1", () => console.log("listening"));
