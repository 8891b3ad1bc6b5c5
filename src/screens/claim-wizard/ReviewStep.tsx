/** 'Review claim details' (step 5 of both wizards): read-only items, documents and damages as the server holds them. */
import { useLingui } from "@lingui/react/macro";
import { formatDisplayDate } from "../../lib/dates.ts";
import { nameOf, useClaimRecords, useDraft, useDraftActor } from "./draft-actor.ts";
import { displayName } from "../../ui/DocumentList.tsx";

export function ReviewStep() {
  const { t, i18n } = useLingui();
  const actor = useDraftActor();
  const { claim, plan, options, modelOptions } = useClaimRecords();
  const error = useDraft((context) => context.error);
  if (!claim) return null;
  return (
    <div className="review">
      {error === "submitFailed" && (
        <p role="alert" className="form-error">
          {t`We could not submit your claim. Please try again.`}
        </p>
      )}
      {claim.items.map((item) => {
        const planItem = plan?.items.find((candidate) => candidate.id === item.planItemId);
        return (
          <section key={item.id} className="card" aria-label={planItem?.type?.name ?? t`Item`}>
            <h2>{planItem?.type?.name ?? t`Item`}</h2>
            <dl className="facts">
              <dt>{t`Manufacturer`}</dt>
              <dd>{nameOf(options?.manufacturers, item.manufacturerId)}</dd>
              <dt>{t`Material`}</dt>
              <dd>{nameOf(options?.materials, item.materialId)}</dd>
              <dt>{t`Color`}</dt>
              <dd>{nameOf(options?.colors, item.colorId)}</dd>
              <dt>{t`Vendor`}</dt>
              <dd>{planItem?.vendor ?? t`N/A`}</dd>
              <dt>{t`Files`}</dt>
              <dd>{item.documents.map((document) => displayName(document.fileName)).join(", ")}</dd>
            </dl>
            {item.damages.map((damage, index) => {
              const damageOptions = actor.damageOptionsFor({ claim, options, modelOptions }, item.planItemId);
              const number = index + 1;
              return (
                <div key={damage.id} className="review-damage">
                  <h3>{t`Damage ${number}`}</h3>
                  <dl className="facts">
                    <dt>{t`Damage Type`}</dt>
                    <dd>{nameOf(damageOptions.damageTypes, damage.damageTypeId)}</dd>
                    {damageOptions.specificDamages.length > 0 && (
                      <>
                        <dt>{t`Specific Damage`}</dt>
                        <dd>{nameOf(damageOptions.specificDamages, damage.specificDamageId)}</dd>
                      </>
                    )}
                    <dt>{t`Damage Area`}</dt>
                    <dd>{nameOf(damageOptions.damageAreas, damage.damageAreaId)}</dd>
                    <dt>{t`When did you notice the damage`}</dt>
                    <dd>{formatDisplayDate(damage.noticedOn, i18n)}</dd>
                    <dt>{t`How did it happen`}</dt>
                    <dd>{nameOf(damageOptions.howItHappened, damage.howItHappenedId)}</dd>
                    <dt>{t`Did you take any steps to remedy?`}</dt>
                    <dd>{nameOf(damageOptions.remedies, damage.remedyId)}</dd>
                    <dt>{t`Note`}</dt>
                    <dd>{damage.note}</dd>
                  </dl>
                </div>
              );
            })}
          </section>
        );
      })}
    </div>
  );
}
