import type { PageLanguage } from '../language.js';

/**
 * The booking page's words in each page language (web/language.ts), as the emails do it
 * (email/templates.ts): one table per language, English the fallback. Dates and times are not here:
 * Intl formats them in the visitor's locale.
 */
export interface BookingPhrases {
  title: (owner: string) => string;
  types: string;
  minutes: (n: number) => string;
  zone: string;
  zoneHint: string;
  showTimes: string;
  localTime: (time: string) => string;
  previousMonth: string;
  nextMonth: string;
  calendar: string;
  chooseDay: string;
  noTimesMonth: string;
  freeDay: (date: string) => string;
  noFreeDay: (date: string) => string;
  timesOn: (date: string) => string;
  noTimesDay: string;
  language: string;
  formTitle: (type: string, owner: string) => string;
  yourName: string;
  yourEmail: string;
  message: string;
  send: string;
  back: string;
  nothingBooked: (owner: string) => string;
  needName: string;
  needEmail: string;
  refusals: Record<'slot_unavailable' | 'too_many_pending' | 'rate_limited', string>;
  notFoundTitle: string;
  /** The 404 page's way out. */
  startPage: string;
  notFound: string;
}

const en: BookingPhrases = {
  title: (o) => `Book time with ${o}`,
  types: 'Appointment types',
  minutes: (n) => `${n} min`,
  zone: 'Time zone',
  zoneHint: 'Type to search, e.g. Berlin or New York.',
  showTimes: 'Show times',
  localTime: (t) => `Current time there: ${t}`,
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  calendar: 'Days with free times',
  chooseDay: 'Choose a day with free times.',
  noTimesMonth: 'No free times this month.',
  freeDay: (d) => `${d}, free times`,
  noFreeDay: (d) => `${d}, no free times`,
  timesOn: (d) => `Free times on ${d}`,
  noTimesDay: 'No free times on this day.',
  language: 'Language',
  formTitle: (t, o) => `${t} with ${o}`,
  yourName: 'Your name',
  yourEmail: 'Your email',
  message: 'Message (optional)',
  send: 'Send request',
  back: 'Back',
  nothingBooked: (o) => `${o} accepts or declines your request; nothing is booked until then. You get an email with a link to follow it.`,
  needName: 'Please give your name.',
  needEmail: 'Please give an email address we can write to.',
  refusals: {
    slot_unavailable: 'That time is no longer free. Please pick another one.',
    too_many_pending: 'You already have three requests waiting for an answer. Please wait for those first.',
    rate_limited: 'You have sent several requests today. Please try again tomorrow.',
  },
  notFoundTitle: 'No booking page here',
  startPage: 'Go to the start page',
  notFound: 'This page does not exist, or is not taking requests right now.',
};

const de: BookingPhrases = {
  title: (o) => `Termin bei ${o} buchen`,
  types: 'Terminarten',
  minutes: (n) => `${n} Min.`,
  zone: 'Zeitzone',
  zoneHint: 'Zum Suchen tippen, z. B. Berlin oder New York.',
  showTimes: 'Zeiten anzeigen',
  localTime: (t) => `Aktuelle Uhrzeit dort: ${t}`,
  previousMonth: 'Vorheriger Monat',
  nextMonth: 'Nächster Monat',
  calendar: 'Tage mit freien Zeiten',
  chooseDay: 'Wählen Sie einen Tag mit freien Zeiten.',
  noTimesMonth: 'In diesem Monat gibt es keine freien Zeiten.',
  freeDay: (d) => `${d}, freie Zeiten`,
  noFreeDay: (d) => `${d}, keine freien Zeiten`,
  timesOn: (d) => `Freie Zeiten am ${d}`,
  noTimesDay: 'An diesem Tag gibt es keine freien Zeiten.',
  language: 'Sprache',
  formTitle: (t, o) => `${t} mit ${o}`,
  yourName: 'Ihr Name',
  yourEmail: 'Ihre E-Mail-Adresse',
  message: 'Nachricht (optional)',
  send: 'Anfrage senden',
  back: 'Zurück',
  nothingBooked: (o) => `${o} nimmt Ihre Anfrage an oder lehnt sie ab; bis dahin ist nichts gebucht. Sie erhalten eine E-Mail mit einem Link, um sie zu verfolgen.`,
  needName: 'Bitte geben Sie Ihren Namen an.',
  needEmail: 'Bitte geben Sie eine E-Mail-Adresse an, an die wir schreiben können.',
  refusals: {
    slot_unavailable: 'Diese Zeit ist nicht mehr frei. Bitte wählen Sie eine andere.',
    too_many_pending: 'Sie haben bereits drei Anfragen, die auf eine Antwort warten. Bitte warten Sie diese zuerst ab.',
    rate_limited: 'Sie haben heute schon mehrere Anfragen gesendet. Bitte versuchen Sie es morgen wieder.',
  },
  notFoundTitle: 'Hier gibt es keine Buchungsseite',
  startPage: 'Zur Startseite',
  notFound: 'Diese Seite gibt es nicht, oder sie nimmt gerade keine Anfragen an.',
};

