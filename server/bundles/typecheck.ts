import { join } from "node:path";
import ts from "typescript";
import type { BundleFile } from "~/core/bundles/types";

/** Where bundles live in the type-checker's virtual file system. */
const VIRTUAL_ROOT = "/__hookwright_bundles__";

/**
 * The host's own compiler settings for plugins (`V:tsconfig.json`, which type-checks
 * `examples/**` mapping `@vellumai/plugin-api` to its source), with two changes:
 * - module resolution is Bun's (`module: preserve`, `moduleResolution: bundler`, as Bun's
 *   own tsconfig advice has it) rather than the repo's NodeNext, because Bun is what imports
 *   a plugin: it accepts `../src/util` as well as `../src/util.js`, and so does the sandbox;
 * - `types` is empty instead of `bun-types`, which the package does not ship: an exported
 *   plugin may use the language and the plugin API, nothing of Node or Bun.
 */
function hostCompilerOptions(packageDir: string): ts.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.Preserve,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    strict: true,
    esModuleInterop: true,
    skipLibCheck: true,
    forceConsistentCasingInFileNames: true,
    resolveJsonModule: true,
    noEmit: true,
    types: [],
    paths: { "@vellumai/plugin-api": [join(packageDir, "src/plugin-api/index.ts")] },
  };
}

export interface BundleToCheck {
  /** A name for the bundle, used as its folder in diagnostics. */
  name: string;
  files: readonly BundleFile[];
}

export interface BundleTypeCheck {
  /** Diagnostics in the bundles' own files, as `name/path(line,col): TS1234 message`. */
  diagnostics: string[];
  /** The compiler program, for further probes. */
  program: ts.Program;
}

/**
 * Type-checks plugin bundles against the real host package's published source types, all in
 * one compiler program. Bundle files are served from memory; the host package is read from
 * `packageDir` (see `testing/vellumPackage.ts`). Only the bundles' own diagnostics are
 * reported: the host's internals need third-party packages the tarball does not include,
 * which the plugin API's types never touch ({@link findAnyTypedFields} proves that).
 */
export function typeCheckBundles(bundles: readonly BundleToCheck[], packageDir: string): BundleTypeCheck {
  const options = hostCompilerOptions(packageDir);
  const virtual = new Map<string, string>();
  for (const bundle of bundles) {
    for (const file of bundle.files) virtual.set(`${VIRTUAL_ROOT}/${bundle.name}/${file.path}`, file.content);
  }
  const host = ts.createCompilerHost(options);
  const isVirtualDir = (dir: string) => [...virtual.keys()].some((f) => f.startsWith(`${dir.replace(/\/$/, "")}/`));
  const base = { ...host };
  host.fileExists = (f) => virtual.has(f) || (!f.startsWith(VIRTUAL_ROOT) && base.fileExists(f));
  host.readFile = (f) => virtual.get(f) ?? (f.startsWith(VIRTUAL_ROOT) ? undefined : base.readFile(f));
  host.directoryExists = (d) => isVirtualDir(d) || (!d.startsWith(VIRTUAL_ROOT) && (base.directoryExists?.(d) ?? false));
  host.realpath = (p) => (p.startsWith(VIRTUAL_ROOT) ? p : (base.realpath?.(p) ?? p));
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const text = virtual.get(fileName);
    if (text !== undefined) return ts.createSourceFile(fileName, text, languageVersion, true);
    return base.getSourceFile(fileName, languageVersion, onError, shouldCreate);
  };
  const roots = [...virtual.keys()].filter((f) => f.endsWith(".ts"));
  const program = ts.createProgram(roots, options, host);
  const diagnostics = roots.flatMap((root) => {
    const source = program.getSourceFile(root);
    if (source === undefined) return [`${root}: not part of the program`];
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) => {
      const { line, character } = source.getLineAndCharacterOfPosition(d.start ?? 0);
      const where = root.slice(VIRTUAL_ROOT.length + 1);
      return `${where}(${line + 1},${character + 1}): TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
    });
  });
  return { diagnostics, program };
}

/**
 * Fields of the plugin API's exported types (recursively, through the host's own
 * declarations) whose type is `any`. A type that fails to resolve, for instance because a
 * dependency of the host is missing from the tarball, turns into `any` silently and would make
 * the type-check vacuous; an empty result means nothing had to be stubbed.
 */
export function findAnyTypedFields(program: ts.Program, packageDir: string, typeNames: readonly string[]): string[] {
  const checker = program.getTypeChecker();
  const index = program.getSourceFile(join(packageDir, "src/plugin-api/index.ts"));
  const moduleSymbol = index && checker.getSymbolAtLocation(index);
  if (moduleSymbol === undefined) return ["the plugin API module is not part of the program"];
  const exports = new Map(checker.getExportsOfModule(moduleSymbol).map((s) => [s.name, s]));
  const found: string[] = [];
  const seen = new Set<ts.Type>();
  const fromHost = (symbol: ts.Symbol) => (symbol.declarations ?? []).some((d) => d.getSourceFile().fileName.startsWith(packageDir));
  const walk = (type: ts.Type, path: string, depth: number): void => {
    if (type.flags & ts.TypeFlags.Any) {
      found.push(path);
      return;
    }
    if (depth > 6 || seen.has(type)) return;
    seen.add(type);
    if (type.isUnionOrIntersection()) {
      for (const t of type.types) walk(t, path, depth);
      return;
    }
    for (const sig of type.getCallSignatures()) {
      for (const p of sig.getParameters()) walk(checker.getTypeOfSymbol(p), `${path}(${p.name})`, depth + 1);
      walk(sig.getReturnType(), `${path}()`, depth + 1);
    }
    for (const p of type.getProperties()) {
      if (fromHost(p)) walk(checker.getTypeOfSymbol(p), `${path}.${p.name}`, depth + 1);
    }
    if (type.flags & ts.TypeFlags.Object && (type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference) {
      for (const arg of checker.getTypeArguments(type as ts.TypeReference)) walk(arg, `${path}<>`, depth + 1);
    }
  };
  for (const name of typeNames) {
    const symbol = exports.get(name);
    if (symbol === undefined) {
      found.push(`${name} (not exported by the plugin API)`);
      continue;
    }
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    walk(checker.getDeclaredTypeOfSymbol(target), name, 0);
  }
  return found;
}
