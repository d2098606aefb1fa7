/**
 * The emails a requester gets as their request moves: pure, data in, rendered text out. One table of
 * phrases per language (English is the fallback); dates and times go through Intl in the requester's
 * own locale and time zone, with the zone named. Every interpolated value is escaped in the HTML.
 *
 * The requester's address was never verified: whoever asked may have typed someone else's. So an
 * email carries only what the service and the owner wrote (the owner's name, the type, the time, the
 * status link), never a word the requester wrote: the input has no field for the requester's name or
 * message, so no template can echo them (docs/decisions.md "Hardening").
 */

export type RequestEmailKind = 'received' | 'accepted' | 'declined' | 'rescheduled' | 'cancelled' | 'expired';

export interface RequestEmailInput {
  kind: RequestEmailKind;
  /** The requester's BCP 47 tag, e.g. 'de-AT', 'fr', 'en-US'. */
  locale: string;
  /** The calendar owner's display name. */
  ownerName: string;
  requestKind: 'appointment' | 'task';
  /** The appointment type's name (appointments). */
  typeName: string | null;
  /** Appointments: the (new) time. */
  slot: { start: Date; end: Date } | null;
  /** IANA zone: times are shown in it, with the zone named. */
  requesterTimezone: string;
  /** YYYY-MM-DD (tasks). */
  suggestedDueDate: string | null;
  cancelledBy: 'owner' | 'requester' | null;
  statusUrl: string;
}

export interface RenderedEmail {
  /** The language the email is written in (a key of the translations). */
  locale: string;
  subject: string;
  text: string;
  html: string;
}

type Kind = RequestEmailInput['requestKind'];
type By = RequestEmailInput['cancelledBy'];
type Names = (o: string) => string;

interface Phrases {
  /** No name: the requester's own words are never repeated to an unverified address. */
  greeting: string;
  subject: Record<Exclude<RequestEmailKind, 'cancelled'>, (o: string, k: Kind) => string> & { cancelled: (o: string, k: Kind) => string };
  lead: Record<Exclude<RequestEmailKind, 'cancelled'>, (o: string, k: Kind) => string> & { cancelled: (o: string, k: Kind, by: By) => string };
  appointment: string;
  when: string;
  newTime: string;
  suggestedDate: string;
  newDate: string;
  /** "received" only: the address may not be the asker's own. */
  notYou: string;
  /** The request can still change (received, accepted, rescheduled). */
  statusOpen: string;
  /** It has ended (declined, cancelled, expired). */
  statusClosed: string;
  linkOpen: string;
  linkClosed: string;
  footer: Names;
}

const en: Phrases = {
  greeting: 'Hello,',
  subject: {
    received: (o) => `Your request to ${o} was received`,
    accepted: (o, k) => (k === 'appointment' ? `${o} accepted your appointment` : `${o} accepted your request`),
    declined: (o) => `${o} declined your request`,
    rescheduled: (o, k) => (k === 'appointment' ? `${o} proposes a new time` : `${o} proposes a new date`),
    cancelled: (o, k) => (k === 'appointment' ? `Your appointment with ${o} was cancelled` : `Your request to ${o} was cancelled`),
    expired: (o) => `Your request to ${o} expired`,
  },
  lead: {
    received: (o) => `${o} has received your request and will reply soon.`,
    accepted: (o, k) => `Good news: ${o} accepted your ${k === 'appointment' ? 'appointment' : 'request'}.`,
    declined: (o) => `Unfortunately, ${o} can’t accept your request this time.`,
    rescheduled: (o, k) => (k === 'appointment' ? `${o} proposes a new time for your appointment.` : `${o} proposes a new date for your request.`),
    cancelled: (o, k, by) => {
      const what = k === 'appointment' ? 'appointment' : 'request';
      if (by === 'owner') return `${o} cancelled your ${what}.`;
      if (by === 'requester') return k === 'appointment' ? `You cancelled your appointment with ${o}.` : `You cancelled your request to ${o}.`;
      return k === 'appointment' ? `Your appointment with ${o} was cancelled.` : `Your request to ${o} was cancelled.`;
    },
    expired: (o) => `${o} didn’t answer in time, so your request has expired. You’re welcome to send a new one.`,
  },
  appointment: 'Appointment:',
  when: 'When:',
  newTime: 'New time:',
  suggestedDate: 'Suggested date:',
  newDate: 'New date:',
  notYou: 'If you did not ask for this, you can ignore this email: nothing is booked until it is accepted.',
  statusOpen: 'See the status or change your request:',
  statusClosed: 'See your request:',
  linkOpen: 'View or change your request',
  linkClosed: 'View your request',
  footer: (o) => `This message was sent automatically on behalf of ${o}.`,
};

