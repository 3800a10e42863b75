/**
 * The signature and starter code of a hook in the JSON-in/JSON-out style Claude Code and Codex
 * share (`async (input: <Event>HookInput) => HookJSONOutput<…>`), imported from the profile's
 * types module: one writer for both profiles' points.
 */
export function jsonHookTemplate(options: { typesModule: string; event: string; specific: boolean; body: readonly string[] }): { inputType: string; returnType: string; template: string } {
  const { typesModule, event, specific, body } = options;
  const inputType = `${event}HookInput`;
  const outputType = specific ? `HookJSONOutput<${event}HookSpecificOutput>` : "HookJSONOutput";
  const imports = [inputType, "HookJSONOutput", ...(specific ? [`${event}HookSpecificOutput`] : [])];
  const returnType = `Promise<${outputType} | void>`;
  const template = [
    `import type { ${imports.join(", ")} } from "${typesModule}";`,
    "",
    `export default async (input: ${inputType}): ${returnType} => {`,
    ...body.map((line) => (line ? `  ${line}` : "")),
    "};",
    "",
  ].join("\n");
  return { inputType, returnType, template };
}
