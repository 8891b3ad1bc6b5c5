/**
 * 'Select damaged items under your plan' (FPP step 2; part of ACE step 3): a checkbox per plan item;
 * returned and fully replaced items are disabled and badged. Unchecking a saved item removes it on
 * the server.
 */
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useDraft, useDraftActor, useDraftBusy } from "./draft-actor.ts";

/** `canAddMissingItem`: the FPP wizard offers '+ Add Missing Item' (insert_manual_warr_item). */
export function SelectItemsStep({ canAddMissingItem = false }: { canAddMissingItem?: boolean }) {
  const { t } = useLingui();
  const actor = useDraftActor();
  const items = useDraft((context) => context.plan?.items ?? []);
  const selection = useDraft((context) => context.selection);
  const removing = useDraftBusy();
  const claimId = useDraft((context) => context.claimId);
  const planId = useDraft((context) => context.planId);

  return (
    <fieldset className="item-list" aria-busy={removing}>
      <legend className="visually-hidden">{t`Items under your plan`}</legend>
      {items.map((item) => {
        const unavailable = item.returned || item.fullReplacement;
        return (
          <label key={item.id} className={`item-option ${unavailable ? "unavailable" : ""}`}>
            <input
              type="checkbox"
              name="items"
              value={item.id}
              checked={selection.includes(item.id)}
              disabled={unavailable || removing}
              onChange={() => actor.send({ type: "item.toggle", planItemId: item.id })}
            />
            <span className="item-option-text">
              <strong>{item.type?.name ?? t`Item`}</strong>
              <span>
                {[item.manufacturer?.name, item.material?.name, item.color?.name, item.modelNumber]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            </span>
            {item.returned && <span className="badge badge-muted">{t`Returned`}</span>}
            {!item.returned && item.fullReplacement && <span className="badge badge-muted">{t`Full Replaced`}</span>}
          </label>
        );
      })}
      {canAddMissingItem && (
        <Link
          className="link-button"
          to="/find-claim/add-warrnty-item"
          search={{ step: 1, warranty_id: planId, claimId }}
        >
          {t`+ Add Missing Item`}
        </Link>
      )}
    </fieldset>
  );
}
