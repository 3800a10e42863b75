import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from "@trpc/server";
import superjson from "superjson";
import { z, ZodError } from "zod";
import { describeIssues, issuesOf, type FieldIssue } from "~/core/pipeline/parsePipeline";
import { getDb, type Db } from "~/db/client";

/*
 * The only initTRPC in the app (style.md R7).
 *
 * 1. CONTEXT      createContextInner takes its dependencies (tests pass a temp database);
 *                 createContext is the HTTP one.
 * 2. INIT         superjson; SSE options for subscriptions; an errorFormatter that gives the
 *                 client field issues (`data.issues`, `data.zodError`).
 * 3. ERRORS       one middleware translates typed errors into API errors, so procedures just
 *                 call the store and let its errors through.
 * 4. PROCEDURES   router, publicProcedure, createCallerFactory.
 */

// 1. CONTEXT

export interface Context {
  db: Db;
}

export function createContextInner(deps: { db: Db }): Context {
  return { db: deps.db };
}

export function createContext(): Context {
  return createContextInner({ db: getDb() });
}

// 2. INIT

/** Field problems of an error, for forms: from a zod input error or a typed domain error. */
function fieldIssuesOf(cause: unknown): FieldIssue[] | null {
  if (cause instanceof ZodError) return issuesOf(cause);
  if (cause instanceof Error && "issues" in cause && Array.isArray(cause.issues) && cause.issues.length > 0) {
    return cause.issues as FieldIssue[]; // the ApiError contract below: `issues` is FieldIssue[]
  }
  return null;
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    return {
      ...shape,
      data: {
        ...shape.data,
        issues: fieldIssuesOf(error.cause),
        zodError: error.cause instanceof ZodError ? z.flattenError(error.cause) : null,
      },
    };
  },
  sse: {
    // Long runs stream for a while; the client reconnects (resuming from the last tracked id) after this.
    maxDurationMs: 10 * 60_000,
    ping: { enabled: true, intervalMs: 5_000 },
    client: { reconnectAfterInactivityMs: 12_000 },
  },
});

// 3. ERRORS

/**
 * Any error thrown below a procedure that carries `apiCode` (a tRPC code name) reaches the
 * client as that code with its own message, e.g. {@link PipelineStoreError}. It may carry
 * `issues: FieldIssue[]` for forms. Everything else stays an INTERNAL_SERVER_ERROR.
 */
export interface ApiError extends Error {
  apiCode: TRPC_ERROR_CODE_KEY;
  issues?: readonly FieldIssue[];
}

function isApiError(value: unknown): value is ApiError {
  return value instanceof Error && "apiCode" in value && typeof value.apiCode === "string";
}

function translate(error: TRPCError): TRPCError | null {
  const { cause } = error;
  // A bad input: say which field and why, not zod's JSON dump.
  if (error.code === "BAD_REQUEST" && cause instanceof ZodError) {
    return new TRPCError({ code: "BAD_REQUEST", message: describeIssues(issuesOf(cause)), cause });
  }
  if (isApiError(cause)) return new TRPCError({ code: cause.apiCode, message: cause.message, cause });
  return null;
}

const translateErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const translated = translate(result.error);
    if (translated) throw translated;
  }
  return result;
});

// 4. PROCEDURES

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(translateErrors);
