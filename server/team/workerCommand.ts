import { setFlagsFromString } from "node:v8";
import { openStore, storeConfigFrom } from "../../db/openStore";
import type { Command } from "../cli/command";
import { runPoolConfigFromEnv } from "../runs/workers/config";
import { startTeamWorker } from "./worker";

/**
 * `hookwright worker` (`npm run worker`): a run worker of a team server. It needs DATABASE_URL
 * (PostgreSQL: with SQLite runs execute inside `npm start` and there is nothing to take) and runs
 * HOOKWRIGHT_RUN_WORKERS threads. SIGTERM or SIGINT: stop taking jobs, let runs in progress end.
 */
const command: Command = {
  name: "worker",
  summary: "take runs from the team's queue on PostgreSQL and execute them (team mode)",
  usage: "hookwright worker   (DATABASE_URL=postgres://…, HOOKWRIGHT_RUN_WORKERS threads)",
  async run(_args, io) {
    let config;
    try {
      config = storeConfigFrom();
    } catch (error) {
      io.stderr(`${error instanceof Error ? error.message : String(error)}\n`);
      return 2;
    }
    if (config.dialect !== "postgres") {
      io.stderr("hookwright worker: set DATABASE_URL=postgres://… (a worker serves a team server; without DATABASE_URL, `npm start` runs runs itself)\n");
      return 2;
    }
    // The CLI runs QuickJS on V8's baseline compiler only, right for a short process (bin/cliProcess.mjs);
    // a worker lives long like the server, so its run threads get the server's default tiering back.
    setFlagsFromString("--no-liftoff-only");
    const store = await openStore(config);
    const pool = runPoolConfigFromEnv();
    const worker = await startTeamWorker({ store, url: config.url, pool });
    io.stdout(`hookwright worker ${worker.key}: taking runs with ${pool.workers} threads\n`);
    await new Promise<void>((resolve) => {
      process.once("SIGTERM", resolve);
      process.once("SIGINT", resolve);
    });
    io.stdout("hookwright worker: stopping (runs in progress finish first)\n");
    await worker.close();
    await store.close();
    return 0;
  },
};

export default command;