const de: Phrases = {
  greeting: 'Guten Tag,',
  subject: {
    received: (o) => `Ihre Anfrage an ${o} ist eingegangen`,
    accepted: (o, k) => (k === 'appointment' ? `${o} hat Ihren Termin bestätigt` : `${o} hat Ihre Anfrage angenommen`),
    declined: (o) => `${o} hat Ihre Anfrage abgelehnt`,
    rescheduled: (o, k) => (k === 'appointment' ? `${o} schlägt eine neue Zeit vor` : `${o} schlägt ein neues Datum vor`),
    cancelled: (o, k) => (k === 'appointment' ? `Ihr Termin mit ${o} wurde abgesagt` : `Ihre Anfrage an ${o} wurde storniert`),
    expired: (o) => `Ihre Anfrage an ${o} ist abgelaufen`,
  },
  lead: {
    received: (o) => `${o} hat Ihre Anfrage erhalten und meldet sich bald.`,
    accepted: (o, k) => (k === 'appointment' ? `Gute Nachricht: ${o} hat Ihren Termin bestätigt.` : `Gute Nachricht: ${o} hat Ihre Anfrage angenommen.`),
    declined: (o) => `${o} kann Ihre Anfrage diesmal leider nicht annehmen.`,
    rescheduled: (o, k) => (k === 'appointment' ? `${o} schlägt eine neue Zeit für Ihren Termin vor.` : `${o} schlägt ein neues Datum für Ihre Anfrage vor.`),
    cancelled: (o, k, by) => {
      if (k === 'appointment') {
        if (by === 'owner') return `${o} hat Ihren Termin abgesagt.`;
        if (by === 'requester') return `Sie haben Ihren Termin mit ${o} abgesagt.`;
        return `Ihr Termin mit ${o} wurde abgesagt.`;
      }
      if (by === 'owner') return `${o} hat Ihre Anfrage storniert.`;
      if (by === 'requester') return `Sie haben Ihre Anfrage an ${o} zurückgezogen.`;
      return `Ihre Anfrage an ${o} wurde storniert.`;
    },
    expired: (o) => `${o} hat nicht rechtzeitig geantwortet, daher ist Ihre Anfrage abgelaufen. Sie können gern eine neue senden.`,
  },
  appointment: 'Termin:',
  when: 'Wann:',
  newTime: 'Neue Zeit:',
  suggestedDate: 'Vorgeschlagenes Datum:',
  newDate: 'Neues Datum:',
  notYou: 'Falls Sie nichts angefragt haben, können Sie diese E-Mail ignorieren: Nichts ist gebucht, solange es nicht angenommen ist.',
  statusOpen: 'Status ansehen oder Anfrage ändern:',
  statusClosed: 'Ihre Anfrage ansehen:',
  linkOpen: 'Anfrage ansehen oder ändern',
  linkClosed: 'Anfrage ansehen',
  footer: (o) => `Diese Nachricht wurde automatisch im Auftrag von ${o} versendet.`,
};

