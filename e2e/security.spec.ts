import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer as createHttpServer, request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { chainedPipeline } from "~/core/bundles/fixtures/pipelines";
import { twoPreModelHooks } from "./fixtures/designer";
import { openPoint } from "./fixtures/graph";
import { expect, test } from "./test";

/*
 * The local server as a hostile web page and a careless network would meet it, against the
 * production build: the Host allow-list (DNS rebinding), the Origin check (CSRF), security
 * headers with a CSP the app and Monaco (with its workers) run under, and the access token of
 * a server started on a non-loopback HOST.
 */

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request, so Host and Origin are exactly what a browser on another site would send. */
function raw(url: string, options: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? "GET", headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

const trpcMessage = (body: string) => (JSON.parse(body) as { error: { json: { message: string } } }).error.json.message;

function expectSecurityHeaders(headers: RawResponse["headers"]): string {
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
  const csp = String(headers["content-security-policy"]);
  expect(csp).toContain("frame-ancestors 'none'");
  return csp;
}

/** The same Chromium the suite uses (playwright.config.ts), with extra flags (a name that resolves to 127.0.0.1). */
function launchChromium(args: string[]) {
  const configured = process.env.HOOKWRIGHT_CHROMIUM || process.env.CHROMIUM_PATH;
  return chromium.launch({
    executablePath: configured || (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined),
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", ...args],
  });
}

test.describe("Security", () => {
  test.describe("headers", () => {
    test("pages, API answers and downloads carry nosniff, a same-origin referrer policy and a CSP with frame-ancestors 'none'", async ({ baseURL, seedPipeline }) => {
      const page = await raw(`${baseURL}/`);
      const csp = expectSecurityHeaders(page.headers);
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'; /);
      expect(csp).not.toContain("unsafe-eval");
      // The nonce is on Next's own scripts, and differs per request.
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
      expect(page.body).toContain(`nonce="${nonce}"`);
      expect(String((await raw(`${baseURL}/`)).headers["content-security-policy"])).not.toContain(nonce);

      expect(expectSecurityHeaders((await raw(`${baseURL}/api/trpc/pipelines.list`)).headers)).toMatch(/^default-src 'none'/);
      const seeded = await seedPipeline(chainedPipeline);
      const zip = await raw(`${baseURL}/api/bundles/export/${seeded.id}`);
      expect(zip.status).toBe(200);
      expect(zip.headers["content-type"]).toBe("application/zip");
      expect(expectSecurityHeaders(zip.headers)).toMatch(/^default-src 'none'/);
      expectSecurityHeaders((await raw(`${baseURL}/no-such-page`)).headers);
    });

    test("Monaco and its workers run under the CSP: completions, diagnostics, no violation and no eval", async ({ page, seedPipeline }) => {
      const problems: string[] = [];
      page.on("console", (m) => {
        if (/Content Security Policy|unsafe-eval|Refused to/i.test(m.text())) problems.push(m.text());
      });
      page.on("pageerror", (e) => problems.push(e.message));
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (e) => console.error(`Refused to load (Content Security Policy): ${e.violatedDirective} ${e.blockedURI}`));
      });
      const seeded = await seedPipeline(twoPreModelHooks, { name: "CSP" });
      await page.goto(`/pipelines/${seeded.id}`);
      await openPoint(page, "pre-model-call");
      await page.getByTestId("hook-name").first().click();
      await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
      await page.locator(".monaco-editor .view-lines").click();
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.press("Delete");
      await page.keyboard.insertText(
        'import type { PreModelCallContext } from "@vellumai/plugin-api";\n\nexport default async function shout(ctx: PreModelCallContext): Promise<void> {\n  ',
      );
      await page.keyboard.type("ctx.");
      // Completions and type errors come from the TypeScript worker: it runs.
      await expect(page.locator(".suggest-widget .monaco-list-row").filter({ hasText: "systemPrompt" })).toHaveCount(1, { timeout: 30_000 });
      await page.keyboard.press("Escape");
      await page.keyboard.type('conversationId = "x";');
      await expect(page.getByTestId("diagnostics")).toContainText("Cannot assign to 'conversationId' because it is a read-only property", { timeout: 30_000 });
      // Syntax colouring (tokens) means the editor's own code ran.
      await expect(page.locator(".monaco-editor .view-lines span[class*='mtk']").first()).toBeAttached();
      expect(problems).toEqual([]);
    });
  });

  test.describe("DNS rebinding and CSRF", () => {
    test("the delete a rebinding page sent as evil.example is refused with 403, and the pipeline stays", async ({ baseURL, seedPipeline, api }) => {
      const seeded = await seedPipeline(chainedPipeline);
      const port = new URL(baseURL ?? "").port;
      const response = await raw(`${baseURL}/api/trpc/pipelines.delete`, {
        method: "POST",
        headers: { host: `evil.example:${port}`, origin: `http://evil.example:${port}`, "content-type": "application/json" },
        body: JSON.stringify({ json: { id: seeded.id } }),
      });
      expect(response.status).toBe(403);
      expect(trpcMessage(response.body)).toBe(
        `This server does not answer to the host "evil.example:${port}". Add it to HOOKWRIGHT_ALLOWED_HOSTS (comma-separated) if this server should answer to it.`,
      );
      // Reads and the hook code in the export are refused too.
      expect((await raw(`${baseURL}/api/trpc/pipelines.list`, { headers: { host: `evil.example:${port}` } })).status).toBe(403);
      expect((await raw(`${baseURL}/api/bundles/export/${seeded.id}`, { headers: { host: `evil.example:${port}` } })).status).toBe(403);
      expect((await api.pipelines.get.query({ id: seeded.id })).id).toBe(seeded.id);

      // From a loopback page of another app (another origin), a change is refused by its Origin.
      const foreign = await raw(`${baseURL}/api/trpc/pipelines.delete`, {
        method: "POST",
        headers: { origin: "http://localhost:8080", "content-type": "application/json" },
        body: JSON.stringify({ json: { id: seeded.id } }),
      });
      expect(foreign.status).toBe(403);
      expect(trpcMessage(foreign.body)).toBe('A page from "http://localhost:8080" may not change anything on this server.');
    });

    test("in Chromium, a page on evil.example (resolving to 127.0.0.1) can neither plant a plugin nor delete a pipeline", async ({ baseURL, api, seedPipeline }) => {
      const port = new URL(baseURL ?? "").port;
      // The attacker's page, served from another port of this machine, under its own name (as in issue 10).
      const attacker = createHttpServer((_req, res) => res.end("<!doctype html><title>cats</title>"));
      await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
      const address = attacker.address();
      const attackerPort = typeof address === "object" && address ? address.port : 0;
      const browser = await launchChromium(["--host-resolver-rules=MAP evil.example 127.0.0.1"]);
      try {
        const seeded = await seedPipeline(chainedPipeline);
        const zip = new Uint8Array(await (await fetch(`${baseURL}/api/bundles/export/${seeded.id}`)).arrayBuffer());
        const before = (await api.pipelines.list.query()).length;
        const page = await browser.newPage();
        await page.goto(`http://evil.example:${attackerPort}/`);
        // The page never sees these answers (no-cors, and Cross-Origin-Resource-Policy blocks them), so
        // the test passes the browser's own requests on and records what the server said.
        const answers: { path: string; origin: string | undefined; status: number }[] = [];
        await page.route(`http://127.0.0.1:${port}/api/**`, async (route) => {
          const response = await route.fetch();
          answers.push({ path: new URL(route.request().url()).pathname, origin: route.request().headers()["origin"], status: response.status() });
          await route.fulfill({ response });
        });
        await page.evaluate(
          async ({ origin, bytes, id }) => {
            // Issue 10's attack: the plugin zip as a text/plain blob, and a delete, sent without asking (no-cors).
            const send = (path: string, body: BodyInit) => fetch(`${origin}${path}`, { method: "POST", mode: "no-cors", body }).catch(() => null);
            await send("/api/bundles/import", new Blob([new Uint8Array(bytes)], { type: "text/plain" }));
            await send("/api/trpc/pipelines.delete", JSON.stringify({ json: { id } }));
          },
          { origin: `http://127.0.0.1:${port}`, bytes: [...zip], id: seeded.id },
        );
        expect(answers).toEqual([
          { path: "/api/bundles/import", origin: `http://evil.example:${attackerPort}`, status: 403 },
          { path: "/api/trpc/pipelines.delete", origin: `http://evil.example:${attackerPort}`, status: 403 },
        ]);
        expect((await api.pipelines.list.query()).length).toBe(before);
        expect((await api.pipelines.get.query({ id: seeded.id })).id).toBe(seeded.id);
      } finally {
        await browser.close();
        attacker.close();
      }
    });
  });

  test.describe("bad requests", () => {
    test("a malformed percent-escape in a dynamic route is a 400, not a 500", async ({ baseURL }) => {
      const exportRoute = await raw(`${baseURL}/api/bundles/export/%ZZ`);
      expect(exportRoute.status).toBe(400);
      expect(JSON.parse(exportRoute.body)).toEqual({
        error: 'The address "/api/bundles/export/%ZZ" has a malformed percent-escape (a % must be followed by two hex digits that spell UTF-8).',
        code: "BAD_URL",
      });
      const pageRoute = await raw(`${baseURL}/pipelines/%E0%A4%A`);
      expect(pageRoute.status).toBe(400);
      expect(pageRoute.body).toContain('The address "/pipelines/%E0%A4%A" has a malformed percent-escape');
    });

    test("an oversized body is refused with 413, by its declared length or while it streams", async ({ baseURL }) => {
      const hook = "x".repeat(12 * 1024 * 1024);
      const body = `{"json":{"from":"document","document":{"format":"hookwright.pipeline/v1","name":"Big","profile":"vellum","hooks":[{"id":"h","point":"stop","name":"big","code":"${hook}"}]}}}`;
      const response = await raw(`${baseURL}/api/trpc/pipelines.create`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
        body,
      });
      expect(response.status).toBe(413);
      expect(trpcMessage(response.body)).toBe("The request body is 12 MB; at most 10 MB are allowed here.");
      const streamed = await raw(`${baseURL}/api/trpc/pipelines.create`, {
        method: "POST",
        headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
        body: `{"json":{"from":"document","document":{"name":"${"x".repeat(11 * 1024 * 1024)}"}}}`,
      });
      expect(streamed.status).toBe(413);
      expect(trpcMessage(streamed.body)).toBe("The request body is more than 10 MB; at most 10 MB are allowed here.");
    });
  });
});

