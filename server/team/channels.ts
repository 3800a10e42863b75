import pg from "pg";

/*
 * The PostgreSQL side of team mode that is not the store: the NOTIFY channels, and a connection
 * that LISTENs on some of them and comes back after a lost connection.
 *
 * Payloads are ids only: PostgreSQL refuses a payload over 8000 bytes, and every reader reads
 * what it needs from the store anyway. The one exception is a model's streaming reply text,
 * which is never stored (./textFeed.ts cuts it to fit).
 */

/** A run stored new events: `{"runId","seq"}` (seq: the newest stored). Web instances feed their streams from it. */
export const RUN_EVENTS_CHANNEL = "hookwright_run";
/** A job was queued: workers fetch at once instead of at their next poll. Empty payload. */
export const RUN_JOBS_CHANNEL = "hookwright_run_jobs";
/** A piece of a real model's reply as it streams: `{"runId","call","text"}` (./textFeed.ts). */
export const RUN_TEXT_CHANNEL = "hookwright_run_text";
/** A run's cancel: `{"cancel": runId}`; the worker holding the run stops it. */
export const RUN_CONTROL_CHANNEL = "hookwright_run_control";

export type Handlers = Record<string, (payload: string) => void>;

export interface ChannelListener {
  /** Resolves once the first LISTEN is in place. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

const RECONNECT_MS = 1000;

/**
 * One dedicated connection LISTENing on each channel of `handlers`. A lost connection is made
 * again after a second; `onReconnect` then runs, since notifications sent meanwhile are gone.
 */
export function listenOn(url: string, handlers: Handlers, options: { onReconnect?: () => void } = {}): ChannelListener {
  let client: pg.Client | null = null;
  let closed = false;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => handlers[message.channel]?.(message.payload ?? ""));
    next.on("error", () => void next.end().catch(() => {}));
    next.on("end", () => {
      if (client === next) client = null;
      if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    });
    await next.connect();
    for (const channel of Object.keys(handlers)) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
    if (closed) await next.end();
  }

  async function reconnect(): Promise<void> {
    if (closed || client) return;
    try {
      await connect();
      options.onReconnect?.();
    } catch (error) {
      console.error(`hookwright: listening for ${Object.keys(handlers).join(", ")} failed (${error instanceof Error ? error.message : String(error)}); trying again`);
      if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    }
  }

  const ready = connect();
  return {
    ready,
    async close() {
      closed = true;
      await ready.catch(() => {});
      await client?.end().catch(() => {});
      client = null;
    },
  };
}

/** Sends one notification (payload at most 8000 bytes: ids only). */
export async function notify(db: pg.Pool, channel: string, payload: string): Promise<void> {
  await db.query("SELECT pg_notify($1, $2)", [channel, payload]);
}
