/**
 * The frame of a claim wizard step (SPEC.md section 2): Back, the numbered circles, the step title
 * (focused when the step changes, so screen readers announce it, and only then), the step's body,
 * and Next, or Submit on the review step. Next is enabled as the machine allows; it is always
 * enabled on step 4.
 */
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { BackButton } from "../../ui/BackButton.tsx";
import { Button } from "../../ui/Button.tsx";
import { Form } from "../../ui/Form.tsx";
import { StepProgress } from "../../ui/StepProgress.tsx";
import { useFocusOnChange } from "../../ui/use-focus-on-change.ts";

export interface WizardFrameProps {
  steps: readonly number[];
  step: number;
  title: string;
  canGoNext: boolean;
  busy: boolean;
  /** The review step: the forward button reads Submit. */
  isReview: boolean;
  onBack: () => void;
  onNext: () => void;
  children: ReactNode;
}

export function WizardFrame({ steps, step, title, canGoNext, busy, isReview, onBack, onNext, children }: WizardFrameProps) {
  const { t } = useLingui();
  const heading = useFocusOnChange<HTMLHeadingElement>(step);
  return (
    <section className="screen wizard">
      <BackButton onBack={onBack} />
      <StepProgress steps={steps} current={step} />
      <h1 tabIndex={-1} ref={heading}>
        {title}
      </h1>
      <Form key={step} onSubmit={onNext}>
        {children}
        <div className="actions wizard-actions">
          <Button type="submit" disabled={!canGoNext} loading={busy}>
            {isReview ? t`Submit` : t`Next`}
          </Button>
        </div>
      </Form>
    </section>
  );
}
