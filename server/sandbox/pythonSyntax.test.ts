import { describe, expect, it } from "vitest";
import { fimOneProfile } from "~/core/profiles";
import { checkPythonSyntax } from "./pythonSyntax";
import { skipReason } from "./process/testSandbox";

const standIn = "fim_one_hooks";

describe.skipIf(skipReason !== null)("checkPythonSyntax", () => {
  it("finds nothing wrong with the profile's templates", async () => {
    for (const point of ["SessionStart", "PreToolUse", "PostToolUse"]) {
      const check = await checkPythonSyntax({ code: fimOneProfile.pythonAuthoring?.template(point) ?? "", standIn });
      expect(check).toMatchObject({ checked: true, problems: [] });
    }
  });

  it("gives a syntax error's line, column and message", async () => {
    const check = await checkPythonSyntax({ code: "from fim_one_hooks import HookResult\n\ndef should_trigger(self, ctx:\n    return True\n", standIn });
    expect(check).toEqual({
      checked: true,
      python: expect.stringMatching(/^3\./) as unknown as string,
      problems: [{ severity: "error", line: 3, column: 19, endLine: 3, endColumn: 20, message: "SyntaxError: '(' was never closed (Python 3.11)" }],
    });
  });

  it("warns about an import outside the standard library and the stand-in", async () => {
    const check = await checkPythonSyntax({ code: "import json\nimport requests\nfrom fim_one.db import x\n", standIn });
    expect(check.checked && check.problems.map((p) => [p.severity, p.line, p.column, p.message])).toEqual([
      ["warning", 2, 1, "requests is not in the standard library: a Python hook may import only the standard library and fim_one_hooks"],
      ["warning", 3, 1, "fim_one.db is not in the standard library: a Python hook may import only the standard library and fim_one_hooks"],
    ]);
  });

  it("refuses syntax newer than Python 3.11", async () => {
    const check = await checkPythonSyntax({ code: "type Alias = int\n", standIn });
    expect(check.checked && check.problems[0]?.message).toMatch(/^SyntaxError: .*\(Python 3\.11\)$/);
  });
});
