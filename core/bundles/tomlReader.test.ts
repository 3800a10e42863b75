import { describe, expect, it } from "vitest";
import { readToml, TomlError, TomlFloat } from "./tomlReader";
import { tomlKey, tomlString, tomlValue } from "./tomlWriter";

/** A config.toml as Codex users write it: settings, then hooks as arrays of tables and inline tables. */
const CONFIG = `# ~/.codex/config.toml
model = "gpt-5.5"
approval_policy = "never"
model_reasoning_summary_max = 1_000
temperature = 0.5

[features]
hooks = true

[projects."/home/me/app"]
trust_level = "trusted"

[[hooks.PreToolUse]]
matcher = "Bash"

[[hooks.PreToolUse.hooks]]
type = "command"
command = 'python3 "$(git rev-parse --show-toplevel)/.codex/hooks/guard.py"'
timeout = 30
statusMessage = "Checking the command"

[[hooks.PreToolUse.hooks]]
type = "command"
command = "echo \\"two\\" \\\\ \\u00e9\\t$HOME"

[[hooks.Stop]]
hooks = [
  { type = "command", command = "./stop.sh", timeout = 5 }, # trailing comment
  { type = "command", command = """
line one
line two\\
    continued""" },
]

[hooks.state."/home/me/.codex/hooks.json:pre_tool_use:0:0"]
trusted_hash = "sha256:abc"
`;

function error(text: string): TomlError {
  try {
    readToml(text);
  } catch (e) {
    if (e instanceof TomlError) return e;
    throw e;
  }
  throw new Error("expected a TomlError");
}

describe("readToml", () => {
  it("reads a Codex config.toml with hook tables, inline tables, every string form and line numbers", () => {
    const { value, lines } = readToml(CONFIG);
    expect(value.model).toBe("gpt-5.5");
    expect(value.model_reasoning_summary_max).toBe(1000);
    expect(value.temperature).toEqual(new TomlFloat(0.5));
    expect(value.projects).toEqual({ "/home/me/app": { trust_level: "trusted" } });
    expect(value.hooks).toEqual({
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            { type: "command", command: 'python3 "$(git rev-parse --show-toplevel)/.codex/hooks/guard.py"', timeout: 30, statusMessage: "Checking the command" },
            { type: "command", command: 'echo "two" \\ é\t$HOME' },
          ],
        },
      ],
      Stop: [{ hooks: [{ type: "command", command: "./stop.sh", timeout: 5 }, { type: "command", command: "line one\nline twocontinued" }] }],
      state: { "/home/me/.codex/hooks.json:pre_tool_use:0:0": { trusted_hash: "sha256:abc" } },
    });
    expect(lines.get("hooks.PreToolUse[0]")).toBe(13);
    expect(lines.get("hooks.PreToolUse[0].matcher")).toBe(14);
    expect(lines.get("hooks.PreToolUse[0].hooks[1].command")).toBe(24);
    expect(lines.get("hooks.Stop[0].hooks[1]")).toBe(29);
    expect(lines.get("hooks.Stop[0].hooks[1].command")).toBe(29);
  });

  it("reads literal and multi-line literal strings, CRLF, integers in every base, booleans and nested arrays", () => {
    const { value } = readToml("a = 'C:\\path\\x'\r\nb = '''\r\nraw \\n ''two'''\r\nc = [0x1F, 0o17, 0b101, -3, +4]\r\nd = [[1, 2], ['x']]\r\ne = false\r\nf.g.h = 1\r\nf.g.i = 2\r\n");
    expect(value).toEqual({ a: "C:\\path\\x", b: "raw \\n ''two", c: [31, 15, 5, -3, 4], d: [[1, 2], ["x"]], e: false, f: { g: { h: 1, i: 2 } } });
  });

  it("keeps up to two quotes before the closing delimiter of a multi-line string", () => {
    expect(readToml('a = """x""""\nb = """""y"""""').value).toEqual({ a: 'x"', b: '""y""' });
  });

  it.each([
    ["a = 1\na = 2", 2, "the key a is defined twice (first on line 1)"],
    ["[t]\nx = 1\n[t]\ny = 2", 3, "the table [t] is defined twice (first on line 1)"],
    ['a = "unterminated\nb = 1', 1, 'a string is not closed with " on its line'],
    ["a = bare", 1, 'a: bare is not a TOML value; a string needs quotes ("bare")'],
    ['a = "\\q"', 1, "\\q is not a valid escape in a basic string (use \\\\ for a backslash)"],
    ["a = [1, 2", 1, "the array a is not closed with ]"],
    ["a = { x = 1,\n y = 2 }", 1, "the inline table a must be on one line"],
    ["a = { x = 1, }", 1, "the inline table a ends with a comma, which TOML does not allow"],
    ["a = { x = 1 }\n[a]", 2, "the table [a] is defined twice (first on line 1)"],
    ["a = { x = 1 }\n[a.b]", 2, "a is an inline table, which cannot be extended"],
    ["a = [1]\n[[a]]", 2, "[[a]] adds to an array of tables, but a is already an array of values (line 1)"],
    ["[[a]]\n[a]", 2, "[a] names an array; write [[a]] to add a table to it"],
    ["a = 1 b = 2", 1, 'unexpected "b" after a value; put each key = value on its own line'],
    ["x = 1979-05-27", 1, "x: dates and times are not supported here"],
    ["x = 012", 1, "x: 012 is not a valid number"],
    ["x = 99999999999999999999", 1, "x: the integer 99999999999999999999 is too large"],
    ["[a\nb = 1", 1, "the table header [a is not closed with ]"],
    ["= 1", 1, 'a key cannot start with "="; quote it'],
    ['x = """\nnever closed', 1, 'a multi-line string is not closed with """'],
    ["\n\nx =\n", 3, "the value of x is missing"],
    ['x = "\\ud800"', 1, "\\ud800 is not a Unicode scalar value"],
    ["a.b = 1\n[a]", 2, "the table [a] is defined twice (first on line 1)"],
  ])("refuses %j at line %i: %s", (text, line, reason) => {
    const e = error(text);
    expect(e.line).toBe(line);
    expect(e.reason).toBe(reason);
    expect(e.message).toBe(`line ${line}: ${reason}`);
  });
});

describe("tomlWriter", () => {
  it("escapes every character TOML needs escaped, and reads back byte for byte", () => {
    const nasty = 'node "$(git rev-parse --show-toplevel)/x.mjs" \\ \'q\' \n\t\r\b\f\u0001\u007f é 🎉 ${PLUGIN_ROOT}';
    expect(tomlString(nasty)).toBe('"node \\"$(git rev-parse --show-toplevel)/x.mjs\\" \\\\ \'q\' \\n\\t\\r\\b\\f\\u0001\\u007F é 🎉 ${PLUGIN_ROOT}"');
    expect(readToml(`k = ${tomlString(nasty)}`).value.k).toBe(nasty);
  });

  it("writes bare keys where it may and quoted keys elsewhere", () => {
    expect(tomlKey("PreToolUse")).toBe("PreToolUse");
    expect(tomlKey("/home/me/.codex/hooks.json:stop:0:0")).toBe('"/home/me/.codex/hooks.json:stop:0:0"');
    expect(tomlValue([1, "a", true, 1.5, 1e21, { "a b": "c", d: [] }])).toBe('[1, "a", true, 1.5, 1e+21, { "a b" = "c", d = [] }]');
    expect(readToml(`v = ${tomlValue([1, "a", true, 1.5, { "a b": "c" }])}`).value.v).toEqual([1, "a", true, new TomlFloat(1.5), { "a b": "c" }]);
  });
});
