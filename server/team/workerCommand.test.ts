import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../cli/main";

/* `hookwright worker` serves a team server only: without a PostgreSQL DATABASE_URL it says so and stops. */

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t), cwd: process.cwd() } };
}

describe("hookwright worker", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("refuses to start without DATABASE_URL, saying what to set", async () => {
    vi.stubEnv("DATABASE_URL", "");
    const { err, io } = capture();
    expect(await main(["worker"], io)).toBe(2);
    expect(err.join("")).toBe("hookwright worker: set DATABASE_URL=postgres://… (a worker serves a team server; without DATABASE_URL, `npm start` runs runs itself)\n");
  });

  it("refuses a DATABASE_URL that is not PostgreSQL", async () => {
    vi.stubEnv("DATABASE_URL", "mysql://db/hookwright");
    const { err, io } = capture();
    expect(await main(["worker"], io)).toBe(2);
    expect(err.join("")).toContain('DATABASE_URL must be a postgres://… URL (it starts with "mysql:")');
  });

  it("is listed in the help", async () => {
    const { out, io } = capture();
    expect(await main(["--help"], io)).toBe(0);
    expect(out.join("")).toContain("worker   take runs from the team's queue on PostgreSQL and execute them (team mode)");
  });
});
