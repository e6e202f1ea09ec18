import {
  ADMIN_REASON_CODES,
  ADMIN_REASON_LABELS,
  type AdminReasonCode,
} from "@seoltab/domain/admin";
import { useId } from "react";

/** Reason code and words, shared by every console action form. */
export function ReasonFields({
  code,
  words,
  onCode,
  onWords,
}: {
  code: AdminReasonCode;
  words: string;
  onCode: (c: AdminReasonCode) => void;
  onWords: (w: string) => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={`${id}-code`}>사유</label>
      <select
        id={`${id}-code`}
        value={code}
        onChange={(e) => onCode(e.target.value as AdminReasonCode)}
      >
        {ADMIN_REASON_CODES.map((c) => (
          <option key={c} value={c}>
            {ADMIN_REASON_LABELS[c]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-words`}>사유 설명</label>
      <input
        id={`${id}-words`}
        value={words}
        maxLength={200}
        required
        minLength={2}
        onChange={(e) => onWords(e.target.value)}
      />
    </>
  );
}
