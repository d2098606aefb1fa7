import { escapeHtml, type RenderedEmail } from './templates.js';

/** Emails to the owner (English: the owner's console language). */
export function renderEndpointDisabledEmail(o: { ownerName: string; url: string; since: Date; lastError: string | null }): RenderedEmail {
  const subject = 'A webhook endpoint was disabled after 5 days of failed deliveries';
  const lines = [
    `Hello ${o.ownerName},`,
    '',
    `Deliveries to your webhook endpoint ${o.url} have failed since ${o.since.toISOString()}, so it has been disabled.`,
    ...(o.lastError ? [`The last attempt failed with: ${o.lastError}`] : []),
    '',
    'Once the receiver works again, enable the endpoint under Settings → Developer (it keeps its signing secret).',
    'The receiver can then fetch what it missed from GET /api/v1/webhook-events (up to 30 days back).',
  ];
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5">${lines
    .filter((l) => l !== '')
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('')}</body></html>`;
  return { locale: 'en', subject, text: lines.join('\n'), html };
}
