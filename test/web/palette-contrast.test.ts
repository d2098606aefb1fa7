import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PAGE_CSS } from '../../src/web/assets/page-css.js';

/**
 * The pages' palette holds WCAG AA contrast (at least 4.5:1 for text) in both colour schemes: every
 * pair of a text colour and a background it is drawn on, read from the custom properties of
 * page.css's `:root` and its `prefers-color-scheme: dark` block. axe checks the rendered pages
 * (test/browser/accessibility.test.ts); this names the pair when a colour is changed.
 */
function palette(block: string): Record<string, string> {
  return Object.fromEntries([...block.matchAll(/--([a-z]+):(#[0-9a-f]{3,6})/g)].map((m) => [m[1]!, m[2]!]));
}

function luminance(hex: string): number {
  const h = hex.length === 4 ? hex.slice(1).split('').map((c) => c + c).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Text colour on background, as page.css and console.css draw them. */
const PAIRS: [string, string][] = [
  ['fg', 'bg'], ['fg', 'card'], ['muted', 'bg'], ['muted', 'card'],
  ['accent', 'bg'], ['accent', 'card'], ['danger', 'bg'], ['danger', 'card'], ['ok', 'bg'], ['ok', 'card'],
  // A button's label is the background colour on the accent (or danger) colour.
  ['bg', 'accent'], ['bg', 'danger'],
];

describe('the pages\' palette', () => {
  const light = palette(/:root\{([^}]*)\}/.exec(PAGE_CSS)![1]!);
  const dark = palette(/prefers-color-scheme:dark\)\{:root\{([^}]*)\}/.exec(PAGE_CSS)![1]!);

  it('sets the same colours in the dark scheme as in the light one', () => {
    assert.deepEqual(Object.keys(dark).sort(), Object.keys(light).sort());
    assert.notEqual(dark.bg, light.bg);
  });

  for (const [scheme, colours] of [['light', light], ['dark', dark]] as const) {
    it(`holds at least 4.5:1 for every text colour on its backgrounds, ${scheme}`, () => {
      const weak = PAIRS.map(([fg, bg]) => [fg, bg, contrast(colours[fg]!, colours[bg]!)] as const).filter(([, , ratio]) => ratio < 4.5);
      assert.deepEqual(weak.map(([fg, bg, r]) => `${fg} on ${bg}: ${r.toFixed(2)}:1`), []);
    });

    it(`draws the focus outline at least 3:1 against the page, ${scheme}`, () => {
      assert.ok(contrast(colours.focus!, colours.bg!) >= 3);
      assert.ok(contrast(colours.focus!, colours.card!) >= 3);
    });
  }
});
