import { describe, expect, it } from "vitest";
import { bwrapArgs, type SandboxMounts } from "./bwrapArgs";
import { DEFAULT_PROCESS_LIMITS } from "./types";

/* The isolation as one command line: what is shared with the host and what is not. */

const mounts: SandboxMounts = {
  rootEntries: [
    { name: "bin", kind: "symlink", target: "usr/bin" },
    { name: "lib", kind: "directory" },
  ],
  etcBinds: ["/etc/alternatives"],
  etcFiles: { "/etc/passwd": "/tmp/run/etc/passwd" },
  projectDir: "/tmp/run/project",
  readOnlyFolders: [{ hostDir: "/tmp/run/read-only-0", at: "/home/user/.claude/plugins/p" }],
  nodeBinary: "/root/.nvm/versions/node/v20/bin/node",
  prlimit: "/usr/bin/prlimit",
};

const args = bwrapArgs({ mounts, limits: { ...DEFAULT_PROCESS_LIMITS, memoryBytes: 1000, cpuSeconds: 5, maxProcesses: 7, fileSizeBytes: 99, tmpBytes: 4096 }, cwd: "/home/user/project", argv: ["/bin/sh", "-c", "echo hi"] });
const line = args.join(" ");

describe("bwrapArgs", () => {
  it("unshares every namespace, drops capabilities and dies with the server", () => {
    for (const flag of ["--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent", "--new-session"]) expect(args).toContain(flag);
    expect(line).toContain("--cap-drop ALL");
    expect(args).not.toContain("--share-net");
  });

  it("binds the system read-only, the project folder read-write, and nothing else of the host", () => {
    expect(line).toContain("--ro-bind /usr /usr --symlink usr/bin /bin --ro-bind /lib /lib --ro-bind /etc/alternatives /etc/alternatives --ro-bind /tmp/run/etc/passwd /etc/passwd");
    expect(line).toContain("--ro-bind /root/.nvm/versions/node/v20/bin/node /opt/hookwright/bin/node");
    const writable = args.flatMap((arg, i) => (arg === "--bind" ? [`${args[i + 1] ?? ""} ${args[i + 2] ?? ""}`] : []));
    expect(writable).toEqual(["/tmp/run/project /home/user/project"]);
    expect(line).toContain("--size 4096 --tmpfs /tmp --size 4096 --tmpfs /home/user --bind /tmp/run/project /home/user/project --ro-bind /tmp/run/read-only-0 /home/user/.claude/plugins/p");
    expect(line).toContain("--remount-ro /");
  });

  it("sets the caps with prlimit, then runs the command as given", () => {
    expect(line).toContain("/usr/bin/prlimit --as=1000 --cpu=5:6 --nproc=7 --fsize=99 --core=0 --nofile=1024 -- /bin/sh -c echo hi");
    expect(args.at(-1)).toBe("echo hi");
  });
});
