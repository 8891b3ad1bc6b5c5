/**
 * A form with one error summary (WCAG 3.3.1): after the first submit, the fields that show an error
 * are listed once at the top of the form in an alert, each linked to its field, instead of every
 * field announcing itself. Fields report their shown errors through FieldShell (fields.tsx); after
 * a submit that revealed errors, focus goes to the first control to fix (any `aria-invalid`
 * control: a field, or the photo picker of the damage step).
 */
import { useLingui } from "@lingui/react/macro";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useState,
  type FormEvent,
  type ReactNode,
} from "react";

interface ShownError {
  /** id of the field's control. */
  id: string;
  label: ReactNode;
  /** The translated message. */
  message: string;
}

type Report = (id: string, error: ShownError | null) => void;
const ReportContext = createContext<Report | null>(null);
const GroupContext = createContext<string | null>(null);

/**
 * Names the fields inside it in the error summary ('Sofa, Damage 1 – Damage Type: …'): a form that
 * repeats fields per item would otherwise list the same line once per item without saying whose.
 */
export function FieldGroup({ name, children }: { name: string; children: ReactNode }) {
  const outer = useContext(GroupContext);
  return <GroupContext.Provider value={outer ? `${outer}, ${name}` : name}>{children}</GroupContext.Provider>;
}

/** Tells the enclosing Form which error a field shows (null: none); outside a Form it does nothing. */
export function useReportError(id: string, label: ReactNode, message: string | null): void {
  const report = useContext(ReportContext);
  const group = useContext(GroupContext);
  useEffect(() => {
    const named = group ? (
      <>
        {group} – {label}
      </>
    ) : (
      label
    );
    report?.(id, message === null ? null : { id, label: named, message });
    // The label is shown as it was when the message appeared; a new render of it is no news.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- label is a fresh node every render
  }, [report, id, message, group]);
  useEffect(() => () => report?.(id, null), [report, id]);
}

export interface FormProps {
  /** Called on submit (Enter or the submit button); the default browser submit is prevented. */
  onSubmit: () => void;
  className?: string;
  children: ReactNode;
}

export function Form({ onSubmit, className, children }: FormProps) {
  const [errors, setErrors] = useState<ReadonlyMap<string, ShownError>>(new Map());
  const [submitted, setSubmitted] = useState(false);
  const report = useCallback<Report>((id, error) => {
    setErrors((previous) => {
      if (previous.get(id)?.message === error?.message) return previous;
      const next = new Map(previous);
      if (error) next.set(id, error);
      else next.delete(id);
      return next;
    });
  }, []);

  return (
    <form
      noValidate
      className={className}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        const form = event.currentTarget;
        setSubmitted(true);
        onSubmit();
        // Once the machine or the form library has shown what the submit revealed, take the person
        // to the first thing to fix.
        requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      }}
    >
      {submitted && errors.size > 0 && <ErrorSummary errors={sortByPage([...errors.values()])} />}
      <ReportContext.Provider value={report}>{children}</ReportContext.Provider>
    </form>
  );
}

/** In the order the fields stand on the page. */
function sortByPage(errors: ShownError[]): ShownError[] {
  return errors.sort((a, b) => {
    const first = document.getElementById(a.id);
    const second = document.getElementById(b.id);
    if (!first || !second) return 0;
    return first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

function ErrorSummary({ errors }: { errors: ShownError[] }) {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <div className="error-summary" role="alert" aria-labelledby={headingId}>
      <h2 id={headingId} className="error-summary-title">
        {t`Please check the following`}
      </h2>
      <ul>
        {errors.map((error) => (
          <li key={error.id}>
            <a
              href={`#${error.id}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(error.id)?.focus();
              }}
            >
              {error.label}: {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
