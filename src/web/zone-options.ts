import { ianaZone } from '../domain/zones.js';
import { html, type Markup } from './html.js';

/**
 * The zones a form's list offers: the runtime's (Intl, one name per zone: 418 on Node 20) and UTC,
 * which Intl leaves out although a browser in UTC names it (sign-up then selected Africa/Abidjan).
 */
export const ZONE_CHOICES: readonly string[] = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();

/**
 * A zone `<select>`'s options with `chosen` selected, read in any case (`europe/berlin` selects
 * Europe/Berlin); a chosen zone the list lacks (a link such as US/Eastern) comes first, so saving
 * the form keeps it.
 */
export function zoneOptions(chosen: string): Markup {
  const zone = ianaZone(chosen) ?? chosen;
  const zones = ZONE_CHOICES.includes(zone) ? ZONE_CHOICES : [zone, ...ZONE_CHOICES];
  return html`${zones.map((z) => html`<option${z === zone ? html` selected` : ''}>${z}</option>`)}`;
}
