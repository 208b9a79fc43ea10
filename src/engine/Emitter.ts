/** A small typed event emitter; listeners are called in the order they subscribed. */
export class Emitter<E extends object> {
  private readonly listeners = new Map<keyof E, Set<(e: never) => void>>();

  /** Subscribes; returns the unsubscribe function. */
  on<K extends keyof E>(type: K, fn: (e: E[K]) => void): () => void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(fn as (e: never) => void);
    return () => set.delete(fn as (e: never) => void);
  }

  emit<K extends keyof E>(type: K, e: E[K]): void {
    const set = this.listeners.get(type);
    if (!set) return;
    for (const fn of set) (fn as (e: E[K]) => void)(e);
  }

  clear(): void {
    this.listeners.clear();
  }
}
