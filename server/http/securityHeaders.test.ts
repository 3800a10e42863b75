import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIXED_SECURITY_HEADERS, pageContentSecurityPolicy } from "./securityHeaders";

interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

describe("security headers", () => {
  it("next.config.mjs sends the same fixed headers on every path as the proxy", async () => {
    // A path the type checker does not follow: the config is plain JavaScript.
    const configFile = path.resolve(__dirname, "../../next.config.mjs");
    const config = (await import(configFile)) as { default: { headers: () => Promise<HeaderRule[]> } };
    const rules = await config.default.headers();
    expect(rules).toEqual([{ source: "/:path*", headers: Object.entries(FIXED_SECURITY_HEADERS).map(([key, value]) => ({ key, value })) }]);
  });

  it("a page's policy allows its nonce and no eval (only next dev gets eval)", () => {
    const production = pageContentSecurityPolicy("abc", { dev: false });
    expect(production).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic';");
    expect(production).toContain("frame-ancestors 'none'");
    expect(production).not.toContain("unsafe-eval");
    expect(pageContentSecurityPolicy("abc", { dev: true })).toContain("'strict-dynamic' 'unsafe-eval';");
  });
});
