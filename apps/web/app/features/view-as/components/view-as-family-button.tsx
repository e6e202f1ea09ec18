import { useState } from "react";
import { useNavigate } from "react-router";
import { restErrorText } from "../../../lib/rest-errors";
import { startViewAs } from "../view-as";

export interface ViewAsFamilyButtonProps {
  /** USER_NO of the student or parent to view. */
  userId: number;
  /** Label; default "가족 화면 보기". */
  label?: string;
}

/**
 * Starts a read-only "view as this family" session for `userId` (staff only; the server refuses
 * anyone else) and opens /_app/admin/view-as. For the console's family page and other staff
 * pages (issue #20).
 */
export function ViewAsFamilyButton({ userId, label = "가족 화면 보기" }: ViewAsFamilyButtonProps) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      await startViewAs(userId);
      void navigate("/_app/admin/view-as");
    } catch (e) {
      setError(restErrorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="view-as-button">
      <button
        type="button"
        className="btn btn--secondary"
        disabled={busy}
        onClick={() => void start()}
      >
        {label}
      </button>
      {error ? (
        <span className="view-as-button__error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
