import variant from "@jitl/quickjs-wasmfile-release-sync";
import { newQuickJSWASMModuleFromVariant, type QuickJSWASMModule } from "quickjs-emscripten-core";

/**
 * A new WebAssembly instance of QuickJS (the synchronous release build). Each run gets its
 * own, so nothing a run does to the engine, not even crashing it, reaches another run.
 * Instantiating takes a few milliseconds: V8 caches the compiled WebAssembly.
 */
export function loadQuickJS(): Promise<QuickJSWASMModule> {
  return newQuickJSWASMModuleFromVariant(variant);
}
