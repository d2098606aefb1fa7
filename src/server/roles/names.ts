/** The roles of `serve --role` (roles/index.ts says what each starts); light, for the CLI's option parser. */
export const ROLE_NAMES = ['all', 'api', 'worker'] as const;

export type Role = (typeof ROLE_NAMES)[number];
