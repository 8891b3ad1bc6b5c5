/** contactService's generated paths walked through the contact-service request (model-suite.ts). */
import { contactServiceTable } from "../model/contact-service.model.ts";
import { describeModelWalks } from "./model-suite.ts";

describeModelWalks(contactServiceTable);
