/** Offset paging of the API's lists (`total`, `limit`, `offset`): previous and next, and where we are. */
export const Pager = ({ total, limit, offset, onOffset, label }: { total: number; limit: number; offset: number; onOffset: (offset: number) => void; label: string }) => {
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
