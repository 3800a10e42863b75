import { z } from "zod";
import type { Scenario } from "~/core/pipeline/schema";
import { createLineSplitter, createSessionImport, SessionImportError, type SessionImportSummary } from "~/core/sessions";
import { formatBytes } from "~/core/bundles/formatBytes";

/** What to do with the file: sent with its first part. */
export const sessionUploadOptionsSchema = z.object({
  pipelineId: z.string().min(1).max(100),
  fileName: z.string().min(1).max(1000),
  name: z.string().min(1).max(200).optional(),
  branch: z.string().min(1).max(1000).nullable().default(null),
  keepSecrets: z.boolean().default(false),
  skipBadLines: z.boolean().default(false),
});
export type SessionUploadOptions = z.infer<typeof sessionUploadOptionsSchema>;

/**
 * The first line of each part of a `sessions.import` upload. A file goes in parts (each under the
 * proxy's request buffer), numbered from 0, the options with part 0, the last one marked; the bytes
 * of the part follow the line as they are, so the browser sends `new Blob([header + "\n", file.slice(a, b)])`
 * without reading the file. A part may end anywhere, even inside a line or a character.
 */
export const sessionUploadPartSchema = z.object({
  uploadId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "an upload id is 8 to 64 letters, digits, _ or -"),
  part: z.number().int().nonnegative(),
  last: z.boolean(),
  options: sessionUploadOptionsSchema.optional(),
});
export type SessionUploadPart = z.infer<typeof sessionUploadPartSchema>;

export type SessionUploadResult =
  | { ok: true; done: false; received: number }
  /** `others`: the file's other sessions as scenarios, when its branches are sessions (a joined recording) and no branch was asked for. */
  | { ok: true; done: true; scenario: Scenario; summary: SessionImportSummary; others: Scenario[] }
  | { ok: false; code: SessionImportError["code"] | "BAD_OPTIONS" | "TOO_LARGE" | "BAD_PART" | "BUSY"; message: string };

export interface SessionUploadLimits {
  /** The bytes of one part (the proxy holds a request body up to 16 MB). */
  partBytes: number;
  /** The bytes of a whole file. */
  fileBytes: number;
  /** Uploads in progress at once. */
  open: number;
  /** An upload with no part for this long is dropped (a closed tab, a lost connection). */
  idleMs: number;
}

export const DEFAULT_SESSION_UPLOAD_LIMITS: SessionUploadLimits = { partBytes: 15 * 1024 * 1024, fileBytes: 1024 * 1024 * 1024, open: 8, idleMs: 120_000 };

export interface TargetPipeline {
  profile: string;
  uniqueName: (base: string) => string;
}

interface OpenUpload {
  options: SessionUploadOptions;
  importer: ReturnType<typeof createSessionImport>;
  splitter: ReturnType<typeof createLineSplitter>;
  decoder: TextDecoder;
  nextPart: number;
  bytes: number;
  busy: boolean;
  touched: number;
}

const MAX_HEADER_BYTES = 16 * 1024;

/**
 * Session files arriving in parts, each read line by line as it streams in (never a whole part,
 * never the whole file): the reader keeps only the conversation it builds. Problems the user can
 * act on (bad lines, a missing branch, an unknown format, too large, a part out of order) come back
 * as data for the import dialog, and end the upload.
 */
