/**
 * The syntax check of a Python hook on save: the module is compiled (`ast.parse`, Python 3.11's
 * grammar, as FIM One supports 3.11+) by the system's python3 inside the process sandbox, never
 * outside it, and its problems come back as the editor shows TypeScript's (line, column, message).
 * Imports other than the standard library and the host's stand-in module are warnings.
 */
import { ProcessSandboxError, runSandboxedProcess } from "./process";

export interface PythonProblem {
  severity: "error" | "warning";
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
}

/** The check's answer: the problems, or why it could not run (no sandbox, no python3). */
export type PythonSyntaxCheck = { checked: true; python: string; problems: PythonProblem[] } | { checked: false; reason: string };

// argv[1]: the stand-in module's name. Reads the module on stdin, prints one JSON object.
const CHECK = `
import ast, json, sys
source = sys.stdin.read()
stand_in = sys.argv[1]
problems = []
def add(severity, node_or_error, message, line=None, column=None, end_line=None, end_column=None):
    problems.append({"severity": severity, "line": line or 1, "column": column or 1, "endLine": end_line or line or 1, "endColumn": end_column or (column or 1) + 1, "message": message})
try:
    tree = ast.parse(source, filename="hook.py", feature_version=(3, 11))
except SyntaxError as e:
    add("error", e, f"{type(e).__name__}: {e.msg} (Python 3.11)", e.lineno, e.offset, getattr(e, "end_lineno", None), getattr(e, "end_offset", None))
else:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            if name == stand_in or top == "__future__" or top in sys.stdlib_module_names:
                continue
            add("warning", node, f"{name} is not in the standard library: a Python hook may import only the standard library and {stand_in}", node.lineno, node.col_offset + 1, node.end_lineno, node.end_col_offset + 1)
print(json.dumps({"python": sys.version.split()[0], "problems": problems}))
`;

const MAX_CODE_BYTES = 1024 * 1024;

/**
 * Compiles `code` in the sandboxed python3 and returns its problems.
 *
 * @param args.standIn the host's stand-in module (`fim_one_hooks`), the one non-standard import allowed
 * @returns the problems (an empty list: it compiles), or `checked: false` with the reason when the
 *   sandbox or python3 is not available here
 * @throws {ProcessSandboxError} BAD_SPEC / SETUP_FAILED (a host problem, not the user's)
 * @example await checkPythonSyntax({ code: "def f(:\n", standIn: "fim_one_hooks" }) // { checked: true, problems: [{ line: 1, column: 7, message: "SyntaxError: invalid syntax (Python 3.11)", … }] }
 */
export async function checkPythonSyntax(args: { code: string; standIn: string }): Promise<PythonSyntaxCheck> {
  if (new TextEncoder().encode(args.code).byteLength > MAX_CODE_BYTES) return { checked: false, reason: "the module is over 1 MB; it was not checked" };
  let result;
  try {
    result = await runSandboxedProcess({
      command: { argv: ["python3", "-I", "-S", "-B", "-c", CHECK, args.standIn] },
      stdin: args.code,
      limits: { timeoutMs: 10_000, cpuSeconds: 10, memoryBytes: 512 * 1024 ** 2, stdoutBytes: 256 * 1024 },
    });
  } catch (error) {
    if (error instanceof ProcessSandboxError && error.code === "UNAVAILABLE") return { checked: false, reason: `Python hooks are checked only inside the process sandbox, which is not available here: ${error.message}` };
    throw error;
  }
  if (result.exitCode === 127) return { checked: false, reason: "python3 is not installed on this machine, so the sandbox cannot check Python hooks (install it, e.g. apt-get install python3)" };
  if (result.exitCode !== 0) return { checked: false, reason: `the sandboxed python3 ${result.timedOut ? "timed out" : `ended with exit ${String(result.exitCode)}`}: ${result.stderr.trim().split("\n").at(-1) ?? ""}` };
  const parsed = JSON.parse(result.stdout) as { python: string; problems: PythonProblem[] };
  return { checked: true, python: parsed.python, problems: parsed.problems };
}
