/**
 * Test-only: a small XML 1.0 well-formedness check (declaration, nested elements with quoted
 * attributes, text with the predefined and numeric entities), returning the element tree, so a
 * test can assert that a JUnit file parses without a parser dependency.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = "[A-Za-z_:][-A-Za-z0-9_:.]*";
const ENTITY = /&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g;

function decode(raw: string, where: number): string {
  if (/[<]/.test(raw)) throw new Error(`"<" in text or attribute at ${where}`);
  const bare = raw.replace(ENTITY, "");
  if (bare.includes("&")) throw new Error(`an "&" that starts no entity at ${where}`);
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return raw.replace(ENTITY, (_, e: string) => (e.startsWith("#x") ? String.fromCodePoint(parseInt(e.slice(2), 16)) : e.startsWith("#") ? String.fromCodePoint(Number(e.slice(1))) : (named[e] as string)));
}

export function parseXml(xml: string): XmlElement {
  let i = 0;
  const decl = /^<\?xml[^?]*\?>\s*/.exec(xml);
  if (decl) i = decl[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const tag = new RegExp(`^<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"]*"|'[^']*'))*)\\s*(/?)>`);
  const attr = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "g");
  while (i < xml.length) {
    const lt = xml.indexOf("<", i);
    const textEnd = lt === -1 ? xml.length : lt;
    const raw = xml.slice(i, textEnd);
    if (raw.trim() !== "") {
      const top = stack.at(-1);
      if (!top) throw new Error(`text outside the root element at ${i}`);
      top.text += decode(raw, i);
    }
    if (lt === -1) break;
    const m = tag.exec(xml.slice(lt));
    if (!m) throw new Error(`malformed tag at ${lt}: ${xml.slice(lt, lt + 40)}`);
    const [whole, closing, name, attrs, selfClosing] = m as unknown as [string, string, string, string, string];
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> at ${lt} closes ${open ? `<${open.name}>` : "nothing"}`);
    } else {
      const attributes: Record<string, string> = {};
      for (const a of attrs.matchAll(attr)) {
        const key = a[1] as string;
        if (key in attributes) throw new Error(`duplicate attribute ${key} at ${lt}`);
        attributes[key] = decode(a[2] ?? a[3] ?? "", lt);
      }
      const el: XmlElement = { name, attributes, children: [], text: "" };
      const parent = stack.at(-1);
      if (parent) parent.children.push(el);
      else if (root) throw new Error(`a second root element at ${lt}`);
      else root = el;
      if (!selfClosing) stack.push(el);
    }
    i = lt + whole.length;
  }
  if (stack.length > 0) throw new Error(`<${stack.at(-1)?.name}> is never closed`);
  if (!root) throw new Error("no root element");
  return root;
}
