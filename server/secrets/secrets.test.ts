import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { open, seal, SecretError } from "./cipher";
import { maskKey } from "./mask";
import { loadSecretKey } from "./secretKey";

describe("sealing secrets (AES-256-GCM)", () => {
  const key = Buffer.alloc(32, 7);

  it("opens what it sealed, and the sealed text does not contain the secret", () => {
    const sealed = seal(key, "sk-ant-api03-secret-value-1234", "provider-key");
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain("secret-value");
    expect(open(key, sealed, "provider-key")).toBe("sk-ant-api03-secret-value-1234");
    // A fresh IV every time: sealing twice gives two different texts.
    expect(seal(key, "same", "p")).not.toBe(seal(key, "same", "p"));
  });

  it("refuses another key, another purpose and an altered value, in words", () => {
    const sealed = seal(key, "sk-1", "provider-key");
    expect(() => open(Buffer.alloc(32, 8), sealed, "provider-key")).toThrow(SecretError);
    expect(() => open(key, sealed, "other")).toThrow("sealed with another HOOKWRIGHT_SECRET or secret file, or it was altered");
    const parts = sealed.split(".");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => open(key, parts.join("."), "provider-key")).toThrow(SecretError);
    expect(() => open(key, "plain text", "provider-key")).toThrow("not in the v1 sealed format");
  });
});

describe("the secret key", () => {
  it("comes from HOOKWRIGHT_SECRET when set (same secret, same key)", () => {
    const a = loadSecretKey({ dbFile: "/nonexistent/x.db", env: { HOOKWRIGHT_SECRET: "correct horse" } });
    const b = loadSecretKey({ dbFile: "/elsewhere/y.db", env: { HOOKWRIGHT_SECRET: "correct horse" } });
    expect(a.origin).toBe("env");
    expect(a.key.length).toBe(32);
    expect(a.key.equals(b.key)).toBe(true);
    expect(a.key.equals(loadSecretKey({ dbFile: "/x.db", env: { HOOKWRIGHT_SECRET: "other" } }).key)).toBe(false);
  });

  it("else is a file beside the database, created once with mode 0600", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "hw-secret-"));
    const dbFile = path.join(dir, "hookwright.db");
    const first = loadSecretKey({ dbFile, env: {} });
    expect(first).toMatchObject({ origin: "file", file: `${dbFile}.secret` });
    expect(statSync(`${dbFile}.secret`).mode & 0o777).toBe(0o600);
    expect(readFileSync(`${dbFile}.secret`, "utf8").trim()).toBe(first.key.toString("hex"));
    expect(loadSecretKey({ dbFile, env: {} }).key.equals(first.key)).toBe(true);
  });

  it("is required from HOOKWRIGHT_SECRET for a PostgreSQL store, which has no file beside it", () => {
    expect(() => loadSecretKey({ dbFile: "postgres://hw@db:5432/hookwright", env: {} })).toThrow(
      "HOOKWRIGHT_SECRET is not set: with a PostgreSQL store (DATABASE_URL) every web instance and worker must be given the same HOOKWRIGHT_SECRET to seal and open provider keys",
    );
    expect(loadSecretKey({ dbFile: "postgres://hw@db:5432/hookwright", env: { HOOKWRIGHT_SECRET: "s" } }).origin).toBe("env");
  });

  it("says what to do with a file that is not a secret file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "hw-secret-"));
    const dbFile = path.join(dir, "h.db");
    writeFileSync(`${dbFile}.secret`, "hello", { mode: 0o600 });
    expect(() => loadSecretKey({ dbFile, env: {} })).toThrow(`${dbFile}.secret is not a Hookwright secret file (64 hex digits); move it away`);
  });
});

describe("maskKey", () => {
  it("shows the prefix and the last four characters only", () => {
    expect(maskKey("sk-proj-abcdefghijklmnopqrstuvwxyzabcd")).toBe("sk-…abcd");
    expect(maskKey("sk-ant-api03-0123456789wxyz")).toBe("sk-…wxyz");
    expect(maskKey("localkey-0000-9876")).toBe("…9876");
    expect(maskKey("short")).toBe("…");
  });
});
