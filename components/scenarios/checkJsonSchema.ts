/**
 * A small JSON Schema check for scripted tool calls: `type`, `enum`, `required`, `properties`,
 * `additionalProperties: false` and `items`, which is what tool input schemas use in practice.
 * Anything else in the schema is ignored rather than guessed at. Returns one plain-words problem
 * per violation, each naming the path (`input.query: …`); an empty list when the value fits.
 */
export function checkJsonSchema(value: unknown, schema: unknown, path = "input"): string[] {
  if (!isObject(schema)) return [];
  const problems: string[] = [];
  const types = typeList(schema["type"]);
  if (types && !types.some((t) => hasType(value, t))) {
    problems.push(`${path}: expected ${types.join(" or ")}, got ${typeOf(value)}`);
    return problems;
  }
  const allowed = schema["enum"];
  if (Array.isArray(allowed) && !allowed.some((a) => JSON.stringify(a) === JSON.stringify(value))) {
    problems.push(`${path}: must be one of ${allowed.map((a) => JSON.stringify(a)).join(", ")}`);
  }
  if (isObject(value)) {
    const properties = isObject(schema["properties"]) ? schema["properties"] : {};
    const required = Array.isArray(schema["required"]) ? schema["required"].filter((r): r is string => typeof r === "string") : [];
    for (const key of required) if (!(key in value)) problems.push(`${path}: "${key}" is required`);
    for (const [key, v] of Object.entries(value)) {
      if (key in properties) problems.push(...checkJsonSchema(v, properties[key], `${path}.${key}`));
      else if (schema["additionalProperties"] === false) problems.push(`${path}: "${key}" is not one of the tool's inputs`);
    }
  }
  if (Array.isArray(value) && isObject(schema["items"])) {
    value.forEach((item, i) => problems.push(...checkJsonSchema(item, schema["items"], `${path}[${i}]`)));
  }
  return problems;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function typeList(t: unknown): string[] | null {
  if (typeof t === "string") return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === "string");
  return null;
}

function hasType(v: unknown, t: string): boolean {
  switch (t) {
    case "integer":
      return Number.isInteger(v);
    case "number":
      return typeof v === "number";
    case "object":
      return isObject(v);
    case "array":
      return Array.isArray(v);
    case "null":
      return v === null;
    default:
      return typeof v === t;
  }
}

function typeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "object") return "an object";
  if (Number.isInteger(v)) return "an integer";
  return `a ${typeof v}`;
}
