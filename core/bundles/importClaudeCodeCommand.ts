import type { CommandLanguage, ScriptLocation } from "../pipeline/runtimeSchema";
import { SOURCE_DIR } from "./exportClaudeCodeScript";
import { resolveRelative } from "./paths";
import type { PluginFiles } from "./types";

/**
 * How an imported Claude Code `command` finds its script (semantics.md §3c): the command line is
 * kept byte for byte, and the one file of the imported folder it names becomes the hook's code,
 * with the root the host resolves it against. Claude Code runs the command with `sh -c`, its cwd
 * the project folder, `CLAUDE_PROJECT_DIR` set for every hook and `CLAUDE_PLUGIN_ROOT` for a
 * plugin's; so `"$CLAUDE_PROJECT_DIR"/.claude/hooks/x.py`, `python3 .claude/hooks/x.py` and
 * `bash ./scripts/y.sh` are the project's files, `${CLAUDE_PLUGIN_ROOT}/hooks/fmt.sh` the plugin's.
 */

/** Where an export keeps the scripts of the root its own layout has no place for (exportClaudeCodeCommand.ts). */
export const MIRROR_DIRS: Readonly<Record<ScriptLocation["root"], string>> = { project: `${SOURCE_DIR}/project`, plugin: `${SOURCE_DIR}/plugin` };

/** The imported folder, as the command sees it. */
export interface CommandFolder {
  files: PluginFiles;
  /** A plugin (its root is the folder's) or a project (the folder is the project). */
  kind: "plugin" | "project";
  /** Where a Hookwright export keeps hooks/ and hookwright/ ("" in a plugin, ".claude/" in a project): its mirror of the other root's scripts is under it. */
  base: string;
}

/** One token of a command line: a shell word (quotes removed), or an operator between commands. */
type Token = { word: string; literalDollar: boolean } | { op: string };

/**
 * The command's words and operators, as `sh` splits them: quotes removed (a `$` inside single
 * quotes is remembered: it expands nothing), backslash escapes, `| & ; < > ( )`, backquotes and
 * `$(` as operators, `#` comments dropped. Enough to find the paths a command names; the command
 * itself is never rewritten.
 */
