/**
 * The content lines of iCalendar text (RFC 5545 3.1), read the tolerant way: unfolded, each with the
 * number of the line it starts on, split into name, parameters and value. A line that is not a
 * content line (no colon, a name with spaces) comes back as a defect with the reason in words, so the
 * caller skips that line only. Parameter values are taken quoted or unquoted (an unquoted value with
 * spaces, `CN=Sixt SE`, as many exporters write); a malformed parameter is dropped, not the line. Pure.
 */

export interface ContentLine {
  kind: 'line';
  /** 1-based number of the line it starts on in the text. */
  line: number;
  /** Upper case, e.g. 'DTSTART'. */
  name: string;
  /** Parameter names upper case; each value as written, without its quotes (several when comma-separated). */
  params: [string, string[]][];
  value: string;
  /** Parameters that were dropped, each with why. */
  dropped: string[];
}

export interface LineDefect {
  kind: 'defect';
  line: number;
  /** What the line starts with, for the warning (at most 40 characters). */
  text: string;
  why: string;
}

const NAME = /^[A-Za-z0-9-]+$/;
/** A producer's group prefix ('item1.X-ABLABEL'), as vCard writes and some calendar exporters copy. */
const GROUPED = /^[A-Za-z0-9-]+\.([A-Za-z0-9-]+)$/;

export function clip(text: string, max = 40): string {
  const flat = text.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Physical lines unfolded into logical ones (a line starting with a space or tab continues the one before). */
export function* unfold(text: string): Generator<{ line: number; text: string }> {
  const physical = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  let current: { line: number; text: string } | null = null;
  for (let i = 0; i < physical.length; i++) {
    const p = physical[i]!;
    if ((p.startsWith(' ') || p.startsWith('\t')) && current !== null) {
      current.text += p.slice(1);
      continue;
    }
    if (current !== null) yield current;
    current = p.trim() === '' ? null : { line: i + 1, text: p };
  }
  if (current !== null) yield current;
}

/** One logical line split into name, parameters and value; a defect when it is not a content line. */
export function splitLine(line: number, text: string): ContentLine | LineDefect {
  const defect = (why: string): LineDefect => ({ kind: 'defect', line, text: clip(text), why });
  const colon = text.indexOf(':');
  if (colon === -1) return defect('it has no colon between name and value');
  const semi = text.indexOf(';');
  const nameEnd = semi !== -1 && semi < colon ? semi : colon;
  let name = text.slice(0, nameEnd).trim();
  const grouped = GROUPED.exec(name);
  if (grouped) name = grouped[1]!;
  if (!NAME.test(name)) return defect(name === '' ? 'it has no property name' : 'its name is not a property name');

  const params: [string, string[]][] = [];
  const dropped: string[] = [];
  let i = nameEnd;
  while (text[i] === ';') {
    // One parameter: NAME=value or NAME="value", several values separated by commas.
    const start = i + 1;
    const eq = text.indexOf('=', start);
    const nextColon = text.indexOf(':', start);
    const nextSemi = text.indexOf(';', start);
    const stop = Math.min(...[nextColon, nextSemi].filter((n) => n !== -1), text.length);
    if (eq === -1 || eq > stop) {
      // 'DTSTART;20260101' or a lone ';': the parameter has no value.
      if (text.slice(start, stop).trim() !== '') dropped.push(`parameter ${clip(text.slice(start, stop), 30)} dropped: it has no "="`);
      i = stop;
      continue;
    }
    const pname = text.slice(start, eq).trim().toUpperCase();
    let j = eq + 1;
    const values: string[] = [];
    for (;;) {
      if (text[j] === '"') {
        const close = text.indexOf('"', j + 1);
        if (close === -1) return defect(`its ${pname || 'parameter'} value opens a quote that never closes`);
        values.push(text.slice(j + 1, close));
        j = close + 1;
        // Text between the closing quote and the next separator ('"a"b'): kept with the value.
        const rest = /^[^;:,]*/.exec(text.slice(j))![0];
        if (rest !== '') values[values.length - 1] += rest;
        j += rest.length;
      } else {
        const rest = /^[^;:,"]*/.exec(text.slice(j))![0];
        values.push(rest.trim());
        j += rest.length;
        if (text[j] === '"') {
          // A quote inside an unquoted value: read to the next separator.
          const tail = /^[^;:,]*/.exec(text.slice(j))![0];
          values[values.length - 1] += tail.replace(/"/g, '');
          j += tail.length;
        }
      }
      if (text[j] !== ',') break;
      j += 1;
    }
    if (!NAME.test(pname)) dropped.push(`parameter ${clip(pname || '(no name)', 30)} dropped: its name is not a parameter name`);
    else params.push([pname, values]);
    i = j;
  }
  if (text[i] !== ':') return defect('it has no colon between name and value');
  return { kind: 'line', line, name: name.toUpperCase(), params, value: text.slice(i + 1), dropped };
}

export function param(l: Pick<ContentLine, 'params'>, name: string): string | null {
  return l.params.find(([n]) => n === name)?.[1].join(',') ?? null;
}

/** The line written back, every parameter value quoted when it holds more than letters, digits and - / . _ + */
export function writeLine(name: string, params: [string, string[]][], value: string): string {
  const ps = params.map(([n, v]) => {
    const parts = v.map((p) => (/^[A-Za-z0-9\-/._+]*$/.test(p) ? p : `"${p.replace(/\^/g, '^^').replace(/"/g, "^'").replace(/[\r\n]/g, ' ')}"`));
    return `;${n}=${parts.join(',')}`;
  });
  return `${name}${ps.join('')}:${value}`;
}
