import { afterEach, describe, expect, it } from "vitest";
import { callOf, chain, createHarness, pipelineOf } from "../testHarness";
import { inBoth } from "./differential";

/**
 * The built-in modules of the simulated Node surface (issue 15): each answers as Node does,
 * checked by running the same code in Node and in the sandbox, with the exact values written down.
 */

const harness = createHarness();
afterEach(() => harness.cleanup());

async function same(body: string, expected: unknown): Promise<void> {
  const { node, sandbox, failure } = await inBoth(harness, `const need = (n) => process.getBuiltinModule(n); ${body}`);
  expect(failure).toBeNull();
  expect(node).toEqual(expected);
  expect(sandbox).toEqual(expected);
}

async function hook(code: string): Promise<{ returned: unknown; failure: string | null; logs: unknown }> {
  const runner = await harness.open(pipelineOf({ h: code }));
  const call = callOf(await chain(runner, ["h"], { n: 1 }), "h");
  return { returned: call.returned ?? null, failure: call.failure?.message ?? null, logs: call.logs };
}

describe("importing built-in modules", () => {
  it("imports as node:x or x, default and named, the same instance either way", async () => {
    const r = await hook(
      `import path, { join } from "node:path";\nimport * as p2 from "path";\nimport { createHash } from "crypto";\nimport EventEmitter, { once } from "node:events";\nimport { setTimeout as sleep } from "node:timers/promises";\nimport strict from "node:assert/strict";\n` +
        `export default async () => { await sleep(10); strict.equal(1, 1); return { a: join("a", "b"), same: path === p2.default, named: p2.join === join, h: createHash("sha1").update("x").digest("hex"), ee: typeof EventEmitter, once: typeof once, now: Date.now() }; };`,
    );
    expect(r.failure).toBeNull();
    expect(r.returned).toEqual({ a: "a/b", same: true, named: true, h: "11f6ad8ec52a2984abaafd7c3b516503785c2072", ee: "function", once: "function", now: 1_767_225_600_010 });
  });

  it("refuses what it does not simulate, naming the module and why", async () => {
    const cases = ["node:net", "worker_threads", "vm", "node:dgram", "node:zlib"];
    const messages = await Promise.all(cases.map(async (m) => (await hook(`import x from "${m}";\nexport default () => x;`)).failure));
    expect(messages).toEqual([
      'Error: Cannot import "node:net" from hooks/h.ts: the sandbox has no network sockets (hooks/h.ts:1:15)',
      'Error: Cannot import "worker_threads" from hooks/h.ts: the sandbox cannot start threads (hooks/h.ts:1:15)',
      'Error: Cannot import "vm" from hooks/h.ts: the sandbox does not create JavaScript contexts (eval and new Function run in the hook\'s own realm) (hooks/h.ts:1:15)',
      'Error: Cannot import "node:dgram" from hooks/h.ts: the sandbox has no network sockets (hooks/h.ts:1:15)',
      `Error: Cannot import "node:zlib" from hooks/h.ts: the sandbox does not simulate this built-in module (it has process, buffer, events, url, path, path/posix, util, util/types, crypto, os, querystring, assert, assert/strict, string_decoder, timers, timers/promises, fs, fs/promises, http, https) (hooks/h.ts:1:15)`,
    ]);
  });

  it("process.getBuiltinModule answers undefined for what it does not have", async () => {
    const r = await hook(`export default () => [typeof process.getBuiltinModule("node:path"), typeof process.getBuiltinModule("child_process"), typeof process.getBuiltinModule("internal/text")];`);
    expect(r.returned).toEqual(["object", "undefined", "undefined"]);
  });
});

