import { existsSync } from "node:fs";
import { readFile, stat, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { withDefaultScenario } from "~/core/profiles/scenarios";
import { ArchiveError } from "~/server/bundles/archiveError";
import { DEFAULT_ARCHIVE_LIMITS, formatBytes } from "~/server/bundles/limits";
import { importCodexConfigFile, importPluginFolder, importPluginZip, importPythonFile, importRFile } from "~/server/bundles/service";
import { printNotes, runBundleCommand } from "./bundleCommands";
import { UsageError, type CliIO, type Command } from "./command";

export const IMPORT_USAGE = `Usage: hookwright import PLUGIN.zip|PLUGIN_FOLDER|HOOKS.py|HOOKS.R|config.toml -o PIPELINE.json [--force]

Reads a plugin (a folder or a zip of one) into a new pipeline file on its host's profile: a
Vellum plugin (package.json and hooks/), an OpenClaw plugin (openclaw.plugin.json), Claude
Code hooks (a plugin's hooks/hooks.json, or a project's .claude/settings.json with the scripts
it runs), or FIM One Python hooks (a hookwright_hooks/ package, or one .py file of hook
classes, read without running it), or deputy R hooks (a hooks.R of HookMatcher$new() calls, read
without running R), or Codex CLI hooks (a project's .codex/hooks.json or .codex/config.toml,
a Codex plugin, or one config.toml with [hooks] tables). --force overwrites an existing
PIPELINE.json.`;

/**
 * `hookwright import`: a Vellum plugin zip or folder as a pipeline file (docs/bundles.md).
 * Archives are read in memory with the limits of server/bundles/limits.ts.
 *
 * @returns the exit code: 0 written, 1 refused (unsafe archive, not a usable plugin), 2 usage mistake.
 */
export function importCommand(argv: readonly string[], io: CliIO): Promise<number> {
  return runBundleCommand(io, IMPORT_USAGE, async () => {
    let parsed;
    try {
      parsed = parseArgs({ args: [...argv], allowPositionals: true, options: { output: { type: "string", short: "o" }, force: { type: "boolean", default: false } } });
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
    const { values, positionals } = parsed;
    if (positionals.length !== 1 || positionals[0] === undefined) throw new UsageError("import needs exactly one plugin zip or folder.");
    if (values.output === undefined) throw new UsageError("import needs -o PIPELINE.json.");
    const output = resolve(io.cwd, values.output);
    if (existsSync(output) && !values.force) throw new UsageError(`${values.output} already exists; pass --force to overwrite it.`);

    const source = resolve(io.cwd, positionals[0]);
    const info = await stat(source);
    // Refuse a huge file before reading it into memory; the reader checks the bytes again.
    if (info.isFile() && info.size > DEFAULT_ARCHIVE_LIMITS.maxArchiveBytes) {
      throw new ArchiveError("ARCHIVE_TOO_LARGE", `The archive is ${formatBytes(info.size)}; at most ${formatBytes(DEFAULT_ARCHIVE_LIMITS.maxArchiveBytes)} are allowed.`);
    }
    const result = info.isDirectory()
      ? await importPluginFolder(source)
      : source.endsWith(".py")
        ? importPythonFile(source, new Uint8Array(await readFile(source)))
        : /\.R$/i.test(source)
          ? importRFile(source.split("/").pop() ?? source, new Uint8Array(await readFile(source)))
          : source.endsWith(".toml")
            ? importCodexConfigFile(positionals[0], new Uint8Array(await readFile(source)))
            : importPluginZip(new Uint8Array(await readFile(source)));
    // A plugin carries no scenario unless Hookwright exported it.
    const pipeline = withDefaultScenario(result.pipeline);
    await writeFile(output, `${JSON.stringify(pipeline, null, 2)}\n`, "utf8");
    const hooks = result.pipeline.hooks.length;
    io.stdout(`Wrote ${values.output}: pipeline "${result.pipeline.name}" with ${hooks} hook${hooks === 1 ? "" : "s"} and ${result.pipeline.modules.length} module${result.pipeline.modules.length === 1 ? "" : "s"}.\n`);
    printNotes(io, result.warnings);
  });
}

const command: Command = {
  name: "import",
  summary: "Read a plugin (Vellum, OpenClaw, Claude Code hooks, Codex hooks, FIM One Python hooks, deputy R hooks; a .zip, a folder, a .py, a .R or a config.toml) into a new pipeline file.",
  usage: IMPORT_USAGE.split("\n")[0]?.replace(/^Usage: /, "") ?? "",
  run: importCommand,
};
export default command;
