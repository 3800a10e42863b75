import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import variant from "@jitl/quickjs-wasmfile-release-sync";
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSWASMModule } from "quickjs-emscripten-core";

/**
 * Loading QuickJS: one WebAssembly instance per run, each with its own guarded memory.
 *
 * QuickJS's own memory limit does not hold in this build: it counts every allocation as 8
 * bytes (Emscripten reports no usable size), so large strings and arrays never add up
 * (quickjs-emscripten issue #271). The real bound is the instance's WebAssembly memory: its
 * growth is checked against a limit the sandbox moves per hook call; a refused growth makes
 * malloc fail and QuickJS throw "out of memory", and the sandbox reports the hook as having
 * exceeded its memory limit.
 */

const PAGE = 64 * 1024;
/** The instance starts with this much memory (Emscripten's default). */
export const INITIAL_BYTES = 16 * 1024 * 1024;
/** wasm32's ceiling. */
const MAX_BYTES = 2 * 1024 * 1024 * 1024;

export interface GuardedMemory {
  readonly memory: WebAssembly.Memory;
  /** The instance may not grow beyond this many bytes (moved per call by the sandbox). */
  limit: number;
  /** How many growth requests were refused so far. */
  refused: number;
}

/** A WebAssembly memory of `initialBytes` whose growth stops at `guard.limit`. */
export function newGuardedMemory(limit: number, initialBytes = INITIAL_BYTES): GuardedMemory {
  const memory = new WebAssembly.Memory({ initial: initialBytes / PAGE, maximum: MAX_BYTES / PAGE });
  const guard: GuardedMemory = { memory, limit, refused: 0 };
  const grow = WebAssembly.Memory.prototype.grow;
  // Emscripten's heap resize calls memory.grow and treats a throw as "no memory", so malloc
  // returns NULL and QuickJS throws a catchable "out of memory".
  Object.defineProperty(memory, "grow", {
    value(delta: number): number {
      if (memory.buffer.byteLength + delta * PAGE > guard.limit) {
        guard.refused++;
        throw new RangeError("the sandbox's memory limit was reached");
      }
      return grow.call(memory, delta);
    },
  });
  return guard;
}

let compiled: Promise<WebAssembly.Module | undefined> | null = null;

/** The QuickJS WebAssembly module, compiled once per process (instantiating it again is cheap). */
function compiledModule(): Promise<WebAssembly.Module | undefined> {
  compiled ??= (async () => {
    try {
      const path = createRequire(import.meta.url).resolve(/* turbopackIgnore: true */ "@jitl/quickjs-wasmfile-release-sync/wasm");
      return await WebAssembly.compile(await readFile(path));
    } catch {
      return undefined; // the variant then loads and compiles its .wasm itself
    }
  })();
  return compiled;
}

/** A new QuickJS instance (synchronous release build) whose linear memory is `memory`. */
export async function loadQuickJS(memory: WebAssembly.Memory): Promise<QuickJSWASMModule> {
  const wasmModule = await compiledModule();
  return newQuickJSWASMModuleFromVariant(newVariant(variant, wasmModule ? { wasmMemory: memory, wasmModule } : { wasmMemory: memory }));
}
