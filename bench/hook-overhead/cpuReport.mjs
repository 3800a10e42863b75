// Preloaded into each CLI process the bench starts (node --import): at exit, prints the process's
// own CPU time (user + system, every thread, microsecond resolution) to stderr as "HWCPU <ms>".
// GNU time also counts reaped child processes, but only to 10 ms, which is the size of the
// no-sandbox run's whole hook cost at 10 KB.
import { writeSync } from "node:fs";

process.on("exit", () => {
  const used = process.cpuUsage();
  writeSync(2, `HWCPU ${(used.user + used.system) / 1000}\n`);
});
