import { html, type Markup } from './html.js';
import { LANGUAGE_NAMES, PAGE_LANGUAGES, type VisitorLanguage } from './language.js';

/** The visitor pages' language switcher: one link per language, each to `href(lang)` (a `lang` query). */
export function languageSwitcher(current: VisitorLanguage, label: string, href: (lang: string) => string): Markup {
  return html`<nav class="langs" aria-label="${label}"><ul>${PAGE_LANGUAGES.map((l) =>
    l === current.lang
      ? html`<li><a href="${href(l)}" lang="${l}" aria-current="true">${LANGUAGE_NAMES[l]}</a></li>`
      : html`<li><a href="${href(l)}" lang="${l}" hreflang="${l}">${LANGUAGE_NAMES[l]}</a></li>`,
  )}</ul></nav>`;
}
