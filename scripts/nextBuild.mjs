import { spawn } from "node:child_process";
import { readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

/**
 * `next build` into `distDir`. Next adds a non-default build folder's type globs to
 * tsconfig.json; the committed file is put back as it was (content and mtime, so the
 * next `npm start` does not see a "changed" source). Resolves to the exit code.
 */
export async function nextBuild(distDir) {
  const tsconfig = path.join(root, "tsconfig.json");
  const before = readFileSync(tsconfig, "utf8");
  const { atime, mtime } = statSync(tsconfig);
  try {
    return await new Promise((resolve) => {
      const child = spawn(process.execPath, [nextBin, "build"], {
        cwd: root,
        stdio: "inherit",
        env: { ...process.env, HOOKWRIGHT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
      });
      for (const sig of ["SIGINT", "SIGTERM"]) process.once(sig, () => child.kill(sig));
      child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
  } finally {
    if (readFileSync(tsconfig, "utf8") !== before) {
      writeFileSync(tsconfig, before);
      utimesSync(tsconfig, atime, mtime);
    }
  }
}
