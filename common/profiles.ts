/** Most progress profiles per account (issue 22 item 4). */
export const MAX_PROFILES = 10;
/** Longest profile name (characters, after trimming). */
export const MAX_PROFILE_NAME = 20;
