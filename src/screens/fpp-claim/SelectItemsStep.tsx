/**
 * Step 2, 'Select damaged items under your plan': a checkbox per plan item; returned and fully
 * replaced items are disabled and badged. Unchecking a saved item removes it on the server.
 */
import { useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useClaimActor } from "./claim-actor.ts";

export function SelectItemsStep() {
  const { t } = useLingui();
  const actor = useClaimActor();
  const items = useSelector(actor, (snapshot) => snapshot.context.plan?.items ?? []);
  const selection = useSelector(actor, (snapshot) => snapshot.context.selection);
  const removing = useSelector(actor, (snapshot) => snapshot.matches("removingItem"));

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
              <span>{[item.manufacturer?.name, item.material?.name, item.color?.name, item.modelNumber].filter(Boolean).join(" · ")}</span>
            </span>
            {item.returned && <span className="badge badge-muted">{t`Returned`}</span>}
            {!item.returned && item.fullReplacement && <span className="badge badge-muted">{t`Full Replaced`}</span>}
          </label>
        );
      })}
    </fieldset>
  );
}
