// What a pin is beyond its buffer layout (common/pin-buffers.ts), defined once for the server's
// checks, the client's forms and the live event stream.

/** Limits of a pin's texts and lists, in characters or items (SPEC §7; the server checks them, the forms stop at them). */
export const PIN_LIMITS = {
  /** Longest pin description (after trimming). */
  description: 2000,
  /** Most tags on one pin. */
  tags: 20,
  /** Longest report comment. */
  reportComment: 1000,
  /** Longest comment under a pin. */
  comment: 1000,
  /** Longest image reference (a URL or /images/<file>). */
  image: 500,
} as const;

/** What happened to a pin: a revision's kind and the `kind` of a live `pin` event. */
export const PIN_EVENT_KINDS = ['create', 'edit', 'revert', 'hide', 'unhide', 'merge', 'import'] as const;
export type PinEventKind = (typeof PIN_EVENT_KINDS)[number];

/** What a moderator can do with a report (POST /v1/moderation/reports/:id). */
export const REPORT_ACTIONS = ['dismiss', 'resolve', 'hide', 'merge'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
