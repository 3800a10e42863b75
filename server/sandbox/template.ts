import { Lifetime, QuickJSRuntime, type QuickJSContext, type QuickJSHandle, type QuickJSWASMModule } from "quickjs-emscripten-core";
import { installChainGuest, type ChainGuest } from "./chainRealm";
import { STACK_BYTES } from "./instance";
import { installRealmGuest, REALM_HOST_FUNCTIONS, type RealmGuest, type RealmHostFunction } from "./moduleRealm";
import { INITIAL_BYTES, loadQuickJS, type GuardedMemory } from "./quickjs";

/**
 * The sandbox's pre-initialized snapshot (as Wizer pre-initializes a WebAssembly module): a
 * QuickJS instance whose runtime, chain realm and first few hook realms are built, captured as
 * the bytes of its linear memory plus where those objects live in it. Every run starts its
 * own WebAssembly instance and copies the snapshot into it, instead of compiling the chain
 * realm's executor and each realm's prelude again (tens of milliseconds in QuickJS).
 *
 * A run from a copy is byte-identical to a run from the instance the snapshot was taken of:
 * the memory is the same, the WebAssembly instance's only mutable global (its stack pointer)
 * is back at its initial value between calls, and the JavaScript side of quickjs-emscripten is
 * rebuilt around the same pointers with the same host reference ids.
 *
 * Rebuilding that JavaScript side uses constructors quickjs-emscripten marks private (a
 * runtime around an existing pointer, a context around an existing pointer, handles around
 * existing values). The package is pinned to the exact version this was written against
 * (0.32.0); template.test.ts fails if they change.
 */

/** Hook realms prepared in the snapshot; a run with more modules prepares the rest itself. */
export const SPARE_REALMS = 6;

/** Memory is copied in pages of this size (only those that hold something). */
const PAGE = 4096;

/** A QuickJS value or context inside the snapshot's memory. */
type Pointer = number;

interface RealmPointers {
  context: Pointer;
  api: Pointer;
  fns: Pointer[];
}

export interface SandboxTemplate {
  /** Size of the snapshot's linear memory: a run's instance starts with exactly this much. */
  readonly memoryBytes: number;
  /** Pages (of {@link PAGE} bytes) that hold something, and their bytes in that order. */
  readonly pages: Uint32Array;
  readonly data: Uint8Array;
  /** Pages a freshly started instance has written but the snapshot holds only zeros in. */
  readonly clearPages: Uint32Array;
  readonly runtime: Pointer;
  readonly chain: RealmPointers;
  /** Prepared hook realms; `fns` ends with the realm's logger. */
  readonly realms: RealmPointers[];
  /** The host reference id of each realm's host functions, {@link REALM_HOST_FUNCTIONS} per realm, in creation order. */
  readonly hostRefs: number[];
  /** How long building it took (ms). */
  readonly buildMs: number;
}

/** What a run's instance starts with: the snapshot's runtime and realms, owned by the run. */
export interface StartedSandbox {
  runtime: QuickJSRuntime;
  chain: ChainGuest;
  /** Prepared hook realms, in order; the run takes them one by one. */
  realms: RealmGuest[];
}

/** quickjs-emscripten's private parts this file relies on (see the header). */
interface ModuleInternals {
  module: unknown;
  ffi: { QTS_FreeRuntime(rt: Pointer): void };
  callbacks: { deleteRuntime(rt: Pointer): void };
}
interface RuntimeInternals {
  hostRefs: { put(value: object): number };
}
interface ContextInternals {
  memory: { heapValueHandle(ptr: Pointer): QuickJSHandle };
}
type RuntimeArgs = ConstructorParameters<typeof QuickJSRuntime>[0];
type ContextPointer = NonNullable<NonNullable<Parameters<QuickJSRuntime["newContext"]>[0]>["contextPointer"]>;

