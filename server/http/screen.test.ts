import { describe, expect, it } from "vitest";
import { hashToken } from "./accessToken";
import { allowedHosts } from "./hosts";
import { screenRequest, type RequestFacts } from "./screen";
import { serverSettingsFrom, type ServerSettings } from "./settings";

const local = serverSettingsFrom({ HOST: "127.0.0.1", PORT: "3000" });
const TOKEN = "s3cret-token";
const hash = () => hashToken(TOKEN);

function request(method: string, url: string, headers: Record<string, string>): RequestFacts {
  return { method, url, headers: new Headers(headers) };
}

describe("Host allow-list (DNS rebinding)", () => {
  it("serves the bound address, localhost, 127.0.0.1 and [::1] on the bound port", () => {
    for (const host of ["127.0.0.1:3000", "localhost:3000", "[::1]:3000", "LOCALHOST:3000"]) {
      expect(screenRequest(request("GET", "http://x/", { host }), local, hash)).toBeNull();
    }
  });

  it("refuses the delete that a rebinding page sent as evil.example", () => {
    const refused = screenRequest(
      request("POST", "http://evil.example:3000/api/trpc/pipelines.delete", { host: "evil.example:3000", origin: "http://evil.example:3000" }),
      local,
      hash,
    );
    expect(refused).toEqual({
      status: 403,
      code: "HOST_NOT_ALLOWED",
      message: 'This server does not answer to the host "evil.example:3000". Add it to HOOKWRIGHT_ALLOWED_HOSTS (comma-separated) if this server should answer to it.',
    });
    // Reads and downloads too, not only changes.
    expect(screenRequest(request("GET", "http://evil.example/api/bundles/export/p1", { host: "evil.example" }), local, hash)?.code).toBe("HOST_NOT_ALLOWED");
  });

  it("refuses a loopback name on another port, and a forwarded host that is not ours", () => {
    expect(screenRequest(request("GET", "http://x/", { host: "localhost:8080" }), local, hash)?.code).toBe("HOST_NOT_ALLOWED");
    expect(screenRequest(request("GET", "http://x/", { host: "127.0.0.1:3000", "x-forwarded-host": "evil.example" }), local, hash)?.code).toBe("HOST_NOT_ALLOWED");
  });

  it("serves the names in HOOKWRIGHT_ALLOWED_HOSTS, with or without a port", () => {
    const proxied = serverSettingsFrom({ HOST: "127.0.0.1", PORT: "3000", HOOKWRIGHT_ALLOWED_HOSTS: "hooks.example.com, lab.local:8443" });
    expect(screenRequest(request("GET", "http://x/", { host: "hooks.example.com" }), proxied, hash)).toBeNull();
    expect(screenRequest(request("GET", "http://x/", { host: "127.0.0.1:3000", "x-forwarded-host": "hooks.example.com" }), proxied, hash)).toBeNull();
    expect(screenRequest(request("GET", "http://x/", { host: "lab.local:8443" }), proxied, hash)).toBeNull();
    expect(screenRequest(request("GET", "http://x/", { host: "lab.local:9000" }), proxied, hash)?.code).toBe("HOST_NOT_ALLOWED");
  });

  it("on 0.0.0.0 also serves the machine's own addresses", () => {
    expect(allowedHosts({ bindHost: "0.0.0.0", port: "4000", extra: undefined, addresses: () => ["10.1.2.3", "fe80::1"] })).toEqual([
      { name: "localhost", port: "4000" },
      { name: "127.0.0.1", port: "4000" },
      { name: "[::1]", port: "4000" },
      { name: "10.1.2.3", port: "4000" },
      { name: "[fe80::1]", port: "4000" },
    ]);
  });
});

describe("Origin check on state-changing requests (CSRF)", () => {
  const post = (headers: Record<string, string>) => screenRequest(request("POST", "http://127.0.0.1:3000/api/bundles/import", { host: "127.0.0.1:3000", ...headers }), local, hash);

  it("accepts the app's own pages and tools that are not browsers", () => {
    expect(post({ origin: "http://127.0.0.1:3000" })).toBeNull();
    expect(post({ origin: "http://localhost:3000", "sec-fetch-site": "same-site" })).toBeNull();
    expect(post({})).toBeNull();
    expect(post({ "sec-fetch-site": "same-origin" })).toBeNull();
    // A form posted from a page whose referrer policy hides its origin.
    expect(post({ origin: "null", "sec-fetch-site": "same-origin" })).toBeNull();
  });

  it("refuses a foreign page's POST, by Origin or, without one, by Sec-Fetch-Site", () => {
    expect(post({ origin: "http://evil.example" })).toEqual({ status: 403, code: "FOREIGN_ORIGIN", message: 'A page from "http://evil.example" may not change anything on this server.' });
    expect(post({ origin: "null" })?.code).toBe("FOREIGN_ORIGIN");
    expect(post({ origin: "null", "sec-fetch-site": "cross-site" })?.code).toBe("FOREIGN_ORIGIN");
    expect(post({ origin: "http://localhost:8080" })?.code).toBe("FOREIGN_ORIGIN");
    expect(post({ "sec-fetch-site": "cross-site" })?.message).toBe("A request sent by another site (Sec-Fetch-Site: cross-site) may not change anything on this server.");
  });

  it("lets reads through from anywhere the Host allows (the browser keeps their answers from other origins)", () => {
    expect(screenRequest(request("GET", "http://127.0.0.1:3000/api/trpc/pipelines.list", { host: "127.0.0.1:3000", origin: "http://evil.example" }), local, hash)).toBeNull();
  });
});

