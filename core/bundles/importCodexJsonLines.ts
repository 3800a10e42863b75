/**
 * The line (from 1) each value of a JSON document starts on, by its path as the Codex importer
 * names fields (`hooks.PreToolUse[0].hooks[1].timeout`), so an error in a hooks.json can name its
 * line as one in config.toml does. The text must already be valid JSON (JSON.parse accepted it):
 * this only walks it.
 */
export function jsonLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let pos = 0;
  let line = 1;

  const skipBlank = () => {
    for (; pos < text.length; pos++) {
      const c = text.charAt(pos);
      if (c === "\n") line++;
      else if (c !== " " && c !== "\t" && c !== "\r") return;
    }
  };
  const string = (): string => {
    const start = pos;
    for (pos++; pos < text.length && text.charAt(pos) !== '"'; pos++) if (text.charAt(pos) === "\\") pos++;
    pos++;
    return JSON.parse(text.slice(start, pos)) as string;
  };
  const child = (path: string, key: string | number) => (typeof key === "number" ? `${path}[${key}]` : path === "" ? key : `${path}.${key}`);

  const value = (path: string): void => {
    skipBlank();
    if (path !== "") lines.set(path, line);
    const c = text.charAt(pos);
    if (c === "{") {
      pos++;
      for (;;) {
        skipBlank();
        if (text.charAt(pos) === "}") break;
        const key = string();
        skipBlank();
        pos++; // the colon
        value(child(path, key));
        skipBlank();
        if (text.charAt(pos) === ",") pos++;
      }
      pos++;
    } else if (c === "[") {
      pos++;
      for (let i = 0; ; i++) {
        skipBlank();
        if (text.charAt(pos) === "]") break;
        value(child(path, i));
        skipBlank();
        if (text.charAt(pos) === ",") pos++;
      }
      pos++;
    } else if (c === '"') string();
    else while (pos < text.length && /[^\s,\]}]/.test(text.charAt(pos))) pos++;
  };

  value("");
  return lines;
}
