import type { Pipeline } from "../pipeline/schema";
import { BundleError } from "./errors";
import type { ExportedHook } from "./exportClaudeCodeLayout";
import type { ScriptBundler } from "./registry";

/**
 * A hook as a Claude Code command script (semantics.md §3c "Failure handling"): the hook, the
 * pipeline modules and the declared npm packages it imports, bundled into one `.mjs` that needs
 * nothing installed (Claude Code runs `node script.mjs` and installs no packages), plus an adapter
 * speaking the command-hook protocol. The hook's TypeScript is kept beside it (under
 * `hookwright/`), so the plugin can be read back into Hookwright and rebuilt.
 */

/** Where a hook's source and the pipeline's modules sit, relative to the folder holding `hooks/`. */
export const SOURCE_DIR = "hookwright";

/** Under SOURCE_DIR: the pipeline's name and description, so an import gives them back. */
export const PIPELINE_META_FILE = "pipeline.json";

/**
 * A command hook as pipeline.json remembers it: hooks.json has no room for a hook's id and name, so
 * import matches each command (by event and command line, in order) to its entry here.
 */
export interface CommandHookMeta {
  id: string;
  name: string;
  point: string;
  command: string;
}

export function pipelineMeta(pipeline: Pipeline, commandHooks: readonly CommandHookMeta[] = []): string {
  const meta = { format: "hookwright.claude-code/v1", name: pipeline.name, description: pipeline.description, ...(commandHooks.length > 0 ? { commandHooks } : {}) };
  return `${JSON.stringify(meta, null, 2)}\n`;
}

/** The first line of every script Hookwright writes; an importer finds the hook's source through it. */
export const SCRIPT_MARK = "// hookwright-command-hook ";

export interface ScriptMeta {
  id: string;
  name: string;
  /** The hook's TypeScript, relative to the folder holding `hooks/`. */
  source: string;
}

export function sourcePathOf(file: string): string {
  return `${SOURCE_DIR}/hooks/${file}.ts`;
}

/**
 * The adapter around the hook: stdin JSON in, the hook's JSON output on stdout (nothing for
 * "no opinion"), exit 0. `throw new BlockingError(reason)` (an error named BlockingError, as
 * Hookwright's fold reads it) is exit 2 with the reason on stderr, which Claude Code feeds to
 * Claude; anything else thrown (or unreadable input) is exit 1, a non-blocking failure. Console
 * output goes to stderr, because stdout is the answer the host parses. The process exits as soon
 * as the answer is written, so a timer the hook left behind cannot hold the host up.
 */
function entryCode(sourcePath: string): string {
  return [
    `import hook from ${JSON.stringify(`./${sourcePath}`)};`,
    "",
    "const finish = (stream, text, code) => (text ? stream.write(text, () => process.exit(code)) : process.exit(code));",
    "const readStdin = async () => {",
    "  const chunks = [];",
    "  for await (const chunk of process.stdin) chunks.push(chunk);",
    '  return Buffer.concat(chunks).toString("utf8");',
    "};",
    "// stdout carries the hook's JSON answer; logging goes to stderr.",
    "console.log = console.info = console.debug = console.error;",
    "try {",
    '  if (typeof hook !== "function") throw new TypeError("the hook module has no default export function");',
    "  const input = JSON.parse(await readStdin());",
    "  const output = await hook(input);",
    '  finish(process.stdout, output === undefined || output === null ? "" : `${JSON.stringify(output)}\\n`, 0);',
    "} catch (error) {",
    '  if (error instanceof Error && error.name === "BlockingError") finish(process.stderr, error.message, 2);',
    '  else finish(process.stderr, `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\\n`, 1);',
    "}",
    "",
  ].join("\n");
}

/** The hook sources and modules as they sit in the exported folder (under `prefix`). */
export function sourceFiles(pipeline: Pipeline, hooks: readonly ExportedHook[], prefix: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const { hook, file } of hooks) files.set(`${prefix}${sourcePathOf(file)}`, hook.code);
  for (const module of pipeline.modules) files.set(`${prefix}${SOURCE_DIR}/${module.path}`, module.code);
  return files;
}

const ENTRY = "__hookwright_entry__.mjs";

/**
 * Each hook's `.mjs` (keyed by file name): its source and every module, bundled by `bundle`, with
 * a first line naming the hook and its source.
 *
 * @throws {BundleError} SCRIPT_BUILD naming the hook when its code cannot be bundled.
 */
export function commandScripts(pipeline: Pipeline, hooks: readonly ExportedHook[], bundle: ScriptBundler, host = "Claude Code"): Map<string, string> {
  const scripts = new Map<string, string>();
  for (const { hook, file } of hooks) {
    const files = sourceFiles(pipeline, [{ hook, file }], "");
    files.set(ENTRY, entryCode(sourcePathOf(file)));
    let code: string;
    try {
      code = bundle({ files, entry: ENTRY, dependencies: (pipeline.settings?.dependencies ?? []).map((d) => d.name) });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new BundleError("SCRIPT_BUILD", `Hook "${hook.name}" cannot be built into a command script: ${why}`);
    }
    const meta: ScriptMeta = { id: hook.id, name: hook.name, source: sourcePathOf(file) };
    const header = [
      `${SCRIPT_MARK}${JSON.stringify(meta)}`,
      `// ${host} command hook "${hook.name.replace(/[\r\n]+/g, " ")}" (${hook.point}), built by Hookwright from ${meta.source}.`,
      "// Reads the hook input JSON on stdin and prints the hook's JSON output; exit 2 blocks with the reason on stderr.",
    ].join("\n");
    scripts.set(file, `${header}\n${code}`);
  }
  return scripts;
}
