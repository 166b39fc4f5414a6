import { useState } from 'preact/hooks';

/** Offset paging of the API's lists (`total`, `limit`, `offset`): previous and next, and where we are. */
export const Pager = ({
  total,
  limit,
  offset,
  onOffset,
  label,
}: {
  total: number;
  limit: number;
  offset: number;
  onOffset: (offset: number) => void;
  label: string;
}) => {
  if (total <= limit && offset === 0) return null;
  return (
    <nav class="pager" aria-label={`${label} pages`}>
      <button type="button" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - limit))}>
        Previous page
      </button>
      <span>
        {Math.min(offset + 1, total)}–{Math.min(offset + limit, total)} of {total}
      </span>
      <button type="button" disabled={offset + limit >= total} onClick={() => onOffset(offset + limit)}>
        Next page
      </button>
    </nav>
  );
};

/**
 * Cursor paging (`next_cursor`): the cursors of the pages before this one are kept, so Previous
 * page goes back without the API paging backwards.
 */
export const useCursorPages = () => {
  const [cursors, setCursors] = useState<string[]>([]);
  return { cursor: cursors[cursors.length - 1], cursors, setCursors };
};

export const CursorPager = ({
  pages,
  next,
  label,
}: {
  pages: ReturnType<typeof useCursorPages>;
  next: string | null;
  label: string;
}) => {
  const { cursors, setCursors } = pages;
  if (cursors.length === 0 && !next) return null;
  return (
    <nav class="pager" aria-label={`${label} pages`}>
      <button type="button" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
        Previous page
      </button>
      <button type="button" disabled={!next} onClick={() => setCursors([...cursors, next!])}>
        Next page
      </button>
    </nav>
  );
};
