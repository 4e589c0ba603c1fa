import { useEffect } from 'react';

/** Keeps the document title in step on client-side navigation; prerendered HTML carries it already. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