describe("path", () => {
  it("matches Node's posix path", async () => {
    await same(
      `const path = need("node:path");
       return [path.join("/a/b", "../c", "./d"), path.join("a", "", "b/"), path.normalize("/a//b/../../.."), path.normalize(""), path.resolve("/x", "y", "..", "z"),
         path.relative("/a/b/c", "/a/d"), path.relative("/a", "/a/b/c"), path.dirname("/a/b/c.txt"), path.dirname("a"), path.basename("/a/b/c.txt", ".txt"),
         path.basename("/a/b/"), path.extname("x.tar.gz"), path.extname(".bashrc"), path.extname("a."), path.isAbsolute("/x"), path.isAbsolute("x"),
         path.parse("/home/u/file.txt"), path.parse("rel/dir/"), path.format({ dir: "/a", name: "f", ext: "js" }), path.sep, path.delimiter, path.posix === path];`,
      [
        "/a/c/d", "a/b/", "/", ".", "/x/z", "../../d", "b/c", "/a/b", ".", "c", "b", ".gz", "", ".", true, false,
        { root: "/", dir: "/home/u", base: "file.txt", ext: ".txt", name: "file" },
        { root: "", dir: "rel", base: "dir", ext: "", name: "dir" },
        "/a/f.js", "/", ":", true,
      ],
    );
  });

  it("resolves relative paths from the plugin's directory", async () => {
    const r = await hook(`import path from "node:path";\nexport default () => [path.resolve("data.json"), path.resolve("..", "x")];`);
    expect(r.returned).toEqual(["/workspace/plugins/plugin/data.json", "/workspace/plugins/x"]);
  });
});

