/**
 * ACE step 2, 'Verify your contact information': the customer's name, email, phone and address,
 * prefilled from the plan's customer and saved when they continue.
 *
 * A browser that found the plan by warranty number only gets the email, phone and street address
 * masked (SECURITY.md, "A warranty number alone shows no contact details"): such a field starts empty, shows what is on file as its
 * placeholder and hint, and left empty keeps it; typing replaces it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { isMaskedValue } from "../../../contract/contact-masks.ts";
import { BLANK_CONTACT, contactSchema, type Contact } from "../../../machines/contact-rules.ts";
import { fieldErrors } from "../../../machines/claim-rules.ts";
import { maskPhone } from "../../lib/phone.ts";
import { FieldShell, TextField, type FieldError } from "../../ui/fields.tsx";
import { useDraft, useDraftActor } from "./draft-actor.ts";

type Field = keyof Contact;

interface FieldSpec {
  key: Field;
  label: string;
  type?: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
  autoComplete: string;
}

export function ContactStep() {
  const { t } = useLingui();
  const actor = useDraftActor();
  const contact = useDraft((context) => context.contact);
  const typedForClaim = useDraft((context) => context.contactTypedForClaim);
  const [touched, setTouched] = useState<Set<Field>>(new Set());
  // What is on file but hidden, as the step first showed it: clearing a field puts it back.
  const [onFile] = useState(() => maskedFields(contact));
  const errors = fieldErrors(contactSchema, contact, BLANK_CONTACT);
  const fields: FieldSpec[] = [
    { key: "firstName", label: t`First name`, autoComplete: "given-name" },
    { key: "lastName", label: t`Last name`, autoComplete: "family-name" },
    { key: "email", label: t`Email`, type: "email", inputMode: "email", autoComplete: "email" },
    { key: "phone", label: t`Phone`, type: "tel", inputMode: "tel", autoComplete: "tel" },
    { key: "address", label: t`Street address`, autoComplete: "street-address" },
    { key: "city", label: t`City`, autoComplete: "address-level2" },
    { key: "state", label: t`State`, autoComplete: "address-level1" },
    { key: "zipCode", label: t`ZIP code`, inputMode: "numeric", autoComplete: "postal-code" },
  ];
  const change = (key: Field, value: string) => {
    const kept = onFile[key];
    const next = kept !== undefined && value.trim() === "" ? kept : key === "phone" ? maskPhone(value) : value;
    actor.send({ type: "contact.change", contact: { [key]: next } });
  };
  return (
    <div className="card">
      <p className="hint">
        <Trans>We will send updates about your claim to these details.</Trans>
      </p>
      <TypedForClaim fields={fields.filter((field) => typedForClaim[field.key])} typed={typedForClaim} />
      {fields.map((field) => {
        const value = contact[field.key] ?? "";
        const common = {
          field,
          error: touched.has(field.key) && errors[field.key],
          onBlur: () => setTouched((previous) => new Set(previous).add(field.key)),
          onChange: (typed: string) => change(field.key, typed),
        };
        const kept = onFile[field.key];
        if (kept !== undefined)
          return (
            <KeptOnFileField key={field.key} {...common} onFile={kept} value={isMaskedValue(value) ? "" : value} />
          );
        return (
          <TextField
            key={field.key}
            label={field.label}
            required
            type={field.type}
            inputMode={field.inputMode}
            autoComplete={field.autoComplete}
            value={field.key === "phone" ? maskPhone(value) : value}
            error={common.error}
            onBlur={common.onBlur}
            onChange={common.onChange}
          />
        );
      })}
    </div>
  );
}

/**
 * Details typed for this claim by a visitor who found the plan by its warranty number alone: they
 * prove nobody's identity, so they stay with this claim and are shown apart, marked, never as on file.
 */
function TypedForClaim({ fields, typed }: { fields: FieldSpec[]; typed: Partial<Contact> }) {
  if (fields.length === 0) return null;
  return (
    <div className="typed-for-claim" role="note">
      <p>
        <Trans>
          Typed for this claim only, not verified. The details on file change only after a search by your name.
        </Trans>
      </p>
      <dl>
        {fields.map((field) => (
          <div key={field.key}>
            <dt>{field.label}</dt>
            <dd>{typed[field.key]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The fields the server answered masked, with their masked text. */
function maskedFields(contact: Partial<Contact>): Partial<Record<Field, string>> {
  return Object.fromEntries(
    Object.entries(contact).filter(([, value]) => typeof value === "string" && isMaskedValue(value)),
  );
}

interface KeptOnFileFieldProps {
  field: FieldSpec;
  /** The masked text of what is on file, e.g. `m•••@example.com`. */
  onFile: string;
  /** What the consumer typed instead; "" keeps what is on file. */
  value: string;
  error: FieldError;
  onBlur: () => void;
  onChange: (value: string) => void;
}

/**
 * A field whose value on file is hidden: empty until the consumer types a new one, and not required
 * (empty keeps what is on file); a hint tied to it says so.
 */
function KeptOnFileField({ field, onFile, value, error, onBlur, onChange }: KeptOnFileFieldProps) {
  return (
    <FieldShell label={field.label} error={error}>
      {({ id, describedBy, invalid }) => (
        <>
          <input
            id={id}
            type={field.type ?? "text"}
            inputMode={field.inputMode}
            autoComplete={field.autoComplete}
            value={field.key === "phone" ? maskPhone(value) : value}
            placeholder={onFile}
            aria-invalid={invalid}
            aria-describedby={[`${id}-on-file`, describedBy].filter(Boolean).join(" ")}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
          />
          <p id={`${id}-on-file`} className="hint">
            <Trans>On file: {onFile}. Leave empty to keep it, or type a new one.</Trans>
          </p>
        </>
      )}
    </FieldShell>
  );
}
