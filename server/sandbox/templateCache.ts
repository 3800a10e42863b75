import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { STACK_BYTES } from "./instance";
import { CHAIN_GUEST_SCRIPT, REALM_GUEST_SCRIPT } from "./guestBundle.generated";
import { buildTemplate, SPARE_REALMS, type SandboxTemplate } from "./template";

/**
 * The process's pre-initialized snapshot (template.ts), built once on first use and shared by
 * every run of the process (or of the worker thread: each has its own module state).
 *
 * A one-shot process such as the CLI would build it for every command. When
 * `HOOKWRIGHT_SANDBOX_CACHE` names a folder (bin/hookwright.mjs sets it), the snapshot is also
 * kept there, named by a hash of everything it is made from (the QuickJS WebAssembly, the guest
 * bundles, the realm count, the stack limit), and read back by later processes. A file that
 * cannot be read or does not match its hash is ignored and replaced.
 */

const FORMAT = "hookwright.sandbox-snapshot/1";
const MAGIC = Buffer.from("HWSNAP1\n");

let template: Promise<SandboxTemplate> | null = null;

/** The process's snapshot (built, or read from the cache folder, on first call). */
export function sandboxTemplate(): Promise<SandboxTemplate> {
  template ??= loadOrBuild().catch((error: unknown) => {
    template = null;
    throw error;
  });
  return template;
}

/**
 * Builds the snapshot now, so the first run does not wait for it: a server or a run worker
 * calls this when it starts.
 */
export async function prewarmSandbox(): Promise<void> {
  await sandboxTemplate();
}

async function loadOrBuild(): Promise<SandboxTemplate> {
  const dir = process.env.HOOKWRIGHT_SANDBOX_CACHE;
  if (!dir) return buildTemplate();
  let key: string;
  try {
    key = await snapshotKey();
  } catch {
    return buildTemplate();
  }
  const file = join(dir, `sandbox-${key}.snapshot`);
  const cached = await readSnapshot(file).catch(() => null);
  if (cached) return cached;
  const built = await buildTemplate();
  await writeSnapshot(dir, file, built).catch(() => undefined); // a cache that cannot be written only costs time
  return built;
}

async function snapshotKey(): Promise<string> {
  const wasm = createRequire(import.meta.url).resolve(/* turbopackIgnore: true */ "@jitl/quickjs-wasmfile-release-sync/wasm");
  const hash = createHash("sha256");
  hash.update(await readFile(wasm));
  hash.update(`${FORMAT}\0${SPARE_REALMS}\0${STACK_BYTES}\0${CHAIN_GUEST_SCRIPT}\0${REALM_GUEST_SCRIPT}`);
  return hash.digest("hex").slice(0, 32);
}

interface Header {
  format: string;
  memoryBytes: number;
  pages: number[];
  clearPages: number[];
  runtime: number;
  chain: SandboxTemplate["chain"];
  realms: SandboxTemplate["realms"];
  hostRefs: number[];
  dataSha256: string;
}

/** A snapshot read back from `file`; null when it is not one, or its bytes do not match its hash. */
export async function readSnapshot(file: string): Promise<SandboxTemplate | null> {
  const bytes = await readFile(file);
  if (!bytes.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const headerLength = bytes.readUInt32LE(MAGIC.length);
  const headerStart = MAGIC.length + 4;
  const header = JSON.parse(bytes.subarray(headerStart, headerStart + headerLength).toString("utf8")) as Header;
  const data = new Uint8Array(bytes.subarray(headerStart + headerLength));
  if (header.format !== FORMAT || data.length !== header.pages.length * 4096) return null;
  if (createHash("sha256").update(data).digest("hex") !== header.dataSha256) return null;
  return {
    memoryBytes: header.memoryBytes,
    pages: Uint32Array.from(header.pages),
    data,
    clearPages: Uint32Array.from(header.clearPages),
    runtime: header.runtime,
    chain: header.chain,
    realms: header.realms,
    hostRefs: header.hostRefs,
    buildMs: 0,
  };
}

/** Writes `t` to `file` in `dir` (atomically: written aside, then renamed). */
export async function writeSnapshot(dir: string, file: string, t: SandboxTemplate): Promise<void> {
  const header: Header = {
    format: FORMAT,
    memoryBytes: t.memoryBytes,
    pages: [...t.pages],
    clearPages: [...t.clearPages],
    runtime: t.runtime,
    chain: t.chain,
    realms: t.realms,
    hostRefs: t.hostRefs,
    dataSha256: createHash("sha256").update(t.data).digest("hex"),
  };
  const json = Buffer.from(JSON.stringify(header), "utf8");
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  await mkdir(dir, { recursive: true });
  // Written aside and renamed, so a concurrent reader never sees half a file.
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, Buffer.concat([MAGIC, length, json, t.data]));
  await rename(temp, file);
}
