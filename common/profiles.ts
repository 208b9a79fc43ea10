/** Most progress profiles per account (issue 22 item 4). */
export const MAX_PROFILES = 10;
/** Longest profile name (characters, after trimming). */
export const MAX_PROFILE_NAME = 20;

/** One progress profile as GET /api/v1/me/profiles lists it (the server answers it, the client reads it). */
export interface ProgressProfile {
  id: number;
  name: string;
  /** Pins found in it (visible pins). */
  found: number;
  createdAt: number;
  active: boolean;
}

/** The answer of the profile routes: the account's profiles (oldest first) and the active one's id. */
export interface ProfileList {
  active: number;
  /** Most profiles an account may hold. */
  max: number;
  profiles: ProgressProfile[];
  /** The account's checkTime (moved by a switch or a deletion of the active profile). */
  checkTime: number;
}
