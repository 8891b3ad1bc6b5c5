/**
 * The date field (SPEC.md sections 5 and 9), apart from the other fields because it brings luxon:
 * only the forms that ask for a date load it.
 */
import { useLingui } from "@lingui/react/macro";
import { useHydrated } from "@tanstack/react-router";
import { useRef, useState } from "react";
import {
  dayMonthYearToIso,
  EARLIEST_NOTICE_DATE,
  isoToDayMonthYear,
  isRealDay,
  localToday,
  maskDayMonthYear,
} from "../../machines/calendar.ts";
import { FieldShell, type BaseFieldProps } from "./fields.tsx";

/**
 * A date between 2000-01-01 and today (SPEC.md section 5): typed as DD/MM/YYYY, or picked from the
 * browser's calendar. `value` and `onChange` carry an ISO date; text that is no real date is passed
 * on as typed, so the form's rules can say what is wrong.
 */
export function DateField(props: BaseFieldProps & { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  const [text, setText] = useState(() => isoToDayMonthYear(props.value));
  // The browser's own calendar, opened by the button: the typed field stays the one a person and a
  // screen reader use, as a date input's look and order differ by browser and language.
  const picker = useRef<HTMLInputElement>(null);
  // Today is the phone's, not the server's that rendered the step (another time zone): set once
  // the page is the app's, as hydration keeps the attributes the server wrote.
  const hydrated = useHydrated();
  // A value set from outside (a saved block, the calendar) shows in the text. Adjusted while
  // rendering, when the value changes, rather than in an effect that would paint the old text first.
  const [shownValue, setShownValue] = useState(props.value);
  if (props.value !== shownValue) {
    setShownValue(props.value);
    if (props.value && props.value !== dayMonthYearToIso(text)) setText(isoToDayMonthYear(props.value));
  }
  return (
    <FieldShell label={props.label} required={props.required} error={props.error}>
      {({ id, describedBy, invalid }) => (
        <div className="date-field">
          <input
            id={id}
            name={props.name}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="DD/MM/YYYY"
            value={text}
            required={props.required}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => {
              const masked = maskDayMonthYear(event.target.value);
              setText(masked);
              props.onChange(dayMonthYearToIso(masked));
            }}
            onBlur={props.onBlur}
          />
          <button
            type="button"
            className="button button-secondary small"
            aria-label={t`Open calendar`}
            onClick={() => picker.current?.showPicker?.()}
          >
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <input
            ref={picker}
            type="date"
            className="date-picker"
            tabIndex={-1}
            aria-hidden="true"
            min={EARLIEST_NOTICE_DATE}
            max={hydrated ? localToday() : undefined}
            // Only a real day: the browser refuses (and warns of) anything else, such as 31/02/2024,
            // which the form's rules name as no real date.
            value={isRealDay(dayMonthYearToIso(text)) ? dayMonthYearToIso(text) : ""}
            onChange={(event) => {
              setText(isoToDayMonthYear(event.target.value));
              props.onChange(event.target.value);
            }}
          />
        </div>
      )}
    </FieldShell>
  );
}
