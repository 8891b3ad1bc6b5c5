/**
 * The wizard-step toolkit's contract, checked on every wizard built from it (the FPP and ACE claim
 * wizards and the contact-service request; DESIGN.md "URL and machine"): while a call runs, a URL
 * step request is kept, never acted on; and wherever the call's answer lands, that state either is a
 * step (its entry answers the request) or routes a kept request at once. A wizard that copies a
 * region and forgets the second half leaves the screen on one step and the URL on another. Every
 * wait is quiet, then says 'Still working…' with a Cancel that ends the call as its failure would.
 */
import { describe, expect, it } from "vitest";
import type { AnyStateMachine, AnyStateNode, StateValue } from "xstate";
import { aceClaimMachine } from "../../machines/ace-claim.machine.ts";
import { contactServiceMachine, initialContactContext } from "../../machines/contact-service.machine.ts";
import { fppClaimMachine } from "../../machines/fpp-claim.machine.ts";
import { stepOf, WAIT_DELAYS, waitOf } from "../../machines/wizard-steps.ts";
import { contactInput } from "./support/contact-service-fixtures.ts";

function nodesOf(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(nodesOf)];
}

const guardName = (guard: unknown) =>
  typeof guard === "string" ? guard : (guard as { type?: string } | undefined)?.type;

/** A step state answers a kept request on entry; any other landing state must route it itself. */
function answersKeptRequest(node: AnyStateNode): boolean {
  if (typeof (node.meta as { step?: unknown } | undefined)?.step === "number") return true;
  return (node.always ?? []).some(
    (transition) =>
      guardName(transition.guard) === "hasKeptStepRequest" &&
      transition.target?.some((target) => target.id === "routing"),
  );
}

describe.each([
  ["fppClaim", fppClaimMachine],
  ["aceClaim", aceClaimMachine],
  ["contactService", contactServiceMachine],
] as Array<[string, AnyStateMachine]>)("%s keeps the wizard-step contract", (_name, machine) => {
  const busy = nodesOf(machine.root).filter((node) => node.tags.includes("busy"));

  it("has states that wait for the server", () => {
    expect(busy.length).toBeGreaterThan(0);
  });

  it("keeps a URL step request made while the server is busy instead of leaving the call", () => {
    for (const node of busy) {
      const onRequest = node.transitions.get("step.requested") ?? [];
      expect(onRequest.length, node.id).toBeGreaterThan(0);
      for (const transition of onRequest) expect(transition.target, node.id).toBeUndefined();
    }
  });

  it("answers a kept URL request wherever the server's answer lands", () => {
    const landings = busy.flatMap((node) =>
      [...node.transitions.entries()]
        .filter(
          ([event]) =>
            event.startsWith("xstate.done.actor.") ||
            event.startsWith("xstate.error.actor.") ||
            event === "call.cancel",
        )
        .flatMap(([event, transitions]) =>
          transitions.flatMap((transition) =>
            (transition.target ?? []).map((target) => ({ from: `${node.id} ${event}`, target })),
          ),
        ),
    );
    expect(landings.length).toBeGreaterThan(0);
    for (const { from, target } of landings) expect(answersKeptRequest(target), `${from} -> ${target.id}`).toBe(true);
  });

  it("waits quietly, then says 'Still working…' (with Cancel), then that it takes longer than usual", () => {
    expect(machine.implementations.delays).toMatchObject(WAIT_DELAYS);
    for (const node of busy) {
      const phases = node.states as Record<string, AnyStateNode>;
      expect(Object.keys(phases), node.id).toEqual(["quiet", "stillWorking", "longerThanUsual"]);
      expect(
        node.initial.target.map((target) => target.key),
        node.id,
      ).toEqual(["quiet"]);
      expect([...phases.quiet!.tags]).toEqual([]);
      expect([...phases.stillWorking!.tags]).toEqual(["stillWorking"]);
      expect([...phases.longerThanUsual!.tags]).toEqual(["stillWorking", "longerThanUsual"]);
      const after = (phase: AnyStateNode, delay: keyof typeof WAIT_DELAYS) =>
        phase.transitions.get(`xstate.after.${delay}.${phase.id}`)?.map((transition) => transition.target?.[0]?.key);
      expect(after(phases.quiet!, "stillWorkingAfter"), node.id).toEqual(["stillWorking"]);
      expect(after(phases.stillWorking!, "longerThanUsualAfter"), node.id).toEqual(["longerThanUsual"]);
      expect(phases.longerThanUsual!.transitions.size, node.id).toBe(0);
    }
  });

  it("takes Cancel under 'Still working…' the way the call's failure goes when the server gave no answer", () => {
    for (const node of busy) {
      const [cancel, ...more] = node.transitions.get("call.cancel") ?? [];
      expect(cancel, node.id).toBeDefined();
      expect(more, node.id).toEqual([]);
      // The last error transition is the one without a guard: a failure with no usable answer.
      const failure = [...node.transitions.entries()]
        .filter(([event]) => event.startsWith("xstate.error.actor."))
        .flatMap(([, transitions]) => transitions)
        .at(-1);
      expect(failure?.guard, node.id).toBeUndefined();
      expect(cancel!.target, node.id).toEqual(failure!.target);
      expect(cancel!.actions, node.id).toEqual(failure!.actions);
    }
  });
});

describe("stepOf: the URL step a snapshot shows", () => {
  it("passes over an active state noted with something other than a step", () => {
    const snapshot = {
      getMeta: () => ({ "claim.reportingDamage": { description: "the damage report" }, step4: { step: 4 } }),
    };
    expect(stepOf(snapshot)).toBe(4);
  });

  it("is null while no active state names a step", () => {
    expect(stepOf({ getMeta: () => ({ loading: { description: "loading the claim" } }) })).toBeNull();
    expect(stepOf({ getMeta: () => ({}) })).toBeNull();
  });
});

describe("waitOf: how long the call that runs has been waited on, as the screen says it", () => {
  const context = initialContactContext(contactInput());
  const at = (value: StateValue) => waitOf(contactServiceMachine.resolveState({ value, context }));

  it("is none at rest, else the phase the waiting state is in", () => {
    expect(at({ reviewing: "ready" })).toBe("none");
    expect(at({ reviewing: { submitting: "quiet" } })).toBe("quiet");
    expect(at({ reviewing: { submitting: "stillWorking" } })).toBe("stillWorking");
    expect(at({ reviewing: { submitting: "longerThanUsual" } })).toBe("longerThanUsual");
  });
});
