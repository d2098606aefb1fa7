import type { RequestRow } from '../../store/schema.js';
import type { PageLanguage } from '../language.js';

/** The status page's words per page language (web/language.ts); English the fallback. */
export interface StatusPhrases {
  status: Record<RequestRow['status'], string>;
  done: Record<'requested' | 'withdraw' | 'confirm' | 'cancel', string>;
  buttons: { withdraw: string; confirm: string; cancel: string; declineNew: string };
  heading: (owner: string) => string;
  proposes: (owner: string) => string;
  details: string;
  what: string;
  when: string;
  proposedTime: string;
  suggestedDate: string;
  yourMessage: string;
  from: string;
  appointment: string;
  todo: string;
  byOwner: (owner: string) => string;
  byYou: string;
  addToCalendar: string;
  ics: string;
  entryTitle: (type: string, owner: string) => string;
  entryPending: (owner: string) => string;
  entryAccepted: (owner: string) => string;
  keepLink: string;
  language: string;
}

const en: StatusPhrases = {
  status: { pending: 'Waiting for an answer', accepted: 'Accepted', declined: 'Declined', withdrawn: 'Withdrawn', expired: 'Expired', rescheduled: 'New time proposed', cancelled: 'Cancelled', completed: 'Completed' },
  done: {
    requested: 'Your request was sent. You will get an email with this link; come back here to follow it.',
    withdraw: 'Your request was withdrawn.',
    confirm: 'You confirmed the new time.',
    cancel: 'The appointment was cancelled.',
  },
  buttons: { withdraw: 'Withdraw my request', confirm: 'Confirm the new time', cancel: 'Cancel the appointment', declineNew: 'Decline the new time' },
  heading: (o) => `Your request to ${o}`,
  proposes: (o) => `${o} proposes a new time. Confirm it, or decline it to cancel the appointment.`,
  details: 'Request details',
  what: 'What',
  when: 'When',
  proposedTime: 'Proposed time',
  suggestedDate: 'Suggested date',
  yourMessage: 'Your message',
  from: 'From',
  appointment: 'Appointment',
  todo: 'To-do request',
  byOwner: (o) => ` by ${o}`,
  byYou: ' by you',
  addToCalendar: 'Add to your calendar',
  ics: 'Download (.ics)',
  entryTitle: (t, o) => `${t} with ${o}`,
  entryPending: (o) => `Requested; ${o} has not answered yet.`,
  entryAccepted: (o) => `Accepted by ${o}.`,
  keepLink: 'Keep this link: it shows the latest state of your request.',
  language: 'Language',
};

const de: StatusPhrases = {
  status: { pending: 'Wartet auf Antwort', accepted: 'Angenommen', declined: 'Abgelehnt', withdrawn: 'Zurückgezogen', expired: 'Abgelaufen', rescheduled: 'Neue Zeit vorgeschlagen', cancelled: 'Abgesagt', completed: 'Erledigt' },
  done: {
    requested: 'Ihre Anfrage wurde gesendet. Sie erhalten eine E-Mail mit diesem Link; hier können Sie sie verfolgen.',
    withdraw: 'Ihre Anfrage wurde zurückgezogen.',
    confirm: 'Sie haben die neue Zeit bestätigt.',
    cancel: 'Der Termin wurde abgesagt.',
  },
  buttons: { withdraw: 'Meine Anfrage zurückziehen', confirm: 'Neue Zeit bestätigen', cancel: 'Termin absagen', declineNew: 'Neue Zeit ablehnen' },
  heading: (o) => `Ihre Anfrage an ${o}`,
  proposes: (o) => `${o} schlägt eine neue Zeit vor. Bestätigen Sie sie, oder lehnen Sie sie ab, um den Termin abzusagen.`,
  details: 'Details der Anfrage',
  what: 'Was',
  when: 'Wann',
  proposedTime: 'Vorgeschlagene Zeit',
  suggestedDate: 'Vorgeschlagenes Datum',
  yourMessage: 'Ihre Nachricht',
  from: 'Von',
  appointment: 'Termin',
  todo: 'Aufgabenanfrage',
  byOwner: (o) => ` von ${o}`,
  byYou: ' von Ihnen',
  addToCalendar: 'Zum Kalender hinzufügen',
  ics: 'Herunterladen (.ics)',
  entryTitle: (t, o) => `${t} mit ${o}`,
  entryPending: (o) => `Angefragt; ${o} hat noch nicht geantwortet.`,
  entryAccepted: (o) => `Von ${o} angenommen.`,
  keepLink: 'Bewahren Sie diesen Link auf: Er zeigt immer den aktuellen Stand Ihrer Anfrage.',
  language: 'Sprache',
};

