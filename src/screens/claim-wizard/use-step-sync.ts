/**
 * Mirrors the wizard machine's step into `?step=N` and hands outside URL changes (back, forward,
 * a pasted link) to the machine as `step.requested` (DESIGN.md "URL and machine"). The machine
 * decides; this hook only carries the number both ways. Forward moves push a history entry;
 * normalising a bad or unreachable step replaces it.
 */
import { useNavigate } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import type { AnyActorRef } from "xstate";
import { stepOf } from "../../../machines/fpp-claim.machine.ts";

/** `step` of the URL as a number the machine can judge, or null when it is not an integer. */
export function toRequestedStep(step: unknown): number | null {
  const n = typeof step === "string" && step.trim() !== "" ? Number(step) : step;
  return typeof n === "number" && Number.isInteger(n) ? n : null;
}

/** `actor` is a wizard machine actor that accepts `step.requested` and carries `meta.step`. */
export function useStepSync(actor: AnyActorRef, urlStep: unknown): number | null {
  const navigate = useNavigate();
  const machineStep = useSelector(actor, stepOf);
  const requested = toRequestedStep(urlStep);
  // The step last written to or accepted from the URL; null until the claim has loaded.
  const mirrored = useRef<number | null>(null);

  const writeStep = (step: number, replace: boolean) => {
    mirrored.current = step;
    void navigate({ to: ".", search: (previous: Record<string, unknown>) => ({ ...previous, step }), replace });
  };

  // Machine -> URL: a forward or backward move of the machine pushes; the first settle replaces.
  useEffect(() => {
    if (machineStep === null) return;
    if (machineStep === requested) {
      mirrored.current = machineStep;
      return;
    }
    writeStep(machineStep, mirrored.current === null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the machine moves
  }, [machineStep]);

  // URL -> machine: the machine judges the requested step; where it settles elsewhere (a bad or
  // unreachable step, or a save still running) the URL is corrected in place.
  useEffect(() => {
    if (mirrored.current === null || requested === mirrored.current) return;
    actor.send({ type: "step.requested", step: requested });
    const settled = stepOf(actor.getSnapshot());
    if (settled === null) return;
    if (settled === requested) mirrored.current = settled;
    else writeStep(settled, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the URL moves
  }, [requested]);

  return machineStep;
}