/** Builds the snapshot in a scratch instance (which is then dropped). */
export async function buildTemplate(load: (memory: WebAssembly.Memory) => Promise<QuickJSWASMModule> = loadQuickJS): Promise<SandboxTemplate> {
  const started = performance.now();
  const memory = new WebAssembly.Memory({ initial: INITIAL_BYTES / 65536, maximum: 32768 });
  const module = await load(memory);
  // Pages a fresh instance writes while starting: a copy must clear those the snapshot has not.
  const freshPages = usedPages(memory.buffer);
  const runtime = module.newRuntime();
  runtime.setMaxStackSize(STACK_BYTES);
  // Installed here so the runtime's C side has them on; each run sets its own JavaScript side.
  runtime.setInterruptHandler(() => false);
  runtime.setModuleLoader(() => ({ error: new Error("no module loader yet") }));
  const hostRefs: number[] = [];
  const refs = runtime as unknown as RuntimeInternals;
  const put = refs.hostRefs.put.bind(refs.hostRefs);
  refs.hostRefs.put = (value) => {
    const id = put(value);
    hostRefs.push(id);
    return id;
  };
  const unbound = (name: RealmHostFunction) => () => {
    throw new Error(`the snapshot's realm called its host function ${name} before a run was bound`);
  };
  const chain = installChainGuest(runtime.newContext());
  const realms = Array.from({ length: SPARE_REALMS }, () => installRealmGuest(runtime.newContext(), unbound));
  refs.hostRefs.put = put;
  const pointers = (guest: { context: QuickJSContext; api: QuickJSHandle; fns: QuickJSHandle[] }, extra: QuickJSHandle[] = []): RealmPointers => ({
    context: contextPointer(guest.context),
    api: guest.api.value as Pointer,
    fns: [...guest.fns, ...extra].map((f) => f.value as Pointer),
  });
  const pages = usedPages(memory.buffer);
  const used = new Set(pages);
  const data = new Uint8Array(pages.length * PAGE);
  const bytes = new Uint8Array(memory.buffer);
  pages.forEach((page, i) => data.set(bytes.subarray(page * PAGE, (page + 1) * PAGE), i * PAGE));
  // The scratch instance is dropped without tearing QuickJS down: nothing of it is used again.
  return {
    memoryBytes: memory.buffer.byteLength,
    pages: Uint32Array.from(pages),
    data,
    clearPages: Uint32Array.from(freshPages.filter((p) => !used.has(p))),
    runtime: (runtime as unknown as { rt: { value: Pointer } }).rt.value,
    chain: pointers(chain),
    realms: realms.map((r) => pointers(r, [r.logger])),
    hostRefs,
    buildMs: performance.now() - started,
  };
}

/**
 * Starts a run's instance in `guard.memory` (which must be {@link SandboxTemplate.memoryBytes}
 * long) from the snapshot. `host(realm, name)` implements the host functions of prepared realm
 * `realm`, bound to the run.
 */
export async function startFromTemplate(
  template: SandboxTemplate,
  guard: GuardedMemory,
  host: (ctx: QuickJSContext, name: RealmHostFunction) => (...args: QuickJSHandle[]) => QuickJSHandle | undefined,
  load: (memory: WebAssembly.Memory) => Promise<QuickJSWASMModule> = loadQuickJS,
): Promise<StartedSandbox> {
  if (guard.memory.buffer.byteLength !== template.memoryBytes) throw new Error("the run's memory does not match the snapshot's size");
  const module = await load(guard.memory);
  const bytes = new Uint8Array(guard.memory.buffer);
  template.pages.forEach((page, i) => bytes.set(template.data.subarray(i * PAGE, (i + 1) * PAGE), page * PAGE));
  for (const page of template.clearPages) bytes.fill(0, page * PAGE, (page + 1) * PAGE);

  const { module: emscripten, ffi, callbacks } = module as unknown as ModuleInternals;
  const rt = new Lifetime(template.runtime, undefined, (ptr: Pointer) => {
    ffi.QTS_FreeRuntime(ptr);
    callbacks.deleteRuntime(ptr);
  });
  const runtime = new QuickJSRuntime({ module: emscripten, ffi, callbacks, rt } as unknown as RuntimeArgs);
  const context = (ptr: Pointer) => runtime.newContext({ contextPointer: ptr as ContextPointer });
  const handle = (ctx: QuickJSContext, ptr: Pointer) => (ctx as unknown as ContextInternals).memory.heapValueHandle(ptr);

  const chainContext = context(template.chain.context);
  const chain: ChainGuest = { context: chainContext, api: handle(chainContext, template.chain.api), fns: template.chain.fns.map((p) => handle(chainContext, p)) };
  const refs = (runtime as unknown as RuntimeInternals).hostRefs;
  let next = 0;
  const realms = template.realms.map((pointers): RealmGuest => {
    const ctx = context(pointers.context);
    for (const name of REALM_HOST_FUNCTIONS) {
      // The snapshot's functions call back by these ids: they must come out the same.
      const id = refs.put(host(ctx, name));
      if (id !== template.hostRefs[next++]) throw new Error("the snapshot's host functions could not be registered again with the same ids");
    }
    const fns = pointers.fns.map((p) => handle(ctx, p));
    const logger = fns.pop();
    if (!logger) throw new Error("the snapshot's realm has no logger");
    return { context: ctx, api: handle(ctx, pointers.api), fns, logger };
  });
  return { runtime, chain, realms };
}

function contextPointer(ctx: QuickJSContext): Pointer {
  return (ctx as unknown as { ctx: { value: Pointer } }).ctx.value;
}

/** Indices of the pages of `buffer` that hold a non-zero byte. */
function usedPages(buffer: ArrayBuffer): number[] {
  const words = new Int32Array(buffer);
  const perPage = PAGE / 4;
  const pages: number[] = [];
  for (let page = 0; page < words.length / perPage; page++) {
    const end = (page + 1) * perPage;
    for (let i = page * perPage; i < end; i++) {
      if (words[i] !== 0) {
        pages.push(page);
        break;
      }
    }
  }
  return pages;
}
