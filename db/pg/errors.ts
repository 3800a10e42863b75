/*
 * PostgreSQL errors the store turns into answers. drizzle wraps the driver's error in a
 * DrizzleQueryError whose `cause` is node-postgres's DatabaseError; its SQLSTATE is `code`.
 */

/** The SQLSTATE of a failed query (looking through drizzle's wrapper), or null. */
export function sqlState(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; typeof e === "object" && e !== null && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/** 23503: a foreign key points at a row that is not there (e.g. events of a run deleted meanwhile). */
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === "23503";

/** 23505: a unique key is already taken (e.g. a provider name saved by another instance meanwhile). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === "23505";
