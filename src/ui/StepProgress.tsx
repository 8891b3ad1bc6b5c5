/** The wizard's row of numbered circles; the current step is marked for assistive technology. */
import { useLingui } from "@lingui/react/macro";

export function StepProgress({ steps, current }: { steps: readonly number[]; current: number }) {
  const { t } = useLingui();
  return (
    <ol className="step-progress" aria-label={t`Progress`}>
      {steps.map((step) => (
        <li
          key={step}
          className={step < current ? "done" : step === current ? "current" : ""}
          aria-current={step === current ? "step" : undefined}
        >
          <span className="visually-hidden">{t`Step`} </span>
          {step}
        </li>
      ))}
    </ol>
  );
}
