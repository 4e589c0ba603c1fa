/**
 * A value a first view hands to the app's screen (its answers from the network), kept until the
 * screen takes it, once: a later drawing of the screen reads for itself.
 */
export function handoff<T>() {
  let kept: T | null = null;
  return {
    hand(value: T): void {
      kept = value;
    },
    take(): T | null {
      const value = kept;
      kept = null;
      return value;
    },
  };
}
