import { BundleError } from "./errors";
import { COMMAND_PROCESS_MODULE } from "./importClaudeCodeProcess";
import { importSpecifiers } from "./importSpecifiers";

/**
 * A Claude Code command script someone wrote by hand (`.js`, `.mjs`, `.cjs`, `.ts`), as a Hookwright
 * hook `async (input) => output`: its code runs unchanged inside a function that receives a
 * stand-in for its process (importClaudeCodeProcess.ts), so it reads the input from stdin and
 * answers on stdout / with its exit code exactly as it does under Claude Code. What that stand-in
 * cannot give (other modules, files, the network, the script's own path) is refused here, naming
 * the file, rather than failing later in a run.
 */

/** What a converted script may import: the file system (only stdin is readable) and process. */
const ALLOWED_MODULES = new Set(["fs", "node:fs", "process", "node:process"]);

/** Things a script can use that the stand-in does not have, with the reason in plain words. */
const UNSUPPORTED: { pattern: RegExp; what: string }[] = [
  { pattern: /\bimport\.meta\b/, what: "import.meta (its own location)" },
  { pattern: /\b__dirname\b|\b__filename\b/, what: "__dirname / __filename (its own location)" },
  { pattern: /\brequire\.resolve\b/, what: "require.resolve" },
  { pattern: /\bimport\s*\(/, what: "a dynamic import()" },
  { pattern: /\bfetch\s*\(/, what: "the network (fetch)" },
  { pattern: /^\s*export\s/m, what: "exports (a command script is run, not imported)" },
];

const STATIC_IMPORT = /^[ \t]*import\s+(type\s+)?(?:([\w$]+)\s*,?\s*)?(?:\*\s+as\s+([\w$]+)|\{([^}]*)\})?\s*from\s*(["'])([^"']+)\5[ \t]*;?[ \t]*$/gm;
const BARE_IMPORT = /^[ \t]*import\s*(["'])([^"']+)\1[ \t]*;?[ \t]*$/gm;

function refuse(path: string, why: string): never {
  throw new BundleError("NOT_CONVERTIBLE", `${path} cannot become a Hookwright hook faithfully: ${why}. Keep it out of the import, or rewrite it to use only the hook input on stdin.`);
}

/** `{ a, b as c }` → `{ a, b: c }` (type-only members dropped). */
function destructure(named: string): string {
  const parts = named
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "" && !p.startsWith("type "))
    .map((p) => {
      const m = /^([\w$]+)\s+as\s+([\w$]+)$/.exec(p);
      return m ? `${m[1]}: ${m[2]}` : p;
    });
  return `{ ${parts.join(", ")} }`;
}

/**
 * The hook code for the script at `path` (a plugin or project path), or a refusal naming the file.
 *
 * @throws {BundleError} NOT_CONVERTIBLE when the script needs something the stand-in cannot give.
 */
export function convertCommandScript(path: string, source: string): string {
  const body0 = source.replace(/^#![^\n]*\n/, "");
  for (const specifier of importSpecifiers(body0)) {
    if (!ALLOWED_MODULES.has(specifier)) refuse(path, `it imports "${specifier}"; in Hookwright a hook only gets its input (stdin), so only fs (to read stdin) and process can be used`);
  }
  for (const { pattern, what } of UNSUPPORTED) if (pattern.test(body0)) refuse(path, `it uses ${what}`);
  const typeImports: string[] = [];
  let body = body0.replace(STATIC_IMPORT, (line, typeOnly: string | undefined, def: string | undefined, star: string | undefined, named: string | undefined, _q: string, module: string) => {
    if (typeOnly) {
      typeImports.push(line.trim());
      return "";
    }
    const bindings = [def ? `const ${def} = require(${JSON.stringify(module)});` : "", star ? `const ${star} = require(${JSON.stringify(module)});` : "", named ? `const ${destructure(named)} = require(${JSON.stringify(module)}) as any;` : ""];
    return bindings.filter(Boolean).join(" ");
  });
  body = body.replace(BARE_IMPORT, (_line, _q: string, module: string) => `require(${JSON.stringify(module)});`);
  if (/^[ \t]*import[\s{*]/m.test(body)) refuse(path, "it has an import statement Hookwright cannot read");
  const indented = body
    .split("\n")
    .map((line) => (line === "" ? "" : `    ${line}`))
    .join("\n")
    .replace(/\s+$/, "");
  return [
    `// Imported by Hookwright from ${path}, a Claude Code command hook. Its code runs unchanged on a stand-in`,
    "// for its process: the hook input is on stdin; what it prints, and its exit code, are read as Claude Code",
    "// reads them (exit 2 blocks with stderr as the reason; another exit code, or output that is not JSON, fails).",
    ...typeImports,
    `import { runCommandScript } from "../${COMMAND_PROCESS_MODULE.replace(/\.ts$/, "")}";`,
    "",
    "export default async (input: unknown) =>",
    `  runCommandScript(input, ${JSON.stringify(path)}, async (process: any, require: (name: string) => any, console: any, Buffer: any, module: any, exports: any) => {`,
    indented,
    "  });",
    "",
  ].join("\n");
}
