/**
 * Tables that stack into cards on a phone (issue 30 point 5). Every plain table of a console page
 * (one without a class: the calendar's grids keep their own layout) gets the class `cards`, and
 * each body cell the name of its column as `data-label`; below 40rem console.css hides the header
 * row and shows each cell's column name above its value, one card per row, so nothing scrolls
 * sideways. The page is the service's own markup, so the cells are found by their tags.
 */
const PLAIN_TABLE = /<table(?![^>]*\bclass=)([^>]*)>([\s\S]*?)<\/table>/g;

/** A header cell's text, as written in the markup (already escaped for an attribute value). */
const textOf = (cell: string) => cell.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();

function labelRows(body: string, names: readonly string[]): string {
  return body.replace(/<tr\b[^>]*>[\s\S]*?<\/tr>/g, (row) => {
    let column = 0;
    return row.replace(/<(td|th)\b([^>]*)>/g, (tag, name: string, attrs: string) => {
      const span = Number(/\bcolspan="(\d+)"/.exec(attrs)?.[1] ?? 1);
      const label = span === 1 ? names[column] : undefined;
      column += span;
      return label ? `<${name} data-label="${label}"${attrs}>` : tag;
    });
  });
}

export function stackTables(page: string): string {
  return page.replace(PLAIN_TABLE, (whole, attrs: string, inner: string) => {
    const head = /<thead>([\s\S]*?)<\/thead>/.exec(inner);
    if (!head) return whole;
    const names = [...head[1]!.matchAll(/<th\b[^>]*>([\s\S]*?)<\/th>/g)].map((m) => textOf(m[1]!));
    const labelled = inner.replace(/<tbody>[\s\S]*?<\/tbody>/g, (body) => labelRows(body, names));
    return `<table class="cards"${attrs}>${labelled}</table>`;
  });
}