describe("util", () => {
  it("format and inspect as Node does", async () => {
    await same(
      `const util = need("node:util");
       class Point { constructor() { this.x = 1; this.y = { deep: { deeper: { deepest: 1 } } }; } }
       const cyc = { name: "c" }; cyc.self = cyc;
       return [util.format("%s is %d years and %i, %f, %j %o %%", "Ann", 42.5, 42.9, "1.5", { a: 1 }, [1]), util.format("a", 1, { b: "c" }, [2, "x"]),
         util.format("%s", { a: { b: { c: 1 } } }), util.format(1, "%s"),
         util.inspect(new Point()), util.inspect("it's"), util.inspect(cyc), util.inspect(new Map([["k", [1, 2]]])), util.inspect(new Set([1])),
         util.inspect({ a: [1, 2, { b: 3 }], s: "x", f() {}, g: () => 1, n: null, u: undefined, sym: Symbol("s"), big: 10n, neg: -0 }),
         util.inspect({ a: { b: { c: { d: { e: 1 } } } } }, { depth: 0 }), util.inspect({ a: { b: { c: { d: 1 } } } }, { depth: null }),
         util.inspect(Array.from({ length: 30 }, (_, i) => i * 7)), util.inspect(new Uint8Array([1, 2, 3])), util.inspect([1, , 3]),
         util.inspect({ longer_key_number_one: "some value here", longer_key_number_two: "another value", k3: 123456 }),
         util.inspect(Object.create(null)), util.inspect([]), util.inspect({}), util.inspect(new Date(0)), util.inspect(/x/g), util.inspect(class A {}),
         util.inspect({ get g() { return 1; }, set s(v) {} }), util.inspect("a\\nb"), util.inspect(["a".repeat(20), "b".repeat(20), "c".repeat(20), "d".repeat(20)])];`,
      [
        "Ann is 42.5 years and 42, 1.5, {\"a\":1} [ 1, [length]: 1 ] %",
        "a 1 { b: 'c' } [ 2, 'x' ]",
        "{ a: [Object] }",
        "1 %s",
        "Point { x: 1, y: { deep: { deeper: [Object] } } }",
        "\"it's\"",
        "<ref *1> { name: 'c', self: [Circular *1] }",
        "Map(1) { 'k' => [ 1, 2 ] }",
        "Set(1) { 1 }",
        "{\n  a: [ 1, 2, { b: 3 } ],\n  s: 'x',\n  f: [Function: f],\n  g: [Function: g],\n  n: null,\n  u: undefined,\n  sym: Symbol(s),\n  big: 10n,\n  neg: -0\n}",
        "{ a: [Object] }",
        "{\n  a: { b: { c: { d: 1 } } }\n}",
        "[\n    0,   7,  14,  21,  28,  35,  42,  49,\n   56,  63,  70,  77,  84,  91,  98, 105,\n  112, 119, 126, 133, 140, 147, 154, 161,\n  168, 175, 182, 189, 196, 203\n]",
        "Uint8Array(3) [ 1, 2, 3 ]",
        "[ 1, <1 empty item>, 3 ]",
        "{\n  longer_key_number_one: 'some value here',\n  longer_key_number_two: 'another value',\n  k3: 123456\n}",
        "[Object: null prototype] {}",
        "[]",
        "{}",
        "1970-01-01T00:00:00.000Z",
        "/x/g",
        "[class A]",
        "{ g: [Getter], s: [Setter] }",
        "'a\\nb'",
        "[\n  'aaaaaaaaaaaaaaaaaaaa',\n  'bbbbbbbbbbbbbbbbbbbb',\n  'cccccccccccccccccccc',\n  'dddddddddddddddddddd'\n]",
      ],
    );
  });

  it("promisify, callbackify, types, isDeepStrictEqual, inherits", async () => {
    await same(
      `const util = need("node:util");
       const cb = (a, b, done) => done(null, a + b); const bad = (done) => done(new Error("no"));
       const sum = await util.promisify(cb)(2, 3); let err = ""; try { await util.promisify(bad)(); } catch (e) { err = e.message; }
       const back = await new Promise((r) => util.callbackify(async (x) => x * 2)(21, (e, v) => r([e, v])));
       function A() {} function B() {} util.inherits(B, A);
       const t = util.types;
       return { sum, err, back, inherits: [new B() instanceof A, B.super_ === A],
         types: [t.isDate(new Date()), t.isRegExp(/x/), t.isPromise(Promise.resolve()), t.isMap(new Map()), t.isUint8Array(new Uint8Array()), t.isTypedArray([]), t.isAsyncFunction(async () => 1), t.isAsyncFunction(() => 1), t.isGeneratorFunction(function* () {}), t.isNativeError(new TypeError()), t.isBoxedPrimitive(Object(1))],
         deep: [util.isDeepStrictEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }), util.isDeepStrictEqual({ a: 1 }, { a: "1" }), util.isDeepStrictEqual(new Set([1, 2]), new Set([2, 1])), util.isDeepStrictEqual([1], { 0: 1 })],
         custom: typeof util.promisify.custom, strip: util.stripVTControlCharacters("\\u001b[31mred\\u001b[39m") };`,
      {
        sum: 5,
        err: "no",
        back: [null, 42],
        inherits: [true, true],
        types: [true, true, true, true, true, false, true, false, true, true, true],
        deep: [true, false, true, false],
        custom: "symbol",
        strip: "red",
      },
    );
  });

  it("does not let inspect options pollute prototypes", async () => {
    const r = await hook(
      `import util from "node:util";\nexport default () => { const opts = JSON.parse('{"__proto__": {"polluted": "yes"}, "depth": 0, "constructor": {"prototype": {"polluted2": "yes"}}}'); util.inspect({ a: { b: 1 } }, opts); util.inspect.defaultOptions = opts; return [({} as any).polluted ?? null, ({} as any).polluted2 ?? null, util.inspect({ a: { b: 1 } })]; };`,
    );
    expect(r.returned).toEqual([null, null, "{ a: [Object] }"]);
  });
});

describe("events", () => {
  it("behaves as Node's EventEmitter", async () => {
    await same(
      `const EventEmitter = need("node:events"); const { once } = EventEmitter;
       const e = new EventEmitter(); const seen = [];
       e.on("x", (v) => seen.push("on:" + v)); e.prependListener("x", (v) => seen.push("pre:" + v)); e.once("x", (v) => seen.push("once:" + v));
       e.emit("x", 1); e.emit("x", 2);
       let unhandled = ""; try { e.emit("error", new Error("boom")); } catch (err) { unhandled = err.message; }
       let plain = ""; try { e.emit("error", "str"); } catch (err) { plain = err.code; }
       setTimeout(() => e.emit("later", "a", "b"), 5); const args = await once(e, "later");
       class Sub extends EventEmitter {} const s = new Sub(); s.on("y", () => {});
       return { seen, unhandled, plain, args, names: e.eventNames(), count: e.listenerCount("x"), max: e.getMaxListeners(), isEE: s instanceof EventEmitter, named: EventEmitter.EventEmitter === EventEmitter };`,
      {
        seen: ["pre:1", "on:1", "once:1", "pre:2", "on:2"],
        unhandled: "boom",
        plain: "ERR_UNHANDLED_ERROR",
        args: ["a", "b"],
        names: ["x"],
        count: 2,
        max: 10,
        isEE: true,
        named: true,
      },
    );
  });
});