describe("URL and size", () => {
  it("refuses malformed percent-escapes with 400", () => {
    for (const path of ["/api/bundles/export/%ZZ", "/pipelines/%E0%A4%A"]) {
      const refused = screenRequest(request("GET", `http://127.0.0.1:3000${path}`, { host: "127.0.0.1:3000" }), local, hash);
      expect(refused?.status).toBe(400);
      expect(refused?.message).toBe(`The address "${path}" has a malformed percent-escape (a % must be followed by two hex digits that spell UTF-8).`);
    }
    expect(screenRequest(request("GET", "http://127.0.0.1:3000/pipelines/%E0%A4%A4", { host: "127.0.0.1:3000" }), local, hash)).toBeNull();
  });

  it("refuses a declared length over the route's cap with 413", () => {
    const big = (path: string, length: number) =>
      screenRequest(request("POST", `http://127.0.0.1:3000${path}`, { host: "127.0.0.1:3000", "content-length": String(length) }), local, hash);
    expect(big("/api/trpc/pipelines.create", 300 * 1024 * 1024)).toEqual({ status: 413, code: "BODY_TOO_LARGE", message: "The request body is 300 MB; at most 10 MB are allowed here." });
    expect(big("/api/trpc/pipelines.create", 10 * 1024 * 1024)).toBeNull();
    expect(big("/pipelines/x", 100 * 1024)?.status).toBe(413);
  });
});

describe("access token on an exposed server", () => {
  const exposed: ServerSettings = serverSettingsFrom({ HOST: "0.0.0.0", PORT: "3000" });
  const get = (headers: Record<string, string>, path = "/api/trpc/pipelines.list") =>
    screenRequest(request("GET", `http://127.0.0.1:3000${path}`, { host: "127.0.0.1:3000", ...headers }), exposed, hash);

  it("is required only when HOST is not loopback", () => {
    expect(serverSettingsFrom({ HOST: "127.0.0.1" }).tokenRequired).toBe(false);
    expect(serverSettingsFrom({ HOST: "localhost" }).tokenRequired).toBe(false);
    // `next start -H 127.0.0.1` without HOST: Next records the address.
    expect(serverSettingsFrom({ __NEXT_PRIVATE_ORIGIN: "http://127.0.0.1:4000" }).tokenRequired).toBe(false);
    // `next start` with no -H listens everywhere and records "localhost": counted as exposed.
    expect(serverSettingsFrom({ __NEXT_PRIVATE_ORIGIN: "http://localhost:4000" }).tokenRequired).toBe(true);
    expect(serverSettingsFrom({}).tokenRequired).toBe(true);
    expect(serverSettingsFrom({ HOST: "127.0.0.2" }).tokenRequired).toBe(false);
    expect(serverSettingsFrom({ HOST: "::1" }).tokenRequired).toBe(false);
    expect(exposed.tokenRequired).toBe(true);
    expect(serverSettingsFrom({ HOST: "192.168.1.20" }).tokenRequired).toBe(true);
  });

  it("refuses a request without the token, or with a wrong one, with 401", () => {
    expect(get({})?.status).toBe(401);
    expect(get({ authorization: "Bearer wrong" })?.code).toBe("TOKEN_REQUIRED");
    expect(get({ cookie: "hookwright_access=wrong" })?.code).toBe("TOKEN_REQUIRED");
  });

  it("accepts the token as a cookie or a bearer header, and the access form without it", () => {
    expect(get({ cookie: `other=1; hookwright_access=${TOKEN}` })).toBeNull();
    expect(get({ authorization: `Bearer ${TOKEN}` })).toBeNull();
    expect(screenRequest(request("POST", "http://127.0.0.1:3000/api/access", { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" }), exposed, hash)).toBeNull();
  });

  it("checks the Host before the token, so a rebinding page learns nothing", () => {
    expect(screenRequest(request("GET", "http://evil.example/", { host: "evil.example" }), exposed, hash)?.code).toBe("HOST_NOT_ALLOWED");
  });
});
