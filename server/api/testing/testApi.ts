import { TRPCError } from "@trpc/server";
import type { DbHandle } from "~/db/client";
import { openTestDatabase } from "~/db/testDatabase";
import { createCaller } from "../root";
import { createContextInner } from "../trpc";

export type TestApi = ReturnType<typeof createCaller>;

/** The app's tRPC API called in process, on a fresh in-memory database (close `handle` after the test). */
export function openTestApi(): { handle: DbHandle; api: TestApi } {
  const handle = openTestDatabase();
  return { handle, api: createCaller(createContextInner({ db: handle.db })) };
}

/** The TRPCError a call fails with; a call that succeeds, or fails otherwise, fails the test. */
export async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}