describe("crypto", () => {
  it("gives Node's exact digests and HMACs", async () => {
    await same(
      `const crypto = need("node:crypto"); const big = "x".repeat(1000) + "é";
       const out = {};
       for (const alg of ["md5", "sha1", "sha224", "sha256", "sha384", "sha512"]) {
         out[alg] = [crypto.createHash(alg).update("").digest("hex"), crypto.createHash(alg).update("abc").update(big).digest("base64"),
           crypto.createHmac(alg, "key").update("message").digest("hex"), crypto.createHmac(alg, "k".repeat(200)).update(big).digest("hex")];
       }
       const h = crypto.createHash("sha256").update("part1"); const copy = h.copy(); copy.update("part2");
       out.copy = [h.digest("hex"), copy.digest("hex")];
       out.bytes = crypto.createHash("sha256").update(new Uint8Array([1, 2, 3])).digest().length;
       out.oneShot = crypto.hash("sha1", "abc");
       out.safe = [crypto.timingSafeEqual(Buffer.from("ab"), Buffer.from("ab")), crypto.timingSafeEqual(Buffer.from("ab"), Buffer.from("ac"))];
       return out;`,
      {
        md5: ["d41d8cd98f00b204e9800998ecf8427e", "ZCXDxqlUC2pVQDaTXMH3eA==", "4e4748e62b463521f6775fbf921234b5", "fdd5017fc1654cd49a3da6ebdec7acef"],
        sha1: ["da39a3ee5e6b4b0d3255bfef95601890afd80709", "1zVKYFgCGdOmFR3QjVMe5mOFDPw=", "2088df74d5f2146b48146caf4965377e9d0be3a4", "435a23b88f270412b5558c92c455ee19e32f9f59"],
        sha224: ["d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f", "AT8osiGi92fCeUbhBYh1NpcX78ulgpwkSoGW7w==", "a0b5eecae3f74f0561a8da6f389f78f1a3895c8c183c31c1756d7925", "43792d35fcbb3a36a4c77408665e79b320a6bc6e80a6c3f4f1e5b847"],
        sha256: ["e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "7RImb/XrgbB0aKD7nAOP+pAxdjqpRYbXRNzpX2Eyt+E=", "6e9ef29b75fffc5b7abae527d58fdadb2fe42e7219011976917343065f58ed4a", "27b09fe319f5e45cef468ef7ddd2234a8ecc081e9650b6f7b439959c27e7ec16"],
        sha384: ["38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b", "FdTuQwG17lX9bDK8wMrfqjLCe5KrZZizxLmV11nlzef6PTVw/xU6lqjAluR8YBos", "0fd3ae3237be98c64a075b7394989fc6789f31788fada42eada85ee6698bde2feae20b66271b67544b9062c773b2d86f", "c56d89f8fe7f70dc73483fc8894cbb1237d33fbf8aceb94866ced8b33e45880553ee0179b840c01d27f18782cc7109ef"],
        sha512: ["cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e", "D7Wm0w4tly8r/SZjhS+Hk2W8MbiogWowzPiUbIhO3eW07FgC9rkFrVGaVnuAbch3JvErVg+gkuokqlUbn++3Bg==", "e477384d7ca229dd1426e64b63ebf2d36ebd6d7e669a6735424e72ea6c01d3f8b56eb39c36d8232f5427999b8d1a3f9cd1128fc69f4d75b434216810fa367e98", "d7394e63210af89c5bb4181b1dcdf7f97f7e41c977d8d7382235f2845b1acd50536777bfbb70a1568a924744ee69b2e3a3b6fd4e3679084bf9ba79139c645a64"],
        copy: ["59e0a3cc7a0c45f96735bf1f06325db90b4bb742f257df12b6b18df3d2126499", "4986fc0feee88f7e3d1441ba8fe651b1626115c2244e45ee1ed1fe850e9ef428"],
        bytes: 32,
        oneShot: "a9993e364706816aba3e25717850c26c9cd0d89d",
        safe: [true, false],
      },
    );
  });
});

describe("crypto in the sandbox", () => {
  it("draws random values from the run's seeded generator: the same bytes on every run of a seed", async () => {
    const code = `import crypto, { randomBytes, randomUUID, randomInt } from "node:crypto";\nexport default () => [randomBytes(6).toString("hex"), randomUUID(), randomInt(10, 20), Array.from(crypto.getRandomValues(new Uint8Array(3))), crypto.webcrypto.randomUUID()];`;
    const first = await hook(code);
    const second = await hook(code);
    expect(first.returned).toEqual(second.returned);
    expect(first.returned).toEqual(["f3ea87a0c949", "ebc40687-fd27-46fb-ab9d-e7f73066f647", 16, [92, 159, 130], "7007016d-71b7-4cfe-8aa6-8c742e3b217d"]);
  });

  it("names an unknown digest and refuses what it does not simulate", async () => {
    const r = await hook(
      `import crypto from "node:crypto";\nexport default () => [() => crypto.createHash("whirlpool"), () => crypto.createCipheriv("aes-256-gcm", "k", "iv")].map((f) => { try { f(); return "ran"; } catch (e) { return (e as Error).message; } });`,
    );
    expect(r.returned).toEqual([
      "Digest method not supported: the sandbox has md5, sha1, sha224, sha256, sha384, sha512",
      "crypto.createCipheriv is not available in the sandbox: it simulates hashing, HMAC and random values only (docs/sandbox.md)",
    ]);
  });
});

describe("os, buffer, url, querystring, string_decoder", () => {
  it("os reports a fixed machine", async () => {
    const r = await hook(
      `import os from "node:os";\nexport default () => [os.platform(), os.arch(), os.type(), os.release(), os.hostname(), os.homedir(), os.tmpdir(), os.EOL, os.cpus().length, os.totalmem(), os.userInfo().username, os.endianness()];`,
    );
    expect(r.returned).toEqual(["linux", "x64", "Linux", "6.8.0-hookwright", "hookwright-sandbox", "/home/node", "/tmp", "\n", 2, 8_589_934_592, "node", "LE"]);
  });

  it("node:buffer, url functions, querystring and StringDecoder match Node", async () => {
    await same(
      `const { Buffer: B, constants } = need("node:buffer"); const url = need("node:url"); const qs = need("node:querystring"); const { StringDecoder } = need("node:string_decoder");
       const d = new StringDecoder("utf8"); const euro = B.from("€");
       const parts = [d.write(euro.subarray(0, 1)), d.write(euro.subarray(1)), d.end()];
       const legacy = url.parse("https://user:pw@host.com:8080/p/a/t/h?query=string&a=1#hash", true);
       return { isB: B === Buffer, max: typeof constants.MAX_LENGTH, parts,
         f2p: url.fileURLToPath("file:///tmp/a%20b.txt"), p2f: url.pathToFileURL("/tmp/a b#c.txt").href,
         fmt: url.format({ protocol: "https", hostname: "example.com", pathname: "/x", query: { a: 1, b: "two words" } }),
         legacy: [legacy.protocol, legacy.auth, legacy.host, legacy.port, legacy.hostname, legacy.hash, legacy.search, legacy.pathname, legacy.path, { ...legacy.query }],
         resolve: [url.resolve("http://a.com/b/c", "../d"), url.resolve("/one/two/three", "four")],
         qs: [qs.stringify({ a: [1, 2], b: "x y", c: "é", d: "" }), { ...qs.parse("a=1&a=2&b=x+y&c=%C3%A9&d") }, qs.escape("a b&c"), qs.unescape("%E2%82%AC%zz")] };`,
      {
        isB: true,
        max: "number",
        parts: ["", "€", ""],
        f2p: "/tmp/a b.txt",
        p2f: "file:///tmp/a%20b%23c.txt",
        fmt: "https://example.com/x?a=1&b=two%20words",
        legacy: ["https:", "user:pw", "host.com:8080", "8080", "host.com", "#hash", "?query=string&a=1", "/p/a/t/h", "/p/a/t/h?query=string&a=1", { query: "string", a: "1" }],
        resolve: ["http://a.com/d", "/one/two/four"],
        qs: ["a=1&a=2&b=x%20y&c=%C3%A9&d=", { a: ["1", "2"], b: "x y", c: "é", d: "" }, "a%20b%26c", "€%zz"],
      },
    );
  });
});

describe("assert", () => {
  it("throws AssertionError as Node does", async () => {
    await same(
      `const assert = need("node:assert");
       const caught = (f) => { try { f(); return "passed"; } catch (e) { return [e.name, e.code, e.message, e.operator]; } };
       return [caught(() => assert.strictEqual(1, 2)), caught(() => assert.strictEqual("a", "a")), caught(() => assert.equal(1, "1")), caught(() => assert.notStrictEqual(1, 1)),
         caught(() => assert.deepStrictEqual({ a: [1] }, { a: [1] })), caught(() => assert.ok(0, "custom")), caught(() => assert.fail("boom")),
         caught(() => assert.throws(() => { throw new TypeError("t"); }, TypeError)), caught(() => assert.throws(() => {})), caught(() => assert.throws(() => { throw new Error("abc"); }, /abc/)),
         caught(() => assert.throws(() => { throw new Error("x"); }, { message: "x" })), caught(() => assert.match("abc", /x/)), caught(() => assert.ifError(null)),
         caught(() => assert.strict.equal(1, "1")), caught(() => assert.deepEqual({ a: 1 }, { a: "1" }))];`,
      [
        ["AssertionError", "ERR_ASSERTION", "Expected values to be strictly equal:\n\n1 !== 2\n", "strictEqual"],
        "passed",
        "passed",
        ["AssertionError", "ERR_ASSERTION", 'Expected "actual" to be strictly unequal to: 1', "notStrictEqual"],
        "passed",
        ["AssertionError", "ERR_ASSERTION", "custom", "=="],
        ["AssertionError", "ERR_ASSERTION", "boom", "fail"],
        "passed",
        ["AssertionError", "ERR_ASSERTION", "Missing expected exception.", "throws"],
        "passed",
        "passed",
        ["AssertionError", "ERR_ASSERTION", "The input did not match the regular expression /x/. Input:\n\n'abc'\n", "match"],
        "passed",
        ["AssertionError", "ERR_ASSERTION", "Expected values to be strictly equal:\n\n1 !== '1'\n", "strictEqual"],
        "passed",
      ],
    );
  });

  it("rejects checks a promise", async () => {
    await same(
      `const assert = need("node:assert");
       const out = []; await assert.rejects(Promise.reject(new Error("no")), /no/); out.push("ok");
       try { await assert.rejects(Promise.resolve(1)); } catch (e) { out.push(e.message); }
       return out;`,
      ["ok", "Missing expected rejection."],
    );
  });
});

describe("timers", () => {
  it("node:timers and node:timers/promises run on the virtual clock", async () => {
    const r = await hook(
      `import { setTimeout as later } from "node:timers";\nimport { setTimeout as sleep, setImmediate as soon, setInterval as every } from "node:timers/promises";\n` +
        `export default async () => { const t0 = Date.now(); const v = await sleep(1000, "value"); const t1 = Date.now(); await soon(); const ticks: number[] = []; for await (const _ of every(100)) { ticks.push(Date.now() - t0); if (ticks.length === 3) break; }\n` +
        `const ac = new AbortController(); const p = sleep(500, null, { signal: ac.signal }); ac.abort(); let aborted = ""; try { await p; } catch (e) { aborted = (e as Error).name; }\n` +
        `await new Promise((r) => later(r, 10)); return { v, waited: t1 - t0, ticks, aborted }; };`,
    );
    expect(r.failure).toBeNull();
    expect(r.returned).toEqual({ v: "value", waited: 1001, ticks: [1102, 1202, 1302], aborted: "AbortError" });
  });
});
