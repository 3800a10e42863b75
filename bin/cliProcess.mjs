// How a hookwright CLI process is set up before any of its code loads: bin/hookwright.mjs calls
// it first; the hook-overhead bench starts its own CLI builds with it too, so both run alike.
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";

export function prepareCliProcess(root) {
  // The sandbox keeps its pre-initialized QuickJS snapshot here, so a CLI process does not build it again.
  process.env.HOOKWRIGHT_SANDBOX_CACHE ??= join(root, ".cache", "sandbox");

  // A CLI process is short: QuickJS's WebAssembly runs on V8's baseline compiler (Liftoff) only.
  // Tiering its hot functions up to the optimizing compiler costs more CPU on background threads
  // than a run gets back (bench/hook-overhead: a 12-call run with 5 hooks, 10 KB: about 150 ms of
  // CPU less; 1 MB: about 200 ms less). Set before any WebAssembly is compiled; the server's
  // long-lived run workers keep V8's default tiering.
  setFlagsFromString("--liftoff-only");
}
