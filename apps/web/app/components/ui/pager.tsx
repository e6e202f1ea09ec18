import type { ReactNode } from "react";

/**
 * The pager under a list (styles: `.pager` in components/ui/ui-kit.css), one of two kinds:
 * - `more`: a cursor list grows in place — one 더 보기 button, 불러오는 중… while `busy`
 *   (disabled then, and while `disabled`);
 * - `pages`: numbered pages (1-based) — 이전, the page's name (`label`, default "N쪽"), 다음
 *   in a navigation landmark named 페이지. 이전 is off on page 1, 다음 when `hasNext` is false,
 *   both while `disabled` (a page is loading).
 */
export type PagerProps =
  | {
      kind: "more";
      onMore: () => void;
      busy: boolean;
      disabled?: boolean;
    }
  | {
      kind: "pages";
      page: number;
      hasNext: boolean;
      onPage: (page: number) => void;
      label?: ReactNode;
      disabled?: boolean;
    };

export function Pager(props: PagerProps) {
  if (props.kind === "more") {
    return (
      <div className="pager">
        <button
          type="button"
          className="btn btn--secondary"
          disabled={props.busy || props.disabled}
          onClick={props.onMore}
        >
          {props.busy ? "불러오는 중…" : "더 보기"}
        </button>
      </div>
    );
  }
  const { page, hasNext, onPage, label, disabled = false } = props;
  return (
    <nav className="pager" aria-label="페이지">
      <button
        type="button"
        className="btn btn--secondary"
        disabled={page <= 1 || disabled}
        onClick={() => onPage(page - 1)}
      >
        이전
      </button>
      <span>{label ?? `${page}쪽`}</span>
      <button
        type="button"
        className="btn btn--secondary"
        disabled={!hasNext || disabled}
        onClick={() => onPage(page + 1)}
      >
        다음
      </button>
    </nav>
  );
}
