/**
 * A call's spec checked and completed: defaults filled in, the command as an argv, the working
 * directory inside the project folder, the environment exactly as the command will see it.
 */
import path from "node:path";
import { ProcessSandboxError } from "./errors";
import { baseEnvironment, SANDBOX_HOME, SANDBOX_PROJECT_DIR } from "./layout";
import { checkedRelativePath } from "./projectFolder";
import { DEFAULT_PROCESS_LIMITS, type ProcessLimits, type SandboxedProcessSpec, type SandboxFile, type SandboxFolder } from "./types";

export interface ResolvedSpec {
  readonly argv: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly stdin: Buffer;
  readonly files: readonly SandboxFile[];
  readonly readOnlyFolders: readonly SandboxFolder[];
  readonly limits: ProcessLimits;
}

function resolveLimits(given: Partial<ProcessLimits> | undefined): ProcessLimits {
  const limits = { ...DEFAULT_PROCESS_LIMITS, ...given };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value <= 0) throw new ProcessSandboxError("BAD_SPEC", `limit ${name} must be a positive whole number, not ${String(value)}`);
  }
  return limits;
}

function resolveCwd(cwd: string | undefined): string {
  if (cwd === undefined || cwd === "" || cwd === ".") return SANDBOX_PROJECT_DIR;
  const absolute = path.posix.resolve(SANDBOX_PROJECT_DIR, cwd);
  if (absolute !== SANDBOX_PROJECT_DIR && !absolute.startsWith(`${SANDBOX_PROJECT_DIR}/`)) {
    throw new ProcessSandboxError("BAD_SPEC", `working directory ${JSON.stringify(cwd)} is outside the project folder ${SANDBOX_PROJECT_DIR}`);
  }
  return absolute;
}

const inside = (child: string, parent: string) => child === parent || child.startsWith(`${parent}/`);

function resolveFolders(folders: readonly SandboxFolder[]): SandboxFolder[] {
  const seen: string[] = [];
  return folders.map((folder) => {
    const at = path.posix.normalize(folder.at).replace(/\/+$/, "");
    const bad =
      !folder.at.startsWith("/") ||
      folder.at.includes("\0") ||
      !inside(at, SANDBOX_HOME) ||
      at === SANDBOX_HOME ||
      inside(at, SANDBOX_PROJECT_DIR) ||
      inside(SANDBOX_PROJECT_DIR, at) ||
      seen.some((other) => inside(at, other) || inside(other, at));
    if (bad) throw new ProcessSandboxError("BAD_SPEC", `read-only folder ${JSON.stringify(folder.at)} must be a folder under ${SANDBOX_HOME}, outside the project folder and the other read-only folders`);
    seen.push(at);
    for (const file of folder.files) checkedRelativePath(file.path);
    return { at, files: folder.files };
  });
}

function resolveEnv(given: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const env = baseEnvironment();
  for (const [name, value] of Object.entries(given ?? {})) {
    if (name === "" || name.includes("=") || name.includes("\0") || value.includes("\0")) {
      throw new ProcessSandboxError("BAD_SPEC", `environment variable ${JSON.stringify(name)} cannot be passed (a name with "=" or a NUL byte)`);
    }
    env[name] = value;
  }
  return env;
}

function resolveArgv(command: SandboxedProcessSpec["command"]): readonly string[] {
  const argv = "shell" in command ? ["/bin/sh", "-c", command.shell] : command.argv;
  if (argv.length === 0 || argv[0] === "" || ("shell" in command && command.shell.trim() === "")) throw new ProcessSandboxError("BAD_SPEC", "the command is empty");
  if (argv.some((arg) => arg.includes("\0"))) throw new ProcessSandboxError("BAD_SPEC", "the command contains a NUL byte");
  return argv;
}

/**
 * @throws {ProcessSandboxError} BAD_SPEC, saying what is wrong
 */
export function resolveSpec(spec: SandboxedProcessSpec): ResolvedSpec {
  const files = spec.files ?? [];
  for (const file of files) checkedRelativePath(file.path);
  const stdin = spec.stdin === undefined ? Buffer.alloc(0) : typeof spec.stdin === "string" ? Buffer.from(spec.stdin, "utf8") : Buffer.from(spec.stdin);
  return {
    argv: resolveArgv(spec.command),
    cwd: resolveCwd(spec.cwd),
    env: resolveEnv(spec.env),
    stdin,
    files,
    readOnlyFolders: resolveFolders(spec.readOnlyFolders ?? []),
    limits: resolveLimits(spec.limits),
  };
}
