import { useEffect, useState } from 'preact/hooks';

/**
 * The console's address is the hash (`#/campaigns/<id>`): GET /console serves one page, and every view
 * is a link that works with the keyboard, the back button and a bookmark.
 */
export const currentPath = () => decodeURIComponent(location.hash.replace(/^#/, '')) || '/overview';

export const usePath = () => {
  const [path, setPath] = useState(currentPath());
  useEffect(() => {
    const changed = () => setPath(currentPath());
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  return path;
};

export const href = (path: string) => `#${path}`;
export const go = (path: string) => {
  location.hash = path;
};