const fr: BookingPhrases = {
  title: (o) => `Réserver un créneau avec ${o}`,
  types: 'Types de rendez-vous',
  minutes: (n) => `${n} min`,
  zone: 'Fuseau horaire',
  zoneHint: 'Tapez pour chercher, par ex. Paris ou New York.',
  showTimes: 'Afficher les créneaux',
  localTime: (t) => `Heure actuelle là-bas : ${t}`,
  previousMonth: 'Mois précédent',
  nextMonth: 'Mois suivant',
  calendar: 'Jours avec des créneaux libres',
  chooseDay: 'Choisissez un jour avec des créneaux libres.',
  noTimesMonth: 'Aucun créneau libre ce mois-ci.',
  freeDay: (d) => `${d}, créneaux libres`,
  noFreeDay: (d) => `${d}, aucun créneau libre`,
  timesOn: (d) => `Créneaux libres le ${d}`,
  noTimesDay: 'Aucun créneau libre ce jour-là.',
  language: 'Langue',
  formTitle: (t, o) => `${t} avec ${o}`,
  yourName: 'Votre nom',
  yourEmail: 'Votre adresse e-mail',
  message: 'Message (facultatif)',
  send: 'Envoyer la demande',
  back: 'Retour',
  nothingBooked: (o) => `${o} accepte ou refuse votre demande ; rien n’est réservé d’ici là. Vous recevez un e-mail avec un lien pour la suivre.`,
  needName: 'Veuillez indiquer votre nom.',
  needEmail: 'Veuillez indiquer une adresse e-mail à laquelle nous pouvons écrire.',
  refusals: {
    slot_unavailable: 'Ce créneau n’est plus libre. Veuillez en choisir un autre.',
    too_many_pending: 'Vous avez déjà trois demandes en attente de réponse. Veuillez d’abord attendre celles-ci.',
    rate_limited: 'Vous avez envoyé plusieurs demandes aujourd’hui. Veuillez réessayer demain.',
  },
  notFoundTitle: 'Aucune page de réservation ici',
  startPage: 'Aller à la page d’accueil',
  notFound: 'Cette page n’existe pas, ou n’accepte pas de demandes pour le moment.',
};

const es: BookingPhrases = {
  title: (o) => `Reservar una cita con ${o}`,
  types: 'Tipos de cita',
  minutes: (n) => `${n} min`,
  zone: 'Zona horaria',
  zoneHint: 'Escriba para buscar, p. ej. Madrid o Nueva York.',
  showTimes: 'Mostrar horarios',
  localTime: (t) => `Hora actual allí: ${t}`,
  previousMonth: 'Mes anterior',
  nextMonth: 'Mes siguiente',
  calendar: 'Días con horarios libres',
  chooseDay: 'Elija un día con horarios libres.',
  noTimesMonth: 'No hay horarios libres este mes.',
  freeDay: (d) => `${d}, horarios libres`,
  noFreeDay: (d) => `${d}, sin horarios libres`,
  timesOn: (d) => `Horarios libres el ${d}`,
  noTimesDay: 'No hay horarios libres este día.',
  language: 'Idioma',
  formTitle: (t, o) => `${t} con ${o}`,
  yourName: 'Su nombre',
  yourEmail: 'Su correo electrónico',
  message: 'Mensaje (opcional)',
  send: 'Enviar solicitud',
  back: 'Volver',
  nothingBooked: (o) => `${o} acepta o rechaza su solicitud; hasta entonces no se reserva nada. Recibirá un correo con un enlace para seguirla.`,
  needName: 'Indique su nombre, por favor.',
  needEmail: 'Indique una dirección de correo a la que podamos escribir, por favor.',
  refusals: {
    slot_unavailable: 'Ese horario ya no está libre. Elija otro, por favor.',
    too_many_pending: 'Ya tiene tres solicitudes esperando respuesta. Espere primero a esas, por favor.',
    rate_limited: 'Hoy ya ha enviado varias solicitudes. Inténtelo de nuevo mañana, por favor.',
  },
  notFoundTitle: 'Aquí no hay ninguna página de reservas',
  startPage: 'Ir a la página de inicio',
  notFound: 'Esta página no existe, o no acepta solicitudes en este momento.',
};

const TABLE: Record<PageLanguage, BookingPhrases> = { en, de, fr, es };

export const bookingPhrases = (lang: PageLanguage): BookingPhrases => TABLE[lang] ?? en;
