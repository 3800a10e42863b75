import { z } from "zod";

/**
 * One scripted result of a scenario tool (`tools[].results[]`): a string, or an object with the
 * content and, optionally, what the tool did when the result was recorded. A re-run replaces
 * every tool handler by the results it produced (server/runs/rerunScenario.ts) and keeps these
 * effects, so the run's virtual file system gets the handler's writes back at the same moment
 * and the tool result shows the same logs, changes and requests as the original run's.
 */

const MAX_TEXT = 1024 * 1024;

const logEntrySchema = z.object({
  level: z.enum(["log", "info", "warn", "error", "debug"]),
  message: z.string().max(MAX_TEXT),
});

/** core/files/fileChange.ts `FileChange`: applied to the run's virtual file system when the result is returned. */
const fileChangeSchema = z.object({
  op: z.enum(["write", "append", "delete", "mkdir", "rename", "copy"]),
  path: z.string().min(1).max(1000),
  to: z.string().min(1).max(1000).optional(),
  before: z.string().max(MAX_TEXT).nullable(),
  after: z.string().max(MAX_TEXT).nullable(),
  encoding: z.enum(["utf8", "base64"]),
  truncated: z.boolean().optional(),
});

/** core/sandbox/http.ts `HttpExchange`: shown on the tool result; no request is made again. */
const httpExchangeSchema = z.object({
  method: z.string().min(1).max(10),
  url: z.string().max(2000),
  body: z.string().max(MAX_TEXT).optional(),
  status: z.number().int().optional(),
  response: z.string().max(MAX_TEXT).optional(),
  error: z.string().max(2000).optional(),
});

/** core/sandbox/envRead.ts `EnvRead`: the process.env names the handler read (no values). */
const envReadSchema = z.object({
  name: z.string().min(1).max(1000),
  declared: z.boolean(),
  secret: z.literal(true).optional(),
});

export const toolResultSchema = z.union(
  [
    z.string(),
    z.object({
      content: z.string(),
      isError: z.boolean().default(false),
      /** The handler's console output when the result was recorded. */
      logs: z.array(logEntrySchema).max(10_000).optional(),
      /** The handler's file changes, in order: the re-run's file system gets them when this result is returned. */
      files: z.array(fileChangeSchema).max(10_000).optional(),
      /** The handler's HTTP requests and their answers (recorded; not sent again). */
      requests: z.array(httpExchangeSchema).max(10_000).optional(),
      /** The process.env names the handler read (recorded; shown on the tool result). */
      env: z.array(envReadSchema).max(10_000).optional(),
      /** Date.now()/new Date() and Math.random() values the handler took: the run's clock and generator move past them again. */
      clock: z.array(z.number().int()).max(10_000).optional(),
      random: z.array(z.number().min(0).max(1)).max(10_000).optional(),
    }),
  ],
  { error: "a tool result is a string or an object { content: string, isError?: boolean }" },
);
export type ToolResult = z.infer<typeof toolResultSchema>;
