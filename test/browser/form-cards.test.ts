import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, SKIP_REASON, startWorld, type BrowserWorld } from './browser.js';

/**
 * A form that is a card looks like every other card (issue 30 point 2): `form{display:inline}`, meant
 * for the one-button forms beside each other, had turned sign-in, sign-up, the account page, blocked
 * contacts and the request-log filter into two stray grey pills with narrow unstyled fields. Each
 * form card is compared with a card section drawn on the same page, at a desktop and a phone width.
 */
const PAGES = [
  { path: '/signin', as: 'visitor' },
  { path: '/signup', as: 'visitor' },
  { path: '/app/account', as: 'owner' },
  { path: '/app/contacts', as: 'owner' },
  { path: '/app/developer/logs', as: 'owner' },
] as const;

interface Box {
  display: string;
  background: string;
  radius: string;
  width: number;
  parentWidth: number;
  /** The narrowest text field of a form whose fields stack (class "stack"), as a share of the form's width; null elsewhere. */
  narrowestField: number | null;
  /** Fields without the shared field style (its 6px corners). */
  unstyledFields: number;
}

async function formCards(page: Page): Promise<{ reference: { background: string; radius: string }; forms: Box[] }> {
  return page.evaluate(() => {
    const probe = document.createElement('section');
    probe.className = 'card';
    probe.textContent = 'x';
    document.querySelector('main')!.append(probe);
    const ref = getComputedStyle(probe);
    const reference = { background: ref.backgroundColor, radius: ref.borderTopLeftRadius };
    probe.remove();
    const forms = [...document.querySelectorAll<HTMLFormElement>('form.card')].map((form) => {
      const style = getComputedStyle(form);
      const parent = form.parentElement!;
      const parentStyle = getComputedStyle(parent);
      const fields = [...form.querySelectorAll<HTMLElement>('input:not([type=hidden]):not([type=checkbox]):not([type=radio]),select,textarea')];
      const width = form.getBoundingClientRect().width;
      const stacked = form.classList.contains('stack') && fields.length > 0;
      return {
        display: style.display,
        background: style.backgroundColor,
        radius: style.borderTopLeftRadius,
        width,
        parentWidth: parent.clientWidth - parseFloat(parentStyle.paddingLeft) - parseFloat(parentStyle.paddingRight),
        narrowestField: stacked ? Math.min(...fields.map((f) => f.getBoundingClientRect().width)) / width : null,
        unstyledFields: fields.filter((f) => getComputedStyle(f).borderTopLeftRadius !== '6px').length,
      };
    });
    return { reference, forms };
  });
}

describe('in a browser: forms that are cards look like cards', { skip: SKIP_REASON ?? false }, () => {
  let world: BrowserWorld;
  let owner: Page;
  let visitor: Page;

  before(async () => {
    world = await startWorld();
    ({ page: owner } = await world.newPage(DESKTOP));
    ({ page: visitor } = await world.newPage(DESKTOP));
    await owner.goto(`${world.base}/signup`);
    await owner.getByLabel('Username').fill('ines');
    await owner.getByLabel('Your name').fill('Ines');
    await owner.getByLabel('Password').fill('a long enough password');
    await Promise.all([owner.waitForURL(/\/app\/calendar/), owner.getByRole('button', { name: 'Create account' }).click()]);
  });
  after(async () => {
    await world?.close();
  });

  for (const { path, as } of PAGES) {
    for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      it(`${path} at the ${width} width: every form card is a block as wide as its column, coloured and rounded like a card, with styled fields`, async () => {
        const page = as === 'owner' ? owner : visitor;
        await page.setViewportSize(viewport);
        await page.goto(`${world.base}${path}`);
        const { reference, forms } = await formCards(page);
        assert.ok(forms.length > 0, `${path} has a form card`);
        for (const [i, form] of forms.entries()) {
          const which = `${path} form card ${i + 1}`;
          assert.equal(form.display, 'block', which);
          assert.equal(form.background, reference.background, `${which}: the card colour`);
          assert.equal(form.radius, reference.radius, `${which}: the card's corners`);
          assert.ok(Math.abs(form.width - form.parentWidth) <= 1, `${which}: ${form.width} px wide in a column of ${form.parentWidth} px`);
          assert.equal(form.unstyledFields, 0, `${which}: fields without the shared style`);
          if (form.narrowestField !== null) assert.ok(form.narrowestField > 0.8, `${which}: its fields fill the card (${Math.round(form.narrowestField * 100)}%)`);
        }
      });
    }
  }
});
