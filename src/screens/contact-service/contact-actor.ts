/** The running contact-service request as its step screens see it. */
import type { ActorRefFrom } from "xstate";
import type { contactServiceMachine } from "../../../machines/contact-service.machine.ts";

export type ContactServiceActor = ActorRefFrom<typeof contactServiceMachine>;
