/**
 * Guest code: MD5, SHA-1, SHA-224/256 and SHA-384/512 over bytes, written from RFC 1321 and
 * FIPS 180-4 (32-bit arithmetic only: SHA-512's 64-bit words are pairs of 32-bit halves).
 * Each is an incremental hasher: `update` any number of times, then `digest` once.
 */

export interface Hasher {
  update(bytes: Uint8Array): void;
  digest(): Uint8Array;
  /** A copy of the state so far (Node's hash.copy()). */
  copy(): Hasher;
  readonly blockSize: number;
}

abstract class BlockHasher implements Hasher {
  protected buffer: Uint8Array;
  protected filled = 0;
  protected length = 0;
  constructor(readonly blockSize: number) {
    this.buffer = new Uint8Array(blockSize);
  }
  update(bytes: Uint8Array): void {
    let i = 0;
    this.length += bytes.length;
    while (i < bytes.length) {
      const take = Math.min(this.blockSize - this.filled, bytes.length - i);
      this.buffer.set(bytes.subarray(i, i + take), this.filled);
      this.filled += take;
      i += take;
      if (this.filled === this.blockSize) {
        this.block(this.buffer);
        this.filled = 0;
      }
    }
  }
  protected pad(lengthBytes: number, littleEndian: boolean): void {
    const bitsHi = Math.floor(this.length / 0x20000000);
    const bitsLo = (this.length * 8) >>> 0;
    const padded = new Uint8Array((this.filled + 1 + lengthBytes > this.blockSize ? 2 : 1) * this.blockSize);
    padded.set(this.buffer.subarray(0, this.filled));
    padded[this.filled] = 0x80;
    const end = padded.length;
    const view = new DataView(padded.buffer);
    if (littleEndian) {
      view.setUint32(end - 8, bitsLo, true);
      view.setUint32(end - 4, bitsHi, true);
    } else {
      view.setUint32(end - 4, bitsLo);
      view.setUint32(end - 8, bitsHi);
    }
    for (let off = 0; off < padded.length; off += this.blockSize) this.block(padded.subarray(off, off + this.blockSize));
  }
  protected abstract block(b: Uint8Array): void;
  abstract digest(): Uint8Array;
  abstract copy(): Hasher;
  protected copyInto<T extends BlockHasher>(target: T): T {
    target.buffer = this.buffer.slice();
    target.filled = this.filled;
    target.length = this.length;
    return target;
  }
}

const rotl = (x: number, n: number) => (x << n) | (x >>> (32 - n));
const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

const MD5_S = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const MD5_K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 0x100000000) >>> 0);

class Md5 extends BlockHasher {
  private h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  constructor() {
    super(64);
  }
  protected block(b: Uint8Array): void {
    const view = new DataView(b.buffer, b.byteOffset, 64);
    const m: number[] = [];
    for (let i = 0; i < 16; i++) m.push(view.getUint32(i * 4, true));
    let [a, bb, c, d] = this.h as [number, number, number, number];
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) {
        f = (bb & c) | (~bb & d);
        g = i;
      } else if (i < 32) {
        f = (d & bb) | (~d & c);
        g = (5 * i + 1) % 16;
      } else if (i < 48) {
        f = bb ^ c ^ d;
        g = (3 * i + 5) % 16;
      } else {
        f = c ^ (bb | ~d);
        g = (7 * i) % 16;
      }
      const s = MD5_S[(i >> 4) * 4 + (i % 4)] as number;
      const tmp = d;
      d = c;
      c = bb;
      bb = (bb + rotl((a + f + (MD5_K[i] as number) + (m[g] as number)) | 0, s)) | 0;
      a = tmp;
    }
    this.h = [((this.h[0] as number) + a) | 0, ((this.h[1] as number) + bb) | 0, ((this.h[2] as number) + c) | 0, ((this.h[3] as number) + d) | 0];
  }
  digest(): Uint8Array {
    this.pad(8, true);
    const out = new Uint8Array(16);
    const view = new DataView(out.buffer);
    this.h.forEach((w, i) => view.setUint32(i * 4, w >>> 0, true));
    return out;
  }
  copy(): Hasher {
    const c = this.copyInto(new Md5());
    c.h = [...this.h];
    return c;
  }
}