export function createSessionUploads(deps: { limits?: Partial<SessionUploadLimits>; now?: () => number; date?: () => Date } = {}) {
  const limits = { ...DEFAULT_SESSION_UPLOAD_LIMITS, ...deps.limits };
  const now = deps.now ?? Date.now;
  const uploads = new Map<string, OpenUpload>();

  function sweep(): void {
    for (const [id, u] of uploads) if (!u.busy && now() - u.touched > limits.idleMs) uploads.delete(id);
  }

  function open(header: SessionUploadPart): OpenUpload | SessionUploadResult {
    const existing = uploads.get(header.uploadId);
    if (header.part === 0) {
      if (existing) return { ok: false, code: "BAD_PART", message: `upload ${header.uploadId} has already started` };
      if (!header.options) return { ok: false, code: "BAD_OPTIONS", message: "the first part of an upload carries its options (options: missing)" };
      if (uploads.size >= limits.open) return { ok: false, code: "BUSY", message: limits.open === 1 ? "1 session file is being imported already; try again when it has finished" : `${limits.open} session files are being imported already; try again when one has finished` };
      const options = header.options;
      const importer = createSessionImport({ fileName: options.fileName, badLines: options.skipBadLines ? "skip" : "refuse" });
      const upload: OpenUpload = { options, importer, splitter: createLineSplitter((line) => importer.line(line)), decoder: new TextDecoder(), nextPart: 0, bytes: 0, busy: false, touched: now() };
      uploads.set(header.uploadId, upload);
      return upload;
    }
    if (!existing) return { ok: false, code: "BAD_PART", message: `no upload ${header.uploadId} in progress (it finished, failed, or waited more than ${limits.idleMs / 1000} s for its next part): start the import again` };
    if (existing.busy || header.part !== existing.nextPart) return { ok: false, code: "BAD_PART", message: `upload ${header.uploadId} expected part ${existing.nextPart}, got part ${header.part}` };
    return existing;
  }

  /** One part; `pipeline` gives the profile of the pipeline named in the options and the scenario names taken (read when the last part arrives). */
  async function receive(stream: ReadableStream<Uint8Array>, pipeline: (id: string) => TargetPipeline | Promise<TargetPipeline>): Promise<SessionUploadResult> {
    sweep();
    const reader = stream.getReader();
    let header: SessionUploadPart | null = null;
    let upload: OpenUpload | null = null;
    let headerBytes: Uint8Array[] = [];
    let headerSize = 0;
    let partBytes = 0;
    const fail = async (result: SessionUploadResult & { ok: false }, uploadId: string | null): Promise<SessionUploadResult> => {
      await reader.cancel().catch(() => undefined);
      if (uploadId !== null) uploads.delete(uploadId);
      return result;
    };
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        let chunk = value;
        if (upload === null) {
          // The header line ends at the first newline byte (never inside a UTF-8 character).
          const nl = chunk.indexOf(10);
          if (nl === -1) {
            headerBytes.push(chunk);
            headerSize += chunk.byteLength;
            if (headerSize > MAX_HEADER_BYTES) return fail({ ok: false, code: "BAD_OPTIONS", message: "the upload's first line is not a part header (no newline in its first 16 KB)" }, null);
            continue;
          }
          headerBytes.push(chunk.subarray(0, nl));
          const text = new TextDecoder().decode(concat(headerBytes));
          headerBytes = [];
          const parsed = sessionUploadPartSchema.safeParse(safeJson(text));
          if (!parsed.success) return fail({ ok: false, code: "BAD_OPTIONS", message: `the upload's first line is not a part header: ${parsed.error.issues.map((i) => `${i.path.join(".") || "header"}: ${i.message}`).join("; ")}` }, null);
          header = parsed.data;
          const opened = open(header);
          if (!("importer" in opened)) return fail(opened as SessionUploadResult & { ok: false }, null);
          upload = opened;
          upload.busy = true;
          chunk = chunk.subarray(nl + 1);
        }
        partBytes += chunk.byteLength;
        upload.bytes += chunk.byteLength;
        if (partBytes > limits.partBytes) return fail({ ok: false, code: "TOO_LARGE", message: `a part of an upload is more than ${formatBytes(limits.partBytes)}` }, header?.uploadId ?? null);
        if (upload.bytes > limits.fileBytes) {
          return fail({ ok: false, code: "TOO_LARGE", message: `the session file is more than ${formatBytes(limits.fileBytes)}: import it with the CLI, which streams any size: hookwright import-session FILE.jsonl --pipeline P.json` }, header?.uploadId ?? null);
        }
        upload.splitter.push(upload.decoder.decode(chunk, { stream: true }));
      }
      if (!upload || !header) return { ok: false, code: "EMPTY", message: "the upload is empty" };
      upload.busy = false;
      upload.touched = now();
      upload.nextPart = header.part + 1;
      if (!header.last) return { ok: true, done: false, received: upload.bytes };
      uploads.delete(header.uploadId);
      upload.splitter.push(upload.decoder.decode());
      upload.splitter.end();
      const target = await pipeline(upload.options.pipelineId);
      const base = upload.options.name ?? upload.options.fileName.replace(/\.jsonl$/i, "");
      const importedAt = (deps.date?.() ?? new Date()).toISOString();
      const { options, importer } = upload;
      const finish = (name: string, branch: string | null) => importer.finish({ name, branch, keepSecrets: options.keepSecrets, profile: target.profile, importedAt });
      const { scenario, summary } = finish(target.uniqueName(base), options.branch);
      const others = options.branch === null && summary.branchesAreSessions ? summary.branches.filter((b) => !b.chosen).map((b) => finish(target.uniqueName(`${base} (${b.leaf})`), b.leaf).scenario) : [];
      return { ok: true, done: true, scenario, summary, others };
    } catch (error) {
      if (header) uploads.delete(header.uploadId);
      if (error instanceof SessionImportError) return { ok: false, code: error.code, message: error.message };
      throw error;
    }
  }

  return { receive, open: () => uploads.size };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
