import { TRPCError } from "@trpc/server";
import type { SqliteStore } from "~/db/sqlite/sqliteStore";
import { openTestStore } from "~/db/testDatabase";
import { createCaller } from "../root";
import { createContextInner } from "../trpc";

export type TestApi = ReturnType<typeof createCaller>;

/** The app's tRPC API called in process, on a fresh SQLite store in a temp folder (close `store` after the test). */
export function openTestApi(): { store: SqliteStore; api: TestApi } {
  const store = openTestStore();
  return { store, api: createCaller(createContextInner({ store })) };
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
