import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * The owner's world. Every table that holds an owner's data carries owner_id, and every query filters
 * on it. Instants are timestamptz written from the service's clock (millisecond precision); local
 * dates are `date`; local times `text` HH:MM. SQL accepted by PostgreSQL 15 and PGlite (Postgres 18).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE server_secrets (
      name text PRIMARY KEY,
      value text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO server_secrets (name, value) VALUES ('cursor', encode(sha256(gen_random_uuid()::text::bytea || clock_timestamp()::text::bytea), 'hex'));

    CREATE TABLE owners (
      id uuid PRIMARY KEY,
      account_id text NOT NULL UNIQUE,
      username text NOT NULL UNIQUE,
      display_name text NOT NULL,
      timezone text NOT NULL,
      locale text NOT NULL DEFAULT 'en',
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      deleted_at timestamptz
    );

    CREATE TABLE calendars (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      slug text NOT NULL,
      name text NOT NULL,
      position integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      UNIQUE (owner_id, slug)
    );

    -- A single event, or the master of a repeating series (rrule set). start_at/end_at are the first
    -- occurrence; all-day events also keep their local dates (end exclusive).
    CREATE TABLE events (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      calendar_id uuid NOT NULL REFERENCES calendars(id) ON DELETE CASCADE,
      title text NOT NULL,
      start_at timestamptz NOT NULL,
      end_at timestamptz NOT NULL,
      all_day boolean NOT NULL DEFAULT false,
      start_date date,
      end_date date,
      timezone text NOT NULL,
      show_as text NOT NULL DEFAULT 'busy' CHECK (show_as IN ('busy', 'free')),
      status text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'cancelled')),
      location text,
      url text,
      notes text,
      participants jsonb NOT NULL DEFAULT '[]'::jsonb,
      rrule text,
      exdates text[] NOT NULL DEFAULT '{}',
      -- last instant any occurrence can end (null: repeats forever); lets window queries skip old series
      series_until timestamptz,
      is_appointment boolean NOT NULL DEFAULT false,
      request_id uuid,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      deleted_at timestamptz,
      CHECK (end_at >= start_at)
    );
    CREATE INDEX events_owner_window ON events (owner_id, start_at) WHERE deleted_at IS NULL;
    CREATE INDEX events_owner_updated ON events (owner_id, updated_at);

    -- One occurrence of a series moved, changed, cancelled or deleted; keyed by its original start.
    CREATE TABLE event_overrides (
      event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      owner_id uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      original_start text NOT NULL,
      start_at timestamptz,
      end_at timestamptz,
      title text,
      location text,
      show_as text CHECK (show_as IN ('busy', 'free')),
      cancelled boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL,
      deleted_at timestamptz,
      PRIMARY KEY (event_id, original_start)
    );

    CREATE TABLE calendar_feeds (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      url text NOT NULL,
      name text NOT NULL,
      etag text,
      last_modified text,
      last_fetched_at timestamptz,
      last_error text,
      created_at timestamptz NOT NULL
    );

    -- Busy time imported from other calendars: intervals only, never returned by any route.
    CREATE TABLE imported_busy (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      feed_id uuid REFERENCES calendar_feeds(id) ON DELETE CASCADE,
      start_at timestamptz NOT NULL,
      end_at timestamptz NOT NULL
    );
    CREATE INDEX imported_busy_owner ON imported_busy (owner_id, start_at);

    CREATE TABLE tasks (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      title text NOT NULL,
      description text,
      due_date date,
      due_time text,
      timezone text,
      priority text NOT NULL DEFAULT 'none' CHECK (priority IN ('none', 'low', 'medium', 'high')),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed')),
      completed_at timestamptz,
      from_requester text,
      request_id uuid,
      duration_minutes integer CHECK (duration_minutes > 0),
      position integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      deleted_at timestamptz
    );
    CREATE INDEX tasks_owner_updated ON tasks (owner_id, updated_at, id);

    CREATE TABLE appointment_types (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      name text NOT NULL,
      duration_minutes integer NOT NULL CHECK (duration_minutes > 0),
      position integer NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      deleted_at timestamptz
    );
    CREATE INDEX appointment_types_owner ON appointment_types (owner_id, position);

    -- Booking rules; the availability issue gives the JSON its shape.
    CREATE TABLE booking_settings (
      owner_id uuid PRIMARY KEY REFERENCES owners(id) ON DELETE CASCADE,
      enabled boolean NOT NULL DEFAULT false,
      rules jsonb NOT NULL DEFAULT '{}'::jsonb,
      updated_at timestamptz NOT NULL
    );

    CREATE TABLE apps (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      suspended_at timestamptz,
      created_at timestamptz NOT NULL
    );

    CREATE TABLE tokens (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('pat', 'test', 'at')),
      name text NOT NULL,
      scopes text[] NOT NULL,
      mode text NOT NULL CHECK (mode IN ('live', 'test')),
      token_hash text NOT NULL UNIQUE,
      last_four text NOT NULL,
      app_id uuid REFERENCES apps(id) ON DELETE CASCADE,
      expires_at timestamptz,
      revoked_at timestamptz,
      last_used_at timestamptz,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX tokens_owner ON tokens (owner_id);

    CREATE TABLE contacts (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      name text,
      email text,
      phone text,
      blocked boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX contacts_owner_email ON contacts (owner_id, email) WHERE email IS NOT NULL;
    CREATE UNIQUE INDEX contacts_owner_phone ON contacts (owner_id, phone) WHERE phone IS NOT NULL;

    CREATE TABLE requests (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('appointment', 'task')),
      status text NOT NULL CHECK (status IN ('pending', 'accepted', 'declined', 'withdrawn', 'expired', 'rescheduled', 'cancelled', 'completed')),
      cancelled_by text CHECK (cancelled_by IN ('owner', 'requester')),
      appointment_type_id uuid REFERENCES appointment_types(id),
      slot_start timestamptz,
      slot_end timestamptz,
      suggested_due_date date,
      message text,
      note text,
      requester_name text NOT NULL,
      requester_email text,
      requester_phone text,
      contact_method text,
      contact_handle text,
      requester_timezone text NOT NULL,
      requester_locale text NOT NULL,
      notify_requester boolean NOT NULL DEFAULT false,
      source text NOT NULL CHECK (source IN ('public', 'api')),
      token_id uuid REFERENCES tokens(id) ON DELETE SET NULL,
      test boolean NOT NULL DEFAULT false,
      -- from a blocked contact: answered like any other, never reaches the inbox (docs/spec-decisions.md §3)
      from_blocked boolean NOT NULL DEFAULT false,
      expires_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      deleted_at timestamptz
    );
    CREATE INDEX requests_owner_updated ON requests (owner_id, updated_at, id);

    -- The owner's private journal: no route, field or event reads this table.
    CREATE TABLE journal_entries (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      entry_date date NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
  `);
}
