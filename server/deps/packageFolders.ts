import { readdir } from "node:fs/promises";
import { join } from "node:path";

/** Every package folder under a node_modules folder, nested and scoped ones included. */
export async function packageFolders(nodeModules: string): Promise<string[]> {
  const out: string[] = [];
  const visit = async (folder: string): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
      const path = join(folder, entry.name);
      if (entry.name.startsWith("@")) await visit(path);
      else {
        out.push(path);
        await visit(join(path, "node_modules"));
      }
    }
  };
  await visit(nodeModules);
  return out;
}
