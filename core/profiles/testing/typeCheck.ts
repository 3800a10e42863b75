import ts from "typescript";
import { generateProfileDts } from "../dts";
import type { Profile } from "../types";

/** Test-only: type-checks hook files (paths like /hooks/x.ts, /src/y.ts) against the profile's generated .d.ts. */
export /** Type-checks `files` (plus the profile's generated .d.ts) and returns the error messages. */
function typeErrors(profile: Profile, files: Record<string, string>): string[] {
  const all: Record<string, string> = {
    "/types/profile.d.ts": generateProfileDts(profile),
    // What the sandbox gives hooks besides the language: console.
    "/types/sandbox.d.ts": "declare const console: { log(...a: unknown[]): void; info(...a: unknown[]): void; warn(...a: unknown[]): void; error(...a: unknown[]): void; debug(...a: unknown[]): void };",
    ...files,
  };
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, lib: ["lib.es2022.d.ts"], types: [] };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => all[name] ?? readFile(name);
  host.fileExists = (name) => name in all || ts.sys.fileExists(name);
  host.directoryExists = (dir) => Object.keys(all).some((f) => f.startsWith(`${dir}/`)) || ts.sys.directoryExists(dir);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang) => {
    const text = all[name];
    return text !== undefined ? ts.createSourceFile(name, text, lang) : getSourceFile(name, lang);
  };
  const program = ts.createProgram(Object.keys(all), options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}
