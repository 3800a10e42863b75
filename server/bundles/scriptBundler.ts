import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { buildSync, type BuildFailure } from "esbuild";
import type { ScriptBundler } from "~/core/bundles/registry";

/**
 * The server's {@link ScriptBundler}: esbuild, synchronously (exports are synchronous all the way
 * to the download route), on a private temporary folder holding the files, deleted afterwards.
 * esbuild's synchronous API takes no plugins, hence the folder rather than virtual files. Paths in
 * the output are relative to that folder, so the same files always give the same bytes. Node
 * built-ins stay imports; anything else must be one of the files (a script carries no dependencies).
 */
export const bundleNodeScript: ScriptBundler = ({ files, entry }) => {
  const dir = mkdtempSync(join(tmpdir(), "hookwright-script-"));
  try {
    for (const [path, content] of files) {
      const target = join(dir, path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, content, "utf8");
    }
    const result = buildSync({
      entryPoints: [entry],
      absWorkingDir: dir,
      bundle: true,
      write: false,
      outfile: "script.mjs",
      format: "esm",
      platform: "node",
      target: "node20",
      charset: "utf8",
      legalComments: "none",
      // Ignore any tsconfig.json above the temporary folder: the output must not depend on the machine.
      tsconfigRaw: {},
      logLevel: "silent",
    });
    const out = result.outputFiles[0];
    if (!out) throw new Error("esbuild wrote no script");
    return out.text;
  } catch (error) {
    const failure = error as Partial<BuildFailure>;
    if (Array.isArray(failure.errors) && failure.errors.length > 0) {
      throw new Error(
        failure.errors
          .map((e) => {
            const at = e.location ? `${e.location.file}:${e.location.line}:${e.location.column + 1}: ` : "";
            const missing = /^Could not resolve "([^"]+)"/.exec(e.text);
            const why = missing && !missing[1]?.startsWith(".") ? `it imports "${missing[1]}", and a command script carries no packages (only Node built-ins and the pipeline's modules)` : e.text;
            return `${at}${why}`;
          })
          .join("; "),
      );
    }
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
