/** ACE step 3 (SPEC.md section 2, "Claim wizard (ACE)"): the items and, below them, their details. */
import { useLingui } from "@lingui/react/macro";
import { ItemDetailsStep } from "./ItemDetailsStep.tsx";
import { SelectItemsStep } from "./SelectItemsStep.tsx";

export function AceItemsStep() {
  const { t } = useLingui();
  return (
    <>
      <SelectItemsStep />
      <h2>{t`Confirm/Update Item Details`}</h2>
      <ItemDetailsStep pointToStep2={false} />
    </>
  );
}
