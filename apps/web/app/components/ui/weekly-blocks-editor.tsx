import {
  WEEKDAYS,
  WEEKDAY_LABELS,
  weeklyBlockProblems,
  type WeeklyTimeBlock,
} from "@seoltab/domain";
import { useId } from "react";
import "./weekly-blocks-editor.css";

/**
 * Weekly time blocks (Asia/Seoul wall clock): a day and a start and end time per row, rows added
 * and removed; the problems of packages/domain `weeklyBlockProblems` (past 22:00, overlapping,
 * start after end) are said under the rows. Controlled: `value` and `onChange`.
 */
export function WeeklyBlocksEditor({
  value,
  onChange,
  legend,
  hint = "한국 시간 기준이에요. 수업은 밤 10시 전에 끝나야 해요.",
}: {
  value: WeeklyTimeBlock[];
  onChange: (next: WeeklyTimeBlock[]) => void;
  legend: string;
  hint?: string;
}) {
  const id = useId();
  const problems = weeklyBlockProblems(value.filter((b) => b.start && b.end));
  const set = (index: number, patch: Partial<WeeklyTimeBlock>) =>
    onChange(value.map((b, i) => (i === index ? { ...b, ...patch } : b)));
  return (
    <fieldset className="blocks-editor">
      <legend>{legend}</legend>
      <p className="form-field__hint">{hint}</p>
      <ul className="blocks-editor__rows">
        {value.map((block, index) => (
          <li key={index} className="blocks-editor__row">
            <label className="visually-hidden" htmlFor={`${id}-${index}-day`}>
              요일
            </label>
            <select
              id={`${id}-${index}-day`}
              className="form-input"
              value={block.day}
              onChange={(e) => set(index, { day: e.target.value as WeeklyTimeBlock["day"] })}
            >
              {WEEKDAYS.map((day) => (
                <option key={day} value={day}>
                  {WEEKDAY_LABELS[day]}요일
                </option>
              ))}
            </select>
            <label className="visually-hidden" htmlFor={`${id}-${index}-start`}>
              시작
            </label>
            <input
              id={`${id}-${index}-start`}
              type="time"
              step={1800}
              className="form-input"
              value={block.start}
              onChange={(e) => set(index, { start: e.target.value })}
            />
            <span aria-hidden="true">~</span>
            <label className="visually-hidden" htmlFor={`${id}-${index}-end`}>
              끝
            </label>
            <input
              id={`${id}-${index}-end`}
              type="time"
              step={1800}
              className="form-input"
              value={block.end}
              onChange={(e) => set(index, { end: e.target.value })}
            />
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              삭제
            </button>
          </li>
        ))}
      </ul>
      {problems.length > 0 ? (
        <ul className="form-alert form-alert--error" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        className="btn btn--secondary"
        onClick={() => onChange([...value, { day: "MON", start: "18:00", end: "20:00" }])}
      >
        시간 추가
      </button>
    </fieldset>
  );
}

/** A weekly block as a GraphQL answer types it (the schemas type the day as a String). */
export interface WireWeeklyBlock {
  day: string;
  start: string;
  end: string;
}

function isWeekday(day: string): day is WeeklyTimeBlock["day"] {
  return (WEEKDAYS as readonly string[]).includes(day);
}

/** "월 18:00~20:00, 수 19:00~21:00" (a day the web does not know is shown as it came). */
export function blocksText(blocks: readonly WireWeeklyBlock[] | null | undefined): string {
  return (blocks ?? [])
    .map((b) => `${isWeekday(b.day) ? WEEKDAY_LABELS[b.day] : b.day} ${b.start}~${b.end}`)
    .join(", ");
}

/**
 * Blocks as plain `{day, start, end}` (without Apollo's __typename), for editing and sending
 * back; a block whose day is not MON..SUN is left out.
 */
export function plainBlocks(
  blocks: readonly WireWeeklyBlock[] | null | undefined,
): WeeklyTimeBlock[] {
  return (blocks ?? []).flatMap(({ day, start, end }) =>
    isWeekday(day) ? [{ day, start, end }] : [],
  );
}
