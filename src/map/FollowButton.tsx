import { setTracking, useStore } from '../state';
import { ko } from '../i18n/ko';
import { Icon } from '../ui/icons';

/**
 * Shown while the tracker reports the player but follow is off (a pan by hand turned it off in
 * the engine, and the bridge told the store): one press turns following back on.
 */
export function FollowButton() {
  const { tracking } = useStore();
  if (!tracking.position || tracking.follow) return null;
  return (
    <button type="button" className="map-refollow" onClick={() => setTracking({ follow: true })} title={ko.trackerRefollowHint}>
      <Icon name="tracker" />
      {ko.trackerRefollow}
    </button>
  );
}
