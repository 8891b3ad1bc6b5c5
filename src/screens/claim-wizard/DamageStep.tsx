/**
 * 'Report your damage' (step 4 of both wizards), per claim item: a plan summary, the upload area, the uploaded
 * documents, and damage blocks with '+ Add Damage' (SPEC.md section 2). Next is always enabled;
 * the machine refuses it and this step shows every message when something is missing.
 */
import { useLingui } from "@lingui/react/macro";
import type { DamageEntry } from "../../../machines/domain.ts";
import { formatDisplayDate } from "../../lib/dates.ts";
import { claimItemDestination, documentUrl } from "../../api/documents.ts";
import { DocumentList } from "../../ui/DocumentList.tsx";
import { FieldGroup } from "../../ui/Form.tsx";
import { UploadArea } from "../../ui/UploadArea.tsx";
import { nameOf, useClaimRecords, useDraft, useDraftActor, useDraftBusy } from "./draft-actor.ts";
import { DamageBlock } from "./DamageBlock.tsx";

export function DamageStep() {
  const { t, i18n } = useLingui();
  const actor = useDraftActor();
  const { claim, plan, options, modelOptions } = useClaimRecords();
  const selection = useDraft((context) => context.selection);
  const damages = useDraft((context) => context.damages);
  const showValidation = useDraft((context) => context.showValidation);
  const claimId = useDraft((context) => context.claimId);
  const busy = useDraftBusy();

  return (
    <div className="damage-step">
      {selection.map((planItemId) => {
        const claimItem = claim?.items.find((item) => item.planItemId === planItemId);
        const planItem = plan?.items.find((item) => item.id === planItemId);
        if (!claimItem) return null;
        const blocks: Partial<DamageEntry>[] = damages[planItemId]?.length ? damages[planItemId]! : [{}];
        const setBlocks = (next: Partial<DamageEntry>[]) =>
          actor.send({ type: "damages.change", damages: { [planItemId]: next } });
        const missingPhoto = showValidation && claimItem.documents.length === 0;
        const headingId = `claim-item-${claimItem.id}`;
        const itemName = planItem?.type?.name ?? t`item`;
        return (
          <section key={planItemId} className="card claim-item" aria-labelledby={headingId}>
            <FieldGroup name={planItem?.type?.name ?? t`Item`}>
              <h2 id={headingId}>{planItem?.type?.name ?? t`Item`}</h2>
              <dl className="facts">
                <dt>{t`Purchase Date`}</dt>
                <dd>{formatDisplayDate(plan?.purchaseDate, i18n)}</dd>
                <dt>{t`Store Code`}</dt>
                <dd>{plan?.store}</dd>
                <dt>{t`Manufacturer`}</dt>
                <dd>{nameOf(options?.manufacturers, claimItem.manufacturerId)}</dd>
                <dt>{t`Material`}</dt>
                <dd>{nameOf(options?.materials, claimItem.materialId)}</dd>
                <dt>{t`Color`}</dt>
                <dd>{nameOf(options?.colors, claimItem.colorId)}</dd>
              </dl>
              <UploadArea
                destination={claimItemDestination(actor.family, claimId, claimItem.id)}
                label={t`Photos and documents of the ${itemName}`}
                error={missingPhoto ? t`We need at least one photo from you` : null}
                onLinked={(document) => actor.send({ type: "document.added", claimItemId: claimItem.id, document })}
              />
              <DocumentList
                documents={claimItem.documents}
                urlOf={(fileName) => documentUrl(actor.family, claimId, fileName)}
                disabled={busy}
                onDelete={(documentId) => actor.send({ type: "document.delete", documentId })}
              />
              {blocks.map((block, index) => (
                <DamageBlock
                  key={block.savedId ?? `new-${index}`}
                  index={index}
                  value={block}
                  options={actor.damageOptionsFor({ claim, options, modelOptions }, planItemId)}
                  showErrors={showValidation}
                  disabled={busy}
                  onChange={(next) => setBlocks(blocks.map((entry, i) => (i === index ? next : entry)))}
                  onRemove={index === 0 ? undefined : () => actor.send({ type: "damage.remove", planItemId, index })}
                />
              ))}
              <button type="button" className="link-button" disabled={busy} onClick={() => setBlocks([...blocks, {}])}>
                {t`+ Add Damage`}
              </button>
            </FieldGroup>
          </section>
        );
      })}
    </div>
  );
}
