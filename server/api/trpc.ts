import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from "@trpc/server";
import superjson from "superjson";
import { z, ZodError } from "zod";
import { describeIssues, issuesOf, type FieldIssue } from "~/core/pipeline/parsePipeline";
import { getStore } from "~/db/openStore";
import type { Store } from "~/db/store";
import { clipMessage } from "~/server/http/clip";

/*
 * The only initTRPC in the app (style.md R7).
 *
 * 1. CONTEXT      the store (db/store.ts); createContextInner takes it (tests pass a temp one);
 *                 createContext is the HTTP one.
 * 2. INIT         superjson (refusing a body that is not an object in plain words); SSE options
 *                 for subscriptions; an errorFormatter that gives the client field issues
 *                 (`data.issues`, `data.zodError`) and quotes at most ~100 characters of a value.
 * 3. ERRORS       one middleware translates typed errors into API errors, so procedures just
 *                 call the store and let its errors through.
 * 4. PROCEDURES   router, publicProcedure, createCallerFactory.
 */

// 1. CONTEXT

export interface Context {
  store: Store;
}

export function createContextInner(deps: { store: Store }): Context {
  return { store: deps.store };
}

export async function createContext(): Promise<Context> {
  return createContextInner({ store: await getStore() });
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

/** What a body that is not `{ "json": … }` was, in words. */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

/** superjson, except that an input that is not an object is refused by name instead of failing inside superjson. */
const transformer = {
  input: {
    serialize: (value: unknown) => superjson.serialize(value),
    deserialize: (value: unknown) => {
      if (value === null || typeof value !== "object" || Array.isArray(value)) {
        throw new TRPCError({
          code: "BAD_REQUEST",
          message: `The request body must be a JSON object like {"json": <input>}, not ${kindOf(value)}.`,
        });
      }
      return superjson.deserialize(value as Parameters<typeof superjson.deserialize>[0]);
    },
  },
  output: superjson,
};

function clipFlattened(flat: { formErrors: string[]; fieldErrors: Record<string, string[] | undefined> }) {
  return {
    formErrors: flat.formErrors.map(clipMessage),
    fieldErrors: Object.fromEntries(Object.entries(flat.fieldErrors).map(([field, messages]) => [field, messages?.map(clipMessage)])),
  };
}

const t = initTRPC.context<Context>().create({
  transformer,
  errorFormatter({ shape, error }) {
    return {
      ...shape,
      message: clipMessage(shape.message),
      data: {
        ...shape.data,
        issues: fieldIssuesOf(error.cause)?.map((i) => ({ path: i.path, message: clipMessage(i.message) })) ?? null,
        zodError: error.cause instanceof ZodError ? clipFlattened(z.flattenError(error.cause)) : null,
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

/** A subscription's stream, with a typed error thrown while it runs translated like any other. */
async function* translateStreamErrors(stream: AsyncIterable<unknown>): AsyncGenerator<unknown, void, undefined> {
  try {
    yield* stream;
  } catch (cause) {
    if (isApiError(cause)) throw new TRPCError({ code: cause.apiCode, message: cause.message, cause });
    throw cause;
  }
}

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === "object" && value !== null && Symbol.asyncIterator in value;

const translateErrors = t.middleware(async ({ next, type }) => {
  const result = await next();
  if (!result.ok) {
    const translated = translate(result.error);
    if (translated) throw translated;
  }
  // A subscription's errors happen after this middleware returned, while its stream is read.
  if (result.ok && type === "subscription" && isAsyncIterable(result.data)) return { ...result, data: translateStreamErrors(result.data) };
  return result;
});

// 4. PROCEDURES

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(translateErrors);
