import { escapeHtml, type RenderedEmail } from './templates.js';

/** To the owner (English, the console's language): sign-in from new browsers was locked after wrong passwords. */
export function renderSignInLockedEmail(o: { ownerName: string; username: string; failures: number; address: string; until: Date }): RenderedEmail {
  const subject = 'Sign-in to your calendar was paused after repeated wrong passwords';
  const lines = [
    `Hello ${o.ownerName},`,
    '',
    `Someone entered a wrong password for your account @${o.username} ${o.failures} times within the hour, most recently from the address ${o.address}.`,
    `Signing in from browsers that have not signed in to your account before is paused until ${o.until.toISOString()} (UTC); it then opens again by itself.`,
    'Browsers you have signed in with before are not affected, and your password was not revealed: while the pause lasts no password is checked.',
    '',
    'If this was you, wait until then or sign in from a browser you used before.',
    'If it was not you, nothing needs doing; if your password is short or used elsewhere, change it on the Account page of your console.',
  ];
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5">${lines
    .filter((l) => l !== '')
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('')}</body></html>`;
  return { locale: 'en', subject, text: lines.join('\n'), html };
}
