import type { CliIO, Command } from "./command";

/**
 * `hookwright <command> ...`. Each subcommand is a module default-exporting a {@link Command},
 * loaded only when used (the sandbox's WebAssembly is not loaded for `--help`). Registering a
 * command is one line here.
 */
const commands: Record<string, () => Promise<{ default: Command }>> = {
  run: () => import("./run"),
  test: () => import("./test"),
  export: () => import("./export"),
  import: () => import("./import"),
  "import-session": () => import("./importSession"),
  worker: () => import("../team/workerCommand"),
};

export async function main(args: readonly string[], io: CliIO = processIO()): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout(`${await helpText()}\n`);
    return name === undefined ? 2 : 0;
  }
  const load = Object.prototype.hasOwnProperty.call(commands, name) ? commands[name] : undefined;
  if (!load) {
    io.stderr(`hookwright: unknown command "${name}" (commands: ${Object.keys(commands).join(", ")})\n`);
    return 2;
  }
  const command = (await load()).default;
  if (rest.includes("--help") || rest.includes("-h")) {
    io.stdout(`usage: ${command.usage}\n`);
    return 0;
  }
  return command.run(rest, io);
}

async function helpText(): Promise<string> {
  const lines = ["usage: hookwright <command> [options]", "", "commands:"];
  for (const load of Object.values(commands)) {
    const c = (await load()).default;
    lines.push(`  ${c.name.padEnd(8)} ${c.summary}`, `           ${c.usage}`);
  }
  return lines.join("\n");
}

function processIO(): CliIO {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    cwd: process.cwd(),
  };
}
