import type { UnitEnv } from "../unitEnv";
import { fileURLToPath, pathToFileURL } from "../url/fileUrls";
import { format, legacyParse } from "../url/legacyUrl";
import { URLSearchParams } from "../url/urlSearchParams";
import { URL } from "../url/whatwgUrl";

/**
 * Guest unit `url`: WHATWG `URL` and `URLSearchParams`, and Node's `url` module functions
 * (`fileURLToPath`, `pathToFileURL`, `format`, the legacy `parse` / `resolve`). The parts live in
 * ../url/: the parser and serializer (urlParser.ts), percent-encoding, the two classes, file:
 * URLs and the legacy API.
 */

export function create(env: UnitEnv): Record<string, unknown> {
  const cwd = () => String((env.unit<{ cwd(): string }>("process").cwd)());
  return {
    URL,
    URLSearchParams,
    fileURLToPath,
    pathToFileURL: (path: string) => pathToFileURL(path, cwd()),
    format,
    parse: legacyParse,
    resolve: (from: string, to: string) => {
      const resolved = new URL(String(to), new URL(String(from), "resolve://"));
      if (resolved.protocol === "resolve:") {
        const { pathname, search, hash } = resolved;
        return String(from).startsWith("/") ? pathname + search + hash : (pathname + search + hash).slice(1);
      }
      return resolved.toString();
    },
    domainToASCII: (domain: string) => String(domain).toLowerCase(),
    domainToUnicode: (domain: string) => String(domain).toLowerCase(),
    urlToHttpOptions: (url: URL) => ({
      protocol: url.protocol,
      hostname: url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname,
      hash: url.hash,
      search: url.search,
      pathname: url.pathname,
      path: `${url.pathname}${url.search}`,
      href: url.href,
      ...(url.port !== "" ? { port: Number(url.port) } : {}),
      ...(url.username || url.password ? { auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` } : {}),
    }),
  };
}
