import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten-core";

/**
 * A guest string made from JSON text, copied into QuickJS's heap by Node's native UTF-8 encoder.
 *
 * `QuickJSContext.newString` measures and encodes the text with Emscripten's JavaScript loops
 * (`lengthBytesUTF8`, `stringToUTF8`): ~13-16 ms of CPU for a 1 MB context in a cold CLI process,
 * nearly half of the first chain's whole-context transfer. `Buffer.write` does the same in ~2 ms.
 * The bytes are the same for the text this is given: JSON.stringify's output is well-formed
 * UTF-16 (it escapes lone surrogates) and never holds a NUL (QuickJS reads the copy up to one).
 *
 * Relies on quickjs-emscripten's private parts, as template.ts does (the package is pinned): the
 * context's heap allocator and `QTS_NewString`, the same calls `newString` makes.
 */

/** quickjs-emscripten's private parts this file relies on (see the header). */
interface ContextInternals {
  memory: {
    module: { _malloc(size: number): number; _free(ptr: number): void; HEAPU8: Uint8Array };
    ffi: { QTS_NewString(ctx: number, string: number): number };
    ctx: { value: number };
    heapValueHandle(ptr: number): QuickJSHandle;
  };
}

/** A new guest string holding `json` (text JSON.stringify made); owned by the caller. */
export function newJsonString(ctx: QuickJSContext, json: string): QuickJSHandle {
  const { memory } = ctx as unknown as ContextInternals;
  const { module } = memory;
  const length = Buffer.byteLength(json, "utf8");
  const ptr = module._malloc(length + 1);
  // No room on the heap: the library's own path reports it as it always has.
  if (ptr === 0) return ctx.newString(json);
  try {
    // Read after allocating: growing the memory replaces the heap's view.
    const heap = module.HEAPU8;
    const written = Buffer.from(heap.buffer, heap.byteOffset, heap.byteLength).write(json, ptr, length, "utf8");
    if (written !== length) return ctx.newString(json);
    heap[ptr + length] = 0;
    return memory.heapValueHandle(memory.ffi.QTS_NewString(memory.ctx.value, ptr));
  } finally {
    module._free(ptr);
  }
}