class Sha1 extends BlockHasher {
  private h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  constructor() {
    super(64);
  }
  protected block(b: Uint8Array): void {
    const view = new DataView(b.buffer, b.byteOffset, 64);
    const w = new Array<number>(80);
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(i * 4);
    for (let i = 16; i < 80; i++) w[i] = rotl((w[i - 3] as number) ^ (w[i - 8] as number) ^ (w[i - 14] as number) ^ (w[i - 16] as number), 1);
    let [a, bb, c, d, e] = this.h as [number, number, number, number, number];
    for (let i = 0; i < 80; i++) {
      const f = i < 20 ? (bb & c) | (~bb & d) : i < 40 ? bb ^ c ^ d : i < 60 ? (bb & c) | (bb & d) | (c & d) : bb ^ c ^ d;
      const k = i < 20 ? 0x5a827999 : i < 40 ? 0x6ed9eba1 : i < 60 ? 0x8f1bbcdc : 0xca62c1d6;
      const t = (rotl(a, 5) + f + e + k + (w[i] as number)) | 0;
      e = d;
      d = c;
      c = rotl(bb, 30);
      bb = a;
      a = t;
    }
    const h = this.h;
    this.h = [((h[0] as number) + a) | 0, ((h[1] as number) + bb) | 0, ((h[2] as number) + c) | 0, ((h[3] as number) + d) | 0, ((h[4] as number) + e) | 0];
  }
  digest(): Uint8Array {
    this.pad(8, false);
    const out = new Uint8Array(20);
    const view = new DataView(out.buffer);
    this.h.forEach((w, i) => view.setUint32(i * 4, w >>> 0));
    return out;
  }
  copy(): Hasher {
    const c = this.copyInto(new Sha1());
    c.h = [...this.h];
    return c;
  }
}

const K256 = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

class Sha256 extends BlockHasher {
  private h: number[];
  constructor(private readonly outBytes: 32 | 28 = 32) {
    super(64);
    this.h =
      outBytes === 32
        ? [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
        : [0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4];
  }
  protected block(b: Uint8Array): void {
    const view = new DataView(b.buffer, b.byteOffset, 64);
    const w = new Array<number>(64);
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(i * 4);
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15] as number;
      const y = w[i - 2] as number;
      const s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3);
      const s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >>> 10);
      w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) | 0;
    }
    let [a, bb, c, d, e, f, g, h] = this.h as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = (e & f) ^ (~e & g);
      const t1 = (h + S1 + ch + (K256[i] as number) + (w[i] as number)) | 0;
      const S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = (a & bb) ^ (a & c) ^ (bb & c);
      const t2 = (S0 + maj) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = bb;
      bb = a;
      a = (t1 + t2) | 0;
    }
    const H = this.h;
    this.h = [a, bb, c, d, e, f, g, h].map((v, i) => ((H[i] as number) + v) | 0);
  }
  digest(): Uint8Array {
    this.pad(8, false);
    const out = new Uint8Array(32);
    const view = new DataView(out.buffer);
    this.h.forEach((w, i) => view.setUint32(i * 4, w >>> 0));
    return out.slice(0, this.outBytes);
  }
  copy(): Hasher {
    const c = this.copyInto(new Sha256(this.outBytes));
    c.h = [...this.h];
    return c;
  }
}

