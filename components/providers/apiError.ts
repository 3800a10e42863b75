import { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "~/server/api/root";

/*
 * Reading API errors in the UI. The server (server/api/trpc.ts) sends a plain-words
 * `message` and, for fixable input, `data.issues` located by field path (`name`,
 * `document.hooks[0].name`).
 */

function asClientError(error: unknown): TRPCClientError<AppRouter> | null {
  return error instanceof TRPCClientError ? (error as TRPCClientError<AppRouter>) : null;
}

/** The message to show a user for any failed call. */
export function errorMessage(error: unknown): string {
  const clientError = asClientError(error);
  if (clientError?.data?.code === "INTERNAL_SERVER_ERROR") {
    return "Something went wrong on the server. Try again; if it keeps failing, check the server log.";
  }
  if (clientError) return clientError.message;
  if (error instanceof Error) return error.message;
  return "Something went wrong.";
}

/** The problem with one input field (`path` as the server names it), or null. */
export function fieldError(error: unknown, path: string): string | null {
  const issues = asClientError(error)?.data?.issues ?? [];
  return issues.find((issue) => issue.path === path)?.message ?? null;
}

/** Whether the call failed because someone else saved first (a stale base revision). */
export function isConflict(error: unknown): boolean {
  return asClientError(error)?.data?.code === "CONFLICT";
}
