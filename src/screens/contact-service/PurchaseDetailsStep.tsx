/**
 * Contact service step 2, 'Purchase Details' (SPEC.md section 3 purchaseDetails, section 5): the
 * invoice number, the date of purchase (the spec's date field), the store with its phone and its
 * address (US suggestions fill city, state and ZIP), and whether any items were exchanged.
 */
import { useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useId, useState } from "react";
import {
  BLANK_PURCHASE_DETAILS,
  purchaseDetailsSchema,
  type PurchaseDetails,
} from "../../../machines/contact-service-rules.ts";
import { fieldErrors } from "../../../machines/claim-rules.ts";
import { maskPhone } from "../../lib/phone.ts";
import { AddressField } from "../../ui/AddressField.tsx";
import { DateField } from "../../ui/DateField.tsx";
import { TextField, useFieldMessage } from "../../ui/fields.tsx";
import { useReportError } from "../../ui/Form.tsx";
import type { ContactServiceActor } from "./contact-actor.ts";

type Field = keyof PurchaseDetails;

export function PurchaseDetailsStep({ actor, mapsReady }: { actor: ContactServiceActor; mapsReady: boolean }) {
  const { t } = useLingui();
  const purchase = useSelector(actor, (snapshot) => snapshot.context.purchase);
  const checked = useSelector(actor, (snapshot) => snapshot.context.checkedSteps.includes(2));
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const errors = fieldErrors(purchaseDetailsSchema, purchase, BLANK_PURCHASE_DETAILS);
  const shown = (field: Field) => (checked || touched.has(field)) && errors[field];
  const touch = (field: Field) => setTouched((previous) => new Set(previous).add(field));
  const change = (values: Partial<PurchaseDetails>) => actor.send({ type: "purchase.change", purchase: values });
  const text = (
    field: Exclude<Field, "itemsExchanged" | "purchaseDate">,
    label: string,
    extra: { type?: string; inputMode?: "text" | "tel" | "numeric"; autoComplete?: string } = {},
  ) => (
    <TextField
      label={label}
      required
      name={field}
      value={field === "storePhone" ? maskPhone(purchase.storePhone ?? "") : (purchase[field] ?? "")}
      error={shown(field)}
      onBlur={() => touch(field)}
      onChange={(value) => change({ [field]: field === "storePhone" ? maskPhone(value) : value })}
      autoComplete="off"
      {...extra}
    />
  );
  return (
    <div className="card">
      {text("invoice", t`Invoice number`)}
      <DateField
        label={t`Date of purchase`}
        required
        value={purchase.purchaseDate ?? ""}
        error={shown("purchaseDate")}
        onBlur={() => touch("purchaseDate")}
        onChange={(purchaseDate) => change({ purchaseDate })}
      />
      {text("storeName", t`Store name`)}
      {text("storePhone", t`Store phone`, { type: "tel", inputMode: "tel" })}
      <AddressField
        label={t`Store address`}
        required
        mapsReady={mapsReady}
        value={purchase.storeAddress ?? ""}
        error={shown("storeAddress")}
        onBlur={() => touch("storeAddress")}
        onChange={(storeAddress) => change({ storeAddress })}
        onPick={({ address, city, state, zipCode }) =>
          change({ storeAddress: address, storeCity: city, storeState: state, storeZip: zipCode })
        }
      />
      {text("storeCity", t`Store city`)}
      {text("storeState", t`Store state`)}
      {text("storeZip", t`Store ZIP code`, { inputMode: "numeric" })}
      <ExchangedChoice
        value={purchase.itemsExchanged}
        error={shown("itemsExchanged")}
        onChange={(itemsExchanged) => change({ itemsExchanged })}
      />
    </div>
  );
}

/** 'Were any items exchanged?': Yes or No, required. */
function ExchangedChoice({
  value,
  error,
  onChange,
}: {
  value: "yes" | "no" | undefined;
  error: unknown;
  onChange: (value: "yes" | "no") => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const message = useFieldMessage(error);
  useReportError(`${id}-yes`, t`Were any items exchanged?`, message);
  return (
    // aria-invalid belongs on the radiogroup: ARIA 1.2 does not support it on a single radio.
    <fieldset
      role="radiogroup"
      className={`radio-group field ${message ? "field-invalid" : ""}`}
      aria-invalid={message !== null}
      aria-describedby={message ? `${id}-error` : undefined}
    >
      <legend className="field-label">
        {t`Were any items exchanged?`}
        <span className="required-mark" aria-hidden="true">
          {" "}
          *
        </span>
      </legend>
      {(["yes", "no"] as const).map((option) => (
        <label key={option} className="radio-option">
          <input
            id={`${id}-${option}`}
            type="radio"
            name="itemsExchanged"
            value={option}
            checked={value === option}
            required
            onChange={() => onChange(option)}
          />
          <span>{option === "yes" ? t`Yes` : t`No`}</span>
        </label>
      ))}
      {message && (
        <p id={`${id}-error`} className="field-error">
          {message}
        </p>
      )}
    </fieldset>
  );
}
