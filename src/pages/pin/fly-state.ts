/** Navigation state that makes the pin page fly the map to its pin even when the address carries a camera. */
export const FLY_TO_PIN = { flyToPin: true } as const;

/** Whether a location's state asks the pin page to fly to its pin. */
export function wantsFlyTo(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { flyToPin?: unknown }).flyToPin === true;
}
