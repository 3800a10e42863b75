import { sql, type Column, type SQL } from "drizzle-orm";

/**
 * A text column ordered byte by byte, as SQLite's BINARY collation orders it, so lists come in the
 * same order on both stores: a database created with a language collation (en_US.UTF-8, Debian's
 * default) would otherwise sort "b" before "C" and ignore punctuation.
 */
export const binaryOrder = (column: Column): SQL => sql`${column} collate "C"`;
