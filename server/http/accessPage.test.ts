import { describe, expect, it } from "vitest";
import { accessFormResponse } from "./accessPage";
import { hashToken } from "./accessToken";

const TOKEN = "right-token";
const submit = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  accessFormResponse(
    new Request("http://127.0.0.1:3000/api/access", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: new URLSearchParams(fields).toString() }),
    () => hashToken(TOKEN),
  );

describe("POST /api/access", () => {
  it("keeps the right token in an HttpOnly cookie and goes back to the page asked for", async () => {
    const response = await submit({ token: TOKEN, next: "/pipelines/p1?step=2" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/pipelines/p1?step=2");
    expect(response.headers.get("set-cookie")).toBe("hookwright_access=right-token; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax");
    const https = await submit({ token: TOKEN, next: "/" }, { "x-forwarded-proto": "https" });
    expect(https.headers.get("set-cookie")).toMatch(/; Secure$/);
  });

  it("shows the form again for a wrong token, under a policy that lets it post again", async () => {
    const response = await submit({ token: "wrong", next: "/" });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('<p class="error" role="alert">That is not the access token.</p>');
    expect(response.headers.get("content-security-policy")).toMatch(/^default-src 'none'; style-src 'nonce-[^']+'; form-action 'self'; frame-ancestors 'none'/);
  });

  it("goes only to a path on this server", async () => {
    for (const next of ["//evil.example/", "https://evil.example/", "/\\evil.example"]) {
      expect((await submit({ token: TOKEN, next })).headers.get("location")).toBe("/");
    }
  });

  it("says so when the server needs no token", async () => {
    const response = await accessFormResponse(new Request("http://127.0.0.1:3000/api/access", { method: "POST", body: "token=x" }), () => null);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "This server needs no access token.", code: "NO_TOKEN" });
  });
});
