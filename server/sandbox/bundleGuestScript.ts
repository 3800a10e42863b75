import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Bundles one guest entry (a path from the repository root) into a minified script QuickJS
 * evaluates to the entry's exports. Shared by the generators of the guest bundle, the Node units
 * and the host modules, so every script the sandbox runs is built the same way.
 *
 * @param entry e.g. `server/sandbox/guest/realmEntry.ts`
 * @param options.globalName the name esbuild gives the exports inside the script (never global: see below)
 * @param options.mainFields package.json fields to resolve npm packages by, when the entry imports any
 * @throws {Error} when esbuild fails or writes nothing
 */
export async function bundleGuestScript(entry: string, options: { globalName: string; mainFields?: string[] }): Promise<string> {
  const out = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    format: "iife",
    globalName: options.globalName,
    platform: "neutral",
    ...(options.mainFields ? { mainFields: options.mainFields } : {}),
    target: "es2022",
    write: false,
    legalComments: "none",
    charset: "utf8",
    minify: true,
    logLevel: "silent",
  });
  const text = out.outputFiles[0]?.text;
  if (text === undefined) throw new Error(`esbuild produced no output for ${entry}`);
  // Wrapped so the IIFE's `var` stays local and the script's completion value is its exports.
  return `(function () {\n${text}return ${options.globalName};\n})()`;
}
