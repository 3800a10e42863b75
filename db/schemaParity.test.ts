import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, getTableName, is, type Column, type InferInsertModel, type InferSelectModel } from "drizzle-orm";
import { getTableConfig as getPgTableConfig, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as getSqliteTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { pgMigrationsFolder, runPgMigrations } from "./pg/migrate";
import * as pgSchema from "./pg/schema";
import { noPgReason, pgEmptyDatabase } from "./pg/testStore";
import * as sqliteSchema from "./schema";

/*
 * The SQLite store (db/schema.ts) and the PostgreSQL store (db/pg/schema.ts) must hold the same
 * tables, columns, keys, indexes and foreign keys, so one domain layer serves both. Each schema
 * is reduced to the same plain description and the two must be equal: a column, index or key
 * added to one file only, renamed, or made nullable in one only, fails here. Column types differ
 * by dialect on purpose; `KIND` names the one pairing allowed for each kind of JS value.
 *
 * With PostgreSQL on the machine, the committed pg migrations are applied to a throw-away cluster
 * and the database's catalog must match the pg schema too (a schema edit without
 * `npx drizzle-kit generate --config drizzle.pg.config.ts` fails there).
 */

/** Column kinds: what drizzle hands the app, and the SQL type each dialect stores it as. */
const KIND = {
  text: { sqlite: "text", pg: "text" },
  integer: { sqlite: "integer", pg: "integer" },
  /** Date in JS, milliseconds since the epoch in the database. */
  timestampMs: { sqlite: "integer", pg: "bigint" },
  /** A parsed JSON value in JS. */
  json: { sqlite: "text", pg: "json" },
} as const;

/** The kind of a SQLite column, from drizzle's JS data type and SQL type. */
function sqliteKind(column: Column): string {
  const sqlType = column.getSQLType();
  if (column.dataType === "date" && sqlType === KIND.timestampMs.sqlite) return "timestampMs";
  if (column.dataType === "json" && sqlType === KIND.json.sqlite) return "json";
  if (column.dataType === "string" && sqlType === KIND.text.sqlite) return "text";
  if (column.dataType === "number" && sqlType === KIND.integer.sqlite) return "integer";
  return `unmapped ${column.dataType} ${sqlType}`;
}

/** The kind of a PostgreSQL column (msTimestamp is drizzle's only custom column here: bigint ⇄ Date). */
function pgKind(column: Column): string {
  const sqlType = column.getSQLType();
  if (column.dataType === "custom" && sqlType === KIND.timestampMs.pg) return "timestampMs";
  if (column.dataType === "json" && sqlType === KIND.json.pg) return "json";
  if (column.dataType === "string" && sqlType === KIND.text.pg) return "text";
  if (column.dataType === "number" && sqlType === KIND.integer.pg) return "integer";
  return `unmapped ${column.dataType} ${sqlType}`;
}

type TableConfig = ReturnType<typeof getSqliteTableConfig> | ReturnType<typeof getPgTableConfig>;

/** One table as plain data, the same shape for both dialects. */
function describeTable(config: TableConfig, kind: (column: Column) => string) {
  const indexColumnName = (column: unknown) => (column as { name?: string }).name ?? "<expression>";
  return {
    columns: Object.fromEntries(
      config.columns.map((column) => [
        column.name,
        {
          kind: kind(column),
          notNull: column.notNull,
          primary: column.primary,
          hasDatabaseDefault: column.default !== undefined,
          hasAppDefault: column.defaultFn !== undefined,
          hasAppOnUpdate: column.onUpdateFn !== undefined,
          unique: column.isUnique ? column.uniqueName : null,
          enumValues: column.enumValues ?? null,
        },
      ]),
    ),
    primaryKeys: config.primaryKeys.map((key) => key.columns.map((column) => column.name)),
    indexes: config.indexes
      .map((index) => ({
        name: index.config.name,
        columns: index.config.columns.map(indexColumnName),
        unique: index.config.unique,
      }))
      .sort((a, b) => String(a.name).localeCompare(String(b.name))),
    uniqueConstraints: config.uniqueConstraints.map((unique) => ({
      name: unique.getName(),
      columns: unique.columns.map((column) => column.name),
    })),
    foreignKeys: config.foreignKeys
      .map((key) => {
        const reference = key.reference();
        return {
          name: key.getName(),
          columns: reference.columns.map((column) => column.name),
          table: getTableName(reference.foreignTable),
          foreignColumns: reference.foreignColumns.map((column) => column.name),
          onDelete: key.onDelete ?? "no action",
          onUpdate: key.onUpdate ?? "no action",
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name)),
    checks: config.checks.map((check) => check.name),
  };
}

function describeSqlite() {
  const tables = Object.values(sqliteSchema as Record<string, unknown>).filter((value): value is SQLiteTable => is(value, SQLiteTable));
  return Object.fromEntries(tables.map((table) => [getTableName(table), describeTable(getSqliteTableConfig(table), sqliteKind)]));
}

function describePg() {
  const tables = Object.values(pgSchema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));
  return Object.fromEntries(tables.map((table) => [getTableName(table), describeTable(getPgTableConfig(table), pgKind)]));
}

describe("the SQLite and PostgreSQL schemas", () => {
  it("hold the same tables", () => {
    expect(Object.keys(describePg()).sort()).toEqual(Object.keys(describeSqlite()).sort());
    expect(Object.keys(describeSqlite()).sort()).toEqual([
      "approval_requests",
      "meta",
      "model_providers",
      "pipeline_revisions",
      "pipelines",
      "run_events",
      "runs",
    ]);
  });

  it("hold the same columns, keys, indexes and foreign keys in every table", () => {
    const sqlite = describeSqlite();
    const postgres = describePg();
    for (const name of Object.keys(sqlite)) expect({ table: name, ...postgres[name] }).toEqual({ table: name, ...sqlite[name] });
    // No column escaped the type mapping (an unmapped kind would be equal on both sides only by accident).
    const kinds = Object.values(sqlite).flatMap((table) => Object.values(table.columns).map((column) => column.kind));
    expect(kinds.filter((kind) => !(kind in KIND))).toEqual([]);
  });

  it("give the app the same row types (checked by tsc)", () => {
    expectTypeOf<InferSelectModel<typeof pgSchema.pipelines>>().toEqualTypeOf<InferSelectModel<typeof sqliteSchema.pipelines>>();
    expectTypeOf<InferSelectModel<typeof pgSchema.pipelineRevisions>>().toEqualTypeOf<InferSelectModel<typeof sqliteSchema.pipelineRevisions>>();
    expectTypeOf<InferSelectModel<typeof pgSchema.meta>>().toEqualTypeOf<InferSelectModel<typeof sqliteSchema.meta>>();
    expectTypeOf<InferSelectModel<typeof pgSchema.runs>>().toEqualTypeOf<InferSelectModel<typeof sqliteSchema.runs>>();
    expectTypeOf<InferSelectModel<typeof pgSchema.runEvents>>().toEqualTypeOf<InferSelectModel<typeof sqliteSchema.runEvents>>();
    expectTypeOf<InferSelectModel<typeof pgSchema.approvalRequests>>().toEqualTypeOf<InferSelectModel<typeof sqliteSchema.approvalRequests>>();
    expectTypeOf<InferSelectModel<typeof pgSchema.modelProviders>>().toEqualTypeOf<InferSelectModel<typeof sqliteSchema.modelProviders>>();
    expectTypeOf<InferInsertModel<typeof pgSchema.runs>>().toEqualTypeOf<InferInsertModel<typeof sqliteSchema.runs>>();
    expectTypeOf<InferInsertModel<typeof pgSchema.approvalRequests>>().toEqualTypeOf<InferInsertModel<typeof sqliteSchema.approvalRequests>>();
    expectTypeOf<InferInsertModel<typeof pgSchema.pipelines>>().toEqualTypeOf<InferInsertModel<typeof sqliteSchema.pipelines>>();
    expectTypeOf<InferInsertModel<typeof pgSchema.modelProviders>>().toEqualTypeOf<InferInsertModel<typeof sqliteSchema.modelProviders>>();
  });
});

/** information_schema.columns.data_type for each pg SQL type the schema uses. */
const CATALOG_TYPE: Record<string, string> = { text: "text", integer: "integer", bigint: "bigint", json: "json" };

describe.skipIf(noPgReason !== null)(`the migrated PostgreSQL database${noPgReason ? ` (skipped: ${noPgReason})` : ""}`, () => {
  let client: pg.Client;

  beforeAll(async () => {
    const url = await pgEmptyDatabase();
    const journal = JSON.parse(readFileSync(path.join(pgMigrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
    expect(await runPgMigrations(url)).toMatchObject({ applied: journal.entries.length });
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
  });

  const tables = Object.values(pgSchema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getPgTableConfig(table));

  it("has exactly the pg schema's columns, types, nullability and defaults", async () => {
    const { rows } = await client.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string; has_default: boolean }>(
      `select table_name, column_name, data_type, is_nullable, column_default is not null as has_default
         from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
    );
    const expected = tables.flatMap((table) =>
      table.columns.map((column) => ({
        table_name: table.name,
        column_name: column.name,
        data_type: CATALOG_TYPE[column.getSQLType()] ?? `unmapped ${column.getSQLType()}`,
        is_nullable: column.notNull ? "NO" : "YES",
        has_default: column.default !== undefined,
      })),
    );
    const byName = (a: { table_name: string; column_name: string }, b: { table_name: string; column_name: string }) =>
      `${a.table_name}.${a.column_name}`.localeCompare(`${b.table_name}.${b.column_name}`);
    expect([...rows].sort(byName)).toEqual(expected.sort(byName));
  });

  it("has exactly the pg schema's primary keys, unique constraints, foreign keys and indexes", async () => {
    const constraints = await client.query<{ table_name: string; constraint_name: string; constraint_type: string; columns: string[] }>(
      `select tc.table_name, tc.constraint_name, tc.constraint_type,
              array_agg(kcu.column_name::text order by kcu.ordinal_position) as columns
         from information_schema.table_constraints tc
         join information_schema.key_column_usage kcu
           on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
        where tc.table_schema = 'public' and tc.constraint_type in ('PRIMARY KEY', 'UNIQUE', 'FOREIGN KEY')
        group by tc.table_name, tc.constraint_name, tc.constraint_type`,
    );
    const deleteRules = await client.query<{ constraint_name: string; delete_rule: string }>(
      `select constraint_name, delete_rule from information_schema.referential_constraints where constraint_schema = 'public'`,
    );
    const indexes = await client.query<{ table_name: string; index_name: string; columns: string[] }>(
      `select t.relname as table_name, i.relname as index_name,
              array_agg(a.attname::text order by k.ord) as columns
         from pg_index x
         join pg_class i on i.oid = x.indexrelid
         join pg_class t on t.oid = x.indrelid
         join pg_namespace n on n.oid = t.relnamespace
         cross join lateral unnest(x.indkey) with ordinality as k(attnum, ord)
         join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
        where n.nspname = 'public' and not x.indisprimary and not x.indisunique
        group by t.relname, i.relname`,
    );

    const keyOf = (row: { table_name: string; constraint_type: string; columns: string[] }) =>
      `${row.table_name} ${row.constraint_type} (${row.columns.join(", ")})`;
    const expectedConstraints = tables.flatMap((table) => [
      ...table.columns.filter((c) => c.primary).map((c) => ({ table_name: table.name, constraint_type: "PRIMARY KEY", columns: [c.name] })),
      ...table.primaryKeys.map((k) => ({ table_name: table.name, constraint_type: "PRIMARY KEY", columns: k.columns.map((c) => c.name) })),
      ...table.columns.filter((c) => c.isUnique).map((c) => ({ table_name: table.name, constraint_type: "UNIQUE", columns: [c.name] })),
      ...table.uniqueConstraints.map((u) => ({ table_name: table.name, constraint_type: "UNIQUE", columns: u.columns.map((c) => c.name) })),
      ...table.foreignKeys.map((f) => ({ table_name: table.name, constraint_type: "FOREIGN KEY", columns: f.reference().columns.map((c) => c.name) })),
    ]);
    expect(constraints.rows.map(keyOf).sort()).toEqual(expectedConstraints.map(keyOf).sort());

    const expectedRules = tables.flatMap((table) =>
      table.foreignKeys.map((f) => ({ constraint_name: f.getName(), delete_rule: (f.onDelete ?? "no action").toUpperCase() })),
    );
    const byConstraint = (a: { constraint_name: string }, b: { constraint_name: string }) => a.constraint_name.localeCompare(b.constraint_name);
    expect([...deleteRules.rows].sort(byConstraint)).toEqual(expectedRules.sort(byConstraint));

    const expectedIndexes = tables.flatMap((table) =>
      table.indexes.map((index) => ({
        table_name: table.name,
        index_name: index.config.name ?? "<unnamed>",
        columns: index.config.columns.map((column) => (column as { name?: string }).name ?? "<expression>"),
      })),
    );
    const byIndex = (a: { index_name: string }, b: { index_name: string }) => a.index_name.localeCompare(b.index_name);
    expect([...indexes.rows].sort(byIndex)).toEqual(expectedIndexes.sort(byIndex));
  });

  it("reads back the same JS values drizzle writes: Dates to the millisecond, JSON with its key order", async () => {
    const db = drizzle(client, { schema: pgSchema });
    const createdAt = new Date(Date.UTC(2026, 10, 27, 23, 59, 59, 987));
    await db.insert(pgSchema.pipelines).values({ id: "p1", name: "P", profile: "claude-code", headRevision: 1, createdAt, updatedAt: createdAt });
    // Keys deliberately not in jsonb's order (shorter first): `json` must keep them as written.
    const document = { version: "hookwright.pipeline/v1", id: "p1", zz: { b: 1, a: [1.5, "x", null] } } as unknown as pgSchema.PipelineRevisionRow["document"];
    await db.insert(pgSchema.pipelineRevisions).values({ pipelineId: "p1", revision: 1, document, createdAt });
    const [pipeline] = await db.select().from(pgSchema.pipelines);
    const [revision] = await db.select().from(pgSchema.pipelineRevisions);
    expect(pipeline?.createdAt).toEqual(createdAt);
    expect(pipeline?.createdAt).toBeInstanceOf(Date);
    expect(pipeline?.hookCount).toBe(0);
    expect(JSON.stringify(revision?.document)).toBe(JSON.stringify(document));
    const raw = await client.query<{ created_at: string }>("select created_at from pipelines");
    expect(raw.rows[0]?.created_at).toBe(String(createdAt.getTime()));
    // A row written by hand in SQL gets the database's clock in milliseconds, like SQLite's default.
    const before = Date.now();
    await client.query("insert into pipelines (id, name, profile, head_revision) values ('p2', 'Q', 'claude-code', 1)");
    const [byHand] = await db.select().from(pgSchema.pipelines).where(eq(pgSchema.pipelines.id, "p2"));
    expect(Math.abs((byHand?.createdAt.getTime() ?? 0) - before)).toBeLessThan(5_000);
  });
});
