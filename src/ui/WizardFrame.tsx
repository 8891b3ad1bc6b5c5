/**
 * The frame of a wizard step, claim or contact service (SPEC.md section 2): Back, the numbered
 * circles, the step title, the step's body, and Next, or Submit on the review step. Next is enabled
 * as the machine allows. When the step changes, and only then, focus goes to the first thing to fix
 * on it (a submit that found something missing) or else to the title, so screen readers announce it.
 * A call of the step's machine unanswered after a few seconds shows 'Still working…' with a Cancel
 * under the buttons (StillWorking.tsx). On a page the server rendered, the controls are
 * disabled until the app has hydrated them.
 */
import { useLingui } from "@lingui/react/macro";
import { useHydrated } from "@tanstack/react-router";
import { useEffect, useRef, type ReactNode } from "react";
import { BackButton } from "./BackButton.tsx";
import { Button } from "./Button.tsx";
import { Form } from "./Form.tsx";
import { StepProgress } from "./StepProgress.tsx";
import { usePageTitle } from "./ScreenHeading.tsx";
import { ScriptsLate } from "./ScriptsLate.tsx";
import { StillWorking } from "./StillWorking.tsx";
import type { Wait } from "../../machines/wizard-steps.ts";

export interface WizardFrameProps {
  steps: readonly number[];
  step: number;
  title: string;
  canGoNext: boolean;
  /** The step machine's wait for the server (waitOf): Next shows it is busy, then StillWorking speaks. */
  wait: Wait;
  /** Cancel under 'Still working…'. */
  onCancel: () => void;
  /** The review step: the forward button reads Submit. */
  isReview: boolean;
  onBack: () => void;
  onNext: () => void;
  children: ReactNode;
}

export function WizardFrame({
  steps,
  step,
  title,
  canGoNext,
  wait,
  onCancel,
  isReview,
  onBack,
  onNext,
  children,
}: WizardFrameProps) {
  const { t } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const firstToFix = heading.current?.parentElement?.querySelector<HTMLElement>('form [aria-invalid="true"]');
    (firstToFix ?? heading.current)?.focus();
  }, [step]);
  // A step the server rendered is on screen before the app runs: until the app has hydrated it,
  // its controls are disabled, so no tap meets a control nothing answers yet (Next would send
  // the form to the browser, a box ticked would not reach the wizard).
  const hydrated = useHydrated();
  const position = steps.indexOf(step) + 1;
  const count = steps.length;
  usePageTitle(position > 0 ? t`Step ${position} of ${count}: ${title}` : title, { screen: step });
  return (
    <section className="screen wizard">
      <fieldset className="wizard-controls" disabled={!hydrated}>
        <BackButton onBack={onBack} />
        <StepProgress steps={steps} current={step} />
        <h1 tabIndex={-1} ref={heading}>
          {title}
        </h1>
        <Form key={step} onSubmit={onNext}>
          {children}
          <div className="actions wizard-actions">
            <Button type="submit" disabled={!canGoNext} loading={wait !== "none"}>
              {isReview ? t`Submit` : t`Next`}
            </Button>
          </div>
          <StillWorking wait={wait} onCancel={onCancel} />
        </Form>
      </fieldset>
      {!hydrated && <ScriptsLate />}
    </section>
  );
}
