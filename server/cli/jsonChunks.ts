import { createWriteStream } from "node:fs";

/**
 * `JSON.stringify(value, null, 2)` in pieces, so a pipeline file holding a 90 MB imported
 * scenario is written without building one 90 MB string beside the scenario (bench/session-import).
 * The output is byte for byte what JSON.stringify gives (undefined members left out of objects,
 * `null` in arrays).
 */
export function* jsonChunks(value: unknown, indent = ""): Generator<string> {
  if (Array.isArray(value)) {
    if (value.length === 0) return yield "[]";
    const inner = `${indent}  `;
    yield "[\n";
    for (let i = 0; i < value.length; i++) {
      yield inner;
      const v: unknown = value[i];
      if (v === undefined || typeof v === "function" || typeof v === "symbol") yield "null";
      else yield* jsonChunks(v, inner);
      yield i < value.length - 1 ? ",\n" : "\n";
    }
    return yield `${indent}]`;
  }
  if (typeof value === "object" && value !== null && typeof (value as { toJSON?: unknown }).toJSON !== "function") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== "function" && typeof v !== "symbol");
    if (entries.length === 0) return yield "{}";
    const inner = `${indent}  `;
    yield "{\n";
    for (let i = 0; i < entries.length; i++) {
      const [k, v] = entries[i] as [string, unknown];
      yield `${inner}${JSON.stringify(k)}: `;
      yield* jsonChunks(v, inner);
      yield i < entries.length - 1 ? ",\n" : "\n";
    }
    return yield `${indent}}`;
  }
  yield JSON.stringify(value, null, 2) ?? "null";
}

/** Writes `value` as `JSON.stringify(value, null, 2)` plus a newline, in chunks of about 1 MB. */
export async function writeJsonFile(path: string, value: unknown): Promise<void> {
  const out = createWriteStream(path, { encoding: "utf8" });
  const failed = new Promise<never>((_, reject) => out.once("error", reject));
  let pending: string[] = [];
  let size = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const text = pending.join("");
    pending = [];
    size = 0;
    if (!out.write(text)) await Promise.race([new Promise<void>((resolve) => out.once("drain", () => resolve())), failed]);
  };
  for (const piece of jsonChunks(value)) {
    pending.push(piece);
    size += piece.length;
    if (size >= 1 << 20) await flush();
  }
  pending.push("\n");
  await flush();
  await Promise.race([new Promise<void>((resolve) => out.end(resolve)), failed]);
}