const NB = '\u00a0'; // French puts a no-break space before a colon.
const fr: Phrases = {
  greeting: 'Bonjour,',
  subject: {
    received: (o) => `Votre demande à ${o} a bien été reçue`,
    accepted: (o, k) => (k === 'appointment' ? `${o} a accepté votre rendez-vous` : `${o} a accepté votre demande`),
    declined: (o) => `${o} a décliné votre demande`,
    rescheduled: (o, k) => (k === 'appointment' ? `${o} propose un nouvel horaire` : `${o} propose une nouvelle date`),
    cancelled: (o, k) => (k === 'appointment' ? `Votre rendez-vous avec ${o} a été annulé` : `Votre demande à ${o} a été annulée`),
    expired: (o) => `Votre demande à ${o} a expiré`,
  },
  lead: {
    received: (o) => `${o} a bien reçu votre demande et vous répondra bientôt.`,
    accepted: (o, k) => (k === 'appointment' ? `Bonne nouvelle${NB}: ${o} a accepté votre rendez-vous.` : `Bonne nouvelle${NB}: ${o} a accepté votre demande.`),
    declined: (o) => `${o} ne peut malheureusement pas donner suite à votre demande cette fois-ci.`,
    rescheduled: (o, k) => (k === 'appointment' ? `${o} propose un nouvel horaire pour votre rendez-vous.` : `${o} propose une nouvelle date pour votre demande.`),
    cancelled: (o, k, by) => {
      if (k === 'appointment') {
        if (by === 'owner') return `${o} a annulé votre rendez-vous.`;
        if (by === 'requester') return `Vous avez annulé votre rendez-vous avec ${o}.`;
        return `Votre rendez-vous avec ${o} a été annulé.`;
      }
      if (by === 'owner') return `${o} a annulé votre demande.`;
      if (by === 'requester') return `Vous avez annulé votre demande à ${o}.`;
      return `Votre demande à ${o} a été annulée.`;
    },
    expired: (o) => `${o} n’a pas répondu à temps, votre demande a donc expiré. N’hésitez pas à en envoyer une nouvelle.`,
  },
  appointment: `Rendez-vous${NB}:`,
  when: `Quand${NB}:`,
  newTime: `Nouvel horaire${NB}:`,
  suggestedDate: `Date proposée${NB}:`,
  newDate: `Nouvelle date${NB}:`,
  notYou: `Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail${NB}: rien n’est réservé tant qu’elle n’est pas acceptée.`,
  statusOpen: `Voir le statut ou modifier votre demande${NB}:`,
  statusClosed: `Voir votre demande${NB}:`,
  linkOpen: 'Voir ou modifier votre demande',
  linkClosed: 'Voir votre demande',
  footer: (o) => `Ce message a été envoyé automatiquement au nom de ${o}.`,
};

