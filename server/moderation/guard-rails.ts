import type { Config } from '../config';
import type { Db } from '../db';
import { ApiError, ErrClazz } from '../http/errors';
import { ModerationMessages } from './roles';

/**
 * Whether `image` is on our own image host: the built-in host's /images/<file> (relative or under
 * PUBLIC_URL), or the configured IMAGE_HOST_URL's origin. Anything else is an outside address.
 */
export function isOurImage(config: Pick<Config, 'publicUrl' | 'imageHostUrl'>, image: string): boolean {
  if (/^\/images\/[A-Za-z0-9._-]+$/.test(image)) return true;
  let url: URL;
  try {
    url = new URL(image);
  } catch {
    return false;
  }
  if (url.origin === new URL(config.publicUrl).origin && /^\/images\/[A-Za-z0-9._-]+$/.test(url.pathname)) return true;
  if (config.imageHostUrl) {
    try {
      return url.origin === new URL(config.imageHostUrl).origin;
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * The image reference to store: an image of our own host as its path (/images/<file>), so it still
 * shows after the server's address changes (issue 25 item 7), whatever origin the upload answered
 * with; our own is under PUBLIC_URL's origin or an upload this server recorded (image_uploads).
 * Anything else (an outside host, a path already) is kept as given.
 */
export async function storedImage<T extends string | null | undefined>(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  image: T,
): Promise<T | string> {
  if (!image) return image;
  const m = /^https?:\/\/[^/?#]+(\/images\/([A-Za-z0-9._-]+))$/.exec(image);
  if (!m) return image;
  let ours: boolean;
  try {
    ours = new URL(image).origin === new URL(config.publicUrl).origin;
  } catch {
    return image;
  }
  if (!ours) ours = (await db.query('select 1 from image_uploads where file = $1 limit 1', [m[2]])).rows.length > 0;
  return ours ? m[1]! : image;
}

/** Refuses a pin image that is not on our image host (400 with a Korean message). */
export function requireOurImage(config: Config, image: string | null | undefined): void {
  if (image && !isOurImage(config, image)) throw ApiError.badRequest(ModerationMessages.imageNotOurs, 'pin image not on our image host');
}

/**
 * New or little-proven accounts (younger than a day, or fewer than TRUSTED_EDITOR_EDITS accepted
 * edits) create or edit at most NEW_EDITOR_DAILY_EDITS pins per 24 hours; moderators and admins
 * are never limited. Counted from the revisions in the database, so it holds across processes.
 */
export async function requireEditAllowance(db: Db, config: Config, userId: number): Promise<void> {
  const { rows } = await db.query<{ role: string; young: boolean; accepted: number; today: number }>(
    `select u.role, u.created_at > now() - interval '1 day' as young,
            (select count(*)::int from pin_revisions r where r.user_id = u.id and r.kind in ('create', 'edit') and r.reverted_at is null) as accepted,
            (select count(*)::int from pin_revisions r where r.user_id = u.id and r.kind in ('create', 'edit') and r.created_at > now() - interval '1 day') as today
       from users u where u.id = $1`,
    [userId],
  );
  const r = rows[0];
  if (!r) throw ApiError.requiresLogin();
  if (r.role === 'moderator' || r.role === 'admin') return;
  const proven = !r.young && r.accepted >= config.trustedEditorEdits;
  if (!proven && r.today >= config.newEditorDailyEdits) {
    throw new ApiError(
      429,
      ErrClazz.rateLimited,
      ModerationMessages.editLimit(config.newEditorDailyEdits),
      'daily edit limit of a new account',
    );
  }
}
