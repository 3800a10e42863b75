import { afterEach, describe, expect, it } from "vitest";
import { callOf, chain, createHarness, pipelineOf } from "../testHarness";
import { inBoth } from "./differential";

/** The Node globals of the simulated surface (issue 15), each checked against Node itself and exact values. */

const harness = createHarness();
afterEach(() => harness.cleanup());

async function same(body: string, expected: unknown): Promise<void> {
  const { node, sandbox, failure } = await inBoth(harness, body);
  expect(failure).toBeNull();
  expect(node).toEqual(expected);
  expect(sandbox).toEqual(expected);
}

describe("Node globals in the sandbox", () => {
  it("Buffer: encodings, numbers, concat, compare, JSON", async () => {
    await same(
      `const b = Buffer.from("héllo wörld", "utf8");
       const n = Buffer.alloc(8); n.writeUInt32BE(0xdeadbeef, 0); n.writeInt16LE(-2, 4);
       return { hex: b.toString("hex"), b64: b.toString("base64"), b64url: Buffer.from([251, 255, 191]).toString("base64url"),
         latin1: Buffer.from("café", "latin1").toString("hex"), len: Buffer.byteLength("€"), back: Buffer.from("aGk=", "base64").toString(),
         u16: Buffer.from("hi", "utf16le").toString("hex"), nums: [n.readUInt32BE(0), n.readInt16LE(4), n.toString("hex")],
         big: String(Buffer.from("0102030405060708", "hex").readBigUInt64BE(0)),
         cat: Buffer.concat([Buffer.from("a"), Buffer.from("bc")]).toString(), cmp: Buffer.compare(Buffer.from("a"), Buffer.from("b")),
         eq: Buffer.from("x").equals(Buffer.from("x")), json: Buffer.from("hi").toJSON(), isBuf: [Buffer.isBuffer(b), Buffer.isBuffer(new Uint8Array(1))],
         unsafe: Array.from(Buffer.allocUnsafe(4)), sub: b.subarray(1, 3).toString("hex"), idx: b.indexOf("wö"), u8: b instanceof Uint8Array };`,
      {
        hex: "68c3a96c6c6f2077c3b6726c64",
        b64: "aMOpbGxvIHfDtnJsZA==",
        b64url: "-_-_",
        latin1: "636166e9",
        len: 3,
        back: "hi",
        u16: "68006900",
        nums: [3735928559, -2, "deadbeeffeff0000"],
        big: "72623859790382856",
        cat: "abc",
        cmp: -1,
        eq: true,
        json: { type: "Buffer", data: [104, 105] },
        isBuf: [true, false],
        unsafe: [0, 0, 0, 0],
        sub: "c3a9",
        idx: 7,
        u8: true,
      },
    );
  });

  it("TextEncoder / TextDecoder: UTF-8 both ways, invalid bytes, streaming, UTF-16LE", async () => {
    await same(
      `const e = new TextEncoder(); const bytes = Array.from(e.encode("a€😀"));
       const d = new TextDecoder(); const s = new TextDecoder("utf-8");
       const part = s.decode(new Uint8Array([0xe2, 0x82]), { stream: true }) + "|" + s.decode(new Uint8Array([0xac]));
       let fatal = "none"; try { new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array([0xff])); } catch (err) { fatal = err.name; }
       const into = e.encodeInto("héllo", new Uint8Array(3));
       return { bytes, text: d.decode(new Uint8Array(bytes)), bad: d.decode(new Uint8Array([0x61, 0xff, 0xe2, 0x82, 0x62])), part, fatal,
         bom: d.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x78])), u16: new TextDecoder("utf-16le").decode(new Uint8Array([0x68, 0, 0x69, 0])), into, enc: [e.encoding, d.encoding] };`,
      {
        bytes: [97, 226, 130, 172, 240, 159, 152, 128],
        text: "a€😀",
        bad: "a\ufffd\ufffdb",
        part: "|€",
        fatal: "TypeError",
        bom: "x",
        u16: "hi",
        into: { read: 2, written: 3 },
        enc: ["utf-8", "utf-8"],
      },
    );
  });

  it("atob / btoa", async () => {
    await same(`let err = ""; try { btoa("€"); } catch (e) { err = e.name; } return [btoa("hello"), atob("aGVsbG8="), atob(" aGk "), btoa(""), err];`, [
      "aGVsbG8=",
      "hello",
      "hi",
      "",
      "InvalidCharacterError",
    ]);
  });

  it("URL parses and resolves as Node does", async () => {
    const inputs = [
      ["https://User:Pa ss@EXAMPLE.com:443/a/./b/../c?x=1 2&y=é#frag ment", undefined],
      ["http://example.com:8080", undefined],
      ["../d/e?q#h", "https://example.com/a/b/c"],
      ["//other.org/p", "https://example.com/a"],
      ["?only", "https://example.com/a/b?old#f"],
      ["#top", "https://example.com/a/b?old#f"],
      ["/abs\\\\path", "http://h/x/y"],
      ["file:///etc/hosts", undefined],
      ["mailto:someone@example.com", undefined],
      ["data:text/plain,hi there", undefined],
      ["https://example.com/%7Efoo/ü", undefined],
      ["https://[::1]:3000/x", undefined],
      ["http:relative", "http://h/a/b"],
    ];
    await same(
      `return ${JSON.stringify(inputs)}.map(([i, b]) => { const u = b === null ? new URL(i) : new URL(i, b);
         return [u.href, u.origin, u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname, u.search, u.hash]; });`,
      [
        ["https://User:Pa%20ss@example.com/a/c?x=1%202&y=%C3%A9#frag%20ment", "https://example.com", "https:", "User", "Pa%20ss", "example.com", "example.com", "", "/a/c", "?x=1%202&y=%C3%A9", "#frag%20ment"],
        ["http://example.com:8080/", "http://example.com:8080", "http:", "", "", "example.com:8080", "example.com", "8080", "/", "", ""],
        ["https://example.com/a/d/e?q#h", "https://example.com", "https:", "", "", "example.com", "example.com", "", "/a/d/e", "?q", "#h"],
        ["https://other.org/p", "https://other.org", "https:", "", "", "other.org", "other.org", "", "/p", "", ""],
        ["https://example.com/a/b?only", "https://example.com", "https:", "", "", "example.com", "example.com", "", "/a/b", "?only", ""],
        ["https://example.com/a/b?old#top", "https://example.com", "https:", "", "", "example.com", "example.com", "", "/a/b", "?old", "#top"],
        ["http://h/abs//path", "http://h", "http:", "", "", "h", "h", "", "/abs//path", "", ""],
        ["file:///etc/hosts", "null", "file:", "", "", "", "", "", "/etc/hosts", "", ""],
        ["mailto:someone@example.com", "null", "mailto:", "", "", "", "", "", "someone@example.com", "", ""],
        ["data:text/plain,hi there", "null", "data:", "", "", "", "", "", "text/plain,hi there", "", ""],
        ["https://example.com/%7Efoo/%C3%BC", "https://example.com", "https:", "", "", "example.com", "example.com", "", "/%7Efoo/%C3%BC", "", ""],
        ["https://[::1]:3000/x", "https://[::1]:3000", "https:", "", "", "[::1]:3000", "[::1]", "3000", "/x", "", ""],
        ["http://h/a/relative", "http://h", "http:", "", "", "h", "h", "", "/a/relative", "", ""],
      ],
    );
  });

  it("URL refuses what Node refuses, and its setters and searchParams stay in step", async () => {
    await same(
      `const bad = ["", "http://", "nope", "https://exa mple.com", "http://h:99999"].map((i) => { try { new URL(i); return "parsed"; } catch (e) { return e.code + " " + e.message; } });
       const u = new URL("https://example.com/p?a=1");
       u.searchParams.append("b", "x y"); u.pathname = "/q r"; u.hash = "h"; u.port = "8443";
       const after = u.href; u.search = "?z=9";
       return { bad, after, now: u.href, z: u.searchParams.get("z"), can: [URL.canParse("x:"), URL.canParse("/x")], json: JSON.stringify({ u }) };`,
      {
        bad: ["ERR_INVALID_URL Invalid URL", "ERR_INVALID_URL Invalid URL", "ERR_INVALID_URL Invalid URL", "ERR_INVALID_URL Invalid URL", "ERR_INVALID_URL Invalid URL"],
        after: "https://example.com:8443/q%20r?a=1&b=x+y#h",
        now: "https://example.com:8443/q%20r?z=9#h",
        z: "9",
        can: [true, false],
        json: '{"u":"https://example.com:8443/q%20r?z=9#h"}',
      },
    );
  });

  it("URLSearchParams", async () => {
    await same(
      `const p = new URLSearchParams("?a=1&b=two+words&a=%E2%82%AC&c");
       p.set("b", "x&y=z"); p.append("d", "é ~*"); const all = p.getAll("a"); p.delete("c"); const s1 = p.toString(); p.sort();
       return { all, s1, sorted: p.toString(), size: p.size, has: [p.has("a"), p.has("c")], obj: new URLSearchParams({ k: "v", n: 1 }).toString(),
         pairs: [...new URLSearchParams([["x", "1"], ["y", "2"]])] };`,
      {
        all: ["1", "€"],
        s1: "a=1&b=x%26y%3Dz&a=%E2%82%AC&d=%C3%A9+%7E*",
        sorted: "a=1&a=%E2%82%AC&b=x%26y%3Dz&d=%C3%A9+%7E*",
        size: 4,
        has: [true, false],
        obj: "k=v&n=1",
        pairs: [
          ["x", "1"],
          ["y", "2"],
        ],
      },
    );
  });

  it("AbortController, AbortSignal (timeout on the virtual clock, any) and EventTarget", async () => {
    await same(
      `const c = new AbortController(); const seen = [];
       c.signal.addEventListener("abort", (e) => seen.push(e.type)); c.signal.onabort = () => seen.push("onabort");
       c.abort(); c.abort();
       const t = AbortSignal.timeout(50); const before = t.aborted; await new Promise((r) => setTimeout(r, 60));
       const any = AbortSignal.any([new AbortController().signal, AbortSignal.abort("why")]);
       const target = new EventTarget(); let n = 0; const h = () => n++;
       target.addEventListener("x", h); target.addEventListener("x", h); target.addEventListener("y", h, { once: true });
       target.dispatchEvent(new Event("x")); target.dispatchEvent(new Event("y")); target.dispatchEvent(new Event("y"));
       let thrown = ""; try { c.signal.throwIfAborted(); } catch (e) { thrown = e.name; }
       return { seen, aborted: c.signal.aborted, reason: c.signal.reason.name, before, after: t.aborted, timeoutReason: t.reason.name, any: any.reason, n, thrown };`,
      { seen: ["abort", "onabort"], aborted: true, reason: "AbortError", before: false, after: true, timeoutReason: "TimeoutError", any: "why", n: 2, thrown: "AbortError" },
    );
  });

  it("structuredClone, setImmediate and global", async () => {
    await same(
      `const src = { d: new Date(0), m: new Map([[1, { x: [1] }]]), s: new Set(["a"]) }; src.self = src;
       const c = structuredClone(src); const order = [];
       setTimeout(() => order.push("timeout"), 0); setImmediate(() => order.push("immediate"));
       await new Promise((r) => setTimeout(r, 5));
       return { iso: c.d.toISOString(), cyc: c.self === c, m: c.m.get(1).x, copy: c.m.get(1) !== src.m.get(1), s: [...c.s], order: order.length, g: global === globalThis };`,
      { iso: "1970-01-01T00:00:00.000Z", cyc: true, m: [1], copy: true, s: ["a"], order: 2, g: true },
    );
  });

  it("loads nothing for a hook that touches no Node global", async () => {
    const runner = await harness.open(pipelineOf({ h: `export default () => Object.getOwnPropertyDescriptor(globalThis, "Buffer")?.get !== undefined;` }));
    expect(callOf(await chain(runner, ["h"], { n: 1 }), "h").returned).toBe(true);
  });
});
