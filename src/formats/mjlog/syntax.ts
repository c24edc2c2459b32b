/**
 * What is wrong with XML text that is not well-formed, said in plain words at the line and column where
 * it goes wrong: a tag never closed is reported where the document ends (a file cut short), naming the
 * tag and where it was opened; a closing tag that does not match, where it stands. Runs only on the slow
 * path (a log the mjlog tokenizer would not read), before the reference parser.
 */
import { IngestError, lineColumn } from '../core/errors.js';

const NAME = /[A-Za-z_:][-\w.:]*/y;
/**
 * Names well-formed XML allows but no mjlog has, which name a property of every JavaScript object: the
 * reference parser refuses them in its own words, with no position, so they are refused here first.
 */
const OBJECT_PROPERTIES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
const SPACE = /[ \t\r\n]*/y;
const ENTITY = /&(?:[A-Za-z_][-\w.]*|#[0-9]+|#x[0-9A-Fa-f]+);/y;

/** An open element: its name and where its tag starts. */
interface Open {
  name: string;
  at: number;
}

/** The first syntax error of `text`, or null when it is well-formed XML. */
export function xmlSyntaxError(text: string): IngestError | null {
  const fail = (at: number, reason: string) => new IngestError(`not well-formed XML: ${reason}`, lineColumn(text, at));
  const where = (at: number) => lineColumn(text, at);
  const objectProperty = (at: number, what: string) =>
    new IngestError(`${what} is no mjlog's: it names a property every JavaScript object has, which kanshi does not read`, lineColumn(text, at));
  const n = text.length;
  const open: Open[] = [];
  let rootClosed = false;
  let rootSeen = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  /** Text from `from` to `to`: entities must be whole, and outside the root only spaces may stand. */
  const checkText = (from: number, to: number): IngestError | null => {
    const entity = checkEntities(from, to);
    if (entity) return entity;
    if (open.length === 0) {
      for (let j = from; j < to; j++) {
        if (!' \t\r\n'.includes(text[j])) {
          return fail(j, rootClosed ? `text after the root element </${rootName}> ended the document` : 'text before the root element');
        }
      }
    }
    return null;
  };
  let rootName = '';

  while (i < n) {
    const lt = text.indexOf('<', i);
    const textEnd = lt < 0 ? n : lt;
    const textError = checkText(i, textEnd);
    if (textError) return textError;
    if (lt < 0) break;
    i = lt;
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) return fail(n, `the document ends inside a comment opened at ${where(i)}: the file may be cut short`);
      i = end + 3;
    } else if (text.startsWith('<![CDATA[', i)) {
      if (open.length === 0) return fail(i, 'a CDATA section outside the root element');
      const end = text.indexOf(']]>', i + 9);
      if (end < 0) return fail(n, `the document ends inside a CDATA section opened at ${where(i)}: the file may be cut short`);
      i = end + 3;
    } else if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0) return fail(n, `the document ends inside a <?…?> declaration opened at ${where(i)}: the file may be cut short`);
      i = end + 2;
    } else if (text.startsWith('<!', i)) {
      return fail(i, `'<!' starts no comment or CDATA section`);
    } else if (text.startsWith('</', i)) {
      NAME.lastIndex = i + 2;
      const name = NAME.exec(text)?.[0];
      if (name === undefined) return fail(i + 2, `'</' is not followed by the name of the element it closes`);
      SPACE.lastIndex = i + 2 + name.length;
      SPACE.test(text);
      const gt = SPACE.lastIndex;
      if (gt >= n) return fail(n, `the document ends inside the closing tag </${name}> at ${where(i)}: the file may be cut short`);
      if (text[gt] !== '>') return fail(gt, `the closing tag </${name}> holds more than its name (expected '>')`);
      const top = open.pop();
      if (!top) return fail(i, `the closing tag </${name}> closes no element (none is open here)`);
      if (top.name !== name) return fail(i, `the closing tag </${name}> does not match <${top.name}>, opened at ${where(top.at)}`);
      if (open.length === 0) rootClosed = true;
      i = gt + 1;
    } else {
      NAME.lastIndex = i + 1;
      const name = NAME.exec(text)?.[0];
      if (name === undefined) {
        return i + 1 >= n
          ? fail(n, `the document ends with a '<': the file may be cut short`)
          : fail(i, `a '<' that starts no tag (write &lt; for the character itself)`);
      }
      if (OBJECT_PROPERTIES.has(name)) return objectProperty(i, `the element name <${name}>`);
      if (open.length === 0) {
        if (rootClosed) return fail(i, `a second root element <${name}> after </${rootName}> ended the document`);
        rootSeen = true;
        rootName = name;
      }
      const end = tagEnd(i, name);
      if (end instanceof IngestError) return end;
      const selfClosing = text[end - 1] === '/';
      if (!selfClosing) open.push({ name, at: i });
      else if (open.length === 0) rootClosed = true;
      i = end + 1;
    }
  }
  if (open.length > 0) {
    const names = open
      .slice()
      .reverse()
      .map((o) => `<${o.name}> (opened at ${where(o.at)})`);
    const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
    return fail(n, `the document ends before ${list} ${open.length === 1 ? 'is' : 'are'} closed: the file may be cut short`);
  }
  if (!rootSeen) return fail(n, 'the document holds no element');
  return null;

  /** The index of the '>' that ends the tag `<name …>` starting at `at`, checking its attributes; or the error. */
  function tagEnd(at: number, name: string): number | IngestError {
    const seen = new Set<string>();
    let j = at + 1 + name.length;
    const cutShort = () => fail(n, `the document ends inside the tag <${name}> opened at ${where(at)}: the file may be cut short`);
    for (;;) {
      SPACE.lastIndex = j;
      SPACE.test(text);
      const spaced = SPACE.lastIndex > j;
      j = SPACE.lastIndex;
      if (j >= n) return cutShort();
      if (text[j] === '>') return j;
      if (text[j] === '/') {
        if (text[j + 1] === '>') return j + 1;
        return j + 1 >= n
          ? cutShort()
          : fail(j, `a '/' inside the tag <${name}> that does not end it (expected '/>')`);
      }
      if (!spaced) return fail(j, `the tag <${name}> needs a space before '${text[j]}'`);
      NAME.lastIndex = j;
      const attr = NAME.exec(text)?.[0];
      if (attr === undefined) return fail(j, `'${text[j]}' where the tag <${name}> expects an attribute name, '>' or '/>'`);
      if (OBJECT_PROPERTIES.has(attr)) return objectProperty(j, `the attribute name ${attr} of the tag <${name}>`);
      if (seen.has(attr)) return fail(j, `the attribute ${attr} appears twice in the tag <${name}>`);
      seen.add(attr);
      SPACE.lastIndex = j + attr.length;
      SPACE.test(text);
      j = SPACE.lastIndex;
      if (j >= n) return cutShort();
      if (text[j] !== '=') return fail(j, `the attribute ${attr} of the tag <${name}> has no value (expected ${attr}="…")`);
      SPACE.lastIndex = j + 1;
      SPACE.test(text);
      j = SPACE.lastIndex;
      if (j >= n) return cutShort();
      const quote = text[j];
      if (quote !== '"' && quote !== "'") return fail(j, `the value of the attribute ${attr} of the tag <${name}> is not in quotes`);
      const close = text.indexOf(quote, j + 1);
      const lt = text.indexOf('<', j + 1);
      if (close < 0) return fail(n, `the document ends inside the value of the attribute ${attr} of the tag <${name}>, opened at ${where(j)}: a closing quote is missing`);
      if (lt >= 0 && lt < close) return fail(lt, `a '<' inside the value of the attribute ${attr} of the tag <${name}>, opened at ${where(j)}: a closing quote is missing?`);
      const entity = checkEntities(j + 1, close);
      if (entity) return entity;
      j = close + 1;
    }
  }

  function checkEntities(from: number, to: number): IngestError | null {
    for (let k = text.indexOf('&', from); k >= 0 && k < to; k = text.indexOf('&', k + 1)) {
      ENTITY.lastIndex = k;
      if (!ENTITY.test(text)) return fail(k, `an '&' that starts no entity (write &amp; for the character itself)`);
    }
    return null;
  }
}
