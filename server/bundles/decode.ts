import type { PluginFiles } from "~/core/bundles/types";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Text files as strings; anything that is not valid UTF-8 (images, binaries) as null. */
export function decodePluginFiles(files: ReadonlyMap<string, Uint8Array>): PluginFiles {
  const out = new Map<string, string | null>();
  for (const [path, bytes] of files) {
    try {
      out.set(path, utf8.decode(bytes));
    } catch {
      out.set(path, null);
    }
  }
  return out;
}
