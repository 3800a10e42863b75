import { describe, expect, it } from "vitest";
import { matchFixture, noFixtureMessage, type HttpFixture } from "./http";

const fixture = (method: string, url: string): HttpFixture => ({ method, url, status: 200, headers: {}, body: url, delayMs: 0 });

describe("HTTP fixtures", () => {
  it("match by method and URL, exact or with *, first match first", () => {
    const fixtures = [fixture("POST", "https://api.example.com/v1/moderate"), fixture("GET", "https://api.example.com/users/*"), fixture("*", "https://*.example.org/*")];
    expect(matchFixture(fixtures, "post", "https://api.example.com/v1/moderate")?.body).toBe("https://api.example.com/v1/moderate");
    expect(matchFixture(fixtures, "GET", "https://api.example.com/v1/moderate")).toBeNull();
    expect(matchFixture(fixtures, "GET", "https://api.example.com/users/42?x=1")?.body).toBe("https://api.example.com/users/*");
    expect(matchFixture(fixtures, "DELETE", "https://a.example.org/x")?.body).toBe("https://*.example.org/*");
    expect(matchFixture(fixtures, "GET", "http://127.0.0.1/admin")).toBeNull();
  });

  it("says what to add when nothing matches", () => {
    expect(noFixtureMessage("post", "https://api.example.com/v1/moderate")).toBe("no fixture for POST https://api.example.com/v1/moderate: add one in the scenario's HTTP fixtures");
  });
});