// SHA-512 round constants as [hi, lo] pairs.
const K512 = [
  "428a2f98d728ae22", "7137449123ef65cd", "b5c0fbcfec4d3b2f", "e9b5dba58189dbbc", "3956c25bf348b538", "59f111f1b605d019", "923f82a4af194f9b",
  "ab1c5ed5da6d8118", "d807aa98a3030242", "12835b0145706fbe", "243185be4ee4b28c", "550c7dc3d5ffb4e2", "72be5d74f27b896f", "80deb1fe3b1696b1",
  "9bdc06a725c71235", "c19bf174cf692694", "e49b69c19ef14ad2", "efbe4786384f25e3", "0fc19dc68b8cd5b5", "240ca1cc77ac9c65", "2de92c6f592b0275",
  "4a7484aa6ea6e483", "5cb0a9dcbd41fbd4", "76f988da831153b5", "983e5152ee66dfab", "a831c66d2db43210", "b00327c898fb213f", "bf597fc7beef0ee4",
  "c6e00bf33da88fc2", "d5a79147930aa725", "06ca6351e003826f", "142929670a0e6e70", "27b70a8546d22ffc", "2e1b21385c26c926", "4d2c6dfc5ac42aed",
  "53380d139d95b3df", "650a73548baf63de", "766a0abb3c77b2a8", "81c2c92e47edaee6", "92722c851482353b", "a2bfe8a14cf10364", "a81a664bbc423001",
  "c24b8b70d0f89791", "c76c51a30654be30", "d192e819d6ef5218", "d69906245565a910", "f40e35855771202a", "106aa07032bbd1b8", "19a4c116b8d2d0c8",
  "1e376c085141ab53", "2748774cdf8eeb99", "34b0bcb5e19b48a8", "391c0cb3c5c95a63", "4ed8aa4ae3418acb", "5b9cca4f7763e373", "682e6ff3d6b2b8a3",
  "748f82ee5defb2fc", "78a5636f43172f60", "84c87814a1f0ab72", "8cc702081a6439ec", "90befffa23631e28", "a4506cebde82bde9", "bef9a3f7b2c67915",
  "c67178f2e372532b", "ca273eceea26619c", "d186b8c721c0c207", "eada7dd6cde0eb1e", "f57d4f7fee6ed178", "06f067aa72176fba", "0a637dc5a2c898a6",
  "113f9804bef90dae", "1b710b35131c471b", "28db77f523047d84", "32caab7b40c72493", "3c9ebe0a15c9bebc", "431d67c49c100d4c", "4cc5d4becb3e42b6",
  "597f299cfc657e2a", "5fcb6fab3ad6faec", "6c44198c4a475817",
];
const K512H = K512.map((k) => parseInt(k.slice(0, 8), 16) | 0);
const K512L = K512.map((k) => parseInt(k.slice(8), 16) | 0);
const IV512 = ["6a09e667f3bcc908", "bb67ae8584caa73b", "3c6ef372fe94f82b", "a54ff53a5f1d36f1", "510e527fade682d1", "9b05688c2b3e6c1f", "1f83d9abfb41bd6b", "5be0cd19137e2179"];
const IV384 = ["cbbb9d5dc1059ed8", "629a292a367cd507", "9159015a3070dd17", "152fecd8f70e5939", "67332667ffc00b31", "8eb44a8768581511", "db0c2e0d64f98fa7", "47b5481dbefa4fa4"];

