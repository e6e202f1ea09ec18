import { useState } from "react";
import { useSearchParams } from "react-router";

/**
 * A staff list's filter that lives in the address (?person=12&kind=…): `filter` is what the
 * address says now (read by `read`, which also drops what it does not accept); `draft` is the
 * form's copy, refilled whenever the address changes (a link in a row, back and forward);
 * `go(next)` writes a filter to the address (through `write`), which reloads the list.
 * Used by the audit view and the message outbox (issue 10: one filter primitive).
 */
export function useAddressFilter<F>(
  read: (params: URLSearchParams) => F,
  write: (filter: F) => URLSearchParams,
) {
  const [params, setParams] = useSearchParams();
  const filter = read(params);
  const [draft, setDraft] = useState(filter);
  const [draftKey, setDraftKey] = useState(params.toString());
  if (draftKey !== params.toString()) {
    setDraftKey(params.toString());
    setDraft(filter);
  }
  const go = (next: F) => setParams(write(next));
  return { filter, draft, setDraft, go };
}

/**
 * The buttons of a staff filter form: 찾기 (submits the form) and, while a filter is applied
 * (`filtered`), 모두 보기 (`onShowAll`, clears it). `className`: the row's layout class.
 */
export function FilterButtons({
  className,
  filtered,
  onShowAll,
}: {
  className: string;
  filtered: boolean;
  onShowAll: () => void;
}) {
  return (
    <div className={className}>
      <button type="submit" className="btn btn--primary">
        찾기
      </button>
      {filtered ? (
        <button type="button" className="btn btn--secondary" onClick={onShowAll}>
          모두 보기
        </button>
      ) : null}
    </div>
  );
}
