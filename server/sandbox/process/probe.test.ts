import { describe, expect, it } from "vitest";
import { probeWith, type ProbeDeps } from "./probe";

/* The probe's answers on pretend machines: what is missing, and the one thing to do about it. */

function deps(overrides: Partial<ProbeDeps> = {}): ProbeDeps {
  return {
    platform: "linux",
    env: {},
    findTool: (name) => `/usr/bin/${name}`,
    trial: () => Promise.resolve({ ok: true, version: "bubblewrap 0.8.0" }),
    ...overrides,
  };
}

describe("probeWith", () => {
  it("is available when bwrap, prlimit and a trial sandbox all work", async () => {
    expect(await probeWith(deps())).toEqual({ available: true, bwrap: "/usr/bin/bwrap", prlimit: "/usr/bin/prlimit", version: "bubblewrap 0.8.0" });
  });

  it("says to install bubblewrap when there is none", async () => {
    const probe = await probeWith(deps({ findTool: (name) => (name === "bwrap" ? null : `/usr/bin/${name}`) }));
    expect(probe).toEqual({ available: false, reason: "bubblewrap (bwrap) is not installed", fix: "apt-get install bubblewrap" });
  });

  it("says HOOKWRIGHT_BWRAP points nowhere", async () => {
    const probe = await probeWith(deps({ env: { HOOKWRIGHT_BWRAP: "/nope/bwrap" } }));
    expect(probe).toMatchObject({ available: false, reason: "HOOKWRIGHT_BWRAP is /nope/bwrap, which is not an executable file" });
  });

  it("passes on bwrap's own words when it cannot make namespaces", async () => {
    const probe = await probeWith(deps({ trial: () => Promise.resolve({ ok: false, stderr: "bwrap: No permissions to create new namespace, likely because the kernel does not allow non-privileged user namespaces.\n" }) }));
    expect(probe).toMatchObject({ available: false, reason: "bwrap cannot create namespaces here: bwrap: No permissions to create new namespace, likely because the kernel does not allow non-privileged user namespaces." });
    expect(probe.available || probe.fix).toContain("unprivileged user namespaces");
  });

  it("tells a sandbox that cannot be set up from namespaces refused", async () => {
    const probe = await probeWith(deps({ trial: () => Promise.resolve({ ok: false, stderr: "bwrap: Can't find source path /tmp/x/project: Permission denied" }) }));
    expect(probe).toMatchObject({ available: false, reason: "bwrap cannot set a sandbox up here: bwrap: Can't find source path /tmp/x/project: Permission denied" });
    expect(probe.available || probe.fix).toContain("TMPDIR");
  });

  it("refuses other systems than Linux, and a machine without prlimit", async () => {
    expect(await probeWith(deps({ platform: "darwin" }))).toMatchObject({ available: false, reason: "command hooks need Linux namespaces, and this server runs on darwin" });
    expect(await probeWith(deps({ findTool: (name) => (name === "prlimit" ? null : `/usr/bin/${name}`) }))).toMatchObject({ available: false, fix: "apt-get install util-linux" });
  });
});
