// Generated from openapi.json by openapi-typescript (`npm run sdk:types`); do not edit.
export interface paths {
    "/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account the token acts for, its scopes and mode; the profile with profile:read.
         * @description The account the token acts for, its scopes and mode; the profile with profile:read. Any valid token. Rate class `read`.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/appointment-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The owner's appointment types, in the owner's order. 404 while the owner's booking is off.
         * @description The owner's appointment types, in the owner's order. 404 while the owner's booking is off. Needs the scope `availability:read`. Rate class `read`.
         */
        get: operations["listAppointmentTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Free slots of one appointment type whose start falls on the dates from..to (inclusive, at most 14) of the time zone tz, under the rules of the owner's booking page.
         * @description Free slots of one appointment type whose start falls on the dates from..to (inclusive, at most 14) of the time zone tz, under the rules of the owner's booking page. Needs the scope `availability:read`. Rate class `availability`.
         */
        get: operations["getAvailability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/free-time": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The owner's free intervals of any length on the dates from..to (inclusive, at most 62) of the time zone tz, within the booking page's working hours unless workingHours=false; never before now, never why a time is busy. 404 while the owner's booking is off.
         * @description The owner's free intervals of any length on the dates from..to (inclusive, at most 62) of the time zone tz, within the booking page's working hours unless workingHours=false; never before now, never why a time is busy. 404 while the owner's booking is off. Needs the scope `availability:read`. Rate class `availability`.
         */
        get: operations["getFreeTime"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Events and accepted appointments between two instants (at most 62 days), repeating events expanded into occurrences, in start order.
         * @description Events and accepted appointments between two instants (at most 62 days), repeating events expanded into occurrences, in start order. Needs the scope `events:read`. Rate class `read`.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One event, or one occurrence of a repeating event by its id `<series id>@<original start>`.
         * @description One event, or one occurrence of a repeating event by its id `<series id>@<original start>`. Needs the scope `events:read`. Rate class `read`.
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every event and series created, changed or deleted since a sync token (without one: all of them, a full sync), in pages; the last page of a round gives the next token. Not bound to a window.
         * @description Every event and series created, changed or deleted since a sync token (without one: all of them, a full sync), in pages; the last page of a round gives the next token. Not bound to a window. Needs the scope `events:read`. Rate class `read`.
         */
        get: operations["listEventChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/series/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A repeating event by the id `occurrenceOf` gives: its rule in words and as iCalendar text, its zone, first and last occurrence, exceptions count.
         * @description A repeating event by the id `occurrenceOf` gives: its rule in words and as iCalendar text, its zone, first and last occurrence, exceptions count. Needs the scope `events:read`. Rate class `read`.
         */
        get: operations["getSeries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/series/{id}/occurrences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The occurrences of a series between two instants (at most 366 days), in start order, exactly as GET /events lists them.
         * @description The occurrences of a series between two instants (at most 366 days), in start order, exactly as GET /events lists them. Needs the scope `events:read`. Rate class `read`.
         */
        get: operations["listSeriesOccurrences"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open and completed to-dos, oldest change first; completed ones for 90 days after completion.
         * @description Open and completed to-dos, oldest change first; completed ones for 90 days after completion. Needs the scope `tasks:read`. Rate class `read`.
         */
        get: operations["listTasks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tasks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One to-do.
         * @description One to-do. Needs the scope `tasks:read`. Rate class `read`.
         */
        get: operations["getTask"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Appointment and to-do requests, oldest change first; handled ones for 90 days.
         * @description Appointment and to-do requests, oldest change first; handled ones for 90 days. Needs the scope `requests:read`. Rate class `read`.
         */
        get: operations["listRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One request; handled ones are readable for 90 days after their last change.
         * @description One request; handled ones are readable for 90 days after their last change. Needs the scope `requests:read`. Rate class `read`.
         */
        get: operations["getRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests/appointments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a slot GET /availability offers; it waits in the owner's inbox until the owner accepts or declines.
         * @description Ask for a slot GET /availability offers; it waits in the owner's inbox until the owner accepts or declines. Needs the scope `requests:create`. Rate class `create`. Takes an `Idempotency-Key`: a retry with the same key answers the first outcome, never a second change.
         */
        post: operations["createAppointmentRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the owner to do something; it waits in the owner's inbox until the owner accepts (a to-do) or declines.
         * @description Ask the owner to do something; it waits in the owner's inbox until the owner accepts (a to-do) or declines. Needs the scope `requests:create`. Rate class `create`. Takes an `Idempotency-Key`: a retry with the same key answers the first outcome, never a second change.
         */
        post: operations["createTaskRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests/{id}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw a request this token created, while it is pending.
         * @description Withdraw a request this token created, while it is pending. Needs the scope `requests:create`. Rate class `create`. Takes an `Idempotency-Key`: a retry with the same key answers the first outcome, never a second change.
         */
        post: operations["withdrawRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The events this token was entitled to since an instant (at most 30 days back), oldest first, with the payloads the webhooks deliver.
         * @description The events this token was entitled to since an instant (at most 30 days back), oldest first, with the payloads the webhooks deliver. Needs the scope `webhooks`. Rate class `read`.
         */
        get: operations["listWebhookEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One event this token was entitled to, within the last 30 days.
         * @description One event this token was entitled to, within the last 30 days. Needs the scope `webhooks`. Rate class `read`.
         */
        get: operations["getWebhookEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "request.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `request.created` event, delivered to the endpoints of every token entitled to it.
         * @description Sent to the endpoints of the tokens holding `webhooks` and `requests:read`; verify `Svc-Signature` on the raw body before trusting it (docs/webhooks-receiving.md). Any answer but 2xx within 10 seconds is retried on the schedule of docs/spec-decisions.md §8.
         */
        post: operations["webhook_request_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "request.withdrawn": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `request.withdrawn` event, delivered to the endpoints of every token entitled to it.
         * @description Sent to the endpoints of the tokens holding `webhooks` and `requests:read`; verify `Svc-Signature` on the raw body before trusting it (docs/webhooks-receiving.md). Any answer but 2xx within 10 seconds is retried on the schedule of docs/spec-decisions.md §8.
         */
        post: operations["webhook_request_withdrawn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "request.accepted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `request.accepted` event, delivered to the endpoints of every token entitled to it.
         * @description Sent to the endpoints of the tokens holding `webhooks` and `requests:read`; verify `Svc-Signature` on the raw body before trusting it (docs/webhooks-receiving.md). Any answer but 2xx within 10 seconds is retried on the schedule of docs/spec-decisions.md §8.
         */
        post: operations["webhook_request_accepted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "request.declined": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `request.declined` event, delivered to the endpoints of every token entitled to it.
         * @description Sent to the endpoints of the tokens holding `webhooks` and `requests:read`; verify `Svc-Signature` on the raw body before trusting it (docs/webhooks-receiving.md). Any answer but 2xx within 10 seconds is retried on the schedule of docs/spec-decisions.md §8.
         */
        post: operations["webhook_request_declined"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "request.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `request.expired` event, delivered to the endpoints of every token entitled to it.
         * @description Sent to the endpoints of the tokens holding `webhooks` and `requests:read`; verify `Svc-Signature` on the raw body before trusting it (docs/webhooks-receiving.md). Any answer but 2xx within 10 seconds is retried on the schedule of docs/spec-decisions.md §8.
         */
        post: operations["webhook_request_expired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "appointment.rescheduled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `appointment.rescheduled` event, delivered to the endpoints of every token entitled to it.
         * @description Sent to the endpoints of the tokens holding `webhooks` and `requests:read`; verify `Svc-Signature` on the raw body before trusting it (docs/webhooks-receiving.md). Any answer but 2xx within 10 seconds is retried on the schedule of docs/spec-decisions.md §8.
         */
        post: operations["webhook_appointment_rescheduled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "appointment.confirmed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `appointment.confirmed` event, delivered to the endpoints of every token entitled to it.
         * @description Sent to the endpoints of the tokens holding `webhooks` and `requests:read`; verify `Svc-Signature` on the raw body before trusting it (docs/webhooks-receiving.md). Any answer but 2xx within 10 seconds is retried on the schedule of docs/spec-decisions.md §8.
         */
        post: operations["webhook_appointment_confirmed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "appointment.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `appointment.cancelled` event, delivered to the endpoints of every token entitled to it.
         * @description Sent to the endpoints of the tokens holding `webhooks` and `requests:read`; verify `Svc-Signature` on the raw body before trusting it (docs/webhooks-receiving.md). Any answer but 2xx within 10 seconds is retried on the schedule of docs/spec-decisions.md §8.
         */
        post: operations["webhook_appointment_cancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "appointment.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `appointment.completed` event, delivered to the endpoints of every token entitled to it.
         * @description Sent to the endpoints of the tokens holding `webhooks` and `requests:read`; verify `Svc-Signature` on the raw body before trusting it (docs/webhooks-receiving.md). Any answer but 2xx within 10 seconds is retried on the schedule of docs/spec-decisions.md §8.
         */
        post: operations["webhook_appointment_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "task.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `task.created` event, delivered to the endpoints of every token entitled to it.
         * @description Sent to the endpoints of the tokens holding `webhooks` and `tasks:read`; verify `Svc-Signature` on the raw body before trusting it (docs/webhooks-receiving.md). Any answer but 2xx within 10 seconds is retried on the schedule of docs/spec-decisions.md §8.
         */
        post: operations["webhook_task_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "task.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `task.updated` event, delivered to the endpoints of every token entitled to it.
         * @description Sent to the endpoints of the tokens holding `webhooks` and `tasks:read`; verify `Svc-Signature` on the raw body before trusting it (docs/webhooks-receiving.md). Any answer but 2xx within 10 seconds is retried on the schedule of docs/spec-decisions.md §8.
         */
        post: operations["webhook_task_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "task.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `task.completed` event, delivered to the endpoints of every token entitled to it.
         * @description Sent to the endpoints of the tokens holding `webhooks` and `tasks:read`; verify `Svc-Signature` on the raw body before trusting it (docs/webhooks-receiving.md). Any answer but 2xx within 10 seconds is retried on the schedule of docs/spec-decisions.md §8.
         */
        post: operations["webhook_task_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "task.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `task.deleted` event, delivered to the endpoints of every token entitled to it.
         * @description Sent to the endpoints of the tokens holding `webhooks` and `tasks:read`; verify `Svc-Signature` on the raw body before trusting it (docs/webhooks-receiving.md). Any answer but 2xx within 10 seconds is retried on the schedule of docs/spec-decisions.md §8.
         */
        post: operations["webhook_task_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `event.created` event, delivered to the endpoints of every token entitled to it.
         * @description Sent to the endpoints of the tokens holding `webhooks` and `events:read`; verify `Svc-Signature` on the raw body before trusting it (docs/webhooks-receiving.md). Any answer but 2xx within 10 seconds is retried on the schedule of docs/spec-decisions.md §8.
         */
        post: operations["webhook_event_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `event.updated` event, delivered to the endpoints of every token entitled to it.
         * @description Sent to the endpoints of the tokens holding `webhooks` and `events:read`; verify `Svc-Signature` on the raw body before trusting it (docs/webhooks-receiving.md). Any answer but 2xx within 10 seconds is retried on the schedule of docs/spec-decisions.md §8.
         */
        post: operations["webhook_event_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `event.deleted` event, delivered to the endpoints of every token entitled to it.
         * @description Sent to the endpoints of the tokens holding `webhooks` and `events:read`; verify `Svc-Signature` on the raw body before trusting it (docs/webhooks-receiving.md). Any answer but 2xx within 10 seconds is retried on the schedule of docs/spec-decisions.md §8.
         */
        post: operations["webhook_event_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "authorization.revoked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `authorization.revoked` event, delivered to the endpoints of every token entitled to it.
         * @description Sent to the endpoints of the tokens holding `webhooks`; verify `Svc-Signature` on the raw body before trusting it (docs/webhooks-receiving.md). Any answer but 2xx within 10 seconds is retried on the schedule of docs/spec-decisions.md §8.
         */
        post: operations["webhook_authorization_revoked"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    ping: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The `ping` event, delivered to the endpoints of every token entitled to it.
         * @description Sent to the endpoints of the tokens holding `webhooks`; verify `Svc-Signature` on the raw body before trusting it (docs/webhooks-receiving.md). Any answer but 2xx within 10 seconds is retried on the schedule of docs/spec-decisions.md §8.
         */
        post: operations["webhook_ping"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** Account */
        Account: {
            accountId: string;
            scopes: ("profile:read" | "availability:read" | "events:read" | "tasks:read" | "requests:read" | "requests:contact" | "requests:create" | "webhooks")[];
            /** @enum {string} */
            mode: "live" | "test";
            profile?: components["schemas"]["Profile"];
        };
        /**
         * AppointmentCancelledEvent
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "type": "appointment.cancelled",
         *       "apiVersion": "v1",
         *       "occurredAt": "2026-03-29T00:30:00Z",
         *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
         *       "test": false,
         *       "data": {
         *         "object": "request",
         *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
         *       }
         *     }
         */
        AppointmentCancelledEvent: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            /** @constant */
            type: "appointment.cancelled";
            /** @constant */
            apiVersion: "v1";
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            occurredAt: string;
            /** @description the account id */
            account: string;
            /** @description true for a test-mode token, or an event of a test token's record */
            test: boolean;
            data: components["schemas"]["RequestRef"];
        };
        /**
         * AppointmentCompletedEvent
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "type": "appointment.completed",
         *       "apiVersion": "v1",
         *       "occurredAt": "2026-03-29T00:30:00Z",
         *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
         *       "test": false,
         *       "data": {
         *         "object": "request",
         *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
         *       }
         *     }
         */
        AppointmentCompletedEvent: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            /** @constant */
            type: "appointment.completed";
            /** @constant */
            apiVersion: "v1";
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            occurredAt: string;
            /** @description the account id */
            account: string;
            /** @description true for a test-mode token, or an event of a test token's record */
            test: boolean;
            data: components["schemas"]["RequestRef"];
        };
        /**
         * AppointmentConfirmedEvent
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "type": "appointment.confirmed",
         *       "apiVersion": "v1",
         *       "occurredAt": "2026-03-29T00:30:00Z",
         *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
         *       "test": false,
         *       "data": {
         *         "object": "request",
         *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
         *       }
         *     }
         */
        AppointmentConfirmedEvent: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            /** @constant */
            type: "appointment.confirmed";
            /** @constant */
            apiVersion: "v1";
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            occurredAt: string;
            /** @description the account id */
            account: string;
            /** @description true for a test-mode token, or an event of a test token's record */
            test: boolean;
            data: components["schemas"]["RequestRef"];
        };
        /**
         * AppointmentRequest
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "kind": "appointment",
         *       "status": "pending",
         *       "cancelledBy": null,
         *       "appointmentTypeId": "9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c",
         *       "slot": {
         *         "start": "2026-03-30T13:00:00Z",
         *         "end": "2026-03-30T13:30:00Z"
         *       },
         *       "suggestedDueDate": null,
         *       "message": "About the offer",
         *       "note": null,
         *       "requester": {
         *         "name": "Ana",
         *         "email": "ana@example.com"
         *       },
         *       "source": "api",
         *       "createdByThisToken": true,
         *       "test": false,
         *       "createdAt": "2026-03-29T00:30:00Z",
         *       "updatedAt": "2026-03-29T00:30:00Z"
         *     }
         */
        AppointmentRequest: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            /** @enum {string} */
            status: "pending" | "accepted" | "declined" | "withdrawn" | "expired" | "rescheduled" | "cancelled" | "completed";
            cancelledBy: ("owner" | "requester") | null;
            message: string | null;
            note: string | null;
            requester: components["schemas"]["Requester"];
            /** @enum {string} */
            source: "public" | "api";
            createdByThisToken: boolean;
            test: boolean;
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            updatedAt: string;
            /** @constant */
            kind: "appointment";
            appointmentTypeId: string | null;
            slot: components["schemas"]["Slot"];
            suggestedDueDate: null;
        };
        /** AppointmentRequestBody */
        AppointmentRequestBody: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            appointmentTypeId: string;
            slot: components["schemas"]["Slot"];
            /** @description text without control characters (tab, line feed and carriage return are allowed) */
            message?: string;
            requester: components["schemas"]["RequesterBody"];
            requesterTimezone: components["schemas"]["TimeZone"];
            /**
             * @description a BCP 47 language tag (language[-Script][-REGION][-variant])
             * @example en-US
             */
            requesterLocale: string;
            /** @description email the requester (never for a test token) */
            notifyRequester?: boolean;
        };
        /**
         * AppointmentRescheduledEvent
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "type": "appointment.rescheduled",
         *       "apiVersion": "v1",
         *       "occurredAt": "2026-03-29T00:30:00Z",
         *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
         *       "test": false,
         *       "data": {
         *         "object": "request",
         *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
         *       }
         *     }
         */
        AppointmentRescheduledEvent: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            /** @constant */
            type: "appointment.rescheduled";
            /** @constant */
            apiVersion: "v1";
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            occurredAt: string;
            /** @description the account id */
            account: string;
            /** @description true for a test-mode token, or an event of a test token's record */
            test: boolean;
            data: components["schemas"]["RequestRef"];
        };
        /**
         * AppointmentType
         * @example {
         *       "id": "9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c",
         *       "name": "Intro call",
         *       "durationMinutes": 30
         *     }
         */
        AppointmentType: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            name: string;
            durationMinutes: number;
        };
        /** AppointmentTypeList */
        AppointmentTypeList: {
            data: components["schemas"]["AppointmentType"][];
        };
        /**
         * AuthorizationRevokedData
         * @example {
         *       "object": "authorization",
         *       "reason": "owner"
         *     }
         */
        AuthorizationRevokedData: {
            /** @constant */
            object: "authorization";
            /** @enum {string} */
            reason: "owner" | "expired" | "account_deleted";
        };
        /**
         * AuthorizationRevokedEvent
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "type": "authorization.revoked",
         *       "apiVersion": "v1",
         *       "occurredAt": "2026-03-29T00:30:00Z",
         *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
         *       "test": false,
         *       "data": {
         *         "object": "authorization",
         *         "reason": "owner"
         *       }
         *     }
         */
        AuthorizationRevokedEvent: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            /** @constant */
            type: "authorization.revoked";
            /** @constant */
            apiVersion: "v1";
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            occurredAt: string;
            /** @description the account id */
            account: string;
            /** @description true for a test-mode token, or an event of a test token's record */
            test: boolean;
            data: components["schemas"]["AuthorizationRevokedData"];
        };
        /** Availability */
        Availability: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            appointmentTypeId: string;
            timezone: components["schemas"]["TimeZoneName"];
            /** @description free slots only */
            slots: components["schemas"]["Slot"][];
            days: components["schemas"]["AvailabilityDay"][];
        };
        /** AvailabilityDay */
        AvailabilityDay: {
            /**
             * Format: date
             * @description a calendar date (YYYY-MM-DD)
             * @example 2026-03-29
             */
            date: string;
            hasSlots: boolean;
        };
        /** CreatedRequest */
        CreatedRequest: {
            request: components["schemas"]["Request"];
            statusUrl: components["schemas"]["StatusUrl"];
        };
        /**
         * DeletedMarker
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "deletedAt": "2026-03-29T00:30:00Z"
         *     }
         */
        DeletedMarker: {
            id: string;
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            deletedAt: string;
        };
        /** Error */
        Error: {
            error: {
                code: components["schemas"]["ErrorCode"];
                message: string;
                /** @description the parameter or field at fault, when there is one */
                field?: string;
                /**
                 * @description equal to the Svc-Request-Id header
                 * @example req_7GvJ2kQ9xZ0aB3cD4eF5gH
                 */
                requestId: string;
            };
        };
        /**
         * ErrorCode
         * @description stable; messages may change, so clients branch on the code (docs/errors.md)
         * @enum {string}
         */
        ErrorCode: "bad_request" | "invalid_token" | "token_expired" | "insufficient_scope" | "app_suspended" | "not_found" | "method_not_allowed" | "slot_unavailable" | "invalid_transition" | "resync_required" | "invalid_input" | "idempotency_mismatch" | "rate_limited" | "too_many_pending" | "internal" | "unavailable";
        /**
         * Event
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "title": "Dentist",
         *       "start": "2026-03-30T07:00:00Z",
         *       "end": "2026-03-30T08:00:00Z",
         *       "allDay": false,
         *       "startDate": null,
         *       "endDate": null,
         *       "timezone": "Europe/Berlin",
         *       "showAs": "busy",
         *       "status": "confirmed",
         *       "calendar": "personal",
         *       "location": "Hauptstraße 1, Berlin",
         *       "url": null,
         *       "isAppointment": false,
         *       "requestId": null,
         *       "occurrenceOf": null,
         *       "updatedAt": "2026-03-29T00:30:00Z"
         *     }
         */
        Event: {
            id: string;
            title: string;
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            start: string;
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            end: string;
            allDay: boolean;
            startDate: string | null;
            endDate: string | null;
            timezone: string;
            /** @enum {string} */
            showAs: "busy" | "free";
            /** @enum {string} */
            status: "confirmed" | "cancelled";
            calendar: string;
            location: string | null;
            url: string | null;
            isAppointment: boolean;
            requestId: string | null;
            occurrenceOf: string | null;
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            updatedAt: string;
        };
        /** EventChanges */
        EventChanges: {
            /** @description single events created or changed, and every exception (changed, moved or cancelled occurrence) of each series in `series` */
            events: components["schemas"]["Event"][];
            /** @description series created or changed; each replaces what the client held of it, its exceptions included */
            series: components["schemas"]["Series"][];
            /** @description events and series deleted (a series with all its occurrences); never on a full sync */
            deleted: components["schemas"]["DeletedMarker"][];
            nextCursor: string | null;
            nextSyncToken: string | null;
        };
        /**
         * EventCreatedEvent
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "type": "event.created",
         *       "apiVersion": "v1",
         *       "occurredAt": "2026-03-29T00:30:00Z",
         *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
         *       "test": false,
         *       "data": {
         *         "object": "event",
         *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
         *       }
         *     }
         */
        EventCreatedEvent: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            /** @constant */
            type: "event.created";
            /** @constant */
            apiVersion: "v1";
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            occurredAt: string;
            /** @description the account id */
            account: string;
            /** @description true for a test-mode token, or an event of a test token's record */
            test: boolean;
            data: components["schemas"]["EventRef"];
        };
        /**
         * EventDeletedEvent
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "type": "event.deleted",
         *       "apiVersion": "v1",
         *       "occurredAt": "2026-03-29T00:30:00Z",
         *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
         *       "test": false,
         *       "data": {
         *         "object": "event",
         *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
         *       }
         *     }
         */
        EventDeletedEvent: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            /** @constant */
            type: "event.deleted";
            /** @constant */
            apiVersion: "v1";
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            occurredAt: string;
            /** @description the account id */
            account: string;
            /** @description true for a test-mode token, or an event of a test token's record */
            test: boolean;
            data: components["schemas"]["EventRef"];
        };
        /** EventPage */
        EventPage: {
            data: components["schemas"]["Event"][];
            nextCursor: string | null;
            deleted?: components["schemas"]["DeletedMarker"][];
        };
        /**
         * EventRef
         * @example {
         *       "object": "event",
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
         *     }
         */
        EventRef: {
            /** @constant */
            object: "event";
            /** @description the event id, read with GET /events/{id} */
            id: string;
        };
        /**
         * EventUpdatedEvent
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "type": "event.updated",
         *       "apiVersion": "v1",
         *       "occurredAt": "2026-03-29T00:30:00Z",
         *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
         *       "test": false,
         *       "data": {
         *         "object": "event",
         *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
         *       }
         *     }
         */
        EventUpdatedEvent: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            /** @constant */
            type: "event.updated";
            /** @constant */
            apiVersion: "v1";
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            occurredAt: string;
            /** @description the account id */
            account: string;
            /** @description true for a test-mode token, or an event of a test token's record */
            test: boolean;
            data: components["schemas"]["EventRef"];
        };
        /** FreeInterval */
        FreeInterval: {
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            start: string;
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            end: string;
        };
        /** FreeTime */
        FreeTime: {
            timezone: components["schemas"]["TimeZoneName"];
            /**
             * Format: date
             * @description a calendar date (YYYY-MM-DD)
             * @example 2026-03-29
             */
            from: string;
            /**
             * Format: date
             * @description a calendar date (YYYY-MM-DD)
             * @example 2026-03-29
             */
            to: string;
            /** @description whether the intervals were cut to working hours (the default, true, when not asked) */
            workingHours: boolean;
            /** @description free time only, in start order, merged (never two touching), never before now */
            free: components["schemas"]["FreeInterval"][];
        };
        /**
         * PingData
         * @example {
         *       "object": "ping"
         *     }
         */
        PingData: {
            /** @constant */
            object: "ping";
        };
        /**
         * PingEvent
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "type": "ping",
         *       "apiVersion": "v1",
         *       "occurredAt": "2026-03-29T00:30:00Z",
         *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
         *       "test": false,
         *       "data": {
         *         "object": "ping"
         *       }
         *     }
         */
        PingEvent: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            /** @constant */
            type: "ping";
            /** @constant */
            apiVersion: "v1";
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            occurredAt: string;
            /** @description the account id */
            account: string;
            /** @description true for a test-mode token, or an event of a test token's record */
            test: boolean;
            data: components["schemas"]["PingData"];
        };
        /**
         * Profile
         * @example {
         *       "displayName": "Dana Demo",
         *       "username": "demo",
         *       "publicUrl": "https://calendar.example.com/demo",
         *       "timezone": "Europe/Berlin",
         *       "locale": "en"
         *     }
         */
        Profile: {
            displayName: string;
            username: string;
            publicUrl: string;
            timezone: string;
            locale: string;
        };
        /**
         * Request
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "kind": "appointment",
         *       "status": "pending",
         *       "cancelledBy": null,
         *       "appointmentTypeId": "9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c",
         *       "slot": {
         *         "start": "2026-03-30T13:00:00Z",
         *         "end": "2026-03-30T13:30:00Z"
         *       },
         *       "suggestedDueDate": null,
         *       "message": "About the offer",
         *       "note": null,
         *       "requester": {
         *         "name": "Ana",
         *         "email": "ana@example.com"
         *       },
         *       "source": "api",
         *       "createdByThisToken": true,
         *       "test": false,
         *       "createdAt": "2026-03-29T00:30:00Z",
         *       "updatedAt": "2026-03-29T00:30:00Z"
         *     }
         */
        Request: components["schemas"]["AppointmentRequest"] | components["schemas"]["TaskRequest"];
        /**
         * RequestAcceptedEvent
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "type": "request.accepted",
         *       "apiVersion": "v1",
         *       "occurredAt": "2026-03-29T00:30:00Z",
         *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
         *       "test": false,
         *       "data": {
         *         "object": "request",
         *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
         *       }
         *     }
         */
        RequestAcceptedEvent: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            /** @constant */
            type: "request.accepted";
            /** @constant */
            apiVersion: "v1";
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            occurredAt: string;
            /** @description the account id */
            account: string;
            /** @description true for a test-mode token, or an event of a test token's record */
            test: boolean;
            data: components["schemas"]["RequestRef"];
        };
        /**
         * RequestCreatedEvent
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "type": "request.created",
         *       "apiVersion": "v1",
         *       "occurredAt": "2026-03-29T00:30:00Z",
         *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
         *       "test": false,
         *       "data": {
         *         "object": "request",
         *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
         *       }
         *     }
         */
        RequestCreatedEvent: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            /** @constant */
            type: "request.created";
            /** @constant */
            apiVersion: "v1";
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            occurredAt: string;
            /** @description the account id */
            account: string;
            /** @description true for a test-mode token, or an event of a test token's record */
            test: boolean;
            data: components["schemas"]["RequestRef"];
        };
        /**
         * RequestDeclinedEvent
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "type": "request.declined",
         *       "apiVersion": "v1",
         *       "occurredAt": "2026-03-29T00:30:00Z",
         *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
         *       "test": false,
         *       "data": {
         *         "object": "request",
         *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
         *       }
         *     }
         */
        RequestDeclinedEvent: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            /** @constant */
            type: "request.declined";
            /** @constant */
            apiVersion: "v1";
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            occurredAt: string;
            /** @description the account id */
            account: string;
            /** @description true for a test-mode token, or an event of a test token's record */
            test: boolean;
            data: components["schemas"]["RequestRef"];
        };
        /**
         * RequestExpiredEvent
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "type": "request.expired",
         *       "apiVersion": "v1",
         *       "occurredAt": "2026-03-29T00:30:00Z",
         *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
         *       "test": false,
         *       "data": {
         *         "object": "request",
         *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
         *       }
         *     }
         */
        RequestExpiredEvent: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            /** @constant */
            type: "request.expired";
            /** @constant */
            apiVersion: "v1";
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            occurredAt: string;
            /** @description the account id */
            account: string;
            /** @description true for a test-mode token, or an event of a test token's record */
            test: boolean;
            data: components["schemas"]["RequestRef"];
        };
        /** RequestPage */
        RequestPage: {
            data: components["schemas"]["Request"][];
            nextCursor: string | null;
            deleted?: components["schemas"]["DeletedMarker"][];
        };
        /**
         * RequestRef
         * @example {
         *       "object": "request",
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
         *     }
         */
        RequestRef: {
            /** @constant */
            object: "request";
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
        };
        /**
         * RequestWithdrawnEvent
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "type": "request.withdrawn",
         *       "apiVersion": "v1",
         *       "occurredAt": "2026-03-29T00:30:00Z",
         *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
         *       "test": false,
         *       "data": {
         *         "object": "request",
         *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
         *       }
         *     }
         */
        RequestWithdrawnEvent: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            /** @constant */
            type: "request.withdrawn";
            /** @constant */
            apiVersion: "v1";
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            occurredAt: string;
            /** @description the account id */
            account: string;
            /** @description true for a test-mode token, or an event of a test token's record */
            test: boolean;
            data: components["schemas"]["RequestRef"];
        };
        /**
         * Requester
         * @description email and phone only for a token that also holds requests:contact
         * @example {
         *       "name": "Ana",
         *       "email": "ana@example.com"
         *     }
         */
        Requester: {
            name: string;
            email?: string;
            phone?: string;
            /** @enum {string} */
            contactMethod?: "email" | "phone_call" | "sms" | "whatsapp" | "telegram" | "signal" | "viber" | "wechat" | "imessage" | "other";
            contactHandle?: string;
        };
        /**
         * RequesterBody
         * @description name and at least one of email or phone
         * @example {
         *       "name": "Ana",
         *       "email": "ana@example.com"
         *     }
         */
        RequesterBody: {
            /** @description text without control characters (tab, line feed and carriage return are allowed) */
            name: string;
            /**
             * @description an email address as a browser's email field takes it (WHATWG HTML: ASCII, no spaces or quotes, a domain of letters, digits and hyphens)
             * @example ana@example.com
             */
            email?: string;
            /**
             * @description a phone number in E.164 form (a plus, then at most 15 digits)
             * @example +4915112345678
             */
            phone?: string;
            /** @enum {string} */
            contactMethod?: "email" | "phone_call" | "sms" | "whatsapp" | "telegram" | "signal" | "viber" | "wechat" | "imessage" | "other";
            /** @description text without control characters (tab, line feed and carriage return are allowed) */
            contactHandle?: string;
        };
        /**
         * Series
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "title": "Stand-up",
         *       "timezone": "Europe/Berlin",
         *       "allDay": false,
         *       "showAs": "busy",
         *       "status": "confirmed",
         *       "calendar": "work",
         *       "location": null,
         *       "url": null,
         *       "rule": "Every Tuesday at 10:00, until 31 March 2027",
         *       "rrule": "DTSTART;TZID=Europe/Berlin:20260317T100000\nRRULE:FREQ=WEEKLY;UNTIL=20270331T215959Z\nEXDATE;TZID=Europe/Berlin:20260407T100000",
         *       "firstOccurrence": {
         *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d@2026-03-17T09:00:00Z",
         *         "start": "2026-03-17T09:00:00Z",
         *         "end": "2026-03-17T09:30:00Z"
         *       },
         *       "lastOccurrence": {
         *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d@2027-03-30T08:00:00Z",
         *         "start": "2027-03-30T08:00:00Z",
         *         "end": "2027-03-30T08:30:00Z"
         *       },
         *       "exceptionsCount": 1,
         *       "updatedAt": "2026-03-29T00:30:00Z"
         *     }
         */
        Series: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            title: string;
            /** @description the zone the rule runs in: its wall-clock times hold across DST changes */
            timezone: string;
            allDay: boolean;
            /** @enum {string} */
            showAs: "busy" | "free";
            /** @enum {string} */
            status: "confirmed" | "cancelled";
            calendar: string;
            location: string | null;
            url: string | null;
            /** @description the recurrence in English words, in the series' zone ("Every Tuesday at 10:00") */
            rule: string;
            /** @description the recurrence as iCalendar content lines joined by "\n": DTSTART, each RRULE, RDATE and EXDATE (deleted occurrences included); changed, moved and cancelled occurrences are not in it: they are the exceptions, listed by GET /series/{id}/occurrences */
            rrule: string;
            firstOccurrence: components["schemas"]["SeriesOccurrenceRef"] | null;
            lastOccurrence: components["schemas"]["SeriesOccurrenceRef"] | null;
            /** @description occurrences changed, moved, cancelled or removed */
            exceptionsCount: number;
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            updatedAt: string;
        };
        /** SeriesOccurrencePage */
        SeriesOccurrencePage: {
            data: components["schemas"]["Event"][];
            nextCursor: string | null;
            deleted?: components["schemas"]["DeletedMarker"][];
        };
        /**
         * SeriesOccurrenceRef
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d@2026-03-17T09:00:00Z",
         *       "start": "2026-03-17T09:00:00Z",
         *       "end": "2026-03-17T09:30:00Z"
         *     }
         */
        SeriesOccurrenceRef: {
            /** @description `<series id>@<original start>`, as GET /events/{id} takes it */
            id: string;
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            start: string;
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            end: string;
        };
        /** Slot */
        Slot: {
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            start: string;
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            end: string;
        };
        /**
         * StatusUrl
         * @description the requester's status page, a signed link
         */
        StatusUrl: {
            url: string;
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            expiresAt: string;
        };
        /**
         * Task
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "title": "Send the slides",
         *       "description": null,
         *       "dueDate": "2026-03-31",
         *       "dueTime": "17:00",
         *       "timezone": "Europe/Berlin",
         *       "priority": "high",
         *       "status": "open",
         *       "completedAt": null,
         *       "fromRequester": "Ana",
         *       "requestId": "9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c",
         *       "durationMinutes": null,
         *       "updatedAt": "2026-03-29T00:30:00Z"
         *     }
         */
        Task: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            title: string;
            description: string | null;
            dueDate: string | null;
            dueTime: string | null;
            timezone: string | null;
            /** @enum {string} */
            priority: "none" | "low" | "medium" | "high";
            /** @enum {string} */
            status: "open" | "completed";
            completedAt: string | null;
            fromRequester: string | null;
            requestId: string | null;
            durationMinutes: number | null;
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            updatedAt: string;
        };
        /**
         * TaskCompletedEvent
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "type": "task.completed",
         *       "apiVersion": "v1",
         *       "occurredAt": "2026-03-29T00:30:00Z",
         *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
         *       "test": false,
         *       "data": {
         *         "object": "task",
         *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
         *       }
         *     }
         */
        TaskCompletedEvent: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            /** @constant */
            type: "task.completed";
            /** @constant */
            apiVersion: "v1";
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            occurredAt: string;
            /** @description the account id */
            account: string;
            /** @description true for a test-mode token, or an event of a test token's record */
            test: boolean;
            data: components["schemas"]["TaskRef"];
        };
        /**
         * TaskCreatedEvent
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "type": "task.created",
         *       "apiVersion": "v1",
         *       "occurredAt": "2026-03-29T00:30:00Z",
         *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
         *       "test": false,
         *       "data": {
         *         "object": "task",
         *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
         *       }
         *     }
         */
        TaskCreatedEvent: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            /** @constant */
            type: "task.created";
            /** @constant */
            apiVersion: "v1";
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            occurredAt: string;
            /** @description the account id */
            account: string;
            /** @description true for a test-mode token, or an event of a test token's record */
            test: boolean;
            data: components["schemas"]["TaskRef"];
        };
        /**
         * TaskDeletedEvent
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "type": "task.deleted",
         *       "apiVersion": "v1",
         *       "occurredAt": "2026-03-29T00:30:00Z",
         *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
         *       "test": false,
         *       "data": {
         *         "object": "task",
         *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
         *       }
         *     }
         */
        TaskDeletedEvent: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            /** @constant */
            type: "task.deleted";
            /** @constant */
            apiVersion: "v1";
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            occurredAt: string;
            /** @description the account id */
            account: string;
            /** @description true for a test-mode token, or an event of a test token's record */
            test: boolean;
            data: components["schemas"]["TaskRef"];
        };
        /** TaskPage */
        TaskPage: {
            data: components["schemas"]["Task"][];
            nextCursor: string | null;
            deleted?: components["schemas"]["DeletedMarker"][];
        };
        /**
         * TaskRef
         * @example {
         *       "object": "task",
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
         *     }
         */
        TaskRef: {
            /** @constant */
            object: "task";
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
        };
        /**
         * TaskRequest
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "kind": "task",
         *       "status": "pending",
         *       "cancelledBy": null,
         *       "appointmentTypeId": null,
         *       "slot": null,
         *       "suggestedDueDate": "2026-04-01",
         *       "message": "Please review the contract",
         *       "note": null,
         *       "requester": {
         *         "name": "Ana",
         *         "email": "ana@example.com"
         *       },
         *       "source": "api",
         *       "createdByThisToken": true,
         *       "test": false,
         *       "createdAt": "2026-03-29T00:30:00Z",
         *       "updatedAt": "2026-03-29T00:30:00Z"
         *     }
         */
        TaskRequest: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            /** @enum {string} */
            status: "pending" | "accepted" | "declined" | "withdrawn" | "expired" | "rescheduled" | "cancelled" | "completed";
            cancelledBy: ("owner" | "requester") | null;
            message: string | null;
            note: string | null;
            requester: components["schemas"]["Requester"];
            /** @enum {string} */
            source: "public" | "api";
            createdByThisToken: boolean;
            test: boolean;
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            updatedAt: string;
            /** @constant */
            kind: "task";
            appointmentTypeId: null;
            slot: null;
            suggestedDueDate: string | null;
        };
        /** TaskRequestBody */
        TaskRequestBody: {
            /** @description text without control characters (tab, line feed and carriage return are allowed) */
            message: string;
            /** @description text without control characters (tab, line feed and carriage return are allowed) */
            note?: string;
            /**
             * Format: date
             * @description a calendar date (YYYY-MM-DD)
             * @example 2026-03-29
             */
            suggestedDueDate?: string;
            requester: components["schemas"]["RequesterBody"];
            requesterTimezone: components["schemas"]["TimeZone"];
            /**
             * @description a BCP 47 language tag (language[-Script][-REGION][-variant])
             * @example en-US
             */
            requesterLocale: string;
            /** @description email the requester (never for a test token) */
            notifyRequester?: boolean;
        };
        /**
         * TaskUpdatedEvent
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "type": "task.updated",
         *       "apiVersion": "v1",
         *       "occurredAt": "2026-03-29T00:30:00Z",
         *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
         *       "test": false,
         *       "data": {
         *         "object": "task",
         *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
         *       }
         *     }
         */
        TaskUpdatedEvent: {
            /**
             * @description a UUID
             * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
             */
            id: string;
            /** @constant */
            type: "task.updated";
            /** @constant */
            apiVersion: "v1";
            /**
             * Format: date-time
             * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
             * @example 2026-03-29T09:00:00Z
             */
            occurredAt: string;
            /** @description the account id */
            account: string;
            /** @description true for a test-mode token, or an event of a test token's record */
            test: boolean;
            data: components["schemas"]["TaskRef"];
        };
        /**
         * @description an IANA time zone name in any case (one of TimeZoneName, europe/berlin taken as Europe/Berlin)
         * @example Europe/Berlin
         */
        TimeZone: string;
        /**
         * @description an IANA time zone name as the tz database spells it (a zone or a link): what an answer gives back
         * @example Europe/Berlin
         * @enum {string}
         */
        TimeZoneName: "Africa/Abidjan" | "Africa/Accra" | "Africa/Addis_Ababa" | "Africa/Algiers" | "Africa/Asmara" | "Africa/Asmera" | "Africa/Bamako" | "Africa/Bangui" | "Africa/Banjul" | "Africa/Bissau" | "Africa/Blantyre" | "Africa/Brazzaville" | "Africa/Bujumbura" | "Africa/Cairo" | "Africa/Casablanca" | "Africa/Ceuta" | "Africa/Conakry" | "Africa/Dakar" | "Africa/Dar_es_Salaam" | "Africa/Djibouti" | "Africa/Douala" | "Africa/El_Aaiun" | "Africa/Freetown" | "Africa/Gaborone" | "Africa/Harare" | "Africa/Johannesburg" | "Africa/Juba" | "Africa/Kampala" | "Africa/Khartoum" | "Africa/Kigali" | "Africa/Kinshasa" | "Africa/Lagos" | "Africa/Libreville" | "Africa/Lome" | "Africa/Luanda" | "Africa/Lubumbashi" | "Africa/Lusaka" | "Africa/Malabo" | "Africa/Maputo" | "Africa/Maseru" | "Africa/Mbabane" | "Africa/Mogadishu" | "Africa/Monrovia" | "Africa/Nairobi" | "Africa/Ndjamena" | "Africa/Niamey" | "Africa/Nouakchott" | "Africa/Ouagadougou" | "Africa/Porto-Novo" | "Africa/Sao_Tome" | "Africa/Timbuktu" | "Africa/Tripoli" | "Africa/Tunis" | "Africa/Windhoek" | "America/Adak" | "America/Anchorage" | "America/Anguilla" | "America/Antigua" | "America/Araguaina" | "America/Argentina/Buenos_Aires" | "America/Argentina/Catamarca" | "America/Argentina/ComodRivadavia" | "America/Argentina/Cordoba" | "America/Argentina/Jujuy" | "America/Argentina/La_Rioja" | "America/Argentina/Mendoza" | "America/Argentina/Rio_Gallegos" | "America/Argentina/Salta" | "America/Argentina/San_Juan" | "America/Argentina/San_Luis" | "America/Argentina/Tucuman" | "America/Argentina/Ushuaia" | "America/Aruba" | "America/Asuncion" | "America/Atikokan" | "America/Atka" | "America/Bahia" | "America/Bahia_Banderas" | "America/Barbados" | "America/Belem" | "America/Belize" | "America/Blanc-Sablon" | "America/Boa_Vista" | "America/Bogota" | "America/Boise" | "America/Buenos_Aires" | "America/Cambridge_Bay" | "America/Campo_Grande" | "America/Cancun" | "America/Caracas" | "America/Catamarca" | "America/Cayenne" | "America/Cayman" | "America/Chicago" | "America/Chihuahua" | "America/Ciudad_Juarez" | "America/Coral_Harbour" | "America/Cordoba" | "America/Costa_Rica" | "America/Coyhaique" | "America/Creston" | "America/Cuiaba" | "America/Curacao" | "America/Danmarkshavn" | "America/Dawson" | "America/Dawson_Creek" | "America/Denver" | "America/Detroit" | "America/Dominica" | "America/Edmonton" | "America/Eirunepe" | "America/El_Salvador" | "America/Ensenada" | "America/Fort_Nelson" | "America/Fort_Wayne" | "America/Fortaleza" | "America/Glace_Bay" | "America/Godthab" | "America/Goose_Bay" | "America/Grand_Turk" | "America/Grenada" | "America/Guadeloupe" | "America/Guatemala" | "America/Guayaquil" | "America/Guyana" | "America/Halifax" | "America/Havana" | "America/Hermosillo" | "America/Indiana/Indianapolis" | "America/Indiana/Knox" | "America/Indiana/Marengo" | "America/Indiana/Petersburg" | "America/Indiana/Tell_City" | "America/Indiana/Vevay" | "America/Indiana/Vincennes" | "America/Indiana/Winamac" | "America/Indianapolis" | "America/Inuvik" | "America/Iqaluit" | "America/Jamaica" | "America/Jujuy" | "America/Juneau" | "America/Kentucky/Louisville" | "America/Kentucky/Monticello" | "America/Knox_IN" | "America/Kralendijk" | "America/La_Paz" | "America/Lima" | "America/Los_Angeles" | "America/Louisville" | "America/Lower_Princes" | "America/Maceio" | "America/Managua" | "America/Manaus" | "America/Marigot" | "America/Martinique" | "America/Matamoros" | "America/Mazatlan" | "America/Mendoza" | "America/Menominee" | "America/Merida" | "America/Metlakatla" | "America/Mexico_City" | "America/Miquelon" | "America/Moncton" | "America/Monterrey" | "America/Montevideo" | "America/Montreal" | "America/Montserrat" | "America/Nassau" | "America/New_York" | "America/Nipigon" | "America/Nome" | "America/Noronha" | "America/North_Dakota/Beulah" | "America/North_Dakota/Center" | "America/North_Dakota/New_Salem" | "America/Nuuk" | "America/Ojinaga" | "America/Panama" | "America/Pangnirtung" | "America/Paramaribo" | "America/Phoenix" | "America/Port-au-Prince" | "America/Port_of_Spain" | "America/Porto_Acre" | "America/Porto_Velho" | "America/Puerto_Rico" | "America/Punta_Arenas" | "America/Rainy_River" | "America/Rankin_Inlet" | "America/Recife" | "America/Regina" | "America/Resolute" | "America/Rio_Branco" | "America/Rosario" | "America/Santa_Isabel" | "America/Santarem" | "America/Santiago" | "America/Santo_Domingo" | "America/Sao_Paulo" | "America/Scoresbysund" | "America/Shiprock" | "America/Sitka" | "America/St_Barthelemy" | "America/St_Johns" | "America/St_Kitts" | "America/St_Lucia" | "America/St_Thomas" | "America/St_Vincent" | "America/Swift_Current" | "America/Tegucigalpa" | "America/Thule" | "America/Thunder_Bay" | "America/Tijuana" | "America/Toronto" | "America/Tortola" | "America/Vancouver" | "America/Virgin" | "America/Whitehorse" | "America/Winnipeg" | "America/Yakutat" | "America/Yellowknife" | "Antarctica/Casey" | "Antarctica/Davis" | "Antarctica/DumontDUrville" | "Antarctica/Macquarie" | "Antarctica/Mawson" | "Antarctica/McMurdo" | "Antarctica/Palmer" | "Antarctica/Rothera" | "Antarctica/South_Pole" | "Antarctica/Syowa" | "Antarctica/Troll" | "Antarctica/Vostok" | "Arctic/Longyearbyen" | "Asia/Aden" | "Asia/Almaty" | "Asia/Amman" | "Asia/Anadyr" | "Asia/Aqtau" | "Asia/Aqtobe" | "Asia/Ashgabat" | "Asia/Ashkhabad" | "Asia/Atyrau" | "Asia/Baghdad" | "Asia/Bahrain" | "Asia/Baku" | "Asia/Bangkok" | "Asia/Barnaul" | "Asia/Beirut" | "Asia/Bishkek" | "Asia/Brunei" | "Asia/Calcutta" | "Asia/Chita" | "Asia/Choibalsan" | "Asia/Chongqing" | "Asia/Chungking" | "Asia/Colombo" | "Asia/Dacca" | "Asia/Damascus" | "Asia/Dhaka" | "Asia/Dili" | "Asia/Dubai" | "Asia/Dushanbe" | "Asia/Famagusta" | "Asia/Gaza" | "Asia/Harbin" | "Asia/Hebron" | "Asia/Ho_Chi_Minh" | "Asia/Hong_Kong" | "Asia/Hovd" | "Asia/Irkutsk" | "Asia/Istanbul" | "Asia/Jakarta" | "Asia/Jayapura" | "Asia/Jerusalem" | "Asia/Kabul" | "Asia/Kamchatka" | "Asia/Karachi" | "Asia/Kashgar" | "Asia/Kathmandu" | "Asia/Katmandu" | "Asia/Khandyga" | "Asia/Kolkata" | "Asia/Krasnoyarsk" | "Asia/Kuala_Lumpur" | "Asia/Kuching" | "Asia/Kuwait" | "Asia/Macao" | "Asia/Macau" | "Asia/Magadan" | "Asia/Makassar" | "Asia/Manila" | "Asia/Muscat" | "Asia/Nicosia" | "Asia/Novokuznetsk" | "Asia/Novosibirsk" | "Asia/Omsk" | "Asia/Oral" | "Asia/Phnom_Penh" | "Asia/Pontianak" | "Asia/Pyongyang" | "Asia/Qatar" | "Asia/Qostanay" | "Asia/Qyzylorda" | "Asia/Rangoon" | "Asia/Riyadh" | "Asia/Saigon" | "Asia/Sakhalin" | "Asia/Samarkand" | "Asia/Seoul" | "Asia/Shanghai" | "Asia/Singapore" | "Asia/Srednekolymsk" | "Asia/Taipei" | "Asia/Tashkent" | "Asia/Tbilisi" | "Asia/Tehran" | "Asia/Tel_Aviv" | "Asia/Thimbu" | "Asia/Thimphu" | "Asia/Tokyo" | "Asia/Tomsk" | "Asia/Ujung_Pandang" | "Asia/Ulaanbaatar" | "Asia/Ulan_Bator" | "Asia/Urumqi" | "Asia/Ust-Nera" | "Asia/Vientiane" | "Asia/Vladivostok" | "Asia/Yakutsk" | "Asia/Yangon" | "Asia/Yekaterinburg" | "Asia/Yerevan" | "Atlantic/Azores" | "Atlantic/Bermuda" | "Atlantic/Canary" | "Atlantic/Cape_Verde" | "Atlantic/Faeroe" | "Atlantic/Faroe" | "Atlantic/Jan_Mayen" | "Atlantic/Madeira" | "Atlantic/Reykjavik" | "Atlantic/South_Georgia" | "Atlantic/St_Helena" | "Atlantic/Stanley" | "Australia/ACT" | "Australia/Adelaide" | "Australia/Brisbane" | "Australia/Broken_Hill" | "Australia/Canberra" | "Australia/Currie" | "Australia/Darwin" | "Australia/Eucla" | "Australia/Hobart" | "Australia/LHI" | "Australia/Lindeman" | "Australia/Lord_Howe" | "Australia/Melbourne" | "Australia/NSW" | "Australia/North" | "Australia/Perth" | "Australia/Queensland" | "Australia/South" | "Australia/Sydney" | "Australia/Tasmania" | "Australia/Victoria" | "Australia/West" | "Australia/Yancowinna" | "Brazil/Acre" | "Brazil/DeNoronha" | "Brazil/East" | "Brazil/West" | "CET" | "CST6CDT" | "Canada/Atlantic" | "Canada/Central" | "Canada/Eastern" | "Canada/Mountain" | "Canada/Newfoundland" | "Canada/Pacific" | "Canada/Saskatchewan" | "Canada/Yukon" | "Chile/Continental" | "Chile/EasterIsland" | "Cuba" | "EET" | "EST" | "EST5EDT" | "Egypt" | "Eire" | "Etc/GMT" | "Etc/GMT+0" | "Etc/GMT+1" | "Etc/GMT+10" | "Etc/GMT+11" | "Etc/GMT+12" | "Etc/GMT+2" | "Etc/GMT+3" | "Etc/GMT+4" | "Etc/GMT+5" | "Etc/GMT+6" | "Etc/GMT+7" | "Etc/GMT+8" | "Etc/GMT+9" | "Etc/GMT-0" | "Etc/GMT-1" | "Etc/GMT-10" | "Etc/GMT-11" | "Etc/GMT-12" | "Etc/GMT-13" | "Etc/GMT-14" | "Etc/GMT-2" | "Etc/GMT-3" | "Etc/GMT-4" | "Etc/GMT-5" | "Etc/GMT-6" | "Etc/GMT-7" | "Etc/GMT-8" | "Etc/GMT-9" | "Etc/GMT0" | "Etc/Greenwich" | "Etc/UCT" | "Etc/UTC" | "Etc/Universal" | "Etc/Zulu" | "Europe/Amsterdam" | "Europe/Andorra" | "Europe/Astrakhan" | "Europe/Athens" | "Europe/Belfast" | "Europe/Belgrade" | "Europe/Berlin" | "Europe/Bratislava" | "Europe/Brussels" | "Europe/Bucharest" | "Europe/Budapest" | "Europe/Busingen" | "Europe/Chisinau" | "Europe/Copenhagen" | "Europe/Dublin" | "Europe/Gibraltar" | "Europe/Guernsey" | "Europe/Helsinki" | "Europe/Isle_of_Man" | "Europe/Istanbul" | "Europe/Jersey" | "Europe/Kaliningrad" | "Europe/Kiev" | "Europe/Kirov" | "Europe/Kyiv" | "Europe/Lisbon" | "Europe/Ljubljana" | "Europe/London" | "Europe/Luxembourg" | "Europe/Madrid" | "Europe/Malta" | "Europe/Mariehamn" | "Europe/Minsk" | "Europe/Monaco" | "Europe/Moscow" | "Europe/Nicosia" | "Europe/Oslo" | "Europe/Paris" | "Europe/Podgorica" | "Europe/Prague" | "Europe/Riga" | "Europe/Rome" | "Europe/Samara" | "Europe/San_Marino" | "Europe/Sarajevo" | "Europe/Saratov" | "Europe/Simferopol" | "Europe/Skopje" | "Europe/Sofia" | "Europe/Stockholm" | "Europe/Tallinn" | "Europe/Tirane" | "Europe/Tiraspol" | "Europe/Ulyanovsk" | "Europe/Uzhgorod" | "Europe/Vaduz" | "Europe/Vatican" | "Europe/Vienna" | "Europe/Vilnius" | "Europe/Volgograd" | "Europe/Warsaw" | "Europe/Zagreb" | "Europe/Zaporozhye" | "Europe/Zurich" | "GB" | "GB-Eire" | "GMT" | "GMT+0" | "GMT-0" | "GMT0" | "Greenwich" | "HST" | "Hongkong" | "Iceland" | "Indian/Antananarivo" | "Indian/Chagos" | "Indian/Christmas" | "Indian/Cocos" | "Indian/Comoro" | "Indian/Kerguelen" | "Indian/Mahe" | "Indian/Maldives" | "Indian/Mauritius" | "Indian/Mayotte" | "Indian/Reunion" | "Iran" | "Israel" | "Jamaica" | "Japan" | "Kwajalein" | "Libya" | "MET" | "MST" | "MST7MDT" | "Mexico/BajaNorte" | "Mexico/BajaSur" | "Mexico/General" | "NZ" | "NZ-CHAT" | "Navajo" | "PRC" | "PST8PDT" | "Pacific/Apia" | "Pacific/Auckland" | "Pacific/Bougainville" | "Pacific/Chatham" | "Pacific/Chuuk" | "Pacific/Easter" | "Pacific/Efate" | "Pacific/Enderbury" | "Pacific/Fakaofo" | "Pacific/Fiji" | "Pacific/Funafuti" | "Pacific/Galapagos" | "Pacific/Gambier" | "Pacific/Guadalcanal" | "Pacific/Guam" | "Pacific/Honolulu" | "Pacific/Johnston" | "Pacific/Kanton" | "Pacific/Kiritimati" | "Pacific/Kosrae" | "Pacific/Kwajalein" | "Pacific/Majuro" | "Pacific/Marquesas" | "Pacific/Midway" | "Pacific/Nauru" | "Pacific/Niue" | "Pacific/Norfolk" | "Pacific/Noumea" | "Pacific/Pago_Pago" | "Pacific/Palau" | "Pacific/Pitcairn" | "Pacific/Pohnpei" | "Pacific/Ponape" | "Pacific/Port_Moresby" | "Pacific/Rarotonga" | "Pacific/Saipan" | "Pacific/Samoa" | "Pacific/Tahiti" | "Pacific/Tarawa" | "Pacific/Tongatapu" | "Pacific/Truk" | "Pacific/Wake" | "Pacific/Wallis" | "Pacific/Yap" | "Poland" | "Portugal" | "ROC" | "ROK" | "Singapore" | "Turkey" | "UCT" | "US/Alaska" | "US/Aleutian" | "US/Arizona" | "US/Central" | "US/East-Indiana" | "US/Eastern" | "US/Hawaii" | "US/Indiana-Starke" | "US/Michigan" | "US/Mountain" | "US/Pacific" | "US/Samoa" | "UTC" | "Universal" | "W-SU" | "WET" | "Zulu";
        /**
         * WebhookEvent
         * @example {
         *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
         *       "type": "request.created",
         *       "apiVersion": "v1",
         *       "occurredAt": "2026-03-29T00:30:00Z",
         *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
         *       "test": false,
         *       "data": {
         *         "object": "request",
         *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
         *       }
         *     }
         */
        WebhookEvent: components["schemas"]["RequestCreatedEvent"] | components["schemas"]["RequestWithdrawnEvent"] | components["schemas"]["RequestAcceptedEvent"] | components["schemas"]["RequestDeclinedEvent"] | components["schemas"]["RequestExpiredEvent"] | components["schemas"]["AppointmentRescheduledEvent"] | components["schemas"]["AppointmentConfirmedEvent"] | components["schemas"]["AppointmentCancelledEvent"] | components["schemas"]["AppointmentCompletedEvent"] | components["schemas"]["TaskCreatedEvent"] | components["schemas"]["TaskUpdatedEvent"] | components["schemas"]["TaskCompletedEvent"] | components["schemas"]["TaskDeletedEvent"] | components["schemas"]["EventCreatedEvent"] | components["schemas"]["EventUpdatedEvent"] | components["schemas"]["EventDeletedEvent"] | components["schemas"]["AuthorizationRevokedEvent"] | components["schemas"]["PingEvent"];
        /** WebhookEventPage */
        WebhookEventPage: {
            data: components["schemas"]["WebhookEvent"][];
            nextCursor: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /**
         * @description The id of this call (`req_` + 22 characters), equal to `error.requestId`; quote it when reporting a problem.
         * @example req_7GvJ2kQ9xZ0aB3cD4eF5gH
         */
        "Svc-Request-Id": string;
        /**
         * @description The calls the closest limit allows in its window.
         * @example 600
         */
        "RateLimit-Limit": number;
        /**
         * @description The calls left in that window.
         * @example 599
         */
        "RateLimit-Remaining": number;
        /**
         * @description Seconds until that window starts again.
         * @example 42
         */
        "RateLimit-Reset": number;
        /**
         * @description Seconds to wait before calling again.
         * @example 30
         */
        "Retry-After": number;
        /**
         * @description Present, `true`, when the answer is the stored outcome of an earlier call with the same Idempotency-Key (docs/spec-decisions.md §5).
         * @example true
         */
        "Idempotent-Replayed": "true";
        /**
         * @description Why the token was refused: `Bearer error="invalid_token"`, or `Bearer error="insufficient_scope", scope="…"`.
         * @example Bearer error="insufficient_scope", scope="events:read"
         */
        "WWW-Authenticate": string;
        /**
         * @description The methods the path takes.
         * @example GET, HEAD
         */
        Allow: string;
        /**
         * @description The strong entity-tag of the answer's exact bytes: the same tag is the same body. Send it back as If-None-Match to be answered 304 while the answer is unchanged (docs/conditional-get.md).
         * @example "3kq9Vd1sX0aB3cD4eF5gHw"
         */
        ETag: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getMe: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The ETag of the answer you hold (a list of them, or `*`; `W/` is taken): while the answer is still those bytes, the call is answered 304 Not Modified with no body, and given back to the token's limit of its class (it still counts among the owner's 3,000 a minute). docs/conditional-get.md.
                 * @example "3kq9Vd1sX0aB3cD4eF5gHw"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "accountId": "acct_4fGh7JkL9mNpQrStUvWxYz",
                     *       "scopes": [
                     *         "profile:read",
                     *         "events:read"
                     *       ],
                     *       "mode": "live",
                     *       "profile": {
                     *         "displayName": "Dana Demo",
                     *         "username": "demo",
                     *         "publicUrl": "https://calendar.example.com/demo",
                     *         "timezone": "Europe/Berlin",
                     *         "locale": "en"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description Not Modified: If-None-Match named the ETag of the answer, which has not changed. No body; the ETag, and the RateLimit-* after the call was given back to the token. */
            304: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description bad_request */
            400: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "bad_request",
                     *         "message": "The request is not valid HTTP.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_token, token_expired */
            401: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_token",
                     *         "message": "The token is missing, malformed, unknown or revoked.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description app_suspended */
            403: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "app_suspended",
                     *         "message": "The app this token belongs to is suspended.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "This path does not take that method.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_input */
            422: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_input",
                     *         "message": "A parameter or field is wrong.",
                     *         "field": "from",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "A rate limit was reached; retry after the time in Retry-After.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal */
            500: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "internal",
                     *         "message": "Something went wrong on our side; quote the requestId when reporting it.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unavailable */
            503: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unavailable",
                     *         "message": "A dependency is down; retry with backoff.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAppointmentTypes: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The ETag of the answer you hold (a list of them, or `*`; `W/` is taken): while the answer is still those bytes, the call is answered 304 Not Modified with no body, and given back to the token's limit of its class (it still counts among the owner's 3,000 a minute). docs/conditional-get.md.
                 * @example "3kq9Vd1sX0aB3cD4eF5gHw"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c",
                     *           "name": "Intro call",
                     *           "durationMinutes": 30
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["AppointmentTypeList"];
                };
            };
            /** @description Not Modified: If-None-Match named the ETag of the answer, which has not changed. No body; the ETag, and the RateLimit-* after the call was given back to the token. */
            304: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description bad_request */
            400: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "bad_request",
                     *         "message": "The request is not valid HTTP.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_token, token_expired */
            401: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_token",
                     *         "message": "The token is missing, malformed, unknown or revoked.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description app_suspended, insufficient_scope */
            403: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "app_suspended",
                     *         "message": "The app this token belongs to is suspended.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "not_found",
                     *         "message": "Not found.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "This path does not take that method.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_input */
            422: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_input",
                     *         "message": "A parameter or field is wrong.",
                     *         "field": "from",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "A rate limit was reached; retry after the time in Retry-After.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal */
            500: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "internal",
                     *         "message": "Something went wrong on our side; quote the requestId when reporting it.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unavailable */
            503: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unavailable",
                     *         "message": "A dependency is down; retry with backoff.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAvailability: {
        parameters: {
            query: {
                /**
                 * @description a UUID
                 * @example 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b
                 */
                appointmentTypeId: string;
                /**
                 * @description a calendar date (YYYY-MM-DD)
                 * @example 2026-03-29
                 */
                from: string;
                /**
                 * @description a calendar date (YYYY-MM-DD)
                 * @example 2026-03-29
                 */
                to: string;
                tz: components["schemas"]["TimeZone"];
            };
            header?: {
                /**
                 * @description The ETag of the answer you hold (a list of them, or `*`; `W/` is taken): while the answer is still those bytes, the call is answered 304 Not Modified with no body, and given back to the token's limit of its class (it still counts among the owner's 3,000 a minute). docs/conditional-get.md.
                 * @example "3kq9Vd1sX0aB3cD4eF5gHw"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "appointmentTypeId": "9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c",
                     *       "timezone": "America/New_York",
                     *       "slots": [
                     *         {
                     *           "start": "2026-03-30T13:00:00Z",
                     *           "end": "2026-03-30T13:30:00Z"
                     *         }
                     *       ],
                     *       "days": [
                     *         {
                     *           "date": "2026-03-30",
                     *           "hasSlots": true
                     *         },
                     *         {
                     *           "date": "2026-03-31",
                     *           "hasSlots": false
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Availability"];
                };
            };
            /** @description Not Modified: If-None-Match named the ETag of the answer, which has not changed. No body; the ETag, and the RateLimit-* after the call was given back to the token. */
            304: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description bad_request */
            400: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "bad_request",
                     *         "message": "The request is not valid HTTP.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_token, token_expired */
            401: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_token",
                     *         "message": "The token is missing, malformed, unknown or revoked.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description app_suspended, insufficient_scope */
            403: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "app_suspended",
                     *         "message": "The app this token belongs to is suspended.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "not_found",
                     *         "message": "Not found.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "This path does not take that method.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_input */
            422: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_input",
                     *         "message": "A parameter or field is wrong.",
                     *         "field": "from",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "A rate limit was reached; retry after the time in Retry-After.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal */
            500: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "internal",
                     *         "message": "Something went wrong on our side; quote the requestId when reporting it.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unavailable */
            503: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unavailable",
                     *         "message": "A dependency is down; retry with backoff.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFreeTime: {
        parameters: {
            query: {
                /**
                 * @description a calendar date (YYYY-MM-DD)
                 * @example 2026-03-29
                 */
                from: string;
                /**
                 * @description a calendar date (YYYY-MM-DD)
                 * @example 2026-03-29
                 */
                to: string;
                tz: components["schemas"]["TimeZone"];
                /** @description true (the default): only within the working hours of the owner's booking page; false: at any hour */
                workingHours?: "true" | "false";
                /** @description only free intervals at least this many minutes long (1 to 1440) */
                minMinutes?: number;
            };
            header?: {
                /**
                 * @description The ETag of the answer you hold (a list of them, or `*`; `W/` is taken): while the answer is still those bytes, the call is answered 304 Not Modified with no body, and given back to the token's limit of its class (it still counts among the owner's 3,000 a minute). docs/conditional-get.md.
                 * @example "3kq9Vd1sX0aB3cD4eF5gHw"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "timezone": "Europe/Berlin",
                     *       "from": "2026-03-30",
                     *       "to": "2026-03-31",
                     *       "workingHours": true,
                     *       "free": [
                     *         {
                     *           "start": "2026-03-30T07:00:00Z",
                     *           "end": "2026-03-30T09:30:00Z"
                     *         },
                     *         {
                     *           "start": "2026-03-30T11:00:00Z",
                     *           "end": "2026-03-30T15:00:00Z"
                     *         },
                     *         {
                     *           "start": "2026-03-31T07:00:00Z",
                     *           "end": "2026-03-31T15:00:00Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["FreeTime"];
                };
            };
            /** @description Not Modified: If-None-Match named the ETag of the answer, which has not changed. No body; the ETag, and the RateLimit-* after the call was given back to the token. */
            304: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description bad_request */
            400: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "bad_request",
                     *         "message": "The request is not valid HTTP.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_token, token_expired */
            401: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_token",
                     *         "message": "The token is missing, malformed, unknown or revoked.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description app_suspended, insufficient_scope */
            403: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "app_suspended",
                     *         "message": "The app this token belongs to is suspended.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "not_found",
                     *         "message": "Not found.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "This path does not take that method.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_input */
            422: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_input",
                     *         "message": "A parameter or field is wrong.",
                     *         "field": "from",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "A rate limit was reached; retry after the time in Retry-After.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal */
            500: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "internal",
                     *         "message": "Something went wrong on our side; quote the requestId when reporting it.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unavailable */
            503: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unavailable",
                     *         "message": "A dependency is down; retry with backoff.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query: {
                /**
                 * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
                 * @example 2026-03-29T09:00:00Z
                 */
                from: string;
                /**
                 * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
                 * @example 2026-03-29T09:00:00Z
                 */
                to: string;
                /**
                 * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
                 * @example 2026-03-29T09:00:00Z
                 */
                updatedSince?: string;
                includeDeleted?: "true" | "false";
                /** @description 1 to 100, default 50 */
                limit?: number;
                /** @description the nextCursor of the previous page, as it was answered */
                cursor?: string;
            };
            header?: {
                /**
                 * @description The ETag of the answer you hold (a list of them, or `*`; `W/` is taken): while the answer is still those bytes, the call is answered 304 Not Modified with no body, and given back to the token's limit of its class (it still counts among the owner's 3,000 a minute). docs/conditional-get.md.
                 * @example "3kq9Vd1sX0aB3cD4eF5gHw"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                     *           "title": "Dentist",
                     *           "start": "2026-03-30T07:00:00Z",
                     *           "end": "2026-03-30T08:00:00Z",
                     *           "allDay": false,
                     *           "startDate": null,
                     *           "endDate": null,
                     *           "timezone": "Europe/Berlin",
                     *           "showAs": "busy",
                     *           "status": "confirmed",
                     *           "calendar": "personal",
                     *           "location": "Hauptstraße 1, Berlin",
                     *           "url": null,
                     *           "isAppointment": false,
                     *           "requestId": null,
                     *           "occurrenceOf": null,
                     *           "updatedAt": "2026-03-29T00:30:00Z"
                     *         }
                     *       ],
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["EventPage"];
                };
            };
            /** @description Not Modified: If-None-Match named the ETag of the answer, which has not changed. No body; the ETag, and the RateLimit-* after the call was given back to the token. */
            304: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description bad_request */
            400: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "bad_request",
                     *         "message": "The request is not valid HTTP.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_token, token_expired */
            401: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_token",
                     *         "message": "The token is missing, malformed, unknown or revoked.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description app_suspended, insufficient_scope */
            403: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "app_suspended",
                     *         "message": "The app this token belongs to is suspended.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "This path does not take that method.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_input */
            422: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_input",
                     *         "message": "A parameter or field is wrong.",
                     *         "field": "from",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "A rate limit was reached; retry after the time in Retry-After.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal */
            500: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "internal",
                     *         "message": "Something went wrong on our side; quote the requestId when reporting it.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unavailable */
            503: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unavailable",
                     *         "message": "A dependency is down; retry with backoff.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The ETag of the answer you hold (a list of them, or `*`; `W/` is taken): while the answer is still those bytes, the call is answered 304 Not Modified with no body, and given back to the token's limit of its class (it still counts among the owner's 3,000 a minute). docs/conditional-get.md.
                 * @example "3kq9Vd1sX0aB3cD4eF5gHw"
                 */
                "If-None-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                     *       "title": "Dentist",
                     *       "start": "2026-03-30T07:00:00Z",
                     *       "end": "2026-03-30T08:00:00Z",
                     *       "allDay": false,
                     *       "startDate": null,
                     *       "endDate": null,
                     *       "timezone": "Europe/Berlin",
                     *       "showAs": "busy",
                     *       "status": "confirmed",
                     *       "calendar": "personal",
                     *       "location": "Hauptstraße 1, Berlin",
                     *       "url": null,
                     *       "isAppointment": false,
                     *       "requestId": null,
                     *       "occurrenceOf": null,
                     *       "updatedAt": "2026-03-29T00:30:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description Not Modified: If-None-Match named the ETag of the answer, which has not changed. No body; the ETag, and the RateLimit-* after the call was given back to the token. */
            304: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description bad_request */
            400: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "bad_request",
                     *         "message": "The request is not valid HTTP.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_token, token_expired */
            401: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_token",
                     *         "message": "The token is missing, malformed, unknown or revoked.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description app_suspended, insufficient_scope */
            403: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "app_suspended",
                     *         "message": "The app this token belongs to is suspended.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "not_found",
                     *         "message": "Not found.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "This path does not take that method.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_input */
            422: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_input",
                     *         "message": "A parameter or field is wrong.",
                     *         "field": "from",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "A rate limit was reached; retry after the time in Retry-After.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal */
            500: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "internal",
                     *         "message": "Something went wrong on our side; quote the requestId when reporting it.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unavailable */
            503: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unavailable",
                     *         "message": "A dependency is down; retry with backoff.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEventChanges: {
        parameters: {
            query?: {
                /**
                 * @description the nextSyncToken of an earlier round, as it was answered
                 * @example eyJoIjoidG9rZW46NWYz.Xk3bQ9pA0vN2cR7tY1uW4e
                 */
                syncToken?: string;
                /** @description 1 to 100, default 50 */
                limit?: number;
                /** @description the nextCursor of the previous page, as it was answered */
                cursor?: string;
            };
            header?: {
                /**
                 * @description The ETag of the answer you hold (a list of them, or `*`; `W/` is taken): while the answer is still those bytes, the call is answered 304 Not Modified with no body, and given back to the token's limit of its class (it still counts among the owner's 3,000 a minute). docs/conditional-get.md.
                 * @example "3kq9Vd1sX0aB3cD4eF5gHw"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "events": [
                     *         {
                     *           "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                     *           "title": "Dentist",
                     *           "start": "2026-03-30T07:00:00Z",
                     *           "end": "2026-03-30T08:00:00Z",
                     *           "allDay": false,
                     *           "startDate": null,
                     *           "endDate": null,
                     *           "timezone": "Europe/Berlin",
                     *           "showAs": "busy",
                     *           "status": "confirmed",
                     *           "calendar": "personal",
                     *           "location": "Hauptstraße 1, Berlin",
                     *           "url": null,
                     *           "isAppointment": false,
                     *           "requestId": null,
                     *           "occurrenceOf": null,
                     *           "updatedAt": "2026-03-29T00:30:00Z"
                     *         }
                     *       ],
                     *       "series": [
                     *         {
                     *           "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                     *           "title": "Stand-up",
                     *           "timezone": "Europe/Berlin",
                     *           "allDay": false,
                     *           "showAs": "busy",
                     *           "status": "confirmed",
                     *           "calendar": "work",
                     *           "location": null,
                     *           "url": null,
                     *           "rule": "Every Tuesday at 10:00, until 31 March 2027",
                     *           "rrule": "DTSTART;TZID=Europe/Berlin:20260317T100000\nRRULE:FREQ=WEEKLY;UNTIL=20270331T215959Z\nEXDATE;TZID=Europe/Berlin:20260407T100000",
                     *           "firstOccurrence": {
                     *             "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d@2026-03-17T09:00:00Z",
                     *             "start": "2026-03-17T09:00:00Z",
                     *             "end": "2026-03-17T09:30:00Z"
                     *           },
                     *           "lastOccurrence": {
                     *             "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d@2027-03-30T08:00:00Z",
                     *             "start": "2027-03-30T08:00:00Z",
                     *             "end": "2027-03-30T08:30:00Z"
                     *           },
                     *           "exceptionsCount": 1,
                     *           "updatedAt": "2026-03-29T00:30:00Z"
                     *         }
                     *       ],
                     *       "deleted": [
                     *         {
                     *           "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                     *           "deletedAt": "2026-03-29T00:30:00Z"
                     *         }
                     *       ],
                     *       "nextCursor": null,
                     *       "nextSyncToken": null
                     *     }
                     */
                    "application/json": components["schemas"]["EventChanges"];
                };
            };
            /** @description Not Modified: If-None-Match named the ETag of the answer, which has not changed. No body; the ETag, and the RateLimit-* after the call was given back to the token. */
            304: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description bad_request */
            400: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "bad_request",
                     *         "message": "The request is not valid HTTP.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_token, token_expired */
            401: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_token",
                     *         "message": "The token is missing, malformed, unknown or revoked.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description app_suspended, insufficient_scope */
            403: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "app_suspended",
                     *         "message": "The app this token belongs to is suspended.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "This path does not take that method.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description resync_required */
            410: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "resync_required",
                     *         "message": "This sync token is too old: start again without syncToken (a full sync).",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_input */
            422: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_input",
                     *         "message": "A parameter or field is wrong.",
                     *         "field": "from",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "A rate limit was reached; retry after the time in Retry-After.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal */
            500: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "internal",
                     *         "message": "Something went wrong on our side; quote the requestId when reporting it.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unavailable */
            503: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unavailable",
                     *         "message": "A dependency is down; retry with backoff.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSeries: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The ETag of the answer you hold (a list of them, or `*`; `W/` is taken): while the answer is still those bytes, the call is answered 304 Not Modified with no body, and given back to the token's limit of its class (it still counts among the owner's 3,000 a minute). docs/conditional-get.md.
                 * @example "3kq9Vd1sX0aB3cD4eF5gHw"
                 */
                "If-None-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                     *       "title": "Stand-up",
                     *       "timezone": "Europe/Berlin",
                     *       "allDay": false,
                     *       "showAs": "busy",
                     *       "status": "confirmed",
                     *       "calendar": "work",
                     *       "location": null,
                     *       "url": null,
                     *       "rule": "Every Tuesday at 10:00, until 31 March 2027",
                     *       "rrule": "DTSTART;TZID=Europe/Berlin:20260317T100000\nRRULE:FREQ=WEEKLY;UNTIL=20270331T215959Z\nEXDATE;TZID=Europe/Berlin:20260407T100000",
                     *       "firstOccurrence": {
                     *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d@2026-03-17T09:00:00Z",
                     *         "start": "2026-03-17T09:00:00Z",
                     *         "end": "2026-03-17T09:30:00Z"
                     *       },
                     *       "lastOccurrence": {
                     *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d@2027-03-30T08:00:00Z",
                     *         "start": "2027-03-30T08:00:00Z",
                     *         "end": "2027-03-30T08:30:00Z"
                     *       },
                     *       "exceptionsCount": 1,
                     *       "updatedAt": "2026-03-29T00:30:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Series"];
                };
            };
            /** @description Not Modified: If-None-Match named the ETag of the answer, which has not changed. No body; the ETag, and the RateLimit-* after the call was given back to the token. */
            304: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description bad_request */
            400: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "bad_request",
                     *         "message": "The request is not valid HTTP.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_token, token_expired */
            401: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_token",
                     *         "message": "The token is missing, malformed, unknown or revoked.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description app_suspended, insufficient_scope */
            403: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "app_suspended",
                     *         "message": "The app this token belongs to is suspended.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "not_found",
                     *         "message": "Not found.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "This path does not take that method.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_input */
            422: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_input",
                     *         "message": "A parameter or field is wrong.",
                     *         "field": "from",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "A rate limit was reached; retry after the time in Retry-After.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal */
            500: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "internal",
                     *         "message": "Something went wrong on our side; quote the requestId when reporting it.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unavailable */
            503: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unavailable",
                     *         "message": "A dependency is down; retry with backoff.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSeriesOccurrences: {
        parameters: {
            query: {
                /**
                 * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
                 * @example 2026-03-29T09:00:00Z
                 */
                from: string;
                /**
                 * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
                 * @example 2026-03-29T09:00:00Z
                 */
                to: string;
                /** @description 1 to 100, default 50 */
                limit?: number;
                /** @description the nextCursor of the previous page, as it was answered */
                cursor?: string;
            };
            header?: {
                /**
                 * @description The ETag of the answer you hold (a list of them, or `*`; `W/` is taken): while the answer is still those bytes, the call is answered 304 Not Modified with no body, and given back to the token's limit of its class (it still counts among the owner's 3,000 a minute). docs/conditional-get.md.
                 * @example "3kq9Vd1sX0aB3cD4eF5gHw"
                 */
                "If-None-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                     *           "title": "Dentist",
                     *           "start": "2026-03-30T07:00:00Z",
                     *           "end": "2026-03-30T08:00:00Z",
                     *           "allDay": false,
                     *           "startDate": null,
                     *           "endDate": null,
                     *           "timezone": "Europe/Berlin",
                     *           "showAs": "busy",
                     *           "status": "confirmed",
                     *           "calendar": "personal",
                     *           "location": "Hauptstraße 1, Berlin",
                     *           "url": null,
                     *           "isAppointment": false,
                     *           "requestId": null,
                     *           "occurrenceOf": null,
                     *           "updatedAt": "2026-03-29T00:30:00Z"
                     *         }
                     *       ],
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["SeriesOccurrencePage"];
                };
            };
            /** @description Not Modified: If-None-Match named the ETag of the answer, which has not changed. No body; the ETag, and the RateLimit-* after the call was given back to the token. */
            304: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description bad_request */
            400: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "bad_request",
                     *         "message": "The request is not valid HTTP.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_token, token_expired */
            401: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_token",
                     *         "message": "The token is missing, malformed, unknown or revoked.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description app_suspended, insufficient_scope */
            403: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "app_suspended",
                     *         "message": "The app this token belongs to is suspended.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "not_found",
                     *         "message": "Not found.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "This path does not take that method.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_input */
            422: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_input",
                     *         "message": "A parameter or field is wrong.",
                     *         "field": "from",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "A rate limit was reached; retry after the time in Retry-After.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal */
            500: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "internal",
                     *         "message": "Something went wrong on our side; quote the requestId when reporting it.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unavailable */
            503: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unavailable",
                     *         "message": "A dependency is down; retry with backoff.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTasks: {
        parameters: {
            query?: {
                status?: "open" | "completed";
                /**
                 * @description a calendar date (YYYY-MM-DD)
                 * @example 2026-03-29
                 */
                dueFrom?: string;
                /**
                 * @description a calendar date (YYYY-MM-DD)
                 * @example 2026-03-29
                 */
                dueTo?: string;
                /**
                 * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
                 * @example 2026-03-29T09:00:00Z
                 */
                updatedSince?: string;
                includeDeleted?: "true" | "false";
                /** @description 1 to 100, default 50 */
                limit?: number;
                /** @description the nextCursor of the previous page, as it was answered */
                cursor?: string;
            };
            header?: {
                /**
                 * @description The ETag of the answer you hold (a list of them, or `*`; `W/` is taken): while the answer is still those bytes, the call is answered 304 Not Modified with no body, and given back to the token's limit of its class (it still counts among the owner's 3,000 a minute). docs/conditional-get.md.
                 * @example "3kq9Vd1sX0aB3cD4eF5gHw"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                     *           "title": "Send the slides",
                     *           "description": null,
                     *           "dueDate": "2026-03-31",
                     *           "dueTime": "17:00",
                     *           "timezone": "Europe/Berlin",
                     *           "priority": "high",
                     *           "status": "open",
                     *           "completedAt": null,
                     *           "fromRequester": "Ana",
                     *           "requestId": "9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c",
                     *           "durationMinutes": null,
                     *           "updatedAt": "2026-03-29T00:30:00Z"
                     *         }
                     *       ],
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["TaskPage"];
                };
            };
            /** @description Not Modified: If-None-Match named the ETag of the answer, which has not changed. No body; the ETag, and the RateLimit-* after the call was given back to the token. */
            304: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description bad_request */
            400: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "bad_request",
                     *         "message": "The request is not valid HTTP.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_token, token_expired */
            401: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_token",
                     *         "message": "The token is missing, malformed, unknown or revoked.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description app_suspended, insufficient_scope */
            403: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "app_suspended",
                     *         "message": "The app this token belongs to is suspended.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "This path does not take that method.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_input */
            422: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_input",
                     *         "message": "A parameter or field is wrong.",
                     *         "field": "from",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "A rate limit was reached; retry after the time in Retry-After.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal */
            500: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "internal",
                     *         "message": "Something went wrong on our side; quote the requestId when reporting it.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unavailable */
            503: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unavailable",
                     *         "message": "A dependency is down; retry with backoff.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTask: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The ETag of the answer you hold (a list of them, or `*`; `W/` is taken): while the answer is still those bytes, the call is answered 304 Not Modified with no body, and given back to the token's limit of its class (it still counts among the owner's 3,000 a minute). docs/conditional-get.md.
                 * @example "3kq9Vd1sX0aB3cD4eF5gHw"
                 */
                "If-None-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                     *       "title": "Send the slides",
                     *       "description": null,
                     *       "dueDate": "2026-03-31",
                     *       "dueTime": "17:00",
                     *       "timezone": "Europe/Berlin",
                     *       "priority": "high",
                     *       "status": "open",
                     *       "completedAt": null,
                     *       "fromRequester": "Ana",
                     *       "requestId": "9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c",
                     *       "durationMinutes": null,
                     *       "updatedAt": "2026-03-29T00:30:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Task"];
                };
            };
            /** @description Not Modified: If-None-Match named the ETag of the answer, which has not changed. No body; the ETag, and the RateLimit-* after the call was given back to the token. */
            304: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description bad_request */
            400: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "bad_request",
                     *         "message": "The request is not valid HTTP.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_token, token_expired */
            401: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_token",
                     *         "message": "The token is missing, malformed, unknown or revoked.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description app_suspended, insufficient_scope */
            403: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "app_suspended",
                     *         "message": "The app this token belongs to is suspended.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "not_found",
                     *         "message": "Not found.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "This path does not take that method.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_input */
            422: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_input",
                     *         "message": "A parameter or field is wrong.",
                     *         "field": "from",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "A rate limit was reached; retry after the time in Retry-After.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal */
            500: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "internal",
                     *         "message": "Something went wrong on our side; quote the requestId when reporting it.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unavailable */
            503: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unavailable",
                     *         "message": "A dependency is down; retry with backoff.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRequests: {
        parameters: {
            query?: {
                status?: "pending" | "accepted" | "declined" | "withdrawn" | "expired" | "rescheduled" | "cancelled" | "completed";
                kind?: "appointment" | "task";
                createdByThisToken?: "true" | "false";
                /**
                 * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
                 * @example 2026-03-29T09:00:00Z
                 */
                updatedSince?: string;
                includeDeleted?: "true" | "false";
                /** @description 1 to 100, default 50 */
                limit?: number;
                /** @description the nextCursor of the previous page, as it was answered */
                cursor?: string;
            };
            header?: {
                /**
                 * @description The ETag of the answer you hold (a list of them, or `*`; `W/` is taken): while the answer is still those bytes, the call is answered 304 Not Modified with no body, and given back to the token's limit of its class (it still counts among the owner's 3,000 a minute). docs/conditional-get.md.
                 * @example "3kq9Vd1sX0aB3cD4eF5gHw"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                     *           "kind": "appointment",
                     *           "status": "pending",
                     *           "cancelledBy": null,
                     *           "appointmentTypeId": "9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c",
                     *           "slot": {
                     *             "start": "2026-03-30T13:00:00Z",
                     *             "end": "2026-03-30T13:30:00Z"
                     *           },
                     *           "suggestedDueDate": null,
                     *           "message": "About the offer",
                     *           "note": null,
                     *           "requester": {
                     *             "name": "Ana",
                     *             "email": "ana@example.com"
                     *           },
                     *           "source": "api",
                     *           "createdByThisToken": true,
                     *           "test": false,
                     *           "createdAt": "2026-03-29T00:30:00Z",
                     *           "updatedAt": "2026-03-29T00:30:00Z"
                     *         }
                     *       ],
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["RequestPage"];
                };
            };
            /** @description Not Modified: If-None-Match named the ETag of the answer, which has not changed. No body; the ETag, and the RateLimit-* after the call was given back to the token. */
            304: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description bad_request */
            400: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "bad_request",
                     *         "message": "The request is not valid HTTP.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_token, token_expired */
            401: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_token",
                     *         "message": "The token is missing, malformed, unknown or revoked.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description app_suspended, insufficient_scope */
            403: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "app_suspended",
                     *         "message": "The app this token belongs to is suspended.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "This path does not take that method.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_input */
            422: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_input",
                     *         "message": "A parameter or field is wrong.",
                     *         "field": "from",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "A rate limit was reached; retry after the time in Retry-After.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal */
            500: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "internal",
                     *         "message": "Something went wrong on our side; quote the requestId when reporting it.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unavailable */
            503: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unavailable",
                     *         "message": "A dependency is down; retry with backoff.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRequest: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The ETag of the answer you hold (a list of them, or `*`; `W/` is taken): while the answer is still those bytes, the call is answered 304 Not Modified with no body, and given back to the token's limit of its class (it still counts among the owner's 3,000 a minute). docs/conditional-get.md.
                 * @example "3kq9Vd1sX0aB3cD4eF5gHw"
                 */
                "If-None-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                     *       "kind": "appointment",
                     *       "status": "pending",
                     *       "cancelledBy": null,
                     *       "appointmentTypeId": "9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c",
                     *       "slot": {
                     *         "start": "2026-03-30T13:00:00Z",
                     *         "end": "2026-03-30T13:30:00Z"
                     *       },
                     *       "suggestedDueDate": null,
                     *       "message": "About the offer",
                     *       "note": null,
                     *       "requester": {
                     *         "name": "Ana",
                     *         "email": "ana@example.com"
                     *       },
                     *       "source": "api",
                     *       "createdByThisToken": true,
                     *       "test": false,
                     *       "createdAt": "2026-03-29T00:30:00Z",
                     *       "updatedAt": "2026-03-29T00:30:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Request"];
                };
            };
            /** @description Not Modified: If-None-Match named the ETag of the answer, which has not changed. No body; the ETag, and the RateLimit-* after the call was given back to the token. */
            304: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description bad_request */
            400: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "bad_request",
                     *         "message": "The request is not valid HTTP.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_token, token_expired */
            401: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_token",
                     *         "message": "The token is missing, malformed, unknown or revoked.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description app_suspended, insufficient_scope */
            403: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "app_suspended",
                     *         "message": "The app this token belongs to is suspended.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "not_found",
                     *         "message": "Not found.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "This path does not take that method.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_input */
            422: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_input",
                     *         "message": "A parameter or field is wrong.",
                     *         "field": "from",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "A rate limit was reached; retry after the time in Retry-After.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal */
            500: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "internal",
                     *         "message": "Something went wrong on our side; quote the requestId when reporting it.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unavailable */
            503: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unavailable",
                     *         "message": "A dependency is down; retry with backoff.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createAppointmentRequest: {
        parameters: {
            query?: never;
            header: {
                /** @description 16 to 64 letters, digits, - and _; one per change, kept 24 hours per token */
                "idempotency-key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "appointmentTypeId": "9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c",
                 *       "slot": {
                 *         "start": "2026-03-30T13:00:00Z",
                 *         "end": "2026-03-30T13:30:00Z"
                 *       },
                 *       "requester": {
                 *         "name": "Ana",
                 *         "email": "ana@example.com"
                 *       },
                 *       "requesterTimezone": "Europe/Madrid",
                 *       "requesterLocale": "es"
                 *     }
                 */
                "application/json": components["schemas"]["AppointmentRequestBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request": {
                     *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                     *         "kind": "appointment",
                     *         "status": "pending",
                     *         "cancelledBy": null,
                     *         "appointmentTypeId": "9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c",
                     *         "slot": {
                     *           "start": "2026-03-30T13:00:00Z",
                     *           "end": "2026-03-30T13:30:00Z"
                     *         },
                     *         "suggestedDueDate": null,
                     *         "message": "About the offer",
                     *         "note": null,
                     *         "requester": {
                     *           "name": "Ana",
                     *           "email": "ana@example.com"
                     *         },
                     *         "source": "api",
                     *         "createdByThisToken": true,
                     *         "test": false,
                     *         "createdAt": "2026-03-29T00:30:00Z",
                     *         "updatedAt": "2026-03-29T00:30:00Z"
                     *       },
                     *       "statusUrl": {
                     *         "url": "https://calendar.example.com/r/3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d?sig=abc",
                     *         "expiresAt": "2026-04-28T00:30:00Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedRequest"];
                };
            };
            /** @description bad_request */
            400: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "bad_request",
                     *         "message": "The body is not valid JSON.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_token, token_expired */
            401: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_token",
                     *         "message": "The token is missing, malformed, unknown or revoked.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description app_suspended, insufficient_scope */
            403: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "app_suspended",
                     *         "message": "The app this token belongs to is suspended.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "not_found",
                     *         "message": "Not found.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "This path does not take that method.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description slot_unavailable */
            409: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "slot_unavailable",
                     *         "message": "The requested time is no longer free.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_input, idempotency_mismatch */
            422: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_input",
                     *         "message": "A parameter or field is wrong.",
                     *         "field": "from",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited, too_many_pending */
            429: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "A rate limit was reached; retry after the time in Retry-After.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal */
            500: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "internal",
                     *         "message": "Something went wrong on our side; quote the requestId when reporting it.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unavailable */
            503: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unavailable",
                     *         "message": "A dependency is down; retry with backoff.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTaskRequest: {
        parameters: {
            query?: never;
            header: {
                /** @description 16 to 64 letters, digits, - and _; one per change, kept 24 hours per token */
                "idempotency-key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "message": "Please review the contract",
                 *       "suggestedDueDate": "2026-04-01",
                 *       "requester": {
                 *         "name": "Ana",
                 *         "email": "ana@example.com"
                 *       },
                 *       "requesterTimezone": "Europe/Madrid",
                 *       "requesterLocale": "es"
                 *     }
                 */
                "application/json": components["schemas"]["TaskRequestBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request": {
                     *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                     *         "kind": "appointment",
                     *         "status": "pending",
                     *         "cancelledBy": null,
                     *         "appointmentTypeId": "9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c",
                     *         "slot": {
                     *           "start": "2026-03-30T13:00:00Z",
                     *           "end": "2026-03-30T13:30:00Z"
                     *         },
                     *         "suggestedDueDate": null,
                     *         "message": "About the offer",
                     *         "note": null,
                     *         "requester": {
                     *           "name": "Ana",
                     *           "email": "ana@example.com"
                     *         },
                     *         "source": "api",
                     *         "createdByThisToken": true,
                     *         "test": false,
                     *         "createdAt": "2026-03-29T00:30:00Z",
                     *         "updatedAt": "2026-03-29T00:30:00Z"
                     *       },
                     *       "statusUrl": {
                     *         "url": "https://calendar.example.com/r/3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d?sig=abc",
                     *         "expiresAt": "2026-04-28T00:30:00Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedRequest"];
                };
            };
            /** @description bad_request */
            400: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "bad_request",
                     *         "message": "The body is not valid JSON.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_token, token_expired */
            401: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_token",
                     *         "message": "The token is missing, malformed, unknown or revoked.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description app_suspended, insufficient_scope */
            403: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "app_suspended",
                     *         "message": "The app this token belongs to is suspended.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "not_found",
                     *         "message": "Not found.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "This path does not take that method.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_input, idempotency_mismatch */
            422: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_input",
                     *         "message": "A parameter or field is wrong.",
                     *         "field": "from",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited, too_many_pending */
            429: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "A rate limit was reached; retry after the time in Retry-After.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal */
            500: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "internal",
                     *         "message": "Something went wrong on our side; quote the requestId when reporting it.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unavailable */
            503: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unavailable",
                     *         "message": "A dependency is down; retry with backoff.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    withdrawRequest: {
        parameters: {
            query?: never;
            header: {
                /** @description 16 to 64 letters, digits, - and _; one per change, kept 24 hours per token */
                "idempotency-key": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                     *       "kind": "appointment",
                     *       "status": "pending",
                     *       "cancelledBy": null,
                     *       "appointmentTypeId": "9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c",
                     *       "slot": {
                     *         "start": "2026-03-30T13:00:00Z",
                     *         "end": "2026-03-30T13:30:00Z"
                     *       },
                     *       "suggestedDueDate": null,
                     *       "message": "About the offer",
                     *       "note": null,
                     *       "requester": {
                     *         "name": "Ana",
                     *         "email": "ana@example.com"
                     *       },
                     *       "source": "api",
                     *       "createdByThisToken": true,
                     *       "test": false,
                     *       "createdAt": "2026-03-29T00:30:00Z",
                     *       "updatedAt": "2026-03-29T00:30:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Request"];
                };
            };
            /** @description bad_request */
            400: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "bad_request",
                     *         "message": "The body is not valid JSON.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_token, token_expired */
            401: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_token",
                     *         "message": "The token is missing, malformed, unknown or revoked.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description app_suspended, insufficient_scope */
            403: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "app_suspended",
                     *         "message": "The app this token belongs to is suspended.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "not_found",
                     *         "message": "Not found.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "This path does not take that method.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_transition */
            409: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_transition",
                     *         "message": "The request's state does not allow this operation.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_input, idempotency_mismatch */
            422: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_input",
                     *         "message": "A parameter or field is wrong.",
                     *         "field": "from",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "A rate limit was reached; retry after the time in Retry-After.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal */
            500: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "internal",
                     *         "message": "Something went wrong on our side; quote the requestId when reporting it.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unavailable */
            503: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unavailable",
                     *         "message": "A dependency is down; retry with backoff.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookEvents: {
        parameters: {
            query: {
                /**
                 * @description an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)
                 * @example 2026-03-29T09:00:00Z
                 */
                since: string;
                /** @description 1 to 100, default 50 */
                limit?: number;
                /** @description the nextCursor of the previous page, as it was answered */
                cursor?: string;
            };
            header?: {
                /**
                 * @description The ETag of the answer you hold (a list of them, or `*`; `W/` is taken): while the answer is still those bytes, the call is answered 304 Not Modified with no body, and given back to the token's limit of its class (it still counts among the owner's 3,000 a minute). docs/conditional-get.md.
                 * @example "3kq9Vd1sX0aB3cD4eF5gHw"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                     *           "type": "request.created",
                     *           "apiVersion": "v1",
                     *           "occurredAt": "2026-03-29T00:30:00Z",
                     *           "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
                     *           "test": false,
                     *           "data": {
                     *             "object": "request",
                     *             "id": "9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c"
                     *           }
                     *         }
                     *       ],
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEventPage"];
                };
            };
            /** @description Not Modified: If-None-Match named the ETag of the answer, which has not changed. No body; the ETag, and the RateLimit-* after the call was given back to the token. */
            304: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description bad_request */
            400: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "bad_request",
                     *         "message": "The request is not valid HTTP.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_token, token_expired */
            401: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_token",
                     *         "message": "The token is missing, malformed, unknown or revoked.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description app_suspended, insufficient_scope */
            403: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "app_suspended",
                     *         "message": "The app this token belongs to is suspended.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "This path does not take that method.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_input */
            422: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_input",
                     *         "message": "A parameter or field is wrong.",
                     *         "field": "from",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "A rate limit was reached; retry after the time in Retry-After.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal */
            500: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "internal",
                     *         "message": "Something went wrong on our side; quote the requestId when reporting it.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unavailable */
            503: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unavailable",
                     *         "message": "A dependency is down; retry with backoff.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookEvent: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The ETag of the answer you hold (a list of them, or `*`; `W/` is taken): while the answer is still those bytes, the call is answered 304 Not Modified with no body, and given back to the token's limit of its class (it still counts among the owner's 3,000 a minute). docs/conditional-get.md.
                 * @example "3kq9Vd1sX0aB3cD4eF5gHw"
                 */
                "If-None-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                     *       "type": "request.created",
                     *       "apiVersion": "v1",
                     *       "occurredAt": "2026-03-29T00:30:00Z",
                     *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
                     *       "test": false,
                     *       "data": {
                     *         "object": "request",
                     *         "id": "9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            /** @description Not Modified: If-None-Match named the ETag of the answer, which has not changed. No body; the ETag, and the RateLimit-* after the call was given back to the token. */
            304: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description bad_request */
            400: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "bad_request",
                     *         "message": "The request is not valid HTTP.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_token, token_expired */
            401: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_token",
                     *         "message": "The token is missing, malformed, unknown or revoked.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description app_suspended, insufficient_scope */
            403: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "app_suspended",
                     *         "message": "The app this token belongs to is suspended.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "not_found",
                     *         "message": "Not found.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "This path does not take that method.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_input */
            422: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_input",
                     *         "message": "A parameter or field is wrong.",
                     *         "field": "from",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "A rate limit was reached; retry after the time in Retry-After.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal */
            500: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "internal",
                     *         "message": "Something went wrong on our side; quote the requestId when reporting it.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unavailable */
            503: {
                headers: {
                    "Svc-Request-Id": components["headers"]["Svc-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unavailable",
                     *         "message": "A dependency is down; retry with backoff.",
                     *         "requestId": "req_7GvJ2kQ9xZ0aB3cD4eF5gH"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhook_request_created: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`: verify it with verifyWebhook of @calendar-access/sdk (docs/webhooks-receiving.md)
                 * @example t=1774744200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Svc-Signature": string;
                /**
                 * @description the event id, the same as the body's `id`: deduplicate on it
                 * @example 3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d
                 */
                "Svc-Event-Id": string;
                /**
                 * @description the event type, the same as the body's `type`
                 * @example request.created
                 */
                "Svc-Event-Type": string;
                /**
                 * @description the attempt number, from 1
                 * @example 1
                 */
                "Svc-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                 *       "type": "request.created",
                 *       "apiVersion": "v1",
                 *       "occurredAt": "2026-03-29T00:30:00Z",
                 *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
                 *       "test": false,
                 *       "data": {
                 *         "object": "request",
                 *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["RequestCreatedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery counts as done (any 2xx does). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (a signature that does not verify, for one): the delivery is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_request_withdrawn: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`: verify it with verifyWebhook of @calendar-access/sdk (docs/webhooks-receiving.md)
                 * @example t=1774744200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Svc-Signature": string;
                /**
                 * @description the event id, the same as the body's `id`: deduplicate on it
                 * @example 3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d
                 */
                "Svc-Event-Id": string;
                /**
                 * @description the event type, the same as the body's `type`
                 * @example request.created
                 */
                "Svc-Event-Type": string;
                /**
                 * @description the attempt number, from 1
                 * @example 1
                 */
                "Svc-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                 *       "type": "request.withdrawn",
                 *       "apiVersion": "v1",
                 *       "occurredAt": "2026-03-29T00:30:00Z",
                 *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
                 *       "test": false,
                 *       "data": {
                 *         "object": "request",
                 *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["RequestWithdrawnEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery counts as done (any 2xx does). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (a signature that does not verify, for one): the delivery is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_request_accepted: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`: verify it with verifyWebhook of @calendar-access/sdk (docs/webhooks-receiving.md)
                 * @example t=1774744200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Svc-Signature": string;
                /**
                 * @description the event id, the same as the body's `id`: deduplicate on it
                 * @example 3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d
                 */
                "Svc-Event-Id": string;
                /**
                 * @description the event type, the same as the body's `type`
                 * @example request.created
                 */
                "Svc-Event-Type": string;
                /**
                 * @description the attempt number, from 1
                 * @example 1
                 */
                "Svc-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                 *       "type": "request.accepted",
                 *       "apiVersion": "v1",
                 *       "occurredAt": "2026-03-29T00:30:00Z",
                 *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
                 *       "test": false,
                 *       "data": {
                 *         "object": "request",
                 *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["RequestAcceptedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery counts as done (any 2xx does). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (a signature that does not verify, for one): the delivery is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_request_declined: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`: verify it with verifyWebhook of @calendar-access/sdk (docs/webhooks-receiving.md)
                 * @example t=1774744200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Svc-Signature": string;
                /**
                 * @description the event id, the same as the body's `id`: deduplicate on it
                 * @example 3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d
                 */
                "Svc-Event-Id": string;
                /**
                 * @description the event type, the same as the body's `type`
                 * @example request.created
                 */
                "Svc-Event-Type": string;
                /**
                 * @description the attempt number, from 1
                 * @example 1
                 */
                "Svc-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                 *       "type": "request.declined",
                 *       "apiVersion": "v1",
                 *       "occurredAt": "2026-03-29T00:30:00Z",
                 *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
                 *       "test": false,
                 *       "data": {
                 *         "object": "request",
                 *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["RequestDeclinedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery counts as done (any 2xx does). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (a signature that does not verify, for one): the delivery is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_request_expired: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`: verify it with verifyWebhook of @calendar-access/sdk (docs/webhooks-receiving.md)
                 * @example t=1774744200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Svc-Signature": string;
                /**
                 * @description the event id, the same as the body's `id`: deduplicate on it
                 * @example 3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d
                 */
                "Svc-Event-Id": string;
                /**
                 * @description the event type, the same as the body's `type`
                 * @example request.created
                 */
                "Svc-Event-Type": string;
                /**
                 * @description the attempt number, from 1
                 * @example 1
                 */
                "Svc-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                 *       "type": "request.expired",
                 *       "apiVersion": "v1",
                 *       "occurredAt": "2026-03-29T00:30:00Z",
                 *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
                 *       "test": false,
                 *       "data": {
                 *         "object": "request",
                 *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["RequestExpiredEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery counts as done (any 2xx does). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (a signature that does not verify, for one): the delivery is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_appointment_rescheduled: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`: verify it with verifyWebhook of @calendar-access/sdk (docs/webhooks-receiving.md)
                 * @example t=1774744200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Svc-Signature": string;
                /**
                 * @description the event id, the same as the body's `id`: deduplicate on it
                 * @example 3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d
                 */
                "Svc-Event-Id": string;
                /**
                 * @description the event type, the same as the body's `type`
                 * @example request.created
                 */
                "Svc-Event-Type": string;
                /**
                 * @description the attempt number, from 1
                 * @example 1
                 */
                "Svc-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                 *       "type": "appointment.rescheduled",
                 *       "apiVersion": "v1",
                 *       "occurredAt": "2026-03-29T00:30:00Z",
                 *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
                 *       "test": false,
                 *       "data": {
                 *         "object": "request",
                 *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["AppointmentRescheduledEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery counts as done (any 2xx does). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (a signature that does not verify, for one): the delivery is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_appointment_confirmed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`: verify it with verifyWebhook of @calendar-access/sdk (docs/webhooks-receiving.md)
                 * @example t=1774744200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Svc-Signature": string;
                /**
                 * @description the event id, the same as the body's `id`: deduplicate on it
                 * @example 3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d
                 */
                "Svc-Event-Id": string;
                /**
                 * @description the event type, the same as the body's `type`
                 * @example request.created
                 */
                "Svc-Event-Type": string;
                /**
                 * @description the attempt number, from 1
                 * @example 1
                 */
                "Svc-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                 *       "type": "appointment.confirmed",
                 *       "apiVersion": "v1",
                 *       "occurredAt": "2026-03-29T00:30:00Z",
                 *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
                 *       "test": false,
                 *       "data": {
                 *         "object": "request",
                 *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["AppointmentConfirmedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery counts as done (any 2xx does). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (a signature that does not verify, for one): the delivery is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_appointment_cancelled: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`: verify it with verifyWebhook of @calendar-access/sdk (docs/webhooks-receiving.md)
                 * @example t=1774744200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Svc-Signature": string;
                /**
                 * @description the event id, the same as the body's `id`: deduplicate on it
                 * @example 3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d
                 */
                "Svc-Event-Id": string;
                /**
                 * @description the event type, the same as the body's `type`
                 * @example request.created
                 */
                "Svc-Event-Type": string;
                /**
                 * @description the attempt number, from 1
                 * @example 1
                 */
                "Svc-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                 *       "type": "appointment.cancelled",
                 *       "apiVersion": "v1",
                 *       "occurredAt": "2026-03-29T00:30:00Z",
                 *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
                 *       "test": false,
                 *       "data": {
                 *         "object": "request",
                 *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["AppointmentCancelledEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery counts as done (any 2xx does). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (a signature that does not verify, for one): the delivery is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_appointment_completed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`: verify it with verifyWebhook of @calendar-access/sdk (docs/webhooks-receiving.md)
                 * @example t=1774744200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Svc-Signature": string;
                /**
                 * @description the event id, the same as the body's `id`: deduplicate on it
                 * @example 3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d
                 */
                "Svc-Event-Id": string;
                /**
                 * @description the event type, the same as the body's `type`
                 * @example request.created
                 */
                "Svc-Event-Type": string;
                /**
                 * @description the attempt number, from 1
                 * @example 1
                 */
                "Svc-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                 *       "type": "appointment.completed",
                 *       "apiVersion": "v1",
                 *       "occurredAt": "2026-03-29T00:30:00Z",
                 *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
                 *       "test": false,
                 *       "data": {
                 *         "object": "request",
                 *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["AppointmentCompletedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery counts as done (any 2xx does). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (a signature that does not verify, for one): the delivery is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_task_created: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`: verify it with verifyWebhook of @calendar-access/sdk (docs/webhooks-receiving.md)
                 * @example t=1774744200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Svc-Signature": string;
                /**
                 * @description the event id, the same as the body's `id`: deduplicate on it
                 * @example 3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d
                 */
                "Svc-Event-Id": string;
                /**
                 * @description the event type, the same as the body's `type`
                 * @example request.created
                 */
                "Svc-Event-Type": string;
                /**
                 * @description the attempt number, from 1
                 * @example 1
                 */
                "Svc-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                 *       "type": "task.created",
                 *       "apiVersion": "v1",
                 *       "occurredAt": "2026-03-29T00:30:00Z",
                 *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
                 *       "test": false,
                 *       "data": {
                 *         "object": "task",
                 *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["TaskCreatedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery counts as done (any 2xx does). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (a signature that does not verify, for one): the delivery is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_task_updated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`: verify it with verifyWebhook of @calendar-access/sdk (docs/webhooks-receiving.md)
                 * @example t=1774744200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Svc-Signature": string;
                /**
                 * @description the event id, the same as the body's `id`: deduplicate on it
                 * @example 3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d
                 */
                "Svc-Event-Id": string;
                /**
                 * @description the event type, the same as the body's `type`
                 * @example request.created
                 */
                "Svc-Event-Type": string;
                /**
                 * @description the attempt number, from 1
                 * @example 1
                 */
                "Svc-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                 *       "type": "task.updated",
                 *       "apiVersion": "v1",
                 *       "occurredAt": "2026-03-29T00:30:00Z",
                 *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
                 *       "test": false,
                 *       "data": {
                 *         "object": "task",
                 *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["TaskUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery counts as done (any 2xx does). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (a signature that does not verify, for one): the delivery is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_task_completed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`: verify it with verifyWebhook of @calendar-access/sdk (docs/webhooks-receiving.md)
                 * @example t=1774744200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Svc-Signature": string;
                /**
                 * @description the event id, the same as the body's `id`: deduplicate on it
                 * @example 3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d
                 */
                "Svc-Event-Id": string;
                /**
                 * @description the event type, the same as the body's `type`
                 * @example request.created
                 */
                "Svc-Event-Type": string;
                /**
                 * @description the attempt number, from 1
                 * @example 1
                 */
                "Svc-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                 *       "type": "task.completed",
                 *       "apiVersion": "v1",
                 *       "occurredAt": "2026-03-29T00:30:00Z",
                 *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
                 *       "test": false,
                 *       "data": {
                 *         "object": "task",
                 *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["TaskCompletedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery counts as done (any 2xx does). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (a signature that does not verify, for one): the delivery is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_task_deleted: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`: verify it with verifyWebhook of @calendar-access/sdk (docs/webhooks-receiving.md)
                 * @example t=1774744200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Svc-Signature": string;
                /**
                 * @description the event id, the same as the body's `id`: deduplicate on it
                 * @example 3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d
                 */
                "Svc-Event-Id": string;
                /**
                 * @description the event type, the same as the body's `type`
                 * @example request.created
                 */
                "Svc-Event-Type": string;
                /**
                 * @description the attempt number, from 1
                 * @example 1
                 */
                "Svc-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                 *       "type": "task.deleted",
                 *       "apiVersion": "v1",
                 *       "occurredAt": "2026-03-29T00:30:00Z",
                 *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
                 *       "test": false,
                 *       "data": {
                 *         "object": "task",
                 *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["TaskDeletedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery counts as done (any 2xx does). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (a signature that does not verify, for one): the delivery is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_event_created: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`: verify it with verifyWebhook of @calendar-access/sdk (docs/webhooks-receiving.md)
                 * @example t=1774744200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Svc-Signature": string;
                /**
                 * @description the event id, the same as the body's `id`: deduplicate on it
                 * @example 3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d
                 */
                "Svc-Event-Id": string;
                /**
                 * @description the event type, the same as the body's `type`
                 * @example request.created
                 */
                "Svc-Event-Type": string;
                /**
                 * @description the attempt number, from 1
                 * @example 1
                 */
                "Svc-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                 *       "type": "event.created",
                 *       "apiVersion": "v1",
                 *       "occurredAt": "2026-03-29T00:30:00Z",
                 *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
                 *       "test": false,
                 *       "data": {
                 *         "object": "event",
                 *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventCreatedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery counts as done (any 2xx does). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (a signature that does not verify, for one): the delivery is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_event_updated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`: verify it with verifyWebhook of @calendar-access/sdk (docs/webhooks-receiving.md)
                 * @example t=1774744200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Svc-Signature": string;
                /**
                 * @description the event id, the same as the body's `id`: deduplicate on it
                 * @example 3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d
                 */
                "Svc-Event-Id": string;
                /**
                 * @description the event type, the same as the body's `type`
                 * @example request.created
                 */
                "Svc-Event-Type": string;
                /**
                 * @description the attempt number, from 1
                 * @example 1
                 */
                "Svc-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                 *       "type": "event.updated",
                 *       "apiVersion": "v1",
                 *       "occurredAt": "2026-03-29T00:30:00Z",
                 *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
                 *       "test": false,
                 *       "data": {
                 *         "object": "event",
                 *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery counts as done (any 2xx does). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (a signature that does not verify, for one): the delivery is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_event_deleted: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`: verify it with verifyWebhook of @calendar-access/sdk (docs/webhooks-receiving.md)
                 * @example t=1774744200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Svc-Signature": string;
                /**
                 * @description the event id, the same as the body's `id`: deduplicate on it
                 * @example 3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d
                 */
                "Svc-Event-Id": string;
                /**
                 * @description the event type, the same as the body's `type`
                 * @example request.created
                 */
                "Svc-Event-Type": string;
                /**
                 * @description the attempt number, from 1
                 * @example 1
                 */
                "Svc-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                 *       "type": "event.deleted",
                 *       "apiVersion": "v1",
                 *       "occurredAt": "2026-03-29T00:30:00Z",
                 *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
                 *       "test": false,
                 *       "data": {
                 *         "object": "event",
                 *         "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventDeletedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery counts as done (any 2xx does). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (a signature that does not verify, for one): the delivery is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_authorization_revoked: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`: verify it with verifyWebhook of @calendar-access/sdk (docs/webhooks-receiving.md)
                 * @example t=1774744200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Svc-Signature": string;
                /**
                 * @description the event id, the same as the body's `id`: deduplicate on it
                 * @example 3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d
                 */
                "Svc-Event-Id": string;
                /**
                 * @description the event type, the same as the body's `type`
                 * @example request.created
                 */
                "Svc-Event-Type": string;
                /**
                 * @description the attempt number, from 1
                 * @example 1
                 */
                "Svc-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                 *       "type": "authorization.revoked",
                 *       "apiVersion": "v1",
                 *       "occurredAt": "2026-03-29T00:30:00Z",
                 *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
                 *       "test": false,
                 *       "data": {
                 *         "object": "authorization",
                 *         "reason": "owner"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["AuthorizationRevokedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery counts as done (any 2xx does). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (a signature that does not verify, for one): the delivery is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_ping: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`: verify it with verifyWebhook of @calendar-access/sdk (docs/webhooks-receiving.md)
                 * @example t=1774744200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Svc-Signature": string;
                /**
                 * @description the event id, the same as the body's `id`: deduplicate on it
                 * @example 3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d
                 */
                "Svc-Event-Id": string;
                /**
                 * @description the event type, the same as the body's `type`
                 * @example request.created
                 */
                "Svc-Event-Type": string;
                /**
                 * @description the attempt number, from 1
                 * @example 1
                 */
                "Svc-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d",
                 *       "type": "ping",
                 *       "apiVersion": "v1",
                 *       "occurredAt": "2026-03-29T00:30:00Z",
                 *       "account": "acct_4fGh7JkL9mNpQrStUvWxYz",
                 *       "test": false,
                 *       "data": {
                 *         "object": "ping"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["PingEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery counts as done (any 2xx does). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (a signature that does not verify, for one): the delivery is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
