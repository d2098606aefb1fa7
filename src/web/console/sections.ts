import { accountSection } from './account.js';
import { bookingSection } from './booking.js';
import { calendarSection } from './calendar.js';
import type { ConsoleSection } from './console.js';
import { contactsSection } from './contacts.js';
import { developerAppsSection } from './developer-apps.js';
import { developerAppWebhookSection } from './developer-app-webhook.js';
import { developerSection } from './developer.js';
import { developerLogsSection } from './developer-logs.js';
import { inboxSection } from './inbox.js';
import { journalSection } from './journal.js';
import { mailSection } from './mail.js';
import { todosSection } from './todos.js';

/** Every section of the console, each in its own file. */
export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  calendarSection, todosSection, inboxSection, bookingSection, contactsSection, journalSection, developerSection, developerAppsSection, developerAppWebhookSection, developerLogsSection, mailSection, accountSection,
];
