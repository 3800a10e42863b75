import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { buildSync, type BuildFailure, type Metafile } from "esbuild";
import type { ScriptBundler } from "~/core/bundles/registry";
import { packageOfSpecifier } from "~/core/pipeline/dependencySchema";
import type { InstallResult } from "~/server/deps/install";

/**
 * The server's {@link ScriptBundler}: esbuild, synchronously (exports are synchronous all the way
 * to the zip), on a private temporary folder holding the files, deleted afterwards. esbuild's
 * synchronous API takes no plugins, hence the folder rather than virtual files. Paths in the
 * output are relative to that folder, so the same files always give the same bytes. Node
 * built-ins stay imports. A bare import must be a package the pipeline declares
 * (Settings → Dependencies): it is bundled in from the installed set (`installed`, which the
 * service installs before exporting), so the script still needs nothing beside it.
 */
export function nodeScriptBundler(installed: InstallResult | null = null): ScriptBundler {
  return ({ files, entry, dependencies = [] }) => {
    const declared = new Set(dependencies);
    const dir = mkdtempSync(join(tmpdir(), "hookwright-script-"));
    try {
      for (const [path, content] of files) {
        const target = join(dir, path);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, content, "utf8");
      }
      // The installed set seen as the folder's own node_modules, with symlinks kept as they are, so
      // the output names `node_modules/shell-quote/…`, never the cache's path on this machine.
      if (installed?.ok && declared.size > 0) symlinkSync(join(installed.dir, "node_modules"), join(dir, "node_modules"), "dir");
      const result = buildSync({
        entryPoints: [entry],
        absWorkingDir: dir,
        bundle: true,
        write: false,
        metafile: true,
        outfile: "script.mjs",
        format: "esm",
        platform: "node",
        target: "node20",
        charset: "utf8",
        preserveSymlinks: true,
        // Licence comments of bundled packages are kept at the end of the script.
        legalComments: "eof",
        // Ignore any tsconfig.json above the temporary folder: the output must not depend on the machine.
        tsconfigRaw: {},
        logLevel: "silent",
      });
      const undeclared = undeclaredPackages(result.metafile, declared);
      if (undeclared.length > 0) throw new Error(undeclared.map((p) => notCarried(p)).join("; "));
      const out = result.outputFiles[0];
      if (!out) throw new Error("esbuild wrote no script");
      // A bundled CommonJS package's require() of a Node built-in needs a real require in an ES module.
      return bundledPackages(result.metafile).length > 0 && /^var __require = /m.test(out.text) ? `${CREATE_REQUIRE}${out.text}` : out.text;
    } catch (error) {
      const failure = error as Partial<BuildFailure>;
      if (Array.isArray(failure.errors) && failure.errors.length > 0) {
        throw new Error(
          failure.errors
            .map((e) => {
              const at = e.location ? `${e.location.file}:${e.location.line}:${e.location.column + 1}: ` : "";
              const missing = /^Could not resolve "([^"]+)"/.exec(e.text)?.[1];
              const pkg = missing === undefined ? null : packageOfSpecifier(missing);
              if (missing === undefined || pkg === null) return `${at}${e.text}`;
              if (!declared.has(pkg)) return `${at}${notCarried(missing)}`;
              if (installed && !installed.ok) return `${at}it imports "${missing}", and ${installed.message}`;
              return `${at}it imports "${missing}", which the installed dependency ${pkg} does not have`;
            })
            .join("; "),
        );
      }
      throw error;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

/** Dependencies or not: the bundler of exports whose pipeline declares none. */
export const bundleNodeScript: ScriptBundler = nodeScriptBundler();

const CREATE_REQUIRE = 'import { createRequire as __hookwrightCreateRequire } from "node:module";\nconst require = __hookwrightCreateRequire(import.meta.url);\n';

const BUILTINS = new Set(builtinModules);

function notCarried(specifier: string): string {
  return `it imports "${specifier}", and a command script carries no packages but the pipeline's declared dependencies (declare it in Settings → Dependencies)`;
}

/** The package a bundled input belongs to (`node_modules/@scope/pkg/x.js` → `@scope/pkg`), or null for a pipeline file. */
function packageOfInput(path: string): string | null {
  const match = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  return match?.[1] ?? null;
}

function bundledPackages(metafile: Metafile): string[] {
  return [...new Set(Object.keys(metafile.inputs).map(packageOfInput).filter((p): p is string => p !== null))];
}

/**
 * Packages the pipeline's own files import that it does not declare: the installed set also holds
 * the declared packages' own dependencies, which the sandbox would refuse to a hook, so the export does too.
 */
function undeclaredPackages(metafile: Metafile, declared: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  for (const [path, input] of Object.entries(metafile.inputs)) {
    if (packageOfInput(path) !== null) continue;
    for (const imported of input.imports) {
      if (imported.external || BUILTINS.has(imported.path)) continue;
      const pkg = packageOfInput(imported.path);
      if (pkg !== null && !declared.has(pkg)) out.add(imported.original ?? pkg);
    }
  }
  return [...out];
}
