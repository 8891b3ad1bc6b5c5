/**
 * ACE step 2, 'Verify your contact information': the customer's name, email, phone and address,
 * prefilled from the plan's customer and saved when they continue.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { BLANK_CONTACT, contactSchema, type Contact } from "../../../machines/contact-rules.ts";
import { fieldErrors } from "../../../machines/claim-rules.ts";
import { maskPhone } from "../../lib/phone.ts";
import { TextField } from "../../ui/fields.tsx";
import { useDraft, useDraftActor } from "./draft-actor.ts";

type Field = keyof Contact;

export function ContactStep() {
  const { t } = useLingui();
  const actor = useDraftActor();
  const contact = useDraft((context) => context.contact);
  const [touched, setTouched] = useState<Set<Field>>(new Set());
  const errors = fieldErrors(contactSchema, contact, BLANK_CONTACT);
  const fields: Array<{ key: Field; label: string; type?: string; inputMode?: "text" | "email" | "tel" | "numeric"; autoComplete: string }> = [
    { key: "firstName", label: t`First name`, autoComplete: "given-name" },
    { key: "lastName", label: t`Last name`, autoComplete: "family-name" },
    { key: "email", label: t`Email`, type: "email", inputMode: "email", autoComplete: "email" },
    { key: "phone", label: t`Phone`, type: "tel", inputMode: "tel", autoComplete: "tel" },
    { key: "address", label: t`Street address`, autoComplete: "street-address" },
    { key: "city", label: t`City`, autoComplete: "address-level2" },
    { key: "state", label: t`State`, autoComplete: "address-level1" },
    { key: "zipCode", label: t`ZIP code`, inputMode: "numeric", autoComplete: "postal-code" },
  ];
  return (
    <div className="card">
      <p className="hint">
        <Trans>We will send updates about your claim to these details.</Trans>
      </p>
      {fields.map((field) => (
        <TextField
          key={field.key}
          label={field.label}
          required
          type={field.type}
          inputMode={field.inputMode}
          autoComplete={field.autoComplete}
          value={field.key === "phone" ? maskPhone(contact.phone ?? "") : (contact[field.key] ?? "")}
          error={touched.has(field.key) && errors[field.key]}
          onBlur={() => setTouched((previous) => new Set(previous).add(field.key))}
          onChange={(value) => actor.send({ type: "contact.change", contact: { [field.key]: field.key === "phone" ? maskPhone(value) : value } })}
        />
      ))}
    </div>
  );
}