export function tokenize(command: string): Token[] {
  const out: Token[] = [];
  let word: string | null = null;
  let literalDollar = false;
  const end = () => {
    if (word !== null) out.push({ word, literalDollar });
    word = null;
    literalDollar = false;
  };
  for (let i = 0; i < command.length; i++) {
    const c = command.charAt(i);
    if (c === "'") {
      const close = command.indexOf("'", i + 1);
      const inner = command.slice(i + 1, close < 0 ? command.length : close);
      if (inner.includes("$")) literalDollar = true;
      word = (word ?? "") + inner;
      i = close < 0 ? command.length : close;
    } else if (c === '"') {
      let inner = "";
      let j = i + 1;
      for (; j < command.length && command.charAt(j) !== '"'; j++) {
        const d = command.charAt(j);
        if (d === "\\" && /["\\$`]/.test(command.charAt(j + 1))) inner += command.charAt(++j);
        else inner += d;
      }
      word = (word ?? "") + inner;
      i = j;
    } else if (c === "\\") {
      word = (word ?? "") + command.charAt(++i);
    } else if (/\s/.test(c)) {
      end();
      if (c === "\n") out.push({ op: "\n" });
    } else if (c === "#" && word === null) {
      const newline = command.indexOf("\n", i);
      i = newline < 0 ? command.length : newline - 1;
    } else if (c === "$" && command.charAt(i + 1) === "(") {
      end();
      out.push({ op: "$(" });
      i++;
    } else if (/[|&;<>()`]/.test(c)) {
      end();
      out.push({ op: c });
    } else word = (word ?? "") + c;
  }
  end();
  return out;
}

const PLUGIN_VARIABLES = ["${CLAUDE_PLUGIN_ROOT}", "$CLAUDE_PLUGIN_ROOT"];
const PROJECT_VARIABLES = ["${CLAUDE_PROJECT_DIR}", "$CLAUDE_PROJECT_DIR"];

/** Extensions of the scripts hooks are written in: a word ending so is a script even without a `/`. */
const SCRIPT_EXTENSION = /\.(?:sh|bash|zsh|py|m?js|cjs|m?ts|cts|rb|pl|php|lua|jq)$/;

/** A word of the command as a path the host resolves: its root and the path under it, or where it points outside any root. */
type Placed = { root: ScriptLocation["root"]; path: string } | { outside: true };

function place(word: string): Placed | null {
  for (const [root, variables] of [
    ["plugin", PLUGIN_VARIABLES],
    ["project", PROJECT_VARIABLES],
  ] as const) {
    for (const v of variables) {
      if (!word.startsWith(`${v}/`)) continue;
      const path = resolveRelative("", word.slice(v.length + 1));
      return path ? { root, path } : { outside: true };
    }
  }
  if (word.startsWith("/") || word.startsWith("~")) return SCRIPT_EXTENSION.test(word) ? { outside: true } : null;
  if (word.includes("$") || word.startsWith("-") || word.includes("=")) return null;
  // Relative: the host runs the command in the project folder.
  if (!word.includes("/") && !SCRIPT_EXTENSION.test(word)) return null;
  const path = resolveRelative("", word);
  return path ? { root: "project", path } : { outside: true };
}

/** Where the folder holds a file of `root` (null: the folder has no place for that root). */
function folderPath(folder: CommandFolder, root: ScriptLocation["root"], path: string): string {
  return root === folder.kind ? path : `${folder.base}${MIRROR_DIRS[root]}/${path}`;
}

type Found = ScriptLocation & { content: string; word: string; index: number };

export type CommandScript =
  /** The one file of the folder the command names: the hook's script. */
  | { found: Found; tokens: Token[] }
  /** No file of the folder: a one-liner. `missing`: the scripts it names that the folder does not hold. */
  | { found: null; missing: string[]; tokens: Token[] }
  /** A binary file, or several files: Hookwright's command hook carries one text script. */
  | { refused: string };

/** The script `command` runs, read from the folder, or why it is a one-liner. */
export function commandScript(command: string, folder: CommandFolder): CommandScript {
  const tokens = tokenize(command);
  const found = new Map<string, Found | { binary: string }>();
  const missing: string[] = [];
  tokens.forEach((token, index) => {
    if (!("word" in token) || token.literalDollar) return;
    const placed = place(token.word);
    if (!placed) return;
    if ("outside" in placed) {
      missing.push(token.word);
      return;
    }
    const at = folderPath(folder, placed.root, placed.path);
    const content = folder.files.get(at);
    if (content === undefined) {
      // A word with a variable root or a script's extension names a script; any other relative word may be an argument.
      if (token.word.includes("$") || SCRIPT_EXTENSION.test(token.word) || token.word.startsWith("./")) missing.push(token.word);
    } else if (!found.has(at)) found.set(at, content === null ? { binary: token.word } : { root: placed.root, path: placed.path, content, word: token.word, index });
  });
  const files = [...found.values()];
  const binary = files.find((f) => "binary" in f);
  if (binary && "binary" in binary) return { refused: `its script ${binary.binary} is not text, and a Hookwright command hook's script is edited as text` };
  if (files.length > 1) return { refused: `its command names ${files.length} files of the imported folder (${[...found.keys()].join(", ")}), and a Hookwright command hook carries one script` };
  const [only] = files;
  return only && !("binary" in only) ? { found: only, tokens } : { found: null, missing, tokens };
}

function basename(word: string): string {
  return word.slice(word.lastIndexOf("/") + 1);
}

/** An interpreter's language by its name (`python3.12`, `/usr/bin/bash`), or null when it names none of them. */
function interpreterLanguage(word: string): CommandLanguage | null {
  const name = basename(word);
  if (name === "bash") return "bash";
  if (name === "sh" || name === "dash") return "sh";
  if (/^python(?:\d+(?:\.\d+)*)?$/.test(name)) return "python";
  if (name === "node" || name === "nodejs") return "node";
  return null;
}

function shebangLanguage(content: string): CommandLanguage | null {
  const line = /^#!([^\n]*)/.exec(content)?.[1];
  if (line === undefined) return null;
  const [program = "", ...args] = line.trim().split(/\s+/);
  // `#!/usr/bin/env [-S] python3 -u`: the interpreter is the first word after env's options.
  const interpreter = basename(program) === "env" ? (args.find((a) => !a.startsWith("-")) ?? "") : program;
  return interpreterLanguage(interpreter) ?? "other";
}

function extensionLanguage(path: string): CommandLanguage | null {
  if (/\.bash$/.test(path)) return "bash";
  if (/\.sh$/.test(path)) return "sh";
  if (/\.py$/.test(path)) return "python";
  if (/\.(?:m?js|cjs|m?ts|cts)$/.test(path)) return "node";
  return null;
}

/**
 * The script's language: the interpreter the command runs it with (`python3 x.py`, `bash -e y.sh`),
 * else for a script run by its path its shebang, else its extension (`.sh` with no shebang is run
 * by `sh`), else `other`. A one-liner's is its program's when that is an interpreter (`python3 -c
 * …`), else `sh`, which runs the line.
 */
export function commandLanguage(script: CommandScript): CommandLanguage {
  if ("refused" in script) return "other";
  const { tokens } = script;
  const commandStart = (index: number) => index === 0 || "op" in (tokens[index - 1] ?? { op: "" });
  if (!script.found) {
    const first = tokens.find((t) => "word" in t);
    return (first && "word" in first ? interpreterLanguage(first.word) : null) ?? "sh";
  }
  const { index, path, content } = script.found;
  if (!commandStart(index)) {
    // The word before the script, past the interpreter's options (`python3 -u x.py`, `npx -y tsx x.ts`).
    let i = index - 1;
    while (i > 0 && "word" in (tokens[i] ?? { op: "" }) && (tokens[i] as { word: string }).word.startsWith("-")) i--;
    const before = tokens[i];
    const byInterpreter = before && "word" in before ? interpreterLanguage(before.word) : null;
    if (byInterpreter) return byInterpreter;
    return extensionLanguage(path) ?? shebangLanguage(content) ?? "other";
  }
  return shebangLanguage(content) ?? extensionLanguage(path) ?? "other";
}

/** The text files of the folder a command names (kept with an external hook, so export writes them back), by their path in the folder. */
export function namedFiles(command: string, folder: CommandFolder): { path: string; content: string }[] {
  const out = new Map<string, string>();
  for (const token of tokenize(command)) {
    if (!("word" in token) || token.literalDollar) continue;
    const placed = place(token.word);
    if (!placed || "outside" in placed) continue;
    const at = folderPath(folder, placed.root, placed.path);
    const content = folder.files.get(at);
    if (typeof content === "string") out.set(at, content);
  }
  return [...out].map(([path, content]) => ({ path, content }));
}

/**
 * The runner and script of a command Hookwright's own export writes for a function hook
 * (`node "${CLAUDE_PLUGIN_ROOT}/hooks/x.mjs"`): the command's only words are a JavaScript runner
 * and the script, nothing else.
 */
export function isPlainNodeRun(script: CommandScript): boolean {
  if (!("found" in script) || !script.found) return false;
  const words = script.tokens.map((t) => ("word" in t ? t.word : null));
  if (words.includes(null) || !/\.(?:m?js|cjs|m?ts)$/.test(script.found.path)) return false;
  const runner = words.slice(0, script.found.index).join(" ");
  return script.found.index === words.length - 1 && ["", "node", "bun", "bun run", "tsx", "npx tsx", "npx -y tsx"].includes(runner);
}
