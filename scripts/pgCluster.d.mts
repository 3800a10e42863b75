/** Types of scripts/pgCluster.mjs (plain JavaScript, also run as `node scripts/pgCluster.mjs start`). */
export interface PostgresDeps {
  env: Record<string, string | undefined>;
  exists: (file: string) => boolean;
  list: (dir: string) => string[];
  isRoot: boolean;
  hasApt: boolean;
  run: (command: string, args: string[]) => Promise<number>;
  log: (line: string) => void;
}
export type EnsurePostgresResult = { ok: true; bin: string; installed: boolean } | { ok: false; message: string };
export interface PgCluster {
  /** postgres://postgres:<password>@127.0.0.1:<port>/<database> */
  url: string;
  port: number;
  dataDir: string;
  /** Milliseconds: initdb, start (until the first connection), total (including CREATE DATABASE). */
  timings: { initdb: number; start: number; total: number };
  /** Stops the server and deletes its folder. */
  stop: () => Promise<void>;
}
export const NO_POSTGRES_MESSAGE: string;
export function findPostgresBin(deps: Pick<PostgresDeps, "env" | "exists" | "list">): string | null;
export function ensurePostgres(deps: PostgresDeps): Promise<EnsurePostgresResult>;
export function machineDeps(): PostgresDeps;
export function startCluster(options?: { database?: string; bin?: string; timeoutMs?: number }): Promise<PgCluster>;
