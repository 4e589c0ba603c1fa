import { type ReactNode, useRef } from 'react';
import { useEnhance } from '../enhance/use-enhance';

/** A public page rendered by the app itself: its markup gets the same enhancers as the prerendered page. */
export function EnhancedPage({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEnhance(ref);
  return <div ref={ref}>{children}</div>;
}
