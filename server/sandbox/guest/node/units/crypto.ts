import { HASHES, type Hasher } from "../hashes";
import type { UnitEnv } from "../unitEnv";

/**
 * Guest unit `crypto`: `createHash` / `hash` (md5, sha1, sha224, sha256, sha384, sha512) and
 * `createHmac`, digests identical to Node's; `randomBytes`, `randomFillSync`, `randomInt`,
 * `randomUUID`, `getRandomValues` drawn from the run's seeded generator (so two runs draw the
 * same bytes); `timingSafeEqual`. Ciphers, keys and signatures are refused with a message.
 */

type BufferCtor = {
  from(value: unknown, encoding?: string): Uint8Array & { toString(encoding?: string): string };
  isBuffer(v: unknown): boolean;
};

export function create(env: UnitEnv): Record<string, unknown> {
  const { Buffer } = env.unit<{ Buffer: BufferCtor }>("buffer");

  const toBytes = (data: unknown, encoding?: unknown): Uint8Array => {
    if (typeof data === "string") return Buffer.from(data, typeof encoding === "string" ? encoding : "utf8");
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    const e = new TypeError(`The "data" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received ${data === null ? "null" : typeof data}`);
    throw Object.assign(e, { code: "ERR_INVALID_ARG_TYPE" });
  };
  const output = (bytes: Uint8Array, encoding?: unknown) => {
    const buf = Buffer.from(bytes);
    return typeof encoding === "string" && encoding !== "buffer" ? buf.toString(encoding) : buf;
  };
  const hasherFor = (algorithm: unknown): Hasher => {
    const make = HASHES[String(algorithm).toLowerCase()];
    if (!make) throw Object.assign(new Error(`Digest method not supported: the sandbox has ${Object.keys(HASHES).filter((k) => !k.includes("-")).join(", ")}`), { code: "ERR_CRYPTO_INVALID_DIGEST" });
    return make();
  };

  class Hash {
    private done = false;
    constructor(private readonly hasher: Hasher) {}
    update(data: unknown, encoding?: unknown): this {
      if (this.done) throw Object.assign(new Error("Digest already called"), { code: "ERR_CRYPTO_HASH_FINALIZED" });
      this.hasher.update(toBytes(data, encoding));
      return this;
    }
    digest(encoding?: unknown): unknown {
      if (this.done) throw Object.assign(new Error("Digest already called"), { code: "ERR_CRYPTO_HASH_FINALIZED" });
      this.done = true;
      return output(this.hasher.digest(), encoding);
    }
    copy(): Hash {
      if (this.done) throw Object.assign(new Error("Digest already called"), { code: "ERR_CRYPTO_HASH_FINALIZED" });
      return new Hash(this.hasher.copy());
    }
  }

  class Hmac {
    private readonly inner: Hasher;
    private readonly outer: Hasher;
    private done = false;
    constructor(algorithm: unknown, key: unknown) {
      this.inner = hasherFor(algorithm);
      this.outer = hasherFor(algorithm);
      const size = this.inner.blockSize;
      let k = toBytes(key);
      if (k.length > size) {
        const h = hasherFor(algorithm);
        h.update(k);
        k = h.digest();
      }
      const block = new Uint8Array(size);
      block.set(k);
      this.inner.update(block.map((b) => b ^ 0x36));
      this.outer.update(block.map((b) => b ^ 0x5c));
    }
    update(data: unknown, encoding?: unknown): this {
      if (this.done) throw Object.assign(new Error("Digest already called"), { code: "ERR_CRYPTO_HASH_FINALIZED" });
      this.inner.update(toBytes(data, encoding));
      return this;
    }
    digest(encoding?: unknown): unknown {
      if (this.done) return output(new Uint8Array(0), encoding);
      this.done = true;
      this.outer.update(this.inner.digest());
      return output(this.outer.digest(), encoding);
    }
  }

  // The same byte stream as the realm's crypto.getRandomValues: 4 bytes per draw, little-endian.
  const fill = (bytes: Uint8Array) => {
    for (let i = 0; i < bytes.length; i += 4) {
      let word = Math.floor(env.random() * 0x100000000);
      for (let j = i; j < Math.min(i + 4, bytes.length); j++) {
        bytes[j] = word & 0xff;
        word >>>= 8;
      }
    }
    return bytes;
  };
  const later = (callback: unknown, ...args: unknown[]) => {
    if (typeof callback === "function") queueMicrotask(() => (callback as (...a: unknown[]) => void)(...args));
  };
  function randomBytes(size: unknown, callback?: unknown): unknown {
    const n = Number(size);
    if (!Number.isInteger(n) || n < 0 || n > 2 ** 31 - 1) throw Object.assign(new RangeError(`The value of "size" is out of range. It must be >= 0 && <= 2147483647. Received ${String(size)}`), { code: "ERR_OUT_OF_RANGE" });
    const buf = Buffer.from(fill(new Uint8Array(n)));
    if (typeof callback === "function") {
      later(callback, null, buf);
      return undefined;
    }
    return buf;
  }
  function getRandomValues<T extends ArrayBufferView>(array: T): T {
    if (!ArrayBuffer.isView(array) || array instanceof Float32Array || array instanceof Float64Array || array instanceof DataView) {
      throw new TypeError("The data argument must be an integer-type TypedArray");
    }
    if (array.byteLength > 65536) throw new RangeError(`The ArrayBufferView's byte length (${array.byteLength}) exceeds the number of bytes of entropy available via this API (65536)`);
    fill(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    return array;
  }
  function randomUUID(): string {
    const b = fill(new Uint8Array(16));
    b[6] = ((b[6] as number) & 0x0f) | 0x40;
    b[8] = ((b[8] as number) & 0x3f) | 0x80;
    const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  function randomInt(a: unknown, b?: unknown, callback?: unknown): unknown {
    const [min, max, cb] = typeof b === "number" ? [Number(a), b, callback] : [0, Number(a), b];
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max <= min) {
      throw Object.assign(new RangeError(`The value of "max" is out of range. It must be greater than the value of "min" (${min}). Received ${max}`), { code: "ERR_OUT_OF_RANGE" });
    }
    const n = min + Math.floor(env.random() * (max - min));
    if (typeof cb === "function") {
      later(cb, null, n);
      return undefined;
    }
    return n;
  }
  const refused = (name: string) =>
    function refusedCrypto(): never {
      throw new Error(`crypto.${name} is not available in the sandbox: it simulates hashing, HMAC and random values only (docs/sandbox.md)`);
    };

  return {
    createHash: (algorithm: unknown) => new Hash(hasherFor(algorithm)),
    hash: (algorithm: unknown, data: unknown, encoding: unknown = "hex") => {
      const h = hasherFor(algorithm);
      h.update(toBytes(data));
      return output(h.digest(), encoding);
    },
    createHmac: (algorithm: unknown, key: unknown) => new Hmac(algorithm, key),
    getHashes: () => ["md5", "sha1", "sha224", "sha256", "sha384", "sha512"],
    randomBytes,
    pseudoRandomBytes: randomBytes,
    randomFillSync: <T extends ArrayBufferView>(view: T, offset = 0, size?: number) => {
      const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
      fill(bytes.subarray(offset, size === undefined ? undefined : offset + size));
      return view;
    },
    randomFill: (view: ArrayBufferView, ...rest: unknown[]) => {
      const callback = rest.pop();
      fill(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
      later(callback, null, view);
    },
    randomInt,
    randomUUID,
    getRandomValues,
    timingSafeEqual(a: unknown, b: unknown) {
      const x = toBytes(a);
      const y = toBytes(b);
      if (x.length !== y.length) throw Object.assign(new RangeError("Input buffers must have the same byte length"), { code: "ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH" });
      let diff = 0;
      for (let i = 0; i < x.length; i++) diff |= (x[i] as number) ^ (y[i] as number);
      return diff === 0;
    },
    webcrypto: { getRandomValues, randomUUID },
    constants: {},
    createCipheriv: refused("createCipheriv"),
    createDecipheriv: refused("createDecipheriv"),
    createSign: refused("createSign"),
    createVerify: refused("createVerify"),
    generateKeyPair: refused("generateKeyPair"),
    generateKeyPairSync: refused("generateKeyPairSync"),
    createPrivateKey: refused("createPrivateKey"),
    createPublicKey: refused("createPublicKey"),
    createSecretKey: refused("createSecretKey"),
    pbkdf2: refused("pbkdf2"),
    pbkdf2Sync: refused("pbkdf2Sync"),
    scrypt: refused("scrypt"),
    scryptSync: refused("scryptSync"),
    createDiffieHellman: refused("createDiffieHellman"),
    createECDH: refused("createECDH"),
    publicEncrypt: refused("publicEncrypt"),
    privateDecrypt: refused("privateDecrypt"),
    sign: refused("sign"),
    verify: refused("verify"),
  };
}
