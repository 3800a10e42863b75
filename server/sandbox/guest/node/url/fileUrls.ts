import { encode, PATH, percentDecode } from "./percentEncoding";
import { URL } from "./whatwgUrl";

/** `url.fileURLToPath`: a file: URL to an absolute POSIX path. */
export function fileURLToPath(input: unknown): string {
  const url = input instanceof URL ? input : new URL(String(input));
  if (url.protocol !== "file:") {
    throw Object.assign(new TypeError("The URL must be of scheme file"), { code: "ERR_INVALID_URL_SCHEME" });
  }
  if (url.hostname !== "") {
    throw Object.assign(new TypeError(`File URL host must be "localhost" or empty on linux`), { code: "ERR_INVALID_FILE_URL_HOST" });
  }
  if (/%2f/i.test(url.pathname)) {
    throw Object.assign(new TypeError("File URL path must not include encoded / characters"), { code: "ERR_INVALID_FILE_URL_PATH" });
  }
  return percentDecode(url.pathname);
}

/** `url.pathToFileURL`: an absolute path (resolved against the plugin's directory) to a file: URL. */
export function pathToFileURL(path: string, cwd: string): URL {
  let p = String(path);
  if (!p.startsWith("/")) p = `${cwd}/${p}`;
  const trailing = p.endsWith("/");
  const parts: string[] = [];
  for (const seg of p.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") parts.pop();
    else parts.push(seg);
  }
  const encoded = parts.map((s) => encode(s, (c) => PATH(c) || c === 0x25 || c === 0x23 || c === 0x3f || c === 0x5c)).join("/");
  return new URL(`file:///${encoded}${trailing && parts.length > 0 ? "/" : ""}`);
}
