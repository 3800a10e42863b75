import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/*
 * E2E against the production build (`npm test` builds it into .next-test first; run alone,
 * scripts/start.mjs builds it if it is missing or stale).
 *
 * The config is evaluated in the runner and again in every worker, so the port and the
 * throw-away database folder are chosen once and handed down through the environment.
 */

const CI = !!process.env.CI;

function freePort(): string {
  // Synchronous on purpose: the config must be plain data. Binding port 0 lets the OS pick.
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});";
  return execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim();
}

process.env.HOOKWRIGHT_E2E_PORT ??= freePort();
process.env.HOOKWRIGHT_E2E_DATA ??= mkdtempSync(path.join(tmpdir(), "hookwright-e2e-"));
const port = process.env.HOOKWRIGHT_E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

/** HOOKWRIGHT_CHROMIUM or CHROMIUM_PATH, then Debian's /usr/bin/chromium, then Playwright's own download. */
function chromiumPath(): string | undefined {
  const configured = process.env.HOOKWRIGHT_CHROMIUM ?? process.env.CHROMIUM_PATH;
  if (configured) return configured;
  return existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
}

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  forbidOnly: CI,
  retries: CI ? 2 : 0,
  // One worker: the machines are small (2 cores) and share one server and database.
  workers: Number(process.env.HOOKWRIGHT_E2E_WORKERS ?? 1),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: CI ? [["list"], ["html", { open: "never" }]] : "list",
  globalTeardown: "./e2e/globalTeardown.ts",
  use: {
    baseURL,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node scripts/start.mjs",
    url: `${baseURL}/api/trpc/pipelines.list`,
    // Generous: on a fresh checkout start.mjs builds the app first.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      HOST: "127.0.0.1",
      PORT: port,
      HOOKWRIGHT_DB: path.join(process.env.HOOKWRIGHT_E2E_DATA, "e2e.db"),
      HOOKWRIGHT_DIST_DIR: process.env.HOOKWRIGHT_DIST_DIR ?? ".next-test",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
