import { build, type Plugin } from "esbuild";

/**
 * Bundles TypeScript for tests into a function-scoped script and evaluates it, returning the
 * entry's exports. `files` is a virtual plugin folder (path → source); a path outside it is
 * read from disk. `stubs` replace modules by specifier suffix (e.g. the host's logger).
 */
export async function loadModule<T>(options: {
  entry: string;
  files?: ReadonlyMap<string, string>;
  resolveDir?: string;
  stubs?: Record<string, string>;
}): Promise<T> {
  const files = options.files ?? new Map<string, string>();
  const stubs = options.stubs ?? {};
  const virtual: Plugin = {
    name: "virtual",
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        const stub = Object.keys(stubs).find((suffix) => args.path.endsWith(suffix));
        if (stub !== undefined) return { path: stub, namespace: "stub" };
        if (args.namespace !== "virtual" && !files.has(args.path)) return undefined;
        const base = args.namespace === "virtual" ? args.importer.split("/").slice(0, -1) : [];
        const parts = [...base];
        for (const seg of args.path.split("/")) {
          if (seg === "..") parts.pop();
          else if (seg !== "." && seg !== "") parts.push(seg);
        }
        const joined = args.path.startsWith(".") ? parts.join("/") : args.path;
        const candidates = [joined, joined.replace(/\.js$/, ".ts"), `${joined}.ts`];
        const found = candidates.find((c) => files.has(c));
        if (found === undefined) return { errors: [{ text: `no virtual file for ${args.path} from ${args.importer}` }] };
        return { path: found, namespace: "virtual" };
      });
      b.onLoad({ filter: /.*/, namespace: "virtual" }, (args) => ({ contents: files.get(args.path) ?? "", loader: "ts" }));
      b.onLoad({ filter: /.*/, namespace: "stub" }, (args) => ({ contents: stubs[args.path] ?? "", loader: "ts" }));
    },
  };
  const result = await build({
    stdin: files.has(options.entry)
      ? { contents: `export * from ${JSON.stringify(options.entry)}; export { default } from ${JSON.stringify(options.entry)};`, loader: "ts" }
      : undefined,
    entryPoints: files.has(options.entry) ? undefined : [options.entry],
    absWorkingDir: options.resolveDir,
    bundle: true,
    write: false,
    format: "iife",
    globalName: "__module",
    platform: "neutral",
    target: "es2022",
    logLevel: "silent",
    plugins: [virtual],
  });
  const code = result.outputFiles[0]?.text ?? "";
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- evaluating test-built code is the point
  return new Function(`${code}\nreturn __module;`)() as T;
}
