import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { build, version as esbuildVersion, type Message, type Plugin } from "esbuild";

/**
 * One import of an installed dependency as a single ES module the sandbox loads like the
 * pipeline's own modules: esbuild bundles the package and what it requires from the set's
 * node_modules. Node's built-in modules stay imports, so the sandbox's simulated ones serve
 * them (and refuse child_process and the like with their own message).
 *
 * A CommonJS package has no static export names, so the module exports the names the hooks
 * import from it (`import { parse } from "shell-quote"`), plus `default` (module.exports); an
 * ES module package also re-exports everything it has.
 */

export type BundleResult = { ok: true; code: string } | { ok: false; message: string };

const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const FORMAT = "hookwright.depbundle/2";

/**
 * Node's built-ins stay imports the sandbox answers. An ES `import` of one is left as it is; a
 * CommonJS `require("path")` would become esbuild's "Dynamic require … is not supported", so it
 * is routed through a small ES module importing the built-in, which esbuild can require.
 */
const builtinsPlugin: Plugin = {
  name: "hookwright-builtins",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (!BUILTINS.has(args.path)) return undefined;
      if (args.kind === "require-call" || args.kind === "require-resolve") return { path: args.path, namespace: "hookwright-builtin" };
      return { path: args.path, external: true };
    });
    b.onLoad({ filter: /.*/, namespace: "hookwright-builtin" }, (args) => {
      const quoted = JSON.stringify(args.path.startsWith("node:") ? args.path : `node:${args.path}`);
      // module.exports of a built-in is its default export (Node's own shape), named ones as a fallback.
      return { contents: `import * as ns from ${quoted};\nmodule.exports = ns.default ?? ns;\n`, loader: "js", resolveDir: "/" };
    });
  },
};

/**
 * Bundles `specifier` from the installed set in `dir`, exporting `names` (valid identifiers).
 * Cached on disk in the set's folder, so a CLI run bundles once.
 */
export async function bundleDependency(dir: string, specifier: string, names: readonly string[]): Promise<BundleResult> {
  const sorted = [...new Set(names)].filter((n) => n !== "default").sort();
  const key = createHash("sha256").update([FORMAT, esbuildVersion, specifier, ...sorted].join("\0")).digest("hex").slice(0, 40);
  const file = join(dir, "bundles", `${key}.js`);
  const cached = await readFile(file, "utf8").catch(() => null);
  if (cached !== null) return { ok: true, code: cached };
  const quoted = JSON.stringify(specifier);
  const contents = [
    `import * as ns from ${quoted};`,
    `export * from ${quoted};`,
    `export default ns.default;`,
    ...sorted.map((n) => `export const ${n} = ns.${n};`),
  ].join("\n");
  try {
    const out = await build({
      stdin: { contents, resolveDir: dir, loader: "js", sourcefile: `import-${specifier}.js` },
      bundle: true,
      write: false,
      format: "esm",
      platform: "neutral",
      target: "es2022",
      mainFields: ["module", "main"],
      conditions: ["import", "require", "default"],
      plugins: [builtinsPlugin],
      logLevel: "silent",
      legalComments: "none",
    });
    const code = out.outputFiles[0]?.text ?? "";
    await mkdir(join(dir, "bundles"), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, code);
    await rename(temp, file);
    return { ok: true, code };
  } catch (error) {
    const first = (error as { errors?: Message[] }).errors?.[0];
    if (!first) throw error; // esbuild itself failed, not the package
    return { ok: false, message: `bundling "${specifier}" failed: ${first.text}` };
  }
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The names `code` (a transpiled module) imports or re-exports by name from `specifier`:
 * `parse` and `quote` for `import { parse, quote as q } from "shell-quote"`.
 */
export function importedNames(code: string, specifier: string): string[] {
  const escaped = specifier.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const pattern = new RegExp(`(?:import|export)\\s*(?:[\\w$]+\\s*,\\s*)?\\{([^}]*)\\}\\s*from\\s*["']${escaped}["']`, "g");
  const names: string[] = [];
  for (const match of code.matchAll(pattern)) {
    for (const part of (match[1] ?? "").split(",")) {
      const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0]?.trim() ?? "";
      if (IDENTIFIER.test(name) && name !== "default") names.push(name);
    }
  }
  return names;
}