class Sha512 extends BlockHasher {
  private hh: number[];
  private hl: number[];
  constructor(private readonly outBytes: 64 | 48 = 64) {
    super(128);
    const iv = outBytes === 64 ? IV512 : IV384;
    this.hh = iv.map((k) => parseInt(k.slice(0, 8), 16) | 0);
    this.hl = iv.map((k) => parseInt(k.slice(8), 16) | 0);
  }
  protected block(b: Uint8Array): void {
    const view = new DataView(b.buffer, b.byteOffset, 128);
    const wh = new Array<number>(80);
    const wl = new Array<number>(80);
    for (let i = 0; i < 16; i++) {
      wh[i] = view.getUint32(i * 8) | 0;
      wl[i] = view.getUint32(i * 8 + 4) | 0;
    }
    for (let i = 16; i < 80; i++) {
      // σ0 = rotr1 ^ rotr8 ^ shr7 ; σ1 = rotr19 ^ rotr61 ^ shr6
      const xh = wh[i - 15] as number;
      const xl = wl[i - 15] as number;
      const s0h = ((xh >>> 1) | (xl << 31)) ^ ((xh >>> 8) | (xl << 24)) ^ (xh >>> 7);
      const s0l = ((xl >>> 1) | (xh << 31)) ^ ((xl >>> 8) | (xh << 24)) ^ ((xl >>> 7) | (xh << 25));
      const yh = wh[i - 2] as number;
      const yl = wl[i - 2] as number;
      const s1h = ((yh >>> 19) | (yl << 13)) ^ ((yl >>> 29) | (yh << 3)) ^ (yh >>> 6);
      const s1l = ((yl >>> 19) | (yh << 13)) ^ ((yh >>> 29) | (yl << 3)) ^ ((yl >>> 6) | (yh << 26));
      let lo = (s0l >>> 0) + (s1l >>> 0) + ((wl[i - 7] as number) >>> 0) + ((wl[i - 16] as number) >>> 0);
      const hi = s0h + s1h + (wh[i - 7] as number) + (wh[i - 16] as number) + Math.floor(lo / 0x100000000);
      lo >>>= 0;
      wh[i] = hi | 0;
      wl[i] = lo | 0;
    }
    let [ah, bh, ch, dh, eh, fh, gh, hh] = this.hh as [number, number, number, number, number, number, number, number];
    let [al, bl, cl, dl, el, fl, gl, hl] = this.hl as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 80; i++) {
      // Σ1(e) = rotr14 ^ rotr18 ^ rotr41
      const S1h = ((eh >>> 14) | (el << 18)) ^ ((eh >>> 18) | (el << 14)) ^ ((el >>> 9) | (eh << 23));
      const S1l = ((el >>> 14) | (eh << 18)) ^ ((el >>> 18) | (eh << 14)) ^ ((eh >>> 9) | (el << 23));
      const chh = (eh & fh) ^ (~eh & gh);
      const chl = (el & fl) ^ (~el & gl);
      let t1l = (hl >>> 0) + (S1l >>> 0) + (chl >>> 0) + ((K512L[i] as number) >>> 0) + ((wl[i] as number) >>> 0);
      const t1h = (hh + S1h + chh + (K512H[i] as number) + (wh[i] as number) + Math.floor(t1l / 0x100000000)) | 0;
      t1l >>>= 0;
      // Σ0(a) = rotr28 ^ rotr34 ^ rotr39
      const S0h = ((ah >>> 28) | (al << 4)) ^ ((al >>> 2) | (ah << 30)) ^ ((al >>> 7) | (ah << 25));
      const S0l = ((al >>> 28) | (ah << 4)) ^ ((ah >>> 2) | (al << 30)) ^ ((ah >>> 7) | (al << 25));
      const majh = (ah & bh) ^ (ah & ch) ^ (bh & ch);
      const majl = (al & bl) ^ (al & cl) ^ (bl & cl);
      let t2l = (S0l >>> 0) + (majl >>> 0);
      const t2h = (S0h + majh + Math.floor(t2l / 0x100000000)) | 0;
      t2l >>>= 0;
      hh = gh;
      hl = gl;
      gh = fh;
      gl = fl;
      fh = eh;
      fl = el;
      let nl = (dl >>> 0) + t1l;
      eh = (dh + t1h + Math.floor(nl / 0x100000000)) | 0;
      el = nl | 0;
      dh = ch;
      dl = cl;
      ch = bh;
      cl = bl;
      bh = ah;
      bl = al;
      nl = t1l + t2l;
      ah = (t1h + t2h + Math.floor(nl / 0x100000000)) | 0;
      al = nl | 0;
    }
    const add = (i: number, h: number, l: number) => {
      const lo = ((this.hl[i] as number) >>> 0) + (l >>> 0);
      this.hh[i] = ((this.hh[i] as number) + h + Math.floor(lo / 0x100000000)) | 0;
      this.hl[i] = lo | 0;
    };
    add(0, ah, al);
    add(1, bh, bl);
    add(2, ch, cl);
    add(3, dh, dl);
    add(4, eh, el);
    add(5, fh, fl);
    add(6, gh, gl);
    add(7, hh, hl);
  }
  digest(): Uint8Array {
    this.pad(16, false);
    const out = new Uint8Array(64);
    const view = new DataView(out.buffer);
    for (let i = 0; i < 8; i++) {
      view.setUint32(i * 8, (this.hh[i] as number) >>> 0);
      view.setUint32(i * 8 + 4, (this.hl[i] as number) >>> 0);
    }
    return out.slice(0, this.outBytes);
  }
  copy(): Hasher {
    const c = this.copyInto(new Sha512(this.outBytes));
    c.hh = [...this.hh];
    c.hl = [...this.hl];
    return c;
  }
}

/** Algorithm names Node accepts for these (lower-cased), to a hasher factory. */
export const HASHES: Record<string, () => Hasher> = {
  md5: () => new Md5(),
  sha1: () => new Sha1(),
  "sha-1": () => new Sha1(),
  sha224: () => new Sha256(28),
  "sha-224": () => new Sha256(28),
  sha256: () => new Sha256(32),
  "sha-256": () => new Sha256(32),
  sha384: () => new Sha512(48),
  "sha-384": () => new Sha512(48),
  sha512: () => new Sha512(64),
  "sha-512": () => new Sha512(64),
};
