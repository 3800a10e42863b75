/**
 * Header names and values of an HTTP fixture as a user types them (issue 15). A name is an
 * HTTP token (RFC 9110: letters, digits and ! # $ % & ' * + - . ^ _ ` | ~); names ignore case,
 * so two rows naming the same header are a mistake; a value cannot hold a line break.
 */

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export interface HeaderRow {
  name: string;
  value: string;
}

/** What is wrong with each row (null: nothing), in plain words for the row's inline error. */
export function headerRowProblems(rows: readonly HeaderRow[]): (string | null)[] {
  return rows.map((row, i) => {
    if (row.name === "") return "a header needs a name";
    if (!TOKEN.test(row.name)) {
      return /[\s:]/.test(row.name)
        ? `"${row.name}" is not a header name: no spaces or colons (the value goes in its own field)`
        : `"${row.name}" is not a header name: letters, digits and ! # $ % & ' * + - . ^ _ \` | ~ only`;
    }
    const first = rows.findIndex((other) => other.name.toLowerCase() === row.name.toLowerCase());
    if (first !== i) return `${row.name} is given twice (header names ignore case)`;
    if (/[\r\n\0]/.test(row.value)) return `the value of ${row.name} cannot hold a line break`;
    return null;
  });
}

/** The rows as a fixture's `headers`, in order. */
export function headersOf(rows: readonly HeaderRow[]): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

/** A fixture's `headers` as rows, in order. */
export function headerRows(headers: Readonly<Record<string, string>>): HeaderRow[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}
