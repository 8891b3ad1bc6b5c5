/**
 * One plan as a radio card (SPEC.md section 2, "Select plan"): program, 'Active until', status
 * badge, purchase facts and the items table with 3 rows and Show More / Show Less.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { Plan } from "../../../machines/domain.ts";
import { isSelectablePlan } from "../../../machines/plan-selection.machine.ts";
import { formatDisplayDate } from "../../lib/dates.ts";
import { formatUsd } from "../../lib/dollars.ts";
import { PlanStatusBadge } from "./PlanStatusBadge.tsx";

const VISIBLE_ROWS = 3;

export function PlanCard({ plan, checked, onSelect }: { plan: Plan; checked: boolean; onSelect: () => void }) {
  const { t, i18n } = useLingui();
  const [expanded, setExpanded] = useState(false);
  const selectable = isSelectablePlan(plan);
  const rows = expanded ? plan.items : plan.items.slice(0, VISIBLE_ROWS);
  const na = t`N/A`;
  const headingId = `plan-${plan.id}-title`;
  const planName = plan.programName || plan.number;

  return (
    <article
      className={`plan-card ${checked ? "selected" : ""} ${selectable ? "" : "inactive"}`}
      aria-labelledby={headingId}
    >
      <label className="plan-card-choice">
        <input type="radio" name="plan" value={plan.id} checked={checked} disabled={!selectable} onChange={onSelect} />
        <span className="plan-card-heading">
          <span id={headingId} className="plan-card-title">
            {plan.programName || plan.number}
          </span>
          {/* In the radio's name too: one customer often holds plans of the same program. */}
          <span className="plan-card-number">
            <Trans>Warranty number</Trans>: {plan.number}
          </span>
        </span>
        <PlanStatusBadge status={plan.status} />
      </label>
      {plan.expirationDate && (
        <p>
          <Trans>Active until</Trans> {formatDisplayDate(plan.expirationDate, i18n)}
        </p>
      )}
      <dl className="facts">
        <dt>{t`Customer Name`}</dt>
        <dd>{plan.customerName ?? t`Unknown Customer`}</dd>
        <dt>{t`Purchase Date`}</dt>
        <dd>{formatDisplayDate(plan.purchaseDate, i18n) || na}</dd>
        <dt>{t`Delivery Date`}</dt>
        <dd>{formatDisplayDate(plan.deliveryDate, i18n) || na}</dd>
        <dt>{t`Total Purchase Price`}</dt>
        <dd>{formatUsd(plan.totalPrice)}</dd>
        <dt>{t`Store Code`}</dt>
        <dd>{plan.store ?? na}</dd>
        <dt>{t`Invoice`}</dt>
        <dd>{plan.invoiceId ?? na}</dd>
      </dl>
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrollable region must be focusable so keyboard users can scroll the table sideways on a phone (axe: scrollable-region-focusable) */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t`Items of ${planName}`}>
        <table className="items-table">
          <caption className="visually-hidden">{t`Items covered by this plan`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Item type`}</th>
              <th scope="col">{t`Model`}</th>
              <th scope="col">{t`SKU`}</th>
              <th scope="col">{t`Vendor`}</th>
              <th scope="col">{t`Material`}</th>
              <th scope="col">{t`Price`}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((item) => (
              <tr key={item.id}>
                <td>{item.type?.name ?? na}</td>
                <td>{item.modelNumber ?? na}</td>
                <td>{item.sku ?? na}</td>
                <td>{item.vendor ?? na}</td>
                <td>{item.material?.name ?? na}</td>
                <td>{item.price === null ? na : formatUsd(item.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {plan.items.length > VISIBLE_ROWS && (
        <button type="button" className="link-button" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? t`Show Less` : t`Show More`}
        </button>
      )}
    </article>
  );
}
