/**
 * HTTP in the sandbox (issue 15): `fetch` is answered from the scenario's fixtures, never from
 * a network. A fixture matches a method (or `*`) and a URL (exact, or with `*` matching any
 * run of characters); the first match answers. Each request and its answer are recorded on the
 * hook's `hook.end.requests`.
 */

export interface HttpFixture {
  method: string;
  url: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  /** How long the answer takes, on the run's virtual clock. */
  delayMs: number;
}

export interface HttpExchange {
  method: string;
  url: string;
  /** The request's body (text), if any. */
  body?: string;
  /** The fixture's answer; absent when none matched. */
  status?: number;
  response?: string;
  /** Why the request failed (no fixture matched). */
  error?: string;
}

/** The first fixture answering `method url`, or null. */
export function matchFixture(fixtures: readonly HttpFixture[], method: string, url: string): HttpFixture | null {
  for (const f of fixtures) {
    if (f.method !== "*" && f.method.toUpperCase() !== method.toUpperCase()) continue;
    if (f.url === url) return f;
    if (f.url.includes("*")) {
      const pattern = new RegExp(`^${f.url.split("*").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`);
      if (pattern.test(url)) return f;
    }
  }
  return null;
}

/** The words a hook reads when no fixture answers its request. */
export function noFixtureMessage(method: string, url: string): string {
  return `no fixture for ${method.toUpperCase()} ${url}: add one in the scenario's HTTP fixtures`;
}
