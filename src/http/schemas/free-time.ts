import Type, { type Static } from 'typebox';
import { DateString, Instant, StringEnum } from './common.js';
import { TimeZone, TimeZoneName } from './formats.js';

/** GET /free-time's query and answer (docs/free-time.md). */
const closed = { additionalProperties: false } as const;

/** At most 62 dates, `from` and `to` included: the window of GET /events. */
export const MAX_FREE_TIME_DAYS = 62;

export const FreeTimeQuery = Type.Object(
  {
    from: DateString,
    to: DateString,
    tz: TimeZone,
    workingHours: Type.Optional(
      StringEnum(['true', 'false'] as const, { default: 'true', description: "true (the default): only within the working hours of the owner's booking page; false: at any hour" }),
    ),
    minMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440, description: 'only free intervals at least this many minutes long (1 to 1440)' })),
  },
  closed,
);

export const FreeInterval = Type.Object({ start: Instant, end: Instant }, { ...closed, title: 'FreeInterval' });

export const FreeTime = Type.Object(
  {
    // The asked `tz` as the tz database spells it (europe/berlin → Europe/Berlin).
    timezone: TimeZoneName,
    from: DateString,
    to: DateString,
    workingHours: Type.Boolean({ description: 'whether the intervals were cut to working hours (the default, true, when not asked)' }),
    free: Type.Array(FreeInterval, { description: 'free time only, in start order, merged (never two touching), never before now' }),
  },
  {
    ...closed,
    title: 'FreeTime',
    examples: [
      {
        timezone: 'Europe/Berlin',
        from: '2026-03-30',
        to: '2026-03-31',
        workingHours: true,
        free: [
          { start: '2026-03-30T07:00:00Z', end: '2026-03-30T09:30:00Z' },
          { start: '2026-03-30T11:00:00Z', end: '2026-03-30T15:00:00Z' },
          { start: '2026-03-31T07:00:00Z', end: '2026-03-31T15:00:00Z' },
        ],
      },
    ],
  },
);

export type FreeTimeDto = Static<typeof FreeTime>;
