import { useState } from "react";
import { downloadConsoleCsv, type CONSOLE_EXPORTS } from "../api";
import { restErrorText } from "../../../lib/rest-errors";

/** Downloads a list as CSV (ADMIN; the server records the export). */
export function ExportButton({
  list,
  query,
  onError,
}: {
  list: keyof typeof CONSOLE_EXPORTS;
  query?: string;
  onError: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn--secondary console-export"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        downloadConsoleCsv(list, query)
          .catch((e: unknown) => onError(restErrorText(e)))
          .finally(() => setBusy(false));
      }}
    >
      CSV 내려받기
    </button>
  );
}