const es: Phrases = {
  greeting: 'Hola:',
  subject: {
    received: (o) => `${o} ha recibido su solicitud`,
    accepted: (o, k) => (k === 'appointment' ? `${o} ha aceptado su cita` : `${o} ha aceptado su solicitud`),
    declined: (o) => `${o} ha rechazado su solicitud`,
    rescheduled: (o, k) => (k === 'appointment' ? `${o} propone un nuevo horario` : `${o} propone una nueva fecha`),
    cancelled: (o, k) => (k === 'appointment' ? `Su cita con ${o} se ha cancelado` : `Su solicitud a ${o} se ha cancelado`),
    expired: (o) => `Su solicitud a ${o} ha caducado`,
  },
  lead: {
    received: (o) => `${o} ha recibido su solicitud y le responderá pronto.`,
    accepted: (o, k) => (k === 'appointment' ? `Buenas noticias: ${o} ha aceptado su cita.` : `Buenas noticias: ${o} ha aceptado su solicitud.`),
    declined: (o) => `Lamentablemente, ${o} no puede aceptar su solicitud esta vez.`,
    rescheduled: (o, k) => (k === 'appointment' ? `${o} propone un nuevo horario para su cita.` : `${o} propone una nueva fecha para su solicitud.`),
    cancelled: (o, k, by) => {
      if (k === 'appointment') {
        if (by === 'owner') return `${o} ha cancelado su cita.`;
        if (by === 'requester') return `Usted ha cancelado su cita con ${o}.`;
        return `Su cita con ${o} se ha cancelado.`;
      }
      if (by === 'owner') return `${o} ha cancelado su solicitud.`;
      if (by === 'requester') return `Usted ha cancelado su solicitud a ${o}.`;
      return `Su solicitud a ${o} se ha cancelado.`;
    },
    expired: (o) => `${o} no respondió a tiempo, así que su solicitud ha caducado. Puede enviar una nueva cuando quiera.`,
  },
  appointment: 'Cita:',
  when: 'Cuándo:',
  newTime: 'Nuevo horario:',
  suggestedDate: 'Fecha propuesta:',
  newDate: 'Nueva fecha:',
  notYou: 'Si usted no hizo esta solicitud, puede ignorar este correo: no se reserva nada hasta que se acepte.',
  statusOpen: 'Consulte el estado o modifique su solicitud:',
  statusClosed: 'Ver su solicitud:',
  linkOpen: 'Ver o modificar su solicitud',
  linkClosed: 'Ver su solicitud',
  footer: (o) => `Este mensaje se envió automáticamente en nombre de ${o}.`,
};

const TRANSLATIONS: Readonly<Record<string, Phrases>> = { en, de, fr, es };

/** Languages with a translation; any other falls back to English. */
export const EMAIL_LOCALES: readonly string[] = Object.freeze(Object.keys(TRANSLATIONS));

/** The language subtag of a BCP 47 tag, lowercase ('de-AT' → 'de'); '' when there is none. */
function languageOf(tag: string): string {
  try {
    return new Intl.Locale(tag).language.toLowerCase();
  } catch {
    return (tag.split(/[-_]/)[0] ?? '').toLowerCase();
  }
}

/**
 * The locale dates are formatted in: the requester's own tag (de-AT keeps its Austrian month names)
 * when its language is the one the email is written in; otherwise that language, so an English email
 * to a 'ja' requester does not carry Japanese dates.
 */
function formatLocale(tag: string, language: string): string {
  try {
    const canonical = Intl.getCanonicalLocales(tag)[0];
    if (canonical && languageOf(canonical) === language) return canonical;
  } catch {
    // not a valid tag: the language alone
  }
  return language;
}

function validZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

function zoneName(locale: string, zone: string, at: Date): string {
  const part = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'long' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}

function localDay(zone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * "Tuesday, 31 March 2026, 10:00–10:30 (Central European Summer Time)" in the requester's locale and
 * zone. Across a change of offset both zone names are given; across midnight both dates are.
 */
export function formatSlot(slot: { start: Date; end: Date }, locale: string, zone: string): string {
  const tz = validZone(zone);
  const startZone = zoneName(locale, tz, slot.start);
  const endZone = zoneName(locale, tz, slot.end);
  const zones = startZone === endZone ? startZone : `${startZone} → ${endZone}`;
  let when: string;
  if (localDay(tz, slot.start) === localDay(tz, slot.end)) {
    const date = new Intl.DateTimeFormat(locale, { timeZone: tz, dateStyle: 'full' }).format(slot.start);
    const times = new Intl.DateTimeFormat(locale, { timeZone: tz, timeStyle: 'short' }).formatRange(slot.start, slot.end);
    when = `${date}, ${times}`;
  } else {
    when = new Intl.DateTimeFormat(locale, { timeZone: tz, dateStyle: 'full', timeStyle: 'short' }).formatRange(slot.start, slot.end);
  }
  return `${when} (${zones})`;
}

/** A local date 'YYYY-MM-DD' in words ("Friday, 10 April 2026"); the text itself if it is not one. */
export function formatLocalDate(date: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  if (Number.isNaN(at.getTime())) return date;
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'full' }).format(at);
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** One line: no line breaks or control characters (a name must not add a header or break the layout). */
function oneLine(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').replace(/\s{2,}/g, ' ').trim();
}

