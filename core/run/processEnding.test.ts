import { describe, expect, it } from "vitest";
import type { ProcessRecord } from "../trace/events";
import { processEnding } from "./processEnding";

const record = (extra: Partial<ProcessRecord>): ProcessRecord => ({ command: "x", language: "bash", stdin: "{}", stdout: "", stderr: "", exitCode: 0, signal: null, timedOut: false, ...extra });

describe("processEnding", () => {
  it("names the exit code, a timeout, the output limit, a signal, or a refusal", () => {
    expect(processEnding(record({ exitCode: 2 }), 12)).toBe("exit 2");
    expect(processEnding(record({ exitCode: null, signal: "SIGKILL", timedOut: true }), 1000.4)).toBe("killed: timed out after 1000 ms");
    expect(processEnding(record({ exitCode: null, signal: "SIGKILL", outputLimitHit: true }), 5)).toBe("killed: printed more than the sandbox allows");
    expect(processEnding(record({ exitCode: null, signal: "SIGSEGV" }), 5)).toBe("killed by SIGSEGV");
    expect(processEnding(record({ exitCode: null, signal: "SIGKILL", diskLimitHit: true }), 5)).toBe("killed: filled the project folder past the sandbox's cap");
    expect(processEnding(record({ exitCode: null, dedupedWith: "log" }), 0)).toBe("not run again: the identical command of log ran once for this event");
    expect(processEnding(record({ exitCode: null, refused: "no bwrap" }), 0)).toBe("not run");
  });
});
