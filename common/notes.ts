// Private notes on pins (issue 22 item 3): one note per player per pin, seen only by its author.

/** Longest note, in characters after trimming (the server refuses a longer one with a Korean 400). */
export const MAX_NOTE = 500;