const fr: StatusPhrases = {
  status: { pending: 'En attente de réponse', accepted: 'Acceptée', declined: 'Refusée', withdrawn: 'Retirée', expired: 'Expirée', rescheduled: 'Nouvel horaire proposé', cancelled: 'Annulée', completed: 'Terminée' },
  done: {
    requested: 'Votre demande a été envoyée. Vous recevrez un e-mail avec ce lien ; revenez ici pour la suivre.',
    withdraw: 'Votre demande a été retirée.',
    confirm: 'Vous avez confirmé le nouvel horaire.',
    cancel: 'Le rendez-vous a été annulé.',
  },
  buttons: { withdraw: 'Retirer ma demande', confirm: 'Confirmer le nouvel horaire', cancel: 'Annuler le rendez-vous', declineNew: 'Refuser le nouvel horaire' },
  heading: (o) => `Votre demande à ${o}`,
  proposes: (o) => `${o} propose un nouvel horaire. Confirmez-le, ou refusez-le pour annuler le rendez-vous.`,
  details: 'Détails de la demande',
  what: 'Quoi',
  when: 'Quand',
  proposedTime: 'Horaire proposé',
  suggestedDate: 'Date suggérée',
  yourMessage: 'Votre message',
  from: 'De',
  appointment: 'Rendez-vous',
  todo: 'Demande de tâche',
  byOwner: (o) => ` par ${o}`,
  byYou: ' par vous',
  addToCalendar: 'Ajouter à votre agenda',
  ics: 'Télécharger (.ics)',
  entryTitle: (t, o) => `${t} avec ${o}`,
  entryPending: (o) => `Demandé ; ${o} n’a pas encore répondu.`,
  entryAccepted: (o) => `Accepté par ${o}.`,
  keepLink: 'Conservez ce lien : il montre toujours l’état actuel de votre demande.',
  language: 'Langue',
};

const es: StatusPhrases = {
  status: { pending: 'Esperando respuesta', accepted: 'Aceptada', declined: 'Rechazada', withdrawn: 'Retirada', expired: 'Caducada', rescheduled: 'Nueva hora propuesta', cancelled: 'Cancelada', completed: 'Completada' },
  done: {
    requested: 'Su solicitud se ha enviado. Recibirá un correo con este enlace; vuelva aquí para seguirla.',
    withdraw: 'Su solicitud se ha retirado.',
    confirm: 'Ha confirmado la nueva hora.',
    cancel: 'La cita se ha cancelado.',
  },
  buttons: { withdraw: 'Retirar mi solicitud', confirm: 'Confirmar la nueva hora', cancel: 'Cancelar la cita', declineNew: 'Rechazar la nueva hora' },
  heading: (o) => `Su solicitud a ${o}`,
  proposes: (o) => `${o} propone una nueva hora. Confírmela, o recházela para cancelar la cita.`,
  details: 'Detalles de la solicitud',
  what: 'Qué',
  when: 'Cuándo',
  proposedTime: 'Hora propuesta',
  suggestedDate: 'Fecha sugerida',
  yourMessage: 'Su mensaje',
  from: 'De',
  appointment: 'Cita',
  todo: 'Solicitud de tarea',
  byOwner: (o) => ` por ${o}`,
  byYou: ' por usted',
  addToCalendar: 'Añadir a su calendario',
  ics: 'Descargar (.ics)',
  entryTitle: (t, o) => `${t} con ${o}`,
  entryPending: (o) => `Solicitada; ${o} aún no ha respondido.`,
  entryAccepted: (o) => `Aceptada por ${o}.`,
  keepLink: 'Guarde este enlace: siempre muestra el estado actual de su solicitud.',
  language: 'Idioma',
};

const TABLE: Record<PageLanguage, StatusPhrases> = { en, de, fr, es };

export const statusPhrases = (lang: PageLanguage): StatusPhrases => TABLE[lang] ?? en;
