/**
 * One damage block, 'Damage N' (SPEC.md section 2, step 4): every field required. A saved block is
 * read-only, because saved damages are not re-sent; it can be removed (from block 2 on).
 */
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { BLANK_DAMAGE, damageSchemaFor, fieldErrors } from "../../../machines/claim-rules.ts";
import type { DamageOptions } from "../../../machines/claim-drafts.ts";
import type { DamageEntry, Lookup } from "../../../machines/domain.ts";
import { Button } from "../../ui/Button.tsx";
import { DateField } from "../../ui/DateField.tsx";
import { SelectField, TextAreaField } from "../../ui/fields.tsx";
import { FieldGroup } from "../../ui/Form.tsx";

type SelectKey = "damageTypeId" | "specificDamageId" | "damageAreaId" | "howItHappenedId" | "remedyId";

export interface DamageBlockProps {
  index: number;
  value: Partial<DamageEntry>;
  options: DamageOptions;
  showErrors: boolean;
  disabled: boolean;
  onChange: (value: Partial<DamageEntry>) => void;
  /** Absent on the first block, which cannot be removed. */
  onRemove?: () => void;
}

export function DamageBlock({ index, value, options, showErrors, disabled, onChange, onRemove }: DamageBlockProps) {
  const { t } = useLingui();
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const saved = Boolean(value.savedId);
  const needsSpecificDamage = options.specificDamages.length > 0;
  const touch = (key: string) => setTouched((previous) => new Set(previous).add(key));
  const shows = (key: string) => showErrors || touched.has(key);
  // Checked only once some field may show its error (after a submit or a touch): a block as it
  // first appears shows none, and checking it anyway was most of the step's first render (about
  // 100 ms of a 4x-throttled phone's main thread, most of it the date rule's first luxon call).
  const errors =
    saved || (!showErrors && touched.size === 0)
      ? {}
      : fieldErrors(damageSchemaFor(needsSpecificDamage), value, BLANK_DAMAGE);
  const number = index + 1;

  const selects: Array<{ key: SelectKey; label: string; list: Lookup[] }> = [
    { key: "damageTypeId", label: t`Damage Type`, list: options.damageTypes },
    ...(needsSpecificDamage
      ? [{ key: "specificDamageId" as const, label: t`Specific Damage`, list: options.specificDamages }]
      : []),
    { key: "damageAreaId", label: t`Damage Area`, list: options.damageAreas },
  ];
  const causes: Array<{ key: SelectKey; label: string; list: Lookup[] }> = [
    { key: "howItHappenedId", label: t`How did it happen`, list: options.howItHappened },
    { key: "remedyId", label: t`Did you take any steps to remedy?`, list: options.remedies },
  ];
  const renderSelect = (field: { key: SelectKey; label: string; list: Lookup[] }) => (
    <SelectField
      key={field.key}
      label={field.label}
      required
      options={field.list}
      value={(value[field.key] as number | undefined) ?? 0}
      error={shows(field.key) && errors[field.key]}
      onBlur={() => touch(field.key)}
      onChange={(id) => {
        touch(field.key);
        onChange({ ...value, [field.key]: id });
      }}
    />
  );

  return (
    <FieldGroup name={t`Damage ${number}`}>
      <fieldset className="damage-block" disabled={saved || disabled}>
        <legend className="damage-block-title">
          <h3>{t`Damage ${number}`}</h3>
          {onRemove && (
            // In the legend, so a saved (read-only) block stays removable.
            <Button
              variant="secondary"
              className="remove-damage"
              onClick={onRemove}
              disabled={disabled}
              aria-label={t`Delete damage ${number}`}
            >
              {t`Delete`}
            </Button>
          )}
        </legend>
        {selects.map(renderSelect)}
        <DateField
          label={t`When did you notice the damage`}
          required
          value={value.noticedOn ?? ""}
          error={shows("noticedOn") && errors.noticedOn}
          onBlur={() => touch("noticedOn")}
          onChange={(date) => onChange({ ...value, noticedOn: date })}
        />
        {causes.map(renderSelect)}
        <TextAreaField
          label={t`Note`}
          required
          value={value.note ?? ""}
          error={shows("note") && errors.note}
          onBlur={() => touch("note")}
          onChange={(note) => onChange({ ...value, note })}
        />
      </fieldset>
    </FieldGroup>
  );
}
