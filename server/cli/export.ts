import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { describeIssues, parsePipeline } from "~/core/pipeline/parsePipeline";
import { listExporters } from "~/core/bundles/registry";
import { writePluginFolder } from "~/server/bundles/folder";
import { BUNDLE_TARGETS, exportPluginZipInstalled, exporterOf } from "~/server/bundles/service";
import { printNotes, runBundleCommand } from "./bundleCommands";
import { crossHostLines } from "./crossHostLines";
import { UsageError, type CliIO, type Command } from "./command";

export const EXPORT_USAGE = `Usage: hookwright export PIPELINE.json [--target ${BUNDLE_TARGETS.join("|")}] -o OUT.zip|FOLDER [--recorder] [--force]

Writes the pipeline as a plugin its host loads (the target defaults to the one of the
pipeline's profile). A target of another host (Claude Code <-> Codex) moves the hooks there,
lists what does not carry over and runs each scenario on both hosts to compare. OUT.zip holds the plugin folder; any other OUT is a new or empty folder
that becomes the plugin. --recorder adds Hookwright's recorder (targets ${listExporters()
  .filter((e) => e.recorder)
  .map((e) => e.target)
  .join(", ")}): a hook on every point that appends what it sees to a JSONL file, which
hookwright import-session reads back (docs/sessions.md). --force overwrites an existing OUT.zip.`;

/**
 * `hookwright export`: a pipeline file as a Vellum plugin zip or folder (docs/bundles.md).
 *
 * @returns the exit code: 0 written, 1 refused (invalid pipeline, existing output, a
 *   bundle error), 2 usage mistake.
 */
export function exportCommand(argv: readonly string[], io: CliIO): Promise<number> {
  return runBundleCommand(io, EXPORT_USAGE, async () => {
    let parsed;
    try {
      parsed = parseArgs({
        args: [...argv],
        allowPositionals: true,
        options: { target: { type: "string" }, output: { type: "string", short: "o" }, force: { type: "boolean", default: false }, recorder: { type: "boolean", default: false } },
      });
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
    const { values, positionals } = parsed;
    if (positionals.length !== 1 || positionals[0] === undefined) throw new UsageError("export needs exactly one PIPELINE.json.");
    if (values.target !== undefined && !BUNDLE_TARGETS.some((t) => t === values.target)) {
      throw new UsageError(`Unknown target "${values.target}"; the targets are: ${BUNDLE_TARGETS.join(", ")}.`);
    }
    if (values.output === undefined) throw new UsageError("export needs -o OUT.zip or -o FOLDER.");

    const input = resolve(io.cwd, positionals[0]);
    let json: unknown;
    try {
      json = JSON.parse(await readFile(input, "utf8"));
    } catch (err) {
      if (err instanceof SyntaxError) throw new UsageError(`${positionals[0]} is not JSON: ${err.message}`);
      throw err;
    }
    const pipeline = parsePipeline(json);
    if (!pipeline.ok) {
      io.stderr(`${positionals[0]} is not a valid pipeline:\n${describeIssues(pipeline.issues)}\n`);
      throw new UsageError("Fix the pipeline file and export again.");
    }
    const exporter = exporterOf(pipeline.value, values.target);
    if (values.recorder && !exporter.recorder) throw new UsageError(`--target ${exporter.target} cannot add a recorder; the targets that can: ${listExporters().filter((e) => e.recorder).map((e) => e.target).join(", ")}.`);
    const bundle = await exportPluginZipInstalled(pipeline.value, exporter.target, { recorder: values.recorder });
    const output = resolve(io.cwd, values.output);
    if (output.endsWith(".zip")) {
      if (existsSync(output) && !values.force) throw new UsageError(`${values.output} already exists; pass --force to overwrite it.`);
      await writeFile(output, bundle.bytes);
      io.stdout(`Wrote ${values.output}: plugin "${bundle.pluginName}", ${bundle.files.length} files. ${exporter.installHint}\n`);
    } else {
      await writePluginFolder(output, bundle.files);
      io.stdout(`Wrote plugin "${bundle.pluginName}" to ${values.output} (${bundle.files.length} files). ${exporter.installHint}\n`);
    }
    printNotes(io, bundle.warnings);
    if (exporter.profileId !== pipeline.value.profile) for (const line of await crossHostLines(pipeline.value, exporter.profileId)) io.stdout(`${line}\n`);
  });
}

const command: Command = {
  name: "export",
  summary: "Write a pipeline as a plugin of its host (Vellum, OpenClaw, Claude Code, a hook registry module; a .zip or a folder).",
  usage: EXPORT_USAGE.split("\n")[0]?.replace(/^Usage: /, "") ?? "",
  run: exportCommand,
};
export default command;
