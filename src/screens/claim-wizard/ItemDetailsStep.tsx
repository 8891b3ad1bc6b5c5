/**
 * Step 3, 'Confirm/Update Item Details': manufacturer, material and color per chosen item
 * ('Please select an option' when missing). With nothing chosen it points back to step 2.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { BLANK_ITEM_DETAILS, fieldErrors, itemDetailsSchema } from "../../../machines/claim-rules.ts";
import type { ItemDetails } from "../../../machines/domain.ts";
import { SelectField } from "../../ui/fields.tsx";
import { useDraft, useDraftActor } from "./draft-actor.ts";

/** `pointToStep2`: with nothing chosen, say so (FPP); ACE shows the choice on the same step. */
export function ItemDetailsStep({ pointToStep2 = true }: { pointToStep2?: boolean }) {
  const { t } = useLingui();
  const actor = useDraftActor();
  const selection = useDraft((context) => context.selection);
  const details = useDraft((context) => context.details);
  const plan = useDraft((context) => context.plan);
  const options = useDraft((context) => context.options);
  const [touched, setTouched] = useState<Set<string>>(new Set());

  if (selection.length === 0) {
    if (!pointToStep2) return null;
    return (
      <p role="alert">
        <Trans>Please select some items on 2nd step</Trans>
      </p>
    );
  }

  const fields: Array<{ key: keyof ItemDetails; label: string; options: { id: number; name: string }[] }> = [
    { key: "manufacturerId", label: t`Manufacturer`, options: options?.manufacturers ?? [] },
    { key: "materialId", label: t`Material`, options: options?.materials ?? [] },
    { key: "colorId", label: t`Color`, options: options?.colors ?? [] },
  ];

  return (
    <div className="item-details">
      {selection.map((planItemId) => {
        const item = plan?.items.find((candidate) => candidate.id === planItemId);
        const value = details[planItemId] ?? {};
        const errors = fieldErrors(itemDetailsSchema, value, BLANK_ITEM_DETAILS);
        return (
          <fieldset key={planItemId} className="card">
            <legend>
              <h2>{item?.type?.name ?? t`Item`}</h2>
            </legend>
            {fields.map((field) => (
              <SelectField
                key={field.key}
                label={field.label}
                required
                options={field.options}
                value={value[field.key] ?? 0}
                error={touched.has(`${planItemId}.${field.key}`) && errors[field.key]}
                onBlur={() => setTouched(new Set(touched).add(`${planItemId}.${field.key}`))}
                onChange={(id) => {
                  setTouched(new Set(touched).add(`${planItemId}.${field.key}`));
                  actor.send({ type: "details.change", details: { [planItemId]: { ...value, [field.key]: id } } });
                }}
              />
            ))}
          </fieldset>
        );
      })}
    </div>
  );
}
