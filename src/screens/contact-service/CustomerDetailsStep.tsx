/**
 * Contact service step 1, 'Customer Details' (SPEC.md section 3 customerDetails, section 5): name on
 * invoice, email, phone (US mask), and the address with US suggestions that fill city, state and ZIP.
 */
import { useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useState } from "react";
import {
  BLANK_CUSTOMER_DETAILS,
  customerDetailsSchema,
  type CustomerDetails,
} from "../../../machines/contact-service-rules.ts";
import { fieldErrors } from "../../../machines/claim-rules.ts";
import { maskPhone } from "../../lib/phone.ts";
import { AddressField } from "../../ui/AddressField.tsx";
import { TextField } from "../../ui/fields.tsx";
import type { ContactServiceActor } from "./contact-actor.ts";

type Field = keyof CustomerDetails;

export function CustomerDetailsStep({ actor, mapsReady }: { actor: ContactServiceActor; mapsReady: boolean }) {
  const { t } = useLingui();
  const customer = useSelector(actor, (snapshot) => snapshot.context.customer);
  const checked = useSelector(actor, (snapshot) => snapshot.context.checkedSteps.includes(1));
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const errors = fieldErrors(customerDetailsSchema, customer, BLANK_CUSTOMER_DETAILS);
  const shown = (field: Field) => (checked || touched.has(field)) && errors[field];
  const touch = (field: Field) => setTouched((previous) => new Set(previous).add(field));
  const change = (values: Partial<CustomerDetails>) => actor.send({ type: "customer.change", customer: values });
  const text = (
    field: Field,
    label: string,
    extra: { type?: string; inputMode?: "text" | "email" | "tel" | "numeric"; autoComplete?: string } = {},
  ) => (
    <TextField
      label={label}
      required
      name={field}
      value={field === "phone" ? maskPhone(customer.phone ?? "") : (customer[field] ?? "")}
      error={shown(field)}
      onBlur={() => touch(field)}
      onChange={(value) => change({ [field]: field === "phone" ? maskPhone(value) : value })}
      {...extra}
    />
  );
  return (
    <div className="card">
      {text("name", t`Name on invoice`, { autoComplete: "name" })}
      {text("email", t`Email`, { type: "email", inputMode: "email", autoComplete: "email" })}
      {text("phone", t`Phone`, { type: "tel", inputMode: "tel", autoComplete: "tel" })}
      <AddressField
        label={t`Street address`}
        required
        mapsReady={mapsReady}
        value={customer.address ?? ""}
        error={shown("address")}
        onBlur={() => touch("address")}
        onChange={(address) => change({ address })}
        onPick={({ address, city, state, zipCode }) => change({ address, city, state, zipCode })}
      />
      {text("city", t`City`, { autoComplete: "address-level2" })}
      {text("state", t`State`, { autoComplete: "address-level1" })}
      {text("zipCode", t`ZIP code`, { inputMode: "numeric", autoComplete: "postal-code" })}
    </div>
  );
}
