import { RECORDING_CAP_BYTES, RECORDING_LINE_CAP_BYTES, RECORDING_MARK, SESSION_FILE_NAME_JS } from "./recorder";

/**
 * The code every form of the recorder shares, as source text for the exported file: turning what a
 * hook received into plain JSON (host objects carry functions, abort signals, Errors, cycles), and
 * appending one line to a session's file under the caps of recorder.ts. Written once for `.mjs`
 * (command hosts) and once for `.ts` (plugin hosts), the same statements with or without types.
 */
export function recorderHelpersSource(lang: "js" | "ts"): string {
  const t = (annotation: string) => (lang === "ts" ? annotation : "");
  return [
    `const CAP = ${RECORDING_CAP_BYTES};`,
    `const LINE_CAP = ${RECORDING_LINE_CAP_BYTES};`,
    SESSION_FILE_NAME_JS.replace("(s)", `(s${t(": unknown")})${t(": string")}`),
    "",
    "// Plain JSON of what a hook received: functions, symbols and objects of functions only left out, Errors as { name, message }, a cycle as \"[circular]\".",
    `const plain = (value${t(": unknown")}, ancestors${t(": Set<object>")} = new Set())${t(": unknown")} => {`,
    '  if (value === null || typeof value === "string" || typeof value === "boolean") return value;',
    '  if (typeof value === "number") return Number.isFinite(value) ? value : null;',
    '  if (typeof value === "bigint") return String(value);',
    '  if (typeof value !== "object") return undefined;',
    '  if (ancestors.has(value) || ancestors.size > 64) return "[circular]";',
    "  if (value instanceof Error) return { name: value.name, message: value.message };",
    `  const withJson = value${t(" as { toJSON?: unknown }")};`,
    '  if (typeof withJson.toJSON === "function") {',
    "    try {",
    `      return plain((withJson.toJSON${t(" as () => unknown")}).call(value), ancestors);`,
    "    } catch {",
    "      return undefined;",
    "    }",
    "  }",
    "  ancestors.add(value);",
    "  try {",
    "    if (Array.isArray(value)) return value.map((v) => plain(v, ancestors) ?? null);",
    `    const out${t(": Record<string, unknown>")} = {};`,
    "    const entries = Object.entries(value);",
    "    for (const [k, v] of entries) {",
    "      const p = plain(v, ancestors);",
    "      if (p !== undefined) out[k] = p;",
    "    }",
    "    // An object of functions only (a logger, an api) is left out like a function.",
    '    return entries.length > 0 && entries.every(([, v]) => typeof v === "function") ? undefined : out;',
    "  } finally {",
    "    ancestors.delete(value);",
    "  }",
    "};",
    "",
    "// Appends one event to <dir>/<session>.jsonl; a file at the cap takes nothing more, and the line that reaches it is followed by a capped line.",
    `const appendRecording = (dir${t(": string")}, entry${t(": { host: string; point: string | null; at: string; session: string; [key: string]: unknown }")})${t(": void")} => {`,
    `  let line = JSON.stringify({ ${RECORDING_MARK}: 1, ...entry }) + "\\n";`,
    "  const bytes = Buffer.byteLength(line);",
    `  if (bytes > LINE_CAP) line = JSON.stringify({ ${RECORDING_MARK}: 1, host: entry.host, point: entry.point, at: entry.at, session: entry.session, input: null, inputBytes: bytes }) + "\\n";`,
    "  mkdirSync(dir, { recursive: true });",
    "  const file = join(dir, `${fileNameOf(entry.session)}.jsonl`);",
    "  let size = 0;",
    "  try {",
    "    size = statSync(file).size;",
    "  } catch {",
    "    size = 0;",
    "  }",
    "  if (size >= CAP) return;",
    "  appendFileSync(file, line);",
    `  if (size + Buffer.byteLength(line) >= CAP) appendFileSync(file, JSON.stringify({ ${RECORDING_MARK}: 1, host: entry.host, at: entry.at, session: entry.session, capped: true, capBytes: CAP }) + "\\n");`,
    "};",
  ].join("\n");
}