interface Detail {
  label: string;
  value: string;
}

const STYLE = {
  body: 'margin:0;padding:24px 12px;background:#f4f5f7;color:#1f2328;font-family:-apple-system,BlinkMacSystemFont,\'Segoe UI\',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;',
  card: 'max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;',
  h1: 'margin:0 0 16px;font-size:20px;line-height:1.3;color:#1f2328;',
  p: 'margin:0 0 16px;',
  button: 'display:inline-block;padding:10px 18px;background:#1a56db;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600;',
  footer: 'margin:24px 0 0;font-size:13px;color:#57606a;',
};

export function renderRequestEmail(input: RequestEmailInput): RenderedEmail {
  const requested = languageOf(input.locale);
  const language = Object.hasOwn(TRANSLATIONS, requested) ? requested : 'en';
  const t = TRANSLATIONS[language] ?? en;
  const dateLocale = formatLocale(input.locale, language);
  const owner = oneLine(input.ownerName);
  const k = input.requestKind;

  const subject = oneLine(input.kind === 'cancelled' ? t.subject.cancelled(owner, k) : t.subject[input.kind](owner, k));
  const lead = input.kind === 'cancelled' ? t.lead.cancelled(owner, k, input.cancelledBy) : t.lead[input.kind](owner, k);

  const details: Detail[] = [];
  if (k === 'appointment') {
    if (input.typeName) details.push({ label: t.appointment, value: oneLine(input.typeName) });
    if (input.slot) {
      details.push({ label: input.kind === 'rescheduled' ? t.newTime : t.when, value: formatSlot(input.slot, dateLocale, input.requesterTimezone) });
    }
  } else if (input.suggestedDueDate) {
    details.push({ label: input.kind === 'rescheduled' ? t.newDate : t.suggestedDate, value: formatLocalDate(input.suggestedDueDate, dateLocale) });
  }

  const notYou = input.kind === 'received' ? t.notYou : null;

  const open = input.kind === 'received' || input.kind === 'accepted' || input.kind === 'rescheduled';
  const statusLead = open ? t.statusOpen : t.statusClosed;
  const linkText = open ? t.linkOpen : t.linkClosed;
  const footer = t.footer(owner);

  const text = [
    t.greeting,
    '',
    lead,
    ...(details.length ? ['', ...details.map((d) => `${d.label} ${d.value}`)] : []),
    '',
    statusLead,
    input.statusUrl,
    ...(notYou ? ['', notYou] : []),
    '',
    '-- ',
    footer,
    '',
  ].join('\n');

  const e = escapeHtml;
  const html = [
    '<!DOCTYPE html>',
    `<html lang="${e(language)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(subject)}</title>`,
    '</head>',
    `<body style="${STYLE.body}">`,
    `<div role="article" aria-label="${e(subject)}" style="${STYLE.card}">`,
    `<h1 style="${STYLE.h1}">${e(subject)}</h1>`,
    `<p style="${STYLE.p}">${e(t.greeting)}</p>`,
    `<p style="${STYLE.p}">${e(lead)}</p>`,
    ...(details.length ? [`<p style="${STYLE.p}">${details.map((d) => `<strong>${e(d.label)}</strong> ${e(d.value)}`).join('<br>')}</p>`] : []),
    `<p style="${STYLE.p}">${e(statusLead)}</p>`,
    `<p style="${STYLE.p}"><a href="${e(input.statusUrl)}" style="${STYLE.button}">${e(linkText)}</a></p>`,
    ...(notYou ? [`<p style="${STYLE.p}">${e(notYou)}</p>`] : []),
    `<p style="${STYLE.footer}">${e(footer)}</p>`,
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');

  return { locale: language, subject, text, html };
}