/* A server on a non-loopback HOST: the token, printed once, asked for by the UI, kept in a cookie. */

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

interface ExposedServer {
  child: ChildProcess;
  output: () => string;
}

async function startExposed(port: number, db: string): Promise<ExposedServer> {
  let output = "";
  // --no-build: the suite's own server is serving this build; it must not be rebuilt underneath it.
  const child = spawn(process.execPath, ["scripts/start.mjs", "--no-build"], {
    env: { ...process.env, HOST: "0.0.0.0", PORT: String(port), HOOKWRIGHT_DB: db, HOOKWRIGHT_DIST_DIR: process.env.HOOKWRIGHT_DIST_DIR ?? ".next-test" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  await expect.poll(() => output, { timeout: 60_000 }).toMatch(/Ready in/);
  return { child, output: () => output };
}

function stop(server: ExposedServer): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    server.child.once("exit", () => resolve());
    server.child.kill("SIGTERM");
  });
}

test.describe("Access token on an exposed server", () => {
  test.describe.configure({ timeout: 120_000 });

  test("HOST=0.0.0.0 prints a token once; without it the API says 401 and the browser asks for it, then keeps it in a cookie", async () => {
    const port = await freePort();
    const folder = mkdtempSync(path.join(tmpdir(), "hookwright-e2e-token-"));
    const base = `http://127.0.0.1:${port}`;
    let server = await startExposed(port, path.join(folder, "exposed.db"));
    try {
      const token = /access token \(shown only now; the database keeps its hash\): (\S+)/.exec(server.output())?.[1] ?? "";
      expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);

      const refused = await raw(`${base}/api/trpc/pipelines.list`);
      expect(refused.status).toBe(401);
      expect(trpcMessage(refused.body)).toMatch(/^This server is reachable from the network, so it needs its access token/);
      expect((await raw(`${base}/api/trpc/pipelines.list`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);

      const browser = await launchChromium([]);
      try {
        const page: Page = await browser.newPage();
        await page.goto(`${base}/`);
        await expect(page.getByRole("heading", { name: "This Hookwright server needs its access token" })).toBeVisible();
        await page.getByLabel("Access token").fill("not-the-token");
        await page.getByRole("button", { name: "Continue" }).click();
        await expect(page.getByRole("alert")).toHaveText("That is not the access token.");
        await page.getByLabel("Access token").fill(token);
        await page.getByRole("button", { name: "Continue" }).click();
        await expect(page.getByRole("heading", { name: "Pipelines", level: 1 })).toBeVisible();
        await expect(page.getByRole("link", { name: "Be concise" })).toBeVisible();
        const cookie = (await page.context().cookies()).find((c) => c.name === "hookwright_access");
        expect(cookie?.httpOnly).toBe(true);
        expect(cookie?.sameSite).toBe("Lax");
      } finally {
        await browser.close();
      }

      // The token is shown once: a restart on the same database does not print it again, and it still opens the server.
      await stop(server);
      server = await startExposed(port, path.join(folder, "exposed.db"));
      expect(server.output()).not.toContain(token);
      expect(server.output()).toContain("requests need the access token printed on the first start");
      expect((await raw(`${base}/api/trpc/pipelines.list`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    } finally {
      await stop(server);
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
