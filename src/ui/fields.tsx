/**
 * Labelled form fields (SPEC.md section 5): a required field shows a red asterisk after its label;
 * an error is tied to its control with aria-describedby and announced once, in the enclosing
 * Form's error summary. Errors are message keys
 * (src/lib/messages.ts) or TanStack Form / Standard Schema issues carrying such a key.
 */
import { useLingui } from "@lingui/react/macro";
import { useId, type ReactNode } from "react";
import type { Lookup } from "../../machines/domain.ts";
import { FIELD_MESSAGES, isFieldMessageKey } from "../lib/messages.ts";
import { useReportError } from "./Form.tsx";

/**
 * What a field's `error` may be: a message key (src/lib/messages.ts), a TanStack Form / Standard
 * Schema issue carrying one, a list of those (the first counts), or a text already in words;
 * null, undefined or an empty list when the field is valid or its error is not shown yet.
 */
export type FieldError = unknown;

/** The first error of a field as translated text, or null. */
export function useFieldMessage(error: FieldError): string | null {
  const { i18n } = useLingui();
  const first = Array.isArray(error) ? error[0] : error;
  if (first === null || first === undefined || first === "" || first === false) return null;
  const key = typeof first === "object" && "message" in first ? (first as { message: unknown }).message : first;
  return isFieldMessageKey(key)
    ? i18n._(FIELD_MESSAGES[key])
    : typeof key === "string"
      ? key
      : i18n._(FIELD_MESSAGES.required);
}

interface FieldShellProps {
  label: ReactNode;
  required?: boolean;
  error: FieldError;
  children: (control: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, control and the field's translated error, tied to the control with aria-describedby. */
export function FieldShell({ label, required, error: rawError, children }: FieldShellProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const error = useFieldMessage(rawError);
  useReportError(id, label, error);
  return (
    <div className={`field ${error ? "field-invalid" : ""}`}>
      <label htmlFor={id} className="field-label">
        {label}
        {required && (
          <span className="required-mark" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {children({ id, describedBy: error ? errorId : undefined, invalid: error !== null })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** What every field takes besides its value. */
export interface BaseFieldProps {
  label: ReactNode;
  required?: boolean;
  error: FieldError;
  name?: string;
  onBlur?: () => void;
}

export function TextField(
  props: BaseFieldProps & {
    value: string;
    onChange: (value: string) => void;
    placeholder?: string;
    type?: string;
    inputMode?: "text" | "numeric" | "decimal" | "email" | "tel";
    autoComplete?: string;
  },
) {
  return (
    <FieldShell label={props.label} required={props.required} error={props.error}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={props.name}
          type={props.type ?? "text"}
          inputMode={props.inputMode}
          autoComplete={props.autoComplete}
          value={props.value}
          placeholder={props.placeholder}
          required={props.required}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => props.onChange(event.target.value)}
          onBlur={props.onBlur}
        />
      )}
    </FieldShell>
  );
}

export function TextAreaField(props: BaseFieldProps & { value: string; onChange: (value: string) => void }) {
  return (
    <FieldShell label={props.label} required={props.required} error={props.error}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          name={props.name}
          rows={3}
          value={props.value}
          required={props.required}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => props.onChange(event.target.value)}
          onBlur={props.onBlur}
        />
      )}
    </FieldShell>
  );
}

/** A select over a lookup list; the value is the option id, 0 when nothing is chosen. */
export function SelectField(
  props: BaseFieldProps & { value: number; options: Lookup[]; onChange: (value: number) => void },
) {
  const { t } = useLingui();
  return (
    <FieldShell label={props.label} required={props.required} error={props.error}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          name={props.name}
          value={props.value || ""}
          required={props.required}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => props.onChange(Number(event.target.value) || 0)}
          onBlur={props.onBlur}
        >
          <option value="">{t`Select…`}</option>
          {props.options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
