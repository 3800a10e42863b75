import { z } from "zod";

/**
 * npm dependencies a pipeline declares in its Settings (issue 15): a package name and a version
 * range, installed by the server from the registry npm is configured with. Only registry
 * versions are accepted: a range (`^1.8.1`, `>=2 <3`, `1.x`) or a dist-tag (`latest`). Specs that
 * would read the server's disk or another host (`file:`, git, URLs, `npm:` aliases) have a `:` or
 * a `/` and are refused here, so a pipeline cannot point the server's installer at them.
 */

/** npm's rules for a package name: lower case, URL-safe, optionally scoped (`@scope/name`), at most 214 characters. */
export const PACKAGE_NAME = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
/** A semver range or a dist-tag: no `:` or `/`, so never a path, URL, git spec or alias. */
export const VERSION_RANGE = /^[0-9A-Za-z.*^~<>=|+\- ]+$/;

/** Why `name` is not a package name npm would install, or null when it is. */
export function packageNameProblem(name: string): string | null {
  if (name === "") return "a package name is needed";
  if (name.length > 214) return "a package name is at most 214 characters";
  if (!PACKAGE_NAME.test(name)) return "lower-case letters, digits, - . _ ~, optionally @scope/name";
  return null;
}

/** Why `range` is not a registry version range, or null when it is. */
export function versionRangeProblem(range: string): string | null {
  if (range.trim() === "") return "a version range is needed, e.g. ^1.8.1";
  if (range.length > 100) return "a version range is at most 100 characters";
  if (!VERSION_RANGE.test(range)) return "a registry version range (^1.8.1, >=2 <3, 1.x) or tag (latest); file:, git and URLs are not allowed";
  return null;
}

export const dependencySchema = z
  .object({ name: z.string(), range: z.string() })
  .superRefine((d, ctx) => {
    const name = packageNameProblem(d.name);
    if (name) ctx.addIssue({ code: "custom", path: ["name"], message: `dependency "${d.name}": ${name}` });
    const range = versionRangeProblem(d.range);
    if (range) ctx.addIssue({ code: "custom", path: ["range"], message: `dependency ${d.name}: ${range}` });
  });
export type Dependency = z.infer<typeof dependencySchema>;

/**
 * The package a bare import specifier names (`shell-quote` for `shell-quote/parse`,
 * `@scope/pkg` for `@scope/pkg/sub`), or null for a relative or `node:` specifier.
 */
export function packageOfSpecifier(specifier: string): string | null {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.includes(":")) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? (parts.length >= 2 ? `${parts[0]}/${parts[1]}` : null) : (parts[0] ?? null);
}

/** The DefinitelyTyped package of a package's types: `@types/shell-quote`, `@types/scope__pkg` for `@scope/pkg`. */
export function typesPackageOf(name: string): string {
  return `@types/${name.startsWith("@") ? name.slice(1).replace("/", "__") : name}`;
}

/** The dependencies as a package.json `dependencies` object, sorted by name. */
export function dependenciesObject(dependencies: readonly Dependency[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of [...(dependencies ?? [])].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) out[d.name] = d.range;
  return out;
}

/**
 * The dependencies of a plugin's package.json (an import keeps them), dropping the ones a
 * pipeline cannot declare (file:, git, URL specs) and the plugin API the host provides.
 */
export function dependenciesFromPackageJson(value: unknown, provided: readonly string[] = []): Dependency[] {
  if (typeof value !== "object" || value === null) return [];
  const deps = (value as { dependencies?: unknown }).dependencies;
  if (typeof deps !== "object" || deps === null) return [];
  return Object.entries(deps as Record<string, unknown>).flatMap(([name, range]) =>
    typeof range === "string" && !provided.includes(name) && packageNameProblem(name) === null && versionRangeProblem(range) === null ? [{ name, range }] : [],
  );
}
