import { useEffect, useRef } from 'react';
import type { RiderLocation } from '../../../../domain/schemas/delivery';

/** A position older than this is not sent with a step. */
const FRESH_MS = 2 * 60_000;

/**
 * Follows the phone's position while the rider's screen is open, where the phone allows it
 * (navigator.geolocation; the rider may refuse). Never waits: `latest()` answers the last fresh
 * position or undefined, and a step goes without one.
 */
export function useRiderPosition(enabled: boolean): { latest: () => RiderLocation | undefined } {
  const last = useRef<{ where: RiderLocation; at: number } | null>(null);
  useEffect(() => {
    const geo = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!enabled || !geo) return;
    const watch = geo.watchPosition(
      (p) => {
        last.current = {
          where: {
            lat: p.coords.latitude,
            lng: p.coords.longitude,
            ...(Number.isFinite(p.coords.accuracy) ? { accuracyM: Math.round(p.coords.accuracy) } : {}),
          },
          at: Date.now(),
        };
      },
      () => {
        // Refused or unavailable: the rider's steps go without a position.
      },
      { enableHighAccuracy: false, maximumAge: 60_000, timeout: 30_000 },
    );
    return () => geo.clearWatch(watch);
  }, [enabled]);
  // One object for the component's life, so effects that use it do not restart.
  const reader = useRef({
    latest: () => (last.current && Date.now() - last.current.at < FRESH_MS ? last.current.where : undefined),
  });
  return reader.current;
}
