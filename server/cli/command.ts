/** What a subcommand may touch: its output streams and the directory paths are relative to. */
export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
}

/** One `hookwright <name>` subcommand. Modules under server/cli default-export one. */
export interface Command {
  name: string;
  /** One line for `hookwright --help`. */
  summary: string;
  usage: string;
  /** Runs with the arguments after the subcommand name; resolves to the process exit code. */
  run(args: readonly string[], io: CliIO): Promise<number>;
}

/** A command-line mistake: printed with the command's usage, exit code 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

/**
 * Splits `args` into positionals and `--flag` / `--flag value` / `--flag=value` options.
 * @throws {UsageError} for a flag not in `known`, or a value flag without its value.
 */
export function parseArgs(args: readonly string[], known: Record<string, "boolean" | "value">): { positionals: string[]; flags: Record<string, string | true> } {
  const positionals: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith("--") || arg === "--") {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const kind = known[name];
    if (!kind) throw new UsageError(`unknown option --${name}`);
    if (kind === "boolean") {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
      flags[name] = true;
    } else {
      const value = eq !== -1 ? arg.slice(eq + 1) : args[++i];
      if (value === undefined || value === "") throw new UsageError(`--${name} needs a value`);
      flags[name] = value;
    }
  }
  return { positionals, flags };
}
