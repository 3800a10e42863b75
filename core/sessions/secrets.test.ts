import { describe, expect, it } from "vitest";
import { redactSecrets } from "./secrets";

describe("redactSecrets", () => {
  const cases: [string, string, string][] = [
    ["anthropic-key", "key sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv_wx-yz", "key [REDACTED:anthropic-key]"],
    ["openai-key", "OPENAI=sk-proj-abcdefghijklmnopqrstuvwxyz0123", "OPENAI=[REDACTED:openai-key]"],
    ["aws-access-key", "aws AKIAIOSFODNN7EXAMPLE ok", "aws [REDACTED:aws-access-key] ok"],
    ["github-token", "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB", "[REDACTED:github-token]"],
    ["slack-token", "xoxb-1234567890-abcdefghij", "[REDACTED:slack-token]"],
    ["bearer-token", 'curl -H "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.abc"', 'curl -H "Authorization: Bearer [REDACTED:bearer-token]"'],
    ["env-secret", "export STRIPE_SECRET_KEY=\"rk_live_51Habc\"\nPORT=3000\nDB_PASSWORD: hunter22", "export STRIPE_SECRET_KEY=\"[REDACTED:env-secret]\"\nPORT=3000\nDB_PASSWORD: [REDACTED:env-secret]"],
  ];
  for (const [id, text, out] of cases) {
    it(`strips ${id}`, () => {
      const counts = new Map<string, number>();
      expect(redactSecrets(text, counts)).toBe(out);
      expect(counts.get(id)).toBeGreaterThan(0);
    });
  }

  it("leaves ordinary text alone: lower-case names, short values, words like monkey=1", () => {
    const counts = new Map<string, number>();
    const text = "monkey=1 api_key=abc TOKEN=ab the sk- prefix, a bearer of news";
    expect(redactSecrets(text, counts)).toBe(text);
    expect(counts.size).toBe(0);
  });

  it("strips a key inside a command without eating the command", () => {
    expect(redactSecrets("GITHUB_TOKEN=ghp_0123456789abcdefghijklmnopqrstuvwxyzAB gh pr list", new Map())).toBe("GITHUB_TOKEN=[REDACTED:github-token] gh pr list");
  });
});
